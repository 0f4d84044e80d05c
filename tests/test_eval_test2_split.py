"""The second held-out split (`igraph_agent/eval/test2.yaml`): it loads through
``load_questions(split="test2")`` and ``igraph-agent eval --split test2``, is part of
``--split test`` and ``--split all``, and every oracle resolves on its graph.

Nothing here asks the planner a question: the CLI check stops at the category filter."""

from __future__ import annotations

from collections import Counter

import networkx as nx
import pytest
from click.testing import CliRunner

from igraph_agent.eval import load_questions
from igraph_agent.eval.cli import eval_command
from igraph_agent.eval.graphs import attachments, build
from igraph_agent.eval.oracle import resolve
from igraph_agent.eval.questions import TEST2_SET


@pytest.fixture(scope="module")
def test2():
    return load_questions(split="test2")


def test_the_split_loads_its_own_file(test2):
    assert test2.name == TEST2_SET.stem == "test2"
    assert len(test2.questions) >= 100
    assert all(q.id.startswith("t2.") for q in test2.questions)
    assert {q.split for q in test2.questions} == {"test2"}
    assert len({q.id for q in test2.questions}) == len(test2.questions)


def test_it_spans_categories_and_asks_for_clarification(test2):
    per_category = Counter(q.category for q in test2.questions)
    assert len(per_category) >= 15
    assert all(n >= 5 for n in per_category.values()), per_category
    clarify = [q for q in test2.questions if q.expect == "needs_clarification"]
    assert 5 <= len(clarify) <= 15
    assert all(q.oracle is None for q in clarify)
    assert all(q.oracle is not None for q in test2.questions if q.expect == "answered")


def test_every_graph_is_small_and_attaches(test2):
    assert 8 <= len(test2.graphs) <= 10
    for name, spec in test2.graphs.items():
        g = build(spec, test2.base)
        assert 0 < g.number_of_nodes() <= 200, name
        attached = attachments(spec, g)
        if spec.table is not None:  # an edge table under the spec's column names
            cols = list(attached[0].columns)
            assert cols[:2] == [spec.table.source, spec.table.target], name
            assert len(attached[0]) == g.number_of_edges(), name


def test_every_oracle_resolves_on_its_graph(test2):
    for q in test2.questions:
        if q.oracle is None:
            continue
        g = build(test2.graphs[q.graph], test2.base)
        exp = resolve(q.oracle, g)
        assert exp.value is not None or exp.names or exp.regex, q.id
        for name in exp.names if q.oracle.expr else []:  # names an expression gives are nodes
            assert name in g or any(name == str(v) for _, v in g.nodes(data="team")), (q.id, name)


def test_weighted_and_directed_graphs_keep_their_meaning(test2):
    g = {name: build(spec, test2.base) for name, spec in test2.graphs.items()}
    tables = {name: spec.table for name, spec in test2.graphs.items() if spec.table}
    assert tables["rail_minutes"].weight == "minutes"
    assert all("minutes" in d for _, _, d in g["rail_minutes"].edges(data=True))
    assert g["followers"].is_directed() and g["paper_cites"].is_directed()
    assert nx.is_directed_acyclic_graph(g["paper_cites"])
    assert nx.number_connected_components(g["island_villages"]) > 1


def test_the_held_out_and_full_splits_include_it(test2):
    ids = {q.id for q in test2.questions}
    held_out = load_questions(split="test")
    assert {q.split for q in held_out.questions} == {"test", "test2"}
    assert ids <= {q.id for q in held_out.questions if q.split == "test2"}
    everything = load_questions(split="all")
    assert {q.split for q in everything.questions} == {"tune", "test", "test2"}
    assert ids <= {q.id for q in everything.questions}
    assert not ids & {q.id for q in load_questions(split="tune").questions}
    for qset in (held_out, everything):  # every question still finds its graph
        assert all(q.graph in qset.graphs for q in qset.questions)


def test_the_cli_offers_the_split():
    split = next(p for p in eval_command.params if p.name == "split")
    assert {"tune", "test", "test2", "all"} <= set(split.type.choices)
    # loads the split, then stops before asking anything: no question is in that category
    res = CliRunner().invoke(eval_command, ["--split", "test2", "--category", "no-such-category"])
    assert res.exit_code == 2
    assert "no question matches" in res.output
    res = CliRunner().invoke(eval_command, ["--split", "test3"])
    assert res.exit_code == 2 and "test3" in res.output
