"""The ``igraph-agent`` command.

Exit codes: 0 answered, 1 error, 2 bad usage, 3 blocked or needs_clarification,
4 awaiting approval.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from igraph_agent.errors import AgentError

EXIT = {"answered": 0, "error": 1, "blocked": 3, "needs_clarification": 3, "awaiting_approval": 4}


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
              help="a file to attach (CSV, TSV, TXT edge list, SQL); repeatable")
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
    resp = agent.ask(question, attach=[Path(p) for p in data], options=options)
    click.echo(resp.to_json() if fmt == "json" else resp.to_markdown())
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
        click.echo(json.dumps([{k: r[k] for k in ("id", "session_id", "status", "model", "question",
                                                  "created_at")} for r in rows], indent=2))
        return
    for r in rows:
        click.echo(f"{r['id']}  {r['status']:<10} {r['model']:<20} {r['question'][:60]}")


@runs.command("show")
@click.argument("run_id")
@click.pass_context
def runs_show(ctx: click.Context, run_id: str) -> None:
    """A run's messages, tool calls and events, as JSON."""
    record = _agent(ctx.obj["home"]).run_record(run_id)
    click.echo(json.dumps(record, indent=2, default=str))


def main(argv: list[str] | None = None) -> int:
    try:
        rv = cli.main(args=argv, prog_name="igraph-agent", standalone_mode=False)
        return int(rv or 0)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.UsageError as exc:
        exc.show()
        return 2
    except click.ClickException as exc:
        exc.show()
        return 1
    except click.exceptions.Abort:
        return 1
    except AgentError as exc:
        click.echo(f"error {exc.code}: {exc.message}", err=True)
        if exc.hint:
            click.echo(f"hint: {exc.hint}", err=True)
        return 1


if __name__ == "__main__":
    sys.exit(main())
