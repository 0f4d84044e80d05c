"""The ``igraph-agent`` command.

Exit codes: 0 answered, 1 error, 2 bad usage, 3 blocked or needs_clarification,
4 awaiting approval, 5 cancel requested but not confirmed yet (``cancel``).
"""

from __future__ import annotations

import gc
import json
import sys
from pathlib import Path

import click

from igraph_agent.errors import AgentError
from igraph_agent.markup import echo
from igraph_agent.status import ResponseStatus

EXIT = {ResponseStatus.ANSWERED: 0, ResponseStatus.ERROR: 1, ResponseStatus.BLOCKED: 3,
        ResponseStatus.NEEDS_CLARIFICATION: 3, ResponseStatus.AWAITING_APPROVAL: 4}


def _agent(home: str | None, model: str | None = None):
    from igraph_agent.runtime.agent import Agent

    return Agent(home=home, model=model)


@click.group()
@click.option("--home", envvar="IGRAPH_AGENT_HOME", default=None,
              help="project folder (default ./.igraph-agent)")
@click.pass_context
def cli(ctx: click.Context, home: str | None) -> None:
    """igraph-agent: ask questions about graphs, answered with real graph computations."""
    ctx.obj = {"home": home}


@cli.command()
@click.argument("question")
@click.option("--data", "data", multiple=True, type=click.Path(dir_okay=False),
              help="a file to attach (CSV, TSV, TXT, Parquet, SQL, GraphML, GEXF, GML, "
              "Pajek, node-link JSON); repeatable")
@click.option("--model", default=None, help="litellm model id (default: configured, else offline/planner)")
@click.option("--session", default=None, help="continue this session id")
@click.option("--format", "fmt", type=click.Choice(["chat", "report", "json"]), default="chat")
@click.option("--reasoning", type=click.Choice(["direct", "staged"]), default="direct")
@click.option("--planning", type=click.Choice(["never", "auto", "always"]), default="auto")
@click.option("--max-steps", type=click.IntRange(1, 100), default=12)
@click.option("--read-only", is_flag=True, help="refuse every tool that changes data")
@click.pass_context
def ask(ctx: click.Context, question: str, data: tuple[str, ...], model: str | None,
        session: str | None, fmt: str, reasoning: str, planning: str, max_steps: int,
        read_only: bool) -> None:
    """Ask QUESTION about the attached data (or the session's graph)."""
    from igraph_agent.options import RunOptions

    options = RunOptions(model=model, output_format=fmt, reasoning_mode=reasoning,
                         planning_mode=planning, max_steps=max_steps, read_only=read_only)
    agent = _agent(ctx.obj["home"])
    if session:
        agent.use_session(session)
    handle = agent.start(question, attach=[Path(p) for p in data], options=options)
    try:
        resp = handle.wait()
    except KeyboardInterrupt:  # Ctrl-C, also while the data is read: the run ends cancelled
        agent.cancel(run_id=handle.run_id, wait=30)
        resp = handle.wait(60)
    echo(resp.to_json() if fmt == "json" else resp.to_markdown())
    ctx.exit(EXIT.get(resp.status, 1))


@cli.group()
def runs() -> None:
    """List and inspect stored runs."""


@runs.command("list")
@click.option("--session", default=None)
@click.option("--limit", default=20, type=click.IntRange(1, 1000))
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def runs_list(ctx: click.Context, session: str | None, limit: int, as_json: bool) -> None:
    """The most recent runs, newest first."""
    rows = _agent(ctx.obj["home"]).runs(session, limit)
    if as_json:
        echo(json.dumps([{k: r[k] for k in ("id", "session_id", "status", "model", "question",
                                                  "created_at")} for r in rows], indent=2))
        return
    for r in rows:
        echo(f"{r['id']}  {r['status']:<10} {r['model']:<20} {r['question'][:60]}")


@runs.command("show")
@click.argument("run_id")
@click.pass_context
def runs_show(ctx: click.Context, run_id: str) -> None:
    """A run's messages, tool calls and events, as JSON."""
    record = _agent(ctx.obj["home"]).run_record(run_id)
    echo(json.dumps(record, indent=2, default=str))

@cli.command()
@click.argument("run_id")
@click.argument("tool_call_id")
@click.option("--reject", is_flag=True, help="reject the call; the model continues without it")
@click.option("--modify", default=None, metavar="JSON", help="run the call with these arguments (a modified previewed plan is "
              "previewed again and asked once more)")
@click.option("--generation", type=int, default=None, help="the pending record's generation")
@click.option("--format", "fmt", type=click.Choice(["chat", "report", "json"]), default="chat")
@click.pass_context
def approve(ctx: click.Context, run_id: str, tool_call_id: str, reject: bool, modify: str | None,
            generation: int | None, fmt: str) -> None:
    """Decide a pending approval of RUN_ID and continue the run from the same project."""
    from igraph_agent.runtime.approvals import decision_from_flags

    decision, patched = decision_from_flags(reject, modify)
    agent = _agent(ctx.obj["home"])
    try:
        resp = agent.continue_run(run_id, tool_call_id, decision, patched, generation=generation)
    finally:
        agent.close()
    echo(resp.to_json() if fmt == "json" else resp.to_markdown())
    ctx.exit(EXIT.get(resp.status, 1))


@cli.command()
@click.argument("run_id", required=False)
@click.option("--start-request", default=None, help="cancel by start_request_id instead")
@click.option("--cancel-id", default=None, help="cancel_request_id (bound to this target)")
@click.option("--wait", default=10.0, type=click.FloatRange(0, 3600),
              help="seconds to wait for the confirmation")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def cancel(ctx: click.Context, run_id: str | None, start_request: str | None,
           cancel_id: str | None, wait: float, as_json: bool) -> None:
    """Cancel RUN_ID (or a start request) and wait for the confirmed stop.

    Exit 0 when the stop is confirmed (or the run had already ended), 5 when it is
    requested but not confirmed yet (the owning process stops it), 1 on an error such as
    CANCEL_NOT_CONFIRMED.
    """
    if (run_id is None) == (start_request is None):
        raise click.UsageError("give RUN_ID or --start-request, not both")
    agent = _agent(ctx.obj["home"])
    try:
        status = agent.cancel(run_id=run_id, start_request_id=start_request,
                              cancel_request_id=cancel_id, wait=wait)
    finally:
        agent.close()
    if as_json:
        echo(status.model_dump_json(indent=2))
    else:
        echo(f"{status.run_id or start_request}  run_status={status.run_status}  "
                   f"cancel_status={status.cancel_status}  "
                   f"execution_stopped={status.execution_stopped}  "
                   f"terminal_persisted={status.terminal_persisted}")
    from igraph_agent.status import CancelPhase

    pending = status.cancel_status in (CancelPhase.REQUESTED, CancelPhase.STOPPING)
    ctx.exit(5 if pending else 0)


def _add_skill_and_memory_commands() -> None:
    from igraph_agent.cli_skills import memory_group, skills_group
    from igraph_agent.mcp.servers import servers_command

    cli.add_command(skills_group)
    cli.add_command(memory_group)
    from igraph_agent.eval.cli import eval_command

    cli.add_command(eval_command)
    cli.add_command(servers_command)


_add_skill_and_memory_commands()


@cli.command("mcp")
@click.option("--http", "http", is_flag=True, help="serve streamable HTTP instead of stdio")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8765, show_default=True, type=click.IntRange(1, 65535))
@click.option("--token", envvar="IGRAPH_AGENT_MCP_TOKEN", default=None,
              help="bearer token HTTP clients must send (required with --http)")
@click.option("--read-only", is_flag=True, help="refuse every tool call that changes data")
@click.option("--data-dir", type=click.Path(file_okay=False, exists=True), default=".",
              help="attach_data reads files only below this folder (default: the current one)")
@click.pass_context
def mcp_serve(ctx: click.Context, http: bool, host: str, port: int, token: str | None,
              read_only: bool, data_dir: str) -> None:
    """Serve the tool catalogue over MCP (stdio, or HTTP with --http)."""
    from igraph_agent.mcp.catalogue import Catalogue
    from igraph_agent.mcp.serve import serve_http, serve_stdio

    if http and not token:
        raise click.UsageError("--http needs --token (or IGRAPH_AGENT_MCP_TOKEN)")
    agent = _agent(ctx.obj["home"])
    catalogue = Catalogue(agent, read_only=read_only or agent.settings.read_only,
                          data_dir=Path(data_dir))
    try:
        if http:
            serve_http(catalogue, host, port, str(token))
        else:
            serve_stdio(catalogue)
    finally:
        agent.close()


def main(argv: list[str] | None = None) -> int:
    code = _main(argv)
    if argv is None:  # the command line: the process ends next, so spare the collector's
        gc.freeze()  # last pass over every object at exit (about 0.2 s with pandas loaded)
    return code


def _main(argv: list[str] | None) -> int:
    try:
        rv = cli.main(args=argv, prog_name="igraph-agent", standalone_mode=False)
        return int(rv or 0)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.UsageError as exc:
        _show(exc)
        return 2
    except click.ClickException as exc:
        _show(exc)
        return 1
    except click.exceptions.Abort:
        return 1
    except AgentError as exc:
        echo(f"error {exc.code}: {exc.message}", err=True)
        if exc.hint:
            echo(f"hint: {exc.hint}", err=True)
        return 1


def _show(exc: click.ClickException) -> None:
    """Click's own message (usage and error), with what the user typed made terminal-safe."""
    import io

    shown = io.StringIO()
    exc.show(file=shown)
    echo(shown.getvalue().rstrip("\n"), err=True)


if __name__ == "__main__":
    sys.exit(main())

