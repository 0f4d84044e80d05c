"""Offline planner: two named groups of a node attribute compared (size, edges within,
density, mean degree), a group value that is also a common word ("IT"), and the average
number of neighbours per group -- each on two tables with different vocabularies, against
networkx."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent import Agent
from tests.planner_support import agents_for

#: colleagues by division; "IT" is a division and a pronoun
OFFICE_EDGES = pd.DataFrame(
    [("ana", "bo"), ("bo", "cy"), ("cy", "di"), ("di", "ana"), ("ed", "fay"), ("fay", "gus"),
     ("gus", "ana"), ("hal", "bo"), ("hal", "ed")], columns=["colleague", "coworker"])
OFFICE_NODES = pd.DataFrame(
    [("ana", "Finance"), ("bo", "Finance"), ("cy", "IT"), ("di", "IT"), ("ed", "Legal"),
     ("fay", "Legal"), ("gus", "IT"), ("hal", "Finance")], columns=["colleague", "division"])
#: rowers by crew colour
CLUB_EDGES = pd.DataFrame(
    [("Ola", "Per"), ("Per", "Rut"), ("Rut", "Ola"), ("Sam", "Tor"), ("Tor", "Una"),
     ("Una", "Sam"), ("Vik", "Sam"), ("Vik", "Ola"), ("Wen", "Vik"), ("Xan", "Wen"),
     ("Xan", "Tor")], columns=["rower", "partner"])
CLUB_NODES = pd.DataFrame(
    [("Ola", "Reds"), ("Per", "Reds"), ("Rut", "Reds"), ("Sam", "Blues"), ("Tor", "Blues"),
     ("Una", "Blues"), ("Vik", "Greens"), ("Wen", "Greens"), ("Xan", "Blues")],
    columns=["rower", "crew"])
TABLES = {"office": (OFFICE_EDGES, OFFICE_NODES, "division"),
          "club": (CLUB_EDGES, CLUB_NODES, "crew")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _ask(agents: dict[str, Agent], name: str, question: str):
    edges, nodes, _ = TABLES[name]
    return agents[name].ask(question, attach=[edges, nodes])


def _graph(name: str) -> nx.Graph:
    edges, nodes, attr = TABLES[name]
    g = nx.from_pandas_edgelist(edges, *edges.columns[:2])
    nx.set_node_attributes(g, dict(zip(nodes.iloc[:, 0], nodes[attr], strict=True)), "group")
    return g


def _members(g: nx.Graph, value: str) -> list[str]:
    return [n for n, v in g.nodes(data="group") if v == value]


def _within(g: nx.Graph, value: str) -> int:
    return g.subgraph(_members(g, value)).number_of_edges()


def _density(g: nx.Graph, value: str) -> float:
    return round(nx.density(g.subgraph(_members(g, value))), 4)


@pytest.mark.parametrize("name,a,b,question", [
    ("office", "Finance", "IT", "is Finance more connected internally than IT?"),
    ("club", "Blues", "Reds", "are the Blues more connected internally than the Reds?"),
])
def test_two_groups_compared_by_their_edges_within_answer_yes_or_no(agents, name, a, b,
                                                                     question):
    g = _graph(name)
    r = _ask(agents, name, question)
    assert r.status == "answered", r.answer
    want = "Yes" if _within(g, a) > _within(g, b) else "No"
    assert r.answer.startswith(f"**{want}**"), r.answer
    assert f"{a} {_within(g, a)}, {b} {_within(g, b)}" in r.answer


@pytest.mark.parametrize("name,a,b,question", [
    ("office", "Finance", "IT", "which is denser, Finance or IT?"),
    ("club", "Reds", "Blues", "which is denser: the Reds or the Blues?"),
])
def test_which_of_two_groups_is_denser_names_the_denser_one(agents, name, a, b, question):
    g = _graph(name)
    r = _ask(agents, name, question)
    assert r.status == "answered", r.answer
    best = max((a, b), key=lambda v: _density(g, v))
    assert r.answer.startswith(f"**{best}**"), r.answer
    assert str(_density(g, a)).rstrip("0").rstrip(".") in r.answer


@pytest.mark.parametrize("name,a,b", [("office", "Finance", "Legal"), ("club", "Blues", "Greens")])
def test_compare_two_groups_lists_size_edges_within_and_density_of_both(agents, name, a, b):
    g = _graph(name)
    r = _ask(agents, name, f"compare {a} and {b}")
    assert r.status == "answered", r.answer
    sizes = f"members {len(_members(g, a))} vs {len(_members(g, b))}"
    within = f"edges within {_within(g, a)} vs {_within(g, b)}"
    assert sizes in r.answer and within in r.answer, r.answer


@pytest.mark.parametrize("name,a,b,question", [
    ("office", "Finance", "Legal", "does Finance have more people than Legal?"),
    ("club", "Greens", "Reds", "are there more members in Greens than in Reds?"),
])
def test_which_group_has_more_members_answers_yes_or_no_with_both_sizes(agents, name, a, b,
                                                                       question):
    g = _graph(name)
    r = _ask(agents, name, question)
    assert r.status == "answered", r.answer
    want = "Yes" if len(_members(g, a)) > len(_members(g, b)) else "No"
    assert r.answer.startswith(f"**{want}**"), r.answer


@pytest.mark.parametrize("name,value,question", [
    ("office", "IT", "who in IT has the most connections?"),
    ("club", "Greens", "who in Greens has the most connections?"),
])
def test_a_group_value_that_is_a_common_word_filters_the_ranking(agents, name, value, question):
    g = _graph(name)
    r = _ask(agents, name, question)
    assert r.status == "answered", r.answer
    assert f"= {value}" in r.answer, r.answer
    outside = [n for n in g if g.nodes[n]["group"] != value]
    assert not any(f"{n} (" in r.answer for n in outside), r.answer


def test_it_as_a_pronoun_names_no_group(agents):
    r = _ask(agents, "office", "is it connected?")
    assert r.status == "answered", r.answer
    assert "IT" not in r.answer and r.answer.startswith("**Yes**"), r.answer


@pytest.mark.parametrize("name,question", [
    ("office", "how many people work in IT?"),
    ("club", "how many rowers are in Blues?"),
])
def test_how_many_in_a_group_counts_its_members(agents, name, question):
    value = question.rstrip("?").split()[-1]
    r = _ask(agents, name, question)
    assert r.status == "answered", r.answer
    assert f"**{len(_members(_graph(name), value))} nodes**" in r.answer, r.answer


@pytest.mark.parametrize("name,question", [
    ("office", "average number of coworkers per division?"),
    ("club", "what's the mean number of partners per crew?"),
])
def test_average_number_of_neighbours_per_group_is_each_groups_mean_degree(agents, name,
                                                                          question):
    g = _graph(name)
    r = _ask(agents, name, question)
    assert r.status == "answered", r.answer
    for value in {v for _, v in g.nodes(data="group")}:
        mean = sum(d for _, d in g.degree(_members(g, value))) / len(_members(g, value))
        assert f"{value} ({round(mean, 3):g})" in r.answer, r.answer


@pytest.mark.parametrize("name,question", [
    ("office", "Finance vs IT: who connects them?"),
    ("club", "is Reds more connected internally than Greens or Blues?"),
])
def test_a_comparison_of_groups_is_never_answered_with_the_nodes_bridging_them(agents, name,
                                                                              question):
    r = _ask(agents, name, question)
    assert "link" not in r.answer.split(".")[0] or r.status == "needs_clarification", r.answer
