"""One node's lightest edge ("Of all Marius's ties, which one is the weakest?", "Who does Ada
play with least often?"), the heaviest pair said as being together the most ("Which two
characters show up together the most?") and one node's total of a count column on its
outgoing edges ("how many crates did Dalby ship in total", "how many letters has Ann sent"):
read from the edge values, never from a count of partners. Checked against networkx on tables
and a graph object with different words."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

BAND = nx.Graph()
BAND.add_weighted_edges_from([("Ada", "Bram", 5), ("Ada", "Cleo", 1), ("Ada", "Dov", 1),
                              ("Ada", "Edda", 3), ("Bram", "Cleo", 9), ("Cleo", "Dov", 2),
                              ("Dov", "Edda", 4), ("Bram", "Edda", 1)])
SQUAD = pd.DataFrame([("Kofi", "Lena", 12), ("Kofi", "Mats", 2), ("Kofi", "Nia", 7),
                      ("Lena", "Mats", 3), ("Mats", "Nia", 14), ("Nia", "Omar", 2),
                      ("Kofi", "Omar", 2), ("Lena", "Omar", 5)],
                     columns=["player", "teammate", "games"])
CRATES = pd.DataFrame([("Dalby", "Ebor", 4), ("Dalby", "Fenn", 9), ("Dalby", "Gask", 1),
                       ("Ebor", "Fenn", 6), ("Fenn", "Gask", 2), ("Gask", "Dalby", 5),
                       ("Ebor", "Hale", 3), ("Hale", "Dalby", 7)],
                      columns=["shipper", "consignee", "crates"])
LETTERS = pd.DataFrame([("ann", "bo", 3), ("ann", "cy", 2), ("bo", "cy", 8), ("cy", "ann", 1),
                        ("dee", "ann", 4), ("ann", "dee", 6), ("bo", "dee", 2)],
                       columns=["sender", "receiver", "letters"])
GRAPHS = {"band": ([BAND], BAND, "weight"),
          "squad": ([SQUAD], nx.from_pandas_edgelist(SQUAD, "player", "teammate", "games"), "games"),
          "crates": ([CRATES], nx.from_pandas_edgelist(CRATES, "shipper", "consignee", "crates",
                                                       create_using=nx.DiGraph), "crates"),
          "letters": ([LETTERS], nx.from_pandas_edgelist(LETTERS, "sender", "receiver", "letters",
                                                         create_using=nx.DiGraph), "letters")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents, name: str, question: str):
    attach, g, col = GRAPHS[name]
    return agents[name].ask(question, attach=attach), g, col


@pytest.mark.parametrize("name,question,node", [
    ("band", "Of all Ada's ties, which one is the weakest? If several are tied just list them.",
     "Ada"),
    ("band", "What is Bram's weakest link?", "Bram"),
    ("squad", "Who does Kofi play with least often?", "Kofi"),
    ("squad", "Which of Lena's teammates is the weakest tie?", "Lena"),
])
def test_one_nodes_lightest_edge_names_the_other_end(agents, name, question, node):
    resp, g, col = _ask(agents, name, question)
    values = {n: g[node][n][col] for n in g[node]}
    low = min(values.values())
    lightest = {n for n, v in values.items() if v == low}
    assert resp.status == "answered", resp.answer
    first = resp.answer.split(":", 1)[0]
    assert all(f"**{n}**" in first for n in lightest), resp.answer
    assert not any(f"**{n}**" in first for n in set(values) - lightest), resp.answer
    assert f"**{low}**" in resp.answer, resp.answer


@pytest.mark.parametrize("name,question", [
    ("band", "Which two musicians show up together the most?"),
    ("squad", "Which two players turn out together the most?"),
])
def test_the_pair_together_the_most_is_the_heaviest_edge(agents, name, question):
    resp, g, col = _ask(agents, name, question)
    u, v, top = max(g.edges(data=col), key=lambda e: e[2])
    assert resp.status == "answered", resp.answer
    assert f"**{top}**" in resp.answer and u in resp.answer and v in resp.answer, resp.answer


@pytest.mark.parametrize("name,question,node", [
    ("crates", "how many crates did Dalby ship in total?", "Dalby"),
    ("letters", "how many letters has ann sent?", "ann"),
    ("letters", "How many letters did bo send altogether?", "bo"),
])
def test_one_nodes_outgoing_total_of_a_count_column(agents, name, question, node):
    resp, g, col = _ask(agents, name, question)
    total = g.out_degree(node, weight=col)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{total}**"), resp.answer
