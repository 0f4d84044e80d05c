"""On a directed graph, "which group sends (receives) the most to (from) the other groups"
is answered with that direction's total, worked out here from the table itself, never with
the both-directions count (the group most connected both ways is not always the one that
sends most)."""

from __future__ import annotations

import pandas as pd
import pytest

EMAILS = pd.DataFrame(
    [("Alma Reyes", "Ben Ode", 12), ("Ben Ode", "Alma Reyes", 7), ("Cato Lind", "Alma Reyes", 3),
     ("Dora Vik", "Cato Lind", 9), ("Eli Stone", "Dora Vik", 4), ("Fern Moss", "Eli Stone", 6),
     ("Gil Marsh", "Fern Moss", 2), ("Alma Reyes", "Gil Marsh", 5), ("Ben Ode", "Dora Vik", 1),
     ("Hana Sato", "Ben Ode", 8)], columns=["sender", "receiver", "count"])
PEOPLE = pd.DataFrame({"name": ["Alma Reyes", "Ben Ode", "Cato Lind", "Dora Vik", "Eli Stone",
                                "Fern Moss", "Gil Marsh", "Hana Sato"],
                       "department": ["Finance", "Finance", "Legal", "Legal", "Marketing",
                                      "Marketing", "Finance", "Legal"]})
LOANS = pd.DataFrame(
    [("bank_a", "mill", 50), ("bank_a", "farm", 20), ("bank_b", "bank_a", 90), ("mill", "farm", 5),
     ("farm", "bank_b", 1), ("fund_x", "mill", 30), ("fund_x", "bank_b", 10)],
    columns=["lender", "borrower", "amount_eur"])
PARTIES = pd.DataFrame({"party": ["bank_a", "bank_b", "fund_x", "mill", "farm"],
                        "sector": ["bank", "bank", "fund", "industry", "industry"]})


def _flows(edges: pd.DataFrame, nodes: pd.DataFrame, value: str) -> tuple[dict, dict]:
    """Each group's total value sent to and received from other groups."""
    group = dict(zip(nodes.iloc[:, 0], nodes.iloc[:, 1], strict=True))
    out: dict = {}
    into: dict = {}
    for a, b, v in edges[[edges.columns[0], edges.columns[1], value]].itertuples(index=False):
        if group[a] != group[b]:
            out[group[a]] = out.get(group[a], 0) + v
            into[group[b]] = into.get(group[b], 0) + v
    return out, into


CASES = [(EMAILS, PEOPLE, "count", "department",
          "Which department sends the most emails to other departments?",
          "which department gets the most emails from other departments?"),
         (LOANS, PARTIES, "amount_eur", "sector",
          "which sector lends the most to other sectors",
          "What sector receives the most money from the other sectors?")]


@pytest.mark.parametrize("edges,nodes,value,attr,send_q,get_q", CASES)
def test_which_group_sends_and_which_receives_most_are_each_directions_total(
        agent, edges, nodes, value, attr, send_q, get_q):
    out, into = _flows(edges, nodes, value)
    top_out, top_in = max(out, key=out.get), max(into, key=into.get)
    sent = agent.ask(send_q, attach=[edges, nodes])
    assert sent.status == "answered", sent.answer
    assert sent.answer.startswith(
        f"**{top_out}** sends the most to other {attr} groups: **{out[top_out]:g}** {value}")
    got = agent.ask(get_q, session=sent.session_id)
    assert got.status == "answered", got.answer
    assert got.answer.startswith(
        f"**{top_in}** receives the most from other {attr} groups: **{into[top_in]:g}** {value}")
