"""A group as a restriction of a directed ranking: "among the journal papers only, which one
gets cited most", "which upper phone has the most incoming calls", "of the ground phones,
which one makes the most outgoing calls" rank the in- or out-degree of that group's nodes
only (``degree_analysis(where=…)``), every node tied at the top named; a group named by its
adjective ("the South American cities", "which African station") restricts a ranking the
same way, and a leading restriction no group value names ("among the coastal cities, …") is
asked about, never answered over the whole graph. Two small tables of each kind with
different vocabularies; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

CITES = ([("p1", "p2"), ("p1", "p3"), ("p2", "p3"), ("p4", "p3"), ("p5", "p4"), ("p5", "p2"),
          ("p6", "p4"), ("p6", "p5"), ("p7", "p5"), ("p7", "p6")], ["citing", "cited"],
         [("p1", "journal"), ("p2", "conference"), ("p3", "journal"), ("p4", "conference"),
          ("p5", "journal"), ("p6", "journal"), ("p7", "conference")], ["paper", "venue"])
CALLS = ([("ph1", "ph2"), ("ph3", "ph2"), ("ph4", "ph2"), ("ph2", "ph5"), ("ph5", "ph6"),
          ("ph6", "ph5"), ("ph1", "ph6"), ("ph4", "ph6"), ("ph3", "ph1")], ["caller", "callee"],
         [("ph1", "ground"), ("ph2", "upper"), ("ph3", "ground"), ("ph4", "upper"),
          ("ph5", "ground"), ("ph6", "upper")], ["phone", "floor"])
TABLES = {"cites": CITES, "calls": CALLS}


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    out = {}
    for name, (edges, ecols, nodes, ncols) in TABLES.items():
        folder = tmp_path_factory.mktemp(f"{name}-tables")
        pd.DataFrame(edges, columns=ecols).to_csv(folder / "edges.csv", index=False)
        pd.DataFrame(nodes, columns=ncols).to_csv(folder / "nodes.csv", index=False)
        out[name] = [str(folder / "edges.csv"), str(folder / "nodes.csv")]
    return out


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize(("graph", "question", "value", "way"), [
    ("cites", "among the journal papers only, which one gets cited most?", "journal", "in"),
    ("cites", "which conference paper is cited the most?", "conference", "in"),
    ("cites", "of the conference papers, which one cites the most?", "conference", "out"),
    ("calls", "which upper phone has the most incoming calls?", "upper", "in"),
    ("calls", "among the ground floor phones, which one receives the most calls?", "ground", "in"),
    ("calls", "of the ground phones, which one makes the most outgoing calls?", "ground", "out"),
])
def test_a_named_group_restricts_the_directed_ranking(agents, files, graph, question, value,
                                                      way):
    edges, _, nodes, ncols = TABLES[graph]
    g = nx.DiGraph(edges)
    group = [n for n, v in nodes if v == value]
    degree = g.in_degree if way == "in" else g.out_degree
    best = max(degree(n) for n in group)
    leaders = sorted(n for n in group if degree(n) == best)
    resp = agents[graph].ask(question, attach=files[graph])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Among nodes with {ncols[1]} = {value}, by {way}-degree"), \
        resp.answer
    lead = resp.answer.split(";")[0]
    assert all(f"**{n}**" in lead for n in leaders), resp.answer
    assert not any(f"**{n}**" in lead for n in set(g) - set(leaders)), resp.answer


#: undirected tables whose group values are places, named in questions by their adjective
CITIES = ([("Lima", "Quito"), ("Lima", "Bogota"), ("Quito", "Bogota"), ("Bogota", "Madrid"),
           ("Madrid", "Lisbon"), ("Madrid", "Paris"), ("Paris", "Lisbon"), ("Lima", "Santiago"),
           ("Paris", "Berlin"), ("Berlin", "Madrid")], ["city_a", "city_b"],
          [("Lima", "South America"), ("Quito", "South America"), ("Bogota", "South America"),
           ("Santiago", "South America"), ("Madrid", "Europe"), ("Lisbon", "Europe"),
           ("Paris", "Europe"), ("Berlin", "Europe")], ["city", "continent"])
LINES = ([("Osaka", "Kyoto"), ("Kyoto", "Nara"), ("Osaka", "Nara"), ("Osaka", "Kobe"),
          ("Kobe", "Cairo"), ("Cairo", "Giza"), ("Cairo", "Luxor")], ["station_a", "station_b"],
         [("Osaka", "Asia"), ("Kyoto", "Asia"), ("Nara", "Asia"), ("Kobe", "Asia"),
          ("Cairo", "Africa"), ("Giza", "Africa"), ("Luxor", "Africa")], ["station", "region"])


PLACES = {"cities": CITIES, "lines": LINES}


@pytest.fixture(scope="module")
def place_agents(tmp_path_factory):
    yield from agents_for(PLACES, tmp_path_factory)


@pytest.fixture(scope="module")
def places(place_agents, tmp_path_factory):
    out = {}
    for name, (edges, ecols, nodes, ncols) in PLACES.items():
        folder = tmp_path_factory.mktemp(f"{name}-tables")
        pd.DataFrame(edges, columns=ecols).to_csv(folder / "edges.csv", index=False)
        pd.DataFrame(nodes, columns=ncols).to_csv(folder / "nodes.csv", index=False)
        out[name] = (place_agents[name], [str(folder / "edges.csv"), str(folder / "nodes.csv")])
    return out


@pytest.mark.parametrize(("graph", "question", "value"), [
    ("cities", "Among the South American cities, which one has the most links?", "South America"),
    ("cities", "which European city has the most connections?", "Europe"),
    ("lines", "among the Asian stations, which one has the most links?", "Asia"),
    ("lines", "which African station has the most connections?", "Africa"),
])
def test_a_group_named_by_its_adjective_restricts_the_ranking(places, graph, question, value):
    agent, attach = places[graph]
    edges, _, nodes, ncols = PLACES[graph]
    g = nx.Graph(edges)
    group = [n for n, v in nodes if v == value]
    best = max(g.degree(n) for n in group)
    resp = agent.ask(question, attach=attach)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Among nodes with {ncols[1]} = {value}, the highest degree: "), \
        resp.answer
    first = resp.answer.split("degree: ")[1].split(" (")[0]
    assert first in group and g.degree(first) == best, resp.answer


@pytest.mark.parametrize(("graph", "question"), [
    ("cities", "Among the coastal cities, which one has the most links?"),
    ("lines", "of the busiest stations, which one has the most connections?"),
])
def test_a_restriction_no_group_value_names_is_asked_about(places, graph, question):
    agent, attach = places[graph]
    resp = agent.ask(question, attach=attach)
    assert resp.status == "needs_clarification", resp.answer
    assert "among the nodes you describe" in resp.answer, resp.answer
