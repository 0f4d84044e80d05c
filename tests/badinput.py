"""The generated bad-input corpus: every case an input a user could attach (files, SQL,
DataFrames, networkx graphs, paths, deep JSON), with what must happen to it.

A case's ``expect`` is ``coded`` (an ``AgentError`` with a code and a hint, nothing
stored), ``ok`` (attached; ``check`` then says what must hold of the built graph) or
``either`` (attached, or coded). Never a raw exception.

``python tests/badinput.py WORKDIR INDEX...`` runs the named cases, each in a forked
process of this warm one, and prints one JSON line per case: the outcome, its seconds and
the case's peak RSS (its own, and that of the SQLite child it started), read from
``wait4``. ``tests/test_bad_input_corpus.py`` runs it.
"""

from __future__ import annotations

import json
import math
import os
import signal
import sqlite3
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: what a case may take (the issue's target for every adversarial input)
MAX_RSS_BYTES = 1024 * 1024 * 1024
MAX_SECONDS = 60.0
#: SQLite reading's deadline inside the corpus, so the slow cases end sooner
CORPUS_SQL_TIMEOUT_S = 2


@dataclass
class Case:
    id: str
    build: Callable[[Path], Any]
    expect: str = "coded"
    check: Callable[[Any], str | None] | None = None  # on the built graph: None if fine
    action: str = "attach"  # attach | ask | modify | tool_args
    meta: dict = field(default_factory=dict)


# -- builders ---------------------------------------------------------------------------
def _file(name: str, data: bytes | str) -> Callable[[Path], Path]:
    def build(tmp: Path) -> Path:
        p = tmp / name
        p.write_bytes(data.encode() if isinstance(data, str) else data)
        return p
    return build


def _db(name: str, script: str) -> Callable[[Path], Path]:
    def build(tmp: Path) -> Path:
        p = tmp / name
        conn = sqlite3.connect(p)
        conn.executescript(script)
        conn.close()
        return p
    return build


def _query(script: str, query: str, **kw: Any) -> Callable[[Path], Any]:
    def build(tmp: Path) -> Any:
        from igraph_agent.graph.sql import SQLSource

        p = _db("q.db", script)(tmp)
        return SQLSource(p, query, **kw)
    return build


def _frame(make: Callable[[], Any]) -> Callable[[Path], Any]:
    return lambda tmp: make()


class _Loud:  # an object whose text and hash raise
    def __str__(self) -> str:
        raise RuntimeError("no str")

    __repr__ = __str__

    def __hash__(self) -> int:
        raise RuntimeError("no hash")


class _NoHash:
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "NoHash()"


class _NoStr:
    def __str__(self) -> str:
        raise ValueError("no str")


def _directed(g: Any) -> str | None:
    return None if g.is_directed() else "a directed graph was loaded undirected"


def _edges(n: int) -> Callable[[Any], str | None]:
    return lambda g: None if g.number_of_edges() == n else f"{g.number_of_edges()} edges, not {n}"


def _nodes(n: int) -> Callable[[Any], str | None]:
    return lambda g: None if g.number_of_nodes() == n else f"{g.number_of_nodes()} nodes, not {n}"


def _all(*checks: Callable[[Any], str | None]) -> Callable[[Any], str | None]:
    def check(g: Any) -> str | None:
        for c in checks:
            if (why := c(g)) is not None:
                return why
        return None
    return check


ENDLESS = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)"
SMALL = "CREATE TABLE e(source, target); INSERT INTO e VALUES ('a', 'b'), ('b', 'c');"


def cases() -> list[Case]:
    out: list[Case] = []
    add = out.append

    # SQL dumps: a few bytes that ask for unbounded memory, time or other files
    dumps = {
        "endless_insert": f"CREATE TABLE t(x);\n{ENDLESS} INSERT INTO t SELECT x FROM c;\n",
        "endless_count": f"CREATE TABLE t(x);\nINSERT INTO t {ENDLESS} SELECT count(*) FROM c;\n",
        "attach": "ATTACH DATABASE '/tmp/x.db' AS x;\nCREATE TABLE t(a, b);\n",
        "heap_pragma": "PRAGMA hard_heap_limit=0;\nCREATE TABLE t(a, b);\nINSERT INTO t VALUES(1,2);\n",
        "soft_heap": "PRAGMA soft_heap_limit=0;\nCREATE TABLE t(a, b);\n",
        "unterminated": "CREATE TABLE t(a, b);\nINSERT INTO t VALUES (1, 2)\n",
        "syntax": "CREATE TABLE t(a, b);\nINSERT INTO t VALUS (1, 2);\n",
        "no_tables": "SELECT 1;\n",
        "empty_tables": "CREATE TABLE t(a, b);\n",
        "blob_column": "CREATE TABLE e(source, target, b);\nINSERT INTO e VALUES('a','b',x'00ff');\n",
        "view_only": "CREATE TABLE e(source, target);\nCREATE VIEW v AS SELECT 1;\n",
        "trigger_bomb": "CREATE TABLE e(source, target);\nCREATE TRIGGER t AFTER INSERT ON e "
                        "BEGIN INSERT INTO e VALUES (new.source, new.target); END;\n"
                        "INSERT INTO e VALUES ('a', 'b');\n",
    }
    for size in (10**6, 10**7, 10**8, 3 * 10**8, 10**9, 2**31 - 1):
        dumps[f"zeroblob_{size}"] = (f"CREATE TABLE e(source, target, big);\nINSERT INTO e "
                                     f"VALUES ('a', 'b', zeroblob({size}));\n")
        dumps[f"printf_{size}"] = (f"CREATE TABLE e(source, target, big);\nINSERT INTO e "
                                   f"VALUES ('a', 'b', printf('%.*c', {size}, 'x'));\n")
        dumps[f"generated_{size}"] = (f"CREATE TABLE e(source, target, big AS "
                                      f"(zeroblob({size})));\nINSERT INTO e VALUES ('a', 'b');\n")
    for rows in (10**3, 10**5, 10**7):
        dumps[f"many_blobs_{rows}"] = (f"CREATE TABLE t(x);\n{ENDLESS[:-1]} WHERE x < {rows}) "
                                       "INSERT INTO t SELECT zeroblob(100000000) FROM c;\n")
        dumps[f"many_mb_{rows}"] = (f"CREATE TABLE t(source, target);\n{ENDLESS[:-1]} WHERE x < "
                                    f"{rows}) INSERT INTO t SELECT x, printf('%.*c', 1000000, 'x') "
                                    "FROM c;\n")
    for name, sql in dumps.items():
        add(Case(f"sql_dump/{name}", _file(f"{name}.sql", sql),
                 "either" if name.startswith(("trigger", "printf")) else "coded"))
    add(Case("sql_dump/rtree", _file("rtree.sql", (
        "CREATE VIRTUAL TABLE r USING rtree(id, x0, x1);\nINSERT INTO r VALUES (1, 0.5, 1.5);\n"
        "CREATE TABLE e(source, target);\nINSERT INTO e VALUES ('a', 'b');\n")), "ok"))
    add(Case("sql_dump/fts5", _file("fts.sql", (
        "CREATE VIRTUAL TABLE f USING fts5(body);\nINSERT INTO f VALUES ('hello world');\n"
        "CREATE TABLE e(source, target);\nINSERT INTO e VALUES ('a', 'b');\n")), "ok"))
    add(Case("sql_dump/unknown_module", _file("mod.sql", (
        "CREATE VIRTUAL TABLE f USING nosuchmodule(body);\n")), "coded"))

    # SQLite files: generated columns, virtual tables, binary values
    for size in (10**6, 10**8, 3 * 10**8, 2**31 - 1):  # added after the rows: not computed here
        add(Case(f"sqlite_file/generated_zeroblob_{size}", _db(f"g{size}.db", (
            f"CREATE TABLE e(source, target); INSERT INTO e VALUES ('a', 'b'); ALTER TABLE e "
            f"ADD COLUMN big AS (zeroblob({size})) VIRTUAL;"))))
        add(Case(f"sqlite_file/generated_printf_{size}", _db(f"p{size}.db", (
            f"CREATE TABLE e(source, target); INSERT INTO e VALUES ('a', 'b'); ALTER TABLE e "
            f"ADD COLUMN big AS (printf('%.*c', {size}, 'x')) VIRTUAL;")), "either"))
    add(Case("sqlite_file/generated_slow", _db("slow.db", (
        "CREATE TABLE e(source, target); "
        f"{ENDLESS[:-1]} WHERE x < 100000) INSERT INTO e SELECT x, x + 1 FROM c; "
        "ALTER TABLE e ADD COLUMN s AS (length(hex(zeroblob(4000000 + source)))) VIRTUAL;"))))
    add(Case("sqlite_file/rtree", _db("rtree.db", (
        "CREATE VIRTUAL TABLE r USING rtree(id, x0, x1); INSERT INTO r VALUES (1, 0.5, 1.5); "
        + SMALL)), "ok"))
    add(Case("sqlite_file/blob", _db("blob.db", (
        "CREATE TABLE e(source, target, b); INSERT INTO e VALUES ('a', 'b', x'00ff');"))))
    add(Case("sqlite_file/plain", _db("plain.db", SMALL), "ok", _edges(2)))
    add(Case("sqlite_file/not_sqlite", _file("fake.db", "source,target\na,b\n")))
    add(Case("sqlite_file/truncated", lambda tmp: _truncated(tmp)))
    for n in (1, 100):
        add(Case(f"sqlite_file/many_big_rows_{n}", _db(f"rows{n}.db", (
            f"CREATE TABLE e(source, target); {ENDLESS[:-1]} WHERE x < 300) INSERT INTO e "
            f"SELECT x, printf('%.*c', {n * 10000}, 'y') FROM c;")), "either"))

    # SQLSource: bad limits, bombs in the query
    for value in (float("nan"), float("inf"), float("-inf"), -1, 0, 10**9, True, "5", None):
        add(Case(f"sql_query/timeout_{value!r}", _query(SMALL, "SELECT * FROM e",
                                                        timeout_s=value)))
    for value in (0, -5, 10**12, 1.5, True, "10", float("nan"), None):
        add(Case(f"sql_query/max_rows_{value!r}", _query(SMALL, "SELECT * FROM e",
                                                         max_rows=value)))
    queries = {
        "endless_rows": f"{ENDLESS} SELECT x AS source, x + 1 AS target FROM c",
        "endless_count": f"{ENDLESS} SELECT count(*) AS source, 1 AS target FROM c",
        "three_zeroblobs": "SELECT zeroblob(400000000) a, zeroblob(400000000) b, "
                           "zeroblob(400000000) c",
        "printf_huge": "SELECT printf('%.*c', 2000000000, 'x') AS source, 1 AS target",
        "many_mb": f"{ENDLESS} SELECT x AS source, printf('%.*c', 1000000, 'x') AS target FROM c",
        "blob": "SELECT x'00ff' AS source, 'b' AS target",
        "heap_pragma": "PRAGMA hard_heap_limit=0",
        "two_statements": "SELECT * FROM e; DELETE FROM e",
        "write": "DELETE FROM e",
        "attach": "ATTACH DATABASE '/tmp/y.db' AS y",
        "no_rows": "SELECT * FROM e WHERE 0",
        "dupe_columns": "SELECT source, source FROM e",
        "case_dupes": "SELECT source AS A, target AS a FROM e",
        "wide": "SELECT " + ", ".join(f"{i} AS c{i}" for i in range(1500)),
        "deep_nesting": "SELECT " + "(" * 5000 + "1" + ")" * 5000,
        "not_select": "CREATE TABLE z(a)",
        "long_text": "SELECT 'a' AS source, '" + "b" * 900_000 + "' AS target",
    }
    for name, q in queries.items():
        add(Case(f"sql_query/{name}", _query(SMALL, q),
                 "either" if name in ("case_dupes", "long_text") else "coded"))
    add(Case("sql_query/plain", _query(SMALL, "SELECT * FROM e"), "ok", _edges(2)))

    # paths: long names, NUL bytes, odd places, for every suffix
    suffixes = (".csv", ".tsv", ".txt", ".sql", ".db", ".graphml", ".json", ".parquet")
    for suffix in suffixes:
        for length in (256, 300, 5000, 100_000):
            add(Case(f"path/long_{length}{suffix}",
                     lambda tmp, n=length, s=suffix: str(tmp / ("x" * n + s))))
            if suffix in (".csv", ".db"):  # the whole request: its fingerprint first
                add(Case(f"path/long_{length}{suffix}/ask",
                         lambda tmp, n=length, s=suffix: str(tmp / ("x" * n + s)), action="ask"))
        for where in ("start", "middle", "end"):
            add(Case(f"path/nul_{where}{suffix}",
                     lambda tmp, w=where, s=suffix: _nul_path(tmp, w, s)))
        add(Case(f"path/missing{suffix}", lambda tmp, s=suffix: str(tmp / "nope" / f"a{s}")))
        add(Case(f"path/folder{suffix}", lambda tmp, s=suffix: _folder(tmp, s)))
        add(Case(f"path/deep_long{suffix}", lambda tmp, s=suffix: str(tmp / "/".join(
            ["d" * 200] * 30) / f"a{s}")))
    add(Case("path/nul/ask", lambda tmp: _nul_path(tmp, "middle", ".csv"), action="ask"))

    # DataFrame cells that cannot be hashed or printed, ids that print alike
    cells = {
        "list": lambda: [1, 2], "dict": lambda: {"a": 1}, "set": lambda: {1, 2},
        "frame": lambda: _pd().DataFrame({"a": [1]}), "series": lambda: _pd().Series([1, 2]),
        "loud": _Loud, "nohash": _NoHash, "nostr": _NoStr, "bytes": lambda: b"\x00\xff",
        "tuple": lambda: (1, 2), "complex": lambda: 1 + 2j, "array": lambda: _np().arange(3),
        "object": object, "none_str": lambda: "None",
    }
    for kind, make in cells.items():
        for col in ("source", "target", "extra"):
            add(Case(f"dataframe/cell_{kind}_in_{col}", _frame(lambda m=make, c=col: _cell_frame(
                m, c)), "either"))
            if col == "source":
                add(Case(f"dataframe/cell_{kind}_in_{col}/ask", _frame(
                    lambda m=make: _cell_frame(m, "source")), "either", action="ask"))
    alike = {
        "int_and_str": [1, "1"], "float_and_int": [1.0, "1.0"], "two_nans": [math.nan, math.nan],
        "nan_and_str": [math.nan, "nan"], "bool_and_str": [True, "True"],
        "none_and_str": [None, "None"], "big_int_and_str": [2**70, str(2**70)],
    }
    for kind, ids in alike.items():
        add(Case(f"dataframe/ids_{kind}", _frame(lambda v=ids: _pd().DataFrame(
            {"source": v, "target": ["z", "y"]})), "either", _ids_kept_apart(ids)))
    for kind, w in {"overflow": [1e308, 1e308], "inf": [math.inf, 1], "nan": [math.nan, 1],
                    "text": ["heavy", 1], "huge_int": [2**80, 1], "neg_overflow": [-1e308, -1e308],
                    "bool": [True, False]}.items():
        add(Case(f"dataframe/weight_{kind}", _frame(lambda v=w: _pd().DataFrame(
            {"source": ["a", "a"], "target": ["b", "b"], "weight": v})),
            "either" if kind in ("bool", "huge_int") else "coded"))
    for kind, cols in {"int_names": [0, 1], "tuple_names": [("a", 1), ("b", 2)],
                       "none_name": [None, "target"], "dupes": ["source", "source"],
                       "empty_name": ["", "target"], "nul_name": ["so\x00urce", "target"]}.items():
        add(Case(f"dataframe/columns_{kind}", _frame(lambda c=cols: _named_frame(c)), "either"))
    add(Case("dataframe/empty", _frame(lambda: _pd().DataFrame({"source": [], "target": []}))))
    add(Case("dataframe/wide", _frame(lambda: _pd().DataFrame([[1] * 1500]))))
    add(Case("dataframe/multiindex", _frame(lambda: _pd().DataFrame(
        {("a", "source"): ["x"], ("a", "target"): ["y"]})), "either"))

    # networkx graphs: direction, multiplicity, reserved attribute names, alike ids
    for cls in ("Graph", "DiGraph", "MultiGraph", "MultiDiGraph"):
        add(Case(f"networkx/{cls}_two_way", lambda tmp, c=cls: _nx_graph(c, [("a", "b"),
                                                                            ("b", "a")]),
                 "ok", _two_way_check(cls)))
        add(Case(f"networkx/{cls}_parallel_weights", lambda tmp, c=cls: _nx_graph(
            c, [("a", "b", {"weight": 2.0}), ("a", "b", {"weight": 3.0})]), "ok",
            _parallel_check(cls)))
        add(Case(f"networkx/{cls}_weight_overflow", lambda tmp, c=cls: _nx_graph(
            c, [("a", "b", {"weight": 1e308}), ("a", "b", {"weight": 1e308})]),
            "coded" if cls.startswith("Multi") else "ok"))  # a simple graph keeps one of them
        for attr in ("source", "target", "id"):
            where = "node" if attr == "id" else "edge"
            add(Case(f"networkx/{cls}_{where}_attr_{attr}", lambda tmp, c=cls, a=attr: _reserved(
                c, a), "ok", _reserved_check(attr)))
        add(Case(f"networkx/{cls}_int_and_str", lambda tmp, c=cls: _nx_graph(
            c, [(1, "x"), ("1", "y")]), "either", _nodes(4)))
        add(Case(f"networkx/{cls}_two_nans", lambda tmp, c=cls: _nx_graph(
            c, [(float("nan"), "x"), (float("nan"), "y")]), "either", _nodes(4)))
        add(Case(f"networkx/{cls}_unprintable_node", lambda tmp, c=cls: _nx_loud(c)))
        add(Case(f"networkx/{cls}_tuple_nodes", lambda tmp, c=cls: _nx_graph(
            c, [((1, 2), (2, 3))]), "ok", _nodes(2)))
        add(Case(f"networkx/{cls}_weight_inf", lambda tmp, c=cls: _nx_graph(
            c, [("a", "b", {"weight": math.inf})])))
        add(Case(f"networkx/{cls}_empty", lambda tmp, c=cls: _nx_graph(c, [])))

    # text tables whose weights overflow when one edge's rows are summed
    for suffix, sep in ((".csv", ","), (".tsv", "\t"), (".txt", " ")):
        header = "" if suffix == ".txt" else sep.join(["source", "target", "weight"]) + "\n"
        add(Case(f"text{suffix}/weight_overflow", _file(f"w{suffix}", header + (
            f"a{sep}b{sep}1e308\na{sep}b{sep}1e308\n"))))
        add(Case(f"text{suffix}/weight_overflow_reversed", _file(f"r{suffix}", header + (
            f"a{sep}b{sep}1e308\nb{sep}a{sep}1e308\n"))))
        add(Case(f"text{suffix}/weight_inf_text", _file(f"i{suffix}", header + (
            f"a{sep}b{sep}inf\n"))))
        add(Case(f"text{suffix}/weight_big_but_fine", _file(f"f{suffix}", header + (
            f"a{sep}b{sep}1e307\na{sep}b{sep}1e307\n")), "ok", _edges(1)))

    # deep JSON wherever it is parsed
    for depth in (100, 1000, 40_000, 200_000):
        add(Case(f"json/modify_list_{depth}", lambda tmp, d=depth: "[" * d + "]" * d,
                 action="modify"))
        add(Case(f"json/modify_object_{depth}", lambda tmp, d=depth: '{"a":' * d + "1" + "}" * d,
                 action="modify"))
        add(Case(f"json/tool_args_{depth}", lambda tmp, d=depth: '{"a":' * d + "1" + "}" * d,
                 action="tool_args"))
        add(Case(f"json/node_link_{depth}", _file(f"deep{depth}.json",
                                                  '{"nodes":' + "[" * depth + "]" * depth + "}")))
    return out


def _pd():
    import pandas as pd

    return pd


def _np():
    import numpy as np

    return np


def _truncated(tmp: Path) -> Path:
    good = _db("good.db", SMALL)(tmp)
    bad = tmp / "truncated.db"
    bad.write_bytes(good.read_bytes()[:200])
    return bad


def _nul_path(tmp: Path, where: str, suffix: str) -> str:
    name = {"start": "\x00a", "middle": "a\x00b", "end": "a\x00"}[where]
    return str(tmp) + "/" + name + suffix


def _folder(tmp: Path, suffix: str) -> str:
    p = tmp / f"folder{suffix}"
    p.mkdir()
    return str(p)


def _cell_frame(make: Callable[[], Any], col: str) -> Any:
    data = {"source": ["a", "b"], "target": ["b", "c"], "extra": [1, 2]}
    values = list(data[col])
    values[1] = make()
    data[col] = values
    return _pd().DataFrame(data)


def _named_frame(cols: list[Any]) -> Any:
    df = _pd().DataFrame([["a", "b"], ["b", "c"]])
    df.columns = cols
    return df


def _ids_kept_apart(ids: list[Any]) -> Callable[[Any], str | None]:
    def check(g: Any) -> str | None:
        distinct = len({(type(v), str(v)) for v in ids if v is not None
                        and not (isinstance(v, float) and math.isnan(v))})
        return None if g.number_of_nodes() >= distinct + 2 else "ids that print alike merged"
    return check


def _nx_graph(cls: str, edges: list[tuple]) -> Any:
    import networkx as nx

    g = getattr(nx, cls)()
    if not edges:
        return g
    g.add_edges_from(edges)
    return g


def _nx_loud(cls: str) -> Any:
    g = _nx_graph(cls, [])
    g.add_node(_NoStr())
    g.add_edge("x", "y")
    return g


def _two_way_check(cls: str) -> Callable[[Any], str | None]:
    if cls == "Graph":
        return _edges(1)
    if cls == "DiGraph":
        return _all(_directed, _edges(2))
    if cls == "MultiGraph":
        return _all(_edges(1), _multiplicity(2))
    return _all(_directed, _edges(2))


def _parallel_check(cls: str) -> Callable[[Any], str | None]:
    if cls.startswith("Multi"):
        return _all(_edges(1), _multiplicity(2), _weight(5.0))
    return _all(_edges(1), _weight(3.0))


def _multiplicity(n: int) -> Callable[[Any], str | None]:
    def check(g: Any) -> str | None:
        got = [d.get("multiplicity") for _, _, d in g.edges(data=True)]
        return None if n in got else f"multiplicity {got}, expected {n}"
    return check


def _weight(w: float) -> Callable[[Any], str | None]:
    def check(g: Any) -> str | None:
        got = [d.get("weight") for _, _, d in g.edges(data=True)]
        return None if w in got else f"weights {got}, expected {w}"
    return check


def _reserved(cls: str, attr: str) -> Any:
    g = _nx_graph(cls, [])
    if attr == "id":
        g.add_node("a", id="x")
        g.add_edge("a", "b")
    else:
        g.add_edge("a", "b", **{attr: "z"})
    return g


def _reserved_check(attr: str) -> Callable[[Any], str | None]:
    def check(g: Any) -> str | None:
        if set(map(str, g.nodes)) != {"a", "b"}:
            return f"an attribute named {attr} changed the nodes: {sorted(map(str, g.nodes))}"
        data = [d for _, d in g.nodes(data=True)] if attr == "id" else [
            d for _, _, d in g.edges(data=True)]
        if not any(d.get(f"{attr}_attribute") == ("x" if attr == "id" else "z") for d in data):
            return f"the attribute {attr} was not kept as {attr}_attribute"
        return None
    return check


# -- running one case -------------------------------------------------------------------
def run_case(case: Case, tmp: Path) -> dict[str, Any]:
    """The case's outcome: ``{"outcome": "ok"|"coded"|"raw", ...}``."""
    from igraph_agent.errors import AgentError

    try:
        obj = case.build(tmp)
        if case.action == "modify":
            return _modify(obj, tmp)
        if case.action == "tool_args":
            return _tool_args(obj)
        if case.action == "ask":
            return _ask(obj, tmp)
        return _attach(case, obj, tmp)
    except AgentError as exc:
        return {"outcome": "coded", "code": str(exc.code), "message": exc.message[:300],
                "hint": exc.hint}
    except BaseException as exc:  # what the corpus exists to catch
        return {"outcome": "raw", "error": f"{type(exc).__name__}: {str(exc)[:300]}"}


def _attach(case: Case, obj: Any, tmp: Path) -> dict[str, Any]:
    from igraph_agent.graph.autospec import unambiguous_spec
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.runtime.fingerprint import content_hash
    from igraph_agent.store import Store

    content_hash(obj)  # what a start request does first
    ws = Workspace(tmp / "home", Store(tmp / "home" / "agent.db"))
    before = sorted(p.name for p in (tmp / "home").rglob("*") if p.is_file())
    try:
        src = ws.attach(obj)
    except Exception:
        after = sorted(p.name for p in (tmp / "home").rglob("*") if p.is_file())
        if after != before or ws.store.list_sources():
            return {"outcome": "raw", "error": f"a failed attach stored something: {after}"}
        raise
    out: dict[str, Any] = {"outcome": "ok", "tables": src.get("tables"),
                           "notes": src.get("notes")}
    sid = src["source_id"]  # then what a request does with it: construct and load
    directed = {sid} if (ws.source(sid)["meta"] or {}).get("directed") else set()
    spec = unambiguous_spec({sid: ws.source_tables(sid)}, directed=directed)
    if spec is None:
        if case.check is not None:
            out["problem"] = "no construction for the attached source"
        return out
    g, _ = ws.load(ws.construct([sid], spec)["id"])
    if case.check is not None:
        out["problem"] = case.check(g)
    return out


def _ask(obj: Any, tmp: Path) -> dict[str, Any]:
    from igraph_agent import Agent

    agent = Agent(home=tmp / "home")
    try:
        resp = agent.ask("how many nodes?", attach=[obj])
    finally:
        agent.close()
    if resp.error is not None:
        return {"outcome": "coded", "code": resp.error.code, "message": resp.error.message[:300],
                "hint": resp.error.hint}
    return {"outcome": "ok"}


def _modify(text: str, tmp: Path) -> dict[str, Any]:
    """``igraph-agent approve RUN CALL --modify JSON`` on a run that does not exist."""
    from click.testing import CliRunner

    from igraph_agent.cli import main

    with CliRunner().isolation() as (out, err, _):
        code = main(["--home", str(tmp / "home"), "approve", "run_x", "call_x",
                     "--modify", text])
        shown = out.getvalue().decode() + err.getvalue().decode()
    if "Traceback" in shown or "RecursionError" in shown:
        return {"outcome": "raw", "error": shown[-300:]}
    return {"outcome": "coded" if code else "ok", "code": f"exit {code}",
            "message": shown[-300:], "hint": "printed"}


def _tool_args(text: str) -> dict[str, Any]:
    from igraph_agent.tools.registry import argument_bounds

    problem = argument_bounds(text)
    if problem is None:
        return {"outcome": "ok"}
    return {"outcome": "coded", "code": "INVALID_ARGUMENTS", "message": problem, "hint": "-"}


def judge(case: Case, result: dict[str, Any]) -> str | None:
    """Why a case's result is wrong, or None."""
    outcome = result.get("outcome")
    if outcome == "raw":
        return f"raw exception: {result.get('error')}"
    if outcome == "coded" and not (result.get("code") and result.get("hint")):
        return f"an error without a code or a hint: {result}"
    if case.expect == "coded" and outcome != "coded":
        return f"accepted, but must be refused: {result}"
    if case.expect == "ok" and outcome != "ok":
        return f"refused, but must be accepted: {result}"
    if outcome == "ok" and result.get("problem"):
        return f"accepted but changed: {result['problem']}"
    return None


def _fork_case(case: Case, workdir: Path) -> dict[str, Any]:
    tmp = workdir / case.id.replace("/", "__")[:120]
    tmp.mkdir(parents=True, exist_ok=True)
    read, write = os.pipe()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the case, alone in this process
        os.close(read)
        try:
            result = run_case(case, tmp)
        except BaseException as exc:
            result = {"outcome": "raw", "error": repr(exc)[:300]}
        import resource

        result["children_kib"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        with os.fdopen(write, "w") as fh:
            fh.write(json.dumps(result, default=str))
        os._exit(0)
    os.close(write)
    chunks = []
    with os.fdopen(read) as fh:
        deadline = start + MAX_SECONDS + 30
        while True:  # the pipe closes when the case ends; a case past the deadline is killed
            import select

            ready, _, _ = select.select([fh], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                break
            chunk = fh.read()
            chunks.append(chunk)
            break
    _, status, usage = os.wait4(pid, 0)
    seconds = time.monotonic() - start
    try:
        result = json.loads("".join(chunks))
    except ValueError:
        result = {"outcome": "raw", "error": f"the case's process ended with status {status}"}
    peak_kib = max(usage.ru_maxrss, int(result.pop("children_kib", 0)))
    return {"id": case.id, "seconds": round(seconds, 3), "peak_bytes": peak_kib * 1024, **result}


def main(argv: list[str]) -> int:
    from igraph_agent.graph import sqldump

    sqldump.SQL_DUMP_TIMEOUT_S = CORPUS_SQL_TIMEOUT_S
    import igraph_agent.graph.sql
    import igraph_agent.graph.workspace  # noqa: F401

    workdir = Path(argv[0])
    everything = cases()
    for index in map(int, argv[1:]):
        print(json.dumps(_fork_case(everything[index], workdir), default=str), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
