"""Whether any node is cut off from the rest, asked Yes or No: the nodes outside the main
piece with a **Yes** (or **No** on a connected graph), and with "no ... at all" / "in or
out" only the nodes with no edge (networkx's isolates), on flatmates with a loner, climbing
partners and a choir (networkx is the oracle)."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table
from planner_tables import CHOIR, CLIMBS, FLATS, HOUSES, table_graph

#: the climbers' home crags, and Lux, who has climbed with nobody
CRAGS = pd.DataFrame([(n, "Stanage" if n < "H" else "Curbar") for n in
                      [*sorted(table_graph(CLIMBS)), "Lux"]], columns=["climber", "crag"])


def _graph(edges: pd.DataFrame, nodes: pd.DataFrame | None) -> nx.Graph:
    g = table_graph(edges)
    if nodes is not None:
        g.add_nodes_from(nodes.iloc[:, 0])
    return g


def _bold(answer: str) -> set[str]:
    return set(re.findall(r"\*\*([A-Z][a-z]+)\*\*", answer)) - {"Yes", "No"}


@pytest.mark.parametrize(("edges", "nodes", "question"), [
    (FLATS, HOUSES, "Is anyone completely cut off from the rest, with no flatmates at all?"),
    (CLIMBS, CRAGS, "Are there any isolated nodes, cut off from the rest of the climbers?"),
], ids=["flats", "climbs"])
def test_anyone_cut_off_with_no_edges_at_all_names_the_isolates(tmp_path, edges, nodes,
                                                                question):
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    g = _graph(edges, nodes)
    alone = set(nx.isolates(g))
    assert alone and nx.number_connected_components(g) > len(alone) + 1  # pieces of 2+ too
    assert resp.answer.startswith("**Yes**"), resp.answer
    assert _bold(resp.answer) == alone, resp.answer


@pytest.mark.parametrize(("edges", "question"), [
    (FLATS, "is any person cut off from the rest of the network?"),
    (CLIMBS, "are there any climbers not connected to the main group?"),
    (CHOIR, "Is any singer cut off from the rest of the choir?"),
], ids=["flats", "climbs", "choir"])
def test_any_node_cut_off_answers_yes_with_the_pieces_outside_or_no(tmp_path, edges, question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    g = table_graph(edges)
    main = max(nx.connected_components(g), key=len)
    outside = set(g) - main
    assert resp.answer.startswith("**Yes**" if outside else "**No**"), resp.answer
    assert _bold(resp.answer) == outside, resp.answer


@pytest.mark.parametrize(("edges", "question"), [
    (FLATS, "is the network one piece?"), (CLIMBS, "Is this graph a single piece?"),
    (CHOIR, "is the choir network one piece?"),
], ids=["flats", "climbs", "choir"])
def test_one_piece_is_answered_yes_or_no_with_the_components(tmp_path, edges, question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    pieces = nx.number_connected_components(table_graph(edges))
    assert resp.answer.startswith("**Yes**" if pieces == 1 else "**No**"), resp.answer
    assert f"**{pieces} connected component(s)**" in resp.answer
