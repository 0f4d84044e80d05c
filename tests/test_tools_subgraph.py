"""subgraph_extraction: selections against networkx, read-only previews and new revisions."""

from __future__ import annotations

import networkx as nx
import pytest
from tools_support import GRAPHS, REGISTRY, call, context, karate, ok

from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store
from igraph_agent.tools import ToolContext


def _stored(tmp_path, g: nx.Graph, read_only: bool = False) -> ToolContext:
    """A context whose session graph is a real constructed dataset of the project."""
    ws = Workspace(tmp_path, Store(tmp_path / "agent.db"))
    source = ws.attach(g, "lesmis")
    row = ws.construct([source["source_id"]], GraphSpec())
    loaded, rev = ws.load(row["id"])
    sg = SessionGraph("s")
    sg.set_graph(loaded, row["id"], rev)
    return ToolContext(workspace=ws, session=sg, call_id="c1", read_only=read_only)


@pytest.mark.parametrize("graph", ["karate", "lesmis"])
def test_ego_selection_equals_networkx_ego_graph(tmp_path, graph):
    g = GRAPHS[graph]()
    ctx = context(tmp_path, g)
    center = max(g.degree, key=lambda kv: kv[1])[0]
    for radius in (1, 2):
        data = ok(ctx, "subgraph_extraction", center=center, radius=radius, limit=500)
        ego = nx.ego_graph(g, center, radius=radius)
        assert data["nodes"] == ego.number_of_nodes() and data["edges"] == ego.number_of_edges()
        assert data["density"] == pytest.approx(nx.density(ego), abs=1e-6)
        assert {n["node"] for n in data["node_ids"]} == set(ego)


def test_criteria_intersect(tmp_path):
    g = karate()  # node attribute club: "Mr. Hi" or "Officer"
    ctx = context(tmp_path, g)
    data = ok(ctx, "subgraph_extraction", center="0", radius=1, attribute="club",
              value="officer", limit=500)
    want = {n for n in nx.ego_graph(g, "0", 1) if g.nodes[n]["club"] == "Officer"}
    assert {n["node"] for n in data["node_ids"]} == want
    assert data["edges"] == g.subgraph(want).number_of_edges()


def test_community_selection_uses_the_latest_partition(tmp_path):
    g = GRAPHS["lesmis"]()
    ctx = context(tmp_path, g)
    env = call(ctx, "subgraph_extraction", community=0)
    assert env["error"]["code"] == "RESULT_UNAVAILABLE" and "community_detection" in env["error"]["hint"]
    comm = ok(ctx, "community_detection", nodes=list(g))
    members = {r["node"] for r in comm["membership"] if r["community"] == 1}
    data = ok(ctx, "subgraph_extraction", community=1, limit=500)
    assert {n["node"] for n in data["node_ids"]} == members
    assert data["edges"] == g.subgraph(members).number_of_edges()
    bad = call(ctx, "subgraph_extraction", community=comm["communities"])
    assert bad["error"]["code"] == "INVALID_ARGUMENTS"


def test_preview_changes_nothing(tmp_path):
    ctx = _stored(tmp_path, GRAPHS["lesmis"]())
    before = ctx.session.graph
    data = ok(ctx, "subgraph_extraction", center="Valjean", radius=1)
    assert data["create_version"] is False
    assert ctx.session.graph is before and ctx.session.revision == 1
    assert ctx.workspace.dataset(ctx.session.dataset_id)["revision"] == 1


def test_create_version_saves_and_loads_the_next_revision(tmp_path):
    ctx = _stored(tmp_path, GRAPHS["lesmis"]())
    did = ctx.session.dataset_id
    env = call(ctx, "subgraph_extraction", center="Valjean", radius=1, create_version=True)
    assert env["success"] and env["revision"] == 2
    ego = nx.ego_graph(nx.les_miserables_graph(), "Valjean", 1)
    assert env["data"]["nodes"] == ego.number_of_nodes()
    assert ctx.session.revision == 2 and set(ctx.session.graph) == set(ego)
    assert ctx.workspace.dataset(did)["revision"] == 2
    stored, rev = ctx.workspace.load(did)
    assert rev == 2 and stored.number_of_edges() == ego.number_of_edges()
    first, _ = ctx.workspace.load(did, 1)
    assert first.number_of_nodes() == 77  # the earlier revision is kept


def test_create_version_is_refused_in_read_only_mode(tmp_path):
    ctx = _stored(tmp_path, GRAPHS["lesmis"](), read_only=True)
    env = call(ctx, "subgraph_extraction", center="Valjean", create_version=True)
    assert env["error"]["code"] == "READ_ONLY_MODE"
    assert ctx.workspace.dataset(ctx.session.dataset_id)["revision"] == 1
    assert ok(ctx, "subgraph_extraction", center="Valjean")["nodes"] > 1


def test_resource_contract_depends_on_create_version():
    t = REGISTRY.get("subgraph_extraction")
    preview = t.args_model.model_validate({"center": "a"})
    write = t.args_model.model_validate({"center": "a", "create_version": True})
    assert t.contract(preview) == ({"graph"}, set())
    reads, writes = t.contract(write)
    assert "graph" in reads
    assert "graph" in writes and "workspace" in writes


def test_a_selection_needs_a_criterion(tmp_path):
    env = call(context(tmp_path, karate()), "subgraph_extraction")
    assert env["error"]["code"] == "INVALID_ARGUMENTS"
