"""Two groups of a node attribute asked as a pair ("which two teams have the most links
between them") are the pair of different groups with the most (fewest) edges between them,
both ways added up on a directed table, an edge value summed when the question counts it
("the most messages" on a ``count`` column); "how big is the legal team" is that group's
size. networkx is the oracle, on two tables with their own words."""

from __future__ import annotations

from collections import Counter

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_as_csv_files

_OFFICE = nx.relabel_nodes(nx.gnm_random_graph(24, 60, seed=1), lambda n: f"emp{n:02d}")
OFFICE_NODES = pd.DataFrame([(n, ["legal", "ops", "sales", "tech"][i % 4] if i < 20 else "ops")
                             for i, n in enumerate(sorted(_OFFICE))], columns=["emp", "team"])
OFFICE = pd.DataFrame(list(_OFFICE.edges()), columns=["emp_a", "emp_b"])
_MAIL = nx.relabel_nodes(nx.gnm_random_graph(18, 70, seed=1, directed=True), lambda n: f"p{n:02d}")
MAIL = pd.DataFrame([(u, v, 1 + (3 * i) % 7) for i, (u, v) in enumerate(_MAIL.edges())],
                    columns=["sender", "receiver", "count"])
MAIL_NODES = pd.DataFrame([(n, ["HR", "Ops", "Sales"][i % 3]) for i, n in enumerate(sorted(_MAIL))],
                          columns=["person", "department"])


def _pairs(edges: pd.DataFrame, nodes: pd.DataFrame, value: str | None = None) -> Counter:
    group = dict(zip(nodes.iloc[:, 0], nodes.iloc[:, 1], strict=True))
    out: Counter = Counter()
    for row in edges.itertuples(index=False):
        a, b = group[row[0]], group[row[1]]
        if a != b:
            out[tuple(sorted((a, b)))] += getattr(row, value) if value else 1
    return out


@pytest.mark.parametrize("edges, nodes, value, question", [
    (OFFICE, OFFICE_NODES, None, "Which two teams have the most links between them?"),
    (OFFICE, OFFICE_NODES, None, "which pair of teams has the fewest edges between them?"),
    (MAIL, MAIL_NODES, None, "which two departments have the most links between them?"),
    (MAIL, MAIL_NODES, "count", "which two departments exchange the most messages between them?"),
    (MAIL, MAIL_NODES, "count", "which two departments exchange the most messages?"),
    (MAIL, MAIL_NODES, "count", "which 2 departments send each other the most messages"),
    (MAIL, MAIL_NODES, "count", "which two departments ship the most count between them?"),
])
def test_the_pair_of_groups_with_the_most_edges_between_them_is_named(tmp_path, edges, nodes,
                                                                      value, question):
    pairs = _pairs(edges, nodes, value)
    pick = min if "fewest" in question else max
    best = pick(pairs.values())
    assert list(pairs.values()).count(best) == 1, "the oracle's best pair must be unique"
    (a, b), = [p for p, n in pairs.items() if n == best]
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{a}**–**{b}** has the "), resp.answer
    assert f"**{best}**" in resp.answer, resp.answer


@pytest.mark.parametrize("question", ["how big is the legal team?",
                                      "what is the size of the legal team?"])
def test_how_big_a_named_group_is_counts_its_members(tmp_path, question):
    resp = ask_as_csv_files(tmp_path, OFFICE, OFFICE_NODES, question)
    assert resp.status == "answered", resp.answer
    size = int((OFFICE_NODES.team == "legal").sum())
    assert resp.answer.startswith(f"**{size} nodes** match team = legal"), resp.answer

