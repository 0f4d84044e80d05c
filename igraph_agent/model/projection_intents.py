"""Offline-planner intents about the projection of one side of a two-mode graph, read from
``project_bipartite``'s result (the side's nodes linked when they share a partner):

* ``projection_links``: "if you link plants that share a pollinator, how many plant-plant
  links do you get", "how many pairs of women attended an event together": the number of
  the projection's links.
* ``projection_most_tied``: "in the women-only projection, which woman is tied to the most
  other women", "which reader shares a title with the most other readers": the nodes with
  the most projection partners (its degree, ties named).

The strongest pairs are ``projection``'s (``semantic_intents.py``); a measure of the
projection other than its degree asks. ``intents.py`` registers them.

Example::

    >>> bool(_LINKED_BY_SHARING.search("If you link plants that share a pollinator"))
    True
    >>> bool(_MOST_OTHERS.search("which woman is tied to the most other women"))
    True
"""

from __future__ import annotations

import re

from igraph_agent.model import slots
from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.results.semantics import ProjectBipartiteResult

#: the projection named or defined: "the women-only projection", "link plants that share a
#: pollinator", "plant-plant links", "pairs of women who attended an event together"
_LINKED_BY_SHARING = re.compile(
    r"\bprojection\b|\bprojected\b|\b(?:only|-only)\s+(?:network|graph)\b|"
    r"\b(?:link|connect|join|tie)(?:s|ed|ing)?\s+(?:two\s+|any\s+|all\s+|the\s+)?[a-z]+\s+"
    r"(?:that|who|which|whenever|when|if)\s+(?:they\s+)?(?:share|have\s+\w+\s+in\s+common|"
    r"(?:\w+\s+)?(?:the\s+same|together|both))\b|"
    r"\b([a-z]+)-\1\s+(?:links?|edges?|ties|pairs?|connections?|network|graph)\b|"
    r"\bpairs?\s+of\s+[a-z]+\s+(?:that\s+|who\s+|which\s+)?(?:\w+\s+){0,4}(?:share[sd]?|"
    r"together|in\s+common)\b", re.IGNORECASE)
#: a count of the projection's links asked
_LINK_COUNT = re.compile(r"\bhow\s+many\s+(?:[\w-]+\s+){0,2}(?:links?|edges?|ties|pairs?|"
                         r"connections?)\b|\bnumber\s+of\s+(?:[\w-]+\s+){0,2}(?:links?|edges?|"
                         r"ties|pairs?|connections?)\b", re.IGNORECASE)
#: the nodes tied to the most others of their own side
_MOST_OTHERS = re.compile(r"\b(?:the\s+)?most\s+other\s+(?P<side>[a-z]+)|\bmost\s+(?:[a-z]+\s+)?"
                          r"(?:partners|ties|links|connections|neighbou?rs)\s+in\s+(?:the|this|"
                          r"that)\s+(?:[\w-]+\s+)?projection\b", re.IGNORECASE)
#: a threshold on what is shared ("at least two events"), a named node's own ties, or a
#: measure other than the count of partners: another question
_NOT_PLAIN = re.compile(r"\bat\s+(?:least|most)\s+(?!one\b|1\b|a\b)\w+|\bmore\s+than\b|"
                        r"\bexactly\b|\b(?:two|three|four|five|\d+)\s+or\s+more\b|"
                        r"\bcentral\w*|\bbetweenness|\bpage ?rank|\bcloseness|\bweight\w*|"
                        r"\bstrongest\b|\bheaviest\b|\bcommunit\w*|\bclusters?\b|\bdensity\b",
                        re.IGNORECASE)


def _side(st: PlanState) -> str | None:
    """The projected side, on a two-mode graph: the side of "the most other women", else
    the side the question names first."""
    from dataclasses import replace

    from igraph_agent.model.semantic_intents import _side_in, sides_named

    if len((st.meaning().get("modes") or {}).get("sides") or {}) != 2:
        return None
    most = _MOST_OTHERS.search(_asked(st))
    if most and most.group("side"):
        named = sides_named(replace(st, question=most.group("side")))
        return named[0][1] if named else None
    return _side_in(st)


def _asked(st: PlanState) -> str:
    """The question in the user's words ("tied to the most other women" is rewritten to
    "the most ties" for the degree ranking)."""
    return str(st.context.get("asked") or st.question)


def _plain(st: PlanState) -> bool:
    # "if we connect traders who share a market" defines the projection: no edge added
    asked = _LINKED_BY_SHARING.sub(" ", _asked(st))
    return not (_NOT_PLAIN.search(asked) or slots.features(asked) & {
        "removal", "threshold", "bottom", "ordinal", "future", "scope"})


def _links_bonus(st: PlanState) -> float:
    q = _asked(st)
    # "how many connections does kim have" in it: one node's ties, co_members'
    return 6.0 if (_side(st) and _plain(st) and _LINK_COUNT.search(q)
                   and _LINKED_BY_SHARING.search(q) and not slots.named(st.question)) else 0.0


def _most_bonus(st: PlanState) -> float:
    q = _asked(st)
    return 6.0 if (_side(st) and _plain(st) and _MOST_OTHERS.search(q)
                   and not slots.named(st.question)) else 0.0


def _calls(st: PlanState) -> list[Call]:
    side = _side(st)
    return [Call("project_bipartite", {"side": side, "top_k": 1})] if side else []


def _result(obs: list[Observed]) -> ProjectBipartiteResult | None:
    o = next((o for o in obs if o.tool == "project_bipartite" and o.ok), None)
    return o.typed(ProjectBipartiteResult) if o is not None else None


def _links_render(st: PlanState, obs: list[Observed]) -> str:
    d = _result(obs)
    if d is None:
        return "The projection did not run."
    return (f"Linking two {d.side} whenever they share a partner gives **{d.edges}** links "
            f"among the {d.nodes} {d.side} (projection stored as dataset {d.dataset_id}).")


def _most_render(st: PlanState, obs: list[Observed]) -> str:
    d = _result(obs)
    if d is None:
        return "The projection did not run."
    if not d.most_tied:
        return f"No two {d.side} share a partner: the projection has no links."
    top = d.most_tied[0].tied
    leaders = [r for r in d.most_tied if r.tied == top]
    names = ", ".join(f"**{r.node}**" for r in leaders)
    who = (f"{names} is" if len(leaders) == 1 else f"{len(leaders)} tie: {names} are each")
    return (f"In the projection of the {d.side} (linked when they share a partner), {who} "
            f"tied to the most other {d.side}: **{top}** (stored as dataset {d.dataset_id}).")


PROJECTION_INTENTS = [
    Intent("projection_links", t(0.6, r"\bhow many\b|\bnumber of\b"), _calls, _links_render,
           "project_bipartite: the number of links of one side's projection", group="twomode",
           bonus=_links_bonus, hint="how many links one side's projection has",
           # "if we connect traders who share a market" reads as an added edge
           covers=frozenset({"twomode", "group", "removal"}), answers=frozenset({"count"})),
    Intent("projection_most_tied", t(0.6, r"\bmost\b"), _calls, _most_render,
           "project_bipartite: the nodes tied to the most others in one side's projection",
           group="twomode", bonus=_most_bonus,
           hint="who is tied to the most others of its side", covers=frozenset({"twomode", "group"}),
           answers=frozenset({"node", "list"})),
]
