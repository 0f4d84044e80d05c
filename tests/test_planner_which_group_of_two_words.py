""""Which island group has the most crossings …" asks for a value of the ``island_group``
column: a node ranking (the port with the largest crossing total) never answers it. Two
tables with a grouping attribute named in two words."""

from __future__ import annotations

import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files

CROSSINGS = pd.DataFrame(
    [("Main", "Kelby", 20), ("Kelby", "Glas", 15), ("Glas", "Ora", 10), ("Ora", "Main", 30),
     ("Sandwick", "Main", 45), ("Sandwick", "Shuna", 50)],
    columns=["port_a", "port_b", "crossing_min"])
PORTS = pd.DataFrame({"port": ["Main", "Kelby", "Glas", "Ora", "Sandwick", "Shuna"],
                      "island_group": ["Inner", "Inner", "Outer", "Outer", "South", "South"]})
LINKS = pd.DataFrame([("ann", "bo", 3), ("bo", "cy", 1), ("cy", "dee", 2), ("dee", "ann", 5),
                      ("eve", "ann", 4)], columns=["person_a", "person_b", "calls"])
PEOPLE = pd.DataFrame({"person": ["ann", "bo", "cy", "dee", "eve"],
                       "home_region": ["North", "North", "East", "East", "West"]})


@pytest.mark.parametrize(("edges", "nodes", "question"), [
    (CROSSINGS, PORTS, "Which island group has the most crossings inside the group?"),
    (CROSSINGS, PORTS, "which island group has the most crossing minutes?"),
    (LINKS, PEOPLE, "which home region makes the most calls?"),
])
def test_which_group_of_two_words_is_never_answered_with_a_node(tmp_path, edges, nodes,
                                                                question):
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    named = [n for n in nodes.iloc[:, 0] if f"**{n}**" in resp.answer]
    assert resp.status == "needs_clarification" or not named, resp.answer
