"""A count column read between two named nodes and a node's strongest partner in a
hyphenated edge word: "how many messages did u1 send to u0" is the edge's count (the other
way beside it), "who is Ana's strongest co-author partner" her heaviest edge."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import agents_for

MAIL = pd.DataFrame([("u1", "u0", 8), ("u0", "u1", 4), ("u2", "u0", 3), ("u0", "u3", 6)],
                    columns=["sender", "receiver", "count"])
CALLS = pd.DataFrame([("x1", "x0", 5), ("x0", "x1", 2), ("x2", "x0", 9), ("x3", "x2", 1)],
                     columns=["caller", "callee", "n_calls"])
CO = pd.DataFrame([("Ana", "Bo", 3), ("Ana", "Cy", 7), ("Bo", "Cy", 1), ("Ana", "Di", 2)],
                  columns=["author", "coauthor", "weight"])
PLAY = pd.DataFrame([("Eve", "Fay", 2), ("Eve", "Gus", 5), ("Fay", "Gus", 9), ("Eve", "Hal", 1)],
                    columns=["player", "teammate", "weight"])
TABLES = {"mail": MAIL, "calls": CALLS, "co": CO, "play": PLAY}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize("name, question, value, back", [
    ("mail", "How many messages did u1 send to u0?", 8, 4),
    ("mail", "how many messages did u0 send to u1?", 4, 8),
    ("calls", "How many calls did x2 make to x0?", 9, None),
    ("calls", "how many calls went from x1 to x0?", 5, 2)])
def test_how_many_things_one_node_sent_another_is_that_edges_count(agents, name, question,
                                                                   value, back):
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{value}**"), resp.answer
    if back is not None:
        assert f" {back})" in resp.answer, resp.answer


@pytest.mark.parametrize("name, question, partner", [
    ("co", "Who is Ana's strongest co-author partner?", "Cy"),
    ("play", "Who is Eve's strongest team-mate partner?", "Gus")])
def test_a_hyphenated_tie_word_still_asks_for_the_heaviest_edge(agents, name, question, partner):
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{partner}**"), resp.answer
