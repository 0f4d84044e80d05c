""""Does the graph have any triangles?" is answered Yes or No from the triangle count ("**No**
— the graph has 0 triangles"), and "is Ada in a triangle?" from the node's own count.
Checked against networkx on a climbing table (triangles) and a ring of lighthouses (none)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for
from tests.planner_tables import CLIMBS, table_graph

#: lighthouses signalling round a coast: one ring and a spur, no triangle
RING = pd.DataFrame([("Ard", "Bel"), ("Bel", "Cor"), ("Cor", "Dun"), ("Dun", "Eag"), ("Eag", "Fal"),
                     ("Fal", "Ard"), ("Cor", "Gle")], columns=["light_a", "light_b"])
TABLES = {"climbs": (CLIMBS, "Ada"), "ring": (RING, "Cor")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("wording", ["does the network have any triangles?",
                                     "are there any triangles?"])
def test_any_triangles_is_yes_or_no_from_the_count(agents, name, wording):
    table, _ = TABLES[name]
    count = sum(nx.triangles(table_graph(table)).values()) // 3
    resp = agents[name].ask(wording, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if count else "**No**"), resp.answer
    assert f"**{count} triangles**" in resp.answer, resp.answer


@pytest.mark.parametrize("name", TABLES)
def test_a_node_in_a_triangle_is_yes_or_no_from_its_count(agents, name):
    table, node = TABLES[name]
    count = nx.triangles(table_graph(table), node)
    resp = agents[name].ask(f"is {node} part of any triangle?", attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if count else "**No**"), resp.answer
