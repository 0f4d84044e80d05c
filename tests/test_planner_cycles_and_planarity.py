"""An undirected graph's cycles counted ("how many cycles are there", "the number of loops")
give the independent cycles (networkx's ``cycle_basis`` size) and every simple cycle
(``simple_cycles``); "is it planar" / "can it be drawn without edges crossing" is
networkx's ``is_planar``."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

_STOPS = nx.relabel_nodes(nx.disjoint_union_all([nx.cycle_graph(7), nx.path_graph(4),
                                                 nx.complete_graph(4)]), lambda n: f"stop{n}")
_GRID = nx.relabel_nodes(nx.grid_2d_graph(3, 4), lambda n: f"plot{n[0]}_{n[1]}")
_WHEELS = nx.relabel_nodes(nx.complete_bipartite_graph(3, 3), lambda n: f"cog{n}")


def _table(g: nx.Graph, cols: tuple[str, str]) -> pd.DataFrame:
    return pd.DataFrame(list(g.edges()), columns=list(cols))


def _bold(answer: str) -> list[str]:
    return re.findall(r"\*\*(.+?)\*\*", answer)


@pytest.mark.parametrize("g,cols,question", [
    (_STOPS, ("stop", "next_stop"), "how many cycles are there?"),
    (_GRID, ("plot", "neighbouring_plot"), "what's the number of loops in the garden?"),
])
def test_cycles_counted_are_the_independent_and_the_simple_ones(agent, g, cols, question):
    resp = agent.ask(question, attach=[_table(g, cols)])
    assert resp.status == "answered", resp.answer
    bold = _bold(resp.answer)
    assert bold[0] == str(len(nx.cycle_basis(g))), resp.answer
    assert bold[1] == str(sum(1 for _ in nx.simple_cycles(g))), resp.answer


def test_a_forest_has_no_cycles(agent):
    tree = nx.relabel_nodes(nx.balanced_tree(2, 3), lambda n: f"oak{n}")
    resp = agent.ask("how many cycles does it have?", attach=[_table(tree, ("branch", "twig"))])
    assert _bold(resp.answer)[0] == "No", resp.answer


@pytest.mark.parametrize("g,cols,question", [
    (_GRID, ("plot", "neighbouring_plot"), "is the network planar?"),
    (_WHEELS, ("cog", "meshed_cog"), "can it be drawn without edges crossing?"),
    (_WHEELS, ("cog", "meshed_cog"), "Could I draw this on paper without any two edges crossing?"),
    (nx.relabel_nodes(nx.petersen_graph(), lambda n: f"p{n}"), ("stop", "next_stop"),
     "can it be drawn so that no two lines cross?"),
    (nx.relabel_nodes(nx.complete_graph(5), lambda n: f"hut{n}"), ("hut", "path_to"),
     "is the graph planar?"),
])
def test_planarity_is_networkx_is_planar(agent, g, cols, question):
    resp = agent.ask(question, attach=[_table(g, cols)])
    assert resp.status == "answered", resp.answer
    assert _bold(resp.answer)[0] == ("Yes" if nx.is_planar(g) else "No"), resp.answer
    assert "drawing is" not in resp.answer, resp.answer


@pytest.mark.parametrize("question", ["how many self-loops are there?",
                                      "does any character link to itself?"])
def test_self_loops_are_counted_and_named(agent, question):
    g = nx.les_miserables_graph()
    g.add_edges_from([("Valjean", "Valjean"), ("Javert", "Javert")])
    table = pd.DataFrame(list(g.edges()), columns=["character", "co_character"])
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert str(nx.number_of_selfloops(g)) in _bold(resp.answer), resp.answer
    assert "Javert" in resp.answer and "Valjean" in resp.answer, resp.answer
