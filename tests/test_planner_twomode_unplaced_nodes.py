"""A two-mode table whose node table adds a node in no edge (a plant nobody visited, a
title nobody borrowed) is still two-mode: its co-occurrence questions are answered on the
sides the edge columns give ("which two plants share the most pollinators", "which
readers borrow a title that m.ito also borrows"), the unplaced node counted apart."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

VISITS = pd.DataFrame([("wasp", "ivy", 4), ("wasp", "mint", 2), ("moth", "ivy", 7),
                       ("moth", "mint", 3), ("moth", "sage", 1), ("gnat", "sage", 5),
                       ("gnat", "rue", 2), ("fly", "rue", 6), ("beetle", "yarrow", 2)],
                      columns=["pollinator", "plant", "visits"])
LOANS = pd.DataFrame([("m.ito", "Dune", 2), ("m.ito", "Emma", 1), ("r.diaz", "Dune", 3),
                      ("r.diaz", "Emma", 1), ("r.diaz", "Solaris", 2), ("k.obi", "Solaris", 1),
                      ("k.obi", "Beloved", 4), ("a.lund", "Beloved", 1), ("t.ng", "Ulysses", 2)],
                     columns=["reader", "title", "loans"])
#: the node a node table adds in no edge
NOBODY = {"visits": "foxglove", "loans": "Walden"}
TABLES = {"visits": VISITS, "loans": LOANS}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _ask(agents, name: str, question: str):
    table = TABLES[name]
    ids = [*table.iloc[:, 0].unique(), *table.iloc[:, 1].unique(), NOBODY[name]]
    return agents[name].ask(question, attach=[table, pd.DataFrame({"id": ids})])


def _graph(table: pd.DataFrame) -> nx.Graph:
    return nx.from_pandas_edgelist(table, *table.columns[:2])


@pytest.mark.parametrize(("name", "question"), [
    ("visits", "Which two plants share the most pollinators?"),
    ("loans", "which two titles share the most readers?"),
])
def test_the_pair_sharing_most_partners_is_answered_beside_a_node_in_no_edge(
        agents, name, question):
    table = TABLES[name]
    g = _graph(table)
    side = set(table.iloc[:, 1])
    pairs = nx.bipartite.weighted_projected_graph(g, side).edges(data="weight")
    best = max(w for _, _, w in pairs)
    leaders = [{a, b} for a, b, w in pairs if w == best]
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert len(leaders) == 1, leaders  # the tables keep one strongest pair
    for node in leaders[0]:
        assert f"**{node}**" in resp.answer, resp.answer
    assert f"**{best}** in common" in resp.answer, resp.answer


@pytest.mark.parametrize(("name", "x", "question"), [
    ("visits", "moth", "which pollinators visit at least one plant that the moth also visits"),
    ("loans", "r.diaz", "which readers borrow a title that r.diaz also borrows?"),
])
def test_the_nodes_sharing_a_partner_in_the_columns_verb_are_listed(agents, name, x, question):
    table = TABLES[name]
    g = _graph(table)
    expected = set(nx.bipartite.projected_graph(g, set(table.iloc[:, 0]))[x])
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    listed = {n for n in table.iloc[:, 0].unique() if f"**{n}**" in resp.answer} - {x}
    assert listed == expected, resp.answer
