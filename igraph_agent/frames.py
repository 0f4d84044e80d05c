"""Tool results as pandas DataFrames: what ``AgentResponse.frames`` holds.

Every successful tool result of a run that holds a table (a list of records, or a
mapping of rows) becomes one DataFrame, named after what it measures: ``pagerank`` (or
``betweenness``, ``degree`` …) for ``node_centrality``'s ranking, ``communities`` for
``community_detection``'s, ``mixing`` for a mixing matrix. A table of a tool not listed
in ``NAMES`` is named after its field; a previewed optimization's ``operations`` after its
plan (``operations_plan_…``), so the table under a run tells which plan it lists. A second table of the same name (the same measure
asked twice) is ``pagerank_2``, in call order.

Example::

    >>> data = {"call_1": {"tool": "node_centrality", "measure": "pagerank",
    ...                    "top": [{"node": "a", "score": 0.4}, {"node": "b", "score": 0.3}]}}
    >>> frames = frames_of(data)
    >>> list(frames), frames["pagerank"]["node"].tolist()
    (['pagerank'], ['a', 'b'])
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

Namer = str | Callable[[dict[str, Any]], str]

#: tool -> {its table field -> the frame's name (or a function of the result's data)}
NAMES: dict[str, dict[str, Namer]] = {
    "node_centrality": {"top": lambda d: str(d.get("measure") or "centrality")},
    "degree_analysis": {"top": lambda d: {"in": "in_degree", "out": "out_degree"}.get(
                            str(d.get("direction")), "degree"),
                        "distribution": "degree_distribution"},
    "community_detection": {"largest_communities": "communities", "membership": "membership"},
    "bridge_nodes": {"bridges": "bridges"},
    "shortest_path": {"path": "path"},
    "local_analysis": {"neighbours_by_hop": "neighbours"},
    "compare_nodes": {"nodes": "comparison", "pairs": "pairs"},
    "count_triangles": {"top": "triangles"},
    "search_node": {"candidates": "candidates"},
    "search_edge": {"edges": "edge_matches"},
    "subgraph_extraction": {"node_ids": "subgraph_nodes"},
    # named after its plan: a modified plan, previewed again, is another table
    "preview_graph_optimization": {"operations": lambda d: f"operations_{d.get('plan_id') or 'plan'}"},
    # what the graph is, how it was set up or where a file went: no result table
    **{name: {} for name in ("get_graph_info", "construct_graph", "load_constructed_graph",
                             "load_skill", "list_workspace", "remember", "get_job_status",
                             "visualize_subgraph", "export_subgraph", "create_analysis_report",
                             "find_tools")},
}
#: fields that hold records but are not a result table (what was asked, not what was found)
SKIPPED = {"requested", "criteria", "seeds"}


def frames_of(data: dict[str, dict[str, Any]]) -> dict[str, pd.DataFrame]:
    """``AgentResponse.data`` (call id -> ``{"tool": …, **result}``) as named DataFrames.

    A tool with a result model (``igraph_agent/results/``) gives a frame for each field its
    model declares a ``Table`` (and a mapping of rows, such as a mixing matrix); a tool
    without one (a remote MCP tool) for each field that holds records."""
    import pandas as pd

    tables = declared_tables()
    out: dict[str, pd.DataFrame] = {}
    for result in data.values():
        tool = str(result.get("tool", ""))
        declared = NAMES.get(tool)
        for field, value in result.items():
            if field in SKIPPED or field == "tool":
                continue
            if (tool in tables and field not in tables[tool] and isinstance(value, list)
                    and field not in (declared or {})):
                continue  # a list neither the tool's model nor NAMES calls a table
            namer = declared.get(field) if declared is not None else field
            if namer is None:
                continue
            frame = _table(value, pd)
            if frame is None:
                continue
            name = namer(result) if callable(namer) else namer
            out[_unique(name, out)] = frame
    return out


@functools.cache
def declared_tables() -> dict[str, frozenset[str]]:
    """Tool name -> the fields its result model declares ``Table`` (``ToolData.table_fields``);
    a model ``DegreeAnalysisResult`` is the result of ``degree_analysis``."""
    import importlib
    import pkgutil

    import igraph_agent.results as results

    out: dict[str, frozenset[str]] = {}
    for info in pkgutil.iter_modules(results.__path__):
        module = importlib.import_module(f"{results.__name__}.{info.name}")
        for name, value in vars(module).items():
            if (isinstance(value, type) and issubclass(value, results.ToolData)
                    and name.endswith("Result") and value is not results.OpenResult):
                tool = re.sub(r"(?<!^)(?=[A-Z])", "_", name[:-len("Result")]).lower()
                out[tool] = frozenset(value.table_fields())
    return out


def _table(value: Any, pd: Any) -> pd.DataFrame | None:
    """Records (a list of dicts) or rows (a dict of dicts) as a DataFrame, else None."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return pd.DataFrame.from_records(value)
    if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
        return pd.DataFrame.from_dict(value, orient="index")
    return None


def _unique(name: str, taken: dict[str, Any]) -> str:
    if name not in taken:
        return name
    i = 2
    while f"{name}_{i}" in taken:
        i += 1
    return f"{name}_{i}"
