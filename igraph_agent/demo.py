"""``python -m igraph_agent.demo`` (``make demo``): run the quickstart notebook headless.

Executes ``notebooks/01-quickstart.ipynb`` with nbclient in a fresh project under
``demo-output/``, writes the executed notebook and an HTML copy there, and prints the answer
to the notebook's main question with the model that answered, the tools it called and the
evidence.

In a shell::

    python -m igraph_agent.demo --out demo-output
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import textwrap
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
QUICKSTART = REPO / "notebooks" / "01-quickstart.ipynb"


def run_notebook(notebook: Path, out: Path, timeout: int = 600) -> tuple[Path, Path, Path]:
    """Execute ``notebook`` in a fresh project under ``out``; returns (ipynb, html, project)."""
    import nbformat
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter

    out.mkdir(parents=True, exist_ok=True)
    project = out / "project"
    shutil.rmtree(project, ignore_errors=True)
    os.environ["IGRAPH_AGENT_HOME"] = str(project.resolve())  # the kernel inherits it
    nb = nbformat.read(notebook, as_version=4)
    # ipykernel 7 logs a WARNING about plain-TCP transport on every local kernel: noise here
    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   extra_arguments=["--IPKernelApp.log_level=ERROR"],
                   resources={"metadata": {"path": str(notebook.parent)}}).execute()
    executed = out / notebook.name
    nbformat.write(nb, executed)
    # Without widget state the HTML shows each run's markdown fallback: readable offline.
    nb.metadata.pop("widgets", None)
    body, _ = HTMLExporter().from_notebook_node(nb)
    page = out / (notebook.stem + ".html")
    page.write_text(body, encoding="utf-8")
    return executed, page, project


def main_answer(project: Path) -> dict[str, Any] | None:
    """The first run of the demo's project (the notebook's main question)."""
    from igraph_agent.store import Store
    from igraph_agent.store.runs import Runs

    store = Store(project / "agent.db")
    try:
        runs = [r.row() for r in Runs(store).latest(limit=1000)]
    finally:
        store.close()
    return runs[-1] if runs else None


def report(run: dict[str, Any]) -> str:
    resp = run.get("response") or {}
    tools = [a["tool"] for a in resp.get("actions") or []]
    lines = [f"Question: {run['question']}",
             f"Status:   {resp.get('status', run['status'])}",
             f"Model:    {resp.get('model') or run['model']}",
             f"Tools:    {', '.join(tools) or 'none'}",
             "", "Answer:", textwrap.indent((resp.get("answer") or "").strip(), "  "),
             "", "Evidence:"]
    lines += [f"  - {e['tool']} ({e['call_id']}): {e['shows']}" for e in resp.get("evidence") or []]
    if resp.get("error"):
        lines.append(f"Error: {resp['error']['code']}: {resp['error']['message']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m igraph_agent.demo",
                                     description="Run the quickstart notebook headless.")
    parser.add_argument("--notebook", type=Path, default=QUICKSTART)
    parser.add_argument("--out", type=Path, default=Path("demo-output"))
    args = parser.parse_args(argv)
    if not args.notebook.is_file():
        print(f"Error: {args.notebook} not found (the demo runs from a source checkout).",
              file=sys.stderr)
        return 2
    try:
        executed, page, project = run_notebook(args.notebook, args.out)
    except ImportError as exc:
        print(f"Error: {exc.name} is missing; install the dev extras: pip install -e '.[dev]'",
              file=sys.stderr)
        return 2
    except Exception as exc:  # nbclient's CellExecutionError names the failing cell
        print(f"Error: the notebook failed: {exc}", file=sys.stderr)
        return 1
    run = main_answer(project)
    print(report(run) if run else "No run was recorded.")
    print(f"\nExecuted notebook: {executed}\nHTML copy:         {page}")
    return 0 if run else 1


if __name__ == "__main__":
    sys.exit(main())
