""""Which species, if removed, would split the food web" asks for NODES whose loss splits the
graph (its articulation points, edge directions ignored), never its bridge edges, whatever the
data calls its nodes. Two vocabularies; networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from tests.test_directed_totals import _ask

FOOD = pd.DataFrame(
    [("fox", "rabbit"), ("fox", "vole"), ("owl", "vole"), ("rabbit", "grass"), ("vole", "seeds"),
     ("heron", "trout"), ("trout", "minnow"), ("minnow", "algae"), ("trout", "mosquito"),
     ("mosquito", "algae"), ("dragonfly", "mosquito"), ("frog", "dragonfly"), ("frog", "beetle"),
     ("beetle", "detritus"), ("heron", "frog")], columns=["predator", "prey"])
DEPS = pd.DataFrame(
    [("webapp", "authlib"), ("webapp", "orm"), ("authlib", "cryptokit"), ("authlib", "logkit"),
     ("orm", "logkit"), ("logkit", "utilcore"), ("cryptokit", "utilcore"), ("cli", "logkit"),
     ("report", "xmlkit"), ("xmlkit", "charsets")], columns=["package", "depends_on"])


@pytest.mark.parametrize(("table", "question"), [
    (FOOD, "Which species, if removed, would split the food web into separate pieces (ignoring "
           "who eats whom)?"),
    (DEPS, "Which package, if deleted, would break the dependency graph into more pieces?"),
])
def test_which_node_if_removed_splits_the_graph_names_its_cut_points(tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    g = nx.from_pandas_edgelist(table, *table.columns[:2])
    want = set(nx.articulation_points(g))
    assert resp.status == "answered", resp.answer
    first = resp.answer.split("\n")[0]
    assert "bridge" not in first, first
    assert f"**{len(want)}** node(s)" in first, first
    assert set(re.findall(r"[\w-]+", first.split(":", 1)[1])) == want, first
