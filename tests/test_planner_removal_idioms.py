"""A removal said as a team or a food web says it ("if Dot is subbed off", "if Dries is taken
off the roster", "if the voles died off") is a removal: the ranking asked is scored on the
graph without that node, never answered with the named node's own score. Two vocabularies;
networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pytest

from tests.planner_tables import CHOIR
from tests.test_directed_totals import _ask
from tests.test_planner_whatif_central import CREWS, _first_ranked, _top


@pytest.mark.parametrize(("table", "question", "gone"), [
    (CREWS, "If Dot is subbed off, who becomes the key link between players (highest "
            "betweenness)?", "Dot"),
    (CHOIR, "if Dries is taken off the roster, who would be the most central singer by "
            "betweenness?", "Dries"),
])
def test_a_ranking_after_a_removal_in_team_words_is_ranked_without_that_node(
        tmp_path, table, question, gone):
    resp = _ask(tmp_path, table, question)
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    want = _top(g.subgraph(set(g) - {gone}), "betweenness")
    assert not want & _top(g, "betweenness")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Without {gone} "), resp.answer
    assert _first_ranked(resp.answer) in want, resp.answer
