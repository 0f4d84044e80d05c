"""Questions typed in a hurry or in the data's trade words that were asked back, or answered
as another question: "thx" and "Thanks!" at the end, "whats" and "dont" with no
apostrophe, "most visited site?", "top two recommenders", "who did Fay teach" on
instructor,student, a lower-case name after its verb, a node in no edge asked its total,
"just the supplier name is fine", and a count of the top node's partners asked after its
ranking ("…, and with how many different people?"). Each answer is checked against
networkx on the same rows."""

from __future__ import annotations

import networkx as nx
import pandas as pd
from planner_support import ask_table

VISITS = pd.DataFrame([("Okafor", "Highmoor", 6), ("Brennan", "Highmoor", 8), ("Brennan", "Coldwell", 10),
                       ("Mehta", "Coldwell", 1), ("Mehta", "Ashby", 3), ("Mehta", "Stanton", 2),
                       ("Novak", "Ashby", 4)], columns=["engineer", "site", "visits"])
KINDS = pd.DataFrame([*[(e, "engineer") for e in ("Okafor", "Brennan", "Mehta", "Novak", "Ferreira")],
                      *[(s, "site") for s in ("Highmoor", "Coldwell", "Ashby", "Stanton")]],
                     columns=["id", "kind"])
TAUGHT = pd.DataFrame([("Rae", "Fay", 3), ("Fay", "Ivo", 2), ("Fay", "Jun", 4), ("Tomas", "Kai", 1),
                       ("Tomas", "Milo", 5), ("Milo", "Tomas", 2)], columns=["instructor", "student", "lessons"])


def _visits() -> nx.Graph:
    g = nx.Graph()
    g.add_weighted_edges_from(VISITS.itertuples(index=False), weight="visits")
    return g


def test_the_most_visited_site_said_by_its_participle_ranks_the_visits(tmp_path):
    g = _visits()
    sites = set(VISITS.site)
    top = max(sites, key=lambda n: g.degree(n, weight="visits"))
    for n, q in enumerate(["most visited site?", "which site is visited the most?",
                           "top 3 sites by visits, thx"]):
        resp = ask_table(tmp_path / str(n), VISITS, q, KINDS)
        assert resp.status == "answered" and f"**{top}**" in resp.answer, (q, resp.answer)


def test_a_lower_case_name_after_its_verb_and_a_node_in_no_edge_are_answered(tmp_path):
    g = _visits()
    resp = ask_table(tmp_path / "a", VISITS, "how many engineers have inspcted coldwell", KINDS)
    assert resp.status == "answered" and f"**{g.degree('Coldwell')}**" in resp.answer, resp.answer
    resp = ask_table(tmp_path / "b", VISITS, "how many visits has Ferreira made?", KINDS)
    assert resp.status == "answered" and "**0**" in resp.answer, resp.answer


def test_teaching_verbs_read_on_an_instructor_student_table(tmp_path):
    g = nx.DiGraph([(a, b) for a, b, _ in TAUGHT.itertuples(index=False)])
    resp = ask_table(tmp_path / "a", TAUGHT, "who did Fay teach?")
    assert resp.status == "answered" and all(s in resp.answer for s in g.successors("Fay")), \
        resp.answer
    resp = ask_table(tmp_path / "b", TAUGHT, "how many students has Tomas had?")
    assert resp.status == "answered" and f"out-degree **{g.out_degree('Tomas')}**" in resp.answer, \
        resp.answer
    never = sorted(n for n in g if g.out_degree(n) == 0)
    resp = ask_table(tmp_path / "c", TAUGHT, "list the people that dont teach anyone")
    assert resp.status == "answered" and all(f"**{n}**" in resp.answer for n in never), resp.answer


def test_top_two_of_a_directed_tables_role_ranks_its_own_end(tmp_path):
    recs = pd.DataFrame([("Kit", "Ned"), ("Kit", "Eli"), ("Kit", "Lou"), ("Abel", "Ned"), ("Abel", "Iris"),
                         ("Bea", "Eli"), ("Eli", "Lou")], columns=["recommender", "candidate"])
    g = nx.DiGraph(list(recs.itertuples(index=False)))
    top = sorted(g, key=lambda n: -g.out_degree(n))[:2]
    resp = ask_table(tmp_path / "a", recs, "top two recommenders (the ones who brought in the most "
                     "people)")
    assert resp.status == "answered" and "out-degree" in resp.answer and all(
        n in resp.answer for n in top), resp.answer


def test_whats_without_its_apostrophe_and_a_format_aside_are_read(tmp_path):
    hauls = pd.DataFrame([("Ashby", "Redmill", 30, 12), ("Brook", "Oakmill", 9, 25), ("Ashby", "Oakmill", 14, 20)],
                         columns=["supplier", "customer", "km", "tonnes"])
    resp = ask_table(tmp_path / "a", hauls, "whats the longest haul in km, which two sites?")
    assert resp.status == "answered" and "**30**" in resp.answer and "Redmill" in resp.answer, \
        resp.answer
    resp = ask_table(tmp_path / "b", hauls, "which supplier sends out the most tonnes? just the "
                     "supplier name is fine")
    assert resp.status == "answered" and "**Ashby**" in resp.answer, resp.answer


def test_the_top_nodes_partners_asked_after_its_ranking_are_counted(tmp_path):
    papers = pd.DataFrame([("Moreau", "Kowalski", 7), ("Moreau", "Jensen", 5), ("Chen", "Abara", 1),
                           ("Chen", "Bianchi", 2), ("Chen", "Garcia", 1), ("Chen", "Jensen", 1)],
                          columns=["author_a", "author_b", "joint_papers"])
    g = nx.Graph(list(zip(papers.author_a, papers.author_b, strict=True)))
    resp = ask_table(tmp_path / "a", papers, "Who has the most joint papers in total, and with how "
                     "many different people?")
    assert resp.status == "answered" and resp.answer.startswith("**Moreau**") and \
        f"degree **{g.degree('Moreau')}**" in resp.answer, resp.answer
