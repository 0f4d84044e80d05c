"""Test support for the tool families: a real session graph and workspace, dispatch helpers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import networkx as nx

from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store
from igraph_agent.tools import ToolContext, default_registry

REGISTRY = default_registry()


def karate() -> nx.Graph:
    """Zachary's karate club with string node ids, as the session holds them."""
    return nx.relabel_nodes(nx.karate_club_graph(), str)


def lesmis() -> nx.Graph:
    return nx.les_miserables_graph()


GRAPHS = {"karate": karate, "lesmis": lesmis}


def context(tmp_path: Path, g: nx.Graph, dataset_id: str = "ds_test", revision: int = 1,
            read_only: bool = False) -> ToolContext:
    sg = SessionGraph("s")
    sg.set_graph(g, dataset_id, revision)
    ws = Workspace(tmp_path, Store(tmp_path / "agent.db"))
    return ToolContext(workspace=ws, session=sg, call_id="c1", read_only=read_only)


def call(ctx: ToolContext, name: str, **args: Any) -> dict[str, Any]:
    """Dispatch through the registry; return the envelope, asserting its shape."""
    env = REGISTRY.dispatch(name, args, ctx).envelope()
    assert env["tool"] == name and env["call_id"] == ctx.call_id
    return env


def ok(ctx: ToolContext, name: str, **args: Any) -> dict[str, Any]:
    """Dispatch and return ``data`` of a successful result."""
    env = call(ctx, name, **args)
    assert env["success"], env["error"]
    assert env["revision"] == ctx.session.revision
    return env["data"]
