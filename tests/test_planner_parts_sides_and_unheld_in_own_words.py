"""Questions in users' own words that were answered with another analysis, or answered when
nothing in the data holds the answer: a group value said short ("div two") and a part no
value names ("div three") read as the whole graph; a bound in the other side's noun ("commit
to 3 or more repos") read as a sum of commits; "top 2 repos" ranking contributors too; a
group total on a two-mode graph ("hours worked by band"); the cut points of a group ("which
junctions are single points of failure") found inside the group cut out on its own; an age
of each counted patient, an acronym ("CVEs") and a length of stay no column holds; removals,
disjoint routes, the transitivity, closeness, the largest clique and the edges inside a
group said in a domain's words; "a draw" (a result) read as a drawing; reach said as where
a patient can end up; and "how many packages" on ``package,requires`` counting only the
packages that require something. Each is checked against networkx or pandas on tables of
its own."""

from __future__ import annotations

import networkx as nx
import pandas as pd
from planner_support import ask_table

# a league: home team -> away team, goals in the match (Ashford and Brayton met twice, so
# the table reads one way); divisions in the node table
MATCHES = pd.DataFrame([("Ashford", "Brayton", 3), ("Brayton", "Ashford", 2),
                        ("Brayton", "Corley", 1), ("Corley", "Ashford", 2),
                        ("Dunmore", "Eastwick", 4), ("Fenby", "Eastwick", 0),
                        ("Fenby", "Dunmore", 2), ("Ashford", "Dunmore", 1)],
                       columns=["team_home", "team_away", "goals"])
TEAMS = pd.DataFrame([("Ashford", "Division One"), ("Brayton", "Division One"),
                      ("Corley", "Division One"), ("Dunmore", "Division Two"),
                      ("Eastwick", "Division Two"), ("Fenby", "Division Two"),
                      ("Upton", "Division Two")], columns=["team", "division"])
# contributors and repositories, commits; the node table says which is which
COMMITS = pd.DataFrame([("alice", "gateway", 120), ("alice", "sdk_go", 30), ("alice", "docs", 15),
                        ("bo", "gateway", 34), ("bo", "sdk_go", 2), ("cy", "sdk_go", 81),
                        ("cy", "docs", 1), ("cy", "cli", 4), ("dee", "cli", 9)],
                       columns=["contributor", "repo", "commits"])
KINDS = pd.DataFrame([(n, "person") for n in ("alice", "bo", "cy", "dee")] +
                     [(n, "repository") for n in ("gateway", "sdk_go", "docs", "cli")],
                     columns=["id", "kind"])
# nurses on shifts, hours worked; bands of the nurses only
ROTA = pd.DataFrame([("Gus", "Mon_late", 12), ("Gus", "Tue_night", 12), ("Eli", "Mon_late", 8),
                     ("Eli", "Wed_late", 8), ("Ana", "Tue_night", 12), ("Bo", "Wed_late", 6)],
                    columns=["nurse", "shift", "hours"])
BANDS = pd.DataFrame([("Gus", "band 5"), ("Eli", "band 6"), ("Ana", "band 5"), ("Bo", "band 7")],
                     columns=["nurse", "band"])
# ambulance roads between sites, km; the node table gives each site's kind
ROADS = pd.DataFrame([("Hosp_A", "J1", 4), ("J1", "J2", 3), ("J2", "Stn_B", 5), ("J2", "J3", 2),
                      ("J3", "Hosp_C", 6), ("J3", "J4", 2), ("J4", "J2", 4), ("Stn_B", "Depot", 3)],
                     columns=["site_a", "site_b", "km"])
SITES = pd.DataFrame([("Hosp_A", "hospital"), ("Hosp_C", "hospital"), ("J1", "junction"),
                      ("J2", "junction"), ("J3", "junction"), ("J4", "junction"),
                      ("Stn_B", "station"), ("Depot", "station")], columns=["site", "kind"])
# ward transfers, patients moved
TRANSFERS = pd.DataFrame([("ED", "AMU", 40), ("AMU", "Ward7", 22), ("Ward7", "Rehab", 9),
                          ("ED", "ICU", 6), ("ICU", "Rehab", 3), ("Paeds", "ICU", 2),
                          ("Rehab", "Hospice", 4)], columns=["from_ward", "to_ward", "patients"])
# package dependencies
DEPS = pd.DataFrame([("app", "web"), ("app", "log"), ("web", "log"), ("web", "tls"),
                     ("cli", "log"), ("tls", "crypto")], columns=["package", "requires"])


def _roads() -> nx.Graph:
    return nx.from_pandas_edgelist(ROADS, "site_a", "site_b", "km")


def test_a_group_value_said_short_counts_that_group_and_an_unknown_part_is_asked(tmp_path):
    resp = ask_table(tmp_path / "a", MATCHES, "how many teams in div two?", TEAMS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**4 nodes**") and "Division Two" in resp.answer, resp.answer
    resp = ask_table(tmp_path / "b", MATCHES, "how many teams in div three?", TEAMS)
    assert resp.status == "needs_clarification", resp.answer  # never the graph's 7 teams
    assert "**7 nodes**" not in (resp.answer or ""), resp.answer


def test_a_bound_in_the_other_sides_noun_counts_partners_and_top_repos_ranks_repos_only(
        tmp_path):
    repos = COMMITS.groupby("contributor").repo.nunique()
    resp = ask_table(tmp_path / "a", COMMITS, "Number of contributors who commit to 3 or more "
                     "repos?", KINDS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{(repos >= 3).sum()}** of {len(repos)} contributors"), \
        resp.answer
    totals = COMMITS.groupby("repo").commits.sum().sort_values(ascending=False)
    resp = ask_table(tmp_path / "b", COMMITS, "top 2 repos by total commits pls", KINDS)
    assert resp.status == "answered", resp.answer
    listed = resp.answer.split("Highest totals per node")[1]
    assert all(r in listed for r in totals.index[:2]), resp.answer
    assert "alice" not in listed, resp.answer  # a contributor is no repo
    resp = ask_table(tmp_path / "c", COMMITS, "how many repos does alice commit to?", KINDS)
    assert resp.status == "answered", resp.answer
    assert f"**{repos['alice']}** repositories" in resp.answer, resp.answer


def test_a_group_total_on_a_two_mode_graph_sums_the_edges_of_each_groups_members(tmp_path):
    hours = ROTA.merge(BANDS, on="nurse").groupby("band").hours.sum().sort_values(
        ascending=False)
    resp = ask_table(tmp_path, ROTA, "Could you total up the hours worked by band and tell me "
                     "which band is doing the most?", BANDS)
    assert resp.status == "answered", resp.answer
    for band, total in hours.items():
        assert f"**{band}** {total}" in resp.answer, resp.answer
    assert resp.answer.index(hours.index[0]) < resp.answer.index(hours.index[1]), resp.answer


def test_cut_points_asked_of_a_group_are_the_whole_graphs_cut_points_in_that_group(tmp_path):
    cuts = set(nx.articulation_points(_roads()))
    junctions = set(SITES[SITES.kind == "junction"].site)
    resp = ask_table(tmp_path / "a", ROADS, "Which junctions are single points of failure, i.e. "
                     "if one is closed some sites can't reach the others any more?", SITES)
    assert resp.status == "answered", resp.answer
    want = cuts & junctions
    assert resp.answer.startswith(f"**{len(want)}**"), resp.answer
    assert all(j in resp.answer for j in want), resp.answer
    assert not any(j in resp.answer for j in junctions - cuts), resp.answer
    resp = ask_table(tmp_path / "b", ROADS, "Which hospitals are single points of failure?",
                     SITES)
    assert resp.status == "answered" and resp.answer.startswith("**None**"), resp.answer


def test_an_age_of_each_patient_an_acronym_or_a_length_of_stay_no_column_holds_is_asked(
        tmp_path):
    for n, question in enumerate([
            "how many of the pts sent to Hospice were over 80?",
            "How many open CVEs does each ward have across its transfers?",
            "the average length of stay (in days) on each ward before patients got moved on — "
            "which ward keeps people longest?"]):
        resp = ask_table(tmp_path / str(n), TRANSFERS, question)
        assert resp.status == "needs_clarification", (question, resp.answer)
        assert "patients" in resp.answer, resp.answer  # what the data holds is named


def test_removal_disjoint_routes_and_triangle_share_said_in_a_domains_words(tmp_path):
    g = _roads()
    without = g.copy()
    without.remove_node("J2")
    lost = sorted(n for n in without if not nx.has_path(without, n, "Hosp_A"))
    resp = ask_table(tmp_path / "a", ROADS, "We're taking J2 down for resurfacing tonight. "
                     "Which sites would lose their route to Hosp_A while it's out?")
    assert resp.status == "answered", resp.answer
    assert all(f"**{n}**" in resp.answer or n in resp.answer for n in lost), resp.answer
    resp = ask_table(tmp_path / "b", ROADS, "How many fully separate routes (no road shared "
                     "between them) are there between J1 and J3? Checking the redundancy.")
    assert resp.status == "answered", resp.answer
    assert f"edge connectivity **{nx.edge_connectivity(g, 'J1', 'J3')}**" in resp.answer, \
        resp.answer
    resp = ask_table(tmp_path / "c", ROADS, "what fraction of connected site triples (a-b-c) "
                     "actually close into a triangle, network-wide?")
    assert resp.status == "answered", resp.answer
    assert f"**{nx.transitivity(g):.4f}**" in resp.answer, resp.answer


def test_closeness_the_largest_clique_and_a_groups_own_edges_said_in_a_domains_words(tmp_path):
    g = _roads()
    close = nx.closeness_centrality(g, distance="km")
    resp = ask_table(tmp_path / "a", ROADS, "Where should we base the coordinator so that, on "
                     "average, the drive to the other sites is as short as possible in km?")
    assert resp.status == "answered", resp.answer
    assert "closeness" in resp.answer and max(close, key=close.get) in resp.answer, resp.answer
    resp = ask_table(tmp_path / "b", ROADS, "biggest set of sites where every site has a "
                     "direct road to every other one in the set?")
    assert resp.status == "answered", resp.answer
    size = max(len(c) for c in nx.find_cliques(g))
    assert f"**{size} nodes**" in resp.answer, resp.answer
    kind = dict(SITES.itertuples(index=False))
    both = ROADS[(ROADS.site_a.map(kind) == "junction") & (ROADS.site_b.map(kind) == "junction")]
    resp = ask_table(tmp_path / "c", ROADS, "how many junction->junction rows are in the "
                     "table?", SITES)
    assert resp.status == "answered", resp.answer
    assert f"**{len(both)}** edge(s)" in resp.answer, resp.answer


def test_a_draw_said_as_a_result_asks_for_no_drawing(tmp_path):
    resp = ask_table(tmp_path, MATCHES, "whos top of the table rn? points pls, 3 for a win 1 "
                     "for a draw")
    assert "drawing" not in (resp.answer or "").lower(), resp.answer
    assert "visualize_subgraph" not in {e.tool for e in resp.evidence}, resp.evidence


def test_where_a_patient_can_end_up_is_reach_along_the_transfers(tmp_path):
    g = nx.from_pandas_edgelist(TRANSFERS, "from_ward", "to_ward", create_using=nx.DiGraph)
    resp = ask_table(tmp_path / "a", TRANSFERS, "can a patient who came in via Paeds ever end "
                     "up on Hospice? y/n")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if nx.has_path(g, "Paeds", "Hospice") else "**No**"), \
        resp.answer
    resp = ask_table(tmp_path / "b", TRANSFERS, "A child admitted to Paeds — following the "
                     "transfers, how many different wards could they possibly end up on "
                     "eventually?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(nx.descendants(g, 'Paeds'))}** wards"), resp.answer
    resp = ask_table(tmp_path / "c", TRANSFERS, "how many wards feed patients into Rehab, "
                     "directly or further back up the chain?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(nx.ancestors(g, 'Rehab'))}** wards"), resp.answer


def test_a_verb_named_target_column_counts_every_node_in_the_source_columns_noun(tmp_path):
    g = nx.from_pandas_edgelist(DEPS, "package", "requires", create_using=nx.DiGraph)
    resp = ask_table(tmp_path / "a", DEPS, "how many packages are we tracking in total?")
    assert resp.status == "answered", resp.answer
    assert f"**{g.number_of_nodes()} nodes**" in resp.answer, resp.answer
    top = sorted(n for n in g if g.in_degree(n) == 0)
    resp = ask_table(tmp_path / "b", DEPS, "which packages does nothing else depend on?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(top)}**") and all(n in resp.answer for n in top), \
        resp.answer


def test_how_far_by_road_on_a_plain_weight_reads_it_as_the_length(tmp_path):
    roads = ROADS.rename(columns={"site_a": "source", "site_b": "target", "km": "weight"})
    g = nx.from_pandas_edgelist(roads, "source", "target", "weight")
    resp = ask_table(tmp_path, roads, "How far is Hosp_A from Hosp_C by road?")
    assert resp.status == "answered", resp.answer
    want = nx.dijkstra_path_length(g, "Hosp_A", "Hosp_C", weight="weight")
    assert f"**{want} weight**" in resp.answer and "Taking `weight`" in resp.answer, resp.answer


def test_the_longest_or_average_shortest_route_is_a_path_figure_never_one_edges_value(tmp_path):
    g = _roads()
    lengths = dict(nx.all_pairs_dijkstra_path_length(g, weight="km"))
    longest = max(d for row in lengths.values() for d in row.values())
    resp = ask_table(tmp_path / "a", ROADS, "what is the longest shortest route in km?")
    assert resp.status == "answered", resp.answer
    assert f"**{longest} km**" in resp.answer and "one edge" not in resp.answer, resp.answer
    mean = nx.average_shortest_path_length(g, weight="km")
    resp = ask_table(tmp_path / "b", ROADS, "what is the average shortest route in km between "
                     "two sites?")
    assert resp.status == "answered", resp.answer
    assert f"**{mean:.4f} km**" in resp.answer and "per edge" not in resp.answer, resp.answer


def test_home_and_away_games_games_played_and_a_team_playing_itself_on_a_fixtures_table(
        tmp_path):
    g = nx.from_pandas_edgelist(MATCHES, "team_home", "team_away", create_using=nx.DiGraph)
    g.add_nodes_from(TEAMS.team)
    no_home = sorted(n for n in g if g.out_degree(n) == 0)
    assert len(no_home) == 2  # Eastwick only ever played away, Upton never played
    resp = ask_table(tmp_path / "a", MATCHES, "which teams haven't had a single home game yet",
                     TEAMS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(no_home)}**") and all(n in resp.answer for n in no_home), \
        resp.answer
    played = dict(g.degree())
    top = max(played, key=played.get)
    resp = ask_table(tmp_path / "b", MATCHES, "which club has played the most games?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{top}**") and f"**{played[top]}**" in resp.answer, resp.answer
    resp = ask_table(tmp_path / "c", TRANSFERS, "any ward in the table transferring patients to "
                     "itself? y/n")
    assert resp.status == "answered" and resp.answer.startswith("**No**"), resp.answer


def test_the_most_common_group_value_is_the_largest_group_on_a_directed_table(tmp_path):
    licenses = pd.DataFrame([("app", "MIT"), ("web", "MIT"), ("log", "MIT"), ("tls", "GPL"),
                             ("cli", "BSD"), ("crypto", "BSD")], columns=["package", "license"])
    for n, question in enumerate(["which license has the most packages?",
                                  "Which license are most of our packages under?",
                                  "what is the most common license?"]):
        resp = ask_table(tmp_path / str(n), DEPS, question, licenses)
        assert resp.status == "answered", (question, resp.answer)
        assert resp.answer.startswith("**MIT**") and "**3**" in resp.answer, (question, resp.answer)


def test_reach_a_tree_and_a_node_with_no_partner_said_about_a_person_on_the_ground(tmp_path):
    g = _roads()
    g.add_node("Island")
    sites = pd.concat([SITES, pd.DataFrame([("Island", "station")], columns=SITES.columns)])
    resp = ask_table(tmp_path / "a", ROADS, "can a paramedic drive from Hosp_A to Island on the "
                     "roads? y/n", sites)
    assert resp.status == "answered" and resp.answer.startswith("**No**"), resp.answer
    resp = ask_table(tmp_path / "b", ROADS, "Can a crew based in J1 drive to every site on our "
                     "list? yes or no", sites)
    assert resp.status == "answered" and resp.answer.startswith("**No**"), resp.answer
    assert "Island" in resp.answer, resp.answer
    resp = ask_table(tmp_path / "c", ROADS, "is the road map just a tree - no loops where a crew "
                     "could go round in a circle? y/n")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if nx.is_tree(_roads()) else "**No**"), resp.answer
    hops = nx.shortest_path_length(nx.from_pandas_edgelist(
        TRANSFERS, "from_ward", "to_ward", create_using=nx.DiGraph), "ED", "Hospice")
    resp = ask_table(tmp_path / "d", TRANSFERS, "fewest transfers needed to get a patient from "
                     "ED to Hospice?")
    assert resp.status == "answered" and f"**{hops} hop(s)**" in resp.answer, resp.answer
    seen = pd.DataFrame([("Amara", "Masuma", 6), ("Amara", "Shumba", 3), ("Bongani", "Shumba", 9)],
                        columns=["animal", "waterhole", "visits"])
    herd = pd.DataFrame([("Amara", "Mopane"), ("Bongani", "Mopane"), ("Kito", "Ngamo")],
                        columns=["animal", "herd"])
    resp = ask_table(tmp_path / "e", seen, "Is there any collared animal that never once shows "
                     "up at a waterhole? who?", herd)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**") and "Kito" in resp.answer, resp.answer
    assert "Amara" not in resp.answer, resp.answer


def test_a_closure_said_as_an_event_is_the_removal(tmp_path):
    g = _roads()
    without = g.copy()
    without.remove_node("J2")
    lost = sorted(n for n in without if not nx.has_path(without, n, "Hosp_A"))
    resp = ask_table(tmp_path / "a", ROADS, "Closing J2 — which sites would lose their road link "
                     "to Hosp_A?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("Without J2") and all(n in resp.answer for n in lost), resp.answer
    d = nx.from_pandas_edgelist(TRANSFERS, "from_ward", "to_ward", create_using=nx.DiGraph)
    d.remove_node("AMU")
    resp = ask_table(tmp_path / "b", TRANSFERS, "If AMU were closed, could patients arriving at "
                     "ED still end up on Rehab by some chain of transfers? y/n")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if nx.has_path(d, "ED", "Rehab") else "**No**"), \
        resp.answer
    seen = pd.DataFrame([("Amara", "Masuma", 6), ("Amara", "Shumba", 3), ("Jabali", "Ngweshla", 4)],
                        columns=["animal", "waterhole", "visits"])
    resp = ask_table(tmp_path / "c", seen, "Ngweshla is drying up fast. If it goes, which animal "
                     "is left with no waterhole at all?")
    assert resp.status == "answered", resp.answer
    assert "**Jabali**" in resp.answer and "Amara" not in resp.answer, resp.answer


def test_takes_in_from_the_most_wards_is_the_highest_in_degree(tmp_path):
    table = pd.concat([TRANSFERS, pd.DataFrame([("AMU", "Rehab", 5)], columns=TRANSFERS.columns)])
    g = nx.from_pandas_edgelist(table, "from_ward", "to_ward", create_using=nx.DiGraph)
    into = dict(g.in_degree())
    top = max(into, key=into.get)
    assert sorted(into.values()).count(into[top]) == 1
    resp = ask_table(tmp_path, table, "Which ward takes in patients from the largest number "
                     "of different wards?")
    assert resp.status == "answered", resp.answer
    assert f"**{top}**" in resp.answer and f"{top} ({into[top]})" in resp.answer, resp.answer


def test_the_farthest_site_a_nodes_road_total_and_betweenness_said_by_a_dispatcher(tmp_path):
    g = _roads()
    far = nx.single_source_dijkstra_path_length(g, "Hosp_A", weight="km")
    top = max(far, key=far.get)
    resp = ask_table(tmp_path / "a", ROADS, "from Hosp_A, which site is the longest drive away "
                     "(taking the fastest route each time)?")
    assert resp.status == "answered", resp.answer
    assert f"**{top}** at **{far[top]} km**" in resp.answer, resp.answer
    total = ROADS[(ROADS.site_a == "J2") | (ROADS.site_b == "J2")].km.sum()
    resp = ask_table(tmp_path / "b", ROADS, "Adding up every road segment that leaves J2, how many "
                     "km of road is that?")
    assert resp.status == "answered" and f"**{total}**" in resp.answer, resp.answer
    between = nx.betweenness_centrality(g, weight="km")
    best = max(between, key=between.get)
    resp = ask_table(tmp_path / "c", ROADS, "wich site lies on the most of the quickest (by "
                     "distance) routes between other sites?")
    assert resp.status == "answered", resp.answer
    assert "betweenness" in resp.answer and resp.answer.index(best) < 80, resp.answer


# docks and mechanics: visits; shifts of the mechanics only, districts of the docks only
SERVICE = pd.DataFrame([("Ana", "Central", 7), ("Ana", "Beach", 5), ("Bo", "Central", 6),
                        ("Bo", "Ferry", 4), ("Cy", "Labs", 3), ("Cy", "Beach", 2), ("Dee", "Ferry", 1)],
                       columns=["mechanic", "dock", "visits"])
PLACES = pd.DataFrame([("Ana", "early", None), ("Bo", "late", None), ("Cy", "early", None),
                       ("Dee", "late", None), ("Eve", "early", None), ("Central", None, "Centre"),
                       ("Beach", None, "Harbour"), ("Ferry", None, "Harbour"), ("Labs", None, "Campus"),
                       ("Mill", None, "Campus")], columns=["id", "shift", "district"])


def test_two_mode_sides_groups_and_filters_read_from_the_tables_columns(tmp_path):
    resp = ask_table(tmp_path / "a", SERVICE, "Out of all possible mechanic-dock pairings, what "
                     "fraction actually has at least one visit?", PLACES)
    assert resp.status == "answered", resp.answer
    share = len(SERVICE) / (5 * 5)  # 5 mechanics (Eve in none) x 5 docks (Mill in none)
    assert f"**{share:.4f}**" in resp.answer and "5 × 5" in resp.answer, resp.answer
    district = dict(PLACES.dropna(subset=["district"])[["id", "district"]].itertuples(index=False))
    per = SERVICE.assign(d=SERVICE.dock.map(district)).groupby("d").visits.sum()
    resp = ask_table(tmp_path / "b", SERVICE, "Which district's docks get the most mechanic "
                     "visits?", PLACES)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{per.idxmax()}** has the most visits: **{per.max()}**"), \
        resp.answer
    early = {"Ana", "Cy"}
    top = SERVICE[SERVICE.mechanic.isin(early)].groupby("mechanic").visits.sum()
    resp = ask_table(tmp_path / "c", SERVICE, "which early-shift mechanic logged the most "
                     "visits?", PLACES)
    assert resp.status == "answered", resp.answer
    assert "shift = early" in resp.answer and f"**{top.idxmax()}**" in resp.answer, resp.answer
    assert "Bo" not in resp.answer.split(".")[0], resp.answer
    resp = ask_table(tmp_path / "d", SERVICE, "which night-shift mechanic logged the most "
                     "visits?", PLACES)
    assert resp.status == "needs_clarification" and "night" in resp.answer, resp.answer


def test_what_no_column_holds_or_a_count_inside_a_node_is_asked_not_answered(tmp_path):
    trips = pd.DataFrame([("Station", "Quayside", 27), ("Quayside", "Station", 21),
                          ("Station", "Beach", 9)], columns=["start_dock", "end_dock", "rides"])
    resp = ask_table(tmp_path / "a", trips, "what's the average ride time from Station to "
                     "Quayside?")
    assert resp.status == "needs_clarification", resp.answer
    assert "rides" in resp.answer and "hop" not in resp.answer, resp.answer
    lessons = pd.DataFrame([("Khan", "10A", 4), ("Khan", "9B", 3), ("Lee", "10A", 5)],
                           columns=["teacher", "class", "periods_per_week"])
    resp = ask_table(tmp_path / "b", lessons, "How many pupils are there in 10A? I need it for "
                     "the exam seating plan.")
    assert resp.status == "needs_clarification", resp.answer
    assert "**5 nodes**" not in resp.answer and "**4 nodes**" not in resp.answer, resp.answer


def test_edges_of_a_group_transitivity_ignoring_direction_and_the_centre(tmp_path):
    kind = dict(SITES.itertuples(index=False))
    out = ROADS[(ROADS.site_a.map(kind) == "junction") != (ROADS.site_b.map(kind) == "junction")]
    resp = ask_table(tmp_path / "a", ROADS, "how many roads connect the junction sites to some "
                     "other kind", SITES)
    assert resp.status == "answered", resp.answer
    assert f"**{len(out)}** edge(s) to other kind groups" in resp.answer, resp.answer
    mail = pd.DataFrame([("Ann", "Bob", 3), ("Bob", "Ann", 2), ("Bob", "Cat", 4), ("Cat", "Ann", 1),
                         ("Cat", "Dan", 2), ("Dan", "Eve", 5), ("Eve", "Dan", 1), ("Dan", "Cat", 2)],
                        columns=["sender", "recipient", "emails"])
    g = nx.from_pandas_edgelist(mail, "sender", "recipient", create_using=nx.DiGraph)
    resp = ask_table(tmp_path / "b", mail, "Treating the email links as undirected, what is the "
                     "transitivity (global clustering) of the staff network?")
    assert resp.status == "answered", resp.answer
    assert f"**{nx.transitivity(g.to_undirected()):.4f}**" in resp.answer, resp.answer
    u = _roads()
    resp = ask_table(tmp_path / "c", ROADS, "radius of the road network in number of roads, and "
                     "which site is the centre?")
    assert resp.status == "answered", resp.answer
    assert f"**{nx.radius(u)} hops**" in resp.answer, resp.answer
    assert all(f"**{n}**" in resp.answer for n in nx.center(u)), resp.answer
