"""One node's ties asked in a user's own words, on tables with new column names: a one-way
verb ("who does eli follow") on a table the loader kept undirected is asked about, never
answered with every neighbour; a lower-case mention of a capitalised name ("who does maya
know") and a numbered node named with the data's noun ("station 102") are that node; and
"how many connections does the captain have" is never answered with the graph's size.
networkx is the oracle."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest

from tests.test_directed_totals import _ask

FANS = pd.DataFrame([("ana", "bo"), ("ana", "cy"), ("bo", "cy"), ("dee", "cy"), ("eli", "cy"),
                     ("cy", "ana"), ("eli", "ana"), ("eli", "bo"), ("eli", "dee"),
                     ("fay", "eli")], columns=["admirer", "idol"])
PATRONS = pd.DataFrame([("Quill", "Reyes"), ("Quill", "Soto"), ("Tarn", "Reyes"),
                        ("Reyes", "Soto"), ("Umber", "Quill")], columns=["patron", "artist"])
CREW = pd.DataFrame([("Maya", "Omar"), ("Maya", "Lena"), ("Maya", "Tobias"), ("Maya", "Ines"),
                     ("Omar", "Lena"), ("Lena", "Kofi"), ("Kofi", "Priya"), ("Priya", "Sven"),
                     ("Sven", "Kofi"), ("Tobias", "Ines"), ("Ravi", "Zoe")],
                    columns=["deckhand", "crewmate"])
ROPES = pd.DataFrame([("Harriet", "Ivo"), ("Harriet", "Juno"), ("Ivo", "Juno"), ("Juno", "Kasimir"),
                      ("Kasimir", "Leopold"), ("Leopold", "Harriet")],
                     columns=["climber", "rope_partner"])
STATIONS = pd.DataFrame([(101, 102), (102, 103), (103, 104), (104, 101), (102, 105), (105, 106),
                         (107, 108), (108, 109), (110, 111)], columns=["stn_u", "stn_v"])
CELLS = pd.DataFrame([(7, 12), (12, 19), (19, 7), (12, 23), (23, 31), (31, 40)],
                     columns=["cell_a", "cell_b"])


def _graph(table: pd.DataFrame, directed: bool = False) -> nx.Graph:
    g = nx.DiGraph() if directed else nx.Graph()
    g.add_edges_from(table.iloc[:, :2].itertuples(index=False, name=None))
    return g


@pytest.mark.parametrize("table, question", [
    (FANS, "who does eli follow?"),
    (FANS, "who follows cy?"),
    (FANS, "how many admirers does ana have"),
    (FANS, "list everyone eli follows"),
    (PATRONS, "who does Quill pay?"),
    (PATRONS, "how many people does Quill fund"),
    (PATRONS, "which artists did Umber sponsor?"),
])
def test_a_one_way_verb_on_an_undirected_table_asks_instead_of_listing_every_neighbour(
        tmp_path, table, question):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "needs_clarification", resp.answer
    assert "undirected" in resp.answer


@pytest.mark.parametrize("table, question, node", [
    (FANS.rename(columns={"admirer": "follower", "idol": "followee"}), "who does eli follow?",
     "eli"),
    (PATRONS.rename(columns={"patron": "payer", "artist": "payee"}), "who does Quill pay?",
     "Quill"),
])
def test_the_same_verb_on_a_directed_table_lists_the_out_neighbours(tmp_path, table, question,
                                                                    node):
    want = sorted(_graph(table, directed=True).successors(node))
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"{node} has an edge out to **{len(want)}** node(s)" in resp.answer, resp.answer
    listed = resp.answer.split(":", 1)[1]
    assert sorted(n.strip(" .") for n in listed.split(",")) == want


@pytest.mark.parametrize("table, question, node", [
    (CREW, "who does maya know?", "Maya"),
    (CREW, "who are lena's neighbours?", "Lena"),
    (ROPES, "who does juno know?", "Juno"),
    (ROPES, "how many connections does harriet have?", "Harriet"),
])
def test_a_lower_case_mention_of_a_capitalised_name_is_that_node(tmp_path, table, question,
                                                                 node):
    g = _graph(table)
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"{node} has degree **{g.degree(node)}**" in resp.answer, resp.answer
    hop = resp.answer.split("at hop 1 (", 1)[1].split(")", 1)[0]
    assert sorted(hop.split(", ")) == sorted(g.neighbors(node))


@pytest.mark.parametrize("table, question, node", [
    (STATIONS, "how many connections does station 102 have?", 102),
    (STATIONS, "how many connections does 102 have?", 102),
    (STATIONS, "who are the neighbours of station 105?", 105),
    (CELLS, "how many links does cell 12 have?", 12),
    (CELLS, "what is the degree of cell 23?", 23),
])
def test_a_numbered_node_named_with_the_datas_noun_gets_its_own_degree(tmp_path, table,
                                                                       question, node):
    g = _graph(table)
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    assert f"{node} has degree **{g.degree(node)}**" in resp.answer, resp.answer


@pytest.mark.parametrize("table, question", [
    (CREW, "how many connections does the captain have?"),
    (ROPES, "how many ties does the guide have?"),
    (STATIONS, "how many connections does #102 have?"),
])
def test_one_things_connections_are_never_answered_with_the_graphs_size(tmp_path, table,
                                                                        question):
    resp = _ask(tmp_path, table, question)
    assert resp.status == "needs_clarification", resp.answer
    assert "loaded graph" not in resp.answer


STAFF = pd.DataFrame([("Iris", "Jonas"), ("Iris", "Kemal"), ("Jonas", "Kemal"), ("Kemal", "Lotte"),
                      ("Lotte", "Milo"), ("Milo", "Nadia"), ("Nadia", "Lotte"), ("Oskar", "Iris"),
                      ("Oskar", "Nadia")], columns=["emp_a", "emp_b"])


@pytest.mark.parametrize("table, question, node", [
    (CREW, "list everyone Maya works with", "Maya"),
    (STAFF, "list everyone Kemal works with", "Kemal"),
    (STAFF, "name all the people Oskar talks to", "Oskar"),
    (STATIONS, "list all the stations 102 connects to", 102),
])
def test_list_everyone_a_node_works_with_names_its_neighbours(tmp_path, table, question, node):
    g = _graph(table)
    resp = _ask(tmp_path, table, question)
    assert resp.status == "answered", resp.answer
    hop = resp.answer.split("at hop 1 (", 1)[1].split(")", 1)[0]
    assert sorted(hop.split(", ")) == sorted(str(n) for n in g.neighbors(node))
