"""The user's own words for analyses the planner has: a reach said as "end up at" or "get
word to", a cycle said as "circular" or "a build order", the largest strongly connected
component and the largest clique said as "the biggest set where every one …", nodes in no
edge said as "zero X, in or out", a removal said as "disappeared", a flow between groups
said as "between people who live on different streets", connectivity said as "hooked up to
the rest", hops said as "not the km, just how many", a buyer's purchases, distinct partners
on a directed table, and one group's pieces on its own. Each is answered with the figure
networkx gives; the tables use column names the planner has no word for."""

from __future__ import annotations

import networkx as nx
import pandas as pd
from planner_support import ask_table

# crates shipped between depots, one way (``from_depot`` → ``to_depot``); Quarry ships nothing
# and receives nothing (node table only); Ashby ↔ Brant ↔ Corby loop
_SHIP = [("Ashby", "Brant", 4), ("Brant", "Corby", 2), ("Corby", "Ashby", 5),
         ("Corby", "Dent", 7), ("Dent", "Elm", 3), ("Elm", "Dent", 1), ("Fenn", "Ashby", 6),
         ("Brant", "Ashby", 2)]
SHIP = pd.DataFrame(_SHIP, columns=["from_depot", "to_depot", "crates"])
DEPOTS = pd.DataFrame([("Ashby", "north"), ("Brant", "north"), ("Corby", "south"),
                       ("Dent", "south"), ("Elm", "south"), ("Fenn", "north"),
                       ("Quarry", "south")], columns=["depot", "zone"])
_SHIP_G = nx.DiGraph()
_SHIP_G.add_weighted_edges_from(_SHIP, weight="crates")
_SHIP_G.add_node("Quarry")
# footpaths between huts with a length; a square with a diagonal (a 3-clique twice) and a tail
_PATHS = [("Hale", "Iver", 4), ("Iver", "Jura", 3), ("Jura", "Kent", 5), ("Kent", "Hale", 2),
          ("Hale", "Jura", 6), ("Kent", "Lorn", 9), ("Lorn", "Mull", 4), ("Nevis", "Oban", 2)]
PATHS = pd.DataFrame(_PATHS, columns=["hut_x", "hut_y", "metres"])
HUTS = pd.DataFrame([("Hale", "upper"), ("Iver", "upper"), ("Jura", "lower"), ("Kent", "lower"),
                     ("Lorn", "lower"), ("Mull", "upper"), ("Nevis", "upper"), ("Oban", "lower")],
                    columns=["hut", "slope"])
_PATHS_G = nx.Graph()
_PATHS_G.add_weighted_edges_from(_PATHS, weight="metres")
# trades between clubs, one way (``selling_club`` → ``buying_club``)
_DEALS = [("Rovers", "United", 1), ("Rovers", "City", 2), ("Athletic", "United", 1),
          ("City", "United", 3), ("Rovers", "Athletic", 1), ("City", "Athletic", 2)]
DEALS = pd.DataFrame(_DEALS, columns=["selling_club", "buying_club", "players"])


def test_a_reach_said_as_ending_up_somewhere_is_answered_from_the_edges_direction(tmp_path):
    yes = ask_table(tmp_path, SHIP, "could a crate sent by Fenn end up at Elm? y/n", DEPOTS)
    assert yes.status == "answered" and yes.answer.startswith("**Yes**"), yes.answer
    no = ask_table(tmp_path, SHIP, "could a crate sent by Elm end up at Fenn? y/n", DEPOTS)
    assert no.status == "answered" and no.answer.startswith("**No**"), no.answer
    reached = nx.descendants(_SHIP_G, "Fenn")
    many = ask_table(tmp_path, SHIP, "How many depots can Fenn get a crate through to, directly "
                     "or passed along?", DEPOTS)
    assert many.status == "answered" and f"**{len(reached)}**" in many.answer, many.answer


def test_a_cycle_said_in_the_users_words_is_answered_yes_or_no(tmp_path):
    for question in ("any circular shipments in the table? y/n",
                     "can we put all depots in an order where every depot comes after everything "
                     "that ships to it? y/n"):
        resp = ask_table(tmp_path, SHIP, question, DEPOTS)
        has_cycle = not nx.is_directed_acyclic_graph(_SHIP_G)
        first = "**Yes**" if (has_cycle == ("circular" in question)) else "**No**"
        assert resp.status == "answered" and resp.answer.startswith(first), (question, resp.answer)


def test_the_biggest_set_where_every_one_reaches_every_other_is_the_largest_strong_part(tmp_path):
    big = max(nx.strongly_connected_components(_SHIP_G), key=len)
    resp = ask_table(tmp_path, SHIP, "biggest set of depots where every depot can get a crate "
                     "to every other one? list them", DEPOTS)
    assert resp.status == "answered", resp.answer
    assert all(f"**{n}**" in resp.answer for n in big), resp.answer


def test_the_biggest_set_all_directly_linked_to_each_other_is_the_largest_clique(tmp_path):
    size = max(len(c) for c in nx.find_cliques(_PATHS_G))
    resp = ask_table(tmp_path, PATHS, "whats the biggest set of huts that are all directly "
                     "linked to each other — how many huts?", HUTS)
    assert resp.status == "answered" and f"**{size} nodes**" in resp.answer, resp.answer


def test_nodes_with_no_edge_either_way_are_the_isolated_ones(tmp_path):
    alone = sorted(n for n in _SHIP_G if _SHIP_G.degree(n) == 0)
    for question in ("any depot with zero crates, in or out?",
                     "which depot never shows up in a shipment, either as sender or receiver?"):
        resp = ask_table(tmp_path, SHIP, question, DEPOTS)
        assert resp.status == "answered", (question, resp.answer)
        assert resp.answer.startswith(f"**{len(alone)}**") and "Quarry" in resp.answer, \
            (question, resp.answer)


def test_a_removal_said_as_disappearing_counts_the_pieces_left(tmp_path):
    left = _PATHS_G.copy()
    left.remove_node("Kent")
    resp = ask_table(tmp_path, PATHS, "if Kent disappeared, how many separate clusters would the "
                     "rest of the huts fall into?", HUTS)
    assert resp.status == "answered", resp.answer
    assert f"**{nx.number_connected_components(left)} connected component(s)**" in resp.answer


def test_getting_between_two_places_after_a_closure_is_a_reach_without_it(tmp_path):
    resp = ask_table(tmp_path, PATHS, "If the Kent hut is closed, can you still get between Hale "
                     "and Mull?", HUTS)
    assert resp.status == "answered" and resp.answer.startswith("**No**"), resp.answer


def test_a_count_column_between_groups_is_summed_for_people_on_different_sides(tmp_path):
    zone = dict(zip(DEPOTS.depot, DEPOTS.zone, strict=False))
    between = sum(c for u, v, c in _SHIP if zone[u] != zone[v])
    resp = ask_table(tmp_path, SHIP, "in total how many crates went between depots that sit in "
                     "different zones?", DEPOTS)
    assert resp.status == "answered" and resp.answer.startswith(f"**{between}**"), resp.answer


def test_hooked_up_to_the_rest_asks_whether_the_graph_is_connected(tmp_path):
    resp = ask_table(tmp_path, PATHS, "quick y/n — is every hut hooked up to the rest of the "
                     "network?", HUTS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if nx.is_connected(_PATHS_G) else "**No**")


def test_not_the_length_just_how_many_counts_hops(tmp_path):
    hops = nx.shortest_path_length(_PATHS_G, "Iver", "Mull")
    resp = ask_table(tmp_path, PATHS, "fewest paths to walk from Iver to Mull? not the metres, "
                     "just how many paths", HUTS)
    assert resp.status == "answered" and f"**{hops} hop(s)**" in resp.answer, resp.answer


def test_a_buyers_purchases_count_the_edges_into_it(tmp_path):
    g = nx.DiGraph([(u, v) for u, v, _ in _DEALS])
    buyers = sorted(n for n in g if g.in_degree(n) >= 2)
    resp = ask_table(tmp_path, DEALS, "how many clubs made at least 2 purchases?")
    assert resp.status == "answered" and resp.answer.startswith(f"**{len(buyers)}**"), resp.answer
    assert all(b in resp.answer for b in buyers), resp.answer


def test_distinct_partners_on_a_directed_table_count_a_two_way_pair_once(tmp_path):
    partners = {n: len(set(nx.all_neighbors(_SHIP_G, n))) for n in _SHIP_G}
    expected = sorted(n for n, k in partners.items() if k >= 3)
    resp = ask_table(tmp_path, SHIP, "how many depots deal with at least 3 different other "
                     "depots, sending or receiving?", DEPOTS)
    assert resp.status == "answered" and resp.answer.startswith(f"**{len(expected)}**"), \
        resp.answer
    assert "distinct partners" in resp.answer, resp.answer


def test_one_groups_pieces_on_its_own_are_counted(tmp_path):
    upper = _PATHS_G.subgraph([h for h, s in zip(HUTS.hut, HUTS.slope, strict=True)
                               if s == "upper"])
    resp = ask_table(tmp_path, PATHS, "just the upper slope huts and the paths among themselves: "
                     "how many separate clusters is that?", HUTS)
    assert resp.status == "answered", resp.answer
    assert f"**{nx.number_connected_components(upper)} connected component(s)**" in resp.answer


def test_nothing_depending_on_a_node_means_no_edge_ends_at_it(tmp_path):
    deps = pd.DataFrame([("app", "web"), ("web", "core"), ("cli", "core"), ("core", "log"),
                         ("tool", "log")], columns=["package", "depends_on"])
    g = nx.DiGraph(list(deps.itertuples(index=False, name=None)))
    tops = sorted(n for n in g if g.in_degree(n) == 0)
    resp = ask_table(tmp_path, deps, "how many packages have nothing depending on them?")
    assert resp.status == "answered" and resp.answer.startswith(f"**{len(tops)}**"), resp.answer
    assert all(t in resp.answer for t in tops), resp.answer


def test_a_graph_named_tree_asked_for_cycles_answers_the_cycles(tmp_path):
    resp = ask_table(tmp_path, PATHS, "Does the tree network contain any cycle at all?", HUTS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if nx.cycle_basis(_PATHS_G) else "**No**"), \
        resp.answer


def test_a_closure_then_a_yes_no_question_leads_with_yes_or_no(tmp_path):
    resp = ask_table(tmp_path, PATHS, "The path between Hale and Iver is closed for works. Can "
                     "you still get from Hale to Iver by some other route?", HUTS)
    left = _PATHS_G.copy()
    left.remove_edge("Hale", "Iver")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if nx.has_path(left, "Hale", "Iver") else "**No**")


def test_a_value_summed_from_one_group_to_the_other_counts_only_crossing_edges(tmp_path):
    slope = dict(zip(HUTS.hut, HUTS.slope, strict=True))
    across = sum(m for u, v, m in _PATHS if slope[u] != slope[v])
    resp = ask_table(tmp_path, PATHS, "total metres on the paths that go from one slope to the "
                     "other?", HUTS)
    assert resp.status == "answered" and resp.answer.startswith(f"**{across}**"), resp.answer


def test_who_reaches_a_node_said_as_tracing_back_or_getting_news_to_it(tmp_path):
    before = nx.ancestors(_SHIP_G, "Dent")
    for question in ("how many depots trace back to Dent, directly or through a chain of "
                     "shipments?", "Who could get news to Dent by a chain of shipments?"):
        resp = ask_table(tmp_path, SHIP, question, DEPOTS)
        assert resp.status == "answered", (question, resp.answer)
        assert resp.answer.startswith(f"**{len(before)}**"), (question, resp.answer)
        assert all(f"**{n}**" in resp.answer for n in before), (question, resp.answer)


def test_losing_every_link_to_the_rest_after_a_removal_lists_who_is_cut_off(tmp_path):
    paths = PATHS[PATHS.hut_x != "Nevis"]  # one piece: who a removal cuts off is then plain
    huts = HUTS[~HUTS.hut.isin(["Nevis", "Oban"])]
    left = nx.Graph(list(zip(paths.hut_x, paths.hut_y, strict=True)))
    left.remove_node("Kent")
    main = max(nx.connected_components(left), key=len)
    apart = sorted(n for n in left if n not in main)
    resp = ask_table(tmp_path, paths, "if we close Kent, which huts would lose every link to the "
                     "rest of the network?", huts)
    assert resp.status == "answered", resp.answer
    assert f"**{len(apart)}**" in resp.answer and all(n in resp.answer for n in apart)


def test_two_terse_asks_after_the_datas_name_are_both_answered(tmp_path):
    resp = ask_table(tmp_path, PATHS, "transitivity, and separately the average clustering "
                     "coefficient?", HUTS)
    assert resp.status == "answered", resp.answer
    assert f"{nx.transitivity(_PATHS_G):.4f}".rstrip("0") in resp.answer, resp.answer
    assert f"{nx.average_clustering(_PATHS_G):.4f}".rstrip("0") in resp.answer, resp.answer


def test_isolated_nodes_asked_on_a_graph_in_pieces_count_the_nodes_in_no_edge(tmp_path):
    alone = sum(1 for n in _PATHS_G if _PATHS_G.degree(n) == 0)
    resp = ask_table(tmp_path, PATHS, "the paths are split into separate pieces, so are there "
                     "isolated huts (no connection at all)? y/n", HUTS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if alone else "**No**"), resp.answer
