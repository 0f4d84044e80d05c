"""Questions in users' own words that got another analysis's answer, or an answer to half of
them: the km of the route with the fewest hops (the tool totals an edge value along the
fewest-hop route), a group's own edges totalled ("where BOTH artists are electronic"), a
role nobody recorded ("who skippers the Gannet"), work done alone on a table of shared work,
a pay asked of a minutes column, the one-way edges beside the mutual pairs, a k-core told as
peeling "fewer than 3", a role said with "as an opener", two values joined with "or a", and
the edges "at either end" never answered as a count of nodes. Each is checked against
networkx on tables of its own."""

from __future__ import annotations

import itertools

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table
from tools_support import call, context, ok

# ferry legs between ports, one row each way where both run; minutes of crossing
LEGS = pd.DataFrame([("Oban", "Mull", 50), ("Mull", "Coll", 60), ("Coll", "Tiree", 40),
                     ("Oban", "Lismore", 20), ("Lismore", "Kerrera", 15),
                     ("Kerrera", "Tiree", 25), ("Oban", "Tiree", 200), ("Mull", "Oban", 50),
                     ("Tiree", "Coll", 40), ("Iona", "Mull", 10)],
                    columns=["from_port", "to_port", "km"])
PORTS = pd.DataFrame([("Oban", "Mainland"), ("Mull", "Inner"), ("Coll", "Outer"),
                      ("Tiree", "Outer"), ("Lismore", "Inner"), ("Kerrera", "Inner"),
                      ("Iona", "Inner"), ("Staffa", "Inner")], columns=["port", "zone"])
# artists who made tracks together; each artist has a genre
TRACKS = pd.DataFrame([("Ada", "Bo", 6), ("Bo", "Cy", 4), ("Ada", "Cy", 3), ("Cy", "Di", 2),
                       ("Di", "Ed", 5), ("Ed", "Fa", 1), ("Fa", "Di", 7), ("Bo", "Ed", 2)],
                      columns=["artist_a", "artist_b", "joint_tracks"])
GENRES = pd.DataFrame([("Ada", "techno"), ("Bo", "techno"), ("Cy", "techno"), ("Di", "folk"),
                       ("Ed", "folk"), ("Fa", "jazz"), ("Gus", "jazz")],
                      columns=["artist", "genre"])
# crew rostered on vessels, shifts; the node table gives each one's kind and base
ROSTER = pd.DataFrame([("Ann", "Gannet", 5), ("Bea", "Gannet", 3), ("Bea", "Puffin", 2),
                       ("Cal", "Puffin", 4), ("Dot", "Tern", 6), ("Ann", "Tern", 1)],
                      columns=["crew", "vessel", "shifts"])
CREW = pd.DataFrame([("Ann", "crew", "Oban"), ("Bea", "crew", "Mull"), ("Cal", "crew", "Oban"),
                     ("Dot", "crew", "Mull"), ("Gannet", "vessel", "Oban"),
                     ("Puffin", "vessel", "Mull"), ("Tern", "vessel", "Oban")],
                    columns=["id", "kind", "base"])


def _legs() -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_weighted_edges_from(LEGS.itertuples(index=False), weight="km")
    return g


def _tracks() -> nx.Graph:
    g = nx.Graph()
    g.add_weighted_edges_from(TRACKS.itertuples(index=False), weight="joint_tracks")
    nx.set_node_attributes(g, dict(GENRES.itertuples(index=False)), "genre")
    return g


def test_shortest_path_totals_an_edge_value_along_the_fewest_hop_route(tmp_path):
    g = _legs()
    ctx = context(tmp_path, g)
    data = ok(ctx, "shortest_path", source="Oban", target="Tiree", weight=None, total_along="km")
    routes = list(nx.all_shortest_paths(g, "Oban", "Tiree"))
    totals = [nx.path_weight(g, r, "km") for r in routes]
    assert data["hops"] == 1 and data["along"]["total"] == min(totals) == 200
    assert data["along"]["routes_compared"] == len(routes)
    weighted = ok(ctx, "shortest_path", source="Oban", target="Tiree", weight="km",
                  total_along="km")
    assert weighted["along"]["total"] == nx.dijkstra_path_length(g, "Oban", "Tiree", weight="km")


def test_among_several_fewest_hop_routes_the_smallest_total_is_reported(tmp_path):
    g = nx.Graph()
    g.add_weighted_edges_from([("a", "b", 5), ("b", "d", 5), ("a", "c", 1), ("c", "d", 2),
                               ("a", "e", 1), ("e", "f", 1), ("f", "d", 1)], weight="km")
    data = ok(context(tmp_path, g), "shortest_path", source="a", target="d", weight=None,
              total_along="km")
    assert [p["node"] for p in data["path"]] == ["a", "c", "d"]
    assert (data["along"]["total"], data["along"]["min"], data["along"]["max"]) == (3, 3, 10)
    assert all(g.has_edge(u, v) for u, v in itertools.pairwise(["a", "c", "d"]))


def test_totalling_a_column_the_edges_lack_is_refused_with_the_columns_named(tmp_path):
    env = call(context(tmp_path, _legs()), "shortest_path", source="Oban", target="Tiree",
               total_along="fare")
    assert not env["success"] and env["error"]["code"] == "INVALID_ARGUMENTS"
    assert "km" in (env["error"].get("hint") or ""), env["error"]


def test_the_km_of_the_route_with_the_fewest_legs_is_answered_not_the_shortest_km(tmp_path):
    g = _legs()
    fewest = min(nx.path_weight(g, r, "km") for r in nx.all_shortest_paths(g, "Oban", "Tiree"))
    assert fewest != nx.dijkstra_path_length(g, "Oban", "Tiree", weight="km")
    resp = ask_table(tmp_path / "a", LEGS, "I want the route from Oban to Tiree with the fewest "
                     "legs. How many km is that route?", PORTS)
    assert resp.status == "answered" and f"**{fewest} km**" in resp.answer, resp.answer
    assert "**1 hop(s)**" in resp.answer


def test_a_groups_own_edges_are_totalled_when_both_ends_must_hold_the_value(tmp_path):
    g = _tracks()
    inside = sum(d["joint_tracks"] for u, v, d in g.edges(data=True)
                 if g.nodes[u]["genre"] == g.nodes[v]["genre"] == "techno")
    resp = ask_table(tmp_path / "a", TRACKS, "Total joint_tracks for collabs where BOTH artists "
                     "are techno? (not counting techno acts working with other genres)", GENRES)
    assert resp.status == "answered" and resp.answer.split("**")[1] == str(inside), resp.answer


@pytest.mark.parametrize("question", ["who skippers the Gannet",
                                      "who's the captain of Puffin?"])
def test_a_role_no_column_names_is_asked_about_not_answered_with_neighbours(tmp_path, question):
    resp = ask_table(tmp_path / "a", ROSTER, question, CREW)
    assert resp.status == "needs_clarification", resp.answer
    assert "Nothing in the data says who is the" in resp.answer


def test_work_done_alone_on_a_table_of_shared_work_is_asked_about(tmp_path):
    resp = ask_table(tmp_path / "a", TRACKS, "How many tracks has Ada recorded on her own, no "
                     "collaborators?", GENRES)
    assert resp.status == "needs_clarification", resp.answer
    assert "work done alone" in resp.answer


def test_a_pay_asked_of_a_minutes_column_is_asked_about(tmp_path):
    resp = ask_table(tmp_path / "a", ROSTER, "How much are we paying Bea for her shifts "
                     "altogether?", CREW)
    assert resp.status == "needs_clarification", resp.answer
    assert "pay" in resp.answer and "shifts" in resp.answer


def test_the_one_way_legs_are_counted_beside_the_pairs_sailed_both_ways(tmp_path):
    g = _legs()
    one_way = sum(1 for u, v in g.edges() if not g.has_edge(v, u))
    pairs = len({frozenset(e) for e in g.edges() if g.has_edge(*reversed(e))})
    resp = ask_table(tmp_path / "a", LEGS, "how many port pairs get sailings both ways, and how "
                     "many legs are one-way only?", PORTS)
    assert resp.status == "answered", resp.answer
    assert f"**{pairs}** pair(s)" in resp.answer and f"{one_way} edge(s) run one way only" \
        in resp.answer, resp.answer


def test_peeling_off_those_with_fewer_than_k_partners_is_the_k_core(tmp_path):
    core = nx.k_core(_tracks(), 3)
    assert set(core) != set(nx.k_core(_tracks(), 2))
    resp = ask_table(tmp_path / "a", TRACKS, "If I keep peeling off artists with fewer than 3 "
                     "collab partners (re-counting after each round) until nobody is left to "
                     "peel, who's still standing?", GENRES)
    assert resp.status == "answered" and "3-core" in resp.answer, resp.answer
    assert all(f"**{n}**" in resp.answer for n in core), resp.answer


def test_a_role_said_with_as_takes_that_columns_end_whatever_the_verb(tmp_path):
    shows = pd.DataFrame([("Ada", "Bo", 1), ("Ada", "Cy", 1), ("Ada", "Di", 1), ("Cy", "Bo", 4),
                          ("Di", "Bo", 1), ("Ed", "Cy", 2), ("Bo", "Cy", 1)],
                         columns=["headliner", "opener", "shows"])
    g = nx.DiGraph()
    g.add_weighted_edges_from(shows.itertuples(index=False), weight="shows")
    top = max(g, key=lambda n: g.in_degree(n, weight="shows"))
    assert top != max(g, key=lambda n: g.out_degree(n, weight="shows"))
    resp = ask_table(tmp_path / "a", shows, "which techno act played the most shows as an "
                     "opener", GENRES)  # (a pair in both orders: the table is read directed)
    assert resp.status == "answered" and resp.answer.split("**")[1] == top, resp.answer


def test_two_values_joined_by_or_a_and_edges_at_either_end_are_not_counted_as_nodes(tmp_path):
    resp = ask_table(tmp_path / "a", TRACKS, "how many collabs touch a techno or a jazz artist "
                     "at either end", GENRES)
    assert not (resp.status == "answered" and "node(s) have genre" in resp.answer), resp.answer
    count = ask_table(tmp_path / "b", TRACKS, "how many techno or jazz artists are there?",
                      GENRES)
    n = int((GENRES.genre.isin(["techno", "jazz"])).sum())
    assert count.status == "answered" and f"**{n}**" in count.answer, count.answer
