"""The answer comes first: "who has the most …" leads with the top node(s), "who are X's
…" with X's neighbours, before the figures around them — and the data's own word for the
other end of an edge ("mate" of ``worker,mate``) said of a node means its neighbours."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

CREW = pd.DataFrame([("Ada", "Bo"), ("Ada", "Cy"), ("Ada", "Di"), ("Ada", "Ed"), ("Bo", "Cy"),
                     ("Di", "Ed"), ("Ed", "Fa"), ("Fa", "Gil")], columns=["worker", "mate"])
HUBS = pd.DataFrame([("p1", "p2"), ("p1", "p3"), ("p2", "p3"), ("p3", "p4"), ("p3", "p5"),
                     ("p4", "p5"), ("p5", "p6"), ("p2", "p6"), ("p6", "p7")],
                    columns=["lab", "buddy"])


def _graph(table: pd.DataFrame) -> nx.Graph:
    return nx.from_pandas_edgelist(table, table.columns[0], table.columns[1])


def _lead(answer: str) -> str:
    """The answer's first sentence."""
    return re.split(r"(?<=\.)\s", answer, maxsplit=1)[0]


@pytest.mark.parametrize(("table", "question"), [
    (CREW, "who has the most mates?"),
    (HUBS, "which lab has the most buddies?"),
])
def test_who_has_the_most_ties_leads_with_the_top_node(tmp_path, table, question):
    g = _graph(table)
    top = max(dict(g.degree()).values())
    best = sorted(n for n, d in g.degree() if d == top)
    r = ask_table(tmp_path, table, question)
    lead = _lead(r.answer)
    assert r.status == "answered"
    assert all(f"**{n}**" in lead for n in best), r.answer
    assert f"**{top}**" in lead and "Mean degree" not in lead


@pytest.mark.parametrize(("table", "question", "node"), [
    (CREW, "list Ada's mates", "Ada"),
    (CREW, "who are Ed's mates?", "Ed"),
    (HUBS, "who are p6's buddies?", "p6"),
])
def test_a_nodes_ties_in_the_datas_own_word_are_listed_first(tmp_path, table, question, node):
    g = _graph(table)
    r = ask_table(tmp_path, table, question)
    lead = _lead(r.answer)
    assert r.status == "answered"
    assert f"{g.degree(node)} neighbour(s)" in lead, r.answer
    assert set(re.findall(r"\*\*(\w+)\*\*", lead)) - {node} == set(g[node]), r.answer


@pytest.mark.parametrize(("table", "question"), [
    (CREW, "what's the average number of mates?"),
    (HUBS, "what is the average number of ties?"),
])
def test_the_average_number_of_ties_is_the_mean_degree(tmp_path, table, question):
    g = _graph(table)
    mean = sum(d for _, d in g.degree()) / g.number_of_nodes()
    r = ask_table(tmp_path, table, question)
    assert r.status == "answered"
    shown = re.search(r"Mean degree is \*\*([\d.]+)\*\*", r.answer)
    assert shown and abs(float(shown.group(1)) - mean) < 1e-3, r.answer
