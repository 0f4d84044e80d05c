"""Two-step questions whose second part builds on the first one's node: named again by its
noun ("how many trails meet at that hut") or by a pronoun with a strength asked "most often"
("who received the most approvals, and who approved them most often"). networkx is the
oracle of both steps."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table
from planner_tables import COURIERS, GRANTS

CABINS = pd.DataFrame([("Alder", "Birch", 4), ("Alder", "Cedar", 2), ("Cedar", "Dogwood", 3),
                       ("Cedar", "Elm", 5), ("Birch", "Elm", 1), ("Alder", "Fir", 6)],
                      columns=["cabin_a", "cabin_b", "km"])
MESSAGES = pd.DataFrame([("Ola", "Pim", 3), ("Pim", "Ola", 6), ("Quy", "Ola", 4),
                         ("Rex", "Ola", 2), ("Quy", "Rex", 5), ("Pim", "Quy", 1),
                         ("Rex", "Pim", 7)], columns=["sender", "recipient", "count"])


@pytest.mark.parametrize(("table", "question", "node"), [
    (COURIERS, "what's the nearest depot to York by drive_min, and how many roads meet at that "
               "depot?", "York"),
    (CABINS, "which cabin is closest to Alder in km, and how many paths meet at that cabin?",
     "Alder"),
])
def test_the_first_steps_node_named_again_by_its_noun_is_the_second_steps_input(
        tmp_path, table, question, node):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    g = nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=table.columns[2])
    nearest = min(g[node], key=lambda n: g[node][n][table.columns[2]])
    assert f"Then, for **{nearest}**" in resp.answer, resp.answer
    assert f"degree **{g.degree(nearest)}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question"), [
    (GRANTS, "who received the most acres, and who granted them the most?"),
    (MESSAGES, "who got the most messages, and who messaged them most often?"),
])
def test_the_top_receiver_then_its_strongest_sender(tmp_path, table, question):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    value = table.columns[2]
    g = nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=value,
                                create_using=nx.DiGraph)
    top = max(g, key=lambda n: g.in_degree(n, weight=value))
    sender = max(g.predecessors(top), key=lambda p: g[p][top][value])
    assert f"Then, for **{top}**: **{sender}**" in resp.answer, resp.answer
