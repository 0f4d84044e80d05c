"""A hurried question that opens with its topic ("medici - who'd they marry into", "member
33 - which club?", "staff - most common # of ties per person") is read with the topic in it,
and a data set's name that is no node is dropped; a group's adjective ("Polish vendors") is
the group value; the mean (or total) of an edge value over a group's edges is that group's
edges' — leaving it, entering it, as the words say — never per-node totals or the whole
graph's mean. networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

_SUP = nx.gnm_random_graph(24, 50, seed=3, directed=True)
SUPPLY = pd.DataFrame([(f"s{u:02d}", f"s{v:02d}", 2 + (5 * u + 3 * v) % 27) for u, v in _SUP.edges()],
                      columns=["vendor", "buyer", "lead_days"])
SUPPLY_NODES = pd.DataFrame({"id": [f"s{n:02d}" for n in _SUP],
                             "country": [["Vietnam", "Mexico", "Poland"][n % 3] for n in _SUP]})
_FLO = nx.florentine_families_graph()
FAMILIES = pd.DataFrame(list(_FLO.edges()), columns=["family", "married_into"])
_KARATE = nx.karate_club_graph()
KARATE = pd.DataFrame([(str(u), str(v)) for u, v in _KARATE.edges()], columns=["member", "friend"])
KARATE_NODES = pd.DataFrame({"id": [str(n) for n in _KARATE],
                             "club": [_KARATE.nodes[n]["club"] for n in _KARATE]})

TABLES = {"supply": [SUPPLY, SUPPLY_NODES], "families": [FAMILIES], "karate": [KARATE, KARATE_NODES]}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _ask(agents, name: str, question: str):
    return agents[name].ask(question, attach=TABLES[name])


def test_a_lower_case_topic_with_a_pronoun_is_the_node_asked_about(agents):
    resp = _ask(agents, "families", "medici - who did they marry into")
    assert resp.status == "answered"
    assert all(f in resp.answer for f in _FLO["Medici"])


def test_a_topic_with_no_pronoun_closes_the_question(agents):
    resp = _ask(agents, "karate", "member 33 - which club?")
    assert resp.status == "answered"
    assert _KARATE.nodes[33]["club"] in resp.answer


def test_the_data_sets_name_as_a_topic_is_dropped(agents):
    degrees = [d for _, d in _KARATE.degree()]
    mode = max(set(degrees), key=lambda d: (degrees.count(d), -d))
    resp = _ask(agents, "karate", "karate - most common # of ties per person")
    assert resp.status == "answered"
    assert f"**{mode}** is the most common degree" in resp.answer


def _lead(country: str, way: str) -> list[int]:
    g = nx.from_pandas_edgelist(SUPPLY, "vendor", "buyer", "lead_days", create_using=nx.DiGraph)
    where = dict(zip(SUPPLY_NODES.id, SUPPLY_NODES.country, strict=True))
    return [d for u, v, d in g.edges(data="lead_days") if where[u if way == "out" else v] == country]


@pytest.mark.parametrize(("question", "country", "way"), [
    ("average lead time from vendors in Mexico?", "Mexico", "out"),
    ("what's the mean lead time for Polish vendors?", "Poland", "out"),
    ("average lead_days of shipments to buyers in Vietnam", "Vietnam", "in"),
])
def test_a_groups_mean_edge_value_is_over_that_groups_edges(agents, question, country, way):
    xs = _lead(country, way)
    resp = _ask(agents, "supply", question)
    assert resp.status == "answered"
    assert f"**{round(sum(xs) / len(xs), 4):g}**" in resp.answer
    assert f"of the {len(xs)} edges" in resp.answer


def test_a_groups_total_edge_value_is_over_that_groups_edges(agents):
    xs = _lead("Vietnam", "in")
    resp = _ask(agents, "supply", "total lead_days of shipments to buyers in Vietnam")
    assert resp.status == "answered"
    assert f"**{sum(xs)}**" in resp.answer


def test_a_groups_adjective_ranks_inside_that_group(agents):
    g = nx.from_pandas_edgelist(SUPPLY, "vendor", "buyer", create_using=nx.DiGraph)
    polish = [n for n, c in zip(SUPPLY_NODES.id, SUPPLY_NODES.country, strict=True) if c == "Poland"]
    top = max(g.out_degree(n) for n in polish)
    best = sorted(n for n in polish if g.out_degree(n) == top)
    resp = _ask(agents, "supply", "which Polish vendor has the most buyers?")
    assert resp.status == "answered"
    assert "country = Poland" in resp.answer
    assert best[0] in resp.answer


def test_a_pronoun_after_a_statement_is_the_statements_node(agents):
    g = nx.from_pandas_edgelist(FAMILIES, "family", "married_into")
    g.remove_node("Medici")
    bc = nx.betweenness_centrality(g)
    top = max(bc, key=bc.get)
    resp = _ask(agents, "families", "The Medici obviously dominate betweenness. Take them out of "
                "the marriage network: who is the most between family then?")
    assert resp.status == "answered"
    assert "Without Medici" in resp.answer
    ranked = resp.answer.split("most central nodes are", 1)[1]
    assert ranked.strip().startswith(top)  # the top one named first


def test_a_statement_before_a_question_is_context_not_the_question(agents):
    g = nx.from_pandas_edgelist(SUPPLY, "vendor", "buyer", create_using=nx.DiGraph)
    a, b = next((u, v) for u in sorted(g) for v in sorted(g)
                if u != v and nx.has_path(g, u, v) and not nx.has_path(g, v, u))
    resp = _ask(agents, "supply", f"There's a route from {a} to {b}. Can I also get back from "
                f"{b} to {a}?")
    assert resp.status == "answered"
    assert resp.answer.startswith("**No**")
