"""Calls estimated to hold the kernel's GIL only briefly run in the agent's process on the
igraph view, instead of paying for a worker's copy of the graph; everything else still goes
to the workers, and a first question that only needs such a call starts no worker."""

from __future__ import annotations

import pandas as pd
import pytest

from igraph_agent import Agent
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.session import SessionGraph
from igraph_agent.runtime.workers import WorkerPool, in_process_ms
from igraph_agent.tools import default_registry
from igraph_agent.tools.registry import ToolContext

REGISTRY = default_registry()


def _edges(n: int = 60) -> pd.DataFrame:
    return pd.DataFrame({"from_station": [f"st{i}" for i in range(n)],
                         "to_station": [f"st{(i * 7 + 3) % n}" for i in range(n)]})


def _loaded(agent: Agent) -> SessionGraph:
    src = agent.workspace.attach(_edges(), name="lines")
    ds = agent.workspace.construct([src["source_id"]], GraphSpec(directed=False))
    g, rev = agent.workspace.load(ds["id"])
    session = SessionGraph("s")
    session.set_graph(g, ds["id"], rev)
    return session


def test_a_short_pagerank_runs_in_process_and_a_long_call_goes_to_a_worker(tmp_path, monkeypatch):
    monkeypatch.setenv("IGRAPH_AGENT_WORKER_MIN_EDGES", "10")
    agent = Agent(home=tmp_path / "project")
    pool = WorkerPool(tmp_path / "project", size=1)
    try:
        session = _loaded(agent)
        centrality = REGISTRY.get("node_centrality")
        pagerank = centrality.args_model(measure="pagerank")
        betweenness = centrality.args_model(measure="betweenness")
        estimate = in_process_ms(centrality, pagerank, session)
        assert estimate is not None and 0 < estimate < 1  # 60 edges: microseconds
        assert in_process_ms(centrality, betweenness, session) is None  # no estimate
        monkeypatch.setenv("IGRAPH_AGENT_IN_PROCESS_MS", "500")
        assert not pool.accepts(centrality, pagerank, session)
        assert pool.accepts(centrality, betweenness, session)
        paths = REGISTRY.get("shortest_path")
        one_path = paths.args_model(source="st0", target="st5")
        assert not pool.accepts(paths, one_path, session)
        counted = paths.args_model(source="st0", target="st5", count_paths=True)
        assert in_process_ms(paths, counted, session) is None and pool.accepts(paths, counted,
                                                                                 session)
        monkeypatch.setenv("IGRAPH_AGENT_IN_PROCESS_MS", "0")  # turned off: workers again
        assert pool.accepts(centrality, pagerank, session)
        session.igraph()  # once the view is built, only the call itself counts
        assert in_process_ms(centrality, pagerank, session) < estimate
        assert pool.started == 0
    finally:
        pool.close()
        agent.close()


def _here_as_in_a_worker(agent: Agent, pool: WorkerPool, session: SessionGraph, search, calls,
                         first: float, monkeypatch) -> list:
    """Run ``calls`` of a search tool here (the first is not sent to a worker, and costs less
    once its index is built), then in a worker; both answer the same. The results here."""
    import asyncio

    assert not pool.accepts(search, calls[0], session)  # no worker for a first search
    ctx = ToolContext(workspace=agent.workspace, session=session, call_id="c")
    here = [REGISTRY.execute(search, args, ctx) for args in calls]
    assert in_process_ms(search, calls[0], session) < first  # its index is built now
    monkeypatch.setenv("IGRAPH_AGENT_IN_PROCESS_MS", "0")  # the same calls in a worker
    assert all(pool.accepts(search, args, session) for args in calls)
    there = [asyncio.run(pool.execute(search, args, ctx)) for args in calls]
    assert pool.served == len(calls)
    for a, b in zip(here, there, strict=True):
        assert a.success and b.success and a.data == b.data and a.summary == b.summary
    return here


def _labelled(agent: Agent) -> SessionGraph:
    """The metro lines with a node table: labels and a text attribute to search besides ids."""
    edges = _edges()
    stations = pd.DataFrame({"id": [f"st{i}" for i in range(60)],
                             "label": [f"Station {i}" for i in range(60)],
                             "zone": ["north" if i % 3 else "south" for i in range(60)]})
    src = agent.workspace.attach(edges, name="lines")
    nodes = agent.workspace.attach(stations, name="stations")
    spec = GraphSpec(directed=False, node_source_id=nodes["source_id"])
    ds = agent.workspace.construct([src["source_id"]], spec)
    g, rev = agent.workspace.load(ds["id"])
    session = SessionGraph("s")
    session.set_graph(g, ds["id"], rev)
    return session


def test_a_first_search_node_runs_in_process_from_the_node_table_with_a_workers_answer(
        tmp_path, monkeypatch):
    monkeypatch.setenv("IGRAPH_AGENT_WORKER_MIN_EDGES", "10")
    monkeypatch.setenv("IGRAPH_AGENT_IN_PROCESS_MS", "500")
    agent = Agent(home=tmp_path / "project")
    pool = WorkerPool(tmp_path / "project", size=1)
    try:
        session = _labelled(agent)
        search = REGISTRY.get("search_node")
        calls = [search.args_model(query="station 4", limit=10),
                 search.args_model(query="south", fields=["zone"], limit=50, min_score=0),
                 search.args_model(query="st17")]
        first = in_process_ms(search, calls[0], session)
        assert first is not None and 0 < first < 1  # 60 nodes: microseconds
        here = _here_as_in_a_worker(agent, pool, session, search, calls, first, monkeypatch)
        assert here[0].data["candidates"][0]["node"] == "st4"
        assert {c["node"] for c in here[1].data["candidates"]} >= {"st0", "st3", "st57"}
    finally:
        pool.close()
        agent.close()


def test_a_worker_is_needed_only_where_a_one_pass_call_would_be_too_long_here(tmp_path,
                                                                              monkeypatch):
    monkeypatch.setenv("IGRAPH_AGENT_IN_PROCESS_MS", "500")
    pool = WorkerPool(tmp_path, size=1, min_edges=100_000)
    try:
        assert not pool.needed_for(50_000)  # below the worker threshold
        assert not pool.needed_for(500_000)  # PageRank with the view's build: ~0.4 s here
        assert pool.needed_for(2_000_000)
        monkeypatch.setenv("IGRAPH_AGENT_IN_PROCESS_MS", "0")
        assert pool.needed_for(500_000)
    finally:
        pool.close()


@pytest.mark.slow  # a real ask with the worker pool on
def test_a_first_pagerank_question_on_attached_data_starts_no_worker(tmp_path, monkeypatch):
    monkeypatch.setenv("IGRAPH_AGENT_WORKER_MIN_EDGES", "10")
    monkeypatch.setenv("IGRAPH_AGENT_IN_PROCESS_MS", "500")
    csv = tmp_path / "metro.csv"
    _edges().to_csv(csv, index=False)
    agent = Agent(home=tmp_path / "project")
    try:
        resp = agent.ask("Which station has the highest PageRank?", attach=[csv])
        assert resp.status == "answered", resp.error
        pr = [a for a in resp.actions if a.tool == "node_centrality"]
        assert pr and pr[0].success
        assert agent.workers.started == 0 and agent.workers.served == 0
    finally:
        agent.close()


def test_a_first_search_edge_runs_in_process_from_the_edge_index_with_a_workers_answer(
        tmp_path, monkeypatch):
    import numpy as np

    from igraph_agent.tools.search_index import INDEX_MIN_EDGES

    monkeypatch.setenv("IGRAPH_AGENT_WORKER_MIN_EDGES", "10")
    monkeypatch.setenv("IGRAPH_AGENT_IN_PROCESS_MS", "500")
    m = INDEX_MIN_EDGES + 10_000
    rng = np.random.default_rng(5)
    ends = rng.choice(15_000, size=(3 * m, 2))
    pairs = pd.DataFrame(ends, columns=["a", "b"])
    pairs = pairs[pairs.a < pairs.b].drop_duplicates().head(m)
    lines = pd.DataFrame({"from_gate": "g" + pairs.a.astype(str),
                          "to_gate": "g" + pairs.b.astype(str),
                          "carrier": np.array(["Aurora", "Boreal", "Cirrus"])[pairs.a % 3]})
    agent = Agent(home=tmp_path / "project")
    pool = WorkerPool(tmp_path / "project", size=1)
    try:
        src = agent.workspace.attach(lines, name="gates")
        ds = agent.workspace.construct([src["source_id"]], GraphSpec(directed=False))
        g, rev = agent.workspace.load(ds["id"])
        session = SessionGraph("s")
        session.set_graph(g, ds["id"], rev)
        search = REGISTRY.get("search_edge")
        first_pair = lines.iloc[0]
        calls = [search.args_model(query=f"{first_pair.from_gate} {first_pair.to_gate}"),
                 search.args_model(query="boreal", limit=5)]
        first = in_process_ms(search, calls[0], session)
        assert first is not None and 0 < first < 500  # 60k edges, one text column
        here = _here_as_in_a_worker(agent, pool, session, search, calls, first, monkeypatch)
        top = here[0].data["edges"][0]
        assert {top["source"], top["target"]} == {first_pair.from_gate, first_pair.to_gate}
        assert all(e["attributes"]["carrier"] == "Boreal" for e in here[1].data["edges"])
    finally:
        pool.close()
        agent.close()
