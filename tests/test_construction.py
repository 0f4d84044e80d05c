"""Construction specs, dataset records and revisions, loading, scope, inference, bundled data."""

from __future__ import annotations

import csv
import io
import sqlite3
from collections import Counter
from pathlib import Path

import networkx as nx
import pandas as pd
import pytest
from pydantic import ValidationError

import igraph_agent.data
from igraph_agent.data import make_classics, make_orders
from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.revisions import revision_edges
from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.sql import SQLSource
from igraph_agent.graph.workspace import Workspace
from igraph_agent.model.offline import infer_construction
from igraph_agent.store import Store
from igraph_agent.tools import data as data_tools
from igraph_agent.tools.registry import ToolContext, ToolRegistry

ORDERS = pd.DataFrame({
    "customer_id": ["C1", "C1", "C2", "C2", "C3", "C3", "C4", "C1"],
    "customer_name": ["Ada", "Ada", "Bo", "Bo", "Cy", "Cy", "Di", "Ada"],
    "product_id": ["P1", "P2", "P1", "P2", "P2", "P3", "P9", "P1"],
    "amount": [10.0, 1.0, 20.0, 2.0, 3.0, 5.0, 7.0, 4.0],
})
PROJECTION = GraphSpec(kind="projection", left_col="customer_id", right_col="product_id",
                       left_label_col="customer_name", amount_col="amount")


def make_ws(home: Path) -> Workspace:
    return Workspace(home, Store(home / "agent.db"))


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    w = make_ws(tmp_path / "project")
    yield w
    w.store.close()


def dispatch(ws: Workspace, session: SessionGraph, tool: str, args: dict) -> dict:
    """One real dispatch of a data tool; returns the envelope."""
    registry = ToolRegistry([data_tools.get_graph_info, data_tools.construct_graph,
                             data_tools.load_constructed_graph])
    ctx = ToolContext(workspace=ws, session=session, call_id="c1")
    return registry.dispatch(tool, args, ctx).envelope()


def bundled_graph(name: str) -> nx.Graph:
    g = nx.Graph()
    with igraph_agent.data.path(name).open() as f:
        for row in csv.DictReader(f):
            g.add_edge(row["source"], row["target"], weight=float(row["weight"]))
    return g


# -- edge lists -------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "reference"), [("karate.csv", nx.karate_club_graph),
                                                 ("lesmis.csv", nx.les_miserables_graph)])
def test_edge_list_from_bundled_classic_equals_the_networkx_graph(ws, name, reference):
    src = ws.attach(igraph_agent.data.path(name))
    ds = ws.construct([src["source_id"]], GraphSpec())
    g, rev = ws.load(ds["id"])
    ref = reference()
    assert rev == 1 and ds["status"] == "ready" and ds["revision"] == 1
    assert g.number_of_nodes() == ref.number_of_nodes()
    assert g.number_of_edges() == ref.number_of_edges()
    for u, v, d in ref.edges(data=True):
        assert g[str(u)][str(v)]["weight"] == pytest.approx(d["weight"])


def test_repeated_edges_sum_their_weights_and_directed_keeps_direction(ws):
    df = pd.DataFrame({"from": ["a", "a", "b"], "to": ["b", "b", "a"], "weight": [1, 2, 5]})
    src = ws.attach(df)
    g, _ = ws.load(ws.construct([src["source_id"]], GraphSpec(directed=True))["id"])
    assert g.is_directed() and g["a"]["b"]["weight"] == 3.0 and g["b"]["a"]["weight"] == 5.0
    undirected, _ = ws.load(ws.construct([src["source_id"]], GraphSpec(directed=False))["id"])
    assert undirected.number_of_edges() == 1 and undirected["a"]["b"]["weight"] == 8.0


def test_edge_list_with_named_columns_and_node_attribute_source(ws):
    edges = ws.attach(pd.DataFrame({"x": ["1", "2"], "y": ["2", "3"], "w": [0.5, 2.0]}))
    nodes = ws.attach(pd.DataFrame({"id": ["1", "2", "3"], "label": ["one", "two", "three"]}),
                      name="nodes")
    spec = GraphSpec(source_col="x", target_col="y", weight_col="w",
                     node_source_id=nodes["source_id"])
    g, _ = ws.load(ws.construct([edges["source_id"]], spec)["id"])
    assert g.nodes["3"]["label"] == "three" and g["1"]["2"]["w"] == 0.5


def test_stored_tables_are_what_networkx_makes_of_the_raw_tables():
    from igraph_agent.graph.datasets import graph_tables, normalise_tables, to_networkx

    nodes = pd.DataFrame({"id": [3, "b", "b", "z"], "label": ["three", None, "bee", "zed"],
                          "size": [1.0, 2.0, None, 4.0]})
    edges = pd.DataFrame({"source": ["a", "b", "a", "c", "3"], "target": ["b", "a", "c", "a", "3"],
                          "weight": [1.0, 2.0, None, None, 4.0], "note": ["x", None, "y", "w", None]})
    for directed in (False, True):
        want_nodes, want_edges = graph_tables(to_networkx(nodes.astype({"id": str}), edges, directed))
        got_nodes, got_edges = normalise_tables(nodes, edges, directed)
        got = to_networkx(got_nodes, got_edges, directed)
        want = to_networkx(want_nodes, want_edges, directed)
        assert list(got.nodes(data=True)) == list(want.nodes(data=True))
        assert sorted(got.edges(data=True)) == sorted(want.edges(data=True))


def test_mixed_type_attribute_columns_from_several_sources_are_stored(ws):
    a = ws.attach(pd.DataFrame({"source": ["a"], "target": ["b"], "tag": [1]}))
    b = ws.attach(pd.DataFrame({"source": ["b"], "target": ["c"], "tag": ["red"]}))
    g, _ = ws.load(ws.construct([a["source_id"], b["source_id"]], GraphSpec())["id"])
    assert g["a"]["b"]["tag"] == "1" and g["b"]["c"]["tag"] == "red"


# -- bipartite and projection -----------------------------------------------------------
def test_projection_links_customers_by_shared_products_with_counts_and_amounts(ws):
    src = ws.attach(ORDERS, name="orders")
    g, _ = ws.load(ws.construct([src["source_id"]], PROJECTION)["id"])
    assert sorted(g.nodes) == ["C1", "C2", "C3", "C4"]  # C4 shares nothing but is a node
    assert g.degree("C4") == 0
    assert g["C1"]["C2"]["weight"] == 2.0  # P1 and P2
    # C1 spent 10+4 on P1 and 1 on P2; C2 spent 20 on P1 and 2 on P2
    assert g["C1"]["C2"]["amount"] == pytest.approx(14 + 1 + 20 + 2)
    assert g["C2"]["C3"]["weight"] == 1.0 and g["C2"]["C3"]["amount"] == pytest.approx(2 + 3)
    assert not g.has_edge("C1", "C4")
    assert g.nodes["C1"] == {"kind": "customer", "label": "Ada"}
    # against networkx's own bipartite projection
    b = nx.Graph((r.customer_id, r.product_id) for r in ORDERS.itertuples())
    ref = nx.bipartite.weighted_projected_graph(b, sorted(set(ORDERS.customer_id)))
    assert {(min(u, v), max(u, v), d["weight"]) for u, v, d in ref.edges(data=True)} == {
        (min(u, v), max(u, v), d["weight"]) for u, v, d in g.edges(data=True)}


def test_bipartite_marks_node_kinds_and_counts_rows_per_pair(ws):
    src = ws.attach(ORDERS, name="orders")
    spec = GraphSpec(kind="bipartite", left_col="customer_id", right_col="product_id",
                     left_label_col="customer_name", amount_col="amount")
    g, _ = ws.load(ws.construct([src["source_id"]], spec)["id"])
    kinds = Counter(d["kind"] for _, d in g.nodes(data=True))
    assert kinds == {"customer": 4, "product": 4}
    assert nx.is_bipartite(g)
    assert g["C1"]["P1"]["weight"] == 2.0 and g["C1"]["P1"]["amount"] == 14.0


def test_bipartite_keeps_sides_apart_when_ids_collide(ws):
    src = ws.attach(pd.DataFrame({"user": [1, 2], "item": [1, 1]}))
    spec = GraphSpec(kind="bipartite", left_col="user", right_col="item")
    g, _ = ws.load(ws.construct([src["source_id"]], spec)["id"])
    assert sorted(g.nodes) == ["item:1", "user:1", "user:2"]


def test_spec_without_the_entity_columns_is_refused():
    with pytest.raises(ValidationError, match="needs left_col and right_col"):
        GraphSpec(kind="projection", left_col="customer_id")
    with pytest.raises(ValidationError, match="undirected"):
        GraphSpec(kind="projection", left_col="a", right_col="b", directed=True)


# -- dataset records --------------------------------------------------------------------
def test_constructing_the_same_sources_and_spec_again_reuses_the_ready_dataset(ws):
    src = ws.attach(ORDERS)
    first = ws.construct([src["source_id"]], PROJECTION)
    parquet = ws.datasets_dir / first["id"] / "r1" / "edges.parquet"
    stamp = parquet.stat().st_mtime_ns
    again = ws.construct([src["source_id"]], PROJECTION)
    assert first["reused"] is False and again["reused"] is True
    assert again["id"] == first["id"] and ws.store.count("datasets") == 1
    assert parquet.stat().st_mtime_ns == stamp
    other = ws.construct([src["source_id"]], PROJECTION.model_copy(update={"amount_col": None}))
    assert other["id"] != first["id"] and other["reused"] is False


def test_dataset_is_stored_as_parquet_per_revision(ws):
    src = ws.attach(ORDERS)
    ds = ws.construct([src["source_id"]], PROJECTION)
    folder = ws.datasets_dir / ds["id"] / "r1"
    assert sorted(p.name for p in folder.iterdir()) == ["codes.npy", "edges.parquet",
                                                        "graph.json", "nodes.parquet"]
    # the endpoints are kept as int32 codes into the node table, the rest as columns
    assert set(pd.read_parquet(folder / "edges.parquet").columns) == {"weight", "amount"}
    edges = revision_edges(ws.datasets_dir, ds["id"], 1)
    assert set(edges.columns) == {"source", "target", "weight", "amount"} and len(edges) == 3
    assert ds["meta"]["nodes"] == 4 and ds["meta"]["kind"] == "projection"


def test_bad_data_marks_the_dataset_failed_and_writes_no_files(ws):
    bad = ORDERS.assign(amount=["1", "2", "x", "4", "5", "6", "7", "8"])
    src = ws.attach(bad)
    with pytest.raises(ToolError) as err:
        ws.construct([src["source_id"]], PROJECTION)
    assert err.value.code == ErrorCode.SOURCE_INVALID
    assert "data row 3" in err.value.message and "'amount'" in err.value.message
    row = ws.dataset(err.value.details["dataset_id"])
    assert row["status"] == "failed" and "not a number" in row["error"]
    assert not (ws.datasets_dir / row["id"]).exists()
    with pytest.raises(ToolError) as load_err:
        ws.load(row["id"])
    assert load_err.value.code == ErrorCode.GRAPH_NOT_LOADED


def test_a_column_the_table_lacks_is_invalid_arguments_before_any_record(ws):
    src = ws.attach(ORDERS)
    spec = GraphSpec(kind="projection", left_col="client", right_col="product_id")
    with pytest.raises(ToolError) as err:
        ws.construct([src["source_id"]], spec)
    assert err.value.code == ErrorCode.INVALID_ARGUMENTS and "'client'" in err.value.message
    assert "customer_id" in err.value.hint
    assert ws.store.count("datasets") == 0


def test_sql_dump_tables_are_chosen_with_spec_table(ws, tmp_path):
    dump = tmp_path / "shop.sql"
    dump.write_text("CREATE TABLE customers (customer_id TEXT);\n"
                    "INSERT INTO customers VALUES ('C1'), ('C2');\n"
                    "CREATE TABLE orders (customer_id TEXT, product_id TEXT);\n"
                    "INSERT INTO orders VALUES ('C1','P1'), ('C2','P1'), ('C2','P2');\n")
    src = ws.attach(dump)
    spec = GraphSpec(kind="projection", left_col="customer_id", right_col="product_id")
    with pytest.raises(ToolError, match="several tables"):
        ws.construct([src["source_id"]], spec)
    g, _ = ws.load(ws.construct([src["source_id"]], spec.model_copy(update={"table": "orders"}))["id"])
    assert list(g.edges(data="weight")) == [("C1", "C2", 1.0)]


def test_sqlsource_result_builds_a_projection(ws, tmp_path):
    db = tmp_path / "shop.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript("CREATE TABLE o (cust TEXT, prod TEXT, amount REAL);"
                       "INSERT INTO o VALUES ('a','x',1),('b','x',2),('c','y',3);")
    conn.close()
    src = ws.attach(SQLSource(db, "SELECT cust AS customer_id, prod AS product_id, amount FROM o"))
    spec = GraphSpec(kind="projection", left_col="customer_id", right_col="product_id",
                     amount_col="amount")
    g, _ = ws.load(ws.construct([src["source_id"]], spec)["id"])
    assert g.number_of_nodes() == 3 and g["a"]["b"]["amount"] == 3.0


def test_a_projection_too_large_to_compare_is_refused_and_recorded_failed(ws, monkeypatch):
    from igraph_agent.graph import datasets

    monkeypatch.setattr(datasets, "MAX_PROJECTION_PAIRS", 2)
    src = ws.attach(ORDERS)
    with pytest.raises(ToolError) as err:
        ws.construct([src["source_id"]], PROJECTION)
    assert err.value.code == ErrorCode.INVALID_ARGUMENTS and "compare 4 pairs" in err.value.message  # P1: 1, P2: 3
    assert ws.dataset(err.value.details["dataset_id"])["status"] == "failed"


# -- loading, revisions, scope ----------------------------------------------------------
def test_load_gives_the_latest_revision_unless_one_is_named(ws):
    src = ws.attach(igraph_agent.data.path("karate.csv"))
    ds = ws.construct([src["source_id"]], GraphSpec())
    g, _ = ws.load(ds["id"])
    g.remove_node("0")
    assert ws.save_revision(ds["id"], g, base_revision=1) == 2
    latest, rev = ws.load(ds["id"])
    assert rev == 2 and latest.number_of_nodes() == 33
    first, rev1 = ws.load(ds["id"], revision=1)
    assert rev1 == 1 and first.number_of_nodes() == 34
    with pytest.raises(ToolError) as err:
        ws.load(ds["id"], revision=3)
    assert err.value.code == ErrorCode.REVISION_CONFLICT
    with pytest.raises(ToolError) as stale:
        ws.save_revision(ds["id"], g, base_revision=1)
    assert stale.value.code == ErrorCode.REVISION_CONFLICT


def test_ids_from_another_project_are_dataset_scope_required(ws, tmp_path):
    src = ws.attach(igraph_agent.data.path("karate.csv"))
    ds = ws.construct([src["source_id"]], GraphSpec())
    other = make_ws(tmp_path / "other-project")
    try:
        for call in (lambda: other.load(ds["id"]),
                     lambda: other.construct([src["source_id"]], GraphSpec()),
                     lambda: other.source_tables(src["source_id"])):
            with pytest.raises(ToolError) as err:
                call()
            assert err.value.code == ErrorCode.DATASET_SCOPE_REQUIRED
        env = dispatch(other, SessionGraph("s"), "load_constructed_graph", {"dataset_id": ds["id"]})
        assert env["success"] is False and env["error"]["code"] == "DATASET_SCOPE_REQUIRED"
    finally:
        other.store.close()


def test_data_tools_report_status_reuse_and_what_is_really_loaded(ws):
    session = SessionGraph("s")
    session.attached_sources = [ws.attach(igraph_agent.data.path("lesmis.csv"))["source_id"]]
    info = dispatch(ws, session, "get_graph_info", {})
    assert info["data"]["loaded"] is False
    assert info["data"]["attached_sources"][0]["tables"] == {"table": ["source", "target", "weight"]}

    built = dispatch(ws, session, "construct_graph", {"source_ids": session.attached_sources})
    assert built["success"] and built["data"]["reused"] is False
    assert built["data"]["construction_status"] == "ready" and "construction_key" not in built["data"]
    state = session.data_state()
    assert state["active_dataset_id"] == built["data"]["dataset_id"]
    assert state["construction_status"] == "ready" and state["revision"] == 1
    assert state["loaded"] is False  # an active dataset id alone is not loaded
    assert dispatch(ws, session, "get_graph_info", {})["data"]["loaded"] is False

    again = dispatch(ws, session, "construct_graph", {"source_ids": session.attached_sources})
    assert again["data"]["reused"] is True and "reused the ready" in again["summary"]

    loaded = dispatch(ws, session, "load_constructed_graph",
                      {"dataset_id": built["data"]["dataset_id"]})
    assert loaded["data"]["loaded"] is True
    d = dispatch(ws, session, "get_graph_info", {})["data"]
    ref = nx.les_miserables_graph()
    assert (d["nodes"], d["edges"]) == (77, 254)
    assert d["components"] == nx.number_connected_components(ref)
    assert d["density"] == round(nx.density(ref), 6)
    assert d["weighted"] is True and d["edge_attributes"] == ["weight"]
    assert d["construction_status"] == "ready" and d["revision"] == 1
    assert len(d["sample_nodes"]) == 5 and all(s["id"] in ref for s in d["sample_nodes"])
    assert session.data_state()["loaded"] is True


def test_failed_construction_is_recorded_in_data_state(ws):
    session = SessionGraph("s")
    sid = ws.attach(pd.DataFrame({"customer_id": ["a", None], "product_id": ["x", "y"]}))["source_id"]
    env = dispatch(ws, session, "construct_graph",
                   {"source_ids": [sid], "spec": {"kind": "projection", "left_col": "customer_id",
                                                  "right_col": "product_id"}})
    assert env["error"]["code"] == "SOURCE_INVALID" and "data row 2" in env["error"]["message"]
    assert session.data_state()["construction_status"] == "failed"
    assert session.data_state()["active_dataset_id"] == env["error"]["details"]["dataset_id"]


def test_graph_info_shows_labels_of_a_projection(ws):
    session = SessionGraph("s")
    sid = ws.attach(ORDERS)["source_id"]
    ds = dispatch(ws, session, "construct_graph",
                  {"source_ids": [sid], "spec": PROJECTION.model_dump()})["data"]["dataset_id"]
    dispatch(ws, session, "load_constructed_graph", {"dataset_id": ds})
    d = dispatch(ws, session, "get_graph_info", {})["data"]
    assert d["sample_nodes"][0] == {"id": "C1", "label": "Ada"}
    assert d["node_attributes"] == ["kind", "label"]
    assert d["components"] == 2  # C4 shares no product


# -- infer_construction -----------------------------------------------------------------
def test_infer_construction_names_endpoint_columns_for_an_edge_list():
    got = infer_construction([{"source_id": "s1", "tables": {"table": ["From", "To", "weight"]}}])
    assert got == {"spec": {"kind": "edge_list", "source_col": "From", "target_col": "To",
                            "weight_col": "weight"}}


def test_infer_construction_projects_an_orders_table_onto_customers():
    cols = ["order_id", "customer_id", "customer_name", "product_id", "product_name", "category",
            "date", "amount"]
    got = infer_construction([{"source_id": "s1", "tables": {"table": cols}}])
    assert got == {"spec": {"kind": "projection", "left_col": "customer_id",
                            "right_col": "product_id", "left_label_col": "customer_name",
                            "amount_col": "amount"}}


def test_infer_construction_picks_the_orders_table_of_a_sql_dump_and_drops_misfits():
    attached = [{"source_id": "s1", "tables": {"customers": ["customer_id", "name"],
                                               "orders": ["user", "item", "total"]}},
                {"source_id": "s2", "tables": {"table": ["a", "b"]}}]
    got = infer_construction(attached)
    assert got == {"spec": {"kind": "projection", "left_col": "user", "right_col": "item",
                            "amount_col": "total", "table": "orders"}, "source_ids": ["s1"]}


def test_infer_construction_leaves_graphs_and_unknown_tables_to_the_default():
    assert infer_construction([{"source_id": "s", "tables": {"nodes": ["id"],
                                                            "edges": ["source", "target"]}}]) == {}
    assert infer_construction([{"source_id": "s", "tables": {"table": ["a", "b"]}}]) == {}


# -- bundled data -----------------------------------------------------------------------
def test_bundled_orders_are_reproducible_from_the_seeded_generator(tmp_path):
    shipped = igraph_agent.data.path("orders.csv")
    out = tmp_path / "orders.csv"
    make_orders.write(out)
    assert out.read_bytes() == shipped.read_bytes()
    assert shipped.stat().st_size < 1_000_000
    df = pd.read_csv(shipped)
    assert list(df.columns) == make_orders.FIELDS
    assert df["customer_id"].nunique() == make_orders.N_CUSTOMERS
    assert df["category"].nunique() == 5 and (df["amount"] > 0).all()


def test_bundled_classics_are_the_networkx_graphs(tmp_path, monkeypatch):
    monkeypatch.setattr(make_classics, "HERE", tmp_path)
    make_classics.main()
    for name in ("lesmis.csv", "karate.csv"):
        assert (tmp_path / name).read_bytes() == igraph_agent.data.path(name).read_bytes()
    assert bundled_graph("lesmis.csv").number_of_edges() == 254
    with pytest.raises(FileNotFoundError, match=r"bundled: orders\.csv"):
        igraph_agent.data.path("nope.csv")


def test_planted_bridge_customers_connect_the_segment_communities(ws):
    src = ws.attach(igraph_agent.data.path("orders.csv"))
    spec = GraphSpec(**infer_construction([src])["spec"])
    g, _ = ws.load(ws.construct([src["source_id"]], spec)["id"])
    communities = nx.community.louvain_communities(g, weight="weight", seed=1)
    assert len(communities) == 5
    member = {n: i for i, c in enumerate(communities) for n in c}

    def participation(n: str) -> float:
        w = Counter()
        for _, v, d in g.edges(n, data=True):
            w[member[v]] += d["weight"]
        total = sum(w.values())
        return 1 - sum((x / total) ** 2 for x in w.values())

    _, bridges = make_orders.generate()
    top = sorted(g.nodes, key=participation, reverse=True)[: len(bridges)]
    assert sorted(top) == bridges


def test_wheel_ships_the_bundled_data():
    from hatchling.builders.wheel import WheelBuilder

    root = Path(__file__).resolve().parents[1]
    # hatchling's own selection of the wheel's files (the build hooks don't change it)
    names = {f.distribution_path for f in WheelBuilder(str(root)).recurse_included_files()}
    for name in (*igraph_agent.data.DATASETS, "make_orders.py", "make_classics.py"):
        assert f"igraph_agent/data/{name}" in names


# -- end to end -------------------------------------------------------------------------
def test_agent_builds_the_customer_projection_from_bundled_orders(tmp_path):
    from igraph_agent import Agent

    agent = Agent(home=tmp_path / "project")
    try:
        resp = agent.ask("How many nodes does the graph have?",
                         attach=[igraph_agent.data.path("orders.csv")])
        assert resp.status == "answered", (resp.error, resp.answer)
        assert resp.graph is not None and resp.graph.attached  # bound before the first turn
        spec = agent.store.get_dataset(resp.graph.dataset_id)["spec"]
        assert (spec["kind"], spec["left_col"], spec["right_col"]) == (
            "projection", "customer_id", "product_id")
        customers = pd.read_csv(io.StringIO(igraph_agent.data.path("orders.csv").read_text()))
        n = customers["customer_id"].nunique()
        assert f"**{n} nodes**" in resp.answer
        state = agent.store.get_session(resp.session_id)["state"]["data_state"]
        assert state["active_dataset_id"] == resp.graph.dataset_id
        assert (state["construction_status"], state["revision"], state["loaded"]) == ("ready", 1, True)
    finally:
        agent.close()


def test_agent_accepts_a_sqlsource_attachment(tmp_path):
    from igraph_agent import Agent

    db = tmp_path / "shop.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript("CREATE TABLE orders (customer_id TEXT, product_id TEXT, amount REAL);"
                       "INSERT INTO orders VALUES ('a','x',1),('b','x',2),('c','y',3),('d','y',1);")
    conn.close()
    agent = Agent(home=tmp_path / "project")
    try:
        resp = agent.ask("How many nodes does the graph have?",
                         attach=[SQLSource(db, "SELECT * FROM orders WHERE customer_id != 'd'")])
        assert resp.status == "answered", (resp.error, resp.answer)
        assert "**3 nodes**" in resp.answer
        assert agent.store.list_sources()[0]["kind"] == "sqlite_query"
    finally:
        agent.close()


@pytest.mark.parametrize("directed", [False, True])
def test_integer_coded_normalisation_stores_what_the_text_path_stores(directed):
    """coded_tables (integer keys, one text per distinct id) gives the tables and codes the
    text normalisation gives, on repeated edges in both directions, weights partly missing,
    an attribute, integer and mixed-type endpoints and a node table listed first."""
    import numpy as np

    from igraph_agent.graph.datasets import _normalise_as_text, coded_tables

    rng = np.random.default_rng(7)
    m = 400
    ints = pd.DataFrame({"source": rng.integers(0, 30, m), "target": rng.integers(0, 30, m)})
    weights = rng.random(m).round(3)
    weights[rng.random(m) < 0.3] = np.nan
    attributed = ints.assign(weight=weights, tag=rng.choice(["x", "y", None], m))
    mixed = pd.DataFrame({"source": [3, "3", "a", 7, "b"], "target": ["a", 3, "3", "b", 7]})
    node_table = pd.DataFrame({"id": ["12", 5, "zz"], "label": ["twelve", "five", "zed"]})
    distinct = pd.DataFrame({"source": [-5, 0, 10**12, 7, 3], "target": [0, 7, -5, 3, 3]})
    empty = pd.DataFrame(columns=["id"])
    for nodes, edges in ((empty, ints), (empty, attributed), (node_table, attributed),
                         (empty, mixed), (node_table, mixed), (empty, distinct)):
        got_nodes, got_edges, codes = coded_tables(nodes, edges, directed)
        want_nodes, want_edges = _normalise_as_text(nodes, edges, directed)
        assert got_nodes["id"].tolist() == want_nodes["id"].tolist()
        assert got_nodes["id"].dtype == got_edges["source"].dtype == pd.Series(["a"]).astype(
            str).dtype  # text as the stored layout keeps it
        pd.testing.assert_frame_equal(got_nodes.reset_index(drop=True).astype(object),
                                      want_nodes.reset_index(drop=True).astype(object))
        pd.testing.assert_frame_equal(got_edges.reset_index(drop=True).astype(object),
                                      want_edges.reset_index(drop=True).astype(object))
        ids = got_nodes["id"].tolist()
        assert [[ids[a], ids[b]] for a, b in codes.tolist()] == \
            got_edges[["source", "target"]].values.tolist()


@pytest.mark.parametrize("directed", [False, True])
def test_a_load_right_after_construct_keep_is_the_graph_read_from_the_files(ws, directed):
    """construct(keep=True) hands the next load the graph made from the tables it wrote: the
    same tables, summary, igraph view and networkx graph as reading the revision back; a
    table whose parquet form differs (object, datetime) is read back instead."""
    from igraph_agent.graph.lazy import lazy_tables
    from igraph_agent.graph.revisions import read_revision
    from igraph_agent.graph.summary import graph_summary, igraph_view, view_codes

    edges = pd.DataFrame({"source": [1, 2, 3, 1, 4], "target": [2, 3, 1, 2, 5],
                          "weight": [0.5, 1.5, 2.0, 1.0, 3.0], "kind": ["a", "b", None, "c", "d"]})
    sid = ws.attach(edges, name="ties")["source_id"]
    row = ws.construct([sid], GraphSpec(directed=directed), keep=True)
    assert ws._fresh_graph is not None and ws._fresh_graph[0] == row["id"]
    kept, rev = ws.load(row["id"])
    assert ws._fresh_graph is None  # handed over once
    read = read_revision(ws.datasets_dir, row["id"], rev,
                         row["meta"]["content_sha256"][str(rev)])
    assert kept is not read
    for mine, theirs in zip(lazy_tables(kept), lazy_tables(read), strict=True):
        pd.testing.assert_frame_equal(mine, theirs)
    assert graph_summary(kept) == graph_summary(read)
    assert view_codes(kept).tolist() == view_codes(read).tolist()
    (h1, ids1), (h2, ids2) = igraph_view(kept), igraph_view(read)
    assert ids1 == ids2 and h1.get_edgelist() == h2.get_edgelist()
    assert h1.es["weight"] == h2.es["weight"]
    assert list(kept.nodes(data=True)) == list(read.nodes(data=True))
    assert list(kept.edges(data=True)) == list(read.edges(data=True))
    again, _ = ws.load(row["id"])  # the next load reads the files
    assert again is not kept


def test_tables_whose_parquet_form_differs_are_read_back_after_construct(ws):
    edges = pd.DataFrame({"source": ["a", "b"], "target": ["b", "c"],
                          "when": pd.to_datetime(["2024-01-01", "2024-02-01"])})
    sid = ws.attach(edges, name="dated")["source_id"]
    row = ws.construct([sid], GraphSpec(), keep=True)
    assert ws._fresh_graph is None  # a datetime column: the load reads the stored files
    g, _ = ws.load(row["id"])
    assert g.number_of_edges() == 2


@pytest.mark.parametrize("directed", [False, True], ids=["undirected", "directed"])
def test_repeated_edge_rows_are_counted_alike_for_integer_and_text_endpoints(ws, directed):
    """Integer endpoints are compared as integers (no text per row); the counts are those
    of the same table with its endpoints as text."""
    rows = pd.DataFrame({"from_stop": [1, 2, 1, 3, 3, 7, 2, 10],
                         "to_stop": [2, 1, 2, 3, 3, 10, 7, 7]})
    spec = GraphSpec(kind="edge_list", source_col="from_stop", target_col="to_stop",
                     directed=directed)
    merged = [ws.dataset(ws.construct([ws.attach(t)["source_id"]], spec)["id"])["meta"]
              ["construction_merged"] for t in (rows, rows.astype(str))]
    assert merged[0] == merged[1]
    # undirected: 1-2 in three rows, 3-3 and 7-10 in two each (8 rows, 4 edges);
    # directed: 1->2 and 3->3 in two rows each (8 rows, 6 edges)
    want = (4, 3) if not directed else (2, 2)
    assert (merged[0]["edge_rows_merged"], merged[0]["edges_from_merged_rows"]) == want
