"""One node's biggest partner by an edge value, in the data's words ("Oslo's biggest trading
partner by tonnage", "which medic does Ward pair up with most often"), is the node across its
heaviest edge, checked against networkx on two tables with different words."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

SHIPS = pd.DataFrame([("Oslo", "Riga", 40), ("Oslo", "Gdansk", 5), ("Riga", "Gdansk", 12),
                      ("Gdansk", "Kiel", 30), ("Kiel", "Aarhus", 8), ("Aarhus", "Oslo", 3),
                      ("Kiel", "Malmo", 22)], columns=["port_a", "port_b", "tonnage"])
SHIFTS = pd.DataFrame([("Ward", "Ives", 3), ("Ward", "Lund", 9), ("Ward", "Pike", 2),
                       ("Ives", "Lund", 4), ("Pike", "Roe", 7)],
                      columns=["medic_a", "medic_b", "shared_shifts"])
SCENES = pd.DataFrame([("Ines", "Olaf", 2), ("Ines", "Pia", 6), ("Ines", "Quin", 1),
                       ("Olaf", "Pia", 5), ("Pia", "Quin", 3)], columns=["role_a", "role_b", "weight"])
GRAPHS = {"ships": (SHIPS, "port_a", "port_b", "tonnage"),
          "scenes": (SCENES, "role_a", "role_b", "weight"),
          "shifts": (SHIFTS, "medic_a", "medic_b", "shared_shifts")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


@pytest.mark.parametrize("name,question,node", [
    ("ships", "What's Oslo's biggest partner by tonnage?", "Oslo"),
    ("ships", "who is Kiel's biggest shipping partner by tonnage?", "Kiel"),
    ("shifts", "which medic does Ward pair up with most often?", "Ward"),
    ("shifts", "What's Ives's main partner?", "Ives"),
    ("scenes", "Who does Ines share the most scenes with?", "Ines"),
    ("scenes", "who does Olaf share the most scenes with", "Olaf"),
    ("scenes", "Who does Ines appear alongside most often?", "Ines"),
])
def test_the_biggest_partner_is_across_the_heaviest_edge(agents, name, question, node):
    table, a, b, col = GRAPHS[name]
    g = nx.from_pandas_edgelist(table, a, b, edge_attr=col)
    values = {v: d[col] for v, d in g[node].items()}
    best = max(values, key=values.get)
    assert list(values.values()).count(values[best]) == 1  # the fixture has one answer
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{best}**"), resp.answer
    assert f"**{values[best]}**" in resp.answer, resp.answer
