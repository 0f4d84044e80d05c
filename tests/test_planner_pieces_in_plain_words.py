"""Whether a graph is one piece, said in its own words: "can every player get the ball to every
other player through some chain of passes" (strongly connected, on a directed table), "are
all the families linked through marriages, directly or indirectly" (connected), "is every
species tied into one web, or how many separate webs are there" (the component count),
"which packages aren't connected to the main dependency graph" (the nodes outside the largest
piece) and "which number isn't in any call at all" (no edge, a node-table-only node too).
Two vocabularies each; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table
from tests.test_directed_totals import _ask
from tests.test_planner_whatif_central import CREWS
from tests.test_planner_which_node_splits import DEPS, FOOD

#: passes between players (directed, a count): Cy only receives
PASSES = pd.DataFrame([("Ada", "Bo", 4), ("Bo", "Ada", 3), ("Bo", "Cy", 2), ("Ada", "Di", 5),
                       ("Di", "Bo", 1)], columns=["passer", "receiver", "passes"])
#: loans between banks (directed, an amount): every bank reaches every other
LOANS = pd.DataFrame([("Acme", "Bolt", 10), ("Bolt", "Crux", 5), ("Crux", "Acme", 7),
                      ("Crux", "Dyna", 2), ("Dyna", "Bolt", 3)],
                     columns=["lender", "borrower", "loans"])


def _directed(table) -> nx.DiGraph:
    return nx.from_pandas_edgelist(table, *table.columns[:2], create_using=nx.DiGraph)


@pytest.mark.parametrize(("table", "question"), [
    (PASSES, "Can every player get the ball to every other player through some chain of "
             "passes?"),
    (LOANS, "Can every bank get money to every other bank through some chain of loans?"),
])
def test_every_node_getting_something_to_every_other_is_strong_connectivity(tmp_path, table,
                                                                            question):
    resp = _ask(tmp_path, table, question)
    want = nx.is_strongly_connected(_directed(table))
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if want else "**No**"), resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (CREWS, "are all the crews linked through shared shifts, directly or indirectly?"),
    (DEPS, "Is every package tied into one web, or how many separate webs are there?"),
])
def test_one_piece_in_plain_words_is_the_component_count(tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    pieces = nx.number_weakly_connected_components(_directed(table))
    want = "**Yes**" if pieces == 1 else "**No**"
    assert resp.status == "answered", resp.answer
    if question.startswith("are all"):
        assert resp.answer.startswith(want), resp.answer
    else:
        assert f"**{pieces} weakly connected component(s)**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (DEPS, "which packages aren't connected to the main dependency graph at all"),
    (pd.concat([FOOD, pd.DataFrame([("kite", "mouse")], columns=FOOD.columns)]),
     "which species aren't connected to the main food web at all?"),
])
def test_nodes_not_connected_to_the_main_graph_are_those_outside_its_largest_piece(
        tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    g = _directed(table)
    outside = set(g) - max(nx.weakly_connected_components(g), key=len)
    assert resp.status == "answered", resp.answer
    for n in outside:
        assert f"**{n}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "alone", "question"), [
    (pd.DataFrame([("ext1", "ext2"), ("ext2", "ext3"), ("ext4", "ext1")],
                  columns=["caller", "callee"]), "ext9", "Which number isn't in any call at all?"),
    (pd.DataFrame([("Ana", "Bea"), ("Bea", "Cid")], columns=["author", "coauthor"]), "Dot",
     "which author is not part of any paper at all?"),
])
def test_a_node_in_no_edge_at_all_is_named_even_from_the_node_table(tmp_path, edges, alone,
                                                                    question):
    ids = sorted(set(edges.iloc[:, 0]) | set(edges.iloc[:, 1]) | {alone})
    nodes = pd.DataFrame({"id": ids, "label": [i.upper() for i in ids]})
    resp = ask_table(tmp_path, edges, question, nodes=nodes)
    g = nx.from_pandas_edgelist(edges, *edges.columns[:2])
    g.add_nodes_from(ids)
    assert resp.status == "answered", resp.answer
    assert set(nx.isolates(g)) == {alone}
    assert alone in resp.answer, resp.answer
