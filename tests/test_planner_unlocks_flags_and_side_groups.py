"""Questions in users' own words that were answered with another analysis, or with part of
what they ask: prerequisites on a table whose second column says what a course unlocks
(``course,unlocks``: the prerequisites come in), a mean in-degree answered with a ranking, the
longest chain counted in its nodes, a ranking by everything downstream; a yes/no column named
as an adjective ("bonded warehouses", "non-bonded"), a numeric column said as an ordinal
("first-floor rooms"), a side of a two-mode graph whose sides both hold the grouped attribute
("the photography curators", "the host country of the competitions"); edge rows counted by
their value ("pairs that share a single student"), a mean per row asked in the row's noun,
"PhD students" on a ``students`` column, a count of the people who send to a node (its
in-degree, never the sum of what they sent), a node's partners either way, two nodes' common
neighbours, the degree correlation and the triangles in a domain's words, and what no column
holds (a price, a length in months, step-free access). Each is checked against networkx or
pandas on tables of its own."""

from __future__ import annotations

import networkx as nx
import pandas as pd
from planner_support import ask_table

# training modules: a module -> the module it unlocks; the node table gives each module's track
UNLOCKS = pd.DataFrame([("Intro", "Basics"), ("Intro", "Safety"), ("Basics", "Tools"),
                        ("Safety", "Tools"), ("Tools", "Rigging"), ("Safety", "Rigging"),
                        ("Rigging", "Lead"), ("Basics", "Lead")],
                       columns=["module", "unlocks"])
TRACKS = pd.DataFrame([("Intro", "core"), ("Basics", "core"), ("Safety", "core"),
                       ("Tools", "crew"), ("Rigging", "crew"), ("Lead", "crew"),
                       ("Firstaid", "core")], columns=["module", "track"])
# depots and their roads, km; the node table flags which are refrigerated
ROADS = pd.DataFrame([("Alba", "Brig", 4), ("Brig", "Cove", 3), ("Cove", "Alba", 5),
                      ("Cove", "Dunn", 6), ("Dunn", "Eyre", 2), ("Eyre", "Fife", 7),
                      ("Fife", "Dunn", 3)], columns=["depot_a", "depot_b", "km"])
DEPOTS = pd.DataFrame([("Alba", "North", "yes"), ("Brig", "North", "no"), ("Cove", "North", "yes"),
                       ("Dunn", "South", "yes"), ("Eyre", "South", "no"), ("Fife", "South", "no"),
                       ("Gask", "South", "yes")], columns=["depot", "zone", "refrigerated"])
# chefs cooking at festivals; both kinds of node carry a region
COOKED = pd.DataFrame([("ana", "Harvest", 3), ("ana", "Tide", 2), ("bo", "Harvest", 5),
                       ("cy", "Tide", 4), ("cy", "Frost", 1), ("di", "Frost", 6)],
                      columns=["chef", "festival", "dishes"])
KINDS = pd.DataFrame([("ana", "chef", "Coast"), ("bo", "chef", "Hills"), ("cy", "chef", "Coast"),
                      ("di", "chef", "Hills"), ("Harvest", "festival", "Hills"),
                      ("Tide", "festival", "Coast"), ("Frost", "festival", "Coast")],
                     columns=["id", "kind", "region"])
# referees who officiated together, games shared
PANELS = pd.DataFrame([("Kim", "Lou", 1), ("Kim", "Max", 3), ("Lou", "Max", 1),
                       ("Max", "Ned", 2), ("Ned", "Oli", 1)], columns=["ref_a", "ref_b", "games"])
# memos between staff
MEMOS = pd.DataFrame([("Pia", "Quin", 2), ("Quin", "Pia", 1), ("Rae", "Quin", 4),
                      ("Sol", "Quin", 1), ("Quin", "Tam", 3), ("Rae", "Sol", 2)],
                     columns=["sender", "recipient", "memos"])


def _digraph(df: pd.DataFrame) -> nx.DiGraph:
    return nx.DiGraph(list(zip(df.iloc[:, 0], df.iloc[:, 1], strict=True)))


def test_prerequisites_on_an_unlocks_table_are_what_comes_in(tmp_path):
    g = _digraph(UNLOCKS)
    g.add_nodes_from(TRACKS.module)
    most = max(g, key=g.in_degree)
    resp = ask_table(tmp_path / "a", UNLOCKS, "which module has the most direct prerequisites?",
                     TRACKS)
    assert resp.status == "answered", resp.answer
    assert f"**{most}**" in resp.answer.split(";")[0], resp.answer
    none = sorted(n for n in g if g.in_degree(n) == 0)
    resp = ask_table(tmp_path / "b", UNLOCKS, "how many modules have no prerequisites at all?",
                     TRACKS)
    assert resp.status == "answered" and f"**{len(none)}**" in resp.answer, resp.answer
    assert all(n in resp.answer for n in none), resp.answer
    mean = g.number_of_edges() / g.number_of_nodes()
    resp = ask_table(tmp_path / "c", UNLOCKS, "On average, how many direct prerequisites does "
                     "a module have?", TRACKS)
    assert resp.status == "answered", resp.answer
    assert f"**{round(mean, 4):g}**" in resp.answer and "mean in-degree" in resp.answer, resp.answer


def test_what_a_node_eventually_opens_up_and_needs_first_follow_the_chain(tmp_path):
    g = _digraph(UNLOCKS)
    resp = ask_table(tmp_path / "a", UNLOCKS, "How many modules does Basics eventually open up, "
                     "directly or further down the line?")
    assert resp.status == "answered", resp.answer
    assert f"**{len(nx.descendants(g, 'Basics'))}**" in resp.answer, resp.answer
    resp = ask_table(tmp_path / "b", UNLOCKS, "if I want to take Lead, how many modules do I "
                     "have to have done before it (prereqs of prereqs included)?")
    assert resp.status == "answered", resp.answer
    assert f"**{len(nx.ancestors(g, 'Lead'))}**" in resp.answer, resp.answer


def test_the_longest_chain_counted_in_modules_and_a_ranking_by_what_depends_on_each(tmp_path):
    g = _digraph(UNLOCKS)
    depth = nx.dag_longest_path_length(g)
    resp = ask_table(tmp_path / "a", UNLOCKS, "how many modules are in the longest chain of "
                     "prereqs (counting the first and last module)?")
    assert resp.status == "answered", resp.answer
    assert f"**{depth + 1}** nodes" in resp.answer, resp.answer
    top = sorted(g, key=lambda n: (-len(nx.descendants(g, n)), n))[:2]
    resp = ask_table(tmp_path / "b", UNLOCKS, "list the top 2 modules by how many later modules "
                     "depend on them (directly or indirectly)")
    assert resp.status == "answered", resp.answer
    assert all(f"**{n}** ({len(nx.descendants(g, n))})" in resp.answer for n in top), resp.answer
    resp = ask_table(tmp_path / "c", UNLOCKS, "Can every module be put in some order where each "
                     "prerequisite comes before the module it unlocks? y/n")
    assert resp.answer.startswith("**Yes**"), resp.answer


def test_a_yes_no_column_said_as_an_adjective_filters_on_its_yes_or_no(tmp_path):
    cold = DEPOTS[DEPOTS.refrigerated == "yes"]
    resp = ask_table(tmp_path / "a", ROADS, "how many refrigerated depots are there in the South "
                     "zone?", DEPOTS)
    south = cold[cold.zone == "South"].depot
    assert resp.status == "answered" and f"**{len(south)}**" in resp.answer, resp.answer
    assert all(d in resp.answer for d in south), resp.answer
    g = nx.Graph(list(zip(ROADS.depot_a, ROADS.depot_b, strict=True)))
    warm = set(DEPOTS[DEPOTS.refrigerated == "no"].depot)
    best = max(sorted(warm), key=g.degree)
    resp = ask_table(tmp_path / "b", ROADS, "which non-refrigerated depot has the most roads?",
                     DEPOTS)
    assert resp.status == "answered" and "refrigerated = no" in resp.answer, resp.answer
    assert best in resp.answer and "Cove" not in resp.answer, resp.answer


def test_an_ordinal_on_a_numeric_column_is_its_number_and_a_phrase_is_no_value(tmp_path):
    rooms = pd.DataFrame([("Hall", "Cafe", 30), ("Cafe", "Shop", 20), ("Hall", "Stair", 15),
                          ("Stair", "Gallery", 15), ("Gallery", "Prints", 25),
                          ("Gallery", "Study", 10), ("Prints", "Study", 12)],
                         columns=["room_a", "room_b", "walk_secs"])
    floors = pd.DataFrame([("Hall", 1), ("Cafe", 1), ("Shop", 1), ("Stair", 1), ("Gallery", 2),
                           ("Prints", 2), ("Study", 2)], columns=["room", "floor"])
    resp = ask_table(tmp_path / "a", rooms, "how many second-floor rooms are there?", floors)
    assert resp.status == "answered" and "**3 nodes** match floor = 2" in resp.answer, resp.answer
    resp = ask_table(tmp_path / "b", rooms, "How many spots in the floor plan are there where "
                     "three rooms all open directly onto each other?", floors)
    triangles = sum(nx.triangles(nx.Graph(list(zip(rooms.room_a, rooms.room_b,
                                                   strict=True)))).values()) // 3
    assert resp.status == "answered" and f"**{triangles} triangle" in resp.answer, resp.answer


def test_a_group_of_one_side_counts_and_totals_only_that_sides_nodes(tmp_path):
    resp = ask_table(tmp_path / "a", COOKED, "how many Coast chefs do we have?", KINDS)
    coast = KINDS[(KINDS.kind == "chef") & (KINDS.region == "Coast")].id
    assert resp.status == "answered" and f"**{len(coast)}**" in resp.answer, resp.answer
    assert "Tide" not in resp.answer, resp.answer
    fest = dict(zip(KINDS.id, KINDS.region, strict=True))
    per = COOKED.assign(region=COOKED.festival.map(fest)).groupby("region").dishes.sum()
    resp = ask_table(tmp_path / "b", COOKED, "Which host region saw the most dishes cooked, "
                     "adding up all the festivals held there?", KINDS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{per.idxmax()}** has the most dishes: **{per.max()}**"), \
        resp.answer


def test_rows_counted_by_their_value_and_a_mean_per_row_in_the_rows_noun(tmp_path):
    ones = int((PANELS.games == 1).sum())
    resp = ask_table(tmp_path / "a", PANELS, "how many refereeing pairs share just a single "
                     "game?")
    assert resp.status == "answered" and f"**{ones}** of {len(PANELS)} edges" in resp.answer, \
        resp.answer
    resp = ask_table(tmp_path / "b", PANELS, "On average, how many games does a pairing last?")
    assert resp.answer.startswith(f"The mean games per edge is **{PANELS.games.mean():g}**"), \
        resp.answer
    resp = ask_table(tmp_path / "c", PANELS, "how many Premier games were refereed in total, "
                     "summing over all the pairs?")
    assert resp.status == "answered" and f"**{PANELS.games.sum()}**" in resp.answer, resp.answer


def test_the_people_who_send_to_a_node_are_counted_not_what_they_sent(tmp_path):
    g = _digraph(MEMOS)
    resp = ask_table(tmp_path / "a", MEMOS, "how many different people send memos to Quin?")
    assert resp.status == "answered" and f"in-degree **{g.in_degree('Quin')}**" in resp.answer, \
        resp.answer
    resp = ask_table(tmp_path / "b", MEMOS, "how many people does Quin send memos to?")
    assert f"out-degree **{g.out_degree('Quin')}**" in resp.answer, resp.answer
    partners = set(g.predecessors("Quin")) | set(g.successors("Quin"))
    resp = ask_table(tmp_path / "c", MEMOS, "how many different people has Quin exchanged memos "
                     "with (either way, count each person once)")
    assert resp.status == "answered", resp.answer
    assert f"**{len(partners)}** distinct neighbour" in resp.answer, resp.answer


def test_two_nodes_common_neighbours_are_both_nodes_never_one(tmp_path):
    g = nx.Graph(list(zip(ROADS.depot_a, ROADS.depot_b, strict=True)))
    shared = sorted(nx.common_neighbors(g, "Cove", "Eyre"))
    for n, question in enumerate(("What are the common neighbours of Cove and Eyre?",
                                  "which depots are one road away from both Cove and Eyre")):
        resp = ask_table(tmp_path / str(n), ROADS, question)
        assert resp.status == "answered", (question, resp.answer)
        assert f"share **{len(shared)}** neighbour" in resp.answer, (question, resp.answer)


def test_the_degree_correlation_said_in_a_domains_words_is_the_assortativity(tmp_path):
    r = nx.degree_assortativity_coefficient(nx.Graph(list(zip(ROADS.depot_a, ROADS.depot_b,
                                                              strict=True))))
    resp = ask_table(tmp_path, ROADS, "Do the busy depots (lots of roads) tend to connect to other "
                     "busy ones, or to dead ends? Give me the degree correlation.")
    assert resp.status == "answered", resp.answer
    assert f"**{r:.4f}**" in resp.answer, resp.answer


def test_what_no_column_holds_is_asked_however_it_is_said(tmp_path):
    for n, (edges, question, what) in enumerate((
            (MEMOS, "what did Quin pay per memo on average? need it for the budget", "pay"),
            (ROADS, "average road length in months for the roads out of Cove?", "length in months"),
            (ROADS, "fastest step-free route from Alba to Fife for a wheelchair user pls", "step-free"))):
        resp = ask_table(tmp_path / str(n), edges, question)
        assert resp.status == "needs_clarification", (question, resp.answer)
        assert f"Nothing in the data holds {what}" in resp.answer, (question, resp.answer)
