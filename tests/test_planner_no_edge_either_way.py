"""A node with no edge at all, asked in the data's words: "are there any extensions that never
make or receive a call", "are there any isolated depots" list the nodes of degree 0 (both
ends counted on a directed table, the node table's lone nodes included), Yes or No first."""

from __future__ import annotations

import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files

TABLES = {
    "calls": (pd.DataFrame([("x1", "x2"), ("x2", "x3"), ("x3", "x1"), ("x4", "x1")],
                           columns=["caller", "callee"]), ["x1", "x2", "x3", "x4", "x9"],
              "extension", "make or receive a call"),
    "freight": (pd.DataFrame([("d1", "d2"), ("d3", "d2")], columns=["shipper", "consignee"]),
                ["d1", "d2", "d3", "d7", "d8"], "depot", "send or receive a shipment"),
}


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("wording", ["are there any {noun}s that never {verbs}?",
                                     "are there any isolated {noun}s?"])
def test_nodes_with_no_edge_either_way_are_the_degree_zero_nodes(tmp_path, name, wording):
    edges, ids, noun, verbs = TABLES[name]
    nodes = pd.DataFrame({"id": ids, "floor": [i % 3 for i in range(len(ids))]})
    lone = sorted(set(ids) - set(edges.iloc[:, 0]) - set(edges.iloc[:, 1]))
    resp = ask_as_csv_files(tmp_path, edges, nodes, wording.format(noun=noun, verbs=verbs))
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**Yes** — **{len(lone)}**"), resp.answer
    assert "out-degree" not in resp.answer and "in-degree" not in resp.answer, resp.answer
    assert all(n in resp.answer for n in lone), resp.answer
