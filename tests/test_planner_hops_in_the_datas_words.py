"""A route's length asked as a count of its edges in the data's own words ("how many roads at
minimum", "the fewest kicks it takes", "whatever the distance") is the hop count, even on a
table with a length or a count column; a measured route ("the shortest drive") still adds up
its column (networkx is the oracle)."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table
from planner_tables import COURIERS, directed_graph, table_graph

#: huts joined by trails in km: the fewest trails (Alm-Dorf-Eck) is not the shortest walk
TRAILS = pd.DataFrame(
    [("Alm", "Berg", 2), ("Berg", "Cima", 3), ("Cima", "Eck", 2), ("Alm", "Dorf", 20),
     ("Dorf", "Eck", 25), ("Eck", "Fels", 4)],
    columns=["hut_a", "hut_b", "km"])
#: kicks between players (directed, a count column)
KICKS = pd.DataFrame(
    [("Ana", "Bo", 3), ("Bo", "Ana", 2), ("Bo", "Cy", 5), ("Cy", "Dee", 4), ("Eli", "Dee", 1),
     ("Ana", "Cy", 2), ("Dee", "Eli", 6), ("Fay", "Dee", 2), ("Ana", "Fay", 1)],
    columns=["kicker", "catcher", "kicks"])


def _hops(answer: str) -> int:
    m = re.search(r"\*\*(\d+) hop\(s\)\*\*", answer)
    assert m, answer
    return int(m.group(1))


@pytest.mark.parametrize(("table", "graph", "question", "ends"), [
    (TRAILS, table_graph(TRAILS), "how many trails at minimum do I have to walk along to get "
     "from Alm to Eck, whatever the distance?", ("Alm", "Eck")),
    (TRAILS, table_graph(TRAILS), "what is the smallest number of trails between Alm and Fels,"
     " regardless of the km?", ("Alm", "Fels")),
    (COURIERS, table_graph(COURIERS), "how many drives at minimum to get from Hull to Whitby, "
     "whatever the time?", ("Hull", "Whitby")),
    (KICKS, directed_graph(KICKS), "What's the fewest kicks it takes to get the ball from Ana "
     "to Dee?", ("Ana", "Dee")),
], ids=lambda x: x if isinstance(x, str) else "")
def test_the_fewest_edges_in_the_datas_words_is_the_hop_count(tmp_path, table, graph,
                                                               question, ends):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert _hops(resp.answer) == nx.shortest_path_length(graph, *ends)


@pytest.mark.parametrize(("table", "column", "question", "ends"), [
    (TRAILS, "km", "what is the shortest walk from Alm to Eck in km?", ("Alm", "Eck")),
    (COURIERS, "drive_min", "what is the quickest route from Hull to Whitby?", ("Hull", "Whitby")),
], ids=lambda x: x if isinstance(x, str) else "")
def test_a_measured_route_still_adds_up_its_column(tmp_path, table, column, question, ends):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    want = nx.shortest_path_length(table_graph(table, column), *ends, weight=column)
    assert f"**{want}" in resp.answer, resp.answer
