"""A node column that abbreviates a word (``dept``, ``reg``) is found when the question
writes the word in full: "which department has the highest average salary" ranks the
``dept`` groups by their mean ``salary``; "how many stations are in each region" counts the
``reg`` groups. Two vocabularies; pandas is the oracle."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import agents_for

STAFF_EDGES = pd.DataFrame([("Ayla", "Bram"), ("Bram", "Cleo"), ("Cleo", "Dev"), ("Dev", "Edda"),
                            ("Edda", "Finn"), ("Finn", "Ayla")], columns=["person_a", "person_b"])
STAFF = pd.DataFrame({"name": ["Ayla", "Bram", "Cleo", "Dev", "Edda", "Finn"],
                      "dept": ["eng", "eng", "ops", "ops", "sales", "sales"],
                      "salary": [120, 100, 80, 70, 60, 65]})
STATION_EDGES = pd.DataFrame([("Alder", "Birch"), ("Birch", "Cedar"), ("Cedar", "Elm"),
                              ("Elm", "Fir")], columns=["station_a", "station_b"])
STATIONS = pd.DataFrame({"name": ["Alder", "Birch", "Cedar", "Elm", "Fir"],
                         "reg": ["north", "north", "north", "south", "south"],
                         "load": [5, 7, 9, 30, 2]})


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(["staff", "stations"], tmp_path_factory)


@pytest.mark.parametrize(("name", "edges", "nodes", "question", "group", "value"), [
    ("staff", STAFF_EDGES, STAFF, "which department has the highest average salary?", "dept",
     "salary"),
    ("stations", STATION_EDGES, STATIONS, "which region has the highest average load?", "reg",
     "load"),
])
def test_a_column_abbreviating_a_word_is_the_group_the_word_names(agents, name, edges, nodes,
                                                                   question, group, value):
    means = nodes.groupby(group)[value].mean()
    resp = agents[name].ask(question, attach=[edges, nodes])
    assert resp.status == "answered", resp.answer
    assert f"**{means.idxmax()}**" in resp.answer.split(".")[0], resp.answer
