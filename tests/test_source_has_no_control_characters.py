"""A regex written with a single backslash inside a plain string holds a control character
("\\b" becomes a backspace) and silently never matches: no source file of the package may hold
one."""

from __future__ import annotations

import re
from pathlib import Path

import igraph_agent

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def test_no_package_source_file_holds_a_control_character():
    root = Path(igraph_agent.__file__).parent
    found = [f"{p.relative_to(root)}:{n}" for p in sorted(root.rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if _CONTROL.search(line)]
    assert not found, found
