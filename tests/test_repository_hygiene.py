"""The repository explains itself: no text in it points at files outside it or at ticket numbers.

A reader who picks the project up later has only the repository, so code, comments, docs,
tests and notebooks carry the facts they need (docs/design.md, docs/performance.md)
instead of citing an outside design file, outside notes, or an issue number.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ["igraph_agent", "docs", "tests", "bench", "notebooks", "skills", "binder",
           "labextension/src", "README.md", "Makefile", "pyproject.toml"]
TEXT = {".py", ".md", ".txt", ".toml", ".cfg", ".ipynb", ".js", ".ts", ".tsx", ".css", ".json",
        ".yml", ".yaml", ".sh", ""}
SKIPPED_DIRS = {"node_modules", "__pycache__", "lib", "static"}
# written in pieces so this file does not match itself
OUTSIDE = re.compile("DESIGN" + r"\.md" + "|" + "shared" + "/notes" + "|" + r"\.\." + "/shared"
                     + "|" + r"\b(?i:" + "issue" + r"s?) #?[0-9]+\b")


def _files() -> list[Path]:
    found = []
    for name in SCANNED:
        top = ROOT / name
        paths = [top] if top.is_file() else sorted(top.rglob("*")) if top.is_dir() else []
        for path in paths:
            rel = path.relative_to(ROOT)
            if path.is_file() and path.suffix in TEXT and not SKIPPED_DIRS & set(rel.parts):
                found.append(path)
    return found


def citations(text: str) -> list[str]:
    """The outside references in ``text``, as (line number: line) strings."""
    return [f"{n}: {line.strip()}" for n, line in enumerate(text.splitlines(), 1)
            if OUTSIDE.search(line)]


def test_the_check_finds_each_kind_of_outside_reference():
    samples = ["see " + "DESIGN" + ".md §3", "(" + "shared" + "/notes/graph.md)",
               "../" + "shared/reference", "fixed in " + "issue" + " 7", "Issue" + " #12"]
    assert [bool(citations(s)) for s in samples] == [True] * len(samples)
    assert citations("an issue with 3 nodes; see docs/design.md") == []


def test_no_file_cites_outside_notes_design_file_or_issue_numbers():
    files = _files()
    assert len(files) > 100  # the walk really covers the repository
    offenders = {str(p.relative_to(ROOT)): hits for p in files
                 if (hits := citations(p.read_text(errors="replace")))}
    assert offenders == {}


def test_no_python_source_holds_a_control_character():
    # a regex written through a non-raw string turns "\b" into a backspace, which then
    # matches nothing and silently disables the rule
    files = [p for p in _files() if p.suffix == ".py"]
    assert len(files) > 100
    offenders = [str(p.relative_to(ROOT)) for p in files
                 if re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", p.read_text(errors="replace"))]
    assert offenders == []
