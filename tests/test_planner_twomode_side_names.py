"""Two-mode tables whose columns are named unlike the usual sides: a side named with a graph
term ("dish, component", "patch, cluster") is the side, never the graph's connected
components or clusters ("what's the most common component" is asked about, "which
component is used in the most dishes" ranks that side), and a side whose plural takes
-es ("dishes", "boxes") is found in the singular and the plural ("which two dishes have the
most components in common"). networkx is the oracle."""

from __future__ import annotations

import re
from itertools import combinations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

PANTRY = pd.DataFrame([("Toast", "butter"), ("Toast", "bread"), ("Curry", "garlic"),
                       ("Curry", "rice"), ("Curry", "chili"), ("Risotto", "rice"),
                       ("Risotto", "butter"), ("Risotto", "garlic"), ("Salsa", "chili"),
                       ("Salsa", "tomato"), ("Bruschetta", "bread"), ("Bruschetta", "tomato"),
                       ("Bruschetta", "garlic")], columns=["dish", "component"])
PATCHES = pd.DataFrame([("KB-101", "auth"), ("KB-101", "storage"), ("KB-102", "storage"),
                        ("KB-103", "auth"), ("KB-103", "kernel"), ("KB-103", "storage"),
                        ("KB-104", "kernel"), ("KB-105", "ui")], columns=["patch", "cluster"])
CRATES = pd.DataFrame([("Box A", "apples"), ("Box A", "pears"), ("Box B", "pears"),
                       ("Box B", "plums"), ("Box C", "apples"), ("Box C", "pears"),
                       ("Box C", "figs")], columns=["box", "fruit"])


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(["pantry", "patches", "crates"], tmp_path_factory)


def _graph(table: pd.DataFrame) -> nx.Graph:
    return nx.from_pandas_edgelist(table, *table.columns)


@pytest.mark.parametrize(("name", "table", "question"), [
    ("pantry", PANTRY, "what's the most common component"),
    ("pantry", PANTRY, "how many components does the graph have?"),
    ("patches", PATCHES, "what is the biggest cluster?"),
    ("patches", PATCHES, "how many clusters are there in this network"),
])
def test_a_side_named_with_a_graph_term_is_never_read_as_that_analysis(agents, name, table,
                                                                       question):
    resp = agents[name].ask(question, attach=[table])
    side = table.columns[1]
    g = _graph(table)
    most = max(g.degree(n) for n in set(table[side]))
    biggest = [n for n in set(table[side]) if g.degree(n) == most]
    if resp.status == "answered" and "biggest" in question:  # the side's node with the most
        assert resp.answer.startswith(f"Among the {side}s, **{biggest[0]}**"), resp.answer
    elif resp.status == "answered":  # the side itself, counted: never the graph's parts
        assert resp.answer.startswith(f"There are **{table[side].nunique()}** {side}s."), \
            resp.answer
    else:
        assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("name", "table", "question", "side"), [
    ("pantry", PANTRY, "which component is used in the most dishes?", "component"),
    ("patches", PATCHES, "which cluster do the most patches touch?", "cluster"),
])
def test_a_side_named_with_a_graph_term_is_ranked_by_its_links(agents, name, table, question,
                                                               side):
    degree = table.groupby(side).size()
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    top = degree[degree == degree.max()].index
    assert len(top) == 1 and f"**{top[0]}** has the most links (**{degree.max()}**)" \
        in resp.answer, resp.answer


@pytest.mark.parametrize(("name", "table", "question"), [
    ("pantry", PANTRY, "which two dishes have the most components in common?"),
    ("crates", CRATES, "which two boxes share the most fruits?"),
])
def test_the_top_pair_of_a_side_with_an_es_plural_is_the_projections_heaviest(agents, name,
                                                                               table, question):
    g = _graph(table)
    side = sorted(set(table[table.columns[0]]))
    shared = {(a, b): len(set(g[a]) & set(g[b])) for a, b in combinations(side, 2)}
    best = max(shared.values())
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    tops = [p for p, n in shared.items() if n == best]
    assert len(tops) == 1, tops
    a, b = tops[0]
    assert re.search(rf"\*\*({a}|{b})\*\* and \*\*({a}|{b})\*\* share the most: \*\*{best}\*\*",
                     resp.answer), resp.answer


@pytest.mark.parametrize(("name", "table", "question", "column"), [
    ("pantry", PANTRY, "how many dishes are there?", "dish"),
    ("crates", CRATES, "How many boxes are there", "box"),
])
def test_a_side_with_an_es_plural_is_counted_alone(agents, name, table, question, column):
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"There are **{table[column].nunique()}** {column}es."), \
        resp.answer
