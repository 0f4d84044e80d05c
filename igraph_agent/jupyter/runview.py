"""The run panel's state, folded from run events and the final response (no widget code here).

The same fold serves the live panel, ``--no-wait`` runs and a panel rebuilt from the store
(``%agent show RUN_ID``), so all three look the same.

Example::

    view = empty_view("run_1", "Which nodes are central?")
    for event in handle.events():
        view = apply_event(view, event)
    view = apply_response(view, resp.model_dump(mode="json"))
"""

from __future__ import annotations

import copy
import json
from typing import Any

from igraph_agent.response import FINAL_PHASES, RunPhase
from igraph_agent.runtime.events import (
    ENDED,
    ApprovalRequested,
    ApprovalResolved,
    Event,
    JobProgress,
    ModelCompleted,
    ModelDelta,
    RunPaused,
    RunStarted,
    ToolBlocked,
    ToolCompleted,
    ToolStarted,
    parse_event,
)

SUMMARY_CHARS = 240
ARGS_CHARS = 300
RESPONSE_STATUS = {"answered": "completed", "needs_clarification": "completed",
                   "blocked": "completed", "error": "error", "awaiting_approval": "paused"}


def empty_view(run_id: str, question: str, output_format: str = "chat") -> dict[str, Any]:
    return {
        "run_id": run_id, "question": question, "status": "starting", "model": "",
        "text": "", "tools": [], "jobs": {}, "answer": "", "format": output_format,
        "response_status": "", "evidence": [], "usage": {}, "pending": [], "error": None,
        "notices": [], "message": "", "figures": [], "started": None, "finished": None,
    }


def apply_event(view: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    """Return a new view with one event folded in; unknown event types are ignored."""
    v = copy.deepcopy(view)
    parsed = parse_event(event)
    if parsed is None:
        return v
    data, ts = parsed.data, parsed.ts
    if isinstance(data, RunStarted):
        v["status"] = "running"
        v["model"] = data.model or v["model"]
        v["started"] = v["started"] or ts
    elif isinstance(data, ModelDelta):
        if v.pop("_turn_done", False):
            v["text"] = ""
        v["text"] += data.text
    elif isinstance(data, ModelCompleted):
        v["text"] = data.text or v["text"]
        v["_turn_done"] = True
    elif isinstance(data, ToolStarted):
        v["tools"].append({"call_id": data.call_id, "tool": data.tool,
                           "args": _short(json.dumps(data.args, default=str), ARGS_CHARS),
                           "status": "running", "started": ts, "elapsed_ms": None,
                           "summary": "", "error": None})
    elif isinstance(data, ToolCompleted | ToolBlocked | ApprovalRequested | ApprovalResolved):
        _fold_call(v, data, parsed)
    elif isinstance(data, JobProgress):
        v["jobs"][data.job_id or "job"] = {"fraction": float(data.fraction or 0.0),
                                           "message": data.message}
    elif isinstance(data, RunPaused):
        v["status"] = "paused"
        if data.pending:
            v["pending"] = list(data.pending)
    elif parsed.type in ENDED:
        _fold_end(v, parsed)
    return v


def _fold_call(v: dict[str, Any], data: Any, event: Event) -> None:
    """A tool card's outcome, a block, or an approval asked or answered."""
    card = _card(v, data.call_id, data.tool)
    if isinstance(data, ToolCompleted):
        if card["status"] != "blocked":
            card["status"] = "ok" if data.success else "failed"
            card["summary"] = _short(data.summary, SUMMARY_CHARS)
            card["error"] = data.error
        card["elapsed_ms"] = data.elapsed_ms
    elif isinstance(data, ToolBlocked):
        card["status"] = "blocked"
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
            card["status"] = "awaiting approval"
        else:
            card["status"] = data.decision or "decided"


def _fold_end(v: dict[str, Any], event: Event) -> None:
    v["status"] = event.type.split(".", 1)[1]
    v["finished"] = event.ts
    error = getattr(event.data, "error", None)
    if error:
        v["error"] = error
    for card in v["tools"]:
        if card["status"] == "running":
            card["status"] = v["status"]


def apply_response(view: dict[str, Any], resp: dict[str, Any]) -> dict[str, Any]:
    """Fold in the final AgentResponse (as a JSON dict)."""
    v = copy.deepcopy(view)
    v.pop("_turn_done", None)
    v["response_status"] = resp.get("status", "")
    if v["status"] not in FINAL_PHASES:
        v["status"] = RESPONSE_STATUS.get(resp.get("status", ""), v["status"])
    v["answer"] = resp.get("answer") or ""
    v["model"] = resp.get("model") or v["model"]
    v["evidence"] = resp.get("evidence") or []
    v["usage"] = resp.get("usage") or {}
    v["pending"] = resp.get("pending") or []
    v["notices"] = resp.get("notices") or []
    v["error"] = resp.get("error") or v["error"]
    if v["answer"] and v["text"].strip() == v["answer"].strip():
        v["text"] = ""
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
    elif run.get("status") in FINAL_PHASES | {RunPhase.PAUSED}:
        view["status"] = run["status"]
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


def _card(v: dict[str, Any], call_id: str, tool: str) -> dict[str, Any]:
    for card in reversed(v["tools"]):
        if card["call_id"] == call_id:
            return card
    card = {"call_id": call_id, "tool": tool, "args": "",
            "status": "running", "started": None, "elapsed_ms": None, "summary": "",
            "error": None}
    v["tools"].append(card)
    return card


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
