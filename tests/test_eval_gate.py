"""The CI gate: the offline planner on the public question set."""

from __future__ import annotations

import pytest

from igraph_agent.eval import load_questions, run_eval

MIN_ACCURACY = 0.85


@pytest.mark.slow
def test_offline_planner_meets_the_accuracy_gate_with_no_ungrounded_number():
    report = run_eval(load_questions(), model="offline/planner")
    print("\n" + report.to_table())
    wrong = [f"{r.id}: {r.question} -> {r.answer[:120]}" for r in report.failures()]
    assert report.total.ungrounded == 0, wrong
    assert report.accuracy >= MIN_ACCURACY, "\n".join(wrong)
