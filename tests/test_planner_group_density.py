"""The density inside one named group ("what is the density of the legal team", "how dense
is the rowing club's subgraph") is networkx's ``density`` of the subgraph its nodes induce;
a ranking of the groups by density stays the groups' ranking."""

from __future__ import annotations

import re

import networkx as nx
import pytest


def _grouped(g: nx.Graph, attr: str, values: list[str], name: str) -> nx.Graph:
    nx.set_node_attributes(g, {n: values[n % len(values)] for n in g}, attr)
    return nx.relabel_nodes(g, lambda n: f"{name}{n:02d}")


STAFF = _grouped(nx.gnm_random_graph(40, 110, seed=4), "team", ["sales", "ops", "tech", "legal"],
                 "emp")
CLUBS = _grouped(nx.gnm_random_graph(30, 70, seed=8), "club", ["rowing", "chess", "choir"],
                 "kid")


def _density(g: nx.Graph, attr: str, value: str) -> float:
    return nx.density(g.subgraph([n for n, v in g.nodes(data=attr) if v == value]))


def _bold(answer: str) -> list[str]:
    return re.findall(r"\*\*(.+?)\*\*", answer)


@pytest.mark.parametrize("g,attr,value,question", [
    (STAFF, "team", "legal", "what is the density of the legal team?"),
    (STAFF, "team", "ops", "density among ops employees?"),
    (CLUBS, "club", "chess", "how dense is the chess club's subgraph?"),
])
def test_a_named_groups_density_is_its_induced_subgraphs(agent, g, attr, value, question):
    resp = agent.ask(question, attach=[g])
    assert resp.status == "answered", resp.answer
    assert float(_bold(resp.answer)[0]) == pytest.approx(_density(g, attr, value), abs=1e-4), \
        resp.answer


def test_the_densest_group_is_still_the_groups_ranking(agent):
    resp = agent.ask("which club is the densest?", attach=[CLUBS])
    best = max(["rowing", "chess", "choir"], key=lambda v: _density(CLUBS, "club", v))
    assert _bold(resp.answer)[0] == best, resp.answer
