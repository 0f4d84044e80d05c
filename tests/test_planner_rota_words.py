"""On a weighted co-working table (``nurse_a,nurse_b,shared_shifts``; ``player_a,player_b,
games``): "split the nurses into natural crews based on who works together, how many crews"
counts communities (never the connected components), and "if Joy left, would the rest still
be one connected network" leads with Yes or No from the components without Joy. Checked
against networkx."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agent_for

# two tight trios joined by one weak tie, and a pair hanging off Joy
ROTA = pd.DataFrame([("Ann", "Bea", 9), ("Bea", "Cy", 8), ("Ann", "Cy", 7), ("Dee", "Eli", 9),
                     ("Eli", "Fay", 8), ("Dee", "Fay", 9), ("Cy", "Dee", 1), ("Fay", "Joy", 2),
                     ("Joy", "Kit", 6), ("Kit", "Lu", 5), ("Joy", "Lu", 6)],
                    columns=["nurse_a", "nurse_b", "shared_shifts"])
CLUB = ROTA.rename(columns={"nurse_a": "player_a", "nurse_b": "player_b",
                            "shared_shifts": "games"})


@pytest.fixture(scope="module")
def agent(tmp_path_factory):
    yield from agent_for("rota_words", tmp_path_factory)


@pytest.mark.parametrize(("table", "question"), [
    (ROTA, "if I split the nurses into natural crews based on who actually works together, "
           "how many crews do I get?"),
    (CLUB, "how many natural teams do the players fall into, based on who plays together?"),
])
def test_natural_crews_are_communities_not_components(agent, table, question):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert [a.tool for a in resp.actions if a.tool != "get_graph_info"][-1] == \
        "community_detection", resp.answer
    assert "connected component" not in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "node", "question"), [
    (ROTA, "Joy", "if Joy left, would the rest of the rota still be one connected network?"),
    (ROTA, "Ann", "if Ann left, would the rest of the rota still be one connected network?"),
    (CLUB, "Fay", "If Fay quits, would the club stay in one piece?"),
])
def test_still_one_network_without_a_node_is_yes_or_no(agent, table, node, question):
    g = nx.from_pandas_edgelist(table, table.columns[0], table.columns[1])
    g.remove_node(node)
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    want = "Yes" if nx.is_connected(g) else "No"
    assert resp.answer.startswith(f"**{want}** — Without {node}"), resp.answer
