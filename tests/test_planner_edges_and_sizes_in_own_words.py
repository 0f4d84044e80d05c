"""Single edges, sizes and path figures asked in users' own words: "how much energy moves
between A and B" (both ways added, on an ``mwh`` column), "which is our single longest line
(ends + km)" and "biggest single flow - from where to where" (the heaviest edge), "avg cast
size per film" (a side's mean degree), "who has never co-starred with anybody" (degree 0),
"which agency has the biggest client list" (group sizes), "who is the fewest steps from
everybody else on average" (closeness in hops) and "most hops between any two" (the
diameter). Each is checked against networkx on tables of its own."""

from __future__ import annotations

import networkx as nx
import pandas as pd
from planner_support import ask_table

_FLOWS = [("Alder", "Brook", 500), ("Brook", "Crag", 400), ("Crag", "Brook", 170),
          ("Crag", "Moss", 200), ("Brook", "Moss", 90), ("Moss", "Ness", 1200)]
FLOWS = pd.DataFrame(_FLOWS, columns=["from_substation", "to_substation", "mwh"])
_LINES = [("Ash", "Bram", 40), ("Bram", "Cole", 75), ("Cole", "Dene", 20), ("Dene", "Ash", 35),
          ("Cole", "Elm", 15), ("Elm", "Fenn", 30)]
LINES = pd.DataFrame(_LINES, columns=["substation_a", "substation_b", "length_km"])
_CAST = [("Ada", "Dune", 40), ("Ben", "Dune", 30), ("Cy", "Dune", 20), ("Ada", "Echo", 50),
         ("Dee", "Echo", 10), ("Eli", "Fog", 25), ("Dee", "Fog", 15)]
CAST = pd.DataFrame(_CAST, columns=["actor", "film", "screen_minutes"])


def test_an_amount_between_two_nodes_adds_both_ways_in_the_columns_unit(tmp_path):
    resp = ask_table(tmp_path, FLOWS, "how much energy moves between Brook and Crag?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**570** mwh between Brook and Crag, both ways added"), \
        resp.answer
    resp = ask_table(tmp_path / "b", FLOWS, "how much mwh from Brook to Crag?")
    assert resp.answer.startswith("**400** mwh on the edge Brook → Crag"), resp.answer


def test_the_longest_or_biggest_single_edge_is_named_with_its_ends(tmp_path):
    resp = ask_table(tmp_path / "a", LINES, "which is our single longest line (ends + km)?")
    assert resp.status == "answered", resp.answer
    assert "**75**" in resp.answer and "**Bram – Cole**" in resp.answer, resp.answer
    resp = ask_table(tmp_path / "b", FLOWS, "biggest single flow in the table - from where to "
                     "where, and how many mwh?")
    assert resp.status == "answered", resp.answer
    assert "**1200**" in resp.answer and "**Moss → Ness**" in resp.answer, resp.answer


def test_a_sides_average_size_and_its_members_with_no_tie_are_degree_figures(tmp_path):
    films = [f for f in {f for _, f, _ in _CAST}]
    g = nx.Graph([(a, f) for a, f, _ in _CAST])
    mean = sum(g.degree(f) for f in films) / len(films)
    resp = ask_table(tmp_path / "a", CAST, "avg cast size per film?")
    assert resp.status == "answered", resp.answer
    assert f"the mean degree is **{round(mean, 4):g}**" in resp.answer, resp.answer
    costars = pd.DataFrame([("Ada", "Ben", 2), ("Ben", "Cy", 1), ("Cy", "Ada", 1)],
                           columns=["actor", "co_star", "films_together"])
    agencies = pd.DataFrame([("Ada", "Keller"), ("Ben", "Keller"), ("Cy", "Lumen"),
                             ("Fern", "Keller")], columns=["actor", "agency"])
    resp = ask_table(tmp_path / "b", costars, "Anyone on the agency lists who has never "
                     "co-starred with anybody?", agencies)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**1** of 4 actors have degree exactly 0: Fern"), resp.answer
    resp = ask_table(tmp_path / "c", costars, "which agency has the biggest client list?",
                     agencies)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Keller** is the agency with the most members: **3**"), \
        resp.answer


def test_path_figures_said_in_steps_are_closeness_in_hops_and_the_diameter(tmp_path):
    g = nx.Graph([(a, b) for a, b, _ in _LINES])
    close = nx.closeness_centrality(g)
    top = max(close, key=close.get)
    assert sorted(close.values())[-1] > sorted(close.values())[-2]  # no tie at the top
    resp = ask_table(tmp_path / "a", LINES, "who is the fewest line steps from everybody else "
                     "on average?")
    assert resp.status == "answered", resp.answer
    assert "**closeness** (unweighted)" in resp.answer and f"are {top} (" in resp.answer, \
        resp.answer
    resp = ask_table(tmp_path / "b", LINES, "worst case: most line hops between any two "
                     "substations that are connected at all?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"The diameter is **{nx.diameter(g)} hops**"), resp.answer
