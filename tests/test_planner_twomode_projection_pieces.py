"""On a two-mode table, "if we link students who share a course, is everyone connected
somehow?" reads the projection's connected pieces (it read the two-mode graph's components,
or asked), and "is there anyone linked to every other student?" the nodes tied to all the
others of their side. networkx's projection is the oracle, on two tables with their own
words, one split and one whole."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

ENROLMENTS = pd.DataFrame(
    [("ana", "Algebra"), ("ana", "Botany"), ("ben", "Botany"), ("ben", "Chemistry"),
     ("ben", "Drama"), ("cleo", "Drama"), ("dev", "Algebra"), ("dev", "Chemistry"),
     ("eli", "Chemistry"), ("fay", "Botany"), ("fay", "Drama"), ("fay", "Algebra"),
     ("gus", "Ethics")], columns=["student", "course"])
AUTHORSHIP = pd.DataFrame(
    [("Okafor", "NeurIPS"), ("Okafor", "ICML"), ("Lindqvist", "ICML"), ("Lindqvist", "KDD"),
     ("Moreau", "KDD"), ("Moreau", "WWW"), ("Moreau", "NeurIPS"), ("Tanaka", "WWW"),
     ("Varga", "NeurIPS"), ("Varga", "KDD"), ("Quispe", "ICML"), ("Quispe", "WWW"),
     ("Ndiaye", "NeurIPS")], columns=["author", "venue"])
TABLES = {"enrolments": ENROLMENTS, "authorship": AUTHORSHIP}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _projection(name: str) -> nx.Graph:
    table = TABLES[name]
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    return nx.bipartite.projected_graph(g, set(table[table.columns[0]]))


def _lead(answer: str) -> str:
    return answer.split(":")[0].strip("* ").lower()


@pytest.mark.parametrize("name,question,apart_asked", [
    ("enrolments", "If we connect students who share a course, is everyone linked to everyone "
                   "else somehow?", False),
    ("enrolments", "Link any two students taking the same course: does that network fall apart "
                   "into separate pieces?", True),
    ("authorship", "If authors who publish at the same venue are connected, can every author "
                   "reach every other one?", False),
    ("authorship", "Connect authors that share a venue. Is the result one connected network?",
     False)])
def test_a_projection_is_whole_when_its_side_is_one_piece(agents, name, question, apart_asked):
    p = _projection(name)
    whole = nx.is_connected(p)
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    assert _lead(resp.answer) == ("yes" if whole != apart_asked else "no"), resp.answer
    if not whole:
        alone = sorted(n for c in nx.connected_components(p) if len(c) == 1 for n in c)
        assert all(n in resp.answer for n in alone), resp.answer


@pytest.mark.parametrize("name", ["enrolments", "authorship"])
def test_a_projection_counts_its_pieces(agents, name):
    noun, other = TABLES[name].columns[:2]
    question = (f"If two {noun}s are linked when they share a {other}, how many components "
                f"does that give?")
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    pieces = nx.number_connected_components(_projection(name))
    assert f"**{pieces}**" in resp.answer.split(";")[0], resp.answer


@pytest.mark.parametrize("name,question", [
    ("enrolments", "If we connect students who share a course, is there any student linked to "
                   "every other student?"),
    ("authorship", "Linking authors that share a venue, does anyone end up connected to all the "
                   "other authors?"),
    ("authorship", "If authors are connected when they share a venue, who is connected to "
                   "everyone else?")])
def test_a_node_tied_to_every_other_of_its_side_is_named(agents, name, question):
    p = _projection(name)
    full = sorted(n for n, d in p.degree() if d == len(p) - 1)
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    assert _lead(resp.answer) == ("yes" if full else "no"), resp.answer
    first = resp.answer.split("(")[0]
    assert all(f"**{n}**" in first for n in full), resp.answer
    others = set(p) - set(full)
    assert not any(f"**{n}**" in first for n in others), resp.answer
