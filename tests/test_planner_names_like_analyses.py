"""A node whose name is a word the planner reads as an analysis ("Hub", "Bridge", "Main",
"Centre", "Central", "Core") is that node when the question names it ("what is connected to
Hub", "the path from Bridge to Main"); in lower case after "the" ("who is the hub") the word
keeps its meaning. Checked against networkx on two tables with other column names."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import agent_for

# "Hub" has one tie and is no hub: the best-connected stop is Alder
TRANSIT = pd.DataFrame([("Hub", "Alder"), ("Alder", "Birch"), ("Alder", "Cedar"),
                        ("Alder", "Bridge"), ("Bridge", "Main"), ("Main", "Dogwood"),
                        ("Dogwood", "Centre"), ("Centre", "Elm"), ("Cedar", "Elm")],
                       columns=["stop_a", "stop_b"])
GRID = pd.DataFrame([("Central", "Core"), ("Core", "Ridge"), ("Ridge", "Vale"),
                     ("Central", "Vale"), ("Vale", "Wick")],
                    columns=["substation", "feeder"])


def _graph(table: pd.DataFrame) -> nx.Graph:
    return nx.from_pandas_edgelist(table, table.columns[0], table.columns[1])


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agent_for("names_like_analyses", tmp_path_factory)


def _neighbours_listed(answer: str) -> set[str]:
    m = re.search(r"at hop 1 \(([^)]*)\)", answer)
    assert m, answer
    return {n.strip() for n in m.group(1).split(",")}


@pytest.mark.parametrize(("table", "question", "node"), [
    (TRANSIT, "what is connected to Hub?", "Hub"),
    (TRANSIT, "neighbours of Bridge", "Bridge"),
    (TRANSIT, "Who are Main's neighbours?", "Main"),
    (GRID, "what is Core connected to", "Core"),
    (GRID, "which nodes are linked to Central?", "Central"),
])
def test_a_node_named_like_an_analysis_is_looked_up_as_that_node(agents, table, question, node):
    resp = agents.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert [a.args["query"] for a in resp.actions if a.tool == "search_node"] == [node]
    assert _neighbours_listed(resp.answer) == set(_graph(table)[node]), resp.answer


@pytest.mark.parametrize(("table", "source", "target", "question"), [
    (TRANSIT, "Bridge", "Main", "path from Bridge to Main"),
    (TRANSIT, "Hub", "Centre", "shortest path from Hub to Centre"),
    (GRID, "Central", "Wick", "how many steps from Central to Wick?"),
])
def test_a_path_between_nodes_named_like_analyses_joins_those_nodes(
        agents, table, source, target, question):
    resp = agents.ask(question, attach=[table])
    hops = nx.shortest_path_length(_graph(table), source, target)
    assert resp.status == "answered", resp.answer
    assert re.search(rf"\*\*{hops} hop\(s\)\*\*: {source} → [^\n]*\b{target}\.$", resp.answer,
                     re.MULTILINE), resp.answer
    assert not any(a.tool == "load_skill" and "bridges" in a.args.get("name", "")
                   for a in resp.actions), [a.args for a in resp.actions]


def test_the_word_itself_still_asks_for_the_analysis(agents):
    resp = agents.ask("who is the hub?", attach=[TRANSIT])
    assert resp.status == "answered", resp.answer
    assert "Highest degree: Alder (4)" in resp.answer, resp.answer
