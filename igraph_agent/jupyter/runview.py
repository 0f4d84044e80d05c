"""The run panel's state, folded from run events and the final response (no widget code here).

The same fold serves the live panel, ``--no-wait`` runs and a panel rebuilt from the store
(``%agent show RUN_ID``), so all three look the same.

Example::

    >>> from igraph_agent.data import path
    >>> handle = agent.start("Which nodes are most central?", attach=[path("karate.csv")])
    >>> resp = handle.wait()
    >>> view = empty_view(handle.run_id, "Which nodes are most central?")
    >>> for event in handle.events(after=-1, timeout=1):
    ...     view = apply_event(view, event)
    >>> view = apply_response(view, resp.model_dump(mode="json"))
    >>> view["status"], "node_centrality" in [card["tool"] for card in view["tools"]]
    ('answered', True)
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from igraph_agent.jupyter.words import args_words, describe
from igraph_agent.runtime.events import (
    ENDED_EVENTS,
    ApprovalRequested,
    ApprovalResolved,
    DataProgress,
    Event,
    JobProgress,
    ModelCompleted,
    ModelDelta,
    RunGraph,
    RunPaused,
    RunStarted,
    ToolBlocked,
    ToolCompleted,
    ToolStarted,
    parse_event,
)
from igraph_agent.status import (
    DECIDED,
    FINAL_PHASES,
    PHASE_STATES,
    CardStatus,
    ResponseStatus,
    RunPhase,
    RunState,
    label,
)

SUMMARY_CHARS = 240
ARGS_CHARS = 2000
CANCELLED_CODES = {"RUN_CANCELLED", "JOB_CANCELLED"}
ARCHS = {"gcn": "GCN", "sage": "GraphSAGE", "gat": "GAT"}
JOB_VERBS = {"train": "training", "infer": "predicting"}
STEP = re.compile(r"\b([a-z]+) (\d+)/(\d+)")
EARLY = re.compile(r"stopped early at ([a-z]+) (\d+) of (\d+)")


def run_state(run_status: str, response: dict[str, Any] | None = None) -> str:
    """A run's state in the one vocabulary (``status.RunState``), from its stored phase and
    final response."""
    if run_status in (RunPhase.CANCELLED, RunPhase.INTERRUPTED):
        return str(run_status)
    resp = response or {}
    if resp.get("status") == ResponseStatus.ERROR and \
            (resp.get("error") or {}).get("code") in CANCELLED_CODES:
        return RunState.CANCELLED.value
    return str(resp.get("status") or PHASE_STATES.get(run_status, run_status))  # type: ignore[call-overload]


state_label = label  # the words shown for a state (status.label)


def graph_name(graph: Any) -> str:
    """The header's words for the graph a run is bound to (a label, or name and revision)."""
    if not graph:
        return ""
    if isinstance(graph, str):
        return graph
    if graph.get("label"):
        return str(graph["label"])
    rev = f" r{graph['revision']}" if graph.get("revision") is not None else ""
    return f"{graph.get('name') or graph.get('dataset_id') or ''}{rev}"


# The panel's parts: each is one synced trait of the widget, sent (and redrawn by widget.js)
# only when one of its keys changed. A part of one key holds that key's value; a part of
# several holds a dict of them. Grouped by what changes together: the header at start, on
# a pause and at the end; the cards on each tool event; the jobs on each progress line; the
# answer once, with the final response. A new key of the view joins one of these parts
# (keys starting with "_" are the fold's own and never sent).
PARTS: dict[str, str | tuple[str, ...]] = {
    "header": ("run_id", "question", "status", "model", "graph", "format", "started",
               "finished", "waited", "response_status"),
    "text": "text",
    "cards": "tools",
    "jobs": "jobs",
    "approvals": "pending",
    "answer": ("answer", "evidence", "usage", "error", "figures", "report_cells"),
    "notices": "notices",
    "message": ("message", "reading"),  # a click's line, or the line of the data being read
}


def split(view: dict[str, Any]) -> dict[str, Any]:
    """The view cut into the widget's parts (``PARTS``): trait name → value.

    Example::

        >>> parts = split(empty_view("run_1", "Who is central?"))
        >>> parts["header"]["status"], parts["cards"], parts["message"]
        ('starting', [], {'message': '', 'reading': ''})
    """
    out: dict[str, Any] = {}
    for part, keys in PARTS.items():
        if isinstance(keys, str):
            out[part] = view.get(keys)
        else:
            out[part] = {key: view.get(key) for key in keys}
    return out


def join(parts: dict[str, Any]) -> dict[str, Any]:
    """The view back from its parts (what a frontend or a test reads from the traits)."""
    view: dict[str, Any] = {}
    for part, keys in PARTS.items():
        if part not in parts:
            continue
        if isinstance(keys, str):
            view[keys] = parts[part]
        else:
            view.update({key: (parts[part] or {}).get(key) for key in keys})
    return view


def empty_view(run_id: str, question: str, output_format: str = "chat") -> dict[str, Any]:
    return {
        "run_id": run_id, "question": question, "status": RunState.STARTING.value, "model": "",
        "text": "", "tools": [], "jobs": {}, "answer": "", "format": output_format,
        "response_status": "", "evidence": [], "usage": {}, "pending": [], "error": None,
        "notices": [], "message": "", "figures": [], "started": None, "finished": None,
        "reading": "",
        "graph": None, "report_cells": False,
        "waited": 0.0,  # seconds paused for approvals (not the run's own time)
    }


def apply_event(view: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    """Return a new view with one event folded in; unknown event types are ignored."""
    v = copy.deepcopy(view)
    parsed = parse_event(event)
    if parsed is None:
        return v
    _fold(v, parsed)
    _describe_pending(v)
    return v


def _describe_pending(v: dict[str, Any]) -> None:
    for p in v["pending"]:
        p.setdefault("what", describe(str(p.get("tool", "")), p.get("args") or {}, v["tools"]))


def _fold(v: dict[str, Any], parsed: Event) -> None:
    data, ts = parsed.data, parsed.ts
    if isinstance(data, RunStarted):
        v["status"] = RunState.RUNNING.value
        v["model"] = data.model or v["model"]
        v["started"] = v["started"] or ts
        paused_at = v.pop("_paused_at", None)
        if paused_at is not None and ts is not None:  # resumed: the wait was the person's
            v["waited"] = round(float(v.get("waited") or 0.0) + max(0.0, ts - paused_at), 3)
    elif isinstance(data, ModelDelta):
        if v.pop("_turn_done", False):
            v["text"] = ""
        v["text"] += data.text
    elif isinstance(data, ModelCompleted):
        v["text"] = data.text or v["text"]
        v["_turn_done"] = True
    elif isinstance(data, ToolStarted):
        v["tools"].append({"call_id": data.call_id, "tool": data.tool,
                           "args": args_words(data.args),
                           "raw_args": _short(json.dumps(data.args, indent=1, default=str),
                                              ARGS_CHARS),
                           "status": CardStatus.RUNNING.value, "started": ts, "elapsed_ms": None,
                           "summary": "", "error": None})
    elif isinstance(data, ToolCompleted | ToolBlocked | ApprovalRequested | ApprovalResolved):
        _fold_call(v, data, parsed)
    elif isinstance(data, JobProgress):
        job = data.job_id or "job"
        v["jobs"][job] = progress(v["jobs"].get(job), data, ts, v["tools"])
    elif isinstance(data, DataProgress):  # the attachments read, then built, before any turn
        _reading(v, "" if data.phase == "done" else data.line)
    elif isinstance(data, RunGraph):  # the graph the run is bound to, before the first turn
        v["graph"] = data.graph
    elif isinstance(data, RunPaused):
        v["status"] = RunState.AWAITING_APPROVAL.value
        v["_paused_at"] = ts
        if data.pending:
            v["pending"] = list(data.pending)
    elif parsed.type in ENDED_EVENTS:
        _fold_end(v, parsed)


def _fold_call(v: dict[str, Any], data: Any, event: Event) -> None:
    """A tool card's outcome, a block, or an approval asked or answered."""
    card = _card(v, data.call_id, data.tool)
    if isinstance(data, ToolCompleted):
        if card["status"] != CardStatus.BLOCKED.value:
            code = (data.error or {}).get("code")
            card["status"] = (CardStatus.OK.value if data.success else
                              CardStatus.CANCELLED.value if code in CANCELLED_CODES else
                              CardStatus.FAILED.value)
            card["summary"] = _short(data.summary, SUMMARY_CHARS)
            card["error"] = data.error
        card["elapsed_ms"] = data.elapsed_ms
    elif isinstance(data, ToolBlocked):
        card["status"] = CardStatus.BLOCKED.value
        by = " ".join(x for x in (data.blocked_by_tool, data.blocked_by) if x)
        card["summary"] = _short(f"not run: depends on {by}, which {data.reason}"
                                 if by else data.reason, SUMMARY_CHARS)
    else:
        v["pending"] = [p for p in v["pending"] if p.get("tool_call_id") != data.call_id]
        if isinstance(data, ApprovalRequested):
            v["pending"].append({"run_id": event.run_id or v["run_id"],
                                 "tool_call_id": data.call_id, "tool": data.tool,
                                 "args": data.args,
                                 "generation": data.generation or event.generation})
            card["status"] = CardStatus.AWAITING_APPROVAL.value
            card["raw_args"] = card["raw_args"] or json.dumps(data.args, indent=1, default=str)
            card["args"] = card["args"] or args_words(data.args)
        else:
            card["status"] = _decided(data.decision)
            if card["status"] == CardStatus.REJECTED.value and not card["summary"]:
                card["summary"] = "not run: you rejected it"


def _decided(decision: str | None) -> str:
    """The card status a decision leaves: approved, modified, rejected (else decided)."""
    status = DECIDED.get(decision) if decision else None  # type: ignore[call-overload]
    try:
        return CardStatus(status or decision or CardStatus.DECIDED).value
    except ValueError:
        return CardStatus.DECIDED.value


def _reading(v: dict[str, Any], line: str) -> None:
    """The reading line ("reading roads.csv · 250,000 of 1,000,000 rows") is the panel's
    message while the data is read; a note (e.g. "cancel requested") is never replaced."""
    if not v.get("message") or v["message"] == v.get("reading"):
        v["message"] = line
    v["reading"] = line


def _fold_end(v: dict[str, Any], event: Event) -> None:
    _reading(v, "")
    error = getattr(event.data, "error", None)
    v["status"] = run_state(event.type.split(".", 1)[1],
                            {"status": getattr(event.data, "status", ""), "error": error})
    v["finished"] = event.ts
    if error:
        v["error"] = error
    for card in v["tools"]:
        if card["status"] == CardStatus.RUNNING.value:
            card["status"] = v["status"]


def apply_response(view: dict[str, Any], resp: dict[str, Any]) -> dict[str, Any]:
    """Fold in the final AgentResponse (as a JSON dict)."""
    v = copy.deepcopy(view)
    v.pop("_turn_done", None)
    v["response_status"] = resp.get("status", "")
    if v["status"] not in (RunState.CANCELLED.value, RunState.INTERRUPTED.value):
        v["status"] = run_state("", resp) or v["status"]
    v["answer"] = resp.get("answer") or ""
    v["model"] = resp.get("model") or v["model"]
    v["evidence"] = resp.get("evidence") or []
    v["usage"] = resp.get("usage") or {}
    v["pending"] = resp.get("pending") or []
    v["notices"] = resp.get("notices") or []
    v["error"] = resp.get("error") or v["error"]
    if resp.get("graph"):
        v["graph"] = resp["graph"]
    if v["answer"] and v["text"].strip() == v["answer"].strip():
        v["text"] = ""
    _describe_pending(v)
    return v


def view_from_record(record: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Rebuild the panel of a stored run (``Agent.run_record``): (view, compacted events)."""
    run = record["run"]
    options = run.get("options") or {}
    view = empty_view(run["id"], run.get("question", ""), options.get("output_format", "chat"))
    view["model"] = run.get("model") or ""
    events = compact(record.get("events") or [])
    for event in events:
        view = apply_event(view, event)
    if run.get("response"):
        view = apply_response(view, run["response"])
    if run.get("status") in (*FINAL_PHASES, RunPhase.PAUSED):
        view["status"] = run_state(run["status"], run.get("response"))
    return view, events


def compact(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Merge consecutive ``model.delta`` events, so the stored event list stays small."""
    out: list[dict[str, Any]] = []
    for e in events:
        if (e.get("type") == "model.delta" and out and out[-1].get("type") == "model.delta"):
            last = dict(out[-1])
            last["data"] = {"text": str(last["data"].get("text", "")) + str(e["data"].get("text", ""))}
            last["index"] = e.get("index")
            out[-1] = last
        else:
            out.append(e)
    return out


def progress(job: dict[str, Any] | None, data: JobProgress, ts: float | None,
             cards: list[dict[str, Any]]) -> dict[str, Any]:
    """A job's progress bar, tqdm-like: a label in words, done/total, start and last update
    (the widget derives rate, elapsed and time left), and a final line when done."""
    fraction = float(data.fraction or 0.0)
    out = {**(job or {"started": ts, "label": _job_label(cards)}), "fraction": fraction,
           "message": data.message, "updated": ts}
    step = STEP.search(data.message)
    if step:
        out.update(unit=step[1], done=int(step[2]), total=int(step[3]))
        out["label"] = f"{out['label'].split(',')[0]}, {step[1]} {step[2]}/{step[3]}"
    if fraction >= 1.0:
        early = EARLY.search(data.message)
        if early:  # the bar says so rather than "100% 61/200"
            out.update(early=early[0], unit=early[1], done=int(early[2]), total=int(early[3]))
        took = (ts or 0) - (out.get("started") or ts or 0)
        out["final"] = f"{out['label'].split(',')[0]}: {data.message} ({took:.1f} s)"
    return out


def _job_label(cards: list[dict[str, Any]]) -> str:
    """Words for the job of the latest job-starting card: ``training GraphSAGE``."""
    for card in reversed(cards):
        if card.get("tool") in JOB_VERBS:
            try:
                args = json.loads(card.get("raw_args") or "{}")
            except ValueError:
                args = {}
            arch = str(args.get("arch") or "")
            return f"{JOB_VERBS[card['tool']]} {ARCHS.get(arch, arch)}".strip()
    return "background job"


def _card(v: dict[str, Any], call_id: str, tool: str) -> dict[str, Any]:
    for card in reversed(v["tools"]):
        if card["call_id"] == call_id:
            return card
    card = {"call_id": call_id, "tool": tool, "args": "", "raw_args": "",
            "status": CardStatus.RUNNING.value, "started": None, "elapsed_ms": None, "summary": "",
            "error": None}
    v["tools"].append(card)
    return card


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
