"""On a directed table named by what its source does ("retweeter", "endorser"), a node's
total in the data's own verb takes the side the question asks: the passive ("was zed
retweeted") its incoming edges, the active ("did zed retweet") its outgoing ones -- never
both added up; networkx's in- and out-strength are the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

TABLES = {
    "retweets": pd.DataFrame({
        "retweeter": ["ana", "ben", "cy", "dee", "eli", "gus", "cy", "zed"],
        "original_author": ["zed", "zed", "ana", "ana", "zed", "zed", "zed", "ana"],
        "times": [3, 1, 2, 5, 4, 6, 2, 9]}),
    "endorsements": pd.DataFrame({
        "endorser": ["Kim", "Lou", "Max", "Kim", "Ned", "Ola"],
        "candidate": ["Pia", "Pia", "Kim", "Max", "Kim", "Pia"],
        "votes": [10, 4, 7, 2, 5, 1]}),
}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize(("graph", "question", "node", "side"), [
    ("retweets", "How many times was zed retweeted in total?", "zed", "in"),
    ("retweets", "how many times did zed retweet in total?", "zed", "out"),
    ("retweets", "how many times was ana retweeted?", "ana", "in"),
    ("endorsements", "how many votes was Kim endorsed with in total?", "Kim", "in"),
    ("endorsements", "how many votes did Kim endorse with in total?", "Kim", "out"),
])
def test_a_nodes_total_in_the_datas_own_verb_takes_the_side_asked(agents, graph, question,
                                                                   node, side):
    table = TABLES[graph]
    src, dst, value = table.columns
    g = nx.from_pandas_edgelist(table, src, dst, value, create_using=nx.DiGraph)
    degree = g.in_degree if side == "in" else g.out_degree
    want = degree(node, weight=value)
    other = (g.out_degree if side == "in" else g.in_degree)(node, weight=value)
    assert other  # the node has edges both ways: the side matters
    resp = agents[graph].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"**{want}**" in resp.answer and f"**{want + other}**" not in resp.answer, resp.answer
