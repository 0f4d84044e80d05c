""""Who's the biggest go-between in the staff network?", "which singer is the main
middleman?", "who acts as a go-between the most?": betweenness in plain words, its top node
networkx's ``betweenness_centrality`` maximum (never the best-connected node by degree)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

_STAFF = nx.relabel_nodes(nx.gnm_random_graph(47, 120, seed=4), lambda n: f"emp{n:02d}")
STAFF = pd.DataFrame(list(_STAFF.edges()), columns=["person", "colleague"])
_CHOIR = nx.relabel_nodes(nx.gnm_random_graph(28, 60, seed=7), lambda n: f"singer{n:02d}")
CHOIR = pd.DataFrame(list(_CHOIR.edges()), columns=["singer", "duet_partner"])


@pytest.mark.parametrize("table,g,question", [
    (STAFF, _STAFF, "who's the biggest go-between in the staff network?"),
    (STAFF, _STAFF, "who is the key intermediary here?"),
    (CHOIR, _CHOIR, "which singer is the main middleman?"),
    (CHOIR, _CHOIR, "who acts as a go-between the most?"),
])
def test_a_go_between_is_ranked_by_betweenness(agent, table, g, question):
    scores = nx.betweenness_centrality(g)
    best = max(scores, key=scores.get)
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert "By **betweenness**" in resp.answer, resp.answer
    assert resp.answer.split("the most central nodes are ", 1)[1].startswith(f"{best} ("), \
        resp.answer
