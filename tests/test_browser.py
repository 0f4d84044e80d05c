"""The run panel in a real JupyterLab, driven by headless Chromium (Playwright).

JupyterLab serves a temporary folder on localhost with a copy of the quickstart and a
notebook whose ScriptedModel steps sleep (a long run to stop). Screenshots go to
``test-artifacts/`` and the panel's picture to ``docs/img/widget.png`` (used by the README).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from jupyter_fixtures import REPO, kernel_env
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = REPO / "test-artifacts"
NB = ".jp-NotebookPanel:not(.lm-mod-hidden)"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--no-first-run", "--disable-quic", "--disable-sync"]
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}

SLOW_CELL = """import time
from igraph_agent.model.scripted import ScriptedModel, call

def slow_step(messages, tools):
    time.sleep(1.0)
    return [call("get_graph_info")]

ScriptedModel([slow_step] * 60 + ["finished"], name="{name}")"""


def _notebook(cells: list[str]) -> dict:
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": KERNELSPEC},
            "cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "source": src,
                       "outputs": [], "execution_count": None} for i, src in enumerate(cells)]}


@dataclass
class Lab:
    url: str
    root: Path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    if not CHROMIUM.exists():  # `make browser-deps` / .ci/run install it from Debian
        subprocess.run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y "
                       "-qq chromium", shell=True, check=True)
    root = tmp_path_factory.mktemp("lab")
    shutil.copy(REPO / "notebooks" / "01-quickstart.ipynb", root)
    for name, wait_flag in (("stop-nowait", " --no-wait"), ("stop-waiting", "")):
        cells = ["%load_ext igraph_agent", SLOW_CELL.format(name=name),
                 f"%%agent{wait_flag} --model scripted/{name}\nWork for a long time"]
        (root / f"{name}.ipynb").write_text(json.dumps(_notebook(cells)))
    with serve(root) as url:
        yield Lab(url, root)


@contextlib.contextmanager
def serve(root: Path, *extra: str):
    """A JupyterLab server on ``root`` (its own settings, no news); yields its URL."""
    config = root / ".jupyter"
    # Render every cell (no windowing), so panels scrolled out of view stay measurable.
    # and no "notified about Jupyter news?" toast over the screenshots.
    for plugin, settings in (("notebook-extension/tracker", {"windowingMode": "none"}),
                             ("apputils-extension/notification", {"fetchNews": "false"})):
        path = config / "settings" / "@jupyterlab" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings))
    # The lab extension as built in this checkout (igraph_agent/labextension/), not the copy
    # an install left in the venv's share/jupyter: JUPYTER_PATH's folders come first.
    data = root / ".jupyter-data"
    (data / "labextensions").mkdir(parents=True, exist_ok=True)
    link = data / "labextensions" / "igraph-agent"
    if not link.exists():
        link.symlink_to(REPO / "igraph_agent" / "labextension", target_is_directory=True)
    env = {**kernel_env(root / "project"), "JUPYTER_CONFIG_DIR": str(config),
           "JUPYTERLAB_SETTINGS_DIR": str(config / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(config / "workspaces"),
           "JUPYTER_PATH": os.pathsep.join(x for x in (str(data), os.environ.get("JUPYTER_PATH"))
                                           if x)}
    port = _free_port()
    log_path = root / f"lab-{port}.log"
    log = log_path.open("w")
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "jupyter"), "lab", "--no-browser", "--allow-root",
         "--IdentityProvider.token=", "--ServerApp.ip=127.0.0.1", f"--port={port}",
         f"--ServerApp.root_dir={root}", "--LabApp.news_url=",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", *extra],
        cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    try:
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/status", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(log_path.read_text()[-3000:]) from None
                time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture
def page(lab, request):
    """A Chromium page; its final state is saved as test-artifacts/<test>.png."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                    args=LAUNCH_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 1600})
        page = context.new_page()
        yield page
        ARTIFACTS.mkdir(exist_ok=True)
        name = re.sub(r"[^\w.-]", "_", request.node.name)
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
        browser.close()


def _open(page, lab: Lab, notebook: str, workspace: str) -> None:
    page.goto(f"{lab.url}/lab/workspaces/{workspace}/tree/{notebook}?reset")
    page.wait_for_selector(f"{NB} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=120_000)
    _accept_kernel_dialog(page)


def _accept_kernel_dialog(page, wait_ms: int = 3_000) -> None:
    """A busy machine sometimes makes JupyterLab ask which kernel to start: take its default
    (``wait_ms``: how long to give it to appear; 0 only takes one already shown)."""
    dialog = page.locator(".jp-Dialog", has_text="Select Kernel")
    if not wait_ms:
        if not dialog.count():
            return
    else:
        try:
            dialog.wait_for(timeout=wait_ms)
        except PlaywrightTimeout:
            return
    dialog.locator(".jp-Dialog-button.jp-mod-accept").click()
    dialog.wait_for(state="detached", timeout=30_000)


def _run_all(page) -> None:
    """Run > Run All Cells; again if no cell started (the kernel was not connected yet)."""
    started = page.locator(f"{NB} .jp-InputArea-prompt", has_text=re.compile(r"\[(\*|\d+)\]"))
    for _ in range(3):
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
        try:
            started.first.wait_for(timeout=15_000)
            return
        except PlaywrightTimeout:
            page.keyboard.press("Escape")
    raise AssertionError("Run All did not start any cell")


def test_quickstart_panel_shows_tool_cards_and_answer(page, lab):
    _open(page, lab, "01-quickstart.ipynb", "quickstart")
    _run_all(page)
    # a finished run's cell holds its static rendition (the live widget it replaced may show
    # "answered" for a moment first: wait for what stays)
    panel = page.locator(f"{NB} .iga-static[data-status='answered']").first
    panel.wait_for(timeout=180_000)
    tools = panel.locator(".iga-card .iga-tool").all_text_contents()
    assert tools[0] == "get_graph_info" and "community_detection" in tools, tools
    assert panel.locator(".iga-card-ok").count() == len(tools)
    answer = panel.locator(".iga-answer").inner_text()
    assert "communities" in answer and "modularity" in answer
    assert "model: offline/planner" in panel.locator(".iga-foot").inner_text()
    # every cell ran: the drawing and the report panel are there too
    page.locator(f"{NB} .iga-static[data-status='answered']").nth(2).wait_for(timeout=180_000)
    page.wait_for_selector(f"{NB} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=120_000)
    drawing = page.locator(f"{NB} .iga-drawing svg").first
    drawing.wait_for(timeout=60_000)
    assert drawing.locator("circle").count() > 10  # drawn at once: fixed positions, no physics
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "quickstart.png"), full_page=True)
    panel.scroll_into_view_if_needed()
    (REPO / "docs" / "img").mkdir(parents=True, exist_ok=True)
    panel.screenshot(path=str(REPO / "docs" / "img" / "widget.png"))
    panel.screenshot(path=str(ARTIFACTS / "widget.png"))
    # saved and refreshed: the panels are rebuilt from the kernel's widget state
    page.locator(f"{NB} .jp-Notebook").click(position={"x": 5, "y": 5})
    page.keyboard.press("Control+s")
    page.locator(".jp-mod-dirty").wait_for(state="detached", timeout=30_000)
    page.reload()
    rebuilt = page.locator(f"{NB} .iga-static[data-status='answered']").first
    rebuilt.wait_for(timeout=120_000)
    assert rebuilt.locator(".iga-card .iga-tool").all_text_contents() == tools
    assert "modularity" in rebuilt.locator(".iga-answer").inner_text()


@pytest.mark.parametrize("notebook", ["stop-nowait", "stop-waiting"])
def test_stop_button_cancels_a_long_run(page, lab, notebook):
    _open(page, lab, f"{notebook}.ipynb", notebook)
    _run_all(page)
    panel = page.locator(f"{NB} .iga-panel").first
    panel.locator(".iga-card").first.wait_for(timeout=120_000)
    assert panel.get_attribute("data-status") == "running"
    panel.locator(".iga-stop").click()
    page.locator(f"{NB} .iga-panel[data-status='cancelled']").wait_for(timeout=30_000)
    cards = panel.locator(".iga-card").count()
    assert 0 < cards < 60
    assert panel.locator(".iga-stop").count() == 0
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{notebook}.png"), full_page=True)


# The vertical centre of the text of the igraph-agent status-bar item and of the other
# status-bar items that show text (the glyphs' box, not the item's: every item is as tall
# as the bar, the text inside is what sits high or low), nearest first.
TEXT_CENTRES = """() => {
  const centre = (node) => {
    const walk = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    let t = walk.nextNode();
    while (t && !t.textContent.trim()) t = walk.nextNode();
    if (!t) return null;
    const range = document.createRange();
    range.selectNodeContents(t);
    const box = range.getBoundingClientRect();
    return { y: box.top + box.height / 2, x: box.left };
  };
  const ours = document.querySelector('.jp-igraph-agent-status');
  const me = centre(ours);
  const others = [...document.querySelectorAll('.jp-StatusBar-Item')]
    .filter((e) => e !== ours && e.offsetParent !== null)
    .map(centre).filter((c) => c !== null)
    .sort((a, b) => Math.abs(a.x - me.x) - Math.abs(b.x - me.x));
  return [me.y, others.map((c) => c.y)];
}"""


def test_the_status_bar_follows_a_no_wait_run_as_it_goes(page, lab):
    cells = ["%load_ext igraph_agent", SLOW_CELL.format(name="status-nowait"),
             "%%agent --no-wait --model scripted/status-nowait\nWork for a long time"]
    (lab.root / "status-nowait.ipynb").write_text(json.dumps(_notebook(cells)))
    _open(page, lab, "status-nowait.ipynb", "statusnowait")
    _run_all(page)
    item = page.locator(".jp-igraph-agent-status")
    page.wait_for_selector(f"{NB} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=120_000)
    panel = page.locator(f"{NB} .iga-panel").first
    panel.locator(".iga-card").first.wait_for(timeout=120_000)
    # every cell has returned: only the run's background writer tells the status bar
    item.wait_for(state="visible", timeout=30_000)
    assert item.inner_text() == "igraph-agent: running"
    ours, neighbours = page.evaluate(TEXT_CENTRES)
    assert neighbours, "no other status-bar item with text to line up with"
    assert abs(ours - neighbours[0]) <= 2, (ours, neighbours)  # on the same line
    panel.locator(".iga-stop").click()
    page.locator(f"{NB} .iga-panel[data-status='cancelled']").wait_for(timeout=60_000)
    item.wait_for(state="hidden", timeout=30_000)


PARTS_CELL = """import time
from igraph_agent.model.scripted import ScriptedModel, call

def slow_info(messages, tools):
    time.sleep(3.0)
    return [call("get_graph_info")]

ScriptedModel([slow_info] * 4 + [[call("clear_graph")], "finished"], name="parts")"""

# The steps line's time, how many cards there are, and whether the first card is still the
# node that was marked (a redrawn card would be a new node).
STEPS_NOW = """p => [p.querySelector('.iga-steps-time')?.textContent ?? '',
              p.querySelectorAll('.iga-card').length,
              !!p.querySelector('.iga-card[data-marked]')]"""


def test_the_live_panel_draws_steps_approvals_and_answer_from_its_parts(page, lab):
    from jupyter_fixtures import KARATE

    cells = ["%load_ext igraph_agent",
             f"import pandas as pd\nclub = pd.read_csv({str(KARATE)!r})", PARTS_CELL,
             "%%agent --with club --model scripted/parts\nLook at the club, then clear it"]
    (lab.root / "parts.ipynb").write_text(json.dumps(_notebook(cells)))
    _open(page, lab, "parts.ipynb", "parts")
    _run_all(page)
    panel = page.locator(f"{NB} .iga-panel").first
    panel.locator(".iga-card").first.wait_for(timeout=120_000)
    # while the model thinks, the run's time ticks in the browser; the cards stay as drawn
    # (the clock ticks once a second: a busy page may run a tick late, so watch for 2 s; the
    # run stays live for 12 s, 3 s between cards)
    for _ in range(20):
        panel.locator(".iga-card").first.evaluate("c => { c.dataset.marked = '1'; }")
        before = panel.evaluate(STEPS_NOW)
        page.wait_for_timeout(2000)
        after = panel.evaluate(STEPS_NOW)
        if after[1] == before[1] and panel.get_attribute("data-status") == "running":
            assert after[0] != before[0], (before, after)
            assert after[2], "the cards were redrawn by the clock"
            break
    else:
        raise AssertionError("no second without a new card while the run was live")
    paused = page.locator(f"{NB} .iga-panel[data-status='awaiting_approval']")
    paused.wait_for(timeout=120_000)
    # the badge comes from the run's events; then the cell ends and puts the paused panel in
    # its output again (a widget re-rendered: for a moment the output holds no panel)
    page.wait_for_selector(f"{NB} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=120_000)
    assert "unload the graph" in paused.locator(".iga-what").inner_text()
    tools = paused.locator(".iga-card .iga-tool").all_text_contents()
    assert tools.count("get_graph_info") >= 2 and tools[-1] == "clear_graph", tools
    assert paused.locator(".iga-card").last.locator(".iga-card-status").text_content() == \
        "awaiting approval"
    assert paused.locator(".iga-answer").count() == 0  # only the approval box speaks now
    paused.locator(".iga-approve").click()
    done = page.locator(f"{NB} .iga-static[data-status='answered']")  # the run ended
    done.wait_for(timeout=120_000)
    assert "finished" in done.locator(".iga-answer").inner_text()
    # the stored run as a live panel again: every part drawn from the traits it opens with
    page.wait_for_selector(f"{NB} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=120_000)
    page.locator(f"{NB} .jp-Cell").last.locator(".jp-InputArea-prompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.type("%agent show")
    page.keyboard.press("Shift+Enter")
    shown = page.locator(f"{NB} .iga-panel:not(.iga-static)[data-status='answered']")
    shown.wait_for(timeout=60_000)
    assert shown.locator(".iga-status").inner_text().lower() == "answered"
    assert shown.locator(".iga-card .iga-tool").all_text_contents()[:len(tools)] == tools
    cleared = shown.locator(".iga-card[data-tool='clear_graph'] .iga-card-status").last
    assert cleared.text_content() == "ok"  # approved, then run
    assert "finished" in shown.locator(".iga-answer").inner_text()
    assert "model: scripted/parts" in shown.locator(".iga-foot").inner_text()
    assert shown.locator(".iga-pending").count() == 0
