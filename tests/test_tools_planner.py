"""The offline planner reaches every analysis tool from a question, and its numbers are
networkx's: real Agent runs on Les Misérables attached as a networkx graph."""

from __future__ import annotations

import re
from collections import Counter

import networkx as nx
import pytest

from igraph_agent import Agent


def _inv(u, v, d):
    return 1.0 / d["weight"]


@pytest.fixture
def ask(tmp_path):
    agent = Agent(home=tmp_path / "project")

    def run(question: str):
        resp = agent.ask(question, attach=[nx.les_miserables_graph()])
        assert resp.status == "answered", (resp.answer, resp.error)
        assert resp.model == "offline/planner"
        return resp

    run.agent = agent
    yield run
    agent.close()


ANALYSIS = {"search_node", "search_edge", "degree_analysis", "node_centrality",
            "community_detection", "bridge_nodes", "shortest_path", "connectivity",
            "local_analysis", "subgraph_extraction", "compare_nodes", "summary_statistics"}


def _analysis(resp) -> list:
    """The analysis calls; the graph state is always checked first."""
    assert resp.actions[0].tool == "get_graph_info"
    return [a for a in resp.actions if a.tool in ANALYSIS]


def _turn(action) -> str:
    return action.call_id.split("_")[0]


def test_bridge_question_runs_communities_and_bridges_in_one_turn_with_networkx_numbers(ask):
    resp = ask("Which characters connect multiple communities?")
    acts = _analysis(resp)
    assert [a.tool for a in acts] == ["community_detection", "bridge_nodes"]
    assert _turn(acts[0]) == _turn(acts[1])
    g = nx.les_miserables_graph()
    membership = ask.agent.graph().partition["membership"]
    groups: dict[int, set] = {}
    for n, c in membership.items():
        groups.setdefault(c, set()).add(n)
    modularity = nx.community.modularity(g, groups.values(), weight="weight")
    assert f"modularity {modularity:.4f}" in resp.answer
    betweenness = nx.betweenness_centrality(g, weight=_inv)
    rows = re.findall(r"\*\*(\w+)\*\* — neighbours in \*\*(\d+) communities\*\*, participation "
                      r"([\d.]+), betweenness ([\d.]+), degree (\d+)", resp.answer)
    assert len(rows) == 10
    spans = {n: len({membership[v] for v in g[n]}) for n in g}
    for node, span, participation, between, degree in rows:
        shares: Counter = Counter()
        for v, d in g[node].items():  # the planner partitions a weighted graph by weight
            shares[membership[v]] += d["weight"]
        k = sum(shares.values())
        assert int(span) == spans[node] >= 2
        assert float(participation) == pytest.approx(
            1 - sum((s / k) ** 2 for s in shares.values()), abs=1e-4)
        assert float(between) == pytest.approx(betweenness[node], abs=1e-4)
        assert int(degree) == g.degree(node)
    assert rows[0][0] == "Valjean" and int(rows[0][1]) == max(spans.values())
    total = int(re.search(r"\*\*(\d+) nodes\*\* connect", resp.answer).group(1))
    assert total == sum(1 for s in spans.values() if s >= 2)
    evidence = {e.tool for e in resp.evidence}
    assert {"community_detection", "bridge_nodes"} <= evidence


def test_path_question_searches_both_names_then_uses_their_ids(ask):
    resp = ask("What is the shortest path from napoleon to javert?")
    acts = _analysis(resp)
    assert [a.tool for a in acts] == ["search_node", "search_node", "shortest_path"]
    assert _turn(acts[0]) == _turn(acts[1]) != _turn(acts[2])
    assert {acts[0].args["query"].lower(), acts[1].args["query"].lower()} == {"napoleon", "javert"}
    assert (acts[2].args["source"], acts[2].args["target"]) == ("Napoleon", "Javert")
    hops = nx.shortest_path_length(nx.les_miserables_graph(), "Napoleon", "Javert")
    assert f"**{hops} hop(s)**" in resp.answer


def test_a_name_that_matches_no_node_is_said_not_guessed(ask):
    resp = ask.agent.ask("What is the shortest path from Qwxzzy to Javert?",
                         attach=[nx.les_miserables_graph()])
    assert resp.status == "needs_clarification"  # which node is meant: asked, not answered
    acts = _analysis(resp)
    assert [a.tool for a in acts] == ["search_node", "search_node"]
    assert "No node matches 'Qwxzzy'" in resp.answer
    assert resp.suggestions and not any("Qwxzzy" in s.question for s in resp.suggestions)


def test_community_question_reports_the_partition_networkx_scores(ask):
    resp = ask("Find the communities with louvain")
    acts = _analysis(resp)
    assert [a.tool for a in acts] == ["community_detection"]
    assert acts[0].args["method"] == "louvain" and acts[0].args["seed"] == 42
    part = ask.agent.graph().partition
    groups: dict[int, set] = {}
    for n, c in part["membership"].items():
        groups.setdefault(c, set()).add(n)
    g = nx.les_miserables_graph()
    assert f"**{len(groups)} communities**" in resp.answer
    q = nx.community.modularity(g, groups.values(), weight="weight")
    assert f"modularity **{q:.4f}**" in resp.answer


def test_connectivity_question_counts_cut_nodes_and_bridges_as_networkx(ask):
    resp = ask("Are there articulation points or bridges in this graph?")
    assert [a.tool for a in _analysis(resp)] == ["connectivity"]
    g = nx.les_miserables_graph()
    assert f"{len(list(nx.articulation_points(g)))} articulation point(s)" in resp.answer
    assert f"{len(list(nx.bridges(g)))} bridge edge(s)" in resp.answer


def test_neighbourhood_question_resolves_the_name_then_analyses_the_node(ask):
    resp = ask("Describe the neighbourhood of valjean within 2 hops")
    acts = _analysis(resp)
    assert [a.tool for a in acts] == ["search_node", "local_analysis"]
    assert acts[1].args == {"node": "Valjean", "radius": 2, "limit": 20, "weight": None,
                            "direction": "out", "backend": "auto"}
    g = nx.les_miserables_graph()
    assert f"degree **{g.degree('Valjean')}**" in resp.answer
    assert f"clustering coefficient **{nx.clustering(g, 'Valjean'):.4f}**" in resp.answer
    two = sum(1 for d in nx.single_source_shortest_path_length(g, "Valjean", 2).values() if d == 2)
    assert f"{two} node(s) at hop 2" in resp.answer


def test_subgraph_preview_then_saving_a_community_as_a_new_revision(ask):
    resp = ask("Extract the subgraph around Valjean")
    acts = _analysis(resp)
    assert [a.tool for a in acts] == ["search_node", "subgraph_extraction"]
    assert acts[1].args["create_version"] is False
    ego = nx.ego_graph(nx.les_miserables_graph(), "Valjean", 1)
    assert f"**{ego.number_of_nodes()} nodes** and **{ego.number_of_edges()} edges**" in resp.answer
    agent = ask.agent
    paused = agent.ask("Save community 0 as a new version", attach=[nx.les_miserables_graph()])
    assert paused.status == "awaiting_approval"  # saving a revision waits like a commit
    assert [p.tool for p in paused.pending] == ["subgraph_extraction"]
    saved = agent.continue_run(paused.run_id, paused.pending[0].tool_call_id, decision="approve")
    assert saved.status == "answered", (saved.answer, saved.error)
    acts = [a for a in saved.actions if a.tool in ("community_detection", "subgraph_extraction")]
    assert [a.tool for a in acts] == ["community_detection", "subgraph_extraction"]
    assert _turn(acts[0]) != _turn(acts[1]) and acts[1].args["create_version"] is True
    session = ask.agent.graph()
    assert f"revision **{session.revision}**" in saved.answer
    assert ask.agent.workspace.dataset(session.dataset_id)["revision"] == session.revision == 2


def test_compare_question_compares_the_resolved_ids(ask):
    resp = ask("Compare Valjean and Javert")
    acts = _analysis(resp)
    assert [a.tool for a in acts] == ["search_node", "search_node", "compare_nodes"]
    assert acts[2].args["nodes"] == ["Valjean", "Javert"]
    g = nx.les_miserables_graph()
    common = len(set(g["Valjean"]) & set(g["Javert"]))
    assert f"{common} common neighbour(s)" in resp.answer
    pr = nx.pagerank(g, weight=None, tol=1e-12)
    assert f"pagerank {pr['Javert']:.4f}" in resp.answer


def test_statistics_question_reports_networkx_figures(ask):
    resp = ask("Give me the summary statistics of the graph")
    assert [a.tool for a in _analysis(resp)] == ["summary_statistics"]
    g = nx.les_miserables_graph()
    assert f"Average clustering {nx.average_clustering(g):.4f}" in resp.answer
    assert f"diameter {nx.diameter(g)}" in resp.answer
    assert f"transitivity {nx.transitivity(g):.4f}" in resp.answer


def test_search_questions_reach_node_and_edge_search(ask):
    resp = ask("Search for thenardier")
    acts = _analysis(resp)
    assert [a.tool for a in acts] == ["search_node"] and acts[0].args["query"] == "thenardier"
    assert "Thenardier (score 100)" in resp.answer
    edge = ask("Find the link between Valjean and Javert")
    assert [a.tool for a in _analysis(edge)] == ["search_edge"]
    weight = nx.les_miserables_graph().edges["Valjean", "Javert"]["weight"]
    assert f"Valjean – Javert (weight={weight}" in edge.answer or \
        f"Javert – Valjean (weight={weight}" in edge.answer
