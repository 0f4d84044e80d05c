"""Result models of the skills tools (``tools/skills.py``)."""

from __future__ import annotations

from igraph_agent.results import ToolData


class LoadSkillResult(ToolData):
    """What ``load_skill`` returns."""

    name: str
    description: str
    tools: list[str]
    origin: str
    references: list[str]
    page: int
    pages: int
    total_chars: int
    chars: list[int]
    truncated: bool
    body: str
    note: str | None = None


class ReadSkillReferenceResult(ToolData):
    """What ``read_skill_reference`` returns."""

    name: str
    path: str
    page: int
    pages: int
    total_chars: int
    chars: list[int]
    truncated: bool
    body: str
