"""After a removal, "who would be left with no project / nothing at all" names the nodes
whose every link went to what was removed (remove_and_compare's ``stranded``), checked against
networkx on a two-mode table and a road table; on a directed table, where "nothing left"
could be either side of the edges, the planner asks."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

CREWS = pd.DataFrame([("ines", "Harbour Clean"), ("ines", "Food Bank"), ("jonas", "Food Bank"),
                      ("kemal", "Harbour Clean"), ("lotte", "Tree Planting"),
                      ("lotte", "Food Bank"), ("milo", "Harbour Clean"),
                      ("nadia", "Tree Planting")], columns=["helper", "drive"])
HAULS = pd.DataFrame([("Ashford", "Brenton"), ("Brenton", "Colby"), ("Colby", "Dunmore"),
                      ("Dunmore", "Elston"), ("Colby", "Elston"), ("Brenton", "Glenrock"),
                      ("Glenrock", "Harlow"), ("Elston", "Fairway"), ("Fairway", "Ivybridge")],
                     columns=["depot_a", "depot_b"])
FEEDS = pd.DataFrame([("heron", "roach"), ("roach", "algae"), ("otter", "roach"),
                      ("otter", "eel")], columns=["predator", "prey"])
TABLES = {"crews": CREWS, "hauls": HAULS, "feeds": FEEDS}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _left_alone(table: pd.DataFrame, gone: list[str]) -> set[str]:
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    h = g.copy()
    h.remove_nodes_from(gone)
    return {n for n in h if h.degree(n) == 0 and g.degree(n) > 0}


@pytest.mark.parametrize("graph,question,gone", [
    ("crews", "If the Harbour Clean drive is cancelled, which helpers are left with no drive?",
     ["Harbour Clean"]),
    ("crews", "if Tree Planting had been cancelled, which helpers would have had no drives at "
              "all?", ["Tree Planting"]),
    ("hauls", "If Glenrock closed, which depots would be left with no link?", ["Glenrock"]),
    ("hauls", "If Fairway closed, who would be left with nothing?", ["Fairway"]),
    ("hauls", "Take Glenrock out of the network - which depots no longer connect to anyone?",
     ["Glenrock"]),
])
def test_the_nodes_whose_every_link_was_removed_are_named(agents, graph, question, gone):
    alone = _left_alone(TABLES[graph], gone)
    assert alone  # the fixture leaves someone with nothing
    resp = agents[graph].ask(question, attach=[TABLES[graph]])
    assert resp.status == "answered", resp.answer
    assert f"**{len(alone)}** node(s) would be left with no link" in resp.answer, resp.answer
    others = set(TABLES[graph].iloc[:, :2].stack()) - alone - set(gone)
    listed = resp.answer.split(":", 1)[1]
    assert all(f"**{n}**" in listed for n in alone)
    assert not any(f"**{n}**" in listed for n in others), resp.answer


@pytest.mark.parametrize("gone, question", [
    ("Glenrock", "if Glenrock closes, does any depot end up with no link left?"),
    ("Colby", "if Colby closes, does any depot end up with no link left?"),
])
def test_whether_anyone_is_left_with_nothing_says_yes_or_no_first(agents, gone, question):
    alone = _left_alone(HAULS, [gone])
    resp = agents["hauls"].ask(question, attach=[HAULS])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if alone else "**No**"), resp.answer


def test_none_left_with_nothing_says_none(agents):
    assert not _left_alone(HAULS, ["Colby", "Dunmore"])
    resp = agents["hauls"].ask("If Colby and Dunmore closed, which depots would be left with no "
                               "link at all?", attach=[HAULS])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**None**"), resp.answer


def test_nothing_left_on_a_directed_table_asks_which_side(agents):
    resp = agents["feeds"].ask("If the roach disappeared, which species would be left with "
                               "nothing?", attach=[FEEDS])
    assert resp.status == "needs_clarification", resp.answer
