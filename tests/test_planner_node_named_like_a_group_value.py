"""A node named like a value of a grouping attribute (the substation Central on a grid whose
``region`` takes the value ``central``) is the node where the question writes it as a name
("Suppose Central substation fails", "from Central to Hollins"), and the answer says so; "in
the central region" and "in derby" stay the group. Two tables with their own node tables,
columns and words; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

GRID = dict(
    edges=[("Arden", "Bexley", 12), ("Bexley", "Central", 8), ("Central", "Dorwick", 15),
           ("Dorwick", "Arden", 20), ("Central", "Fenmoor", 5), ("Fenmoor", "Gask", 9),
           ("Gask", "Hollins", 14), ("Hollins", "Central", 30), ("Gask", "Iona", 7),
           ("Iona", "Kelty", 11), ("Kelty", "Iona", 4), ("Otter", "Pell", 18)],
    columns=["sub_a", "sub_b", "length_km"], attr="region",
    groups={"Arden": "coast", "Bexley": "coast", "Central": "north", "Dorwick": "coast",
            "Fenmoor": "central", "Gask": "central", "Hollins": "central", "Iona": "south",
            "Kelty": "south", "Otter": "north", "Pell": "north", "Rona": "central"},
    node="Central", other="Hollins", cut=("Gask", "Iona"), value="central", noun="substation",
    fails="Suppose {node} {noun} fails. How many separate pieces would the grid be in?",
    route="What's the shortest way to run power from {node} to {other}, counting line length?",
    lose="If the {a}–{b} line goes down, how many substations lose their connection to {node}?",
    count="how many substations are in the {value} region?")
ROADS = dict(
    edges=[("Ashford", "Brampton", 12), ("Brampton", "Derby", 30), ("Derby", "Ely", 9),
           ("Ely", "Frome", 14), ("Frome", "Derby", 40), ("Derby", "Goole", 6),
           ("Goole", "Hythe", 11), ("Ashford", "Jarrow", 8), ("Jarrow", "Derby", 35),
           ("Hythe", "Ilkley", 5), ("Kendal", "Leek", 7)],
    columns=["town_a", "town_b", "miles"], attr="county",
    groups={"Ashford": "kent", "Brampton": "kent", "Derby": "avon", "Ely": "derby",
            "Frome": "derby", "Goole": "derby", "Hythe": "avon", "Ilkley": "avon",
            "Jarrow": "kent", "Kendal": "avon", "Leek": "derby"},
    node="Derby", other="Ashford", cut=("Derby", "Goole"), value="derby", noun="town",
    fails="if {node} shut down, how many pieces would the road network split into?",
    route="how many miles is the quickest way to drive from {node} to {other}?",
    lose="If the {a}-{b} road is cut, how many towns lose their link to {node}?",
    count="how many towns are in {value}?")
CASES = [GRID, ROADS]


def _tables(case: dict) -> tuple[pd.DataFrame, pd.DataFrame, nx.Graph]:
    edges = pd.DataFrame(case["edges"], columns=case["columns"])
    nodes = pd.DataFrame(sorted(case["groups"].items()), columns=["id", case["attr"]])
    g = nx.Graph()
    g.add_nodes_from(case["groups"])
    g.add_weighted_edges_from(case["edges"], weight="w")
    return edges, nodes, g


def _ask(tmp_path, case: dict, question: str):
    from planner_support import ask_as_csv_files

    edges, nodes, _ = _tables(case)
    return ask_as_csv_files(tmp_path, edges, nodes, question)


@pytest.mark.parametrize("case", CASES, ids=["grid", "roads"])
def test_a_named_node_that_fails_is_removed_not_its_namesake_group(tmp_path, case):
    _, _, g = _tables(case)
    pieces = nx.number_connected_components(nx.restricted_view(g, [case["node"]], []))
    resp = _ask(tmp_path, case, case["fails"].format(**case))
    assert resp.status == "answered", resp.answer
    assert f"**{pieces} connected component(s)**" in resp.answer, resp.answer
    assert f"read as the node {case['node']}" in resp.answer, resp.answer


@pytest.mark.parametrize("case", CASES, ids=["grid", "roads"])
def test_a_route_from_a_node_named_like_a_group_is_measured_from_that_node(tmp_path, case):
    _, _, g = _tables(case)
    length = nx.dijkstra_path_length(g, case["node"], case["other"], weight="w")
    resp = _ask(tmp_path, case, case["route"].format(**case))
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"The shortest route from {case['node']} to {case['other']} "
                                  f"is **{length} "), resp.answer


@pytest.mark.parametrize("case", CASES, ids=["grid", "roads"])
def test_a_cut_line_counts_who_loses_the_node_named_like_a_group(tmp_path, case):
    _, _, g = _tables(case)
    a, b = case["cut"]
    lost = (len(nx.node_connected_component(g, case["node"]))
            - len(nx.node_connected_component(nx.restricted_view(g, [], [(a, b)]), case["node"])))
    resp = _ask(tmp_path, case, case["lose"].format(a=a, b=b, **case))
    assert resp.status == "answered", resp.answer
    assert f"**{lost}** node(s) are no longer connected to {case['node']}" in resp.answer, \
        resp.answer


@pytest.mark.parametrize("case", CASES, ids=["grid", "roads"])
def test_the_group_value_in_lower_case_stays_the_group(tmp_path, case):
    members = sum(v == case["value"] for v in case["groups"].values())
    resp = _ask(tmp_path, case, case["count"].format(**case))
    assert resp.status == "answered", resp.answer
    assert f"**{members} nodes** match {case['attr']} = {case['value']}" in resp.answer, \
        resp.answer
    assert "read as the node" not in resp.answer, resp.answer
