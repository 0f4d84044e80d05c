"""Values at the edges of their types: ids beyond 64 bits, non-finite weights."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store

BIG = 2 ** 64


@pytest.fixture
def ws(tmp_path):
    w = Workspace(tmp_path / "project", Store(tmp_path / "agent.db"))
    yield w
    w.store.close()


def _graph(ws: Workspace, source) -> nx.Graph:
    src = ws.attach(source, name="edges")
    spec = GraphSpec(kind="edge_list", source_col="source", target_col="target")
    return ws.load(ws.construct([src["source_id"]], spec)["id"])[0]


@pytest.mark.parametrize("ids", [
    [BIG + 1, BIG + 2, BIG + 3],           # beyond unsigned 64 bits
    [2 ** 63, 2 ** 63 + 1, -5],            # beyond signed 64 bits, next to a negative id
])
def test_integer_ids_beyond_64_bits_keep_every_digit(ws, tmp_path, ids):
    a, b, c = ids
    path = tmp_path / "big.csv"
    path.write_text(f"source,target\n{a},{b}\n{b},{c}\n")
    g = _graph(ws, path)
    assert set(g.nodes) == {str(a), str(b), str(c)}
    assert g.number_of_edges() == 2


def test_a_dataframe_of_python_ints_beyond_64_bits_is_attached(ws):
    df = pd.DataFrame({"source": [BIG + 1, BIG + 2], "target": [BIG + 2, 7]}, dtype=object)
    g = _graph(ws, df)
    assert set(g.nodes) == {str(BIG + 1), str(BIG + 2), "7"}


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "Infinity"])
@pytest.mark.parametrize("kind", ["csv", "txt"])
def test_non_finite_weights_are_refused_alike(ws, tmp_path, value, kind):
    path = tmp_path / f"w.{kind}"
    if kind == "csv":
        path.write_text(f"source,target,weight\na,b,{value}\nb,c,1\n")
    else:
        path.write_text(f"a b {value}\nb c 1\n")
    with pytest.raises(ToolError) as err:
        ws.attach(path)
    assert err.value.code == ErrorCode.SOURCE_INVALID
    assert "finite" in err.value.message or "is not a number" in err.value.message


@pytest.mark.parametrize("value", [float("inf"), float("nan")])
def test_non_finite_weights_in_a_dataframe_are_refused_alike(ws, value):
    df = pd.DataFrame({"source": ["a", "b"], "target": ["b", "c"], "weight": [value, 1.0]})
    with pytest.raises(ToolError) as err:
        ws.attach(df, name="edges")
    assert err.value.code == ErrorCode.SOURCE_INVALID


@pytest.mark.parametrize("value", [float("inf"), float("nan")])
def test_non_finite_weights_in_a_networkx_graph_are_refused_alike(ws, value):
    g = nx.Graph()
    g.add_edge("a", "b", weight=value)
    g.add_edge("b", "c", weight=1.0)
    with pytest.raises(ToolError) as err:
        ws.attach(g, name="g")
    assert err.value.code == ErrorCode.SOURCE_INVALID
