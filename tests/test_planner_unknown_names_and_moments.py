"""Answers that looked right and were not: a flow "from Finance to HR" answered with HR's
total where no group is Finance, "on mondays" or "last month" answered with all-time totals
where nothing is dated, "urgent emails" answered with every email, a yes/no with "yes or no"
spelled out read as a choice, a "how many … are there where …" answered with the graph's
size, the share of closed triples answered with a triangle count, "how many lanes must shut
before A loses every route to B" answered with a route, "how many patients went from A to
B" answered with a count of edges where a ``transfers`` column counts them, and a "which
alliance …" answered with a mixing summary that names none. Each is answered with the
figure networkx gives, or asked about. The tables use column names the planner has no word
for."""

from __future__ import annotations

import networkx as nx
import pandas as pd
from planner_support import ask_table

# sailings between harbours, one way (``from_harbour`` → ``to_harbour``), ``crates`` a count,
# and their coasts: the tables of the same-ends tests
from test_planner_same_ends_and_foreign_counts import _DOCKS, COASTS, DOCKS

# footpaths between huts, a length in ``paces``: a ring with a tail and a triangle
_PATHS = [("Ash", "Birch", 4), ("Birch", "Cedar", 3), ("Cedar", "Dogwood", 5),
          ("Dogwood", "Ash", 6), ("Dogwood", "Elm", 2), ("Elm", "Fir", 7), ("Fir", "Dogwood", 1)]
PATHS = pd.DataFrame(_PATHS, columns=["hut_a", "hut_b", "paces"])
# patients moved between wards, one way, ``transfers`` a count; ``wing`` a group
_MOVES = [("W1", "W3", 4), ("W2", "W3", 1), ("W3", "W1", 2), ("W2", "W4", 5), ("W4", "W2", 3)]
MOVES = pd.DataFrame(_MOVES, columns=["from_ward", "to_ward", "transfers"])
WINGS = pd.DataFrame([("W1", "East"), ("W2", "East"), ("W3", "West"), ("W4", "West")],
                     columns=["ward", "wing"])
# shipping lines calling at ports: two kinds of nodes, ``weekly_calls`` a count; ``alliance``
# only on the lines
_CALLS = [("Lyra", "Oslo", 3), ("Lyra", "Riga", 2), ("Vega", "Oslo", 5), ("Vega", "Kiel", 1),
          ("Orion", "Riga", 4), ("Orion", "Kiel", 6)]
CALLS = pd.DataFrame(_CALLS, columns=["line", "port", "weekly_calls"])
LINES = pd.DataFrame([("Lyra", "Polar"), ("Vega", "Polar"), ("Orion", "Delta"), ("Oslo", None),
                      ("Riga", None), ("Kiel", None)], columns=["name", "alliance"])


def _graph(rows) -> nx.Graph:
    g = nx.Graph()
    g.add_weighted_edges_from(rows)
    return g


def test_a_flow_from_a_group_no_table_holds_is_asked_about_never_the_other_groups_total(
        tmp_path):
    for question in ("how many crates went from North to Midlands?",
                     "how many crates went between North and Midlands?"):
        resp = ask_table(tmp_path, DOCKS, question, COASTS)
        assert resp.status == "needs_clarification", (question, resp.answer)
        assert "**" not in resp.answer, (question, resp.answer)
    resp = ask_table(tmp_path, DOCKS, "how many crates went from North to Midlands?", COASTS)
    assert "Nothing in this graph is called 'Midlands'" in resp.answer, resp.answer
    resp = ask_table(tmp_path, DOCKS, "how many crates went from North to South?", COASTS)
    assert resp.status == "answered", resp.answer
    assert "**4 crates**" in resp.answer, resp.answer  # Brine → Cask, the only such sailing


def test_a_moment_nothing_records_is_asked_about_never_the_all_time_total(tmp_path):
    for question in ("how many crates did North send on mondays?",
                     "which harbour sent the most crates last month?",
                     "how many crates left Cask in 2019?"):
        resp = ask_table(tmp_path, DOCKS, question, COASTS)
        assert resp.status == "needs_clarification", (question, resp.answer)
        assert "holds dates" in resp.answer, (question, resp.answer)


def test_a_kind_of_tie_nobody_recorded_is_asked_about(tmp_path):
    for question in ("which harbour sent the most delayed shipments?",
                     "who sent the most urgent crates?"):
        resp = ask_table(tmp_path, DOCKS, question, COASTS)
        assert resp.status == "needs_clarification", (question, resp.answer)
        assert "Nothing in the data holds" in resp.answer, (question, resp.answer)


def test_a_yes_no_that_spells_out_yes_or_no_gets_a_verdict_or_a_question(tmp_path):
    resp = ask_table(tmp_path, DOCKS, "y/n - are most of the sailings between harbours on the "
                     "same coast?", COASTS)
    assert resp.status == "needs_clarification" or resp.answer.startswith(
        ("**Yes**", "**No**")), resp.answer


def test_a_count_under_a_condition_is_never_the_graph_size(tmp_path):
    for question in ("how many paths are there where one blocked path cuts a hut off?",
                     "how many huts were built after the flood?"):
        resp = ask_table(tmp_path, PATHS, question)
        assert "7 edges" not in resp.answer and "6 nodes" not in resp.answer, (question,
                                                                               resp.answer)


def test_the_share_of_closed_triples_is_the_transitivity(tmp_path):
    want = round(nx.transitivity(_graph(_PATHS)), 4)
    resp = ask_table(tmp_path, PATHS, "what fraction of all connected triples of huts are "
                     "closed into triangles? one number")
    assert resp.status == "answered", resp.answer
    assert f"{want}" in resp.answer and "transitivity" in resp.answer, resp.answer


def test_paths_that_must_close_before_a_loses_every_route_to_b_is_the_edge_connectivity(
        tmp_path):
    want = nx.edge_connectivity(_graph(_PATHS), "Ash", "Cedar")
    for question in ("how many paths would have to be shut before Ash loses every route to "
                     "Cedar?", "how many paths need closing until Ash can no longer reach "
                     "Cedar?"):
        resp = ask_table(tmp_path, PATHS, question)
        assert resp.status == "answered", (question, resp.answer)
        assert resp.answer.startswith(f"**{want}** edge(s) would have to go"), (question,
                                                                                resp.answer)


def test_a_loop_with_a_node_of_a_directed_table_is_its_strongly_connected_component(tmp_path):
    g = nx.DiGraph([(a, b) for a, b, _ in _DOCKS])
    scc = next(c for c in nx.strongly_connected_components(g) if "Cask" in c)
    for question in ("which harbours are in a loop with Cask?",
                     "which harbours can reach Cask and be reached from it?"):
        resp = ask_table(tmp_path, DOCKS, question, COASTS)
        assert resp.status == "answered", (question, resp.answer)
        assert all(f"**{h}**" in resp.answer for h in scc - {"Cask"}), (question, resp.answer)
        assert "Dunmore" not in resp.answer, (question, resp.answer)


def test_things_that_moved_between_two_groups_are_counted_by_the_moves_column(tmp_path):
    east_to_west = sum(t for a, b, t in _MOVES if a in ("W1", "W2") and b in ("W3", "W4"))
    resp = ask_table(tmp_path, MOVES, "how many patients went from East wards into West "
                     "wards?", WINGS)
    assert resp.status == "answered", resp.answer
    assert f"**{east_to_west} patients** (transfers summed)" in resp.answer, resp.answer


def test_a_groups_total_on_the_side_that_holds_the_group_sums_its_members_edges(tmp_path):
    # only lines carry an alliance: each alliance's total is its lines' calls, never the
    # mixing summary's edges between alliances
    alliance = dict(LINES.dropna().itertuples(index=False))
    totals = CALLS.assign(a=CALLS.line.map(alliance)).groupby("a").weekly_calls.sum()
    resp = ask_table(tmp_path, CALLS, "which alliance racks up the most weekly calls across "
                     "its lines? total too", LINES)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{totals.idxmax()}** has the most weekly_calls: "
                                  f"**{totals.max()}**"), resp.answer
    assert "edges go between" not in resp.answer, resp.answer


def test_connected_even_through_others_is_answered_from_a_path(tmp_path):
    resp = ask_table(tmp_path, PATHS, "are Ash and Fir connected somehow, even through other "
                     "huts?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**"), resp.answer


def test_needing_a_package_anywhere_in_its_tree_follows_the_imports(tmp_path):
    imports = pd.DataFrame([("app", "web"), ("web", "tls"), ("tls", "hashes"), ("cli", "fmt")],
                           columns=["package", "imports"])
    for question, verdict in (("does app need hashes anywhere in its dependency tree? y/n",
                               "**Yes**"),
                              ("does cli depend on hashes, directly or indirectly?", "**No**")):
        resp = ask_table(tmp_path, imports, question)
        assert resp.status == "answered", (question, resp.answer)
        assert resp.answer.startswith(verdict), (question, resp.answer)


def test_neither_sending_nor_receiving_is_no_edge_at_all_on_a_directed_table(tmp_path):
    coasts = pd.concat([COASTS, pd.DataFrame([("Gull", "North")], columns=["harbour", "coast"])])
    for question in ("which harbours never show up in any sailing, neither sending nor "
                     "receiving one?",
                     "which harbour(s) neither send anything nor get sent anything by anyone?"):
        resp = ask_table(tmp_path, DOCKS, question, coasts)
        assert resp.status == "answered", (question, resp.answer)
        assert "**1**" in resp.answer and "Gull" in resp.answer, (question, resp.answer)
        assert "Fenwick" not in resp.answer, (question, resp.answer)  # sends, receives none


def test_a_group_word_that_is_no_value_of_the_grouping_is_asked_about(tmp_path):
    resp = ask_table(tmp_path, DOCKS, "how tightly knit is the midlands coast, i.e. what share "
                     "of possible sailings inside midlands actually exist?", COASTS)
    assert resp.status == "needs_clarification", resp.answer
    assert "'midlands'" in resp.answer, resp.answer


def test_a_cost_no_column_holds_is_asked_about_however_it_is_said(tmp_path):
    for question in ("How much has shipping Cask's crates cost the company so far?",
                     "Cask-Dunmore is a key lane. What would it cost to add a second "
                     "sailing, using our cost per crate?"):
        resp = ask_table(tmp_path, DOCKS, question, COASTS)
        assert resp.status == "needs_clarification", (question, resp.answer)
        assert "Nothing in the data holds cost" in resp.answer, (question, resp.answer)


def test_a_capitalised_group_no_value_names_is_asked_about_but_not_a_scope_said_first(tmp_path):
    resp = ask_table(tmp_path, DOCKS, "How many harbours are on the Midlands coast, and how many "
                     "sailings link them to the North?", COASTS)
    assert resp.status == "needs_clarification", resp.answer
    assert "'Midlands'" in resp.answer, resp.answer
    resp = ask_table(tmp_path, DOCKS, "In the Harbour coast data, which harbour sends the most "
                     "crates?", COASTS)
    assert "'Harbour'" not in resp.answer, resp.answer
