"""A :class:`Report` as markdown sections (the notebook's markdown cells and the answer text).

Example::

    >>> from igraph_agent.report import load_report
    >>> from igraph_agent.data import path
    >>> resp = agent.ask("Write a report on the most central nodes", attach=[path("karate.csv")])
    >>> report = load_report(agent.home, resp.run_id)
    >>> [name for name, _ in report_sections(report)][:3]
    ['header', 'Question', 'Data and revision']
    >>> report_markdown(report).startswith("# Report:")
    True
"""

from __future__ import annotations

from igraph_agent.markup import markdown_safe
from igraph_agent.report.model import Finding, Report
from igraph_agent.report.recipes import _table_md


def _bullets(items: list[str]) -> str:
    return "\n".join(f"- {x}" for x in items) if items else "- none"


def header(report: Report) -> str:
    return (f"# {report.title}\n\n"
            f"*Run `{report.run_id}`, answered by `{report.model or 'unknown model'}`.*\n\n"
            f"> **Not proof of business correctness.** {report.disclaimer}")


def data_section(report: Report) -> str:
    d = report.dataset
    size = (f": {d.nodes} nodes, {d.edges} edges, "
            f"{'directed' if d.directed else 'undirected'}, "
            f"{'weighted' if d.weighted else 'unweighted'}" if d.nodes is not None else
            " (its size was not measured in this run)")
    return (f"Dataset `{d.dataset_id}` at revision {d.revision}{size}. The code cells below "
            f"load exactly this revision with `igraph_agent.datasets.load`.")


def finding_markdown(f: Finding) -> str:
    parts = [f"### {f.title}", f.text]
    if f.table:
        parts.append(_table_md(f.table))
    source = f"*Source: `{f.source.tool}`, call `{f.source.call_id}`.*"
    if f.not_reproducible:
        source += f" *Not recomputed: {f.not_reproducible}.*"
    parts.append(source)
    return "\n\n".join(parts)


def report_sections(report: Report) -> list[tuple[str, str]]:
    """(section name, markdown) in report order; findings are one section each. Questions,
    node ids and labels come from people and data: no section carries live HTML."""
    figures = ("\n".join(f"- [{fig.title}]({fig.path}) — `{fig.source.tool}` "
                         f"({fig.source.call_id})" for fig in report.figures)
               or "No figure was drawn in this run.")
    out = [("header", header(report)),
           ("Question", f"## Question\n\n{report.question}"),
           ("Data and revision", f"## Data and revision\n\n{data_section(report)}"),
           ("Method", f"## Method\n\n{_bullets(report.method)}"),
           ("Findings", "## Findings" if report.findings else "## Findings\n\nNo findings.")]
    out += [(f.id, finding_markdown(f)) for f in report.findings]
    out += [("Figures", f"## Figures\n\n{figures}"),
            ("Measured vs inference", "## What is measured and what is inference\n\n"
             f"**Measured:**\n\n{_bullets(report.measured)}\n\n"
             f"**Inference:**\n\n{_bullets(report.inference)}"),
            ("Limitations", f"## Limitations\n\n{_bullets(report.limitations)}"),
            ("Next steps", f"## Next steps\n\n{_bullets(report.next_steps)}")]
    return [(name, markdown_safe(text)) for name, text in out]


def report_markdown(report: Report) -> str:
    return "\n\n".join(text for _, text in report_sections(report))
