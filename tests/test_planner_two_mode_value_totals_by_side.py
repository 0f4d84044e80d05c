"""On a two-mode table with an edge value, "which plant has the most visits" ranks the plants
by their visits (it named a pollinator: the ranking took both sides). networkx is the oracle,
on two tables with their own words; the other side's question still ranks that side."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

POLLINATION = pd.DataFrame(
    [("bumblebee", "clover", 14), ("bumblebee", "lavender", 11), ("honeybee", "clover", 20),
     ("honeybee", "lavender", 18), ("honeybee", "heather", 16), ("hoverfly", "poppy", 6),
     ("hoverfly", "clover", 3), ("moth", "lavender", 2)], columns=["pollinator", "plant", "visits"])
DELIVERIES = pd.DataFrame(
    [("Kettleburn", "The Anchor", 40), ("Kettleburn", "Red Lion", 35), ("Oastlark", "Red Lion", 12),
     ("Oastlark", "The Anchor", 9), ("Oastlark", "Cobbler", 8), ("Oastlark", "Fox Inn", 7),
     ("Malthouse", "Fox Inn", 30)], columns=["brewer", "taproom", "kegs"])
TABLES = {"pollination": POLLINATION, "deliveries": DELIVERIES}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize("name,question,column", [
    ("pollination", "Which plant has the most visits?", "plant"),
    ("pollination", "which pollinator makes the most visits?", "pollinator"),
    ("deliveries", "which taproom gets the most kegs?", "taproom"),
    ("deliveries", "which brewer ships the most kegs in total?", "brewer")])
def test_a_value_total_ranks_the_side_the_question_names(agents, name, question, column):
    table = TABLES[name]
    value = table.columns[2]
    g = nx.from_pandas_edgelist(table, *table.columns[:2], edge_attr=value)
    side = set(table[column])
    totals = {n: g.degree(n, weight=value) for n in side}
    best = max(totals.values())
    top = [n for n, t in totals.items() if t == best]
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    first = resp.answer.split("next")[0]
    assert len(top) == 1 and f"**{top[0]}**" in first and f"**{best}**" in first, resp.answer
    others = set(table.columns[:2]) - {column}
    assert not any(f"**{n}**" in first for n in set(table[others.pop()])), resp.answer
