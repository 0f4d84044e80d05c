"""Reach on a directed table asked in the words of what it carries: "could Ashcombe still get
freight to Elderby if Dunmore closed", "can goods get from Upton to Tarn", "can a shipment that
starts at Lisburn ever end up in Aldgate" (a path along the edges' direction, Yes or No), and
"the biggest group of depots that can all ship to each other, directly or through others"
(the largest strongly connected component, named). Two directed tables with their own columns
and nouns; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

HAULAGE = dict(
    edges=[("Ashcombe", "Brackwell", 40), ("Brackwell", "Ashcombe", 12), ("Ashcombe", "Corrin", 25),
           ("Corrin", "Dunmore", 18), ("Dunmore", "Elderby", 30), ("Elderby", "Ashcombe", 9),
           ("Brackwell", "Dunmore", 22), ("Corrin", "Farrow", 15), ("Farrow", "Glenholt", 50),
           ("Glenholt", "Farrow", 5), ("Kelmscott", "Ashcombe", 33), ("Elderby", "Larkfield", 16)],
    columns=["origin_depot", "dest_depot", "tonnes"], gone="Dunmore", noun="freight",
    group="depots", verb="ship")
SUPPLY = dict(
    edges=[("Oakmere", "Hanley", 40), ("Hanley", "Quayside", 25), ("Oakmere", "Pitsford", 10),
           ("Pitsford", "Hanley", 12), ("Hanley", "Rudge", 30), ("Rudge", "Oakmere", 8),
           ("Rudge", "Quayside", 6), ("Quayside", "Selby", 9), ("Selby", "Tarn", 4),
           ("Tarn", "Selby", 3), ("Upton", "Oakmere", 15)],
    columns=["supplier", "buyer", "units"], gone="Rudge", noun="stock", group="suppliers",
    verb="supply")
CASES = [HAULAGE, SUPPLY]
IDS = ["haulage", "supply"]


def _graph(case: dict) -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_weighted_edges_from(case["edges"])
    return g


def _ask(tmp_path, case: dict, question: str):
    from planner_support import ask_table

    return ask_table(tmp_path, pd.DataFrame(case["edges"], columns=case["columns"]), question)


def _verdict(yes: bool) -> str:
    return "**Yes**" if yes else "**No**"


def _pairs(g: nx.DiGraph) -> list[tuple[str, str, bool]]:
    """One pair that reaches and one that does not, source first (sorted: stable)."""
    nodes = sorted(g)
    reached = [(a, b) for a in nodes for b in nodes if a != b and nx.has_path(g, a, b)]
    unreached = [(a, b) for a in nodes for b in nodes if a != b and not nx.has_path(g, a, b)
                 and g.out_degree(a) and g.in_degree(b)]
    return [(*reached[-1], True), (*unreached[0], False)]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_still_getting_goods_to_a_node_after_a_removal_is_a_reach(tmp_path, case):
    g = _graph(case)
    after = nx.restricted_view(g, [case["gone"]], [])
    a, b = _removal_pair(g, case["gone"])
    resp = _ask(tmp_path, case, f"If {case['gone']} closed, could {a} still get {case['noun']} "
                                f"to {b}?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(_verdict(nx.has_path(after, a, b))), resp.answer


def _removal_pair(g: nx.DiGraph, gone: str) -> tuple[str, str]:
    """A pair joined before the removal and cut apart by it."""
    after = nx.restricted_view(g, [gone], [])
    return next((a, b) for a in sorted(g) for b in sorted(g) if gone not in (a, b) and a != b
                and nx.has_path(g, a, b) and not nx.has_path(after, a, b))


@pytest.mark.parametrize("case", CASES, ids=IDS)
@pytest.mark.parametrize("wording", ["Can {noun} get from {a} to {b}?",
                                     "can {noun} that leaves {a} ever end up at {b}?"])
def test_goods_getting_from_one_node_to_another_follow_the_edges_direction(tmp_path, case,
                                                                           wording):
    g = _graph(case)
    for a, b, yes in _pairs(g):
        resp = _ask(tmp_path / f"{a}-{b}", case, wording.format(noun=case["noun"], a=a, b=b))
        assert resp.status == "answered", resp.answer
        assert resp.answer.startswith(_verdict(yes)), resp.answer


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_biggest_group_that_all_reach_each_other_is_the_largest_strong_component(tmp_path,
                                                                                     case):
    core = max(nx.strongly_connected_components(_graph(case)), key=len)
    resp = _ask(tmp_path, case, f"What's the biggest group of {case['group']} that can all "
                                f"{case['verb']} to each other, directly or through others?")
    assert resp.status == "answered", resp.answer
    first = resp.answer.split(":")[0]
    assert all(f"**{n}**" in first for n in core), resp.answer
