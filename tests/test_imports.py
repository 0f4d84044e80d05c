"""The import structure of the package, read from the source with ``ast``.

These tests are the contract docs/architecture.md draws: the layers and their arrows,
no import circle inside ``runtime/``, no IPython below ``jupyter/``, heavy libraries only
imported inside functions. For the layers and circles every import counts, including
ones inside functions and under ``TYPE_CHECKING``: a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

import igraph_agent

PACKAGE = Path(igraph_agent.__file__).parent

# Top to bottom: a package may import its own modules, the layers below it and the
# vocabulary. In an "independent" layer the packages do not import each other.
LAYERS: list[tuple[set[str], bool]] = [
    ({"igraph_agent", "jupyter", "cli", "cli_skills", "demo", "datasets", "eval", "mcp"}, False),
    ({"runtime"}, True),
    ({"model", "tools"}, True),
    ({"cluster"}, True),
    ({"skills", "report", "learn", "sandbox"}, True),
    ({"graph", "memory"}, True),
    ({"store"}, True),
]
# shared leaves (types, the crash points): importable from every layer, import no layer
VOCABULARY = {"errors", "response", "options", "testhooks", "markup", "frames", "results",
              "figures", "status"}
NO_NOTEBOOK = {"runtime", "tools", "graph", "store", "model", "learn", "report", "skills",
               "memory", "sandbox", "cluster"}
NOTEBOOK_LIBS = {"IPython", "ipywidgets", "anywidget", "ipykernel"}
HEAVY_LIBS = {"litellm", "torch", "torch_geometric", "cdlib", "igraph", "mcp", "mcp_types",
              "uvicorn", "ray"}
# modules that exist to wrap a heavy library: they may import it at the top, as long as
# every module that imports them does so inside a function
HEAVY_WRAPPERS = {"igraph_agent.model.litellm_handlers"}


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
            subs = {f"{node.module}.{a.name}" for a in node.names} & known
            found.update(subs or {node.module})  # ``from pkg import mod`` imports mod
    return {name for name in found if name in known}


def package_of(module: str) -> str:
    """``igraph_agent.runtime.loop`` -> ``runtime``; the package root is ``igraph_agent``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def layer_of(package: str) -> int | None:
    return next((i for i, (members, _) in enumerate(LAYERS) if package in members), None)


def package_graph() -> dict[str, set[str]]:
    """Every module of the package -> the package modules it imports."""
    mods = modules()
    return {m: imports_of(path, set(mods)) for m, path in mods.items()}


def layer_violations(graph: dict[str, set[str]]) -> list[str]:
    """Every import that goes up a layer, across an independent layer, or out of the
    vocabulary into a layer."""
    bad: list[str] = []
    for m, deps in sorted(graph.items()):
        src = package_of(m)
        for dep in sorted(deps):
            dst = package_of(dep)
            if dst == src or dst in VOCABULARY:
                continue
            if src in VOCABULARY:
                bad.append(f"{m} -> {dep}: the vocabulary imports no layer")
                continue
            i, j = layer_of(src), layer_of(dst)
            if i is None or j is None:
                bad.append(f"{m} -> {dep}: {src if i is None else dst} is in no layer")
            elif j < i or (j == i and LAYERS[i][1]):
                bad.append(f"{m} -> {dep}: {src} may not import {dst}")
    return bad


def external_imports(path: Path, top_level_only: bool = False) -> set[str]:
    """The first name of every import of another distribution (``torch.nn`` -> ``torch``);
    with ``top_level_only``, only those run when the module is imported."""
    return {name.split(".")[0] for name in imported_names(path, top_level_only)} - {
        "igraph_agent"}


def imported_names(path: Path, top_level_only: bool = False) -> set[str]:
    """Every imported dotted name (``from a.b import c`` gives ``a.b`` and ``a.b.c``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes: list[ast.AST] = []

    def collect(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            nodes.append(node)
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    collect([n for n in inner if isinstance(n, ast.stmt)] +
                            [s for h in inner if isinstance(h, ast.ExceptHandler) for s in h.body])

    if top_level_only:
        collect(tree.body)
    else:
        nodes = list(ast.walk(tree))
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


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


def test_every_package_import_follows_the_layers_of_the_architecture_map():
    assert layer_violations(package_graph()) == []


def test_imports_against_the_layers_are_reported():
    graph = {"igraph_agent.tools.paths": {"igraph_agent.runtime.loop", "igraph_agent.errors"},
             "igraph_agent.model.offline": {"igraph_agent.tools.registry"},
             "igraph_agent.store.db": {"igraph_agent.graph.session"},
             "igraph_agent.response": {"igraph_agent.store.db"},
             "igraph_agent.newthing.x": {"igraph_agent.store"},
             "igraph_agent.jupyter.magics": {"igraph_agent.runtime.agent", "igraph_agent.cli"}}
    assert layer_violations(graph) == [
        "igraph_agent.model.offline -> igraph_agent.tools.registry: model may not import tools",
        "igraph_agent.newthing.x -> igraph_agent.store: newthing is in no layer",
        "igraph_agent.response -> igraph_agent.store.db: the vocabulary imports no layer",
        "igraph_agent.store.db -> igraph_agent.graph.session: store may not import graph",
        "igraph_agent.tools.paths -> igraph_agent.runtime.loop: tools may not import runtime",
    ]


def test_nothing_below_jupyter_imports_ipython_or_widgets():
    found = {m: external_imports(p) & NOTEBOOK_LIBS for m, p in modules().items()
             if package_of(m) in NO_NOTEBOOK}
    assert {m: libs for m, libs in found.items() if libs} == {}


def test_heavy_libraries_are_imported_only_inside_functions():
    mods = modules()
    found = {m: external_imports(p, top_level_only=True) & HEAVY_LIBS
             for m, p in mods.items() if m not in HEAVY_WRAPPERS}
    assert {m: libs for m, libs in found.items() if libs} == {}
    eager = {m: imported_names(p, top_level_only=True) & HEAVY_WRAPPERS
             for m, p in mods.items()}
    assert {m: w for m, w in eager.items() if w} == {}


def test_the_import_readers_see_lazy_and_top_level_imports_apart(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("import json\nfrom typing import TYPE_CHECKING\n"
                     "if TYPE_CHECKING:\n    import torch\n"
                     "try:\n    import igraph\nexcept ImportError:\n    igraph = None\n"
                     "def f():\n    import litellm\n", encoding="utf-8")
    assert external_imports(probe, top_level_only=True) == {"json", "typing", "igraph"}
    assert external_imports(probe) == {"json", "typing", "torch", "igraph", "litellm"}
