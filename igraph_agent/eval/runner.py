"""Running a question set against a model: a fresh project per question and repeat.

Each graph is built and constructed once per eval into a template project (with the
offline planner, so setup never costs model tokens); every question then runs in its own
copy of that template, in a new session, with the graph attached as a user attaches it:
the same content binds to the stored dataset, so nothing is constructed twice.
"""

from __future__ import annotations

import io
import re
import shutil
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from igraph_agent.cluster.connect import parse_address
from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.eval.graphs import attachments, build
from igraph_agent.eval.grounding import sources_of, ungrounded
from igraph_agent.eval.oracle import Expected, grade, resolve
from igraph_agent.eval.questions import Question, QuestionSet
from igraph_agent.eval.report import EvalReport, QuestionResult

SETUP_MODEL = "offline/planner"  # builds the templates, whatever model is tested


def run_eval(qset: QuestionSet, model: str | None = None, repeats: int = 1,
             max_steps: int = 12, workdir: str | Path | None = None,
             progress: Callable[[QuestionResult], None] | None = None,
             cluster: str | None = None) -> EvalReport:
    """Ask every question of ``qset`` ``repeats`` times with ``model`` and grade the answers.

    ``model`` None: the configured default (else the offline planner). ``cluster``: a Ray
    cluster address (default: ``IGRAPH_AGENT_CLUSTER``, unset: here, one at a time) on which
    every question and repeat is a Ray task (cluster/split.py); the report is the same."""
    from igraph_agent.cluster.split import configured_address
    from igraph_agent.options import OFFLINE_MODEL, Settings

    model_id = model or Settings.from_env().model or OFFLINE_MODEL
    address = parse_address(cluster) if cluster else configured_address()
    root = Path(tempfile.mkdtemp(prefix="igraph-agent-eval-", dir=workdir))
    results: list[QuestionResult] = []
    started = time.perf_counter()
    try:
        templates: dict[str, Path] = {}
        expected: dict[str, Expected] = {}
        asks = []
        for n, q in enumerate(qset.questions):
            graph = build(qset.graphs[q.graph], qset.base)
            attach = attachments(qset.graphs[q.graph], graph)  # the graph, or its tables
            if q.graph not in templates:
                templates[q.graph] = _template(root / f"template-{len(templates)}", attach)
            if q.id not in expected:
                expected[q.id] = resolve(q.oracle, graph)
            asks += [(n, q, attach, r) for r in range(repeats)]
        if address is not None:
            answered = iter(_ask_on_cluster(address, asks, templates, expected, model_id,
                                            max_steps))
        else:
            answered = (_ask_here(root / f"q{n}-{r}", templates[q.graph], q, graph,
                                  expected[q.id], model_id, max_steps, r)
                        for n, q, graph, r in asks)
        for res in answered:
            results.append(res)
            if progress is not None:
                progress(res)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return EvalReport(question_set=qset.name, model=model_id, repeats=repeats,
                      seconds=round(time.perf_counter() - started, 2), results=results)


def _ask_here(home: Path, template: Path, q: Question, graph, exp: Expected, model: str,
              max_steps: int, repeat: int) -> QuestionResult:
    """In this process, in a fresh copy of the template project."""
    shutil.copytree(template, home)
    try:
        return _ask(home, q, graph, exp, model, max_steps, repeat)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _ask_on_cluster(address: str, asks: list, templates: dict[str, Path],
                    expected: dict[str, Expected], model: str,
                    max_steps: int) -> list[QuestionResult]:
    """Every ask as a Ray task: the template projects travel once each, as tar archives
    through the object store (the nodes share no disk with this process)."""
    from igraph_agent.cluster.connect import ensure_connected
    from igraph_agent.cluster.split import run_tasks

    ray = ensure_connected(address)
    packed = {name: ray.put(_pack(home)) for name, home in templates.items()}
    calls = [(packed[q.graph], q, graph, expected[q.id], model, max_steps, r)
             for _, q, graph, r in asks]
    results, _ = run_tasks(address, _ask_packed, calls, what="an eval question")
    return results


def _pack(home: Path) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        tar.add(home, arcname=".")
    return buf.getvalue()


def _ask_packed(template: bytes, q: Question, graph, exp: Expected, model: str,
                max_steps: int, repeat: int) -> tuple[QuestionResult, str]:
    """In a Ray task: unpack the template project, ask, grade, clean up."""
    from igraph_agent.cluster.split import node_id

    home = Path(tempfile.mkdtemp(prefix="igraph-agent-eval-"))
    try:
        with tarfile.open(fileobj=io.BytesIO(template)) as tar:
            tar.extractall(home, filter="data")
        return _ask(home, q, graph, exp, model, max_steps, repeat), node_id()
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _template(home: Path, graph) -> Path:
    from igraph_agent.options import RunOptions
    from igraph_agent.runtime.agent import Agent

    agent = Agent(home=home)
    try:
        resp = agent.ask("Describe the loaded graph.", attach=list(graph),
                         options=RunOptions(model=SETUP_MODEL))
    finally:
        agent.close()
    if resp.status != "answered":
        raise AgentError(ErrorCode.EVAL_INVALID, f"the graph could not be constructed: "
                         f"{resp.error.message if resp.error else resp.status}",
                         hint="check the graph's spec in the question file")
    return home


def _ask(home: Path, q: Question, graph, exp: Expected, model: str, max_steps: int,
         repeat: int) -> QuestionResult:
    from igraph_agent.options import RunOptions
    from igraph_agent.runtime.agent import Agent

    agent = Agent(home=home)
    t0 = time.perf_counter()
    try:
        resp = agent.ask(q.question, attach=list(graph),
                         options=RunOptions(model=model, read_only=q.read_only,
                                            max_steps=max_steps))
        record = agent.run_record(resp.run_id) if resp.run_id else {}
    finally:
        agent.close()
    seconds = time.perf_counter() - t0
    shown = resp.answer or (resp.refusal.because if resp.refusal else "")
    invented = ungrounded(resp.answer, sources_of(record, q.question))
    refused_ungrounded = bool(resp.refusal and resp.refusal.code == ErrorCode.UNGROUNDED_ANSWER)
    if q.expect == "answered":
        correct = resp.status == "answered" and grade(resp.answer, exp) and not invented
    elif q.expect == "blocked":  # refused: blocked, or the write refused and the answer says so
        said = re.search(r"refused|read-only|not done", resp.answer, re.IGNORECASE)
        correct = resp.status == "blocked" or bool(said and any(
            a.error_code == ErrorCode.READ_ONLY_MODE for a in resp.actions))
    else:
        correct = resp.status == q.expect
    return QuestionResult(
        id=q.id, category=q.category,
        intent="+".join(q.intent) if isinstance(q.intent, list) else q.intent, repeat=repeat,
        split=q.split, question=q.question,
        expected_status=q.expect, status=resp.status, correct=correct,
        grounded=not invented and not refused_ungrounded, ungrounded_numbers=invented,
        expected=exp.describe() if q.expect == "answered" else q.expect,
        answer=shown, tool_calls=len(resp.actions), model_turns=resp.usage.model_calls,
        tokens=resp.usage.prompt_tokens + resp.usage.completion_tokens,
        cost_usd=resp.usage.cost_usd or 0.0, seconds=round(seconds, 3))
