"""A count of a group value stored as an abbreviation and asked in full ("how many
defenders" for ``position = DEF``, "how many nurses" for ``role = NUR``) counts that value's
nodes (networkx is the oracle), never the node total."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

PASSES = pd.DataFrame([("Ode", "Lund", 4), ("Lund", "Ode", 2), ("Lund", "Vale", 6),
                       ("Vale", "Ruiz", 3), ("Ruiz", "Moss", 5), ("Moss", "Ode", 1),
                       ("Kahn", "Lund", 2), ("Vale", "Kahn", 2)],
                      columns=["passer", "receiver", "passes"])
SQUAD = pd.DataFrame([("Ode", "GK"), ("Lund", "DEF"), ("Kahn", "DEF"), ("Vale", "MID"),
                      ("Ruiz", "MID"), ("Moss", "FWD"), ("Bo", "DEF")],
                     columns=["id", "position"])
SHIFTS = pd.DataFrame([("Ana", "Ben"), ("Ben", "Cyd"), ("Cyd", "Dee"), ("Dee", "Eve"),
                       ("Eve", "Ana"), ("Fay", "Ana")], columns=["nurse_a", "nurse_b"])
WARD = pd.DataFrame([("Ana", "NUR"), ("Ben", "DOC"), ("Cyd", "NUR"), ("Dee", "ADM"),
                     ("Eve", "NUR"), ("Fay", "DOC")], columns=["id", "role"])


def _count(nodes: pd.DataFrame, column: str, value: str) -> int:
    g = nx.Graph()
    g.add_nodes_from((n, {column: v}) for n, v in zip(nodes["id"], nodes[column], strict=True))
    return sum(1 for _, v in g.nodes(data=column) if v == value)


@pytest.mark.parametrize(("edges", "nodes", "column", "value", "question"), [
    (PASSES, SQUAD, "position", "DEF", "How many defenders are in the squad?"),
    (PASSES, SQUAD, "position", "MID", "how many midfielders are there?"),
    (SHIFTS, WARD, "role", "DOC", "How many doctors are on the ward rota?"),
    (SHIFTS, WARD, "role", "ADM", "what is the number of administrators?"),
])
def test_a_value_spelled_out_counts_its_nodes(tmp_path, edges, nodes, column, value, question):
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert f"**{_count(nodes, column, value)} nodes**" in resp.answer
    assert f"= {value}" in resp.answer
