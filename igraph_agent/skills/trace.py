"""What a run did with skills: which it opened, and the tool trace that followed.

``record_opened`` is called by ``load_skill``; ``record_traces`` runs when a run ends
(idempotent) and stores, for each opened skill, every later tool call of the run with its
arguments, output capped at ``TRACE_OUTPUT_CHARS``, success and duration.

Example::

    >>> from igraph_agent.data import path
    >>> resp = agent.ask("Which nodes are most central?", attach=[path("karate.csv")])
    >>> record_traces(agent.store, resp.run_id)[0]["skill"]  # idempotent; runs do it at the end
    'centrality-and-influence'
    >>> entry = SkillRecords(agent.store).opened(resp.run_id)[0]["trace"][0]
    >>> entry["tool"], entry["success"], sorted(entry)
    ('node_centrality', True, ['args', 'call_id', 'elapsed_ms', 'output', 'status', 'success', 'tool'])
"""

from __future__ import annotations

import json
from typing import Any

from igraph_agent.store import Store
from igraph_agent.store.skills import SkillRecords

TRACE_OUTPUT_CHARS = 1000
SKILL_TOOLS = ("load_skill", "read_skill_reference")


def record_opened(store: Store, run_id: str, skill: str, call_id: str) -> None:
    SkillRecords(store).mark_opened(run_id, skill, call_id)


def record_traces(store: Store, run_id: str) -> list[dict[str, Any]]:
    """Store the tool trace of each skill the run opened; returns the opened records."""
    records = SkillRecords(store)
    opened = records.opened(run_id)
    if not opened:
        return []
    calls = store.tool_calls(run_id)
    seq_of = {c["call_id"]: c["seq"] for c in calls}
    for row in opened:
        after = seq_of.get(row["call_id"], -1)
        trace = [_entry(c) for c in calls if c["seq"] > after and c["tool"] not in SKILL_TOOLS]
        records.set_trace(run_id, row["skill"], trace)
        row["trace"] = trace
    return opened


def _entry(call: dict[str, Any]) -> dict[str, Any]:
    env = call.get("envelope") or {}
    output = json.dumps({"summary": env.get("summary"), "data": env.get("data"),
                         "error": env.get("error")}, default=str, ensure_ascii=False)
    if len(output) > TRACE_OUTPUT_CHARS:
        output = output[:TRACE_OUTPUT_CHARS] + f"… [cut at {TRACE_OUTPUT_CHARS} of {len(output)}]"
    started, finished = call.get("started_at"), call.get("finished_at")
    return {"call_id": call["call_id"], "tool": call["tool"], "args": call.get("args"),
            "output": output, "success": bool(env.get("success")),
            "status": call.get("status"),
            "elapsed_ms": env.get("elapsed_ms") if env else
            (int((finished - started) * 1000) if started and finished else None)}
