""""Who is Valjean's strongest co-appearance partner?", "who does Soren co-sing with most
strongly?" (a hyphenated noun or verb: the node's heaviest edge), "find the character with the
highest betweenness, then tell me who they co-appear with most strongly" (the ranking, then
that edge), and "among the alto singers, who has the most partners over in the tenor voice?"
(partners in one named group, "over in" as "in"). networkx is the oracle, on two tables with
different vocabularies."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

#: duets sung by two singers (undirected); each singer's voice
DUETS = pd.DataFrame(
    [("Odile", "Piers", 5), ("Odile", "Rhea", 2), ("Piers", "Rhea", 1), ("Rhea", "Soren", 7),
     ("Soren", "Tamsin", 3), ("Tamsin", "Odile", 4), ("Ulric", "Soren", 6), ("Ulric", "Tamsin", 2),
     ("Vesna", "Ulric", 9), ("Vesna", "Rhea", 1), ("Wren", "Vesna", 3), ("Wren", "Odile", 2),
     ("Xan", "Wren", 8)],
    columns=["singer_a", "singer_b", "duets"])
VOICES = pd.DataFrame(
    list(zip(["Odile", "Piers", "Rhea", "Soren", "Tamsin", "Ulric", "Vesna", "Wren", "Xan"],
             ["alto", "bass", "alto", "tenor", "bass", "tenor", "alto", "bass", "tenor"],
             strict=True)), columns=["singer", "voice"])
#: bills two senators co-sponsored (undirected); each senator's party
BILLS = pd.DataFrame(
    [("Hale", "Irving", 3), ("Hale", "Juno", 11), ("Irving", "Juno", 2), ("Juno", "Kemp", 6),
     ("Kemp", "Lowe", 9), ("Lowe", "Hale", 1), ("Mace", "Kemp", 4), ("Mace", "Irving", 7),
     ("Nash", "Mace", 5), ("Nash", "Lowe", 2), ("Orr", "Mace", 3)],
    columns=["senator", "cosponsor", "bills"])
PARTIES = pd.DataFrame(
    [("Hale", "green"), ("Irving", "green"), ("Juno", "gold"), ("Kemp", "gold"),
     ("Lowe", "green"), ("Mace", "gold"), ("Nash", "green"), ("Orr", "gold")], columns=["member", "party"])


def _graph(edges: pd.DataFrame) -> nx.Graph:
    return nx.from_pandas_edgelist(edges, *edges.columns[:2], [edges.columns[2]])


def _strongest(g: nx.Graph, node: str, w: str) -> str:
    return max(g[node], key=lambda n: g[node][n][w])


@pytest.mark.parametrize(("edges", "node", "question"), [
    (DUETS, "Soren", "Who is Soren's strongest co-singing partner?"),
    (DUETS, "Soren", "who does Soren co-sing with most strongly?"),
    (BILLS, "Hale", "Who is Hale's strongest co-sponsorship partner?"),
    (BILLS, "Kemp", "who does Kemp co-sponsor with most heavily?"),
])
def test_a_hyphenated_partner_word_names_the_heaviest_edge(tmp_path, edges, node, question):
    g = _graph(edges)
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{_strongest(g, node, edges.columns[2])}**"), resp.answer


@pytest.mark.parametrize(("edges", "noun"), [(DUETS, "singer"), (BILLS, "senator")])
def test_the_heaviest_edge_of_a_rankings_top(tmp_path, edges, noun):
    g = _graph(edges)
    b = nx.betweenness_centrality(g)
    top = max(b, key=b.get)
    resp = ask_table(tmp_path, edges, f"Find the {noun} with the highest betweenness, then tell "
                                      f"me who they work with most strongly.")
    assert resp.status == "answered", resp.answer
    assert f"**{_strongest(g, top, edges.columns[2])}**" in resp.answer.split("Then, for")[1]


@pytest.mark.parametrize(("edges", "nodes", "attr", "within", "partner", "question"), [
    (DUETS, VOICES, "voice", "alto", "tenor",
     "Among the alto singers, who has the most partners over in the tenor voice?"),
    (DUETS, VOICES, "voice", "bass", "alto",
     "Of the bass singers, who has the most duet partners out in the alto voice?"),
    (BILLS, PARTIES, "party", "gold", "green",
     "Among the members of the gold party, who has the most allies over in the green party?"),
])
def test_partners_over_in_a_named_group(tmp_path, edges, nodes, attr, within, partner, question):
    g = _graph(edges)
    group = dict(nodes.values)
    counts = {n: sum(group[m] == partner for m in g[n]) for n in g if group[n] == within}
    best = max(counts.values())
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    head = resp.answer.split(":")[0]
    assert all(f"**{n}**" in head for n, v in counts.items() if v == best), resp.answer
    assert f"**{best}**" in resp.answer, resp.answer
