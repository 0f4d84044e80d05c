"""A question asking for a named edge column's value between two named nodes ("which ferry
runs between Oslo and Tromso") is answered with that edge's value, a name as well as a
number, on two tables with their own column names; a pair with no edge says so."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import agents_for

FERRIES = pd.DataFrame({"from_port": ["Oslo", "Bergen", "Oslo", "Tromso", "Molde"],
                        "to_port": ["Bergen", "Molde", "Tromso", "Molde", "Alesund"],
                        "ferry": ["MS Nord", "MS Fjord", "MS Polar", "MS Arctic", "MS Coast"],
                        "km": [300, 200, 1100, 900, 80]})
CABLES = pd.DataFrame({"site_a": ["alpha", "beta", "gamma", "alpha"],
                       "site_b": ["beta", "gamma", "delta", "delta"],
                       "cable_type": ["fibre", "copper", "fibre", "microwave"],
                       "capacity_gbps": [100, 1, 40, 10]})
LABS = pd.DataFrame({"lab_1": ["Nano", "Nano", "Bio", "Bio", "Climate", "Ocean", "Climate"],
                     "lab_2": ["Bio", "Quantum", "Quantum", "Genomics", "Ocean", "Marine",
                               "Marine"],
                     "joint_grants": [4, 2, 6, 3, 7, 3, 1]})
TABLES = {"ferries": FERRIES, "cables": CABLES, "labs": LABS}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize(("graph", "question", "value"), [
    ("ferries", "Which ferry runs between Oslo and Tromso?", "MS Polar"),
    ("ferries", "which ferry goes from Bergen to Molde", "MS Fjord"),
    ("ferries", "What is the km between Oslo and Bergen?", "300"),
    ("cables", "which cable type links alpha and delta?", "microwave"),
    ("cables", "what cable_type is between beta and gamma", "copper"),
    ("cables", "What is the capacity_gbps between gamma and delta?", "40"),
    ("labs", "how many grants does Climate share with Ocean?", "7"),
    ("labs", "how many joint grants do Bio and Quantum have?", "6"),
])
def test_a_named_pairs_edge_value_is_answered_in_the_columns_words(agents, graph, question,
                                                                    value):
    table = TABLES[graph]
    resp = agents[graph].ask(question, attach=[table])
    assert resp.status == "answered", (resp.status, resp.answer)
    assert f"**{value}**" in resp.answer, resp.answer
    others = {str(v) for c in table.columns[2:] for v in table[c]} - {value}
    assert not any(f"**{v}**" in resp.answer for v in others), resp.answer
    assert "search_edge" in [a.tool for a in resp.actions]


@pytest.mark.parametrize(("graph", "question", "missing"), [
    ("ferries", "What ferry runs from Oslo to Molde?", "no edge from Oslo to Molde"),
    ("cables", "which cable type connects alpha and gamma?", "no edge between alpha and gamma"),
])
def test_a_pair_without_an_edge_is_told_so_not_given_a_value(agents, graph, question, missing):
    resp = agents[graph].ask(question, attach=[TABLES[graph]])
    assert resp.status == "answered" and missing in resp.answer, resp.answer
    assert "**" not in resp.answer.split(missing)[0], resp.answer  # no value said before it


def test_what_two_named_nodes_share_besides_a_column_is_still_their_common_neighbours(agents):
    resp = agents["labs"].ask("how many collaborators do Bio and Quantum share?",
                              attach=[LABS])
    assert resp.status == "answered" and "**1**" in resp.answer and "Nano" in resp.answer


@pytest.mark.parametrize(("question", "a", "b"), [
    ("are Nano and Marine connected?", "Nano", "Marine"),  # two pieces: no path
    ("Are Climate and Marine linked?", "Climate", "Marine"),
    ("are Nano and Genomics connected?", "Nano", "Genomics"),
])
def test_are_two_named_nodes_connected_is_answered_yes_or_no(agents, question, a, b):
    import networkx as nx

    g = nx.from_pandas_edgelist(LABS, "lab_1", "lab_2")
    resp = agents["labs"].ask(question, attach=[LABS])
    assert resp.status == "answered", resp.answer
    if not nx.has_path(g, a, b):
        assert resp.answer.startswith("**No**"), resp.answer
    else:
        hops = nx.shortest_path_length(g, a, b)
        assert resp.answer.startswith("**Yes**") and f"**{hops} hop" in resp.answer, resp.answer


@pytest.mark.parametrize(("question", "a", "b"), [
    ("Are Climate and Ocean directly connected?", "Climate", "Ocean"),
    ("are Nano and Ocean directly linked?", "Nano", "Ocean")])
def test_a_direct_link_question_checks_the_named_pair_not_a_name_with_the_adverb(
        agents, question, a, b):
    import networkx as nx

    g = nx.from_pandas_edgelist(LABS, "lab_1", "lab_2")
    resp = agents["labs"].ask(question, attach=[LABS])
    assert resp.status == "answered" and "directly" not in resp.answer, resp.answer
    assert resp.answer.startswith("**Yes**" if g.has_edge(a, b) else "**No**"), resp.answer
