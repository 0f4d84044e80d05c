"""A directed table's own verbs read as the edge's direction: "who calls ph3" on a
caller/callee table lists ph3's callers, "which modules import core" on a module/imports
table lists the modules importing core (lower-case names too), "how many phones does ph5
call" is ph5's out-degree; a verb the edges do not mean ("who wrote p5" on a citation table)
is asked about, never answered with a neighbour list. networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for, ask_edges

MODULES = ["core", "utils", "db", "auth", "api", "cli", "web", "cache", "jobs", "mail"]


def _calls() -> nx.DiGraph:
    return nx.relabel_nodes(nx.gnp_random_graph(18, 0.15, seed=71, directed=True),
                            lambda n: f"ph{n}")


def _imports() -> nx.DiGraph:
    g = nx.gnp_random_graph(10, 0.35, seed=5, directed=True)
    return nx.relabel_nodes(nx.DiGraph([(u, v) for u, v in g.edges() if u > v]),
                            lambda n: MODULES[n])


def _papers() -> nx.DiGraph:
    return nx.relabel_nodes(nx.DiGraph([(u, v) for u, v in nx.gnp_random_graph(
        20, 0.2, seed=9, directed=True).edges() if u > v]), lambda n: f"p{n}")


TABLES = {"calls": (_calls, "caller", "callee"), "imports": (_imports, "module", "imports"),
          "papers": (_papers, "citing", "cited")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _ask(agents, graph: str, question: str):
    make, source, target = TABLES[graph]
    return ask_edges(agents[graph], make(), source, target, question)


def _listed(answer: str) -> set[str]:
    return set(re.findall(rf"\b(?:ph\d+|{'|'.join(MODULES)})\b", answer.split(":", 1)[-1]))


LISTS = [  # (graph, question, node, side)
    ("calls", "who calls ph3?", "ph3", "in"),
    ("calls", "Which phones does ph5 call?", "ph5", "out"),
    ("imports", "which modules import core?", "core", "in"),
    ("imports", "What does web import?", "web", "out"),
]


@pytest.mark.parametrize(("graph", "question", "node", "side"), LISTS, ids=[c[1] for c in LISTS])
def test_the_tables_own_verb_lists_the_named_nodes_in_or_out_neighbours(
        agents, graph, question, node, side):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    g = TABLES[graph][0]()
    want = set(g.predecessors(node) if side == "in" else g.successors(node))
    assert want and want != set(g.successors(node) if side == "in" else g.predecessors(node))
    assert _listed(resp.answer) - {node} == want, resp.answer
    call = next(a for a in resp.actions if a.tool == "local_analysis")
    assert call.args["direction"] == side


@pytest.mark.parametrize(("question", "side"), [("How many phones does ph5 call?", "out"),
                                                ("How many calls does ph5 receive?", "in")])
def test_a_count_in_the_tables_verb_is_the_named_nodes_in_or_out_degree(agents, question, side):
    resp = _ask(agents, "calls", question)
    g = _calls()
    want = g.out_degree("ph5") if side == "out" else g.in_degree("ph5")
    assert want != (g.in_degree("ph5") if side == "out" else g.out_degree("ph5"))
    assert resp.status == "answered", resp.answer
    assert f"**{want}**" in resp.answer


def test_the_most_imported_module_is_the_highest_in_degree(agents):
    resp = _ask(agents, "imports", "Which module is imported the most?")
    g = _imports()
    top = max(d for _, d in g.in_degree())
    assert resp.status == "answered", resp.answer
    assert any(n in resp.answer for n, d in g.in_degree() if d == top), resp.answer
    call = next(a for a in resp.actions if a.tool == "degree_analysis")
    assert call.args.get("direction") == "in"


def test_a_verb_the_edges_do_not_mean_is_asked_about_not_listed(agents):
    resp = _ask(agents, "papers", "Who wrote p5?")
    assert resp.status == "needs_clarification", resp.answer
    assert not any(a.tool == "local_analysis" for a in resp.actions)


TRADE = pd.DataFrame([("c1", "c2"), ("c1", "c3"), ("c4", "c1"), ("c2", "c3"), ("c4", "c3")],
                     columns=["exporter", "importer"])


@pytest.mark.parametrize(("question", "want"), [
    ("Which countries import from c1?", {"c2", "c3"}),   # c1 exports to them
    ("Who does c1 export to?", {"c2", "c3"}),
    ("Which countries export to c3?", {"c1", "c2", "c4"}),
])
def test_a_target_column_named_as_an_agent_reads_its_verb_backwards(agent, question, want):
    resp = agent.ask(question, attach=[TRADE])
    assert resp.status == "answered", resp.answer
    assert set(re.findall(r"\bc\d\b", resp.answer.split(":", 1)[-1])) == want, resp.answer


def test_the_country_importing_from_the_most_is_the_highest_in_degree(agent):
    resp = agent.ask("Which country imports from the most countries?", attach=[TRADE])
    assert resp.status == "answered", resp.answer
    assert "**c3** leads" in resp.answer, resp.answer


def test_who_sends_a_named_node_the_most_is_its_largest_incoming_edge_never_its_total(
        agent):
    table = pd.DataFrame([("Ava", "Ben", 3), ("Cleo", "Ava", 5), ("Dan", "Ava", 1)],
                         columns=["sender", "recipient", "messages"])
    resp = agent.ask("Who messages Ava the most?", attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Cleo**") and "**5**" in resp.answer
    assert "**6**" not in resp.answer  # Ava's incoming total
