"""A saved report recomputes every weighted finding in the weight sense its call used: a
``km`` distance is inverted for PageRank and read as is for paths and betweenness, a
``count`` strength the other way round; the report names the weight each call used."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent import Agent, RunOptions
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.model.scripted import ScriptedModel, call
from igraph_agent.report import load_report, report_cells, report_markdown

ROADS = pd.DataFrame({"source": ["a", "b", "c", "a", "e", "b", "d", "f", "c"],
                      "target": ["b", "c", "d", "e", "d", "e", "f", "g", "g"],
                      "km": [1.0, 1.0, 1.0, 5.0, 1.0, 2.0, 3.0, 2.0, 7.0]})
MAIL = pd.DataFrame({"source": ["a", "b", "c", "a", "e", "b", "d", "f", "c"],
                     "target": ["b", "c", "d", "e", "d", "e", "f", "g", "g"],
                     "count": [9, 8, 7, 1, 6, 2, 5, 4, 1]})


def _report(tmp_path, table: pd.DataFrame):
    """A run whose model asks PageRank, betweenness and a shortest path with the graph's
    default weight, then writes the report naming those calls."""
    agent = Agent(home=tmp_path)
    src = agent.workspace.attach(table)
    ds = agent.workspace.construct([src["source_id"]], GraphSpec())["id"]
    named = [("node_centrality", "t2c0"), ("node_centrality", "t2c1"), ("shortest_path", "t2c2")]
    model = ScriptedModel([
        [call("load_constructed_graph", dataset_id=ds)],
        [call("node_centrality", measure="pagerank", top_k=7),
         call("node_centrality", measure="betweenness", top_k=7),
         call("shortest_path", source="a", target="g")],
        [call("create_analysis_report",
              source_results=[{"tool": t, "call_id": c} for t, c in named])],
        "Report written."])
    resp = agent.ask("Write a report on the central nodes and the path from a to g",
                     options=RunOptions(model=model.id))
    calls = {c["call_id"]: c for c in agent.store.tool_calls(resp.run_id)}
    agent.close()
    assert resp.status == "answered"
    return load_report(tmp_path, resp.run_id), calls


def _recompute(report) -> dict[str, dict]:
    """Run the report's code cells in order, as a reader would; each asserts its numbers."""
    ns: dict = {}
    out = {}
    for cell in report_cells(report):
        if cell.cell_type == "code":
            exec(compile(cell.source, "<cell>", "exec"), ns)
            finding = cell.metadata["igraph_agent"].get("finding")
            if finding:
                out[finding] = ns.pop("result")
    return out


def _oracle(table: pd.DataFrame, attr: str, distance: bool) -> dict:
    """networkx on the table itself: PageRank on strengths, betweenness and a->g on
    distances, inverting the column where it has the other sense."""
    g = nx.from_pandas_edgelist(table, edge_attr=attr)
    for _, _, d in g.edges(data=True):
        d["strength"] = 1.0 / d[attr] if distance else float(d[attr])
        d["distance"] = float(d[attr]) if distance else 1.0 / d[attr]
    length, route = nx.bidirectional_dijkstra(g, "a", "g", weight="distance")
    return {"pagerank": nx.pagerank(g, weight="strength", tol=1e-10, max_iter=1000),
            "betweenness": nx.betweenness_centrality(g, weight="distance"),
            "length": length, "hops": len(route) - 1,
            "unweighted_pagerank": nx.pagerank(g, weight=None, tol=1e-10, max_iter=1000)}


CASES = {"km distance": (ROADS, "km", True, "weighted by 1/km as strength",
                         "weighted by km as distance"),
         "count strength": (MAIL, "count", False, "weighted by count as strength",
                            "weighted by 1/count as distance")}


@pytest.mark.parametrize("case", list(CASES))
def test_recompute_cells_reproduce_each_weighted_finding_in_the_sense_its_call_used(
        tmp_path, case):
    table, attr, distance, strength_words, distance_words = CASES[case]
    report, calls = _report(tmp_path, table)
    want = _oracle(table, attr, distance)
    by_tool = {(f.source.tool, f.title.split()[0]): f for f in report.findings}
    pagerank = by_tool[("node_centrality", "Pagerank")]
    betweenness = by_tool[("node_centrality", "Betweenness")]
    path = by_tool[("shortest_path", "Shortest")]
    assert all(f.code for f in (pagerank, betweenness, path))

    results = _recompute(report)  # each cell's same(result, expected) passes

    tool_pagerank = {r["node"]: r["score"] for r in calls["t2c0"]["envelope"]["data"]["top"]}
    assert results[pagerank.id]["top"] == pytest.approx(tool_pagerank, abs=1e-5)
    assert tool_pagerank == pytest.approx(want["pagerank"], abs=1e-5)
    assert tool_pagerank != pytest.approx(want["unweighted_pagerank"], abs=1e-5)
    tool_betweenness = {r["node"]: r["score"]
                        for r in calls["t2c1"]["envelope"]["data"]["top"]}
    assert results[betweenness.id]["top"] == pytest.approx(tool_betweenness, abs=1e-5)
    assert tool_betweenness == pytest.approx(want["betweenness"], abs=1e-5)
    tool_path = calls["t2c2"]["envelope"]["data"]
    assert results[path.id]["length"] == pytest.approx(tool_path["length"], abs=1e-5)
    assert results[path.id]["hops"] == tool_path["hops"] == want["hops"]
    assert tool_path["length"] == pytest.approx(want["length"], abs=1e-5)

    text = report_markdown(report)
    assert strength_words in pagerank.text and distance_words in betweenness.text
    assert distance_words in path.text
    assert f"weight={attr} (the default; {strength_words})" in text
    assert f"weight={attr} (the default; {distance_words})" in text
    assert "weight=None" not in text


def test_a_call_that_asked_for_no_weight_is_recomputed_and_shown_unweighted(tmp_path):
    agent = Agent(home=tmp_path)
    src = agent.workspace.attach(ROADS)
    ds = agent.workspace.construct([src["source_id"]], GraphSpec())["id"]
    model = ScriptedModel([
        [call("load_constructed_graph", dataset_id=ds)],
        [call("node_centrality", measure="pagerank", top_k=7, weight=None),
         call("shortest_path", source="a", target="g", weight=None)],
        [call("create_analysis_report",
              source_results=[{"tool": "node_centrality", "call_id": "t2c0"},
                              {"tool": "shortest_path", "call_id": "t2c1"}])],
        "Report written."])
    resp = agent.ask("Report the unweighted ranking and path", options=RunOptions(model=model.id))
    agent.close()
    report = load_report(tmp_path, resp.run_id)
    results = _recompute(report)
    g = nx.from_pandas_edgelist(ROADS)
    pagerank, path = report.findings
    assert results[pagerank.id]["top"] == pytest.approx(
        nx.pagerank(g, weight=None, tol=1e-10, max_iter=1000), abs=1e-5)
    assert results[path.id]["hops"] == path.numbers["hops"] == nx.shortest_path_length(g, "a", "g")
    text = report_markdown(report)
    assert text.count("weight=none (unweighted)") == 2 and "(unweighted)" in pagerank.text


def test_communities_and_bridges_are_recomputed_with_the_count_strength_they_used(tmp_path):
    agent = Agent(home=tmp_path)
    src = agent.workspace.attach(MAIL)
    ds = agent.workspace.construct([src["source_id"]], GraphSpec())["id"]
    model = ScriptedModel([
        [call("load_constructed_graph", dataset_id=ds)],
        [call("community_detection", method="louvain")],
        [call("bridge_nodes", method="louvain")],
        [call("create_analysis_report",
              source_results=[{"tool": "community_detection", "call_id": "t2c0"},
                              {"tool": "bridge_nodes", "call_id": "t3c0"}])],
        "Report written."])
    resp = agent.ask("Report the communities and bridges", options=RunOptions(model=model.id))
    agent.close()
    report = load_report(tmp_path, resp.run_id)
    communities, bridges = report.findings
    assert communities.code and bridges.code and "'count'" in bridges.code
    results = _recompute(report)
    g = nx.from_pandas_edgelist(MAIL, edge_attr="count")
    groups = nx.community.louvain_communities(g, weight="count", resolution=1.0, seed=42)
    assert results[communities.id]["modularity"] == pytest.approx(
        nx.community.modularity(g, groups, weight="count"), abs=1e-5)
    assert results[communities.id] == pytest.approx(communities.numbers, abs=1e-5)
    assert "weighted by count as strength" in communities.text
    assert results[bridges.id]["total"] == bridges.numbers["total"] >= 1
    between = nx.betweenness_centrality(g, weight=lambda u, v, d: 1.0 / d["count"])
    for node, row in bridges.numbers["bridges"].items():
        assert results[bridges.id]["bridges"][node] == pytest.approx(row, abs=1e-5)
        assert row[4] == pytest.approx(between[node], abs=1e-5)  # betweenness on 1/count
    assert "weight=count (the default; weighted by count as strength)" in report_markdown(report)
