"""The tool catalogue: one module per family; ``default_registry()`` assembles it."""

from __future__ import annotations

from igraph_agent.tools.registry import (
    Tool,
    ToolContext,
    ToolOutput,
    ToolRegistry,
    ToolResult,
    tool,
)

__all__ = ["Tool", "ToolContext", "ToolOutput", "ToolRegistry", "ToolResult", "default_registry",
           "tool"]

FAMILIES = ["data", "search", "centrality", "community", "paths", "local", "subgraph", "stats",
            "structure",
            "viz", "optimize", "skills", "memory", "report", "learning", "jobs"]


def default_registry() -> ToolRegistry:
    """Every built-in tool, in catalogue order."""
    import importlib

    registry = ToolRegistry()
    for family in FAMILIES:
        module = importlib.import_module(f"igraph_agent.tools.{family}")
        for value in vars(module).values():
            if isinstance(value, Tool):
                registry.add(value)
    return registry
