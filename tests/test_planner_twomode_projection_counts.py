"""On a two-mode table, a question about one side's projection (its nodes linked when they
share a partner) is answered from ``project_bipartite``: "if you link boats that share a
sailor, how many boat-boat links do you get" counts its links, "which trader is tied to the
most other traders" ranks its degree (ties named), each checked against networkx's
projection; a threshold on what is shared is not this question."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

CREWS = pd.DataFrame([("Ansel", "Petrel"), ("Ansel", "Skua"), ("Bea", "Petrel"),
                      ("Bea", "Gannet"), ("Cato", "Skua"), ("Cato", "Tern"), ("Dilys", "Tern"),
                      ("Dilys", "Gannet"), ("Dilys", "Petrel"), ("Ewan", "Fulmar"),
                      ("Fen", "Fulmar")], columns=["sailor", "boat"])
STALLS = pd.DataFrame([("Odile", "Leith"), ("Odile", "Portobello"), ("Priya", "Leith"),
                       ("Priya", "Stockbridge"), ("Quinn", "Stockbridge"), ("Quinn", "Leith"),
                       ("Quinn", "Grassmarket"), ("Rhys", "Grassmarket"), ("Sanna", "Morningside"),
                       ("Tove", "Morningside"), ("Tove", "Portobello")],
                      columns=["trader", "market"])
TABLES = {"crews": CREWS, "stalls": STALLS}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _projection(table: pd.DataFrame, column: int) -> nx.Graph:
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    return nx.bipartite.projected_graph(g, set(table.iloc[:, column]))


@pytest.mark.parametrize(("name", "column", "question"), [
    ("crews", 1, "If you link boats that share a sailor, how many boat-boat links do you get?"),
    ("crews", 0, "how many pairs of sailors crewed a boat together?"),
    ("stalls", 0, "If we connect traders who share a market, how many links are there?"),
    ("stalls", 1, "how many market-market links does the projection have?"),
])
def test_the_number_of_projection_links_is_counted(agents, name, column, question):
    expected = _projection(TABLES[name], column).number_of_edges()
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    assert f"**{expected}** links" in resp.answer, resp.answer


@pytest.mark.parametrize(("name", "column", "question"), [
    ("crews", 0, "In the sailor-only projection, which sailor is tied to the most other sailors?"),
    ("crews", 1, "which boat shares a sailor with the most other boats?"),
    ("stalls", 0, "which trader is tied to the most other traders?"),
    ("stalls", 1, "Which market shares traders with the most other markets?"),
])
def test_the_node_tied_to_most_others_of_its_side_is_ranked_by_projection_degree(
        agents, name, column, question):
    table = TABLES[name]
    degrees = dict(_projection(table, column).degree())
    best = max(degrees.values())
    leaders = {n for n, d in degrees.items() if d == best}
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    named = {n for n in table.iloc[:, column].unique() if f"**{n}**" in resp.answer}
    assert named == leaders, resp.answer
    assert f"**{best}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("name", "question"), [
    ("crews", "how many pairs of sailors crewed at least two boats together?"),
    ("stalls", "which trader shares at least two markets with the most other traders?"),
])
def test_a_threshold_on_what_is_shared_is_not_the_plain_projection(agents, name, question):
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status != "answered" or "links among" not in resp.answer, resp.answer
    assert "tied to the most other" not in resp.answer, resp.answer
