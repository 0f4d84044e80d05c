"""The data's own words for its columns and groups: a threshold on a numeric node column
named by a word of its name or by the unit after the number ("more than 10 crew", "played
more than 5 seasons", "open for more than 50 years") counts that column, never degree; a
unit no count of ties has, on a graph with no such column, is asked about; edges that
"cross squad boundaries" are counted between the groups, and a word before the group
column that is none of its values is no filter; "where's the depth lowest" ranks by the
column; one named group's total or average ("total crew in outer isles", "combined seasons
for green") and the group with the most of a column named by any word of it ("the most
goals in total" for ``career_goals``). Two small graphs with different vocabularies;
networkx and pandas are the oracles."""

from __future__ import annotations

import networkx as nx
import pandas as pd
import pytest
from planner_support import agents_for, ask_as_csv_files

FERRY_EDGES = pd.DataFrame(
    [("Oban", "Mull", 40), ("Oban", "Islay", 25), ("Mull", "Coll", 8), ("Coll", "Tiree", 6),
     ("Oban", "Tiree", 12), ("Islay", "Jura", 5), ("Oban", "Skye", 30), ("Skye", "Harris", 20),
     ("Harris", "Lewis", 35), ("Skye", "Lewis", 9), ("Mull", "Iona", 3), ("Arran", "Bute", 2)],
    columns=["harbour_a", "harbour_b", "freight_kt"])
FERRY_NODES = pd.DataFrame(
    [("Oban", "Mainland", 12.5, 40, 160), ("Mull", "Inner Isles", 6.0, 12, 95),
     ("Islay", "Inner Isles", 8.2, 10, 70), ("Coll", "Inner Isles", 4.1, 3, 20),
     ("Tiree", "Inner Isles", 3.9, 4, 35), ("Jura", "Inner Isles", 5.0, 2, 12),
     ("Skye", "Inner Isles", 9.4, 20, 110), ("Harris", "Outer Isles", 7.7, 6, 48),
     ("Lewis", "Outer Isles", 10.1, 15, 130), ("Iona", "Inner Isles", 2.5, 1, 9),
     ("Arran", "Clyde", 6.6, 8, 60), ("Bute", "Clyde", 5.2, 5, 55)],
    columns=["harbour", "coast", "depth_m", "crew_count", "service_years"])
COACH_EDGES = pd.DataFrame(
    [("Hale", "Ruiz"), ("Hale", "Okafor"), ("Hale", "Lind"), ("Ruiz", "Berg"), ("Ruiz", "Tanaka"),
     ("Okafor", "Tanaka"), ("Okafor", "Vance"), ("Lind", "Moreau"), ("Moreau", "Quist"),
     ("Quist", "Hale"), ("Vance", "Zeller"), ("Dunn", "Espino")], columns=["coach", "trainee"])
COACH_NODES = pd.DataFrame(
    [("Hale", "Red", 14, 30), ("Ruiz", "Red", 6, 12), ("Okafor", "Blue", 9, 41),
     ("Lind", "Blue", 3, 5), ("Berg", "Red", 1, 0), ("Tanaka", "Blue", 2, 3),
     ("Vance", "Green", 7, 18), ("Moreau", "Green", 4, 9), ("Quist", "Green", 11, 22),
     ("Zeller", "Blue", 1, 1), ("Dunn", "Green", 5, 7), ("Espino", "Red", 2, 2)],
    columns=["athlete", "squad", "seasons_played", "career_goals"])
TABLES = {"ferry": (FERRY_EDGES, FERRY_NODES), "coach": (COACH_EDGES, COACH_NODES)}


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    out = {}
    for name, (edges, nodes) in TABLES.items():
        folder = tmp_path_factory.mktemp(f"{name}-tables")
        edges.to_csv(folder / "edges.csv", index=False)
        nodes.to_csv(folder / "nodes.csv", index=False)
        out[name] = [str(folder / "edges.csv"), str(folder / "nodes.csv")]
    return out


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def ask(agents, files, graph: str, question: str):
    return agents[graph].ask(question, attach=files[graph])


def graph_of(name: str) -> nx.Graph:
    edges, nodes = TABLES[name]
    g = nx.Graph()
    g.add_nodes_from((row[0], dict(zip(nodes.columns[1:], row[1:], strict=True)))
                     for row in nodes.itertuples(index=False))
    g.add_edges_from((a, b) for a, b, *_ in edges.itertuples(index=False))
    return g


@pytest.mark.parametrize(("graph", "question", "column", "above"), [
    ("ferry", "how many harbours have more than 10 crew?", "crew_count", 10),
    ("ferry", "how many harbours have a depth of more than 8 m?", "depth_m", 8),
    ("ferry", "how many harbours have been open for more than 50 years?", "service_years", 50),
    ("coach", "how many athletes have played more than 5 seasons?", "seasons_played", 5),
    ("coach", "which athletes have played over 4 seasons?", "seasons_played", 4),
])
def test_a_threshold_on_a_column_named_by_its_word_counts_that_column(
        agents, files, graph, question, column, above):
    g = graph_of(graph)
    passing = sorted(n for n, v in g.nodes(data=column) if v > above)
    resp = ask(agents, files, graph, question)
    assert resp.status == "answered", resp.answer
    assert f"**{len(passing)}** have {column} more than" in resp.answer, resp.answer
    assert all(n in resp.answer for n in passing), resp.answer
    assert not any(a.args.get("measure") == "degree" for a in resp.actions)


@pytest.mark.parametrize(("graph", "question"), [
    ("coach", "how many people have been here more than 5 years?"),
    ("coach", "how many athletes weigh more than 80 kg?"),
    ("ferry", "how many harbours are more than 3 km long?"),
])
def test_a_unit_no_count_of_ties_has_is_asked_about_not_read_as_degree(
        agents, files, graph, question):
    resp = ask(agents, files, graph, question)
    assert resp.status == "needs_clarification", resp.answer
    assert not any(a.tool == "nodes_by_measure" for a in resp.actions)


@pytest.mark.parametrize(("graph", "column", "question"), [
    ("coach", "squad", "how many coaching relationships cross squad boundaries?"),
    ("coach", "squad", "how many coaching ties cross squads?"),
    ("coach", "squad", "how many links join athletes of different squads?"),
    ("ferry", "coast", "how many routes cross coast lines?"),
    ("ferry", "coast", "how many routes connect harbours in different coasts?"),
])
def test_edges_crossing_group_boundaries_are_counted_between_the_groups(
        agents, files, graph, column, question):
    g = graph_of(graph)
    between = sum(1 for a, b in g.edges if g.nodes[a][column] != g.nodes[b][column])
    resp = ask(agents, files, graph, question)
    assert resp.status == "answered", resp.answer
    assert f"**{between}** edges go between {column} groups" in resp.answer, resp.answer
    assert f"and {g.number_of_edges() - between} within one" in resp.answer, resp.answer
    assert not any(a.tool == "subgraph_extraction" for a in resp.actions)


@pytest.mark.parametrize(("graph", "question", "column", "lowest"), [
    ("ferry", "Where's the depth lowest?", "depth_m", True),
    ("ferry", "where is the crew largest?", "crew_count", False),
    ("coach", "where are the career goals highest?", "career_goals", False),
])
def test_where_a_column_is_lowest_or_highest_names_that_node(
        agents, files, graph, question, column, lowest):
    nodes = TABLES[graph][1]
    best = nodes.sort_values(column, ascending=lowest).iloc[0]
    resp = ask(agents, files, graph, question)
    assert resp.status == "answered", resp.answer
    assert f"the {'lowest' if lowest else 'highest'} {column} is **{best.iloc[0]}**" in \
        resp.answer, resp.answer


@pytest.mark.parametrize(("graph", "question", "column", "value", "how"), [
    ("ferry", "what is the total crew of the Inner Isles coast?", "crew_count", "Inner Isles",
     "total"),
    ("ferry", "total crew in outer isles", "crew_count", "Outer Isles", "total"),
    ("ferry", "what's the average depth in Clyde?", "depth_m", "Clyde", "average"),
    ("coach", "total seasons played in Red", "seasons_played", "Red", "total"),
    ("coach", "combined career goals for green", "career_goals", "Green", "total"),
    ("coach", "what is the average number of seasons in the Blue squad?", "seasons_played",
     "Blue", "average"),
])
def test_one_named_groups_total_or_average_of_a_column(
        agents, files, graph, question, column, value, how):
    nodes = TABLES[graph][1]
    group = nodes.columns[1]
    picked = nodes[nodes[group] == value][column]
    figure = picked.sum() if how == "total" else picked.mean()
    resp = ask(agents, files, graph, question)
    assert resp.status == "answered", resp.answer
    assert f"The {how} {column} in {value} ({group} = {value}) is **{figure:.4g}**" in \
        resp.answer, resp.answer


@pytest.mark.parametrize(("graph", "question", "column"), [
    ("coach", "which squad has the most goals in total?", "career_goals"),
    ("ferry", "which coast has the most crew in total?", "crew_count"),
])
def test_the_group_with_the_most_of_a_column_named_by_any_word_of_it(
        agents, files, graph, question, column):
    nodes = TABLES[graph][1]
    totals = nodes.groupby(nodes.columns[1])[column].sum()
    resp = ask(agents, files, graph, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{totals.idxmax()}** has the most {column}: "
                                  f"**{totals.max():.4g}**"), resp.answer


@pytest.mark.parametrize(("edges", "nodes", "question"), [
    (pd.DataFrame([("Lima", "Quito"), ("Lima", "Bogota"), ("Quito", "Bogota"), ("Bogota", "Cali"),
                   ("Lima", "Cusco")], columns=["city_a", "city_b"]),
     pd.DataFrame([("Lima", 10), ("Quito", 3), ("Bogota", 8), ("Cali", 2), ("Cusco", 1)],
                  columns=["city", "city_population"]),
     "which city has the most links?"),
    (pd.DataFrame([("Oban", "Mull"), ("Oban", "Iona"), ("Mull", "Iona"), ("Oban", "Skye")],
                  columns=["harbour_a", "harbour_b"]),
     pd.DataFrame([("Oban", 1), ("Mull", 9), ("Iona", 4), ("Skye", 2)],
                  columns=["harbour", "harbour_fees"]),
     "which harbour has the most connections?"),
])
def test_the_node_noun_inside_a_column_name_does_not_name_that_column(
        tmp_path, edges, nodes, question):
    g = nx.Graph(list(edges.itertuples(index=False)))
    best = max(dict(g.degree).values())
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert nodes.columns[1] not in resp.answer, resp.answer
    leaders = [n for n, d in g.degree if d == best]
    assert resp.answer.split("Highest degree: ")[1].split(" (")[0] in leaders, resp.answer


ROTA = (pd.DataFrame([("Tom", "Ann"), ("Ann", "Lee"), ("Lee", "Tom"), ("Sam", "Kit"), ("Kit", "Tom"),
                      ("Sam", "Ann")], columns=["medic_a", "medic_b"]),
        pd.DataFrame([("Tom", "unit 3", 4), ("Ann", "unit 3", 11), ("Lee", "unit 5", 7),
                      ("Sam", "unit 5", 2), ("Kit", "unit 3", 9)], columns=["medic", "team", "years"]))
CREW = (pd.DataFrame([("amy", "bea"), ("bea", "cal"), ("cal", "dan"), ("dan", "eve"),
                      ("fay", "gus"), ("gus", "amy")], columns=["pilot_a", "pilot_b"]),
        pd.DataFrame([("amy", "base 7", 12), ("bea", "base 7", 3), ("cal", "base 9", 8),
                      ("dan", "base 9", 15), ("eve", "base 7", 6), ("fay", "base 9", 9),
                      ("gus", "base 7", 1)], columns=["pilot", "base", "tenure_years"]))


@pytest.mark.parametrize(("tables", "question", "value"), [
    (ROTA, "Who in unit 3 has the most experience?", "unit 3"),
    (CREW, "Who in base 7 has the most experience?", "base 7"),
    (ROTA, "who is the most senior medic?", None),
    (CREW, "who has the longest tenure?", None),
])
def test_time_in_the_job_words_name_the_one_duration_column(tmp_path, tables, question, value):
    edges, nodes = tables
    group, column = nodes.columns[1], nodes.columns[2]
    among = nodes[nodes[group] == value] if value else nodes
    best = among.sort_values(column, ascending=False).iloc[0]
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert f"the highest {column} is **{best.iloc[0]}** ({best[column]})" in resp.answer, \
        resp.answer


@pytest.mark.parametrize(("tables", "question"), [
    (ROTA, "which team has the most experience in total years?"),
    (CREW, "which base has the most experience in total?"),
])
def test_the_group_with_the_most_time_in_the_job(tmp_path, tables, question):
    edges, nodes = tables
    totals = nodes.groupby(nodes.columns[1])[nodes.columns[2]].sum()
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith(f"**{totals.idxmax()}** has the most {nodes.columns[2]}: "
                                  f"**{totals.max()}**"), resp.answer
