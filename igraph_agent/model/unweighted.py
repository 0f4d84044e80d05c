"""A question that turns the edge values off: "(unweighted)", "ignoring the weights", "treat
every edge the same", "regardless of the km". Every call of a weight-using tool then takes
``weight=None`` (unweighted), whatever the graph's default weight, and the answer says so.

    >>> asked("who has the highest eigenvector centrality in les miserables (unweighted)?", {})
    True
    >>> asked("betweenness, treating every edge the same", {})
    True
    >>> asked("is the graph unweighted?", {})
    False
    >>> asked("pagerank weighted by amount", {})
    False
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from igraph_agent.model.planstate import Call, PlanState

#: the tools that take ``weight`` (an edge attribute, or None for unweighted; omitted, the
#: graph's default weight applies); tests/test_planner_unweighted_asked.py checks the list
#: against the catalogue
WEIGHTED_TOOLS = frozenset({
    "node_centrality", "community_detection", "bridge_nodes", "shortest_path", "connectivity",
    "local_analysis", "compare_nodes", "summary_statistics", "nodes_by_measure", "hop_counts",
    "remove_and_compare", "group_analysis"})

_VALUES = (r"(?:edge\s+|link\s+|tie\s+|road\s+)?(?:weights?|weightings?|values?|strengths?|"
           r"lengths|distances)")  # "(ignore lengths)": a length that no column's name says
_EDGES = r"(?:edges?|links?|ties?|connections?|relationships?)"
#: "(unweighted)", "not weighted", "ignoring the weights", "without edge weights", "treat
#: every edge the same", "all links count equally", "regardless of weight"
_OFF = re.compile(
    rf"\s*,?\s*(?:\bun-?weighted\b|\bnot\s+weighted\b|\bno\s+weights?\b|\bequal\s+weights?\b"
    rf"|\b(?:ignor(?:e|es|ed|ing)|without|disregard(?:ing)?|drop(?:ping)?|leav(?:e|ing)\s+out|"
    rf"regardless\s+of|irrespective\s+of|never\s*mind)\s+(?:the\s+|any\s+|all\s+)?{_VALUES}"
    rf"|\btreat(?:ing|ed)?\s+(?:every|each|all(?:\s+the)?)\s+[a-z]+\s+(?:the\s+same|equally|as\s+equal"
    rf"|alike)|\b(?:every|each|all(?:\s+the)?)\s+{_EDGES}\s+(?:counts?|weighs?|weighted|"
    rf"counted|treated)\s+(?:the\s+same|equally|alike|once))", re.IGNORECASE)
#: betweenness said in words: "sits on the most shortest chains between other players"
_CHAINS = re.compile(r"\b(?:on|in|along|through)\s+(?:the\s+)?most\s+shortest\s+(?:[a-z]+[- ])?"
                     r"(?:chains?|paths?|routes?|links?|connections?)\b", re.IGNORECASE)
#: a length or a weighting said: "counting road lengths", "measured by length"
_MEASURED = re.compile(r"\b(?:lengths?|distances?|km|kilomet\w*|miles?|minutes?|hours?|time|"
                       r"measured|weighted|weights?|counting|by\s+(?:the\s+)?[a-z_]+)\b", re.IGNORECASE)
#: closeness said in steps: "the fewest co-star steps from everybody else" (hops, whatever
#: the edges carry)
_STEPS = re.compile(r"\b(?:fewest|least)\s+(?:[a-z-]+\s+)?(?:steps|hops|jumps)\s+(?:away\s+)?from\s+"
                    r"(?:every|all)", re.IGNORECASE)
#: "is the graph unweighted?": a question about the graph's kind, not an analysis switch
_KIND = re.compile(r"\b(?:is|are)\s+(?:(?:the|this|that|its|our|my)\s+)?(?:\w+\s+){0,2}"
                   r"un-?weighted\b", re.IGNORECASE)


def asked(question: str, meaning: dict[str, Any]) -> bool:
    """Whether ``question`` asks for the analysis with the edge values left out (see the
    module); "ignoring the km" names a numeric edge column of ``meaning``."""
    if _KIND.search(question):
        return False
    if _OFF.search(question) or _ignored_column(meaning).search(question):
        return True
    if _STEPS.search(question):
        return True
    roles = meaning.get("weights") or {}
    named = any(re.search(rf"\b{re.escape(w)}", question, re.IGNORECASE) for c in roles
                for w in re.split(r"[^a-z]+", str(c).lower()) if len(w) >= 3)  # "cable routes"
    if _CHAINS.search(question) and "distance" not in roles.values() and not named \
            and not _MEASURED.search(question):
        return True  # "who sits on the most shortest chains between other players": hops,
        # never 1/games where no edge value is a length
    from igraph_agent.model.hop_words import ignores_values

    return ignores_values(question)


def dropped(question: str, meaning: dict[str, Any]) -> str:
    """``question`` without its words turning the edge values off ("(unweighted)", "not
    weighted", "ignoring the approvals"): they are no negation, and name no edge value to
    weight by.

        >>> dropped("which player has the highest pagerank, not weighted?", {})
        'which player has the highest pagerank?'
    """
    if _KIND.search(question):
        return question
    out = _ignored_column(meaning).sub("", _OFF.sub("", question))
    out = re.sub(r"\(\s*\)", "", out)
    return re.sub(r"\s*,?\s+([?.!]|$)", r"\1", re.sub(r"\s{2,}", " ", out)).strip() \
        if out != question else question


def _ignored_column(meaning: dict[str, Any]) -> re.Pattern[str]:
    """"ignoring the approvals", "regardless of km": a numeric edge column left out."""
    columns = "|".join(re.escape(str(c)) for c in meaning.get("weights") or {}) or "(?!x)x"
    return re.compile(rf"\s*,?\s*\b(?:ignor(?:e|es|ing)|without|regardless\s+of|disregard(?:ing)?)"
                      rf"\s+(?:the\s+)?(?:{columns})\b", re.IGNORECASE)


def applied(st: PlanState, calls: list[Call]) -> list[Call]:
    """``calls`` with ``weight=None`` on every weight-using tool's call when the question
    asks for the edge values to be left out; else as they are."""
    if not calls or not asked(str(st.context.get("asked") or st.question), st.meaning()):
        return calls
    return [Call(c.tool, {**c.args, "weight": None}) if c.tool in WEIGHTED_TOOLS else c
            for c in calls]


def as_asked(calls: Callable[[PlanState], list[Call]]) -> Callable[[PlanState], list[Call]]:
    """An intent's call maker whose calls follow :func:`applied` (``registry.Intent`` wraps
    each one's)."""
    if getattr(calls, "as_asked", False):
        return calls

    def made(st: PlanState) -> list[Call]:
        return applied(st, calls(st))

    made.as_asked = True  # type: ignore[attr-defined]
    return made


def said(st: PlanState, made: list[Call], findings: str) -> str:
    """The line saying the edge values were left out, when a call of the answer was made
    unweighted on the question's word and the answer does not say so already."""
    if "unweighted" in findings.lower():
        return ""
    off = any(c.tool in WEIGHTED_TOOLS and "weight" in c.args and c.args["weight"] is None
              for c in made)
    if not off or not asked(str(st.context.get("asked") or st.question), st.meaning()):
        return ""
    return "\n\nEdge values left out, as asked: every edge counts the same (unweighted)."
