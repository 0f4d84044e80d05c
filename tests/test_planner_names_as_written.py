"""The nodes a question names are found however the user writes them: a name ending in a
number ("Rapid 2024", "Open Cup 3"), a quoted name of any case, names set apart by a comma or
slash, a route's end past the words around it ("from the duck to the algae", "from okafor2015
and end up at wong2024", "to http - how many hops"), a group value ending in a number ("ward
9") and a node whose name holds a group value ("lab-nas"). Two graphs of each kind with
different vocabularies; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_as_csv_files

from igraph_agent import Agent
from tests.test_directed_totals import _ask

#: a pond's food web, eater -> eaten (the first five nodes are the summary's sample)
POND = [("heron", "eel"), ("heron", "frog"), ("eel", "minnow"), ("eel", "shrimp"), ("frog", "fly"),
        ("minnow", "algae"), ("shrimp", "algae"), ("otter", "eel"), ("otter", "frog"),
        ("pike", "minnow"), ("heron", "pike"), ("kingfisher", "minnow"), ("kingfisher", "shrimp"),
        ("snail", "algae"), ("duck", "snail"), ("duck", "algae")]


#: a machine's parts, each fitted into another
PARTS = [("bolt", "bracket"), ("bracket", "frame"), ("washer", "bolt"), ("nut", "bolt"),
         ("frame", "chassis"), ("gearbox", "chassis"), ("axle", "gearbox"), ("spindle", "axle"),
         ("bearing", "axle"), ("bearing", "spindle"), ("piston", "engine"), ("engine", "chassis")]


#: two programmes of named events with numbers in their names
EVENTS = [("North Hub", "Open Cup 3"), ("Open Cup 3", "Rapid 2024"), ("Rapid 2024", "South Depot"),
          ("South Depot", "North Hub"), ("North Hub", "East Yard"), ("East Yard", "Rapid 2023"),
          ("Rapid 2023", "Open Cup 2"), ("Open Cup 2", "West Gate")]


LEAGUE = [("Ajo Club", "Derby 7"), ("Derby 7", "Final 12"), ("Final 12", "Mira Club"),
          ("Mira Club", "Derby 8"), ("Derby 8", "Ajo Club"), ("Final 12", "Sola Park")]


def _table(rows, columns) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=columns)


#: papers citing papers (ids with their year)
CITES = [("kim2018", "ode2015"), ("lai2020", "kim2018"), ("lai2020", "ode2015"),
         ("moss2021", "lai2020"), ("nunez2022", "moss2021"), ("park2019", "ode2015"),
         ("quinn2023", "park2019")]


PLAYED = [("ana", "Rapid 2024"), ("ben", "Rapid 2024"), ("ana", "Open Cup 3"), ("cho", "Open Cup 3"),
          ("dev", "Open Cup 3"), ("eli", "Open Cup 3"), ("ben", "Winter 9"), ("fox", "Winter 9")]


JOINED = [("ola", "Derby 7"), ("pia", "Derby 7"), ("ola", "Club 12"), ("rui", "Club 12"),
          ("sam", "Club 12"), ("tev", "Club 12"), ("pia", "Gala 5")]


PALS = ["mei", "tomas", "ravi", "olu", "sana", "ines", "kofi", "lena", "petra", "yuki", "zane",
        "bram", "cleo", "dara"]


def _pals() -> nx.Graph:
    return nx.relabel_nodes(nx.connected_watts_strogatz_graph(14, 4, 0.3, seed=2),
                            lambda i: PALS[i])


#: water flowing downstream between named places
FLOW = [("Lake Mira", "Stone Weir"), ("Stone Weir", "Old Mill"), ("Old Mill", "Harbour Gate"),
        ("Lake Mira", "Fen Sluice"), ("Fen Sluice", "Reed Basin"), ("Reed Basin", "Harbour Gate")]


@pytest.mark.parametrize(("rows", "columns", "question", "source", "target"), [
    (POND, ["predator", "prey"], "what is the shortest path from the duck to the algae?",
     "duck", "algae"),
    (POND, ["predator", "prey"], "how many steps from the otter to the algae?", "otter", "algae"),
    (PARTS, ["part", "fits_into"], "what is the shortest path from the spindle to the chassis?",
     "spindle", "chassis"),
])
def test_the_before_both_ends_of_a_route_is_no_part_of_their_names(tmp_path, rows, columns,
                                                                   question, source, target):
    hops = nx.shortest_path_length(nx.DiGraph(rows), source, target)
    resp = _ask(tmp_path, _table(rows, columns), question)
    assert resp.status == "answered", resp.answer
    assert f"from {source} to {target} has **{hops} hop(s)**" in resp.answer, resp.answer


@pytest.mark.parametrize(("rows", "columns", "question", "node"), [
    (EVENTS, ["site_a", "site_b"], "what are the neighbours of Rapid 2024?", "Rapid 2024"),
    (EVENTS, ["site_a", "site_b"], "what are Open Cup 3's neighbours?", "Open Cup 3"),
    (LEAGUE, ["home", "away"], "who is linked to Final 12?", "Final 12"),
    (LEAGUE, ["home", "away"], "what are the neighbours of the 'Derby 7' match?", "Derby 7"),
])
def test_a_name_ending_in_a_number_is_one_name(tmp_path, rows, columns, question, node):
    g = nx.Graph(rows)
    resp = _ask(tmp_path, _table(rows, columns), question)
    assert resp.status == "answered", resp.answer
    assert f"{node} has degree **{g.degree(node)}**" in resp.answer, resp.answer
    assert all(n in resp.answer for n in g[node]), resp.answer


@pytest.mark.parametrize(("rows", "columns", "source", "target"), [
    (EVENTS, ["site_a", "site_b"], "Rapid 2024", "Open Cup 2"),
    (LEAGUE, ["home", "away"], "Derby 8", "Sola Park"),
])
def test_a_route_between_names_ending_in_numbers_counts_its_hops(tmp_path, rows, columns,
                                                                 source, target):
    hops = nx.shortest_path_length(nx.Graph(rows), source, target)
    resp = _ask(tmp_path, _table(rows, columns), f"how many hops from {source} to {target}?")
    assert resp.status == "answered", resp.answer
    assert f"from {source} to {target} has **{hops} hop(s)**" in resp.answer, resp.answer


@pytest.mark.parametrize(("rows", "columns", "question", "source", "target"), [
    (CITES, ["citing", "cited"], "Can you follow citations from nunez2022 and end up at ode2015?",
     "nunez2022", "ode2015"),
    (CITES, ["citing", "cited"], "Can you follow citations from park2019 and end up at moss2021?",
     "park2019", "moss2021"),
    (PARTS, ["part", "fits_into"], "can you go from the spindle and end up at the chassis?",
     "spindle", "chassis"),
])
def test_words_before_a_routes_end_are_no_part_of_its_name(tmp_path, rows, columns, question,
                                                           source, target):
    want = "Yes" if nx.has_path(nx.DiGraph(rows), source, target) else "No"
    resp = _ask(tmp_path, _table(rows, columns), question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want}**"), resp.answer
    assert {source, target} <= {str(a.args.get("source")) for a in resp.actions} | {
        str(a.args.get("target")) for a in resp.actions}, resp.actions


@pytest.mark.parametrize(("rows", "columns", "question"), [
    (PLAYED, ["player", "tournament"], "Find the tournament with the biggest field, then tell me "
     "which of its players also played Rapid 2024."),
    (JOINED, ["member", "club"], "Find the club with the biggest roster, then tell me which "
     "of its members also joined Derby 7."),
])
def test_a_chain_whose_second_step_names_a_node_is_not_answered_about_that_node_alone(
        tmp_path, rows, columns, question):
    resp = _ask(tmp_path, _table(rows, columns), question)
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("rows", "columns", "question", "source", "target"), [
    # a chain whose first step names its node is answered
    (EVENTS, ["site_a", "site_b"], "first find {a}, then tell me how many hops it is from {b}",
     "Rapid 2024", "North Hub"),
    (LEAGUE, ["home", "away"], "first find {a}, then tell me how many hops it is from {b}",
     "Derby 8", "Final 12"),
    # a clause after a dash is no part of a route's end
    (PARTS, ["part", "fits_into"], "shortest chain from {a} to {b} - how many hops?",
     "washer", "chassis"),
    (CITES, ["citing", "cited"], "shortest chain from {a} to {b} - how many hops?",
     "nunez2022", "ode2015"),
])
def test_a_routes_ends_are_read_past_the_words_around_them(tmp_path, rows, columns, question,
                                                           source, target):
    directed = columns[0] in ("part", "citing")
    hops = nx.shortest_path_length((nx.DiGraph if directed else nx.Graph)(rows), source, target)
    resp = _ask(tmp_path, _table(rows, columns), question.format(a=source, b=target))
    assert resp.status == "answered", resp.answer
    assert f"**{hops} hop(s)**" in resp.answer, resp.answer


@pytest.mark.parametrize(("attribute", "values", "question", "value", "kind"), [
    ("ward", ["ward 7"] * 5 + ["ward 9"] * 5 + ["ICU"] * 4, "how many people are in ward 9?",
     "ward 9", "count"),
    ("ward", ["ward 7"] * 5 + ["ward 9"] * 5 + ["ICU"] * 4, "who in ward 7 has the most links?",
     "ward 7", "top"),
    ("floor", ["floor 2"] * 6 + ["floor 5"] * 8, "how many people are on floor 5?", "floor 5",
     "count"),
    ("floor", ["floor 2"] * 6 + ["floor 5"] * 8, "who on floor 2 has the most links?", "floor 2",
     "top"),
])
def test_a_group_value_ending_in_a_number_is_that_whole_value(tmp_path, attribute, values,
                                                              question, value, kind):
    g = nx.relabel_nodes(_pals(), str.capitalize)
    people = [p.capitalize() for p in PALS]
    members = [p for p, v in zip(people, values, strict=True) if v == value]
    resp = ask_as_csv_files(tmp_path, pd.DataFrame(list(g.edges()), columns=["pal_a", "pal_b"]),
                            pd.DataFrame({"pal": people, attribute: values}), question)
    assert resp.status == "answered", resp.answer
    if kind == "count":
        assert f"**{len(members)} nodes** match {attribute} = {value}" in resp.answer, resp.answer
    else:
        top = max(g.degree(p) for p in members)
        assert f"Among nodes with {attribute} = {value}" in resp.answer, resp.answer
        assert any(f"{p} ({top})" in resp.answer for p in members if g.degree(p) == top)


@pytest.mark.parametrize(("rows", "columns", "question", "source", "target"), [
    (FLOW, ["upstream", "downstream"],
     "does anything from Stone Weir ever make it to the harbour gate?", "Stone Weir",
     "Harbour Gate"),
    (FLOW, ["upstream", "downstream"],
     "does anything from Old Mill ever make it to the fen sluice?", "Old Mill", "Fen Sluice"),
])
def test_a_lowercase_end_and_a_clause_after_a_name_leave_the_routes_names(tmp_path, rows, columns,
                                                                          question, source, target):
    want = "Yes" if nx.has_path(nx.DiGraph(rows), source, target) else "No"
    resp = _ask(tmp_path, _table(rows, columns), question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want}**"), resp.answer


@pytest.mark.parametrize(("rows", "columns", "source", "target"), [
    (PARTS, ["part", "fits_into"], "washer", "chassis"),
    (CITES, ["citing", "cited"], "nunez2022", "ode2015"),
])
def test_a_clause_after_a_dash_is_no_part_of_a_routes_end(tmp_path, rows, columns, source, target):
    hops = nx.shortest_path_length(nx.DiGraph(rows), source, target)
    resp = _ask(tmp_path, _table(rows, columns),
                f"shortest chain from {source} to {target} - how many hops?")
    assert resp.status == "answered", resp.answer
    assert f"**{hops} hop(s)**" in resp.answer, resp.answer


@pytest.mark.parametrize(("rows", "columns", "question", "source", "target"), [
    (FLOW, ["upstream", "downstream"], "Stone Weir, Harbour Gate: how many hops apart?",
     "Stone Weir", "Harbour Gate"),
    (EVENTS, ["site_a", "site_b"], "North Hub / West Gate: how many hops apart?", "North Hub",
     "West Gate"),
])
def test_names_set_apart_by_a_comma_or_slash_are_two_names(tmp_path, rows, columns, question,
                                                           source, target):
    hops = nx.shortest_path_length(nx.DiGraph(rows) if columns[0] == "upstream" else nx.Graph(rows),
                                   source, target)
    resp = _ask(tmp_path, _table(rows, columns), question)
    assert resp.status == "answered", resp.answer
    assert f"from {source} to {target} has **{hops} hop(s)**" in resp.answer, resp.answer


@pytest.mark.parametrize(("attribute", "values", "node"), [
    ("site", ["lab"] * 7 + ["core"] * 7, "lab-nas"),
    ("team", ["ops"] * 7 + ["web"] * 7, "ops-bot"),
])
def test_a_name_holding_a_group_value_is_the_node_not_the_group(tmp_path, attribute, values, node):
    hosts = [node, *[f"h{i}" for i in range(1, 14)]]
    g = nx.relabel_nodes(nx.connected_watts_strogatz_graph(14, 4, 0.3, seed=9), lambda i: hosts[i])
    edges, nodes = tmp_path / "edges.csv", tmp_path / "nodes.csv"
    pd.DataFrame(list(g.edges()), columns=["host_a", "host_b"]).to_csv(edges, index=False)
    pd.DataFrame({"host": hosts, attribute: values}).to_csv(nodes, index=False)
    agent = Agent(home=tmp_path / "project")
    try:
        resp = agent.ask(f"Is {node} reachable from h9?", attach=[str(edges), str(nodes)])
    finally:
        agent.close()
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**"), resp.answer


@pytest.mark.parametrize(("rows", "columns", "node"), [
    (EVENTS, ["site_a", "site_b"], "Open Cup 3"),
    (LEAGUE, ["home", "away"], "Final 12"),
])
def test_a_capitalised_name_the_question_is_put_to_is_answered_about(tmp_path, rows, columns,
                                                                     node):
    g = nx.Graph(rows)
    resp = _ask(tmp_path, _table(rows, columns), f"{node}: what are its neighbours?")
    assert resp.status == "answered", resp.answer
    assert f"{node} has degree **{g.degree(node)}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("rows", "columns", "question", "node"), [
    (FLOW, ["upstream", "downstream"], "how many links does the “old mill” have?", "Old Mill"),
    (FLOW, ["upstream", "downstream"], "how many links does the 'reed basin' have?", "Reed Basin"),
    (EVENTS, ["site_a", "site_b"], "how many links does the 'rapid 2024' event have?",
     "Rapid 2024"),
    (LEAGUE, ["home", "away"], 'how many links does the "final 12" match have?', "Final 12"),
])
def test_a_quoted_name_is_a_name_however_it_is_cased(tmp_path, rows, columns, question, node):
    g = nx.Graph(rows)
    resp = _ask(tmp_path, _table(rows, columns), question)
    assert resp.status == "answered", resp.answer
    assert f"{node} has degree **{g.degree(node)}**" in resp.answer, resp.answer
