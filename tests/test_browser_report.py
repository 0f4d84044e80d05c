"""The report cell in a real JupyterLab (headless Chromium): the lab extension inserts the
report's cells below it in one undoable model change, the inserted code cells run (also
under Run All) and re-run without error, and the status bar shows a pending approval.

Screenshot: test-artifacts/report-cells.png (copied to docs/img/report-cells.png).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_browser import _accept_kernel_dialog, _run_all

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--no-first-run", "--disable-quic",
               "--disable-sync"]

REPORT_CELL = """from igraph_agent import Agent, RunOptions
import igraph_agent.data
from igraph_agent.jupyter.report_comm import show_report

agent = Agent(home="project")
resp = agent.ask("Which customers connect multiple communities?",
                 attach=[igraph_agent.data.path("orders.csv")],
                 options=RunOptions(output_format="report"))
report = show_report(agent.home, resp.run_id)"""
AFTER_CELL = "after_report = 'this cell stays below the report'"
STATUS_CELL = """from igraph_agent.jupyter.report_comm import publish_status
publish_status(resp.run_id, "awaiting_approval", pending_approvals=1)"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A JupyterLab server whose labextensions path holds the prebuilt igraph-agent extension."""
    root = tmp_path_factory.mktemp("lab")
    data = root / "jupyter-data" / "labextensions"
    data.mkdir(parents=True)
    (data / "igraph-agent").symlink_to(ROOT / "igraph_agent" / "labextension")
    work = root / "work"
    work.mkdir()
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(REPORT_CELL),
                                         nbformat.v4.new_code_cell(AFTER_CELL)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, work / "report.ipynb")
    settings = root / "config" / "lab" / "user-settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    port = _free_port()
    env = {**os.environ, "JUPYTER_PATH": str(root / "jupyter-data"),
           "JUPYTER_CONFIG_DIR": str(root / "config"), "IGRAPH_AGENT_WORKERS": "0"}
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
         "--IdentityProvider.token=", "--ServerApp.ip=127.0.0.1", f"--port={port}",
         "--LabApp.expose_app_in_browser=True",
         f"--ServerApp.root_dir={work}"],
        env=env, stdout=subprocess.DEVNULL, stderr=(root / "server.log").open("w"))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.5)
    yield {"url": f"http://127.0.0.1:{port}", "work": work, "log": root / "server.log"}
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()


@pytest.fixture(scope="module")
def page(lab):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                     args=LAUNCH_ARGS)
        pg = browser.new_page(viewport={"width": 1280, "height": 1400})
        pg.goto(f"{lab['url']}/lab/workspaces/report/tree/report.ipynb?reset")
        pg.wait_for_selector(f"{PANEL} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                             timeout=120_000)
        _accept_kernel_dialog(pg)
        news = pg.locator(".jp-toast-button", has_text="No")
        if news.count():
            news.first.click()  # the "Jupyter news?" toast would cover the screenshots
        yield pg
        browser.close()


def _cells(page):
    return page.locator(f"{PANEL} .jp-Notebook .jp-Cell")


def _wait_idle(page, timeout=240_000):
    page.wait_for_timeout(500)
    page.wait_for_selector(f"{PANEL} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=timeout)


def _wait_for_cells(page, ok, seconds: float) -> int:
    deadline = time.monotonic() + seconds
    while True:
        n = _cells(page).count()
        if ok(n):
            return n
        if time.monotonic() > deadline:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "report-cells-failed.png"))
            raise AssertionError(f"the notebook has {n} cells")
        page.wait_for_timeout(1000)


def _wait_ran(page, index: int, before: str, timeout_s: float = 240) -> None:
    """Wait until cell ``index`` has run to its end: its prompt shows a new execution count
    (JupyterLab sets it once the reply and the kernel's idle came, so every output and comm
    message of the cell is in). The kernel's idle indicator alone may still show the idle
    from before the cell when a loaded machine is slow to report busy."""
    prompt = _cells(page).nth(index).locator(".jp-InputPrompt")
    deadline = time.monotonic() + timeout_s
    while True:
        now = prompt.inner_text()
        if now != before and re.search(r"\[\d+\]", now):
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"cell {index} did not finish: its prompt is {now!r}")
        page.wait_for_timeout(300)


def _run_cell(page, index: int):
    """Shift+Enter in the cell; again if the kernel was not yet listening (prompt unchanged)."""
    prompt = _cells(page).nth(index).locator(".jp-InputPrompt")
    before = prompt.inner_text()
    for _ in range(5):
        _accept_kernel_dialog(page, wait_ms=0)  # it would take the click
        try:
            _cells(page).nth(index).locator(".cm-content").click(timeout=15_000)
        except PlaywrightTimeout:
            continue
        page.keyboard.press("Shift+Enter")
        for _ in range(20):
            page.wait_for_timeout(500)
            if prompt.inner_text() != before:
                return
    raise AssertionError(f"cell {index} did not start running")


@pytest.mark.browser
def test_report_cell_inserts_report_cells_below_it_in_jupyterlab(lab, page):
    before = (lab["work"] / "report.ipynb").read_text()
    mtime = (lab["work"] / "report.ipynb").stat().st_mtime
    _run_cell(page, 0)
    _wait_for_cells(page, lambda n: n > 5, 400)
    _wait_idle(page)
    cells = _cells(page)
    n = cells.count()
    # the report sits between the agent cell and the cell that followed it
    assert "Report: Which customers connect multiple communities" in cells.nth(1).inner_text()
    assert "after_report" in cells.nth(n - 1).inner_text()
    markdown = page.locator(f"{PANEL} .jp-MarkdownCell").count()
    code = page.locator(f"{PANEL} .jp-CodeCell").count()
    assert markdown >= 8 and code >= 4  # sections + findings; setup + recompute cells + 2
    text = page.locator(f"{PANEL} .jp-Notebook").inner_text()
    assert "not proof of business correctness" in text
    assert "from igraph_agent.datasets import load" in text
    ARTIFACTS.mkdir(exist_ok=True)
    cells.nth(0).scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "report-cells.png"))
    (ROOT / "docs" / "img").mkdir(parents=True, exist_ok=True)
    shutil.copy(ARTIFACTS / "report-cells.png", ROOT / "docs" / "img" / "report-cells.png")
    # a notebook model change, not a file write
    assert (lab["work"] / "report.ipynb").read_text() == before
    assert (lab["work"] / "report.ipynb").stat().st_mtime == mtime


@pytest.mark.browser
def test_inserted_code_cells_rerun_without_a_difference(page):
    cells = _cells(page)
    setup = next(i for i in range(cells.count())
                 if "from igraph_agent.datasets import load" in cells.nth(i).inner_text())
    last = cells.count() - 1
    for i in range(setup, last):
        if "jp-CodeCell" in (cells.nth(i).get_attribute("class") or ""):
            before = cells.nth(i).locator(".jp-InputPrompt").inner_text()
            cells.nth(i).locator(".cm-content").click()
            page.keyboard.press("Control+Enter")
            _wait_ran(page, i, before)
    errors = page.locator(f"{PANEL} .jp-OutputArea-output[data-mime-type="
                          "'application/vnd.jupyter.stderr']")
    assert errors.count() == 0 or "Error" not in errors.all_inner_texts()[0]
    assert page.locator(f"{PANEL} .jp-RenderedText[data-mime-type="
                        "'application/vnd.jupyter.error']").count() == 0
    recompute = [i for i in range(setup, last) if "recomputed" in cells.nth(i).inner_text()]
    assert recompute
    for i in recompute:
        assert cells.nth(i).locator(".jp-OutputArea-output").count() >= 1
    cells.nth(recompute[0] - 1).scroll_into_view_if_needed()
    cells.nth(recompute[0] - 1).evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / "report-cells-rerun.png"))
    shutil.copy(ARTIFACTS / "report-cells-rerun.png", ROOT / "docs" / "img" / "report-cells-rerun.png")


UNDO_STACK = ("() => window.jupyterapp.shell.currentWidget.content.model.sharedModel"
              ".undoManager.undoStack.length")
UNDO = "() => window.jupyterapp.commands.execute('notebook:undo-cell-action')"


@pytest.mark.browser
def test_each_insertion_is_one_undo_step(page):
    n = _cells(page).count()
    steps = page.evaluate(UNDO_STACK)
    before = _cells(page).nth(0).locator(".jp-InputPrompt").inner_text()
    _run_cell(page, 0)  # re-running replaces the report: the count stays the same
    _wait_ran(page, 0, before)
    assert _cells(page).count() == n
    assert page.evaluate(UNDO_STACK) == steps + 1  # the replacement: one undo step
    page.evaluate(UNDO)  # Edit > Undo (z): the earlier report is back, whole
    page.wait_for_timeout(1000)
    assert _cells(page).count() == n
    page.evaluate(UNDO)  # and the first insertion goes in one step too
    _wait_for_cells(page, lambda m: m == 2, 30)
    remaining = _cells(page)
    assert "show_report" in remaining.nth(0).inner_text()
    assert "after_report" in remaining.nth(1).inner_text()


@pytest.mark.browser
def test_status_bar_shows_a_pending_approval_of_this_kernel(page):
    cells = _cells(page)
    last = cells.count() - 1
    cells.nth(last).locator(".cm-content").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.wait_for_timeout(500)
    page.keyboard.press("Enter")
    page.keyboard.type(STATUS_CELL)
    page.keyboard.press("Shift+Enter")
    item = page.locator(".jp-igraph-agent-status")
    item.wait_for(state="visible", timeout=30_000)
    assert item.inner_text() == "igraph-agent: 1 approval pending"


@pytest.mark.browser
def test_the_run_panel_folds_its_copy_of_a_report_inserted_as_cells(lab, page):
    setup = ("%load_ext igraph_agent\nimport pandas as pd\nimport igraph_agent.data\n"
             "orders = pd.read_csv(igraph_agent.data.path('orders.csv'))")
    ask = "%%agent --with orders --format report\nWhich customers connect multiple communities?"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(setup),
                                         nbformat.v4.new_code_cell(ask)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, lab["work"] / "panel-report.ipynb")
    page.goto(f"{lab['url']}/lab/workspaces/panelreport/tree/panel-report.ipynb?reset")
    _wait_idle(page)
    _accept_kernel_dialog(page)
    _run_cell(page, 0)
    _wait_idle(page)
    _run_cell(page, 1)
    panel = page.locator(f"{PANEL} .iga-static[data-status='answered']")  # the run ended
    panel.wait_for(timeout=240_000)
    _wait_for_cells(page, lambda n: n > 5, 240)  # the report's cells were inserted
    copy = panel.locator(".iga-report-copy")
    copy.wait_for(state="attached", timeout=30_000)
    assert copy.evaluate("e => e.open") is False  # shown once: as cells, not also as output


@pytest.mark.browser
def test_run_all_executes_the_report_cells_a_run_inserts(lab, page):
    setup = ("%load_ext igraph_agent\nimport pandas as pd\nimport igraph_agent.data\n"
             "shop = pd.read_csv(igraph_agent.data.path('orders.csv'))")
    ask = "%%agent --with shop --format report\nWhich customers connect multiple communities?"
    tail = "closing_words = 'the last cell of the notebook'\nclosing_words"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src)
                                         for src in (setup, ask, tail)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, lab["work"] / "run-all-report.ipynb")
    page.goto(f"{lab['url']}/lab/workspaces/runallreport/tree/run-all-report.ipynb?reset")
    _wait_idle(page)
    _accept_kernel_dialog(page)
    _run_all(page)  # again if no cell started (the kernel was not connected yet)
    _wait_for_cells(page, lambda n: n > 5, 300)  # the report's cells were inserted
    _wait_idle(page, timeout=300_000)
    cells = _cells(page)
    code = [i for i in range(cells.count())
            if "jp-CodeCell" in (cells.nth(i).get_attribute("class") or "")]
    inserted = [i for i in code if i not in (0, 1, cells.count() - 1)]
    assert len(inserted) >= 2, inserted  # the setup cell and at least one recompute cell

    def ran(i: int) -> bool:
        return bool(re.search(r"\[\d+\]", cells.nth(i).locator(".jp-InputPrompt").inner_text()))

    deadline = time.monotonic() + 120
    while not all(ran(i) for i in inserted) and time.monotonic() < deadline:
        page.wait_for_timeout(1000)
    assert all(ran(i) for i in inserted), [cells.nth(i).locator(".jp-InputPrompt").inner_text()
                                          for i in inserted]
    assert ran(cells.count() - 1)  # the notebook's own last cell ran too
    errors = page.locator(f"{PANEL} .jp-RenderedText[data-mime-type="
                          "'application/vnd.jupyter.error']")
    assert errors.count() == 0, errors.all_inner_texts()[:1]
    recompute = [i for i in inserted if "recomputed" in cells.nth(i).inner_text()]
    assert recompute and all(cells.nth(i).locator(".jp-OutputArea-output").count() >= 1
                             for i in recompute)
