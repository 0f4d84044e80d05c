"""A count of one column's kind ("how many pollinator species") on an undirected table whose
columns do not split every node into two kinds (a node only in the node table) is asked,
never answered with the node total."""

from __future__ import annotations

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


@pytest.mark.parametrize(("edges", "nodes", "question"), [
    (VISITS, FLOWERS, "How many different pollinator species were recorded?"),
    (VISITS, FLOWERS, "how many plant species are in the survey?"),
    (SIGHTINGS, HIDES, "how many distinct birder kinds are there?"),
])
def test_a_column_kind_count_the_columns_cannot_split_is_asked(tmp_path, edges, nodes,
                                                               question):
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "needs_clarification", resp.answer
