"""A follow-up offered when the planner asks names a node as the graph spells it: the
planner capitalises lower-case names to read them as names, but "Zlib" or "App and app"
in a suggestion is a node the graph does not have."""

from __future__ import annotations

import re

import pandas as pd

BUILD = pd.DataFrame([("app", "lib_core"), ("app", "lib_ui"), ("lib_ui", "lib_core"),
                      ("lib_core", "zlib"), ("tests", "app"), ("docs", "lib_ui"),
                      ("lib_net", "zlib")], columns=["target", "depends_on"])


def test_a_clarifying_question_names_lower_case_nodes_as_the_graph_spells_them(agent):
    resp = agent.ask("will zlib get more popular next year?", attach=[BUILD])
    assert resp.status == "needs_clarification", resp.answer
    assert "zlib" in resp.answer
    ids = set(BUILD["target"]) | set(BUILD["depends_on"])
    named = set(re.findall(r"\b(?:of|between|and) ([A-Za-z_]+)\b", resp.answer))
    assert {n for n in named if n.lower() in ids} <= ids, resp.answer
