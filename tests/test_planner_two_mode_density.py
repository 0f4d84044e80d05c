"""The density of two-mode data is the share of the pairs ACROSS its sides that are linked
(edges / (side a x side b), networkx's bipartite.density): "what fraction of all possible
chef-dish pairs were observed" and "how dense is it, as a bipartite graph" get it, with the
plain density shown beside it and said to count same-side pairs — never the pairs sharing the
most partners, never the plain density alone. Two tables with their own words."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

KITCHEN = pd.DataFrame(
    [("chef_amara", "tiramisu"), ("chef_dov", "tiramisu"), ("chef_cyd", "mochi"),
     ("chef_dov", "mochi"), ("chef_amara", "risotto"), ("chef_gil", "risotto"),
     ("chef_bo", "gyoza"), ("chef_cyd", "gyoza"), ("chef_bo", "ramen"), ("chef_eli", "ramen")],
    columns=["chef", "dish"])
LAKES = pd.DataFrame(
    [("Ines", "Loch Ard"), ("Ines", "Tarn Beck"), ("Omar", "Loch Ard"), ("Omar", "Mere Holt"),
     ("Pavel", "Mere Holt"), ("Pavel", "Tarn Beck"), ("Pavel", "Loch Ard"), ("Rhea", "Fenwater")],
    columns=["angler", "lake"])
TABLES = {"kitchen": KITCHEN, "lakes": LAKES}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _densities(table: pd.DataFrame) -> tuple[float, float]:
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    return nx.bipartite.density(g, set(table.iloc[:, 0])), nx.density(g)


@pytest.mark.parametrize("name,question", [
    ("kitchen", "What fraction of all possible chef-dish pairs were actually observed?"),
    ("kitchen", "how dense is the chef x dish network, as a bipartite graph?"),
    ("lakes", "what share of the possible angler-lake pairs actually occur?"),
    ("lakes", "what is the density?")])
def test_two_mode_density_counts_pairs_across_the_sides(agents, name, question):
    two, plain = _densities(TABLES[name])
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    assert f"two-mode density is **{two:.4f}**" in resp.answer, resp.answer
    assert "share the most" not in resp.answer
    if "plain density" in resp.answer:
        assert f"**{plain:.4f}**" in resp.answer, resp.answer
