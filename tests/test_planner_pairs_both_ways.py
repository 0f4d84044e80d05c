"""On a directed table with a count of things sent, "which two people exchange the most
messages" is the pair whose count, summed over an edge each way, is the largest — never the
single heaviest edge and never the list of pairs linked both ways. networkx is the oracle,
on tables of other words (texts between phones, crates between depots)."""

from __future__ import annotations

from collections import Counter

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

_G = nx.gnm_random_graph(16, 60, seed=4, directed=True)
TEXTS = pd.DataFrame([(f"ph{u:02d}", f"ph{v:02d}", 1 + (5 * i) % 9) for i, (u, v) in
                      enumerate(_G.edges())], columns=["from_phone", "to_phone", "texts"])
CRATES = pd.DataFrame([(f"depot{u}", f"depot{v}", 2 + (7 * i) % 11) for i, (u, v) in
                       enumerate(_G.edges())], columns=["origin", "destination", "crates"])


def _both_ways(table: pd.DataFrame) -> Counter:
    out: Counter = Counter()
    for a, b, x in table.itertuples(index=False):
        out[frozenset((a, b))] += x
    return out


@pytest.mark.parametrize("table, question", [
    (TEXTS, "which two phones exchange the most texts?"),
    (TEXTS, "which pair of phones send each other the most texts"),
    (TEXTS, "what two phones have the most texts between them?"),
    (CRATES, "which two depots trade the most crates?"),
])
def test_the_pair_with_the_most_sent_both_ways_is_named(tmp_path, table, question):
    totals = _both_ways(table)
    best = max(totals.values())
    top = [p for p, x in totals.items() if x == best]
    assert len(top) == 1, "the oracle's best pair must be unique"
    a, b = sorted(top[0])
    heaviest = table.iloc[:, 2].max()
    assert best > heaviest, "the pair's total must differ from the heaviest single edge"
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    lead = resp.answer.split(" have ")[0].split(" has ")[0]
    assert a in lead and b in lead, resp.answer
    assert f"**{best}**" in resp.answer, resp.answer


def test_the_pair_with_the_fewest_sent_both_ways_lists_the_ties(tmp_path):
    totals = _both_ways(TEXTS)
    low = min(totals.values())
    tied = [p for p, x in totals.items() if x == low]
    resp = ask_table(tmp_path, TEXTS, "which two phones exchanged the fewest texts?")
    assert resp.status == "answered", resp.answer
    assert f"**{low}**" in resp.answer, resp.answer
    for pair in tied[:10]:
        assert all(p in resp.answer for p in pair), (pair, resp.answer)
