"""One side of a two-mode table asked for its nodes with no partner ("which taprooms have no
brewers"): a node only in the node table is on neither side the edge columns give, so the
answer names it apart, never "0 taprooms" alone; "are there any brewers with more than 4
taprooms" is answered yes or no with the count (networkx is the oracle)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent import Agent

FARMS = pd.DataFrame([("Ashby", "Eastgate"), ("Ashby", "Northmoor"), ("Bexley", "Eastgate"),
                      ("Bexley", "Riverside"), ("Bexley", "Westbury"), ("Corby", "Westbury")],
                     columns=["farm", "market"])
SITTINGS = pd.DataFrame([("Ames", "T1"), ("Ames", "T2"), ("Boyd", "T1"), ("Boyd", "T3"),
                         ("Cole", "T2"), ("Cole", "T4"), ("Cole", "T1"), ("Dunn", "T1")],
                        columns=["juror", "trial"])


def _ask(tmp_path, table: pd.DataFrame, question: str, extra: str | None = None):
    ids = list(dict.fromkeys([*table.iloc[:, 0], *table.iloc[:, 1], *([extra] if extra else [])]))
    agent = Agent(home=tmp_path)
    try:
        return agent.ask(question, attach=[table, pd.DataFrame({"id": ids})])
    finally:
        agent.close()


@pytest.mark.parametrize(("table", "question", "extra"), [
    (FARMS, "which markets have no farms?", "Southfield"),
    (SITTINGS, "list the trials with no jurors", "T9"),
])
def test_a_node_in_no_edge_is_named_apart_from_the_side_asked(tmp_path, table, question, extra):
    resp = _ask(tmp_path, table, question, extra)
    assert resp.status == "answered", resp.answer
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    g.add_node(extra)
    on_side = [n for n in set(table.iloc[:, 1]) if g.degree(n) == 0]
    alone = [n for n in g if g.degree(n) == 0 and n not in on_side]
    assert resp.answer.startswith(f"**{len(on_side)}** of "), resp.answer
    assert f"**{len(alone)}** node(s) are in no edge" in resp.answer, resp.answer
    assert all(n in resp.answer for n in alone), resp.answer


@pytest.mark.parametrize(("table", "question", "more_than"), [
    (FARMS, "are there any farms with more than 2 markets?", 2),
    (SITTINGS, "is there any trial with more than 3 jurors?", 3),
])
def test_is_there_any_node_past_a_number_of_partners_is_yes_or_no(tmp_path, table, question,
                                                                  more_than):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    side = set(table.iloc[:, 0]) if "farms" in question else set(table.iloc[:, 1])
    count = sum(1 for n in side if g.degree(n) > more_than)
    assert resp.answer.startswith(f"**{'Yes' if count else 'No'}** — **{count}** of"), resp.answer
