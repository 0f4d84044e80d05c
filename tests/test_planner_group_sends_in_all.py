"""What one group sends or receives in all on a directed table ("how many messages does
Sales send in total", "how many tonnes did the north receive") is the group's total over
its members' outgoing (incoming) edges — never read as the out-degree of a node named
like the group (was a clarification about one node). Two directed tables with node tables
in other words; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files


def _tables(columns, value, attr, groups, seed):
    g = nx.gnm_random_graph(16, 40, seed=seed, directed=True)
    group = {n: groups[n % len(groups)] for n in g}
    edges = pd.DataFrame([(f"n{a}", f"n{b}", 1 + (3 * a + b) % 7) for a, b in g.edges()],
                         columns=[*columns, value])
    nodes = pd.DataFrame({columns[0]: [f"n{n}" for n in g], attr: [group[n] for n in g]})
    return edges, nodes


@pytest.mark.parametrize(("columns", "value", "attr", "groups", "question", "who", "side"), [
    (["sender", "receiver"], "count", "department", ["Sales", "HR", "Ops"],
     "how many messages does Sales send in total?", "Sales", "out"),
    (["shipper", "consignee"], "tonnes", "region", ["North", "South"],
     "how many tonnes did North receive?", "North", "in"),
])
def test_a_groups_total_sent_or_received_sums_its_members_edges(
        tmp_path, columns, value, attr, groups, question, who, side):
    edges, nodes = _tables(columns, value, attr, groups, seed=5)
    members = set(nodes.loc[nodes[attr] == who, columns[0]])
    end = columns[0] if side == "out" else columns[1]
    total = int(edges.loc[edges[end].isin(members), value].sum())
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert f"**{total}**" in resp.answer.split(".")[0], resp.answer
    assert ("sends" if side == "out" else "receives") in resp.answer.split(".")[0], resp.answer
