"""A question's aside or second clause is read as what it is, not as names: "which climbers
are cut points - remove one and the network falls apart?" lists the articulation points (the
dash clause names no pair of nodes), and "who is Dot tied to (direct ties)?" lists the
neighbours (the aside says one hop). Checked against networkx on two tables."""

from __future__ import annotations

import networkx as nx
import pytest

from tests.planner_support import agents_for
from tests.planner_tables import CHOIR, CLIMBS, table_graph

TABLES = {"climbs": (CLIMBS, "climbers", "Dot"), "choir": (CHOIR, "singers", "Dries")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("wording", [
    "which {nouns} are cut points - remove one and the network falls apart?",
    "which {nouns} are cut points — take one out and the group splits?"])
def test_cut_points_with_a_dash_clause_are_the_articulation_points(agents, name, wording):
    table, nouns, _ = TABLES[name]
    resp = agents[name].ask(wording.format(nouns=nouns), attach=[table])
    assert resp.status == "answered", resp.answer
    cuts = set(nx.articulation_points(table_graph(table)))
    assert f"**{len(cuts)}**" in resp.answer, resp.answer
    assert all(n in resp.answer for n in cuts), resp.answer


@pytest.mark.parametrize("name", TABLES)
def test_a_direct_ties_aside_lists_the_neighbours(agents, name):
    table, _, node = TABLES[name]
    resp = agents[name].ask(f"who is {node} partnered with (direct ties)?", attach=[table])
    assert resp.status == "answered", resp.answer
    g = table_graph(table)
    assert all(n in resp.answer for n in g[node]), resp.answer
    assert f"**{g.degree(node)}**" in resp.answer, resp.answer
