"""The public `semantics` category: weighted, directed, grouped and two-mode graphs attached
as tables, scored against networkx -- on the offline planner and through a scripted model
that calls the catalogue the way a tool-calling model would."""

from __future__ import annotations

import json
import re

import pytest

from igraph_agent.eval import PUBLIC_SET, load_questions, run_eval
from igraph_agent.model.scripted import ScriptedModel, call


def _semantics():
    return load_questions(PUBLIC_SET).select(categories=["semantics"])


def test_the_semantics_category_has_forty_questions_on_four_kinds_of_meaning():
    qset = _semantics()
    assert len(qset.questions) >= 40
    assert {q.graph for q in qset.questions} >= {"towns", "papers", "mail", "southern"}


@pytest.mark.slow
def test_the_offline_planner_passes_the_semantics_category_grounded():
    report = run_eval(_semantics(), model="offline/planner")
    assert report.accuracy >= 0.9, [r.question for r in report.results if not r.correct]
    assert report.total.ungrounded == 0


_RULES = [  # (question pattern, tool, arguments): the catalogue call a model would make
    (r"fewest|steps", "shortest_path", {"source": "town0", "target": "town20", "weight": None}),
    (r"town0", "shortest_path", {"source": "town0", "target": "town20"}),
    (r"page ?rank", "node_centrality", {"measure": "pagerank", "top_k": 3}),
    (r"cited the most|most-cited|receives the most|highest in-degree|incoming",
     "degree_analysis", {"direction": "in", "top_k": 3}),
    (r"cites the most|outgoing|out-degree", "degree_analysis", {"direction": "out", "top_k": 3}),
    (r"Sales and HR|Sales with HR", "group_analysis", {"attribute": "department",
                                                       "between": ["Sales", "HR"]}),
    (r"department", "group_analysis", {"attribute": "department"}),
    (r"together|shared|in common", "project_bipartite", {"side": "women", "top_k": 3}),
    (r"wom[ae]n", "degree_analysis", {"side": "women", "top_k": 3}),
    (r"cycle|acyclic|DAG|deep|depth|chain|reach|upstream", "direction_analysis", {}),
]


def _step(messages: list, tools: list):
    question = next(m["content"] for m in reversed(messages) if m.get("role") == "user")
    results = [json.loads(m["content"]) for m in messages if m.get("role") == "tool"]
    if len(results) < 2:  # only the runtime's own get_graph_info so far
        for pattern, tool, args in _RULES:
            if re.search(pattern, question, re.IGNORECASE):
                return call(tool, **args)
    return f"From the tool: {results[-1]['summary']}"


def test_a_tool_calling_model_answers_the_semantics_category_from_the_catalogue():
    report = run_eval(_semantics(), model=ScriptedModel([_step] * 200).id)
    wrong = [(r.question, r.answer) for r in report.results if not r.correct]
    assert report.accuracy >= 0.9, wrong
    assert report.total.ungrounded == 0
