"""Narrowing a request's tools by the skills it names.

A request naming skills gets the union of their declared tools plus ``load_skill`` and
``read_skill_reference``, intersected with its ``tools`` whitelist when it has one. Naming
a skill never adds approval: gated tools stay gated.

Example::

    tools = narrow(registry, RunOptions(skills=["paths-and-connectivity"]), catalogue)
    [t.name for t in tools]   # ['get_graph_info', 'search_node', 'shortest_path', ..., 'load_skill']
"""

from __future__ import annotations

from igraph_agent.options import RunOptions
from igraph_agent.skills.catalogue import SkillCatalogue
from igraph_agent.skills.trace import SKILL_TOOLS
from igraph_agent.tools.registry import Tool, ToolRegistry


def narrow(registry: ToolRegistry, options: RunOptions, catalogue: SkillCatalogue) -> list[Tool]:
    """The tools of this request (raises SKILL_NOT_FOUND for an unknown or candidate skill)."""
    if not options.skills:
        return registry.in_scope(options.tools)
    allowed: set[str] = set(SKILL_TOOLS)
    for name in options.skills:
        allowed.update(catalogue.get(name).tools)
    if options.tools is not None:
        allowed &= set(options.tools) | set(SKILL_TOOLS)
    return registry.in_scope(allowed)
