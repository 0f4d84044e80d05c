"""The edge column's own noun named for an analysis that reads no edge value ("carers who all
shared visits with each other", "connected by edits", "has Kami shared a visit with") names
the data, not a value to weigh by: the planner answers instead of asking "but not with the
edge values you name". An amount of the column asked ("the most edits") keeps the guard.
Checked against networkx on a carers' `shared_visits` table and a directed `edits` table."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent.model import data_nouns, intents
from tests.planner_support import agents_for

CARERS = pd.DataFrame([("Ines", "Joel", 3), ("Joel", "Kami", 2), ("Ines", "Kami", 4), ("Kami", "Lior", 1),
                       ("Lior", "Mara", 5), ("Mara", "Nils", 2), ("Lior", "Nils", 1), ("Nils", "Odo", 3),
                       ("Ines", "Pax", 1), ("Pax", "Joel", 2), ("Quin", "Rhea", 4)],
                      columns=["carer_a", "carer_b", "shared_visits"])
#: editors and the edits one made to another's pages (directed)
EDITS = pd.DataFrame([("Ola", "Per", 4), ("Per", "Ola", 2), ("Per", "Rut", 3), ("Rut", "Ola", 1),
                      ("Ola", "Sig", 2), ("Sig", "Tor", 6), ("Tor", "Sig", 5), ("Tor", "Uno", 1),
                      ("Uno", "Vik", 2), ("Vik", "Tor", 3), ("Vik", "Uno", 4), ("Sig", "Ola", 1)],
                     columns=["editor", "page_owner", "edits"])
TABLES = {"carers": CARERS, "edits": EDITS}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _graph(name: str) -> nx.Graph:
    table = TABLES[name]
    return nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=table.columns[2],
                                   create_using=nx.DiGraph if name == "edits" else nx.Graph)


def _ask(agents, name: str, question: str):
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    return resp.answer


@pytest.mark.parametrize("node", ["Kami", "Lior"])
def test_distinct_partners_in_the_columns_words_is_the_degree(agents, node):
    answer = _ask(agents, "carers", f"how many different people has {node} shared a visit with?")
    assert f"**{_graph('carers').degree(node)}**" in answer, answer


def test_triangles_of_nodes_that_all_share_the_column_are_counted(agents):
    g = _graph("carers")
    answer = _ask(agents, "carers", "how many triangles of carers who all shared visits with each "
                                    "other?")
    assert f"**{sum(nx.triangles(g).values()) // 3} triangles**" in answer, answer


@pytest.mark.parametrize("node", ["Sig", "Per"])
def test_connected_by_the_columns_noun_after_a_removal_is_the_what_if(agents, node):
    g = _graph("edits").to_undirected()
    g.remove_node(node)
    verdict = "Yes" if nx.is_connected(g) else "No"
    answer = _ask(agents, "edits", f"if {node} left, would everyone else still be connected by "
                                   f"edits (ignoring direction)?")
    assert answer.startswith(f"**{verdict}**"), answer


@pytest.mark.parametrize(("a", "b"), [("Uno", "Vik"), ("Per", "Vik")])
def test_community_detection_on_the_column_weighs_by_it(agents, a, b):
    g = _graph("edits").to_undirected()
    same = {frozenset(c) for seed in range(5) for c in nx.community.louvain_communities(
        g, weight="edits", seed=seed) if {a, b} <= c}
    assert len({bool(same)}) == 1
    answer = _ask(agents, "edits", f"run community detection on the edits - are {a} and {b} in "
                                   f"the same community?")
    assert answer.startswith("**Yes**" if same else "**No**"), answer
    assert "edits" in answer, answer


@pytest.mark.parametrize("question", ["who got the most edits in total",
                                      "which editors made more than 3 edits",
                                      "how many edits did Ola make"])
def test_an_amount_of_the_column_is_still_a_value_asked(question):
    assert data_nouns.amount_asked(question, ["edits"])


def test_the_value_blind_intents_exist():
    names = {i.name for i in intents.INTENTS}
    assert data_nouns.VALUE_BLIND <= names and data_nouns.DEFAULT_WEIGHTED <= names


#: the carers' wards, and dancers in troupes with the dances they shared
WARDS = pd.DataFrame([("Ines", "north"), ("Joel", "north"), ("Kami", "north"), ("Lior", "south"),
                      ("Mara", "south"), ("Nils", "south"), ("Odo", "south"), ("Pax", "north"),
                      ("Quin", "east"), ("Rhea", "east")], columns=["carer", "ward"])
DANCES = pd.DataFrame([("Aya", "Ben", 2), ("Aya", "Cai", 5), ("Ben", "Cai", 1), ("Cai", "Dov", 7),
                       ("Dov", "Eda", 3), ("Eda", "Fox", 2), ("Dov", "Fox", 1), ("Ben", "Dov", 4)],
                      columns=["dancer_a", "dancer_b", "shared_dances"])
TROUPES = pd.DataFrame([("Aya", "red"), ("Ben", "red"), ("Cai", "red"), ("Dov", "blue"),
                        ("Eda", "blue"), ("Fox", "blue")], columns=["dancer", "troupe"])


@pytest.mark.parametrize(("edges", "nodes", "group", "value", "question"), [
    (CARERS, WARDS, "ward", "south",
     "among the south ward, who has shared visits with the most different people?"),
    (DANCES, TROUPES, "troupe", "red",
     "among the red troupe, who has shared dances with the most different people?")])
def test_distinct_partners_in_a_group_in_the_columns_words_rank_by_degree(tmp_path, edges, nodes,
                                                                          group, value, question):
    from tests.planner_support import ask_table

    g = nx.from_pandas_edgelist(edges, *edges.columns[:2])
    members = set(nodes[nodes[group] == value].iloc[:, 0])
    best = max(g.degree(n) for n in members)
    top = {n for n in members if g.degree(n) == best}
    resp = ask_table(tmp_path, edges, question, nodes=nodes)
    assert resp.status == "answered", resp.answer
    first = min((resp.answer.find(n), n) for n in members if n in resp.answer)[1]
    assert first in top, resp.answer
