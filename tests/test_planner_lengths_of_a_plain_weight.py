"""A plain ``weight`` column (a graph object's, or a table's only value) says nothing of what it
holds: a question that names a length of the edges ("the shortest trail distance", "by actual
road lengths", "the length of every road", "roads with a length of 3 or less") reads it as that
length, added up as it stands and said so; a bare "distance between A and B" stays in hops, a
time or a price no column holds is asked, and "counting hops only (ignore lengths)" leaves it
out. Checked against networkx on a graph object and on a table with other words."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for


def _trails() -> nx.Graph:
    g = nx.relabel_nodes(nx.connected_watts_strogatz_graph(24, 4, 0.3, seed=21), lambda n: f"hut{n}")
    for i, (u, v) in enumerate(g.edges()):
        g[u][v]["weight"] = 1 + (7 * i) % 9
    return g


TRAILS = _trails()
LANES = pd.DataFrame([("Ashby", "Brill", 4), ("Brill", "Colne", 2), ("Ashby", "Colne", 9),
                      ("Colne", "Dunmow", 3), ("Brill", "Dunmow", 8), ("Dunmow", "Epping", 1),
                      ("Ashby", "Epping", 12), ("Colne", "Epping", 6)],
                     columns=["site_a", "site_b", "weight"])
GRAPHS = {"trails": (TRAILS, "trail"), "lanes": (nx.from_pandas_edgelist(LANES, "site_a", "site_b",
                                                                          edge_attr="weight"), "lane")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents, name: str, question: str):
    g, _ = GRAPHS[name]
    attach = [g] if name == "trails" else [LANES]
    return agents[name].ask(question, attach=attach), g


@pytest.mark.parametrize("name,question,a,b", [
    ("trails", "What's the shortest trail distance from hut2 to hut17?", "hut2", "hut17"),
    ("trails", "how far is hut4 from hut20 by trail length?", "hut4", "hut20"),
    ("lanes", "What's the shortest total lane length from Ashby to Epping?", "Ashby", "Epping"),
    ("lanes", "Shortest haul distance between Brill and Epping?", "Brill", "Epping"),
])
def test_a_length_of_the_edges_measures_the_route_in_the_plain_weight(agents, name, question, a, b):
    resp, g = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert f"**{nx.shortest_path_length(g, a, b, weight='weight')} weight**" in resp.answer, \
        resp.answer
    assert "Taking `weight` as the" in resp.answer, resp.answer


@pytest.mark.parametrize("name,question,a,b", [
    ("trails", "What is the distance between hut2 and hut17?", "hut2", "hut17"),
    ("lanes", "What's the distance from Ashby to Epping?", "Ashby", "Epping"),
])
def test_a_bare_distance_between_two_nodes_stays_in_hops(agents, name, question, a, b):
    resp, g = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert f"**{nx.shortest_path_length(g, a, b)} hop(s)**" in resp.answer, resp.answer


@pytest.mark.parametrize("name,question", [
    ("trails", "If you add up the length of every trail, what do you get?"),
    ("trails", "Sum up the lengths of every trail - what's the total?"),
    ("lanes", "What is the total lane length?"),
])
def test_the_length_of_every_edge_added_up(agents, name, question):
    resp, g = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert f"adds up to **{g.size(weight='weight'):g}**" in resp.answer, resp.answer


@pytest.mark.parametrize("name,question,op,value", [
    ("trails", "How many trails have a length of 3 or less?", "le", 3),
    ("trails", "How many trails are shorter than 4 in length?", "lt", 4),
    ("lanes", "How many lanes have a length of 4 or more?", "ge", 4),
])
def test_edges_past_a_length_are_counted_in_the_plain_weight(agents, name, question, op, value):
    resp, g = _ask(agents, name, question)
    test = {"le": lambda x: x <= value, "lt": lambda x: x < value, "ge": lambda x: x >= value}[op]
    count = sum(1 for *_, w in g.edges(data="weight") if test(w))
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{count}** of {g.number_of_edges()} edges"), resp.answer


@pytest.mark.parametrize("name,question,weighted", [
    ("trails", "Which hut is most central if you go by actual trail lengths (closeness)?", True),
    ("trails", "Counting hops only (ignore lengths), which hut is closest on average to all the "
               "others?", False),
    ("lanes", "Which site is most central going by real lane lengths (closeness)?", True),
    ("lanes", "Counting hops only, which site is closest on average to all the others?", False),
])
def test_closeness_by_the_length_said_or_in_hops(agents, name, question, weighted):
    resp, g = _ask(agents, name, question)
    scores = nx.closeness_centrality(g, distance="weight" if weighted else None)
    best = max(scores.values())
    tops = [n for n, v in scores.items() if v == best]
    assert resp.status == "answered", resp.answer
    first = resp.answer.split("are ", 1)[1]
    assert any(first.startswith(n + " ") for n in tops), resp.answer
    assert ("1/weight" in resp.answer) is False, resp.answer


@pytest.mark.parametrize("name,question", [
    ("trails", "How many hours does it take to walk from hut1 to hut9?"),
    ("lanes", "How many minutes does it take to drive from Ashby to Epping?"),
])
def test_a_time_no_column_holds_is_asked(agents, name, question):
    resp, _ = _ask(agents, name, question)
    assert resp.status == "needs_clarification", resp.answer
    assert "`weight`" in resp.answer, resp.answer


@pytest.mark.parametrize("name,question,a,b", [
    ("trails", "How long is the shortest trip from hut3 to hut11?", "hut3", "hut11"),
    ("lanes", "How long is the shortest route from Ashby to Dunmow?", "Ashby", "Dunmow"),
])
def test_how_long_a_trip_is_its_length_in_the_plain_weight(agents, name, question, a, b):
    resp, g = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert f"**{nx.shortest_path_length(g, a, b, weight='weight')} weight**" in resp.answer, \
        resp.answer


def _closed_edge(g: nx.Graph) -> tuple[str, str]:
    """An edge whose removal leaves its ends connected."""
    bridges = {frozenset(e) for e in nx.bridges(g)}
    return next((u, v) for u, v in sorted(g.edges()) if frozenset((u, v)) not in bridges)


@pytest.mark.parametrize("name,wording", [
    ("trails", "Say the trail between {a} and {b} is closed. How long is the shortest trip from "
               "{a} to {b} then?"),
    ("lanes", "If the lane between {a} and {b} closes, what's the shortest lane distance from "
              "{a} to {b}?"),
])
def test_a_closed_edge_then_the_routes_length_in_the_plain_weight(agents, name, wording):
    g, _ = GRAPHS[name]
    a, b = _closed_edge(g)
    resp, _ = _ask(agents, name, wording.format(a=a, b=b))
    after = nx.shortest_path_length(nx.restricted_view(g, [], [(a, b)]), a, b, weight="weight")
    assert resp.status == "answered", resp.answer
    assert f"**{after} weight**" in resp.answer, resp.answer
    assert "Taking `weight` as the" in resp.answer, resp.answer


@pytest.mark.parametrize("name,question,end", [
    ("trails", "Which trail is the longest?", "max"),
    ("lanes", "Which is the shortest lane?", "min"),
])
def test_the_longest_or_shortest_edge_in_the_plain_weight(agents, name, question, end):
    resp, g = _ask(agents, name, question)
    values = [w for *_, w in g.edges(data="weight")]
    value = max(values) if end == "max" else min(values)
    assert resp.status == "answered", resp.answer
    assert f"is **{value}**" in resp.answer and "Taking `weight` as the" in resp.answer, resp.answer


@pytest.mark.parametrize("name,question", [
    ("trails", "What's the longest shortest trail distance between any two huts?"),
    ("lanes", "Measured by lane length, what is the diameter?"),
])
def test_the_diameter_in_the_plain_weight_read_as_a_length(agents, name, question):
    resp, g = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert f"**{nx.diameter(g, weight='weight')} weight**" in resp.answer, resp.answer
