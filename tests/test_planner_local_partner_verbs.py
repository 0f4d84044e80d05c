"""One node's partners asked in the data's verb ("who is Eli partnered with?", "list everyone
Ada has climbed with") list its neighbours, on climbing partners and flatmates (networkx is
the oracle)."""

from __future__ import annotations

import re

import pytest
from planner_support import ask_table
from planner_tables import CLIMBS, FLATS, table_graph


@pytest.mark.parametrize(("table", "question", "node"), [
    (CLIMBS, "list everyone Ada has climbed with", "Ada"),
    (CLIMBS, "Who is Eli partnered with?", "Eli"),
    (FLATS, "who is Quin paired with?", "Quin"),
    (FLATS, "list everyone Rafe has lived with", "Rafe"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_a_nodes_partners_in_the_datas_verb_are_its_neighbours(tmp_path, table, question, node):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    want = set(table_graph(table)[node])
    m = re.search(r"node\(s\) at hop 1 \(([^)]*)\)", resp.answer)
    assert m, resp.answer
    assert {n.strip() for n in m.group(1).split(",")} == want, resp.answer
    assert f"degree **{len(want)}**" in resp.answer
