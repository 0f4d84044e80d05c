"""What the data means: direction and weight roles inferred at construction, shown, honoured
by every weight-using tool, and overridable."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store
from igraph_agent.tools import ToolContext
from tests.tools_support import REGISTRY, call, ok

ROADS = pd.DataFrame({
    "source": ["Avon", "Brill", "Avon", "Cray", "Brill", "Dent", "Avon"],
    "target": ["Brill", "Cray", "Cray", "Dent", "Dent", "Eyre", "Eyre"],
    "km": [4.0, 3.5, 9.0, 2.0, 8.0, 1.5, 20.0],
})
CITES = pd.DataFrame({"citing": ["p1", "p2", "p3", "p3", "p4", "p5", "p5"],
                      "cited": ["p0", "p0", "p0", "p1", "p1", "p3", "p0"]})


def _ctx(tmp_path, table: pd.DataFrame, spec: GraphSpec | None = None) -> ToolContext:
    tmp_path.mkdir(parents=True, exist_ok=True)
    ws = Workspace(tmp_path, Store(tmp_path / "agent.db"))
    src = ws.attach(table)
    row = ws.construct([src["source_id"]], spec or GraphSpec())
    g, rev = ws.load(row["id"])
    sg = SessionGraph("s")
    sg.set_graph(g, row["id"], rev)
    sg.attached_sources = [src["source_id"]]
    return ToolContext(workspace=ws, session=sg, call_id="c1")


def _roads_nx() -> nx.Graph:
    g = nx.Graph()
    for s, t, km in ROADS.itertuples(index=False):
        g.add_edge(s, t, km=km)
    return g


def test_a_km_column_makes_weighted_shortest_paths_equal_networkx_dijkstra_on_km(tmp_path):
    ctx = _ctx(tmp_path, ROADS)
    info = ok(ctx, "get_graph_info")
    assert info["meaning"]["weights"] == {"km": "distance"}
    assert info["meaning"]["default_weight"] == "km"
    assert "km = distance" in info["meaning"]["line"]
    want = nx.dijkstra_path_length(_roads_nx(), "Avon", "Eyre", weight="km")
    for backend in ("networkx", "igraph"):
        data = ok(ctx, "shortest_path", source="Avon", target="Eyre", backend=backend)
        assert data["length"] == pytest.approx(want)
        assert [s["node"] for s in data["path"]] == nx.dijkstra_path(_roads_nx(), "Avon", "Eyre",
                                                                      weight="km")
        assert data["weight_used"]["attribute"] == "km" and not data["weight_used"]["inverted"]
    hops = ok(ctx, "shortest_path", source="Avon", target="Eyre", weight=None)
    assert hops["hops"] == 1 and hops["weight_used"]["attribute"] is None


@pytest.mark.parametrize("column", ["walk_min", "rtt", "fee", "leg_sec", "hops"])
def test_a_cost_column_named_by_a_unit_or_a_charge_makes_shortest_paths_weighted(tmp_path,
                                                                                 column):
    """A time unit as the name's last word ("walk_min"), a round-trip time or a fee is a
    cost: the shortest path adds it up, as networkx's Dijkstra does."""
    table = ROADS.rename(columns={"km": column})
    ctx = _ctx(tmp_path, table)
    assert ok(ctx, "get_graph_info")["meaning"]["weights"] == {column: "distance"}
    g = nx.from_pandas_edgelist(table, "source", "target", column)
    data = ok(ctx, "shortest_path", source="Avon", target="Eyre")
    assert data["length"] == pytest.approx(nx.dijkstra_path_length(g, "Avon", "Eyre",
                                                                    weight=column))
    assert data["weight_used"]["attribute"] == column and not data["weight_used"]["inverted"]


def test_pagerank_on_a_km_graph_uses_inverted_km_and_says_so(tmp_path):
    ctx = _ctx(tmp_path, ROADS)
    g = _roads_nx()
    for _, _, d in g.edges(data=True):
        d["inv"] = 1.0 / d["km"]
    want = nx.pagerank(g, weight="inv", tol=1e-10, max_iter=1000)
    for backend in ("networkx", "igraph"):
        env = REGISTRY.dispatch("node_centrality", {"measure": "pagerank", "top_k": 5,
                                                    "backend": backend}, ctx).envelope()
        data = env["data"]
        assert {r["node"]: r["score"] for r in data["top"]} == pytest.approx(
            {n: want[n] for n in [r["node"] for r in data["top"]]}, abs=1e-5)
        assert data["weight_used"]["inverted"] and "1/km" in env["summary"]


def test_a_citing_cited_table_loads_directed_and_most_cited_is_networkx_max_in_degree(tmp_path):
    ctx = _ctx(tmp_path, CITES)
    info = ok(ctx, "get_graph_info")
    assert info["directed"] and info["meaning"]["line"].startswith("directed citing → cited")
    g = nx.DiGraph(list(CITES.itertuples(index=False)))
    top = max(g.in_degree, key=lambda kv: kv[1])
    data = ok(ctx, "degree_analysis", direction="in", top_k=1)
    assert (data["top"][0]["node"], data["top"][0]["degree"]) == top


@pytest.mark.parametrize(("table", "choice", "directed"), [
    (CITES, False, False), (ROADS, True, True), (CITES, None, True), (ROADS, None, False)])
def test_an_explicit_direction_wins_over_the_column_names(tmp_path, table, choice, directed):
    ctx = _ctx(tmp_path, table, GraphSpec(directed=choice))
    info = ok(ctx, "get_graph_info")
    assert info["directed"] is directed
    assert info["meaning"]["directed_by"] == ("choice" if choice is not None else
                                              "columns" if directed else "default")


COVER = pd.DataFrame([("Adams", "Baker", 3), ("Baker", "Adams", 1), ("Adams", "Hill", 2),
                      ("Hill", "Nash", 2), ("Nash", "Hill", 2)],
                     columns=["requester", "coverer", "lessons"])


def test_two_role_columns_listing_a_pair_both_ways_with_other_values_load_directed(tmp_path):
    ctx = _ctx(tmp_path, COVER)
    info = ok(ctx, "get_graph_info")
    assert info["directed"] and info["meaning"]["directed_by"] == "rows"
    assert info["edges"] == len(COVER)  # no row merged into another
    totals = ok(ctx, "edge_attribute_totals", attribute="lessons")
    assert totals["total"] == COVER["lessons"].sum()


def test_interchangeable_ends_listing_a_pair_both_ways_with_other_values_load_directed(
        tmp_path):
    table = COVER.rename(columns={"requester": "teacher_a", "coverer": "teacher_b"})
    ctx = _ctx(tmp_path / "a", table)
    info = ok(ctx, "get_graph_info")
    assert info["directed"] and info["meaning"]["directed_by"] == "rows"
    assert ok(ctx, "edge_attribute_totals", attribute="lessons")["total"] == \
        table["lessons"].sum()  # Adams → Baker 3 and Baker → Adams 1 both kept
    same = table[table["teacher_a"] != "Baker"]  # Hill–Nash both ways, the same value: one tie
    info = ok(_ctx(tmp_path / "b", same), "get_graph_info")
    assert not info["directed"] and info["meaning"]["directed_by"] == "default"


def test_a_rebuild_with_other_choices_is_a_new_revision_of_the_same_dataset(tmp_path):
    ctx = _ctx(tmp_path, ROADS)
    sid = ctx.session.attached_sources[0]

    def build(**choices):  # the envelope's revision is the one built, not the one loaded
        env = call(ctx, "construct_graph", source_ids=[sid], **choices)
        assert env["success"], env["error"]
        return env["data"]

    first = build()
    assert first["reused"] and first["revision"] == 1  # the content already built at bind time
    other = build(directed=True, weight_col="km", weight_means="strength")
    assert other["dataset_id"] == first["dataset_id"] and other["revision"] == 2
    assert not other["reused"]
    ok(ctx, "load_constructed_graph", dataset_id=other["dataset_id"])
    info = ok(ctx, "get_graph_info")
    assert info["revision"] == 2
    assert info["directed"] and info["meaning"]["weights"] == {"km": "strength"}
    again = build(directed=True, weight_col="km", weight_means="strength")
    assert again["reused"] and (again["dataset_id"], again["revision"]) == (other["dataset_id"], 2)
    back = build()
    assert back["reused"] and (back["dataset_id"], back["revision"]) == (first["dataset_id"], 1)
    ok(ctx, "load_constructed_graph", dataset_id=back["dataset_id"])
    info = ok(ctx, "get_graph_info")
    assert info["revision"] == 1 and not info["directed"]
    assert info["meaning"]["weights"] == {"km": "distance"}
    assert len(ctx.workspace.store.list_datasets()) == 1


def test_no_answer_shows_a_measure_twice_without_its_weight_sense(tmp_path):
    ctx = _ctx(tmp_path, ROADS)
    weighted = REGISTRY.dispatch("node_centrality", {"measure": "betweenness"}, ctx).envelope()
    plain = REGISTRY.dispatch("node_centrality", {"measure": "betweenness", "weight": None},
                              ctx).envelope()
    assert "weighted by km as distance" in weighted["summary"]
    assert "unweighted" in plain["summary"]
    assert weighted["data"]["weight_used"] != plain["data"]["weight_used"]


def test_an_unknown_weight_attribute_is_refused_naming_the_numeric_ones(tmp_path):
    ctx = _ctx(tmp_path, ROADS)
    env = REGISTRY.dispatch("shortest_path", {"source": "Avon", "target": "Eyre",
                                              "weight": "minutes"}, ctx).envelope()
    assert not env["success"] and env["error"]["code"] == "INVALID_ARGUMENTS"
    assert "km" in env["error"]["hint"]


def test_graph_info_calls_a_graph_weighted_when_its_edge_values_have_a_role_whatever_their_name(
        tmp_path):
    """A km table is weighted (not 'weighted: false' beside 'km = distance'); a column of
    unknown role is not a weight."""
    assert ok(_ctx(tmp_path / "km", ROADS), "get_graph_info")["weighted"] is True
    two = ROADS.assign(minutes=ROADS["km"] * 2)
    assert ok(_ctx(tmp_path / "two", two), "get_graph_info")["weighted"] is True
    odd = ROADS.rename(columns={"km": "zeta"})
    assert ok(_ctx(tmp_path / "odd", odd), "get_graph_info")["weighted"] is False


def test_a_numeric_column_of_unknown_role_is_stated_and_not_a_default_weight(tmp_path):
    table = ROADS.rename(columns={"km": "zeta"})
    info = ok(_ctx(tmp_path, table), "get_graph_info")
    assert info["meaning"]["weights"] == {"zeta": None}
    assert info["meaning"]["default_weight"] is None
    assert "zeta = unknown role" in info["meaning"]["line"]


@pytest.mark.slow
def test_pagerank_on_100k_nodes_shows_significant_digits(tmp_path):
    import igraph as ig

    h = ig.Graph.Barabasi(100_000, 2, directed=False)
    table = pd.DataFrame(h.get_edgelist(), columns=["source", "target"]).astype(str)
    ctx = _ctx(tmp_path, table)
    leaf = str(min(range(h.vcount()), key=h.degree))
    env = REGISTRY.dispatch("node_centrality", {"measure": "pagerank", "top_k": 3,
                                                "nodes": [leaf]}, ctx).envelope()
    from igraph_agent.figures import shown

    want = h.pagerank()
    for row in [*env["data"]["top"], *env["data"]["requested"]]:
        assert row["score"] == pytest.approx(want[int(row["node"])], rel=1e-5)
        assert float(shown(row["score"])) == pytest.approx(row["score"], rel=1e-3)
    low = env["data"]["requested"][0]["score"]
    assert low < 1e-4 and "e-0" in shown(low)
    assert "0.0000" not in env["summary"]


def test_edges_choices_win_over_inference_when_the_runtime_binds_attached_data(agent):
    from igraph_agent import Edges, RunOptions
    from igraph_agent.model.scripted import ScriptedModel, call

    model = ScriptedModel([[call("get_graph_info")], "Read."])
    resp = agent.ask("How is this graph read?", attach=[Edges(CITES, directed=False)],
                     options=RunOptions(model=model.id))
    assert resp.status == "answered"
    graph = agent.graph(resp.session_id).graph
    assert not graph.is_directed()
    model = ScriptedModel([[call("get_graph_info")], "Read."])
    resp = agent.ask("How is this graph read?",
                     attach=[Edges(ROADS, directed=True, weight="km", means="strength")],
                     options=RunOptions(model=model.id))
    data = model.requests[1]["messages"][-1]["content"]
    assert resp.status == "answered"
    assert "directed source → target" in data and "km = strength" in data


def test_edges_refuses_a_meaning_without_a_weight_column():
    from igraph_agent import Edges

    with pytest.raises(ValueError, match="needs weight"):
        Edges(ROADS, means="distance")


def test_a_table_of_two_endpoints_and_a_km_column_is_bound_and_answered_in_km(agent):
    """Endpoint columns of no known convention followed by a km column are one reading (an
    edge list with distances): bound before the first turn, and "the shortest distance" is
    networkx's Dijkstra length on km, not a hop count."""
    roads = ROADS.rename(columns={"source": "town_a", "target": "town_b"})
    resp = agent.ask("What is the shortest driving distance from Avon to Eyre?", attach=[roads])
    assert resp.status == "answered", (resp.error, resp.answer)
    want = nx.dijkstra_path_length(_roads_nx(), "Avon", "Eyre", weight="km")
    assert f"**{want:g} km**" in resp.answer
    assert resp.graph is not None and "km = distance" in (resp.graph.meaning or "")
    tools = [a.tool for a in resp.actions]
    assert "construct_graph" not in tools  # the runtime bound it: no set-up turn


def _inverse_of(g: nx.Graph, attr: str) -> nx.Graph:
    h = g.copy()
    for _, _, d in h.edges(data=True):
        d["inv"] = 1.0 / d[attr]
    return h


def test_local_clustering_on_a_km_graph_uses_inverted_km_as_strength_and_says_so(tmp_path):
    ctx = _ctx(tmp_path, ROADS)
    g = _inverse_of(_roads_nx(), "km")
    node = ok(ctx, "local_analysis", node="Cray")
    assert node["clustering"] == pytest.approx(nx.clustering(g, "Cray", weight="inv"), abs=1e-6)
    assert node["weight_used"]["attribute"] == "km" and node["weight_used"]["inverted"]
    assert node["distances_in"] == "hops"
    whole = REGISTRY.dispatch("local_analysis", {}, ctx).envelope()
    assert whole["data"]["average_clustering"] == pytest.approx(
        nx.average_clustering(g, weight="inv"), abs=1e-6)
    assert "weighted by 1/km as strength" in whole["summary"]
    plain = ok(ctx, "local_analysis", node="Cray", weight=None)
    assert plain["clustering"] == pytest.approx(nx.clustering(g, "Cray"), abs=1e-6)
    assert plain["clustering"] != node["clustering"]
    assert plain["weight_used"]["attribute"] is None


def test_local_clustering_with_a_strength_column_equals_networkx_weighted_clustering(tmp_path):
    mail = ROADS.rename(columns={"source": "sender_a", "target": "sender_b", "km": "messages"})
    ctx = _ctx(tmp_path, mail)
    g = nx.Graph()
    for s, t, w in mail.itertuples(index=False):
        g.add_edge(s, t, messages=w)
    data = ok(ctx, "local_analysis", node="Cray")
    assert data["clustering"] == pytest.approx(nx.clustering(g, "Cray", weight="messages"),
                                               abs=1e-6)
    assert not data["weight_used"]["inverted"]


@pytest.mark.parametrize("backend", ["networkx", "igraph"])
@pytest.mark.parametrize("sampled", [False, True])
def test_summary_path_figures_on_a_km_graph_are_networkx_dijkstra_lengths_in_km(
        tmp_path, monkeypatch, backend, sampled):
    from igraph_agent.tools import stats

    if sampled:  # every node a sampled source: the estimates are the exact figures
        monkeypatch.setattr(stats, "EXACT_PATHS_LIMIT", 2)
    ctx = _ctx(tmp_path, ROADS)
    g = _roads_nx()
    env = REGISTRY.dispatch("summary_statistics", {"backend": backend, "samples": 10},
                            ctx).envelope()
    data = env["data"]
    ecc = nx.eccentricity(g, weight="km")
    assert data["paths_approximate"] is sampled
    assert data["average_path_length"] == pytest.approx(
        nx.average_shortest_path_length(g, weight="km"), rel=1e-5)
    assert data["diameter"] == pytest.approx(max(ecc.values()))
    assert data["radius"] == pytest.approx(min(ecc.values()))
    assert data["path_unit"] == "km" and not data["weight_used"]["inverted"]
    assert "in km" in env["summary"]
    hops = REGISTRY.dispatch("summary_statistics", {"backend": backend, "samples": 10,
                                                    "weight": None}, ctx).envelope()
    assert hops["data"]["diameter"] == nx.diameter(g) and hops["data"]["path_unit"] == "hops"
    assert hops["data"]["average_path_length"] == pytest.approx(
        nx.average_shortest_path_length(g), rel=1e-5)
    assert "in hops" in hops["summary"]


def test_summary_path_figures_read_a_strength_as_its_inverse_and_say_so(tmp_path):
    calls = ROADS.rename(columns={"km": "calls"})
    ctx = _ctx(tmp_path, calls)
    g = _inverse_of(_roads_nx().copy(), "km")
    env = REGISTRY.dispatch("summary_statistics", {}, ctx).envelope()
    assert env["data"]["diameter"] == pytest.approx(nx.diameter(g, weight="inv"), rel=1e-5)
    assert env["data"]["path_unit"] == "1/calls" and env["data"]["weight_used"]["inverted"]
    assert "1/calls" in env["summary"]


def test_summary_path_figures_of_a_directed_graph_follow_direction_in_its_largest_strong_component(
        tmp_path):
    follows = pd.DataFrame({"follower": ["ann", "bo", "cy", "cy", "dee", "eli", "eli"],
                            "followee": ["bo", "cy", "ann", "dee", "eli", "dee", "fay"]})
    ctx = _ctx(tmp_path, follows)
    g = nx.DiGraph(list(follows.itertuples(index=False)))
    core = g.subgraph(max(nx.strongly_connected_components(g), key=len))
    data = ok(ctx, "summary_statistics")
    assert data["directed"] and data["paths_over_nodes"] == core.number_of_nodes() == 3
    assert data["diameter"] == nx.diameter(core)
    assert data["average_path_length"] == pytest.approx(nx.average_shortest_path_length(core))
    assert data["strong_components"] == nx.number_strongly_connected_components(g)
    assert "strongly connected" in data["paths_over"]


def test_compared_pagerank_and_clustering_use_the_same_weight_sense_as_their_own_tools(tmp_path):
    ctx = _ctx(tmp_path, ROADS)
    g = _inverse_of(_roads_nx(), "km")
    pr = nx.pagerank(g, weight="inv", tol=1e-10, max_iter=1000)
    data = ok(ctx, "compare_nodes", nodes=["Avon", "Dent"])
    ranked = ok(ctx, "node_centrality", measure="pagerank", nodes=["Avon", "Dent"])
    for row in data["nodes"]:
        assert row["pagerank"] == pytest.approx(pr[row["node"]], abs=1e-5)
        assert row["clustering"] == pytest.approx(nx.clustering(g, row["node"], weight="inv"),
                                                  abs=1e-6)
    assert [r["pagerank"] for r in data["nodes"]] == [r["score"] for r in ranked["requested"]]
    assert data["weight_used"] == ranked["weight_used"]
    (pair,) = data["pairs"]
    assert pair["distance"] == nx.shortest_path_length(g, "Avon", "Dent")
    assert pair["length"] == pytest.approx(nx.dijkstra_path_length(g, "Avon", "Dent", weight="km"))
    assert data["length_weight_used"]["attribute"] == "km" and data["distance_in"].startswith("hops")


TRANSIT = pd.DataFrame({"stop_a": ["Quay", "Mill", "Quay", "Forge", "Mill", "Lark", "Forge"],
                        "stop_b": ["Mill", "Forge", "Forge", "Lark", "Lark", "Ivy", "Ivy"],
                        "minutes": [4, 6, 15, 3, 12, 5, 20]})


def test_a_diameter_asked_in_stops_counts_hops_and_in_minutes_is_networkx_dijkstra(agent):
    g = nx.Graph()
    for a, b, m in TRANSIT.itertuples(index=False):
        g.add_edge(a, b, minutes=m)
    hops = agent.ask("How many stops apart are the two most distant stops?", attach=[TRANSIT])
    assert hops.status == "answered", hops.answer
    assert f"**{nx.diameter(g)} hops**" in hops.answer
    timed = agent.ask("What's the diameter of the network in minutes?", attach=[TRANSIT])
    assert timed.status == "answered", timed.answer
    want = max(nx.eccentricity(g, weight="minutes").values())
    assert f"**{want} minutes**" in timed.answer
    assert nx.diameter(g) != want


def test_an_emp_manager_table_loads_directed_employee_to_manager(tmp_path):
    org = pd.DataFrame({"emp": ["u1", "u2", "u3"], "manager": ["u0", "u0", "u1"]})
    info = ok(_ctx(tmp_path, org), "get_graph_info")
    assert info["directed"] and info["meaning"]["line"].startswith("directed emp → manager")


def test_the_dataset_listing_and_the_loaded_graph_agree_on_weighted(tmp_path):
    """A tonnes or km table is weighted in the project's dataset listing too, not only in
    the loaded graph's description (the listing said false beside weighted: true)."""
    for name, table in (("km", ROADS), ("tonnes", ROADS.rename(columns={"km": "tonnes"})),
                        ("zeta", ROADS.rename(columns={"km": "zeta"}))):
        info = ok(_ctx(tmp_path / name, table), "get_graph_info")
        listed = info["available_datasets"][0]["weighted"]
        assert listed is info["weighted"] is (name != "zeta"), name
    info = ok(_ctx(tmp_path / "t2", ROADS.rename(columns={"km": "tonnes"})), "get_graph_info")
    assert "tonnes = strength" in info["meaning"]["line"]


SEGMENTS = pd.DataFrame([("Ashby", "Brome", 12), ("Carrow", "Brome", 9), ("Carrow", "Dunmore", 20),
                         ("Elstead", "Dunmore", 7), ("Fairlop", "Elstead", 5)],
                        columns=["from_station", "to_station", "minutes"])


@pytest.mark.parametrize(("source", "target", "length"), [
    ("from_station", "to_station", "minutes"), ("origin_town", "dest_town", "km"),
    ("start_junction", "end_junction", "metres")])
def test_a_table_of_links_between_places_listed_once_with_a_length_loads_undirected(
        tmp_path, source, target, length):
    table = SEGMENTS.rename(columns={"from_station": source, "to_station": target,
                                     "minutes": length})
    ctx = _ctx(tmp_path, table)
    info = ok(ctx, "get_graph_info")
    assert not info["directed"] and info["meaning"]["directed_by"] == "links"
    assert "directed=True" in info["meaning"]["line"]  # how to read it one way is said
    want = nx.dijkstra_path_length(nx.from_pandas_edgelist(table, source, target, length),
                                   "Ashby", "Dunmore", weight=length)
    route = ok(ctx, "shortest_path", source="Ashby", target="Dunmore", weight=length)
    assert route["length"] == want


@pytest.mark.parametrize("table", [
    # a pair listed both ways: one-way records (a timetable's sailings each way)
    pd.concat([SEGMENTS, pd.DataFrame([("Brome", "Ashby", 12)], columns=SEGMENTS.columns)]),
    # an amount besides the length: flows along the links
    SEGMENTS.assign(passengers=[300, 120, 80, 45, 60]),
    # pages are no places: links between pages are one way
    SEGMENTS.rename(columns={"from_station": "from_page", "to_station": "to_page"}),
    # a flight listed once is one way, whatever its length
    SEGMENTS.rename(columns={"from_station": "origin", "to_station": "dest"}),
])
def test_links_listed_both_ways_carrying_an_amount_or_between_no_places_stay_directed(
        tmp_path, table):
    info = ok(_ctx(tmp_path, table), "get_graph_info")
    assert info["directed"] and info["meaning"]["directed_by"] == "columns"
