"""On a two-mode table, "which chefs cook tiramisu or mochi" names two nodes of one side: the
answer lists the partners of each and those of either ("or") or of all ("and") — never the
first name's partners alone, which read as the whole answer (networkx is the oracle; two
tables with their own words)."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for

KITCHEN = pd.DataFrame(
    [("chef_amara", "tiramisu"), ("chef_dov", "tiramisu"), ("chef_cyd", "mochi"),
     ("chef_dov", "mochi"), ("chef_amara", "risotto"), ("chef_gil", "risotto"),
     ("chef_bo", "gyoza"), ("chef_cyd", "gyoza"), ("chef_bo", "ramen")],
    columns=["chef", "dish"])
FERRIES = pd.DataFrame(
    [("skiff_a", "harbour_n"), ("skiff_b", "harbour_n"), ("skiff_b", "harbour_s"),
     ("skiff_c", "harbour_s"), ("skiff_c", "harbour_w"), ("skiff_d", "harbour_w"),
     ("skiff_a", "harbour_e"), ("skiff_e", "harbour_e")],
    columns=["boat", "harbour"])
TABLES = {"kitchen": KITCHEN, "ferries": FERRIES}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _partners(name: str, a: str, b: str) -> tuple[set[str], set[str]]:
    g = nx.from_pandas_edgelist(TABLES[name], *TABLES[name].columns[:2])
    pa, pb = set(g[a]), set(g[b])
    return pa | pb, pa & pb


@pytest.mark.parametrize("name,question,a,b", [
    ("kitchen", "Which chefs cook tiramisu or mochi?", "tiramisu", "mochi"),
    ("ferries", "which boats call at harbour_n or harbour_s?", "harbour_n", "harbour_s")])
def test_either_of_two_named_nodes_lists_the_partners_of_both(agents, name, question, a, b):
    either, _ = _partners(name, a, b)
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer  # never the first name's list alone
    assert f"**{len(either)}**" in resp.answer, resp.answer
    assert all(p in resp.answer for p in either), resp.answer


@pytest.mark.parametrize("name,question,a,b", [
    ("kitchen", "which chefs cook tiramisu and mochi?", "tiramisu", "mochi"),
    ("ferries", "which boats call at harbour_s and harbour_w?", "harbour_s", "harbour_w")])
def test_both_of_two_named_nodes_names_the_shared_partners(agents, name, question, a, b):
    either, both = _partners(name, a, b)
    resp = agents[name].ask(question, attach=[TABLES[name]])
    assert resp.status == "answered", resp.answer
    assert f"**{len(both)}**" in resp.answer and f"**{len(either)}**" in resp.answer, resp.answer
    assert all(p in resp.answer for p in both), resp.answer


def test_one_named_node_still_lists_its_partners(agents):
    resp = agents["kitchen"].ask("Which chefs cook tiramisu?", attach=[KITCHEN])
    assert resp.status == "answered", resp.answer
    assert "chef_amara" in resp.answer and "chef_dov" in resp.answer
    assert "chef_cyd" not in resp.answer
