"""Input keeps its meaning or is refused with a coded error: direction and multiplicity of
networkx graphs, reserved attribute names, ids that print alike, overflowing weights,
cells that are not one value, paths no file system takes, deep JSON, SQLite sources whose
columns or tables compute or hide their values."""

from __future__ import annotations

import math
import sqlite3

import networkx as nx
import pandas as pd
import pytest

from igraph_agent import Agent
from igraph_agent.errors import AgentError, ErrorCode, ToolError
from igraph_agent.graph.autospec import unambiguous_spec
from igraph_agent.graph.sql import SQLSource
from igraph_agent.graph.workspace import Workspace
from igraph_agent.runtime.approvals import decision_from_flags
from igraph_agent.store import Store


@pytest.fixture
def ws(tmp_path):
    w = Workspace(tmp_path / "home", Store(tmp_path / "home" / "agent.db"))
    yield w
    w.store.close()


def _built(ws: Workspace, obj) -> tuple[nx.Graph, dict]:
    src = ws.attach(obj)
    sid = src["source_id"]
    directed = {sid} if ws.source(sid)["meta"].get("directed") else set()
    spec = unambiguous_spec({sid: ws.source_tables(sid)}, directed=directed)
    g, _ = ws.load(ws.construct([sid], spec)["id"])
    return g, src


def _refused(ws: Workspace, obj) -> ToolError:
    with pytest.raises(ToolError) as err:
        _built(ws, obj)
    assert err.value.code == ErrorCode.SOURCE_INVALID and err.value.hint
    assert not ws.store.list_sources() or err.value.message  # nothing half-stored
    return err.value


# -- networkx graphs ----------------------------------------------------------------------
def test_a_digraph_attached_to_a_question_is_analysed_directed_with_both_edges(tmp_path):
    agent = Agent(home=tmp_path / "home")
    try:
        resp = agent.ask("how many nodes and edges?",
                         attach=[nx.DiGraph([("ann", "bob"), ("bob", "ann"), ("bob", "cy")])])
        g = agent.graph(resp.session_id).graph
    finally:
        agent.close()
    assert g.is_directed() and g.number_of_edges() == 3
    assert "3" in resp.answer


def test_multigraph_parallel_edges_are_counted_and_the_merge_is_stated(ws):
    g = nx.MultiGraph()
    g.add_edge("ann", "bob", weight=2.0)
    g.add_edge("bob", "ann", weight=3.0)
    g.add_edge("bob", "cy")
    built, src = _built(ws, g)
    assert built["ann"]["bob"] == {"weight": 5.0, "multiplicity": 2}
    assert built["bob"]["cy"]["multiplicity"] == 1
    assert any("multiplicity counts the parallel edges" in n for n in src["notes"])


def test_edge_attributes_named_source_or_target_are_renamed_and_stated(ws):
    g = nx.Graph()
    g.add_edge("ann", "bob", source="survey", target="2024")
    g.add_node("ann", id="A-17")
    built, src = _built(ws, g)
    assert set(built.nodes) == {"ann", "bob"}
    assert built["ann"]["bob"] == {"source_attribute": "survey", "target_attribute": "2024"}
    assert built.nodes["ann"]["id_attribute"] == "A-17"
    assert len(src["notes"]) == 3 and all("_attribute" in n for n in src["notes"])


@pytest.mark.parametrize("nodes", [(1, "1"), (float("nan"), float("nan")), (True, "True")])
def test_graph_nodes_that_print_alike_are_refused_not_merged(ws, nodes):
    g = nx.Graph([(nodes[0], "x"), (nodes[1], "y")])
    assert g.number_of_nodes() == 4
    err = _refused(ws, g)
    assert "read alike" in err.message


# -- DataFrames ---------------------------------------------------------------------------
def test_dataframe_ids_of_two_types_that_print_alike_are_refused(ws):
    err = _refused(ws, pd.DataFrame({"source": [1, "1"], "target": ["x", "y"]}))
    assert "read alike" in err.message and err.details["column"] == "source"


@pytest.mark.parametrize("cell", [[1, 2], {"a": 1}, pd.DataFrame({"a": [1]}), (1, 2)])
def test_a_cell_holding_a_container_is_refused_with_its_column_and_row(ws, cell):
    df = pd.DataFrame({"source": ["a", "b"], "target": ["b", "c"], "tags": ["t", "u"]})
    df["tags"] = pd.Series(["t", cell], dtype=object)
    err = _refused(ws, df)
    assert err.details["column"] == "tags" and err.details["row"] == 2


def test_a_cell_that_cannot_be_printed_is_a_coded_error_in_a_question(tmp_path):
    class Opaque:
        def __str__(self):
            raise RuntimeError("no text")

        __repr__ = __str__

        def __hash__(self):
            raise RuntimeError("no hash")

    df = pd.DataFrame({"source": ["a", Opaque()], "target": ["b", "c"]})
    agent = Agent(home=tmp_path / "home")
    try:
        resp = agent.ask("how many nodes?", attach=[df])
    finally:
        agent.close()
    assert resp.error is not None and resp.error.code == "SOURCE_INVALID"
    assert "cannot be printed" in resp.error.message


@pytest.mark.parametrize("rows", [
    "source,target,weight\na,b,1e308\na,b,1e308\n",
    "source,target,weight\na,b,1e308\nb,a,1e308\n",
    "source,target,weight\na,b,-1e308\na,b,-1e308\n",
])
def test_weights_whose_sum_overflows_are_refused_at_construction(ws, tmp_path, rows):
    p = tmp_path / "w.csv"
    p.write_text(rows)
    err = _refused(ws, p)
    assert "add up beyond the largest number" in err.message


def test_large_weights_that_sum_within_range_are_kept(ws, tmp_path):
    p = tmp_path / "w.csv"
    p.write_text("source,target,weight\na,b,1e307\na,b,1e307\n")
    g, _ = _built(ws, p)
    assert g["a"]["b"]["weight"] == 2e307


# -- paths and deep JSON ------------------------------------------------------------------
@pytest.mark.parametrize("name", ["x" * 300 + ".csv", "a\x00b.csv", "d" * 5000 + "/e.csv"])
def test_a_path_no_file_system_takes_is_a_coded_error_in_a_question(tmp_path, name):
    agent = Agent(home=tmp_path / "home")
    try:
        resp = agent.ask("how many nodes?", attach=[str(tmp_path / name)])
    finally:
        agent.close()
    assert resp.error is not None and resp.error.code == "SOURCE_INVALID"
    assert resp.error.hint and "Errno" not in resp.error.message


@pytest.mark.parametrize(("text", "says"), [('{"a":' * 40_000 + "1" + "}" * 40_000, "characters"),
                                            ("[" * 30_000 + "]" * 30_000, "nested deeper")])
def test_modify_json_nested_40000_deep_is_a_coded_error_not_a_recursion_error(text, says):
    with pytest.raises(AgentError) as err:
        decision_from_flags(modify=text)
    assert err.value.code == ErrorCode.INVALID_ARGUMENTS and says in err.value.message


@pytest.mark.parametrize("path", ["a\x00.csv", "x" * 100_000 + ".csv"])
def test_mcp_attach_data_with_a_nul_or_a_100_kb_path_is_coded(tmp_path, path):
    from igraph_agent.mcp.catalogue import Catalogue

    data = tmp_path / "data"
    data.mkdir()
    agent = Agent(home=tmp_path / "home")
    try:
        out = Catalogue(agent, data_dir=data).attach("client", {"path": path})
    finally:
        agent.close()
    assert not out["ok"] and out["error"]["code"] == "SOURCE_INVALID" and out["error"]["hint"]


# -- SQLite -------------------------------------------------------------------------------
def _db(path, script):
    conn = sqlite3.connect(path)
    conn.executescript(script)
    conn.close()
    return path


@pytest.mark.parametrize("kw", [{"timeout_s": math.nan}, {"timeout_s": math.inf},
                                {"timeout_s": 0}, {"timeout_s": True}, {"max_rows": 0},
                                {"max_rows": 2.5}, {"max_rows": 10**12}])
def test_sqlsource_limits_that_are_not_finite_and_positive_are_refused(tmp_path, kw):
    with pytest.raises(ToolError) as err:
        SQLSource(tmp_path / "x.db", "SELECT 1", **kw)
    assert err.value.code == ErrorCode.SOURCE_INVALID and err.value.hint


def test_a_generated_column_that_asks_for_300_mb_is_refused_without_reading_it(ws, tmp_path):
    db = _db(tmp_path / "gen.db", "CREATE TABLE e(source, target); INSERT INTO e VALUES "
             "('a', 'b'); ALTER TABLE e ADD COLUMN big AS (zeroblob(300000000)) VIRTUAL;")
    err = _refused(ws, db)
    assert "longer than 16 MiB" in err.message and err.details["table"] == "e"
    assert not ws.store.list_sources()


def test_an_rtree_virtual_table_is_read_as_plain_rows_and_its_shadow_tables_left_out(ws,
                                                                                    tmp_path):
    dump = tmp_path / "shapes.sql"
    dump.write_text("CREATE VIRTUAL TABLE box USING rtree(id, x0, x1);\n"
                    "INSERT INTO box VALUES (1, 0.5, 1.5);\n"
                    "CREATE TABLE e(source, target);\nINSERT INTO e VALUES ('a', 'b');\n")
    src = ws.attach(dump)
    assert src["tables"] == {"box": ["id", "x0", "x1"], "e": ["source", "target"]}
    assert ws.source_tables(src["source_id"])["box"].to_dict("records") == [
        {"id": 1, "x0": 0.5, "x1": 1.5}]


def test_a_blob_column_is_refused_naming_the_table_and_column(ws, tmp_path):
    db = _db(tmp_path / "pics.db", "CREATE TABLE e(source, target, photo); "
             "INSERT INTO e VALUES ('a', 'b', x'89504e47');")
    err = _refused(ws, db)
    assert err.details["table"] == "e" and err.details["column"] == "photo"


def test_get_graph_info_states_what_attaching_a_multigraph_changed(tmp_path):
    g = nx.MultiGraph([("ann", "bob"), ("ann", "bob"), ("bob", "cy")])
    agent = Agent(home=tmp_path / "home")
    try:
        resp = agent.ask("how many nodes and edges?", attach=[g])
        infos = [c["envelope"]["data"] for c in agent.store.tool_calls(resp.run_id)
                 if c["tool"] == "get_graph_info" and c["envelope"]]
    finally:
        agent.close()
    notes = [n for info in infos for s in info["attached_sources"] for n in s.get("notes") or []]
    assert any("multiplicity counts the parallel edges" in n for n in notes), infos
