"""On a two-mode table whose one side carries a category column, a question naming a value
("how many comedies are there", "how many films are thrillers", "how many thriller films")
counts the nodes holding it, never the sides' sizes; a value is named as stored or as its
plural. A question naming a value beside the *other* side ("how many actors appeared in a
comedy", "which actor appeared in the most dramas") never counts the value's own nodes nor
ranks every partner: it counts or ranks the other side's nodes by their partners holding the
value. pandas and networkx are the oracles."""

from __future__ import annotations

import re

import pytest
from planner_category_tables import CATCHES, FORMATS, SESSIONS, WATERS
from planner_support import ask_table
from planner_tables import table_graph

#: (edges, nodes, column, the side holding it, the other side, a value and its plural)
CASES = [(SESSIONS, FORMATS, "format", "albums", "musicians", "anthology", "anthologies"),
         (SESSIONS, FORMATS, "format", "albums", "musicians", "demo", "demos"),
         (CATCHES, WATERS, "kind", "lakes", "anglers", "loch", "lochs"),
         (CATCHES, WATERS, "kind", "lakes", "anglers", "reservoir", "reservoirs")]


def _holding(nodes, column, value):
    return sorted(nodes.loc[nodes[column] == value, nodes.columns[0]])


@pytest.mark.parametrize("form", ["how many {plural} are there?",
                                  "How many {side} are {plural}?",
                                  "how many {value} {side} are there?"])
@pytest.mark.parametrize(("edges", "nodes", "column", "side", "other", "value", "plural"), CASES)
def test_a_named_value_counts_its_own_nodes(tmp_path, edges, nodes, column, side, other, value,
                                            plural, form):
    held = _holding(nodes, column, value)
    question = form.format(plural=plural, side=side, value=value)
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(held)} nodes** match {column} = {value}"), resp.answer
    assert all(n in resp.answer for n in held), resp.answer


def test_a_hyphenated_value_is_named_as_stored(tmp_path):
    held = _holding(FORMATS, "format", "live-set")
    resp = ask_table(tmp_path, SESSIONS, "how many live-set albums are there?", FORMATS)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(held)} nodes** match format = live-set"), resp.answer


def _linked(edges, nodes, column, value):
    """The other side's nodes and how many of their partners hold the value (networkx)."""
    g = table_graph(edges)
    held = set(_holding(nodes, column, value))
    other = set(edges[edges.columns[0]])
    return {n: sum(1 for m in g[n] if m in held) for n in other}


@pytest.mark.parametrize(("edges", "nodes", "column", "side", "other", "value", "plural"), CASES)
def test_the_other_side_linked_to_a_value_is_counted(tmp_path, edges, nodes, column, side,
                                                     other, value, plural):
    linked = _linked(edges, nodes, column, value)
    hit = sorted(n for n, k in linked.items() if k)
    resp = ask_table(tmp_path, edges, f"how many {other} were linked to a {value}?", nodes)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(hit)}** of {len(linked)} {other}"), resp.answer
    assert all(n in resp.answer for n in hit), resp.answer


@pytest.mark.parametrize(("edges", "nodes", "column", "side", "other", "value", "plural"), CASES)
def test_the_other_side_is_ranked_by_its_partners_holding_a_value(
        tmp_path, edges, nodes, column, side, other, value, plural):
    linked = _linked(edges, nodes, column, value)
    best = max(linked.values())
    top = sorted(n for n, k in linked.items() if k == best)
    resp = ask_table(tmp_path, edges, f"which {other[:-1]} was linked to the most {plural}?",
                     nodes)
    assert resp.status == "answered", resp.answer
    lead = resp.answer.split(":")[0]
    assert sorted(re.findall(r"\*\*([^*]+)\*\*", lead)) == top, resp.answer
    assert f": **{best}**" in resp.answer, resp.answer


@pytest.mark.parametrize("question", ["how many {other} were linked to at least 2 {plural}?",
                                      "which {one} was linked to the fewest {plural}?",
                                      "which {other} were never linked to a {value}?"])
@pytest.mark.parametrize(("edges", "nodes", "column", "side", "other", "value", "plural"),
                         [CASES[0], CASES[2]])
def test_a_linked_value_with_more_than_it_reads_asks(tmp_path, edges, nodes, column, side,
                                                     other, value, plural, question):
    held = _holding(nodes, column, value)
    resp = ask_table(tmp_path, edges, question.format(other=other, one=other[:-1], value=value,
                                                      plural=plural), nodes)
    assert not resp.answer.startswith(f"**{len(held)} nodes**"), resp.answer
    assert resp.status == "needs_clarification", resp.answer


def test_a_hyphenated_value_ranks_the_other_side_with_the_value_sides_noun(tmp_path):
    linked = _linked(SESSIONS, FORMATS, "format", "live-set")
    best = max(linked.values())
    top = sorted(n for n, k in linked.items() if k == best)
    resp = ask_table(tmp_path, SESSIONS, "which musician played on the most live-set albums?",
                     FORMATS)
    assert resp.status == "answered", resp.answer
    assert sorted(re.findall(r"\*\*([^*]+)\*\*", resp.answer.split(":")[0])) == top, resp.answer
