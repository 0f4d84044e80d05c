"""The construction of attached sources when only one reading is sensible, else none.

Unambiguous (a :class:`GraphSpec` is returned):

* one networkx graph (plus node tables);
* one edge table — endpoint columns by a known convention (source/target, from/to, …),
  or any columns that a node table's ids cover, or a table of two columns followed only by
  numeric columns whose names give them a weight role (``weight``, ``km``, ``count`` …,
  graph/semantics.py) — plus any node tables;
* one orders-like table, by the rule ``table_rule`` gives (the projection onto customers).

Ambiguous (``None``: the model reads the sources' columns and decides): two or more edge
tables or graphs, a table with more columns and no endpoint convention, no table at all.

Example::

    >>> friends = pd.DataFrame({"person": ["a", "b"], "friend": ["b", "c"], "since": [1, 2]})
    >>> people = pd.DataFrame({"id": ["a", "b", "c"], "kind": ["x", "x", "y"]})
    >>> spec = unambiguous_spec({"src_1": {"table": friends}, "src_2": {"table": people}})
    >>> spec.kind, spec.source_col, spec.target_col
    ('edge_list', 'person', 'friend')
    >>> unambiguous_spec({"src_1": {"table": friends}}) is None   # 'since' has no weight role
    True
    >>> roads = pd.DataFrame({"town_a": ["a", "b"], "town_b": ["b", "c"], "km": [5.0, 2.5]})
    >>> unambiguous_spec({"src_1": {"table": roads}}).source_col
    'town_a'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd

from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.nodetables import named_endpoints, split_node_tables
from igraph_agent.graph.semantics import weight_role

#: columns -> GraphSpec fields for an orders-like table, or None (the planner's projection rule)
TableRule = Callable[[list[str]], dict[str, Any] | None]


def unambiguous_spec(sources: dict[str, dict[str, pd.DataFrame]],
                     table_rule: TableRule | None = None,
                     directed: set[str] | frozenset[str] = frozenset()) -> GraphSpec | None:
    """The spec for these sources (source id -> its tables), or None when it is a choice.

    ``directed``: the ids of sources that are directed graphs; one of them is constructed
    directed, as it was given."""
    graphs = [sid for sid, tables in sources.items() if "edges" in tables]
    named = [(f"{sid}/{name}", df) for sid, tables in sources.items() if sid not in graphs
             for name, df in tables.items()]
    several = {sid for sid, tables in sources.items() if len(tables) > 1 and sid not in graphs}
    candidates = named + [(f"{sid}/edges", sources[sid]["edges"]) for sid in graphs]
    edges, nodes = split_node_tables(candidates)
    if graphs:
        if len(graphs) != 1 or len(edges) != 1:
            return None
        return GraphSpec(directed=graphs[0] in directed)
    if len(edges) != 1:
        return None
    label, table = edges[0]
    name = label.split("/", 1)[1]
    pick = {"table": name} if label.split("/", 1)[0] in several else {}
    cols = named_endpoints(table)
    rule = None
    if cols is None:  # (a rule is asked only when no endpoint convention decides)
        rule = table_rule(list(map(str, table.columns))) if table_rule and not nodes else None
        if nodes or _two_columns(table, valued=rule is None):
            cols = (str(table.columns[0]), str(table.columns[1]))
    if cols is not None:
        return GraphSpec(source_col=cols[0], target_col=cols[1], **pick)
    return GraphSpec(**rule, **pick) if rule else None


def _two_columns(df: pd.DataFrame, valued: bool = True) -> bool:
    """Two endpoint columns, then nothing but ``weight`` or (``valued``: no orders-like rule
    claims the table) numeric columns whose names give them a weight role (``km``,
    ``count`` ...): an edge list with edge values."""
    rest = [c for c in df.columns[2:] if str(c).lower() != "weight"
            and not (valued and pd.api.types.is_numeric_dtype(df[c])
                     and not pd.api.types.is_bool_dtype(df[c]) and weight_role(str(c)))]
    return len(df.columns) >= 2 and not rest
