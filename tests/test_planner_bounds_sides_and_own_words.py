"""Questions whose plain reading is one step from the right answer: two bounds where one is
applied, a unit no column holds written in brackets, a count of nodes by their own total of a
strength column, a group's own edges (both ends inside), two attributes' values named
together, "free of loops" (Yes means none), one group's edges out to the others, and the
user's own words for neighbours, triangles, cliques, the diameter and bridges. Each is
answered with the figure networkx gives, or asked about; never answered with another
analysis. The tables use column names the planner has no word for."""

from __future__ import annotations

import networkx as nx
import pandas as pd
from planner_support import ask_as_csv_files, ask_table

# a tram line with a loop and a spur; ``ride_min`` a length, ``district`` a node column (not
# a distance); Vale is in the node table only
_TRAM = [("Arden", "Bellow", 4), ("Bellow", "Corran", 3), ("Corran", "Dunmore", 5),
         ("Dunmore", "Arden", 6), ("Corran", "Eskby", 2), ("Eskby", "Fallow", 7),
         ("Fallow", "Garth", 3)]
TRAM = pd.DataFrame(_TRAM, columns=["stop_a", "stop_b", "ride_min"])
DISTRICTS = pd.DataFrame([("Arden", "Old Town", "core"), ("Bellow", "Old Town", "core"),
                          ("Corran", "Old Town", "rim"), ("Dunmore", "Harbour", "rim"),
                          ("Eskby", "Harbour", "core"), ("Fallow", "Harbour", "rim"),
                          ("Garth", "Harbour", "rim"), ("Vale", "Harbour", "rim")],
                         columns=["stop", "district", "ring"])
_TRAM_G = nx.Graph()
_TRAM_G.add_weighted_edges_from(_TRAM, weight="ride_min")
_TRAM_G.add_node("Vale")
# bouts between fencers: ``bouts`` a strength (a count), two clubs of fencers and one loner
_BOUTS = [("ines", "jory", 9), ("jory", "kemp", 4), ("kemp", "ines", 6), ("kemp", "lior", 12),
          ("lior", "mara", 3), ("mara", "kemp", 8), ("nell", "otto", 5)]
BOUTS = pd.DataFrame(_BOUTS, columns=["fencer_a", "fencer_b", "bouts"])
FENCERS = pd.DataFrame([(n, "east" if n in "ines jory kemp" else "west") for n in
                        ["ines", "jory", "kemp", "lior", "mara", "nell", "otto", "pip"]],
                       columns=["fencer", "salle"])
_BOUTS_G = nx.Graph()
_BOUTS_G.add_weighted_edges_from(_BOUTS, weight="bouts")
_BOUTS_G.add_node("pip")
# seed swaps between gardens, one way each; a loop through three of them
_SWAPS = [("Ashgrove", "Birchley", 10), ("Birchley", "Cobham", 4), ("Cobham", "Ashgrove", 6),
          ("Cobham", "Denholm", 8), ("Denholm", "Elwick", 3), ("Ashgrove", "Elwick", 5)]
SWAPS = pd.DataFrame(_SWAPS, columns=["giver_garden", "taker_garden", "packets"])
PLOTS = pd.DataFrame([("Ashgrove", "herbs"), ("Birchley", "herbs"), ("Cobham", "roses"),
                      ("Denholm", "roses"), ("Elwick", "roses")], columns=["garden", "theme"])


def test_two_bounds_at_once_are_asked_about_never_one_of_them_applied(tmp_path):
    resp = ask_table(tmp_path, BOUTS, "who has 10+ bouts in total but fewer than 3 opponents?",
                     FENCERS)
    assert resp.status == "needs_clarification", resp.answer
    assert "both bounds" in resp.answer, resp.answer


def test_a_unit_in_brackets_that_no_column_holds_is_asked_about(tmp_path):
    for question in ("total length of track (km) on the ride from Arden to Garth?",
                     "what's the total elevation gain on the quickest ride from Arden to Garth?"):
        resp = ask_as_csv_files(tmp_path, TRAM, DISTRICTS, question)
        assert resp.status == "needs_clarification", (question, resp.answer)
        assert "ride_min" in resp.answer, resp.answer  # what the data holds instead


def test_nodes_are_counted_by_their_own_total_when_the_bound_names_a_strength_column(tmp_path):
    strength = dict(_BOUTS_G.degree(weight="bouts"))
    expected = sorted(n for n, s in strength.items() if s >= 20)
    resp = ask_table(tmp_path, BOUTS, "how many fencers have 20 or more bouts under their belt?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(expected)}**"), resp.answer
    assert all(n in resp.answer for n in expected), resp.answer
    single = ask_table(tmp_path, BOUTS, "how many pairings have 5 or more bouts?")
    edges = [e for e in _BOUTS if e[2] >= 5]
    assert single.answer.startswith(f"**{len(edges)}** of {len(_BOUTS)} edges"), single.answer


def test_edges_that_stay_within_a_group_are_those_with_both_ends_inside(tmp_path):
    harbour = {s for s, d in zip(DISTRICTS.stop, DISTRICTS.district, strict=True) if d == "Harbour"}
    inside = [m for a, b, m in _TRAM if a in harbour and b in harbour]
    resp = ask_as_csv_files(tmp_path, TRAM, DISTRICTS, "what's the average ride_min of the "
                            "segments that stay within Harbour?")
    mean = sum(inside) / len(inside)
    assert resp.status == "answered", resp.answer
    assert f"**{mean:g}**" in resp.answer and f"the {len(inside)} edges with both ends" in \
        resp.answer, resp.answer


def test_values_of_two_attributes_named_together_filter_together(tmp_path):
    kept = {s for s, d, r in DISTRICTS.itertuples(index=False) if d == "Harbour" and r == "rim"}
    total = sum(m for a, b, m in _TRAM if a in kept or b in kept)
    resp = ask_as_csv_files(tmp_path, TRAM, DISTRICTS, "total ride_min of the segments at the "
                            "rim-ring stops located in Harbour?")
    assert resp.status == "answered", resp.answer
    assert "ring = rim" in resp.answer and "district = Harbour" in resp.answer, resp.answer
    assert f"**{total}**" in resp.answer, resp.answer


def test_free_of_loops_is_answered_no_when_the_edges_go_round(tmp_path):
    g = nx.DiGraph([(a, b) for a, b, _ in _SWAPS])
    assert not nx.is_directed_acyclic_graph(g)
    for question in ("Is the swap network free of loops, i.e. no chain of swaps ever comes back "
                     "round to the garden it started from?",
                     "is it strictly one-way, no loop where seeds come back round? y/n"):
        resp = ask_as_csv_files(tmp_path, SWAPS, PLOTS, question)
        assert resp.status == "answered", resp.answer
        assert resp.answer.startswith("**No**"), resp.answer


def test_one_groups_edges_to_the_other_groups_lead_with_the_side_asked(tmp_path):
    herbs = {"Ashgrove", "Birchley"}
    out = sum(1 for a, b, _ in _SWAPS if a in herbs and b not in herbs)
    into = sum(1 for a, b, _ in _SWAPS if b in herbs and a not in herbs)
    resp = ask_as_csv_files(tmp_path, SWAPS, PLOTS, "the herbs gardens - how many swaps do they "
                            "send out to gardens of other themes?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{out}** edge(s) go out"), resp.answer
    assert f"{into} coming in" in resp.answer, resp.answer


def test_partners_asked_in_the_perfect_tense_or_with_directly_are_the_neighbours(tmp_path):
    for question in ("who has kemp fenced against?", "which fencers has kemp faced directly?",
                     "which fencers does kemp have a bout with?"):
        resp = ask_table(tmp_path, BOUTS, question)
        assert resp.status == "answered", (question, resp.answer)
        assert all(n in resp.answer for n in _BOUTS_G["kemp"]), resp.answer


def test_everyone_within_k_steps_names_them(tmp_path):
    near = nx.single_source_shortest_path_length(_TRAM_G, "Eskby", cutoff=2)
    expected = sorted(n for n in near if n != "Eskby")
    resp = ask_table(tmp_path, TRAM, "everyone within two steps of Eskby, not counting Eskby")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(expected)}**"), resp.answer
    assert all(n in resp.answer for n in expected), resp.answer


def test_trios_all_tied_pairwise_are_triangles_and_everybody_with_everybody_a_clique(tmp_path):
    triangles = sum(nx.triangles(_BOUTS_G).values()) // 3
    resp = ask_table(tmp_path, BOUTS, "how many trios of fencers are there where all three have "
                     "fenced each other?")
    assert resp.status == "answered", resp.answer
    assert f"**{triangles} triangles**" in resp.answer, resp.answer
    size = max(len(c) for c in nx.find_cliques(_BOUTS_G))
    largest = [c for c in nx.find_cliques(_BOUTS_G) if len(c) == size]
    for question in ("biggest set of fencers where every one of them has fenced every other "
                     "one? names", "largest set of fencers in which everybody has fenced "
                     "everybody else"):
        resp = ask_table(tmp_path, BOUTS, question)
        assert resp.status == "answered", resp.answer
        assert resp.answer.startswith(f"The largest clique (every member tied to every other) "
                                      f"has **{size} nodes**; {len(largest)} clique(s)"), resp.answer


def test_someone_who_has_not_fenced_anybody_is_the_node_with_no_edge(tmp_path):
    resp = ask_as_csv_files(tmp_path, BOUTS, FENCERS, "Anyone on the roster who hasn't fenced "
                            "a single bout yet?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**1**") and "pip" in resp.answer, resp.answer


def test_the_longest_of_the_shortest_routes_is_the_diameter(tmp_path):
    hops = nx.diameter(_TRAM_G.subgraph(max(nx.connected_components(_TRAM_G), key=len)))
    resp = ask_as_csv_files(tmp_path, TRAM, DISTRICTS, "across the connected part, what's the "
                            "longest of the shortest routes between two stops, in number of "
                            "segments?")
    assert resp.status == "answered", resp.answer
    assert f"**{hops} hops**" in resp.answer, resp.answer


def test_segments_that_are_single_points_of_failure_are_the_bridges(tmp_path):
    bridges = list(nx.bridges(_TRAM_G))
    resp = ask_table(tmp_path, TRAM, "which track segments are single points of failure? name "
                     "both ends of each")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(bridges)} bridge edge(s)**"), resp.answer
    assert all(a in resp.answer and b in resp.answer for a, b in bridges), resp.answer


def test_a_count_then_how_many_of_those_answers_only_the_first_part(tmp_path):
    resp = ask_as_csv_files(tmp_path, TRAM, DISTRICTS, "how many stops are in Harbour, and how "
                            "many of those actually have a tram segment?")
    assert resp.status == "needs_clarification", resp.answer
    assert resp.answer.startswith("I can answer only the first part: **5 nodes**"), resp.answer


def test_close_a_stop_then_an_arrow_is_a_removal(tmp_path):
    g = _TRAM_G.copy()
    g.remove_node("Eskby")
    resp = ask_as_csv_files(tmp_path, TRAM, DISTRICTS, "close Eskby -> how many separate pieces "
                            "does the tram network fall into?")
    assert resp.status == "answered", resp.answer
    assert f"**{nx.number_connected_components(g)} connected component(s)**" in resp.answer, \
        resp.answer


# parcels handed between depots, one way each, in kilograms; ``region`` per depot
_HANDOFFS = [("Arlow", "Brisk", 120), ("Brisk", "Colter", 80), ("Colter", "Dunmow", 60),
             ("Brisk", "Dunmow", 40), ("Evers", "Arlow", 30), ("Dunmow", "Evers", 25),
             ("Fenby", "Colter", 70)]
HANDOFFS = pd.DataFrame(_HANDOFFS, columns=["from_depot", "to_depot", "parcel_kg"])
REGIONS = pd.DataFrame([("Arlow", "north"), ("Brisk", "north"), ("Colter", "south"),
                        ("Dunmow", "south"), ("Evers", "south"), ("Fenby", "west")],
                       columns=["depot", "region"])


def test_what_the_edges_carry_named_for_the_sender_reaches_as_the_sender_does(tmp_path):
    g = nx.DiGraph([(a, b) for a, b, _ in _HANDOFFS])
    into = sorted(nx.ancestors(g, "Dunmow"))
    resp = ask_as_csv_files(tmp_path, HANDOFFS, REGIONS, "list every depot whose parcels can end "
                            "up in Dunmow, whether it goes there direct or via another depot")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(into)}**") and all(n in resp.answer for n in into)
    resp = ask_as_csv_files(tmp_path, HANDOFFS, REGIONS, "how many depots can Fenby's parcels "
                            "reach, directly or through onward handoffs?")
    assert resp.answer.startswith(f"**{len(nx.descendants(g, 'Fenby'))}**"), resp.answer


def test_a_nodes_net_is_what_it_receives_less_what_it_sends(tmp_path):
    into = sum(k for a, b, k in _HANDOFFS if b == "Dunmow")
    out = sum(k for a, b, k in _HANDOFFS if a == "Dunmow")
    resp = ask_as_csv_files(tmp_path, HANDOFFS, REGIONS, "Dunmow: what does it receive in total "
                            "minus what it sends on? (net, kg)")
    assert resp.status == "answered", resp.answer
    assert f"**{into - out}**" in resp.answer, resp.answer


def test_a_fee_or_a_cost_the_amounts_do_not_hold_is_asked_about(tmp_path):
    for question in ("which depot is paying the most in handling fees on its parcels?",
                     "rank the regions by how much their handoffs cost"):
        resp = ask_as_csv_files(tmp_path, HANDOFFS, REGIONS, question)
        assert resp.status == "needs_clarification", (question, resp.answer)
        assert "parcel_kg" in resp.answer, resp.answer


def test_a_bound_in_km_on_a_column_in_metres_is_converted(tmp_path):
    lines = pd.DataFrame([("Kell", "Lorn", 4200), ("Lorn", "Mure", 6100), ("Mure", "Nairn", 5000),
                          ("Nairn", "Kell", 800)], columns=["lock_a", "lock_b", "reach_m"])
    resp = ask_table(tmp_path, lines, "How many reaches between locks are longer than 5 km?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**1** of 4 edges have reach_m above 5000"), resp.answer


def test_a_closure_stated_before_the_question_is_a_removal(tmp_path):
    g = _TRAM_G.copy()
    g.remove_node("Corran")
    for question in ("Corran stop is closed for repairs - how many separate pieces is the tram "
                     "network in now?", "Corran shut, how many separate pieces would the tram "
                     "network be in?"):
        resp = ask_as_csv_files(tmp_path, TRAM, DISTRICTS, question)
        assert resp.status == "answered", (question, resp.answer)
        assert resp.answer.startswith("Without Corran"), resp.answer
        assert f"**{nx.number_connected_components(g)} connected component(s)**" in resp.answer


def test_a_game_wiped_from_the_record_is_a_what_if_never_a_cleared_graph(tmp_path):
    g = nx.Graph([(a, b) for a, b, _ in _BOUTS])  # the table alone: no pip
    g.remove_edge("kemp", "lior")
    resp = ask_table(tmp_path, BOUTS, "if the kemp-lior bout gets wiped from the record, how many "
                     "disconnected groups would the fencers fall into?")
    assert resp.status == "answered", resp.answer
    assert f"**{nx.number_connected_components(g)} connected component(s)**" in resp.answer
    assert "Nothing was changed" in resp.answer, resp.answer


def test_cut_points_in_the_users_words_are_the_articulation_points(tmp_path):
    cuts = sorted(nx.articulation_points(_TRAM_G))
    resp = ask_table(tmp_path, TRAM, "which stops, if they vanished, would leave some other stop "
                     "with no tram link to the rest?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(cuts)}** node(s)") and all(c in resp.answer for c in cuts)
    bridges = list(nx.bridges(_TRAM_G))
    resp = ask_table(tmp_path, TRAM, "how many segments are the ONLY thing tying some stop to "
                     "the rest of the line?")
    assert resp.answer.startswith(f"**{len(bridges)} bridge edge(s)**"), resp.answer


# kit lent between labs: owner → user (a direction the column names say), days on loan
_KIT = [("optics", "cryo", 12), ("cryo", "optics", 4), ("genomics", "optics", 9),
        ("optics", "robotics", 15), ("robotics", "cryo", 3)]
KIT = pd.DataFrame(_KIT, columns=["owner_lab", "user_lab", "days"])


def test_an_owner_user_table_is_read_directed_and_keeps_both_ways(tmp_path):
    resp = ask_table(tmp_path, KIT, "how many loans lasted 10 days or longer?")
    assert resp.graph is not None and resp.graph.directed, resp.answer
    assert resp.answer.startswith(f"**{sum(d >= 10 for *_, d in _KIT)}** of {len(_KIT)} edges")


def test_a_quantity_no_column_holds_in_the_users_words_is_asked_about(tmp_path):
    for question in ("which segment has the widest pipe diameter?",
                     "how much is the fare from Arden to Garth, cheapest option pls",
                     "which stop had the most riders last spring?"):
        resp = ask_as_csv_files(tmp_path, TRAM, DISTRICTS, question)
        assert resp.status == "needs_clarification", (question, resp.answer)
        assert not resp.answer.startswith("The diameter"), resp.answer


def test_a_nodes_own_average_of_the_edge_values_is_asked_about(tmp_path):
    resp = ask_table(tmp_path, BOUTS, "which fencer has the best average bouts per partner?")
    assert resp.status == "needs_clarification", resp.answer


def test_which_group_has_the_most_value_inside_it_ranks_the_groups(tmp_path):
    inside: dict[str, int] = {}
    district = dict(zip(DISTRICTS.stop, DISTRICTS.district, strict=True))
    for a, b, m in _TRAM:
        if district[a] == district[b]:
            inside[district[a]] = inside.get(district[a], 0) + m
    top = max(inside, key=inside.get)
    resp = ask_as_csv_files(tmp_path, TRAM, DISTRICTS, "Counting only segments with both stops "
                            "in the same district, which district has the most ride_min?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{top}** has the most ride_min within one district: "
                                  f"**{inside[top]}**"), resp.answer


def test_the_data_named_before_the_question_is_not_its_subject(tmp_path):
    g = nx.Graph([(a, b) for a, b, _ in _BOUTS])
    top = max(g.degree, key=lambda x: x[1])[0]
    resp = ask_table(tmp_path, BOUTS, "fencing club data -- which fencer has the most partners?")
    assert resp.status == "answered", resp.answer
    assert f"**{top}**" in resp.answer.split("\n")[0], resp.answer
