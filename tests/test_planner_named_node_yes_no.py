"""Yes/no questions about one named node that were answered about the whole graph: "is Rex
an articulation point" answered "Yes" because the graph has cut points somewhere (Rex is not
one), "does the network depend on Ozzy to stay in one piece" answered "No" because the graph
was in pieces already. Each is checked against networkx."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

# players who jammed together; a duo (Rex, Sol) apart, Gus only in the node table
_JAMS = [("Ana", "Ben", 12), ("Ben", "Cal", 3), ("Cal", "Ana", 5), ("Cal", "Dee", 8),
         ("Dee", "Eve", 2), ("Eve", "Fox", 9), ("Rex", "Sol", 4)]
JAMS = pd.DataFrame(_JAMS, columns=["player_a", "player_b", "jams_together"])
PLAYERS = pd.DataFrame([(a, "guitar") for a in ["Ana", "Cal", "Eve", "Rex", "Gus"]]
                       + [(a, "drums") for a in ["Ben", "Dee", "Fox", "Sol"]],
                       columns=["player", "instrument"])
# pumping stations joined by pipes, in one piece
_PIPES = [("ps1", "ps2", 300), ("ps2", "ps3", 120), ("ps3", "ps1", 80), ("ps3", "ps4", 410),
          ("ps4", "ps5", 95), ("ps5", "ps6", 60), ("ps6", "ps4", 210)]
PIPES = pd.DataFrame(_PIPES, columns=["site_x", "site_y", "length_m"])


def _cut(edges: list[tuple], name: str) -> bool:
    return name in set(nx.articulation_points(nx.Graph([e[:2] for e in edges])))


@pytest.mark.parametrize(("question", "name"), [
    ("is Rex an articulation point?", "Rex"),
    ("Is Cal a cut vertex (y/n)", "Cal"),
    ("is Ana critical for keeping the network connected?", "Ana"),
    ("does the network depend on Dee to stay in one piece", "Dee"),
])
def test_a_named_node_is_a_cut_point_only_when_its_removal_splits_its_piece(tmp_path, question,
                                                                           name):
    resp = ask_table(tmp_path, JAMS, question, PLAYERS)
    assert resp.status == "answered", resp.answer
    word = "**Yes**" if _cut(_JAMS, name) else "**No**"
    assert resp.answer.startswith(word), resp.answer
    assert f"Without {name}" in resp.answer, resp.answer


@pytest.mark.parametrize(("question", "name"), [
    ("is ps4 a single point of failure?", "ps4"),
    ("would ps5 be a cut node", "ps5"),
])
def test_a_named_site_is_a_cut_point_on_a_graph_in_one_piece(tmp_path, question, name):
    resp = ask_table(tmp_path, PIPES, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if _cut(_PIPES, name) else "**No**"), resp.answer


@pytest.mark.parametrize(("question", "name"), [
    ("is Cal cut off from the rest?", "Cal"),
    ("is Rex cut off from the rest?", "Rex"),
    ("is Dee in the largest component?", "Dee"),
    ("is Sol part of the main network?", "Sol"),
    ("is Gus outside the main network", "Gus"),
])
def test_a_named_node_apart_from_the_rest_is_yes_only_when_it_lies_outside_the_main_piece(
        tmp_path, question, name):
    g = nx.Graph([e[:2] for e in _JAMS])
    g.add_nodes_from(PLAYERS.player)
    apart = name not in max(nx.connected_components(g), key=len)
    asks_apart = any(w in question for w in ("cut off", "outside"))
    resp = ask_table(tmp_path, JAMS, question, PLAYERS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if apart == asks_apart else "**No**"), resp.answer


def test_whether_in_one_piece_then_how_many_pieces_answers_the_first_ask_first(tmp_path):
    g = nx.Graph([e[:2] for e in _JAMS])
    g.add_nodes_from(PLAYERS.player)
    pieces = nx.number_connected_components(g)
    assert pieces > 1
    resp = ask_table(tmp_path, JAMS, "Is the jam network one connected group? If not, how many "
                     "separate islands are there?", PLAYERS)
    assert resp.answer.startswith("**No**"), resp.answer
    assert f"**{pieces} connected component(s)**" in resp.answer, resp.answer


def test_a_claim_that_no_node_links_to_itself_is_confirmed_when_there_is_no_self_loop(tmp_path):
    cites = pd.DataFrame([("r1", "r2"), ("r2", "r3"), ("r3", "r1"), ("r4", "r1")],
                         columns=["citing", "cited"])
    resp = ask_table(tmp_path / "a", cites, "Is it true that no report cites itself? y/n")
    assert resp.answer.startswith("**Yes**"), resp.answer
    resp = ask_table(tmp_path / "b", cites, "does any report cite itself?")
    assert resp.answer.startswith("**No**"), resp.answer


def test_whether_any_cycle_and_its_members_lists_every_node_on_a_cycle(tmp_path):
    calls = pd.DataFrame([("gw", "auth"), ("auth", "users"), ("users", "auth"), ("gw", "search"),
                          ("search", "recs"), ("recs", "search"), ("gw", "cart")],
                         columns=["caller", "callee"])
    g = nx.DiGraph(list(calls.itertuples(index=False)))
    on = sorted({n for c in nx.strongly_connected_components(g) if len(c) > 1 for n in c})
    resp = ask_table(tmp_path, calls, "Any circular dependencies among the services? y/n, and "
                     "name the services involved")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**Yes** — **{len(on)}** of"), resp.answer
    assert all(f"**{n}**" in resp.answer for n in on), resp.answer


@pytest.mark.parametrize("question", ["is Cal the most connected player?",
                                      "does Ana have the most links?",
                                      "is Dee the player with the highest degree?"])
def test_whether_a_named_node_is_the_best_connected_says_yes_only_for_the_top(tmp_path, question):
    g = nx.Graph([e[:2] for e in _JAMS])
    name = next(n for n in ("Cal", "Ana", "Dee") if n in question)
    top = max(d for _, d in g.degree())
    resp = ask_table(tmp_path, JAMS, question, PLAYERS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if g.degree(name) == top else "**No**"), resp.answer
    assert f"**{top}**" in resp.answer, resp.answer


def test_a_removal_said_before_the_ask_is_the_ask_s_removal(tmp_path):
    g = nx.Graph([e[:2] for e in _PIPES])
    before = nx.node_connected_component(g, "ps6")
    g.remove_node("ps3")
    lost = sorted(before - nx.node_connected_component(g, "ps6") - {"ps3"})
    resp = ask_table(tmp_path, PIPES, "ps3 might shut for repairs tomorrow. If it does, which "
                     "sites could ps6 no longer reach?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("Without ps3"), resp.answer
    assert all(f"**{n}**" in resp.answer for n in lost), resp.answer
