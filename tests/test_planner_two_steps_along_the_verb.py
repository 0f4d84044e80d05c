""""Who do the numbers that ext0 calls go on to call?" follows the table's verb two steps
from the named node: every node one of its out-neighbours points at (networkx's successors
of successors, the node itself or a direct partner included when a first-step node points
at it); "who calls the numbers that call ext3" is the same backwards, and the ends' nouns say
each step's way ("the callers of ext3's callees": out, then in)."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

_CALLS = nx.relabel_nodes(nx.gnp_random_graph(25, 0.09, seed=2, directed=True),
                          lambda n: f"ext{n}")
CALLS = pd.DataFrame(list(_CALLS.edges()), columns=["caller", "callee"])
_FREIGHT = nx.relabel_nodes(nx.gnp_random_graph(30, 0.09, seed=21, directed=True),
                            lambda n: f"depot{n}")
FREIGHT = pd.DataFrame(list(_FREIGHT.edges()), columns=["shipper", "consignee"])


def _onward(g: nx.DiGraph, node: str, way: str) -> set[str]:
    first, then = ({"out": g.successors, "in": g.predecessors}[w] for w in way.split(","))
    return {m for n in first(node) for m in then(n)}


@pytest.mark.parametrize("table,g,question,node,way", [
    (CALLS, _CALLS, "who do the numbers that ext0 calls go on to call?", "ext0", "out,out"),
    (CALLS, _CALLS, "who calls the numbers that call ext3?", "ext3", "in,in"),
    (CALLS, _CALLS, "what do ext0's callees call?", "ext0", "out,out"),
    (CALLS, _CALLS, "list the callers of ext3's callees", "ext3", "out,in"),
    (FREIGHT, _FREIGHT, "which depots do the depots that depot0 ships to ship to in turn?",
     "depot0", "out,out"),
    (FREIGHT, _FREIGHT, "who do the depots depot5 ships to then ship to?", "depot5", "out,out"),
    (FREIGHT, _FREIGHT, "who are the consignees of depot5's consignees?", "depot5", "out,out"),
])
def test_two_steps_along_the_verb_name_every_node_reached_by_a_first_step_node(
        agent, table, g, question, node, way):
    resp = agent.ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    lead = resp.answer.split(" — ")[0]
    assert set(re.findall(r"\*\*(.+?)\*\*", lead)) == _onward(g, node, way), resp.answer
