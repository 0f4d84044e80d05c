"""A group total on a directed table whose groups mix in more pairs than a result lists (its
mixing list ends with a "… N more" marker): "which country's firms receive the most tonnes in
total" is answered, with the group's own within-group amount exact (it crashed the planner).
networkx is the oracle, on two tables with their own words and node tables."""

from __future__ import annotations

import itertools

import networkx as nx
import pandas as pd
import pytest


def _tables(kinds: list[str], per: int, value: str, ends: tuple[str, str], attr: str, seed: int):
    nodes = [(f"{k.lower()}_{i}", k) for k in kinds for i in range(per)]
    rows = []
    for n, ((a, _), (b, _)) in enumerate(itertools.permutations(nodes, 2)):
        if (n * 7 + seed) % 5 == 0:
            rows.append((a, b, 10 + (n * 13 + seed) % 90))
    return (pd.DataFrame(rows, columns=[*ends, value]),
            pd.DataFrame(nodes, columns=["id", attr]))


CASES = {
    "shipments": (*_tables(["China", "Brazil", "Sweden", "Kenya", "Peru", "Chile"], 3, "tonnes",
                           ("shipper", "consignee"), "country", 1),
                  "Which country's firms receive the most tonnes in total?", "in"),
    "rides": (*_tables(["North", "South", "East", "West", "Centre"], 3, "riders",
                       ("from_station", "to_station"), "region", 3),
              "which region's stations send the most riders in total?", "out"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_group_total_with_many_group_pairs_is_answered(tmp_path, name):
    from planner_support import ask_as_csv_files

    edges, nodes, question, side = CASES[name]
    value, attr = edges.columns[2], nodes.columns[1]
    g = nx.from_pandas_edgelist(edges, *edges.columns[:2], edge_attr=value,
                                create_using=nx.DiGraph)
    group = dict(zip(nodes["id"], nodes[attr], strict=True))
    pairs = {(group[u], group[v]) for u, v in g.edges()}
    assert len(pairs) > 20  # more pairs than a result lists
    totals: dict[str, float] = {}
    for u, v, w in g.edges(data=value):
        key = group[v] if side == "in" else group[u]
        totals[key] = totals.get(key, 0) + w
    best = max(totals.values())
    top = [k for k, t in totals.items() if t == best]
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", (resp.status, resp.answer, resp.error)
    assert all(f"**{k}**" in resp.answer for k in top), resp.answer
    assert f"**{best}**" in resp.answer, resp.answer
    inside = sum(w for u, v, w in g.edges(data=value) if group[u] == group[v] == top[0])
    assert f"{inside} within" in resp.answer, resp.answer
