"""Two-mode tables in a user's words: a measure asked of the one-mode projection ("build the
diver-diver network: who is most central there?") is asked about, never answered on the
two-mode graph nor with the projection's top pairs; a side named by a node table's kind
value ("which guild has the most members", "how many guilds is Ona in") is that side,
not a filter; "fellow members" and "-mates" are the nodes sharing a partner; a side
counted alone ("how many sailors are there") is that side's size; and "how many friends
of friends does Ada have" counts the nodes exactly two steps away. networkx is the
oracle."""

from __future__ import annotations

import re

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

DIVES = pd.DataFrame([("Ines", "Thistlegorm"), ("Ines", "Rosalie"), ("Ines", "Zenobia"),
                      ("Marco", "Thistlegorm"), ("Marco", "Giannis"), ("Yuki", "Rosalie"),
                      ("Yuki", "Zenobia"), ("Yuki", "Giannis"), ("Olu", "Zenobia"),
                      ("Petra", "Thistlegorm"), ("Petra", "Zenobia"), ("Petra", "Rosalie"),
                      ("Sven", "Kittiwake")], columns=["diver", "wreck"])
CASTS = pd.DataFrame([("R. Okoye", "Dust Road"), ("R. Okoye", "Night Ferry"),
                      ("B. Lind", "Night Ferry"), ("B. Lind", "Glass Harbour"),
                      ("T. Mora", "Glass Harbour"), ("T. Mora", "Dust Road"),
                      ("T. Mora", "Night Ferry"), ("K. Sato", "Paper Moon")],
                     columns=["performer", "production"])
GUILD = pd.DataFrame([("Hale", "Weavers"), ("Hale", "Potters"), ("Ruth", "Weavers"),
                      ("Ona", "Smiths"), ("Ona", "Potters"), ("Ezra", "Smiths"),
                      ("Ezra", "Weavers"), ("Lise", "Glaziers"), ("Tomas", "Potters")],
                     columns=["artisan", "guild"])
GUILD_KINDS = pd.DataFrame(
    [(n, "artisan") for n in ["Hale", "Ruth", "Ona", "Ezra", "Lise", "Tomas", "Bram"]]
    + [(n, "guild") for n in ["Weavers", "Potters", "Smiths", "Glaziers", "Carvers"]],
    columns=["name", "kind"])
LABS = pd.DataFrame([("dr_ash", "Optics"), ("dr_ash", "Cryo"), ("dr_bey", "Optics"),
                     ("dr_cho", "Optics"), ("dr_cho", "Genomics"), ("dr_dua", "Genomics"),
                     ("dr_eke", "Cryo")], columns=["scientist", "lab"])
LAB_TYPES = pd.DataFrame(
    [(n, "scientist") for n in ["dr_ash", "dr_bey", "dr_cho", "dr_dua", "dr_eke"]]
    + [(n, "lab") for n in ["Optics", "Cryo", "Genomics", "Nano"]],
    columns=["id", "entity_type"])
CREW = pd.DataFrame([("Zed", "Falcon"), ("Abe", "Falcon"), ("Abe", "Osprey"),
                     ("Kim", "Heron"), ("Lu", "Heron"), ("Mo", "Kestrel")],
                    columns=["sailor", "boat"])
RIDERS = pd.DataFrame([("Ada", "Bo"), ("Bo", "Cai"), ("Cai", "Dee"), ("Dee", "Ada"),
                       ("Cai", "Eli"), ("Eli", "Fay"), ("Gus", "Hal")],
                      columns=["rider_a", "rider_b"])
PENPALS = pd.DataFrame([("Noor", "Otto"), ("Otto", "Pia"), ("Pia", "Quin"), ("Otto", "Rhea"),
                        ("Rhea", "Sami"), ("Noor", "Tove")], columns=["writer", "penpal"])


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(["dives", "casts", "crew", "riders", "penpals"], tmp_path_factory)


def _graph(table: pd.DataFrame) -> nx.Graph:
    return nx.from_pandas_edgelist(table, *table.columns[:2])


def _ask_with_kinds(folder, edges: pd.DataFrame, nodes: pd.DataFrame, question: str):
    from tests.planner_support import ask_as_csv_files

    return ask_as_csv_files(folder, edges, nodes, question)


@pytest.mark.parametrize(("name", "table", "question"), [
    ("dives", DIVES, "build the diver-diver network: who is most central there?"),
    ("dives", DIVES, "in the wreck-wreck projection, which wreck has the highest betweenness?"),
    ("casts", CASTS, "project the performers onto one network and tell me the most central "
                     "performer"),
    ("casts", CASTS, "make the performer-performer graph; which performer is the biggest hub?"),
])
def test_a_measure_of_the_projection_is_asked_about_not_read_off_the_two_mode_graph(
        agents, name, table, question):
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "needs_clarification", resp.answer


@pytest.mark.parametrize(("edges", "nodes", "side_col", "question", "side"), [
    (GUILD, GUILD_KINDS, "guild", "which guild has the most members", "guild"),
    (GUILD, GUILD_KINDS, "artisan", "which artisan is in the most guilds?", "artisan"),
    (LABS, LAB_TYPES, "lab", "Which lab has the most scientists?", "lab"),
    (LABS, LAB_TYPES, "scientist", "which scientist works in the most labs", "scientist"),
])
def test_a_side_named_by_a_kind_value_is_ranked_by_its_links(tmp_path, edges, nodes, side_col,
                                                             question, side):
    degree = edges.groupby(side_col).size()
    top = sorted(degree[degree == degree.max()].index)
    resp = _ask_with_kinds(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert f"**{degree.max()}**" in resp.answer
    assert sorted(re.findall(r"\*\*([^*]+)\*\*", resp.answer.split(":", 1)[-1])) == top \
        or (len(top) == 1 and f"**{top[0]}**" in resp.answer), resp.answer


@pytest.mark.parametrize(("edges", "nodes", "node", "question"), [
    (GUILD, GUILD_KINDS, "Ona", "how many guilds is Ona in?"),
    (LABS, LAB_TYPES, "dr_ash", "how many labs is dr_ash in?"),
])
def test_one_nodes_partners_are_counted_on_a_side_named_by_a_kind_value(tmp_path, edges, nodes,
                                                                         node, question):
    resp = _ask_with_kinds(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert f"is linked to **{_graph(edges).degree(node)}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("edges", "nodes", "node", "question", "side"), [
    (GUILD, GUILD_KINDS, "Tomas", "who are Tomas's fellow guild members", "artisans"),
    (GUILD, GUILD_KINDS, "Hale", "who are Hale's guild-mates?", "artisans"),
    (LABS, LAB_TYPES, "dr_cho", "who are the lab mates of dr_cho?", "scientists"),
])
def test_fellow_members_and_mates_are_the_nodes_sharing_a_partner(tmp_path, edges, nodes, node,
                                                                  question, side):
    g = _graph(edges)
    shared = {p for t in g[node] for p in g[t]} - {node}
    resp = _ask_with_kinds(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert re.search(rf"\*\*{len(shared)}\*\* {side} share", resp.answer), resp.answer
    assert set(re.findall(r"\*\*([^*]+)\*\*", resp.answer.split(":", 1)[1])) == shared


def test_fellow_divers_without_a_node_table_are_the_nodes_sharing_a_wreck(agents):
    g = _graph(DIVES)
    shared = {p for t in g["Marco"] for p in g[t]} - {"Marco"}
    resp = agents["dives"].ask("list Marco's fellow divers", attach=[DIVES])
    assert resp.status == "answered", resp.answer
    assert set(re.findall(r"\*\*([^*]+)\*\*", resp.answer.split(":", 1)[1])) == shared


@pytest.mark.parametrize(("name", "table", "question", "column"), [
    ("crew", CREW, "how many sailors are there?", "sailor"),
    ("crew", CREW, "How many boats are there", "boat"),
    ("dives", DIVES, "how many wrecks are there", "wreck"),
    ("dives", DIVES, "how many divers are there?", "diver"),
])
def test_a_side_counted_alone_is_that_sides_number(agents, name, table, question, column):
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"There are **{table[column].nunique()}** {column}s."), \
        resp.answer


def test_a_kind_sides_count_includes_its_nodes_in_no_edge(tmp_path):
    resp = _ask_with_kinds(tmp_path, GUILD, GUILD_KINDS, "how many guilds are there")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"There are **{(GUILD_KINDS.kind == 'guild').sum()}** guilds.")


@pytest.mark.parametrize(("name", "table", "node", "question"), [
    ("riders", RIDERS, "Ada", "how many friends of friends does Ada have"),
    ("riders", RIDERS, "Bo", "How many friends of friends has Bo got?"),
    ("penpals", PENPALS, "Noor", "how many friends-of-friends does Noor have?"),
    ("penpals", PENPALS, "Otto", "how many contacts of contacts does Otto have"),
])
def test_friends_of_friends_are_the_nodes_exactly_two_steps_away(agents, name, table, node,
                                                                 question):
    dist = nx.single_source_shortest_path_length(_graph(table), node)
    two = sorted(n for n, d in dist.items() if d == 2)
    resp = agents[name].ask(question, attach=[table])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{len(two)}** "), resp.answer
    listed = re.search(rf"from {node} \(([^)]*)\)", resp.answer)
    assert listed and sorted(listed.group(1).split(", ")) == two, resp.answer
