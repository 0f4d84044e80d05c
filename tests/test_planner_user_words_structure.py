"""Structure questions in users' words, each on two graphs: "could the families be split into
two camps so every marriage links one camp to the other" (bipartite: Yes or No), "how many
links are there among hut7's neighbours" (the pairs of its neighbours linked), "is there a
member who'd be cut off if a single friendship ended" (bridge edges, not cut nodes), "which
families hold the network together, in the sense that removing any one of them would split
it" (cut nodes) and "which families are married into both the Medici and the Strozzi"
(common neighbours)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

FAMILIES = nx.florentine_families_graph()
CLUB = nx.relabel_nodes(nx.karate_club_graph(), {n: f"m{n}" for n in range(34)})
GRID = nx.relabel_nodes(nx.grid_2d_graph(3, 4), {n: f"g{n[0]}{n[1]}" for n in nx.grid_2d_graph(3, 4)})
GRAPHS = {"families": (FAMILIES, ["family", "in_law"], "families", "marriage"),
          "club": (CLUB, ["member", "friend"], "members", "friendship"),
          "grid": (GRID, ["cell_a", "cell_b"], "cells", "link")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents, name: str, question: str):
    g, cols, *_ = GRAPHS[name]
    return agents[name].ask(question, attach=[pd.DataFrame(list(g.edges()), columns=cols)])


@pytest.mark.parametrize("name", ["families", "grid"])
def test_two_camps_with_every_edge_across_is_the_bipartite_check(agents, name):
    g, _, nouns, edge = GRAPHS[name]
    resp = _ask(agents, name, f"Could the {nouns} be split into two camps so that every {edge} "
                              "links one camp to the other?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if nx.is_bipartite(g) else "**No**"), resp.answer


@pytest.mark.parametrize("name, who", [("club", "m0"), ("grid", "g11")])
def test_links_among_a_nodes_neighbours_are_its_triangles(agents, name, who):
    g, *_ = GRAPHS[name]
    resp = _ask(agents, name, f"How many links are there among {who}'s neighbours?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{nx.triangles(g, who)}** pair(s)"), resp.answer


@pytest.mark.parametrize("name", ["club", "families"])
def test_a_single_edge_ending_asks_for_the_bridges(agents, name):
    g, _, nouns, edge = GRAPHS[name]
    bridges = list(nx.bridges(g))
    resp = _ask(agents, name, f"Is there a {nouns[:-1]} who'd be completely cut off if a single "
                              f"{edge} ended? Who?")
    assert resp.status == "answered", resp.answer
    assert "bridge" in resp.answer and all(f"{a}–{b}" in resp.answer or f"{b}–{a}" in resp.answer
                                           for a, b in bridges[:3]), resp.answer


@pytest.mark.parametrize("name", ["families", "club"])
def test_removing_any_one_of_them_would_split_it_names_the_cut_nodes(agents, name):
    g, _, nouns, _ = GRAPHS[name]
    cuts = sorted(nx.articulation_points(g))
    resp = _ask(agents, name, f"Which {nouns} hold the network together, in the sense that "
                              "removing any one of them would split it?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(cuts)}** node(s)"), resp.answer
    assert all(c in resp.answer for c in cuts), resp.answer


def test_married_into_both_lists_the_common_neighbours(agents):
    common = sorted(nx.common_neighbors(FAMILIES, "Medici", "Strozzi"))
    resp = _ask(agents, "families", "Which families are married into both the Medici and the "
                                    "Strozzi?")
    assert resp.status == "answered", resp.answer
    assert all(c in resp.answer for c in common), resp.answer
