"""Questions the catalogue used to miss — a triangle count, a bipartite check, a ranking
within one node kind — answered through a scripted model and grounded, once with the
catalogue measures and once with code; a code finding's cell re-runs in a real kernel."""

from __future__ import annotations

import json

import nbformat
import networkx as nx
import pytest

from igraph_agent import Agent, RunOptions
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.model.scripted import ScriptedModel, call
from igraph_agent.report import load_report

pytestmark = pytest.mark.slow


def karate() -> nx.Graph:
    return nx.relabel_nodes(nx.karate_club_graph(), str)


def davis() -> nx.Graph:
    g = nx.davis_southern_women_graph()
    for _, d in g.nodes(data=True):
        d["kind"] = "person" if d.pop("bipartite") == 0 else "event"
    return g


def _loaded(tmp_path, g: nx.Graph) -> tuple[Agent, str]:
    agent = Agent(home=tmp_path)
    src = agent.workspace.attach(g, "graph")
    return agent, agent.workspace.construct([src["source_id"]], GraphSpec())["id"]


def _people_betweenness(g: nx.Graph) -> list[tuple[str, float]]:
    scores = nx.betweenness_centrality(g)
    people = [(n, s) for n, s in scores.items() if g.nodes[n]["kind"] == "person"]
    return sorted(people, key=lambda kv: (-kv[1], kv[0]))[:3]


def _cases():
    k, d = karate(), davis()
    triangles = sum(nx.triangles(k).values()) // 3
    top = _people_betweenness(d)
    ranking = "; ".join(f"{n} {s:.4f}" for n, s in top)
    sides = sorted(len(s) for s in nx.bipartite.sets(d))
    return {
        "triangles": (k, f"The graph has {triangles} triangles.",
                      call("count_triangles"),
                      call("run_graph_code", code="result = sum(nx.triangles(G).values()) // 3")),
        "bipartite": (d, f"Yes, it is bipartite: sides of {sides[0]} and {sides[1]} nodes.",
                      call("bipartite_check"),
                      call("run_graph_code", code="result = {'bipartite': nx.is_bipartite(G), "
                           "'sides': sorted(len(s) for s in nx.bipartite.sets(G))}")),
        "people ranking": (d, f"Most between people: {ranking}.",
                           call("node_centrality", measure="betweenness", top_k=3,
                                where={"kind": "person"}),
                           call("run_graph_code", code=(
                               "bc = nx.betweenness_centrality(G)\n"
                               "people = {n: s for n, s in bc.items() "
                               "if G.nodes[n]['kind'] == 'person'}\n"
                               "result = sorted(people.items(), key=lambda kv: -kv[1])[:3]"))),
    }


CASES = _cases()


@pytest.mark.parametrize("way", ["catalogue", "code"])
@pytest.mark.parametrize("question", list(CASES))
def test_question_is_answered_and_grounded(tmp_path, question, way):
    g, answer, catalogue_call, code_call = CASES[question]
    agent, ds = _loaded(tmp_path, g)
    model = ScriptedModel([[call("load_constructed_graph", dataset_id=ds)],
                           [catalogue_call if way == "catalogue" else code_call], answer])
    resp = agent.ask(f"{question}?", options=RunOptions(model=model.id))
    agent.close()
    assert [a.success for a in resp.actions] == [True, True]
    assert resp.status == "answered" and resp.answer == answer


def test_an_ungrounded_number_from_code_is_withheld(tmp_path):
    agent, ds = _loaded(tmp_path, karate())
    wrong = "The graph has 46 triangles."
    model = ScriptedModel([[call("load_constructed_graph", dataset_id=ds)],
                           [CASES["triangles"][3]], wrong, wrong])
    resp = agent.ask("triangles?", options=RunOptions(model=model.id))
    agent.close()
    assert resp.status == "blocked" and "46" in resp.refusal.because


def test_published_file_is_a_versioned_deliverable_listed_in_the_answers_actions(tmp_path):
    agent, ds = _loaded(tmp_path, davis())
    code = ("deg = pd.DataFrame([(n, d) for n, d in G.degree() "
            "if G.nodes[n]['kind'] == 'person'], columns=['person', 'events'])\n"
            "deg.to_csv(SCRATCH + '/people.csv', index=False)\nresult = len(deg)")
    model = ScriptedModel([[call("load_constructed_graph", dataset_id=ds)],
                           [call("run_graph_code", code=code, publish=["people.csv"])],
                           "Wrote the 18 people and their event counts to people.csv."])
    resp = agent.ask("Export the people's degrees", options=RunOptions(model=model.id))
    scratch = tmp_path / "sandbox" / resp.session_id / "scratch"
    assert (scratch / "people.csv").is_file()
    agent.close()
    assert resp.status == "answered"
    (published,) = resp.actions[-1].files
    assert published["version"] == 1 and published["path"].endswith("people.v1.csv")
    lines = open(published["path"]).read().splitlines()
    assert lines[0] == "person,events" and len(lines) == 19
    assert published["path"] in resp.to_markdown()
    assert not scratch.exists()  # Ephemeral ends with the session's agent; Derived stays


def test_failing_snippet_is_fed_back_and_the_corrected_one_grounds_the_answer(tmp_path):
    agent, ds = _loaded(tmp_path, karate())
    broken = "tri = nx.triangles(G)\nresult = sum(tri.values) // 3"
    fixed = "tri = nx.triangles(G)\nresult = sum(tri.values()) // 3"
    model = ScriptedModel([[call("load_constructed_graph", dataset_id=ds)],
                           [call("run_graph_code", code=broken)],
                           [call("run_graph_code", code=fixed)], "There are 45 triangles."])
    resp = agent.ask("How many triangles?", options=RunOptions(model=model.id))
    stored = agent.store.tool_calls(resp.run_id)
    agent.close()
    fed_back = [json.loads(m["content"]) for m in model.requests[2]["messages"]
                if m.get("role") == "tool"][1]  # the answer to the broken snippet
    assert fed_back["error"]["code"] == "CODE_FAILED" and fed_back["error"]["retryable"]
    assert "line 2: result = sum(tri.values) // 3" in fed_back["error"]["message"]
    assert resp.status == "answered" and resp.answer == "There are 45 triangles.", resp.error
    # every snippet is persisted with the run: code, limits, outcome and confinement
    failed, ok = [c for c in stored if c["tool"] == "run_graph_code"]
    assert failed["args"]["code"] == broken and failed["envelope"]["error"]["code"] == "CODE_FAILED"
    assert failed["envelope"]["error"]["details"]["limits"]["wall_s"] == 30
    assert failed["envelope"]["error"]["details"]["confinement"]["missing"] == []
    assert ok["args"]["code"] == fixed and ok["envelope"]["data"]["result"] == 45
    assert ok["envelope"]["data"]["limits"]["memory_mb"] == 2048


def test_with_code_policy_ask_a_snippet_waits_for_approval_then_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("IGRAPH_AGENT_CODE", "ask")
    agent, ds = _loaded(tmp_path, karate())
    model = ScriptedModel([[call("load_constructed_graph", dataset_id=ds)],
                           [call("run_graph_code", code="result = G.number_of_edges()")],
                           "It has 78 edges."])
    paused = agent.ask("How many edges, computed in code?", options=RunOptions(model=model.id))
    assert paused.status == "awaiting_approval"
    assert paused.pending[0].tool == "run_graph_code"
    assert paused.pending[0].args["code"] == "result = G.number_of_edges()"
    resp = agent.continue_run(paused.run_id, paused.pending[0].tool_call_id, "approve")
    agent.close()
    assert resp.status == "answered" and resp.answer == "It has 78 edges."


def _report_call(messages, tools):
    code_id = next(m["tool_call_id"] for m in messages if m.get("role") == "tool"
                   and json.loads(m["content"])["tool"] == "run_graph_code")
    return [call("create_analysis_report",
                 source_results=[{"tool": "run_graph_code", "call_id": code_id}])]


def _ranking_run(tmp_path, with_report: bool):
    agent, ds = _loaded(tmp_path / "project", davis())
    code = CASES["people ranking"][3]
    steps = [[call("load_constructed_graph", dataset_id=ds)], [code]]
    steps += [_report_call] if with_report else []
    model = ScriptedModel([*steps, CASES["people ranking"][1]])
    question = "Write a report ranking the people" if with_report else "Rank the people"
    resp = agent.ask(question, options=RunOptions(model=model.id))
    agent.close()
    assert resp.status == "answered"
    return resp, json.loads(code.arguments)["code"]


def test_report_finding_of_a_snippet_is_its_code_and_value(tmp_path):
    resp, code = _ranking_run(tmp_path, with_report=True)
    report = load_report(tmp_path / "project", resp.run_id)
    finding = next(f for f in report.findings if f.source.tool == "run_graph_code")
    assert finding.code and code in finding.code
    expected = _people_betweenness(davis())
    got = finding.numbers["result"]
    assert [r[0] for r in got] == [n for n, _ in expected]
    assert [r[1] for r in got] == pytest.approx([s for _, s in expected], abs=1e-9)


@pytest.mark.kernel
def test_offered_code_cell_reruns_to_the_same_value_in_a_kernel(tmp_path):
    from nbclient import NotebookClient

    from igraph_agent.jupyter.report_comm import code_cells_message

    resp, code = _ranking_run(tmp_path, with_report=False)
    message = code_cells_message(tmp_path / "project", resp.run_id, "cell-1")
    assert message["insert"] is False and message["cell_id"] == "cell-1"
    roles = [c["metadata"]["igraph_agent"]["role"] for c in message["cells"]]
    assert "setup" in roles and roles.count("recompute") == 1
    recompute = next(c for c in message["cells"]
                     if c["metadata"]["igraph_agent"]["role"] == "recompute")
    assert code in recompute["source"]
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell(c["source"]) for c in message["cells"]
        if c["cell_type"] == "code"])
    nb.cells.append(nbformat.v4.new_code_cell("import json\nprint(json.dumps(result))"))
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    errors = [o for c in nb.cells for o in c.outputs if o.output_type == "error"]
    assert errors == []  # the recompute cell's same() found the value the tool reported
    printed = json.loads(nb.cells[-1].outputs[0]["text"])
    expected = _people_betweenness(davis())
    assert [r[0] for r in printed["result"]] == [n for n, _ in expected]


def test_a_run_without_code_offers_no_code_cells(tmp_path):
    from igraph_agent.jupyter.report_comm import code_cells_message

    agent, ds = _loaded(tmp_path, karate())
    model = ScriptedModel([[call("load_constructed_graph", dataset_id=ds)],
                           [call("count_triangles")], "There are 45 triangles."])
    resp = agent.ask("triangles?", options=RunOptions(model=model.id))
    agent.close()
    assert code_cells_message(tmp_path, resp.run_id, None) is None


def test_offered_code_cells_say_they_run_unconfined_and_show_the_code_first(tmp_path):
    from nbconvert.filters.markdown import markdown2html

    from igraph_agent.report import report_cells
    from igraph_agent.report.codecells import code_report

    resp, code = _ranking_run(tmp_path, with_report=False)
    cells = report_cells(code_report(tmp_path / "project", resp.run_id))
    recompute = next(i for i, c in enumerate(cells)
                     if c.metadata["igraph_agent"]["role"] == "recompute")
    shown = next(i for i, c in enumerate(cells) if c.cell_type == "markdown"
                 and "unconfined in your kernel" in c.source)
    assert shown < recompute  # the warning and the code come before the cell that runs it
    source = cells[shown].source
    assert "runs this model-written code unconfined in your kernel" in source
    assert "not in the sandbox it first ran in" in source
    assert f"```python\n{code}\n```" in source  # the code itself, as written
    page = markdown2html(source)
    assert 'class="highlight' in page  # shown as a code block
    assert cells[recompute].source.splitlines()[1].startswith("# UNCONFINED: the model-written")
