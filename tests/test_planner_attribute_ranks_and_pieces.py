"""The offline planner ranks nodes by a numeric node attribute, within a group it names,
lists the nodes outside the main piece, and names the graph's center and periphery; each
checked against networkx on two tables with different column names."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

ROADS = pd.DataFrame([("Alder", "Birch", 4), ("Birch", "Cedar", 3), ("Alder", "Cedar", 9),
                      ("Cedar", "Dogwood", 2), ("Dogwood", "Elm", 6), ("Elm", "Fir", 5),
                      ("Dogwood", "Fir", 12), ("Fir", "Gum", 1), ("Hazel", "Ivy", 2),
                      ("Ivy", "Juniper", 3)], columns=["town_a", "town_b", "km"])
TOWNS = pd.DataFrame([("Alder", "North", 500), ("Birch", "North", 1200), ("Cedar", "North", 300),
                      ("Dogwood", "South", 800), ("Elm", "South", 2500), ("Fir", "South", 100),
                      ("Gum", "South", 700), ("Hazel", "Coast", 900), ("Ivy", "Coast", 50),
                      ("Juniper", "Coast", 400)], columns=["id", "district", "population"])
STAFF_EDGES = pd.DataFrame([("ana", "rui"), ("ben", "rui"), ("cid", "dan"), ("rui", "eva"),
                            ("dan", "eva"), ("fia", "dan"), ("gus", "hal")],
                           columns=["staff", "manager"])
STAFF = pd.DataFrame([("ana", "Sales", 50), ("ben", "Sales", 70), ("cid", "Ops", 40),
                      ("rui", "Sales", 90), ("dan", "Ops", 85), ("eva", "Exec", 150),
                      ("fia", "Ops", 45), ("gus", "Ops", 60), ("hal", "Exec", 99)],
                     columns=["id", "team", "pay_eur"])


def _graph(edges: pd.DataFrame, nodes: pd.DataFrame, directed: bool) -> nx.Graph:
    g = nx.DiGraph() if directed else nx.Graph()
    for row in nodes.itertuples(index=False):
        g.add_node(row[0], **dict(zip(nodes.columns[1:], row[1:], strict=True)))
    for row in edges.itertuples(index=False):
        g.add_edge(row[0], row[1], **dict(zip(edges.columns[2:], row[2:], strict=True)))
    return g


def _best(g: nx.Graph, attr: str, group: tuple[str, str] | None, low: bool) -> str:
    pool = {n: d[attr] for n, d in g.nodes(data=True) if group is None or d[group[0]] == group[1]}
    return (min if low else max)(pool, key=pool.get)


def _lead(answer: str) -> str:
    return answer.split("**")[1]


CASES = [  # (edges, nodes, directed, question, attribute, group, lowest)
    (ROADS, TOWNS, False, "which town in the South has the most population?", "population",
     ("district", "South"), False),
    (ROADS, TOWNS, False, "smallest town in the North by population?", "population",
     ("district", "North"), True),
    (ROADS, TOWNS, False, "Which town has the highest popluation?", "population", None, False),
    (STAFF_EDGES, STAFF, True, "who's the best paid person in Sales?", "pay_eur",
     ("team", "Sales"), False),
    (STAFF_EDGES, STAFF, True, "who earns the least in Ops?", "pay_eur", ("team", "Ops"), True),
    (STAFF_EDGES, STAFF, True, "who has the highest pay?", "pay_eur", None, False),
]


@pytest.mark.parametrize("edges,nodes,directed,question,attr,group,low", CASES)
def test_the_node_ranked_first_by_a_numeric_attribute_within_the_named_group(
        agent, edges, nodes, directed, question, attr, group, low):
    g = _graph(edges, nodes, directed)
    resp = agent.ask(question, attach=[edges, nodes])
    assert resp.status == "answered", resp.answer
    assert _lead(resp.answer.split(" is ", 1)[1]) == _best(g, attr, group, low), resp.answer


def test_a_total_per_group_is_not_read_as_one_node_ranked(agent):
    resp = agent.ask("which district has the highest total population?",
                     attach=[ROADS, TOWNS])
    assert resp.status == "answered", resp.answer
    assert "nodes_by_measure" not in [a.tool for a in resp.actions], resp.answer
    assert resp.answer.startswith("**South**"), resp.answer


@pytest.mark.parametrize("edges,nodes,directed", [(ROADS, TOWNS, False),
                                                  (STAFF_EDGES, STAFF, True)])
def test_the_nodes_outside_the_main_piece_are_listed(agent, edges, nodes, directed):
    g = _graph(edges, nodes, directed).to_undirected()
    main = max(nx.connected_components(g), key=len)
    want = set(g) - main
    first = agent.ask("which of them are cut off from the rest?", attach=[edges, nodes])
    again = agent.ask("which ones aren't connected to the main network?",
                      session=first.session_id)
    for resp in (first, again):
        assert resp.status == "answered", resp.answer
        listed = set(resp.answer.split(": ", 1)[1].replace("**", "").split(" (")[0].split(", "))
        assert listed == want, resp.answer


def test_the_center_and_periphery_are_the_eccentricity_extremes_of_the_main_piece(agent):
    g = _graph(ROADS, TOWNS, False)
    core = g.subgraph(max(nx.connected_components(g), key=len))
    ecc = nx.eccentricity(core, weight="km")
    center = sorted(n for n, e in ecc.items() if e == min(ecc.values()))
    periphery = sorted(n for n, e in ecc.items() if e == max(ecc.values()))
    first = agent.ask("which town is most central in the sense of closest to the farthest "
                      "one?", attach=[ROADS, TOWNS])
    edge = agent.ask("which towns are on the periphery, i.e. have the largest eccentricity?",
                     session=first.session_id)
    assert first.status == edge.status == "answered", (first.answer, edge.answer)
    assert f"is {', '.join(f'**{n}**' for n in center)}:" in first.answer, first.answer
    assert f"**{min(ecc.values())} km**" in first.answer, first.answer
    assert edge.answer.endswith(f"is {', '.join(f'**{n}**' for n in periphery)} (over the "
                                "largest connected component, 7 nodes)."), edge.answer


def test_groups_tied_for_the_most_links_to_others_are_all_named(agent):
    g = _graph(ROADS, TOWNS, False)
    out: dict[str, int] = {}
    for u, v in g.edges():
        a, b = g.nodes[u]["district"], g.nodes[v]["district"]
        if a != b:
            out[a] = out.get(a, 0) + 1
            out[b] = out.get(b, 0) + 1
    tops = {k for k, v in out.items() if v == max(out.values())}
    resp = agent.ask("which district has the most links to other districts?",
                     attach=[ROADS, TOWNS])
    assert resp.status == "answered", resp.answer
    named = {w.strip("*") for w in resp.answer.split(" are ")[0].split(" and ")}
    assert len(tops) > 1 and named == tops, resp.answer


@pytest.mark.parametrize("edges,nodes,directed,question,attr,group,passes", [
    (ROADS, TOWNS, False, "which towns have a population over 1000?", "population", None,
     lambda v: v > 1000),
    (ROADS, TOWNS, False, "how many towns in the South have a population of at least 700?",
     "population", ("district", "South"), lambda v: v >= 700),
    (STAFF_EDGES, STAFF, True, "how many people earn less than 60?", "pay_eur", None,
     lambda v: v < 60),
])
def test_a_threshold_on_a_node_attribute_is_not_read_as_degree(agent, edges, nodes, directed,
                                                               question, attr, group, passes):
    g = _graph(edges, nodes, directed)
    want = {n for n, d in g.nodes(data=True)
            if (group is None or d[group[0]] == group[1]) and passes(d[attr])}
    resp = agent.ask(question, attach=[edges, nodes])
    assert resp.status == "answered", resp.answer
    assert f"**{len(want)}** have {attr}" in resp.answer, resp.answer
    listed = resp.answer.split(": ", 1)[1].rstrip(".").split(", ")
    assert {x.split(" (")[0] for x in listed} == want, resp.answer


@pytest.mark.parametrize("edges,nodes,question", [
    (ROADS, TOWNS, "who has the most population per road?"),
    (STAFF_EDGES, STAFF, "who has the most pay_eur per colleague?"),
])
def test_a_ratio_of_an_attribute_is_asked_not_answered_with_degree(agent, edges, nodes,
                                                                   question):
    resp = agent.ask(question, attach=[edges, nodes])
    assert resp.status == "needs_clarification", resp.answer
