"""The offline planner on a directed table's own words: the nodes most of an edge value ends
at or starts from (summed over the incoming or outgoing edges, ties named), the nodes whose
sum passes a value, everything one node needs or is needed by (all steps, the way the
column naming what is needed says), the nodes one cannot reach, and role nouns ("a
prerequisite for the most courses", "no prerequisites")."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import agent_for, agents_for

from igraph_agent import Agent

TRIPS = pd.DataFrame(
    [("Central", "Harbor", 120), ("Central", "Museum", 20), ("Harbor", "Museum", 60),
     ("Museum", "Central", 30), ("Park", "Museum", 60), ("Park", "Harbor", 20),
     ("Harbor", "Park", 5)],
    columns=["start_station", "end_station", "trips"])
# other words for the same kind of table: ports, containers, origin and destination
SHIPPING = pd.DataFrame(
    [("Rotterdam", "Hamburg", 300), ("Rotterdam", "Antwerp", 150), ("Antwerp", "Hamburg", 90),
     ("Hamburg", "Gdansk", 200), ("Gdansk", "Rotterdam", 40), ("Antwerp", "Gdansk", 110)],
    columns=["origin_port", "destination_port", "containers"])
COURSES = pd.DataFrame(
    [("Data Structures", "Intro Programming"), ("ML", "Data Structures"),
     ("ML", "Linear Algebra"), ("Linear Algebra", "Calculus"), ("Deep Learning", "ML"),
     ("Algorithms", "Data Structures"), ("Vision", "Deep Learning")],
    columns=["course", "prerequisite"])
# the same kind read the other way: the needed package is the first column
PACKAGES = pd.DataFrame(
    [("Core", "Utils"), ("Utils", "Web"), ("Core", "Web"), ("Web", "Admin"), ("Auth", "Admin"),
     ("Solo", "Tools")],
    columns=["requirement", "package"])

GRAPHS = {"trips": TRIPS, "shipping": SHIPPING, "courses": COURSES, "packages": PACKAGES}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents: dict[str, Agent], graph: str, question: str):
    return agents[graph].ask(question, attach=[GRAPHS[graph]])


def _sums(table: pd.DataFrame, side: str) -> pd.Series:
    return table.groupby(table.columns[0 if side == "out" else 1])[table.columns[2]].sum()


@pytest.mark.parametrize("graph, question, side", [
    ("trips", "Which station do most rides end at?", "in"),
    ("trips", "Which station do the most trips start from?", "out"),
    ("shipping", "Which port do most containers arrive at?", "in"),
    ("shipping", "Which port has the most containers leaving from it?", "out"),
])
def test_the_node_most_of_an_edge_value_ends_at_or_starts_from_sums_that_end(
        agents, graph, question, side):
    resp = _ask(agents, graph, question)
    sums = _sums(GRAPHS[graph], side)
    assert resp.status == "answered"
    assert resp.actions[-1].args["measure"] == f"{side}_strength"
    top = sums[sums == sums.max()].index
    assert all(f"**{n}**" in resp.answer for n in top)
    assert f"**{sums.max()}**" in resp.answer
    assert ("incoming" if side == "in" else "outgoing") in resp.answer


def test_a_tie_at_the_top_names_every_tied_node_and_the_bottom_is_read_from_the_end(agents):
    resp = _ask(agents, "trips", "Which station do most rides end at?")
    sums = _sums(TRIPS, "in")
    tied = sums[sums == sums.max()].index
    assert len(tied) == 2  # Harbor and Museum: 140 each
    assert all(f"**{n}**" in resp.answer for n in tied) and "tie" in resp.answer
    resp = _ask(agents, "shipping", "Which port do the fewest containers arrive at?")
    sums = _sums(SHIPPING, "in")
    assert resp.status == "answered"
    assert resp.answer.startswith(f"**{sums.idxmin()}**") and "fewest" in resp.answer


def test_top_k_by_an_edge_value_starting_there_lists_k_in_order(agents):
    resp = _ask(agents, "shipping", "top 3 ports by number of containers starting there")
    sums = _sums(SHIPPING, "out").sort_values(ascending=False)
    assert resp.status == "answered"
    listed = [n for n in sums.index if f"**{n}**" in resp.answer]
    assert listed == list(sums.index[:3])
    assert resp.answer.index(sums.index[0]) < resp.answer.index(sums.index[1])


def test_a_threshold_on_a_summed_edge_value_counts_the_nodes_past_it(agents):
    resp = _ask(agents, "shipping", "ports with more than 200 containers arriving there")
    sums = _sums(SHIPPING, "in")
    past = sums[sums > 200]
    assert resp.status == "answered"
    assert resp.answer.startswith(f"**{len(past)}** of {len(sums)}")
    assert all(f"**{n}**" in resp.answer for n in past.index)


def test_what_a_node_needs_follows_every_step_the_way_the_needed_column_points(agents):
    resp = _ask(agents, "courses", "What do I need to take before Deep Learning?")
    assert resp.status == "answered"
    assert resp.actions[-1].tool == "hop_counts"
    for course in ("ML", "Data Structures", "Linear Algebra", "Calculus", "Intro Programming"):
        assert f"**{course}**" in resp.answer
    assert "Vision" not in resp.answer and "course → prerequisite" in resp.answer
    resp = _ask(agents, "courses", "How many courses does ML depend on, directly or indirectly?")
    assert "**4**" in resp.answer and "**2**" in resp.answer  # 4 in all, 2 directly
    # the needed column first: the edges are followed backwards
    resp = _ask(agents, "packages", "What does Admin depend on, directly or indirectly?")
    assert resp.status == "answered" and resp.actions[-1].args["direction"] == "in"
    assert all(f"**{p}**" in resp.answer for p in ("Web", "Auth", "Utils", "Core"))
    assert "Solo" not in resp.answer


def test_what_needs_a_node_follows_the_edges_the_other_way(agents):
    resp = _ask(agents, "courses", "Which courses require Data Structures?")
    assert resp.status == "answered"
    assert all(f"**{c}**" in resp.answer for c in ("ML", "Algorithms", "Deep Learning", "Vision"))
    assert "Calculus" not in resp.answer


def test_the_nodes_one_cannot_reach_are_named(agents):
    resp = _ask(agents, "packages", "Which packages can't be reached from Utils?")
    assert resp.status == "answered"
    reached = {"Web", "Admin"}
    unreached = (set(PACKAGES.requirement) | set(PACKAGES.package)) - reached - {"Utils"}
    assert f"**{len(unreached)}**" in resp.answer
    assert all(f"**{p}**" in resp.answer for p in unreached)
    assert not any(f"**{p}**" in resp.answer for p in reached)


def test_role_nouns_read_as_in_or_out_degree_and_say_the_edges_way(agents):
    resp = _ask(agents, "courses", "Which course is a prerequisite for the most other courses?")
    assert resp.status == "answered"
    assert "**Data Structures**" in resp.answer  # needed by ML and Algorithms
    resp = _ask(agents, "courses", "Which courses have no prerequisites?")
    assert resp.status == "answered"
    assert "Intro Programming" in resp.answer and "Calculus" in resp.answer
    assert "ML" not in resp.answer.split(":")[-1] and "course → prerequisite" in resp.answer


def test_a_yes_no_cycle_question_leads_with_the_answer(agents):
    resp = _ask(agents, "courses", "Is there a cycle?")
    assert resp.status == "answered" and resp.answer.startswith("**No**")
    resp = _ask(agents, "shipping", "Are there any cycles?")
    assert resp.status == "answered" and resp.answer.startswith("**Yes**")


def test_end_words_on_an_undirected_graph_are_not_read_as_a_direction(agent):
    # each pair once (a pair listed both ways with other trip counts would be one-way records,
    # read directed)
    table = TRIPS.rename(columns={"start_station": "station_a", "end_station": "station_b"})
    table = table[~table.apply(lambda r: ((table.station_a == r.station_b)
                                          & (table.station_b == r.station_a)).any()
                               and r.station_a > r.station_b, axis=1)]
    resp = agent.ask("Which station do most rides end at?", attach=[table])
    assert resp.graph is not None and not resp.graph.directed
    assert not any(a.args.get("measure") in ("in_strength", "out_strength")
                   for a in resp.actions)


SITES = pd.DataFrame(
    [("north1", "North", 40), ("north2", "North", 25), ("south1", "South", 30),
     ("south2", "South", 30), ("east1", "East", 10)],
    columns=["site", "region", "capacity"])
PALLETS = pd.DataFrame(
    [("north1", "north2", 7), ("north1", "south1", 12), ("south2", "north2", 4),
     ("south1", "south2", 9), ("east1", "north1", 3), ("south2", "east1", 5)],
    columns=["shipper_site", "receiver_site", "pallets"])


@pytest.fixture(scope="module")
def depot(tmp_path_factory):
    yield from agent_for("depot", tmp_path_factory)


def test_a_numeric_node_attribute_is_summed_per_group(depot):
    resp = depot.ask("Which region has the most capacity?", attach=[PALLETS, SITES])
    totals = SITES.groupby("region").capacity.sum()
    assert resp.status == "answered"
    assert resp.actions[-1].args["total_of"] == "capacity"
    assert resp.answer.startswith(f"**{totals.idxmax()}**") and f"**{totals.max()}**" in resp.answer
    resp = depot.ask("Which region has the least capacity?", attach=[PALLETS, SITES])
    assert resp.answer.startswith(f"**{totals.idxmin()}**")


def test_an_edge_value_per_group_says_what_stays_within_leaves_and_arrives(depot):
    resp = depot.ask("How many pallets per region?", attach=[PALLETS, SITES])
    assert resp.status == "answered"
    region = dict(zip(SITES.site, SITES.region, strict=True))
    src, dst = PALLETS.shipper_site.map(region), PALLETS.receiver_site.map(region)
    within = PALLETS.pallets[src == dst].groupby(src[src == dst]).sum()
    out = PALLETS.pallets[src != dst].groupby(src[src != dst]).sum()
    assert f"**North**: {within['North']} stay within, {out['North']} go to other" in resp.answer
    assert f"{PALLETS.pallets.sum()} pallets" in resp.answer


# lower-case names of several words, none of them a sample node's single word
CART = pd.DataFrame(
    [("dish soap", "paper towels", 14), ("dish soap", "sponge pack", 31),
     ("electric kettle", "tea bags", 22), ("electric kettle", "paper towels", 5),
     ("coffee grinder", "french press", 40), ("coffee grinder", "filter papers", 18),
     ("coffee grinder", "tea bags", 2), ("french press", "paper towels", 3),
     ("sponge pack", "paper towels", 9), ("filter papers", "tea bags", 6)],
    columns=["product_a", "product_b", "co_purchases"])


@pytest.fixture(scope="module")
def cart(tmp_path_factory):
    yield from agent_for("cart", tmp_path_factory)


def test_a_lower_case_thing_named_by_one_word_is_looked_up_as_a_node(cart):
    resp = cart.ask("total number of times the kettle was bought with something else",
                    attach=[CART])
    mine = CART[(CART.product_a == "electric kettle") | (CART.product_b == "electric kettle")]
    assert resp.status == "answered"
    assert f"**{mine.co_purchases.sum()}**" in resp.answer
    assert str(CART.co_purchases.sum()) not in resp.answer  # not the whole table's total


def test_one_nodes_strongest_edge_names_the_node_at_its_other_end(cart):
    resp = cart.ask("what is most often bought together with the grinder?", attach=[CART])
    assert resp.status == "answered"
    assert "**french press**" in resp.answer and "**40**" in resp.answer
    resp = cart.ask("Which product is bought most often with the french press?", attach=[CART])
    assert resp.status == "answered" and "**coffee grinder**" in resp.answer


def test_one_pairs_edge_value_is_read_the_way_asked_and_the_other_way_beside(agents):
    resp = _ask(agents, "shipping", "How many containers go from Rotterdam to Hamburg?")
    assert resp.status == "answered"
    assert resp.answer.startswith("**300**") and "Rotterdam → Hamburg" in resp.answer
    resp = _ask(agents, "shipping", "How many containers go from Hamburg to Rotterdam?")
    assert resp.answer.startswith("**0**")  # only Rotterdam -> Hamburg exists


@pytest.mark.parametrize("question, yes", [
    ("Do Harbor and Park send trips to each other?", True),   # 20 one way, 5 back
    ("Do Central and Harbor send trips to each other?", False),
])
def test_a_mutual_pair_question_answers_yes_only_when_both_ways_exist(agents, question, yes):
    resp = _ask(agents, "trips", question)
    assert resp.status == "answered"
    assert resp.answer.startswith("**Yes**" if yes else "**No**")


def test_a_threshold_on_a_named_count_column_sums_each_nodes_edges(cart, agents):
    resp = cart.ask("Which products were bought with others more than 30 co_purchases in total?",
                    attach=[CART])
    ends = pd.concat([CART[["product_a", "co_purchases"]].set_axis(["p", "n"], axis=1),
                      CART[["product_b", "co_purchases"]].set_axis(["p", "n"], axis=1)])
    sums = ends.groupby("p").n.sum()
    assert resp.status == "answered"
    assert resp.actions[-1].args["measure"] == "strength"
    assert resp.answer.startswith(f"**{(sums > 30).sum()}** of {len(sums)}")
    # a directed table's receiving verb sums the incoming side
    resp = _ask(agents, "shipping", "ports that received more than 200 containers")
    into = _sums(SHIPPING, "in")
    assert resp.actions[-1].args["measure"] == "in_strength"
    assert resp.answer.startswith(f"**{(into > 200).sum()}**")


def test_the_nodes_one_cannot_reach_on_an_undirected_graph_are_the_other_pieces(agent):
    table = pd.DataFrame([("Alda", "Brin"), ("Brin", "Cora"), ("Dun", "Eske"), ("Fal", "Gorm")],
                         columns=["village_a", "village_b"])
    resp = agent.ask("Which villages can't be reached from Alda?", attach=[table])
    assert resp.status == "answered"
    assert resp.answer.startswith("**4**")
    assert all(f"**{v}**" in resp.answer for v in ("Dun", "Eske", "Fal", "Gorm"))
    assert "**Cora**" not in resp.answer


@pytest.mark.parametrize("question, side", [
    ("Which port receives the fewest containers?", "in"),
    ("Which port ships the least containers?", "out"),
])
def test_the_bottom_of_a_summed_edge_value_is_the_smallest_sum_not_the_largest(
        agents, question, side):
    resp = _ask(agents, "shipping", question)
    sums = _sums(SHIPPING, side)
    assert resp.status == "answered"
    assert resp.answer.startswith(f"**{sums.idxmin()}**")
    assert sums.idxmax() not in resp.answer.split(";")[0]


def test_what_a_group_sends_or_receives_in_all_includes_its_own_internal_edges(depot):
    region = dict(zip(SITES.site, SITES.region, strict=True))
    sent = PALLETS.groupby(PALLETS.shipper_site.map(region)).pallets.sum()
    got = PALLETS.groupby(PALLETS.receiver_site.map(region)).pallets.sum()
    resp = depot.ask("Which region ships the most pallets in total?", attach=[PALLETS, SITES])
    assert resp.status == "answered"
    assert resp.answer.startswith(f"**{sent.idxmax()}** ships") or \
        resp.answer.startswith(f"**{sent.idxmax()}** sends")
    assert f"**{sent.max()}**" in resp.answer
    resp = depot.ask("How many pallets does the South region receive in total?",
                     attach=[PALLETS, SITES])
    assert resp.status == "answered" and f"**{got['South']}**" in resp.answer


def test_a_pairs_shared_contacts_are_never_read_as_their_edges_value(agents):
    resp = _ask(agents, "trips", "How many mutual contacts do Central and Harbor have?")
    assert not any(a.tool == "search_edge" for a in resp.actions)
    assert "**120**" not in resp.answer  # Central -> Harbor's trips


def test_a_chain_of_calls_is_followed_every_step_in_the_tables_own_verb(agent):
    calls = pd.DataFrame([("app", "db"), ("app", "auth"), ("auth", "crypto"), ("crypto", "rng"),
                          ("cli", "app"), ("tools", "rng")], columns=["caller", "callee"])
    resp = agent.ask("how many modules does app depend on, transitively?", attach=[calls])
    into = agent.ask("Which modules lead to rng, directly or through others?",
                     attach=[calls])
    assert resp.status == "answered" and resp.actions[-1].args["direction"] == "out"
    assert "**4**" in resp.answer  # db, auth, crypto, rng
    assert into.status == "answered" and into.actions[-1].args["direction"] == "in"
    assert all(f"**{m}**" in into.answer for m in ("crypto", "auth", "app", "cli", "tools"))
    assert "**db**" not in into.answer


def test_one_nodes_sum_on_an_undirected_graph_reads_the_column_named(agent):
    lines = pd.DataFrame([("Hydro", "Eastfield", 300), ("Eastfield", "Mill", 120),
                          ("Mill", "Hydro", 50)], columns=["sub_a", "sub_b", "capacity_mw"])
    resp = agent.ask("how many MW of line capacity connect to Eastfield", attach=[lines])
    assert resp.status == "answered" and resp.answer.startswith("**420**")


@pytest.mark.parametrize("question, other, value", [
    ("Which port gets the most containers from Rotterdam?", "Hamburg", 300),
    ("Which port sends the most containers into Gdansk?", "Hamburg", 200),
])
def test_one_nodes_largest_edge_in_or_out_names_the_other_end(agents, question, other, value):
    resp = _ask(agents, "shipping", question)
    assert resp.status == "answered"
    assert resp.answer.startswith(f"**{other}**") and f"**{value}**" in resp.answer


LIBS = pd.DataFrame(
    [("webapp", "orm"), ("webapp", "http"), ("orm", "sqlcore"), ("http", "sockets"),
     ("cli", "http"), ("worker", "orm"), ("sqlcore", "sockets")],
    columns=["library", "depends"])


@pytest.fixture(scope="module")
def libs(tmp_path_factory):
    yield from agent_for("libs", tmp_path_factory)


def _libs_graph():
    import networkx as nx

    return nx.from_pandas_edgelist(LIBS, "library", "depends", create_using=nx.DiGraph)


def test_dependency_words_read_as_the_needed_ends_degree(libs):
    g = _libs_graph()
    resp = libs.ask("what's the most depended-on library", attach=[LIBS])
    best = max(d for _, d in g.in_degree())
    assert resp.status == "answered"
    assert all(n in resp.answer for n, d in g.in_degree() if d == best)
    resp = libs.ask("which libraries are required directly by at least 2 other libraries?",
                    attach=[LIBS])
    want = {n for n, d in g.in_degree() if d >= 2}
    assert resp.status == "answered" and resp.answer.startswith(f"**{len(want)}**")
    assert "in-degree" in resp.answer
    resp = libs.ask("Which library has the most direct dependencies?", attach=[LIBS])
    assert resp.status == "answered" and "webapp" in resp.answer.split(";")[0]


def test_pulling_in_and_depending_in_any_way_follow_the_needed_column(libs):
    import networkx as nx

    g = _libs_graph()
    resp = libs.ask("how many libraries does webapp pull in, all the way down?", attach=[LIBS])
    assert resp.status == "answered"
    assert f"**{len(nx.descendants(g, 'webapp'))}**" in resp.answer
    resp = libs.ask("does cli depend on sqlcore in any way, even indirectly?", attach=[LIBS])
    assert resp.status == "answered" and resp.answer.startswith("**No**")
    resp = libs.ask("are there any circular dependencies in here?", attach=[LIBS])
    assert resp.status == "answered" and resp.answer.startswith("**No**")


def test_everyone_under_a_boss_counts_every_level_the_way_the_columns_point(agent):
    chart = pd.DataFrame([("ivy", "Rae"), ("otto", "Rae"), ("pim", "ivy"), ("quin", "pim"),
                          ("Rae", "Zed")], columns=["staff", "reports_to"])
    resp = agent.ask("how many people sit under Rae in total, counting all levels",
                     attach=[chart])
    direct = agent.ask("Who reports directly to Rae?", attach=[chart])
    assert resp.status == "answered" and "**4**" in resp.answer  # ivy, otto, pim, quin
    assert direct.status == "answered"
    assert "ivy" in direct.answer and "otto" in direct.answer and "pim" not in direct.answer


def test_a_groups_average_of_a_numeric_node_attribute_is_its_total_over_its_size(depot):
    resp = depot.ask("What's the average capacity in South?", attach=[PALLETS, SITES])
    south = SITES[SITES.region == "South"].capacity
    assert resp.status == "answered"
    assert f"**{south.mean():g}**" in resp.answer
    resp = depot.ask("Which region has the highest average capacity?", attach=[PALLETS, SITES])
    means = SITES.groupby("region").capacity.mean()
    assert resp.answer.startswith(f"**{means.idxmax()}**")
