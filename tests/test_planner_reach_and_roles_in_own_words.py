"""Directed tables asked in their own role words, and betweenness said as "the most shortest
chains": "does Dunn's line -- his proteges, theirs and so on -- eventually reach Cole" (a
path), "who can trace their training back to Ash" (whom Ash reaches), "if Bell leaves,
which proteges are left with no mentor" (no edge coming in, not either way), "who mentored
others but was never mentored themselves" (sources, never self-loops), "who sits on the most
shortest chains between other players" (hops, never 1/games), and a few shapes of the same
questions ("ignoring who mentored whom, …", "who feeds DC2 direclty (inbound lanes)").
Each is checked against networkx on tables of its own."""

from __future__ import annotations

import networkx as nx
import pandas as pd
from planner_support import ask_table

# who mentored whom (mentor -> protege), for how many years
_MENTORING = [("Dunn", "Ash", 3), ("Dunn", "Bell", 2), ("Ash", "Cole", 4), ("Bell", "Cole", 1),
              ("Cole", "Dane", 2), ("Bell", "Eve", 5), ("Petrov", "Fay", 6), ("Fay", "Gus", 2)]
MENTORING = pd.DataFrame(_MENTORING, columns=["mentor", "protege", "years"])
# games played between chess players (a strength: the more games, the closer)
_GAMES = [("ana", "ben", 9), ("ben", "cy", 1), ("cy", "dee", 1), ("dee", "eli", 8),
          ("eli", "ana", 1), ("cy", "fay", 7), ("fay", "gus", 1), ("gus", "cy", 9)]
GAMES = pd.DataFrame(_GAMES, columns=["player", "opponent", "games"])


def _mentoring() -> nx.DiGraph:
    return nx.DiGraph([(a, b) for a, b, _ in _MENTORING])


def test_a_nodes_line_eventually_reaching_another_is_a_path(tmp_path):
    assert nx.has_path(_mentoring(), "Dunn", "Dane")
    resp = ask_table(tmp_path, MENTORING, "does Dunn's line -- his proteges, their proteges and "
                     "so on -- eventually reach Dane?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**") and "Dunn →" in resp.answer, resp.answer


def test_those_who_trace_their_training_back_to_a_node_are_the_nodes_it_reaches(tmp_path):
    reached = nx.descendants(_mentoring(), "Ash") | nx.descendants(_mentoring(), "Bell")
    for n, (name, question) in enumerate([
            ("Bell", "Writing up Bell's legacy: who can trace their training back to Bell, "
                     "either directly or through someone Bell mentored?"),
            ("Ash", "who has Ash mentored, directly or indirectly?")]):
        want = nx.descendants(_mentoring(), name)
        resp = ask_table(tmp_path / str(n), MENTORING, question)
        assert resp.status == "answered", resp.answer
        assert resp.answer.startswith(f"**{len(want)}**"), resp.answer
        assert all(f"**{m}**" in resp.answer for m in want), resp.answer
        assert not any(f"**{m}**" in resp.answer for m in reached - want - {name}), resp.answer


def test_left_with_no_mentor_is_no_edge_coming_in_after_the_removal(tmp_path):
    g = _mentoring()
    h = g.copy()
    h.remove_node("Bell")
    lost = sorted(n for n in g if n != "Bell" and g.in_degree(n) and not h.in_degree(n))
    assert lost == ["Eve"]  # Cole keeps Ash
    resp = ask_table(tmp_path, MENTORING, "if Bell leaves, which proteges are left with no "
                     "mentor at all?")
    assert resp.status == "answered", resp.answer
    assert "**1** node(s) would be left with no incoming edge" in resp.answer, resp.answer
    assert "**Eve**" in resp.answer and "**Cole**" not in resp.answer, resp.answer


def test_never_mentored_themselves_is_the_sources_not_a_self_loop(tmp_path):
    sources = sorted(n for n in _mentoring() if _mentoring().in_degree(n) == 0)
    for n, question in enumerate(["who mentored others but was never mentored themselves?",
                                  "people who mentored others but nobody ever mentored them?"]):
        resp = ask_table(tmp_path / str(n), MENTORING, question)
        assert resp.status == "answered", resp.answer
        assert "self-loop" not in resp.answer, resp.answer
        assert resp.answer.startswith(f"**{len(sources)}** of"), resp.answer
        assert all(f"**{s}**" in resp.answer for s in sources), resp.answer


def test_separate_families_ignoring_who_mentored_whom_are_the_weak_pieces(tmp_path):
    pieces = nx.number_weakly_connected_components(_mentoring())
    resp = ask_table(tmp_path, MENTORING, "ignoring who mentored whom and just looking at "
                     "who's linked to whom, how many separate mentoring families are there?")
    assert resp.status == "answered", resp.answer
    assert f"**{pieces} weakly connected component(s)**" in resp.answer, resp.answer


def test_the_most_shortest_chains_between_others_is_betweenness_in_hops(tmp_path):
    g = nx.Graph([(a, b) for a, b, _ in _GAMES])
    hops = nx.betweenness_centrality(g)
    top = max(hops, key=hops.get)
    assert sorted(hops.values())[-1] > sorted(hops.values())[-2]  # no tie at the top
    resp = ask_table(tmp_path / "a", GAMES, "who sits on the most shortest chains between "
                     "other players?")
    assert resp.status == "answered", resp.answer
    assert "(unweighted)" in resp.answer and f"are {top} (" in resp.answer, resp.answer
    g.remove_node(top)
    after = nx.betweenness_centrality(g)
    nxt = max(after, key=after.get)
    resp = ask_table(tmp_path / "b", GAMES, f"with {top} out of the picture, who becomes the "
                     "main go-between, i.e. sits on the most shortest chains between others?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Without {top}"), resp.answer
    assert f"are {nxt} (" in resp.answer, resp.answer


def test_a_typo_and_a_direction_aside_keep_the_in_neighbours_asked(tmp_path):
    ships = pd.DataFrame([("DairyCo", "DC2", 40), ("FarmCo", "DC2", 30), ("DC1", "DC2", 12),
                          ("DC2", "Ashby", 18)], columns=["from_site", "to_site", "pallets"])
    resp = ask_table(tmp_path, ships, "who feeds DC2 direclty (inbound lanes)?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**3** node(s) have an edge into DC2"), resp.answer
    assert "Ashby" not in resp.answer, resp.answer


# members following each other (follower -> followed), and the streets they live on
_FOLLOWS = [("ana", "ben", 3), ("ben", "cleo", 2), ("cleo", "ana", 1), ("ben", "dev", 4),
            ("eve", "ana", 2), ("fay", "eve", 1), ("dev", "gus", 2)]
FOLLOWS = pd.DataFrame(_FOLLOWS, columns=["follower", "followed", "likes"])
STREETS = pd.DataFrame([("ana", "Elm"), ("ben", "Elm"), ("cleo", "Mill"), ("dev", "Mill"),
                        ("eve", "Elm"), ("fay", "Mill"), ("gus", "Mill")],
                       columns=["member", "street"])


def test_whom_a_node_can_actually_get_to_along_the_arrows_is_its_reach(tmp_path):
    g = nx.DiGraph([(a, b) for a, b, _ in _FOLLOWS])
    reached = nx.descendants(g, "ana")
    resp = ask_table(tmp_path, FOLLOWS, "going along the follow arrows from ana (people she "
                     "follows, people they follow, etc), who can ana actually get to?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(reached)}**"), resp.answer
    assert all(f"**{n}**" in resp.answer for n in reached), resp.answer


def test_a_node_moving_away_next_month_is_a_removal(tmp_path):
    g = nx.DiGraph([(a, b) for a, b, _ in _FOLLOWS])
    before = nx.descendants(g, "eve")
    g.remove_node("ben")
    left = nx.descendants(g, "eve")
    resp = ask_table(tmp_path, FOLLOWS, "ben's moving away next month. once he's gone, how many "
                     "other members could eve still reach?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Without ben, eve still reaches **{len(left)}** node(s)"), \
        resp.answer
    assert f"({len(before)} before, {len(left)} after)" in resp.answer, resp.answer


def test_edges_within_one_group_said_as_same_street_or_within_one_street(tmp_path):
    street = dict(STREETS.itertuples(index=False))
    inside = sum(1 for a, b, _ in _FOLLOWS if street[a] == street[b])
    for n, question in enumerate(["how many follows stay within one street?",
                                  "how many follows are same-street?"]):
        resp = ask_table(tmp_path / str(n), FOLLOWS, question, STREETS)
        assert resp.status == "answered", resp.answer
        assert resp.answer.startswith(f"**{inside}** edges lie within one street"), resp.answer
