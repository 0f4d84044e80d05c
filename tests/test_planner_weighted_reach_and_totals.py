"""An edge value read in the table's own words: the nodes reached from a named node within
a distance (the node named before or after the distance), the node whose edges send or
receive "the largest number of" a count column's items in total (a sum, not a count of
partners), and the single edge named by its two column nouns ("which sender-receiver pair
has the highest count"). networkx is the oracle, on tables with different vocabularies."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

LINES = pd.DataFrame([("Alder", "Birch", 4), ("Birch", "Cedar", 3), ("Cedar", "Elm", 9),
                      ("Alder", "Elm", 15), ("Elm", "Fir", 2), ("Fir", "Hazel", 6),
                      ("Birch", "Hazel", 12), ("Hazel", "Oak", 5)],
                     columns=["substation_a", "substation_b", "length_km"])
TRAILS = pd.DataFrame([("Ridge", "Tarn", 35), ("Tarn", "Bothy", 20), ("Ridge", "Cairn", 60),
                       ("Cairn", "Bothy", 10), ("Bothy", "Scree", 45), ("Tarn", "Scree", 90)],
                      columns=["camp_a", "camp_b", "walk_min"])
SHIPS = pd.DataFrame([("Leeds", "Hull", 12), ("Leeds", "York", 3), ("Derby", "Hull", 30),
                      ("York", "Bath", 8), ("Hull", "Bath", 5), ("Derby", "Leeds", 2),
                      ("Bath", "Leeds", 9), ("York", "Hull", 4), ("Leeds", "Bath", 2)],
                     columns=["depot_from", "depot_to", "tonnes"])
CALLS = pd.DataFrame([("ana", "bo", 7), ("ana", "cy", 1), ("ana", "dee", 1), ("bo", "cy", 2),
                      ("eli", "cy", 9), ("dee", "bo", 3), ("cy", "ana", 4)],
                     columns=["caller", "callee", "n_calls"])
FRIENDS = pd.DataFrame([("Ava", "Ben", 3), ("Ben", "Cleo", 12), ("Cleo", "Dan", 7),
                        ("Ava", "Dan", 20), ("Dan", "Eve", 1)],
                       columns=["person", "friend", "years_known"])
GRAPHS = {"lines": (LINES, False), "trails": (TRAILS, False), "ships": (SHIPS, True),
          "calls": (CALLS, True), "friends": (FRIENDS, False)}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents, name: str, question: str):
    table, directed = GRAPHS[name]
    a, b, col = table.columns
    g = nx.from_pandas_edgelist(table, a, b, edge_attr=col,
                                create_using=nx.DiGraph if directed else nx.Graph)
    return agents[name].ask(question, attach=[table]), g, col


@pytest.mark.parametrize("name,question,start,limit", [
    ("lines", "how many substations can be reached from Alder within 10 km?", "Alder", 10),
    ("lines", "from Elm, how many substations lie no more than 8 km away?", "Elm", 8),
    ("lines", "which substations are at most 9 km away from Hazel?", "Hazel", 9),
    ("trails", "how many camps can I get to from Ridge within 60 min?", "Ridge", 60),
    ("trails", "starting from Scree, which camps are within a radius of 70 min?", "Scree", 70),
])
def test_the_nodes_reached_within_a_distance_of_a_named_node(agents, name, question, start,
                                                             limit):
    resp, g, col = _ask(agents, name, question)
    dist = nx.single_source_dijkstra_path_length(g, start, weight=col)
    inside = {n for n, d in dist.items() if n != start and d <= limit}
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(inside)}** node(s)"), resp.answer
    assert all(n in resp.answer for n in inside), resp.answer
    assert not any(n in resp.answer for n in set(g) - inside - {start}), resp.answer


def test_a_sum_of_a_strength_column_is_no_distance_to_reach_within(agents):
    resp, _, _ = _ask(agents, "ships", "which depots are at most 10 tonnes from Leeds?")
    assert not any(a.tool == "hop_counts" for a in resp.actions), resp.answer


@pytest.mark.parametrize("name,question,side", [
    ("ships", "which depot shipped the largest number of tonnes in total?", "out"),
    ("ships", "which depot received the greatest amount of tonnes overall?", "in"),
    ("calls", "who received the largest number of calls in total (sum of n_calls)?", "in"),
])
def test_the_largest_number_of_a_count_columns_items_is_their_sum(agents, name, question,
                                                                 side):
    resp, g, col = _ask(agents, name, question)
    sums = dict(g.out_degree(weight=col) if side == "out" else g.in_degree(weight=col))
    top = max(sums, key=sums.get)
    assert list(sums.values()).count(sums[top]) == 1
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{top}**"), resp.answer
    assert f"**{sums[top]}**" in resp.answer, resp.answer


def test_the_largest_number_of_nodes_at_the_other_end_stays_a_count_of_them(agents):
    resp, g, _ = _ask(agents, "calls", "which caller called the largest number of callees?")
    top = max(dict(g.out_degree()).items(), key=lambda kv: kv[1])[0]
    assert resp.status == "answered", resp.answer
    assert f"**{top}**" in resp.answer.split("\n")[0], resp.answer
    assert "n_calls" not in resp.answer.split("\n")[0], resp.answer


@pytest.mark.parametrize("name,question,end", [
    ("ships", "which depot_from-depot_to pair has the highest tonnes?", "max"),
    ("calls", "which caller-callee pair has the lowest n_calls?", "min"),
    ("friends", "which person/friend pair has the most years_known?", "max"),
])
def test_the_edge_named_by_its_two_column_nouns(agents, name, question, end):
    resp, g, col = _ask(agents, name, question)
    values = {(u, v): d[col] for u, v, d in g.edges(data=True)}
    best = (max if end == "max" else min)(values.values())
    ends = [e for e, x in values.items() if x == best]
    assert resp.status == "answered", resp.answer
    assert f"**{best}**" in resp.answer, resp.answer
    assert all(u in resp.answer and v in resp.answer for u, v in ends), resp.answer
