"""Text from data or the model never becomes live HTML: the answer markdown (the cell's
fallback output), report sections, saved report notebooks (nbconvert HTML), status lines."""

from __future__ import annotations

import re

import pytest

from igraph_agent import Agent, RunOptions
from igraph_agent.markup import html_text, markdown_safe
from igraph_agent.report import load_report
from igraph_agent.report.cells import write_notebook

SCRIPT = "<script>alert('node')</script>"
IMG = "<img src=x onerror=alert(2)>"
QUESTION = f"Write a report on the most central and the highest degree members {SCRIPT}"


def _live(html: str) -> list[str]:
    """Live markup from the payloads: a script that alerts, an img with onerror."""
    return (re.findall(r"<script>alert\(", html)
            + re.findall(r"<img\b[^>]*onerror", html, flags=re.I))


@pytest.fixture(scope="module")
def hostile_run(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    csv = root / "edges.csv"
    rows = [(SCRIPT, f"leaf{i}") for i in range(6)] + [(IMG, f"leaf{i}") for i in range(3)]
    rows += [(SCRIPT, IMG)]
    csv.write_text("source,target\n" + "".join(f"{a},{b}\n" for a, b in rows))
    agent = Agent(home=root / "project")
    resp = agent.ask(QUESTION, attach=[str(csv)], options=RunOptions(output_format="report"))
    agent.close()
    return root, resp, load_report(root / "project", resp.run_id)


def test_answer_markdown_carries_no_live_html_from_node_names_or_the_question(hostile_run):
    _, resp, _ = hostile_run
    assert resp.status == "answered", resp.error
    text = resp.to_markdown()
    assert "script" in text  # the names are shown ...
    assert "<script" not in text and "<img" not in text  # ... as text
    from nbconvert.filters.markdown import markdown2html

    assert _live(markdown2html(text)) == []


def test_saved_report_exported_to_html_by_nbconvert_has_no_live_script(hostile_run, tmp_path):
    from nbconvert import HTMLExporter

    _, _, report = hostile_run
    assert any("script" in f.text or "script" in str(f.table) for f in report.findings)
    path = write_notebook(report, tmp_path / "report.ipynb")
    html, _ = HTMLExporter().from_filename(str(path))
    assert "alert(" in html  # the hostile names are in the export ...
    assert _live(html) == []  # ... and none of them is live


def test_markdown_safe_keeps_markdown_and_fenced_code_but_no_html_or_script_links():
    text = ("**bold** <img src=x onerror=alert(1)> and \\`<script>x</script>` "
            "[click](javascript:alert(1))\n\n```python\nx = '<b>'\n```\n")
    safe = markdown_safe(text)
    assert "**bold**" in safe and "x = '<b>'" in safe
    assert "<img" not in safe and "<script" not in safe
    assert "](javascript:" not in safe


def test_status_lines_escape_error_messages():
    assert html_text("skill '<img src=x onerror=alert(1)>' not found") == (
        "skill &#x27;&lt;img src=x onerror=alert(1)&gt;&#x27; not found")
