"""Memory: user profile, preferences, confirmed facts, reusable knowledge, decision log.

See docs/memory.md. ``Memory`` is the API; ``retention.verdict`` the rules.
"""

from __future__ import annotations

from igraph_agent.memory.manager import Memory, current_user
from igraph_agent.memory.retention import KINDS, Verdict, verdict

__all__ = ["KINDS", "Memory", "Verdict", "current_user", "verdict"]
