"""A question that names one node's partners in the words of an edge column ("who has
okafor written papers with" on ``author_1,author_2,papers``) lists that node's neighbours
with the value on each edge, the largest first, and their total; with "the most" it names
the strongest one. Checked against networkx on two tables with other column names."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import agent_for

PAPERS = pd.DataFrame([("okafor", "Yuki Tanaka", 3), ("okafor", "Priyanka Rao", 1),
                       ("s.lind", "okafor", 2), ("Yuki Tanaka", "Lena Vogt", 4),
                       ("Lena Vogt", "amir_h", 5), ("Priyanka Rao", "amir_h", 1)],
                      columns=["author_1", "author_2", "papers"])
GAMES = pd.DataFrame([("Mira", "Tove", 7), ("Mira", "Odd", 2), ("Mira", "Sune", 4),
                      ("Tove", "Odd", 1), ("Sune", "Kai", 9)],
                     columns=["player_a", "player_b", "games"])


@pytest.fixture(scope="module")
def agent(tmp_path_factory):
    yield from agent_for("ties", tmp_path_factory)


def _ties(table: pd.DataFrame, node: str) -> dict[str, int]:
    g = nx.from_pandas_edgelist(table, table.columns[0], table.columns[1], table.columns[2])
    return {str(n): int(d[table.columns[2]]) for n, d in g[node].items()}


@pytest.mark.parametrize(("table", "node", "question"), [
    (PAPERS, "okafor", "Who has okafor written papers with?"),
    (PAPERS, "okafor", "who has written papers with okafor?"),
    (PAPERS, "Lena Vogt", "who did Lena Vogt co-author papers with?"),
    (GAMES, "Mira", "Who has Mira played games with?"),
])
def test_a_nodes_partners_in_the_columns_words_are_its_neighbours_with_each_value(
        agent, table, node, question):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    want = _ties(table, node)
    listed = dict(re.findall(r"([\w. ]+?) \((\d+)\)", resp.answer.split(": ", 1)[1]))
    assert {k.strip(", "): int(v) for k, v in listed.items()} == want, resp.answer
    assert list(map(int, listed.values())) == sorted(want.values(), reverse=True)
    assert f"**{sum(want.values())}** {table.columns[2]}" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "node", "question"), [
    (PAPERS, "okafor", "who wrote the most papers with okafor?"),
    (GAMES, "Mira", "who has Mira played the most games with?"),
])
def test_the_most_in_the_columns_words_is_the_strongest_partner(agent, table, node, question):
    resp = agent.ask(question, attach=[table])
    ties = _ties(table, node)
    best = max(ties, key=ties.get)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{best}**") and f"**{ties[best]}**" in resp.answer, \
        resp.answer
