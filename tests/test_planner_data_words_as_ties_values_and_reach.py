"""Answers that looked right and were not, in the data's own words: "is the walkway layout a
tree" answered "Yes — no directed cycle" on a from/to table, "ignoring travel times, the
most legs" answered in minutes, "gets patients from the most different referring clinics"
answered with the clinic that sends to the most, "how many albums have Ana and Ben recorded
together" answered with their ``gigs_together``, "how many towns in the south zone" answered
with every node of the zone, "self-sample rows" answered with pairs linked both ways, "which
district is in the most cross-district pipes" answered with a pipe junction. Questions the
planner asked about though it could answer them are answered too: "within 2 crossings",
"the island of Brin", "from Portmarra to Brin" where Brin is a port and an island, cut
points said as "would leave some sites unreachable", a reach said as "can eventually send
patients to X, directly or through a chain". Each is checked against networkx."""

from __future__ import annotations

import networkx as nx
import pandas as pd
from planner_support import ask_table

# docks joined by cycle lanes (undirected), ``minutes`` a travel time; D9 only in the node
# table; ``kind`` and ``borough`` two groupings
_LANES = [("D1", "D2", 4), ("D2", "D3", 6), ("D1", "D3", 9), ("D3", "D4", 5), ("D4", "D5", 7),
          ("D5", "D6", 3), ("D6", "D4", 8), ("D6", "D7", 12), ("D7", "D8", 2)]
LANES = pd.DataFrame(_LANES, columns=["dock_a", "dock_b", "minutes"])
DOCKS = pd.DataFrame([("D1", "station", "North"), ("D2", "station", "North"),
                      ("D3", "depot", "North"), ("D4", "station", "South"),
                      ("D5", "depot", "South"), ("D6", "station", "South"),
                      ("D7", "station", "South"), ("D8", "depot", "East"),
                      ("D9", "station", "East")], columns=["dock", "kind", "borough"])
# parcels handed from one shop to another (directed: sender_shop -> receiver_shop)
_HANDOFFS = [("S1", "S2", 5), ("S1", "S3", 2), ("S2", "S4", 7), ("S3", "S4", 1), ("S5", "S4", 3),
             ("S4", "S6", 4), ("S6", "S7", 6), ("S2", "S5", 2)]
HANDOFFS = pd.DataFrame(_HANDOFFS, columns=["sender_shop", "receiver_shop", "parcels"])
QUARTERS = pd.DataFrame([("S1", "Old"), ("S2", "Old"), ("S3", "New"), ("S4", "New"),
                         ("S5", "Old"), ("S6", "New"), ("S7", "Port")], columns=["shop", "quarter"])
# players who jammed together, ``jams_together`` a strength; ``instrument`` a group
_JAMS = [("Ana", "Ben", 12), ("Ben", "Cal", 3), ("Cal", "Ana", 5), ("Cal", "Dee", 8),
         ("Dee", "Eve", 2), ("Eve", "Fox", 9)]
JAMS = pd.DataFrame(_JAMS, columns=["player_a", "player_b", "jams_together"])
PLAYERS = pd.DataFrame([("Ana", "guitar", "Leeds"), ("Ben", "drums", "Leeds"),
                        ("Cal", "guitar", "York"), ("Dee", "bass", "York"),
                        ("Eve", "guitar", "Hull"), ("Fox", "drums", "Hull"),
                        ("Gus", "guitar", "Leeds")], columns=["player", "instrument", "town"])
# nurses and the wards they cover (two-mode), ``hours_per_week`` on each link
ROTA = pd.DataFrame([("Ada", "W1", 10), ("Ada", "W2", 4), ("Bo", "W1", 6), ("Cy", "W2", 8),
                     ("Cy", "W3", 3), ("Di", "W3", 12), ("Ed", "W4", 5)],
                    columns=["nurse", "ward", "hours_per_week"])
STAFF = pd.DataFrame([("Ada", "nurse"), ("Bo", "nurse"), ("Cy", "nurse"), ("Di", "nurse"),
                      ("Ed", "nurse"), ("Flo", "nurse"), ("W1", "ward"), ("W2", "ward"),
                      ("W3", "ward"), ("W4", "ward"), ("W5", "ward")], columns=["name", "kind"])


def _lanes() -> nx.Graph:
    g = nx.Graph()
    g.add_weighted_edges_from(_LANES, weight="minutes")
    g.add_node("D9")
    return g


def _handoffs() -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_weighted_edges_from(_HANDOFFS, weight="parcels")
    return g


def test_a_tree_asked_of_a_directed_table_reads_the_links_without_direction(tmp_path):
    walks = pd.DataFrame([("G", "F"), ("G", "M"), ("M", "F"), ("F", "S")],
                         columns=["from_point", "to_point"])
    assert not nx.is_tree(nx.Graph(list(walks.values)))  # G-F-M is a loop
    resp = ask_table(tmp_path, walks, "Is the walkway layout a tree, with no loops?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No** — it is not a tree"), resp.answer
    assert "reading the edges without their direction" in resp.answer, resp.answer


def test_a_measure_set_aside_counts_the_legs(tmp_path):
    g = _lanes().subgraph(max(nx.connected_components(_lanes()), key=len))
    hops = nx.diameter(g)
    resp = ask_table(tmp_path, LANES, "ignoring travel times, what's the most lanes you'd ever "
                     "need between two docks that are connected?", DOCKS)
    assert resp.status == "answered", resp.answer
    assert f"**{hops} hops**" in resp.answer, resp.answer


def test_partners_named_by_the_sending_role_are_counted_at_the_receiving_end(tmp_path):
    g = _handoffs()
    top = max(g, key=g.in_degree)  # S4: from S2, S3 and S5
    resp = ask_table(tmp_path, HANDOFFS, "Which shop gets parcels from the largest number of "
                     "different sender shops?", QUARTERS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{top}** with the most: **{g.in_degree(top)}**"), resp.answer
    assert "incoming" in resp.answer, resp.answer


def test_pay_and_an_unrecorded_thing_done_together_are_asked_about(tmp_path):
    resp = ask_table(tmp_path / "a", JAMS, "which guitarist earns the most per jam?", PLAYERS)
    assert resp.status == "needs_clarification", resp.answer
    assert resp.answer.startswith("Nothing in the data holds earnings"), resp.answer
    resp = ask_table(tmp_path / "b", JAMS, "How many albums have Ana and Ben recorded together?",
                     PLAYERS)
    assert resp.status == "needs_clarification", resp.answer
    resp = ask_table(tmp_path / "c", JAMS, "how many jams have Ana and Ben played together?",
                     PLAYERS)
    assert resp.answer.startswith("**12** jams_together on the edge"), resp.answer


def test_a_group_value_named_by_its_members_is_a_condition(tmp_path):
    guitarists = sorted(PLAYERS.player[PLAYERS.instrument == "guitar"])
    resp = ask_table(tmp_path / "a", JAMS, "How many guitarists are in the data?", PLAYERS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(guitarists)} nodes** match instrument = guitar"), \
        resp.answer
    both = DOCKS[(DOCKS.kind == "station") & (DOCKS.borough == "South")]
    resp = ask_table(tmp_path / "b", LANES, "how many stations r in the South borough?", DOCKS)
    assert resp.answer.startswith(f"**{len(both)}** node(s) have"), resp.answer
    assert "kind = station" in resp.answer and "borough = South" in resp.answer, resp.answer


def test_something_counted_per_group_value_is_no_count_of_the_group(tmp_path):
    resp = ask_table(tmp_path, LANES, "How many bikes are parked at each depot?", DOCKS)
    assert resp.status == "needs_clarification", resp.answer


def test_a_tie_to_itself_in_the_data_words_is_a_self_loop(tmp_path):
    resp = ask_table(tmp_path, HANDOFFS, "Has any shop handed a parcel to itself (a "
                     "self-handoff row)? y/n", QUARTERS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No** — **0** self-loops"), resp.answer
    assert "both ways" not in resp.answer, resp.answer


def test_one_sides_count_and_its_projections_links(tmp_path):
    resp = ask_table(tmp_path / "a", ROTA, "how many nurses are there altogether?", STAFF)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("There are **6** nurses"), resp.answer
    g = nx.Graph([(n, w) for n, w, _ in ROTA.values])
    nurses = set(ROTA.nurse)
    links = nx.bipartite.projected_graph(g, nurses).number_of_edges()
    resp = ask_table(tmp_path / "b", ROTA, "If I build a nurse-to-nurse network (two nurses "
                     "linked when they share at least one ward), how many links does it have?",
                     STAFF)
    assert resp.status == "answered", resp.answer
    assert f"**{links}** links" in resp.answer, resp.answer


def test_a_column_with_a_time_in_its_name_is_no_time_filter(tmp_path):
    hours: dict[str, int] = {}
    for n, _, h in ROTA.values:
        hours[n] = hours.get(n, 0) + h
    top = max(hours, key=lambda n: hours[n])
    resp = ask_table(tmp_path, ROTA, "which nurse puts in the most hours per week across their "
                     "wards?", STAFF)
    assert resp.status == "answered", resp.answer
    assert f"**{top}** has the highest hours_per_week total" in resp.answer, resp.answer


def test_the_group_in_the_most_cross_group_ties_is_a_group(tmp_path):
    borough = dict(zip(DOCKS.dock, DOCKS.borough, strict=True))
    out: dict[str, int] = {}
    for u, v, _ in _LANES:
        if borough[u] != borough[v]:
            out[borough[u]] = out.get(borough[u], 0) + 1
            out[borough[v]] = out.get(borough[v], 0) + 1
    top = max(out, key=lambda b: out[b])
    resp = ask_table(tmp_path, LANES, "Which borough is involved in the most cross-borough "
                     "lanes?", DOCKS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{top}** is the borough most connected to others"), \
        resp.answer


def test_within_k_of_the_datas_word_for_a_tie_counts_hops(tmp_path):
    near = len(nx.single_source_shortest_path_length(_lanes(), "D1", cutoff=2)) - 1
    resp = ask_table(tmp_path, LANES, "how many docks can you get to from D1 within 2 lanes?",
                     DOCKS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{near}** "), resp.answer


def test_an_amount_moving_between_two_groups_both_ways(tmp_path):
    quarter = dict(QUARTERS.values)
    both = sum(p for u, v, p in _HANDOFFS if {quarter[u], quarter[v]} == {"Old", "New"})
    resp = ask_table(tmp_path, HANDOFFS, "parcels moving between Old and New, counting both "
                     "directions?", QUARTERS)
    assert resp.status == "answered", resp.answer
    assert f"both directions together: **{both} parcels**" in resp.answer, resp.answer


def test_a_triangle_restated_lists_its_members_alone(tmp_path):
    g = _lanes()
    on = [n for n, t in nx.triangles(g).items() if t]
    resp = ask_table(tmp_path, LANES, "which docks sit on a triangle of lanes (three docks all "
                     "joined to each other)?", DOCKS)
    assert resp.status == "answered", resp.answer
    assert "component" not in resp.answer, resp.answer
    assert all(f"**{n}**" in resp.answer for n in on), resp.answer


def test_a_name_that_is_a_node_and_a_value_is_the_node_between_two_ends(tmp_path):
    ports = pd.DataFrame([("Brin", "Kirk", 10), ("Kirk", "Marra", 12), ("Brin", "Marra", 30),
                          ("Marra", "Holm", 7)], columns=["port_a", "port_b", "nautical_miles"])
    isles = pd.DataFrame([("Brin", "Brin"), ("Kirk", "Brin"), ("Marra", "Mainland"),
                          ("Holm", "Mainland")], columns=["port", "island"])
    resp = ask_table(tmp_path / "a", ports, "shortest way by sea from Marra to Brin in nautical "
                     "miles?", isles)
    assert resp.status == "answered", resp.answer
    assert "**22 nautical_miles**" in resp.answer, resp.answer
    resp = ask_table(tmp_path / "b", ports, "How many ports are there on the island of Brin?",
                     isles)
    assert resp.answer.startswith("**2 nodes** match island = Brin"), resp.answer


def test_cut_points_said_as_sites_left_unreachable(tmp_path):
    cut = sorted(nx.articulation_points(_lanes()))
    for i, question in enumerate((
            "which docks, if one were shut on its own, would leave some other docks unreachable?",
            "which docks are single points of failure - if one of them shut, some other docks "
            "could no longer reach each other?")):
        resp = ask_table(tmp_path / str(i), LANES, question, DOCKS)
        assert resp.status == "answered", resp.answer
        assert resp.answer.startswith(f"**{len(cut)}** node(s) would each split the graph"), \
            resp.answer


def test_a_reach_in_the_datas_verbs(tmp_path):
    g = _handoffs()
    up = nx.ancestors(g, "S6")
    resp = ask_table(tmp_path / "a", HANDOFFS, "How many shops can eventually send parcels to "
                     "S6, either directly or through a chain of other shops?", QUARTERS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(up)}** shops reach S6"), resp.answer
    down = nx.descendants(g, "S2")
    resp = ask_table(tmp_path / "b", HANDOFFS, "how many shops can S2's parcels reach, directly "
                     "or via onward handoffs?", QUARTERS)
    assert resp.answer.startswith(f"**{len(down)}** "), resp.answer
    resp = ask_table(tmp_path / "c", HANDOFFS, "where can s2's parcels end up? every shop "
                     "reachable by following handoffs onward from S2", QUARTERS)
    assert resp.answer.startswith(f"**{len(down)}** "), resp.answer


def test_a_removal_in_the_datas_words_and_its_verdict(tmp_path):
    resp = ask_table(tmp_path / "a", ROTA, "if Cy were disbanded from the rota, which wards "
                     "would be left with no nurse looking after them?", STAFF)
    assert resp.status == "answered", resp.answer
    assert "**W3**" not in resp.answer and "**W2**" not in resp.answer, resp.answer  # Ada, Di
    g = _lanes()
    g.remove_node("D6")
    split = nx.number_connected_components(g) > nx.number_connected_components(_lanes())
    resp = ask_table(tmp_path / "b", LANES, "taking D6 out of service - does that cut any dock "
                     "off from the others? (y/n)", DOCKS)
    assert resp.answer.startswith("**Yes**" if split else "**No**"), resp.answer


def test_nothing_attached_is_degree_zero(tmp_path):
    resp = ask_table(tmp_path / "a", LANES, "Are there any docks in the register with no lane "
                     "connected to them at all? Which?", DOCKS)
    assert resp.status == "answered", resp.answer
    assert "D9" in resp.answer, resp.answer
    resp = ask_table(tmp_path / "b", ROTA, "are any wards not covered by a nurse?", STAFF)
    assert resp.status == "answered", resp.answer
    assert "W5" in resp.answer and "W4" not in resp.answer, resp.answer


def test_the_fewest_of_the_datas_ties_between_two_ends_is_a_path(tmp_path):
    hops = nx.shortest_path_length(_lanes(), "D1", "D8")
    for i, question in enumerate(("fewest number of lanes you'd ride going D1 -> D8?",
                                  "Riding from D1 to D8, what's the smallest number of lanes "
                                  "I'd have to take?")):
        resp = ask_table(tmp_path / str(i), LANES, question, DOCKS)
        assert resp.status == "answered", resp.answer
        assert f"**{hops} hop(s)**" in resp.answer, resp.answer


def test_a_pairs_own_count_asked_after_it_is_no_second_step(tmp_path):
    resp = ask_table(tmp_path, ROTA, "which 2 nurses have the most wards in common? how many do "
                     "they share", STAFF)
    assert resp.status == "answered", resp.answer
    assert "in common" in resp.answer, resp.answer


def test_a_count_of_shared_partners_is_stated_only_where_a_result_shows_it(tmp_path):
    resp = ask_table(tmp_path, ROTA, "which wards do Ada or Cy cover?", STAFF)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**3** wards are linked to at least one of them"), resp.answer


def test_a_count_of_partners_set_aside_in_brackets_leaves_the_column(tmp_path):
    sent: dict[str, int] = {}
    for u, _, p in _HANDOFFS:
        sent[u] = sent.get(u, 0) + p
    top = max(sent, key=lambda n: sent[n])  # S2: 9 parcels to 2 shops; S1: 7 to 2
    resp = ask_table(tmp_path, HANDOFFS, "Who is the heaviest sender, going by the number of "
                     "parcels they've handed on (not how many shops)?", QUARTERS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{top}** with the most: **{sent[top]}** (parcels summed"), \
        resp.answer


def test_who_ends_up_doing_the_datas_verb_to_a_node_is_who_reaches_it(tmp_path):
    up = nx.ancestors(_handoffs(), "S4")
    resp = ask_table(tmp_path, HANDOFFS, "who ends up handing parcels to S4, directly or "
                     "indirectly through a chain of handoffs?", QUARTERS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(up)}** shops reach S4"), resp.answer


def test_one_of_a_side_named_with_an_adjective_is_no_count_of_that_side(tmp_path):
    resp = ask_table(tmp_path, ROTA, "who's our most reliable nurse? (someone we can count on)",
                     STAFF)
    assert "Among the wards" not in resp.answer, resp.answer
    assert resp.status == "needs_clarification", resp.answer


def test_a_centrality_with_the_measure_set_aside_is_the_plain_ranking(tmp_path):
    resp = ask_table(tmp_path, LANES, "Which dock has the highest betweenness centrality, just "
                     "counting lanes (ignore travel time)?", DOCKS)
    assert resp.status == "answered", resp.answer
    assert "By **betweenness** (unweighted)" in resp.answer, resp.answer
    top = max(nx.betweenness_centrality(_lanes()).items(), key=lambda kv: kv[1])[0]
    assert f"nodes are {top} (" in resp.answer, resp.answer


def test_no_triangles_at_all_is_no_missing_tie(tmp_path):
    resp = ask_table(tmp_path, LANES, "the lane map has no triangles at all, so it's bipartite "
                     "right? y/n", DOCKS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**No**") and "bipartite" in resp.answer, resp.answer


def test_a_single_failure_asked_after_a_topic_gets_its_verdict(tmp_path):
    assert list(nx.articulation_points(_lanes()))
    resp = ask_table(tmp_path, LANES, "lanes -- is there any single dock whose closure would "
                     "split the network so some docks can't reach each other anymore?", DOCKS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**"), resp.answer


def test_those_left_with_nothing_include_those_that_had_nothing(tmp_path):
    resp = ask_table(tmp_path, ROTA, "if Ed were disbanded, which wards would be left with no "
                     "nurse at all?", STAFF)
    assert resp.status == "answered", resp.answer
    assert "**W4**" in resp.answer.split("Already")[0], resp.answer  # only Ed covers W4
    assert "Already with no link before it:" in resp.answer and "**W5**" in resp.answer, \
        resp.answer
