""""Who has the most contacts outside their own team?" ranks the nodes by their neighbours in
another group than their own (or in their own: "the most friends within their own club");
"Of the members in the Officer club, who has the most ties to members of Mr. Hi's club?"
by their neighbours holding one named value, among the nodes holding the other. networkx is
the oracle."""

from __future__ import annotations

import pytest
from planner_grouped_graphs import BOATS, WARDS
from planner_support import ask_table


def _counts(table, same=None, partner=None, within=None):
    g, c = table.graph, table.column
    return {n: sum(1 for m in g[n] if (g.nodes[m][c] == partner if partner else
                                       (g.nodes[m][c] == g.nodes[n][c]) == same))
            for n in g if within is None or g.nodes[n][c] == within}


def _lead(counts, low=False):
    best = (min if low else max)(counts.values())
    return sorted(n for n, v in counts.items() if v == best), best


@pytest.mark.parametrize(("table", "question", "same", "low"), [
    (WARDS, "Who has the most coworkers outside their own ward?", False, False),
    (WARDS, "Which nurse has the most coworkers on other wards?", False, False),
    (BOATS, "who has the most partners in a different boat?", False, False),
    (BOATS, "Which rower has the most partners within their own boat?", True, False),
])
def test_nodes_ranked_by_partners_in_another_group_or_their_own(tmp_path, table, question,
                                                                same, low):
    tops, best = _lead(_counts(table, same=same), low)
    resp = ask_table(tmp_path, table.edges, question, table.nodes)
    assert resp.status == "answered", resp.answer
    head = resp.answer.split(":")[0]
    assert all(f"**{n}**" in head for n in tops), resp.answer
    assert f": **{best}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("table", "question", "partner", "within"), [
    (WARDS, "Among cardio nurses, who has the most coworkers in the onco ward?", "onco",
     "cardio"),
    (WARDS, "Of the nurses in the peds ward, who has the most ties to members of the neuro "
     "ward?", "neuro", "peds"),
    (BOATS, "Of the rowers in the heron boat, who has the most links to the swift boat?",
     "swift", "heron"),
])
def test_nodes_of_one_group_ranked_by_partners_in_another(tmp_path, table, question, partner,
                                                          within):
    tops, best = _lead(_counts(table, partner=partner, within=within))
    resp = ask_table(tmp_path, table.edges, question, table.nodes)
    assert resp.status == "answered", resp.answer
    head = resp.answer.split(":")[0]
    assert all(f"**{n}**" in head for n in tops), resp.answer
    assert f": **{best}**" in resp.answer, resp.answer
