"""Structure asked in the data's own words: cycles ("goods going round in circles"), the
largest strongly connected set ("where money can get from any one to any other"), the single
edge whose loss splits the graph ("which shipment, if cancelled"), the density ("what
fraction of all possible links exist") and the cut between two named nodes ("how many links
would have to fail to cut A off from B") — each answered by its own analysis on two tables
with their own column names, checked against networkx."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

DIRECTED = {
    "shipments": pd.DataFrame({
        "shipper": ["Oslo Co", "Birch", "Birch", "Cato", "Dune", "Dune", "Ember", "Fjord", "Gale",
                    "Hale", "Ivy Ltd"],
        "consignee": ["Birch", "Cato", "Dune", "Oslo Co", "Ember", "Fjord", "Dune", "Gale", "Hale",
                      "Gale", "Jade"]}),
    "payments": pd.DataFrame({
        "payer": ["ana", "bo", "cy", "cy", "dee", "eli", "fox", "gus"],
        "payee": ["bo", "cy", "ana", "dee", "eli", "dee", "gus", "hal"]}),
}
UNDIRECTED = {
    "ferries": pd.DataFrame({"port_a": ["Arlo", "Arlo", "Brisk", "Corv", "Dell", "Dell", "Ewe"],
                             "port_b": ["Brisk", "Corv", "Corv", "Dell", "Ewe", "Fay", "Fay"]}),
    "cables": pd.DataFrame({"exchange_1": ["Kip", "Kip", "Lom", "Lom", "Mar", "Nib"],
                            "exchange_2": ["Lom", "Mar", "Mar", "Nib", "Nib", "Oak"]}),
}
TABLES = {**DIRECTED, **UNDIRECTED}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _graph(name: str) -> nx.Graph:
    table = TABLES[name]
    return nx.from_pandas_edgelist(table, *table.columns[:2],
                                   create_using=nx.DiGraph if name in DIRECTED else nx.Graph)


def _bold(answer: str) -> set[str]:
    return set(answer.split("**")[1::2])


@pytest.mark.parametrize(("graph", "question"), [
    ("shipments", "do goods ever go round in a circle? which companies are involved"),
    ("payments", "is money going round in circles? who is involved?")])
def test_cycles_in_the_data_words_list_the_nodes_on_a_cycle(agents, graph, question):
    g = _graph(graph)
    on = {v for c in nx.simple_cycles(g) for v in c}
    resp = agents[graph].ask(question, attach=[TABLES[graph]])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**"), resp.answer
    assert on <= _bold(resp.answer), resp.answer


@pytest.mark.parametrize(("graph", "question"), [
    ("shipments", "do shipments ever come back to where they started?"),
    ("payments", "does any money go round in circles?")])
def test_cycles_in_the_data_words_are_counted_yes_or_no(agents, graph, question):
    cycles = len(list(nx.simple_cycles(_graph(graph))))
    resp = agents[graph].ask(question, attach=[TABLES[graph]])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**"), resp.answer
    assert f"**{cycles}** simple directed cycles" in resp.answer, resp.answer


@pytest.mark.parametrize(("graph", "question"), [
    ("shipments", "what's the largest set of companies where goods can get from any one to any "
                  "other?"),
    ("payments", "which is the biggest group of people where money can reach every one from "
                 "every other?")])
def test_largest_mutually_reaching_set_names_the_strong_component(agents, graph, question):
    largest = max(nx.strongly_connected_components(_graph(graph)), key=len)
    resp = agents[graph].ask(question, attach=[TABLES[graph]])
    assert resp.status == "answered", resp.answer
    assert f"{len(largest)} of {_graph(graph).number_of_nodes()} nodes" in resp.answer, resp.answer
    assert largest <= _bold(resp.answer.split(":")[0]), resp.answer  # the members first


@pytest.mark.parametrize(("graph", "question"), [
    ("ferries", "which ferry route, if closed, would split the network?"),
    ("cables", "which single cable, if it were cut, would disconnect the exchanges?")])
def test_which_single_edge_loss_splits_lists_the_bridges(agents, graph, question):
    bridges = list(nx.bridges(_graph(graph)))
    resp = agents[graph].ask(question, attach=[TABLES[graph]])
    assert resp.status == "answered", resp.answer
    assert f"**{len(bridges)} bridge edge(s)**" in resp.answer, resp.answer
    for a, b in bridges:
        assert f"{a}–{b}" in resp.answer or f"{b}–{a}" in resp.answer, resp.answer


@pytest.mark.parametrize(("graph", "question"), [
    ("shipments", "what fraction of all possible shipping links actually exist?"),
    ("cables", "what's the connectance, i.e. links divided by possible links?")])
def test_fraction_of_possible_links_is_the_density(agents, graph, question):
    resp = agents[graph].ask(question, attach=[TABLES[graph]])
    assert resp.status == "answered", resp.answer
    assert f"**{nx.density(_graph(graph)):.4f}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("graph", "question", "a", "b", "kind"), [
    ("ferries", "how many crossings would have to close to cut Arlo off from Fay?", "Arlo", "Fay",
     "edge"),
    ("cables", "how many cables would have to fail to cut Kip off from Oak?", "Kip", "Oak", "edge"),
    ("ferries", "how many ports would have to be closed to separate Arlo from Fay?", "Arlo",
     "Fay", "node")])
def test_how_many_must_go_to_cut_two_nodes_apart_is_their_connectivity(agents, graph, question,
                                                                        a, b, kind):
    g = _graph(graph)
    cut = nx.edge_connectivity(g, a, b) if kind == "edge" else nx.node_connectivity(g, a, b)
    resp = agents[graph].ask(question, attach=[TABLES[graph]])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{cut}** {kind}(s)"), resp.answer
    assert "shortest path" not in resp.answer, resp.answer
