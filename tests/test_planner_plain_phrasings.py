"""Plain phrasings of known analyses: "how many pipes between Alder and Gum at least" (the
bound said last) counts hops; "which stations are on their own island, away from the main
network" lists the nodes outside the main piece; "is there anyone who mentors their own
mentor" asks for pairs linked both ways; "how many levels deep does the mentoring chain go"
leads with the longest directed chain. Two vocabularies each; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

PIPES = pd.DataFrame([("Alder", "Birch"), ("Birch", "Cedar"), ("Cedar", "Elm"), ("Elm", "Gum"),
                      ("Alder", "Dogwood"), ("Dogwood", "Cedar"), ("Hazel", "Ivy")],
                     columns=["station_a", "station_b"])
TRAILS = pd.DataFrame([("Oak", "Pine"), ("Pine", "Yew"), ("Yew", "Ash"), ("Rowan", "Holly"),
                       ("Holly", "Larch")], columns=["hut_from", "hut_to_b"])
MENTORS = pd.DataFrame([("Ayla", "Bram"), ("Bram", "Ivo"), ("Ivo", "Kit"), ("Ayla", "Cleo")],
                       columns=["mentor", "mentee"])
LOANS = pd.DataFrame([("Dee", "Eli"), ("Eli", "Dee"), ("Eli", "Fay"), ("Fay", "Gil")],
                     columns=["lender", "borrower"])
TABLES = {"pipes": PIPES, "trails": TRAILS, "mentors": MENTORS, "loans": LOANS}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _g(name: str, directed: bool = False) -> nx.Graph:
    t = TABLES[name]
    return nx.from_pandas_edgelist(t, *t.columns[:2],
                                   create_using=nx.DiGraph if directed else nx.Graph)


@pytest.mark.parametrize(("name", "question", "a", "b"), [
    ("pipes", "how many pipes between Alder and Gum at least?", "Alder", "Gum"),
    ("trails", "how many trails from Oak to Ash, at minimum?", "Oak", "Ash"),
])
def test_a_bound_said_last_still_counts_the_hops_of_the_route(agents, name, question, a, b):
    hops = nx.shortest_path_length(_g(name), a, b)
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    assert f"**{hops} hop" in resp.answer or f"**{hops}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("name", "question"), [
    ("pipes", "which stations are on their own island, away from the main network?"),
    ("trails", "which huts are off on their own piece, away from the rest?"),
])
def test_nodes_on_their_own_island_are_the_ones_outside_the_main_piece(agents, name, question):
    g = _g(name)
    outside = set(g) - max(nx.connected_components(g), key=len)
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    assert all(n in resp.answer for n in outside), resp.answer


@pytest.mark.parametrize(("name", "question", "mutual"), [
    ("mentors", "is there anyone who mentors their own mentor?", False),
    ("loans", "does anyone lend to their own lender?", True),
])
def test_a_node_doing_the_act_to_its_own_partner_asks_for_mutual_pairs(agents, name, question,
                                                                        mutual):
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    assert ("Dee" in resp.answer and "Eli" in resp.answer) if mutual else \
        "**0**" in resp.answer or resp.answer.startswith("**No"), resp.answer


@pytest.mark.parametrize(("name", "question"), [
    ("mentors", "how many levels deep does the mentoring chain go?"),
    ("loans", "how many levels deep does the lending go?"),
])
def test_how_many_levels_deep_leads_with_the_longest_chain(agents, name, question):
    g = _g(name, directed=True)
    resp = agents[name].ask(question, attach=[TABLES[name]])
    if not nx.is_directed_acyclic_graph(g):
        assert resp.status in ("answered", "needs_clarification"), resp.answer
        assert "**" not in resp.answer.split(".")[0] or "cycle" in resp.answer, resp.answer
        return
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"The longest directed chain is **{nx.dag_longest_path_length(g)}**"), resp.answer


def test_a_comparison_with_their_own_partner_is_not_read_as_mutual_pairs(agents):
    resp = agents["mentors"].ask("is there anyone who earns more than their own mentor?",
                                 attach=[MENTORS])
    assert "both ways" not in resp.answer, resp.answer
