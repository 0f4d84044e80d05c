"""A word that names a group's value ("Asian" for region = Asia) matched by the node search
on several nodes is the group, never the first node holding it: "which Asian country gets
lumped in with the European ones" was answered about Indonesia alone ("'Asian' is node
Indonesia"). Two tables with their own node tables and words."""

from __future__ import annotations

import pandas as pd
import pytest

TRADE = (pd.DataFrame([("Japan", "Germany"), ("Japan", "Korea"), ("Korea", "Vietnam"),
                       ("Vietnam", "Japan"), ("Germany", "France"), ("France", "Spain"),
                       ("Spain", "Germany"), ("Jordan", "France"), ("Jordan", "Spain")],
                      columns=["exporter", "importer"]),
         pd.DataFrame([("Japan", "Asia"), ("Korea", "Asia"), ("Vietnam", "Asia"), ("Jordan", "Asia"),
                       ("Germany", "Europe"), ("France", "Europe"), ("Spain", "Europe")],
                      columns=["id", "region"]),
         "if you cluster the trade network, which Asian country gets lumped in with the "
         "European ones?", "Asian")
FLIGHTS = (pd.DataFrame([("Lagos", "Accra"), ("Accra", "Dakar"), ("Dakar", "Lagos"),
                         ("Lima", "Quito"), ("Quito", "Bogota"), ("Bogota", "Lima"),
                         ("Dakar", "Lima")], columns=["origin", "destination"]),
           pd.DataFrame([("Lagos", "Africa"), ("Accra", "Africa"), ("Dakar", "Africa"),
                         ("Lima", "America"), ("Quito", "America"), ("Bogota", "America")],
                        columns=["id", "continent"]),
           "which African city is in the same community as the American ones?", "African")


@pytest.mark.parametrize("case", [TRADE, FLIGHTS], ids=["trade", "flights"])
def test_a_group_word_matched_on_several_nodes_is_not_read_as_one_node(tmp_path, case):
    from planner_support import ask_as_csv_files

    edges, nodes, question, word = case
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert f"'{word}' is node" not in (resp.answer or ""), resp.answer
    assert resp.status in ("answered", "needs_clarification"), resp.answer
