"""edge_attribute_totals on single edges: the edges holding the max and the min (ties all
listed) and, with op and value, the edges past a threshold, against networkx."""

from __future__ import annotations

import networkx as nx
import pytest
from tools_support import call, context, ok


def _graph() -> nx.Graph:
    g = nx.relabel_nodes(nx.gnm_random_graph(30, 70, seed=3), lambda n: f"s{n}")
    nx.set_edge_attributes(g, {e: 2 + (11 * i) % 17 for i, e in enumerate(sorted(g.edges()))},
                           "cost")
    return g


def _pairs(rows: list[dict]) -> set[frozenset]:
    return {frozenset((r["source"], r["target"])) for r in rows}


def test_the_edges_holding_the_largest_and_smallest_value_are_all_listed(tmp_path):
    g = _graph()
    data = ok(context(tmp_path, g), "edge_attribute_totals", attribute="cost")
    values = [x for *_, x in g.edges(data="cost")]
    for key, best in (("max_edges", max(values)), ("min_edges", min(values))):
        want = {frozenset((u, v)) for u, v, x in g.edges(data="cost") if x == best}
        assert len(want) > 1  # ties: every one is listed
        assert _pairs(data[key]) == want
        assert {r["value"] for r in data[key]} == {best}


@pytest.mark.parametrize(("op", "value", "passes"), [
    ("gt", 10, lambda x: x > 10), ("le", 4, lambda x: x <= 4), ("eq", 7, lambda x: x == 7)])
def test_edges_past_a_threshold_are_counted_and_listed_largest_first(
        tmp_path, op, value, passes):
    g = _graph()
    data = ok(context(tmp_path, g), "edge_attribute_totals", attribute="cost", op=op,
              value=value)
    want = [(u, v, x) for u, v, x in g.edges(data="cost") if passes(x)]
    assert data["passing"]["count"] == len(want) > 0
    listed = data["passing"]["edges"]
    assert len(listed) == min(20, len(want))
    assert [r["value"] for r in listed] == sorted((x for *_, x in want), reverse=True)[:20]


def test_a_threshold_without_its_value_is_refused(tmp_path):
    env = call(context(tmp_path, _graph()), "edge_attribute_totals", attribute="cost", op="gt")
    assert not env["success"] and env["error"]["code"] == "INVALID_ARGUMENTS"


def _grouped() -> nx.DiGraph:
    g = nx.DiGraph()
    for i, (u, v) in enumerate(sorted(nx.gnm_random_graph(24, 80, seed=5, directed=True).edges())):
        g.add_edge(f"d{u}", f"d{v}", pallets=1 + (7 * i) % 11)
    nx.set_node_attributes(g, {n: ("east", "west", "north")[int(n[1:]) % 3] for n in g}, "region")
    return g


@pytest.mark.parametrize(("arg", "apart"), [("across", True), ("within", False)])
def test_totals_across_or_within_groups_sum_only_those_edges(tmp_path, arg, apart):
    g = _grouped()
    data = ok(context(tmp_path, g), "edge_attribute_totals", attribute="pallets",
              direction="out", top_k=200, **{arg: "region"})
    kept = [(u, x) for u, v, x in g.edges(data="pallets")
            if (g.nodes[u]["region"] != g.nodes[v]["region"]) == apart]
    out: dict[str, int] = {}
    for u, x in kept:
        out[u] = out.get(u, 0) + x
    assert data["edges"] == len(kept) and data["total"] == sum(x for _, x in kept)
    assert {r["node"]: r["total"] for r in data["top_nodes"]} == out
    assert data[arg] == "region"


def test_totals_across_an_attribute_no_node_has_are_refused(tmp_path):
    env = call(context(tmp_path, _grouped()), "edge_attribute_totals", attribute="pallets",
               across="colour")
    assert not env["success"] and env["error"]["code"] == "INVALID_ARGUMENTS"
