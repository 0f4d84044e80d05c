"""The offline planner answers only what it understood: a question no intent covers, or
covers only in part, ends needs_clarification with follow-ups on this graph; thresholds,
k-hop counts, what-if removals and attribute groups get their own intents' answers on
graphs with different vocabularies (networkx is the oracle)."""

from __future__ import annotations

import re

import networkx as nx
import pytest
from planner_support import agents_for

from igraph_agent.model import intents, lexicon, vocabulary
from igraph_agent.model.registry import Intent


def _florentine() -> nx.Graph:
    g = nx.florentine_families_graph()
    nx.set_node_attributes(g, {n: "old" if len(n) <= 7 else "new" for n in g}, "house")
    return g


def _office() -> nx.Graph:
    names = ["Ada", "Bo", "Cyd", "Dee", "Eli", "Fox", "Gil", "Hal", "Ivy", "Jo", "Kit", "Lu",
             "Mo", "Ned", "Oz", "Pia"]
    g = nx.relabel_nodes(nx.connected_caveman_graph(4, 4), dict(enumerate(names)))
    g.add_edge("Ada", "Ivy")
    nx.set_node_attributes(g, {n: ["sales", "legal"][i % 2] for i, n in enumerate(names)},
                           "department")
    return g


GRAPHS = {"florentine": _florentine, "office": _office}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for(GRAPHS, tmp_path_factory)


def _ask(agents, graph: str, question: str):
    return agents[graph].ask(question, attach=[GRAPHS[graph]()])


def _bold(answer: str) -> list[str]:
    return re.findall(r"\*\*(\d+)", answer)


def _tools(resp) -> list[str]:
    return [a.tool for a in resp.actions]


def _within(g, node, k):
    return len(nx.single_source_shortest_path_length(g, node, cutoff=k)) - 1


def _removed(g, node):
    h = g.copy()
    h.remove_node(node)
    return nx.number_connected_components(h)


CASES = [  # (graph, kind, question, tool, oracle)
    ("florentine", "threshold", "How many families have more than 3 marriage ties?",
     "nodes_by_measure", lambda g: sum(1 for _, d in g.degree() if d > 3)),
    ("office", "threshold", "How many colleagues have at least 4 email contacts?",
     "nodes_by_measure", lambda g: sum(1 for _, d in g.degree() if d >= 4)),
    ("florentine", "hops", "How many families are within 2 steps of Medici?",
     "hop_counts", lambda g: _within(g, "Medici", 2)),
    ("office", "hops", "How many people are exactly 2 hops away from Ada?",
     "hop_counts", lambda g: _within(g, "Ada", 2) - _within(g, "Ada", 1)),
    ("florentine", "whatif", "If Medici were removed, how many components would remain?",
     "remove_and_compare", lambda g: _removed(g, "Medici")),
    ("office", "whatif", "Without Ada, how many pieces would the office fall into?",
     "remove_and_compare", lambda g: _removed(g, "Ada")),
    ("florentine", "group", "How many families belong to the old house?",
     "subgraph_extraction", lambda g: sum(1 for _, h in g.nodes(data="house") if h == "old")),
    ("office", "group", "How many people work in the sales department?",
     "subgraph_extraction",
     lambda g: sum(1 for _, d in g.nodes(data="department") if d == "sales")),
]


@pytest.mark.parametrize(("graph", "kind", "question", "tool", "oracle"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_a_threshold_hop_whatif_or_group_question_gets_its_own_intents_answer(
        agents, graph, kind, question, tool, oracle):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    assert tool in _tools(resp), _tools(resp)
    assert _bold(resp.answer)[0] == str(oracle(GRAPHS[graph]())), resp.answer


def test_a_question_no_intent_covers_asks_with_suggestions_not_the_graph_description(agents):
    resp = _ask(agents, "office", "What will the weather be like on Friday?")
    assert resp.status == "needs_clarification"
    assert "nodes**" not in resp.answer and "Node attributes" not in resp.answer
    assert 2 <= len(resp.suggestions) <= 3
    assert all(s.label in resp.answer for s in resp.suggestions)
    follow = _ask(agents, "office", resp.suggestions[0].question)  # one click: it answers
    assert follow.status == "answered", follow.answer


def test_a_question_covered_only_in_part_says_which_part_and_offers_the_rest(agents):
    resp = _ask(agents, "florentine", "Which family has the highest pagerank within 2 steps "
                                      "of Medici?")
    assert resp.status == "needs_clarification"
    assert "only answer part" in resp.answer and "steps" in resp.answer
    questions = [s.question for s in resp.suggestions]
    assert "How many families are within 2 steps of Medici?" in questions, questions
    assert not any(a.tool == "node_centrality" for a in resp.actions)


def test_removing_a_named_edge_reports_the_components_after(agents):
    resp = _ask(agents, "office", "If the edge between Ada and Ivy were removed, how many "
                                  "components would there be?")
    assert resp.status == "answered", resp.answer
    h = _office()
    h.remove_edge("Ada", "Ivy")
    assert _bold(resp.answer)[0] == str(nx.number_connected_components(h)), resp.answer
    assert not any(a.tool == "node_centrality" for a in resp.actions)


def test_a_count_question_no_counting_intent_gives_is_not_answered_with_a_ranking(agents):
    resp = _ask(agents, "office", "How many people are more central than Ada by pagerank?")
    assert resp.status in ("needs_clarification", "answered")
    if resp.status == "answered":  # only a count of nodes by a pagerank threshold may answer
        assert "nodes_by_measure" in _tools(resp)
    else:
        assert resp.suggestions


def test_a_clarification_offers_follow_ups_in_the_graphs_own_words(agents):
    resp = _ask(agents, "florentine", "Which families matter?")
    assert resp.status == "needs_clarification"
    assert resp.suggestions and any("famil" in s.label or "famil" in s.question
                                    for s in resp.suggestions), resp.suggestions


def test_a_follow_up_adds_up_only_a_numeric_edge_column():
    """A text edge column (a ferry's name) is never offered as something to add up; the
    numeric one is, and with none numeric no total is offered at all."""
    info = {"edge_attributes": ["ferry", "km"],
            "meaning": {"weights": {"km": "distance"}}, "sample_nodes": [{"id": "Oslo"}]}
    assert vocabulary.words("Which ferry runs to Oslo?", info)["eattr"] == "km"
    info = {"edge_attributes": ["ferry", "operator"], "meaning": {"weights": {}}}
    assert "eattr" not in vocabulary.words("Which ferry runs to Oslo?", info)


def test_the_graphs_words_for_ties_and_events_reach_degree(agent):
    for g, question in [(nx.florentine_families_graph(), "Which family had the most "
                                                          "marriage ties?"),
                        (nx.davis_southern_women_graph(), "Which woman attended the most "
                                                          "events?")]:
        resp = agent.ask(question, attach=[g])
        assert resp.status == "answered" and "degree_analysis" in _tools(resp), resp.answer
        # on the two-mode graph "which woman" ranks the women (bipartite 0) only
        asked = [n for n, side in g.nodes(data="bipartite") if side in (None, 0)]
        best = max(g.degree(n) for n in asked)
        assert any(n in resp.answer for n in asked if g.degree(n) == best), resp.answer


def test_cited_on_a_directed_graph_means_in_degree():
    info = {"directed": True}
    assert vocabulary.normalise("Which paper is cited the most?", info) == \
        "Which paper has the highest in-degree?"
    assert "in-degree exactly 0" in vocabulary.normalise("How many papers were never cited?", info)
    assert vocabulary.normalise("Which paper is cited the most?", {}) == \
        "Which paper is cited the most?"  # undirected: no direction to read it from


def test_a_lexicon_key_that_names_no_intent_fails(monkeypatch):
    names = {i.name for i in intents.INTENTS} | {intents.OVERVIEW.name}
    assert lexicon.unknown_keys(names) == []
    monkeypatch.setitem(lexicon.SUGGEST, "centrallity", ("a typo", "Which is central?"))
    monkeypatch.setitem(lexicon.LEXICON, "degre", {})
    assert lexicon.unknown_keys(names) == ["centrallity", "degre"]


def test_an_intent_declaring_an_unknown_answer_kind_is_refused():
    with pytest.raises(ValueError, match="unknown kinds"):
        Intent("x", [], lambda st: [], lambda st, obs: "", "m", answers=frozenset({"counts"}))


def test_a_question_naming_an_edge_value_the_intent_ignores_is_asked_not_answered(agent):
    g = _office()
    nx.set_edge_attributes(g, {e: 1 + i % 5 for i, e in enumerate(sorted(g.edges()))}, "emails")
    resp = agent.ask("Which colleague is most central when we count emails?", attach=[g])
    assert resp.status == "needs_clarification", resp.answer
    assert "edge values" in resp.answer and resp.suggestions
    resp = agent.ask("What is the total of emails over all edges?", attach=[g])
    assert resp.status == "answered" and "edge_attribute_totals" in _tools(resp)
    assert _bold(resp.answer)[0] == str(sum(d["emails"] for *_, d in g.edges(data=True)))


def test_a_question_by_an_attribute_without_a_value_is_asked_not_answered(agents):
    resp = _ask(agents, "office", "Which department has the most connections?")
    assert resp.status == "needs_clarification", resp.answer
    assert "attribute you name" in resp.answer


def test_a_lowercase_node_that_stops_is_removed_in_a_what_if(agent):
    import pandas as pd

    collab = pd.DataFrame({"author": ["ada", "ada", "bob", "cyd", "eve"],
                           "coauthor": ["bob", "cyd", "eve", "eve", "fay"]})
    resp = agent.ask("If eve stopped publishing, how many pieces would be left?",
                     attach=[collab])
    assert resp.status == "answered" and "remove_and_compare" in _tools(resp), resp.answer
    g = nx.from_pandas_edgelist(collab, "author", "coauthor")
    assert _bold(resp.answer)[0] == str(_removed(g, "eve"))
    resp = agent.ask("Who would make a good new coauthor for ada?", attach=[collab])
    assert resp.status == "needs_clarification"
    assert any("coauthors" in s.label for s in resp.suggestions), resp.suggestions


def _top_pagerank(g):
    pr = nx.pagerank(g)
    return max(pr, key=pr.get)


@pytest.mark.parametrize(("graph", "question", "tool", "oracle"), [
    ("florentine", "If the most important family were removed, how many components would remain?",
     "remove_and_compare", lambda g: _removed(g, _top_pagerank(g))),
], ids=["florentine-whatif-of-central"])
def test_two_intents_compose_when_one_names_the_others_node(agents, graph, question, tool,
                                                            oracle):
    resp = _ask(agents, graph, question)
    assert resp.status == "answered", resp.answer
    tools = _tools(resp)
    assert "node_centrality" in tools and tool in tools
    assert tools.index("node_centrality") < tools.index(tool)  # the node first, then the step
    assert _bold(resp.answer)[0] == str(oracle(GRAPHS[graph]())), resp.answer



# -- the graph's own words: relation nouns, two modes, closures, direction ----------------
def test_a_graphs_relation_nouns_become_the_planners_words():
    undirected, directed = {}, {"directed": True}
    cases = [
        ("Who are the colleagues of Hugo?", undirected, "neighbours of Hugo"),
        ("List Hugo's colleagues.", undirected, "neighbours of Hugo"),
        ("Which stop has the most roads?", undirected, "the most ties"),
        ("How many users have no friends at all?", undirected, "degree exactly 0"),
        ("How many people does Greta work with?", undirected, "How many ties does Greta have?"),
        ("How many students take Biology?", undirected, "How many ties does Biology have?"),
        ("Which courses does stu03 take?", undirected, "Who are the neighbours of stu03?"),
        ("What is the smallest number of roads to travel from s0 to s9?", undirected,
         "fewest hops"),
        ("How many articles does art30 cite?", directed, "What is the out-degree of art30?"),
        ("How many accounts follow acct7?", directed, "What is the in-degree of acct7?"),
        ("What's the most referenced article?", directed, "highest in-degree"),
        ("how many papers does nobody cite?", directed, "in-degree exactly 0"),
    ]
    for question, info, expected in cases:
        assert expected in vocabulary.normalise(question, info), (question, expected)
    # a verb on a directed graph has a direction: never read as plain degree there
    assert vocabulary.normalise("How many papers cite art10?", directed) == \
        "What is the in-degree of art10?"
    assert vocabulary.normalise("How many papers mention art10?", directed) == \
        "How many papers mention art10?"
    assert vocabulary.normalise("Which airport has the most departing flights?", directed) == \
        "Which airport has the most departing flights?"  # the direction word is kept


def _enrolment():
    import pandas as pd

    g = nx.bipartite.random_graph(12, 5, 0.35, seed=3)
    courses = ["Algebra", "Biology", "Chemistry", "Drama", "Economics"]
    name = {n: f"stu{n:02d}" if n < 12 else courses[n - 12] for n in g}
    rows = [(name[min(u, v)], name[max(u, v)]) for u, v in g.edges()]
    return pd.DataFrame(rows, columns=["student", "course"])


def test_a_two_mode_question_ranks_the_side_it_asks_about_and_counts_are_not_rankings(agent):
    table = _enrolment()
    resp = agent.ask("Which course has the most students?", attach=[table])
    counts = table["course"].value_counts()
    assert resp.status == "answered", resp.answer
    assert any(c in resp.answer for c in counts[counts == counts.max()].index), resp.answer
    assert "Among the course" in resp.answer, resp.answer
    resp = agent.ask("How many students take Biology?", attach=[table])
    assert resp.status == "answered", resp.answer
    assert str(int(counts["Biology"])) in _bold(resp.answer), resp.answer
    resp = agent.ask("How many students and how many courses are there?", attach=[table])
    assert resp.status == "answered", resp.answer
    sides = {str(table["student"].nunique()), str(table["course"].nunique())}
    assert sides <= set(_bold(resp.answer)), resp.answer


def test_the_graph_description_does_not_answer_a_question_about_its_parts(agent):
    g = nx.relabel_nodes(nx.disjoint_union_all([nx.path_graph(4), nx.cycle_graph(5),
                                                nx.empty_graph(2)]), lambda n: f"u{n}")
    resp = agent.ask("How many users are in the biggest connected group?", attach=[g])
    assert resp.status == "answered", resp.answer
    assert "The loaded graph" not in resp.answer, resp.answer
    assert re.search(r"\b5\b", resp.answer), resp.answer  # the cycle of 5
    resp = agent.ask("Can u0 reach u5?", attach=[g])  # undirected: "reach" is no direction
    assert resp.status != "answered" or "no path" in resp.answer.lower() \
        or "not connected" in resp.answer.lower(), resp.answer


def test_a_closed_stop_is_removed_and_a_hop_count_on_an_undirected_graph_is_answered(agent):
    g = nx.relabel_nodes(nx.path_graph(6), lambda n: f"stop{n}")
    for i, (u, v) in enumerate(g.edges()):
        g[u][v]["distance"] = 10 + i
    resp = agent.ask("If stop2 were closed, how many connected parts would the network have?",
                     attach=[g])
    assert resp.status == "answered" and "remove_and_compare" in _tools(resp), resp.answer
    assert _bold(resp.answer)[0] == str(_removed(g, "stop2")), resp.answer
    resp = agent.ask("How many stops can I reach from stop0 within 2 hops?", attach=[g])
    assert resp.status == "answered" and "hop_counts" in _tools(resp), resp.answer
    assert _bold(resp.answer)[0] == "2", resp.answer


@pytest.mark.parametrize("question", [
    "How many people are within 2 steps of the most central person?",
    "Who are the colleagues of the person with the most colleagues?",
])
def test_a_top_several_people_share_is_asked_not_picked(agents, question):
    # the office's PageRank top is Hal and Pia alike, its degree top six people: the step
    # after it has no one node to take
    g = _office()
    pr = nx.pagerank(g)
    assert sorted(pr.values())[-1] == pytest.approx(sorted(pr.values())[-2])
    resp = _ask(agents, "office", question)
    assert resp.status == "needs_clarification", resp.answer
    assert "share the top" in resp.answer, resp.answer


def test_one_nodes_group_and_one_nodes_in_degree_are_read_from_the_graph(agent):
    import pandas as pd

    g = _office()
    resp = agent.ask("Which department is Ivy in?", attach=[g])
    assert resp.status == "answered", resp.answer
    assert "sales" in _bold_words(resp.answer) or "**sales**" in resp.answer, resp.answer
    follows = pd.DataFrame({"follower": ["a1", "a2", "a3", "a1", "a4"],
                            "followee": ["a9", "a9", "a9", "a2", "a1"]})
    resp = agent.ask("How many followers does a9 have?", attach=[follows])
    assert resp.status == "answered" and "**3**" in resp.answer, resp.answer
    resp = agent.ask("How many accounts does a1 follow?", attach=[follows])
    assert resp.status == "answered" and "**2**" in resp.answer, resp.answer


def _bold_words(answer: str) -> list[str]:
    return re.findall(r"\*\*([^*]+)\*\*", answer)


def test_most_cited_on_an_undirected_graph_asks_instead_of_ranking_degree(agents):
    resp = _ask(agents, "office", "Who is the most cited person?")
    assert resp.status == "needs_clarification", resp.answer
    assert "undirected" in resp.answer and resp.suggestions, resp.answer


def test_a_pair_question_no_intent_answers_with_a_pair_is_asked_not_ranked(agents):
    resp = _ask(agents, "office", "Which pair of people has the most ties?")
    assert resp.status == "needs_clarification", resp.answer
    assert "degree_analysis" not in _tools(resp), _tools(resp)


def test_an_attribute_value_named_alone_is_a_group(agents):
    g = _office()
    resp = _ask(agents, "office", "How many people work in legal?")
    assert resp.status == "answered", resp.answer
    legal = sum(1 for _, d in g.nodes(data="department") if d == "legal")
    assert _bold(resp.answer)[0] == str(legal), resp.answer
    resp = _ask(agents, "office", "Who has the most colleagues in sales?")
    assert resp.status == "answered", resp.answer
    best = max(d for n, d in g.degree() if g.nodes[n]["department"] == "sales")
    assert any(n in resp.answer for n, d in g.degree()
               if d == best and g.nodes[n]["department"] == "sales"), resp.answer


def test_stopovers_are_hops_and_a_quickest_route_is_a_path():
    assert "within 2 hops" in vocabulary.normalise(
        "How many airports can you reach from BER with at most one stopover?", {})
    assert "within 1 hop" in vocabulary.normalise("Where can I fly nonstop from BER?", {})
    assert [i.name for i in intents.match("What's the quickest way from AMS to LIS?")] == ["path"]

