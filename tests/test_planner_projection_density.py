"""One side's projection of a two-mode graph (two nodes linked when they share a partner)
asked by its density ("project onto the anglers: what's the density of that network?", "how
dense is the chefs' co-cooking network") gets the projection's density; a pair asked after
the projection is defined ("if two lakes are linked when they shared an angler, which pair
shares the most") is a pair of the side named, never the other side's best-connected nodes."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

KITCHEN = pd.DataFrame(
    [("chef_amara", "tiramisu"), ("chef_dov", "tiramisu"), ("chef_cyd", "mochi"),
     ("chef_dov", "mochi"), ("chef_amara", "risotto"), ("chef_gil", "risotto"),
     ("chef_bo", "gyoza"), ("chef_cyd", "gyoza"), ("chef_bo", "ramen"), ("chef_eli", "ramen"),
     ("chef_amara", "mochi"), ("chef_dov", "risotto")],
    columns=["chef", "dish"])
LAKES = pd.DataFrame(
    [("Ines", "Loch Ard"), ("Ines", "Tarn Beck"), ("Omar", "Loch Ard"), ("Omar", "Mere Holt"),
     ("Pavel", "Mere Holt"), ("Pavel", "Tarn Beck"), ("Pavel", "Loch Ard"), ("Rhea", "Fenwater"),
     ("Rhea", "Loch Ard"), ("Suki", "Loch Ard"), ("Suki", "Tarn Beck")],
    columns=["angler", "lake"])
TABLES = {"kitchen": KITCHEN, "lakes": LAKES}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _projection(table: pd.DataFrame, column: str) -> nx.Graph:
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    return nx.bipartite.weighted_projected_graph(g, set(table[column]))


@pytest.mark.parametrize("name, column, question", [
    ("kitchen", "chef", "Project onto the chefs (two chefs tied if they shared a dish): what's "
                        "the density of that network?"),
    ("kitchen", "dish", "how dense is the network of dishes linked when they share a chef?"),
    ("lakes", "angler", "what is the density of the anglers' co-fishing network"),
    ("lakes", "lake", "if two lakes are linked when they share an angler, how dense is that?"),
    ("kitchen", "chef", "how dense is the chef-to-chef network you get from shared dishes?")])
def test_a_projections_density_is_the_share_of_that_sides_pairs_linked(agents, name, column,
                                                                       question):
    p = _projection(TABLES[name], column)
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    assert f"density **{nx.density(p):.4g}**" in resp.answer, resp.answer
    assert f"{p.number_of_edges()} links among the {p.number_of_nodes()}" in resp.answer


@pytest.mark.parametrize("name, column, question", [
    ("lakes", "lake", "if two lakes are linked when they shared an angler, which pair shares "
                      "the most?"),
    ("kitchen", "dish", "if two dishes are linked when they shared a chef, which pair shares "
                        "the most?")])
def test_a_pair_asked_after_the_projection_is_defined_is_a_pair_of_that_side(agents, name,
                                                                             column, question):
    p = _projection(TABLES[name], column)
    best = max(w for _, _, w in p.edges(data="weight"))
    top = [{a, b} for a, b, w in p.edges(data="weight") if w == best]
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    assert f"**{best}**" in resp.answer, resp.answer
    assert any(all(f"**{n}**" in resp.answer for n in pair) for pair in top), resp.answer
    other = set(TABLES[name].columns) - {column}
    assert not any(str(n) in resp.answer.split("(")[0]
                   for n in TABLES[name][other.pop()]), resp.answer
