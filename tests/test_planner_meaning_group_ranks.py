"""Groups of a node attribute ranked by their own edges: "which division has the most
internal ties" (edges inside each group), "average degree per nation" (each group's mean
degree), "which club is the most isolated" (the fewest edges to other groups, asked when
the count and the share name different groups). networkx is the oracle."""

from __future__ import annotations

from collections import Counter
from statistics import mean

import networkx as nx
import pandas as pd
import pytest

from igraph_agent import Agent

TIES = pd.DataFrame([("p1", "p2"), ("p1", "p3"), ("p2", "p3"), ("p3", "p4"), ("p4", "p5"),
                     ("p5", "p6"), ("p4", "p6"), ("p6", "p7"), ("p2", "p7")],
                    columns=["member_x", "member_y"])
PEOPLE = pd.DataFrame([("p1", "Legal", "Peru"), ("p2", "Legal", "Chile"),
                       ("p3", "Sales", "Peru"), ("p4", "Sales", "Chile"), ("p5", "Ops", "Peru"),
                       ("p6", "Ops", "Chile"), ("p7", "Legal", "Peru")],
                      columns=["member", "division", "nation"])
PASSES = pd.DataFrame([("ann", "bo"), ("ann", "cy"), ("bo", "cy"), ("cy", "dee"), ("dee", "ed"),
                       ("ed", "fay"), ("dee", "fay"), ("fay", "gus"), ("gus", "hal"),
                       ("hal", "ann"), ("bo", "dee"), ("gus", "ivy"), ("hal", "ivy")],
                      columns=["passer", "teammate"])
PLAYERS = pd.DataFrame([("ann", "Rovers", "wing"), ("bo", "Rovers", "back"),
                        ("cy", "Rovers", "wing"), ("dee", "United", "back"),
                        ("ed", "United", "wing"), ("fay", "United", "back"),
                        ("gus", "City", "wing"), ("hal", "City", "back"),
                        ("ivy", "City", "wing")],
                       columns=["player", "club", "position"])
CASES = {"office": (TIES, PEOPLE), "pitch": (PASSES, PLAYERS)}


def _ask(tmp_path, name: str, question: str):
    edges, nodes = CASES[name]
    edges.to_csv(tmp_path / "edges.csv", index=False)
    nodes.to_csv(tmp_path / "nodes.csv", index=False)
    agent = Agent(home=tmp_path / "project")
    try:
        return agent.ask(question, attach=[str(tmp_path / "edges.csv"),
                                           str(tmp_path / "nodes.csv")])
    finally:
        agent.close()


def _graph(name: str) -> tuple[nx.Graph, dict[str, str]]:
    edges, nodes = CASES[name]
    g = nx.Graph(list(edges.itertuples(index=False, name=None)))
    return g, dict(zip(nodes.iloc[:, 0], nodes.iloc[:, 1], strict=True))


def _within(name: str) -> Counter:
    g, group = _graph(name)
    return Counter(group[a] for a, b in g.edges() if group[a] == group[b])


@pytest.mark.parametrize("name, question", [
    ("office", "which division has the most internal ties"),
    ("office", "Which division has the most ties within itself?"),
    ("pitch", "which club has the most internal passes?"),
    ("pitch", "What club has the most internal connections"),
])
def test_which_group_has_the_most_internal_ties_counts_the_edges_inside_each(
        tmp_path, name, question):
    resp = _ask(tmp_path, name, question)
    within = _within(name)
    best = max(within.values())
    top = sorted(g for g, n in within.items() if n == best)
    assert resp.status == "answered", resp.answer
    assert all(f"**{g}**" in resp.answer for g in top)
    assert f"the most edges within the group: **{best}**" in resp.answer


def _mean_degree(name: str, attr_col: int) -> dict[str, float]:
    g, _ = _graph(name)
    nodes = CASES[name][1]
    group = dict(zip(nodes.iloc[:, 0], nodes.iloc[:, attr_col], strict=True))
    by: dict[str, list[int]] = {}
    for n, d in g.degree():
        by.setdefault(group[n], []).append(d)
    return {k: mean(v) for k, v in by.items()}


@pytest.mark.parametrize("name, question, col", [
    ("office", "which nation has the highest average degree?", 2),
    ("office", "Which division has the highest mean degree", 1),
    ("pitch", "which position has the highest average degree?", 2),
    ("pitch", "which club has the lowest average degree", 1),
])
def test_which_group_has_the_highest_average_degree_is_its_members_mean_degree(
        tmp_path, name, question, col):
    resp = _ask(tmp_path, name, question)
    means = _mean_degree(name, col)
    pick = min if "lowest" in question else max
    best = pick(means.values())
    top = sorted(g for g, v in means.items() if v == best)
    assert len(set(means.values())) > 1
    assert resp.status == "answered", resp.answer
    assert all(f"**{g}**" in resp.answer for g in top)
    assert f"**{best:.4g}**" in resp.answer


@pytest.mark.parametrize("name, question, col", [
    ("office", "average degree per nation", 2), ("pitch", "mean degree by club", 1)])
def test_average_degree_per_group_lists_each_groups_mean(tmp_path, name, question, col):
    resp = _ask(tmp_path, name, question)
    assert resp.status == "answered", resp.answer
    for g, v in _mean_degree(name, col).items():
        assert f"{g} ({v:.4g})" in resp.answer


def test_the_most_isolated_group_is_asked_when_count_and_share_disagree(tmp_path):
    resp = _ask(tmp_path, "office", "which division is the most isolated")
    assert resp.status == "needs_clarification", resp.answer


def test_the_most_isolated_group_has_the_fewest_edges_to_other_groups(tmp_path):
    resp = _ask(tmp_path, "pitch", "Which club is the most isolated?")
    g, group = _graph("pitch")
    cross = Counter()
    for a, b in g.edges():
        if group[a] != group[b]:
            cross[group[a]] += 1
            cross[group[b]] += 1
    fewest = min(cross.values())
    (top,) = [c for c, n in cross.items() if n == fewest]
    assert resp.status == "answered", resp.answer
    assert f"**{top}**" in resp.answer and f"**{fewest}**" in resp.answer


@pytest.mark.parametrize("column, question", [
    ("meetings", "which division has the most internal meetings"),
    ("calls_made", "Which division has the most internal calls?"),
])
def test_a_groups_internal_edge_value_is_never_answered_with_its_edge_count(
        tmp_path, column, question):
    edges = TIES.assign(**{column: [3, 1, 5, 2, 4, 6, 1, 2, 1]})
    edges.to_csv(tmp_path / "edges.csv", index=False)
    PEOPLE.to_csv(tmp_path / "nodes.csv", index=False)
    agent = Agent(home=tmp_path / "project")
    try:
        resp = agent.ask(question, attach=[str(tmp_path / "edges.csv"),
                                           str(tmp_path / "nodes.csv")])
    finally:
        agent.close()
    assert "edges within the group" not in (resp.answer or "")


@pytest.mark.parametrize("name, node, question", [
    ("office", "p5", "which division is p5 in, and how many people does it have?"),
    ("pitch", "gus", "which club does gus play for? how many players are in it?"),
])
def test_a_nodes_group_and_that_groups_size_are_answered_together(tmp_path, name, node,
                                                                   question):
    _, group = _graph(name)
    resp = _ask(tmp_path, name, question)
    assert resp.status == "answered", resp.answer
    size = sum(1 for g in group.values() if g == group[node])
    assert f"**{group[node]}**" in resp.answer and f"one of the {size} nodes" in resp.answer


def test_a_nodes_group_with_another_count_asked_is_only_partly_answered(tmp_path):
    resp = _ask(tmp_path, "pitch", "which club is gus in and how many passes did gus make?")
    assert resp.status == "needs_clarification", resp.answer
