"""Route and direction questions on a table whose columns the project never named: a
flights table `origin,dest,fare_eur,duration_min` (two distance-like edge values, no
default weight). "Cheapest" is measured in the fare, "fastest" in the duration, an
unnamed measure is asked about instead of answered in hops, and departing / arriving
flights are out- and in-degree of a graph loaded directed."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent.graph.semantics import direction_of
from igraph_agent.model.weights import asked_weight

FLIGHTS = pd.DataFrame(
    [("LIS", "VIE", 177, 190), ("LIS", "AMS", 60, 95), ("AMS", "VIE", 80, 100),
     ("LIS", "MAD", 40, 60), ("MAD", "VIE", 70, 150), ("OPO", "MAD", 45, 50),
     ("MAD", "MUC", 90, 191), ("OPO", "AMS", 100, 110), ("AMS", "MUC", 120, 70),
     ("VIE", "MUC", 55, 60), ("MUC", "OPO", 150, 160)],
    columns=["origin", "dest", "fare_eur", "duration_min"])


def _nx() -> nx.DiGraph:
    return nx.from_pandas_edgelist(FLIGHTS, "origin", "dest", ["fare_eur", "duration_min"],
                                   create_using=nx.DiGraph)


@pytest.mark.parametrize("pair", [("origin", "dest"), ("from_station", "to_station"),
                                  ("sender_email", "recipient_email"), ("src_ip", "dst_ip"),
                                  ("supplier", "buyer"), ("seller_id", "customer_id"),
                                  ("creditor", "debtor"), ("paper", "cites"),
                                  ("user_id", "follows_id"), ("employee", "reports_to"),
                                  ("start_station", "end_station"),
                                  ("departure_airport", "arrival_airport"),
                                  ("pickup_zone", "dropoff_zone"), ("tail", "head"),
                                  ("prerequisite", "course"), ("course_code", "prereq_code"),
                                  ("manager", "employee"), ("package", "dependency"),
                                  ("library", "needs"), ("module", "uses"),
                                  ("staff", "manager"), ("staff_id", "boss_id"),
                                  ("boss", "employee"), ("retweeter", "original_author"),
                                  ("follower_handle", "account"), ("lender", "bank"),
                                  ("voter_id", "candidate")])
def test_endpoint_names_that_say_a_direction_by_their_words_load_directed(pair):
    assert direction_of(*pair) is True


@pytest.mark.parametrize("pair", [("station_a", "station_b"), ("source", "target"),
                                  ("to", "from"), ("u", "v"),
                                  ("buyer", "supplier"), ("customer", "product"),
                                  ("paper", "cited_by"), ("person", "friend"),
                                  ("package", "needed_by"), ("staff", "colleague"),
                                  ("end_station", "start_station"), ("author", "paper"),
                                  ("person", "colleague"), ("sender", "recipient_or_sender"),
                                  ("follower", "follower_of")])
def test_endpoint_names_without_a_direction_stay_undirected(pair):
    assert direction_of(*pair) is None


def test_cheapest_route_is_networkx_dijkstra_on_the_fare_column(agent):
    resp = agent.ask("What is the cheapest way to fly from LIS to VIE?", attach=[FLIGHTS])
    assert resp.status == "answered", (resp.error, resp.answer)
    want = nx.dijkstra_path_length(_nx(), "LIS", "VIE", weight="fare_eur")
    assert want != nx.dijkstra_path_length(_nx(), "LIS", "VIE", weight="duration_min")
    assert f"**{want:g} fare_eur**" in resp.answer
    assert "directed origin → dest" in (resp.graph.meaning or "")


def test_fastest_route_is_networkx_dijkstra_on_the_duration_column(agent):
    resp = agent.ask("How long does it take to get from OPO to MUC at best?", attach=[FLIGHTS])
    assert resp.status == "answered", (resp.error, resp.answer)
    want = nx.dijkstra_path_length(_nx(), "OPO", "MUC", weight="duration_min")
    assert f"**{want:g} duration_min**" in resp.answer
    route = nx.dijkstra_path(_nx(), "OPO", "MUC", weight="duration_min")
    assert " → ".join(route) in resp.answer


def test_a_route_with_no_named_measure_on_two_distance_columns_is_asked_not_counted_in_hops(agent):
    resp = agent.ask("What is the shortest route from OPO to VIE?", attach=[FLIGHTS])
    assert resp.status == "needs_clarification", resp.answer
    assert "fare_eur" in resp.answer and "duration_min" in resp.answer
    assert "hop(s)" not in resp.answer


def test_a_route_in_hops_says_which_edge_values_it_left_out(agent):
    resp = agent.ask("How many hops from OPO to VIE?", attach=[FLIGHTS])
    assert resp.status == "answered", (resp.error, resp.answer)
    hops = nx.shortest_path_length(_nx(), "OPO", "VIE")
    assert f"**{hops} hop(s)**" in resp.answer
    assert "fare_eur" in resp.answer and "not used" in resp.answer


@pytest.mark.parametrize("question,direction", [
    ("Which airport has the most departing flights?", "out"),
    ("Which airport has the most incoming flights?", "in")])
def test_departing_and_arriving_rank_out_and_in_degree_of_the_directed_table(
        agent, question, direction):
    resp = agent.ask(question, attach=[FLIGHTS])
    assert resp.status == "answered", (resp.error, resp.answer)
    deg = dict(_nx().out_degree() if direction == "out" else _nx().in_degree())
    best = max(deg.values())
    leaders = [n for n, d in deg.items() if d == best]
    assert any(f"**{n}**" in resp.answer for n in leaders)
    assert f"{direction}-degree" in resp.answer


def test_a_column_the_question_names_wins_over_its_kind_of_cost():
    m = {"weights": {"fare_eur": "distance", "duration_min": "distance"}, "default_weight": None}
    assert asked_weight("the route with the lowest total duration_min from A to B", m).column \
        == "duration_min"
    assert asked_weight("cheapest by duration from A to B", m).column == "duration_min"
    assert asked_weight("the cheapest route from A to B", m).column == "fare_eur"


def test_how_far_on_a_graph_of_strengths_only_is_counted_in_hops_not_asked():
    """A co-occurrence count is no length: 'how far apart' is a hop count, and says so."""
    m = {"weights": {"weight": "strength"}, "default_weight": None}
    assert asked_weight("How far apart are Napoleon and Javert?", m).why == "none"
    minutes = {"weights": {"minutes": "distance"}, "default_weight": None}
    assert asked_weight("What is the cheapest way from A to B?", minutes).why == "ambiguous"
    assert asked_weight("How far is A from B?", minutes).column == "minutes"


COUNTRY = pd.DataFrame({"code": ["LIS", "OPO", "MAD", "VIE", "AMS", "MUC"],
                        "country": ["Portugal", "Portugal", "Spain", "Austria", "Netherlands",
                                    "Germany"]})


def test_which_country_has_the_most_flights_to_other_countries_names_the_group(agent):
    """A grouping attribute named as the subject ('which country') is answered by group,
    never as a node ranking or a clarifying question about 'countries' as nodes; flights
    *to* other countries on a directed table are the ones departing from the country."""
    resp = agent.ask("Which country has the most flights to other countries?",
                     attach=[FLIGHTS, COUNTRY])
    assert resp.status == "answered", (resp.error, resp.answer)
    of = dict(zip(COUNTRY["code"], COUNTRY["country"], strict=True))
    out: dict[str, int] = {}
    for u, v in _nx().edges():
        if of[u] != of[v]:
            out[of[u]] = out.get(of[u], 0) + 1
    best = max(out.values())
    leaders = [c for c, n in out.items() if n == best]
    assert len(leaders) == 1, leaders
    assert resp.answer.startswith(
        f"**{leaders[0]}** sends the most to other country groups: **{best}** edges"), resp.answer


def test_a_route_against_the_edges_direction_says_the_other_way_exists(agent):
    # Corvo and Esker are listed both ways: one-way records, so the table reads directed
    roads = pd.DataFrame([("Aldburg", "Dunholm", 30), ("Dunholm", "Corvo", 15),
                          ("Aldburg", "Corvo", 70), ("Corvo", "Esker", 8), ("Esker", "Corvo", 8)],
                         columns=["town_from", "town_to", "km"])
    resp = agent.ask("how far is Corvo from Aldburg by road", attach=[roads])
    assert resp.status == "answered", (resp.error, resp.answer)
    assert "**no path** from Corvo to Aldburg following the edges' direction" in resp.answer
    assert "Aldburg reaches Corvo in 2 hop(s), 45 km" in resp.answer
