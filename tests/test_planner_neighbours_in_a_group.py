"""A named node's neighbours in a group ("how many of member 0's friends belong to the
Officer club", "which of Oren's crewmates are in Blue") are the neighbours holding that value
of a node-table attribute, counted out of all its neighbours, never the named node's own
group or the whole group's size. A node's group asked with "how many are in it" gets that
group's size. networkx is the oracle, on two tables with their own words."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_as_csv_files

_CLUB = nx.karate_club_graph()
CASES = {
    "karate": (pd.DataFrame([(str(u), str(v)) for u, v in _CLUB.edges()],
                            columns=["member", "friend"]),
               pd.DataFrame([(str(n), d["club"]) for n, d in _CLUB.nodes(data=True)],
                            columns=["member", "club"])),
    "boats": (pd.DataFrame([("Oren", "Pia"), ("Oren", "Quim"), ("Oren", "Rafe"), ("Pia", "Quim"),
                            ("Rafe", "Sol"), ("Sol", "Tove"), ("Oren", "Tove"), ("Tove", "Uli")],
                           columns=["rower", "crewmate"]),
              pd.DataFrame([("Oren", "Blue"), ("Pia", "Blue"), ("Quim", "Green"),
                            ("Rafe", "Green"), ("Sol", "Blue"), ("Tove", "Green"),
                            ("Uli", "Blue")], columns=["rower", "squad"])),
}


def _graph(name: str) -> tuple[nx.Graph, dict[str, str]]:
    edges, nodes = CASES[name]
    return (nx.Graph(list(edges.itertuples(index=False, name=None))),
            dict(zip(nodes.iloc[:, 0], nodes.iloc[:, 1], strict=True)))


@pytest.mark.parametrize("name, node, value, question", [
    ("karate", "0", "Officer", "how many of member 0's friends belong to the Officer club?"),
    ("karate", "33", "Mr. Hi", "which of 33's friends are in the Mr. Hi club?"),
    ("boats", "Oren", "Green", "Which of Oren's crewmates are in Green?"),
    ("boats", "Tove", "Blue", "how many of Tove's crewmates are in the Blue squad?"),
])
def test_a_nodes_neighbours_in_a_group_are_counted_out_of_its_neighbours(tmp_path, name, node,
                                                                         value, question):
    g, group = _graph(name)
    edges, nodes = CASES[name]
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    held = [n for n in g[node] if group[n] == value]
    assert resp.answer.startswith(f"**{len(held)}** of {node}'s {g.degree(node)} neighbours"), \
        resp.answer
    assert all(f"**{n}**" in resp.answer for n in held), resp.answer


def test_neighbours_outside_a_group_are_not_answered_as_those_in_it(tmp_path):
    edges, nodes = CASES["boats"]
    resp = ask_as_csv_files(tmp_path, edges, nodes, "which of Oren's crewmates are not in Green?")
    assert "have squad = Green" not in (resp.answer or ""), resp.answer
