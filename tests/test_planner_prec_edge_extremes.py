"""The one edge holding the extreme value, asked by the edge's own noun ("the longest stretch on
the canal", "the strongest relationship in the crew") or by the kind of value the column holds
("which pipe has the biggest capacity" on ``flow_cap``); networkx is the oracle."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import ask_table
from planner_tables import COURIERS

from tests.test_planner_prec_route_measures import PIPES, ROTA
from tests.test_planner_prec_single_failures import CANAL

#: sluices and the tonnes an hour each channel takes
SLUICES = pd.DataFrame(
    [("Ayr", "Bute", 12), ("Bute", "Coll", 30), ("Coll", "Ayr", 7), ("Coll", "Dura", 19)],
    columns=["sluice_a", "sluice_b", "max_cap"])
#: sailors and how well they get on
CREW = pd.DataFrame(
    [("Jana", "Kobe", 9), ("Jana", "Lior", 2), ("Kobe", "Lior", 7), ("Lior", "Mika", 8),
     ("Mika", "Nuno", 3), ("Nuno", "Jana", 1)],
    columns=["sailor", "shipmate", "rapport"])


def _extreme_edge(table: pd.DataFrame, low: bool) -> tuple[str, str, float]:
    row = table.loc[table.iloc[:, 2].idxmin() if low else table.iloc[:, 2].idxmax()]
    return str(row.iloc[0]), str(row.iloc[1]), row.iloc[2]


def _names_edge(answer: str, a: str, b: str) -> bool:
    return f"**{a} – {b}**" in answer or f"**{b} – {a}**" in answer


@pytest.mark.parametrize(("table", "question", "low"), [
    (CANAL, "longest stretch on the canal?", False),
    (COURIERS, "longest leg in the network?", False),
    (PIPES, "which pipe has the biggest capacity?", False),
    (SLUICES, "which channel has the least capacity?", True),
    (CREW, "strongest relationship in the crew", False),
    (ROTA, "the weakest pairing?", True),
])
def test_the_extreme_edge_by_its_noun_or_its_kind_of_value(tmp_path, table, question, low):
    a, b, value = _extreme_edge(table, low)
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"value of one edge is **{value}**" in resp.answer, resp.answer
    assert _names_edge(resp.answer, a, b), resp.answer
