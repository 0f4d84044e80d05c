"""A hurried analyst's shorthand is read as the words it stands for: "# links between sales
ppl and tech ppl" (number of, people), "min # of ties to cut so there's no cycle left"
(minimum number of), "which dept gets the most messages" on a ``department`` column,
"bipartite y/n?" (a yes or no, answered Yes or No first). A count with a condition on the
nodes no column holds ("how many of these women were married") is asked, never answered with
the graph's size, and a node asked after a leading clause ("within Sales, who sends the most")
is never answered with a group's total. networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_as_csv_files, ask_table

_STAFF = nx.relabel_nodes(nx.gnm_random_graph(20, 45, seed=2), lambda n: f"emp{n:02d}")
STAFF = pd.DataFrame(list(_STAFF.edges()), columns=["emp_a", "emp_b"])
TEAMS = pd.DataFrame([(n, ["sales", "tech", "ops"][i % 3]) for i, n in enumerate(sorted(_STAFF))],
                     columns=["emp", "team"])
_MAIL = nx.relabel_nodes(nx.gnm_random_graph(15, 50, seed=4, directed=True), lambda n: f"p{n:02d}")
MAIL = pd.DataFrame([(u, v, 1 + (5 * i) % 9) for i, (u, v) in enumerate(_MAIL.edges())],
                    columns=["sender", "receiver", "count"])
DEPTS = pd.DataFrame([(n, ["HR", "Ops", "Sales"][i % 3]) for i, n in enumerate(sorted(_MAIL))],
                     columns=["person", "department"])
_RING = nx.relabel_nodes(nx.circular_ladder_graph(5), lambda n: f"bead{n}")
RING = pd.DataFrame(list(_RING.edges()), columns=["bead", "other_bead"])
_CLUB = nx.relabel_nodes(nx.complete_bipartite_graph(3, 4), lambda n: f"m{n}" if n < 3 else f"E{n}")
CLUB = pd.DataFrame(list(_CLUB.edges()), columns=["member", "event"])


def _group(nodes: pd.DataFrame) -> dict[str, str]:
    return dict(zip(nodes.iloc[:, 0], nodes.iloc[:, 1], strict=True))


def test_number_sign_and_ppl_count_the_edges_between_two_named_groups(tmp_path):
    team = _group(TEAMS)
    want = sum(1 for u, v in _STAFF.edges() if {team[u], team[v]} == {"sales", "tech"})
    resp = ask_as_csv_files(tmp_path, STAFF, TEAMS, "# links between sales ppl and tech ppl")
    assert resp.status == "answered", resp.answer
    assert f"**{want}**" in resp.answer, resp.answer


def test_min_number_sign_of_ties_to_cut_for_no_cycle_is_the_cycle_rank(tmp_path):
    resp = ask_table(tmp_path, RING, "min # of ties to cut so there's no cycle left anywhere")
    rank = _RING.number_of_edges() - _RING.number_of_nodes() + nx.number_connected_components(_RING)
    assert resp.answer.startswith(f"**{rank}** edges"), resp.answer


def test_dept_on_a_department_column_ranks_the_departments(tmp_path):
    dept = _group(DEPTS)
    got: dict[str, int] = {}
    for row in MAIL.itertuples(index=False):
        got[dept[row.receiver]] = got.get(dept[row.receiver], 0) + row.count
    top = max(got, key=got.get)
    assert list(got.values()).count(got[top]) == 1
    resp = ask_as_csv_files(tmp_path, MAIL, DEPTS, "which dept gets the most messages overall, as "
                                                   "receiver?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{top}**"), resp.answer


@pytest.mark.parametrize("question", ["bipartite y/n?", "is it bipartite, yes or no?"])
def test_y_slash_n_is_answered_yes_or_no_first(tmp_path, question):
    resp = ask_table(tmp_path, CLUB, question)
    assert re.match(r"\*\*(Yes|No)\*\*", resp.answer), resp.answer
    assert resp.answer.startswith("**Yes**") == nx.is_bipartite(_CLUB)


@pytest.mark.parametrize("question", ["How many of these members were married?",
                                      "how many members were born abroad?"])
def test_a_count_with_a_condition_no_column_holds_is_never_the_graphs_size(tmp_path, question):
    resp = ask_table(tmp_path, CLUB, question)
    assert resp.status == "needs_clarification", resp.answer
    assert "The loaded graph" not in resp.answer, resp.answer


def test_a_node_asked_after_a_leading_clause_is_never_a_groups_total(tmp_path):
    resp = ask_as_csv_files(tmp_path, MAIL, DEPTS,
                            "within Sales dept, who sends the most messages (by count)?")
    assert not re.match(r"\s*Within Sales", resp.answer or ""), resp.answer


def test_w_slash_is_with_in_a_threshold_count(tmp_path):
    want = sum(1 for n in _STAFF if _STAFF.degree(n) >= 6)
    resp = ask_table(tmp_path, STAFF, "# emps w/ 6 or more ties")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want}**"), resp.answer


def test_which_groups_the_biggest_with_an_apostrophe_is_the_largest_group(tmp_path):
    sizes = TEAMS.team.value_counts()
    resp = ask_as_csv_files(tmp_path, STAFF, TEAMS, "which team's the biggest?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{sizes.index[0]}**"), resp.answer


_ROADS = nx.relabel_nodes(nx.connected_watts_strogatz_graph(16, 4, 0.3, seed=9), lambda n: f"t{n}")
ROADS = pd.DataFrame([(u, v, 3 + (7 * i) % 11) for i, (u, v) in enumerate(_ROADS.edges())],
                     columns=["town_a", "town_b", "km"])


@pytest.mark.parametrize("question, weighted", [("min km t0 -> t9", True),
                                                ("quick one, how many steps t0 -> t9, fewest hops",
                                                 False)])
def test_an_arrow_between_two_names_is_a_route_from_one_to_the_other(tmp_path, question,
                                                                      weighted):
    g = nx.from_pandas_edgelist(ROADS, "town_a", "town_b", edge_attr="km")
    want = nx.shortest_path_length(g, "t0", "t9", weight="km" if weighted else None)
    resp = ask_table(tmp_path, ROADS, question)
    assert resp.status == "answered", resp.answer
    assert f"**{want} {'km' if weighted else 'hop(s)'}**" in resp.answer, resp.answer


def test_times_a_paper_got_cited_is_its_in_degree(tmp_path):
    cites = pd.DataFrame([("p1", "p0"), ("p2", "p0"), ("p3", "p0"), ("p3", "p1"), ("p2", "p1")],
                         columns=["citing", "cited"])
    resp = ask_table(tmp_path, cites, "times p0 got cited")
    assert "in-degree **3**" in resp.answer, resp.answer
