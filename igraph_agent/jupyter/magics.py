"""``%%agent`` and ``%agent``: ask the graph agent from a notebook.

``%load_ext igraph_agent`` registers them and imports nothing heavy: the Agent (and with
it pandas, networkx, litellm on first use) is created by the first command that needs it.

In notebook cells::

    %load_ext igraph_agent

    %%agent --with orders --format report
    Which customers connect multiple communities?

    %agent config model=openai/gpt-4o-mini
"""

from __future__ import annotations

import sys
import time
from typing import Any

from IPython.core.magic import Magics, line_cell_magic, magics_class, no_var_expand
from IPython.display import display

from igraph_agent.jupyter.kernel_bridge import KernelBridge, drain, get_bridge
from igraph_agent.jupyter.parsing import (
    CellArgs,
    HelpShown,
    LineCommand,
    UsageProblem,
    help_text,
    parse_cell_line,
    parse_line_command,
)
from igraph_agent.status import RunPhase

CANCEL_WAIT_S = 10.0
# line commands after which the lab extension's status bar is refreshed from the store
STATUS_COMMANDS = {"approve", "reject", "modify", "cancel", "status", "jobs", "new", "show"}


@magics_class
class AgentMagics(Magics):
    """The ``agent`` magic: a cell asks a question, a line runs a command."""

    @property
    def bridge(self) -> KernelBridge:
        return get_bridge()

    @no_var_expand
    @line_cell_magic
    def agent(self, line: str, cell: str | None = None) -> None:
        try:
            if cell is None:
                self._line(parse_line_command(line))
            else:
                self._cell(parse_cell_line(line), cell)
        except HelpShown as shown:
            print(str(shown))
        except UsageProblem as problem:
            print(str(problem), file=sys.stderr)
        except Exception as exc:  # the kernel never sees a traceback from us
            _print_error(exc)

    # -- %%agent ------------------------------------------------------------------------
    def _cell(self, args: CellArgs, prompt: str) -> None:
        question = prompt.strip()
        if not question:
            print("Error: the cell is empty; write a question below %%agent.", file=sys.stderr)
            return
        attach, names = self._attachments(args.with_vars)
        if args.choices():  # --directed / --undirected / --weight: the reading of the data
            if not attach:
                print("Error: --directed, --undirected and --weight describe attached data; "
                      "add --with VARIABLE.", file=sys.stderr)
                return
            from igraph_agent.graph.semantics import Edges

            attach = [Edges(obj, **args.choices()) for obj in attach]
        agent = self.bridge.agent
        if args.session and agent.store.get_session(args.session) is None:
            print(f"Error: no session {args.session!r} in this project; see %agent sessions.",
                  file=sys.stderr)
            return
        options = self._options(args)
        from igraph_agent.errors import AgentError, ErrorCode

        try:
            handle = agent.start(question, attach=attach, names=names, session=args.session,
                                 options=options)
        except AgentError as exc:
            details = exc.details or {}
            if exc.code != ErrorCode.SESSION_BUSY or details.get("run_status") != "paused":
                raise
            self._offer_decision(str(details["active_run"]))
            return
        bridge = self.bridge
        bridge.handles[handle.run_id] = handle
        bridge.last_run_id = handle.run_id
        panel = bridge.panel(handle.run_id, question, options.output_format)
        display_id = f"igraph-agent-{handle.run_id}"
        bridge.displays[handle.run_id] = display_id
        display(panel, display_id=display_id)
        if args.no_wait:
            bridge.follow(handle, panel)
            return
        after = self._wait(handle, panel)
        response = handle.wait()
        resp = response.model_dump(mode="json")
        panel.apply(handle.events(after))
        panel.finish(resp)
        bridge.last_response = resp
        ns = self._user_ns()
        ns["_agent_response"] = response
        if args.out_var:
            ns[args.out_var] = response
        from igraph_agent.jupyter.report_comm import publish_store_status

        report_cells = (options.output_format == "report" and response.status == "answered"
                        and (agent.store.get_config("report") or "cells") == "cells")
        if report_cells:
            panel.mark_report_sent()
        bridge.settle(handle.run_id, resp)
        from igraph_agent.jupyter.display import show_response

        show_response(resp, options.output_format)
        publish_store_status(agent)
        if report_cells:
            from igraph_agent.jupyter.report_comm import publish_report

            publish_report(agent.home, handle.run_id)
        elif any(a.tool == "run_graph_code" and a.success for a in response.actions):
            from igraph_agent.jupyter.report_comm import publish_code_cells

            publish_code_cells(agent.home, handle.run_id)

    def _wait(self, handle: Any, panel: Any) -> int:
        """Drain the run's events on this (main) thread; an interrupt (■) is the Stop button.

        The index of the last applied event is kept across the interrupt, so no event (and
        no tool card) is applied twice; the run is cancelled and drained to its end here.
        """
        from igraph_agent.jupyter.report_comm import StatusTracker, publish_events

        tracker = StatusTracker(handle.run_id)
        cursor = [-1]

        def seen(events: list[dict[str, Any]]) -> None:
            cursor[0] = events[-1]["index"]
            publish_events(tracker, events)

        try:
            return drain(handle, panel, -1, seen)
        except KeyboardInterrupt:
            panel.note("interrupted: cancelling the run")
            return self._cancel_and_drain(handle, panel, cursor[0], tracker)

    def _cancel_and_drain(self, handle: Any, panel: Any, after: int, tracker: Any) -> int:
        from igraph_agent.jupyter.report_comm import publish_events

        deadline = time.monotonic() + CANCEL_WAIT_S
        while True:  # a second ■ while cancelling only restarts this loop
            try:
                handle.cancel()
                while not handle.done and time.monotonic() < deadline:
                    events = handle.events(after, timeout=0.1)
                    if events:
                        panel.apply(events)
                        publish_events(tracker, events)
                        after = events[-1]["index"]
                return after
            except KeyboardInterrupt:
                continue

    def _offer_decision(self, run_id: str) -> None:
        """A new question while a run waits for approval: show that run to decide or cancel."""
        bridge = self.bridge
        pending = bridge.agent.pending(run_id)
        lines = [f"Run {run_id} is waiting for your approval, so this session cannot start "
                 "another run yet. Decide it with the buttons below, or:"]
        for p in pending:
            lines.append(f"  %agent approve {run_id} {p.tool_call_id}   ({p.tool})")
            lines.append(f"  %agent reject {run_id} {p.tool_call_id}")
        lines.append(f"  %agent cancel {run_id}   (drop the run), or %agent new for a fresh "
                     "session")
        print("\n".join(lines))
        display(bridge.stored_panel(run_id))

    def _user_ns(self) -> dict[str, Any]:
        """The kernel's user namespace (a magic always runs in a shell)."""
        assert self.shell is not None
        return self.shell.user_ns

    def _attachments(self, names: list[str]) -> tuple[list[Any], list[str]]:
        """Kernel variables named by ``--with``: DataFrames, networkx graphs or file paths."""
        ns = self._user_ns()
        objs = []
        for name in names:
            if name not in ns:
                raise UsageProblem(f"Error: --with {name}: no variable named {name!r} in the "
                                   "notebook")
            obj = ns[name]
            if not _attachable(obj):
                raise UsageProblem(f"Error: --with {name}: a {type(obj).__name__} cannot be "
                                   "attached; use a pandas DataFrame, a networkx graph or a "
                                   "file path")
            objs.append(obj)
        return objs, list(names)

    def _options(self, args: CellArgs) -> Any:
        from igraph_agent.options import RunOptions

        config = self.bridge.agent.store
        read_only = args.read_only or str(config.get_config("read_only", "false")).lower() == "true"
        return RunOptions(
            model=args.model,
            output_format=args.output_format or config.get_config("format") or "chat",
            reasoning_mode=args.reasoning or config.get_config("reasoning") or "direct",
            planning_mode=args.planning or config.get_config("planning") or "auto",
            read_only=read_only,
        )

    # -- %agent COMMAND -------------------------------------------------------------------
    def _line(self, cmd: LineCommand) -> None:
        getattr(self, f"_cmd_{cmd.name}")(cmd)
        if self.bridge.started and cmd.name in STATUS_COMMANDS:
            from igraph_agent.jupyter.report_comm import publish_store_status

            publish_store_status(self.bridge.agent)

    def _cmd_help(self, cmd: LineCommand) -> None:
        print(help_text())

    def _cmd_config(self, cmd: LineCommand) -> None:
        agent = self.bridge.agent
        for key, value in cmd.settings.items():
            agent.store.set_config(key, value.lower() if key != "model" else value)
        if "model" in cmd.settings:
            problem = _model_problem(agent, cmd.settings["model"])
            if problem:
                print(f"Warning: {problem}", file=sys.stderr)
        from igraph_agent.options import RunOptions

        lines = [f"project:  {agent.home.resolve()}",
                 f"model:    {agent.resolve_model(RunOptions())} "
                 f"(project default: {agent.default_model() or 'not set'})"]
        for key in ("format", "reasoning", "planning", "read_only", "report"):
            lines.append(f"{key + ':':<9} {agent.store.get_config(key) or 'default'}")
        lines.append(f"session:  {agent.session_id}")
        print(("Saved. " if cmd.settings else "") + "\n".join(lines))

    def _cmd_models(self, cmd: LineCommand) -> None:
        from igraph_agent.options import OFFLINE_MODEL, RunOptions

        agent = self.bridge.agent
        candidates = [("project default (%agent config)", agent.default_model()),
                      ("IGRAPH_AGENT_MODEL", agent.settings.model),
                      ("built-in", OFFLINE_MODEL)]
        print(f"default for new cells: {agent.resolve_model(RunOptions())}")
        for origin, model in candidates:
            if not model:
                print(f"  {origin}: not set")
                continue
            problem = _model_problem(agent, model)
            state = "usable" if problem is None else f"not usable — {problem}"
            print(f"  {model}  [{origin}]: {state}")

    def _cmd_status(self, cmd: LineCommand) -> None:
        bridge = self.bridge
        if not bridge.started:
            print("No agent yet in this kernel: run an %%agent cell first.")
            return
        agent = bridge.agent
        active = bridge.active()
        print(f"session: {agent.session_id}")
        if active:
            for h in active:
                state = bridge.panels[h.run_id].status if h.run_id in bridge.panels else "running"
                print(f"active run: {h.run_id} ({state})")
        else:
            print("active run: none")
        pending = [p for r in agent.runs(agent.session_id, 20) if r["status"] == RunPhase.PAUSED
                   for p in agent.pending(r["id"])]
        for p in pending:
            print(f"pending approval: {p.tool} {p.tool_call_id} in {p.run_id} — "
                  f"%agent approve {p.run_id} {p.tool_call_id} (or reject)")
        if not pending:
            print("pending approvals: none")
        jobs = _running_jobs(agent, bridge)
        for line in jobs:
            print(line)
        if not jobs:
            print("jobs: none running")

    def _cmd_skills(self, cmd: LineCommand) -> None:
        from igraph_agent.jupyter.skills_panel import skills_command

        panel = skills_command(self.bridge.agent, cmd.rest)
        if panel is not None:
            display(panel)

    def _cmd_memory(self, cmd: LineCommand) -> None:
        from igraph_agent.jupyter.skills_panel import memory_command

        panel = memory_command(self.bridge.agent, cmd.rest)
        if panel is not None:
            display(panel)

    def _cmd_save_report(self, cmd: LineCommand) -> None:
        import shlex

        from igraph_agent.jupyter.report_comm import save_report_command

        print(save_report_command(shlex.join(cmd.rest), self.bridge.agent.home))

    def _cmd_eval(self, cmd: LineCommand) -> None:
        """The ``igraph-agent eval`` command, in the kernel (docs/evaluation.md)."""
        from igraph_agent.eval.cli import eval_command

        eval_command.main(args=cmd.rest, prog_name="%agent eval", standalone_mode=False)

    def _cmd_mcp(self, cmd: LineCommand) -> None:
        """``mcp add|list|remove``: the project's MCP servers (docs/mcp.md)."""
        from igraph_agent.mcp.servers import servers_command

        servers_command.main(args=cmd.rest, prog_name="%agent mcp", standalone_mode=False,
                             obj={"store": self.bridge.agent.store})

    def _cmd_jobs(self, cmd: LineCommand) -> None:
        from igraph_agent.jupyter.display import show_jobs

        jobs = self.bridge.agent.jobs
        if cmd.run_id and cmd.rest == ["--cancel"]:
            print(f"cancelled: {', '.join(jobs.cancel(cmd.run_id)) or 'nothing (already ended)'}")
            return
        rows = [jobs.status(cmd.run_id)] if cmd.run_id else jobs.list()
        show_jobs(rows)

    def _cmd_sessions(self, cmd: LineCommand) -> None:
        agent = self.bridge.agent
        current = agent.session_id
        for s in agent.store.list_sessions():
            mark = "*" if s["id"] == current else " "
            print(f"{mark} {s['id']}  {s['runs']} run(s)  {s.get('title') or ''}".rstrip())

    def _cmd_new(self, cmd: LineCommand) -> None:
        sid = self.bridge.agent.new_session()
        print(f"New session {sid}: the next cells start without earlier context.")

    def _cmd_history(self, cmd: LineCommand) -> None:
        from igraph_agent.jupyter.parsing import HISTORY_ALL

        agent = self.bridge.agent
        every = agent.runs(agent.session_id, HISTORY_ALL)
        runs = every[:cmd.limit]
        if not runs:
            print("No runs yet in this session.")
        from igraph_agent.jupyter.runview import run_state, state_label

        for r in reversed(runs):
            q = " ".join(str(r["question"]).split())
            state = state_label(run_state(r["status"], _response_dict(r.get("response"))))
            print(f"{r['id']}  {state:<19} {r['model']:<20} {q[:60]}")
        if len(runs) < len(every):
            print(f"{len(runs)} of {len(every)} runs; `%agent history --all` lists every one")

    def _cmd_cancel(self, cmd: LineCommand) -> None:
        print(self.bridge.cancel(cmd.run_id))

    def _cmd_show(self, cmd: LineCommand) -> None:
        bridge = self.bridge
        run_id = cmd.run_id or bridge.last_run_id
        if run_id is None:
            runs = bridge.agent.runs(bridge.agent.session_id, 1)
            run_id = runs[0]["id"] if runs else None
        if run_id is None:
            print("No run to show yet.")
            return
        from igraph_agent.errors import AgentError

        try:
            panel = bridge.stored_panel(run_id)
        except AgentError as exc:
            print(f"Error {exc.code}: {exc.message}", file=sys.stderr)
            return
        display(panel)
        from igraph_agent.jupyter.report_comm import publish_code_cells

        publish_code_cells(bridge.agent.home, run_id)  # a code run's cells, offered again

    def _decide(self, cmd: LineCommand) -> None:
        bridge = self.bridge
        run_id = cmd.run_id or ""
        if run_id not in bridge.panels:  # e.g. after a kernel restart: show the stored run
            from igraph_agent.errors import AgentError

            try:
                display(bridge.stored_panel(run_id))
            except AgentError as exc:
                print(f"Error {exc.code}: {exc.message}", file=sys.stderr)
                return
        print(bridge.decide(run_id, cmd.tool_call_id or "", cmd.name, cmd.patched_args))

    _cmd_approve = _cmd_reject = _cmd_modify = _decide


def _running_jobs(agent: Any, bridge: KernelBridge) -> list[str]:
    """One line per unfinished background job (the runtime's job list, else the panels')."""
    manager = getattr(agent, "jobs", None)
    if manager is not None and hasattr(manager, "list"):
        lines = []
        for job in manager.list(limit=50):
            if job["state"] not in ("queued", "running"):
                continue
            last = job.get("last_progress") or {}
            pct = f" {round(100 * float(last.get('fraction') or 0))}% {last.get('message') or ''}"
            lines.append(f"job {job['job_id']} ({job['kind']}, run {job.get('run_id') or '-'}): "
                         f"{job['state']}{pct if last else ''}".rstrip())
        return lines
    return [f"job {job} ({rid}): {round(100 * float(info['fraction']))}% {info['message']}"
            for rid, panel in bridge.panels.items()
            for job, info in (panel.view.get("jobs") or {}).items()
            if float(info.get("fraction") or 0) < 1.0]


def _response_dict(value: Any) -> dict[str, Any] | None:
    """A stored run's response column, whether the store decoded it or not."""
    if isinstance(value, str):
        import json

        try:
            return json.loads(value)
        except ValueError:
            return None
    return value if isinstance(value, dict) else None


def _attachable(obj: Any) -> bool:
    from pathlib import Path

    if isinstance(obj, str | Path):
        return True
    pd = sys.modules.get("pandas")
    nx = sys.modules.get("networkx")
    return bool((pd and isinstance(obj, pd.DataFrame)) or (nx and isinstance(obj, nx.Graph)))


def _model_problem(agent: Any, model: str) -> str | None:
    from igraph_agent.errors import AgentError

    try:
        agent.gateway.check(model)
    except AgentError as exc:
        return exc.message + (f" ({exc.hint})" if exc.hint else "")
    return None


def _print_error(exc: Exception) -> None:
    from igraph_agent.errors import AgentError

    if isinstance(exc, AgentError):
        print(f"Error {exc.code}: {exc.message}" + (f"\nHint: {exc.hint}" if exc.hint else ""),
              file=sys.stderr)
    else:
        print(f"Error: {type(exc).__name__}: {exc}", file=sys.stderr)


def load(ipython: Any) -> None:
    """Register the magics (called by ``%load_ext igraph_agent``).

    The kernel's Agent (start-up recovery included: runs whose process died become
    ``interrupted``) is built on the kernel's main thread right after this cell ends, as a
    callback on the kernel's event loop. Never on another thread: building it imports pandas,
    networkx and pyarrow, and an import running beside the user's own ``import`` of the same
    packages can hand either side a half-initialised module. Outside a kernel (no running
    loop) the first command that needs the agent builds it. From now on the lab extension's
    status requests (sent when it connects to the kernel, e.g. after a page reload) are
    answered with the status read from the store.
    """
    from igraph_agent.jupyter.report_comm import register_status_target

    ipython.register_magics(AgentMagics)
    register_status_target(ipython, get_bridge().current_status)
    loop = _kernel_loop(ipython)
    if loop is not None:
        loop.call_soon(_build_agent)


def _kernel_loop(ipython: Any) -> Any:
    import asyncio

    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        io_loop = getattr(getattr(ipython, "kernel", None), "io_loop", None)
        return getattr(io_loop, "asyncio_loop", None)


def _build_agent() -> None:
    """Build the kernel's Agent and load what the first ``%%agent`` cell needs (the panel's
    widget, the request builder's catalogue), so that cell shows its panel at once."""
    try:
        get_bridge().agent.requests.warm()
        import igraph_agent.jupyter.widget  # noqa: F401
    except Exception:  # not built: the first command that needs it retries and reports it
        return
