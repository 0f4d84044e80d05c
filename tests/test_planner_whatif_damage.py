"""What-if questions in a user's own words for the damage, the change asked and the reach:
a node or an edge that "burns down" or "is washed out" is removed before the route is
measured (never the route on the whole graph), "how much longer" is answered with the
difference, "with A and B both closed" removes both, "is B still reachable from A" reads
the pair from A to B, and "which X can no longer reach C" after "the A-B link fails" names
the nodes cut off. networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_tables import CHOIR, COURIERS, table_graph
from tests.test_directed_totals import _ask

#: mountain huts joined by trails, in hours of walking
BOTHIES = pd.DataFrame(
    [("Corrour", "Ruigh", 3), ("Ruigh", "Garbh", 2), ("Garbh", "Hutchison", 4),
     ("Hutchison", "Corrour", 5), ("Corrour", "Fords", 6), ("Fords", "Tarf", 2),
     ("Tarf", "Feshie", 3), ("Feshie", "Ruigh", 7), ("Garbh", "Sinclair", 1),
     ("Sinclair", "Bynack", 2), ("Bynack", "Tarf", 4), ("Feshie", "Allt", 2)],
    columns=["bothy_a", "bothy_b", "trail_hrs"])
#: routers joined by uplinks of some capacity
UPLINKS = pd.DataFrame(
    [("Ams", "Fra", 400), ("Fra", "Par", 100), ("Par", "Lon", 300), ("Lon", "Ams", 50),
     ("Fra", "Vie", 250), ("Vie", "Mil", 80), ("Mil", "Par", 120), ("Mad", "Par", 60),
     ("Mad", "Lis", 40)], columns=["router_a", "router_b", "uplink_mbit"])
#: who vouches for whom, with the voucher's confidence (directed)
VOUCH = pd.DataFrame(
    [("Ilka", "Joss", 0.9), ("Joss", "Kemal", 0.4), ("Kemal", "Lior", 0.8), ("Ilka", "Maren", 0.3),
     ("Maren", "Lior", 0.95), ("Lior", "Nuno", 0.7), ("Nuno", "Orla", 0.6), ("Orla", "Pim", 0.2),
     ("Joss", "Orla", 0.85), ("Pim", "Ilka", 0.5), ("Maren", "Kemal", 0.1)],
    columns=["voucher", "vouchee", "confidence"])


def _length(g: nx.Graph, a: str, b: str, weight: str) -> float:
    return nx.shortest_path_length(g, a, b, weight=weight)


@pytest.mark.parametrize(("table", "question", "gone", "ends"), [
    (BOTHIES, "Suppose the Tarf-Feshie trail is washed out. how long does it take to get from "
              "Fords to Allt then?", ("Tarf", "Feshie"), ("Fords", "Allt")),
    (BOTHIES, "if Ruigh burns down, how many hours is the walk from Corrour to Garbh?",
     "Ruigh", ("Corrour", "Garbh")),
    (COURIERS, "if Malton is flooded, how many minutes from York to Whitby?", "Malton",
     ("York", "Whitby")),
    (COURIERS, "Suppose the York-Malton road is washed out. how long from York to Whitby then?",
     ("York", "Malton"), ("York", "Whitby")),
])
def test_a_node_or_edge_that_burns_down_or_washes_out_is_removed_before_the_route(
        tmp_path, table, question, gone, ends):
    resp = _ask(tmp_path, table, question)
    weight = table.columns[2]
    g = table_graph(table, weight)
    before = _length(g, *ends, weight)
    if isinstance(gone, tuple):
        g.remove_edge(*gone)
    else:
        g.remove_node(gone)
    want = _length(g, *ends, weight)
    assert want != before
    assert resp.status == "answered", resp.answer
    assert f"**{want} {weight}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "gone", "ends"), [
    (BOTHIES, "how much longer is the trip from Corrour to Garbh if Ruigh is closed?", "Ruigh",
     ("Corrour", "Garbh")),
    (COURIERS, "if Malton shuts, how many extra minutes does the drive from York to Whitby take?",
     "Malton", ("York", "Whitby")),
])
def test_how_much_longer_after_a_removal_states_the_added_length(tmp_path, table, question,
                                                                  gone, ends):
    resp = _ask(tmp_path, table, question)
    weight = table.columns[2]
    g = table_graph(table, weight)
    before = _length(g, *ends, weight)
    g.remove_node(gone)
    added = _length(g, *ends, weight) - before
    assert added > 0
    assert resp.status == "answered", resp.answer
    assert f"**{added} {weight} longer**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "gone"), [
    (BOTHIES, "With Garbh and Tarf both closed, is the network still connected?",
     ["Garbh", "Tarf"]),
    (CHOIR, "with Dries and Eef both gone, how many separate groups are there?", ["Dries", "Eef"]),
    (UPLINKS, "with Par offline, how many pieces is the network in?", ["Par"]),
])
def test_with_nodes_closed_removes_every_one_of_them(tmp_path, table, question, gone):
    resp = _ask(tmp_path, table, question)
    g = table_graph(table)
    g.remove_nodes_from(gone)
    want = nx.number_connected_components(g)
    assert want > 1
    assert resp.status == "answered", resp.answer
    assert f"**{want} connected component(s)**" in resp.answer, resp.answer
    if question.startswith("With Garbh"):
        assert resp.answer.startswith("**No**"), resp.answer


@pytest.mark.parametrize(("table", "question", "gone", "ends"), [
    (BOTHIES, "would Allt still be reachable from Corrour if Feshie was shut?", "Feshie",
     ("Corrour", "Allt")),
    (BOTHIES, "if Tarf closes, is Allt still reachable from Fords?", "Tarf", ("Fords", "Allt")),
    (VOUCH, "if Lior leaves, is Orla still reachable from Maren?", "Lior", ("Maren", "Orla")),
    (VOUCH, "if Joss leaves, is Orla still reachable from Ilka?", "Joss", ("Ilka", "Orla")),
])
def test_still_reachable_from_after_a_removal_reads_the_pair_the_other_way(
        tmp_path, table, question, gone, ends):
    resp = _ask(tmp_path, table, question)
    directed = table is VOUCH
    g = nx.from_pandas_edgelist(table, *table.columns[:2],
                                create_using=nx.DiGraph if directed else nx.Graph)
    g.remove_node(gone)
    want = "**Yes**" if nx.has_path(g, *ends) else "**No**"
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(want), resp.answer
    assert f"{ends[0]} {'still' if want == '**Yes**' else 'no longer'} reaches {ends[1]}" in \
        resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "edge", "target"), [
    (UPLINKS, "if the Mad-Par link fails, which routers can no longer reach Lon?", ("Mad", "Par"),
     "Lon"),
    (CHOIR, "if the Dries-Eef tie breaks, which singers can no longer reach Joost?",
     ("Dries", "Eef"), "Joost"),
])
def test_which_nodes_no_longer_reach_a_node_after_a_named_edge_fails(tmp_path, table, question,
                                                                     edge, target):
    resp = _ask(tmp_path, table, question)
    g = table_graph(table)
    before = nx.node_connected_component(g, target)
    g.remove_edge(*edge)
    lost = sorted(before - nx.node_connected_component(g, target))
    assert lost
    assert resp.status == "answered", resp.answer
    assert f"{len(lost)} node(s) are no longer connected to {target}" in resp.answer, resp.answer
    for name in lost:
        assert f"**{name}**" in resp.answer, resp.answer
