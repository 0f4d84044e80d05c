"""``igraph-agent skills ...`` and ``igraph-agent memory ...`` (added to the main group in cli.py).

In a shell::

    igraph-agent skills list
    igraph-agent skills upload brokers.zip          # lands in the review queue
    igraph-agent skills approve customer-brokers --rename brokers
    igraph-agent memory add "Lead reports with conclusions and metrics"
    igraph-agent memory search "report format"
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.markup import echo


def _agent(ctx: click.Context):
    """The caller's agent (``%agent skills`` passes the kernel's), else one for ``--home``."""
    obj = ctx.find_root().obj
    if obj is None:
        obj = ctx.find_root().obj = {}
    if obj.get("agent") is None:  # one per command line, kept for the command's own calls
        from igraph_agent.runtime.agent import Agent

        obj["agent"] = Agent(home=obj.get("home"))
    return obj["agent"]


def project_read_only(store: Any) -> bool:
    """Whether this project refuses writes: ``IGRAPH_AGENT_READ_ONLY`` (environment or
    ``.env``) or the project's ``read_only`` setting (``%agent config read_only=true``)."""
    from igraph_agent.options import Settings

    return (Settings.from_env().read_only
            or str(store.get_config("read_only", "false")).lower() == "true")


def writes(what: str) -> Callable:
    """A command that changes the project (skills, memory, its MCP servers): refused with
    ``READ_ONLY_MODE`` in a read-only project before it touches anything."""
    def wrap(command: Callable) -> Callable:
        @functools.wraps(command)
        def run(*args: Any, **kwargs: Any) -> Any:
            ctx = click.get_current_context()
            obj = ctx.obj or {}
            store = obj["store"] if "store" in obj else _agent(ctx).store
            if project_read_only(store):
                raise AgentError(ErrorCode.READ_ONLY_MODE,
                                 f"{what} is refused: this project is read-only",
                                 hint="unset IGRAPH_AGENT_READ_ONLY (and the project's "
                                      "read_only setting) to change skills, memory or MCP "
                                      "servers")
            return command(*args, **kwargs)
        return run
    return wrap


def _echo(value, as_json: bool) -> None:
    if as_json:
        echo(json.dumps(value, indent=2, default=str))


@click.group("skills")
def skills_group() -> None:
    """List, show, create, edit, delete, upload, approve and reject skills."""


@skills_group.command("list")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def skills_list(ctx: click.Context, as_json: bool) -> None:
    """Active skills (built-in and user) and candidates in review."""
    rows = _agent(ctx).skills.list()
    if as_json:
        return _echo(rows, True)
    for r in rows:
        echo(f"{r['name']:<40} {r['origin']:<9} {r['status']:<9} {r['description'][:70]}")


@skills_group.command("show")
@click.argument("name")
@click.option("--candidate", is_flag=True, help="show a candidate from the review queue")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def skills_show(ctx: click.Context, name: str, candidate: bool, as_json: bool) -> None:
    """The full SKILL.md of a skill."""
    row = _agent(ctx).skills.show(name, candidate=candidate)
    if as_json:
        return _echo(row, True)
    echo(row["text"])
    if row["references"]:
        echo("references: " + ", ".join(row["references"]))


@skills_group.command("create")
@click.argument("name")
@click.option("--description", required=True)
@click.option("--body", "body_file", type=click.Path(exists=True, dir_okay=False), required=True,
              help="a markdown file with the procedure")
@click.option("--tool", "tools", multiple=True, help="a tool the procedure uses; repeatable")
@click.option("--trigger", "triggers", multiple=True, help="a trigger phrase; repeatable")
@click.option("--active", is_flag=True, help="create it active (default: in the review queue)")
@click.pass_context
@writes("creating a skill")
def skills_create(ctx: click.Context, name: str, description: str, body_file: str,
                  tools: tuple[str, ...], triggers: tuple[str, ...], active: bool) -> None:
    """Create a skill (a candidate unless --active)."""
    row = _agent(ctx).skills.create(name, description, Path(body_file).read_text("utf-8"),
                                    list(tools), list(triggers),
                                    target="active" if active else "review")
    echo(f"created {row['name']} ({row['status']})")


@skills_group.command("edit")
@click.argument("name")
@click.argument("skill_md", type=click.Path(exists=True, dir_okay=False))
@click.option("--candidate", is_flag=True)
@click.pass_context
@writes("editing a skill")
def skills_edit(ctx: click.Context, name: str, skill_md: str, candidate: bool) -> None:
    """Replace a user skill's (or candidate's) SKILL.md with SKILL_MD."""
    _agent(ctx).skills.edit(name, candidate=candidate, text=Path(skill_md).read_text("utf-8"))
    echo(f"edited {name}")


@skills_group.command("delete")
@click.argument("name")
@click.option("--candidate", is_flag=True)
@click.pass_context
@writes("deleting a skill")
def skills_delete(ctx: click.Context, name: str, candidate: bool) -> None:
    """Delete a user skill or a candidate (built-ins cannot be deleted)."""
    _agent(ctx).skills.delete(name, candidate=candidate)
    echo(f"deleted {name}")


@skills_group.command("upload")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@click.option("--active", is_flag=True, help="install active (default: in the review queue)")
@click.pass_context
@writes("uploading a skill")
def skills_upload(ctx: click.Context, path: str, active: bool) -> None:
    """Upload a SKILL.md or a .zip of a skill folder (validated)."""
    row = _agent(ctx).skills.upload(path, target="active" if active else "review")
    echo(f"uploaded {row['name']} ({row['status']})")


@skills_group.command("approve")
@click.argument("name")
@click.option("--rename", default=None, help="activate it under this name")
@click.pass_context
@writes("approving a skill")
def skills_approve(ctx: click.Context, name: str, rename: str | None) -> None:
    """Move a candidate into the active skills (never overwrites)."""
    row = _agent(ctx).skills.approve(name, rename=rename)
    echo(f"approved {row['name']} (playbook {row['playbook_id']})")


@skills_group.command("reject")
@click.argument("name")
@click.option("--keep", is_flag=True, help="keep the files with a rejection record")
@click.option("--reason", default="")
@click.pass_context
@writes("rejecting a skill")
def skills_reject(ctx: click.Context, name: str, keep: bool, reason: str) -> None:
    """Reject a candidate: delete it, or keep it (inactive) with a record."""
    row = _agent(ctx).skills.reject(name, keep=keep, reason=reason)
    echo(f"rejected {name}" + (" (files kept)" if row["files_kept"] else ""))


@click.group("memory")
def memory_group() -> None:
    """List, search, add and delete this user's memory in this project."""


@memory_group.command("list")
@click.option("--kind", default=None, type=click.Choice(
    ["profile", "preference", "fact", "knowledge", "decision"]))
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def memory_list(ctx: click.Context, kind: str | None, as_json: bool) -> None:
    rows = _agent(ctx).memory.list(kind)
    if as_json:
        return _echo(rows, True)
    for r in rows:
        echo(f"{r['id']}  {r['kind']:<10} {r['content']}")


@memory_group.command("candidates")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def memory_candidates(ctx: click.Context, as_json: bool) -> None:
    """What the model asked to remember; nothing enters a prompt until confirmed."""
    rows = _agent(ctx).memory.candidates()
    if as_json:
        return _echo(rows, True)
    for r in rows:
        echo(f"{r['id']}  {r['kind']:<10} {r['content']}")


@memory_group.command("confirm")
@click.argument("memory_id")
@click.pass_context
@writes("confirming a memory")
def memory_confirm(ctx: click.Context, memory_id: str) -> None:
    """Keep a candidate: later prompts carry it."""
    row = _agent(ctx).memory.confirm(memory_id)
    echo(f"kept {row['id']} ({row['kind']}): {row['content']}")


@memory_group.command("search")
@click.argument("query")
@click.option("-k", default=5, type=click.IntRange(1, 100))
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def memory_search(ctx: click.Context, query: str, k: int, as_json: bool) -> None:
    found = _agent(ctx).memory.search(query, k)
    if as_json:
        return _echo(found, True)
    echo(f"({found['note']})")
    for r in found["results"]:
        echo(f"{r['id']}  {r['score']:.4f}  {r['kind']:<10} {r['content']}")


@memory_group.command("add")
@click.argument("content")
@click.option("--kind", default="preference",
              type=click.Choice(["profile", "preference", "fact", "knowledge", "decision"]))
@click.option("--key", default="", help="profile field name")
@click.pass_context
@writes("adding a memory")
def memory_add(ctx: click.Context, content: str, kind: str, key: str) -> None:
    """Remember CONTENT (stated by you, so a fact counts as confirmed)."""
    row = _agent(ctx).memory.remember(content, kind, key=key, source="user")
    echo(f"remembered {row['id']} ({row['kind']})")


@memory_group.command("delete")
@click.argument("memory_id")
@click.pass_context
@writes("deleting a memory")
def memory_delete(ctx: click.Context, memory_id: str) -> None:
    _agent(ctx).memory.delete(memory_id)
    echo(f"deleted {memory_id}")
