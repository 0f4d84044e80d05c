"""What-ifs in the data's words: a node that "stopped shipping with everyone" or "went offline",
or a cable / link "cut for repairs", then a count of disconnected groups or a route measured in
the edge value asked. Checked against networkx on two tables with different words."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

CABLES = pd.DataFrame([("Mill", "Forge", 120), ("Forge", "Quay", 80), ("Mill", "Quay", 300),
                       ("Quay", "Abbey", 60), ("Abbey", "Barn", 200), ("Forge", "Barn", 500),
                       ("Barn", "Croft", 40)], columns=["box_a", "box_b", "cable_m"])
LATENCY = pd.DataFrame([("Gate", "Web1", 2), ("Gate", "Web2", 5), ("Web1", "Store", 4),
                        ("Web2", "Store", 1), ("Store", "Vault", 3), ("Gate", "Vault", 12),
                        ("Web1", "Web2", 6)], columns=["host", "peer", "latency_ms"])
SHIPS = pd.DataFrame([("Oslo", "Riga", 40), ("Oslo", "Gdansk", 5), ("Riga", "Gdansk", 12),
                      ("Gdansk", "Kiel", 30), ("Kiel", "Aarhus", 8), ("Aarhus", "Oslo", 3),
                      ("Kiel", "Malmo", 22), ("Malmo", "Turku", 6)],
                     columns=["port_a", "port_b", "tonnage"])
GRAPHS = {"cables": (CABLES, "box_a", "box_b", "cable_m"),
          "latency": (LATENCY, "host", "peer", "latency_ms"),
          "ships": (SHIPS, "port_a", "port_b", "tonnage")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _graph(name: str) -> nx.Graph:
    table, a, b, col = GRAPHS[name]
    return nx.from_pandas_edgelist(table, a, b, edge_attr=col)


@pytest.mark.parametrize("name,question,gone,a,b", [
    ("cables", "say the Quay-Abbey cable is cut for repairs. how long is the shortest cable "
               "route from Mill to Croft then, in metres?", ("Quay", "Abbey"), "Mill", "Croft"),
    ("cables", "if Quay went offline, how far is Mill from Croft by cable?", "Quay", "Mill",
     "Croft"),
    ("cables", "if Quay went offline, what's the shortest cable distance between Mill and Croft?",
     "Quay", "Mill", "Croft"),
    ("latency", "if Store goes down, what's the lowest total latency from Gate to Vault?",
     "Store", "Gate", "Vault"),
    ("latency", "say the Gate-Web2 link is cut. what's the best latency we can get between Web1 "
                "and Vault then?", ("Gate", "Web2"), "Web1", "Vault"),
])
def test_a_route_in_the_edge_value_after_a_removal(agents, name, question, gone, a, b):
    table, _, _, col = GRAPHS[name]
    g = _graph(name)
    if isinstance(gone, tuple):
        g.remove_edge(*gone)
    else:
        g.remove_node(gone)
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"is **{nx.shortest_path_length(g, a, b, weight=col)} {col}**" in resp.answer, \
        resp.answer


@pytest.mark.parametrize("question", [
    "if Kiel stopped shipping with everyone, how many disconnected groups would the remaining "
    "ports split into?",
    "if Kiel closed, how many disconnected groups would there be?",
])
def test_disconnected_groups_after_a_removal_are_the_pieces(agents, question):
    g = _graph("ships")
    g.remove_node("Kiel")
    resp = agents["ships"].ask(question, attach=[SHIPS])
    assert resp.status == "answered", resp.answer
    assert f"**{nx.number_connected_components(g)} connected component(s)**" in resp.answer, \
        resp.answer


WIRES = pd.DataFrame([("ann", "1001", 50), ("1001", "2002", 40), ("2002", "Vendor", 30),
                      ("bob", "2002", 10), ("ann", "3003", 5), ("3003", "4004", 5)],
                     columns=["payer", "payee", "amount_usd"])
FLOWS = pd.DataFrame([("Lake", "V1"), ("V1", "V2"), ("V2", "Town"), ("Lake", "V3"),
                      ("V3", "Farm")], columns=["upstream", "downstream"])
FEEDS = pd.DataFrame([("Heron", "Roach"), ("Pike", "Roach"), ("Roach", "Larva"),
                      ("Larva", "Algae"), ("Heron", "Frog"), ("Frog", "Larva")],
                     columns=["predator", "prey"])


@pytest.mark.parametrize("table,source,target,question,gone", [
    (WIRES, "payer", "payee", "If we freeze 2002, can money from ann still reach Vendor?", "2002"),
    (WIRES, "payer", "payee", "If we freeze 3003, can money from ann still reach Vendor?", "3003"),
    (WIRES, "payer", "payee", "If we freeze 2002, can ann's money still reach Vendor?", "2002"),
    (FLOWS, "upstream", "downstream", "If we block V3, can Lake's water still reach Town?", "V3"),
    (FLOWS, "upstream", "downstream", "If we block V2, can Lake's water still reach Town?", "V2"),
    (FEEDS, "predator", "prey", "if Roach went extinct, can Pike still reach Algae?", "Roach"),
    (FEEDS, "predator", "prey", "if we block Frog, can Heron still reach Algae?", "Frog"),
])
def test_a_frozen_or_extinct_node_is_removed_before_the_reach(tmp_path, table, source, target,
                                                              question, gone):
    from igraph_agent import Agent

    g = nx.from_pandas_edgelist(table, source, target, create_using=nx.DiGraph)
    a, b = question.split("can ")[1].split(" still reach ")
    a, b = re.sub(r"^money from |'s \w+$", "", a), b.rstrip("?")
    g.remove_node(gone)
    agent = Agent(home=tmp_path)
    try:
        resp = agent.ask(question, attach=[table])
    finally:
        agent.close()
    assert resp.status == "answered", resp.answer
    reaches = nx.has_path(g, a, b)
    assert resp.answer.startswith("**Yes**" if reaches else "**No**"), resp.answer
