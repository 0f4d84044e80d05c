"""On a two-mode table, "who shares the most wrecks with Marco" / "which wreck shares the most
divers with Rosalie" ranks the named node's own side by the partners each shares with it
(networkx common neighbours, ties named), never the other side ranked by its links."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

DIVES = pd.DataFrame([("Ines", "Thistlegorm"), ("Ines", "Rosalie"), ("Ines", "Zenobia"),
                      ("Marco", "Thistlegorm"), ("Marco", "Giannis"), ("Yuki", "Rosalie"),
                      ("Yuki", "Zenobia"), ("Yuki", "Giannis"), ("Olu", "Zenobia"),
                      ("Petra", "Thistlegorm"), ("Petra", "Zenobia"), ("Petra", "Rosalie"),
                      ("Sven", "Kittiwake")], columns=["diver", "wreck"])
LOANS = pd.DataFrame([("m.ito", "Dune"), ("m.ito", "Solaris"), ("m.ito", "Emma"),
                      ("r.diaz", "Dune"), ("r.diaz", "Emma"), ("k.obi", "Solaris"),
                      ("k.obi", "Beloved"), ("a.lund", "Dune"), ("a.lund", "Emma"),
                      ("a.lund", "Solaris")], columns=["borrower", "title"])


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(["dives", "loans"], tmp_path_factory)


def _leaders(table: pd.DataFrame, x: str) -> tuple[set[str], int]:
    g = nx.from_pandas_edgelist(table, *table.columns)
    counts = {n: len(list(nx.common_neighbors(g, x, n))) for n in g if n != x}
    best = max(counts.values())
    return {n for n, c in counts.items() if c == best}, best


@pytest.mark.parametrize(("name", "table", "x", "question"), [
    ("dives", DIVES, "Marco", "who shares the most wrecks with Marco?"),
    ("dives", DIVES, "Rosalie", "which wreck shares the most divers with Rosalie?"),
    ("loans", LOANS, "Dune", "Which title shares the most borrowers with Dune"),
    ("loans", LOANS, "Solaris", "what title has shared the most borrowers with Solaris?"),
])
def test_the_node_sharing_most_partners_with_a_named_one_is_ranked_by_common_neighbours(
        agents, name, table, x, question):
    leaders, best = _leaders(table, x)
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    head = resp.answer.split(" the most neighbours with ")[0]
    assert {n for n in table.stack().unique() if f"**{n}**" in head} == leaders, resp.answer
    assert f"with {x}: **{best}**" in resp.answer, resp.answer
