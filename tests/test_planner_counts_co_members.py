"""On a two-mode table, a named node's co-members are those sharing a partner with it, named by
their side: "how many co-jurors does J04 have" (any co- noun of the side), "who served with
J05", "who did Mags fish with" (a verb "with" one node), never the named node's own partners
(its trials, its lakes). networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

LAKES = pd.DataFrame([("Ines", "Loch Ard"), ("Ines", "Wast"), ("Ines", "Coniston"),
                      ("Jory", "Wast"), ("Jory", "Loch Ard"), ("Kemi", "Wast"), ("Kemi", "Bala"),
                      ("Lior", "Bala"), ("Mags", "Coniston"), ("Mags", "Wast"),
                      ("Nuno", "Loch Ard"), ("Nuno", "Wast"), ("Nuno", "Coniston")],
                     columns=["angler", "lake"])
TRIALS = pd.DataFrame([("J01", "T-A"), ("J02", "T-A"), ("J03", "T-A"), ("J01", "T-B"),
                       ("J04", "T-B"), ("J02", "T-C"), ("J03", "T-C"), ("J04", "T-C"),
                       ("J05", "T-C"), ("J05", "T-D")], columns=["juror_id", "trial_ref"])
TABLES = {"lakes": LAKES, "trials": TRIALS}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _co(table: pd.DataFrame, node: str) -> set[str]:
    g = nx.from_pandas_edgelist(table, *table.columns)
    return {m for p in g[node] for m in g[p]} - {node}


def _named(answer: str) -> set[str]:
    return set(re.findall(r"\*\*([^*]+)\*\*", answer.split(":", 1)[1]))


@pytest.mark.parametrize(("name", "node", "question", "side"), [
    ("trials", "J04", "How many co-jurors does J04 have?", "jurors"),
    ("trials", "J02", "list J02's co-jurors", "jurors"),
    ("lakes", "Kemi", "how many co-anglers does Kemi have", "anglers"),
    ("lakes", "Jory", "how many fellow anglers does Jory have?", "anglers"),
])
def test_a_co_noun_of_a_side_counts_those_sharing_a_partner_by_the_sides_name(
        agents, name, node, question, side):
    table = TABLES[name]
    want = _co(table, node)
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(want)}** {side} share"), resp.answer
    assert _named(resp.answer) == want, resp.answer


@pytest.mark.parametrize(("name", "node", "question", "side"), [
    ("lakes", "Lior", "who shares a lake with Lior", "angler shares"),
    ("lakes", "Mags", "which anglers share a lake with Mags?", "anglers share"),
    ("trials", "J01", "which jurors sat on the same trial as J01", "jurors share"),
])
def test_the_shared_sides_noun_names_the_other_side_as_the_co_members(agents, name, node,
                                                                      question, side):
    table = TABLES[name]
    want = _co(table, node)
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(want)}** {side}"), resp.answer
    assert _named(resp.answer) == want, resp.answer


@pytest.mark.parametrize(("name", "node", "question"), [
    ("trials", "J05", "who served with J05"),
    ("trials", "J02", "who has J02 served with?"),
    ("trials", "J05", "who did J05 sit with"),
    ("lakes", "Ines", "who has Ines fished with?"),
    ("lakes", "Mags", "who did Mags fish with"),
])
def test_who_a_node_verbed_with_is_those_sharing_a_partner_never_its_own_partners(
        agents, name, node, question):
    table = TABLES[name]
    want = _co(table, node)
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert _named(resp.answer) == want, resp.answer
    own = set(table[table[table.columns[0]] == node][table.columns[1]])
    assert not any(p in resp.answer for p in own), resp.answer


@pytest.mark.parametrize(("name", "question"), [
    ("lakes", "who fished with Lior"),
    ("lakes", "who fished with Wast?"),
    ("trials", "who sat with T-A?"),
])
def test_a_verb_with_a_node_of_either_side_is_asked_about(agents, name, question):
    # Lior's fellow anglers or Wast's anglers: which side the node is on decides, so ask
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("name", "node", "question", "side"), [
    ("lakes", "Wast", "If we link two lakes whenever an angler fished both, how many other "
                      "lakes is Wast linked to?", "lakes"),
    ("trials", "T-C", "if two trials are linked when a juror sat on both, how many trials is "
                      "T-C linked to?", "trials"),
])
def test_a_projection_defined_by_a_partner_of_both_counts_the_nodes_sharing_one(
        agents, name, node, question, side):
    table = TABLES[name]
    want = _co(table, node)
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(want)}** {side} share"), resp.answer
    assert _named(resp.answer) == want, resp.answer


@pytest.mark.parametrize(("name", "question", "count", "side"), [
    ("trials", "how many trials did J01 sit on", 2, "trials"),
    ("trials", "how many trials had more than 2 jurors", 2, "trials"),
    ("lakes", "how many lakes had more than 3 anglers", 1, "lakes"),
])
def test_a_side_named_by_a_reference_column_is_read_by_its_noun(agents, name, question, count,
                                                                side):
    # ``trial_ref`` names the trials, as ``lake`` names the lakes
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    assert re.search(rf"\*\*{count}\*\* (?:of \d+ )?{side}\b", resp.answer), resp.answer


def _two_mode_graph(table: pd.DataFrame) -> nx.Graph:
    """The table as a graph object whose sides are a 0/1 ``bipartite`` attribute, no names."""
    g = nx.Graph()
    g.add_nodes_from(table[table.columns[0]], bipartite=0)
    g.add_nodes_from(table[table.columns[1]], bipartite=1)
    g.add_edges_from(table.itertuples(index=False))
    return g


@pytest.mark.parametrize(("name", "node", "question"), [
    ("lakes", "Coniston", "If we link two lakes whenever an angler fished both, how many other "
                          "lakes is Coniston linked to?"),
    ("trials", "T-A", "link two trials when a juror sat on both: how many trials is T-A linked "
                      "to?"),
])
def test_a_projection_defined_in_words_needs_no_side_names(tmp_path, name, node, question):
    from igraph_agent import Agent

    table = TABLES[name]
    g = _two_mode_graph(table)
    want = nx.bipartite.projected_graph(g, set(table[table.columns[1]]))[node]
    agent = Agent(home=tmp_path / "project")
    try:
        resp = agent.ask(question, attach=[g])
    finally:
        agent.close()
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(want)}** "), resp.answer
    assert _named(resp.answer) == set(want), resp.answer


@pytest.mark.parametrize(("name", "a", "b", "question"), [
    ("lakes", "Ines", "Nuno", "How many lakes did Ines and Nuno both fish?"),
    ("lakes", "Jory", "Mags", "which lakes did Jory and Mags both go to"),
    ("trials", "J02", "J03", "How many trials did J02 and J03 both sit on?"),
    ("trials", "J01", "J04", "how many trials have J01 and J04 both served on"),
    ("lakes", "Wast", "Coniston", "How many anglers fished both Wast and Coniston?"),
    ("lakes", "Bala", "Wast", "which anglers fished both Bala and Wast"),
    ("trials", "T-B", "T-C", "How many jurors judged both T-B and T-C?"),
])
def test_the_partners_two_named_nodes_both_have_are_their_common_neighbours(agents, name, a, b,
                                                                            question):
    table = TABLES[name]
    g = nx.from_pandas_edgelist(table, *table.columns)
    common = set(nx.common_neighbors(g, a, b))
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"share **{len(common)}** neighbour(s)" in resp.answer, resp.answer
    assert all(c in resp.answer for c in common), resp.answer
