"""More kinds of question a blind question set on the public graphs showed the planner
asking about, each now read on two graphs with their own words: whether a graph named in
several words is connected, a two-colouring as the bipartite check, a pair's cut asked with
"I'd" (a pronoun, never a name), the edges between two groups named with their attribute's
noun ("the tech team and the legal team"), and a directed table's verb in the perfect ("who
has sent emails to bob"). networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files
from tests.test_directed_totals import _ask

LAKES = pd.DataFrame(
    [("Ash", "Birch"), ("Birch", "Cedar"), ("Cedar", "Ash"), ("Dune", "Elm"), ("Elm", "Fir")],
    columns=["lake_a", "lake_b"])
GUILDS = pd.DataFrame(
    [("Abel", "Bruno"), ("Bruno", "Cosmo"), ("Cosmo", "Dario"), ("Dario", "Abel"),
     ("Cosmo", "Ezio")], columns=["guild_a", "guild_b"])
SQUARE = pd.DataFrame([("n1", "n2"), ("n2", "n3"), ("n3", "n4"), ("n4", "n1")],
                      columns=["source", "target"])
TRIANGLE_TAIL = pd.DataFrame([("k1", "k2"), ("k2", "k3"), ("k3", "k1"), ("k3", "k4")],
                             columns=["source", "target"])
PIPES = pd.DataFrame(
    [("w0", "w1"), ("w0", "w2"), ("w1", "w3"), ("w2", "w3"), ("w1", "w2"), ("w3", "w4"),
     ("w2", "w4")], columns=["plant_a", "plant_b"])
TRAILS = pd.DataFrame(
    [("Alder", "Birk"), ("Alder", "Cove"), ("Birk", "Dell"), ("Cove", "Dell"), ("Dell", "Fen")],
    columns=["hut_a", "hut_b"])
TEAM_EDGES = pd.DataFrame(
    [("e1", "e2"), ("e1", "e3"), ("e2", "e4"), ("e3", "e5"), ("e4", "e5"), ("e5", "e6"),
     ("e2", "e6"), ("e3", "e6")], columns=["person_a", "person_b"])
TEAMS = pd.DataFrame({"person": ["e1", "e2", "e3", "e4", "e5", "e6"],
                      "team": ["tech", "legal", "tech", "ops", "legal", "tech"]})
ROAD_EDGES = pd.DataFrame(
    [("Avon", "Bude"), ("Bude", "Cley"), ("Cley", "Deal"), ("Avon", "Deal"), ("Bude", "Deal"),
     ("Cley", "Eye")], columns=["town_a", "town_b"])
REGIONS = pd.DataFrame({"town": ["Avon", "Bude", "Cley", "Deal", "Eye"],
                        "region": ["north", "south", "north", "south", "north"]})
MAIL = pd.DataFrame(
    [("ann", "bob", 3), ("cat", "bob", 1), ("dan", "bob", 2), ("bob", "ann", 4),
     ("cat", "dan", 5)], columns=["sender", "receiver", "count"])
CALLS = pd.DataFrame(
    [("ph1", "ph2"), ("ph3", "ph2"), ("ph2", "ph4"), ("ph4", "ph1"), ("ph5", "ph1")],
    columns=["caller", "callee"])


def _graph(table: pd.DataFrame, directed: bool = False) -> nx.Graph:
    a, b = table.columns[:2]
    return nx.from_pandas_edgelist(table, a, b, create_using=nx.DiGraph if directed else nx.Graph)


@pytest.mark.parametrize(("table", "question"), [
    (LAKES, "is the northern lakes network connected?"),
    (GUILDS, "is the old guild alliance graph connected?"),
])
def test_a_graph_named_in_several_words_is_checked_for_connectedness(tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    want = "Yes" if nx.is_connected(_graph(table)) else "No"
    assert resp.answer.startswith(f"**{want}**"), resp.answer


@pytest.mark.parametrize("table", [SQUARE, TRIANGLE_TAIL])
def test_two_colourable_is_the_bipartite_check(tmp_path, table):
    resp = _ask(tmp_path, table, "is this graph two-colourable?")
    assert resp.status == "answered", resp.answer
    want = "Yes" if nx.is_bipartite(_graph(table)) else "No"
    assert resp.answer.startswith(f"**{want}**"), resp.answer


@pytest.mark.parametrize(("table", "question", "ends"), [
    (PIPES, "Minimum number of pipes I'd have to close to cut w0 off from w4?", ("w0", "w4")),
    (TRAILS, "how many trails I'd need to block to cut Alder off from Fen", ("Alder", "Fen")),
])
def test_a_contracted_pronoun_is_no_name_in_a_pair_cut(tmp_path, table, question, ends):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    want = nx.edge_connectivity(_graph(table), *ends)
    assert re.search(rf"\*\*{want}\*\* edge\(s\)", resp.answer), resp.answer


@pytest.mark.parametrize(("edges", "nodes", "question", "column", "pair"), [
    (TEAM_EDGES, TEAMS, "how many ties are there between the tech team and the legal team?",
     "team", ("tech", "legal")),
    (ROAD_EDGES, REGIONS, "how many roads run between the north region and the south region?",
     "region", ("north", "south")),
])
def test_two_groups_named_with_their_attributes_noun_count_the_edges_between(
        tmp_path, edges, nodes, question, column, pair):
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    group = dict(zip(nodes.iloc[:, 0], nodes[column], strict=True))
    want = sum(1 for u, v in _graph(edges).edges() if {group[u], group[v]} == set(pair))
    assert f"**{want}** edge(s)" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "node"), [
    (MAIL, "who has sent emails to bob?", "bob"),
    (CALLS, "which phones have called ph1?", "ph1"),
])
def test_a_directed_verb_in_the_perfect_lists_the_in_neighbours(tmp_path, table, question, node):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    want = set(_graph(table, directed=True).predecessors(node))
    listed = set(re.findall(r"\b(?:ann|bob|cat|dan|ph\d)\b", resp.answer.split(":", 1)[1]))
    assert listed == want, resp.answer


MARRIAGES = pd.DataFrame(
    [("Alba", "Conti"), ("Alba", "Doria"), ("Conti", "Doria"), ("Doria", "Este"),
     ("Este", "Farnese")], columns=["family", "spouse_family"])
COURSES = pd.DataFrame(
    [("Ana Lind", "Algebra"), ("Ana Lind", "Botany"), ("Bo Wren", "Botany"),
     ("Bo Wren", "Chemistry"), ("Cy Hale", "Algebra")], columns=["student", "course"])
RING = pd.DataFrame([("r1", "r2"), ("r2", "r3"), ("r3", "r1"), ("r3", "r4"), ("r4", "r1")],
                    columns=["sender", "receiver"])
CHAIN = pd.DataFrame([("c1", "c2"), ("c2", "c3"), ("c3", "c2"), ("c3", "c4")],
                     columns=["caller", "callee"])


@pytest.mark.parametrize(("table", "question", "node"), [
    (MARRIAGES, "Which families did the Doria marry into?", "Doria"),
    (COURSES, "What courses did Ana Lind take?", "Ana Lind"),
    (MARRIAGES, "who did the Doria marry into?", "Doria"),
    (MARRIAGES, "which families are married to the Doria?", "Doria"),
    (MARRIAGES, "Este's marriage partners?", "Este"),
])
def test_which_things_a_named_node_did_are_its_neighbours(tmp_path, table, question, node):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    want = set(_graph(table).neighbors(node))
    hop = re.search(r"at hop 1 \(([^)]*)\)", resp.answer)
    assert hop and set(hop.group(1).split(", ")) == want, resp.answer


@pytest.mark.parametrize("table", [RING, CHAIN])
def test_strongly_connected_asked_yes_or_no_leads_with_the_answer(tmp_path, table):
    resp = _ask(tmp_path, table, "is the message network strongly connected?")
    assert resp.status == "answered", resp.answer
    want = "Yes" if nx.is_strongly_connected(_graph(table, directed=True)) else "No"
    assert resp.answer.startswith(f"**{want}**"), resp.answer


def test_how_many_share_a_thing_with_a_node_is_its_degree_on_one_mode(tmp_path):
    scenes = pd.DataFrame([("Ada", "Bo"), ("Ada", "Cy"), ("Ada", "Dee"), ("Bo", "Cy")],
                          columns=["role", "co_role"])
    resp = _ask(tmp_path, scenes, "how many roles share a scene with Ada?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("Ada has degree **3**"), resp.answer
