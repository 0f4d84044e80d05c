"""A full name typed in lower case ("nora fayette", "ana souza") on a graph of capitalised
full names is looked up with search_node and read as that node; a run of lower-case words
that names no node changes nothing. networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

MENTORS = pd.DataFrame([("Ana Souza", "Bruno Lima"), ("Ana Souza", "Carla Dias"),
                        ("Ana Souza", "Diego Alves"), ("Bruno Lima", "Elisa Rocha"),
                        ("Carla Dias", "Elisa Rocha"), ("Diego Alves", "Fabio Nunes"),
                        ("Fabio Nunes", "Gina Prado")], columns=["mentor", "mentee"])


def _davis() -> pd.DataFrame:
    d = nx.davis_southern_women_graph()
    return pd.DataFrame([(w, e) for w in d.graph["top"] for e in d[w]], columns=["woman", "event"])


TABLES = {"mentors": MENTORS, "southern": _davis()}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _graph(name: str) -> nx.Graph:
    return nx.from_pandas_edgelist(TABLES[name], *TABLES[name].columns)


def test_a_lower_case_full_name_is_the_node_in_a_set_difference(agents):
    g = _graph("southern")
    resp = agents["southern"].ask("which events did nora fayette go to that theresa anderson "
                                  "didnt?", attach=[TABLES["southern"]])
    want = set(g["Nora Fayette"]) - set(g["Theresa Anderson"])
    assert resp.status == "answered"
    assert f"**{len(want)}**" in resp.answer
    assert all(e in resp.answer for e in want)


def test_a_lower_case_full_name_is_counted_with_its_partners(agents):
    g = _graph("southern")
    resp = agents["southern"].ask("how many events did evelyn jefferson attend",
                                  attach=[TABLES["southern"]])
    assert resp.status == "answered"
    assert "Evelyn Jefferson" in resp.answer
    assert f"**{g.degree('Evelyn Jefferson')}**" in resp.answer


def test_a_lower_case_full_name_on_a_table_of_our_own_is_the_node(agents):
    g = _graph("mentors")
    resp = agents["mentors"].ask("shortest path from ana souza to gina prado?",
                                 attach=[TABLES["mentors"]])
    path = nx.shortest_path(g, "Ana Souza", "Gina Prado")
    assert resp.status == "answered"
    assert all(n in resp.answer for n in path)
    assert str(len(path) - 1) in resp.answer


def test_lower_case_words_that_name_no_node_leave_the_question_alone(agents):
    g = _graph("mentors")
    resp = agents["mentors"].ask("which person has the most connections", attach=[TABLES["mentors"]])
    top = max(dict(g.degree()).values())
    assert resp.status == "answered"
    assert [n for n, d in g.degree() if d == top] == ["Ana Souza"]
    assert "Ana Souza" in resp.answer
