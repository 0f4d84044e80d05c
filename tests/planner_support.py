"""One offline-planner agent per graph of a planner test module (each graph keeps its own
project, so its dataset and sessions never mix with another's)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import networkx as nx
import pandas as pd

from igraph_agent import Agent


def agents_for(names: Iterable[str], tmp_path_factory) -> Iterator[dict[str, Agent]]:
    """A generator for a module-scoped fixture: ``{name: Agent}``, closed after the module.

    Example::

        @pytest.fixture(scope="module")
        def agents(tmp_path_factory):
            yield from agents_for(GRAPHS, tmp_path_factory)
    """
    made = {name: Agent(home=tmp_path_factory.mktemp(name)) for name in names}
    try:
        yield made
    finally:
        for agent in made.values():
            agent.close()


def agent_for(name: str, tmp_path_factory) -> Iterator[Agent]:
    """A generator for a module-scoped fixture of one agent in its own project, closed after
    the module (a test's own agent is conftest's ``agent`` fixture).

    Example::

        @pytest.fixture(scope="module")
        def libs(tmp_path_factory):
            yield from agent_for("libs", tmp_path_factory)
    """
    for made in agents_for([name], tmp_path_factory):
        yield made[name]


def ask_edges(agent: Agent, g: nx.Graph, source: str, target: str, question: str):
    """Ask ``agent`` about ``g`` attached as a user's edge table with these column names."""
    table = pd.DataFrame(list(g.edges()), columns=[source, target])
    return agent.ask(question, attach=[table])


def ask_as_csv_files(folder, edges: pd.DataFrame, nodes: pd.DataFrame, question: str):
    """Ask a fresh agent (its project in ``folder``) about an edge table and a node table
    written to CSV files and attached by path, as a user attaches them."""
    folder.mkdir(parents=True, exist_ok=True)
    edge_file, node_file = folder / "edges.csv", folder / "nodes.csv"
    edges.to_csv(edge_file, index=False)
    nodes.to_csv(node_file, index=False)
    agent = Agent(home=folder / "project")
    try:
        return agent.ask(question, attach=[str(edge_file), str(node_file)])
    finally:
        agent.close()


def ask_table(folder, edges: pd.DataFrame, question: str, nodes: pd.DataFrame | None = None):
    """Ask a fresh agent (its project in ``folder``) about an edge table (and a node table)
    written to CSV files and attached by path."""
    if nodes is not None:
        return ask_as_csv_files(folder, edges, nodes, question)
    folder.mkdir(parents=True, exist_ok=True)
    edge_file = folder / "edges.csv"
    edges.to_csv(edge_file, index=False)
    agent = Agent(home=folder / "project")
    try:
        return agent.ask(question, attach=[str(edge_file)])
    finally:
        agent.close()
