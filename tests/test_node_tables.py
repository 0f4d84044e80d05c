"""Node tables: a table whose id column matches the edge endpoints becomes node attributes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pandas as pd
import pytest

from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store
from igraph_agent.tools import default_registry
from igraph_agent.tools.registry import ToolContext

FRIENDS = pd.DataFrame({
    "person": ["ann", "bob", "cat", "ann", "dan", "eve", "fay", "dan"],
    "friend": ["bob", "cat", "ann", "dan", "eve", "fay", "dan", "cat"],
})
PEOPLE = pd.DataFrame({
    "id": ["ann", "bob", "cat", "dan", "eve", "fay", "gus"],
    "name": ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"],
    "kind": ["chess", "chess", "chess", "both", "football", "football", "football"],
})


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    w = Workspace(tmp_path / "project", Store(tmp_path / "project" / "agent.db"))
    yield w
    w.store.close()


def _check(g) -> None:
    assert g.number_of_edges() == len(FRIENDS)
    assert g.number_of_nodes() == len(PEOPLE)  # gus has no friends: an isolated node
    assert g.nodes["eve"] == {"name": "Eve", "kind": "football"}
    assert all(n in set(PEOPLE["id"]) for n in g.nodes)


def test_an_edge_dataframe_plus_a_node_dataframe_makes_one_graph_with_node_attributes(ws):
    ids = [s["source_id"] for s in ws.attach_many([FRIENDS, PEOPLE], ["friends", "people"])]
    g, _ = ws.load(ws.construct(ids, GraphSpec())["id"])
    _check(g)


def test_node_table_listed_first_is_still_node_attributes(ws):
    ids = [s["source_id"] for s in ws.attach_many([PEOPLE, FRIENDS], ["people", "friends"])]
    g, _ = ws.load(ws.construct(ids, GraphSpec())["id"])
    _check(g)


def test_a_csv_pair_makes_one_graph_with_node_attributes(ws, tmp_path):
    FRIENDS.to_csv(tmp_path / "friends.csv", index=False)
    PEOPLE.rename(columns={"id": "node"}).to_csv(tmp_path / "people.csv", index=False)
    ids = [s["source_id"] for s in ws.attach_many([tmp_path / "friends.csv",
                                                   tmp_path / "people.csv"])]
    g, _ = ws.load(ws.construct(ids, GraphSpec())["id"])
    _check(g)


def test_sql_tables_of_one_file_make_one_graph_with_node_attributes(ws, tmp_path):
    db = tmp_path / "club.sqlite"
    with sqlite3.connect(db) as conn:
        FRIENDS.to_sql("friendships", conn, index=False)
        PEOPLE.to_sql("people", conn, index=False)
    src = ws.attach(db)["source_id"]
    g, _ = ws.load(ws.construct([src], GraphSpec())["id"])
    _check(g)
    named, _ = ws.load(ws.construct([src], GraphSpec(table="friendships"))["id"])
    assert named.nodes["eve"]["kind"] == "football"


def test_two_edge_tables_are_still_stacked_as_edges(ws):
    more = pd.DataFrame({"person": ["gus", "gus"], "friend": ["ann", "bob"]})
    ids = [s["source_id"] for s in ws.attach_many([FRIENDS, more])]
    g, _ = ws.load(ws.construct(ids, GraphSpec())["id"])
    assert g.number_of_edges() == len(FRIENDS) + 2


def test_node_attributes_show_in_graph_info_and_filter_an_attribute_tool(ws):
    ids = [s["source_id"] for s in ws.attach_many([FRIENDS, PEOPLE], ["friends", "people"])]
    session = SessionGraph("s1")
    registry = default_registry()
    ctx = ToolContext(workspace=ws, session=session, call_id="c1")
    built = registry.dispatch("construct_graph", {"source_ids": ids}, ctx)
    assert built.success, built.error
    registry.dispatch("load_constructed_graph", {"dataset_id": built.data["dataset_id"]}, ctx)
    info = registry.dispatch("get_graph_info", {}, ctx)
    assert {"kind", "name"} <= set(info.data["node_attributes"])
    sub = registry.dispatch("subgraph_extraction",
                            {"attribute": "kind", "value": "football"}, ctx)
    assert sub.success, sub.error
    assert sub.data["nodes"] == 3


def test_an_edge_table_with_a_distinct_first_column_stays_an_edge_table(ws):
    ring = pd.DataFrame({"person": ["ann", "bob", "cat", "dan"],
                         "friend": ["bob", "cat", "dan", "ann"]})
    kinds = pd.DataFrame({"id": ["ann", "bob", "cat", "dan"],
                          "kind": ["chess", "chess", "football", "football"]})
    ids = [s["source_id"] for s in ws.attach_many([ring, kinds])]
    g, _ = ws.load(ws.construct(ids, GraphSpec())["id"])
    assert sorted(g.nodes) == ["ann", "bob", "cat", "dan"]  # 'chess' is an attribute, not a node
    assert g.nodes["cat"]["kind"] == "football" and g.number_of_edges() == 4


@pytest.mark.parametrize(("edges", "nodes"), [
    (pd.DataFrame({"actor": ["ines", "ines", "paolo", "mika", "mika", "mika", "lena", "arjun"],
                   "film": ["salt", "night", "salt", "night", "iron", "moon", "moon", "iron"]}),
     pd.DataFrame({"film": ["salt", "night", "iron", "moon"],
                   "genre": ["drama", "thriller", "drama", "comedy"]})),
    (pd.DataFrame({"angler": ["a1", "a2", "a3", "a4", "a5", "a6", "a1", "a2"],
                   "lake": ["loch", "mere", "loch", "tarn", "mere", "tarn", "tarn", "loch"]}),
     pd.DataFrame({"lake": ["loch", "mere", "tarn"], "county": ["east", "west", "east"]})),
])
def test_a_node_table_of_one_side_of_a_two_mode_table_is_node_attributes(edges, nodes):
    from igraph_agent.graph.nodetables import split_node_tables

    kept, found = split_node_tables([("edges", edges), ("side", nodes)])
    assert [name for name, _ in kept] == ["edges"]  # never appended as more edge rows
    assert [(name, col) for (name, _), col in found] == [("side", nodes.columns[0])]


def test_a_table_sharing_few_ids_with_the_edges_is_no_node_table():
    from igraph_agent.graph.nodetables import split_node_tables

    lookup = pd.DataFrame({"film": ["salt", "night", "x1", "x2", "x3", "x4", "x5"],
                           "genre": ["drama", "thriller", "a", "b", "c", "d", "e"]})
    edges = pd.DataFrame({"actor": ["ines", "paolo", "mika"], "film": ["salt", "salt", "night"]})
    kept, found = split_node_tables([("edges", edges), ("lookup", lookup)])
    assert found == [] and len(kept) == 2
