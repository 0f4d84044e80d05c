"""The project's tool catalogue as MCP tools, each call one igraph-agent run.

A call becomes a run of the ``relay/call`` provider (``model/relay.py``) whose only tool is
the one called, in the igraph-agent session of the MCP session: scope rules, read-only
mode, approvals and persistence hold as for any run, and the loaded graph stays between
calls of one client. A gated call pauses its run and answers ``APPROVAL_REQUIRED`` with
the run and call to approve; the same call sent again returns the decided call's result.

An MCP client is a program, not the person at a notebook: besides the tools gated
everywhere, ``train`` (writes a model file) and ``remember`` (writes a memory candidate)
wait for a person here too (:data:`ASK_FIRST`), even when the call's own words ask to
train. An answer given through elicitation decides only the paused call it was asked for.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode

# tools a person approves before an MCP client's call runs, beyond those gated everywhere
ASK_FIRST = ("train", "remember")

APPROVE_HINT = ("approve it with `igraph-agent --home {home} approve {run} {call}` or "
                "`%agent approve {run} {call}` in a notebook on this project, then send the "
                "same call again for its result (reject with --reject)")


ATTACH_TOOL = {
    "name": "attach_data",
    "description": "Attach a data file (CSV, TSV, TXT edge list, Parquet, SQL, GraphML, GEXF, "
                   "GML, Pajek, node-link JSON) from the server's data folder to this "
                   "session; a single edge table or graph is built and loaded as the "
                   "session's graph at once. Returns get_graph_info's view of the session.",
    "input_schema": {"type": "object", "properties": {
        "path": {"type": "string", "description": "file path, relative to the data folder"},
        "name": {"type": "string", "description": "a short name for the source"}},
        "required": ["path"]},
    "mutates": False, "gated": False,
}


@dataclass
class Catalogue:
    """What ``igraph-agent mcp`` serves: the registry's tools, run in per-client sessions."""

    agent: Any  # runtime.agent.Agent
    read_only: bool = False
    data_dir: Path = field(default_factory=Path.cwd)  # attach_data reads only below it
    _sessions: dict[str, str] = field(default_factory=dict)
    _paused: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def tools(self) -> list[dict[str, Any]]:
        """name, description and JSON schema of every tool, as the model sees them."""
        out = []
        for t in self.agent.registry.in_scope(None):
            if t.name == "find_tools":  # an MCP client lists every tool already
                continue
            fn = t.json_schema()["function"]
            out.append({"name": fn["name"], "description": fn["description"],
                        "input_schema": fn["parameters"],
                        "mutates": t.mutates or t.mutates_when is not None,
                        "gated": (t.requires_approval or t.approval_when is not None
                                  or t.name in ASK_FIRST)})
        return [ATTACH_TOOL, *out]

    def session_of(self, client: str) -> str:
        """The igraph-agent session of an MCP client's session key, made on its first call
        and kept in the project's configuration, so a later server process (a stdio server
        is one process per connection) continues it with its graph."""
        with self._lock:
            if client not in self._sessions:
                key = f"mcp_session:{client}"
                sid = self.agent.store.get_config(key)
                if sid and self.agent.store.get_session(sid) is not None:
                    self.agent.refresh_graph(sid)
                else:
                    sid = self.agent.store.create_session(f"mcp {client}")
                    self.agent.store.set_config(key, sid)
                self._sessions[client] = sid
            return self._sessions[client]

    def call(self, client: str, name: str, arguments: dict[str, Any] | None) -> dict[str, Any]:
        """One tool call of an MCP client -> the envelope (``ok``, ``error``, ``data`` ...)."""
        if name == ATTACH_TOOL["name"]:
            return self.attach(client, arguments or {})
        if self.agent.registry.get(name) is None:
            return _failure(name, ErrorCode.TOOL_NOT_IN_SCOPE, f"no tool {name!r} here",
                            "list the tools to see their names")
        sid = self.session_of(client)
        key = (sid, _call_key(name, arguments or {}))
        earlier = self._paused.get(key)
        if earlier is not None:
            return self._after_pause(sid, key, *earlier)
        from igraph_agent.model.relay import RELAY_MODEL, relay_question
        from igraph_agent.options import RunOptions

        options = RunOptions(model=RELAY_MODEL, tools=[name], read_only=self.read_only,
                             max_steps=3, ask_first=[n for n in ASK_FIRST if n == name])
        try:
            resp = self.agent.ask(relay_question(name, arguments or {}), session=sid,
                                  options=options)
        except AgentError as exc:
            return _failure(name, exc.code, exc.message, exc.hint)
        if resp.status == "awaiting_approval":
            call_id = resp.pending[0].tool_call_id
            self._paused[key] = (resp.run_id, call_id)
            return self._approval_required(name, resp.run_id, call_id, arguments or {})
        return self._result_of(resp.run_id, name, resp)

    def attach(self, client: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Attach a file below the data folder in a run that then states the session graph."""
        name = ATTACH_TOOL["name"]
        root = self.data_dir.resolve()
        given = str(arguments.get("path") or "")
        try:  # a NUL byte or an over-long name is no file either, and says so
            path = (root / given).resolve()
            found = path.is_file() and path.is_relative_to(root)
        except (OSError, ValueError):
            found = False
        if not found:
            shown = given if len(given) <= 200 else given[:200] + f"… ({len(given)} characters)"
            return _failure(name, ErrorCode.SOURCE_INVALID,
                            f"no file {shown!r} in the data folder",
                            f"name a file below {root}")
        from igraph_agent.model.relay import RELAY_MODEL, relay_question
        from igraph_agent.options import RunOptions

        label = str(arguments.get("name") or path.stem)
        options = RunOptions(model=RELAY_MODEL, tools=["get_graph_info"],
                             read_only=self.read_only, max_steps=3)
        try:
            resp = self.agent.ask(relay_question("get_graph_info", {}), attach=[path],
                                  names=[label], session=self.session_of(client),
                                  options=options)
        except AgentError as exc:
            return _failure(name, exc.code, exc.message, exc.hint)
        env = self._result_of(resp.run_id, "get_graph_info", resp)
        return {**env, "tool": name}

    def decide(self, client: str, name: str, arguments: dict[str, Any] | None,
               decision: str, asked: dict[str, Any] | None = None) -> dict[str, Any]:
        """Decide this client's paused call (asked through MCP elicitation) with the approval
        machinery, then answer the call: its result, or ``APPROVAL_REJECTED``.

        ``asked``: the ``data`` of the ``APPROVAL_REQUIRED`` answer the person saw (run,
        call, generation). The decision applies only if that is still the pending call of
        this client's same call, at the same generation; else ``APPROVAL_CONFLICT`` and
        nothing is decided."""
        sid = self.session_of(client)
        paused = self._paused.get((sid, _call_key(name, arguments or {})))
        if paused is None:
            return _failure(name, ErrorCode.APPROVAL_CONFLICT, f"no paused {name} call here",
                            "send the call again")
        generation = None
        if asked is not None:
            generation = asked.get("generation")
            if (asked.get("run_id"), asked.get("tool_call_id")) != paused:
                return _failure(name, ErrorCode.APPROVAL_CONFLICT,
                                f"the answer was for {name} call {asked.get('tool_call_id')} "
                                f"of run {asked.get('run_id')}, which is not the one waiting "
                                f"(call {paused[1]} of run {paused[0]}); nothing was decided",
                                "send the call again to be asked about the waiting one")
        resp = self.agent.continue_run(paused[0], paused[1], decision,
                                       generation=generation, tool=name)
        if resp.status == "error" and resp.error is not None:
            return _failure(name, resp.error.code, resp.error.message, resp.error.hint)
        return self.call(client, name, arguments)

    def _after_pause(self, sid: str, key: tuple[str, str], run_id: str,
                     call_id: str) -> dict[str, Any]:
        status = self.agent.run_status(run_id)
        name = key[1].split(" ", 1)[0]
        if status.run_status == "paused":
            return self._approval_required(name, run_id, call_id,
                                           json.loads(key[1].split(" ", 1)[1]))
        del self._paused[key]
        self.agent.refresh_graph(sid)  # the decided call may have run in another process
        return self._result_of(run_id, name, None)

    def _approval_required(self, name: str, run_id: str, call_id: str,
                           arguments: dict[str, Any]) -> dict[str, Any]:
        from igraph_agent.store.approvals import Approvals

        hint = APPROVE_HINT.format(home=self.agent.home, run=run_id, call=call_id)
        shown = json.dumps(arguments, sort_keys=True)
        env = _failure(name, ErrorCode.APPROVAL_REQUIRED,
                       f"{name} {shown[:300]} changes data and waits for a person's approval "
                       f"(run {run_id}, call {call_id}); it has not run", hint)
        record = Approvals(self.agent.store).get(run_id, call_id)
        env["data"] = {"run_id": run_id, "tool_call_id": call_id,
                       "generation": record.generation if record is not None else None,
                       "arguments": arguments,
                       "approve": f"igraph-agent approve {run_id} {call_id}"}
        return env

    def _result_of(self, run_id: str, name: str, resp: Any) -> dict[str, Any]:
        calls = [c for c in self.agent.store.tool_calls(run_id) if c.get("tool") == name]
        raw = calls[-1].get("envelope") if calls else None
        envelope = (json.loads(raw) if isinstance(raw, str) else raw) or {}
        if not envelope:
            err = getattr(resp, "error", None)
            return _failure(name, err.code if err else ErrorCode.TOOL_FAILED,
                            err.message if err else f"{name} did not run",
                            getattr(err, "hint", None))
        return _shape(envelope, run_id)


def _call_key(name: str, arguments: dict[str, Any]) -> str:
    return f"{name} {json.dumps(arguments, sort_keys=True)}"


def _shape(envelope: dict[str, Any], run_id: str) -> dict[str, Any]:
    """A stored tool-result envelope as the MCP structured content."""
    return {"ok": bool(envelope.get("success")), "tool": envelope.get("tool"),
            "summary": envelope.get("summary", ""), "data": envelope.get("data") or {},
            "error": envelope.get("error"), "revision": envelope.get("revision"),
            "run_id": run_id}


def _failure(name: str, code: str, message: str, hint: str | None) -> dict[str, Any]:
    return {"ok": False, "tool": name, "summary": message, "data": {},
            "error": {"code": str(code), "message": message, "hint": hint}, "revision": None,
            "run_id": None}
