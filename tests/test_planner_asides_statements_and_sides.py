"""Questions as users type them around the ask: an aside in brackets, a statement before the
question, "i.e." with a condition, a second ask after a comma, a unit refused in brackets,
a shorthand for a column ("pts" on ``patients``), a relation that stops ("X and Y stop being
bought together"). Each is answered by the analysis it asks for, with the figure networkx
gives, or asked about; never answered with another analysis. The tables use column names
the planner has no word for."""

from __future__ import annotations

import networkx as nx
import pandas as pd
from planner_support import ask_as_csv_files, ask_table

# ferry routes between harbours: a chain with a side branch, one harbour with no route
_ROUTES = [("Aberdour", "Brora", 4), ("Brora", "Cromarty", 6), ("Cromarty", "Dornoch", 3),
           ("Dornoch", "Embo", 9), ("Cromarty", "Fearn", 2), ("Fearn", "Golspie", 7),
           ("Golspie", "Dornoch", 5), ("Embo", "Helmsdale", 8)]
FERRY = pd.DataFrame(_ROUTES, columns=["harbour_a", "harbour_b", "sail_hours"])
COASTS = pd.DataFrame([("Aberdour", "south"), ("Brora", "south"), ("Cromarty", "south"),
                       ("Dornoch", "north"), ("Embo", "north"), ("Fearn", "south"),
                       ("Golspie", "north"), ("Helmsdale", "north"), ("Lybster", "north")],
                      columns=["harbour", "coast"])
_FERRY = nx.Graph()
_FERRY.add_weighted_edges_from(_ROUTES, weight="sail_hours")
# who vouches for whom, with a unit per person
_VOUCH = [("ria", "sol"), ("sol", "tam"), ("tam", "ria"), ("uma", "sol"), ("vic", "sol"),
          ("wen", "tam"), ("ria", "uma"), ("vic", "wen")]
VOUCH = pd.DataFrame(_VOUCH, columns=["voucher", "vouchee"])
UNITS = pd.DataFrame([("ria", "Labs", 4), ("sol", "Ops", 9), ("tam", "Ops", 2),
                      ("uma", "Labs", 7), ("vic", "Field", 12), ("wen", "Field", 1)],
                     columns=["person", "unit", "tenure"])
# co-bought groceries: a chain whose one edge splits it, a lone item in the node table
_BASKET = [("kale", "leek", 5), ("leek", "mint", 2), ("mint", "kale", 3), ("mint", "nori", 6),
           ("nori", "okra", 1), ("okra", "pear", 4), ("pear", "nori", 2)]
BASKET = pd.DataFrame(_BASKET, columns=["item_x", "item_y", "co_bought"])
_BASKET_G = nx.Graph([(a, b) for a, b, _ in _BASKET])


def test_single_points_of_failure_that_cut_others_off_from_each_other_are_the_cut_vertices(tmp_path):
    resp = ask_as_csv_files(tmp_path, FERRY, COASTS, "any single points of failure in the ferry "
                            "network? a harbour that, if it closed, would cut others off from "
                            "each other")
    cuts = sorted(nx.articulation_points(_FERRY))
    assert resp.status == "answered", resp.answer
    assert "linked both ways" not in resp.answer, resp.answer
    assert all(c in resp.answer for c in cuts), resp.answer


def test_a_stranded_node_is_named_when_asked_if_not_which(tmp_path):
    resp = ask_as_csv_files(tmp_path, FERRY, COASTS, "can every harbour in the ferry table reach "
                            "every other harbour? if not, which are stranded?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**"), resp.answer
    assert "**Lybster**" in resp.answer, resp.answer


def test_a_unit_refused_in_brackets_gives_the_center_in_hops(tmp_path):
    resp = ask_table(tmp_path, FERRY, "Counting legs (not hours), which harbour is the centre - the "
                     "one whose farthest harbour is the fewest legs away?")
    center = nx.center(_FERRY)
    assert resp.status == "answered", resp.answer
    assert "hops" in resp.answer and "sail_hours" not in resp.answer.split("\n")[0], resp.answer
    assert all(c in resp.answer for c in center), resp.answer


def test_fewest_hours_that_keep_every_harbour_reachable_is_the_spanning_tree_total(tmp_path):
    total = sum(d["sail_hours"] for *_, d in nx.minimum_spanning_edges(_FERRY, weight="sail_hours"))
    for question in ("We want the fewest sailing hours that still keep every harbour reachable. "
                     "What is that minimum total of hours?",
                     "with as few hours of sailing as possible while keeping everything connected, "
                     "how many hours would the schedule take?"):
        resp = ask_table(tmp_path, FERRY, question)
        assert resp.status == "answered", resp.answer
        assert resp.answer.startswith(f"**{total} sail_hours**"), resp.answer


def test_longest_single_leg_with_its_two_ends_asked_after_it_is_the_edge(tmp_path):
    resp = ask_table(tmp_path, FERRY, "longest single leg in hours?? which two harbours")
    assert resp.status == "answered", resp.answer
    assert "**9**" in resp.answer and "Dornoch" in resp.answer and "Embo" in resp.answer, resp.answer


def test_a_node_stated_new_before_the_question_is_what_its_pronoun_means(tmp_path):
    resp = ask_as_csv_files(tmp_path, FERRY, COASTS, "Lybster only opened recently. Is it "
                            "connected to the rest of the network yet?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**") and "Lybster" in resp.answer, resp.answer


def test_which_of_a_subset_the_data_never_marks_is_asked(tmp_path):
    resp = ask_table(tmp_path, FERRY, "Which of the depots is closest to Cromarty by sea?")
    assert resp.status == "needs_clarification", resp.answer
    assert "depots" in resp.answer, resp.answer


def test_an_amount_paid_that_no_column_holds_is_asked(tmp_path):
    resp = ask_table(tmp_path, BASKET, "okra is in a lot of baskets. What does a shopper pay "
                     "in fees per month for it?")
    assert resp.status == "needs_clarification", resp.answer
    assert "fees" in resp.answer, resp.answer


def test_the_group_that_receives_the_most_unweighted_edges_counts_them(tmp_path):
    unit = dict(zip(UNITS.person, UNITS.unit, strict=True))
    got: dict[str, int] = {}
    for _, b in _VOUCH:
        got[unit[b]] = got.get(unit[b], 0) + 1
    top = max(got, key=got.get)
    resp = ask_as_csv_files(tmp_path, VOUCH, UNITS, "Which unit receives the most vouches in total, "
                            "whoever they're from?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{top}**") and f"**{got[top]}**" in resp.answer, resp.answer


def test_a_numeric_attribute_added_up_per_group_names_the_largest_total(tmp_path):
    totals = UNITS.groupby("unit").tenure.sum()
    resp = ask_as_csv_files(tmp_path, VOUCH, UNITS, "add up the tenure per unit - which unit has "
                            "the most combined experience?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{totals.idxmax()}**"), resp.answer
    assert f"**{totals.max()}**" in resp.answer, resp.answer


def test_two_asks_of_one_node_each_way_give_both_degrees(tmp_path):
    g = nx.DiGraph(_VOUCH)
    resp = ask_table(tmp_path, VOUCH, "how many people does sol vouch for, and how many vouch for it?")
    assert resp.status == "answered", resp.answer
    assert f"out-degree **{g.out_degree('sol')}**" in resp.answer, resp.answer
    assert f"in-degree **{g.in_degree('sol')}**" in resp.answer, resp.answer


def test_two_named_nodes_totals_of_a_column_set_against_each_other(tmp_path):
    g = nx.Graph()
    g.add_weighted_edges_from(_BASKET, weight="co_bought")
    a, b = (g.degree("nori", weight="co_bought"), g.degree("mint", weight="co_bought"))
    assert a != b
    win = "nori" if a > b else "mint"
    resp = ask_table(tmp_path, BASKET, "nori vs mint, which is co_bought more in total?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{win}**") and str(max(a, b)) in resp.answer, resp.answer


def test_fewest_steps_through_a_relation_the_column_names_counts_hops(tmp_path):
    hops = nx.shortest_path_length(_BASKET_G, "kale", "okra")
    resp = ask_table(tmp_path, BASKET, "fewest steps from kale to okra thru items co bought?")
    assert resp.status == "answered", resp.answer
    assert f"**{hops} hop(s)**" in resp.answer, resp.answer


def test_a_pair_that_stops_being_linked_is_an_edge_removal(tmp_path):
    g = _BASKET_G.copy()
    g.remove_edge("mint", "nori")
    resp = ask_table(tmp_path, BASKET, "Say mint and nori stop being bought together. How many "
                     "disconnected groups of items would there be then?")
    assert resp.status == "answered", resp.answer
    assert f"**{nx.number_connected_components(g)} connected component(s)**" in resp.answer, \
        resp.answer


def test_a_removal_planned_in_a_statement_leaves_its_only_partners_alone(tmp_path):
    edges = pd.DataFrame([("kale", "leek"), ("kale", "mint"), ("mint", "leek"), ("kale", "yam")],
                         columns=["item_x", "item_y"])
    resp = ask_table(tmp_path, edges, "We're thinking of delisting kale. Which items would then be "
                     "left with no co-purchase partner at all?")
    assert resp.status == "answered", resp.answer
    assert "**yam**" in resp.answer and "leek**" not in resp.answer, resp.answer


def test_an_abbreviated_column_word_is_read_as_the_column(tmp_path):
    wards = pd.DataFrame([("Acute", "Rehab", 7), ("Acute", "Ortho", 5), ("Ortho", "Rehab", 2)],
                         columns=["from_ward", "to_ward", "patients"])
    resp = ask_table(tmp_path, wards, "how many pts did Acute send in total?")
    assert resp.status == "answered", resp.answer
    assert "**12**" in resp.answer, resp.answer


def test_two_independent_asks_are_both_answered(tmp_path):
    resp = ask_as_csv_files(tmp_path, FERRY, COASTS, "How many distinct coasts do the harbours "
                            "span, and how many harbours are on the north coast?")
    north = int((COASTS.coast == "north").sum())
    assert resp.status == "answered", resp.answer
    assert "**2** coasts" in resp.answer and f"**{north} nodes**" in resp.answer, resp.answer


def test_an_ask_after_an_unread_one_is_never_answered_as_the_whole(tmp_path):
    resp = ask_as_csv_files(tmp_path, FERRY, COASTS, "How happy are the harbour masters, and how "
                            "many harbours are on the north coast?")
    assert resp.status == "needs_clarification", resp.answer
    assert resp.answer.startswith("I can answer only the second part"), resp.answer


def test_the_cheapest_trip_where_the_edges_carry_hours_is_asked(tmp_path):
    resp = ask_table(tmp_path, FERRY, "What's the cheapest ticket from Aberdour to Embo?")
    assert resp.status == "needs_clarification", resp.answer
    assert "sail_hours" in resp.answer, resp.answer


def test_dep_and_arr_columns_are_read_as_a_direction(tmp_path):
    trains = pd.DataFrame([("Ayr", "Bute", 10), ("Bute", "Ayr", 12), ("Bute", "Cove", 7)],
                          columns=["dep_station", "arr_station", "mins"])
    resp = ask_table(tmp_path, trains, "How many directed cycles does the timetable contain?")
    assert resp.status == "answered", resp.answer
    assert "**1**" in resp.answer and "simple directed cycles" in resp.answer, resp.answer


def test_a_possessive_after_a_final_s_names_the_node_whose_community_is_asked(tmp_path):
    ring = pd.DataFrame([("Athos", "Boris"), ("Boris", "Cyrus"), ("Cyrus", "Athos"),
                         ("Dinos", "Elias"), ("Elias", "Fotis"), ("Fotis", "Dinos"),
                         ("Cyrus", "Dinos")], columns=["sailor", "shipmate"])
    resp = ask_table(tmp_path, ring, "Athos' community - who else is in it?")
    assert resp.status == "answered", resp.answer
    assert "Boris" in resp.answer and "Cyrus" in resp.answer, resp.answer


def test_no_link_at_all_in_or_out_after_a_closure_counts_both_sides(tmp_path):
    loans = pd.DataFrame([("Elm", "Fir"), ("Gum", "Elm"), ("Elm", "Hazel"), ("Fir", "Gum")],
                         columns=["lender", "borrower"])
    resp = ask_table(tmp_path, loans, "Elm is closing. Which libraries would then be left with no "
                     "loan links at all, in or out?")
    assert resp.status == "answered", resp.answer
    assert "**Hazel**" in resp.answer and "Fir**" not in resp.answer, resp.answer


def test_a_property_asked_or_not_leads_with_yes_or_no(tmp_path):
    resp = ask_table(tmp_path, FERRY, "quick one - ferries, bipartite or not?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**" if not nx.is_bipartite(_FERRY) else "**Yes**"), resp.answer


def test_the_figure_asked_after_a_pair_ranking_is_its_own(tmp_path):
    gigs = pd.DataFrame([("Ana", "Fest1"), ("Bo", "Fest1"), ("Ana", "Fest2"), ("Bo", "Fest2"),
                         ("Cy", "Fest2"), ("Cy", "Fest3")], columns=["musician", "festival"])
    resp = ask_table(tmp_path, gigs, "Which pair of musicians played the most festivals together, "
                     "and how many was it?")
    assert resp.status == "answered", resp.answer
    assert "**Ana** and **Bo**" in resp.answer and "**2**" in resp.answer, resp.answer


def test_a_unit_a_node_column_shares_names_that_column(tmp_path):
    lines = pd.DataFrame([("Ash", "Bay", 120), ("Bay", "Cob", 80)],
                         columns=["sub_a", "sub_b", "capacity_mw"])
    loads = pd.DataFrame([("Ash", "north", 55), ("Bay", "south", 30), ("Cob", "south", 45)],
                         columns=["sub", "region", "load_mw"])
    resp = ask_as_csv_files(tmp_path, lines, loads, "How many substations have a load above 40 MW?")
    assert resp.status == "answered", resp.answer
    assert "**2**" in resp.answer and "Ash" in resp.answer and "Cob" in resp.answer, resp.answer


def test_a_route_whose_ends_are_said_first_is_measured_in_the_column_asked(tmp_path):
    want = nx.shortest_path_length(_FERRY, "Aberdour", "Dornoch", weight="sail_hours")
    resp = ask_table(tmp_path, FERRY, "Aberdour to Dornoch, shortest sailing time in hours?")
    assert resp.status == "answered", resp.answer
    assert f"**{want} sail_hours**" in resp.answer, resp.answer


def test_an_aside_after_a_common_noun_is_kept_and_one_after_a_name_dropped():
    from igraph_agent.model.vocabulary import spelled_out

    assert spelled_out("Does any paper cite itself through a chain of citations (a cycle)?") == \
        "Does any paper cite itself through a chain of citations (a cycle)?"
    assert spelled_out("Suppose member 0 (the instructor) quits.") == "Suppose member 0 quits."
    assert spelled_out("How many cycles (A cites B ... cites A)?") == "How many cycles?"
