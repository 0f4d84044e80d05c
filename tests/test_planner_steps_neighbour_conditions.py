"""Questions about one node's neighbours that meet a second condition ("which of Dag's
crewmates have no other crewmates", "how many of Greta's neighbours have more than 3
neighbours") are answered with those neighbours' own degree, against networkx on two
tables with different words; a group condition ("which of Greta's crewmates row out of the
Weir boat house") counts the neighbours in that group; a condition the planner does not check
(a directed graph's ties) is asked, never answered with the node's whole neighbourhood or
its own group. "-mates" after a name are that node's neighbours, and a ranking of them by
an attribute ("of Amara's crewmates, who has rowed the most seasons") is the neighbours'
ranking, not the whole graph's."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files
from tests.planner_tables import CHOIR, COURIERS, table_graph

ROWING = pd.DataFrame(
    [("Amara", "Bastian", 5), ("Amara", "Cosima", 3), ("Bastian", "Cosima", 4), ("Amara", "Dag", 2),
     ("Cosima", "Dag", 6), ("Dag", "Elif", 1), ("Elif", "Florin", 7), ("Elif", "Greta", 2),
     ("Florin", "Greta", 3), ("Greta", "Hamid", 4), ("Florin", "Hamid", 1), ("Hamid", "Ines", 2),
     ("Ines", "Jory", 5), ("Jory", "Kaito", 3), ("Ines", "Kaito", 2), ("Kaito", "Lupe", 1),
     ("Greta", "Ines", 2), ("Amara", "Lupe", 1), ("Greta", "Jory", 2), ("Lupe", "Moss", 1)],
    columns=["rower_a", "rower_b", "outings"])
ROWERS = pd.DataFrame(
    [("Amara", "North", 4), ("Bastian", "North", 2), ("Cosima", "North", 6), ("Dag", "North", 1),
     ("Elif", "Weir", 3), ("Florin", "Weir", 5), ("Greta", "Weir", 7), ("Hamid", "Weir", 2),
     ("Ines", "Weir", 1), ("Jory", "Lock", 3), ("Kaito", "Lock", 2), ("Lupe", "Lock", 8),
     ("Moss", "Lock", 9)], columns=["rower", "boat_house", "seasons"])
SINGERS = pd.DataFrame([(n, "low" if n < "E" else "high", len(n)) for n in
                        sorted(set(CHOIR.singer_x) | set(CHOIR.singer_y))],
                       columns=["singer", "voice", "years_sung"])
DEPOTS = pd.DataFrame([(n, "east" if n in ("Hull", "Goole", "Selby") else "north", len(n))
                       for n in sorted(set(COURIERS.depot_a) | set(COURIERS.depot_b))],
                      columns=["depot", "region", "bays"])
TIPS = pd.DataFrame([("Oriole", "Pike"), ("Oriole", "Quill"), ("Pike", "Quill"), ("Quill", "Raven"),
                     ("Raven", "Sable"), ("Oriole", "Raven")], columns=["tipster", "recipient"])
AGENTS = pd.DataFrame([("Oriole", "red"), ("Pike", "red"), ("Quill", "red"), ("Raven", "blue"),
                       ("Sable", "blue")], columns=["agent", "unit"])

#: (edges, nodes, word for a neighbour in the question, graph)
TABLES = {"rowing": (ROWING, ROWERS, "crewmates", table_graph(ROWING)),
          "choir": (CHOIR, SINGERS, "neighbours", table_graph(CHOIR)),
          "depots": (COURIERS, DEPOTS, "neighbouring depots", table_graph(COURIERS))}


def _ask(tmp_path, name: str, question: str):
    edges, nodes, _, _ = TABLES[name]
    return ask_as_csv_files(tmp_path, edges, nodes, question)


def _alone(g: nx.Graph, centre: str) -> set[str]:
    return {n for n in g[centre] if g.degree(n) == 1}


@pytest.mark.parametrize("name,centre,question", [
    ("rowing", "Lupe", "which of Lupe's crewmates have no other crewmates?"),
    ("choir", "Ilse", "Which of Ilse's neighbours have no other neighbours?"),
    ("depots", "Goole", "which of Goole's neighbouring depots have only one neighbour?"),
    ("choir", "Ilse", "which of Ilse's neighbours have degree 1?"),
])
def test_neighbours_with_no_other_neighbour_are_those_of_degree_one(tmp_path, name, centre,
                                                                   question):
    g = TABLES[name][3]
    alone = _alone(g, centre)
    assert alone  # the fixture has one
    resp = _ask(tmp_path, name, question)
    assert resp.status == "answered", resp.answer
    assert f"**{len(alone)}** of {centre}'s {g.degree(centre)} neighbours" in resp.answer
    assert all(f"**{n}**" in resp.answer for n in alone), resp.answer
    others = set(g[centre]) - alone
    assert not any(f"**{n}**" in resp.answer for n in others), resp.answer


@pytest.mark.parametrize("name,centre", [("rowing", "Dag"), ("depots", "York")])
def test_none_of_the_neighbours_alone_is_said_as_none(tmp_path, name, centre):
    g = TABLES[name][3]
    assert not _alone(g, centre)
    word = TABLES[name][2]
    other = "crewmates" if word == "crewmates" else "neighbours"
    resp = _ask(tmp_path, name, f"which of {centre}'s {word} have no other {other}?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**None** of {centre}'s {g.degree(centre)} neighbours")


@pytest.mark.parametrize("name,centre,question,more", [
    ("rowing", "Greta", "how many of Greta's crewmates have more than 3 crewmates?", 3),
    ("choir", "Dries", "How many of Dries's neighbours have more than 2 neighbours?", 2),
    ("rowing", "Greta", "which of Greta's neighbours have more than 2 other crewmates?", 3),
    ("depots", "York", "which of York's neighbouring depots have degree above 2?", 2),
])
def test_neighbours_past_a_number_of_ties_are_counted_by_their_degree(tmp_path, name, centre,
                                                                      question, more):
    g = TABLES[name][3]
    hits = {n for n in g[centre] if g.degree(n) > more}
    resp = _ask(tmp_path, name, question)
    assert resp.status == "answered", resp.answer
    assert f"**{len(hits)}** of {centre}'s {g.degree(centre)} neighbours" in resp.answer, \
        resp.answer
    assert all(f"**{n}**" in resp.answer for n in hits), resp.answer


@pytest.mark.parametrize("name,centre,attr,value,question", [
    ("rowing", "Greta", "boat_house", "Weir",
     "which of Greta's crewmates row out of the Weir boat house?"),
    ("choir", "Dries", "voice", "high", "how many of Dries's neighbours sing a high voice?"),
    ("depots", "York", "region", "north",
     "which of York's neighbouring depots are in the north region?"),
])
def test_a_group_condition_on_the_neighbours_counts_the_neighbours_in_that_group(
        tmp_path, name, centre, attr, value, question):
    _, nodes, _, g = TABLES[name]
    group = dict(zip(nodes.iloc[:, 0], nodes[attr], strict=True))
    held = {n for n in g[centre] if group[n] == value}
    resp = _ask(tmp_path, name, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(held)}** of {centre}'s {g.degree(centre)} "
                                  "neighbours"), resp.answer
    assert all(f"**{n}**" in resp.answer for n in held), resp.answer


def test_on_a_directed_table_the_neighbours_condition_is_asked(tmp_path):
    resp = ask_as_csv_files(tmp_path, TIPS, AGENTS,
                            "which of Oriole's contacts have no other contacts?")
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize("name,centre", [("rowing", "Elif"), ("rowing", "Kaito")])
def test_a_name_s_mates_are_its_neighbours(tmp_path, name, centre):
    g = TABLES[name][3]
    resp = _ask(tmp_path, name, f"who are {centre}'s crewmates?")
    assert resp.status == "answered", resp.answer
    assert all(n in resp.answer for n in g[centre]), resp.answer
    assert not any(f" {n}" in resp.answer for n in set(g) - set(g[centre]) - {centre}), \
        resp.answer


@pytest.mark.parametrize("name,centre,attr,question", [
    ("rowing", "Amara", "seasons", "Of Amara's crewmates, which has rowed the most seasons?"),
    ("choir", "Dries", "years_sung", "Of Dries's neighbours, who has the most years_sung?"),
    ("depots", "York", "bays", "among York's neighbours, which depot has the most bays?"),
])
def test_a_ranking_of_a_name_s_neighbours_by_an_attribute_ranks_only_them(tmp_path, name,
                                                                          centre, attr, question):
    _, nodes, _, g = TABLES[name]
    values = dict(zip(nodes.iloc[:, 0], nodes[attr], strict=True))
    near = {n: values[n] for n in g[centre]}
    best = max(near.values())
    tops = [n for n, v in near.items() if v == best]
    resp = _ask(tmp_path, name, question)
    assert resp.status == "answered", resp.answer
    assert f"Of {centre}'s {len(near)} neighbours" in resp.answer, resp.answer
    assert all(f"**{n}**" in resp.answer for n in tops), resp.answer


@pytest.mark.parametrize("name,centre,question,low", [
    ("rowing", "Greta", "Of the rowers Greta rows with, which one has the fewest crewmates?", True),
    ("depots", "York", "among the depots York links to, which one has the most neighbours?", False),
    ("choir", "Ilse", "Of the singers Ilse sings with, who has the most ties?", False),
])
def test_the_nodes_a_name_is_linked_to_said_with_a_verb_are_its_neighbours(tmp_path, name,
                                                                          centre, question, low):
    g = TABLES[name][3]
    near = {n: g.degree(n) for n in g[centre]}
    best = (min if low else max)(near.values())
    resp = _ask(tmp_path, name, question)
    assert resp.status == "answered", resp.answer
    assert f"Of {centre}'s {len(near)} neighbours, the {'lowest' if low else 'highest'} degree" \
        in resp.answer, resp.answer
    assert all(f"**{n}**" in resp.answer for n, v in near.items() if v == best), resp.answer
    assert not any(f"**{n}**" in resp.answer for n, v in near.items() if v != best), resp.answer


def test_the_nodes_a_name_acts_on_in_a_directed_table_are_ranked_on_that_side(tmp_path):
    g = nx.from_pandas_edgelist(TIPS, "tipster", "recipient", create_using=nx.DiGraph)
    tipped = set(g.successors("Oriole"))  # whom Oriole tips off, never who tips Oriole
    best = max(g.in_degree(n) for n in tipped)
    resp = ask_as_csv_files(tmp_path, TIPS, AGENTS,
                            "Of the agents Oriole tips off, who gets the most tips?")
    assert resp.status == "answered", resp.answer
    head = resp.answer.split(": **")[0]
    assert set(re.findall(r"\*\*(\w+)\*\*", head)) == \
        {n for n in tipped if g.in_degree(n) == best}, resp.answer
    assert f"in-degree: **{best}**" in resp.answer, resp.answer
