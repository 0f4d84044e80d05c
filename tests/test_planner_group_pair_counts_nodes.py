""""How many farms in Devon sell to farms in Kent" counts nodes, which the groups' edge totals
do not give: it is asked (never answered with the number of edges, which reads as farms);
"how many shipments go from Devon to Kent" counts the edges."""

from __future__ import annotations

import random

import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files

TABLES = {"trade": ("supplier", "buyer", "county", "farms", "sell to", "shipments"),
          "mail": ("sender", "receiver", "department", "people", "email", "emails")}


def _tables(name: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    src, dst, group, *_ = TABLES[name]
    rng = random.Random(name)
    ids = [f"{'farm' if name == 'trade' else 'emp'}{i:02d}" for i in range(15)]
    pairs = sorted({tuple(rng.sample(ids, 2)) for _ in range(40)})
    edges = pd.DataFrame(pairs, columns=[src, dst])
    nodes = pd.DataFrame({"id": ids, group: [["Devon", "Kent", "Essex"][i % 3]
                                             for i in range(len(ids))]})
    return edges, nodes


@pytest.mark.parametrize("name", TABLES)
def test_nodes_counted_between_two_groups_are_asked_not_edges(tmp_path, name):
    _, _, _, nouns, verb, _ = TABLES[name]
    edges, nodes = _tables(name)
    resp = ask_as_csv_files(tmp_path, edges, nodes,
                            f"how many {nouns} in Devon {verb} {nouns} in Kent?")
    assert resp.status == "needs_clarification", resp.answer
    assert "edge(s)" not in resp.answer, resp.answer


@pytest.mark.parametrize("name", TABLES)
def test_edges_counted_between_two_groups_are_answered(tmp_path, name):
    _, _, group, _, _, things = TABLES[name]
    edges, nodes = _tables(name)
    of = dict(zip(nodes["id"], nodes[group], strict=True))
    n = sum(of[a] == "Devon" and of[b] == "Kent" for a, b in edges.itertuples(index=False))
    resp = ask_as_csv_files(tmp_path, edges, nodes, f"how many {things} go from Devon to Kent?")
    assert resp.status == "answered", resp.answer
    assert f"**{n}** edge(s)" in resp.answer, resp.answer
