"""The SKILL.md format: YAML front matter between ``---`` lines, then a markdown body.

Front matter fields: ``name`` (lowercase letters, digits and hyphens, at most 64),
``description`` (at most 1024 characters: what the skill does and when it applies),
``tools`` (the tool names the procedure uses; a request that names the skill is narrowed
to them plus ``load_skill``), optional ``triggers`` (phrases; the offline planner loads
the skill when one occurs in the question) and optional ``version``, ``license``,
``metadata``. Any other key is refused: a skill is an instruction, never a permission.

Example::

    >>> skill = parse_skill("---\\nname: hubs\\ndescription: Find the hubs.\\n"
    ...                     "tools: [node_centrality]\\n---\\n1. node_centrality(measure=degree)\\n")
    >>> skill.name, skill.tools, skill.body
    ('hubs', ['node_centrality'], '1. node_centrality(measure=degree)')
    >>> parse_skill("no front matter")
    Traceback (most recent call last):
    ...
    igraph_agent.errors.AgentError: ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode

NAME_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MAX_NAME = 64
MAX_DESCRIPTION = 1024
MAX_SKILL_MD_BYTES = 64 * 1024
MAX_REFERENCE_BYTES = 256 * 1024
ALLOWED_KEYS = {"name", "description", "tools", "triggers", "version", "license", "metadata"}
FORMAT_HINT = ("SKILL.md starts with '---', YAML front matter with name, description and tools, "
               "'---', then the procedure in markdown (docs/skills.md)")


@dataclass
class Skill:
    name: str
    description: str
    tools: list[str]
    triggers: list[str]
    body: str
    origin: str = "user"  # builtin | user | candidate
    folder: Path | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def references(self) -> list[str]:
        """Files next to SKILL.md (relative paths), read on demand with read_skill_reference."""
        if self.folder is None:
            return []
        return sorted(str(p.relative_to(self.folder)) for p in self.folder.rglob("*")
                      if p.is_file() and p.name != "SKILL.md" and not p.name.startswith("."))

    def summary(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "tools": self.tools,
                "triggers": self.triggers, "origin": self.origin,
                "references": self.references()}


def invalid(message: str, hint: str = FORMAT_HINT, **details: Any) -> AgentError:
    return AgentError(ErrorCode.SKILL_INVALID, message, hint=hint, details=details)


def check_name(name: Any) -> str:
    if not isinstance(name, str) or not name:
        raise invalid("the skill has no name")
    if len(name) > MAX_NAME or not NAME_RE.match(name):
        raise invalid(f"skill name {name!r} is not allowed",
                      hint="use 1-64 lowercase letters, digits and single hyphens, e.g. "
                           "'customer-brokers'")
    return name


def parse_skill(text: str, origin: str = "user", folder: Path | None = None) -> Skill:
    """Parse and validate SKILL.md text."""
    import yaml

    if len(text.encode("utf-8")) > MAX_SKILL_MD_BYTES:
        raise invalid(f"SKILL.md is larger than {MAX_SKILL_MD_BYTES // 1024} KB",
                      hint="move long material into reference files next to SKILL.md")
    lines = text.lstrip("\ufeff").splitlines()
    if not lines or lines[0].strip() != "---":
        raise invalid("SKILL.md does not start with a '---' front matter block")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise invalid("the front matter block is not closed with '---'") from None
    try:
        meta = yaml.safe_load("\n".join(lines[1:end])) or {}
    except yaml.YAMLError as exc:
        raise invalid(f"the front matter is not valid YAML: {str(exc).splitlines()[0]}") from None
    if not isinstance(meta, dict):
        raise invalid("the front matter must be a mapping of keys to values")
    unknown = sorted(set(map(str, meta)) - ALLOWED_KEYS)
    if unknown:
        raise invalid(f"unknown front matter key(s): {', '.join(unknown)}",
                      hint=f"allowed keys: {', '.join(sorted(ALLOWED_KEYS))}; a skill cannot "
                           "grant approvals or permissions")
    name = check_name(meta.get("name"))
    description = meta.get("description")
    if not isinstance(description, str) or not description.strip():
        raise invalid(f"skill {name!r} has no description",
                      hint="say what the skill does and when it applies, in at most 1024 characters")
    if len(description) > MAX_DESCRIPTION:
        raise invalid(f"the description of {name!r} has {len(description)} characters "
                      f"(at most {MAX_DESCRIPTION})")
    tools = _str_list(meta.get("tools"), "tools", name)
    triggers = _str_list(meta.get("triggers"), "triggers", name)
    body = "\n".join(lines[end + 1:]).strip("\n")
    if not body.strip():
        raise invalid(f"skill {name!r} has an empty body", hint="write the procedure after the "
                      "front matter")
    extra = {k: meta[k] for k in ("version", "license", "metadata") if k in meta}
    return Skill(name=name, description=" ".join(description.split()), tools=tools,
                 triggers=triggers, body=body, origin=origin, folder=folder, extra=extra)


def render_skill(name: str, description: str, body: str, tools: list[str] | None = None,
                 triggers: list[str] | None = None) -> str:
    """SKILL.md text for these fields (validated by parsing it back)."""
    import yaml

    meta: dict[str, Any] = {"name": name, "description": description, "tools": list(tools or [])}
    if triggers:
        meta["triggers"] = list(triggers)
    text = "---\n" + yaml.safe_dump(meta, sort_keys=False, allow_unicode=True, width=1000) + \
        "---\n\n" + body.strip("\n") + "\n"
    parse_skill(text)
    return text


def _str_list(value: Any, key: str, name: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()]
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise invalid(f"'{key}' of skill {name!r} must be a list of names",
                      hint=f"write e.g. {key}: [get_graph_info, node_centrality]")
    return [v.strip() for v in value]
