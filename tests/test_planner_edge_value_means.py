"""An edge column's mean and per-node totals in the user's words: "what's the average road
length" leads with the mean per edge; "which town has the most km of road" ranks the towns by
their km summed (never by degree); "the average weighted degree" (a mean over nodes no tool
gives) is asked, never answered with the mean per edge."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import agents_for

ROADS = pd.DataFrame([("Ash", "Bree", 12), ("Ash", "Cole", 30), ("Bree", "Cole", 7),
                      ("Cole", "Dun", 41), ("Dun", "Eyre", 5), ("Ash", "Eyre", 9),
                      ("Bree", "Eyre", 3)], columns=["town_a", "town_b", "km"])
PIPES = pd.DataFrame([("p1", "p2", 2.5), ("p2", "p3", 4.0), ("p3", "p4", 1.5), ("p1", "p3", 6.0),
                      ("p4", "p5", 0.5), ("p2", "p5", 3.5)], columns=["from_joint", "to_joint",
                                                                        "length_m"])
TABLES = {"roads": (ROADS, "km", "town", "road"), "pipes": (PIPES, "length_m", "joint", "pipe")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize("name", TABLES)
def test_the_average_edge_value_leads_with_the_mean_per_edge(agents, name):
    table, col, _, edge = TABLES[name]
    resp = agents[name].ask(f"what's the average {edge} length?", attach=[table])
    assert resp.status == "answered", resp.answer
    mean = round(table[col].mean(), 4)
    assert resp.answer.startswith(f"The mean {col} per edge is **{mean:g}**"), resp.answer


@pytest.mark.parametrize("name", TABLES)
def test_the_most_of_a_column_of_edges_ranks_the_nodes_by_that_sum(agents, name):
    table, col, node, edge = TABLES[name]
    a, b = table.columns[:2]
    sums = pd.concat([table[[a, col]].rename(columns={a: "n"}),
                      table[[b, col]].rename(columns={b: "n"})]).groupby("n")[col].sum()
    resp = agents[name].ask(f"which {node} has the most {col} of {edge} attached?", attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{sums.idxmax()}** has the highest {col} total"), resp.answer
    assert "degree" not in resp.answer.split(".")[0], resp.answer


@pytest.mark.parametrize("name", TABLES)
def test_the_average_weighted_degree_is_asked_not_answered_per_edge(agents, name):
    table, *_ = TABLES[name]
    resp = agents[name].ask("what is the average weighted degree?", attach=[table])
    assert resp.status == "needs_clarification", resp.answer
    assert "per edge" in resp.answer, resp.answer


def test_the_most_km_of_road_then_its_closest_neighbour_answers_both_steps(agents):
    table, col, node, edge = TABLES["roads"]
    a, b = table.columns[:2]
    sums = pd.concat([table[[a, col]].rename(columns={a: "n"}),
                      table[[b, col]].rename(columns={b: "n"})]).groupby("n")[col].sum()
    top = sums.idxmax()
    ties = table[(table[a] == top) | (table[b] == top)]
    near = ties.loc[ties[col].idxmin()]
    other = near[b] if near[a] == top else near[a]
    resp = agents["roads"].ask(f"Which {node} has the most {col} of {edge} touching it, and "
                               "which of its neighbours is the closest?", attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{top}**") and f"**{other}**" in resp.answer, resp.answer
