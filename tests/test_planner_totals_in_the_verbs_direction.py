"""A directed table's edge value totalled with the data's verb in its -ing form ("who put in
the most hours tutoring others", "who ran the most sessions coaching others") sums the
verb's subject's end (its outgoing edges), never both ends (networkx is the oracle)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table

#: tutoring hours: Max and Oz have the most hours over both ends, Oz the most given
TUTORING = pd.DataFrame(
    [("Kim", "Lou", 3), ("Kim", "Max", 2), ("Lou", "Max", 5), ("Ned", "Max", 1), ("Ned", "Oz", 4),
     ("Oz", "Pam", 6), ("Max", "Pam", 2)],
    columns=["tutor", "student", "hours"])
#: coaching sessions: Ida receives the most, Gus gives the most
COACHING = pd.DataFrame(
    [("Gus", "Ida", 4), ("Gus", "Jan", 5), ("Hal", "Ida", 6), ("Jan", "Ida", 3), ("Ida", "Kai", 1),
     ("Hal", "Kai", 2), ("Gus", "Lea", 2)],
    columns=["coach", "athlete", "sessions"])


@pytest.mark.parametrize(("table", "question"), [
    (TUTORING, "Who put in the most hours tutoring others?"),
    (COACHING, "Who ran the most sessions coaching others?"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_a_total_in_the_verbs_ing_form_is_the_subjects_outgoing_sum(tmp_path, table, question):
    src, dst, col = table.columns
    g = nx.from_pandas_edgelist(table, src, dst, edge_attr=col, create_using=nx.DiGraph)
    out = dict(g.out_degree(weight=col))
    top = max(out, key=out.__getitem__)
    both = dict(g.degree(weight=col))
    assert max(both, key=both.__getitem__) != top  # the table tells the two sides apart
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{top}**"), resp.answer
    assert f"**{out[top]:g}**" in resp.answer and "outgoing" in resp.answer, resp.answer
