"""A node's neighbours and near nodes asked in a user's words: "which depots aren't connected to
anything" (no edge at all), "which ports have a direct ferry to X" in the data's own noun (on
a directed table the edges into X, or out of it with "from"), "what locks are next to X",
"which lock is X closest to" by the distance column, and "which climbers do A and B both
climb with" / "friends with both 10 and 13" as the pair's shared neighbours (networkx is the
oracle)."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table
from planner_tables import (
    CHOIR,
    CLIMBS,
    COURIERS,
    FLATS,
    GRANTS,
    HOUSES,
    WALLETS,
    directed_graph,
    table_graph,
)

#: the climbers' home crags, and Lux and Mo, who have climbed with nobody
CRAGS = pd.DataFrame([(n, "Stanage") for n in [*sorted(table_graph(CLIMBS)), "Lux", "Mo"]],
                     columns=["climber", "crag"])
#: hamlets joined by lanes (miles): the fewest lanes and the shortest miles differ
HAMLETS = pd.DataFrame([("Ashby", "Brill", 2), ("Brill", "Coln", 2), ("Coln", "Dent", 2),
                        ("Ashby", "Dent", 9), ("Dent", "Eyam", 1), ("Eyam", "Fulk", 3),
                        ("Ashby", "Fulk", 12), ("Fulk", "Gart", 2)],
                       columns=["hamlet_a", "hamlet_b", "miles"])
#: club members by number: 10 and 13 share two friends
MEMBERS = pd.DataFrame([(10, 11), (10, 12), (11, 12), (12, 13), (13, 10), (14, 10), (14, 13),
                        (15, 16)], columns=["member_a", "member_b"])


def _bold(answer: str) -> set[str]:
    return set(re.findall(r"\*\*([A-Za-z]\w*)\*\*", answer))


def _hop_one(answer: str) -> set[str]:
    m = re.search(r"node\(s\) at hop 1 \(([^)]*)\)", answer)
    return set(m.group(1).split(", ")) if m else set()


@pytest.mark.parametrize(("edges", "nodes", "question"), [
    (FLATS, HOUSES, "Which people aren't connected to anything?"),
    (CLIMBS, CRAGS, "which climbers are not connected to anyone at all"),
], ids=["flats", "climbs"])
def test_nodes_not_connected_to_anything_are_the_isolates(tmp_path, edges, nodes, question):
    resp = ask_table(tmp_path, edges, question, nodes)
    assert resp.status == "answered", resp.answer
    g = table_graph(edges)
    g.add_nodes_from(nodes.iloc[:, 0])
    alone = sorted(nx.isolates(g))
    assert resp.answer.startswith(f"**{len(alone)}** of {len(g)}"), resp.answer
    assert all(n in resp.answer for n in alone), resp.answer


@pytest.mark.parametrize(("edges", "node", "question"), [
    (HAMLETS, "Dent", "Which hamlets have a direct lane to Dent?"),
    (CHOIR, "Eef", "which singers have a direct duet with Eef"),
    (COURIERS, "York", "what depots are next to York"),
    (CLIMBS, "Cy", "who is next to Cy?"),
], ids=["hamlets", "choir", "couriers-next", "climbs-next"])
def test_a_direct_tie_in_the_datas_noun_or_next_to_lists_the_neighbours(tmp_path, edges, node,
                                                                        question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    assert _hop_one(resp.answer) == set(table_graph(edges)[node]), resp.answer


@pytest.mark.parametrize(("edges", "node", "way", "question"), [
    (GRANTS, "Quill", "in", "which families have a direct grant to Quill?"),
    (WALLETS, "w01", "out", "which wallets have a direct payment from w01?"),
    (GRANTS, "Oakes", "in", "Which families had a direct transfer to Oakes"),
], ids=["grants-to", "wallets-from", "grants-oakes"])
def test_a_direct_tie_on_a_directed_table_follows_the_edges(tmp_path, edges, node, way,
                                                            question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    g = directed_graph(edges)
    want = set(g.predecessors(node) if way == "in" else g.successors(node))
    assert want != set(nx.all_neighbors(g, node))  # the two readings differ here
    listed = set(re.split(r",\s*", resp.answer.rsplit(":", 1)[1].strip(" .")))
    assert listed == want, resp.answer


@pytest.mark.parametrize(("edges", "node", "question"), [
    (COURIERS, "York", "which depot is York closest to?"),
    (HAMLETS, "Dent", "What hamlet is Dent nearest to"),
], ids=["couriers", "hamlets"])
def test_which_node_is_x_closest_to_goes_by_the_distance_column(tmp_path, edges, node, question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    dist = nx.single_source_dijkstra_path_length(table_graph(edges, edges.columns[2]), node,
                                                 weight=edges.columns[2])
    best = min(d for n, d in dist.items() if n != node)
    nearest = {n for n, d in dist.items() if n != node and d == best}
    assert _bold(resp.answer) == nearest, resp.answer


@pytest.mark.parametrize(("edges", "pair", "question"), [
    (CLIMBS, ("Ada", "Dot"), "which climbers do Ada and Dot both climb with?"),
    (MEMBERS, ("10", "13"), "Which members are friends with both 10 and 13?"),
    (CHOIR, ("Anouk", "Dries"), "how many singers have Anouk and Dries both sung with"),
], ids=["climbs", "members", "choir"])
def test_the_nodes_two_named_nodes_both_tie_to_are_their_shared_neighbours(tmp_path, edges, pair,
                                                                           question):
    resp = ask_table(tmp_path, edges, question)
    assert resp.status == "answered", resp.answer
    g = nx.from_pandas_edgelist(edges.astype(str), *edges.columns[:2])
    shared = sorted(nx.common_neighbors(g, *pair))
    assert f"share **{len(shared)}** neighbour(s): {', '.join(shared)}" in resp.answer or \
        (f"share **{len(shared)}** neighbour(s)" in resp.answer
         and all(n in resp.answer for n in shared)), resp.answer
