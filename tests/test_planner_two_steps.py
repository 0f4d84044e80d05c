"""A question in two steps whose second runs on the first one's answer is answered with both
steps: the top of a ranking (the most cited, the most links, the largest total) becomes the
node of the second step (its neighbours, a distance, its removal), checked against networkx
on two tables with different words. Where several nodes share the top (or the rankings
disagree on it), or no analysis answers the second step, the planner asks instead of
answering half."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

REFS = pd.DataFrame([("d1", "d2"), ("d1", "d3"), ("d2", "d3"), ("d4", "d3"), ("d5", "d3"),
                     ("d5", "d1"), ("d3", "d6"), ("d3", "d7"), ("d6", "d7"), ("d8", "d6")],
                    columns=["citing_doc", "cited_doc"])
HAULS = pd.DataFrame([("Ashford", "Brenton", 4), ("Ashford", "Colby", 7), ("Brenton", "Colby", 2),
                      ("Colby", "Dunmore", 5), ("Dunmore", "Elston", 3), ("Elston", "Fairway", 6),
                      ("Colby", "Elston", 9), ("Brenton", "Glenrock", 8), ("Glenrock", "Harlow", 1),
                      ("Fairway", "Ivybridge", 2), ("Dunmore", "Fairway", 4)],
                     columns=["depot_a", "depot_b", "haul_km"])
REFS_G = nx.from_pandas_edgelist(REFS, "citing_doc", "cited_doc", create_using=nx.DiGraph)
HAULS_G = nx.from_pandas_edgelist(HAULS, "depot_a", "depot_b", edge_attr="haul_km")


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(["refs", "hauls"], tmp_path_factory)


def _only_top(scores: dict) -> str:
    best = max(scores.values())
    tops = [n for n, v in scores.items() if v == best]
    assert len(tops) == 1, tops  # the fixture's first step has one answer
    return tops[0]


def _second(answer: str, top: str) -> str:
    """The second step's part of an answer (after "Then, for <top>:")."""
    marker = f"Then, for **{top}**:"
    assert marker in answer, answer
    return answer.split(marker, 1)[1]



@pytest.mark.parametrize("question", [
    "Find the most cited doc, then tell me which docs it cites.",
    "Take the most cited doc and list the docs it cites.",
])
def test_the_top_ranked_node_feeds_its_out_neighbours(agents, question):
    top = _only_top(dict(REFS_G.in_degree()))
    resp = agents["refs"].ask(question, attach=[REFS])
    assert resp.status == "answered", resp.answer
    rest = _second(resp.answer, top)
    cites = set(REFS_G.successors(top))
    assert all(n in rest for n in cites), rest
    assert not any(n in rest for n in set(REFS_G) - cites - {top}), rest


def test_the_top_ranked_node_feeds_the_nodes_pointing_at_it(agents):
    top = _only_top(dict(REFS_G.in_degree()))
    resp = agents["refs"].ask("Which doc is cited the most, and which docs cite it?", attach=[REFS])
    assert resp.status == "answered", resp.answer
    rest = _second(resp.answer, top)
    assert all(n in rest for n in REFS_G.predecessors(top)), rest


@pytest.mark.parametrize("question", [
    "If the most cited doc were removed, how many components would there be?",
    "Without the most cited doc, how many pieces would the citation graph fall into?",
])
def test_removing_the_top_ranked_node_counts_the_pieces_left(agents, question):
    top = _only_top(dict(REFS_G.in_degree()))
    left = REFS_G.copy()
    left.remove_node(top)
    resp = agents["refs"].ask(question, attach=[REFS])
    assert resp.status == "answered", resp.answer
    assert f"**{nx.number_weakly_connected_components(left)} connected component(s)**" in \
        _second(resp.answer, top)


def test_removing_the_top_ranked_node_says_how_many_a_node_still_reaches(agents):
    top = _only_top(dict(REFS_G.in_degree()))
    left = REFS_G.copy()
    left.remove_node(top)
    resp = agents["refs"].ask("Without the most cited doc, how many docs could d1 still reach?",
                              attach=[REFS])
    assert resp.status == "answered", resp.answer
    assert f"still reaches **{len(nx.descendants(left, 'd1'))}** node(s)" in \
        _second(resp.answer, top)


@pytest.mark.parametrize("question", [
    "Take the depot with the most links and tell me how far it is from Harlow.",
    "Find the depot with the most links, then tell me how far it is from Harlow by haul_km.",
])
def test_the_top_ranked_node_is_the_start_of_a_measured_route(agents, question):
    top = _only_top(dict(HAULS_G.degree()))
    km = nx.shortest_path_length(HAULS_G, top, "Harlow", weight="haul_km")
    resp = agents["hauls"].ask(question, attach=[HAULS])
    assert resp.status == "answered", resp.answer
    assert f"**{km} haul_km**" in resp.answer, resp.answer


@pytest.mark.parametrize("question", [
    "Find the depot with the most haul_km in total and list everyone they've worked with.",
    "Who has the most haul_km in total, and then list everyone they worked with?",
])
def test_the_largest_total_feeds_its_neighbours(agents, question):
    top = _only_top(dict(HAULS_G.degree(weight="haul_km")))
    resp = agents["hauls"].ask(question, attach=[HAULS])
    assert resp.status == "answered", resp.answer
    rest = _second(resp.answer, top)
    assert all(n in rest for n in HAULS_G[top]), rest
    assert not any(n in rest for n in set(HAULS_G) - set(HAULS_G[top]) - {top}), rest


@pytest.mark.parametrize("question", [
    "If the best-connected depot closed, how many pieces would the network fall into?",
    # "busiest" on a table without counts: the best connected
    "If the busiest depot closed, how many pieces would the network fall into?"])
def test_removing_the_best_connected_node_counts_the_pieces_left(agents, question):
    top = _only_top(dict(HAULS_G.degree()))
    left = HAULS_G.copy()
    left.remove_node(top)
    resp = agents["hauls"].ask(question, attach=[HAULS])
    assert resp.status == "answered", resp.answer
    assert f"**{nx.number_connected_components(left)} connected component(s)**" in \
        _second(resp.answer, top)


def test_a_top_shared_by_several_nodes_is_asked_naming_them(agents):
    fewest = min(d for _, d in HAULS_G.degree())
    tied = sorted(n for n, d in HAULS_G.degree() if d == fewest)
    assert len(tied) > 1
    resp = agents["hauls"].ask("Find the depot with the fewest links, then list its neighbours.",
                               attach=[HAULS])
    assert resp.status == "needs_clarification", resp.answer
    assert all(n in resp.answer for n in tied) and "are each at the top" in resp.answer


@pytest.mark.parametrize("graph,question", [
    ("hauls", "Find the depot with the most links, then tell me which of its neighbours also "
              "border Harlow."),
    ("refs", "Find the most cited doc, then tell me how many of those docs cite each other."),
    # one edge's value ranks no node: its totals per node would pass for it
    ("hauls", "Find the depot with the longest road, then list its neighbours."),
])
def test_a_second_step_no_analysis_answers_is_asked_never_half_answered(agents, graph, question):
    resp = agents[graph].ask(question, attach=[REFS if graph == "refs" else HAULS])
    assert resp.status == "needs_clarification", resp.answer
    assert resp.suggestions, resp.answer


def test_a_second_sentence_on_the_first_ones_top_node_is_answered(agents):
    top = _only_top(nx.betweenness_centrality(HAULS_G, weight="haul_km"))  # a distance
    resp = agents["hauls"].ask("Find the depot with the highest betweenness. Who are its "
                               "neighbours?", attach=[HAULS])
    assert resp.status == "answered", resp.answer
    rest = _second(resp.answer, top)
    assert all(n in rest for n in HAULS_G[top]), rest


CLIQUES = pd.DataFrame([("Ana", "Bo"), ("Ana", "Cy"), ("Bo", "Cy"), ("Ana", "Di"), ("Bo", "Di"),
                        ("Cy", "Di"), ("Di", "Eve"), ("Eve", "Fin"), ("Eve", "Gus"),
                        ("Fin", "Gus"), ("Fin", "Hal"), ("Gus", "Hal"), ("Eve", "Hal"),
                        ("Eve", "Ida")],
                       columns=["player_a", "player_b"])


@pytest.mark.parametrize("question", [
    "Which community is Bo in?",
    "Which community does Bo belong to?",
    "Who has the most links, and which community are they in?",
])
def test_one_nodes_community_is_named_with_its_members(agent, question):
    g = nx.from_pandas_edgelist(CLIQUES, "player_a", "player_b")
    top = _only_top(dict(g.degree())) if "most links" in question else "Bo"
    mates = next(c for c in nx.community.louvain_communities(g, seed=42) if top in c) - {top}
    resp = agent.ask(question, attach=[CLIQUES])
    assert resp.status == "answered", resp.answer
    said = resp.answer.split("Placed with it by both:", 1)[1]
    assert all(m in said for m in mates), resp.answer
    assert not any(n in said for n in set(g) - mates - {top}), resp.answer


@pytest.mark.parametrize("question,then", [
    ("Which docs cite the most cited doc?", lambda g, n: set(g.predecessors(n))),
    ("Who are the neighbours of the most cited doc?",
     lambda g, n: set(g.predecessors(n)) | set(g.successors(n))),
])
def test_a_ranked_node_inside_another_ask_is_resolved_first(agents, question, then):
    top = _only_top(dict(REFS_G.in_degree()))
    resp = agents["refs"].ask(question, attach=[REFS])
    assert resp.status == "answered", resp.answer
    rest = _second(resp.answer, top)
    assert all(n in rest for n in then(REFS_G, top)), rest
    assert not any(n in rest for n in set(REFS_G) - then(REFS_G, top) - {top}), rest


def test_how_many_the_ranked_node_points_at_is_its_out_degree(agents):
    top = _only_top(dict(REFS_G.in_degree()))
    resp = agents["refs"].ask("How many docs does the most cited doc cite?", attach=[REFS])
    assert resp.status == "answered", resp.answer
    assert f"out-degree **{REFS_G.out_degree(top)}**" in _second(resp.answer, top), resp.answer


def test_the_community_of_the_best_connected_node_is_its_own(agents):
    top = _only_top(dict(HAULS_G.degree()))
    resp = agents["hauls"].ask("Which community is the highest-degree depot in?", attach=[HAULS])
    assert resp.status == "answered", resp.answer
    assert "Placed with it by both:" in _second(resp.answer, top), resp.answer


def test_removing_a_top_several_nodes_share_is_asked_naming_them(agent):
    g = nx.from_pandas_edgelist(CLIQUES, "player_a", "player_b")
    g.remove_edge("Eve", "Ida")
    table = CLIQUES[CLIQUES.player_b != "Ida"]
    most = max(d for _, d in g.degree())
    tied = sorted(n for n, d in g.degree() if d == most)
    assert len(tied) > 1
    resp = agent.ask("If the busiest player left, how many pieces would the club fall into?",
                     attach=[table])
    assert resp.status == "needs_clarification", resp.answer
    assert all(n in resp.answer for n in tied) and "are each at the top" in resp.answer


def test_removing_the_most_central_node_when_measures_disagree_is_asked(agents):
    resp = agents["hauls"].ask("If the most central depot were removed, how many components "
                               "would there be?", attach=[HAULS])
    assert resp.status == "needs_clarification", resp.answer
    assert "are each at the top" in resp.answer and "Then, for" not in resp.answer


def test_a_top_node_the_second_step_cannot_name_is_never_swapped_for_another(agent):
    table = pd.DataFrame([("lab box 3", "lab-pi"), ("lab box 3", "lab-nas"),
                          ("lab box 3", "web one"), ("lab-pi", "lab-nas"), ("web one", "db")],
                         columns=["host_a", "host_b"])
    resp = agent.ask("Find the host with the most links, then list its neighbours.",
                     attach=[table])
    if resp.status == "answered":  # then about "lab box 3" and its three neighbours
        rest = _second(resp.answer, "lab box 3")
        assert all(n in rest for n in ("lab-pi", "lab-nas", "web one")), rest
    else:
        assert resp.status == "needs_clarification", resp.answer
        assert "Then, for" not in resp.answer
