"""Lower-case names are looked up where a name stands, and only a node's id or label makes
a word a name: a thing beyond the summary's sample nodes ("does the snail have"), a name that
reads like a plural ("how far is gus from mei"), one ending the question ("the same books as
ingrid"), one the question is put to ("gus: how many friends?") or opens with ("gus to dara,
how many hops?"), on graphs of lower-case and of mixed names; the question's own words and
the data's group values are never looked up. Two graphs of each kind with different
vocabularies; networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import ask_as_csv_files

from tests.test_directed_totals import _ask
from tests.test_planner_names_as_written import PALS, PARTS, POND, _pals, _table


def _searched(resp) -> list[str]:
    return [str(a.args.get("query")) for a in resp.actions if a.tool == "search_node"]


PETS = ["bella", "max", "luna", "coco", "rocky", "milo", "daisy", "rufus", "zeus", "otis", "nala",
        "bruno"]


FRIENDS = [*PALS, "femi", "gus"]


def _named_graph(names: list[str], seed: int) -> nx.Graph:
    return nx.relabel_nodes(nx.connected_watts_strogatz_graph(len(names), 4, 0.3, seed=seed),
                            lambda i: names[i])


#: who borrowed which book / who entered which tournament (lower-case people)
LOANS = [("ada", "Dune"), ("bo", "Dune"), ("bo", "Emma"), ("cy", "Emma"), ("dee", "Ulysses"),
         ("eve", "Ulysses"), ("fay", "Ulysses"), ("ingrid", "Dune"), ("ingrid", "Ulysses"),
         ("gil", "Beloved")]


ENTRIES = [("kasia", "Spring Open"), ("tal", "Spring Open"), ("tal", "Blitz Cup"),
           ("elif", "Blitz Cup"), ("juan", "Winter Classic"), ("rook", "Winter Classic"),
           ("sven", "Winter Classic"), ("sven", "Club Final"), ("mira", "Club Final"),
           ("otto", "Spring Open")]


#: shipments between firms, some named in capitals and some in lower case
SHIPMENTS = [("Kiruna", "Carajas"), ("Carajas", "nordsmelt"), ("nordsmelt", "Pilbara"),
             ("Pilbara", "ferrobras"), ("ferrobras", "robotix"), ("robotix", "autowerk"),
             ("Kiruna", "andecu"), ("andecu", "velomax")]


DELIVERIES = [("Alba Mill", "Borel"), ("Borel", "cinder"), ("cinder", "Dray Co"),
              ("Dray Co", "emberline"), ("emberline", "foundry9"), ("foundry9", "gantry"),
              ("Alba Mill", "hollin")]


@pytest.mark.parametrize(("rows", "columns", "question", "node"), [
    (POND, ["predator", "prey"], "how many links does the snail have?", "snail"),
    (POND, ["predator", "prey"], "what is the degree of the kingfisher?", "kingfisher"),
    (PARTS, ["part", "fits_into"], "how many links does the gearbox have?", "gearbox"),
    (PARTS, ["part", "fits_into"], "what is the degree of the bearing?", "bearing"),
])
def test_a_lowercase_thing_beyond_the_sample_is_looked_up_and_answered_about(
        tmp_path, rows, columns, question, node):
    g = nx.Graph(rows)
    resp = _ask(tmp_path, _table(rows, columns), question)
    assert resp.status == "answered", resp.answer
    assert f"{node} has degree **{g.degree(node)}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("rows", "columns", "question"), [
    (POND, ["predator", "prey"], "what is the average degree of the web?"),
    (PARTS, ["part", "fits_into"], "Is the network connected?"),
    (PARTS, ["part", "fits_into"], "which part has the most links?"),
])
def test_the_questions_own_words_are_never_looked_up_as_names(tmp_path, rows, columns, question):
    resp = _ask(tmp_path, _table(rows, columns), question)
    assert resp.status == "answered", resp.answer
    assert _searched(resp) == [], _searched(resp)


@pytest.mark.parametrize(("id_column", "attribute", "values", "question", "value"), [
    ("pal", "unit", ["finance"] * 5 + ["ops"] * 5 + ["legal"] * 4,
     "who in the finance unit has the most links?", "finance"),
    ("crew_member", "crew", ["alpha"] * 7 + ["bravo"] * 7,
     "who in the bravo crew has the most links?", "bravo"),
])
def test_a_lowercase_group_value_is_a_group_never_a_node(tmp_path, id_column, attribute, values,
                                                         question, value):
    g = _pals()
    members = [p for p, v in zip(PALS, values, strict=True) if v == value]
    top = max(g.degree(p) for p in members)
    resp = ask_as_csv_files(tmp_path, pd.DataFrame(list(g.edges()), columns=["pal_a", "pal_b"]),
                            pd.DataFrame({id_column: PALS, attribute: values}), question)
    assert resp.status == "answered", resp.answer
    assert f"Among nodes with {attribute} = {value}" in resp.answer, resp.answer
    assert any(f"{p} ({top})" in resp.answer for p in members if g.degree(p) == top), resp.answer
    assert not [a for a in resp.actions if a.tool == "search_node"], resp.actions


@pytest.mark.parametrize(("names", "seed", "columns", "source", "target"), [
    (FRIENDS, 5, ["friend_a", "friend_b"], "gus", "mei"),
    (FRIENDS, 5, ["friend_a", "friend_b"], "mei", "gus"),
    (PETS, 4, ["dog", "playmate"], "rufus", "bella"),
    (PETS, 4, ["dog", "playmate"], "otis", "zeus"),
])
def test_a_lowercase_name_that_reads_like_a_plural_is_looked_up(tmp_path, names, seed, columns,
                                                                source, target):
    g = _named_graph(names, seed)
    table = pd.DataFrame(list(g.edges()), columns=columns)
    sample = list(dict.fromkeys(table.stack()))[:5]
    assert {source, target} - set(sample), sample  # one name beyond the sample nodes
    resp = _ask(tmp_path, table, f"how far is {source} from {target}")
    assert resp.status == "answered", resp.answer
    assert f"from {source} to {target} has **{nx.shortest_path_length(g, source, target)} hop(s)**" \
        in resp.answer, resp.answer


@pytest.mark.parametrize(("rows", "columns", "question", "node"), [
    (LOANS, ["reader", "book"], "who borrowed at least one of the same books as ingrid", "ingrid"),
    (ENTRIES, ["player", "tournament"], "who played in at least one of the same tournaments as sven",
     "sven"),
])
def test_a_lowercase_name_ending_the_question_is_looked_up(tmp_path, rows, columns, question,
                                                           node):
    g = nx.Graph(rows)
    shared = {p for t in g[node] for p in g[t]} - {node}
    resp = _ask(tmp_path, _table(rows, columns), question)
    assert resp.status == "answered", resp.answer
    assert all(f"**{p}**" in resp.answer for p in shared), resp.answer


@pytest.mark.parametrize(("rows", "columns", "source", "target"), [
    (SHIPMENTS, ["supplier", "buyer"], "robotix", "autowerk"),
    (SHIPMENTS, ["supplier", "buyer"], "autowerk", "robotix"),
    (DELIVERIES, ["sender", "receiver"], "emberline", "gantry"),
    (DELIVERIES, ["sender", "receiver"], "hollin", "gantry"),
])
def test_lowercase_names_on_a_graph_of_mixed_names_are_looked_up(tmp_path, rows, columns, source,
                                                                 target):
    want = "Yes" if nx.has_path(nx.DiGraph(rows), source, target) else "No"
    resp = _ask(tmp_path, _table(rows, columns),
                f"Can cargo from {source} ever end up at {target}, following the direction?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{want}**"), resp.answer


@pytest.mark.parametrize(("names", "seed", "columns", "question", "node"), [
    (FRIENDS, 5, ["friend_a", "friend_b"], "gus: how many friends?", "gus"),
    (FRIENDS, 5, ["friend_a", "friend_b"], "Gus: how many friends?", "gus"),
    (PETS, 4, ["dog", "playmate"], "rufus: how many playmates?", "rufus"),
    (PETS, 4, ["dog", "playmate"], "Rufus, how many playmates?", "rufus"),
])
def test_a_name_the_question_is_put_to_is_never_answered_with_the_whole_graph(
        tmp_path, names, seed, columns, question, node):
    g = _named_graph(names, seed)
    resp = _ask(tmp_path, pd.DataFrame(list(g.edges()), columns=columns), question)
    assert f"**{g.number_of_nodes()} nodes**" not in resp.answer, resp.answer
    if resp.status == "answered":
        assert f"{node} has degree **{g.degree(node)}**" in resp.answer, resp.answer
    else:
        assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("names", "seed", "columns", "question", "source", "target"), [
    (FRIENDS, 5, ["friend_a", "friend_b"], "gus to dara, how many hops?", "gus", "dara"),
    (FRIENDS, 5, ["friend_a", "friend_b"], "mei and gus - how far apart?", "mei", "gus"),
    (PETS, 4, ["dog", "playmate"], "rufus to nala, how many hops?", "rufus", "nala"),
    (PETS, 4, ["dog", "playmate"], "otis and bruno - how far apart?", "otis", "bruno"),
])
def test_a_lowercase_route_opening_the_question_is_read(tmp_path, names, seed, columns, question,
                                                        source, target):
    g = _named_graph(names, seed)
    resp = _ask(tmp_path, pd.DataFrame(list(g.edges()), columns=columns), question)
    assert resp.status == "answered", resp.answer
    assert f"from {source} to {target} has **{nx.shortest_path_length(g, source, target)} hop(s)**" \
        in resp.answer, resp.answer
