"""What a hurried user's words mean on data of our own: a threshold said in weeks on a
``lead_days`` column is converted; a route on a table of two-way segments read as directed
is still measured (with direction ignored, and said so); a magnitude no column holds (cost,
attendance, reply time) and a change over time (vs last year, unfollowed) are asked, never
answered with a degree; the modularity of a group attribute's own split is that partition's,
never detected communities'. networkx is the oracle."""

from __future__ import annotations

import math
import re

import networkx as nx
import pandas as pd
import pytest

from tests.planner_support import agents_for

_SUP = nx.gnm_random_graph(24, 50, seed=3, directed=True)
SUPPLY = pd.DataFrame([(f"s{u:02d}", f"s{v:02d}", 2 + (5 * u + 3 * v) % 27) for u, v in _SUP.edges()],
                      columns=["vendor", "buyer", "lead_days"])
SUPPLY_NODES = pd.DataFrame({"id": [f"s{n:02d}" for n in _SUP],
                             "country": [["Vietnam", "Mexico", "Poland"][n % 3] for n in _SUP]})
#: a line of stations listed westward: read as directed by its from/to columns, no station
#: reaches a station east of it, and none west of it reaches back
# Carrow -> Dunmore is also listed back: one-way records, so the table reads directed
RAIL = pd.DataFrame([("Ashby", "Brome", 12), ("Carrow", "Brome", 9), ("Carrow", "Dunmore", 20),
                     ("Dunmore", "Carrow", 20), ("Elstead", "Dunmore", 7), ("Fairlop", "Elstead", 5)],
                    columns=["from_station", "to_station", "minutes"])
_KARATE = nx.karate_club_graph()
KARATE = pd.DataFrame([(f"m{u}", f"m{v}") for u, v in _KARATE.edges()], columns=["member", "friend"])
KARATE_NODES = pd.DataFrame({"id": [f"m{n}" for n in _KARATE],
                             "club": [_KARATE.nodes[n]["club"] for n in _KARATE]})
ENROL = pd.DataFrame([("Ana", "MATH101", 71), ("Ana", "HIST105", 64), ("Ben", "MATH101", 80),
                      ("Cy", "ART150", 55), ("Cy", "HIST105", 90), ("Dee", "ART150", 66)],
                     columns=["student", "course", "grade"])
FOLLOWS = pd.DataFrame([("ana", "maya"), ("bo", "maya"), ("cy", "maya"), ("maya", "bo"),
                        ("dee", "cy")], columns=["follower", "followee"])

TABLES = {"supply": [SUPPLY, SUPPLY_NODES], "rail": [RAIL], "karate": [KARATE, KARATE_NODES],
          "enrol": [ENROL], "follows": [FOLLOWS]}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(TABLES, tmp_path_factory)


def _ask(agents, name: str, question: str):
    return agents[name].ask(question, attach=TABLES[name])


@pytest.mark.parametrize(("question", "days"), [
    ("How many supply links have a lead time of three weeks or more?", 21),
    ("how many links take longer than 2 weeks?", 14),
])
def test_a_threshold_in_weeks_is_counted_in_the_columns_days(agents, question, days):
    strict = "longer" in question
    want = sum(1 for x in SUPPLY.lead_days if (x > days if strict else x >= days))
    resp = _ask(agents, "supply", question)
    assert resp.status == "answered"
    assert f"**{want}**" in resp.answer
    assert str(days) in resp.answer  # the converted bound is shown


def test_the_longest_value_of_any_edge_is_the_extreme_edge(agents):
    resp = _ask(agents, "supply", "longest lead time of any shipment")
    top = SUPPLY.lead_days.max()
    assert resp.status == "answered"
    assert f"**{top}**" in resp.answer
    row = SUPPLY[SUPPLY.lead_days == top].iloc[0]
    assert row.vendor in resp.answer and row.buyer in resp.answer


def test_a_route_with_no_directed_path_is_measured_with_direction_ignored(agents):
    g = nx.from_pandas_edgelist(RAIL, "from_station", "to_station", "minutes")
    want = nx.dijkstra_path_length(g, "Ashby", "Dunmore", weight="minutes")
    directed = nx.from_pandas_edgelist(RAIL, "from_station", "to_station",
                                       create_using=nx.DiGraph)
    assert not nx.has_path(directed, "Ashby", "Dunmore")
    assert not nx.has_path(directed, "Dunmore", "Ashby")
    resp = _ask(agents, "rail", "What's the quickest journey time from Ashby to Dunmore, in minutes?")
    assert resp.status == "answered"
    assert "Ignoring direction" in resp.answer
    assert f"**{want}** minutes" in resp.answer


@pytest.mark.parametrize(("name", "question"), [
    ("enrol", "Which course has the worst attendance rate?"),
    ("enrol", "Which course cost the students the most to take?"),
    ("supply", "avg reply time for orders between Mexico and Poland?"),
    ("follows", "how many people unfollowed maya after her last post?"),
    ("karate", "club network density vs last yr - got denser or sparser?"),
])
def test_a_magnitude_or_a_change_no_table_holds_is_asked(agents, name, question):
    resp = _ask(agents, name, question)
    assert resp.status == "needs_clarification"
    assert "**" not in (resp.answer or "")  # no figure given as if it answered


def test_the_modularity_of_a_group_attributes_split_is_that_partitions(agents):
    g = nx.from_pandas_edgelist(KARATE, "member", "friend")
    club = dict(zip(KARATE_NODES.id, KARATE_NODES.club, strict=True))
    parts = [{n for n in g if club[n] == v} for v in set(club.values())]
    want = nx.community.modularity(g, parts)
    resp = _ask(agents, "karate", "If I take the two clubs as the partition, what's its modularity?")
    assert resp.status == "answered"
    said = float(re.search(r"is \*\*(-?[\d.]+)\*\*", resp.answer).group(1))
    assert math.isclose(said, want, abs_tol=5e-4)
    detected = _ask(agents, "karate", "what is the modularity of the louvain communities?")
    assert detected.status == "answered"
    assert "communit" in detected.answer and "partition by `club`" not in detected.answer
