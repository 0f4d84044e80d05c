"""The data's own verb, said actively of "who": on a ``caller_no,callee_no,number_of_calls``
table "who calls the most" sums what each node's outgoing edges carry (its calls made),
never its calls made and received together; a ``_no`` / ``_number`` suffix on the endpoint
columns hides no verb."""

from __future__ import annotations

import pandas as pd
import pytest

from tests.planner_support import ask_table

CALLS = pd.DataFrame([("n1", "n2", 14), ("n2", "n1", 3), ("n1", "n3", 2), ("n3", "n4", 9),
                      ("n4", "n1", 1), ("n2", "n4", 20), ("n5", "n3", 7)],
                     columns=["caller_no", "callee_no", "number_of_calls"])
MENTORING = pd.DataFrame([("kim", "lee", 5), ("lee", "kim", 9), ("kim", "max", 4),
                          ("ola", "max", 2), ("max", "lee", 12), ("ola", "kim", 1)],
                         columns=["mentor_number", "mentee_number", "sessions"])


def _ask(tmp_path, table: pd.DataFrame, question: str):
    return ask_table(tmp_path, table, question)


@pytest.mark.parametrize("table, question", [(CALLS, "who calls the most"),
                                             (CALLS, "Which number calls the most?"),
                                             (MENTORING, "who mentors the most sessions?")])
def test_who_verbs_the_most_sums_each_nodes_outgoing_values(tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    src, dst, value = table.columns
    out = table.groupby(src)[value].sum().sort_values()
    both = out.add(table.groupby(dst)[value].sum(), fill_value=0).sort_values()
    assert (out.index[-1], out.iloc[-1]) != (both.index[-1], both.iloc[-1])
    assert resp.status == "answered", resp.answer
    assert f"{out.index[-1]} ({out.iloc[-1]:g})" in resp.answer or \
        f"**{out.index[-1]}** has the highest {value} total" in resp.answer
    assert f"{both.index[-1]} ({both.iloc[-1]:g})" not in resp.answer
    assert "outgoing" in resp.answer
