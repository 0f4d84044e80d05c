""""Which climbers are in the largest component?" lists the largest piece's members (every
node but the smaller pieces'), not the components' summary; its size and the nodes outside
it are asked as before. Checked against networkx on two tables."""

from __future__ import annotations

import networkx as nx
import pytest

from tests.planner_support import agents_for
from tests.planner_tables import CLIMBS, FLATS, table_graph

TABLES = {"flats": (FLATS, "flatmates"), "climbs": (CLIMBS, "climbers")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("wording", ["which {nouns} are in the largest component?",
                                     "who is in the biggest connected bit?",
                                     "list the {nouns} in the main piece"])
def test_the_largest_pieces_members_are_listed(agents, name, wording):
    table, nouns = TABLES[name]
    g = table_graph(table)
    largest = max(nx.connected_components(g), key=len)
    resp = agents[name].ask(wording.format(nouns=nouns), attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"**{len(largest)}**" in resp.answer, resp.answer
    assert all(f"**{n}**" in resp.answer for n in largest), resp.answer
    assert not any(f"**{n}**" in resp.answer for n in set(g) - largest), resp.answer


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("wording", ["which {nouns} arent connected to the main network?",
                                     "which {nouns} are not in the largest component?"])
def test_the_nodes_outside_the_largest_piece_are_not_its_members(agents, name, wording):
    table, nouns = TABLES[name]
    g = table_graph(table)
    largest = max(nx.connected_components(g), key=len)
    resp = agents[name].ask(wording.format(nouns=nouns), attach=[table])
    assert resp.status == "answered", resp.answer
    assert all(n in resp.answer for n in set(g) - largest), resp.answer
    assert not any(f"**{n}**" in resp.answer for n in largest), resp.answer
