"""A question that points at nodes it never names ("so which of the two is more
important?", "compare them") is asked about: the planner reads each question alone, and a
ranking of every node would answer another question. A pointer with its nodes in the
question ("the two most central …, which of them …") is not asked about. Two tables."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

FERRIES = pd.DataFrame(list(nx.relabel_nodes(nx.cycle_graph(7), lambda n: f"isle{n}").edges()),
                       columns=["harbour_a", "harbour_b"])
GUILDS = pd.DataFrame([("Orrin", "Tamsk"), ("Tamsk", "Weld"), ("Weld", "Orrin"), ("Weld", "Pym"),
                       ("Pym", "Quill")], columns=["smith", "partner_smith"])


@pytest.mark.parametrize("edges", [FERRIES, GUILDS])
@pytest.mark.parametrize("question", [
    "so which of the two is more important?",
    "ok, compare them",
    "Which of those two has more links?",
])
def test_a_pointer_at_nodes_the_question_never_names_is_asked_about(tmp_path, edges, question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize("question", [
    "Weld and Pym: which of them has more ties?",
    "the two smiths with the most ties: which of them is more central?",
])
def test_a_pointer_at_nodes_the_question_names_is_not_asked_about(tmp_path, question):
    resp = ask_table(tmp_path, GUILDS, question)
    assert "Which nodes do you mean" not in resp.answer, resp.answer
