"""What a built-in model is given besides the conversation: the request's options and the
skill catalogue as data, so the offline planner never parses them back from prompt prose.

Example::

    >>> context = planner_context(RunOptions(output_format="json"), home)
    >>> context["output_format"], context["read_only"], context["skills_named"]
    ('json', False, False)
    >>> "centrality-and-influence" in [s["name"] for s in context["skills"]]
    True
    >>> planner_context(RunOptions(skills=["graph-state-check"]), home)["skills"][0]["name"]
    'graph-state-check'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from igraph_agent.options import RunOptions


def planner_context(options: RunOptions, home: str | Path) -> dict[str, Any]:
    from igraph_agent.skills.catalogue import SkillCatalogue

    active = SkillCatalogue(Path(home)).active()
    named = options.skills or []
    chosen = [active[n] for n in named if n in active] if named else list(active.values())
    return {"output_format": options.output_format, "read_only": bool(options.read_only),
            "skills_named": bool(named),
            "skills": [{"name": s.name, "description": s.description,
                        "triggers": list(s.triggers)} for s in chosen]}
