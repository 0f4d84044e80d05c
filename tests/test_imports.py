"""The import structure of the package, read from the source with ``ast``.

Every import counts, including ones inside functions and under ``TYPE_CHECKING``: a lazy
import is still a dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

import igraph_agent

PACKAGE = Path(igraph_agent.__file__).parent


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The package modules ``path`` imports (``from a import b`` counts ``a.b`` if it is one)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return {name for name in found if name in known}


def import_graph(prefix: str) -> dict[str, set[str]]:
    """Module -> the modules it imports, both under ``prefix``."""
    mods = modules()
    inside = {m for m in mods if m == prefix or m.startswith(prefix + ".")}
    return {m: imports_of(mods[m], inside) - {m} for m in inside}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of ``graph`` (its modules in order, the first repeated), or []."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(m: str) -> list[str]:
        state[m] = 1
        path.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return [*path[path.index(n):], n]
            if n not in state and (found := visit(n)):
                return found
        path.pop()
        state[m] = 2
        return []

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return []


def test_find_cycle_reports_a_circle_and_accepts_a_tree():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_no_import_circle_inside_runtime():
    graph = import_graph("igraph_agent.runtime")
    assert "igraph_agent.runtime.agent" in graph and len(graph) > 10
    assert find_cycle(graph) == []


def test_only_the_agent_module_imports_the_loop_and_the_durability_service():
    graph = import_graph("igraph_agent.runtime")
    top = {"igraph_agent.runtime.loop", "igraph_agent.runtime.durability"}
    importers = {m for m, deps in graph.items() if deps & top}
    assert importers == {"igraph_agent.runtime.agent"}
