"""A named node's partners with the way back denied: "who has emailed emp00 but never
received anything back from emp00" lists the nodes with an edge into it and none out of it
to them; "who does Abe vouch for that never vouches for Abe back" the other side. Never the
partners linked both ways, which is the opposite answer."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

TABLES = {
    "mail": (["sender", "receiver"], "u", "emailed {n} but never received anything back from {n}",
             "does {n} email that never emails {n} back"),
    "vouch": (["voucher", "vouchee"], "p", "vouched for {n} but never got a vouch back",
              "does {n} vouch for that never vouches for {n} back"),
}
EDGES = [(1, 0), (2, 0), (3, 0), (0, 3), (0, 4), (0, 5), (5, 0), (4, 2), (6, 1)]


def _table(name: str) -> pd.DataFrame:
    cols, prefix, *_ = TABLES[name]
    return pd.DataFrame([(f"{prefix}{a}", f"{prefix}{b}") for a, b in EDGES], columns=cols)


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("side", ["in", "out"])
def test_partners_with_no_edge_back_are_one_sides_partners_less_the_mutual(agents, name, side):
    cols, prefix, into, out_of = TABLES[name]
    table = _table(name)
    g = nx.from_pandas_edgelist(table, *cols, create_using=nx.DiGraph)
    hub = f"{prefix}0"
    ins, outs = set(g.predecessors(hub)), set(g.successors(hub))
    expected = sorted(ins - outs if side == "in" else outs - ins)
    wording = (f"Who has {into.format(n=hub)}?" if side == "in" else
               f"Who {out_of.format(n=hub)}?")
    resp = agents[name].ask(wording, attach=[table])
    assert resp.status == "answered", resp.answer
    head = resp.answer.split(" have an edge into")[0].split(" get an edge from")[0]
    assert sorted(n.strip("*") for n in head.split(", ")) == expected, resp.answer
    assert f"of the {len(ins if side == 'in' else outs)} on that side" in resp.answer
    assert "both ways (an edge each way" not in resp.answer, resp.answer
