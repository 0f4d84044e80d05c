"""Two-mode tables asked in a user's words (networkx is the oracle): a share of one node's
partners is asked, never answered with their count."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import ask_table

HIDES = pd.DataFrame([("Pip", "Heron"), ("Pip", "Avocet"), ("Quinn", "Heron"),
                      ("Quinn", "Avocet"), ("Quinn", "Bittern"), ("Rue", "Bittern"),
                      ("Sage", "Curlew"), ("Sage", "Heron"), ("Tove", "Avocet"),
                      ("Tove", "Bittern"), ("Tove", "Curlew"), ("Uli", "Heron")],
                     columns=["birder", "hide"])
JURY = pd.DataFrame([("Ames", "T1"), ("Ames", "T2"), ("Ames", "T4"), ("Boyd", "T1"),
                     ("Boyd", "T3"), ("Cole", "T2"), ("Cole", "T4"), ("Cole", "T5"),
                     ("Dunn", "T1"), ("Dunn", "T2"), ("Dunn", "T4"), ("Ebb", "T5"),
                     ("Ford", "T3"), ("Ford", "T5")], columns=["juror", "trial"])


@pytest.mark.parametrize(("table", "question"), [
    (HIDES, "what fraction of hides has Tove visited?"),
    (JURY, "what percentage of trials did Ames sit on?"),
])
def test_a_share_of_one_nodes_partners_is_asked_not_answered_with_their_count(tmp_path, table,
                                                                               question):
    resp = ask_table(tmp_path, table, question)
    assert resp.status == "needs_clarification", resp.answer
