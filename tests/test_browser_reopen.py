"""A saved notebook keeps its answers: reopened in a fresh JupyterLab with no kernel, in an
nbconvert HTML export, with no widget state (real JupyterLab, headless Chromium).

Uses the lab server and page fixtures of ``test_browser.py``; the second server serves a
copy of the saved notebook and may start no kernel at all. The reopened notebook's picture
goes to ``docs/img/reopened.png``.
"""

from __future__ import annotations

import json
import re
import shutil
import urllib.request

import nbformat
import pytest
from jupyter_fixtures import KARATE, REPO
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_browser import (  # noqa: F401 — fixtures
    ARTIFACTS,
    NB,
    _notebook,
    _open,
    _run_all,
    lab,
    page,
    serve,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDGET = "application/vnd.jupyter.widget-view+json"
CELLS = ["%load_ext igraph_agent",
         f"import pandas as pd\nclub = pd.read_csv({str(KARATE)!r})",
         "%%agent --with club\nWhich nodes are most central?",
         "%%agent\nVisualise the graph"]


def _agent_outputs(nb) -> list[list[dict]]:
    return [cell.outputs for cell in nb.cells if cell.source.startswith("%%agent")]


def test_a_saved_notebook_shows_every_answer_and_drawing_when_reopened_without_a_kernel(
        page, lab, tmp_path):  # noqa: F811
    (lab.root / "reopen.ipynb").write_text(json.dumps(_notebook(CELLS)))
    _open(page, lab, "reopen.ipynb", "reopen")
    _run_all(page)
    page.locator(f"{NB} .iga-static[data-status='answered']").nth(1).wait_for(timeout=240_000)
    page.wait_for_selector(f"{NB} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=120_000)
    page.locator(f"{NB} .jp-Notebook").click(position={"x": 5, "y": 5})
    page.keyboard.press("Control+s")
    page.locator(".jp-mod-dirty").wait_for(state="detached", timeout=30_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Kernel").first.click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Shut Down Kernel$")).first.click()
    dialog = page.locator(".jp-Dialog")
    try:
        dialog.locator(".jp-Dialog-button.jp-mod-accept").click(timeout=5_000)
    except PlaywrightTimeout:
        pass  # no confirmation asked
    page.wait_for_function(
        f"fetch('{lab.url}/api/kernels').then(r => r.json()).then(k => k.length === 0)",
        timeout=60_000)

    saved = nbformat.read(lab.root / "reopen.ipynb", as_version=4)
    outputs = _agent_outputs(saved)
    assert len(outputs) == 2
    for cell_outputs in outputs:  # no widget state needed: no widget output is kept
        assert not [o for o in cell_outputs if WIDGET in o.get("data", {})]
    from nbconvert import HTMLExporter

    exported, _ = HTMLExporter().from_notebook_node(saved)
    assert "most central" in exported and exported.count('data-status="answered"') == 2
    assert "<svg" in exported and "model not found" not in exported

    colleague = tmp_path / "colleague"
    colleague.mkdir()
    shutil.copy(lab.root / "reopen.ipynb", colleague)
    with serve(colleague, "--KernelSpecManager.allowed_kernelspecs=['no-such-kernel']") as url:
        page.goto(f"{url}/lab/workspaces/colleague/tree/reopen.ipynb?reset")
        panels = page.locator(f"{NB} .iga-panel[data-status='answered']")
        panels.nth(1).wait_for(timeout=120_000)
        assert json.load(urllib.request.urlopen(f"{url}/api/kernels")) == []
        assert panels.count() == 2
        assert "most central" in panels.first.locator(".iga-answer").inner_text()
        assert panels.first.locator(".iga-steps > summary").inner_text().endswith(" s")
        assert "node_centrality" in panels.first.locator(".iga-steps").text_content()
        assert panels.nth(1).locator(".iga-drawing svg circle").count() == 34
        assert "model: offline/planner" in panels.first.locator(".iga-foot").inner_text()
        assert page.locator(f"{NB}", has_text="Error displaying widget").count() == 0
        no_kernel = page.locator(".jp-Dialog .jp-Dialog-button", has_text="No Kernel")
        if no_kernel.count():
            no_kernel.click()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "reopened-without-kernel.png"), full_page=True)
        panels.first.scroll_into_view_if_needed()
        page.locator(f"{NB} .jp-Notebook").screenshot(path=str(REPO / "docs" / "img" /
                                                               "reopened.png"))
