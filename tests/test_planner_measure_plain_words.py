"""Degree, closeness and components asked in plain data words on tables with new column
names: "who has the most crewmates" (the table's own noun for the other end) is degree,
"who could spread a rumour fastest" closeness, "how many groups are there that don't touch
each other" the connected components and "is the network all one piece" whether there is
one. networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.test_directed_totals import _ask

CREW = pd.DataFrame([("Maya", "Omar"), ("Maya", "Lena"), ("Maya", "Tobias"), ("Maya", "Ines"),
                     ("Omar", "Lena"), ("Lena", "Kofi"), ("Kofi", "Priya"), ("Priya", "Sven"),
                     ("Sven", "Kofi"), ("Tobias", "Ines"), ("Ravi", "Zoe")],
                    columns=["deckhand", "crewmate"])
ROPES = pd.DataFrame([("Harriet", "Ivo"), ("Harriet", "Juno"), ("Ivo", "Juno"), ("Juno", "Kasimir"),
                      ("Kasimir", "Leopold"), ("Leopold", "Harriet"), ("Juno", "Mabel"),
                      ("Nell", "Otto")], columns=["climber", "rope_partner"])
STATIONS = pd.DataFrame([(101, 102), (102, 103), (103, 104), (104, 101), (102, 105), (105, 106),
                         (107, 108), (108, 109), (110, 111)], columns=["stn_u", "stn_v"])
AIR = pd.DataFrame([("LHR", "JFK"), ("LHR", "CDG"), ("LHR", "DXB"), ("LHR", "AMS"),
                    ("CDG", "AMS"), ("DXB", "SIN"), ("SIN", "SYD"), ("JFK", "LAX"),
                    ("LAX", "SYD"), ("AMS", "FRA"), ("FRA", "CDG"), ("FRA", "DXB")],
                   columns=["airport_1", "airport_2"])


def _graph(table: pd.DataFrame) -> nx.Graph:
    g = nx.Graph()
    g.add_edges_from(table.iloc[:, :2].itertuples(index=False, name=None))
    return g


@pytest.mark.parametrize("table, question", [
    (CREW, "who has the most crewmates"),
    (CREW, "which deckhand has the most shipmates?"),
    (ROPES, "which climber has the most rope partners?"),
])
def test_the_most_of_the_tables_own_noun_for_the_other_end_ranks_by_degree(tmp_path, table,
                                                                           question):
    g = _graph(table)
    top = max(d for _, d in g.degree())
    leaders = sorted(str(n) for n, d in g.degree() if d == top)
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert [a.tool for a in resp.actions][-1] == "degree_analysis"
    assert f"Highest degree: {leaders[0]} ({top})" in resp.answer, resp.answer


@pytest.mark.parametrize("table, question, node", [
    (CREW, "how many crewmates does Kofi have?", "Kofi"),
    (ROPES, "how many rope partners does Juno have?", "Juno"),
])
def test_how_many_of_the_tables_own_noun_a_node_has_is_its_degree(tmp_path, table, question,
                                                                  node):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"{node} has degree **{_graph(table).degree(node)}**" in resp.answer, resp.answer


@pytest.mark.parametrize("table, question", [
    (CREW, "who could spread a rumour fastest?"),
    (AIR, "which airport could get news out fastest?"),
    (STATIONS, "which station would spread a message quickest?"),
])
def test_who_spreads_a_rumour_fastest_ranks_by_closeness(tmp_path, table, question):
    close = nx.closeness_centrality(_graph(table))
    best = max(close.values())
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.actions[-1].args["measure"] == "closeness"
    first = resp.answer.split("are ", 1)[1].split(" (", 1)[0]
    assert abs(close[type(next(iter(close)))(first)] - best) < 1e-9, resp.answer


@pytest.mark.parametrize("table, question", [
    (CREW, "how many groups are there that don't touch each other"),
    (STATIONS, "how many clusters that never connect to each other are there?"),
    (ROPES, "how many groups of climbers that do not link to one another are there?"),
])
def test_groups_that_dont_touch_each_other_are_the_connected_components(tmp_path, table,
                                                                       question):
    want = nx.number_connected_components(_graph(table))
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{want} connected component(s)**" in resp.answer, resp.answer


@pytest.mark.parametrize("table, question", [
    (AIR, "is the route network all one piece?"),
    (CREW, "is this network all one piece?"),
    (STATIONS, "is the graph in one piece?"),
])
def test_all_one_piece_is_whether_the_graph_is_connected(tmp_path, table, question):
    want = nx.number_connected_components(_graph(table))
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{want} connected component(s)**" in resp.answer, resp.answer


FLIGHTS = pd.DataFrame([("OSL", "BGO"), ("OSL", "TRD"), ("OSL", "SVG"), ("BGO", "SVG"),
                        ("TRD", "BOO"), ("BOO", "TOS"), ("TOS", "LYR")],
                       columns=["leg_from_code", "leg_to_code"])
PAYMENTS = pd.DataFrame([("ana", "bo"), ("ana", "cy"), ("bo", "cy"), ("dee", "cy"), ("eli", "cy"),
                         ("cy", "ana"), ("eli", "ana"), ("eli", "bo"), ("eli", "dee"),
                         ("fay", "eli")], columns=["payer_acct", "payee_acct"])
TIPS = pd.DataFrame([("Wren", "Yara"), ("Wren", "Zed"), ("Xia", "Yara"), ("Yara", "Zed"),
                     ("Zed", "Wren"), ("Xia", "Wren"), ("Xia", "Zed")],
                    columns=["sender", "recipient"])


def _undirected(table: pd.DataFrame) -> nx.Graph:
    return _graph(table)


@pytest.mark.parametrize("table, question", [
    (AIR, "which airport has the most routes"),
    (STATIONS, "which station has the most routes?"),
])
def test_the_most_routes_from_a_place_ranks_by_degree(tmp_path, table, question):
    g = _undirected(table)
    top = max(d for _, d in g.degree())
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.actions[-1].tool == "degree_analysis"
    leaders = sorted(str(n) for n, d in g.degree() if d == top)
    assert f"Highest degree: {leaders[0]} ({top})" in resp.answer, resp.answer


HAULS = pd.DataFrame([("Rome", "Oslo"), ("Rome", "Kyiv"), ("Oslo", "Kyiv"), ("Lima", "Kyiv"),
                      ("Lima", "Rome"), ("Lima", "Oslo"), ("Lima", "Quito")],
                     columns=["origin_hub", "dest_hub"])


@pytest.mark.parametrize("table, question, side", [
    (FLIGHTS, "which airport has the most destinations?", "out"),
    (HAULS, "which hub has the most destinations?", "out"),
    (FLIGHTS, "what is the most popular destination?", "in"),
    (HAULS, "what is the most popular destination?", "in"),
])
def test_a_place_with_the_most_destinations_counts_where_its_edges_go(tmp_path, table,
                                                                      question, side):
    g = nx.DiGraph(list(table.itertuples(index=False, name=None)))
    degs = dict(g.out_degree() if side == "out" else g.in_degree())
    best = max(degs.values())
    leaders = [n for n, d in degs.items() if d == best]
    assert len(leaders) == 1
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{leaders[0]}** with the most: **{best}**"), resp.answer
    assert ("outgoing" if side == "out" else "incoming") in resp.answer


@pytest.mark.parametrize("table, question, node", [
    (AIR, "how many routes does DXB have", "DXB"),
    (AIR, "which airports can you fly to directly from LHR?", "LHR"),
    (AIR, "what can I fly to direct from CDG?", "CDG"),
    (CREW, "which deckhands can you reach directly from Kofi?", "Kofi"),
])
def test_one_places_routes_and_direct_destinations_are_its_neighbours(tmp_path, table,
                                                                      question, node):
    g = _undirected(table)
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"{node} has degree **{g.degree(node)}**" in resp.answer, resp.answer
    hop = resp.answer.split("at hop 1 (", 1)[1].split(")", 1)[0]
    assert sorted(hop.split(", ")) == sorted(g.neighbors(node))


@pytest.mark.parametrize("table, question", [
    (STATIONS, "which stations are dead ends?"),
    (STATIONS, "which stations have only one connection?"),
    (AIR, "how many airports have only one route?"),
    (CREW, "who has only one crewmate?"),
    (ROPES, "how many dead ends are there?"),
])
def test_dead_ends_and_only_one_connection_are_the_nodes_of_degree_one(tmp_path, table,
                                                                      question):
    g = _undirected(table)
    want = sorted(str(n) for n, d in g.degree() if d == 1)
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{len(want)}** of {g.number_of_nodes()} " in resp.answer, resp.answer
    assert "degree exactly 1" in resp.answer
    for n in want:
        assert f"{n} (1)" in resp.answer


@pytest.mark.parametrize("table, question, most", [
    (PAYMENTS, "who pays the most people?", True),
    (PAYMENTS, "which account pays the fewest other accounts?", False),
    (TIPS.rename(columns={"sender": "from_user", "recipient": "to_user"}),
     "who messages the most people?", True),
])
def test_a_generic_verb_with_the_nodes_counted_ranks_by_out_degree(tmp_path, table, question,
                                                                  most):
    g = nx.DiGraph(list(table.itertuples(index=False, name=None)))
    degs = dict(g.out_degree())
    best = max(degs.values()) if most else min(degs.values())
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert any(a.args.get("direction") == "out" for a in resp.actions if a.tool == "degree_analysis")
    leaders = sorted(n for n, d in degs.items() if d == best)
    if most:
        assert f"**{leaders[0]}** leads" in resp.answer or all(
            f"**{n}**" in resp.answer for n in leaders), resp.answer
    else:
        assert f"**{best}** (out-degree)" in resp.answer, resp.answer
        assert ", ".join(leaders) in resp.answer, resp.answer


@pytest.mark.parametrize("table, question", [
    (AIR, "Which airline flies the most routes?"),
    (STATIONS, "which operator runs the most routes?"),
    (CREW, "which ship has the most crewmates?"),
])
def test_the_most_routes_of_something_the_graph_does_not_hold_is_asked(tmp_path, table,
                                                                       question):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "needs_clarification", resp.answer
