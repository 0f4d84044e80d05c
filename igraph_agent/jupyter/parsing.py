"""Argument parsing for ``%%agent`` and ``%agent``: click commands that return typed objects.

A bad flag is a :class:`UsageProblem` carrying a short message and the usage line, never
a traceback or a ``SystemExit`` (``standalone_mode=False``, jupyter-ai style).

Example::

    >>> args = parse_cell_line("--format report --with orders,people")
    >>> args.output_format, args.with_vars
    ('report', ['orders', 'people'])
    >>> parse_line_command("config model=openai/gpt-4o-mini").settings
    {'model': 'openai/gpt-4o-mini'}
"""

from __future__ import annotations

import io
import json
import keyword
import shlex
from contextlib import redirect_stdout
from typing import Any, Literal

import click
from pydantic import BaseModel, Field

CONFIG_KEYS = {"model": None, "format": ("chat", "report", "json"),
               "reasoning": ("direct", "staged"), "planning": ("never", "auto", "always"),
               "read_only": ("true", "false"), "report": ("cells", "output")}


class UsageProblem(Exception):
    """A line that does not parse; ``str()`` is the short message to print."""


class HelpShown(Exception):
    """``--help`` was asked for; ``str()`` is the help text."""


class CellArgs(BaseModel):
    """The options of one ``%%agent`` cell (``None``: the project's configured default)."""

    model: str | None = None
    session: str | None = None
    with_vars: list[str] = Field(default_factory=list)
    output_format: Literal["chat", "report", "json"] | None = None
    reasoning: Literal["direct", "staged"] | None = None
    planning: Literal["never", "auto", "always"] | None = None
    read_only: bool = False
    no_wait: bool = False
    out_var: str | None = None  # -o NAME: the response is stored in this notebook variable
    directed: bool | None = None  # --directed / --undirected: wins over inference
    weight: str | None = None  # --weight km[:distance|strength]
    weight_means: Literal["distance", "strength"] | None = None

    def choices(self) -> dict[str, Any]:
        """The reading these flags choose, as ``Edges`` keywords (empty: inferred)."""
        out = {"directed": self.directed, "weight": self.weight, "means": self.weight_means}
        return {k: v for k, v in out.items() if v is not None}


class LineCommand(BaseModel):
    """One ``%agent`` line command."""

    name: Literal["config", "models", "status", "sessions", "new", "approve", "reject", "modify",
                  "cancel", "history", "show", "help", "skills", "memory", "save_report", "jobs",
                  "eval", "mcp"]
    run_id: str | None = None
    tool_call_id: str | None = None
    patched_args: dict[str, Any] | None = None
    settings: dict[str, str] = Field(default_factory=dict)
    limit: int = 10
    rest: list[str] = Field(default_factory=list)


CHOICE = click.Choice


@click.command(name="%%agent", context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--model", "-m", default=None, help="litellm model id for this cell")
@click.option("--session", "-s", default=None, help="run in this session id")
@click.option("--with", "with_", default="", help="kernel variables to attach: df1,df2")
@click.option("--format", "-f", "fmt", type=CHOICE(["chat", "report", "json"]), default=None)
@click.option("--reasoning", type=CHOICE(["direct", "staged"]), default=None)
@click.option("--planning", type=CHOICE(["never", "auto", "always"]), default=None)
@click.option("--read-only", is_flag=True, help="no tool may change data")
@click.option("--no-wait", is_flag=True, help="return at once; the panel keeps updating")
@click.option("--output", "-o", "out_var", default=None,
              help="store the response in this variable (res.frames, res.answer …)")
@click.option("--directed/--undirected", default=None,
              help="read the attached edges as directed or not (default: from column names)")
@click.option("--weight", default=None, help="default weight column and its meaning: "
              "km:distance, count:strength, or a column name")
def _cell_command(model, session, with_, fmt, reasoning, planning, read_only, no_wait,
                  out_var, directed, weight) -> CellArgs:
    names = [n.strip() for n in with_.split(",") if n.strip()]
    if out_var is not None and (not out_var.isidentifier() or keyword.iskeyword(out_var)):
        raise click.UsageError(f"-o {out_var}: not a Python variable name")
    if out_var is not None and no_wait:
        raise click.UsageError("-o stores the finished response; drop --no-wait to use it")
    column, means = _weight_option(weight)
    return CellArgs(model=model, session=session, with_vars=names, output_format=fmt,
                    reasoning=reasoning, planning=planning, read_only=read_only, no_wait=no_wait,
                    out_var=out_var, directed=directed, weight=column, weight_means=means)


def _weight_option(raw: str | None) -> tuple[str | None, Any]:
    """``km:distance`` -> ("km", "distance"); ``km`` -> ("km", None)."""
    if raw is None:
        return None, None
    column, _, means = raw.rpartition(":") if ":" in raw else (raw, "", "")
    column, means = column.strip(), means.strip().lower()
    if not column:
        raise click.BadParameter("give a column name, e.g. --weight km:distance")
    if means and means not in ("distance", "strength"):
        raise click.BadParameter(f"the meaning after ':' is distance or strength, not {means!r}")
    return column, means or None


@click.group(name="%agent", context_settings={"help_option_names": ["-h", "--help"]})
def _line_group() -> None:
    """igraph-agent line commands."""


@_line_group.command("config")
@click.argument("assignments", nargs=-1)
def _config(assignments: tuple[str, ...]) -> LineCommand:
    """Show the project's settings, or set some: config model=openai/gpt-4o-mini format=report"""
    settings = {}
    for item in assignments:
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or key not in CONFIG_KEYS:
            raise click.UsageError(f"expected KEY=VALUE with KEY one of {', '.join(CONFIG_KEYS)}; "
                                   f"got {item!r}")
        allowed = CONFIG_KEYS[key]
        if allowed and value.strip().lower() not in allowed:
            raise click.UsageError(f"{key} must be one of {', '.join(allowed)}; got {value!r}")
        settings[key] = value.strip()
    return LineCommand(name="config", settings=settings)


def _simple(name: str, doc: str) -> None:
    def callback() -> LineCommand:
        return LineCommand(name=name)

    callback.__doc__ = doc
    _line_group.command(name)(callback)


_simple("models", "The configured default model and whether each candidate is usable.")
_simple("status", "The active run, pending approvals and jobs.")
_simple("sessions", "The project's sessions; * marks the current one.")
_simple("new", "Start a fresh session for the next cells.")
_simple("help", "This help.")


HISTORY_ALL = 100_000  # `%agent history --all`


@_line_group.command("history")
@click.option("--limit", "-n", type=click.IntRange(1, 500), default=10)
@click.option("--all", "show_all", is_flag=True, help="every run of the session")
def _history(limit: int, show_all: bool) -> LineCommand:
    """The last runs of the current session (says when the list is cut)."""
    return LineCommand(name="history", limit=HISTORY_ALL if show_all else limit)


@_line_group.command("cancel")
@click.argument("run_id", required=False)
def _cancel(run_id: str | None) -> LineCommand:
    """Cancel RUN_ID (default: the active run)."""
    return LineCommand(name="cancel", run_id=run_id)


@_line_group.command("show")
@click.argument("run_id", required=False)
def _show(run_id: str | None) -> LineCommand:
    """Rebuild the panel of a stored run (default: the last run)."""
    return LineCommand(name="show", run_id=run_id)


def _decision(name: str, doc: str, takes_json: bool) -> None:
    def callback(run_id: str, tool_call_id: str, args_json: str | None = None) -> LineCommand:
        patched = None
        if takes_json:
            from igraph_agent.tools.registry import argument_bounds

            too_big = argument_bounds(args_json or "")
            if too_big:
                raise click.UsageError(f"the new arguments {too_big}")
            try:
                patched = json.loads(args_json or "")
            except json.JSONDecodeError as exc:
                raise click.UsageError(f"the new arguments are not valid JSON ({exc.msg})") from None
            if not isinstance(patched, dict):
                raise click.UsageError("the new arguments must be a JSON object")
        return LineCommand(name=name, run_id=run_id, tool_call_id=tool_call_id,
                           patched_args=patched)

    callback.__doc__ = doc
    if takes_json:  # click lists arguments in reverse order of decoration
        callback = click.argument("args_json", metavar="JSON")(callback)
    callback = click.argument("tool_call_id")(callback)
    callback = click.argument("run_id")(callback)
    _line_group.command(name)(callback)


_decision("approve", "Approve a pending tool call: approve RUN_ID TOOL_CALL_ID", False)
_decision("reject", "Reject a pending tool call: reject RUN_ID TOOL_CALL_ID", False)
_decision("modify", "Run a pending tool call with new arguments: modify RUN_ID TOOL_CALL_ID JSON",
          True)


def _passthrough(name: str, field: str, doc: str) -> None:
    """A command whose arguments go on, unparsed, to its own handler (its own click group)."""

    def callback(rest: tuple[str, ...]) -> LineCommand:
        return LineCommand(name=field, rest=list(rest))

    callback.__doc__ = doc
    callback = click.argument("rest", nargs=-1, type=click.UNPROCESSED)(callback)
    _line_group.command(name, context_settings={"ignore_unknown_options": True,
                                                "help_option_names": []})(callback)


_passthrough("skills", "skills", "Skills: the panel, or list|show|create|approve|reject|delete|upload …")
_passthrough("memory", "memory", "Memory: the panel, or list|search|add|delete …")
_passthrough("save-report", "save_report", "Write a run's report as a new notebook: save-report RUN_ID [PATH]")
_passthrough("mcp", "mcp", "MCP servers whose tools runs are offered: mcp add|list|remove …")
_passthrough("eval", "eval", "Score a model on a question set: eval [FILE] --model M --repeats N …")


@_line_group.command("jobs")
@click.argument("job_id", required=False)
@click.option("--cancel", is_flag=True, help="cancel JOB_ID and its descendants")
def _jobs(job_id: str | None, cancel: bool) -> LineCommand:
    """Background jobs with progress; jobs JOB_ID [--cancel]."""
    return LineCommand(name="jobs", run_id=job_id, rest=["--cancel"] if cancel else [])


def parse_cell_line(line: str) -> CellArgs:
    return _invoke(_cell_command, _split(line))


def parse_line_command(line: str) -> LineCommand:
    words = line.strip().split(None, 3)
    if words and words[0] == "modify" and len(words) == 4:
        argv = words  # the JSON stays one argument, quotes and all
    else:
        argv = _split(line)
    if not argv:
        argv = ["help"]
    return _invoke(_line_group, argv)


def help_text() -> str:
    lines = [_cell_command.get_help(click.Context(_cell_command, info_name="%%agent")),
             "", "Line commands (%agent COMMAND):"]
    for name, cmd in _line_group.commands.items():
        usage = " ".join(p.human_readable_name for p in cmd.params if isinstance(p, click.Argument))
        lines.append(f"  {name:<9} {usage:<28} {(cmd.help or '').splitlines()[0]}")
    return "\n".join(lines)


def _split(line: str) -> list[str]:
    try:
        return shlex.split(line)
    except ValueError as exc:
        raise UsageProblem(f"cannot read the options: {exc}") from None


def _invoke(command: click.Command, argv: list[str]) -> Any:
    buf = io.StringIO()
    try:
        with redirect_stdout(buf):
            result = command.main(args=argv, prog_name=command.name, standalone_mode=False)
    except click.UsageError as exc:
        ctx = exc.ctx
        usage = ctx.get_usage() if ctx is not None else ""
        raise UsageProblem(f"{usage}\nError: {exc.format_message()}\n"
                           f"Try '{command.name} --help' or '%agent help'.".strip()) from None
    except click.ClickException as exc:
        raise UsageProblem(f"Error: {exc.format_message()}") from None
    except click.exceptions.Abort:
        raise UsageProblem("aborted") from None
    if isinstance(result, CellArgs | LineCommand):
        return result
    raise HelpShown(buf.getvalue().strip() or help_text())
