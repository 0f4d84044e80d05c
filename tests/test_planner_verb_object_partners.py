"""A named node as the object of the data's own verb ("who kicks to Dee", "which families
married into Oakes", "which volunteers staff Beach") lists the verb's subjects: on a
directed table its in-neighbours, even where the verb is also the edge column's name; on an
undirected table its neighbours (networkx is the oracle). A verb that says who won asks."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table
from planner_tables import CHOIR, FLATS, directed_graph, table_graph

#: kicks between players (directed, the count column named like the verb)
KICKS = pd.DataFrame(
    [("Ana", "Bo", 3), ("Bo", "Ana", 2), ("Bo", "Cy", 5), ("Cy", "Dee", 4), ("Eli", "Dee", 1),
     ("Ana", "Cy", 2), ("Dee", "Eli", 6), ("Fay", "Dee", 2)],
    columns=["kicker", "catcher", "kicks"])
#: throws between jugglers (directed, the count column named like the verb)
THROWS = pd.DataFrame(
    [("Gil", "Hana", 4), ("Hana", "Ida", 1), ("Jon", "Ida", 7), ("Ida", "Gil", 2),
     ("Kay", "Ida", 3), ("Kay", "Jon", 5), ("Gil", "Kay", 1)],
    columns=["thrower", "catcher", "throws"])


def _listed(answer: str) -> set[str]:
    m = re.search(r"\(its in-neighbours\): ([^.\n]*)", answer)
    assert m, answer
    return {n.strip() for n in m.group(1).split(",")}


@pytest.mark.parametrize(("table", "question", "node"), [
    (KICKS, "who kicks to Dee?", "Dee"),
    (THROWS, "who throws to Ida?", "Ida"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_who_verbs_to_a_node_in_the_value_columns_own_word_lists_its_in_neighbours(
        tmp_path, table, question, node):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert _listed(resp.answer) == set(directed_graph(table).predecessors(node))


#: a volunteer table read as undirected: who staffs which site
STAFFING = pd.DataFrame(
    [("Rui", "Beach"), ("Sol", "Beach"), ("Tess", "Beach"), ("Rui", "Park"), ("Uma", "Park"),
     ("Vik", "Dock"), ("Sol", "Dock")],
    columns=["volunteer", "site"])


@pytest.mark.parametrize(("table", "question", "node"), [
    (CHOIR, "which singers sing with Eef?", "Eef"),
    (FLATS, "who lives with Quin?", "Quin"),
    (STAFFING, "Which volunteers staff Beach?", "Beach"),
    (STAFFING, "which volunteers ever worked at the Park?", "Park"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_which_nouns_verb_a_node_on_an_undirected_table_are_its_neighbours(
        tmp_path, table, question, node):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    want = set(table_graph(table)[node])
    m = re.search(r"node\(s\) at hop 1 \(([^)]*)\)", resp.answer) or re.search(
        r":\s*([A-Z][^.\n]*)", resp.answer)
    assert m, resp.answer
    assert {n.strip(" *") for n in m.group(1).split(",")} == want, resp.answer


def test_who_beat_a_node_on_an_undirected_table_is_not_its_neighbours(tmp_path):
    games = pd.DataFrame([("Lions", "Rovers"), ("Rovers", "Hawks"), ("Hawks", "Lions"),
                          ("Owls", "Rovers")], columns=["team_a", "team_b"])
    resp = ask_table(tmp_path, games, "which teams beat Rovers?")
    assert resp.status != "answered" or not set(nx.Graph(
        [tuple(r) for r in games.values]).neighbors("Rovers")) <= set(
        re.findall(r"[A-Z]\w+", resp.answer)) - {"Rovers"}, resp.answer
