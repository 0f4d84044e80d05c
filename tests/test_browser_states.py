"""Run states, the approval box, folding and themes in a real JupyterLab (headless Chromium).

Uses the lab server and page fixtures of ``test_browser.py``. Screenshots of the paused panel
in the light, dark and high-contrast themes go to ``docs/img/panel-light.png``,
``docs/img/panel-dark.png`` and ``docs/img/panel-high-contrast.png``.
"""

from __future__ import annotations

import json
import re

import networkx as nx
import pytest
from jupyter_fixtures import KARATE, REPO
from test_browser import (  # noqa: F401 — fixtures
    NB,
    _accept_kernel_dialog,
    _notebook,
    _open,
    _run_all,
    lab,
    page,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

IMG = REPO / "docs" / "img"


def _set_theme(page, name: str) -> None:  # noqa: F811
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").first.click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Theme$")).first.hover()
    page.locator(".lm-Menu-item[data-command='apputils:change-theme']",
                 has_text=name).first.click()
    page.wait_for_function(f"document.body.dataset.jpThemeName === {name!r}", timeout=30_000)


# The element's text colour and the first non-transparent background behind it.
COLOURS = """e => {
  const clear = c => c === 'transparent' || /^rgba\\(.*, 0\\)$/.test(c);
  let n = e, bg = 'transparent';
  while (n && clear(bg)) { bg = getComputedStyle(n).backgroundColor; n = n.parentElement; }
  return [getComputedStyle(e).color, bg];
}"""


def _readable(locator) -> bool:
    colour, background = locator.evaluate(COLOURS)
    return colour != background


def _wait_settled(page) -> None:  # noqa: F811
    """Wait for the cell to end. A waiting cell's panel shows "awaiting approval" as the run
    pauses; then the cell ends and puts the paused panel in its output again: the widget is
    re-rendered (for a moment no panel), and a box opened or edited before is drawn anew."""
    page.wait_for_selector(f"{NB} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=120_000)


def test_rejected_approval_ends_with_the_response_badge_and_folded_steps(page, lab):  # noqa: F811
    cells = ["%load_ext igraph_agent",
             f"import pandas as pd\nkarate = pd.read_csv({str(KARATE)!r})",
             "%%agent --with karate\nHow big is the graph?",
             "%%agent\nClear the graph"]
    (lab.root / "states.ipynb").write_text(json.dumps(_notebook(cells)))
    _open(page, lab, "states.ipynb", "states")
    _run_all(page)
    paused = page.locator(f"{NB} .iga-panel[data-status='awaiting_approval']")
    paused.wait_for(timeout=180_000)
    _wait_settled(page)
    assert paused.locator(".iga-status").inner_text().lower() == "awaiting approval"
    assert "will unload the graph from this session" in paused.locator(".iga-what").inner_text()
    assert paused.locator(".iga-json").count() == 1  # there, but the JSON waits under Modify
    assert not paused.locator(".iga-json").is_visible()
    assert "%agent approve" in paused.locator(".iga-hint").inner_text()
    status_bar = page.locator(".jp-igraph-agent-status")
    status_bar.wait_for(timeout=30_000)
    assert "approval" in status_bar.inner_text()
    IMG.mkdir(parents=True, exist_ok=True)
    paused.scroll_into_view_if_needed()
    paused.screenshot(path=str(IMG / "panel-light.png"))
    title = paused.locator(".iga-section")
    modify = paused.locator(".iga-modify-box > summary").first
    for theme, shot in (("JupyterLab Dark", "panel-dark.png"),
                        ("JupyterLab Dark High Contrast", "panel-high-contrast.png")):
        _set_theme(page, theme)
        paused.screenshot(path=str(IMG / shot))
        assert _readable(title), theme
        assert _readable(modify), theme
    _set_theme(page, "JupyterLab Light")

    paused.locator(".iga-reject").click()
    done = page.locator(f"{NB} .iga-static").nth(1)  # the ended run's static rendition
    done.wait_for(timeout=60_000)
    state = done.get_attribute("data-status")
    assert state == "blocked"  # the response's status (the rejected step did not run)
    assert done.locator(".iga-status").inner_text().lower() == "blocked"
    clear = done.locator(".iga-card[data-tool='clear_graph']").last
    assert clear.locator(".iga-card-status").text_content() == "rejected"
    steps = done.locator(".iga-steps")
    assert steps.evaluate("e => e.open") is False
    assert re.match(r"\d+ steps? · ", steps.locator("> summary").inner_text())
    steps.locator("> summary").click()
    clear.locator("> summary").click()
    assert clear.locator(".iga-summary").inner_text() == "not run: you rejected it"
    info = done.locator(".iga-card[data-tool='get_graph_info']").first
    info.locator("> summary").click()
    assert info.locator(".iga-summary").is_visible()
    status_bar.wait_for(state="hidden", timeout=30_000)
    first = page.locator(f"{NB} .iga-panel").first
    assert first.get_attribute("data-status") == "answered"
    assert first.locator(".iga-evidence").count() <= 1


def test_modify_then_approve_commits_the_modified_plan(page, lab):  # noqa: F811
    cells = ["%load_ext igraph_agent",
             "import pandas as pd\n"
             "ferries = pd.DataFrame({'pier_from': ['kelp', 'tern', 'gull', 'gull'],\n"
             "                        'pier_to': ['tern', 'gull', 'gull', 'kelp'],\n"
             "                        'weight': [5.0, 1.0, 3.0, 4.0]})",
             "%%agent --with ferries\nOptimize the graph"]
    (lab.root / "modify.ipynb").write_text(json.dumps(_notebook(cells)))
    _open(page, lab, "modify.ipynb", "modify")
    _run_all(page)
    panel = page.locator(f"{NB} .iga-panel").last
    panel.locator(".iga-approval").wait_for(timeout=180_000)
    _wait_settled(page)  # before opening and editing the Modify box
    assert "1 self-loop" in panel.locator(".iga-what").inner_text()
    first_plan = json.loads(panel.locator(".iga-json").input_value())["plan_id"]
    panel.locator(".iga-modify-box > summary").click()
    editor = panel.locator(".iga-json")
    args = json.loads(editor.input_value())
    args["options"].update(drop_self_loops=False, min_edge_weight=2)  # as a person edits it
    editor.fill(json.dumps(args, indent=2))
    panel.locator(".iga-modify").click()
    # asked again, with the plan the modified options give (not INVALID_ARGUMENTS)
    what = panel.locator(".iga-what", has_text="weight < 2")
    what.wait_for(timeout=120_000)
    plan, _, merged = what.inner_text().partition(". Already done when the graph was built")
    assert "self-loop" not in plan  # the new plan keeps it
    assert "1 self-loop stored as given" in merged  # told apart from the plan
    assert panel.get_attribute("data-status") == "awaiting_approval"
    # the box's arguments come with the new pause's card, a moment after its question
    page.wait_for_function(
        "([sel, first]) => { const p = [...document.querySelectorAll(sel)].pop();"
        " const box = p && p.querySelector('.iga-json');"
        " try { return !!box && JSON.parse(box.value).plan_id !== first; }"
        " catch (e) { return false; } }", arg=[f"{NB} .iga-panel", first_plan], timeout=60_000)
    assert json.loads(panel.locator(".iga-json").input_value())["plan_id"] != first_plan
    # the click's line went with the new question: the response of the pause clears it, a
    # moment after the new approval box is drawn from the run's events
    page.wait_for_function(
        f"() => {{ const p = [...document.querySelectorAll({f'{NB} .iga-panel'!r})].pop();"
        " return !!p && !p.textContent.includes('sent for'); }", timeout=60_000)
    panel.locator(".iga-approve").click()
    done = page.locator(f"{NB} .iga-static").last  # the ended run's static rendition
    done.wait_for(timeout=120_000)
    assert done.get_attribute("data-status") == "answered"
    answer = done.locator(".iga-answer").inner_text()
    assert "with the options modified at approval" in answer, answer
    assert "revision 2 is loaded: 3 nodes, 3 edges" in answer, answer  # self-loop kept
    assert "sent for" not in done.inner_text()


PAUSING = ["%load_ext igraph_agent",
           f"import pandas as pd\nkarate = pd.read_csv({str(KARATE)!r})",
           "%%agent --with karate\nHow big is the graph?",
           "%%agent\nClear the graph"]


def _paused_run(page, lab, name: str):  # noqa: F811
    """Open a notebook whose last cell pauses for approval, run it all; the paused panel."""
    (lab.root / f"{name}.ipynb").write_text(json.dumps(_notebook(PAUSING)))
    _open(page, lab, f"{name}.ipynb", name)
    _run_all(page)
    paused = page.locator(f"{NB} .iga-panel[data-status='awaiting_approval']")
    paused.wait_for(timeout=180_000)
    _wait_settled(page)
    return paused


def test_after_a_page_reload_the_status_bar_shows_the_pending_approval_until_decided(page, lab):  # noqa: F811
    paused = _paused_run(page, lab, "reload")
    approve = paused.locator(".iga-hint code").first.inner_text()
    assert approve.startswith("%agent approve ")
    page.wait_for_selector(f"{NB} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=120_000)
    page.reload()  # a fresh frontend: it has seen no status message of this kernel
    page.wait_for_selector(f"{NB} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=120_000)
    _accept_kernel_dialog(page)
    status_bar = page.locator(".jp-igraph-agent-status")
    status_bar.wait_for(timeout=30_000)  # no cell has run since the reload
    assert status_bar.inner_text() == "igraph-agent: 1 approval pending"
    page.locator(f"{NB} .jp-Cell").last.locator(".jp-InputArea-prompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.type(approve)
    page.keyboard.press("Shift+Enter")
    status_bar.wait_for(state="hidden", timeout=60_000)


def test_restarting_the_kernel_clears_the_status_bar(page, lab):  # noqa: F811
    _paused_run(page, lab, "restart")
    status_bar = page.locator(".jp-igraph-agent-status")
    status_bar.wait_for(timeout=60_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Kernel").first.click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Restart Kernel…$")).first.click()
    dialog = page.locator(".jp-Dialog", has_text="Restart")
    dialog.locator(".jp-Dialog-button.jp-mod-accept").click()
    status_bar.wait_for(state="hidden", timeout=60_000)


SLOW_BIG = """import time
from igraph_agent.model.scripted import ScriptedModel, call

def slow_rank(messages, tools):
    time.sleep(1.0)
    return [call("node_centrality", measure="pagerank", top_k=5)]

ScriptedModel([slow_rank] * 40 + ["finished"], name="slow-big")"""


def test_kernel_interrupt_cancels_a_large_graph_run_cleanly_and_the_next_one_works(page, lab):  # noqa: F811
    cells = ["import os\nos.environ['IGRAPH_AGENT_WORKER_MIN_EDGES'] = '1000'\n"
             "%load_ext igraph_agent",
             "import networkx as nx\nG = nx.relabel_nodes(nx.barabasi_albert_graph(8000, 3, "
             "seed=1), str)",
             SLOW_BIG,
             "%%agent --with G\nHow big is the graph?",
             "%%agent --model scripted/slow-big\nRank the nodes for a long time"]
    (lab.root / "interrupt.ipynb").write_text(json.dumps(_notebook(cells)))
    _open(page, lab, "interrupt.ipynb", "interrupt")
    _run_all(page)
    panel = page.locator(f"{NB} .iga-panel").nth(1)
    panel.locator(".iga-card").nth(1).wait_for(state="attached", timeout=180_000)
    assert panel.get_attribute("data-status") == "running"
    page.locator(f"{NB} .jp-Notebook").click(position={"x": 5, "y": 5})
    page.keyboard.press("Escape")
    page.keyboard.press("i")
    page.keyboard.press("i")  # the notebook's interrupt (■) shortcut
    page.locator(f"{NB} .iga-panel[data-status='cancelled']").wait_for(timeout=60_000)
    page.wait_for_selector(f"{NB} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=120_000)
    cell = page.locator(f"{NB} .jp-Cell").nth(4)
    outputs = cell.locator(".jp-OutputArea").inner_text()
    assert "Traceback" not in outputs and "KeyboardInterrupt" not in outputs, outputs
    ids = panel.locator(".iga-card").evaluate_all("cs => cs.map(c => c.textContent)")
    assert 0 < len(ids) < 40
    assert panel.locator(".iga-card-failed").count() == 0, panel.locator(".iga-card-failed").first.text_content()
    # the next analysis on the same graph works (the worker pool survived the interrupt)
    cell.locator(".cm-content").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.type("%%agent\nWhich nodes are most central?")
    page.keyboard.press("Shift+Enter")
    # the ended run's static rendition (a handle on the live widget would be detached by it)
    after = page.locator(f"{NB} .iga-static").nth(2)
    after.wait_for(timeout=120_000)
    assert after.get_attribute("data-status") == "answered", after.inner_text()


def test_a_neighbourhood_drawing_reads_in_the_dark_theme(page, lab):  # noqa: F811
    cells = ["%load_ext igraph_agent",
             "import networkx as nx\nnovel = nx.les_miserables_graph()",
             "%%agent --with novel\nDraw the neighbourhood of Valjean"]
    (lab.root / "drawing.ipynb").write_text(json.dumps(_notebook(cells)))
    _open(page, lab, "drawing.ipynb", "drawing")
    _run_all(page)
    panel = page.locator(f"{NB} .iga-static[data-status='answered']").first  # run ended
    panel.wait_for(timeout=180_000)
    drawing = panel.locator(".iga-drawing").first
    expected = {"Valjean", *nx.les_miserables_graph()["Valjean"]}
    titles = drawing.locator("circle > title").all_text_contents()
    assert {t.split(" · ")[0] for t in titles} == expected  # exactly the ego network
    _set_theme(page, "JupyterLab Dark")
    drawing.scroll_into_view_if_needed()
    drawing.screenshot(path=str(IMG / "drawing-dark.png"))
    label = drawing.locator("text", has_text=re.compile(r"^Valjean$")).first
    fill = label.evaluate("e => getComputedStyle(e).fill")
    background = page.locator(f"{NB} .jp-Notebook").evaluate(
        "e => getComputedStyle(e).backgroundColor")
    assert fill != "rgb(51, 51, 51)" and fill != background  # the theme's text colour
    size = float(label.evaluate("e => e.getBoundingClientRect().height"))
    assert size >= 12  # readable on screen
    box = drawing.locator("svg").first.bounding_box()
    for text in drawing.locator("text").all():
        r = text.bounding_box()  # never cut off by the picture's edges
        assert r["x"] >= box["x"] - 1 and r["x"] + r["width"] <= box["x"] + box["width"] + 1
        assert r["y"] >= box["y"] - 1
    _set_theme(page, "JupyterLab Light")
