"""On a directed from/to table whose columns name no verb, goods moving along the edges:
"where does Glenrock ship to" lists its out-neighbours and "where does Dunlo get goods from"
its in-neighbours; "is there a lane from Inchcape to Harlow" is that one edge (No when only
the reverse exists, and the reverse said); "can a shipment that starts at Lisburn ever end up
in Aldgate" follows the edges' direction. networkx on the table is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

SHIPMENTS = pd.DataFrame([("Aldgate", "Brayford", 40), ("Aldgate", "Carrick", 25),
                          ("Brayford", "Elswick", 30), ("Carrick", "Aldgate", 5),
                          ("Elswick", "Glenrock", 22), ("Glenrock", "Brayford", 9),
                          ("Glenrock", "Inchcape", 35), ("Harlow", "Inchcape", 6),
                          ("Inchcape", "Jarrow", 14), ("Jarrow", "Harlow", 20),
                          ("Inchcape", "Lisburn", 11)], columns=["from_depot", "to_depot", "tonnes"])
PALLETS = pd.DataFrame([("Wexham", "Ashwell", 14), ("Wexham", "Brampton", 9),
                        ("Ashwell", "Brampton", 4), ("Brampton", "Corfe", 22),
                        ("Corfe", "Wexham", 7), ("Dalby", "Corfe", 11), ("Corfe", "Elstow", 5)],
                       columns=["from_warehouse", "to_store", "pallets"])


#: a table whose columns name the relation: a shipper ships (its stem undoubled), a supplier
#: ships and delivers as well as supplies
SHIPPERS = pd.DataFrame([("Ardee", "Birr", 12), ("Birr", "Clane", 7), ("Clane", "Ardee", 3),
                         ("Ardee", "Dunlo", 20), ("Fore", "Birr", 6)],
                        columns=["shipper", "consignee", "tonnes"])
SUPPLY = pd.DataFrame([("Norbury", "Pellham", 40), ("Pellham", "Rudston", 30),
                       ("Rudston", "Sowerby", 8), ("Sowerby", "Tadley", 12)],
                      columns=["supplier", "customer", "units"])


def _graph(table: pd.DataFrame) -> nx.DiGraph:
    return nx.from_pandas_edgelist(table, *table.columns[:2], create_using=nx.DiGraph)


@pytest.mark.parametrize(("table", "question", "node", "side"), [
    (SHIPMENTS, "where does Glenrock ship to?", "Glenrock", "out"),
    (PALLETS, "Where does Wexham send its pallets?", "Wexham", "out"),
    (PALLETS, "where do Corfe's pallets go?", "Corfe", "out"),
    (SHIPMENTS, "Where is Glenrock shipping to?", "Glenrock", "out"),
    (SHIPMENTS, "Where does Inchcape get goods from?", "Inchcape", "in"),
    (PALLETS, "where does Corfe receive pallets from?", "Corfe", "in"),
    (SHIPPERS, "What destinations does Ardee ship to?", "Ardee", "out"),
    (SUPPLY, "Which firms does Pellham ship to?", "Pellham", "out"),
])
def test_where_goods_go_lists_one_sides_neighbours(tmp_path, table, question, node, side):
    g = _graph(table)
    want = set(g.successors(node) if side == "out" else g.predecessors(node))
    other = set(g.predecessors(node) if side == "out" else g.successors(node)) - want
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"**{len(want)}**" in resp.answer and all(n in resp.answer for n in want), resp.answer
    assert not any(n in resp.answer for n in other), resp.answer


@pytest.mark.parametrize(("table", "question", "a", "b"), [
    (SHIPMENTS, "Is there a lane from Inchcape to Harlow?", "Inchcape", "Harlow"),
    (SHIPMENTS, "Is there a lane from Harlow to Inchcape?", "Harlow", "Inchcape"),
    (PALLETS, "Do any pallets go from Brampton to Ashwell?", "Brampton", "Ashwell"),
    (PALLETS, "is there a delivery from Wexham to Ashwell?", "Wexham", "Ashwell"),
    (SUPPLY, "Does Rudston ship directly to Sowerby?", "Rudston", "Sowerby"),
    (SUPPLY, "Does Sowerby deliver directly to Rudston?", "Sowerby", "Rudston"),
])
def test_one_lane_from_a_to_b_is_that_edge_and_says_the_reverse(tmp_path, table, question, a, b):
    g = _graph(table)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if g.has_edge(a, b) else "**No**"), resp.answer
    if not g.has_edge(a, b) and g.has_edge(b, a):
        assert f"{b} → {a} is one" in resp.answer or f"{b} reaches {a} in 1 hop" in resp.answer, \
            resp.answer


@pytest.mark.parametrize(("table", "question", "a", "b"), [
    (SHIPMENTS, "Can a shipment that starts at Lisburn ever end up in Aldgate?", "Lisburn", "Aldgate"),
    (SHIPMENTS, "could a load leaving Aldgate ever end up at Lisburn?", "Aldgate", "Lisburn"),
    (PALLETS, "Can a pallet leaving Dalby ever make it to Ashwell?", "Dalby", "Ashwell"),
    (PALLETS, "can a pallet that starts at Elstow ever reach Wexham?", "Elstow", "Wexham"),
])
def test_whether_goods_starting_at_a_end_up_at_b_follows_the_edges(tmp_path, table, question, a, b):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if nx.has_path(_graph(table), a, b) else "**No**"), \
        resp.answer


#: the target column named first: the graph is built sender → receiver, and the sender's
#: verbs are read from the graph's source end, not from the table's first column
PAID = pd.DataFrame([("ann", "bo"), ("ann", "cy"), ("bo", "cy"), ("dee", "cy"), ("dee", "ann")],
                    columns=["receiver", "sender"])


@pytest.mark.parametrize(("question", "node", "side"), [
    ("who does cy send money to?", "cy", "out"),
    ("where does cy send money?", "cy", "out"),
    ("who sends money to ann?", "ann", "in"),
])
def test_a_verb_is_read_from_the_end_the_graph_starts_at(tmp_path, question, node, side):
    g = nx.from_pandas_edgelist(PAID, "sender", "receiver", create_using=nx.DiGraph)
    want = set(g.successors(node) if side == "out" else g.predecessors(node))
    resp = ask_table(tmp_path, PAID, question)
    assert resp.status == "answered", resp.answer
    assert f"**{len(want)}**" in resp.answer and all(n in resp.answer for n in want), resp.answer


MESSAGES = pd.DataFrame([("ann", "bo", 3), ("ann", "cy", 1), ("bo", "cy", 2), ("dee", "cy", 5),
                         ("dee", "ann", 1)], columns=["sender", "receiver", "messages"])


@pytest.mark.parametrize(("question", "node", "side"), [
    ("who does ann write to?", "ann", "out"),
    ("who writes to cy?", "cy", "in"),
    ("who does dee email?", "dee", "out"),
])
def test_a_senders_message_verbs_follow_the_edges(tmp_path, question, node, side):
    g = nx.from_pandas_edgelist(MESSAGES, "sender", "receiver", create_using=nx.DiGraph)
    want = set(g.successors(node) if side == "out" else g.predecessors(node))
    resp = ask_table(tmp_path, MESSAGES, question)
    assert resp.status == "answered", resp.answer
    assert f"**{len(want)}**" in resp.answer and all(n in resp.answer for n in want), resp.answer
