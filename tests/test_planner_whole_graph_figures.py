"""Whole-graph figures asked by name lead the answer: "the transitivity" / "the global
clustering coefficient" is networkx's ``transitivity`` (the average local clustering named
beside it for the second reading), "the median degree" / "median number of ties" the median
of the degrees — never the summary's first figure or the mean degree."""

from __future__ import annotations

import re
import statistics

import networkx as nx
import pandas as pd
import pytest

KARATE = nx.karate_club_graph()
_NAMES = ["Abel", "Brin", "Cato", "Dara", "Enzo", "Fenn", "Gale", "Hart", "Ivo", "Jura",
          "Kell", "Lior", "Mace", "Nils", "Orla", "Pike", "Quin", "Rhea", "Sven", "Tova"]
GUILD = nx.relabel_nodes(nx.connected_watts_strogatz_graph(20, 4, 0.3, seed=2),
                         dict(enumerate(_NAMES)))


def _table(g: nx.Graph, cols: tuple[str, str]) -> pd.DataFrame:
    return pd.DataFrame([(str(u), str(v)) for u, v in g.edges()], columns=list(cols))


def _first(answer: str) -> str:
    return re.findall(r"\*\*(.+?)\*\*", answer)[0]


@pytest.mark.parametrize("g,cols,question", [
    (KARATE, ("source", "target"), "what is the transitivity?"),
    (GUILD, ("smith", "fellow_smith"), "what is the global clustering coefficient?"),
])
def test_the_transitivity_leads(agent, g, cols, question):
    resp = agent.ask(question, attach=[_table(g, cols)])
    assert resp.status == "answered", resp.answer
    assert float(_first(resp.answer)) == pytest.approx(nx.transitivity(g), abs=1e-4), resp.answer


@pytest.mark.parametrize("g,cols,question", [
    (KARATE, ("source", "target"), "what is the median degree?"),
    (GUILD, ("smith", "fellow_smith"), "median number of ties?"),
])
def test_the_median_degree_is_not_the_mean(agent, g, cols, question):
    resp = agent.ask(question, attach=[_table(g, cols)])
    assert resp.status == "answered", resp.answer
    median = statistics.median(d for _, d in g.degree())
    assert float(_first(resp.answer)) == median, resp.answer
