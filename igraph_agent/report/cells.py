"""A :class:`Report` as notebook cells, and as a new ``.ipynb`` file written with nbformat.

The cells: the report's markdown sections, a setup code cell (loads the dataset revision
and defines ``same``), and after each reproducible finding a code cell recomputing it.
Every cell carries ``metadata["igraph_agent"] = {"run_id", "role"[, "finding"]}``.

Example::

    >>> from igraph_agent.report import load_report
    >>> from igraph_agent.data import path
    >>> resp = agent.ask("Write a report on the most central nodes", attach=[path("karate.csv")])
    >>> report = load_report(agent.home, resp.run_id)
    >>> cells = report_cells(report)              # nbformat NotebookNode cells
    >>> sorted({c.cell_type for c in cells})
    ['code', 'markdown']
    >>> target = write_notebook(report, home / "report.ipynb")
    >>> write_notebook(report, target)            # never overwrites a notebook
    Traceback (most recent call last):
    ...
    igraph_agent.errors.ToolError: ...already exists
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.report.markdown import report_sections
from igraph_agent.report.model import Report

SAME = '''def same(result, expected, tol={tol}):
    """Raise AssertionError naming the first number that differs from the report."""
    if isinstance(expected, dict):
        assert set(result) == set(expected), f"keys differ: {{set(result) ^ set(expected)}}"
        for key in expected:
            same(result[key], expected[key], tol)
    elif isinstance(expected, list):
        assert len(result) == len(expected), f"{{result}} != {{expected}}"
        for a, b in zip(result, expected):
            same(a, b, tol)
    elif isinstance(expected, float):
        assert abs(result - expected) <= tol, f"{{result}} != {{expected}}"
    else:
        assert result == expected, f"{{result!r}} != {{expected!r}}"
'''


def setup_code(report: Report) -> str:
    d = report.dataset
    return ("# Reproduce this report's numbers without the agent: plain networkx from the\n"
            "# stored dataset revision. Each cell below checks its result against the report.\n"
            "import networkx as nx\n\nfrom igraph_agent.datasets import load\n\n"
            f"HOME = {d.home!r}  # the igraph-agent project the report was made in\n"
            f"G = load({d.dataset_id!r}, revision={d.revision}, home=HOME)\n\n\n"
            + SAME.format(tol=max((f.tolerance for f in report.findings), default=1e-5)))


def report_cells(report: Report) -> list[Any]:
    """Markdown and code cells (nbformat v4), in reading order."""
    import nbformat.v4 as nbf

    def meta(role: str, **extra: Any) -> dict[str, Any]:
        return {"igraph_agent": {"run_id": report.run_id, "role": role, **extra}}

    findings = {f.id: f for f in report.findings}
    reproducible = any(f.code for f in report.findings) and report.dataset.dataset_id
    cells = []
    for name, text in report_sections(report):
        finding = findings.get(name)
        cells.append(nbf.new_markdown_cell(text, metadata=meta(
            "finding" if finding else "section", **({"finding": name} if finding else {}))))
        if name == "Findings" and reproducible:
            cells.append(nbf.new_code_cell(setup_code(report), metadata=meta("setup")))
        if finding is not None and finding.code and reproducible:
            cells.append(nbf.new_code_cell(finding.code, metadata=meta("recompute",
                                                                       finding=finding.id)))
    return cells


def cells_json(report: Report) -> list[dict[str, Any]]:
    """The cells as plain dicts (what the lab extension receives)."""
    return [{"cell_type": c.cell_type, "source": c.source, "metadata": dict(c.metadata)}
            for c in report_cells(report)]


def report_notebook(report: Report) -> Any:
    import nbformat.v4 as nbf

    return nbf.new_notebook(cells=report_cells(report), metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"},
        "igraph_agent": {"run_id": report.run_id}})


def write_notebook(report: Report, path: str | Path) -> Path:
    """Write the report as a new notebook; INVALID_ARGUMENTS if ``path`` already exists
    (an open notebook's file is never edited)."""
    import nbformat

    target = Path(path)
    if target.suffix != ".ipynb":
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"{target} is not an .ipynb path",
                        hint="name the new notebook like report.ipynb")
    if target.exists():
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"{target} already exists",
                        hint="choose a new file name: save-report never overwrites a notebook")
    target.parent.mkdir(parents=True, exist_ok=True)
    nb = report_notebook(report)
    nbformat.validate(nb)
    tmp = target.with_name(f".{target.name}.tmp")
    nbformat.write(nb, str(tmp))
    tmp.rename(target)
    return target
