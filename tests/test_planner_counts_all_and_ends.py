"""Counts of every node and of one end: "how many writers are there, including any with no
co-authors" and "how many writers are in the co-writing data" count all the nodes (the
clause widens the count, it is no condition; a node in no edge counts); "how many memos were
cited at least once" counts the nodes some edge enters and "how many memos cite at least one
memo" those some edge leaves, by the table's own verb. networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files

WRITERS = pd.DataFrame([("Abe", "Bix", 3), ("Bix", "Cal", 1), ("Cal", "Abe", 2),
                        ("Dee", "Abe", 5)], columns=["writer_1", "writer_2", "joint_pieces"])
GENRES = pd.DataFrame([("Abe", "poetry"), ("Bix", "prose"), ("Cal", "poetry"),
                       ("Dee", "prose"), ("Eve", "prose")], columns=["writer", "genre"])
BADGES = pd.DataFrame([("b1", "b2"), ("b2", "b3"), ("b3", "b4"), ("b1", "b3"), ("b5", "b6")],
                      columns=["badge_a", "badge_b"])
WORKSHOPS = pd.DataFrame([("b1", "Foundry"), ("b2", "Foundry"), ("b3", "Kiln"), ("b4", "Kiln"),
                          ("b5", "Kiln"), ("b6", "Glaze"), ("b7", "Glaze"), ("b8", "Foundry")],
                         columns=["badge", "workshop"])
MEMOS = pd.DataFrame([("M1", "M2"), ("M1", "M3"), ("M2", "M3"), ("M4", "M1"), ("M5", "M1"),
                      ("M5", "M4"), ("M6", "M7")], columns=["citing_memo", "cited_memo"])
MAIL = pd.DataFrame([("Ora", "Pip", 4), ("Pip", "Ora", 2), ("Ora", "Quin", 7), ("Quin", "Rue", 1),
                     ("Sol", "Ora", 3)], columns=["sender", "receiver", "count"])
PHONES = pd.DataFrame([("x1", "x2"), ("x1", "x3"), ("x2", "x3"), ("x4", "x1"), ("x4", "x2")],
                      columns=["caller", "callee"])
PHONE_NODES = pd.DataFrame([(f"x{i}", 100 + i) for i in range(1, 7)], columns=["ext", "floor"])
MEMO_NODES = pd.DataFrame([(f"M{i}", 3 * i + 1) for i in range(1, 9)], columns=["memo", "pages"])
MAIL_NODES = pd.DataFrame([(n, 20 + i) for i, n in enumerate(["Ora", "Pip", "Quin", "Rue", "Sol",
                                                               "Tam"])], columns=["person", "age"])


@pytest.mark.parametrize(("edges", "nodes", "question"), [
    (WRITERS, GENRES, "How many writers are there in the data, including any with no "
                      "co-authors?"),
    (WRITERS, GENRES, "How many writers are in the co-writing data?"),
    (BADGES, WORKSHOPS, "how many badges are there, including those with no links"),
    (BADGES, WORKSHOPS, "how many badges are in the workshop data, including any with no "
                        "links?"),
])
def test_a_count_including_the_unlinked_counts_every_node(tmp_path, edges, nodes, question):
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert f"**{len(nodes)} nodes**" in resp.answer, resp.answer


@pytest.mark.parametrize(("question", "value"), [
    ("How many badges are in Kiln, including any with no links?", "Kiln"),
    ("how many badges are in the Glaze network?", "Glaze"),
])
def test_a_named_groups_count_keeps_its_group(tmp_path, question, value):
    resp = ask_as_csv_files(tmp_path, BADGES, WORKSHOPS, question)
    assert resp.status == "answered", resp.answer
    want = int((WORKSHOPS["workshop"] == value).sum())
    assert f"**{want} nodes** match workshop = {value}" in resp.answer, resp.answer


def _ends(edges: pd.DataFrame, nodes: pd.DataFrame, way: str) -> int:
    g = nx.DiGraph()
    g.add_nodes_from(nodes[nodes.columns[0]])
    g.add_edges_from(edges[list(edges.columns[:2])].itertuples(index=False))
    deg = g.in_degree() if way == "in" else g.out_degree()
    return sum(1 for _, d in deg if d >= 1)


@pytest.mark.parametrize(("edges", "nodes", "question", "way"), [
    (MEMOS, MEMO_NODES, "how many memos were cited at least once?", "in"),
    (MEMOS, MEMO_NODES, "how many memos have been cited by someone", "in"),
    (MEMOS, MEMO_NODES, "How many different memos cited at least one other memo?", "out"),
    (MAIL, MAIL_NODES, "how many people received at least one email", "in"),
    (MAIL, MAIL_NODES, "how many people sent at least one email?", "out"),
    (PHONES, PHONE_NODES, "how many different extensions placed at least one call?", "out"),
    (PHONES, PHONE_NODES, "how many extensions answered at least one call", "in"),
    (MAIL, MAIL_NODES, "how many people got at least one email?", "in"),
])
def test_at_least_once_counts_the_end_the_tables_verb_names(tmp_path, edges, nodes, question,
                                                            way):
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{_ends(edges, nodes, way)}** of {len(nodes)} "), resp.answer
    assert f"{way}-degree at least 1" in resp.answer, resp.answer
