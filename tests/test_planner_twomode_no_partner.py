"""A side's nodes with no partner on a two-mode graph with a node table ("how many artisans
are in no guild", "which artisans don't belong to any guild", "which guild has no members")
are its nodes of degree 0, and a list narrowed by a negation ("which dishes have no garlic")
is asked about, never answered with the partners themselves. networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for, ask_as_csv_files

GUILD = pd.DataFrame([("Hale", "Weavers"), ("Hale", "Potters"), ("Ruth", "Weavers"),
                      ("Ona", "Smiths"), ("Ona", "Potters"), ("Ezra", "Smiths"),
                      ("Lise", "Glaziers"), ("Tomas", "Potters")], columns=["artisan", "guild"])
GUILD_KINDS = pd.DataFrame(
    [(n, "artisan") for n in ["Hale", "Ruth", "Ona", "Ezra", "Lise", "Tomas", "Bram", "Cleo"]]
    + [(n, "guild") for n in ["Weavers", "Potters", "Smiths", "Glaziers", "Carvers"]],
    columns=["name", "kind"])
CLINIC = pd.DataFrame([("p-01", "Northgate"), ("p-02", "Northgate"), ("p-02", "Riverside"),
                       ("p-03", "Riverside"), ("p-05", "Harbour")],
                      columns=["patient", "clinic"])
CLINIC_ROLES = pd.DataFrame(
    [(n, "patient") for n in ["p-01", "p-02", "p-03", "p-04", "p-05", "p-06", "p-07"]]
    + [(n, "clinic") for n in ["Northgate", "Riverside", "Harbour", "Eastfield", "Moorside"]],
    columns=["id", "role"])
PANTRY = pd.DataFrame([("Toast", "butter"), ("Toast", "bread"), ("Curry", "garlic"),
                       ("Curry", "rice"), ("Risotto", "rice"), ("Risotto", "garlic"),
                       ("Bruschetta", "bread"), ("Bruschetta", "garlic")],
                      columns=["dish", "ingredient_name"])
PLAYLISTS = pd.DataFrame([("Road Trip", "Wonderwall"), ("Road Trip", "Hey Jude"),
                          ("Chill", "Hey Jude"), ("Chill", "Yesterday"), ("Gym", "Thunderstruck")],
                         columns=["playlist", "track"])


def _isolated(edges: pd.DataFrame, nodes: pd.DataFrame, kind_col: str, side: str) -> list[str]:
    g = nx.from_pandas_edgelist(edges, *edges.columns)
    g.add_nodes_from(nodes[nodes.columns[0]])
    members = nodes[nodes[kind_col] == side][nodes.columns[0]]
    return sorted(n for n in members if g.degree(n) == 0)


@pytest.mark.parametrize(("edges", "nodes", "kind_col", "side", "question"), [
    (GUILD, GUILD_KINDS, "kind", "artisan", "how many artisans are in no guild?"),
    (GUILD, GUILD_KINDS, "kind", "artisan", "which artisans don't belong to any guild"),
    (GUILD, GUILD_KINDS, "kind", "guild", "which guild has no members?"),
    (CLINIC, CLINIC_ROLES, "role", "patient", "How many patients are registered with no clinic"),
    (CLINIC, CLINIC_ROLES, "role", "clinic", "which clinics have no patients at all?"),
])
def test_a_sides_nodes_with_no_partner_are_its_nodes_of_degree_zero(tmp_path, edges, nodes,
                                                                   kind_col, side, question):
    alone = _isolated(edges, nodes, kind_col, side)
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    total = (nodes[kind_col] == side).sum()
    assert resp.answer.startswith(f"**{len(alone)}** of {total} "), resp.answer
    assert ": " + ", ".join(f"{n} (0)" for n in alone) in resp.answer, resp.answer


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(["pantry", "playlists"], tmp_path_factory)


@pytest.mark.parametrize(("name", "table", "question"), [
    ("pantry", PANTRY, "which dishes have no garlic"),
    ("pantry", PANTRY, "Which dishes don't use garlic?"),
    ("playlists", PLAYLISTS, "which playlists are without Hey Jude?"),
    ("playlists", PLAYLISTS, "which playlists do not have Hey Jude"),
])
def test_a_partner_list_narrowed_by_a_negation_is_asked_about(agents, name, table, question):
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "needs_clarification", resp.answer
