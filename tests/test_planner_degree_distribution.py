""""The degree distribution" (or a plot of it) is answered with how many nodes have each
degree — networkx's degree histogram — not with the top of a ranking; asked for a plot, the
answer says it gives a table instead of pretending to draw."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

COLLAB = pd.DataFrame([("Mira Holt", "Tom Ek", 9), ("Tom Ek", "Sal Ruiz", 1),
                       ("Mira Holt", "Sal Ruiz", 2), ("Sal Ruiz", "Ida Berg", 7),
                       ("Ida Berg", "Ken Wu", 3), ("Ken Wu", "Mira Holt", 1),
                       ("Lou Park", "Jo Kim", 4)],
                      columns=["author_x", "author_y", "joint_papers"])
KARATE = nx.to_pandas_edgelist(nx.karate_club_graph())[["source", "target"]].astype(str)


@pytest.mark.parametrize("table,question,plot", [
    (COLLAB, "plot the degree distribution", True),
    (KARATE, "what does the degree distribution look like?", False)])
def test_the_degree_distribution_is_a_table_of_networkx_degree_histogram(
        agent, table, question, plot):
    g = nx.from_pandas_edgelist(table, table.columns[0], table.columns[1])
    hist = nx.degree_histogram(g)
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    rows = [(d, c) for d, c in enumerate(hist) if c][:12]
    for d, c in rows:
        assert f"| {d} | {c} |" in resp.answer, resp.answer
    assert ("I cannot draw a chart" in resp.answer) is plot
