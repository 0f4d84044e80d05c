"""What the offline planner reads: the question and this run's results from the
conversation, and the request's options and skill catalogue as data (``model/context.py``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel

from igraph_agent.results import read

M = TypeVar("M", bound=BaseModel)

#: the tool that returns the schemas of tools not offered (tools/offer.py)
FIND_TOOLS = "find_tools"


@dataclass
class Observed:
    call_id: str
    tool: str
    args: dict[str, Any]
    result: dict[str, Any]

    @property
    def ok(self) -> bool:
        return bool(self.result.get("success"))

    @property
    def data(self) -> dict[str, Any]:
        return self.result.get("data") or {}

    @property
    def error(self) -> dict[str, Any]:
        return self.result.get("error") or {}

    def typed(self, model: type[M]) -> M:
        """This result's data as its tool's result model (``igraph_agent/results/``); a view
        cut for the model reads as the rows it kept."""
        return read(model, self.data)


@dataclass
class Call:
    tool: str
    args: dict[str, Any] = field(default_factory=dict)

    def key(self) -> str:
        return self.tool + json.dumps(self.args, sort_keys=True, default=str)


@dataclass
class PlanState:
    question: str
    results: list[Observed]
    tools: set[str]
    turns: int
    context: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_messages(cls, messages: list[dict], tools: list[dict] | None,
                      context: dict[str, Any] | None = None) -> PlanState:
        last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
        question = str(messages[last_user].get("content") or "") if last_user >= 0 else ""
        pending: dict[str, tuple[str, dict]] = {}
        results: list[Observed] = []
        turns = 0
        for m in messages[last_user + 1:]:
            if m.get("role") == "assistant":
                turns += 1
                for tc in m.get("tool_calls") or []:
                    fn = tc.get("function") or {}
                    try:
                        args = json.loads(fn.get("arguments") or "{}")
                    except json.JSONDecodeError:
                        args = {}
                    pending[tc.get("id")] = (fn.get("name", ""), args if isinstance(args, dict) else {})
            elif m.get("role") == "tool":
                name, args = pending.get(m.get("tool_call_id"), (m.get("name", ""), {}))
                try:
                    result = json.loads(m.get("content") or "{}")
                except json.JSONDecodeError:
                    result = {"success": False, "summary": str(m.get("content"))}
                results.append(Observed(m.get("tool_call_id", ""), name, args, result))
        names = {t["function"]["name"] for t in tools or [] if "function" in t}
        names |= {f.get("name") for r in results if r.tool == FIND_TOOLS and r.ok
                  for f in r.data.get("tools") or []}  # found tools are callable as offered
        return cls(question=question, results=results, tools=names, turns=turns,
                   context=dict(context or {}))

    # -- lookups ---------------------------------------------------------------------
    def can_call(self, tool: str) -> bool:
        """Offered, found by ``find_tools``, or still to be looked for with it."""
        if tool in self.tools:
            return True
        searched = {str(r.args.get("query")) for r in self.results if r.tool == FIND_TOOLS}
        return FIND_TOOLS in self.tools and tool not in searched

    def last(self, tool: str) -> Observed | None:
        for r in reversed(self.results):
            if r.tool == tool:
                return r
        return None

    def meaning(self) -> dict[str, Any]:
        """What the loaded graph's columns mean (get_graph_info's ``meaning``), or {}."""
        info = self.last_ok("get_graph_info")
        return dict((info.data.get("meaning") or {}) if info else {})

    def last_ok(self, tool: str) -> Observed | None:
        for r in reversed(self.results):
            if r.tool == tool and r.ok:
                return r
        return None

    def done(self, call: Call) -> Observed | None:
        """The result of exactly this call (same tool, same arguments), if it ran."""
        key = call.key()
        for r in self.results:
            if Call(r.tool, r.args).key() == key:
                return r
        return None

    def index(self, obs: Observed | None) -> int:
        return -1 if obs is None else self.results.index(obs)

    def graph_loaded(self) -> bool:
        info = self.last("get_graph_info")
        load = self.last_ok("load_constructed_graph")
        if load is not None and self.index(load) > self.index(info):
            return True
        return bool(info and info.ok and info.data.get("loaded"))

    def needs_verification(self) -> bool:
        """A load happened after the last graph-info call: check what is really loaded."""
        info = self.index(self.last("get_graph_info"))
        loads = (self.last_ok(t) for t in ("load_constructed_graph", "commit_graph_optimization"))
        return any(load is not None and self.index(load) > info for load in loads)

    @property
    def output_format(self) -> str:
        return str(self.context.get("output_format") or "chat")

    @property
    def skills(self) -> tuple[list[tuple[str, list[str]]], bool]:
        """((name, triggers) per catalogued skill, whether the request named them)."""
        rows = [(s["name"], list(s.get("triggers") or [])) for s in self.context.get("skills") or []]
        return rows, bool(self.context.get("skills_named"))
