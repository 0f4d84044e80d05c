"""The ties of one group counted ("how many contacts does the legal group have in total",
"how many ties does sales have") are the edges with a member at one end, each once, split
into those inside the group and those to other groups; never the number of members (was
"7 nodes match team = legal", answered wrong). Two graphs with node tables in other words;
networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files


def _staff():
    g = nx.gnm_random_graph(30, 70, seed=4)
    team = {n: ["sales", "ops", "tech"][n % 3] for n in g}
    return g, team, ["person", "colleague"], "team"


def _club():
    g = nx.karate_club_graph()
    return g, {n: g.nodes[n]["club"] for n in g}, ["member", "friend"], "club"


@pytest.mark.parametrize(("graph", "value", "question"), [
    (_staff, "sales", "how many ties does sales have?"),
    (_staff, "ops", "How many contacts does the ops group have in total?"),
    (_club, "Officer", "how many friendships do the people in Officer have?"),
])
def test_a_groups_ties_are_the_edges_with_a_member_at_one_end(tmp_path, graph, value,
                                                              question):
    g, group, columns, attr = graph()
    members = {n for n in g if group[n] == value}
    touching = [e for e in g.edges() if set(e) & members]
    within = [e for e in touching if set(e) <= members]
    edges = pd.DataFrame([(f"n{a}", f"n{b}") for a, b in g.edges()], columns=columns)
    nodes = pd.DataFrame({columns[0]: [f"n{n}" for n in g], attr: [group[n] for n in g]})
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert f"have **{len(touching)}** ties in all" in resp.answer, resp.answer
    assert (f"{len(within)} within {value} and {len(touching) - len(within)} to other"
            in resp.answer), resp.answer
