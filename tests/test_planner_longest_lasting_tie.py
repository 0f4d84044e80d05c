"""The edge with the extreme value in time words: "which mentoring pair has lasted the
longest", "which mentorship has gone on longest", "longest-running membership?" name the edge
with the most years (a "-ship" noun is the table's tie). Two vocabularies; pandas is the
oracle."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import agents_for

MENTORS = pd.DataFrame([("Ayla", "Bram", 5), ("Ayla", "Edda", 3), ("Cleo", "Dev", 9),
                        ("Bram", "Ivo", 4)], columns=["mentor", "mentee", "years"])
CLUBS = pd.DataFrame([("Anouk", "Chess", 3), ("Anouk", "Choir", 11), ("Bo", "Choir", 2),
                      ("Cy", "Rowing", 6)], columns=["member", "club", "years"])
TABLES = {"mentors": MENTORS, "clubs": CLUBS}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize(("name", "question"), [
    ("mentors", "which mentoring pair has lasted the longest?"),
    ("mentors", "which mentorship has gone on longest?"),
    ("clubs", "longest-running membership?"),
    ("clubs", "which membership has lasted the longest?"),
])
def test_the_longest_lasting_tie_is_the_edge_with_the_most_years(agents, name, question):
    table = TABLES[name]
    top = table.loc[table["years"].idxmax()]
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    first = resp.answer.split(".")[0]
    assert top.iloc[0] in first and top.iloc[1] in first, resp.answer
    assert str(top["years"]) in first, resp.answer
