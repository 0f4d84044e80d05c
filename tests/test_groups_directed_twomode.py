"""Groups, directed structure and two-mode graphs, against networkx on tables of our own."""

from __future__ import annotations

import itertools

import networkx as nx
import pandas as pd
import pytest

from tests.test_semantics import _ctx
from tests.tools_support import REGISTRY, call, ok

MAIL = pd.DataFrame({
    "sender": ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "ann", "hal", "ivy", "cat", "kim"],
    "receiver": ["bob", "cat", "dan", "eve", "fay", "gus", "ann", "hal", "ivy", "kim", "ivy", "ann"],
    "count": [5, 2, 7, 1, 3, 4, 2, 6, 1, 8, 2, 3],
})
PEOPLE = pd.DataFrame({"id": ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "kim"],
                       "department": ["Sales", "Sales", "Sales", "HR", "HR", "HR", "Ops", "Ops",
                                      "Ops", "HR"]})


def _mail_ctx(tmp_path):
    from igraph_agent.graph.datasets import GraphSpec
    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.store import Store
    from igraph_agent.tools import ToolContext

    ws = Workspace(tmp_path, Store(tmp_path / "agent.db"))
    e, n = ws.attach(MAIL), ws.attach(PEOPLE)
    row = ws.construct([e["source_id"], n["source_id"]], GraphSpec())
    g, rev = ws.load(row["id"])
    sg = SessionGraph("s")
    sg.set_graph(g, row["id"], rev)
    return ToolContext(workspace=ws, session=sg, call_id="c1")


def _mail_nx() -> nx.DiGraph:
    g = nx.DiGraph()
    for r in PEOPLE.itertuples(index=False):
        g.add_node(r.id, department=r.department)
    for s, t, c in MAIL.itertuples(index=False):
        g.add_edge(s, t, count=c, inv=1.0 / c)
    return g


def test_department_questions_give_the_networkx_mixing_matrix_and_assortativity(tmp_path):
    ctx = _mail_ctx(tmp_path)
    info = ok(ctx, "get_graph_info")
    assert info["directed"] and info["meaning"]["groups"] == {"department": 3}
    assert "count = strength" in info["meaning"]["line"]
    data = ok(ctx, "group_analysis", attribute="department")
    g = _mail_nx()
    mapping = {d: i for i, d in enumerate(sorted({"Sales", "HR", "Ops"}))}
    want = nx.attribute_mixing_matrix(g, "department", mapping=mapping, normalized=False)
    got = {(r["from"], r["to"]): r["edges"] for r in data["mixing"]}
    for a, i in mapping.items():
        for b, j in mapping.items():
            assert got.get((a, b), 0) == want[i, j], (a, b)
    assert data["assortativity"] == pytest.approx(
        nx.attribute_assortativity_coefficient(g, "department"), abs=1e-6)
    weights = {(r["from"], r["to"]): r["weight"] for r in data["mixing"]}
    assert weights[("HR", "Ops")] == sum(c for s, t, c in MAIL.itertuples(index=False)
                                         if g.nodes[s]["department"] == "HR"
                                         and g.nodes[t]["department"] == "Ops")
    between = {d: sum(1 for u, v in g.edges if d in (g.nodes[u]["department"],
                                                     g.nodes[v]["department"])
                      and g.nodes[u]["department"] != g.nodes[v]["department"])
               for d in mapping}
    by_group = {r["group"]: r["edges_to_other_groups"] for r in data["groups"]}
    assert by_group == between


def test_on_a_directed_graph_each_group_says_what_it_sends_to_and_receives_from_others(tmp_path):
    ctx = _mail_ctx(tmp_path)
    g = _mail_nx()
    dept = nx.get_node_attributes(g, "department")
    for asked in ("", "count"):  # unweighted by an empty weight; count is a strength
        data = ok(ctx, "group_analysis", attribute="department", weight=asked)
        weight = data["weight_used"]["attribute"]
        field = "weight" if weight else "edges"
        assert weight == (asked or None)

        def total(d: str, outgoing: bool, w=weight) -> float:
            return sum(c.get(w, 1) if w else 1 for u, v, c in g.edges(data=True)
                       if dept[u] != dept[v] and dept[u if outgoing else v] == d)

        rows = {r["group"]: r for r in data["groups"]}
        for d, r in rows.items():
            assert r[f"{field}_out_to_other_groups"] == total(d, True)
            assert r[f"{field}_in_from_other_groups"] == total(d, False)
            assert r[f"{field}_to_other_groups"] == total(d, True) + total(d, False)
        sends = max(rows, key=lambda d: total(d, True))
        gets = max(rows, key=lambda d: total(d, False))
        assert data["sends_most_to_others"]["group"] == sends
        assert data["receives_most_from_others"]["group"] == gets
        env = call(ctx, "group_analysis", attribute="department", weight=asked)
        assert f"sends most to other groups: {sends} " in env["summary"]
        assert f"receives most from them: {gets} " in env["summary"]


def test_pair_totals_add_both_ways_up_only_when_asked(tmp_path):
    ctx = _mail_ctx(tmp_path)
    assert "pair_totals" not in ok(ctx, "group_analysis", attribute="department")
    data = ok(ctx, "group_analysis", attribute="department", weight="count", pairs=True)
    g = _mail_nx()
    dept = nx.get_node_attributes(g, "department")
    want: dict = {}
    for u, v, c in g.edges(data="count"):
        if dept[u] != dept[v]:
            key = frozenset((dept[u], dept[v]))
            edges, total = want.get(key, (0, 0))
            want[key] = (edges + 1, total + c)
    got = {frozenset(r["groups"]): (r["edges"], r["weight"]) for r in data["pair_totals"]}
    assert got == want


def test_the_bridge_between_two_departments_is_networkx_restricted_betweenness_top(tmp_path):
    ctx = _mail_ctx(tmp_path)
    data = ok(ctx, "group_analysis", attribute="department", between=["Sales", "hr"])
    g = _mail_nx()
    sales = [n for n, d in g.nodes(data="department") if d == "Sales"]
    hr = [n for n, d in g.nodes(data="department") if d == "HR"]
    want = nx.betweenness_centrality_subset(g, sales, hr, normalized=False, weight="inv")
    got = {r["node"]: r["betweenness_between"] for r in data["bridges"]["nodes"]}
    for node, value in got.items():
        assert value == pytest.approx(want[node], abs=1e-6)
        nbrs = set(g.predecessors(node)) | set(g.successors(node))
        assert {g.nodes[u]["department"] for u in nbrs} >= {"Sales", "HR"}
    top = max((n for n in got), key=lambda n: (want[n], -ord(n[0])))
    assert data["bridges"]["nodes"][0]["node"] == top


def test_a_group_value_is_never_a_node_and_an_unknown_group_is_refused(tmp_path):
    ctx = _mail_ctx(tmp_path)
    env = REGISTRY.dispatch("group_analysis", {"attribute": "department",
                                               "between": ["Sales", "Legal"]}, ctx).envelope()
    assert not env["success"] and "Legal" in env["error"]["message"]
    assert "HR" in env["error"]["hint"]


CITES = pd.DataFrame({"citing": ["p1", "p2", "p3", "p3", "p4", "p5", "p5", "p6"],
                      "cited": ["p0", "p0", "p0", "p1", "p1", "p3", "p4", "p5"]})


def test_citations_have_no_cycle_and_depth_and_reach_equal_networkx(tmp_path):
    ctx = _ctx(tmp_path, CITES)
    data = ok(ctx, "direction_analysis", node="p5")
    g = nx.DiGraph(list(CITES.itertuples(index=False)))
    assert data["acyclic"] and data["depth"] == nx.dag_longest_path_length(g)
    most = max(g, key=lambda n: (len(nx.ancestors(g, n)), n))
    assert data["most_reached_from"][0] == {"node": most, "reached_from": len(nx.ancestors(g, most))}
    assert data["node_reach"] == {"node": "p5", "reaches": len(nx.descendants(g, "p5")),
                                  "reached_from": len(nx.ancestors(g, "p5"))}


def test_a_cycle_is_reported_as_a_real_cycle_of_the_graph(tmp_path):
    table = pd.concat([CITES, pd.DataFrame({"citing": ["p0"], "cited": ["p6"]})])
    ctx = _ctx(tmp_path, table)
    data = ok(ctx, "direction_analysis")
    g = nx.DiGraph(list(table.itertuples(index=False)))
    cycle = [c["node"] for c in data["cycle"]]
    assert not data["acyclic"] and cycle[0] == cycle[-1] and len(cycle) > 2
    assert all(g.has_edge(u, v) for u, v in itertools.pairwise(cycle))
    assert data["strong_components"] == nx.number_strongly_connected_components(g)


def test_cycles_nodes_on_them_sources_and_sinks_equal_networkx(tmp_path):
    table = pd.concat([CITES, pd.DataFrame({"citing": ["p0", "p1", "p7"],
                                            "cited": ["p6", "p3", "p7"]})])
    data = ok(_ctx(tmp_path, table), "direction_analysis")
    g = nx.DiGraph(list(table.itertuples(index=False)))
    assert data["cycles"] == len(list(nx.simple_cycles(g))) and data["cycles_exact"]
    on = {v for c in nx.strongly_connected_components(g) if len(c) > 1 for v in c} | {"p7"}
    assert {r["node"] for r in data["on_cycles"]["nodes"]} == on == set(
        itertools.chain.from_iterable(nx.simple_cycles(g)))
    assert {r["node"] for r in data["sources"]["nodes"]} == {v for v, d in g.in_degree() if d == 0}
    assert {r["node"] for r in data["sinks"]["nodes"]} == {v for v, d in g.out_degree() if d == 0}


def test_cycles_past_the_cap_are_reported_as_a_lower_bound(tmp_path, monkeypatch):
    import igraph_agent.tools.directed as directed

    monkeypatch.setattr(directed, "MAX_CYCLES_COUNTED", 1)
    table = pd.DataFrame({"citing": ["a", "b", "b", "c"], "cited": ["b", "a", "c", "b"]})
    data = ok(_ctx(tmp_path, table), "direction_analysis")
    assert data["cycles"] == 1 and data["cycles_exact"] is False


def test_reach_at_scale_is_sampled_with_a_stated_error(tmp_path, monkeypatch):
    import igraph_agent.tools.directed as directed

    monkeypatch.setattr(directed, "EXACT_REACH_LIMIT", 5)
    ctx = _ctx(tmp_path, CITES)
    data = ok(ctx, "direction_analysis", sample=16)
    assert data["reach"]["exact"] is False and data["reach"]["standard_error_max"] > 0
    g = nx.DiGraph(list(CITES.itertuples(index=False)))
    top = data["most_reached_from"][0]
    assert abs(top["reached_from"] - len(nx.ancestors(g, top["node"]))) <= \
        3 * data["reach"]["standard_error_max"]


def _davis_table() -> pd.DataFrame:
    g = nx.davis_southern_women_graph()
    women = g.graph["top"]
    return pd.DataFrame([(w, e) for w in women for e in g[w]], columns=["woman", "event"])


def test_women_by_events_projection_top_pair_is_networkx_weighted_projected_graphs(tmp_path):
    table = _davis_table()
    ctx = _ctx(tmp_path, table)
    info = ok(ctx, "get_graph_info")
    assert "2 modes: 18 women, 14 events" in info["meaning"]["line"]
    g = nx.Graph(list(table.itertuples(index=False)))
    most = ok(ctx, "degree_analysis", side="women", top_k=1)["top"][0]
    women = set(table["woman"])
    assert most["degree"] == max(g.degree(w) for w in women) and most["node"] in women
    data = ok(ctx, "project_bipartite", side="women", top_k=3, load=True)
    p = nx.bipartite.weighted_projected_graph(g, women)
    best = max(d["weight"] for _, _, d in p.edges(data=True))
    top = data["top_pairs"][0]
    assert top["weight"] == best and p[top["a"]][top["b"]]["weight"] == best
    assert ctx.session.dataset_id == data["dataset_id"]
    assert ok(ctx, "get_graph_info")["nodes"] == 18
    base, rev = ctx.workspace.load(data["from_dataset"])
    ctx.session.set_graph(base, data["from_dataset"], rev)
    again = ok(ctx, "project_bipartite", side="women")
    assert again["reused"] and again["dataset_id"] == data["dataset_id"]



def test_every_pair_of_a_few_groups_is_in_the_mixing_list_heaviest_first(tmp_path):
    """Six regions have up to 36 ordered pairs; a question about one region's trade must
    find its row, not lose it past the first 3 x groups rows."""
    from igraph_agent.graph.datasets import GraphSpec
    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.store import Store
    from igraph_agent.tools import ToolContext

    regions = ["north", "south", "east", "west", "centre", "islands"]
    firms = pd.DataFrame({"id": [f"f{i}" for i in range(30)],
                          "region": [regions[i % 6] for i in range(30)]})
    rows = [(f"f{i}", f"f{j}", (i * 7 + j * 3) % 50 + 1)
            for i, j in itertools.permutations(range(30), 2) if (i + 2 * j) % 5 == 0]
    trade = pd.DataFrame(rows, columns=["supplier", "buyer", "tonnes"])
    ws = Workspace(tmp_path, Store(tmp_path / "agent.db"))
    e, n = ws.attach(trade), ws.attach(firms)
    row = ws.construct([e["source_id"], n["source_id"]], GraphSpec())
    g, rev = ws.load(row["id"])
    sg = SessionGraph("s")
    sg.set_graph(g, row["id"], rev)
    ctx = ToolContext(workspace=ws, session=sg, call_id="c1")
    data = ok(ctx, "group_analysis", attribute="region", weight="tonnes")
    region = dict(zip(firms["id"], firms["region"], strict=True))
    want = (trade.assign(a=trade.supplier.map(region), b=trade.buyer.map(region))
            .groupby(["a", "b"]).tonnes.sum())
    got = {(r["from"], r["to"]): r["weight"] for r in data["mixing"]}
    assert data["directed"] and len(want) > 3 * 6
    assert got == {k: float(v) for k, v in want.items()}
    assert data["mixing_pairs"] == len(want)
    weights = [r["weight"] for r in data["mixing"]]
    assert weights == sorted(weights, reverse=True)


def test_a_projection_leaves_the_two_mode_graph_loaded_unless_asked_to_load_it(tmp_path):
    """'Which two women attended the most events together?' must not turn the next
    question ('how many events did Evelyn attend?') into one about the projection."""
    ctx = _ctx(tmp_path, _davis_table())
    before = (ctx.session.dataset_id, ctx.session.revision)
    data = ok(ctx, "project_bipartite", side="women", top_k=3)
    assert data["loaded"] is False and data["dataset_id"] != before[0]
    assert (ctx.session.dataset_id, ctx.session.revision) == before
    assert ok(ctx, "get_graph_info")["nodes"] == 18 + 14
    # the graph is built by now: its sides still come from the stored edge columns (the
    # second projection of "women" had projected the events)
    women = set(_davis_table()["woman"])
    assert ok(ctx, "degree_analysis", side="women", top_k=3)["top"][0]["node"] in women
    again = ok(ctx, "project_bipartite", side="women", load=True)
    assert again["reused"] and again["loaded"] and ctx.session.dataset_id == data["dataset_id"]


def test_group_analysis_gives_the_attribute_partitions_networkx_modularity(tmp_path):
    ctx = _mail_ctx(tmp_path)
    g = _mail_nx()
    dept = nx.get_node_attributes(g, "department")
    parts = [{n for n in g if dept[n] == v} for v in set(dept.values())]
    data = ok(ctx, "group_analysis", attribute="department")
    assert data["modularity"] == pytest.approx(nx.community.modularity(g, parts, weight=None),
                                               abs=1e-4)
    weighted = ok(ctx, "group_analysis", attribute="department", weight="count")
    assert weighted["modularity_weighted"] == pytest.approx(
        nx.community.modularity(g, parts, weight="count"), abs=1e-4)


@pytest.mark.parametrize("direction", ["out", "in", "both"])
def test_where_edges_sum_the_groups_own_edges_each_way(tmp_path, direction):
    ctx = _mail_ctx(tmp_path)
    g = _mail_nx()
    hr = {n for n, d in g.nodes(data="department") if d == "HR"}
    xs = [c for u, v, c in g.edges(data="count")
          if (direction != "in" and u in hr) or (direction != "out" and v in hr)]
    data = ok(ctx, "edge_attribute_totals", attribute="count", where={"department": "HR"},
              direction=direction)
    w = data["where_edges"]
    assert (w["direction"], w["edges"], w["total"]) == (direction, len(xs), sum(xs))
    assert w["mean"] == pytest.approx(sum(xs) / len(xs), abs=1e-4)


def test_where_edges_inside_sum_only_edges_with_both_ends_in_the_group(tmp_path):
    ctx = _mail_ctx(tmp_path)
    g = _mail_nx()
    hr = {n for n, d in g.nodes(data="department") if d == "HR"}
    inner = [c for u, v, c in g.edges(data="count") if u in hr and v in hr]
    data = ok(ctx, "edge_attribute_totals", attribute="count", where={"department": "HR"})
    inside = data["where_edges"]["inside"]
    assert inner and (inside["edges"], inside["total"]) == (len(inner), sum(inner))
    assert inside["edges"] < data["where_edges"]["edges"]  # touching is more than inside


def test_a_path_asked_with_direction_ignored_follows_two_way_segments(tmp_path):
    from igraph_agent.graph.datasets import GraphSpec
    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.store import Store
    from igraph_agent.tools import ToolContext

    # Brome -> Ashby is listed too: one-way records, so the table reads directed
    rail = pd.DataFrame({"from_station": ["Ashby", "Carrow", "Carrow", "Elstead", "Brome"],
                         "to_station": ["Brome", "Brome", "Dunmore", "Dunmore", "Ashby"],
                         "minutes": [12, 9, 20, 7, 12]})
    ws = Workspace(tmp_path, Store(tmp_path / "agent.db"))
    row = ws.construct([ws.attach(rail)["source_id"]], GraphSpec())
    g, rev = ws.load(row["id"])
    sg = SessionGraph("s")
    sg.set_graph(g, row["id"], rev)
    ctx = ToolContext(workspace=ws, session=sg, call_id="c1")
    two_way = nx.from_pandas_edgelist(rail, "from_station", "to_station", "minutes")
    data = ok(ctx, "shortest_path", source="Ashby", target="Elstead", weight="minutes")
    assert data["directed"] is True
    assert data["reachable"] is False and data["reverse_reachable"] is False
    both = ok(ctx, "shortest_path", source="Ashby", target="Elstead", weight="minutes",
              ignore_direction=True)
    assert both["direction_ignored"] is True and both["reachable"] is True
    assert [r["node"] for r in both["path"]] == nx.dijkstra_path(two_way, "Ashby", "Elstead",
                                                                 weight="minutes")
    assert both["length"] == nx.dijkstra_path_length(two_way, "Ashby", "Elstead", weight="minutes")
