"""Flows between named places on a directed table with one edge value (``origin_wh,
dest_wh,pallets``, ``from_depot,to_depot,crates``): one pair's value ("how many pallets go
from North Hub to East Depot"), one node's largest flow out ("what does river port ship to
most", "where does X send the most") or in ("where does X get the most from"), and a
threshold asked as a noun phrase ("warehouses receiving more than 30 pallets"). The edge
value is the table's only one even when its name gives it no role. Checked against the
tables themselves."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import agent_for

PALLETS = pd.DataFrame([("North Hub", "East Depot", 12), ("North Hub", "South Yard", 40),
                        ("river port", "North Hub", 25), ("river port", "East Depot", 8),
                        ("river port", "West Store", 33), ("South Yard", "East Depot", 19),
                        ("West Store", "South Yard", 5), ("East Depot", "West Store", 14)],
                       columns=["origin_wh", "dest_wh", "pallets"])
CRATES = pd.DataFrame([("Mill Lane", "Quay", 6), ("Mill Lane", "Kiln Row", 21),
                       ("Quay", "Kiln Row", 9), ("Kiln Row", "Abbey", 30), ("Quay", "Abbey", 2),
                       ("Abbey", "Mill Lane", 11)],
                      columns=["from_depot", "to_depot", "crates"])


@pytest.fixture(scope="module")
def agent(tmp_path_factory):
    yield from agent_for("flow_wordings", tmp_path_factory)


def _edge(table: pd.DataFrame, a: str, b: str) -> int:
    src, dst, val = table.columns
    return int(table.loc[(table[src] == a) & (table[dst] == b), val].sum())


@pytest.mark.parametrize(("table", "a", "b", "question"), [
    (PALLETS, "North Hub", "East Depot", "How many pallets go from North Hub to East Depot?"),
    (CRATES, "Kiln Row", "Abbey", "how many crates does Kiln Row send to Abbey?"),
])
def test_one_pairs_flow_is_that_edges_value(agent, table, a, b, question):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{_edge(table, a, b)}** {table.columns[2]} on the edge "
                                  f"{a} → {b}"), resp.answer


@pytest.mark.parametrize(("table", "node", "question"), [
    (PALLETS, "river port", "what does river port ship to most?"),
    (PALLETS, "river port", "where does river port send the most pallets?"),
    (CRATES, "Mill Lane", "where does Mill Lane send the most crates?"),
])
def test_where_one_node_sends_most_is_its_largest_outgoing_edge(agent, table, node, question):
    src, dst, val = table.columns
    out = table[table[src] == node]
    best = out.loc[out[val].idxmax()]
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{best[dst]}**: the largest {val} out of {node}"), \
        resp.answer
    assert f"**{best[val]}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "node", "question"), [
    (PALLETS, "East Depot", "where does East Depot get the most pallets from?"),
    (CRATES, "Abbey", "Where does Abbey get the most crates from?"),
])
def test_where_one_node_gets_most_from_is_its_largest_incoming_edge(agent, table, node,
                                                                    question):
    src, dst, val = table.columns
    into = table[table[dst] == node]
    best = into.loc[into[val].idxmax()]
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{best[src]}**: the largest {val} into {node}"), \
        resp.answer
    assert f"**{best[val]}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "end", "limit"), [
    (PALLETS, "warehouses receiving more than 30 pallets", "dest_wh", 30),
    (CRATES, "depots sending more than 20 crates", "from_depot", 20),
])
def test_a_threshold_asked_as_a_noun_phrase_sums_that_side(agent, table, question, end,
                                                           limit):
    totals = table.groupby(end)[table.columns[2]].sum()
    passing = totals[totals > limit]
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(passing)}** of "), resp.answer
    assert all(f"**{n}** ({v})" in resp.answer for n, v in passing.items()), resp.answer
