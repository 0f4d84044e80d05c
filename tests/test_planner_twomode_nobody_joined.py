"""On a two-mode table, "is there a club nobody belongs to?" asks for a side's nodes with no
partner (it matched no analysis and asked): a node only in the node table is in no edge, so
the answer is yes with that node named, said to be on the side only if it is one; with every
node in some edge it is no. networkx is the oracle, on two tables with their own words."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent import Agent

ENROLMENTS = pd.DataFrame(
    [("ana", "Algebra"), ("ana", "Botany"), ("ben", "Botany"), ("ben", "Chemistry"),
     ("cleo", "Drama"), ("dev", "Algebra"), ("eli", "Chemistry")], columns=["student", "course"])
AUTHORSHIP = pd.DataFrame(
    [("Okafor", "NeurIPS"), ("Okafor", "ICML"), ("Lindqvist", "ICML"), ("Moreau", "KDD"),
     ("Tanaka", "WWW"), ("Varga", "NeurIPS")], columns=["author", "venue"])


def _ask(folder, table: pd.DataFrame, question: str, extra: str | None):
    ids = list(dict.fromkeys([*table.iloc[:, 0], *table.iloc[:, 1], *([extra] if extra else [])]))
    agent = Agent(home=folder)
    try:
        attach = [table, pd.DataFrame({"id": ids})] if extra else [table]
        return agent.ask(question, attach=attach)
    finally:
        agent.close()


@pytest.mark.parametrize("table,question,extra", [
    (ENROLMENTS, "Is there any course no student has signed up for?", "Geology"),
    (ENROLMENTS, "is there a course that nobody takes?", None),
    (AUTHORSHIP, "Are there venues no one has published at?", "SIGIR"),
    (AUTHORSHIP, "is there a venue that none of the authors has published in?", None)])
def test_a_side_node_with_no_partner_is_yes_and_named(tmp_path, table, question, extra):
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    if extra:
        g.add_node(extra)
    empty = [n for n in g if g.degree(n) == 0]
    resp = _ask(tmp_path, table, question, extra)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if empty else "**No**"), resp.answer
    assert all(f"**{n}**" in resp.answer.split(".")[0] for n in empty), resp.answer
