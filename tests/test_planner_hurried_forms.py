"""Forms a hurried user types, each answered as the plain question would be: "# cut vertices
and # bridges" counts both; "List the accounts priya_k follows." (a full stop, a listing)
lists its out-neighbours; "zero followers" is in-degree 0; a statement that sets a removal
("town4 is flooded.") stays part of the question; "order value in dollars" no column holds
is asked. networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

_TREE = nx.relabel_nodes(nx.balanced_tree(2, 3), lambda n: f"t{n}")
TREE = pd.DataFrame(list(_TREE.edges()), columns=["parent", "child"])
_FOL = nx.gnm_random_graph(18, 40, seed=5, directed=True)
FOLLOWS = pd.DataFrame([(f"u_{u}", f"u_{v}") for u, v in _FOL.edges()],
                       columns=["follower", "followee"])
_ROADS = nx.connected_watts_strogatz_graph(20, 4, 0.3, seed=8)
ROADS = pd.DataFrame([(f"town{u}", f"town{v}", 2 + (u * 7 + v * 3) % 30) for u, v in _ROADS.edges()],
                     columns=["town_a", "town_b", "km"])
SUPPLY = pd.DataFrame([("s1", "s2", 4), ("s2", "s3", 9), ("s3", "s1", 2), ("s1", "s4", 7)],
                      columns=["vendor", "buyer", "lead_days"])
SUPPLY_NODES = pd.DataFrame({"id": ["s1", "s2", "s3", "s4"],
                             "country": ["China", "Mexico", "China", "Mexico"]})

TABLES = {"tree": [TREE], "follows": [FOLLOWS], "roads": [ROADS], "supply": [SUPPLY, SUPPLY_NODES]}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _ask(agents, name: str, question: str):
    return agents[name].ask(question, attach=TABLES[name])


@pytest.mark.parametrize("question", ["# cut vertices and # bridges",
                                      "how many cut vertices and bridges does it have?"])
def test_cut_vertices_and_bridges_asked_together_are_both_counted(agents, question):
    cuts, bridges = len(list(nx.articulation_points(_TREE))), len(list(nx.bridges(_TREE)))
    resp = _ask(agents, "tree", question)
    assert resp.status == "answered"
    assert f"**{cuts}** articulation point(s)" in resp.answer
    assert f"**{bridges}** bridge edge(s)" in resp.answer


def test_a_listing_ended_with_a_full_stop_lists_the_named_nodes_out_neighbours(agents):
    g = nx.from_pandas_edgelist(FOLLOWS, "follower", "followee", create_using=nx.DiGraph)
    who = max(g, key=lambda n: (g.out_degree(n), n))
    resp = _ask(agents, "follows", f"List the accounts {who} follows.")
    assert resp.status == "answered"
    assert f"**{g.out_degree(who)}**" in resp.answer
    assert all(n in resp.answer for n in g.successors(who))


def test_zero_followers_is_an_in_degree_of_zero(agents):
    g = nx.from_pandas_edgelist(FOLLOWS, "follower", "followee", create_using=nx.DiGraph)
    none = sorted(n for n in g if g.in_degree(n) == 0)
    resp = _ask(agents, "follows", "Which accounts have zero followers?")
    assert resp.status == "answered"
    assert f"**{len(none)}**" in resp.answer
    assert all(n in resp.answer for n in none)


def test_a_stated_removal_before_the_question_is_kept(agents):
    g = nx.from_pandas_edgelist(ROADS, "town_a", "town_b", "km")
    path = nx.dijkstra_path(g, "town0", "town10", weight="km")
    gone = path[1] if len(path) > 2 else None
    assert gone is not None
    resp = _ask(agents, "roads", f"{gone} is flooded. How many km is the shortest way from "
                "town0 to town10 now?")
    h = g.copy()
    h.remove_node(gone)
    assert resp.status in ("answered", "needs_clarification")
    if resp.status == "answered":  # the detour, never the route through the flooded town
        assert f"**{nx.dijkstra_path_length(h, 'town0', 'town10', weight='km')}" in resp.answer
        assert f"→ {gone} →" not in resp.answer


def test_a_value_in_dollars_no_column_holds_is_asked(agents):
    resp = _ask(agents, "supply", "Total order value in dollars going from the Chinese "
                "suppliers to the Mexican buyers - what is it?")
    assert resp.status == "needs_clarification"
