"""Sources: every format, content-hash reuse, and the malformed-file corpus (nothing stored)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import networkx as nx
import pandas as pd
import pytest

import igraph_agent.data
from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.graph.sql import SQLSource
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store

MALFORMED = Path(__file__).parent / "data" / "malformed"

SHOP_DUMP = """-- a small shop, as `sqlite3 shop.db .dump` writes it
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE customers (customer_id TEXT PRIMARY KEY, customer_name TEXT);
INSERT INTO customers VALUES('C1','Ada Lovelace');
INSERT INTO customers VALUES('C2','Alan Turing');
INSERT INTO customers VALUES('C3','Grace Hopper');
CREATE TABLE orders (order_id INTEGER, customer_id TEXT, product_id TEXT,
                     amount REAL);
INSERT INTO orders VALUES(1,'C1','P1',10.0);
INSERT INTO orders VALUES(2,'C2','P1',12.5);
INSERT INTO orders VALUES(3,'C2','P2',3.0);
INSERT INTO orders VALUES(4,'C3','P2',4.0);
INSERT INTO orders VALUES(5,'C3','P3',8.0);
CREATE TABLE archive (note TEXT);
COMMIT;
"""


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    home = tmp_path / "project"
    w = Workspace(home, Store(home / "agent.db"))
    yield w
    w.store.close()


@pytest.fixture
def shop_db(tmp_path: Path) -> Path:
    """A real SQLite file built from SHOP_DUMP."""
    path = tmp_path / "shop.sqlite"
    conn = sqlite3.connect(path)
    conn.executescript(SHOP_DUMP)
    conn.close()
    return path


def snapshot(ws: Workspace) -> tuple[int, int, list[str]]:
    """Store row counts and every file under sources/ and datasets/."""
    files = sorted(str(p.relative_to(ws.home)) for d in (ws.sources_dir, ws.datasets_dir)
                   if d.exists() for p in d.rglob("*"))
    return ws.store.count("sources"), ws.store.count("datasets"), files


# -- formats ----------------------------------------------------------------------------
def test_csv_keeps_leading_zero_ids_as_text_and_numeric_columns_as_numbers(ws, tmp_path):
    p = tmp_path / "e.csv"
    p.write_text("source, target, weight\n007,010,1.5\n010,011,2\n")
    src = ws.attach(p)
    df = ws.source_tables(src["source_id"])["table"]
    assert list(df["source"]) == ["007", "010"]
    assert df["weight"].dtype.kind == "f" and list(df["weight"]) == [1.5, 2.0]
    assert src["tables"] == {"table": ["source", "target", "weight"]} and src["rows"] == 2


def test_tsv_is_read_tab_separated(ws, tmp_path):
    p = tmp_path / "e.tsv"
    p.write_text("from\tto\na b\tc\n")
    df = ws.source_tables(ws.attach(p)["source_id"])["table"]
    assert df.to_dict("records") == [{"from": "a b", "to": "c"}]


def test_quoted_csv_fields_with_commas_are_one_value(ws, tmp_path):
    p = tmp_path / "q.csv"
    p.write_text('source,target,label\na,b,"Smith, Jane"\n')
    df = ws.source_tables(ws.attach(p)["source_id"])["table"]
    assert df["label"].tolist() == ["Smith, Jane"]


def test_txt_edge_list_reads_comments_commas_and_weights(ws, tmp_path):
    p = tmp_path / "g.txt"
    p.write_text("# a comment\n1 2 0.5\n2,3,1  # trailing comment\n\n3\t1 2\n")
    df = ws.source_tables(ws.attach(p)["source_id"])["table"]
    assert df.to_dict("records") == [{"source": "1", "target": "2", "weight": 0.5},
                                     {"source": "2", "target": "3", "weight": 1.0},
                                     {"source": "3", "target": "1", "weight": 2.0}]


def test_identical_file_content_reuses_the_source_id(ws, tmp_path):
    first = ws.attach(igraph_agent.data.path("karate.csv"))
    copy = tmp_path / "renamed.csv"
    shutil.copy(igraph_agent.data.path("karate.csv"), copy)
    again = ws.attach(copy)
    assert again["source_id"] == first["source_id"] and again["reused"] is True
    assert first["reused"] is False and len(first["sha256"]) == 64
    copy.write_text(copy.read_text() + "33,0,1\n")
    changed = ws.attach(copy)
    assert changed["source_id"] != first["source_id"]
    assert ws.store.count("sources") == 2


def test_dataframe_and_networkx_sources_are_stored_and_reused(ws):
    df = pd.DataFrame({"source": ["a", "b"], "target": ["b", "c"], "mixed": [1, "x"]})
    a = ws.attach(df, name="frame")
    assert ws.attach(df.copy())["source_id"] == a["source_id"]
    stored = ws.source_tables(a["source_id"])["table"]
    assert stored["mixed"].tolist() == ["1", "x"]  # mixed types stored as text
    g = nx.les_miserables_graph()
    s = ws.attach(g, name="lesmis")
    tables = ws.source_tables(s["source_id"])
    assert len(tables["nodes"]) == 77 and len(tables["edges"]) == 254
    assert ws.attach(g)["source_id"] == s["source_id"]


def test_sql_dump_makes_every_table_with_rows_a_source_table(ws, tmp_path):
    p = tmp_path / "shop.sql"
    p.write_text(SHOP_DUMP)
    src = ws.attach(p)
    assert src["kind"] == "sql"
    assert src["tables"] == {"customers": ["customer_id", "customer_name"],
                             "orders": ["order_id", "customer_id", "product_id", "amount"]}
    assert src["rows"] == {"customers": 3, "orders": 5}
    orders = ws.source_tables(src["source_id"])["orders"]
    assert orders["amount"].sum() == pytest.approx(37.5)


def test_sql_dump_may_not_attach_other_database_files(ws, tmp_path):
    target = tmp_path / "written.db"
    p = tmp_path / "evil.sql"
    p.write_text(f"ATTACH DATABASE '{target}' AS other;\nCREATE TABLE other.t (a, b);\n")
    with pytest.raises(ToolError) as err:
        ws.attach(p)
    assert err.value.code == ErrorCode.SOURCE_INVALID and err.value.details["line"] == 1
    assert not target.exists()


def test_sqlite_file_attaches_every_table_read_only(ws, shop_db):
    before = shop_db.read_bytes()
    src = ws.attach(shop_db)
    assert src["kind"] == "sqlite" and set(src["tables"]) == {"customers", "orders"}
    assert shop_db.read_bytes() == before


def test_sqlsource_query_result_is_the_source_table(ws, shop_db):
    query = ("SELECT o.customer_id, c.customer_name, o.product_id, o.amount FROM orders o "
             "JOIN customers c USING (customer_id)")
    src = ws.attach(SQLSource(shop_db, query, name="shop_orders"))
    assert src["kind"] == "sqlite_query" and src["name"] == "shop_orders"
    assert src["tables"] == {"table": ["customer_id", "customer_name", "product_id", "amount"]}
    assert src["rows"] == 5
    assert ws.attach(SQLSource(shop_db, query + " "))["source_id"] == src["source_id"]
    other = ws.attach(SQLSource(shop_db, "SELECT customer_id, product_id FROM orders"))
    assert other["source_id"] != src["source_id"]


@pytest.mark.parametrize(("query", "fragment"), [
    ("SELECT nope FROM orders", "no such column: nope"),
    ("SELECT * FROM missing_table", "no such table: missing_table"),
    ("SELECT * FROM orders; DELETE FROM orders", "more than one statement"),
    ("SELECT * FROM orders WHERE amount > 1000", "returned no rows"),
    ("DELETE FROM orders", "attempt to write a readonly database"),
    ("   ", "query is empty"),
])
def test_failing_sqlite_query_is_rejected_and_stores_nothing(ws, shop_db, query, fragment):
    before = snapshot(ws)
    original = shop_db.read_bytes()
    with pytest.raises(ToolError) as err:
        ws.attach(SQLSource(shop_db, query))
    assert err.value.code == ErrorCode.SOURCE_INVALID
    assert fragment in err.value.message
    assert snapshot(ws) == before
    assert shop_db.read_bytes() == original


def test_sqlsource_on_a_text_file_says_it_is_not_sqlite(ws):
    with pytest.raises(ToolError) as err:
        ws.attach(SQLSource(MALFORMED / "not_sqlite.db", "SELECT 1"))
    assert "not a SQLite database" in err.value.message


def test_utf16_file_is_named_as_such(ws, tmp_path):
    p = tmp_path / "excel.csv"
    p.write_bytes("source,target\na,b\n".encode("utf-16"))
    with pytest.raises(ToolError, match="UTF-16 text, not UTF-8"):
        ws.attach(p)


def test_unattachable_object_is_source_invalid(ws):
    with pytest.raises(ToolError) as err:
        ws.attach({"source": "a"})
    assert err.value.code == ErrorCode.SOURCE_INVALID and "dict" in err.value.message


# -- the malformed corpus ---------------------------------------------------------------
# file -> (fragment of the message, the line it must name or None)
CORPUS = {
    "semicolon.csv": ("looks semicolon-separated", 1),
    "one_column.csv": ("header has one column", 1),
    "empty.csv": ("is empty", None),
    "header_only.csv": ("a header but no rows", 1),
    "latin1.csv": ("not UTF-8 (byte 0xfc at line 2, column 2)", 2),
    "ragged.csv": ("line 3 has 4 fields, the header has 3", 3),
    "bad_weight.csv": ("line 3, column 'weight' (column 3): the weight 'heavy' is not a number", 3),
    "duplicate_header.csv": ("duplicate column name(s) in the header: source (columns 1, 3)", 1),
    "blank_header_name.csv": ("column 2: the header has an empty column name", 1),
    "missing_endpoint.csv": ("line 3, column 'target' (column 2): the edge endpoint is empty", 3),
    "garbage.csv": ("looks like a binary file", 5),
    "bad_syntax.sql": ('line 3: the SQL statement starting there failed: near "VALUS"', 3),
    "unterminated.sql": ("never ends (missing ';'?)", 2),
    "no_rows.sql": ("every table is empty", None),
    "not_sqlite.db": ("not a SQLite database", None),
    "corrupt.sqlite": ("file is not a database", None),
    "too_many_fields.txt": ("line 2 has 4 fields", 2),
    "comments_only.txt": ("has no edges", None),
    "edges.json": ("no \"nodes\" list; not node-link JSON", None),
}


def test_corpus_holds_at_least_ten_kinds_of_broken_file():
    on_disk = {p.name for p in MALFORMED.iterdir()}
    assert on_disk == set(CORPUS)
    assert len(CORPUS) >= 10


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_malformed_file_is_rejected_naming_the_place_and_leaves_store_and_folders_as_they_were(
        ws, name):
    ws.attach(igraph_agent.data.path("karate.csv"))  # something already stored
    before = snapshot(ws)
    with pytest.raises(ToolError) as err:
        ws.attach(MALFORMED / name)
    fragment, line = CORPUS[name]
    assert err.value.code == ErrorCode.SOURCE_INVALID
    assert fragment in err.value.message
    assert name in err.value.message
    assert err.value.hint
    assert err.value.details.get("line") == line
    assert snapshot(ws) == before


def test_malformed_file_in_an_empty_project_creates_no_sources_folder(ws):
    with pytest.raises(ToolError):
        ws.attach(MALFORMED / "ragged.csv")
    assert not ws.sources_dir.exists() and ws.store.count("sources") == 0


def test_one_bad_object_in_attach_many_stores_none_of_them(ws):
    with pytest.raises(ToolError):
        ws.attach_many([igraph_agent.data.path("karate.csv"), MALFORMED / "bad_weight.csv"])
    assert snapshot(ws) == (0, 0, [])


def test_agent_run_with_a_malformed_attachment_stores_none_and_ends_in_source_invalid(tmp_path):
    from igraph_agent import Agent

    agent = Agent(home=tmp_path / "project")
    try:
        resp = agent.ask("How many nodes does the graph have?",
                         attach=[igraph_agent.data.path("karate.csv"),
                                 MALFORMED / "missing_endpoint.csv"])
        assert resp.status == "error"
        assert resp.error.code == "SOURCE_INVALID" and "line 3" in resp.error.message
        assert agent.store.count("sources") == 0 and agent.store.count("datasets") == 0
        assert not (agent.home / "sources").exists()
    finally:
        agent.close()


def test_networkx_edge_without_a_weight_reads_as_weight_one():
    from igraph_agent.graph.sources import from_networkx

    g = nx.Graph()
    g.add_edge("a", "b", weight=2.5)
    g.add_edge("b", "c")  # networkx's weighted algorithms read this edge as weight 1
    edges = from_networkx(g, "g").tables["edges"].set_index(["source", "target"])
    assert edges.loc[("a", "b"), "weight"] == 2.5
    assert edges.loc[("b", "c"), "weight"] == 1.0


def test_networkx_edge_with_an_infinite_weight_is_refused():
    from igraph_agent.graph.sources import from_networkx

    g = nx.Graph()
    g.add_edge("a", "b", weight=float("inf"))
    with pytest.raises(ToolError) as err:
        from_networkx(g, "g")
    assert err.value.code == ErrorCode.SOURCE_INVALID
