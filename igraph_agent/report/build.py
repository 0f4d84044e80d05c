"""Assemble a :class:`Report` from one run's stored tool results.

Example::

    >>> from igraph_agent.data import path
    >>> resp = agent.ask("Which nodes are most central?", attach=[path("karate.csv")])
    >>> from igraph_agent.store.runs import Runs
    >>> run = Runs(agent.store).get(resp.run_id).row()
    >>> calls = agent.store.tool_calls(resp.run_id)
    >>> refs = [SourceRef(tool=c["tool"], call_id=c["call_id"]) for c in calls
    ...         if c["tool"] == "node_centrality"]
    >>> report = build_report(run, calls, refs, agent.home, (None, None))
    >>> [f.title for f in report.findings]
    ['Pagerank centrality', 'Betweenness centrality']
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.report.model import DatasetRef, Figure, Finding, Report, SourceRef
from igraph_agent.report.recipes import RECIPES, build_finding

#: tools whose results describe the data, not a finding of the analysis
_STATE_TOOLS = {"construct_graph", "load_constructed_graph", "create_analysis_report"}


def resolve_sources(calls: list[dict[str, Any]], refs: list[SourceRef]) -> list[dict[str, Any]]:
    """The stored calls the refs name, in the order given; INVALID_ARGUMENTS for any ref that
    is not a finished call of this run with that tool name."""
    by_id = {c["call_id"]: c for c in calls}
    bad = []
    for ref in refs:
        call = by_id.get(ref.call_id)
        if call is None or call["tool"] != ref.tool or not call.get("envelope"):
            bad.append(ref)
    if bad:
        known = ", ".join(f"{c['tool']}={c['call_id']}" for c in calls
                          if c.get("envelope") and c["tool"] not in _STATE_TOOLS)
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        "source_results names results this run does not have: "
                        + ", ".join(f"{r.tool}={r.call_id}" for r in bad),
                        hint=f"use the tool names and call ids of this run's results: {known}",
                        details={"unknown": [r.model_dump() for r in bad]})
    seen: set[str] = set()
    out = []
    for ref in refs:
        if ref.call_id not in seen:
            seen.add(ref.call_id)
            out.append(by_id[ref.call_id])
    return out


def build_report(run: dict[str, Any], calls: list[dict[str, Any]], refs: list[SourceRef],
                 home: str | Path, session_dataset: tuple[str | None, int | None],
                 title: str | None = None) -> Report:
    """Sections from the named results only; failed ones become limitations."""
    chosen = resolve_sources(calls, refs)
    ok = [c for c in chosen if c["envelope"].get("success")]
    failed = [c for c in chosen if not c["envelope"].get("success")]
    info = next((c["envelope"]["data"] for c in reversed(ok)
                 if c["tool"] == "get_graph_info" and c["envelope"]["data"].get("loaded")), None)
    dataset = _dataset(info, ok, home, session_dataset)
    findings: list[Finding] = []
    figures: list[Figure] = []
    limitations: list[str] = []
    for c in ok:
        ref = SourceRef(tool=c["tool"], call_id=c["call_id"])
        env = c["envelope"]
        if c["tool"] == "visualize_subgraph":
            figures.append(Figure(title=env["data"].get("title", "Subgraph"),
                                  path=env["data"].get("html_path", ""), source=ref))
            continue
        if c["tool"] in _STATE_TOOLS:
            continue
        if env.get("revision") is not None and dataset.revision is not None \
                and env["revision"] != dataset.revision:
            limitations.append(f"`{c['tool']}` ({c['call_id']}) measured revision "
                               f"{env['revision']}, not the report's revision; it is left out.")
            continue
        finding = build_finding(ref, c.get("args") or {}, env, f"f{len(findings) + 1}")
        findings.append(finding)
        limitations.extend(finding.limitations)
    for c in failed:
        err = c["envelope"].get("error") or {}
        limitations.append(f"`{c['tool']}` ({c['call_id']}) failed — {err.get('code')}: "
                           f"{err.get('message')}; nothing in this report rests on it.")
    limitations.extend(_standard_limits(findings))
    question = str(run.get("question") or "").strip()
    return Report(
        run_id=run["id"], title=title or _title(question), question=question,
        model=run.get("model"), created_at=time.time(), dataset=dataset,
        sources=[SourceRef(tool=c["tool"], call_id=c["call_id"]) for c in chosen],
        method=[_method(c) for c in chosen],
        findings=findings, figures=figures,
        measured=[f"{f.title}: measured by `{f.source.tool}` ({f.source.call_id})"
                  + ("" if f.code else " — not recomputed here") for f in findings],
        inference=_inferences(findings),
        limitations=list(dict.fromkeys(limitations)),
        next_steps=_next_steps(findings),
    )


def _dataset(info: dict | None, ok: list[dict], home: str | Path,
             session_dataset: tuple[str | None, int | None]) -> DatasetRef:
    if info is not None:
        return DatasetRef(dataset_id=info.get("dataset_id"), revision=info.get("revision"),
                          home=str(Path(home).resolve()), nodes=info.get("nodes"),
                          edges=info.get("edges"),
                          directed=info.get("directed"), weighted=info.get("weighted"))
    revisions = [c["envelope"].get("revision") for c in ok if c["envelope"].get("revision")]
    return DatasetRef(dataset_id=session_dataset[0],
                      revision=revisions[-1] if revisions else session_dataset[1],
                      home=str(Path(home).resolve()))


def _title(question: str) -> str:
    q = question.rstrip("?. ")
    return f"Report: {q[:80]}" if q else "Analysis report"


def _method(call: dict[str, Any]) -> str:
    args = call.get("args") or {}
    data = call["envelope"].get("data") or {}
    shown = ", ".join(f"{k}={_weight_shown(v, data) if k == 'weight' else v}"
                      for k, v in args.items() if k != "source_results") or "defaults"
    extra = [f"{k}: {data[k]}" for k in ("backend", "implementation") if data.get(k)]
    tail = f" ({'; '.join(extra)})" if extra else ""
    return f"`{call['tool']}` (call {call['call_id']}) with {shown}{tail}"


def _weight_shown(requested: Any, data: dict[str, Any]) -> Any:
    """The weight a call used, from its result's ``weight_used`` (a default weight is named,
    not shown as ``None``), e.g. ``km (the default; weighted by 1/km as strength)``."""
    use = data.get("weight_used")
    if not isinstance(use, dict):
        return requested
    attr = use.get("attribute")
    if attr is None:
        return "none (unweighted)"
    how = f"1/{attr}" if use.get("inverted") else attr
    default = "the default; " if requested is None else ""
    return f"{attr} ({default}weighted by {how} as {use.get('sense')})"


def _standard_limits(findings: list[Finding]) -> list[str]:
    out = ["Every number describes this one graph revision; rebuilding the graph another way "
           "(another projection, weights, filters) can change it."]
    if any(f.not_reproducible for f in findings):
        out.append("Findings marked 'not recomputed' have no code cell: "
                   + "; ".join(f"{f.title} — {f.not_reproducible}" for f in findings
                               if f.not_reproducible) + ".")
    return out


def _inferences(findings: list[Finding]) -> list[str]:
    tools = {f.source.tool for f in findings}
    out = []
    if "node_centrality" in tools or "degree_analysis" in tools:
        out.append("Reading highly ranked nodes as 'important' or 'influential' is an "
                   "interpretation of structure; whether they matter to the business is not "
                   "measured here.")
    if "bridge_nodes" in tools or "community_detection" in tools:
        out.append("Treating communities as segments, and bridge nodes as the people or items "
                   "connecting them, is an interpretation: the partition is a modelling choice.")
    if not out:
        out.append("No interpretation beyond the measured numbers is made in this report.")
    return out


def _next_steps(findings: list[Finding]) -> list[str]:
    tools = {f.source.tool for f in findings}
    out = []
    if "bridge_nodes" in tools:
        out.append("Inspect the neighbourhoods of the top bridge nodes (visualize_subgraph).")
        out.append("Check the bridges with another community method or seed.")
    if "node_centrality" in tools:
        out.append("Compare the ranking with a second centrality measure.")
    if tools - set(RECIPES):
        out.append("Add a recompute recipe for the tools marked 'not recomputed'.")
    out.append("Validate the findings against business data the graph does not contain.")
    return out
