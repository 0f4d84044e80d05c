"""The k-th largest piece ("the size of the second largest piece", "who is in the third
biggest component") and the members of a named node's community ("members of Rafe's
community"), on flatmates and climbing partners (networkx is the oracle)."""

from __future__ import annotations

import re

import networkx as nx
import pytest
from planner_support import ask_table
from planner_tables import CHOIR, CLIMBS, FLATS, table_graph


def _pieces(table) -> list[set[str]]:
    return sorted(nx.connected_components(table_graph(table)), key=len, reverse=True)


@pytest.mark.parametrize(("table", "question", "k"), [
    (FLATS, "size of the second largest piece", 2),
    (FLATS, "how many people are in the third biggest component", 3),
    (CLIMBS, "how big is the second largest connected component", 2),
    (FLATS, "who is in the second largest component?", 2),
], ids=lambda x: x if isinstance(x, str) else "")
def test_the_kth_largest_piece_gives_its_size_and_members(tmp_path, table, question, k):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    pieces = _pieces(table)
    assert len(pieces[k - 1]) != len(pieces[k - 2])  # no tie at this rank
    assert re.findall(r"\*\*(\d+)\*\*", resp.answer) == [str(len(pieces[k - 1]))], resp.answer
    assert set(re.findall(r"\*\*([A-Z]\w+)\*\*", resp.answer)) == pieces[k - 1], resp.answer


def test_a_rank_past_the_last_piece_says_there_is_none(tmp_path):
    for table in (CLIMBS, CHOIR):
        resp = ask_table(tmp_path / table.columns[0], table,
                         "what is the size of the third largest component")
        assert resp.status == "answered", resp.answer
        assert resp.answer.startswith("There is no 3rd largest piece"), resp.answer
        assert f"**{len(_pieces(table))}** connected component(s)" in resp.answer


@pytest.mark.parametrize(("table", "question", "node"), [
    (FLATS, "members of Rafe's community", "Rafe"),
    (FLATS, "who else is in Nia's cluster?", "Nia"),
    (CLIMBS, "list the members of Eli's community", "Eli"),
    (CHOIR, "who is in Fenna's community", "Fenna"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_the_members_of_a_named_nodes_community(tmp_path, table, question, node):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    g = table_graph(table)
    own = next(c for c in nx.community.greedy_modularity_communities(g) if node in c)
    assert own == next(c for c in nx.community.louvain_communities(g, seed=1) if node in c)
    placed = re.search(r"Placed with it by both: \*\*([^*]+)\*\*", resp.answer)
    assert placed, resp.answer
    assert {n.strip() for n in placed.group(1).split(",")} == set(own) - {node}, resp.answer
