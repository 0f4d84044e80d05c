"""Feedback from the first moment, in a real JupyterLab (headless Chromium): a cell that
attaches a table of a million edges shows its run panel with a reading line while the
table is read, and ■ (kernel interrupt) during reading ends the run ``cancelled`` with no
traceback and nothing stored.

Uses the lab server and page fixtures of ``test_browser.py``. The delay from the cell's
start to the reading line is written to ``test-artifacts/reading-delay.txt`` (a measurement,
never a timed assertion).
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from test_browser import (  # noqa: F401 — fixtures
    ARTIFACTS,
    NB,
    _notebook,
    _open,
    _run_all,
    lab,
    page,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

EDGES = 1_000_000

# Times (page clock) at which the question's cell started (the cell before it got its
# number), its panel appeared, and the panel first showed a reading line.
WATCH = """() => {
  window.__iga = {};
  const t = window.__iga;
  const look = () => {
    const cells = document.querySelectorAll(%r);
    if (cells.length < 3) return;
    const prompt = cells[1].querySelector('.jp-InputArea-prompt');
    if (!t.start && prompt && /\\[\\d+\\]/.test(prompt.textContent)) t.start = performance.now();
    const panel = cells[2].querySelector('.iga-panel');
    if (panel && !t.panel) t.panel = performance.now();
    const message = panel && panel.querySelector('.iga-message');
    if (message && !t.reading && message.textContent.includes('reading routes.csv')) {
      t.reading = performance.now();
      t.line = message.textContent;
      t.status = panel.dataset.status;
    }
  };
  new MutationObserver(look).observe(document.body,
    {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def test_a_million_edge_attachment_shows_its_reading_line_and_interrupt_cancels_it(page, lab):  # noqa: F811
    rng = np.random.default_rng(11)
    routes = lab.root / "routes.csv"
    pd.DataFrame({"hub_from": rng.integers(0, 150_000, EDGES).astype(str),
                  "hub_to": rng.integers(0, 150_000, EDGES).astype(str),
                  "minutes": rng.integers(1, 600, EDGES)}).to_csv(routes, index=False)
    cells = ["%load_ext igraph_agent", f"routes = {str(routes)!r}",
             "%%agent --with routes\nWhich hubs are best connected?"]
    (lab.root / "reading.ipynb").write_text(json.dumps(_notebook(cells)))
    _open(page, lab, "reading.ipynb", "reading")
    page.evaluate(WATCH % f"{NB} .jp-Cell")
    _run_all(page)
    panel = page.locator(f"{NB} .jp-Cell").nth(2).locator(".iga-panel")
    # the notebook in command mode now, so that ■ follows the reading line at once (the read
    # lasts a few seconds: every step between the line and ■ eats into it)
    page.locator(f"{NB} .jp-Notebook").click(position={"x": 5, "y": 5})
    page.keyboard.press("Escape")
    page.wait_for_function("() => window.__iga.reading", timeout=180_000)
    # ■ while the table is read: the run ends cancelled, the cell shows no traceback
    assert "reading routes.csv" in panel.locator(".iga-message").inner_text()
    page.keyboard.press("i")
    page.keyboard.press("i")  # the notebook's interrupt (■) shortcut
    seen = page.evaluate("() => window.__iga")
    assert seen["status"] == "running" and seen["line"].startswith("reading routes.csv · ")
    delay = (seen["reading"] - seen["start"]) / 1000
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "reading-delay.txt").write_text(
        f"cell start -> panel {(seen['panel'] - seen['start']) / 1000:.2f} s; "
        f"-> reading line {delay:.2f} s ({seen['line']})\n")
    page.locator(f"{NB} .iga-panel[data-status='cancelled']").wait_for(timeout=120_000)
    page.wait_for_selector(f"{NB} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=120_000)
    outputs = page.locator(f"{NB} .jp-Cell").nth(2).locator(".jp-OutputArea").inner_text()
    assert "Traceback" not in outputs and "KeyboardInterrupt" not in outputs, outputs
    assert panel.locator(".iga-card").count() == 0  # no tool ran: it stopped while reading
    from igraph_agent.store import Store

    store = Store(lab.root / "project" / "agent.db")
    assert store.list_sources() == [] and store.list_datasets() == []  # nothing half-written
    store.close()
