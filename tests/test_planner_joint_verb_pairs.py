"""The pair a joint verb ranks ("which two characters co-appear the most", "which two
musicians co-headlined the least"): the edge with the largest or smallest count of times
together, against networkx on a graph object and a table."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

SCENES = nx.Graph()
SCENES.add_weighted_edges_from([("Ada", "Bo", 3), ("Bo", "Cy", 9), ("Ada", "Cy", 1),
                                ("Cy", "Di", 5)])
GIGS = pd.DataFrame([("Abe", "Bea", 4), ("Bea", "Cal", 11), ("Abe", "Cal", 2), ("Cal", "Dot", 7)],
                    columns=["musician_a", "musician_b", "shared_gigs"])


def _gigs() -> nx.Graph:
    g = nx.Graph()
    g.add_weighted_edges_from(GIGS.itertuples(index=False), weight="shared_gigs")
    return g


@pytest.mark.parametrize("graph, question, end", [
    ("scenes", "Which two characters co-appear the most?", max),
    ("gigs", "Which two musicians co-perform the most?", max),
    ("gigs", "Which two musicians co-headlined the least?", min),
])
def test_a_joint_verb_ranks_the_pairs_by_their_count_of_times(agent, graph, question, end):
    g, attach, column = ((SCENES, SCENES, "weight") if graph == "scenes"
                         else (_gigs(), GIGS, "shared_gigs"))
    u, v, d = end(g.edges(data=True), key=lambda e: e[2][column])
    resp = agent.ask(question, attach=[attach])
    assert resp.status == "answered", resp.answer
    first = resp.answer.split("(of")[0]
    assert f"**{d[column]}**" in first and (f"**{u} – {v}**" in first or f"**{v} – {u}**" in first), \
        resp.answer
