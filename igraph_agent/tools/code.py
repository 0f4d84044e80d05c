"""Open-ended analysis in code: a snippet against the loaded revision, run in the sandbox,
and the workspace listing that tells the model what such code can see.

Example::

    >>> result = registry.dispatch("run_graph_code", {"code": "result = nx.transitivity(G)"}, ctx)
    >>> result.success, round(result.data["result"], 4)
    (True, 0.4989)
    >>> registry.dispatch("list_workspace", {}, ctx).success
    True
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, Field

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.results.code import ListWorkspaceResult, RunGraphCodeResult
from igraph_agent.sandbox import outcome, zones
from igraph_agent.sandbox.limits import Limits, code_policy
from igraph_agent.sandbox.runner import (
    libraries_named,
    prepare_environment,
    prepared_tables,
    run_snippet,
    session_worker,
    stop_key,
)
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool

_NAME = re.compile(r"[^A-Za-z0-9_]+")


class CodeArgs(BaseModel):
    code: str = Field(min_length=1, max_length=20_000, description=(
        "Python that reads G (networkx graph of the loaded revision, read-only copy), g "
        "(the same graph in python-igraph; vertex attribute _nx_name holds the node id), "
        "tables (dict of pandas DataFrames of the attached sources), nx, pd, and sets "
        "`result` to a JSON-able value (numbers, text, lists, dicts, DataFrames). Files "
        "may be written only under SCRATCH."))
    wall_s: float = Field(default=30.0, gt=0, le=120, description="wall-clock limit, seconds")
    memory_mb: int = Field(default=2048, ge=256, le=8192, description="memory limit, MiB")
    publish: list[str] = Field(default_factory=list, max_length=10, description=(
        "scratch files the snippet wrote (e.g. 'top_people.csv', 'plot.png') to keep as "
        "versioned deliverables of the answer"))


@tool(result=RunGraphCodeResult, reads=("graph",), writes=("scratch",), timeout_s=150)  # above its own 120 s cap
def run_graph_code(ctx: ToolContext, args: CodeArgs) -> ToolOutput:
    """Run a short Python snippet on the loaded graph when no catalogue tool computes what
    is asked, in a sandboxed process (no network or processes, writes only to scratch; 30 s
    and 2 GiB by default): returns `result`, printed output and published files. A failure
    returns the error and traceback: fix it and call again.

    Example: run_graph_code(code="result = sum(nx.triangles(G).values()) // 3") -> {"result": 45, ...}
    """
    if code_policy() == "off":
        raise ToolError(ErrorCode.CODE_DISABLED, "code analysis is turned off in this project",
                        hint="answer with the catalogue tools; a person can enable code with "
                        "IGRAPH_AGENT_CODE=on")
    limits = Limits(wall_s=args.wall_s, cpu_s=max(1, int(args.wall_s)), memory_mb=args.memory_mb)
    zone = zones.paths(ctx.workspace.home, ctx.session.session_id)
    key = _key(ctx)
    names = prepared_tables(zone["environment"], key)  # current: no table read again
    if names is None:
        # the worker for this view starts first: its sandbox and imports overlap the
        # writing of the view below (it reads the view only when a snippet names it)
        session_worker(zone, key, limits, libraries_named(args.code))
        names = sorted(_prepare(ctx, zone)[0])
    ctx.progress(0.1, "running the snippet in the sandbox")
    report = run_snippet(args.code, zone, limits, key)
    outcome.check(report, limits.model_dump())
    derived = [_publish(zone, name) for name in args.publish]
    data: dict[str, Any] = {
        "result": report.get("result"), "stdout": report.get("stdout", ""),
        "stdout_truncated": bool(report.get("stdout_dropped")),
        "dataset_id": ctx.session.dataset_id, "revision": ctx.session.revision,
        "tables": names, "derived": derived,
        "limits": limits.model_dump(), "confinement": report["confinement"],
        "elapsed_s": report.get("elapsed_s"),
        # the session's warm worker: its process, snippets served, what of the view it read
        "worker": {**(report.get("worker") or {}),
                   "built": sorted(k for k, v in (report.get("builds") or {}).items() if v)},
    }
    missing = report["confinement"]["missing"]
    warn = f" — WITHOUT {', '.join(missing)} (not available here)" if missing else ""
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"snippet ran in {report.get('wall_s')} s{warn}; result: "
                              f"{_short(report.get('result'))}")


def session_tables(ctx: ToolContext) -> dict[str, Any]:
    """The attached sources' tables by name (``source`` or ``source.table`` when several)."""
    out: dict[str, Any] = {}
    for sid in ctx.session.attached_sources:
        name = _NAME.sub("_", str(ctx.workspace.source(sid).get("name") or sid)).strip("_")
        found = ctx.workspace.source_tables(sid)
        for table, df in found.items():
            out[name if len(found) == 1 else f"{name}.{table}"] = df
    return out


def _prepare(ctx: ToolContext, zone: dict) -> tuple[dict[str, Any], str]:
    """The Environment and Uploaded zones for the session's current revision and sources
    (rewritten only when those changed, after stopping the worker that read the old ones);
    returns the tables and the key of the view."""
    tables = session_tables(ctx)
    s = ctx.session
    key = _key(ctx)
    with s.lock:
        stop_key(zone["scratch"].parent, key)
        wrote = prepare_environment(zone["environment"], key, _view(s.graph), tables)
    if wrote:
        for old in zone["uploaded"].glob("*.csv"):
            old.unlink()
        for name, df in tables.items():
            zones.write_table_csv(df, zone["uploaded"] / f"{name}.csv")
    return tables, key


def _key(ctx: ToolContext) -> str:
    """What the view is made from: the revision, the graph object and the sources."""
    s = ctx.session
    return f"{s.dataset_id}@{s.revision}#{id(s.graph)}|{','.join(s.attached_sources)}"


def _view(graph: Any) -> dict[str, Any]:
    """What the sandbox reads of the graph: the stored tables and their int32 vertex codes
    while the loaded revision is still those tables (networkx is then never built here),
    else the graph itself. An edge table held without its endpoint texts goes without them
    (``endpoints_coded``: the sandbox makes them from the codes if a snippet names ``G``)."""
    from igraph_agent.graph.lazy import stored_tables
    from igraph_agent.graph.summary import view_codes

    held = stored_tables(graph) if graph is not None else None
    codes = view_codes(graph) if held is not None else None
    if held is None or codes is None:
        return {"graph": graph}
    coded = held.coded is not None
    return {"nodes": held.nodes, "edges": held.rest if coded else held.edges(), "codes": codes,
            "directed": graph.is_directed(), "endpoints_coded": coded}


def _publish(zone: dict, name: str) -> dict:
    try:
        return zones.publish(zone, name)
    except FileNotFoundError:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"publish: {name!r} is not a file the snippet wrote under SCRATCH",
                        hint="write the file under SCRATCH in the code, then name it in "
                        "publish", retryable=True) from None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 200 else text[:200] + "…"


class WorkspaceArgs(BaseModel):
    limit: int = Field(default=50, ge=1, le=200, description="files listed per zone")


@tool(result=ListWorkspaceResult, reads=("graph", "scratch"))  # in-process: the zones belong to this session
def list_workspace(ctx: ToolContext, args: WorkspaceArgs) -> ToolOutput:
    """What code can see in this session, zone by zone: Uploaded (attached tables as CSV,
    read-only), Environment (the loaded revision as G/g, the tables, the libraries;
    read-only), Ephemeral (the scratch folder, writable) and Derived (published files,
    versioned), with the code policy and the sandbox limits.

    Example: list_workspace() -> {"zones": {"uploaded": {"files": [...]}, ...}}
    """
    zone = zones.paths(ctx.workspace.home, ctx.session.session_id)
    tables, _ = _prepare(ctx, zone)
    g = ctx.session.graph
    env = {"graph": None if g is None else {
        "dataset_id": ctx.session.dataset_id, "revision": ctx.session.revision,
        "nodes": g.number_of_nodes(), "edges": g.number_of_edges(),
        "directed": g.is_directed()},
        "names": ["G", "g", "tables", "nx", "pd", "SCRATCH", "UPLOADED"],
        "tables": {n: {"rows": len(df), "columns": [str(c) for c in df.columns][:30]}
                   for n, df in tables.items()},
        "access": "read-only"}
    data = {
        "code_policy": code_policy(), "limits": Limits().model_dump(),
        "zones": {
            "uploaded": {"path": "/uploaded", "access": "read-only",
                         "files": zones.listing(zone["uploaded"], args.limit)},
            "environment": {"path": "/environment", **env},
            "ephemeral": {"path": "/scratch", "access": "read-write, cleared with the session",
                          "files": zones.listing(zone["scratch"], args.limit)},
            "derived": {"access": "published with run_graph_code(publish=[...]), versioned",
                        "files": [{**f, "path": str(zone["derived"] / f["path"])}
                                  for f in zones.listing(zone["derived"], args.limit)]},
        },
    }
    return ToolOutput(data=data, revision=ctx.session.revision,
                      summary=f"code {data['code_policy']}; {len(tables)} table(s); "
                              f"{len(data['zones']['ephemeral']['files'])} scratch file(s), "
                              f"{len(data['zones']['derived']['files'])} derived file(s)")
