"""A chain of a directed table's own verb read as a reach: on ``sponsor,protege`` "everyone
above Emre in his sponsoring line" and "Emre's sponsors, their sponsors and so on" are every
node reaching Emre, "who is below Odile in the sponsoring chain" every node Odile reaches,
"is Odile somewhere up Emre's sponsoring line" whether Odile reaches Emre; the same on
``referrer,referred`` ("referral chain"); on ``sender,receiver`` "can money sent by bo ever
reach Tea Room" whether bo reaches it (names of several words too). networkx is the
oracle."""

from __future__ import annotations

import re

import networkx as nx
import pytest
from planner_support import agents_for, ask_edges

CLUB = nx.DiGraph([("Odile", "Bram"), ("Odile", "Ciro"), ("Bram", "Dana"), ("Ciro", "Dana"),
                   ("Dana", "Emre"), ("Bram", "Emre"), ("Fenna", "Gil"), ("Gil", "Hal")])
REFERRALS = nx.DiGraph([("Kim", "Lou"), ("Lou", "Max"), ("Lou", "Ned"), ("Max", "Ola"),
                        ("Pia", "Ola"), ("Quin", "Kim")])
SHOPS = nx.DiGraph([("Corner Deli", "ana"), ("ana", "Book Nook"), ("bo", "Book Nook"),
                    ("Book Nook", "Tea Room"), ("cyd", "dee")])
PAPERS = nx.DiGraph([("kim2019", "lee2015"), ("kim2019", "ng2016"), ("ode2020", "lee2015"),
                     ("ode2020", "ng2016"), ("ode2020", "kim2019"), ("ng2016", "lee2015"),
                     ("pal2021", "ode2020"), ("rao2018", "sun2017")])
TABLES = {"club": (CLUB, "sponsor", "protege"), "referrals": (REFERRALS, "referrer", "referred"),
          "shops": (SHOPS, "sender", "receiver"), "papers": (PAPERS, "article", "cites")}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _ask(agents, graph: str, question: str):
    g, source, target = TABLES[graph]
    return ask_edges(agents[graph], g, source, target, question)


LINES = [  # (graph, question, node, way)
    ("club", "list everyone above Emre in his sponsoring line", "Emre", "up"),
    ("club", "list Emre's sponsors, their sponsors and so on", "Emre", "up"),
    ("club", "who is below Odile in the sponsoring chain?", "Odile", "down"),
    ("referrals", "list everyone above Ola in her referral chain", "Ola", "up"),
    ("referrals", "who is below Kim in the referral chain?", "Kim", "down"),
    ("papers", "list everything that cites lee2015, directly or indirectly", "lee2015", "up"),
    ("papers", "which papers cite ng2016, even indirectly?", "ng2016", "up"),
    ("club", "who sponsors Emre, directly or indirectly?", "Emre", "up"),
]


@pytest.mark.parametrize(("graph", "question", "node", "way"), LINES, ids=[c[1] for c in LINES])
def test_a_line_of_the_verb_lists_everything_above_or_below_the_named_node(
        agents, graph, question, node, way):
    resp = _ask(agents, graph, question)
    g = TABLES[graph][0]
    want = nx.ancestors(g, node) if way == "up" else nx.descendants(g, node)
    assert len(want) > len(set(g.predecessors(node) if way == "up" else g.successors(node)))
    assert resp.status == "answered", resp.answer
    bold = set(re.findall(r"\*\*([^*]+)\*\*", resp.answer)) & set(g)
    assert bold == want, resp.answer


REACH = [  # (graph, question, source, target)
    ("club", "is Odile somewhere up Emre's sponsoring line?", "Odile", "Emre"),
    ("club", "is Emre somewhere up Odile's sponsoring line?", "Emre", "Odile"),
    ("club", "is Hal somewhere down Fenna's sponsoring line?", "Fenna", "Hal"),
    ("referrals", "is Quin anywhere up Max's referral chain?", "Quin", "Max"),
    ("shops", "can money sent by bo ever reach Tea Room, through any chain of transfers?",
     "bo", "Tea Room"),
    ("shops", "can money sent by Tea Room ever reach ana?", "Tea Room", "ana"),
]


@pytest.mark.parametrize(("graph", "question", "source", "target"), REACH,
                         ids=[c[1] for c in REACH])
def test_up_a_line_or_along_the_verb_asks_whether_one_node_reaches_the_other(
        agents, graph, question, source, target):
    resp = _ask(agents, graph, question)
    g = TABLES[graph][0]
    assert resp.status == "answered", resp.answer
    yes = nx.has_path(g, source, target)
    assert resp.answer.startswith("**Yes**" if yes else "**No**"), resp.answer


def test_a_line_with_no_side_is_asked_about(agents):
    resp = _ask(agents, "club", "is Bram in Emre's sponsoring line?")
    assert resp.status == "needs_clarification", resp.answer
