"""'How many books do the Tull libraries hold?' asks for an amount — a numeric column added
up over one group — not for a number of nodes: answered with the group's total when a group
is named, asked about (never a node count) when none is, on two tables with their own words."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import ask_as_csv_files

LIBRARIES = (
    pd.DataFrame([("Alder", "Birchwood"), ("Alder", "Cobb"), ("Cobb", "Dunmore"),
                  ("Dunmore", "Elmstead"), ("Elmstead", "Fairview"), ("Fairview", "Glenrock"),
                  ("Glenrock", "Hollis")], columns=["library", "partner_library"]),
    pd.DataFrame({"library": ["Alder", "Birchwood", "Cobb", "Dunmore", "Elmstead", "Fairview",
                              "Glenrock", "Hollis"],
                  "county": ["Wex", "Wex", "Wex", "Mara", "Mara", "Tull", "Tull", "Tull"],
                  "books_k": [120, 80, 45, 60, 33, 90, 20, 55]}))
FARMS = (
    pd.DataFrame([("Oakfold", "Pennybank"), ("Pennybank", "Quarry Hill"), ("Quarry Hill", "Rowan"),
                  ("Rowan", "Sedge"), ("Sedge", "Oakfold")], columns=["farm", "neighbour_farm"]),
    pd.DataFrame({"farm": ["Oakfold", "Pennybank", "Quarry Hill", "Rowan", "Sedge"],
                  "valley": ["Esk", "Esk", "Lune", "Lune", "Lune"],
                  "cows": [40, 25, 60, 12, 30]}))
TABLES = {"libraries": LIBRARIES, "farms": FARMS}


def _total(graph: str, value: str) -> int:
    nodes = TABLES[graph][1]
    group, amount = nodes.columns[1], nodes.columns[2]
    return int(nodes.loc[nodes[group] == value, amount].sum())


@pytest.mark.parametrize(("graph", "question", "value"), [
    ("libraries", "how many books do the Tull libraries hold in total?", "Tull"),
    ("libraries", "how many books do libraries in Wex hold?", "Wex"),
    ("farms", "how many cows do the Lune farms have?", "Lune"),
    ("farms", "how many cows does Esk have altogether?", "Esk")])
def test_how_many_of_a_column_in_one_group_is_the_groups_total(tmp_path, graph, question, value):
    edges, nodes = TABLES[graph]
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert f"**{_total(graph, value)}**" in resp.answer, resp.answer
    assert "nodes** match" not in resp.answer, resp.answer


@pytest.mark.parametrize(("graph", "question"), [
    ("libraries", "how many books sit in Tull?"),
    ("farms", "in Lune, how many cows are there?")])
def test_how_many_of_a_column_unread_as_a_group_is_asked_not_counted_in_nodes(tmp_path, graph, question):
    edges, nodes = TABLES[graph]
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "needs_clarification", resp.answer
    assert f"total of {nodes.columns[2]}" in resp.answer, resp.answer
    assert "nodes** match" not in resp.answer, resp.answer
