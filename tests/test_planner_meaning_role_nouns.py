"""A named node's partners asked in its table's own role nouns: on ``parent,child`` "who
are Mum's children" are Mum's out-neighbours and "who is the parent of Cousin" Cousin's
in-neighbours; on a reporting table "who is Ana's manager" follows the edge towards the
boss whichever way the table points (``staffer,line_manager`` or ``manager,team_member``)
and "who has the most direct reports" ranks the bosses by their reports."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

FAMILY = pd.DataFrame([("Gran", "Mum"), ("Gran", "Uncle"), ("Mum", "Kid1"), ("Mum", "Kid2"),
                       ("Uncle", "Cousin"), ("Mum", "Kid3")], columns=["parent", "child"])
MENTORS = pd.DataFrame([("Ada", "Bea"), ("Ada", "Cal"), ("Bea", "Dot"), ("Cal", "Eve"),
                        ("Bea", "Fay"), ("Gil", "Dot"), ("Dot", "Hal")],
                       columns=["mentor_id", "protege_id"])
UP = pd.DataFrame([("Ana", "Raj"), ("Ben", "Raj"), ("Raj", "Zoe"), ("Cai", "Zoe"),
                   ("Dov", "Cai"), ("Eli", "Cai"), ("Fen", "Cai"), ("Zoe", "Max")],
                  columns=["staffer", "line_manager"])
DOWN = pd.DataFrame([("Max", "Zoe"), ("Zoe", "Raj"), ("Zoe", "Cai"), ("Raj", "Ana"),
                     ("Raj", "Ben"), ("Cai", "Dov"), ("Cai", "Eli"), ("Cai", "Fen")],
                    columns=["manager", "team_member"])


def _ask(tmp_path, table: pd.DataFrame, question: str):
    return ask_table(tmp_path, table, question)


def _g(table: pd.DataFrame) -> nx.DiGraph:
    return nx.DiGraph(list(table.itertuples(index=False, name=None)))


@pytest.mark.parametrize("table, question, node, side", [
    (FAMILY, "who are Mum's children?", "Mum", "out"),
    (FAMILY, "who is the parent of Cousin", "Cousin", "in"),
    (MENTORS, "who are the proteges of Bea?", "Bea", "out"),
    (MENTORS, "Who are Dot's mentors", "Dot", "in"),
    (UP, "who is Dov's manager?", "Dov", "out"),
    (DOWN, "who is Dov's manager?", "Dov", "in"),
    (DOWN, "Who is the boss of Raj", "Raj", "in"),
])
def test_a_role_noun_of_a_named_node_lists_that_end_of_its_edges(
        tmp_path, table, question, node, side):
    resp = _ask(tmp_path, table, question)
    g = _g(table)
    want = set(g.successors(node) if side == "out" else g.predecessors(node))
    others = set(nx.Graph(g).neighbors(node)) - want
    assert resp.status == "answered", resp.answer
    assert all(w in resp.answer for w in want)
    assert not any(o in resp.answer.split("(its")[1] for o in others)


@pytest.mark.parametrize("table, question, node, side", [
    (FAMILY, "how many children does Mum have", "Mum", "out"),
    (MENTORS, "How many proteges does Bea have?", "Bea", "out"),
    (MENTORS, "how many mentors does Dot have", "Dot", "in"),
])
def test_how_many_of_a_role_does_a_node_have_is_that_ends_degree(
        tmp_path, table, question, node, side):
    resp = _ask(tmp_path, table, question)
    g = _g(table)
    want = g.out_degree(node) if side == "out" else g.in_degree(node)
    assert want != nx.Graph(g).degree(node)
    assert resp.status == "answered", resp.answer
    assert f"{side}-degree **{want}**" in resp.answer


@pytest.mark.parametrize("table, side", [(UP, "in"), (DOWN, "out")])
def test_who_has_the_most_direct_reports_ranks_the_bosses_by_their_reports(tmp_path, table, side):
    resp = _ask(tmp_path, table, "who has the most direct reports")
    g = _g(table)
    degrees = dict(g.in_degree() if side == "in" else g.out_degree())
    best = max(degrees.values())
    top = [n for n, d in degrees.items() if d == best]
    assert len(top) == 1
    assert resp.status == "answered", resp.answer
    assert f"**{top[0]}**" in resp.answer
