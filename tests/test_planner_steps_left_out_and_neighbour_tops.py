"""Two-step questions whose first step is a ranking the planner's own referent would take
whole: the best-connected neighbour of the node with the highest betweenness (the ranking,
then that node's neighbours ranked by degree), and the distance from a named node to the
best-connected node "other than himself" (the ranking with the named node left out).
networkx is the oracle, on two tables with different vocabularies."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

_SHAPE = [("a", "c"), ("a", "d"), ("a", "e"), ("a", "f"), ("a", "g"), ("b", "c"), ("b", "h"),
          ("b", "i"), ("b", "j"), ("c", "k"), ("d", "e"), ("a", "l")]
_NAMES = {"friends": (("person", "friend"), dict(zip("abcdefghijkl", [
              "Ava", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jade", "Kai",
              "Lena"], strict=True))),
          "crew": (("sailor", "shipmate"), dict(zip("abcdefghijkl", [
              "Tom", "Rex", "Sal", "Ned", "Olaf", "Pip", "Quin", "Ulla", "Vic", "Wes", "Yara",
              "Zed"], strict=True)))}
GRAPHS = {name: pd.DataFrame([(names[u], names[v]) for u, v in _SHAPE], columns=list(cols))
          for name, (cols, names) in _NAMES.items()}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents, name: str, question: str):
    table = GRAPHS[name]
    g = nx.from_pandas_edgelist(table, *table.columns)
    return agents[name].ask(question, attach=[table]), g


def _only_top(scores: dict) -> str:
    best = max(scores.values())
    tops = [n for n, v in scores.items() if v == best]
    assert len(tops) == 1, tops
    return tops[0]


@pytest.mark.parametrize("name,question", [
    ("friends", "who is the best-connected neighbour of the person with the highest "
                "betweenness?"),
    ("crew", "who is the best-connected shipmate of the sailor with the highest betweenness?"),
    ("crew", "which is the most connected neighbour of the sailor with the highest "
             "betweenness?"),
])
def test_the_best_connected_neighbour_of_a_rankings_top(agents, name, question):
    resp, g = _ask(agents, name, question)
    top = _only_top(nx.betweenness_centrality(g))
    neighbour = _only_top({n: g.degree(n) for n in g[top]})
    assert resp.status == "answered", resp.answer
    then = resp.answer.split(f"Then, for **{top}**:", 1)[1]
    assert f"**{neighbour}** ({g.degree(neighbour)})" in then, resp.answer


@pytest.mark.parametrize("name,question,start", [
    ("friends", "how far is Ava from the person with the most friends other than herself?",
     "Ava"),
    ("crew", "how many hops is Tom from the sailor with the most shipmates, other than "
             "himself?", "Tom"),
    ("friends", "how far is Ava from the person with the most connections except Ava?", "Ava"),
])
def test_the_distance_to_the_top_with_the_named_node_left_out(agents, name, question, start):
    resp, g = _ask(agents, name, question)
    top = _only_top({n: g.degree(n) for n in g if n != start})
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Leaving out {start}, the top is **{top}**."), resp.answer
    then = resp.answer.split(f"Then, for **{top}**:", 1)[1]
    assert f"**{nx.shortest_path_length(g, start, top)} hop(s)**" in then, resp.answer


@pytest.mark.parametrize("name,question,end", [
    ("friends", "what is the shortest path from the person with the most friends to Kai?",
     "Kai"),
    ("crew", "what is the shortest route from the sailor with the most shipmates to Yara?",
     "Yara"),
])
def test_a_route_from_a_rankings_top_keeps_its_named_end(agents, name, question, end):
    resp, g = _ask(agents, name, question)
    top = _only_top(dict(g.degree()))
    assert resp.status == "answered", resp.answer
    then = resp.answer.split(f"Then, for **{top}**:", 1)[1]
    assert f"**{nx.shortest_path_length(g, top, end)} hop(s)**" in then, resp.answer
