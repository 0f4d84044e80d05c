""""Which region pays the highest wages" on a table whose only number counts crates is
asked, naming the columns the data holds: money, pay, age, population, time ("how long
does it take to drive") or a length in its unit ("how far apart in miles") no column holds is
never the sum of another column. Where a column holds the amount, it is answered."""

from __future__ import annotations

import pytest
from planner_group_tables import BELLS, DEPOTS, FREIGHT, RINGERS, directed_of
from planner_support import ask_table


@pytest.mark.parametrize(("edges", "nodes", "question", "held"), [
    (FREIGHT, DEPOTS, "Which region pays the highest wages?", "crates"),
    (FREIGHT, DEPOTS, "who earns the most money?", "crates"),
    (FREIGHT, DEPOTS, "which depot is the most profitable?", "crates"),
    (BELLS, RINGERS, "What is the total budget of each tower?", "peals"),
    (BELLS, RINGERS, "Who is the oldest ringer?", "peals"),
    (BELLS, RINGERS, "which ringer is the best paid?", "peals"),
    (FREIGHT, DEPOTS, "How long does it take to drive from Arlo to Dune?", "crates"),
    (FREIGHT, DEPOTS, "how many minutes is it from Arlo to Dune?", "crates"),
    (FREIGHT, DEPOTS, "how far apart in miles are Arlo and Dune?", "crates"),
    (FREIGHT, DEPOTS, "What's the quickest route from Arlo to Dune in minutes?",
     "crates"),
])
def test_a_magnitude_no_column_holds_is_asked(tmp_path, edges, nodes, question, held):
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "needs_clarification", resp.answer
    assert held in resp.answer, resp.answer
    assert resp.answer.startswith("Nothing in the data holds "), resp.answer


PAYMENTS = FREIGHT.rename(columns={"origin": "payer", "destination": "payee",
                                   "crates": "amount"})


@pytest.mark.parametrize("question", ["Who paid out the most money?",
                                      "which account pays the highest amount in total?"])
def test_money_a_column_holds_is_answered(tmp_path, question):
    out = dict(directed_of(PAYMENTS).out_degree(weight="amount"))
    best = max(out.values())
    resp = ask_table(tmp_path, PAYMENTS, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(" and ".join(f"**{n}**" for n in sorted(
        n for n, v in out.items() if v == best))), resp.answer
