"""A relation asked of two named nodes ("is 33 friends with 0", "are the Medici and the
Strozzi married") is one edge between them: Yes only when that edge exists, and a No says
no edge joins them even where a longer path does. "Is X linked to Y" answered Yes through
others says it is not one edge. Two tables in other column names; networkx's ``has_edge``
is the oracle."""

from __future__ import annotations

import networkx as nx
import pytest

from tests.planner_support import ask_edges

FAMILIES = nx.florentine_families_graph()
MEMBERS = nx.relabel_nodes(nx.karate_club_graph(), str)


@pytest.mark.parametrize(("g", "columns", "question", "a", "b"), [
    (FAMILIES, ["family", "spouse_family"], "are the Medici and the Strozzi married?",
     "Medici", "Strozzi"),
    (FAMILIES, ["family", "spouse_family"], "is Medici married to Barbadori?",
     "Medici", "Barbadori"),
    (MEMBERS, ["member", "friend"], "is member 33 friends with member 0?", "33", "0"),
    (MEMBERS, ["member", "friend"], "are 33 and 32 friends?", "33", "32"),
])
def test_a_relation_of_two_named_nodes_is_answered_by_their_edge(agent, g, columns, question,
                                                                  a, b):
    resp = ask_edges(agent, g, *columns, question)
    assert resp.status == "answered", resp.answer
    if g.has_edge(a, b):
        assert resp.answer.startswith("**Yes** —"), resp.answer
    else:
        assert resp.answer.startswith(f"**No** — no edge joins {a} and {b}."), resp.answer


@pytest.mark.parametrize(("g", "columns", "question", "a", "b"), [
    (MEMBERS, ["member", "friend"], "is 33 linked to 0?", "33", "0"),
    (FAMILIES, ["family", "spouse_family"], "are Medici and Strozzi connected?", "Medici",
     "Strozzi"),
])
def test_a_yes_through_other_nodes_says_no_edge_joins_the_two(agent, g, columns, question,
                                                              a, b):
    assert not g.has_edge(a, b) and nx.has_path(g, a, b)
    resp = ask_edges(agent, g, *columns, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(
        f"**Yes**, through other nodes (no edge joins {a} and {b} directly)"), resp.answer


def test_how_many_ties_of_a_node_named_with_the_is_its_degree(agent):
    resp = ask_edges(agent, FAMILIES, "family", "spouse_family",
                     "how many marriages did the Medici have?")
    assert resp.status == "answered", resp.answer
    assert f"**{FAMILIES.degree('Medici')}**" in resp.answer.split(".")[0], resp.answer
