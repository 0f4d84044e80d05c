"""The offline planner's intent registry: declarative intents scored against a question.

Each :class:`Intent` has weighted trigger phrases (regexes; a question scores the sum of
the weights of the triggers it matches), negative phrases (any match: score 0), a
``group`` (intents of one group are alternatives: only the best scoring one fires), a
``phase`` (0: analyses; 1: intents that run after the others' calls, e.g. a report or a
drawing; -1: the fallback used only when nothing else fires) and an optional ``clarify``
hook that names the missing slot as a specific question.

Precision: each intent declares the kinds of answer it gives (``answers``: count, node,
pair, path, yesno, value, list, group, description, action) and the question features it
handles (``covers``: a threshold such as "more than 3", a hop count such as "within 2
steps", a named removal such as "if Medici left"). :func:`gaps` names what a question asks
that the selected intents do not give -- a count none of them counts, a threshold none of
them applies -- and then the planner asks instead of answering another question.

:func:`select` keeps intents scoring at least :data:`THRESHOLD` and at least
:data:`RELATIVE` times the best score, in registration order. Below the threshold the
planner asks a clarifying question (:func:`clarification`) instead of answering something
else.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.unweighted import as_asked

THRESHOLD = 1.0
RELATIVE = 0.5
Trigger = tuple[re.Pattern[str], float]
AnswerKind = Literal["count", "node", "pair", "path", "yesno", "value", "list", "group",
                     "description", "action"]
ANSWER_KINDS: frozenset[str] = frozenset(AnswerKind.__args__)  # type: ignore[attr-defined]
Feature = Literal["threshold", "hops", "removal", "weight", "group", "twomode", "direction",
                  "entity", "filter", "bottom", "negation", "future", "ordinal", "scope",
                  "restriction", "community_top", "time", "judgement", "roundtrip", "linked",
                  "versus", "conditions"]
FEATURES: frozenset[str] = frozenset(Feature.__args__)  # type: ignore[attr-defined]


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
    answers: frozenset[str] = field(default_factory=frozenset)  # AnswerKind values
    covers: frozenset[str] = field(default_factory=frozenset)  # Feature values it handles
    suggest: tuple[str, str] | None = None  # (label, question) templates, see suggestions()
    suggest_rank: int = 0  # where it comes among the follow-ups of an unrelated question

    def __post_init__(self) -> None:
        bad = (set(self.answers) - ANSWER_KINDS) | (set(self.covers) - FEATURES)
        if bad:
            raise ValueError(f"intent {self.name!r} declares unknown kinds {sorted(bad)}")
        self.calls = as_asked(self.calls)  # "(unweighted)": every weighted call takes none

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


_FEATURE_WORDS = {"threshold": "with the threshold you give",
                  "conditions": "with both bounds at once (I apply one bound at a time: ask "
                                "with one, then the other)",
                  "hops": "with the number of steps you give",
                  "removal": "with the change to the graph you describe (a removal or an addition)",
                  "weight": "with the edge values you name",
                  "group": "by the attribute you name",
                  "twomode": "as co-occurrence on the two sides",
                  "direction": "following the edges' direction",
                  "entity": "for the node you name",
                  "filter": "among the nodes with the attribute value you name",
                  "bottom": "from the bottom (the least, the lowest)",
                  "negation": "with the exclusion you give (not, outside, except)",
                  "ordinal": "at the rank you name (second, third …)",
                  "future": "as a forecast (the graph says what is, not what will happen)",
                  "time": "at the time or date you name (no analysis here filters or groups by time)",
                  "roundtrip": "as a round trip (there and back: two routes, asked one at a time)",
                  "judgement": "as a verdict (healthy, normal, good): the graph gives measures, not verdicts",
                  "scope": "within the part of the graph you name (a component or community)",
                  "restriction": "among the nodes you describe (no attribute value names them)",
                  "linked": "counting only the partners that hold the value you name",
                  "community_top": "for the top node inside the community you pick by its size",
                  "versus": "comparing two measures of each node (its in- against its "
                             "out-degree): each is ranked on its own",
                  "count": "how many", "node": "which node it is", "pair": "which pair it is",
                  "value": "as the one figure you ask for (a total or a mean)",
                  "yesno": "a yes or no"}


_JOINED = re.compile(r"\band\b|\bthen\b|;|\balso\b|\bplus\b", re.IGNORECASE)


def gaps(intents: Sequence[Intent], question: str, features: set[str],
         kind: str | None) -> tuple[list[str], list[Intent]]:
    """What the question asks that ``intents`` do not give, and the intents that answer
    only part of it. Missing: features none covers; in a one-clause question, features any
    analysis intent ignores (it would answer another question, even when a second intent
    takes the rest: two halves are not one answer); the asked kind of answer (``count``) when none gives it. Intents declaring no ``answers``
    (older families) are taken to answer anything."""
    if not intents:
        return [], []
    analyses = [i for i in intents if i.phase == 0 and i.answers]
    missing = sorted(f for f in features
                     if not any(f in i.covers or not i.answers for i in intents))
    strict = features - {"entity"}  # a named node beside a covering intent may be its input
    partial = [i for i in analyses if strict - set(i.covers)]
    if missing:
        return missing, partial
    whole = any(not strict - set(i.covers) for i in intents if i.phase == 0)
    if partial and not _JOINED.search(question) and (len(partial) < len(analyses) or not whole):
        best = max(partial, key=lambda i: len(strict & set(i.covers)))
        return sorted(strict - set(best.covers)), partial
    if kind and not any(_gives(i, kind) for i in intents):
        return [kind], [i for i in analyses]
    return [], []


def _gives(intent: Intent, kind: str) -> bool:
    """Whether ``intent`` answers ``kind`` (a node is also named by a list, group or pair)."""
    if not intent.answers or kind in intent.answers:
        return True
    return (kind == "node" and bool(intent.answers & {"list", "group", "pair"})) or (
        kind == "value" and "count" in intent.answers)  # "total triangles": a count is a figure


@dataclass
class Ask:
    """A clarifying question and the follow-ups it offers (``ask_user`` arguments)."""

    question: str
    suggestions: list[dict[str, str]] = field(default_factory=list)


def nearest(intents: Sequence[Intent], question: str, features: set[str],
            k: int = 3, order: Sequence[str] = ()) -> list[Intent]:
    """The intents closest to ``question``: by trigger score, then by the features they
    cover, then in ``order`` (the analyses most graphs support first)."""
    def rank(n_i: tuple[int, Intent]) -> tuple:
        n, i = n_i
        pos = list(order).index(i.name) if i.name in order else len(order) + n
        return (-i.score(question), -len(features & set(i.covers)), pos)

    usable = [(n, i) for n, i in enumerate(intents) if i.suggest and i.phase == 0]
    return [i for _, i in sorted(usable, key=rank)[:k]]


def suggestions(intents: Sequence[Intent], words: dict[str, str]) -> list[dict[str, str]]:
    """Each intent's (label, question) templates filled with this graph's words
    (``{noun}``, ``{nouns}``, ``{a}``, ``{b}``, ``{attr}``)."""
    out = []
    for i in intents:
        label, q = i.suggest  # type: ignore[misc]
        try:
            out.append({"label": label.format(**words), "question": q.format(**words)})
        except (KeyError, IndexError):
            continue
    return out


def clarification(intents: Sequence[Intent], question: str, words: dict[str, str],
                  features: set[str] = frozenset(), missing: Sequence[str] = (),  # type: ignore[assignment]
                  partial: Sequence[Intent] = ()) -> Ask:
    """A specific question naming the two or three nearest analyses on this graph, offered
    as follow-ups; ``partial``: the intents that cover part of it (said first)."""
    near = [i for i in partial if i.suggest] or []
    order = [i.name for i in sorted((i for i in intents if i.suggest),
                                    key=lambda i: i.suggest_rank)]
    for i in nearest(intents, question, set(features), k=len(intents), order=order):
        if i not in near:
            near.append(i)
    near = [i for i in near if suggestions([i], words)][:3]  # those this graph's words fill
    offers = suggestions(near, words)
    can = [o["label"] for o in offers]
    listed = ", ".join(can[:-1]) + (" or " if len(can) > 1 else "") + can[-1] if can else \
        "describe the graph"
    if partial and missing:
        what = " and ".join(_FEATURE_WORDS.get(m, m) for m in missing)
        head = (f"I can only answer part of this: {partial[0].hint or partial[0].name}, but not "
                f"{what}.")
    elif missing:
        said = [_FEATURE_WORDS[m] for m in missing if m == "future"]
        head = "I have no analysis for this exact question" + (f" {said[0]}." if said else ".")
    else:
        head = "I am not sure which analysis you mean."
    return Ask(f"{head} I can {listed} — which do you mean?", offers)
