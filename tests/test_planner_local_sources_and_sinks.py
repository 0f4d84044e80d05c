"""The nodes at one end of every edge of a directed table, asked in the data's verbs with
nothing after the verb ("who only receives and never grants?") or by name ("which wallets
are sinks"): the sinks (out-degree 0) or the sources (in-degree 0), on a land-grant table and
a wallet-payment table (networkx is the oracle)."""

from __future__ import annotations

import re

import pytest
from planner_support import ask_table
from planner_tables import CLIMBS, GRANTS, WALLETS, directed_graph


def _ends(table, side: str) -> set[str]:
    g = directed_graph(table)
    degree = g.out_degree if side == "sinks" else g.in_degree
    return {n for n in g if degree(n) == 0}


@pytest.mark.parametrize(("table", "question", "side"), [
    (GRANTS, "who only receives and never grants?", "sinks"),
    (GRANTS, "which families never grant?", "sinks"),
    (GRANTS, "Which families never receive?", "sources"),
    (WALLETS, "which wallets only send and never receive", "sources"),
    (WALLETS, "which wallets are sinks", "sinks"),
    (WALLETS, "Which wallets are sources?", "sources"),
    (WALLETS, "list the sink nodes in this graph", "sinks"),
    (WALLETS, "Which wallets never received a payment?", "sources"),
    (GRANTS, "which families never got a grant", "sources"),
    (WALLETS, "which wallets were never paid?", "sources"),
    (GRANTS, "which families were never granted anything", "sources"),
    # a bare "never sent" is what the wallet did not do, not what was not done to it
    (WALLETS, "which wallets never sent a single payment?", "sinks"),
    (WALLETS, "which wallets never paid anyone", "sinks"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_the_nodes_that_never_send_or_never_receive_are_the_sinks_or_the_sources(
        tmp_path, table, question, side):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.actions[-1].tool == "direction_analysis"
    want = _ends(table, side)
    assert want and want != _ends(table, "sources" if side == "sinks" else "sinks")
    assert set(re.findall(r"\*\*(\w+)\*\*", resp.answer)) - {str(len(want))} == want, resp.answer
    assert re.match(rf"\*\*{len(want)}\*\* of {len(directed_graph(table))} nodes", resp.answer)


@pytest.mark.parametrize(("table", "question"), [
    (WALLETS, "which wallets never pay twice?"),
    (CLIMBS, "which climbers are sinks?"),
])
def test_a_never_with_more_after_it_or_an_undirected_table_lists_no_ends(tmp_path, table,
                                                                          question):
    resp = ask_table(tmp_path, table, question)
    assert not any(a.tool == "direction_analysis" for a in resp.actions), resp.answer
