"""A group ranked, a node's count in the data's verb, and betweenness in plain words, on
tables with new column names: "which department has the most connections" on a ``dept``
column is asked (never answered with the best-connected person), "how many people email
cato" is never the graph's size, and "who bridges the most pairs" / "the best connector
between other airports" rank by betweenness. networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent import Agent

STAFF = pd.DataFrame([("Iris", "Jonas"), ("Iris", "Kemal"), ("Jonas", "Kemal"), ("Kemal", "Lotte"),
                      ("Lotte", "Milo"), ("Milo", "Nadia"), ("Nadia", "Lotte"), ("Oskar", "Iris"),
                      ("Oskar", "Nadia")], columns=["emp_a", "emp_b"])
STAFF_NODES = pd.DataFrame([("Iris", "sales"), ("Jonas", "sales"), ("Kemal", "ops"),
                            ("Lotte", "ops"), ("Milo", "legal"), ("Nadia", "legal"),
                            ("Oskar", "sales"), ("Pia", "ops")], columns=["emp", "dept"])
BAND = pd.DataFrame([("Ula", "Vik"), ("Vik", "Wim"), ("Wim", "Xan"), ("Xan", "Ula"), ("Vik", "Yul"),
                     ("Yul", "Zia"), ("Zia", "Ada")], columns=["player_1", "player_2"])
BAND_NODES = pd.DataFrame([("Ula", "north"), ("Vik", "north"), ("Wim", "south"), ("Xan", "south"),
                           ("Yul", "east"), ("Zia", "east"), ("Ada", "east")],
                          columns=["player", "div"])
MAIL = pd.DataFrame([("Ayla", "Bram"), ("Ayla", "Cato"), ("Bram", "Cato"), ("Cato", "Ayla"),
                     ("Dina", "Cato"), ("Dina", "Ayla"), ("Eero", "Dina"), ("Cato", "Eero"),
                     ("Fenn", "Cato")], columns=["mail_from", "mail_to"])
PINGS = pd.DataFrame([("u1", "u2"), ("u3", "u2"), ("u4", "u2"), ("u2", "u5")],
                     columns=["from_user", "to_user"])
AIR = pd.DataFrame([("LHR", "JFK"), ("LHR", "CDG"), ("LHR", "DXB"), ("LHR", "AMS"),
                    ("CDG", "AMS"), ("DXB", "SIN"), ("SIN", "SYD"), ("JFK", "LAX"),
                    ("LAX", "SYD"), ("AMS", "FRA"), ("FRA", "CDG"), ("FRA", "DXB")],
                   columns=["airport_1", "airport_2"])


def _ask(folder, edges: pd.DataFrame, nodes: pd.DataFrame | None, question: str):
    files = [folder / "edges.csv"]
    edges.to_csv(files[0], index=False)
    if nodes is not None:
        files.append(folder / "nodes.csv")
        nodes.to_csv(files[1], index=False)
    agent = Agent(home=folder / "project")
    try:
        return agent.ask(question, attach=[str(f) for f in files])
    finally:
        agent.close()


@pytest.mark.parametrize("edges, nodes, question", [
    (STAFF, STAFF_NODES, "which department has the most connections?"),
    (STAFF, STAFF_NODES, "which dept is the most connected?"),
    (BAND, BAND_NODES, "which division has the most ties?"),
    (BAND, BAND_NODES, "which div is the best connected?"),
])
def test_the_best_connected_group_is_asked_even_when_its_column_is_abbreviated(
        tmp_path, edges, nodes, question):
    resp = _ask(tmp_path, edges, nodes, question)
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize("edges, question", [
    (MAIL, "how many people email cato?"),
    (PINGS, "how many users ping u2?"),
])
def test_how_many_people_verb_a_node_is_never_the_graphs_size(tmp_path, edges, question):
    g = nx.DiGraph(list(edges.itertuples(index=False, name=None)))
    node = question.rstrip("?").split()[-1]
    node = next(n for n in g if n.lower() == node.lower())
    resp = _ask(tmp_path, edges, None, question)
    assert "loaded graph" not in resp.answer, resp.answer
    if resp.status == "answered":  # read as the node's in-degree: exactly that
        assert f"in-degree **{g.in_degree(node)}**" in resp.answer, resp.answer
    else:
        assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize("edges, nodes, question", [
    (STAFF, STAFF_NODES, "who bridges the most pairs of colleagues?"),
    (AIR, None, "which airport is the best connector between other airports"),
    (BAND, None, "which player links the most pairs?"),
])
def test_who_bridges_the_most_pairs_ranks_by_betweenness(tmp_path, edges, nodes, question):
    g = nx.Graph(list(edges.itertuples(index=False, name=None)))
    if nodes is not None:
        g.add_nodes_from(nodes.iloc[:, 0])
    between = nx.betweenness_centrality(g)
    best = max(between.values())
    resp = _ask(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert any(a.args.get("measure") == "betweenness" for a in resp.actions
               if a.tool == "node_centrality")
    first = resp.answer.split("are ", 1)[1].split(" (", 1)[0]
    assert abs(between[first] - best) < 1e-9, resp.answer
