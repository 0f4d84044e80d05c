"""Groups of a node attribute asked in a user's words (networkx is the oracle): whether the
network is assortative by the attribute (its own coefficient, never the degree's), the ties
within groups and between them, the group with the most ties inside it, and the other
groups ranked by their ties with one named group ("which crew talks to Gull the most",
"which desk sends the most memos to Vault")."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_table
from planner_tables import FLATS, HOUSES

SAIL = pd.DataFrame([("Bryn", "Cora"), ("Cora", "Dai"), ("Bryn", "Dai"), ("Dai", "Efa"),
                     ("Efa", "Gwen"), ("Gwen", "Huw"), ("Efa", "Huw"), ("Huw", "Ifor"),
                     ("Ifor", "Jac"), ("Cora", "Gwen"), ("Kit", "Bryn")],
                    columns=["sailor_a", "sailor_b"])
CREWS = pd.DataFrame([("Bryn", "Gull"), ("Cora", "Gull"), ("Dai", "Gull"), ("Kit", "Gull"),
                      ("Efa", "Tern"), ("Gwen", "Tern"), ("Huw", "Tern"), ("Ifor", "Skua"),
                      ("Jac", "Skua")], columns=["sailor", "crew"])
COURT = pd.DataFrame([("Anselm", "Beatrix"), ("Anselm", "Cuthbert"), ("Beatrix", "Drogo"),
                      ("Cuthbert", "Drogo"), ("Drogo", "Edith"), ("Cuthbert", "Edith"),
                      ("Edith", "Fulk"), ("Fulk", "Godric"), ("Beatrix", "Fulk"),
                      ("Anselm", "Godric")], columns=["courtier_1", "courtier_2"])
FACTIONS = pd.DataFrame([("Anselm", "Rose"), ("Beatrix", "Rose"), ("Cuthbert", "Thistle"),
                         ("Drogo", "Thistle"), ("Edith", "Thistle"), ("Fulk", "Leek"),
                         ("Godric", "Leek")], columns=["courtier", "faction"])
#: memos between clerks (directed), and the clerks' desks
MEMOS = pd.DataFrame([("Olaf", "Pia", 3), ("Pia", "Olaf", 1), ("Olaf", "Rhea", 4),
                      ("Rhea", "Saul", 2), ("Saul", "Tess", 5), ("Tess", "Olaf", 2),
                      ("Umar", "Tess", 6), ("Umar", "Vera", 1), ("Vera", "Saul", 3),
                      ("Pia", "Umar", 2)], columns=["from_clerk", "to_clerk", "memos"])
DESKS = pd.DataFrame([("Olaf", "Ledger"), ("Pia", "Ledger"), ("Rhea", "Tills"),
                      ("Saul", "Tills"), ("Tess", "Vault"), ("Umar", "Vault"),
                      ("Vera", "Vault")], columns=["clerk", "desk"])

GROUPED = {"sail": (SAIL, CREWS), "court": (COURT, FACTIONS), "flats": (FLATS, HOUSES),
           "memos": (MEMOS, DESKS)}


def _graph(name: str) -> tuple[nx.Graph, str]:
    edges, nodes = GROUPED[name]
    directed = name == "memos"
    g = nx.from_pandas_edgelist(edges, *edges.columns[:2], edge_attr=list(edges.columns[2:]) or None,
                                create_using=nx.DiGraph if directed else nx.Graph)
    g.add_nodes_from(nodes.iloc[:, 0])
    attr = nodes.columns[1]
    nx.set_node_attributes(g, dict(zip(nodes.iloc[:, 0], nodes[attr], strict=True)), attr)
    return g, attr


def _ask(tmp_path, name: str, question: str):
    edges, nodes = GROUPED[name]
    return ask_table(tmp_path, edges, question, nodes=nodes)


@pytest.mark.parametrize(("name", "question"), [
    ("court", "is the network assortative by faction?"),
    ("sail", "Is this graph assortative by crew"),
    ("flats", "are the flatmates assortative by house?"),
    ("sail", "is the graph disassortative by crew?"),
])
def test_assortative_by_an_attribute_is_answered_from_its_own_coefficient(tmp_path, name,
                                                                          question):
    g, attr = _graph(name)
    r = nx.attribute_assortativity_coefficient(g, attr)
    resp = _ask(tmp_path, name, question)
    assert resp.status == "answered", resp.answer
    yes = (r > 0) != ("disassortative" in question)
    assert resp.answer.startswith("**Yes**" if yes else "**No**"), resp.answer
    assert f"{r:.4f}".rstrip("0") in resp.answer or f"{r:.3f}" in resp.answer, resp.answer
    assert "degree assortativity" not in resp.answer, resp.answer


@pytest.mark.parametrize(("name", "question"), [
    ("sail", "how many ties are within crews and how many between?"),
    ("court", "how many links are within factions and how many between them?"),
])
def test_ties_within_and_between_groups_are_both_counted(tmp_path, name, question):
    g, attr = _graph(name)
    within = sum(1 for a, b in g.edges() if g.nodes[a][attr] == g.nodes[b][attr])
    resp = _ask(tmp_path, name, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{g.number_of_edges() - within}** edges go between"), \
        resp.answer
    assert f" and {within} within one" in resp.answer, resp.answer


@pytest.mark.parametrize(("name", "question"), [
    ("court", "which faction has the most ties inside it?"),
    ("flats", "Which house has the most links inside it"),
    ("sail", "Which crew keeps the most friendships inside its own crew (count of links)?"),
])
def test_the_group_with_the_most_ties_inside_it_counts_its_internal_edges(tmp_path, name,
                                                                          question):
    g, attr = _graph(name)
    inside: dict[str, int] = {}
    for a, b in g.edges():
        if g.nodes[a][attr] == g.nodes[b][attr]:
            inside[g.nodes[a][attr]] = inside.get(g.nodes[a][attr], 0) + 1
    best = max(inside.values())
    resp = _ask(tmp_path, name, question)
    assert resp.status == "answered", resp.answer
    head = resp.answer.split(" (by ")[0]
    assert set(re.findall(r"\*\*(\w+)\*\*", head)) - {str(best)} == \
        {v for v, n in inside.items() if n == best}, resp.answer
    assert f"**{best}**" in head, resp.answer


def _with(g: nx.Graph, attr: str, value: str, way: str, weight: str | None = None) -> dict:
    """Each other group's edges (or summed ``weight``) with the group ``value``: ``in`` into
    it, ``out`` out of it, ``both`` either way."""
    got: dict[str, float] = {}
    for a, b, d in g.edges(data=True):
        frm, to = g.nodes[a][attr], g.nodes[b][attr]
        amount = d[weight] if weight else 1
        if (to == value) == (frm == value):
            continue  # inside the group, or not touching it
        into = to == value
        if not g.is_directed() or way == "both" or (way == "in") == into:
            other = frm if into else to
            got[other] = got.get(other, 0) + amount
    return got


@pytest.mark.parametrize(("name", "question", "value", "way", "weight"), [
    ("sail", "which crew talks to Gull the most?", "Gull", "both", None),
    ("court", "which faction is most connected to Rose", "Rose", "both", None),
    ("flats", "which house has the most ties to Elm?", "Elm", "both", None),
    ("memos", "which desk sends the most memos to Vault?", "Vault", "in", "memos"),
    ("memos", "which desk gets the most memos from Vault?", "Vault", "out", "memos"),
])
def test_the_group_most_tied_to_a_named_group_ranks_the_other_groups(
        tmp_path, name, question, value, way, weight):
    g, attr = _graph(name)
    got = _with(g, attr, value, way, weight)
    resp = _ask(tmp_path, name, question)
    assert resp.status == "answered", resp.answer
    if not got or max(got.values()) == 0:
        assert resp.answer.startswith("**None**"), resp.answer
        return
    best = max(got.values())
    head = resp.answer.split(" with the most")[0]
    assert set(re.findall(r"\*\*(\w+)\*\*", head)) == {k for k, v in got.items() if v == best}, \
        resp.answer
    assert f": **{best:g}**" in resp.answer, resp.answer


def test_an_unnamed_edge_value_is_summed_beside_the_edge_count(tmp_path):
    g, attr = _graph("memos")
    edges, memos = _with(g, attr, "Ledger", "out"), _with(g, attr, "Ledger", "out", "memos")
    resp = _ask(tmp_path, "memos", "which desk do the Ledger clerks write to most")
    assert resp.status == "answered", resp.answer
    by_edges, by_memos = resp.answer.split("Summing memos instead:")
    for part, got in ((by_edges, edges), (by_memos, memos)):
        best = max(got.values())
        head = part.split(" with the most")[0]
        assert set(re.findall(r"\*\*(\w+)\*\*", head)) == {k for k, v in got.items()
                                                           if v == best}, resp.answer
        assert f": **{best:g}**" in part, resp.answer


@pytest.mark.parametrize(("name", "question", "value", "weight"), [
    ("court", "how many ties does the Thistle faction have with other factions?", "Thistle", None),
    ("sail", "how many links does Tern have to other crews?", "Tern", None),
    ("memos", "how many memos does Vault exchange with other desks?", "Vault", "memos"),
])
def test_one_named_groups_edges_to_the_other_groups_are_its_own(tmp_path, name, question,
                                                                 value, weight):
    g, attr = _graph(name)
    got = _with(g, attr, value, "both", weight)
    resp = _ask(tmp_path, name, question)
    assert resp.status == "answered", resp.answer
    assert f"has **{sum(got.values()):g}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("name", "question", "weight"), [
    ("memos", "how many memos stay within a desk?", "memos"),
    ("sail", "how many ties are inside crews?", None),
    ("court", "How many links are internal to a faction", None),
])
def test_the_ties_within_groups_lead_when_they_are_asked(tmp_path, name, question, weight):
    g, attr = _graph(name)
    within = sum(d.get(weight, 1) if weight else 1 for a, b, d in g.edges(data=True)
                 if g.nodes[a][attr] == g.nodes[b][attr])
    resp = _ask(tmp_path, name, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{within:g}**"), resp.answer


@pytest.mark.parametrize(("name", "question"), [
    ("court", "what share of ties are within a faction"),
    ("sail", "what share of ties are within a crew"),
])
def test_the_share_of_ties_within_groups_names_no_node(tmp_path, name, question):
    g, attr = _graph(name)
    within = sum(1 for a, b in g.edges() if g.nodes[a][attr] == g.nodes[b][attr])
    resp = _ask(tmp_path, name, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{round(within / g.number_of_edges(), 4):g}**"), resp.answer
    assert "No node matches" not in resp.answer, resp.answer
