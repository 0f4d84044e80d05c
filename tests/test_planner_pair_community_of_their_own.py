""""Do Xan and Yul end up in a group of their own, just the two of them?" under a community
word is the community holding both, with its size: Yes only when it is exactly those two (by
both methods). Checked against networkx's louvain on two tables."""

from __future__ import annotations

import networkx as nx
import pytest

from tests.planner_support import agents_for
from tests.planner_tables import CLIMBS, FLATS, table_graph

TABLES = {"flats": (FLATS, "flatmates", ("Xan", "Yul"), ("Uma", "Vic")),
          "climbs": (CLIMBS, "climbers", ("Ivy", "Jo"), ("Ada", "Bo"))}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _alone(table, a: str, b: str) -> bool:
    sizes = {len(c) for seed in range(5) for c in nx.community.louvain_communities(
        table_graph(table), seed=seed) if {a, b} <= c}
    assert len(sizes) == 1
    return sizes == {2}


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("which", [2, 3])
def test_two_nodes_in_a_group_of_their_own(agents, name, which):
    table, nouns, *pairs = TABLES[name]
    a, b = pairs[which - 2]
    resp = agents[name].ask(f"if I cluster the {nouns} into communities, do {a} and {b} end up "
                            f"in a group of their own, just the two of them?", attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if _alone(table, a, b) else "**No**"), resp.answer
