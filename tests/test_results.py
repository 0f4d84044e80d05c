"""Typed tool results: every catalogued tool declares its result model, results are checked
against it (strict in the test suite), and a result knows its tables."""

from __future__ import annotations

import networkx as nx
import pytest

from igraph_agent.errors import ErrorCode
from igraph_agent.results import STRICT_ENV, ToolData, read, strict
from igraph_agent.results.centrality import DegreeAnalysisResult, NodeCentralityResult
from igraph_agent.tools import ToolContext, ToolOutput, ToolRegistry, default_registry, tool
from tests.tools_support import call, context, karate


class OneResult(ToolData):
    count: int


@tool(result=OneResult)
def counted(ctx: ToolContext, args: OneResult) -> ToolOutput:
    """Return the count, or a renamed key when the count is 0."""
    data = {"count": args.count} if args.count else {"how_many": 0}
    return ToolOutput(data=data, summary="counted")


def test_every_catalogued_tool_declares_a_result_model():
    registry = default_registry()
    undeclared = [t.name for t in registry.in_scope(None) if t.result_model is None]
    assert undeclared == []
    assert all(issubclass(t.result_model, ToolData) for t in registry.in_scope(None))


def test_the_suite_checks_results_strictly():
    assert strict(), f"tests/conftest.py sets {STRICT_ENV}=1"


def test_a_renamed_result_key_is_a_coded_failure_under_strict_results(tmp_path):
    ctx = context(tmp_path, nx.path_graph(3))
    registry = ToolRegistry([counted])
    assert registry.dispatch("counted", {"count": 2}, ctx).data == {"count": 2}
    failed = registry.dispatch("counted", {"count": 0}, ctx)
    assert not failed.success
    assert failed.error.code == ErrorCode.RESULT_INVALID
    assert "how_many" in failed.error.message and "count" in failed.error.message


def test_outside_strict_results_a_mismatch_is_logged_and_the_result_kept(tmp_path, monkeypatch,
                                                                          caplog):
    monkeypatch.setenv(STRICT_ENV, "0")
    ctx = context(tmp_path, nx.path_graph(3))
    result = ToolRegistry([counted]).dispatch("counted", {"count": 0}, ctx)
    assert result.success and result.data == {"how_many": 0}
    assert "does not match its result model" in caplog.text


def test_a_result_knows_its_tables_and_their_rows(tmp_path):
    assert set(DegreeAnalysisResult.table_fields()) == {"top", "distribution"}
    assert set(NodeCentralityResult.table_fields()) == {"top", "requested"}
    data = call(context(tmp_path, karate()), "degree_analysis", top_k=3)["data"]
    typed = read(DegreeAnalysisResult, data)
    assert [row.node for row in typed.top] == [r["node"] for r in data["top"]]
    assert typed.rows("top") == data["top"]
    assert typed.max_degree == max(d for _, d in karate().degree())


def test_a_result_cut_for_the_model_reads_as_the_rows_it_kept(tmp_path):
    from igraph_agent.tools.registry import ToolResult

    data = call(context(tmp_path, karate()), "degree_analysis", top_k=34)["data"]
    res = ToolResult(success=True, tool="degree_analysis", call_id="c", data=data)
    import json

    view = json.loads(res.for_model(limit=700))["data"]
    assert isinstance(view["top"][-1], str) and "more of" in view["top"][-1]
    typed = read(DegreeAnalysisResult, view)
    assert [r.node for r in typed.top] == [r["node"] for r in data["top"][:len(typed.top)]]


def test_the_default_registry_results_match_their_models_on_a_directed_weighted_graph(tmp_path):
    g = nx.gnp_random_graph(40, 0.1, seed=3, directed=True)
    for u, v in g.edges:
        g.edges[u, v]["weight"] = 1.5
    ctx = context(tmp_path, g)
    registry = default_registry()
    for name, args in [("degree_analysis", {"direction": "in"}),
                       ("node_centrality", {"measure": "betweenness", "weight": "weight"}),
                       ("connectivity", {}), ("summary_statistics", {}),
                       ("local_analysis", {"node": "0"}), ("count_triangles", {}),
                       ("bipartite_check", {}), ("community_detection", {"weight": "weight"})]:
        result = registry.dispatch(name, args, ctx)
        assert result.success or result.error.code != ErrorCode.RESULT_INVALID, result.error
        if result.success:
            registry.get(name).result_model.model_validate(result.data)


@pytest.mark.parametrize("name", sorted(default_registry().names()))
def test_each_result_model_is_a_closed_pydantic_model(name):
    model = default_registry().get(name).result_model
    assert model.model_json_schema()["type"] == "object"
