"""Questions in users' own words that got another analysis's answer: loops of a length
("closed rings of three or more apiaries", "a three-show promo loop", their members named),
the ends of a directed table told in its own words ("never been sent out" on ``sent_team``,
"never promoted by a different show" past a self-loop, "get no deliveries", "take deliveries
but never send"), a group at the object of the source's verb ("promoting History shows"),
"anyone on the list who isn't rostered on any vessel", a clustering bound said with "a …
coefficient of at least", a column's own unit ("crates per month"), a day named ("this
saturday"), a kind of distance ("as the bee flies"), stress in capitals ("OUT"), and the
bridge edges named. Each is checked against networkx on tables of its own."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

# splits sent from one apiary to another (frames); a self-loop at Fox; apiaries in parishes
SPLITS = pd.DataFrame([("Ash", "Bee", 3), ("Bee", "Cob", 2), ("Cob", "Ash", 4), ("Cob", "Dun", 1),
                       ("Dun", "Elm", 2), ("Elm", "Dun", 5), ("Fox", "Fox", 2), ("Fox", "Gap", 3),
                       ("Gap", "Hob", 1), ("Hob", "Ivy", 2), ("Ivy", "Gap", 6), ("Jay", "Ash", 2),
                       ("Cob", "Lee", 3)],
                      columns=["from_apiary", "to_apiary", "frames"])
PARISHES = pd.DataFrame([("Ash", "North"), ("Bee", "North"), ("Cob", "South"), ("Dun", "South"),
                         ("Elm", "West"), ("Fox", "West"), ("Gap", "North"), ("Hob", "South"),
                         ("Ivy", "West"), ("Jay", "West"), ("Kip", "South"), ("Lee", "North")],
                        columns=["apiary", "parish"])
# crew rostered on vessels; one crew member is on no vessel
ROSTER = pd.DataFrame([("Ann", "Gannet", 5), ("Bea", "Gannet", 3), ("Bea", "Puffin", 2),
                       ("Cal", "Puffin", 4), ("Dot", "Tern", 6), ("Ann", "Tern", 1)],
                      columns=["crew", "vessel", "shifts"])
CREW = pd.DataFrame([("Ann", "crew"), ("Bea", "crew"), ("Cal", "crew"), ("Dot", "crew"),
                     ("Eve", "crew"), ("Gannet", "vessel"), ("Puffin", "vessel"),
                     ("Tern", "vessel")], columns=["id", "kind"])


def _splits() -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_weighted_edges_from(SPLITS.itertuples(index=False), weight="frames")
    g.add_nodes_from(PARISHES.apiary)
    nx.set_node_attributes(g, dict(PARISHES.itertuples(index=False)), "parish")
    return g


def test_loops_of_three_or_more_are_counted_and_named_never_a_degree_threshold(tmp_path):
    g = _splits()
    long = [c for c in nx.simple_cycles(g) if len(c) >= 3]
    assert len(long) != len(list(nx.simple_cycles(g)))
    resp = ask_table(tmp_path / "a", SPLITS, "are there any closed rings of three or more "
                     "apiaries where splits go round and come back to where they started? how "
                     "many such rings", PARISHES)
    assert resp.status == "answered" and f"**{len(long)}** simple directed cycle(s) of 3 or more" \
        in resp.answer, resp.answer
    assert all(n in resp.answer for c in long for n in c) and "Fox → Fox" not in resp.answer


def test_a_loop_of_an_exact_length_names_its_nodes(tmp_path):
    three = [c for c in nx.simple_cycles(_splits()) if len(c) == 3]
    resp = ask_table(tmp_path / "a", SPLITS, "Is there a three-apiary split loop anywhere (A "
                     "sends to B, B to C, C back to A)? Name the apiaries if so.", PARISHES)
    assert resp.status == "answered" and resp.answer.startswith("**Yes**"), resp.answer
    assert f"**{len(three)}** simple directed cycle(s) of 3 nodes" in resp.answer
    assert all(n in resp.answer for c in three for n in c)


def test_never_sent_out_on_a_sent_team_column_is_the_nodes_that_send_nothing(tmp_path):
    calls = pd.DataFrame([("Alpe", "Bosco", 2), ("Bosco", "Cima", 1), ("Cima", "Alpe", 3),
                          ("Alpe", "Dora", 1), ("Bosco", "Alpe", 4), ("Elva", "Dora", 1),
                          ("Cima", "Bosco", 1), ("Elva", "Fara", 2)],
                         columns=["sent_team", "helped_team", "callouts"])
    districts = pd.DataFrame([("Alpe", "N"), ("Bosco", "N"), ("Cima", "S"), ("Dora", "S"),
                              ("Elva", "S"), ("Fara", "N")], columns=["team", "district"])
    g = nx.DiGraph(list(zip(calls.sent_team, calls.helped_team, strict=True)))
    never = sorted(n for n in g if g.out_degree(n) == 0)
    assert never != sorted(n for n in g if g.in_degree(n) == 0)
    resp = ask_table(tmp_path / "a", calls, "Which teams have never been sent out to help "
                     "anybody?", districts)
    assert resp.status == "answered" and "no edge leaves them" in resp.answer, resp.answer
    assert all(f"**{n}**" in resp.answer for n in never)


def test_never_promoted_by_a_different_node_leaves_a_self_loop_out(tmp_path):
    g = _splits()
    others = sorted(n for n in g if not any(u != n for u in g.predecessors(n)))
    assert "Fox" in others and "Fox" not in [n for n in g if g.in_degree(n) == 0]
    resp = ask_table(tmp_path / "a", SPLITS, "Which apiaries have never been sent a split by a "
                     "different apiary?", PARISHES)
    assert resp.status == "answered" and "itself not counted" in resp.answer, resp.answer
    assert all(f"**{n}**" in resp.answer for n in others)


@pytest.mark.parametrize(("question", "expected"), [
    ("how many apiaries get no splits at all?", "no edge enters them"),
    ("Which apiaries take splits but never send frames on to anyone?", "no edge leaves them"),
])
def test_nothing_received_and_received_never_passed_on_read_the_direction(tmp_path, question,
                                                                          expected):
    resp = ask_table(tmp_path / "a", SPLITS, question, PARISHES)
    assert resp.status == "answered" and expected in resp.answer, resp.answer


def test_a_group_after_the_sources_verb_is_at_the_receiving_end(tmp_path):
    promos = pd.DataFrame([("Alibi", "Cells", 3), ("Cells", "Alibi", 1), ("Laugh", "Cells", 4),
                           ("Cells", "Laugh", 2), ("Dig", "Alibi", 5)],
                          columns=["promoter", "promoted", "ad_spots"])
    kinds = pd.DataFrame([("Alibi", "crime"), ("Cells", "science"), ("Laugh", "comedy"),
                          ("Dig", "science")], columns=["show", "category"])
    received = int(promos[promos.promoted.isin(["Cells", "Dig"])].ad_spots.sum())
    sent = int(promos[promos.promoter.isin(["Cells", "Dig"])].ad_spots.sum())
    assert received != sent
    resp = ask_table(tmp_path / "a", promos, "science shows - how many ad spots were run "
                     "promoting them, all together?", kinds)
    assert resp.status == "answered" and f"**{received}**" in resp.answer, resp.answer


def test_anyone_on_the_list_in_no_edge_is_the_nodes_of_degree_zero(tmp_path):
    resp = ask_table(tmp_path / "a", ROSTER, "anyone on the list who isn't rostered on any vessel "
                     "at all?", CREW)
    assert resp.status == "answered" and "Eve (0)" in resp.answer, resp.answer
    assert "degree exactly 0" in resp.answer


def test_a_clustering_bound_said_with_its_article_and_of(tmp_path):
    ranges = pd.DataFrame([("Hub", "Ash", 300), ("Hub", "Bee", 250), ("Hub", "Cob", 400),
                           ("Hub", "Dun", 350), ("Ash", "Bee", 500), ("Bee", "Cob", 450),
                           ("Cob", "Dun", 600), ("Dun", "Elm", 700)],
                          columns=["apiary_a", "apiary_b", "metres"])
    cl = nx.clustering(nx.Graph(list(zip(ranges.apiary_a, ranges.apiary_b, strict=True))))
    n = sum(1 for v in cl.values() if v >= 0.5)
    assert n != sum(1 for v in cl.values() if v > 0.5)
    resp = ask_table(tmp_path / "a", ranges, "How many apiaries have a clustering coefficient of "
                     "at least 0.5?")
    assert resp.status == "answered" and resp.answer.startswith(f"**{n}**"), resp.answer


def test_a_columns_own_unit_is_no_date_and_a_day_named_is(tmp_path):
    g = _splits()
    sent = sum(d["frames"] for u, v, d in g.edges(data=True) if g.nodes[u]["parish"] == "North")
    resp = ask_table(tmp_path / "a", SPLITS, "how many frames per month did the North parish's "
                     "apiaries send out?", PARISHES)
    assert resp.status == "answered" and f"**{sent}**" in resp.answer, resp.answer
    day = ask_table(tmp_path / "b", SPLITS, "how many frames will Ash send this saturday?",
                    PARISHES)
    assert day.status == "needs_clarification" and "dates" in day.answer, day.answer


def test_a_kind_of_distance_set_against_another_is_asked_about(tmp_path):
    forage = pd.DataFrame([("Ash", "Bee", 800), ("Bee", "Cob", 1200), ("Ash", "Cob", 2500)],
                          columns=["apiary_a", "apiary_b", "metres"])
    resp = ask_table(tmp_path / "a", forage, "driving distance Ash -> Cob for the van? (by road, "
                     "not as the bee flies)")
    assert resp.status == "needs_clarification", resp.answer
    assert "kind of distance" in resp.answer


def test_stress_in_capitals_and_nodes_in_other_groups_rank_the_groups(tmp_path):
    g = _splits()
    out: dict[str, int] = {}
    for u, v, d in g.edges(data=True):
        if g.nodes[u]["parish"] != g.nodes[v]["parish"]:
            out[g.nodes[u]["parish"]] = out.get(g.nodes[u]["parish"], 0) + d["frames"]
    top = max(out, key=out.get)
    resp = ask_table(tmp_path / "a", SPLITS, "which parish sends the most frames OUT to apiaries "
                     "in other parishes (only count splits that leave the parish)", PARISHES)
    assert resp.status == "answered" and resp.answer.startswith(f"**{top}**"), resp.answer
    assert f"**{out[top]}**" in resp.answer


def test_the_only_bridge_edge_is_named_by_its_ends(tmp_path):
    matches = pd.DataFrame([("ana", "ben", 2), ("ben", "cy", 1), ("cy", "ana", 3), ("cy", "dee", 1),
                            ("dee", "eli", 2), ("eli", "fay", 1), ("fay", "dee", 2)],
                           columns=["player", "opponent", "games"])
    [(a, b)] = list(nx.bridges(nx.Graph(list(zip(matches.player, matches.opponent, strict=True)))))
    resp = ask_table(tmp_path / "a", matches, "which single pairing is the only thing connecting "
                     "some player to everyone else")
    assert resp.status == "answered", resp.answer
    assert f"{a}–{b}" in resp.answer or f"{b}–{a}" in resp.answer, resp.answer
