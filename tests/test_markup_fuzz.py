"""Every payload family, from the data (node names) and from the model (its answer) and the
question, through every surface — the answer markdown rendered by nbconvert and by
``markdown_html``, the panel's own renderer (widget.js under node), the static HTML
rendition a finished run leaves in its cell, the saved report exported by nbconvert, the
command line's answer and ``runs list`` — and nothing is live."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import networkx as nx
import pytest
from markup_payloads import ONE_LINE, PAYLOADS, REMOTE, live_markup, terminal_controls

from igraph_agent import Agent, RunOptions
from igraph_agent.cli import main
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.markup import markdown_html, markdown_safe, terminal_safe
from igraph_agent.model.scripted import ScriptedModel, call
from igraph_agent.report import load_report
from igraph_agent.report.cells import write_notebook

ALL = "\n\n".join(p for _, p in PAYLOADS)
QUESTION = "Report the degrees of these members: " + " ".join(" ".join(p.split()) for _, p in PAYLOADS)
WIDGET = Path(__file__).parent.parent / "igraph_agent" / "jupyter" / "widget.js"


def _hostile_graph() -> nx.Graph:
    g = nx.cycle_graph(ONE_LINE)
    g.add_edges_from(("hub", name) for name in ONE_LINE)
    return g


def _degree_call_id(messages) -> str:
    return next(m["tool_call_id"] for m in messages if m.get("role") == "tool"
                and json.loads(m["content"])["tool"] == "degree_analysis")


def _steps(ds: str) -> list:
    return [[call("load_constructed_graph", dataset_id=ds)],
            [call("degree_analysis", top_k=100)],
            lambda messages, tools: [call("create_analysis_report", source_results=[
                {"tool": "degree_analysis", "call_id": _degree_call_id(messages)}])],
            ALL]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    home = tmp_path_factory.mktemp("fuzz") / "project"
    agent = Agent(home=home)
    src = agent.workspace.attach(_hostile_graph(), "members")
    ds = agent.workspace.construct([src["source_id"]], GraphSpec())["id"]
    resp = agent.ask(QUESTION, options=RunOptions(model=ScriptedModel(_steps(ds)).id,
                                                  output_format="report"))
    agent.close()
    assert resp.status == "answered", (resp.error, resp.refusal)
    return home, ds, resp


def _shown(text: str) -> None:
    """The payloads are on the surface as text (so a check that finds nothing means
    something): the alert calls and the remote address survive as characters."""
    assert "alert(2)" in text and "alert(12)" in text and "127.0.0.1" in text


def test_answer_markdown_renders_nothing_live_in_nbconvert_or_markdown_html(hostile):
    from nbconvert.filters.markdown import markdown2html

    _, _, resp = hostile
    text = resp.to_markdown()
    _shown(text)
    for page in (markdown2html(text), markdown_html(text), markdown_html(resp.answer)):
        _shown(page)
        assert live_markup(page) == []


def test_every_family_alone_is_live_raw_but_inert_once_sanitised():
    from nbconvert.filters.markdown import markdown2html

    raw_live = [family for family, p in PAYLOADS if live_markup(markdown2html(p))]
    assert len(raw_live) >= 25  # the checker sees them when nothing is done
    for family, payload in PAYLOADS:
        for images in (False, True):
            safe = markdown_safe(payload, remote_images=images)
            assert live_markup(markdown2html(safe), remote_images=images) == [], family
            assert live_markup(markdown_html(payload, remote_images=images),
                               remote_images=images) == [], family


def test_saved_report_exported_by_nbconvert_has_nothing_live(hostile, tmp_path):
    from nbconvert import HTMLExporter

    home, _, resp = hostile
    report = load_report(home, resp.run_id)
    path = write_notebook(report, tmp_path / "report.ipynb")
    page, _ = HTMLExporter().from_filename(str(path))
    assert "jp-RenderedMarkdown" in page
    assert page.count("alert(") >= 10  # the hostile names and question are in the export
    assert live_markup(page, only_class="jp-RenderedMarkdown") == []


def _panel_html(texts: list[str], tmp_path: Path) -> list[str]:
    """The panel's markdown renderer (widget.js ``markdown``) run by node."""
    module = tmp_path / "widget.mjs"
    module.write_text(WIDGET.read_text())
    runner = tmp_path / "render.mjs"
    runner.write_text(
        "import { markdown } from './widget.mjs';\n"
        "import { readFileSync } from 'fs';\n"
        "const texts = JSON.parse(readFileSync(0, 'utf8'));\n"
        "process.stdout.write(JSON.stringify(texts.map(markdown)));\n")
    done = subprocess.run(["node", str(runner)], input=json.dumps(texts), text=True,
                          capture_output=True, timeout=60, check=True)
    return json.loads(done.stdout)


@pytest.mark.skipif(shutil.which("node") is None and not os.environ.get("CI"),
                    reason="node runs the panel's renderer (under CI, make test installs it)")
def test_panel_renderer_shows_the_answer_with_nothing_live(hostile, tmp_path):
    _, _, resp = hostile
    pages = _panel_html([resp.answer, resp.to_markdown(), *[p for _, p in PAYLOADS]], tmp_path)
    _shown(pages[0])
    for page in pages:
        assert live_markup(page) == []


def test_static_rendition_of_the_finished_run_has_nothing_live(hostile):
    import re

    from igraph_agent.jupyter.rendition import static_html
    from igraph_agent.jupyter.runview import apply_response, empty_view

    _, _, resp = hostile
    view = apply_response(empty_view(resp.run_id, QUESTION), resp.model_dump(mode="json"))
    page = static_html(view)
    _shown(page)
    own_style = re.sub(r"<style>.*?</style>", "", page, count=1, flags=re.S)
    assert live_markup(own_style, allow=frozenset({"details"})) == []


def test_remote_images_load_only_when_the_user_allows_them(monkeypatch):
    from nbconvert.filters.markdown import markdown2html

    image = f"![plot]({REMOTE}/p.png) and ![x](javascript:alert(1))"
    monkeypatch.delenv("IGRAPH_AGENT_REMOTE_IMAGES", raising=False)
    assert "<img" not in markdown2html(markdown_safe(image))
    monkeypatch.setenv("IGRAPH_AGENT_REMOTE_IMAGES", "1")
    page = markdown2html(markdown_safe(image))
    assert f'src="{REMOTE}/p.png"' in page and page.count("<img") == 1
    assert live_markup(page, remote_images=True) == []


def test_allowed_links_anchors_and_fenced_code_stay_as_written():
    text = ("[docs](https://igraph.org/a?b=1&c=2) [mail](mailto:a@b.org) [up](#top) "
            "[plain](http://x.org)\n\n```python\nx = '<b>' if a < b else '[a](javascript:1)'\n```\n")
    assert markdown_safe(text) == text


def test_command_line_answer_and_runs_list_carry_no_control_sequences(hostile, capsys):
    home, ds, _ = hostile
    model = ScriptedModel([*_steps(ds)[:2], ALL])
    code = main(["--home", str(home), "ask", QUESTION, "--model", model.id])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "copyme" in out and "red" in out  # the text around the sequences is kept
    assert terminal_controls(out) == []
    assert main(["--home", str(home), "runs", "list"]) == 0
    listing = capsys.readouterr().out
    assert "Report the degrees" in listing and terminal_controls(listing) == []


def test_command_line_usage_errors_show_what_was_typed_without_its_controls(tmp_path, capsys):
    assert main(["--home", str(tmp_path), "ask", "x", "--format", "\x1b]52;c;aGk=\x07yaml"]) == 2
    err = capsys.readouterr().err
    assert "--format" in err and "yaml" in err and terminal_controls(err) == []


def test_terminal_safe_removes_escape_sequences_and_keeps_text():
    for _, payload in PAYLOADS:
        assert terminal_controls(terminal_safe(payload)) == []
    assert terminal_safe("a\tb\nc\x1b[1mbold\x1b[0m\u202edone") == "a\tb\ncbolddone"
