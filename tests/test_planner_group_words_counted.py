"""Group values counted or a count column's items shared, in the data's words: "which employee
emails the most different departments" is asked (a count of groups, which no degree gives);
"what share of messages stay within a department" leads with the count column's share, "the
share of the edges" with the edges'."""

from __future__ import annotations

import random

import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files

GRAPHS = {"mail": ("sender", "receiver", "count", "department", "messages", "emails"),
          "calls": ("caller", "callee", "n_calls", "office", "calls", "calls")}


def _tables(name: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    src, dst, value, group, _, _ = GRAPHS[name]
    rng = random.Random(name)
    people = [f"p{i}" for i in range(14)]
    pairs = sorted({(a, b) for a in people for b in people if a != b and rng.random() < 0.3})
    edges = pd.DataFrame([(a, b, rng.randint(1, 9)) for a, b in pairs], columns=[src, dst, value])
    nodes = pd.DataFrame({"id": people, group: [["North", "South", "East"][i % 3]
                                                for i in range(len(people))]})
    return edges, nodes


@pytest.mark.parametrize("name", GRAPHS)
def test_the_most_different_groups_reached_is_asked_not_a_degree(tmp_path, name):
    _, _, _, group, _, verb = GRAPHS[name]
    edges, nodes = _tables(name)
    resp = ask_as_csv_files(tmp_path, edges, nodes,
                            f"which person {verb} the most different {group}s?")
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize("name", GRAPHS)
@pytest.mark.parametrize("what", ["items", "edges"])
def test_a_share_within_groups_leads_with_what_the_question_counts(tmp_path, name, what):
    src, dst, value, group, items, _ = GRAPHS[name]
    edges, nodes = _tables(name)
    of = dict(zip(nodes["id"], nodes[group], strict=True))
    inside = edges[edges[src].map(of) == edges[dst].map(of)]
    share = (inside[value].sum() / edges[value].sum() if what == "items"
             else len(inside) / len(edges))
    noun = items if what == "items" else "the edges"
    resp = ask_as_csv_files(tmp_path, edges, nodes,
                            f"what share of {noun} stay within a {group}?")
    assert resp.status == "answered", resp.answer
    lead = float(resp.answer.split("**")[1])
    assert lead == pytest.approx(share, abs=1e-4), resp.answer
