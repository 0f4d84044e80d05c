"""Graph files (GraphML, GEXF, GML, Pajek, node-link JSON) and Arrow tables (Parquet,
Feather) attach like CSV files: the same graph as networkx's reader, attributes kept,
every malformed file SOURCE_INVALID with a location and nothing stored."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import pandas as pd
import pytest

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.graph.autospec import unambiguous_spec
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    home = tmp_path / "project"
    w = Workspace(home, Store(home / "agent.db"))
    yield w
    w.store.close()


def rail_network() -> nx.Graph:
    """Column names no reader knows: a small rail network with typed attributes."""
    g = nx.Graph()
    g.add_node("lyon", population=513000, region="ARA")
    g.add_node("paris", population=2100000, region="IDF")
    g.add_node("nice", population=340000, region="PACA")
    g.add_node("dijon", population=156000, region="BFC")
    g.add_edge("lyon", "paris", km=465.0, service="TGV")
    g.add_edge("lyon", "nice", km=470.5, service="TER")
    g.add_edge("paris", "dijon", km=315.0, service="TGV")
    return g


def write_node_link(g: nx.Graph, path: Path) -> None:
    path.write_text(json.dumps(nx.node_link_data(g, edges="links")))


WRITERS = {
    "rail.graphml": (nx.write_graphml, nx.read_graphml),
    "rail.gexf": (nx.write_gexf, nx.read_gexf),
    "rail.gml": (nx.write_gml, nx.read_gml),
    "rail.net": (nx.write_pajek, nx.read_pajek),
    "rail.json": (write_node_link,
                  lambda p: nx.node_link_graph(json.loads(Path(p).read_text()), edges="links")),
}


def load_attached(ws: Workspace, path: Path) -> tuple[dict, nx.Graph]:
    src = ws.attach(path)
    tables = ws.source_tables(src["source_id"])
    spec = unambiguous_spec({src["source_id"]: tables})
    assert spec is not None, f"{path.name} should construct without a choice"
    g, _ = ws.load(ws.construct([src["source_id"]], spec)["id"])
    return src, g


@pytest.mark.filterwarnings("ignore::UserWarning")  # Pajek's writer drops numeric attributes
@pytest.mark.parametrize("name", sorted(WRITERS))
def test_graph_file_loads_as_the_graph_networkx_reads_with_its_attributes(ws, tmp_path, name):
    write, read = WRITERS[name]
    path = tmp_path / name
    write(rail_network(), path)
    expected = nx.Graph(read(path))
    if name.endswith(".net"):  # the Pajek vertex number is kept as pajek_id
        for _, attrs in expected.nodes(data=True):
            attrs["pajek_id"] = attrs.pop("id")
    src, got = load_attached(ws, path)
    assert src["kind"] == {"graphml": "graphml", "gexf": "gexf", "gml": "gml", "net": "pajek",
                           "json": "node_link"}[name.rsplit(".", 1)[1]]
    assert set(got.nodes) == set(map(str, expected.nodes))
    assert {frozenset(e) for e in got.edges} == {frozenset(map(str, e)) for e in expected.edges}
    for n, attrs in expected.nodes(data=True):
        assert got.nodes[str(n)] == attrs
    for u, v, attrs in expected.edges(data=True):
        assert got.edges[str(u), str(v)] == attrs
    if not name.endswith(".net"):  # the formats that keep typed attributes
        assert got.nodes["paris"]["population"] == 2100000
        assert got.edges["lyon", "nice"]["km"] == 470.5


def test_directed_graphml_is_a_directed_source(ws, tmp_path):
    g = nx.DiGraph([("a", "b"), ("b", "c")])
    nx.write_graphml(g, tmp_path / "flows.graphml")
    src = ws.attach(tmp_path / "flows.graphml")
    assert src["directed"] is True
    edges = ws.source_tables(src["source_id"])["edges"]
    assert list(zip(edges["source"], edges["target"], strict=True)) == [("a", "b"), ("b", "c")]


def test_a_directed_graph_file_attached_to_a_question_is_analysed_directed(tmp_path):
    from igraph_agent import Agent

    flows = nx.DiGraph([("mill", "bakery"), ("bakery", "shop"), ("farm", "mill"),
                        ("farm", "shop")])
    nx.write_gexf(flows, tmp_path / "flows.gexf")
    agent = Agent(home=tmp_path / "project")
    try:
        resp = agent.ask("How many nodes and edges?", attach=[tmp_path / "flows.gexf"])
        info = next(v for v in resp.data.values() if v["tool"] == "get_graph_info")
        assert info["directed"] is True and (info["nodes"], info["edges"]) == (4, 4), info
        g = agent.graph(resp.session_id).require()
        assert g.is_directed() and set(g.edges) == set(flows.edges)
    finally:
        agent.close()


def test_same_graph_file_attached_twice_reuses_its_source(ws, tmp_path):
    nx.write_gexf(rail_network(), tmp_path / "a.gexf")
    (tmp_path / "copy.gexf").write_bytes((tmp_path / "a.gexf").read_bytes())
    first, second = ws.attach(tmp_path / "a.gexf"), ws.attach(tmp_path / "copy.gexf")
    assert second["source_id"] == first["source_id"] and second["reused"] is True


@pytest.mark.parametrize("suffix", [".parquet", ".feather"])
def test_arrow_table_attaches_like_a_csv_and_builds_the_edge_list(ws, tmp_path, suffix):
    df = pd.DataFrame({"src": ["k1", "k2", "k3"], "dst": ["k2", "k3", "k1"],
                       "weight": [0.5, 2.0, 1.25]})
    path = tmp_path / f"transfers{suffix}"
    getattr(df, "to_parquet" if suffix == ".parquet" else "to_feather")(path)
    src, got = load_attached(ws, path)
    assert src["kind"] == suffix[1:]
    pd.testing.assert_frame_equal(ws.source_tables(src["source_id"])["table"], df)
    expected = nx.from_pandas_edgelist(df, "src", "dst", edge_attr="weight",
                                       create_using=nx.DiGraph)  # src/dst: directed
    assert nx.utils.graphs_equal(got, expected)


def test_parquet_table_keeps_its_column_types(ws, tmp_path):
    df = pd.DataFrame({"left": ["a", "b"], "right": ["b", "c"], "n_trips": [3, 7],
                       "opened": [True, False]})
    df.to_parquet(tmp_path / "t.parquet")
    src = ws.attach(tmp_path / "t.parquet")
    table = ws.source_tables(src["source_id"])["table"]
    assert table["n_trips"].tolist() == [3, 7] and table["opened"].tolist() == [True, False]


# -- malformed files: SOURCE_INVALID with a location, nothing stored --------------------
def _parquet_cut(path: Path) -> None:
    pd.DataFrame({"a": ["x"], "b": ["y"]}).to_parquet(path)
    path.write_bytes(path.read_bytes()[:-10])


GRAPHML_OK_HEAD = ('<?xml version="1.0"?>\n<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n'
                   '<graph edgedefault="undirected">\n')
MALFORMED = {
    # name: (content or writer, fragment of the message, details key, value)
    "cut.graphml": (GRAPHML_OK_HEAD + '<node id="a"/>\n<node id="b">\n<edge source="a" '
                    'target="b"/>\n</graph></graphml>\n', "line 7", "line", 7),
    "undeclared_key.graphml": (GRAPHML_OK_HEAD + '<node id="a">\n<data key="d9">3</data>\n'
                               '</node>\n</graph>\n</graphml>\n', "line 5", "line", 5),
    "cut.gexf": ('<?xml version="1.0"?>\n<gexf xmlns="http://www.gexf.net/1.2draft" '
                 'version="1.2">\n<graph defaultedgetype="undirected">\n<nodes>\n'
                 '<node id="0" label="a">\n</nodes>\n', "line 6", "line", 6),
    "bracket.gml": ('graph [\n  node [ id 0 label "a" ]\n  node [ id 1 label "b" ] ]\n'
                    '  edge [ source 0 target 1 ]\n]\n', "line 5, column 1", "line", 5),
    "dangling_edge.gml": ('graph [\n  node [ id 0 label "a" ]\n  edge [ source 0 target 7 ]\n]\n',
                          "line 3", "line", 3),
    "short_vertices.net": ('*Vertices 3\n1 "a"\n2 "b"\n', "line 3", "line", 3),
    "bad_edge_line.net": ('*Vertices 2\n1 "a"\n2 "b"\n*Edges\n1 2\n7\n', "line 6", "line", 6),
    "open_quote.net": ('*Vertices 2\n1 "a\n2 "b"\n*Edges\n1 2\n', "line 2", "line", 2),
    "trailing_comma.json": ('{"nodes": [{"id": "a"},\n {"id": "b"},\n],\n "links": []}\n',
                            "line 3, column 1", "line", 3),
    "no_target.json": ('{"nodes": [{"id": "a"}, {"id": "b"}], "links": [{"source": "a", '
                       '"target": "b"}, {"source": "b"}]}', "links[1]", "path", "links[1]"),
    "unknown_node.json": ('{"nodes": [{"id": "a"}], "edges": [{"source": "a", "target": "z"}]}',
                          "edges[0]", "path", "edges[0]"),
    "cut.parquet": (_parquet_cut, "cut short", "offset", None),
    "csv_named.parquet": ("a,b\nx,y\n", "byte offset 0", "offset", 0),
    "text.feather": ("a,b\nx,y\n", "byte offset 0", "offset", 0),
}


def snapshot(ws: Workspace) -> tuple[int, list[str]]:
    files = sorted(str(p.relative_to(ws.home)) for d in (ws.sources_dir, ws.datasets_dir)
                   if d.exists() for p in d.rglob("*"))
    return ws.store.count("sources"), files


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_graph_or_arrow_file_is_source_invalid_naming_where(ws, tmp_path, name):
    content, fragment, key, value = MALFORMED[name]
    path = tmp_path / name
    if callable(content):
        content(path)
    else:
        path.write_text(content)
    nx.write_gml(rail_network(), tmp_path / "ok.gml")
    ws.attach(tmp_path / "ok.gml")
    before = snapshot(ws)
    with pytest.raises(ToolError) as err:
        ws.attach(path)
    assert err.value.code == ErrorCode.SOURCE_INVALID
    assert name in err.value.message and fragment in err.value.message, err.value.message
    assert key in err.value.details, err.value.details
    if value is not None:
        assert err.value.details[key] == value
    assert err.value.hint
    assert snapshot(ws) == before


def test_graph_file_over_the_size_limit_is_refused_before_reading(ws, tmp_path, monkeypatch):
    from igraph_agent.graph import graphfiles

    nx.write_graphml(rail_network(), tmp_path / "big.graphml")
    monkeypatch.setattr(graphfiles, "MAX_GRAPH_FILE_BYTES", 100)
    monkeypatch.setattr(graphfiles, "_READERS", {})  # reading would fail with a KeyError
    with pytest.raises(ToolError) as err:
        ws.attach(tmp_path / "big.graphml")
    assert err.value.code == ErrorCode.SOURCE_INVALID and "limit for a graph file" in \
        err.value.message


def test_agent_answers_a_question_about_an_attached_graphml_file(tmp_path):
    from igraph_agent import Agent

    nx.write_graphml(nx.karate_club_graph(), tmp_path / "club.graphml")
    agent = Agent(home=tmp_path / "project")
    try:
        resp = agent.ask("How many nodes and edges does this graph have?",
                         attach=[tmp_path / "club.graphml"])
        assert resp.status == "answered", resp.error
        assert "34" in resp.answer and "78" in resp.answer
    finally:
        agent.close()
