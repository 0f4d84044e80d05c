"""What a route and a what-if are measured in and what they remove: a capacity or trust
column is no length (the route counts hops and says so), a measure no column names is asked
about, a removed "A-B" is the edge between A and B (not A), and "after X fails" is a removal
(networkx is the oracle)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table
from planner_tables import CHOIR, COURIERS, table_graph

from igraph_agent.graph.semantics import weight_role
from tests.test_planner_prec_single_failures import CANAL, RELAYS

#: water mains and what each pipe carries
PIPES = pd.DataFrame(
    [("Kell", "Lorn", 40), ("Kell", "Mabe", 25), ("Lorn", "Mabe", 10), ("Lorn", "Nair", 30),
     ("Mabe", "Nair", 35), ("Nair", "Orme", 50), ("Mabe", "Orme", 15), ("Orme", "Penn", 20),
     ("Penn", "Quex", 45), ("Orme", "Quex", 32)],
    columns=["pump_x", "pump_y", "flow_cap"])
#: hours two volunteers spent together
ROTA = pd.DataFrame(
    [("Una", "Vic", 12), ("Vic", "Wes", 30), ("Una", "Xia", 2), ("Xia", "Wes", 1), ("Wes", "Yan", 8),
     ("Yan", "Zed", 5), ("Vic", "Zed", 40)],
    columns=["volunteer", "partner", "hours_together"])
#: hiking legs in km and metres of ascent
HIKES = pd.DataFrame(
    [("Alm", "Bach", 4, 300), ("Bach", "Col", 3, 50), ("Alm", "Col", 9, 20), ("Col", "Dorf", 2, 400),
     ("Bach", "Dorf", 6, 100), ("Dorf", "Egg", 5, 250)],
    columns=["post_a", "post_b", "leg_km", "ascent_m"])
#: bus rides in km and the potholes on each
RIDES = pd.DataFrame(
    [("Opa", "Pim", 7, 3), ("Pim", "Rho", 2, 9), ("Opa", "Rho", 8, 1), ("Rho", "Sul", 4, 2)],
    columns=["stop_a", "stop_b", "ride_km", "potholes"])


def test_time_spent_together_and_rapport_are_strengths_not_distances():
    assert weight_role("hours_together") == weight_role("shared_minutes") == "strength"
    assert weight_role("rapport") == weight_role("affinity_score") == "strength"
    assert weight_role("drive_min") == weight_role("haul_hours") == "distance"


@pytest.mark.parametrize(("table", "ends", "question"), [
    (PIPES, ("Kell", "Penn"), "shortest route from Kell to Penn"),
    (ROTA, ("Una", "Yan"), "what's the shortest path from Una to Yan?"),
])
def test_shortest_route_on_a_strength_column_counts_hops_and_says_so(tmp_path, table, ends,
                                                                    question):
    hops = nx.shortest_path_length(table_graph(table), *ends)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{hops} hop(s)**" in resp.answer, resp.answer
    assert "1/" not in resp.answer and "were not used" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (HIKES, "least climbing route from Alm to Egg"),
    (HIKES, "route from Alm to Egg with the least elevation gain"),
    (RIDES, "the least bumpy route from Opa to Sul?"),
])
def test_a_route_by_a_measure_no_column_names_asks_which_column(tmp_path, table, question):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "needs_clarification", resp.answer
    assert "Measured in which edge value?" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "edge", "ends", "question"), [
    (CANAL, ("Dunst", "Elm"), ("Ashby", "Gale"),
     "how much longer is the trip from Ashby to Gale if Dunst-Elm closes?"),
    (COURIERS, ("York", "Malton"), ("Hull", "Whitby"),
     "how many more minutes from Hull to Whitby if York-Malton is closed?"),
])
def test_a_removed_edge_written_with_a_dash_is_that_edge_not_its_first_end(tmp_path, table, edge,
                                                                          ends, question):
    weight = table.columns[2]
    g = table_graph(table, weight)
    before = nx.shortest_path_length(g, *ends, weight=weight)
    g.remove_edge(*edge)
    after = nx.shortest_path_length(g, *ends, weight=weight)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"Without the edge {edge[0]}–{edge[1]}" in resp.answer, resp.answer
    assert f"**{after - before} {weight} longer**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "edge", "ends", "question"), [
    (CANAL, ("Dunst", "Elm"), ("Ashby", "Gale"),
     "if the Dunst-Elm stretch closes, how many hours does Ashby to Gale take?"),
    (COURIERS, ("Selby", "York"), ("Goole", "Leeds"),
     "Selby-York is shut. How long does Goole to Leeds take now?"),
])
def test_a_route_without_from_after_an_edge_closes_is_measured(tmp_path, table, edge, ends,
                                                               question):
    weight = table.columns[2]
    g = table_graph(table, weight)
    g.remove_edge(*edge)
    after = nx.shortest_path_length(g, *ends, weight=weight)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{after} {weight}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "gone", "question"), [
    (RELAYS, "Dorr", "after Dorr fails, who becomes the most central by betweenness?"),
    (CHOIR, "Dries", "once Dries leaves, who is the most central singer by betweenness?"),
])
def test_after_a_node_fails_the_ranking_is_of_the_graph_without_it(tmp_path, table, gone,
                                                                   question):
    g = table_graph(table)
    g.remove_node(gone)
    scores = nx.betweenness_centrality(g)
    top = max(scores, key=scores.get)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Without {gone}"), resp.answer
    assert f"the most central nodes are {top}" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (CANAL, "which quay is most central by actual travel time?"),
    (COURIERS, "which depot is the most central by actual road distance?"),
])
def test_most_central_by_a_distance_is_closeness_in_that_distance(tmp_path, table, question):
    weight = table.columns[2]
    scores = nx.closeness_centrality(table_graph(table, weight), distance=weight)
    top = max(scores, key=scores.get)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"By **closeness** (weighted by {weight}), the most central "
                                  f"nodes are {top}"), resp.answer
