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

SUMMARY_CHARS = 240
ARGS_CHARS = 300
RESPONSE_STATUS = {"answered": "completed", "needs_clarification": "completed",
                   "blocked": "completed", "error": "error", "awaiting_approval": "paused"}
TERMINAL = {"completed", "cancelled", "error", "interrupted"}


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
    kind, data, ts = event.get("type", ""), event.get("data") or {}, event.get("ts")
    if kind == "run.started":
        v["status"] = "running"
        v["model"] = data.get("model") or v["model"]
        v["started"] = v["started"] or ts
    elif kind == "model.delta":
        if v.pop("_turn_done", False):
            v["text"] = ""
        v["text"] += str(data.get("text") or "")
    elif kind == "model.completed":
        v["text"] = str(data.get("text") or v["text"])
        v["_turn_done"] = True
    elif kind == "tool.started":
        v["tools"].append({"call_id": data.get("call_id", ""), "tool": data.get("tool", ""),
                           "args": _short(json.dumps(data.get("args") or {}, default=str),
                                          ARGS_CHARS),
                           "status": "running", "started": ts, "elapsed_ms": None,
                           "summary": "", "error": None})
    elif kind == "tool.completed":
        card = _card(v, data)
        if card["status"] != "blocked":
            card["status"] = "ok" if data.get("success") else "failed"
            card["summary"] = _short(str(data.get("summary") or ""), SUMMARY_CHARS)
            card["error"] = data.get("error")
        card["elapsed_ms"] = data.get("elapsed_ms")
    elif kind == "tool.blocked":
        card = _card(v, data)
        card["status"] = "blocked"
        by = " ".join(str(x) for x in (data.get("blocked_by_tool"), data.get("blocked_by")) if x)
        card["summary"] = _short(f"not run: depends on {by}, which {data.get('reason', '')}"
                                 if by else str(data.get("reason") or ""), SUMMARY_CHARS)
    elif kind == "approval.requested":
        call_id = data.get("tool_call_id") or data.get("call_id")
        v["pending"] = [p for p in v["pending"] if p.get("tool_call_id") != call_id]
        v["pending"].append({"run_id": event.get("run_id", v["run_id"]), "tool_call_id": call_id,
                             "tool": data.get("tool", ""), "args": data.get("args") or {},
                             "generation": data.get("generation", event.get("generation"))})
        _card(v, {"call_id": call_id, "tool": data.get("tool")})["status"] = "awaiting approval"
    elif kind == "approval.resolved":
        call_id = data.get("tool_call_id") or data.get("call_id")
        v["pending"] = [p for p in v["pending"] if p.get("tool_call_id") != call_id]
        _card(v, {"call_id": call_id, "tool": data.get("tool")})["status"] = \
            str(data.get("decision") or "decided")
    elif kind == "job.progress":
        job = str(data.get("job_id", "job"))
        v["jobs"][job] = {"fraction": float(data.get("fraction") or 0.0),
                          "message": str(data.get("message") or "")}
    elif kind == "run.paused":
        v["status"] = "paused"
        if data.get("pending"):
            v["pending"] = list(data["pending"])
    elif kind in ("run.completed", "run.cancelled", "run.error", "run.interrupted"):
        v["status"] = kind.split(".", 1)[1]
        v["finished"] = ts
        if data.get("error"):
            v["error"] = data["error"]
        for card in v["tools"]:
            if card["status"] == "running":
                card["status"] = v["status"]
    return v


def apply_response(view: dict[str, Any], resp: dict[str, Any]) -> dict[str, Any]:
    """Fold in the final AgentResponse (as a JSON dict)."""
    v = copy.deepcopy(view)
    v.pop("_turn_done", None)
    v["response_status"] = resp.get("status", "")
    if v["status"] not in TERMINAL:
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
    elif run.get("status") in TERMINAL | {"paused"}:
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


def _card(v: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    for card in reversed(v["tools"]):
        if card["call_id"] == data.get("call_id"):
            return card
    card = {"call_id": data.get("call_id", ""), "tool": data.get("tool", ""), "args": "",
            "status": "running", "started": None, "elapsed_ms": None, "summary": "",
            "error": None}
    v["tools"].append(card)
    return card


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
