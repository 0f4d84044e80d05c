"""A directed table's columns named as roles read their verbs with the right direction: on
a ``predator,prey`` table "what eats frog" lists frog's in-neighbours and "what does the
heron eat" the heron's out-neighbours; on a ``payer,payee`` table "who paid acc4" and "who
did acc1 send money to"; on a ``sponsor,protege`` table the whole word is the verb ("who
sponsors Dana"). The passive reads the edge backwards, "does X eat Y" asks for one edge,
and counts of the other end ("preyed on by the most predators", "has no sponsor") are in-
or out-degrees. A verb the columns do not name is asked about. networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for, ask_edges

FOOD = nx.DiGraph([("heron", "perch"), ("heron", "frog"), ("perch", "minnow"),
                   ("frog", "beetle"), ("minnow", "algae"), ("beetle", "algae"),
                   ("otter", "perch"), ("otter", "frog"), ("pike", "perch")])
MONEY = nx.DiGraph([("acc1", "acc2"), ("acc1", "acc3"), ("acc2", "acc4"), ("acc3", "acc4"),
                    ("acc5", "acc4"), ("acc4", "acc6"), ("acc6", "acc1"), ("acc1", "acc7")])
CLUB = nx.DiGraph([("Odile", "Bram"), ("Odile", "Ciro"), ("Bram", "Dana"), ("Ciro", "Dana"),
                   ("Dana", "Emre"), ("Bram", "Emre"), ("Fenna", "Gil")])
TABLES = {"food": (FOOD, "predator", "prey"), "money": (MONEY, "payer", "payee"),
          "club": (CLUB, "sponsor", "protege")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _ask(agents, graph: str, question: str):
    g, source, target = TABLES[graph]
    return ask_edges(agents[graph], g, source, target, question)


def _listed(graph: str, answer: str) -> set[str]:
    names = "|".join(map(re.escape, TABLES[graph][0]))
    return set(re.findall(rf"\b(?:{names})\b", answer.split(":", 1)[-1]))


NEIGHBOURS = [  # (graph, question, node, side)
    ("food", "what eats frog?", "frog", "in"),
    ("food", "What does the heron eat?", "heron", "out"),
    ("food", "which animals are eaten by the otter?", "otter", "out"),
    ("food", "what preys on perch?", "perch", "in"),
    ("money", "who paid acc4?", "acc4", "in"),
    ("money", "who did acc1 send money to?", "acc1", "out"),
    ("money", "who received money from acc1?", "acc1", "out"),
    ("club", "who sponsors Dana?", "Dana", "in"),
    ("club", "Who does Bram sponsor?", "Bram", "out"),
    ("club", "who was Emre sponsored by?", "Emre", "in"),
]


@pytest.mark.parametrize(("graph", "question", "node", "side"), NEIGHBOURS,
                         ids=[c[1] for c in NEIGHBOURS])
def test_a_role_columns_verb_lists_the_named_nodes_neighbours_on_its_side(
        agents, graph, question, node, side):
    resp = _ask(agents, graph, question)
    g = TABLES[graph][0]
    want = set(g.predecessors(node) if side == "in" else g.successors(node))
    other = set(g.successors(node) if side == "in" else g.predecessors(node))
    assert want and want != other
    assert resp.status == "answered", resp.answer
    assert _listed(graph, resp.answer) - {node} == want, resp.answer


EDGES = [  # (graph, question, source, target)
    ("food", "does the otter eat frog?", "otter", "frog"),
    ("food", "does the frog eat the otter?", "frog", "otter"),
    ("money", "did acc3 pay acc4?", "acc3", "acc4"),
    ("money", "did acc4 pay acc3?", "acc4", "acc3"),
    ("money", "was acc1 paid by acc6?", "acc6", "acc1"),
    ("club", "does Dana sponsor Bram?", "Dana", "Bram"),
]


@pytest.mark.parametrize(("graph", "question", "source", "target"), EDGES,
                         ids=[c[1] for c in EDGES])
def test_a_yes_no_question_in_the_verb_checks_that_one_edge_in_its_direction(
        agents, graph, question, source, target):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    yes = TABLES[graph][0].has_edge(source, target)
    assert resp.answer.startswith("**Yes**" if yes else "**No**"), resp.answer


DEGREES = [  # (graph, question, side)
    ("food", "Which species gets preyed on by the most different predators?", "in"),
    ("money", "which account gets payments from the most different payers?", "in"),
    ("money", "which payer sent money to the most other accounts?", "out"),
    ("club", "who is sponsored by the most people?", "in"),
]


@pytest.mark.parametrize(("graph", "question", "side"), DEGREES, ids=[c[1] for c in DEGREES])
def test_a_count_of_the_nodes_at_the_verbs_other_end_is_an_in_or_out_degree(
        agents, graph, question, side):
    resp = _ask(agents, graph, question)
    g = TABLES[graph][0]
    degree = dict(g.in_degree() if side == "in" else g.out_degree())
    top = max(degree.values())
    assert resp.status == "answered", resp.answer
    leaders = {n for n, d in degree.items() if d == top}
    assert set(re.findall(r"\*\*([\w]+)\*\*", resp.answer)) & set(g) == leaders, resp.answer


ZEROS = [  # (graph, question, side)
    ("food", "which species have no predators?", "in"),
    ("food", "which animals don't eat anything?", "out"),
    ("food", "list the species that nothing else in the table eats", "in"),
    ("money", "who has nobody paying them?", "in"),
    ("club", "who has no sponsor?", "in"),
    ("club", "who has no proteges?", "out"),
]


@pytest.mark.parametrize(("graph", "question", "side"), ZEROS, ids=[c[1] for c in ZEROS])
def test_nobody_at_the_verbs_other_end_is_in_or_out_degree_zero(agents, graph, question, side):
    resp = _ask(agents, graph, question)
    g = TABLES[graph][0]
    want = {n for n, d in (g.in_degree() if side == "in" else g.out_degree()) if d == 0}
    assert want
    assert resp.status == "answered", resp.answer
    assert _listed(graph, resp.answer) == want, resp.answer


@pytest.mark.parametrize(("graph", "question"), [("club", "who hired Dana?"),
                                                 ("food", "who paid frog?")])
def test_a_verb_the_columns_do_not_name_is_asked_about_never_given_a_side(
        agents, graph, question):
    resp = _ask(agents, graph, question)
    assert resp.status == "needs_clarification", resp.answer
    assert not any(a.tool == "local_analysis" for a in resp.actions)


SHARED = [  # (graph, question, a, b, side)
    ("food", "what is eaten by both heron and otter?", "heron", "otter", "out"),
    ("food", "which animals do both heron and pike eat?", "heron", "pike", "out"),
    ("food", "what eats both perch and frog?", "perch", "frog", "in"),
    ("food", "what eats both heron and minnow?", "heron", "minnow", "in"),
    ("money", "who paid both acc4 and acc1?", "acc4", "acc1", "in"),
    ("money", "who received money from both acc2 and acc3?", "acc2", "acc3", "out"),
]


@pytest.mark.parametrize(("graph", "question", "a", "b", "side"), SHARED,
                         ids=[c[1] for c in SHARED])
def test_both_named_nodes_verb_lists_the_nodes_on_that_side_of_each(
        agents, graph, question, a, b, side):
    resp = _ask(agents, graph, question)
    g = TABLES[graph][0]

    def around(n):
        return set(g.predecessors(n) if side == "in" else g.successors(n))
    want = around(a) & around(b)
    assert resp.status == "answered", resp.answer
    if not want:
        assert resp.answer.startswith("**None**"), resp.answer
        return
    assert _listed(graph, resp.answer.split(")", 1)[-1]) == want, resp.answer


@pytest.mark.parametrize(("graph", "question", "node"), [
    ("food", "which animals does the frog either eat or get eaten by?", "frog"),
    ("money", "who are acc4's counterparties - anyone it either paid or got money from?",
     "acc4"),
    ("money", "who has acc1 paid or received money from?", "acc1")])
def test_the_verb_both_ways_lists_every_neighbour_of_the_named_node(agents, graph, question,
                                                                      node):
    resp = _ask(agents, graph, question)
    g = TABLES[graph][0]
    want = set(g.predecessors(node)) | set(g.successors(node))
    assert set(g.predecessors(node)) and set(g.successors(node))
    assert resp.status == "answered", resp.answer
    assert _listed(graph, resp.answer.split("at hop 1", 1)[-1]) == want, resp.answer


COACHING = nx.DiGraph([("Rui", "Sol"), ("Rui", "Tam"), ("Sol", "Uri"), ("Tam", "Uri"),
                       ("Uri", "Vik"), ("Wen", "Xan")])


@pytest.mark.parametrize(("question", "node", "side"), [
    ("who coaches Uri?", "Uri", "in"), ("Who does Sol train?", "Sol", "out"),
    ("who has no coaches?", None, "in")])
def test_a_coach_trainee_table_loads_directed_and_reads_its_verbs(agent, question, node, side):
    table = pd.DataFrame(list(COACHING.edges()), columns=["coach", "trainee"])
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    if node is None:
        want = {n for n, d in COACHING.in_degree() if d == 0}
    else:
        want = set(COACHING.predecessors(node) if side == "in" else COACHING.successors(node))
    names = "|".join(COACHING)
    assert set(re.findall(rf"\b(?:{names})\b", resp.answer.split(":", 1)[-1])) - {node} == want


ANY = [  # (graph, question, node, side)
    ("food", "does anything eat the heron?", "heron", "in"),
    ("food", "does anything eat the frog?", "frog", "in"),
    ("food", "does algae eat anything?", "algae", "out"),
    ("food", "does the otter eat anything?", "otter", "out"),
    ("money", "does anyone pay acc5?", "acc5", "in"),
    ("money", "did acc7 pay anyone?", "acc7", "out"),
]


@pytest.mark.parametrize(("graph", "question", "node", "side"), ANY, ids=[c[1] for c in ANY])
def test_whether_anything_is_at_the_verbs_other_end_is_answered_yes_or_no_first(
        agents, graph, question, node, side):
    resp = _ask(agents, graph, question)
    g = TABLES[graph][0]
    there = set(g.predecessors(node) if side == "in" else g.successors(node))
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if there else "**No**"), resp.answer
    assert _listed(graph, resp.answer.split(":", 1)[-1]) - {node} == there, resp.answer


COUNTS = [  # (graph, question, node, side)
    ("food", "how many species does the heron eat?", "heron", "out"),
    ("food", "how many predators does the perch have?", "perch", "in"),
    ("food", "how many prey does the pike have?", "pike", "out"),
    ("club", "how many sponsors does Emre have?", "Emre", "in"),
    ("club", "how many proteges does Odile have?", "Odile", "out"),
]


@pytest.mark.parametrize(("graph", "question", "node", "side"), COUNTS,
                         ids=[c[1] for c in COUNTS])
def test_a_count_in_a_role_noun_or_the_verb_is_the_named_nodes_in_or_out_degree(
        agents, graph, question, node, side):
    resp = _ask(agents, graph, question)
    g = TABLES[graph][0]
    want = g.in_degree(node) if side == "in" else g.out_degree(node)
    other = g.out_degree(node) if side == "in" else g.in_degree(node)
    assert want != other
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"{node} has {side}-degree **{want}**"), resp.answer


def test_eaten_by_nothing_is_in_degree_zero(agents):
    resp = _ask(agents, "food", "which species is eaten by nothing?")
    assert resp.status == "answered", resp.answer
    want = {n for n, d in FOOD.in_degree() if d == 0}
    assert _listed("food", resp.answer.split(":", 1)[-1]) == want, resp.answer
