"""Every analysis tool refuses unknown ids and a missing graph with a code and a hint."""

from __future__ import annotations

import pytest
from tools_support import REGISTRY, call, context, karate

from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store
from igraph_agent.tools import ToolContext

UNKNOWN_ID_CALLS = [
    ("node_centrality", {"nodes": ["0", "Alice"]}),
    ("community_detection", {"nodes": ["Alice"]}),
    ("shortest_path", {"source": "0", "target": "Alice"}),
    ("shortest_path", {"source": "Alice", "target": "0"}),
    ("connectivity", {"source": "Alice", "target": "0"}),
    ("local_analysis", {"node": "Alice"}),
    ("subgraph_extraction", {"center": "Alice"}),
    ("subgraph_extraction", {"nodes": ["0", "Alice"]}),
    ("compare_nodes", {"nodes": ["0", "Alice"]}),
]

ANALYSIS_TOOLS = ["search_node", "search_edge", "degree_analysis", "node_centrality",
                  "community_detection", "bridge_nodes", "shortest_path", "connectivity",
                  "local_analysis", "subgraph_extraction", "compare_nodes", "summary_statistics"]

MINIMAL_ARGS = {"search_node": {"query": "a"}, "search_edge": {"query": "a"},
                "shortest_path": {"source": "a", "target": "b"},
                "subgraph_extraction": {"center": "a"}, "compare_nodes": {"nodes": ["a", "b"]}}


@pytest.mark.parametrize(("name", "args"), UNKNOWN_ID_CALLS)
def test_unknown_node_id_is_node_not_found_with_a_search_hint(tmp_path, name, args):
    env = call(context(tmp_path, karate()), name, **args)
    assert env["success"] is False
    assert env["error"]["code"] == "NODE_NOT_FOUND"
    assert "Alice" in env["error"]["message"] and "search_node" in env["error"]["hint"]
    assert env["error"]["details"]["missing"] == ["Alice"]


@pytest.mark.parametrize("name", ANALYSIS_TOOLS)
def test_every_analysis_tool_needs_a_loaded_graph(tmp_path, name):
    ctx = ToolContext(workspace=Workspace(tmp_path, Store(tmp_path / "agent.db")),
                      session=SessionGraph("s"), call_id="c1")
    env = REGISTRY.dispatch(name, MINIMAL_ARGS.get(name, {}), ctx).envelope()
    assert env["error"]["code"] == "GRAPH_NOT_LOADED" and env["error"]["hint"]


@pytest.mark.parametrize("name", ANALYSIS_TOOLS)
def test_every_analysis_tool_declares_it_reads_the_graph(name):
    t = REGISTRY.get(name)
    args = t.args_model.model_validate(MINIMAL_ARGS.get(name, {}))
    reads, _ = t.contract(args)
    assert "graph" in reads
    assert t.description and "Example" not in t.description


def test_a_wrong_argument_type_is_invalid_arguments(tmp_path):
    env = call(context(tmp_path, karate()), "community_detection", method="magic")
    assert env["error"]["code"] == "INVALID_ARGUMENTS"
    assert env["error"]["details"]["fields"][0]["field"] == "method"
