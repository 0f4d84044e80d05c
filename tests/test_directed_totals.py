"""Totals of an edge value on a directed table: the side a question names (what a node
sends or receives) is the side that is summed, and tables whose endpoint names say a
direction (supplier -> buyer, exporter -> importer) load directed."""

from __future__ import annotations

import pandas as pd
import pytest

from igraph_agent import Agent, RunOptions
from igraph_agent.model.scripted import ScriptedModel, call
from tests.planner_support import ask_table

SHIPMENTS = pd.DataFrame(
    [("acme", "bolt", 40), ("acme", "cog", 25), ("bolt", "cog", 70), ("cog", "acme", 5),
     ("dyna", "cog", 30), ("dyna", "bolt", 10)],
    columns=["supplier", "buyer", "tonnes"])
OIL = pd.DataFrame(
    [("Norway", "Germany", 300), ("Norway", "France", 120), ("Qatar", "France", 200),
     ("Germany", "Poland", 90), ("Qatar", "Japan", 260)],
    columns=["exporter", "importer", "barrels"])


def _ask(tmp_path, table: pd.DataFrame, question: str):
    return ask_table(tmp_path, table, question)


def _sums(table: pd.DataFrame, side: str) -> pd.Series:
    return table.groupby(table.columns[0 if side == "out" else 1])[table.columns[2]].sum()


@pytest.mark.parametrize("table, question, side", [
    (SHIPMENTS, "Which firm ships the most tonnes?", "out"),
    (SHIPMENTS, "Which firm receives the most tonnes?", "in"),
    (OIL, "Which country exports the most barrels?", "out"),
    (OIL, "Which country imports the most barrels?", "in"),
])
def test_which_node_sends_or_receives_the_most_sums_that_side_of_its_edges(
        tmp_path, table, question, side):
    resp = _ask(tmp_path, table, question)
    sums = _sums(table, side)
    top = sums.idxmax()
    assert resp.status == "answered"
    assert [a.tool for a in resp.actions][-1] == "edge_attribute_totals"
    assert resp.actions[-1].args.get("direction") == side
    assert resp.answer.startswith(f"**{top}**")
    assert f"**{sums.max()}**" in resp.answer
    assert ("outgoing" if side == "out" else "incoming") in resp.answer


def test_node_totals_on_a_directed_graph_follow_the_direction_asked(tmp_path):
    path = tmp_path / "edges.csv"
    SHIPMENTS.to_csv(path, index=False)
    sides = ("out", "in", "both")
    model = ScriptedModel([
        [call("edge_attribute_totals", attribute="tonnes", direction=s) for s in sides]
        + [call("edge_attribute_totals", attribute="tonnes", direction=s, node="acme")
           for s in sides], "Done."])
    agent = Agent(home=tmp_path / "project")
    try:
        first = agent.ask("How big is the graph?", attach=[str(path)])
        assert agent.graph(first.session_id).graph.is_directed()  # supplier,buyer says so
        resp = agent.ask("Totals", session=first.session_id, options=RunOptions(model=model.id))
    finally:
        agent.close()
    got = [resp.data[a.call_id] for a in resp.actions]
    out, into = _sums(SHIPMENTS, "out"), _sums(SHIPMENTS, "in")
    both = out.add(into, fill_value=0)
    for data, want in zip(got[:3], (out, into, both), strict=True):
        assert {r["node"]: r["total"] for r in data["top_nodes"]} == want.to_dict()
        assert data["total"] == SHIPMENTS.tonnes.sum()
    assert [d["direction"] for d in got[:3]] == list(sides)
    assert [d["total"] for d in got[3:]] == [65, 5, 70]  # acme sends 40 + 25, receives 5


def test_ask_refuses_an_option_it_does_not_know_instead_of_ignoring_it(tmp_path):
    agent = Agent(home=tmp_path / "project")
    try:
        with pytest.raises(TypeError, match="session="):
            agent.ask("How big is the graph?", session_id="abc")
    finally:
        agent.close()


def test_which_node_of_a_group_receives_the_most_ranks_that_group_not_a_node_named_like_it(
        tmp_path):
    """'Which North firm receives the most tonnes?': North is a region, not the firm a
    search for 'North' finds first."""
    edges, firms = tmp_path / "shipments.csv", tmp_path / "firms.csv"
    SHIPMENTS.to_csv(edges, index=False)
    pd.DataFrame({"firm": ["acme", "bolt", "cog", "dyna"],
                  "region": ["North", "South", "South", "North"]}).to_csv(firms, index=False)
    agent = Agent(home=tmp_path / "project")
    try:
        resp = agent.ask("Which North firm receives the most tonnes?",
                         attach=[str(edges), str(firms)])
    finally:
        agent.close()
    # acme receives 5 (from cog), dyna nothing: acme; the South firms receive more
    assert resp.status == "answered"
    assert resp.actions[-1].args.get("where") == {"region": "North"}
    assert resp.answer.startswith("Among nodes with region = North, **acme** has the highest "
                                  "tonnes total over its incoming edges (what it receives): **5**")


FLIGHTS = pd.DataFrame(
    [("LIS", "AMS", 150, 900), ("AMS", "HEL", 125, 2100), ("DUB", "LIS", 160, 540),
     ("DUB", "AMS", 90, 360), ("HEL", "DUB", 200, 180), ("OSL", "HEL", 80, 900)],
    columns=["origin", "dest", "block_minutes", "seats_per_week"])


@pytest.mark.parametrize("question, side", [
    ("Which airport has the most weekly seats departing?", "out"),
    ("Which airport receives the most seats?", "in"),
])
def test_a_column_named_by_its_own_word_is_the_one_summed(tmp_path, question, side):
    """'weekly seats' names ``seats_per_week``, not the other numeric column."""
    resp = _ask(tmp_path, FLIGHTS, question)
    sums = FLIGHTS.groupby("origin" if side == "out" else "dest")["seats_per_week"].sum()
    assert resp.status == "answered", resp.answer
    call_ = resp.actions[-1]
    assert call_.tool == "edge_attribute_totals"
    assert call_.args["attribute"] == "seats_per_week"
    assert call_.args.get("direction") == side
    assert resp.answer.startswith(f"**{sums.idxmax()}**")
    assert f"**{sums.max()}**" in resp.answer


def test_nodes_tied_for_the_highest_total_are_all_named(tmp_path):
    tied = pd.DataFrame([("a", "x", 5), ("b", "x", 5), ("c", "x", 2)],
                        columns=["sender", "receiver", "parcels"])
    resp = _ask(tmp_path, tied, "Which sender sends the most parcels?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**a** and **b** tie for the highest parcels total")
    assert "**5**" in resp.answer
