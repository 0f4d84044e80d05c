"""Questions in users' own words that were answered with another analysis, or answered where
they should have been asked: two values of one grouping joined by "or" (a filter keeping
either, never one of them nor the pair between them), the other side of a two-mode graph
linked to a group, a group ranked by what it sends to which other group, both sides of a
node's edges counted, a cost, a unit, a grouping or a group value the data does not hold,
a ranking the graph description cannot answer, "never on a loop", a split into two teams
with every edge across, cycles asked before "tree-like", a hedged remark in brackets, what
"we have" in a group, and a column name said with a hyphen. Each is checked against networkx
on tables of its own."""

from __future__ import annotations

import networkx as nx
import pandas as pd
from planner_support import ask_table

# ferry runs between ports, cars carried; the node table gives each port's coast and owner
RUNS = pd.DataFrame([("Arran", "Bute", 40), ("Bute", "Coll", 25), ("Coll", "Arran", 30),
                     ("Coll", "Dunoon", 12), ("Dunoon", "Eigg", 18), ("Eigg", "Fionn", 9),
                     ("Fionn", "Dunoon", 14), ("Gigha", "Arran", 22), ("Eigg", "Bute", 7)],
                    columns=["port_from", "port_to", "cars"])
PORTS = pd.DataFrame([("Arran", "North", "state"), ("Bute", "North", "private"),
                      ("Coll", "South", "state"), ("Dunoon", "South", "private"),
                      ("Eigg", "West", "state"), ("Fionn", "West", "private"),
                      ("Gigha", "West", "state"), ("Hoy", "North", "private")],
                     columns=["port", "coast", "owner"])
# judges scoring wines at a show; judges sit on a panel, wines have a colour
SCORES = pd.DataFrame([("ines", "malbec", 88), ("ines", "rioja", 91), ("otto", "rioja", 85),
                       ("otto", "riesling", 90), ("pia", "chablis", 93), ("pia", "malbec", 80),
                       ("raf", "riesling", 86), ("raf", "cava", 84), ("sol", "cava", 89)],
                      columns=["judge", "wine", "points"])
KINDS = pd.DataFrame([("ines", "judge", "Alpha", None), ("otto", "judge", "Alpha", None),
                      ("pia", "judge", "Beta", None), ("raf", "judge", "Beta", None),
                      ("sol", "judge", "Beta", None), ("malbec", "wine", None, "red"),
                      ("rioja", "wine", None, "red"), ("riesling", "wine", None, "white"),
                      ("chablis", "wine", None, "white"), ("cava", "wine", None, "white"),
                      ("tokaji", "wine", None, "white")],
                     columns=["id", "kind", "panel", "colour"])
# mutual-aid call-outs between stations (asking -> helping)
AID = pd.DataFrame([("Ash", "Elm", 4), ("Elm", "Ash", 2), ("Oak", "Elm", 6), ("Yew", "Oak", 3),
                    ("Fir", "Yew", 5), ("Oak", "Ash", 1)], columns=["asking", "helping",
                                                                    "callouts"])
AREAS = pd.DataFrame([("Ash", "Upper"), ("Elm", "Upper"), ("Oak", "Lower"), ("Yew", "Lower"),
                      ("Fir", "Valley")], columns=["station", "area"])


def _runs() -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_weighted_edges_from(RUNS.itertuples(index=False), weight="cars")
    g.add_nodes_from(PORTS.port)
    return g


def test_two_values_joined_by_or_keep_the_nodes_holding_either(tmp_path):
    either = PORTS[PORTS.coast.isin(["North", "South"])].port
    resp = ask_table(tmp_path / "a", RUNS, "how many ports are on the North or South coast?",
                     PORTS)
    assert resp.status == "answered" and f"**{len(either)}**" in resp.answer, resp.answer
    assert "North or South" in resp.answer, resp.answer
    g = _runs()
    sent = sum(c for u, _, c in g.edges(data="cars") if u in set(either))
    resp = ask_table(tmp_path / "b", RUNS, "cars shipped out from ports on the North or the "
                     "South coast, both combined?", PORTS)
    assert resp.status == "answered" and f"**{sent}**" in resp.answer, resp.answer
    pair = sum(1 for u, v in g.edges() if {PORTS.set_index("port").coast[u],
                                           PORTS.set_index("port").coast[v]} == {"North", "South"})
    resp = ask_table(tmp_path / "c", RUNS, "how many runs go between North and South ports, "
                     "both ways?", PORTS)
    assert resp.status == "answered" and f"**{pair}**" in resp.answer, resp.answer


def test_the_other_side_linked_to_a_group_is_counted_once_each(tmp_path):
    alpha = set(KINDS[KINDS.panel == "Alpha"].id)
    wines = {w for j, w in zip(SCORES.judge, SCORES.wine, strict=True) if j in alpha}
    resp = ask_table(tmp_path / "a", SCORES, "how many different wines did the Alpha judges "
                     "score between them?", KINDS)
    assert resp.status == "answered" and f"**{len(wines)}**" in resp.answer, resp.answer
    assert all(w in resp.answer for w in wines), resp.answer


def test_which_group_sends_the_most_to_which_names_one_ordered_pair(tmp_path):
    coast = PORTS.set_index("port").coast
    flows: dict[tuple[str, str], int] = {}
    for u, v, c in RUNS.itertuples(index=False):
        if coast[u] != coast[v]:
            flows[(coast[u], coast[v])] = flows.get((coast[u], coast[v]), 0) + c
    (a, b), top = max(flows.items(), key=lambda kv: kv[1])
    resp = ask_table(tmp_path / "a", RUNS, "which coast sends the most cars to which other "
                     "coast, and how many?", PORTS)
    assert resp.status == "answered" and f"**{a}** → **{b}**" in resp.answer, resp.answer
    assert f"**{top}**" in resp.answer, resp.answer


def test_what_no_column_holds_is_asked_never_answered_with_another_column(tmp_path):
    for i, question in enumerate([
            "what did the cars from Coll cost us in total?",
            "how many kg did Coll ship to Dunoon?",
            "total up the cars per operator, please",
            "total cars for the East coast?",
            "which port ships the most cars, and what's the harbour fee there?"]):
        resp = ask_table(tmp_path / str(i), RUNS, question, PORTS)
        assert resp.status == "needs_clarification", (question, resp.answer)


def test_the_graph_description_never_answers_a_ranking(tmp_path):
    resp = ask_table(tmp_path / "a", RUNS, "rank the ports by how many cranes they've got", PORTS)
    assert resp.status == "needs_clarification", resp.answer
    assert "8 nodes" not in resp.answer, resp.answer


def test_never_on_a_loop_lists_the_nodes_on_none(tmp_path):
    resp = ask_table(tmp_path / "a", RUNS, "which ports are never part of a loop of runs that "
                     "comes back round to them?", PORTS)
    g = _runs()
    on = {n for c in nx.simple_cycles(g) for n in c}
    off = set(g) - on
    assert resp.status == "answered" and f"**{len(off)}**" in resp.answer, resp.answer
    assert all(f"**{n}**" in resp.answer for n in off), resp.answer
    assert not any(f"**{n}**" in resp.answer for n in on), resp.answer


def test_a_split_into_two_teams_with_every_edge_across_is_the_bipartite_check(tmp_path):
    g = nx.Graph(list(zip(RUNS.port_from, RUNS.port_to, strict=True)))
    resp = ask_table(tmp_path / "a", RUNS, "could we split the ports into two teams so that "
                     "every run joins a port from one team to a port from the other?")
    word = "**Yes**" if nx.is_bipartite(g) else "**No**"
    assert resp.status == "answered" and resp.answer.startswith(word), resp.answer
    assert "communit" not in resp.answer, resp.answer


def test_cycles_asked_before_tree_like_are_answered_as_cycles(tmp_path):
    resp = ask_table(tmp_path / "a", SCORES, "does the scoring network contain any cycles, or "
                     "is it tree-like all the way through?")
    g = nx.Graph(list(zip(SCORES.judge, SCORES.wine, strict=True)))
    has = bool(nx.cycle_basis(g))
    assert resp.answer.startswith("**Yes**" if has else "**No**"), resp.answer


def test_a_hedged_remark_in_brackets_is_no_condition(tmp_path):
    panel = KINDS.set_index("id").panel
    totals: dict[str, int] = {}
    for j, p in zip(SCORES.judge, SCORES.points, strict=True):
        totals[panel[j]] = totals.get(panel[j], 0) + p
    best = max(totals, key=lambda k: totals[k])
    resp = ask_table(tmp_path / "a", SCORES, "which panel gave the most points? (Alpha's the "
                     "strictest panel i think)", KINDS)
    assert resp.status == "answered" and resp.answer.startswith(f"**{best}**"), resp.answer


def test_what_we_have_in_a_group_is_a_count_of_nodes(tmp_path):
    mine = PORTS[(PORTS.coast == "West") & (PORTS.owner == "state")].port
    resp = ask_table(tmp_path / "a", RUNS, "how many state ports have we got on the West "
                     "coast", PORTS)
    assert resp.status == "answered" and f"**{len(mine)}**" in resp.answer, resp.answer
    assert "cars" not in resp.answer, resp.answer


def test_a_column_said_with_a_hyphen_and_a_passive_helper_read_right(tmp_path):
    area = AREAS.set_index("station").area
    helped = sum(c for _, v, c in AID.itertuples(index=False) if area[v] in ("Upper", "Lower"))
    resp = ask_table(tmp_path / "a", AID, "total call-outs answered by stations in the Upper "
                     "or Lower area?", AREAS)
    assert resp.status == "answered" and f"**{helped}**" in resp.answer, resp.answer
    g = nx.DiGraph(list(zip(AID.asking, AID.helping, strict=True)))
    nx.set_edge_attributes(g, dict(zip(zip(AID.asking, AID.helping, strict=True), AID.callouts,
                                       strict=True)), "callouts")
    both = sum(c for u, v, c in g.edges(data="callouts") if "Oak" in (u, v))
    resp = ask_table(tmp_path / "b", AID, "how many call-outs was Oak involved in altogether, "
                     "counting both the help it asked for and the help it gave?")
    assert resp.status == "answered" and f"**{both}**" in resp.answer, resp.answer


def test_a_top_n_by_a_column_and_nobody_doing_it_read_as_rankings_and_ends(tmp_path):
    g = _runs()
    into = {n: sum(c for _, _, c in g.in_edges(n, data="cars")) for n in g}
    best = max(into, key=lambda n: into[n])
    resp = ask_table(tmp_path / "a", RUNS, "top 3 ports by cars received, please")
    assert resp.status == "answered" and resp.answer.startswith(f"**{best}**"), resp.answer
    assert f"**{into[best]}**" in resp.answer, resp.answer
    idle = sorted(n for n in g if g.out_degree(n) == 0)
    resp = ask_table(tmp_path / "b", RUNS, "which ports never sent anything to anyone?", PORTS)
    assert resp.status == "answered" and all(n in resp.answer for n in idle), resp.answer
    unvisited = sum(1 for n in g if g.in_degree(n) == 0)
    resp = ask_table(tmp_path / "c", RUNS, "how many ports did nobody ever sail to?", PORTS)
    assert resp.status == "answered" and f"**{unvisited}**" in resp.answer, resp.answer


def test_the_group_assortativity_counts_a_self_loop_once_as_networkx(tmp_path):
    pairs = pd.DataFrame([("ana", "bo", 3), ("bo", "cy", 1), ("cy", "ana", 2), ("di", "ed", 4),
                          ("ed", "fe", 2), ("fe", "ana", 1), ("di", "di", 5), ("bo", "ed", 1)],
                         columns=["coder", "partner", "hours"])
    teams = pd.DataFrame([("ana", "red"), ("bo", "red"), ("cy", "red"), ("di", "blue"),
                          ("ed", "blue"), ("fe", "blue")], columns=["coder", "team"])
    g = nx.Graph(list(zip(pairs.coder, pairs.partner, strict=True)))
    nx.set_node_attributes(g, dict(zip(teams.coder, teams.team, strict=True)), "team")
    want = nx.attribute_assortativity_coefficient(g, "team")
    resp = ask_table(tmp_path / "a", pairs, "give me the team assortativity number", teams)
    assert resp.status == "answered" and f"**{want:.4f}**" in resp.answer, (want, resp.answer)


def test_whether_every_group_has_a_member_of_a_kind_is_a_yes_or_no_per_group(tmp_path):
    state = PORTS[PORTS.owner == "state"].groupby("coast").size()
    without = sorted(set(PORTS.coast) - set(state.index))
    resp = ask_table(tmp_path / "a", RUNS, "does every coast have at least one state port? y/n",
                     PORTS)
    word = "**No**" if without else "**Yes**"
    assert resp.status == "answered" and resp.answer.startswith(word), resp.answer
    assert all(f"**{c}**" in resp.answer for c in without), resp.answer
    private = PORTS[PORTS.owner == "private"].groupby("coast").size()
    resp = ask_table(tmp_path / "b", RUNS, "is there a private port on every coast?", PORTS)
    word = "**Yes**" if len(private) == PORTS.coast.nunique() else "**No**"
    assert resp.status == "answered" and resp.answer.startswith(word), resp.answer
