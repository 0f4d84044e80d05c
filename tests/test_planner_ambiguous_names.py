"""A name that is a word of several nodes' names ("Smith" for Ann Smith and Bo Smith) names
no one node: the planner asks which, naming each, and never answers about the first match;
the full name answers about that node. networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.test_directed_totals import _ask

MENTORING = [("Ann Smith", "Bo Smith"), ("Bo Smith", "Cy Jones"), ("Cy Jones", "Dee Park"),
             ("Dee Park", "Eve Lund"), ("Eve Lund", "Fay Wu"), ("Fay Wu", "Ann Smith"),
             ("Cy Jones", "Ivo Nash"), ("Ivo Nash", "Kai Roe")]
DOCKS = [("Kessel Dock", "Mora Lock"), ("Mora Lock", "Kessel Yard"), ("Kessel Yard", "Tarn Gate"),
         ("Tarn Gate", "Ardel Quay"), ("Ardel Quay", "Kessel Dock"), ("Tarn Gate", "Beck Weir")]


def _table(rows: list[tuple[str, str]], columns: list[str]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=columns)


@pytest.mark.parametrize(("rows", "columns", "question", "word", "nodes"), [
    (MENTORING, ["mentor", "mentee"], "who are Smith's neighbours?", "Smith",
     ["Ann Smith", "Bo Smith"]),
    (MENTORING, ["mentor", "mentee"], "shortest path from Smith to Kai Roe", "Smith",
     ["Ann Smith", "Bo Smith"]),
    (DOCKS, ["berth_from", "berth_to"], "what is the degree of Kessel?", "Kessel",
     ["Kessel Dock", "Kessel Yard"]),
    (DOCKS, ["berth_from", "berth_to"], "how many hops from Kessel to Beck Weir?", "Kessel",
     ["Kessel Dock", "Kessel Yard"]),
])
def test_a_name_matching_two_nodes_asks_which_naming_both(tmp_path, rows, columns, question,
                                                          word, nodes):
    resp = _ask(tmp_path, _table(rows, columns), question)
    assert resp.status == "needs_clarification", resp.answer
    assert f"'{word}'" in resp.answer and all(n in resp.answer for n in nodes), resp.answer


@pytest.mark.parametrize(("rows", "columns", "source", "target"), [
    (MENTORING, ["mentor", "mentee"], "Bo Smith", "Kai Roe"),
    (DOCKS, ["berth_from", "berth_to"], "Kessel Yard", "Beck Weir"),
])
def test_the_full_name_answers_about_that_node(tmp_path, rows, columns, source, target):
    hops = nx.shortest_path_length(nx.DiGraph(rows), source, target)
    resp = _ask(tmp_path, _table(rows, columns), f"shortest path from {source} to {target}")
    assert resp.status == "answered", resp.answer
    assert f"from {source} to {target} has **{hops} hop(s)**" in resp.answer, resp.answer


def test_a_word_of_one_nodes_name_still_resolves_to_it(tmp_path):
    g = nx.Graph(MENTORING)
    resp = _ask(tmp_path, _table(MENTORING, ["mentor", "mentee"]), "who are Jones's neighbours?")
    assert resp.status == "answered", resp.answer
    assert "'Jones' is node Cy Jones" in resp.answer
    assert f"Cy Jones has degree **{g.degree('Cy Jones')}**" in resp.answer, resp.answer
