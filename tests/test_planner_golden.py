"""The offline planner's golden table: question -> the intents it fires, in order.

Wordings come from the public question set (several per intent, sharing few words), the
notebooks and the other tests; a change to the lexicon that moves any row fails here.
"""

from __future__ import annotations

import json

import networkx as nx
import pytest

from igraph_agent import Agent, RunOptions
from igraph_agent.model import intents
from igraph_agent.model.offline import plan

GOLDEN = {
    # best-connected node, without the words degree / central / connected
    "Who has the most connections?": ["degree"],
    "Which character knows the most people?": ["degree"],
    "Which node has the most ties?": ["degree"],
    "Which vertex receives the most incoming links?": ["degree"],
    "What is the degree distribution?": ["degree"],
    "Plot the degree distribution": ["degree"],
    # a node's neighbours, its only neighbour, its clustering
    "Who is Napoleon's only neighbour?": ["local"],
    "To whom is Napoleon connected?": ["local"],
    "How many families is Medici tied to?": ["local"],
    "What share of Valjean's neighbours know each other?": ["local"],
    "Describe the neighbourhood of valjean within 2 hops": ["local"],
    # paths in other words
    "How many steps separate Napoleon from Javert?": ["path"],
    "Through whom are Acciaiuoli and Strozzi linked?": ["path"],
    "How far apart are Napoleon and Javert?": ["path"],
    "What is the shortest path from napoleon to javert?": ["path"],
    # an edge whose removal splits the network; cut nodes; components
    "Which ties, if cut, would split the network?": ["connectivity"],
    "Is there a single link whose removal disconnects the families?": ["connectivity"],
    "Removing whom splits the network?": ["connectivity"],
    "Into how many islands does the graph fall?": ["connectivity"],
    "Are there articulation points or bridges in this graph?": ["connectivity"],
    # two-mode, triangles, cores, figures
    "Is this network two-mode?": ["bipartite"],
    "Can I 2-colour the vertices?": ["bipartite"],
    "Count the closed triads.": ["triangles"],
    "What is the largest non-empty k-core?": ["figure"],
    "What's the degeneracy of the graph?": ["figure"],
    "Greatest distance between any two vertices?": ["figure"],
    "Do hubs tend to link to hubs or to small nodes? Give the coefficient.": ["figure"],
    "Give me the summary statistics of the graph": ["statistics"],
    # centrality in other words
    "Which character is the biggest broker?": ["centrality"],
    "Which family would a random walker visit most?": ["centrality"],
    "If a random surfer follows the links, which family do they land on most?": ["centrality"],
    "Which family is closest, on average, to all the other families?": ["centrality"],
    "Which nodes are most central?": ["centrality"],
    # communities and the nodes between them
    "Group the families into clans.": ["communities"],
    "Find the communities with louvain": ["communities"],
    "Which characters connect multiple communities?": ["bridges"],
    "Who spans more than one cluster?": ["bridges"],
    # multi-step: the hub is a slot, resolved by degree_analysis
    # "the best-connected" is the other intent's input (resolved by degree_analysis), not a
    # ranking question of its own
    "What is the clustering coefficient of the best-connected character?": ["local"],
    "How far is Pazzi from the top hub?": ["path"],
    # one intent, not two: models vs nodes, saving vs describing
    "Compare the models trained on faction": ["training_summary"],
    "Compare Valjean and Javert": ["compare"],
    "Save the neighbourhood of member 0 as a new version.": ["subgraph"],
    "Deduplicate the network and commit a new revision.": ["optimize"],
    "Save community 0 as a new version": ["communities", "subgraph"],
    "Write a report on the hubs": ["degree", "report"],
    "Visualise the communities": ["communities", "visualize"],
    "Clear the graph": ["clear"],
    "Unload the current graph from the session.": ["clear"],
    "Train a GCN to predict faction": ["train_model"],
    # counts fall back to the overview; nothing below the threshold fires
    "How many nodes and edges?": ["overview"],
    "Number of relationships in the data?": ["overview"],
    "Do the usual.": [],
    "Why?": [],
}


@pytest.mark.parametrize("question", list(GOLDEN))
def test_question_fires_its_golden_intents(question):
    assert [i.name for i in intents.match(question)] == GOLDEN[question]


@pytest.fixture(scope="module")
def lesmis(tmp_path_factory):
    agent = Agent(home=tmp_path_factory.mktemp("golden"))
    agent.ask("How big is the graph?", attach=[nx.les_miserables_graph()])
    yield agent
    agent.close()


def test_a_question_without_its_endpoints_asks_which_two_nodes(lesmis):
    resp = lesmis.ask("What is the shortest path?")
    assert resp.status == "needs_clarification"
    assert "Between which two nodes" in resp.answer
    assert not any(a.tool == "shortest_path" for a in resp.actions)


def test_a_question_no_intent_reaches_asks_instead_of_describing_the_graph(lesmis):
    resp = lesmis.ask("Do the usual.")
    assert resp.status == "needs_clarification"
    assert "which do you mean?" in resp.answer and "nodes" not in resp.answer.split(".")[0]
    assert resp.suggestions and all(s.label in resp.answer for s in resp.suggestions)


def test_the_largest_k_core_question_searches_no_node(lesmis):
    resp = lesmis.ask("What is the largest non-empty k-core?")
    tools = [a.tool for a in resp.actions if a.tool not in ("get_graph_info", "load_skill")]
    assert tools == ["summary_statistics"]
    core = max(nx.core_number(nx.les_miserables_graph()).values())
    assert f"**{core}**" in resp.answer


def test_the_best_connected_node_is_resolved_by_degree_before_its_clustering(lesmis):
    resp = lesmis.ask("What is the clustering coefficient of the best-connected character?")
    tools = [a.tool for a in resp.actions if a.tool not in ("get_graph_info", "load_skill")]
    assert tools == ["degree_analysis", "local_analysis"]
    assert resp.actions[-1].args["node"] == "Valjean"
    value = nx.clustering(nx.les_miserables_graph(), "Valjean")
    assert f"**{value:.4f}**" in resp.answer


def test_a_read_only_refusal_is_stated_plainly(lesmis):
    resp = lesmis.ask("Clear the graph.", options=RunOptions(read_only=True))
    assert resp.status == "blocked" and "clear_graph" in resp.answer and "refused" in resp.answer
    assert "254" not in resp.answer  # no unrelated description of the graph


def _conversation(system: str) -> list[dict]:
    state = {"active_dataset_id": "ds_x", "revision": 1, "construction_status": "ready",
             "loaded": True, "construction_sources": []}
    info = {"success": True, "data": {"loaded": True, "data_state": state,
                                      "attached_sources": [], "available_datasets": [],
                                      "dataset_id": "ds_x", "revision": 1,
                                      "nodes": 5, "edges": 4, "directed": False,
                                      "weighted": False, "components": 1, "density": 0.4,
                                      "node_attributes": []}}
    return [{"role": "system", "content": system},
            {"role": "user", "content": "How many nodes and edges?"},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "c1", "type": "function",
                 "function": {"name": "get_graph_info", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": json.dumps(info)}]


def test_the_planner_takes_the_output_format_from_its_context_not_the_prompt():
    tools = [{"type": "function", "function": {"name": "get_graph_info"}}]
    prose = _conversation("Output format: report. Use the sections Question, Data, ...")
    as_json = plan(prose, tools, {"output_format": "json"})["content"]
    assert "**" not in as_json and "## Question" not in as_json and "5 nodes" in as_json
    as_report = plan(_conversation("Output format: json."), tools, {"output_format": "report"})
    assert as_report["content"].startswith("## Question")
