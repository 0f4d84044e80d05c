"""A relation's own noun read as steps or shared partners: "how many families are exactly two
marriages away from the Pazzi" counts the nodes 2 hops out; "which families do the Medici and
the Strozzi both marry into" lists the pair's common neighbours; a unit ("within 30 km") stays
a measured distance."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

from igraph_agent.model.hop_words import relation_steps

FAMILIES = nx.florentine_families_graph()
CLUB = nx.relabel_nodes(nx.karate_club_graph(), {n: f"m{n}" for n in range(34)})
TABLES = {
    "families": (pd.DataFrame(list(FAMILIES.edges()), columns=["family", "spouse_family"]),
                 FAMILIES, "families", "marriages", "marry into"),
    "club": (pd.DataFrame(list(CLUB.edges()), columns=["member", "friend"]), CLUB, "members",
             "friendships", "befriend"),
}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


@pytest.mark.parametrize("name, hub", [("families", "Pazzi"), ("club", "m16")])
def test_n_relations_away_counts_the_nodes_that_many_hops_out(agents, name, hub):
    table, g, nouns, relation, _ = TABLES[name]
    far = [n for n, d in nx.single_source_shortest_path_length(g, hub).items() if d == 2]
    resp = agents[name].ask(f"how many {nouns} are exactly two {relation} away from {hub}?",
                            attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(far)}**"), resp.answer


@pytest.mark.parametrize("name, a, b", [("families", "Medici", "Strozzi"),
                                        ("club", "m0", "m33")])
def test_which_nodes_do_a_and_b_both_verb_lists_their_common_neighbours(agents, name, a, b):
    table, g, nouns, _, verb = TABLES[name]
    common = sorted(nx.common_neighbors(g, a, b))
    resp = agents[name].ask(f"which {nouns} do the {a} and the {b} both {verb}?", attach=[table])
    assert resp.status == "answered", resp.answer
    assert f"**{len(common)}**" in resp.answer and all(c in resp.answer for c in common), resp.answer


def test_a_unit_after_the_number_stays_a_measured_distance():
    assert relation_steps("which towns are within 30 km of Ely?", {}) == \
        "which towns are within 30 km of Ely?"
    assert relation_steps("who is two roads from Ely?", {"weights": {"roads": "strength"}}) == \
        "who is two roads from Ely?"
