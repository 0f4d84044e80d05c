"""Lengths, bounds and a group's member, asked as people type them, each checked against
networkx or pandas on tables of other words: the nearest node "by road", "the shortest road
trip from", "which stop next to s4 is the shortest ride away" on a plain ``weight`` (read as
the length, and said so); "how many lanes are 2 long or shorter"; "the min total weight of
lane needed to keep every stop connected" (the spanning tree); a bound, a rate or a
superlative is never answered with the graph's size ("how many bikes a day use the busiest
lane"); "if the lane between s0 and s1 is cut, does the number of separate groups change"
(Yes or No first); "which team has the most people, and who in that team has the most
links" (the group, then its member); "how many messages has m1 sent to m2"."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

LANES = pd.DataFrame([("s0", "s1", 4), ("s1", "s2", 2), ("s2", "s3", 7), ("s3", "s4", 1),
                      ("s4", "s5", 3), ("s5", "s0", 9), ("s2", "s5", 2), ("s6", "s7", 5),
                      ("s4", "s6", 8)], columns=["stop_a", "stop_b", "weight"])
DESKS = pd.DataFrame([("d0", "d1"), ("d0", "d2"), ("d0", "d3"), ("d1", "d2"), ("d4", "d5"),
                      ("d4", "d6"), ("d5", "d6"), ("d6", "d7"), ("d3", "d4"), ("d7", "d8"),
                      ("d8", "d4")], columns=["desk", "colleague"])
TEAMS = pd.DataFrame({"desk": [f"d{i}" for i in range(9)],
                      "team": ["ops", "ops", "ops", "ops", "lab", "lab", "lab", "lab", "lab"]})
NOTES = pd.DataFrame([("m1", "m2", 3), ("m2", "m1", 5), ("m1", "m3", 1), ("m3", "m2", 2)],
                     columns=["sender", "receiver", "count"])


def _g() -> nx.Graph:
    return nx.from_pandas_edgelist(LANES, "stop_a", "stop_b", edge_attr="weight")


def _nearest(node: str) -> tuple[str, int]:
    d = nx.single_source_dijkstra_path_length(_g(), node, weight="weight")
    d.pop(node)
    best = min(d.values())
    (who,) = [n for n, x in d.items() if x == best]
    return who, best


@pytest.mark.parametrize("question, node", [
    ("which stop is closest to s4 by road?", "s4"),
    ("Which stop is the shortest road trip from s0? The weight is the lane length.", "s0"),
    ("Which stop next to s4 is the shortest ride away?", "s4"),
])
def test_the_nearest_node_by_road_reads_a_plain_weight_as_the_length(tmp_path, question, node):
    who, best = _nearest(node)
    resp = ask_table(tmp_path, LANES, question)
    assert resp.status == "answered", resp.answer
    assert f"**{who}** at **{best} weight**" in resp.answer, resp.answer
    assert "Taking `weight` as the" in resp.answer, resp.answer


def test_a_bound_said_as_n_long_or_shorter_counts_those_edges(tmp_path):
    want = int((LANES.weight <= 2).sum())
    resp = ask_table(tmp_path, LANES, "how many lanes are 2 long or shorter?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want}** of {len(LANES)} edges have weight at most 2"), \
        resp.answer


@pytest.mark.parametrize("question", [
    "min total weight of lane needed to keep every stop connected?",
    "If we only kept the lanes needed so every stop is still reachable, what's the least total "
    "weight we'd have to maintain?"])
def test_the_min_total_needed_to_keep_everything_connected_is_the_spanning_tree(tmp_path,
                                                                                question):
    want = nx.minimum_spanning_tree(_g(), weight="weight").size(weight="weight")
    resp = ask_table(tmp_path, LANES, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want:g} weight**"), resp.answer


@pytest.mark.parametrize("question", ["How many bikes a day use the busiest lane?",
                                      "how many lanes are 3 or longer than that?"])
def test_a_rate_or_a_superlative_is_never_the_graphs_size(tmp_path, question):
    resp = ask_table(tmp_path, LANES, question)
    assert "The loaded graph" not in resp.answer, resp.answer


def test_whether_the_number_of_pieces_changes_says_yes_or_no_first(tmp_path):
    g = _g()
    h = g.copy()
    h.remove_edge("s0", "s1")
    same = nx.number_connected_components(h) == nx.number_connected_components(g)
    resp = ask_table(tmp_path, LANES, "If the lane between s0 and s1 is cut, does the number "
                                      "of separate groups change?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**" if same else "**Yes**"), resp.answer


@pytest.mark.parametrize("question, pick", [
    ("Which team has the most people, and who in that team has the most links?", max),
    ("which team is the smallest, and who in that team has the most links?", min),
])
def test_a_group_asked_first_then_its_best_connected_member(tmp_path, question, pick):
    sizes = TEAMS.team.value_counts()
    team = pick(sizes.index, key=lambda t: sizes[t])
    g = nx.from_pandas_edgelist(DESKS, "desk", "colleague")
    members = set(TEAMS.loc[TEAMS.team == team, "desk"])
    best = max(g.degree(n) for n in members)
    (top,) = [n for n in members if g.degree(n) == best]
    resp = ask_table(tmp_path, DESKS, question, TEAMS)
    assert resp.status == "answered", resp.answer
    assert f"team = {team}" in resp.answer.split("\n")[0], resp.answer
    assert f"{top} ({best})" in resp.answer.split("\n")[0], resp.answer
    assert f"The team taken: **{team}**" in resp.answer, resp.answer


def test_how_many_a_sender_has_sent_to_a_receiver_is_that_edges_count(tmp_path):
    resp = ask_table(tmp_path, NOTES, "how many messages has m1 sent to m2?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**3** count on the edge m1 → m2"), resp.answer


@pytest.mark.parametrize("question", ["After d0, which desk ranks next by closeness?",
                                      "which desk comes right after d4 by betweenness?"])
def test_who_ranks_right_after_a_named_node_is_asked_never_its_own_score(tmp_path, question):
    resp = ask_table(tmp_path, DESKS, question)
    assert resp.status == "needs_clarification", resp.answer
    assert "ranked 1st" not in resp.answer, resp.answer


def test_how_long_it_takes_on_a_plain_weight_is_asked_never_hops(tmp_path):
    resp = ask_table(tmp_path, LANES, "How long does it take to ride from s0 to s3?")
    assert resp.status == "needs_clarification", resp.answer
    assert "hop(s)" not in resp.answer and "`weight`" in resp.answer, resp.answer


def test_a_numbered_members_strongest_tie_is_across_its_heaviest_edge(tmp_path):
    ties = pd.DataFrame([("0", "1", 2), ("0", "2", 7), ("0", "3", 1), ("1", "2", 4)],
                        columns=["member", "friend", "weight"])
    resp = ask_table(tmp_path, ties, "Who is member 0's strongest tie, going by the weight?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**2**: the strongest edge of 0, weight **7**"), resp.answer


MAIL = pd.DataFrame([("m1", "m2", 3), ("m2", "m1", 5), ("m1", "m3", 1), ("m3", "m2", 2),
                     ("m4", "m2", 6), ("m4", "m3", 9)], columns=["sender", "receiver", "count"])
DESK = pd.DataFrame({"person": ["m1", "m2", "m3", "m4"], "department": ["HR", "Ops", "HR", "Ops"]})


@pytest.mark.parametrize("question", ["and which department is on the receiving end of the most "
                                      "messages?",
                                      "so which department receives the most messages?"])
def test_a_follow_up_asking_which_group_receives_the_most_ranks_the_groups(tmp_path, question):
    dept = dict(zip(DESK.person, DESK.department, strict=True))
    totals = MAIL.groupby(MAIL.receiver.map(dept))["count"].sum()
    resp = ask_table(tmp_path, MAIL, question, DESK)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{totals.idxmax()}** receives the most"), resp.answer


def test_the_busiest_inbox_sums_what_each_node_receives(tmp_path):
    totals = MAIL.groupby("receiver")["count"].sum()
    resp = ask_table(tmp_path, MAIL, "who's got the busiest inbox, by number of messages received?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{totals.idxmax()}** has the highest count total over its "
                                  "incoming edges"), resp.answer


def test_one_roads_length_between_two_named_nodes_is_that_edges_value(tmp_path):
    roads = pd.DataFrame([("t0", "t1", 12), ("t1", "t2", 7), ("t0", "t2", 30)],
                         columns=["town_a", "town_b", "km"])
    for question in ("how many km is the road between t0 and t2?",
                     "How long is the road between t0 and t2?"):
        resp = ask_table(tmp_path / question[:8].replace(" ", "_"), roads, question)
        assert resp.status == "answered", resp.answer
        assert resp.answer.startswith("**30** km on the edge t0 – t2"), resp.answer


def test_the_nodes_within_a_road_distance_of_a_named_node(tmp_path):
    d = nx.single_source_dijkstra_path_length(_g(), "s4", cutoff=4, weight="weight")
    want = {n for n in d if n != "s4"}
    resp = ask_table(tmp_path, LANES, "which stops are within a road distance of 4 from s4?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(want)}** node(s) other than s4 lie within"), \
        resp.answer


@pytest.mark.parametrize("question", [
    "In the lab team, not counting d4, who's the best-connected desk?",
    "who has the most links in the lab team, apart from d4?"])
def test_a_groups_best_connected_leaving_a_named_node_out(tmp_path, question):
    g = nx.from_pandas_edgelist(DESKS, "desk", "colleague")
    lab = [n for n in TEAMS.loc[TEAMS.team == "lab", "desk"] if n != "d4"]
    best = max(g.degree(n) for n in lab)
    (top,) = [n for n in lab if g.degree(n) == best]
    resp = ask_table(tmp_path, DESKS, question, TEAMS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Leaving out d4, the top is **{top}** with **{best}**"), \
        resp.answer


def test_how_many_of_a_nodes_ties_pass_a_value_counts_its_own_edges(tmp_path):
    want = int(((LANES.stop_a == "s4") | (LANES.stop_b == "s4")).sum())
    heavy = int((((LANES.stop_a == "s4") | (LANES.stop_b == "s4")) & (LANES.weight >= 3)).sum())
    resp = ask_table(tmp_path, LANES, "How many of s4's lanes have a weight of 3 or more?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{heavy}** of s4's {want} edges have weight at least 3"), \
        resp.answer


def test_a_shorthand_total_between_two_groups_sums_the_count(tmp_path):
    dept = dict(zip(DESK.person, DESK.department, strict=True))
    sent = MAIL[(MAIL.sender.map(dept) == "Ops") & (MAIL.receiver.map(dept) == "HR")]["count"].sum()
    resp = ask_table(tmp_path, MAIL, "msgs Ops -> HR, total?", DESK)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"From Ops to HR (department): **{sent} messages**"), resp.answer


def test_most_central_by_a_named_measure_among_a_threshold_uses_that_measure(tmp_path):
    g = nx.from_pandas_edgelist(DESKS, "desk", "colleague")
    two = [n for n in g if g.degree(n) == 2]
    scores = nx.closeness_centrality(g)
    best = max(two, key=scores.get)
    assert sum(scores[n] == scores[best] for n in two) == 1
    resp = ask_table(tmp_path, DESKS, "desks w/ exactly 2 links - which of them is most central "
                                      "by closeness?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{best}** has the highest closeness"), resp.answer


@pytest.mark.parametrize("question", ["rank d4's colleagues by betweenness",
                                      "d4's nbrs ranked by betweenness - who's on top"])
def test_a_nodes_neighbours_ranked_by_a_measure_name_the_best_of_them(tmp_path, question):
    g = nx.from_pandas_edgelist(DESKS, "desk", "colleague")
    scores = nx.betweenness_centrality(g)
    best = max(g["d4"], key=scores.get)
    resp = ask_table(tmp_path, DESKS, question)
    assert resp.status == "answered", resp.answer
    assert f"the highest betweenness is **{best}**" in resp.answer, resp.answer


def test_the_member_step_counts_what_the_group_step_counted(tmp_path):
    dept = dict(zip(DESK.person, DESK.department, strict=True))
    by_group = MAIL.groupby(MAIL.receiver.map(dept))["count"].sum()
    group = by_group.idxmax()
    inside = MAIL[MAIL.receiver.map(dept) == group].groupby("receiver")["count"].sum()
    assert (inside == inside.max()).sum() == 1
    resp = ask_table(tmp_path, MAIL, "which department receives the most messages, and which "
                                     "person in that department receives the most?", DESK)
    assert resp.status == "answered", resp.answer
    first = resp.answer.split("\n")[0]
    assert f"**{inside.idxmax()}** has the highest count total over its incoming edges" in \
        first, resp.answer
