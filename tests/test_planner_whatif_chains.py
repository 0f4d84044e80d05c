"""What-if chains: a measured route between two nodes without a third, and who still
reaches a node (or how many it still reaches) without another — checked against networkx on
an undirected road table and a directed dependency table."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

ROADS = pd.DataFrame([("Alder", "Birch", 4), ("Birch", "Cedar", 3), ("Alder", "Cedar", 9),
                      ("Cedar", "Dogwood", 2), ("Dogwood", "Elm", 6), ("Elm", "Fir", 5),
                      ("Dogwood", "Fir", 12), ("Fir", "Gum", 1), ("Hazel", "Ivy", 2)],
                     columns=["town_a", "town_b", "km"])
DEPS = pd.DataFrame([("seaborn", "matplotlib"), ("seaborn", "pandas"), ("seaborn", "numpy"),
                     ("pandas", "numpy"), ("pandas", "pytz"), ("pandas", "dateutil"),
                     ("matplotlib", "numpy"), ("matplotlib", "pillow"), ("dateutil", "six"),
                     ("statsmodels", "pandas"), ("statsmodels", "scipy"), ("scipy", "numpy")],
                    columns=["package", "requires"])


def _roads() -> nx.Graph:
    g = nx.Graph()
    g.add_weighted_edges_from(ROADS.itertuples(index=False), weight="km")
    return g


def _deps() -> nx.DiGraph:
    return nx.DiGraph(list(DEPS.itertuples(index=False)))


@pytest.mark.parametrize("question,gone,a,b", [
    ("if Elm closes, how many km from Dogwood to Gum?", "Elm", "Dogwood", "Gum"),
    ("If Birch is removed, what is the shortest distance from Alder to Fir?", "Birch", "Alder",
     "Fir"),
])
def test_a_route_after_a_removal_is_measured_in_the_asked_column(agent, question, gone, a, b):
    h = nx.restricted_view(_roads(), [gone], [])
    resp = agent.ask(question, attach=[ROADS])
    assert resp.status == "answered", resp.answer
    want = nx.shortest_path_length(h, a, b, weight="km")
    assert f"**{want} km**" in resp.answer, resp.answer
    assert " → ".join(nx.shortest_path(h, a, b, weight="km")) in resp.answer, resp.answer


@pytest.mark.parametrize("question,edge,a,b", [
    ("If the Elm - Fir road closes, how far is it from Cedar to Gum?", ("Elm", "Fir"),
     "Cedar", "Gum"),
    ("if the road between Birch and Cedar is closed, what is the shortest distance from Alder "
     "to Dogwood?", ("Birch", "Cedar"), "Alder", "Dogwood"),
])
def test_a_route_after_one_edge_is_cut_is_measured_without_it(agent, question, edge, a, b):
    h = nx.restricted_view(_roads(), [], [edge])
    want = nx.shortest_path_length(h, a, b, weight="km")
    assert want != nx.shortest_path_length(_roads(), a, b, weight="km")
    resp = agent.ask(question, attach=[ROADS])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Without the edge {edge[0]}–{edge[1]}"), resp.answer
    assert f"**{want} km**" in resp.answer, resp.answer
    assert " → ".join(nx.shortest_path(h, a, b, weight="km")) in resp.answer, resp.answer


def test_a_route_a_removal_cuts_is_said_to_be_gone(agent):
    resp = agent.ask("if Dogwood is removed, what is the shortest distance in km from Alder to "
                     "Gum?", attach=[ROADS])
    assert resp.status == "answered", resp.answer
    assert not nx.has_path(nx.restricted_view(_roads(), ["Dogwood"], []), "Alder", "Gum")
    assert resp.answer.startswith("**No route**"), resp.answer


def _listed(answer: str) -> set[str]:
    return set(answer.split(": ", 1)[1].split(" (")[0].replace("**", "").split(", "))


def test_who_still_reaches_a_node_after_a_removal(agent):
    g = _roads()
    first = agent.ask("if Fir is removed, which towns can still reach Alder?", attach=[ROADS])
    lost = agent.ask("if Cedar is removed, how many towns lose their connection to Alder?",
                     session=first.session_id)
    assert first.status == lost.status == "answered", (first.answer, lost.answer)
    still = nx.node_connected_component(nx.restricted_view(g, ["Fir"], []), "Alder") - {"Alder"}
    assert _listed(first.answer) == still, first.answer
    before = nx.node_connected_component(g, "Alder") - {"Alder", "Cedar"}
    after = nx.node_connected_component(nx.restricted_view(g, ["Cedar"], []), "Alder")
    assert f"**{len(before - after)}**" in lost.answer, lost.answer


def test_reach_follows_the_dependencies_direction_after_a_removal(agent):
    g = _deps()
    first = agent.ask("if we removed pandas, how many packages would seaborn still pull in?",
                      attach=[DEPS])
    up = agent.ask("if pandas were removed, which packages would no longer reach pytz?",
                   session=first.session_id)
    assert first.status == up.status == "answered", (first.answer, up.answer)
    after = nx.descendants(nx.restricted_view(g, ["pandas"], []), "seaborn")
    assert f"still reaches **{len(after)}** node(s)" in first.answer, first.answer
    gone = nx.ancestors(g, "pytz") - nx.ancestors(nx.restricted_view(g, ["pandas"], []), "pytz")
    assert _listed(up.answer) == gone - {"pandas"}, up.answer


@pytest.mark.parametrize("question,a,b,x", [
    ("If the Cedar - Dogwood road is cut, how many towns lose their connection to Alder?",
     "Cedar", "Dogwood", "Alder"),
    ("if the road between Elm and Fir closes, how many towns lose their connection to Gum?",
     "Elm", "Fir", "Gum"),
])
def test_a_cut_edge_counts_the_nodes_that_lose_their_connection(agent, question, a, b, x):
    g = _roads()
    before = nx.node_connected_component(g, x)
    after = nx.node_connected_component(nx.restricted_view(g, [], [(a, b)]), x)
    resp = agent.ask(question, attach=[ROADS])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Without the edge {a}–{b}, **{len(before - after)}** node(s)"), \
        resp.answer


def test_a_cut_dependency_edge_names_what_no_longer_reaches(agent):
    g = _deps()
    resp = agent.ask("if the seaborn - pandas link is removed, which packages would no longer "
                     "reach pytz?", attach=[DEPS])
    assert resp.status == "answered", resp.answer
    cut = nx.restricted_view(g, [], [("seaborn", "pandas")])
    gone = nx.ancestors(g, "pytz") - nx.ancestors(cut, "pytz")
    assert gone and _listed(resp.answer) == gone, resp.answer
