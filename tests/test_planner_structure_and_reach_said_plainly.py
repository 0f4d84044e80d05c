"""Structure, reach and counting questions said the way people say them, which had no
analysis or the wrong one: nodes with no tie ("neither lent nor borrowed", "isn't attached to
anything", "with no road to any other depot", "zero memos either way"), the transitivity with
placeholder letters, the cut points of someone retiring, self-loops ("start and end at the
same depot"), a two-colouring ("split into two sets so every road runs between them",
"cleanly two-sided"), the girth "(no U-turns)", the degree correlation, a whole graph "linked
up", a directed graph "ignoring who wrote to whom", what is above or below a node "in the
chain", what one node writes reaching another, a node named in the plural or with an
underscore typed in lower case, "the French depots" (an irregular adjective), "how many
zones are our depots in", "full professors" (a value of two words in the plural), "co-author
partners", "how big is the network - how many …", "I'm in first year - …". Each is checked
against networkx or pandas on tables of its own."""

from __future__ import annotations

import networkx as nx
import pandas as pd
from planner_support import ask_table

# loans of vans between depots (one way); the node table gives each depot's country
VANS = pd.DataFrame([("Arles", "Bremen", 3), ("Bremen", "Arles", 1), ("Bremen", "Calais", 2),
                     ("Calais", "Dover", 4), ("Dover", "Calais", 2), ("Dover", "Essen", 1)],
                    columns=["lender", "borrower", "vans"])
COUNTRIES = pd.DataFrame([("Arles", "France"), ("Bremen", "Germany"), ("Calais", "France"),
                          ("Dover", "UK"), ("Essen", "Germany"), ("Faro", "Portugal")],
                         columns=["depot", "country"])
# roads between depots, km
ROADS = pd.DataFrame([("Alba", "Brig", 4), ("Brig", "Cove", 3), ("Cove", "Alba", 5),
                      ("Cove", "Dunn", 6), ("Dunn", "Eyre", 2), ("Eyre", "Fife", 7),
                      ("Fife", "Dunn", 3), ("Fife", "Gask", 2)], columns=["depot_a", "depot_b", "km"])
ZONES = pd.DataFrame([(d, z) for d, z in zip("Alba Brig Cove Dunn Eyre Fife Gask Holm".split(),
                                            "N N N S S S S S".split(), strict=True)],
                     columns=["depot", "zone"])
# who eats whom: predator -> prey
EATS = pd.DataFrame([("owl", "vole"), ("owl", "shrew"), ("fox", "vole"), ("fox", "rabbit"),
                     ("shrew", "beetle"), ("eagle", "fox"), ("eagle", "rabbit")],
                    columns=["predator", "prey"])
# memos between staff; a two-mode table of staff and committees
MEMOS = pd.DataFrame([("Pia", "Quin", 2), ("Quin", "Rae", 1), ("Rae", "Sol", 4),
                      ("Tam", "Pia", 1)], columns=["sender", "recipient", "memos"])
SEATS = pd.DataFrame([("Uma", "Audit"), ("Uma", "Budget"), ("Vic", "Budget"), ("Wes", "Audit")],
                     columns=["member", "committee"])


def _graph(df: pd.DataFrame) -> nx.Graph:
    return nx.Graph(list(zip(df.iloc[:, 0], df.iloc[:, 1], strict=True)))


def test_a_node_with_no_tie_said_in_many_ways_is_found(tmp_path):
    for n, (edges, nodes, question, lonely) in enumerate((
            (VANS, COUNTRIES, "which depots neither lent nor borrowed anything?", "Faro"),
            (VANS, COUNTRIES, "who or what isn't attached to anything in the vans data?", "Faro"),
            (ROADS, ZONES, "is there any depot with no road to any other depot at all?", "Holm"),
            (VANS, COUNTRIES, "Anyone in the depot list with zero vans either way?", "Faro"))):
        resp = ask_table(tmp_path / str(n), edges, question, nodes)
        assert resp.status == "answered", (question, resp.answer)
        assert "**1** of" in resp.answer and f"{lonely} (0)" in resp.answer, (question, resp.answer)


def test_the_transitivity_asked_with_placeholder_letters(tmp_path):
    resp = ask_table(tmp_path, ROADS, "if depot A has a road to B and to C, how often do B and C "
                     "have a road to each other too? one number for the whole map")
    assert resp.status == "answered", resp.answer
    assert f"**{nx.transitivity(_graph(ROADS)):.4f}**" in resp.answer, resp.answer


def test_who_would_cut_someone_off_by_leaving_is_a_cut_point(tmp_path):
    cut = sorted(nx.articulation_points(_graph(ROADS)))
    for n, question in enumerate((
            "If one depot closed, could that leave some other depot with no road route to the "
            "rest? Which depot would that be?",
            "which depots, if they closed and trucks couldn't pass through them, would split "
            "the road network?")):
        resp = ask_table(tmp_path / str(n), ROADS, question)
        assert resp.status == "answered", (question, resp.answer)
        assert all(c in resp.answer for c in cut), (question, resp.answer)


def test_self_loops_two_colourings_and_the_girth_in_plain_words(tmp_path):
    g = _graph(ROADS)
    resp = ask_table(tmp_path / "a", ROADS, "any roads in the table that start and end at the "
                     "same depot? y/n")
    assert resp.answer.startswith("**No**") and "self-loop" in resp.answer, resp.answer
    resp = ask_table(tmp_path / "b", ROADS, "Could the depots be split into two sets so that "
                     "every road runs between the sets, never inside one? y/n")
    assert resp.answer.startswith("**No**" if not nx.is_bipartite(g) else "**Yes**"), resp.answer
    resp = ask_table(tmp_path / "c", SEATS, "y/n - is the seats table cleanly two-sided, "
                     "members only ever linked to committees?")
    assert resp.answer.startswith("**Yes**"), resp.answer
    resp = ask_table(tmp_path / "d", ROADS, "shortest loop a driver can do and end up back where "
                     "they started - how many road segments is it (no U-turns)?")
    assert resp.status == "answered" and f"**{nx.girth(g)}** edges" in resp.answer, resp.answer


def test_a_graph_linked_up_said_plainly_is_its_connectivity(tmp_path):
    resp = ask_table(tmp_path / "a", ROADS, "is the whole map linked up?", ZONES)
    assert resp.answer.startswith("**No**") and "Holm" in resp.answer, resp.answer
    resp = ask_table(tmp_path / "b", MEMOS, "Ignoring who wrote to whom, is the whole staff "
                     "linked up through memos? y/n")
    assert resp.answer.startswith("**Yes**"), resp.answer


def test_what_is_above_or_below_a_node_in_the_chain_follows_the_edges(tmp_path):
    g = nx.DiGraph(list(zip(EATS.predator, EATS.prey, strict=True)))
    resp = ask_table(tmp_path / "a", EATS, "How many species are above the vole in the food "
                     "chain?")
    assert resp.status == "answered", resp.answer
    assert f"**{len(nx.ancestors(g, 'vole'))}**" in resp.answer, resp.answer
    resp = ask_table(tmp_path / "b", EATS, "how many species sit somewhere below the eagle in "
                     "the food chain - things eagles eat, things those eat, and so on down?")
    assert resp.status == "answered", resp.answer
    assert f"**{len(nx.descendants(g, 'eagle'))}**" in resp.answer, resp.answer
    resp = ask_table(tmp_path / "c", EATS, "what eats voles around here?")
    assert resp.status == "answered", resp.answer
    assert all(p in resp.answer for p in g.predecessors("vole")), resp.answer


def test_what_one_node_writes_reaching_another_is_a_path_along_the_edges(tmp_path):
    g = nx.DiGraph(list(zip(MEMOS.sender, MEMOS.recipient, strict=True)))
    for n, (a, b) in enumerate((("Pia", "Sol"), ("Sol", "Pia"))):
        resp = ask_table(tmp_path / str(n), MEMOS, f"If people pass memos along, could something "
                         f"{a} writes end up with {b}? y/n")
        assert resp.answer.startswith("**Yes**" if nx.has_path(g, a, b) else "**No**"), \
            resp.answer


def test_an_id_with_an_underscore_typed_in_lower_case_is_looked_up(tmp_path):
    roads = pd.DataFrame([("Stn_North", "J1", 3), ("J1", "Hosp_East", 4), ("Stn_North", "J2", 2),
                          ("J2", "Hosp_East", 9)], columns=["site_a", "site_b", "km"])
    resp = ask_table(tmp_path, roads, "shortest drive stn_north to hosp_east, km?")
    assert resp.status == "answered", resp.answer
    assert "**7 km**" in resp.answer, resp.answer


def test_group_values_said_as_people_plurals_and_irregular_adjectives(tmp_path):
    sent = VANS.merge(COUNTRIES, left_on="lender", right_on="depot")
    french = int(sent[sent.country == "France"].vans.sum())
    resp = ask_table(tmp_path / "a", VANS, "how many vans did the French depots lend in total?",
                     COUNTRIES)
    assert resp.status == "answered" and f"**{french}**" in resp.answer, resp.answer
    resp = ask_table(tmp_path / "b", VANS, "how many different countries are our depots in?",
                     COUNTRIES)
    assert f"**{COUNTRIES.country.nunique()}** countries" in resp.answer, resp.answer
    staff = pd.DataFrame([("Kim", "Lou", 2), ("Kim", "Max", 1), ("Lou", "Ned", 3)],
                         columns=["prof_a", "prof_b", "papers"])
    ranks = pd.DataFrame([("Kim", "Full Professor"), ("Lou", "Associate Professor"),
                          ("Max", "Full Professor"), ("Ned", "Lecturer")], columns=["prof", "rank"])
    resp = ask_table(tmp_path / "c", staff, "how many full professors are there?", ranks)
    assert resp.status == "answered" and "**2 nodes** match rank = Full Professor" in resp.answer, \
        resp.answer
    resp = ask_table(tmp_path / "d", staff, "avg number of co-authorship partners per prof?", ranks)
    mean = 2 * len(staff) / len(ranks)
    assert resp.status == "answered" and f"**{mean:g}**" in resp.answer, resp.answer


def test_a_preamble_about_the_asker_or_the_size_asks_nothing_of_its_own(tmp_path):
    g = nx.DiGraph(list(zip(VANS.lender, VANS.borrower, strict=True)))
    g.add_nodes_from(COUNTRIES.depot)
    resp = ask_table(tmp_path / "a", VANS, "how big is the network - how many depots and how many "
                     "loan links?", COUNTRIES)
    assert resp.status == "answered", resp.answer
    assert f"**{g.number_of_nodes()} nodes** and **{g.number_of_edges()} edges**" in resp.answer, \
        resp.answer
    resp = ask_table(tmp_path / "b", VANS, "I'm in first year logistics - which depots never "
                     "borrowed a van?", COUNTRIES)
    assert resp.status == "answered", resp.answer
    assert "dates" not in resp.answer and "Arles" not in resp.answer.split(":")[-1], resp.answer


def test_two_nodes_named_first_are_what_between_them_means(tmp_path):
    g = _graph(ROADS)
    for u, v, w in ROADS.itertuples(index=False):
        g[u][v]["km"] = w
    km = nx.shortest_path_length(g, "Alba", "Eyre", weight="km")
    resp = ask_table(tmp_path, ROADS, "We're doing Alba then Eyre back to back. What's the "
                     "quickest drive between them, in km?")
    assert resp.status == "answered" and f"**{km:g} km**" in resp.answer, resp.answer


def test_one_row_and_one_nodes_ties_said_in_a_domains_words(tmp_path):
    cast = pd.DataFrame([("Ada", "Hamlet", 12), ("Bo", "Hamlet", 30), ("Bo", "Godot", 8)],
                        columns=["actor", "production", "performances"])
    kinds = pd.DataFrame([("Ada", "actor"), ("Bo", "actor"), ("Cy", "actor"),
                          ("Hamlet", "production"), ("Godot", "production")],
                         columns=["id", "kind"])
    resp = ask_table(tmp_path / "a", cast, "which actor + production combo has the highest "
                     "number of performances?", kinds)
    assert resp.status == "answered" and "**30**" in resp.answer and "Bo" in resp.answer, \
        resp.answer
    resp = ask_table(tmp_path / "b", cast, "has Cy been cast in anything yet? y/n", kinds)
    assert resp.answer.startswith("**No**"), resp.answer
    resp = ask_table(tmp_path / "c", cast, "how many actors do we have in the company altogether "
                     "(not productions, just actors)", kinds)
    assert resp.status == "answered" and "**3** actors" in resp.answer, resp.answer


def test_neither_citing_nor_cited_is_no_edge_either_way(tmp_path):
    cites = pd.DataFrame([("p1", "p2"), ("p2", "p3"), ("p4", "p2")],
                         columns=["citing_paper", "cited_paper"])
    papers = pd.DataFrame([(p, "x") for p in ("p1", "p2", "p3", "p4", "p5")],
                          columns=["paper", "field"])
    resp = ask_table(tmp_path, cites, "How many papers neither cite anything nor get cited here?",
                     papers)
    assert resp.status == "answered" and "**1** of 5" in resp.answer and "p5" in resp.answer, \
        resp.answer


def test_reach_and_neighbours_asked_without_a_question_word(tmp_path):
    g = _graph(ROADS)
    resp = ask_table(tmp_path / "a", ROADS, "depots we can drive to directly from Dunn (one road)?")
    assert resp.status == "answered", resp.answer
    assert all(n in resp.answer for n in g["Dunn"]) and "Alba" not in resp.answer, resp.answer
    resp = ask_table(tmp_path / "b", ROADS, "Alba to Holm by road - possible? y/n", ZONES)
    assert resp.answer.startswith("**No**"), resp.answer
    d = nx.DiGraph(list(zip(MEMOS.sender, MEMOS.recipient, strict=True)))
    resp = ask_table(tmp_path / "c", MEMOS, "how many ppl can tam's memos eventually reach if "
                     "each recipient passes them on?")
    assert resp.status == "answered", resp.answer
    assert f"**{len(nx.descendants(d, 'Tam'))}**" in resp.answer, resp.answer
    left = set(nx.node_connected_component(g, "Brig")) - set(
        nx.node_connected_component(g.subgraph(set(g) - {"Cove"}), "Brig")) - {"Cove"}
    resp = ask_table(tmp_path / "d", ROADS, "If Cove pulls out and we can't route through it, "
                     "which depots could we no longer reach from Brig?")
    assert resp.status == "answered", resp.answer
    assert all(f"**{n}**" in resp.answer for n in left), resp.answer


def test_a_closure_told_as_news_is_the_removal_the_question_builds_on(tmp_path):
    g = _graph(ROADS)
    before = set(nx.node_connected_component(g, "Alba"))
    after = set(nx.node_connected_component(g.subgraph(set(g) - {"Dunn"}), "Alba"))
    resp = ask_table(tmp_path, ROADS, "Dunn depot is shutting for the winter and you can't drive "
                     "through it. Which depots would then be cut off from Alba?")
    assert resp.status == "answered" and resp.answer.startswith("Without Dunn"), resp.answer
    assert all(f"**{n}**" in resp.answer for n in before - after - {"Dunn"}), resp.answer
