"""Skill tools: read an active skill's procedure (``load_skill``) and its reference files
(``read_skill_reference``), in pages.

A body longer than ``PAGE_CHARS`` is never cut silently: the result says which characters
it holds, how many pages there are, and which call reads the next page. Pages break at
line ends. Only active skills load (built-in and approved); when the request named skills,
only those. Opening a skill is recorded for the run (``skill_runs``); it grants nothing.
Both tools read the ``skills`` resource only, so the scheduler runs them alongside graph
tools.

Example::

    >>> page = registry.dispatch("load_skill", {"name": "graph-state-check"}, ctx).data
    >>> page["name"], page["page"], page["truncated"]
    ('graph-state-check', 1, False)
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.results.skills import LoadSkillResult, ReadSkillReferenceResult
from igraph_agent.store.runs import Runs
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool

# The model view of a result is capped at 8000 characters (registry.MODEL_VIEW_LIMIT);
# a page leaves room for the envelope so the model always sees the whole page.
PAGE_CHARS = 4000


class LoadSkillArgs(BaseModel):
    name: str = Field(description="an active skill's name, from the Skills list in the instructions")
    page: int = Field(default=1, ge=1, description="which page of a long body to read")


class SkillReferenceArgs(BaseModel):
    name: str = Field(description="the skill's name")
    path: str = Field(description="a reference file listed by load_skill (relative path)")
    page: int = Field(default=1, ge=1)


def paginate(text: str, size: int = PAGE_CHARS) -> list[str]:
    """Split text into pages of at most ``size`` characters, at line ends where possible.

    Example: paginate("a\\nb\\n", 2) -> ["a\\n", "b\\n"]
    """
    pages: list[str] = []
    current = ""
    for line in text.splitlines(keepends=True):
        while len(line) > size:  # one very long line: hard split
            if current:
                pages.append(current)
                current = ""
            pages.append(line[:size])
            line = line[size:]
        if len(current) + len(line) > size:
            pages.append(current)
            current = ""
        current += line
    if current or not pages:
        pages.append(current)
    return pages


def _page(text: str, page: int, again: str) -> dict:
    pages = paginate(text)
    if page > len(pages):
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"page {page} does not exist; there are {len(pages)} page(s)",
                        hint="ask for page 1" if len(pages) == 1 else f"ask for a page from 1 to "
                        f"{len(pages)}")
    start = sum(len(p) for p in pages[: page - 1])
    chunk = pages[page - 1]
    out = {"page": page, "pages": len(pages), "total_chars": len(text),
           "chars": [start + 1, start + len(chunk)], "truncated": len(pages) > 1, "body": chunk}
    if page < len(pages):
        out["note"] = (f"Truncated: this is page {page} of {len(pages)} (characters "
                       f"{start + 1}-{start + len(chunk)} of {len(text)}). Read the rest with "
                       f"{again.format(page=page + 1)}.")
    elif len(pages) > 1:
        out["note"] = f"Last page ({page} of {len(pages)}); the earlier pages hold the beginning."
    return out


def _skill(ctx: ToolContext, name: str):
    from igraph_agent.skills.catalogue import SkillCatalogue

    run = Runs(ctx.workspace.store).get(ctx.run_id) if ctx.run_id else None
    named = run.options.get("skills") if run is not None else None
    if named and name not in named:
        raise ToolError(ErrorCode.TOOL_NOT_IN_SCOPE,
                        f"skill {name!r} is not one of this request's skills",
                        hint=f"load one of: {', '.join(named)}")
    try:
        return SkillCatalogue(ctx.workspace.home).get(name)
    except Exception as exc:
        code = getattr(exc, "code", ErrorCode.SKILL_NOT_FOUND)
        raise ToolError(code, getattr(exc, "message", str(exc)), hint=getattr(exc, "hint", None)) \
            from None


@tool(result=LoadSkillResult, reads=("skills",))
def load_skill(ctx: ToolContext, args: LoadSkillArgs) -> ToolOutput:
    """Read an active skill's procedure (its SKILL.md body) when the skill applies to the
    question. Long bodies come in pages: the result says when it is truncated and how to read
    the next page. Lists the skill's tools and reference files.

    Example: load_skill(name="graph-state-check") -> {"name": "graph-state-check", "page": 1, "pages": 1, "body": "..."}
    """
    skill = _skill(ctx, args.name)
    data = {"name": skill.name, "description": skill.description, "tools": skill.tools,
            "origin": skill.origin, "references": skill.references(),
            **_page(skill.body, args.page, f'load_skill(name="{skill.name}", page={{page}})')}
    if ctx.run_id:
        from igraph_agent.skills.trace import record_opened

        record_opened(ctx.workspace.store, ctx.run_id, skill.name, ctx.call_id)
    more = f"; {data['note']}" if data.get("note") else ""
    return ToolOutput(data=data, summary=f"skill {skill.name}: page {data['page']} of "
                      f"{data['pages']}{more}")


@tool(result=ReadSkillReferenceResult, reads=("skills",))
def read_skill_reference(ctx: ToolContext, args: SkillReferenceArgs) -> ToolOutput:
    """Read a reference file that an active skill lists (paged like load_skill).

    Example: read_skill_reference(name="statistical-reporting", path="report-template.md")
    """
    skill = _skill(ctx, args.name)
    if args.path not in skill.references():
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"skill {skill.name!r} has no reference file {args.path!r}",
                        hint=f"use one of: {', '.join(skill.references()) or '(none)'}")
    assert skill.folder is not None
    try:
        text = (skill.folder / args.path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"{args.path} is not a text file",
                        hint="only text references can be read") from None
    data = {"name": skill.name, "path": args.path,
            **_page(text, args.page, f'read_skill_reference(name="{skill.name}", '
                                     f'path="{args.path}", page={{page}})')}
    return ToolOutput(data=data, summary=f"{skill.name}/{args.path}: page {data['page']} of "
                      f"{data['pages']}")
