"""What a finished run shows in the notebook besides its panel: drawings, tables, JSON.

Only the main thread displays (docs/design.md, threads). Drawings are the self-contained pages written
by ``visualize_subgraph`` (shown in an ``iframe srcdoc``, so they also survive an HTML export);
tables are lists of records in tool results, shown as DataFrames.

In a notebook cell::

    show_response(resp, "chat")      # the tables of a finished run
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from IPython.display import Markdown, display

from igraph_agent.markup import markdown_safe

VIZ_TOOL = "visualize_subgraph"
MAX_TABLES = 3
TABLE_ROWS = 10
FRAME_HEIGHT = 620
JOB_WORDS = {"train": "training", "save_model": "saving the model", "infer": "predicting"}
# Bookkeeping tools: their lists (sources, datasets, samples) are not findings.
NOT_TABLES = {"get_graph_info", "construct_graph", "load_constructed_graph", "load_skill",
              VIZ_TOOL}


def figures(response: dict[str, Any]) -> list[dict[str, str]]:
    """The drawings of a response (JSON dict): ``[{"title", "html", "path"}]``."""
    out = []
    for entry in _tool_results(response):
        path = entry.get("html_path") if entry.get("tool") == VIZ_TOOL else None
        if path and Path(path).is_file():
            out.append({"title": str(entry.get("title") or "graph"), "path": str(path),
                        "html": Path(path).read_text(encoding="utf-8")})
    return out


BODY = '<body style="margin:0">'


def drawing_html(fig: dict[str, str]) -> str:
    """A drawing as a notebook output: the page's body, inline (an SVG and a 2 KB script, so
    it also shows in an HTML export); an older full page goes into an iframe."""
    page = fig["html"]
    if BODY in page and "</body>" in page:
        return page.split(BODY, 1)[1].rsplit("</body>", 1)[0]
    return figure_html(fig)


def figure_html(fig: dict[str, str], height: int = FRAME_HEIGHT) -> str:
    return (f'<iframe srcdoc="{html.escape(fig["html"], quote=True)}" title="{html.escape(fig["title"])}"'
            f' style="width:100%;height:{height}px;border:1px solid #eee" '
            'sandbox="allow-scripts"></iframe>')


def _tool_results(response: dict[str, Any]) -> list[dict[str, Any]]:
    """The response's per-call results (``data`` may also hold other, non-dict entries)."""
    return [e for e in (response.get("data") or {}).values() if isinstance(e, dict)]


def tables(response: dict[str, Any]) -> list[tuple[str, Any]]:
    """The response's frames (``AgentResponse.frames``) of two columns or more, as
    ``(caption, DataFrame)``; the caption says how to reach the frame from ``-o res``."""
    from igraph_agent.frames import frames_of

    data = {k: e for k, e in (response.get("data") or {}).items()
            if isinstance(e, dict) and e.get("tool") not in NOT_TABLES}
    return [(f"{name} · .frames[{name!r}]", frame) for name, frame in frames_of(data).items()
            if frame.shape[1] >= 2][:MAX_TABLES]


def show_response(response: dict[str, Any], output_format: str) -> None:
    """Display a finished run's tables (its drawings are in the run's own output) on the
    calling (main) thread."""
    if output_format == "json":
        display({"application/json": response, "text/plain": _json_text(response)}, raw=True)
        return
    for caption, frame in tables(response):
        display(Markdown(f"**{markdown_safe(caption)}**"))
        display(frame.head(TABLE_ROWS))


def notebook_markdown(response: dict[str, Any]) -> str:
    """The response as markdown, its pending approvals decided with notebook commands."""
    from igraph_agent.response import AgentResponse

    resp = AgentResponse.model_validate(response)
    text = resp.model_copy(update={"pending": []}).to_markdown()
    if not resp.pending:
        return text
    lines = ["", "**Waiting for your approval**: use the panel's Approve / Reject buttons, or:"]
    for p in resp.pending:
        lines.append(f"- `{p.tool}`: `%agent approve {p.run_id} {p.tool_call_id}` or "
                     f"`%agent reject {p.run_id} {p.tool_call_id}`")
    return text + "\n".join(lines)


def _json_text(response: dict[str, Any]) -> str:
    import json

    return json.dumps(response, indent=2, default=str)


def show_jobs(rows: list[dict[str, Any]]) -> None:
    """``%agent jobs``: one progress bar per job (state, fraction, last message)."""
    import ipywidgets as w

    if not rows:
        print("No background jobs in this project.")
        return
    items = []
    for row in rows:
        last = row.get("last_progress") or (row.get("progress") or [{}])[-1] or {}
        fraction = float(last.get("fraction") or (1.0 if row["state"] == "done" else 0.0))
        bar = w.FloatProgress(value=fraction, min=0.0, max=1.0,
                              bar_style={"done": "success", "failed": "danger",
                                         "cancelled": "warning"}.get(row["state"], "info"))
        words = JOB_WORDS.get(row["kind"], row["kind"].replace("_", " "))
        label = w.Label(f"{words}: {row['state']} · {round(100 * fraction)}% · "
                        f"{last.get('message') or ''}".rstrip(" ·"),
                        tooltip=f"job {row['job_id']}, run {row.get('run_id') or '-'}")
        items.append(w.HBox([bar, label]))
    display(w.VBox(items))
