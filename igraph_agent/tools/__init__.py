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
            "structure", "counting", "whatif", "cohesion", "groups", "directed", "twomode",
            "code", "viz", "export", "offer", "optimize", "skills", "memory", "report", "learning",
            "jobs"]


def default_registry() -> ToolRegistry:
    """Every built-in tool, in catalogue order; ``run_graph_code`` as ``IGRAPH_AGENT_CODE``
    says (``off``: not offered, ``ask``: each snippet needs approval)."""
    import dataclasses
    import importlib

    from igraph_agent.sandbox.limits import code_policy

    policy = code_policy()
    registry = ToolRegistry()
    for family in FAMILIES:
        module = importlib.import_module(f"igraph_agent.tools.{family}")
        for value in vars(module).values():
            if isinstance(value, Tool):
                if value.name == "run_graph_code" and policy != "on":
                    if policy == "off":
                        continue
                    value = dataclasses.replace(value, requires_approval=True)
                registry.add(value)
    return registry
