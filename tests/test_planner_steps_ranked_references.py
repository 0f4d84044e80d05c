"""A node named by a ranking or by its distance, inside another ask, is found first and the
ask answered about it ("which unit is the most tipped-off agent in", "who called up the
person who got called the most", "what is the degree of the stall closest to Bakery"),
against networkx on two tables with different words. A directed table's own verb reads
with a particle ("tip off", "call up") and in its doubled forms ("tipped"), and a node
table's columns ("agent", "phone") are never read as the edges' verb: "who tips off the
most agents" is the most tips sent, not received."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files
from tests.planner_tables import COURIERS, table_graph

TIPS = pd.DataFrame([("Oriole", "Pike"), ("Oriole", "Quill"), ("Pike", "Quill"), ("Quill", "Raven"),
                     ("Raven", "Sable"), ("Sable", "Tern"), ("Tern", "Raven"), ("Quill", "Umber"),
                     ("Umber", "Vole"), ("Pike", "Raven"), ("Oriole", "Raven"), ("Umber", "Raven"),
                     ("Sable", "Umber")], columns=["tipster", "recipient"])
AGENTS = pd.DataFrame([("Oriole", "red"), ("Pike", "red"), ("Quill", "red"), ("Raven", "blue"),
                       ("Sable", "blue"), ("Tern", "blue"), ("Umber", "green"), ("Vole", "green")],
                      columns=["agent", "unit"])
CALLS = pd.DataFrame([("Ann", "Ben"), ("Ann", "Cal"), ("Ben", "Cal"), ("Dee", "Cal"), ("Cal", "Dee"),
                      ("Eve", "Ann"), ("Eve", "Cal"), ("Eve", "Dee")],
                     columns=["caller", "callee"])
PHONES = pd.DataFrame([(n, "day" if n < "D" else "night") for n in "Ann Ben Cal Dee Eve".split()],
                      columns=["phone", "shift"])
STALLS = pd.DataFrame([("Bakery", "Cheeses", 12), ("Bakery", "Dates", 30), ("Cheeses", "Dates", 9),
                       ("Dates", "Eggs", 14), ("Eggs", "Figs", 6), ("Figs", "Grains", 20),
                       ("Eggs", "Grains", 11), ("Grains", "Herbs", 8), ("Herbs", "Honey", 5),
                       ("Honey", "Jams", 7), ("Grains", "Jams", 25), ("Jams", "Kale", 4),
                       ("Cheeses", "Eggs", 22), ("Grains", "Kale", 18)],
                      columns=["stall_1", "stall_2", "metres"])
AISLES = pd.DataFrame([(n, "A" if n < "E" else "B" if n < "H" else "C") for n in
                       sorted(set(STALLS.stall_1) | set(STALLS.stall_2))], columns=["stall", "aisle"])
DEPOTS = pd.DataFrame([(n, "east" if n in ("Hull", "Goole", "Selby") else "north")
                       for n in sorted(set(COURIERS.depot_a) | set(COURIERS.depot_b))],
                      columns=["depot", "region"])

DIRECTED = {"tips": (TIPS, AGENTS), "calls": (CALLS, PHONES)}


def _digraph(edges: pd.DataFrame) -> nx.DiGraph:
    return nx.from_pandas_edgelist(edges, *edges.columns[:2], create_using=nx.DiGraph)


def _top(scores: dict) -> str:
    best = max(scores.values())
    tops = [n for n, v in scores.items() if v == best]
    assert len(tops) == 1, tops  # the fixture's ranking has one top
    return tops[0]


def _then(answer: str, node: str) -> str:
    marker = f"Then, for **{node}**:"
    assert marker in answer, answer
    return answer.split(marker, 1)[1]


@pytest.mark.parametrize("name,question", [
    ("tips", "who tips off the most agents?"),
    ("calls", "who calls the most phones?"),
])
def test_a_node_table_s_columns_are_no_verb_of_the_edges(tmp_path, name, question):
    edges, nodes = DIRECTED[name]
    top = _top(dict(_digraph(edges).out_degree()))
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert "out-degree" in resp.answer and f"**{top}** leads" in resp.answer, resp.answer


@pytest.mark.parametrize("name,question", [
    ("tips", "who tipped off the agent who received the most tips?"),
    ("calls", "who called up the phone that got called the most?"),
])
def test_who_acts_on_the_top_of_a_ranking_said_with_a_particle(tmp_path, name, question):
    edges, nodes = DIRECTED[name]
    g = _digraph(edges)
    top = _top(dict(g.in_degree()))
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    rest = _then(resp.answer, top)
    assert f"**{g.in_degree(top)}** node(s) have an edge into {top}" in rest, rest
    assert all(n in rest for n in g.predecessors(top)), rest


@pytest.mark.parametrize("name,attr,question", [
    ("tips", "unit", "which unit is the most tipped-off agent in?"),
    ("calls", "shift", "which shift does the phone that got called the most belong to?"),
    ("calls", "shift", "what shift is the most called phone in?"),
])
def test_the_group_of_a_ranked_node_is_its_own_attribute(tmp_path, name, attr, question):
    edges, nodes = DIRECTED[name]
    top = _top(dict(_digraph(edges).in_degree()))
    value = dict(zip(nodes.iloc[:, 0], nodes[attr], strict=True))[top]
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert f"{top} has {attr} **{value}**" in _then(resp.answer, top), resp.answer


@pytest.mark.parametrize("edges,nodes,weight,start,question", [
    (STALLS, AISLES, "metres", "Bakery", "what is the degree of the stall closest to Bakery?"),
    (STALLS, AISLES, "metres", "Kale", "how many links does the stall nearest to Kale have?"),
    (COURIERS, DEPOTS, "drive_min", "Whitby",
     "what is the degree of the depot closest to Whitby by drive_min?"),
])
def test_a_node_named_by_its_distance_feeds_the_second_step(tmp_path, edges, nodes, weight,
                                                            start, question):
    g = table_graph(edges, weight)
    dist = nx.single_source_dijkstra_path_length(g, start, weight=weight)
    near = min(d for n, d in dist.items() if n != start)
    (nearest,) = [n for n, d in dist.items() if d == near and n != start]
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert f"{nearest} has degree **{g.degree(nearest)}**" in _then(resp.answer, nearest), \
        resp.answer


@pytest.mark.parametrize("edges,nodes,weight,start,question", [
    (STALLS, AISLES, "metres", "Bakery",
     "who are the neighbours of the stall farthest from Bakery in metres?"),
    (COURIERS, DEPOTS, "drive_min", "Hull",
     "list the neighbours of the depot farthest from Hull by drive_min"),
])
def test_the_farthest_node_feeds_the_second_step(tmp_path, edges, nodes, weight, start, question):
    g = table_graph(edges, weight)
    far = _top(nx.single_source_dijkstra_path_length(g, start, weight=weight))
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    rest = _then(resp.answer, far)
    assert all(n in rest for n in g[far]), rest


def test_a_tie_for_the_nearest_node_is_asked(tmp_path):
    ties = pd.DataFrame([("Ro", "Sa", 3), ("Ro", "Ti", 3), ("Sa", "Ti", 1), ("Ti", "Uv", 2)],
                        columns=["hut_a", "hut_b", "trail_km"])
    huts = pd.DataFrame([(n, "low") for n in ("Ro", "Sa", "Ti", "Uv")], columns=["hut", "zone"])
    resp = ask_as_csv_files(tmp_path, ties, huts, "what is the degree of the hut closest to Ro?")
    assert resp.status == "needs_clarification", resp.answer
