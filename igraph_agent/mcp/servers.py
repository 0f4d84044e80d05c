"""``%agent mcp`` and ``igraph-agent mcp-servers``: add, list and remove the project's MCP
servers (``mcp_servers`` in its configuration; ``tools/remote.py`` discovers them).

Example (shell)::

    igraph-agent mcp-servers add kb python kb_server.py --read-only
    igraph-agent mcp-servers add big --url http://bigbox:8765/mcp --header "Authorization=Bearer T"
    igraph-agent mcp-servers list
    igraph-agent mcp-servers remove kb
"""

from __future__ import annotations

import json

import click
from pydantic import ValidationError

from igraph_agent.cli_skills import writes
from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.markup import echo
from igraph_agent.tools.remote import CONFIG_KEY, ServerEntry, configured


@click.group("mcp-servers")
@click.pass_context
def servers_command(ctx: click.Context) -> None:
    """The MCP servers whose tools runs are offered: add, list, remove."""
    obj = ctx.obj or {}
    if "store" not in obj:  # the shell command: open the project of --home
        from igraph_agent.runtime.agent import Agent

        agent = Agent(home=obj.get("home"))
        ctx.obj = {**obj, "store": agent.store}
        ctx.call_on_close(agent.close)


@servers_command.command("add")
@click.argument("name")
@click.argument("command", nargs=-1, type=click.UNPROCESSED)
@click.option("--url", default=None, help="a streamable-HTTP server instead of a command")
@click.option("--header", "headers", multiple=True, help="K=V, repeatable (HTTP)")
@click.option("--env", "env", multiple=True, help="K=V, repeatable (stdio)")
@click.option("--read-only", is_flag=True, help="its tools change nothing: no approval")
@click.option("--timeout", default=30.0, type=click.FloatRange(0.1, 600))
@click.pass_obj
@writes("adding an MCP server")
def add(obj: dict, name: str, command: tuple[str, ...], url: str | None,
        headers: tuple[str, ...], env: tuple[str, ...], read_only: bool,
        timeout: float) -> None:
    """Add (or replace) server NAME: COMMAND ARGS…, or --url URL."""
    if bool(url) == bool(command):
        raise AgentError(ErrorCode.INVALID_ARGUMENTS, "give either a command or --url",
                         hint="add NAME python server.py, or add NAME --url http://host/mcp")
    try:
        entry = ServerEntry(name=name, command=command[0] if command else None,
                            args=list(command[1:]), url=url, headers=_pairs(headers),
                            env=_pairs(env), read_only=read_only, timeout=timeout)
    except ValidationError as exc:
        raise AgentError(ErrorCode.INVALID_ARGUMENTS, f"invalid MCP server entry: {exc}",
                         hint="names are letters, digits, _ and -") from None
    store = obj["store"]
    kept = [e for e in configured(store) if e.name != name]
    store.set_config(CONFIG_KEY, [e.model_dump() for e in [*kept, entry]])
    echo(f"added {name}; its tools are offered from the next run as {name}__<tool>")


@servers_command.command("list")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def list_(obj: dict, as_json: bool) -> None:
    """The configured servers (header values hidden)."""
    entries = configured(obj["store"])
    if as_json:
        echo(json.dumps([{**e.model_dump(), "headers": sorted(e.headers)}
                               for e in entries], indent=2))
        return
    if not entries:
        echo("no MCP servers configured")
    for e in entries:
        where = e.url or " ".join([str(e.command), *e.args])
        echo(f"{e.name:<12} {where}{'  (read-only)' if e.read_only else ''}")


@servers_command.command("remove")
@click.argument("name")
@click.pass_obj
@writes("removing an MCP server")
def remove(obj: dict, name: str) -> None:
    """Remove server NAME."""
    store = obj["store"]
    entries = configured(store)
    if name not in {e.name for e in entries}:
        raise AgentError(ErrorCode.INVALID_ARGUMENTS, f"no MCP server {name!r}",
                         hint="list them with `mcp list`")
    store.set_config(CONFIG_KEY, [e.model_dump() for e in entries if e.name != name])
    echo(f"removed {name}")


def _pairs(items: tuple[str, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise AgentError(ErrorCode.INVALID_ARGUMENTS, f"{item!r} is not K=V")
        out[key.strip()] = value.strip()
    return out
