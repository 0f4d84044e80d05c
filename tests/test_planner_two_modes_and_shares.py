"""Two-mode tables, group shares and removals as a new user words them, on graphs with
different vocabularies: the nodes sharing a partner with a named one ("who shares a grant
with kowalska", "how many volunteers does hana work alongside"), one side ranked only by
what the graph counts ("the most brilliant researcher" is asked about), the share of edges
and of their values within one group, a pair's reach after a removal named in several
words, every cut point listed, and a count of one column's nodes asked about when the
columns do not split the nodes. networkx is the oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

GRANTS = [("okafor", "ERC-2291"), ("m.rossi", "ERC-2291"), ("li_na", "ERC-2291"),
          ("okafor", "NSF-CORE"), ("dubois", "NSF-CORE"), ("kowalska", "Horizon MARE"),
          ("m.rossi", "Horizon MARE"), ("li_na", "Horizon MARE"), ("kowalska", "DFG-Klima"),
          ("ibsen", "DFG-Klima"), ("tanaka", "WT-77"), ("nguyen", "WT-77")]
SIGNUPS = [("hana", "Shelter"), ("ivo", "Shelter"), ("hana", "Garden"), ("kemal", "Garden"),
           ("lea", "Garden"), ("lea", "Library"), ("mo", "Library"), ("ivo", "Library")]
LOANS = pd.DataFrame([("Banca Alpina", "Muller GmbH", 2500), ("Banca Alpina", "NordKredit", 5000),
                      ("NordKredit", "Banca Alpina", 5000), ("NordKredit", "windpark", 4200),
                      ("Fondo Sole", "windpark", 2000), ("Muller GmbH", "Tessile", 150)],
                     columns=["lender", "borrower", "amount_eur"])
SECTORS = pd.DataFrame({"id": ["Banca Alpina", "NordKredit", "Muller GmbH", "windpark",
                               "Fondo Sole", "Tessile"],
                        "sector": ["bank", "bank", "industry", "energy", "fund", "industry"]})
CANALS = pd.DataFrame([("Lake Mora", "Bruck weir"), ("Bruck weir", "Kessel junction"),
                       ("Kessel junction", "Lock 12"), ("Lock 12", "Port Ardel"),
                       ("Bruck weir", "Millrace"), ("Millrace", "Lock 12")],
                      columns=["upstream", "downstream"])
TRAMS = pd.DataFrame([("Markt", "Rathaus"), ("Rathaus", "Theater"), ("Theater", "Markt"),
                      ("Rathaus", "Zoo"), ("Zoo", "Ostpark"), ("Theater", "Hafen"),
                      ("T1", "T2"), ("T2", "Cargo")], columns=["stop_a", "stop_b"])


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(["grants", "signups", "loans", "canals", "trams", "mixed", "crew",
                           "chat"],
                          tmp_path_factory)


def _two_mode(pairs, source: str, target: str) -> pd.DataFrame:
    return pd.DataFrame(pairs, columns=[source, target])


def _bold(answer: str) -> set[str]:
    return set(re.findall(r"\*\*([^*]+)\*\*", answer))


@pytest.mark.parametrize(("name", "pairs", "cols", "question", "node"), [
    ("grants", GRANTS, ("researcher", "grant"), "Who shares at least one grant with kowalska?",
     "kowalska"),
    ("signups", SIGNUPS, ("volunteer", "project"),
     "how many other volunteers does hana work alongside on at least one project?", "hana"),
])
def test_the_nodes_sharing_a_partner_with_a_named_one_are_two_steps_away(
        agents, name, pairs, cols, question, node):
    g = nx.Graph(pairs)
    mates = {v for v, d in nx.single_source_shortest_path_length(g, node, cutoff=2).items()
             if d == 2}
    resp = agents[name].ask(question, attach=[_two_mode(pairs, *cols)])
    assert resp.status == "answered", resp.answer
    assert str(len(mates)) in _bold(resp.answer) and mates <= _bold(resp.answer), resp.answer


@pytest.mark.parametrize(("question", "status"), [
    ("Which researcher is the most brilliant?", "needs_clarification"),
    ("Which researcher holds the most grants?", "answered"),
])
def test_one_side_is_ranked_only_by_what_the_graph_counts(agents, question, status):
    resp = agents["grants"].ask(question, attach=[_two_mode(GRANTS, "researcher", "grant")])
    assert resp.status == status, resp.answer
    if status == "answered":
        assert {"okafor", "li_na", "m.rossi", "kowalska"} & _bold(resp.answer), resp.answer


def test_a_count_of_clusters_of_both_sides_is_not_answered_with_the_sides(agents):
    resp = agents["grants"].ask("How many separate clusters of researchers and grants are "
                                "there?", attach=[_two_mode(GRANTS, "researcher", "grant")])
    assert "bipartite" not in resp.answer, resp.answer


def test_a_removal_named_with_cancelled_counts_the_parts_left(agents):
    g = nx.Graph(GRANTS)
    g.remove_node("Horizon MARE")
    resp = agents["grants"].ask("If Horizon MARE got cancelled, how many separate groups would "
                                "the researchers and grants fall into?",
                                attach=[_two_mode(GRANTS, "researcher", "grant")])
    assert resp.status == "answered", resp.answer
    assert f"**{nx.number_connected_components(g)} connected component(s)**" in resp.answer


@pytest.mark.parametrize(("question", "lead"), [
    ("What fraction of the total amount lent stays within the same sector?", "within_value"),
    ("What share of the loans cross between sectors?", "between_edges"),
])
def test_the_share_within_or_between_groups_is_stated(agents, question, lead):
    sector = dict(zip(SECTORS["id"], SECTORS["sector"], strict=True))
    same = LOANS["lender"].map(sector) == LOANS["borrower"].map(sector)
    want = {"within_value": LOANS["amount_eur"][same].sum() / LOANS["amount_eur"].sum(),
            "between_edges": (~same).mean()}[lead]
    resp = agents["loans"].ask(question, attach=[LOANS, SECTORS])
    assert resp.status == "answered", resp.answer
    first = float(re.match(r"\*\*([\d.]+)\*\*", resp.answer).group(1))
    assert abs(first - want) < 1e-3, resp.answer


CHAT = pd.DataFrame([("ana", "Chen Wei", 34), ("Chen Wei", "ana", 29), ("ana", "Ivo", 12),
                     ("Kwame", "fatou", 25), ("Kwame", "Gustavo", 19), ("Kwame", "ana", 3),
                     ("Otto", "Kwame", 6)], columns=["sender", "recipient", "messages"])


@pytest.mark.parametrize(("name", "table", "question", "source", "column"), [
    ("loans", LOANS, "Who lends the most in total?", "lender", "amount_eur"),
    ("loans", LOANS, "Which party borrows the most money overall?", "borrower", "amount_eur"),
    ("chat", CHAT, "Who sends the most messages?", "sender", "messages"),
])
def test_a_nodes_summed_edge_values_rank_it_not_its_edge_count(
        agents, name, table, question, source, column):
    sums = table.groupby(source)[column].sum()
    resp = agents[name].ask(question, attach=[table] + ([SECTORS] if name == "loans" else []))
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{sums.idxmax()}**"), resp.answer
    assert f"**{sums.max()}**" in resp.answer and "degree" not in resp.answer


@pytest.mark.parametrize(("gone", "question"), [
    ("Kessel junction", "If Kessel junction were shut, could water from Lake Mora still get "
                        "down to Port Ardel?"),
    ("Millrace", "If Millrace closes, can water from Lake Mora still make it to Port Ardel?"),
])
def test_a_pairs_reach_after_a_removal_reads_names_of_several_words(agents, gone, question):
    g = nx.from_pandas_edgelist(CANALS, "upstream", "downstream", create_using=nx.DiGraph)
    g.remove_node(gone)
    resp = agents["canals"].ask(question, attach=[CANALS])
    assert resp.status == "answered", resp.answer
    want = "**Yes**" if nx.has_path(g, "Lake Mora", "Port Ardel") else "**No**"
    assert resp.answer.lstrip().startswith(want) or want in resp.answer[:200], resp.answer


def test_every_cut_point_is_listed_when_the_list_is_whole(agents):
    cuts = set(nx.articulation_points(nx.from_pandas_edgelist(TRAMS, "stop_a", "stop_b")))
    resp = agents["trams"].ask("List every stop whose closure would break the network into "
                               "pieces.", attach=[TRAMS])
    assert resp.status == "answered", resp.answer
    listed = re.search(r"articulation point\(s\): ([^,]+(?:, [^,]+)*),", resp.answer)
    assert listed and set(listed.group(1).split(", ")) == cuts, resp.answer


@pytest.mark.parametrize(("name", "table", "question", "status"), [
    ("mixed", pd.DataFrame([("okafor", "ERC-2291"), ("ERC-2291", "li_na"), ("li_na", "NSF")],
                           columns=["researcher", "grant"]),
     "How many researchers are in the table?", "needs_clarification"),
    ("crew", pd.DataFrame([("ada", "bo"), ("bo", "cy"), ("cy", "ada")],
                          columns=["person", "colleague"]),
     "How many people are in this network?", "answered"),
])
def test_a_count_of_one_columns_nodes_is_asked_about_when_the_columns_mix(
        agents, name, table, question, status):
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == status, resp.answer


@pytest.mark.parametrize(("name", "pairs", "cols", "question", "op"), [
    ("grants", GRANTS, ("researcher", "grant"), "how many researchers are on more than one grant?",
     lambda d: d > 1),
    ("signups", SIGNUPS, ("volunteer", "project"), "list the volunteers with only one project",
     lambda d: d == 1),
])
def test_a_count_of_the_other_sides_nodes_is_a_degree_threshold_on_one_side(
        agents, name, pairs, cols, question, op):
    g = nx.Graph(pairs)
    side = {u for u, _ in pairs}
    want = {n for n in side if op(g.degree(n))}
    resp = agents[name].ask(question, attach=[_two_mode(pairs, *cols)])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(want)}** of {len(side)}"), resp.answer
    assert all(n in resp.answer for n in want), resp.answer


def test_one_named_pairs_shared_partners_are_counted(agents):
    g = nx.Graph(SIGNUPS)
    resp = agents["signups"].ask("how many projects do ivo and lea have in common",
                                 attach=[_two_mode(SIGNUPS, "volunteer", "project")])
    assert resp.status == "answered", resp.answer
    assert f"**{len(list(nx.common_neighbors(g, 'ivo', 'lea')))}**" in resp.answer, resp.answer


@pytest.mark.parametrize("question", ["Which stops are within 2 stops of Theater?",
                                      "which stops are within 2 hops of Theater"])
def test_which_nodes_lie_within_k_hops_are_named_not_only_counted(agents, question):
    g = nx.from_pandas_edgelist(TRAMS, "stop_a", "stop_b")
    near = set(nx.single_source_shortest_path_length(g, "Theater", cutoff=2)) - {"Theater"}
    resp = agents["trams"].ask(question, attach=[TRAMS])
    assert resp.status == "answered", resp.answer
    assert all(n in resp.answer for n in near), resp.answer


def test_the_fewest_segments_between_two_nodes_is_the_hop_count(agents):
    g = nx.from_pandas_edgelist(TRAMS, "stop_a", "stop_b")
    resp = agents["trams"].ask("What's the fewest number of segments I have to ride from Markt "
                               "to Ostpark?", attach=[TRAMS])
    assert resp.status == "answered", resp.answer
    assert f"**{nx.shortest_path_length(g, 'Markt', 'Ostpark')} hop(s)**" in resp.answer


@pytest.mark.parametrize(("name", "table", "question", "end", "column"), [
    ("loans", LOANS, "What's the largest single loan and between whom?", "max", "amount_eur"),
    ("loans", LOANS, "What is the smallest loan?", "min", "amount_eur"),
    ("chat", CHAT, "strongest message line?", "max", "messages"),
])
def test_the_edge_holding_the_extreme_value_is_named_in_the_datas_nouns(
        agents, name, table, question, end, column):
    value = table[column].max() if end == "max" else table[column].min()
    resp = agents[name].ask(question, attach=[table] + ([SECTORS] if name == "loans" else []))
    assert resp.status == "answered", resp.answer
    assert f"**{value}**" in resp.answer, resp.answer
    row = table[table[column] == value].iloc[0]
    assert row.iloc[0] in resp.answer and row.iloc[1] in resp.answer, resp.answer


def test_the_heaviest_pair_named_by_its_columns_is_the_heaviest_edge(agents):
    resp = agents["chat"].ask("What's the single heaviest sender -> recipient pair by messages?",
                              attach=[CHAT])
    assert resp.status == "answered", resp.answer
    top = CHAT.loc[CHAT["messages"].idxmax()]
    assert f"**{top['messages']}**" in resp.answer and top["recipient"] in resp.answer


@pytest.mark.parametrize(("cols", "question"), [
    (("substation_a", "substation_b"), "which substation has the most lines?"),
    (("hut_a", "hut_b"), "which hut has the most trails?"),
])
def test_the_datas_own_edge_nouns_rank_by_degree(agents, cols, question):
    table = TRAMS.set_axis(list(cols), axis=1)
    g = nx.from_pandas_edgelist(table, *cols)
    best = max(d for _, d in g.degree())
    resp = agents["trams"].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    top = re.search(r"Highest degree: ([^(]+) \((\d+)\)", resp.answer)
    assert top and g.degree(top.group(1)) == best == int(top.group(2)), resp.answer


@pytest.mark.parametrize(("question", "both"), [
    ("Which stops are directly connected to Markt?", False),
    ("Which stops are directly connected to both Markt and Rathaus?", True),
])
def test_one_nodes_direct_neighbours_are_listed_and_two_nodes_shared_ones(agents, question, both):
    g = nx.from_pandas_edgelist(TRAMS, "stop_a", "stop_b")
    resp = agents["trams"].ask(question, attach=[TRAMS])
    assert resp.status == "answered", resp.answer
    if both:  # never one node's neighbours: the two stops' shared ones
        shared = sorted(nx.common_neighbors(g, "Markt", "Rathaus"))
        assert f"share **{len(shared)}** neighbour(s): {', '.join(shared)}." in resp.answer
    else:
        assert all(n in resp.answer for n in g["Markt"]), resp.answer
