"""A question in two steps whose second builds on the first's answer ("find the top one,
then tell me what it cites") is never answered with the first step alone: the second step
runs on the first one's top node and the answer gives both (a ranking of every node would
otherwise pass for the second step's list)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

CITES = pd.DataFrame([("p1", "p2"), ("p1", "p3"), ("p2", "p3"), ("p4", "p3"), ("p5", "p3"),
                      ("p5", "p1"), ("p3", "p6"), ("p3", "p7")], columns=["paper", "cites"])
DESKS = pd.DataFrame([("Ola", "Per", 12), ("Ola", "Kim", 3), ("Per", "Kim", 7),
                      ("Kim", "Lu", 9), ("Lu", "Ada", 2), ("Ada", "Per", 1)],
                     columns=["agent_a", "agent_b", "joint_tickets"])


@pytest.mark.parametrize("table,question,top,then", [
    (CITES, "Find the most cited paper, then tell me which papers it cites.", "p3",
     lambda g, n: sorted(g.successors(n))),
    (DESKS, "who has the most joint_tickets in total, and then list everyone they worked with",
     "Per", lambda g, n: sorted(g[n])),
    (DESKS, "Find whoever shared the most joint tickets overall and list everyone they've "
            "worked with.", "Per", lambda g, n: sorted(g[n]))])
def test_a_second_step_on_the_first_answer_runs_on_its_top_node_never_drops_it(
        agent, table, question, top, then):
    directed = "cites" in table.columns
    g = nx.from_pandas_edgelist(table, table.columns[0], table.columns[1],
                                create_using=nx.DiGraph if directed else nx.Graph)
    rank = dict(g.in_degree()) if directed else dict(
        nx.Graph(nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=True))
        .degree(weight=table.columns[2]))
    assert max(rank, key=rank.get) == top  # the fixture's first step has one answer
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    first, rest = resp.answer.split(f"Then, for **{top}**:", 1)
    assert top in first
    assert then(g, top) and all(n in rest for n in then(g, top)), rest
    assert not any(n in rest for n in set(g) - set(then(g, top)) - {top}), rest


def test_one_analysis_asked_in_two_verbs_still_answers(agent):
    table = pd.DataFrame([(a, b) for a, b in nx.karate_club_graph().edges()],
                         columns=["member_a", "member_b"])
    resp = agent.ask("Detect groups, then name the brokers between groups.", attach=[table])
    assert resp.status == "answered", resp.answer
    assert "communit" in resp.answer
