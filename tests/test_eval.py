"""The eval harness: question files, oracles, grounding, scores, the CLI command."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner

from igraph_agent.cli import cli
from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.eval import load_questions, run_eval
from igraph_agent.eval.grounding import ungrounded
from igraph_agent.eval.oracle import grade, resolve, same
from igraph_agent.eval.questions import Oracle
from igraph_agent.model.scripted import ScriptedModel, call

SMALL = Path(__file__).parent / "data" / "eval_small.yaml"
TRUTH = {  # what a perfect model says, each figure read from get_graph_info
    "How many families are there?": "There are {nodes} families.",
    "Count the nodes.": "The graph has {nodes} nodes.",
    "How many ties?": "It has {edges} edges.",
    "How many separate pieces?": "It falls into {components} components.",
    "Which family has the most ties?": "Medici has the most ties.",
}


def _asked_at(messages: list) -> int:
    """Where the question was asked (a guard's feedback comes later, also as a user turn)."""
    users = [i for i, m in enumerate(messages) if m.get("role") == "user"]
    known = [i for i in users if messages[i]["content"] in TRUTH]
    return known[-1] if known else users[-1]


def _run_so_far(messages: list) -> tuple[list[str], dict | None]:
    """The tools this run called and its latest get_graph_info data."""
    start = _asked_at(messages)
    called, info = [], None
    for m in messages[start:]:
        called += [tc["function"]["name"] for tc in m.get("tool_calls") or []]
        if m.get("role") == "tool":
            data = json.loads(m.get("content") or "{}").get("data") or {}
            if "available_datasets" in data:
                info = data
    return called, info


def _model(answer) -> ScriptedModel:
    """A model that checks the graph, loads the stored dataset, then answers with ``answer``."""
    def step(messages: list, tools: list):
        question = messages[_asked_at(messages)]["content"]
        called, info = _run_so_far(messages)
        if info is None:
            return call("get_graph_info")
        if not info.get("loaded"):
            if "load_constructed_graph" in called:
                return call("get_graph_info")
            return call("load_constructed_graph",
                        dataset_id=info["available_datasets"][-1]["dataset_id"])
        if question not in TRUTH:
            return call("ask_user", question="Which node do you mean?")
        return answer(question, info)
    return ScriptedModel([step] * 400)


def _perfect(question: str, info: dict) -> str:
    return TRUTH[question].format(**info)


def _inventor(question: str, info: dict) -> str:
    return "By my estimate the graph has 4217 nodes and 9031 edges."


def test_a_perfect_model_scores_full_accuracy_and_is_grounded():
    report = run_eval(load_questions(SMALL), model=_model(_perfect).id)
    assert [r.status for r in report.results] == ["answered"] * 5 + ["needs_clarification"]
    assert report.accuracy == 1.0
    assert report.total.ungrounded == 0 and report.total.clarifications_correct == "1/1"


def test_a_model_that_invents_numbers_is_flagged_ungrounded():
    report = run_eval(load_questions(SMALL).select(categories=["counts"]),
                      model=_model(_inventor).id)
    assert report.total.ungrounded == 3
    assert report.accuracy == 0.0
    assert all(not r.grounded for r in report.results)


def test_eval_command_prints_a_category_table_and_json_and_fails_under_min_accuracy():
    model = _model(_inventor)
    runner = CliRunner()
    table = runner.invoke(cli, ["eval", str(SMALL), "--model", model.id, "--category", "counts"])
    assert table.exit_code == 0, table.output
    assert "counts" in table.output and "total" in table.output and "ungrounded" in table.output
    out = runner.invoke(cli, ["eval", str(SMALL), "--model", _model(_perfect).id, "--json",
                              "--min-accuracy", "0.9"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["total"]["accuracy"] == 1.0 and set(data["categories"]) == {
        "counts", "components", "degree", "clarification"}
    low = runner.invoke(cli, ["eval", str(SMALL), "--model", _model(_inventor).id,
                              "--id", "florentine.edges", "--min-accuracy", "0.5"])
    assert low.exit_code == 1


def test_eval_takes_format_json_like_ask_and_keeps_json_as_its_alias():
    runner = CliRunner()
    args = ["eval", str(SMALL), "--model", _model(_perfect).id, "--id", "florentine.edges"]
    by_format = runner.invoke(cli, [*args, "--format", "json"])
    by_alias = runner.invoke(cli, [*args, "--json"])
    assert by_format.exit_code == by_alias.exit_code == 0, by_format.output
    totals = [json.loads(r.output)["total"] for r in (by_format, by_alias)]
    assert [{k: v for k, v in t.items() if k != "seconds"} for t in totals] == [
        {k: v for k, v in totals[0].items() if k != "seconds"}] * 2 and totals[0]["accuracy"] == 1.0
    table = runner.invoke(cli, [*args, "--format", "table"])
    assert table.exit_code == 0 and "total" in table.output and not table.output.startswith("{")
    clash = runner.invoke(cli, [*args, "--format", "table", "--json"])
    assert clash.exit_code == 2 and "--json means --format json" in clash.output


def test_repeats_give_one_row_per_question_and_repeat_in_the_frame():
    report = run_eval(load_questions(SMALL).select(ids=["florentine.edges"]),
                      model=_model(_perfect).id, repeats=2)
    frame = report.to_frame()
    assert list(frame["repeat"]) == [0, 1] and frame["correct"].all()
    assert list(report.category_frame()["category"]) == ["counts", "total"]


def test_question_file_naming_an_undefined_graph_is_refused(tmp_path):
    bad = tmp_path / "q.yaml"
    bad.write_text("graphs: {}\nquestions:\n  - {id: a, graph: nowhere, question: hi}\n")
    with pytest.raises(AgentError) as err:
        load_questions(bad)
    assert err.value.code == ErrorCode.EVAL_INVALID and "nowhere" in err.value.message


def test_jsonl_question_file_defines_graphs_on_its_own_line(tmp_path):
    f = tmp_path / "q.jsonl"
    f.write_text('{"graphs": {"p": {"networkx": "path_graph", "args": {"n": 4}}}}\n'
                 '{"id": "p.n", "graph": "p", "question": "How many nodes?", '
                 '"oracle": {"expr": "G.number_of_nodes()"}}\n')
    qset = load_questions(f)
    assert [q.id for q in qset.questions] == ["p.n"]
    assert resolve(qset.questions[0].oracle, nx.path_graph(4)).value == 4


def test_oracle_reads_numbers_at_the_precision_the_answer_shows():
    assert same("0.14", 0.1390) and same("13.9", 0.139) and not same("0.13", 0.1390)
    assert not same("1", 1.4) and same("20", 20.0)
    exp = resolve(Oracle(expr="argmax(dict(G.degree()))", match="any"),
                  nx.florentine_families_graph())
    assert grade("The hub is **Medici** (6).", exp) and not grade("Strozzi leads.", exp)


def test_forbidden_phrase_fails_an_otherwise_matching_answer():
    exp = resolve(Oracle(regex="bipartite", forbid="not bipartite"), nx.path_graph(3))
    assert grade("The graph is bipartite.", exp)
    assert not grade("The graph is not bipartite.", exp)


def test_numbers_absent_from_tool_results_are_ungrounded_ids_are_not():
    sources = [34.0, 78.0, 0.139037]
    assert ungrounded("34 nodes, 78 edges, density 0.1390 in ds_661dfa429f2b", sources) == []
    assert ungrounded("34 nodes and 4217 triangles", sources) == ["4217"]


def test_agent_eval_line_command_passes_its_arguments_to_the_eval_command(capsys):
    from igraph_agent.eval.cli import eval_command
    from igraph_agent.jupyter.parsing import parse_line_command

    cmd = parse_line_command(f"eval {SMALL} --model {_model(_perfect).id} --id florentine.edges")
    assert cmd.name == "eval" and cmd.rest[0] == str(SMALL)
    eval_command.main(args=cmd.rest, prog_name="%agent eval", standalone_mode=False)
    out = capsys.readouterr().out
    assert "counts" in out and "100.0%" in out


def test_the_dev_split_loads_and_every_oracle_resolves_on_its_graph():
    from igraph_agent.eval.graphs import build
    from igraph_agent.eval.oracle import resolve

    qset = load_questions(split="dev")
    assert len(qset.questions) >= 570
    assert {q.split for q in qset.questions} == {"dev", "dev3", "dev4", "dev5", "dev6",
                                                 "dev7", "dev8", "dev9", "dev10", "dev11", "dev12", "dev13",
                                                 "dev14", "dev15", "dev16", "dev17", "dev18",
                                                 "dev19", "dev20", "dev21", "dev22", "dev23",
                                                 "dev24", "dev25", "dev26", "dev27", "dev28",
                                                 "dev29", "dev30", "dev31", "dev32",
                                                 "dev33", "dev34", "dev35", "dev36",
                                                 "dev37", "dev38", "dev39", "dev40",
                                                 "dev41", "dev42", "dev43", "dev44",
                                                 "dev45", "dev46", "dev47", "dev48",
                                                 "dev49", "dev50", "dev51", "dev52",
                                                 "dev53", "dev54", "dev55", "dev56",
                                                 "dev57", "dev58", "dev59", "dev60",
                                                 "dev61", "dev62", "dev63", "dev64",
                                                 "dev65", "dev66", "dev67", "dev68",
                                                 "dev69", "dev70", "dev71", "dev72",
                                                 "dev73", "dev74", "dev75", "dev76", "dev77",
                                                 "dev78", "dev79", "dev80", "dev81", "dev82",
                                                 "dev83", "dev84", "dev85", "dev86",
                                                 "dev87", "dev88", "dev89", "dev90",
                                                 "dev91", "dev92", "dev93", "dev94",
                                                 "dev95", "dev96", "dev97", "dev98",
                                                 "dev99", "dev100", "dev101", "dev102",
                                                 "dev103", "dev104", "dev105", "dev106",
                                                 "dev107", "dev108", "dev109", "dev110",
                                                 "dev111", "dev112", "dev113",
                                                 "dev114", "dev115", "dev116", "dev117",
                                                 "dev118", "dev119", "dev120", "dev121",
                                                 "dev122", "dev123", "dev124",
                                                 "dev125", "dev126", "dev127", "dev128",
                                                 "dev129", "dev130", "dev131",
                                                 "dev132", "dev133", "dev134", "dev135",
                                                 "dev136", "dev137", "dev138", "dev139",
                                                 "dev140", "dev141", "dev142", "dev143", "dev144",
                                                 "dev145", "dev146", "dev147", "dev148", "dev149",
                                                 "dev150", "dev151"}
    asks = [q for q in qset.questions if q.expect == "needs_clarification"]
    assert len(asks) >= 8  # questions no analysis answers: the planner must ask
    for q in qset.questions:
        exp = resolve(q.oracle, build(qset.graphs[q.graph], qset.base))
        assert q.expect != "answered" or exp.value is not None or exp.names or exp.regex, q.id


def test_a_table_graph_with_a_node_in_no_edge_attaches_its_node_table():
    from igraph_agent.eval.graphs import attachments
    from igraph_agent.eval.questions import GraphSpec

    g = nx.DiGraph([("a", "b"), ("b", "c")])
    g.add_node("alone")
    spec = GraphSpec(expr="nx.DiGraph()", table={"source": "caller", "target": "callee"})
    edges, nodes = attachments(spec, g)
    assert list(edges.columns[:2]) == ["caller", "callee"]
    assert set(nodes["id"]) == {"a", "b", "c", "alone"}
    connected = nx.DiGraph([("a", "b")])
    assert len(attachments(spec, connected)) == 1  # every node in an edge: the edges alone
