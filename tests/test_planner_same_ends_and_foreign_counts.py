"""Answers that looked right and were not: a route from a node to itself, a count of a
thing no table holds (a node's name in the plural, calories where grams are held) answered
with the graph's size or a column's total, a directed flow between two groups asked "both
directions together", a column summed over edges with both ends in a group, the largest
clique of a two-mode graph for "which species all share a camera", groups past a size
answered with nodes' degrees, the pieces of one group answered with its edges, and "taking
any one out leaves some other cut off" read as the nodes with one tie. Each is answered with
the figure networkx gives, or asked about. The tables use column names the planner has no
word for."""

from __future__ import annotations

import networkx as nx
import pandas as pd
from planner_support import ask_table

# sailings between harbours, one way (``from_harbour`` → ``to_harbour``), ``crates`` a count
_DOCKS = [("Aldport", "Brine", 7), ("Brine", "Cask", 4), ("Cask", "Aldport", 5),
          ("Cask", "Dunmore", 9), ("Dunmore", "Eddy", 2), ("Eddy", "Dunmore", 6),
          ("Fenwick", "Aldport", 3)]
DOCKS = pd.DataFrame(_DOCKS, columns=["from_harbour", "to_harbour", "crates"])
COASTS = pd.DataFrame([("Aldport", "North"), ("Brine", "North"), ("Cask", "South"),
                       ("Dunmore", "South"), ("Eddy", "South"), ("Fenwick", "North")],
                      columns=["harbour", "coast"])
# birds seen at hides: two kinds of nodes, ``tally`` a count; kite is in the node table only
_HIDES = [("wren", "H1", 4), ("wren", "H2", 2), ("robin", "H1", 6), ("robin", "H2", 1),
          ("robin", "H3", 3), ("tit", "H2", 5), ("tit", "H3", 2), ("crow", "H3", 8)]
HIDES = pd.DataFrame(_HIDES, columns=["bird", "hide", "tally"])
BIRDS = pd.DataFrame([("wren", "small", None), ("robin", "small", None), ("tit", "small", None),
                      ("crow", "large", None), ("kite", "large", None), ("H1", None, "reed"),
                      ("H2", None, "reed"), ("H3", None, "wood")],
                     columns=["name", "size", "cover"])
# a chain of sheds with a fork; ``span_m`` a length, ``yard`` a group
_SHEDS = [("s1", "s2", 5), ("s2", "s3", 4), ("s3", "s4", 6), ("s3", "s5", 2), ("s5", "s6", 3),
          ("s6", "s7", 7)]
SHEDS = pd.DataFrame(_SHEDS, columns=["shed_x", "shed_y", "span_m"])
YARDS = pd.DataFrame([("s1", "east"), ("s2", "east"), ("s3", "west"), ("s4", "west"),
                      ("s5", "east"), ("s6", "west"), ("s7", "west")], columns=["shed", "yard"])


def test_a_route_from_a_node_to_itself_is_asked_about_never_answered_as_zero(tmp_path):
    resp = ask_table(tmp_path, DOCKS, "what's the shortest route from Cask back to Cask, "
                     "counting sailings?", COASTS)
    assert resp.status == "needs_clarification", resp.answer
    assert "0 hop" not in resp.answer, resp.answer
    # the nodes in a closed loop with Cask: its strongly connected component, never a route
    resp = ask_table(tmp_path, DOCKS, "which harbours are in a closed loop with Cask — each can "
                     "reach Cask by sailings and Cask can reach them back?", COASTS)
    assert "0 hop" not in resp.answer, resp.answer
    assert resp.status == "answered" and "**Aldport**" in resp.answer and "**Brine**" in \
        resp.answer and "Dunmore" not in resp.answer, resp.answer


def test_a_count_of_a_thing_no_table_holds_is_asked_about(tmp_path):
    for question in ("How many wrens live near the hides?",
                     "how many calories do the birds eat at H1?"):
        resp = ask_table(tmp_path, HIDES, question, BIRDS)
        assert resp.status == "needs_clarification", (question, resp.answer)
        assert "8 edges" not in resp.answer and "**" not in resp.answer, (question, resp.answer)


def test_how_many_of_a_count_column_adds_the_column_up(tmp_path):
    total = sum(t for _, _, t in _HIDES)
    resp = ask_table(tmp_path, HIDES, "how many tally are there", BIRDS)
    assert resp.status == "answered", resp.answer
    assert f"**{total}**" in resp.answer, resp.answer


def test_a_flow_between_two_groups_both_directions_together_is_summed(tmp_path):
    g = nx.DiGraph()
    g.add_weighted_edges_from(_DOCKS, weight="crates")
    coast = dict(zip(COASTS.harbour, COASTS.coast, strict=True))
    both = sum(w for u, v, w in g.edges(data="crates") if {coast[u], coast[v]} == {"North", "South"})
    resp = ask_table(tmp_path, DOCKS, "how many crates went between North and South, both "
                     "directions together?", COASTS)
    assert resp.status == "answered", resp.answer
    assert "both directions together" in resp.answer and f"**{both}" in resp.answer, resp.answer


def test_a_column_summed_where_both_ends_are_in_a_group_counts_only_those_edges(tmp_path):
    yard = dict(zip(YARDS.shed, YARDS.yard, strict=True))
    inside = sum(m for u, v, m in _SHEDS if yard[u] == yard[v] == "west")
    resp = ask_table(tmp_path, SHEDS, "add up span_m over every run where both sheds are west "
                     "yard - total?", YARDS)
    assert resp.status == "answered", resp.answer
    assert f"**{inside}**" in resp.answer, resp.answer


def test_the_largest_clique_of_one_side_of_a_two_mode_graph_is_asked_about(tmp_path):
    resp = ask_table(tmp_path, HIDES, "what's the biggest set of birds where every two of them "
                     "were seen at a common hide?", BIRDS)
    assert resp.status == "needs_clarification", resp.answer
    assert "projection" in resp.answer, resp.answer


def test_groups_past_a_size_are_never_answered_with_nodes_degrees(tmp_path):
    resp = ask_table(tmp_path, SHEDS, "which yards have more than 3 sheds?", YARDS)
    assert "degree more than" not in resp.answer, resp.answer


def test_the_pieces_of_one_group_are_never_answered_with_its_edges(tmp_path):
    resp = ask_table(tmp_path, SHEDS, "just the west yard and the runs among themselves: how "
                     "many separate clusters is that?", YARDS)
    assert "edges lie within" not in resp.answer, resp.answer


def test_taking_any_one_out_leaves_another_cut_off_asks_for_the_cut_nodes(tmp_path):
    g = nx.Graph([(u, v) for u, v, _ in _SHEDS])
    cut = sorted(nx.articulation_points(g))
    resp = ask_table(tmp_path, SHEDS, "which sheds hold the yard together, in the sense that "
                     "taking any one of them out leaves some other shed cut off?", YARDS)
    assert resp.status == "answered", resp.answer
    assert f"**{len(cut)}**" in resp.answer and all(c in resp.answer for c in cut), resp.answer


def test_a_quality_of_people_no_column_holds_is_asked_about(tmp_path):
    for question in ("how's morale looking across the yards?",
                     "what fraction of s3's neighbours are women (vs men)?"):
        resp = ask_table(tmp_path, SHEDS, question, YARDS)
        assert resp.status == "needs_clarification", (question, resp.answer)
        assert "Nothing in the data holds" in resp.answer, (question, resp.answer)


def test_partners_in_their_own_group_are_never_counted_as_all_ties(tmp_path):
    resp = ask_table(tmp_path, SHEDS, "how many sheds have zero runs to any shed in their own "
                     "yard?", YARDS)
    assert "degree exactly 0" not in resp.answer, resp.answer
