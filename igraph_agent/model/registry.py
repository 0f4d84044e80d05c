"""The offline planner's intent registry: declarative intents scored against a question.

Each :class:`Intent` has weighted trigger phrases (regexes; a question scores the sum of
the weights of the triggers it matches), negative phrases (any match: score 0), a
``group`` (intents of one group are alternatives: only the best scoring one fires), a
``phase`` (0: analyses; 1: intents that run after the others' calls, e.g. a report or a
drawing; -1: the fallback used only when nothing else fires) and an optional ``clarify``
hook that names the missing slot as a specific question.

:func:`select` keeps intents scoring at least :data:`THRESHOLD` and at least
:data:`RELATIVE` times the best score, in registration order. Below the threshold the
planner asks a clarifying question (:func:`clarification`) instead of answering something
else.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from igraph_agent.model.planstate import Call, Observed, PlanState

THRESHOLD = 1.0
RELATIVE = 0.5
Trigger = tuple[re.Pattern[str], float]


def t(weight: float, *patterns: str) -> list[Trigger]:
    """Triggers of one weight (case-insensitive regexes)."""
    return [(re.compile(p, re.IGNORECASE), weight) for p in patterns]


@dataclass
class Intent:
    name: str
    triggers: Sequence[Trigger]
    calls: Callable[[PlanState], list[Call]]
    render: Callable[[PlanState, list[Observed]], str]
    method: str
    negatives: Sequence[re.Pattern[str]] = ()
    group: str = ""
    phase: int = 0
    clarify: Callable[[PlanState], str | None] | None = None
    hint: str = ""  # what a user might ask, for clarifying questions
    bonus: Callable[[PlanState], float] | None = None  # from structured context (tool results)

    def score(self, question: str, st: PlanState | None = None) -> float:
        if any(n.search(question) for n in self.negatives):
            return 0.0
        got = sum(w for p, w in self.triggers if p.search(question))
        if got and self.bonus is not None and st is not None:
            got += self.bonus(st)
        return got

    def matches(self, question: str) -> bool:
        return self.score(question) >= THRESHOLD


def select(intents: Sequence[Intent], question: str,
           st: PlanState | None = None) -> list[Intent]:
    """The intents a question asks for, in registration order."""
    scored = [(i.score(question, st), n, i) for n, i in enumerate(intents)]
    hits = [s for s in scored if s[0] >= THRESHOLD and s[2].phase >= 0]
    best: dict[str, tuple[float, int, Intent]] = {}
    for s in hits:
        key = s[2].group or s[2].name
        if key not in best or s[0] > best[key][0]:
            best[key] = s
    kept = list(best.values())
    top = max((s[0] for s in kept if s[2].phase == 0), default=0.0)
    kept = [s for s in kept if s[2].phase > 0 or s[0] >= RELATIVE * top]
    if not kept:
        kept = [s for s in scored if s[2].phase < 0 and s[0] >= THRESHOLD]
    return [s[2] for s in sorted(kept, key=lambda s: s[1])]


def clarification(intents: Sequence[Intent], question: str) -> str:
    """A specific question when nothing reached the threshold: the nearest intents by name."""
    near = sorted(((i.score(question), i) for i in intents if i.hint),
                  key=lambda s: -s[0])
    near = [i for s, i in near if s > 0][:2]
    if near:
        return ("I am not sure what to compute. Did you mean " +
                " or ".join(i.hint for i in near) + "? Please rephrase with the measure and the "
                "node names you mean.")
    return ("I could not map this question to a graph analysis. I can answer: the size of the "
            "graph, degrees and the best-connected nodes, centrality (PageRank, betweenness, "
            "closeness, eigenvector), paths and distances between two named nodes, components, "
            "cut nodes and bridge edges, communities, a node's neighbourhood and clustering, "
            "triangles, k-cores, bipartiteness, diameter, radius and assortativity. Which one "
            "do you mean?")
