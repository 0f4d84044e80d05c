"""A finished run as static, self-contained HTML: what its cell keeps once the run ends.

While a run is live (running, or paused for approval) its cell shows the widget. When it
ends, the cell's output is replaced by this rendition (``text/html``, with ``text/markdown``
and ``text/plain`` beside it), so a saved notebook shows every answer when it is reopened —
in JupyterLab with no kernel, in an nbconvert HTML export, in a repository's notebook view,
in VS Code — with no widget state and no script. It draws the same parts as the panel:
header (badge, question, graph), the steps folded in a ``<details>``, the answer, drawings,
evidence, notices, model and usage. The classes are the widget's (``widget.css`` is inlined),
so it follows JupyterLab's theme variables; without the stylesheet (a sanitising viewer)
it is still plain, readable HTML.

All text from data or a model is escaped; the answer's markdown goes through
:func:`igraph_agent.markup.markdown_html`, the project's one sanitiser.

Example::

    >>> from igraph_agent.jupyter.runview import empty_view
    >>> view = {**empty_view("run_1", "Who is central?"), "status": "answered",
    ...         "answer": "**Ann** <b>leads</b>", "model": "offline/planner"}
    >>> page = static_html(view)
    >>> '<strong>Ann</strong> &lt;b&gt;leads&lt;/b&gt;' in page, 'data-status="answered"' in page
    (True, True)
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from igraph_agent.jupyter.runview import graph_name, state_label
from igraph_agent.markup import markdown_html as markup_html

CSS = Path(__file__).with_name("widget.css")
REPORT_FOLDED = "The report was inserted as cells below this one (show it here too)"


def esc(value: Any) -> str:
    return html.escape(str(value if value is not None else ""), quote=True)


_HEADING = re.compile(r"<(/?)h([1-6])>")


def markdown_html(text: str) -> str:
    """The answer's markdown as inert HTML (``markup.markdown_html``), its headings two
    levels down so that they sit below the notebook's own."""
    return _HEADING.sub(lambda m: f"<{m[1]}h{min(6, int(m[2]) + 2)}>", markup_html(text))


def elapsed(card: dict[str, Any]) -> str:
    ms = card.get("elapsed_ms")
    if ms is None:
        return ""
    return f"{ms / 1000:.1f} s" if ms >= 1000 else f"{ms} ms"


def steps_line(cards: list[dict[str, Any]], started: float | None = None,
               finished: float | None = None, waited: float | None = None) -> str:
    """``7 steps · 1.2 s · 1 failed``: the folded steps' summary; the time is the run's own
    from start to end where both are known (what the live panel counted), less the time it
    waited for approvals, else the steps'."""
    ms = sum(c.get("elapsed_ms") or 0 for c in cards)
    if started and finished:
        ms = max(ms, round(1000 * (finished - started - (waited or 0.0))))
    failed = sum(1 for c in cards if c.get("status") == "failed")
    line = f"{len(cards)} step{'' if len(cards) == 1 else 's'} · {ms / 1000:.1f} s"
    return line + (f" · {failed} failed" if failed else "")


def _card(c: dict[str, Any]) -> str:
    status = str(c.get("status") or "")
    head = (f'<span class="iga-tool">{esc(c.get("tool"))}</span>'
            + (f'<span class="iga-args">{esc(c["args"])}</span>' if c.get("args") else "")
            + f'<span class="iga-elapsed">{esc(elapsed(c))}</span>'
            + f'<span class="iga-card-status">{esc(state_label(status))}</span>')
    body = ""
    error = c.get("error")
    if error:
        hint = f"<br><i>{esc(error.get('hint'))}</i>" if error.get("hint") else ""
        body += (f'<div class="iga-error">{esc(error.get("code"))}: '
                 f'{esc(error.get("message"))}{hint}</div>')
    elif c.get("summary"):
        body += f'<div class="iga-summary">{esc(c["summary"])}</div>'
    if c.get("raw_args") and c["raw_args"] != "{}":
        body += f'<pre class="iga-raw">{esc(c["raw_args"])}</pre>'
    cls = "iga-card iga-card-" + esc(status).replace(" ", "-").replace("_", "-")
    return (f'<details class="{cls}" data-tool="{esc(c.get("tool"))}">'
            f"<summary>{head}</summary>{body}</details>")


def _jobs(view: dict[str, Any]) -> str:
    rows = []
    for job_id, job in (view.get("jobs") or {}).items():
        line = job.get("final") or (f"{job.get('label') or job_id}: "
                                    f"{round(100 * float(job.get('fraction') or 0))}% "
                                    f"{job.get('message') or ''}").rstrip()
        rows.append(f'<div class="iga-job-final" title="{esc(job_id)}">{esc(line)}</div>')
    return f'<div class="iga-jobs">{"".join(rows)}</div>' if rows else ""


def _answer(view: dict[str, Any]) -> str:
    answer = str(view.get("answer") or "")
    if not answer or view.get("status") == "awaiting_approval":
        return ""
    inner = (f"<pre>{esc(answer)}</pre>" if view.get("format") == "json"
             else markdown_html(answer))
    block = f'<div class="iga-answer">{inner}</div>'
    if view.get("report_cells"):
        return (f'<details class="iga-report-copy"><summary>{REPORT_FOLDED}</summary>'
                f"{block}</details>")
    return block


def _evidence(view: dict[str, Any]) -> str:
    evidence = view.get("evidence") or []
    answer = str(view.get("answer") or "")
    if not evidence or "**Evidence**" in answer or "# Evidence" in answer:
        return ""
    items = "".join(f"<li><code>{esc(e.get('tool'))}</code> ({esc(e.get('call_id'))}): "
                    f"{esc(e.get('shows'))}</li>" for e in evidence)
    return (f'<details class="iga-evidence"><summary>Evidence ({len(evidence)})</summary>'
            f"<ul>{items}</ul></details>")


def _foot(view: dict[str, Any]) -> str:
    u = view.get("usage") or {}
    parts = [f"model: {esc(view.get('model') or '?')}"]
    if u.get("model_calls") is not None:
        parts.append(f"{esc(u['model_calls'])} model calls")
    if u.get("prompt_tokens") is not None:
        parts.append(f"{esc(u['prompt_tokens'])}+{esc(u.get('completion_tokens') or 0)} tokens")
    if u.get("cost_usd") is not None:
        parts.append(f"${float(u['cost_usd']):.4f}")
    parts.append(f"run {esc(view.get('run_id'))}")
    return f'<div class="iga-foot">{" · ".join(parts)}</div>'


def static_html(view: dict[str, Any], drawings: list[str] | None = None) -> str:
    """The finished run ``view`` (``runview``'s fold) as one HTML fragment; ``drawings`` are
    the drawings' HTML (``display.drawing_html``), shown after the answer."""
    status = str(view.get("status") or "")
    graph = graph_name(view.get("graph"))
    head = (f'<div class="iga-head"><span class="iga-status iga-status-{esc(status)}">'
            f"{esc(state_label(status))}</span>"
            f'<span class="iga-question">{esc(view.get("question"))}</span>'
            + (f'<span class="iga-graph">on {esc(graph)}</span>' if graph else "") + "</div>")
    cards = view.get("tools") or []
    line = steps_line(cards, view.get("started"), view.get("finished"), view.get("waited"))
    steps = (f'<details class="iga-steps"><summary>{esc(line)}</summary>'
             f'<div class="iga-tools">{"".join(_card(c) for c in cards)}</div></details>'
             if cards else "")
    error = view.get("error")
    problem = ""
    if error:
        cls = "iga-notice" if status == "cancelled" else "iga-error"
        hint = f"<br><i>{esc(error.get('hint'))}</i>" if error.get("hint") else ""
        problem = (f'<div class="{cls} iga-run-error"><b>{esc(error.get("code"))}</b>: '
                   f'{esc(error.get("message"))}{hint}</div>')
    figures = "".join(f'<div class="iga-figure-static">{d}</div>' for d in drawings or [])
    notices = "".join(f'<div class="iga-notice">{esc(n)}</div>'
                      for n in view.get("notices") or [])
    return (f'<div class="iga-panel iga-static" data-status="{esc(status)}" '
            f'data-run-id="{esc(view.get("run_id"))}">'
            f"<style>{CSS.read_text(encoding='utf-8')}</style>"
            f"{head}{steps}{_jobs(view)}{problem}{_answer(view)}{figures}{_evidence(view)}"
            f"{notices}{_foot(view)}</div>")


def static_bundle(view: dict[str, Any], response: dict[str, Any] | None = None
                  ) -> dict[str, str]:
    """The finished run's output bundle: the rendition, its markdown and a plain line.

    Drawings come from the view (a ``--no-wait`` panel keeps them) or from the response's
    saved drawing pages."""
    from igraph_agent.jupyter.display import drawing_html, figures, notebook_markdown

    figs = view.get("figures") or (figures(response) if response else [])
    markdown = notebook_markdown(response) if response else ""
    head = f"**{state_label(str(view.get('status', '')))}** · run `{view.get('run_id', '')}`"
    return {"text/html": static_html(view, [drawing_html(f) for f in figs]),
            "text/markdown": markdown or head,
            "text/plain": f"igraph-agent run {view.get('run_id', '')}: "
                          f"{state_label(str(view.get('status', '')))}"}
