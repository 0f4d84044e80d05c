"""What a removal cuts off, asked as the nodes ("if Valjean were removed, how many
characters would be cut off", "who gets stranded if Myriel is removed", "if we removed X,
who would be cut off"): the answer leads with the number of nodes that lose their link to
the main part and names them (was a clarification, or the number of components). Two
graphs in other words; networkx's components after the removal are the oracle.
"Someone's neighbours' neighbours" reads two steps out, not the neighbours."""

from __future__ import annotations

import networkx as nx
import pytest

from tests.planner_support import ask_edges

CHARACTERS = nx.les_miserables_graph()
FAMILIES = nx.florentine_families_graph()


def _cut_off(g: nx.Graph, gone: str) -> set[str]:
    main = max(nx.connected_components(g), key=len)
    h = g.copy()
    h.remove_node(gone)
    after = max(nx.connected_components(h), key=len)
    return set(main) - set(after) - {gone}


@pytest.mark.parametrize(("g", "columns", "gone", "question"), [
    (CHARACTERS, ["character", "co_character"], "Valjean",
     "if Valjean were removed, how many characters would be cut off?"),
    (CHARACTERS, ["character", "co_character"], "Myriel", "who gets stranded if Myriel is removed?"),
    (FAMILIES, ["family", "spouse_family"], "Medici",
     "if we removed Medici, who would be cut off?"),
    (FAMILIES, ["family", "spouse_family"], "Medici",
     "if the Medici left, how many families would lose their link to the rest?"),
])
def test_the_nodes_a_removal_cuts_off_lead_the_answer(agent, g, columns, gone, question):
    want = _cut_off(g, gone)
    resp = ask_edges(agent, g, *columns, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"Without {gone}, **{len(want)}** node(s) would lose their "
                                  "link to the main part"), resp.answer
    named = resp.answer.split(": ", 1)[1].split(" — ")[0].rstrip(", …").split(", ")
    assert set(named) <= want and len(named) == min(len(want), 12), resp.answer


def test_neighbours_neighbours_are_two_steps_out(agent):
    resp = ask_edges(agent, CHARACTERS, "character", "co_character",
                     "who are Javert's neighbours' neighbours?")
    assert resp.status == "answered", resp.answer
    two = {n for n, d in nx.single_source_shortest_path_length(CHARACTERS, "Javert", 2).items()
           if d == 2}
    assert f"{len(two)} node(s) at hop 2" in resp.answer, resp.answer
