"""A data set named without an article ("in flatshare", "everyone in climbclub") is the data,
not a node or a part: the question is answered on the loaded graph; a group value in its
place ("everyone in elm") is a part and is kept. "The largest connected bit" and "the
largest network" are the largest component. Checked against networkx on two tables."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for
from tests.planner_tables import CLIMBS, FLATS, table_graph

#: users in pieces, ids with digits: "in u5's component" is u5's piece, never the data
USERS = pd.DataFrame([("u1", "u2"), ("u2", "u3"), ("u4", "u5"), ("u5", "u6"), ("u6", "u7"), ("u8", "u9")],
                     columns=["user_a", "user_b"])
TABLES = {"flats": (FLATS, "flatmates", "flatshare"), "climbs": (CLIMBS, "climbers", "climbclub"),
          "users": (USERS, "users", "userbase")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize("name", TABLES)
def test_a_count_in_the_data_sets_bare_name_is_the_node_count(agents, name):
    table, nouns, data = TABLES[name]
    resp = agents[name].ask(f"how many {nouns} are in {data}?", attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"**{table_graph(table).number_of_nodes()} nodes**" in resp.answer, resp.answer


@pytest.mark.parametrize("name", TABLES)
def test_everyone_in_the_data_set_reachable_is_connected_yes_or_no(agents, name):
    table, _, data = TABLES[name]
    resp = agents[name].ask(f"is everyone in {data} reachable from everyone else?",
                            attach=[table])
    assert resp.status == "answered", resp.answer
    verdict = "**Yes**" if nx.is_connected(table_graph(table)) else "**No**"
    assert resp.answer.startswith(verdict), resp.answer


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("wording", ["how many {nouns} are in the largest connected bit?",
                                     "how many {nouns} in the largest network?"])
def test_the_largest_bit_or_network_is_the_largest_component(agents, name, wording):
    table, nouns, _ = TABLES[name]
    resp = agents[name].ask(wording.format(nouns=nouns), attach=[table])
    assert resp.status == "answered", resp.answer
    size = max(len(c) for c in nx.connected_components(table_graph(table)))
    assert f"**{size}**" in resp.answer, resp.answer


@pytest.mark.parametrize("node", ["u5", "u8"])
def test_a_nodes_component_named_after_in_is_its_piece_not_the_data(agents, node):
    resp = agents["users"].ask(f"how many users are in {node}'s component?", attach=[USERS])
    assert resp.status == "answered", resp.answer
    size = len(nx.node_connected_component(table_graph(USERS), node))
    assert f"**{size}**" in resp.answer, resp.answer


@pytest.mark.parametrize("name", ["users", "climbs"])
def test_number_of_the_nodes_word_is_the_node_count(agents, name):
    table, nouns, data = TABLES[name]
    for question in (f"number of {nouns}", f"number of {nouns} in {data}"):
        resp = agents[name].ask(question, attach=[table])
        assert resp.status == "answered", resp.answer
        assert f"**{table_graph(table).number_of_nodes()} nodes**" in resp.answer, resp.answer
