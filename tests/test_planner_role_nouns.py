"""The planner reads a directed table's column names as the roles its nodes play: "which
sender has the largest count in total" sums what each sends, "which department receives the
most mail" ranks the departments (never one node), "which region has more depots" compares
the groups' sizes."""

from __future__ import annotations

import random

import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files

GRAPHS = {
    # (source column, target column, value column, group column, the nodes' prefix)
    "mail": ("sender", "receiver", "count", "department", "emp"),
    "freight": ("shipper", "consignee", "loads", "region", "depot"),
}


def _tables(name: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    src, dst, value, group, prefix = GRAPHS[name]
    rng = random.Random(name)
    nodes = [f"{prefix}{i:02d}" for i in range(18)]
    groups = ["North", "South", "West"]
    pairs = {(a, b) for a in nodes for b in nodes if a != b and rng.random() < 0.2}
    edges = pd.DataFrame([(a, b, rng.randint(1, 9)) for a, b in sorted(pairs)],
                         columns=[src, dst, value])
    node_table = pd.DataFrame({"id": nodes, group: [groups[i % 3] if i < 15 else "North"
                                                   for i in range(len(nodes))]})
    return edges, node_table


def _sums(edges: pd.DataFrame, end: str, value: str) -> pd.Series:
    return edges.groupby(end)[value].sum().sort_values(ascending=False)


@pytest.mark.parametrize("name", GRAPHS)
@pytest.mark.parametrize("role", ["source", "target"])
def test_a_role_noun_sums_that_side_of_each_nodes_edges(tmp_path, name, role):
    src, dst, value, _, _ = GRAPHS[name]
    edges, nodes = _tables(name)
    end = src if role == "source" else dst
    sums = _sums(edges, end, value)
    top = [n for n, v in sums.items() if v == sums.iloc[0]]  # a tie: any of them leads
    r = ask_as_csv_files(tmp_path, edges, nodes, f"which {end} has the largest {value} in total")
    assert r.status == "answered", r.answer
    assert any(r.answer.startswith(f"**{n}**") for n in top), r.answer
    assert f"**{sums.iloc[0]}**" in r.answer, r.answer


@pytest.mark.parametrize("name", GRAPHS)
@pytest.mark.parametrize("verb", ["sends", "receives"])
def test_which_group_sends_the_most_mail_ranks_the_groups_not_a_node(tmp_path, name, verb):
    src, dst, value, group, _ = GRAPHS[name]
    edges, nodes = _tables(name)
    end = src if verb == "sends" else dst
    of = edges.merge(nodes, left_on=end, right_on="id")
    totals = of.groupby(group)[value].sum().sort_values(ascending=False)
    noun = "mail" if name == "mail" else value  # "mail": the count column's items
    r = ask_as_csv_files(tmp_path, edges, nodes, f"which {group} {verb} the most {noun}")
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"**{totals.index[0]}**"), r.answer
    assert f"**{totals.iloc[0]}**" in r.answer, r.answer


@pytest.mark.parametrize("name", GRAPHS)
@pytest.mark.parametrize("wording, most", [("which {g} has more members", True),
                                           ("which {g} has fewer members", False),
                                           ("which {g} is bigger", True)])
def test_which_group_has_more_members_compares_the_group_sizes(tmp_path, name, wording, most):
    _, _, _, group, _ = GRAPHS[name]
    edges, nodes = _tables(name)
    sizes = nodes[group].value_counts()
    best = sizes.idxmax() if most else sizes.idxmin()
    r = ask_as_csv_files(tmp_path, edges, nodes, wording.format(g=group))
    assert r.status == "answered", r.answer
    assert r.answer.startswith(f"**{best}**"), r.answer
    assert f"**{sizes[best]}**" in r.answer, r.answer
