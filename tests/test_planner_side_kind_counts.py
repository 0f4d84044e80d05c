"""A count of one side's kind ("how many pollinator species", "how many birder kinds") on a
two-mode table with a node only in the node table gives the nodes its column holds
(networkx is the oracle), never the node total of the graph's description."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

VISITS = pd.DataFrame([("bee", "clover", 5), ("bee", "thyme", 2), ("moth", "clover", 1),
                       ("wasp", "thyme", 3), ("fly", "mint", 2)],
                      columns=["pollinator", "plant", "visits"])
FLOWERS = pd.DataFrame({"id": ["bee", "moth", "wasp", "fly", "clover", "thyme", "mint",
                               "sage"], "height_cm": [1, 2, 2, 1, 20, 30, 40, 50]})
SIGHTINGS = pd.DataFrame([("Ivo", "Marsh"), ("Ivo", "Dune"), ("Kat", "Dune"),
                          ("Lev", "Cliff")], columns=["birder", "hide"])
HIDES = pd.DataFrame({"id": ["Ivo", "Kat", "Lev", "Marsh", "Dune", "Cliff", "Copse"],
                      "since": [2001, 2004, 2010, 1990, 1995, 1999, 2020]})


@pytest.mark.parametrize(("edges", "nodes", "column", "question"), [
    (VISITS, FLOWERS, "pollinator", "How many different pollinator species were recorded?"),
    (VISITS, FLOWERS, "plant", "how many plant species are in the survey?"),
    (SIGHTINGS, HIDES, "birder", "how many distinct birder kinds are there?"),
])
def test_a_side_kind_count_gives_the_nodes_of_that_column(tmp_path, edges, nodes, column,
                                                          question):
    g = nx.Graph(list(zip(edges.iloc[:, 0], edges.iloc[:, 1], strict=True)))
    g.add_nodes_from(nodes["id"])
    side = {n for n in g if n in set(edges[column])}
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    assert f"**{len(side)}**" in resp.answer
    assert f"**{g.number_of_nodes()} nodes**" not in resp.answer
