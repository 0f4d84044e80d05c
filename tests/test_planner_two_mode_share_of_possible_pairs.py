""""Of all possible brewer-taproom pairs (count Cobbler too), what share actually have
deliveries" is the two-mode density: the edges over the pairs across the two sides, a node
the note names counted on its side (never a question about that node alone, nor the pairs of
one side sharing the most); networkx is the oracle."""

from __future__ import annotations

import pandas as pd
import pytest

from igraph_agent import Agent

FARMS = pd.DataFrame([("Ashby", "Eastgate", 3), ("Ashby", "Northmoor", 9),
                      ("Bexley", "Eastgate", 12), ("Bexley", "Riverside", 5),
                      ("Corby", "Westbury", 20), ("Dalton", "Riverside", 7)],
                     columns=["farm", "market", "crates"])
SITTINGS = pd.DataFrame([("Ames", "T1"), ("Ames", "T2"), ("Boyd", "T1"), ("Boyd", "T3"),
                         ("Cole", "T2"), ("Cole", "T4"), ("Dunn", "T1")], columns=["juror", "trial"])


def _with_node(table: pd.DataFrame, extra: str) -> pd.DataFrame:
    """The node table: every node, and ``extra``, which is in no edge."""
    ids = list(dict.fromkeys([*table.iloc[:, 0], *table.iloc[:, 1], extra]))
    return pd.DataFrame({"id": ids})


def _density(table: pd.DataFrame, extra: str) -> float:
    left, right = set(table.iloc[:, 0]), set(table.iloc[:, 1]) | {extra}
    return len(table) / (len(left) * len(right))


@pytest.mark.parametrize(("table", "question", "extra"), [
    (FARMS, "of all possible farm-market pairs (count Southfield too), what share actually have "
            "deliveries?", "Southfield"),
    (SITTINGS, "out of all possible juror-trial pairs (including T9), what fraction actually "
               "happened?", "T9"),
])
def test_a_share_of_all_possible_pairs_is_the_two_mode_density(tmp_path, table, question, extra):
    agent = Agent(home=tmp_path)  # the node table as a frame, as a notebook attaches it
    try:
        resp = agent.ask(question, attach=[table, _with_node(table, extra)])
    finally:
        agent.close()
    assert resp.status == "answered", resp.answer
    assert f"**{_density(table, extra):.4f}**" in resp.answer, resp.answer


def test_a_note_that_leaves_a_node_out_is_not_dropped(tmp_path):
    from igraph_agent.model.scope import drop_scope

    assert "not included" in drop_scope("of all pairs (Southfield not included), what share", {})
    assert drop_scope("of all pairs (including Southfield), what share", {}) == \
        "of all pairs, what share"
