"""Skills: SKILL.md procedures the agent reads on demand, and their review queue.

See docs/skills.md. ``SkillCatalogue`` answers "which skills are active";
``SkillManager`` creates, uploads, edits, deletes, approves and rejects them.
"""

from __future__ import annotations

from igraph_agent.skills.catalogue import SkillCatalogue, builtin_dir
from igraph_agent.skills.format import Skill, parse_skill, render_skill
from igraph_agent.skills.manage import SkillManager

__all__ = ["Skill", "SkillCatalogue", "SkillManager", "builtin_dir", "parse_skill",
           "render_skill"]
