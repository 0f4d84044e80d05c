""""Which of member 0's friends are also friends with each other" counts the pairs of the
node's neighbours linked to each other (one per triangle through it), said as pairs and as
such; never the node's neighbour list, which would read as "all of them"."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

CLUB = nx.karate_club_graph()
FAMILIES = nx.florentine_families_graph()
GRAPHS = {"club": (CLUB, ["member", "friend"], "0", "friends", "friends with"),
          "families": (FAMILIES, ["family", "in_law"], "Medici", "in-laws", "married to")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


@pytest.mark.parametrize("name", GRAPHS)
def test_a_nodes_neighbours_linked_to_each_other_are_its_triangles(agents, name):
    g, cols, who, nouns, linked = GRAPHS[name]
    key = int(who) if name == "club" else who
    table = pd.DataFrame([(str(a), str(b)) for a, b in g.edges()], columns=cols)
    resp = agents[name].ask(f"which of {who}'s {nouns} are also {linked} each other?",
                            attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{nx.triangles(g, key)}** pair(s)"), resp.answer
    assert "not listed" in resp.answer, resp.answer


@pytest.mark.parametrize("question", ["how many pairs of medici's in-laws know each other?",
                                      "how many pairs of Medici's in-laws are linked?",
                                      "How many pairs of the Medici's in-laws are also married "
                                      "into each other?",
                                      "How many links are there among Medici's own in-laws?"])
def test_pairs_of_a_nodes_neighbours_linked_in_other_words_are_its_triangles(agents, question):
    g, cols, *_ = GRAPHS["families"]
    table = pd.DataFrame(list(g.edges()), columns=cols)
    resp = agents["families"].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{nx.triangles(g, 'Medici')}** pair(s)"), resp.answer


@pytest.mark.parametrize("who", ["Medici", "Pazzi"])
def test_whether_any_of_a_nodes_neighbours_are_linked_says_yes_or_no_first(agents, who):
    g, cols, *_ = GRAPHS["families"]
    table = pd.DataFrame(list(g.edges()), columns=cols)
    resp = agents["families"].ask(f"are any of {who}'s in-laws linked to each other?",
                                  attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if nx.triangles(g, who) else "**No**"), resp.answer
