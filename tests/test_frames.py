"""AgentResponse.frames: each table of a run's tool results as a named pandas DataFrame,
equal to the result it came from."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

import igraph_agent.data
from igraph_agent import Agent
from igraph_agent.frames import frames_of


@pytest.fixture(scope="module")
def agent(tmp_path_factory):
    a = Agent(home=tmp_path_factory.mktemp("frames") / "project")
    yield a
    a.close()


def results_of(resp, tool: str) -> list[dict]:
    return [v for v in resp.data.values() if v["tool"] == tool]


def test_centrality_rankings_are_frames_named_after_their_measure(agent):
    resp = agent.ask("Which nodes are most central?",
                     attach=[igraph_agent.data.path("karate.csv")])
    rankings = {r["measure"]: r["top"] for r in results_of(resp, "node_centrality")}
    assert rankings, resp.actions
    for measure, top in rankings.items():
        frame = resp.frames[measure]
        assert isinstance(frame, pd.DataFrame)
        pd.testing.assert_frame_equal(frame, pd.DataFrame.from_records(top))
    if "pagerank" in rankings:  # the numbers are networkx's
        edges = pd.read_csv(igraph_agent.data.path("karate.csv"), dtype={"source": str,
                                                                          "target": str})
        # the table's one weight column is the default weight: a strength, as PageRank reads it
        g = nx.from_pandas_edgelist(edges, "source", "target", edge_attr="weight")
        pr = nx.pagerank(g, weight="weight", tol=1e-10, max_iter=1000)
        head = resp.frames["pagerank"].iloc[0]
        assert head["score"] == pytest.approx(pr[str(head["node"])], abs=5e-6)  # shown to 6 places
    assert "sample_nodes" not in resp.frames and "attached_sources" not in resp.frames


def test_communities_are_a_frame_and_setup_calls_are_not(agent):
    resp = agent.ask("Find the communities in this graph",
                     attach=[igraph_agent.data.path("karate.csv")])
    (result,) = results_of(resp, "community_detection")
    pd.testing.assert_frame_equal(resp.frames["communities"],
                                  pd.DataFrame.from_records(result["largest_communities"]))
    assert resp.frames["communities"]["size"].sum() == 34
    assert "get_graph_info" in {a.tool for a in resp.actions}
    assert set(resp.frames) == {"communities"}


def test_frames_of_a_stored_response_read_back_from_json():
    from igraph_agent.response import AgentResponse

    resp = AgentResponse(status="answered", data={
        "c1": {"tool": "node_centrality", "measure": "closeness",
               "top": [{"node": "x", "score": 1.0}]},
        "c2": {"tool": "node_centrality", "measure": "closeness",
               "top": [{"node": "y", "score": 0.5}]},
        "c3": {"tool": "group_mixing", "mixing": {"a": {"a": 3, "b": 1}, "b": {"a": 1, "b": 2}}},
    })
    back = AgentResponse.model_validate_json(resp.to_json())
    assert list(back.frames) == ["closeness", "closeness_2", "mixing"]
    assert back.frames["closeness_2"]["node"].tolist() == ["y"]
    assert back.frames["mixing"].loc["a", "b"] == 1 and back.frames["mixing"].loc["b", "b"] == 2
    assert "frames" not in resp.model_dump()


def test_a_result_without_a_table_gives_no_frame():
    assert frames_of({"c1": {"tool": "summary_statistics", "nodes": 4, "edges": 3,
                             "degree": {"mean": 1.5}}}) == {}


def test_the_tables_of_a_tool_are_those_its_result_model_declares():
    from igraph_agent.frames import declared_tables

    tables = declared_tables()
    assert tables["degree_analysis"] == {"top", "distribution"}
    assert tables["community_detection"] >= {"largest_communities", "membership"}
    # a list of records the model does not declare a table gives no frame ...
    assert frames_of({"c1": {"tool": "connectivity", "extra": [{"a": 1, "b": 2}]}}) == {}
    # ... and a tool without a model (a remote MCP tool) gets one per list of records
    assert list(frames_of({"c1": {"tool": "crm__top_accounts",
                                  "accounts": [{"id": "x", "revenue": 3}]}})) == ["accounts"]
