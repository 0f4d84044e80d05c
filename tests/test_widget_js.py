"""The run panel's own script (``jupyter/widget.js``) in headless Chromium, without JupyterLab:
a page imports the module and renders it on a stand-in for anywidget's model (the traits as
``jupyter/widget.py`` sends them, ``send`` recorded), so a test can change one trait the way
the kernel does and read what the panel shows and sends.

Requests go to a made-up origin that Playwright answers from the repository: nothing is
served and nothing reaches the network.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from igraph_agent.status import labels

pytestmark = [pytest.mark.browser]

REPO = Path(__file__).resolve().parents[1]
WIDGET = REPO / "igraph_agent" / "jupyter" / "widget.js"
CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--no-first-run"]
ORIGIN = "http://panel.test"

PAGE = """<!doctype html><html><body><div id="host"></div>
<script type="module">
import widget from "./widget.js";
const traits = JSON.parse(document.getElementById("traits").textContent);
const handlers = {};
window.sent = [];
window.model = {
  get: (name) => traits[name],
  set: (name, value) => { traits[name] = value; (handlers[`change:${name}`] || []).forEach((f) => f()); },
  on: (event, f) => { (handlers[event] = handlers[event] || []).push(f); },
  off: (event, f) => { handlers[event] = (handlers[event] || []).filter((g) => g !== f); },
  send: (msg) => { window.sent.push(msg); },
};
widget.render({ model: window.model, el: document.getElementById("host") });
window.ready = true;
</script>
<script type="application/json" id="traits">TRAITS</script>
</body></html>"""


def _approval(plan: str) -> dict:
    return {"run_id": "run_w", "tool_call_id": "call_1", "tool": "apply_plan",
            "what": f"apply plan {plan}", "args": {"plan_id": plan}}


def _paused(plan: str) -> dict:
    labels_ = labels()
    return {"labels": labels_, "header": {"run_id": "run_w", "question": "Clean the graph",
                                          "status": labels_["run"]["paused"]},
            "text": "", "cards": [], "jobs": {}, "approvals": [_approval(plan)], "answer": {},
            "notices": [], "message": {}}


@pytest.fixture
def panel(request):
    """A page showing the panel of a run paused on ``apply_plan`` (plan ``p1``)."""
    from playwright.sync_api import sync_playwright

    # never skipped: `make test` installs Chromium (system-deps); without it this fails
    assert CHROMIUM.exists(), "Chromium is missing: run `make system-deps` (make test does)"
    html = PAGE.replace("TRAITS", json.dumps(_paused("p1")))
    files = {"/index.html": (html, "text/html"),
             "/widget.js": (WIDGET.read_text(), "text/javascript")}

    def answer(route):
        path = route.request.url[len(ORIGIN):]
        if path not in files:
            return route.abort()
        body, kind = files[path]
        return route.fulfill(status=200, body=body, content_type=kind)

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
        page = browser.new_page()
        page.route("**/*", answer)
        page.goto(f"{ORIGIN}/index.html")
        page.wait_for_function("window.ready === true", timeout=30_000)
        yield page
        browser.close()


def _editor(page) -> str:
    return page.locator(".iga-approval textarea.iga-json").input_value()


def _edit(page, text: str) -> None:
    page.locator(".iga-modify-box summary").click()
    page.locator(".iga-approval textarea.iga-json").fill(text)


def test_modify_sends_the_edited_arguments_and_the_next_pause_shows_its_own(panel):
    _edit(panel, '{"plan_id": "p1", "drop": ["x"]}')
    panel.locator("button.iga-modify").click()
    sent = panel.evaluate("window.sent")
    assert sent == [{"type": "decide", "decision": "modify", "run_id": "run_w",
                     "tool_call_id": "call_1", "patched_args": {"plan_id": "p1", "drop": ["x"]}}]
    # the run re-plans and pauses the same call again, with a new plan
    panel.evaluate(f"window.model.set('approvals', {json.dumps([_approval('p2')])})")
    assert json.loads(_editor(panel)) == {"plan_id": "p2"}


def test_an_unsent_edit_survives_a_redraw_of_the_approvals(panel):
    _edit(panel, '{"plan_id": "p1", "limit": 3}')
    panel.evaluate(f"window.model.set('approvals', {json.dumps([_approval('p1')])})")
    assert _editor(panel) == '{"plan_id": "p1", "limit": 3}'
    assert panel.evaluate("window.sent") == []


def test_modify_with_invalid_json_sends_nothing_and_says_why(panel):
    _edit(panel, '{"plan_id": ')
    panel.locator("button.iga-modify").click()
    assert panel.evaluate("window.sent") == []
    message = panel.evaluate("window.model.get('message')")
    assert message["message"].startswith("Modify: the arguments are not valid JSON")
    assert _editor(panel) == '{"plan_id": '  # kept to fix, not reset
