"""A grouping attribute's totals of an edge value on a directed table, in the data's own
words: "which ward's carers give the most hours of care in total" (summed over the edges
whose source is in the group, even on a column read as a time), "which role makes the most
throws" (the source's own doing), and "how many throws did the handlers make to each other"
(one group's edges within, its value summed; "handlers" abbreviated ``HND``). Each checked
against networkx."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

CARE = pd.DataFrame([("Ada", "Bo", 4), ("Ada", "Cy", 2), ("Bo", "Cy", 1), ("Dee", "Eli", 6),
                     ("Eli", "Dee", 3), ("Fay", "Ada", 5), ("Gus", "Fay", 2), ("Cy", "Gus", 1)],
                    columns=["carer", "cared_for", "hours"])
CARE_NODES = pd.DataFrame({"id": ["Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus"],
                           "ward": ["North", "North", "North", "East", "East", "South", "South"]})
TUTOR = pd.DataFrame([("t1", "t2", 30), ("t2", "t3", 45), ("t3", "t1", 20), ("t4", "t5", 50),
                      ("t5", "t4", 15), ("t6", "t1", 40), ("t1", "t6", 10)],
                     columns=["tutor", "pupil", "minutes"])
TUTOR_NODES = pd.DataFrame({"id": ["t1", "t2", "t3", "t4", "t5", "t6"],
                            "house": ["Elm", "Elm", "Oak", "Oak", "Ash", "Ash"]})
THROWS = pd.DataFrame([("Kai", "Lu", 9), ("Lu", "Kai", 7), ("Kai", "Mo", 4), ("Mo", "Ned", 3),
                       ("Ned", "Mo", 2), ("Lu", "Ned", 5), ("Ned", "Kai", 1), ("Ola", "Mo", 6)],
                      columns=["thrower", "catcher", "throws"])
THROWS_NODES = pd.DataFrame({"id": ["Kai", "Lu", "Mo", "Ned", "Ola"],
                             "role": ["HND", "HND", "CUT", "CUT", "CUT"]})
SALES = pd.DataFrame([("s1", "s2", 12), ("s2", "s1", 3), ("s2", "s3", 8), ("s3", "s4", 7),
                      ("s4", "s3", 9), ("s4", "s5", 2), ("s5", "s1", 6), ("s1", "s5", 4)],
                     columns=["seller", "buyer", "sales"])
SALES_NODES = pd.DataFrame({"id": ["s1", "s2", "s3", "s4", "s5"],
                            "kind": ["RTL", "RTL", "WHS", "WHS", "RTL"]})
TABLES = {"care": (CARE, CARE_NODES), "tutor": (TUTOR, TUTOR_NODES),
          "throws": (THROWS, THROWS_NODES), "sales": (SALES, SALES_NODES)}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _graph(name: str) -> tuple[nx.DiGraph, str, str]:
    edges, nodes = TABLES[name]
    g = nx.from_pandas_edgelist(edges, *edges.columns[:2], edge_attr=edges.columns[2],
                                create_using=nx.DiGraph)
    attr = nodes.columns[1]
    nx.set_node_attributes(g, dict(zip(nodes["id"], nodes[attr], strict=True)), attr)
    return g, attr, edges.columns[2]


def _ask(agents, name: str, question: str):
    return agents[name].ask(question, attach=list(TABLES[name]))


@pytest.mark.parametrize(("name", "question"), [
    ("care", "Which ward's carers give the most hours of care in total?"),
    ("tutor", "Which house's tutors give the most minutes of tutoring in total?"),
    ("throws", "Which role group makes the most throws: handlers or cutters?"),
    ("sales", "which kind of firm makes the most sales?"),
])
def test_the_group_whose_sources_sum_the_most_is_named(agents, name, question):
    g, attr, w = _graph(name)
    totals: dict[str, float] = {}
    for u, _, d in g.edges(data=w):
        totals[g.nodes[u][attr]] = totals.get(g.nodes[u][attr], 0) + d
    best = max(totals.values())
    leaders = {k for k, v in totals.items() if v == best}
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert {k for k in totals if f"**{k}**" in resp.answer} == leaders, resp.answer
    assert f"**{best:g}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("name", "value", "question"), [
    ("throws", "HND", "How many throws did the handlers make to each other?"),
    ("sales", "RTL", "how many sales did the retailers make to one another?"),
])
def test_one_groups_value_within_it_is_summed(agents, name, value, question):
    g, attr, w = _graph(name)
    within = sum(d for u, v, d in g.edges(data=w)
                 if g.nodes[u][attr] == value and g.nodes[v][attr] == value)
    resp = _ask(agents, name, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{within}** {w}"), resp.answer
    assert value in resp.answer, resp.answer
