"""A grouping with more groups than a tool result lists for the model (a long result is
shortened, its lists ending with a "… 35 more of 45" marker) is never ranked from the part
it shows: "which region's depots receive the most crates in total" on 45 regions says the
result lists only some of them and asks, never naming a top that pandas shows is not one —
and a marker is never read as a row (it once crashed the run)."""

from __future__ import annotations

import pandas as pd
from planner_support import ask_table

REGIONS = 45
DEPOTS = pd.DataFrame({"depot": [f"dp{i:02d}" for i in range(90)],
                       "region": [f"r{i % REGIONS:02d}" for i in range(90)]})
FREIGHT = pd.DataFrame([(f"dp{i:02d}", f"dp{(7 * i + 3) % 90:02d}", 10 + (13 * i) % 37)
                        for i in range(90)], columns=["sender", "receiver", "crates"])


def test_a_ranking_over_more_groups_than_the_result_lists_is_never_a_top_from_a_part(tmp_path):
    region = dict(zip(DEPOTS.depot, DEPOTS.region, strict=True))
    totals = FREIGHT.groupby(FREIGHT.receiver.map(region)).crates.sum()
    resp = ask_table(tmp_path, FREIGHT, "Which region's depots receive the most crates in total?",
                     DEPOTS)
    assert resp.status == "needs_clarification", resp.answer
    assert resp.answer.startswith("The result lists only some of the groups of region"), \
        resp.answer
    wrong = [r for r in totals.index if r != totals.idxmax()]
    assert not any(f"**{r}** receives" in resp.answer for r in wrong), resp.answer
