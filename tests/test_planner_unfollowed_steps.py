"""A ranking followed by a second step about its answer that the planner cannot take ("Take
the event with the most women attending. Of the women at it, who went to the fewest events
overall?", "Pick the port shipping to the most ports. Of those it ships to, which receives
the most?") is asked about, never answered with the first step's ranking alone; when
answered, the answer is the second step's. Two tables, networkx the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_table

DAVIS = nx.davis_southern_women_graph()
ATTENDS = nx.DiGraph([(w, e) for w in DAVIS.graph["top"] for e in DAVIS[w]])
PORTS = nx.relabel_nodes(nx.gnm_random_graph(20, 45, seed=8, directed=True),
                         lambda n: f"port{n:02d}")


@pytest.mark.parametrize(("graph", "columns", "question", "leaders"), [
    (ATTENDS, ["woman", "event"],
     "Take the event with the most women attending. Of the women at it, who went to the "
     "fewest events overall?",
     lambda g: (lambda e: {w for w in g.predecessors(e) if g.out_degree(w) == min(
         g.out_degree(v) for v in g.predecessors(e))})(max(g, key=g.in_degree))),
    (PORTS, ["shipper", "consignee"],
     "Pick the port shipping to the most ports. Of those it ships to, which receives the most?",
     lambda g: set()),
])
def test_a_second_step_not_taken_is_asked_about_not_dropped(tmp_path, graph, columns, question,
                                                            leaders):
    resp = ask_table(tmp_path, pd.DataFrame(list(graph.edges()), columns=columns), question)
    if resp.status == "answered":
        assert any(f"**{n}**" in resp.answer for n in leaders(graph)), resp.answer
    else:
        assert resp.status == "needs_clarification", resp.answer
