"""Offline-planner intents about the projection of one side of a two-mode graph, read from
``project_bipartite``'s result (the side's nodes linked when they share a partner):

* ``projection_links``: "if you link plants that share a pollinator, how many plant-plant
  links do you get", "how many pairs of women attended an event together": the number of
  the projection's links.
* ``projection_most_tied``: "in the women-only projection, which woman is tied to the most
  other women", "which reader shares a title with the most other readers": the nodes with
  the most projection partners (its degree, ties named).

* ``projection_pieces``: "if we link members who share a club, is everyone connected to
  everyone else somehow?", "how many separate pieces does the reader network fall into": the
  projection's connected pieces (one piece: yes), the nodes outside the largest named.
* ``projection_density``: "project onto the women (tied if they shared an event): what's the
  density of that network?", "how dense is the women's co-attendance network": the share of
  the side's pairs the projection links.
* ``projection_tied_to_all``: "if I connect two members whenever they share a club, is there
  anyone connected to every other member?": the nodes whose projection degree is the side's
  size less one.

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
    r"\bprojection\b|\bprojected\b|\bproject(?:s|ing)?\s+(?:[\w-]+\s+){0,2}onto\b|\b(?:only|-only)\s+(?:network|graph)\b|"
    r"\b(?:link|connect|join|tie)(?:s|ed|ing)?\s+(?:(?:any|every|each)\s+)?(?:two\s+|all\s+|"
    r"the\s+)?(?!most\b|fewest\b)[a-z]+\s+(?:(?:that|who|which|whenever|when|if)\s+(?:they\s+)?|"
    r"[a-z]+ing\s+)(?:share[sd]?|have\s+\w+\s+in\s+common|(?:\w+\s+){0,6}(?:the\s+same|together|"
    r"both))\b|"
    r"\b[a-z]+\s+(?:that|who|which)\s+(?:\w+\s+){0,3}(?:the\s+same|in\s+common|together)\s+"
    r"(?:\w+\s+)?(?:are|get|become|were)\s+(?:connected|linked|joined|tied)\b|"
    r"\b(?:[a-z]+\s+(?:are|is|get|become|were)\s+)?(?:linked|connected|joined|tied)\s+(?:if|"
    r"when|whenever)\s+(?:they\s+)?(?:share[sd]?|"
    r"have\s+\w+\s+in\s+common|(?:\w+\s+){0,6}(?:the\s+same|together|both))\b|"
    r"\b([a-z]+)-\1\s+(?:links?|edges?|ties|pairs?|connections?|network|graph)\b|"
    r"\b([a-z]+)[- ]to[- ]\2\s+(?:links?|edges?|ties|pairs?|connections?|network|graph)\b|"
    r"\b(?:network|graph)\s+(?:\w+\s+){0,3}(?:from|through|via|by)\s+(?:their\s+|the\s+)?"
    r"(?:shared|common|joint)\s+[a-z]+|"
    r"\bpairs?\s+of\s+[a-z]+\s+(?:that\s+|who\s+|which\s+)?(?:\w+\s+){0,4}(?:share[sd]?|"
    r"together|in\s+common)\b", re.IGNORECASE)
#: a count of the projection's links asked
_LINK_COUNT = re.compile(r"\bhow\s+many\s+(?:[\w-]+\s+){0,2}(?:links?|edges?|ties|pairs?|"
                         r"connections?)\b|\bnumber\s+of\s+(?:[\w-]+\s+){0,2}(?:links?|edges?|"
                         r"ties|pairs?|connections?)\b", re.IGNORECASE)
#: the nodes tied to the most others of their own side
_MOST_OTHERS = re.compile(r"\b(?:the\s+)?most\s+other\s+(?P<side>[a-z]+)|"
                          # "who ends up connected to the most distinct colleagues"
                          r"\b(?:ends?\s+up\s+|is\s+|are\s+|gets?\s+)(?:connected|linked|tied)\s+to\s+"
                          r"the\s+most\s+(?:other\s+|distinct\s+|different\s+)?(?P<side3>[a-z]+)|"
                          # "who has worked alongside the largest number of different volunteers"
                          # (not "which repository has the most distinct contributors": its degree)
                          r"\b(?:with|alongside|(?:connected|linked|tied)\s+to)\s+the\s+(?:most|(?:largest|greatest|highest)\s+"
                          r"number\s+of)\s+(?:other|different|distinct)\s+(?P<side2>[a-z]+)|\bmost\s+(?:[a-z]+\s+)?"
                          r"(?:partners|ties|links|connections|neighbou?rs)\s+in\s+(?:the|this|"
                          r"that)\s+(?:[\w-]+\s+)?projection\b", re.IGNORECASE)
#: the whole side's connectivity: "is everyone connected somehow", "one piece", "how many
#: separate groups"
_PIECES = re.compile(
    r"\b(?:is|are)\s+(?:everyone|everybody|every\s+\w+|all\s+(?:the\s+|of\s+the\s+)?\w+)\s+"
    r"(?:\w+\s+){0,3}(?:connected|linked|reachable|joined\s+up)\b|"
    r"\b(?:connected|linked|reachable)\b(?:\s+\w+){0,5}\s+(?:somehow|indirectly|in\s+some\s+way)\b|"
    r"\b(?:one|a\s+single)\s+(?:connected\s+)?(?:piece|component|whole|network)\b|"
    r"\bhow\s+many\s+(?:separate\s+|connected\s+|disconnected\s+|distinct\s+)?(?:components?|"
    r"pieces|parts|islands|groups)\b|\b(?:disconnected|fall\s+apart|falls\s+apart|cut\s+off)\b|"
    r"\breach\s+(?:every(?:one|body)?\s+(?:other|else)|each\s+other|one\s+another|all\s+(?:the\s+)?"
    r"others?)\b",
    re.IGNORECASE)
#: one node tied directly to every other node of its side: "anyone connected to every other
#: member", "who shares a club with everyone else"
_TO_ALL = re.compile(
    r"\b(?:connected|linked|tied|joined)\s+(?:directly\s+)?(?:to|with)\s+|\bshares?\s+(?:a|an|"
    r"at\s+least\s+one|some)\s+[a-z]+\s+with\s+", re.IGNORECASE)
_EVERY_OTHER = re.compile(r"^(?:every(?:one|body)?\s+(?:other|else)|all\s+(?:the\s+)?(?:other|"
                          r"rest)|each\s+other\s+(?!pair))", re.IGNORECASE)
_SOMEONE = re.compile(r"\b(?:any(?:one|body)|some(?:one|body)|who|which|any\s+(?:single\s+)?"
                      r"[a-z]+|a\s+[a-z]+\s+(?:that|who))\b", re.IGNORECASE)
_SOMEHOW = re.compile(r"\b(?:somehow|indirectly|in\s+some\s+way|through|via|chain|path|"
                      r"eventually)\b", re.IGNORECASE)


#: the split asked, not the whole: "does it fall apart" is answered yes when it is split
_APART = re.compile(r"\b(?:disconnected|fall\w*\s+apart|split\w*|cut\s+off|separate\w*|"
                    r"isolated|broken)\b", re.IGNORECASE)
_HOW_MANY = re.compile(r"\bhow\s+many\b|\bnumber\s+of\b", re.IGNORECASE)


def _tied_to_all(q: str) -> bool:
    """Whether the question asks for a node tied directly to every other node of its side."""
    if _SOMEHOW.search(q) or not _SOMEONE.search(q):
        return False
    return any(_EVERY_OTHER.match(q[m.end():]) for m in _TO_ALL.finditer(q))


#: a threshold on what is shared ("at least two events"), a named node's own ties, or a
#: measure other than the count of partners: another question
_NOT_PLAIN = re.compile(r"\bat\s+(?:least|most)\s+(?!one\b|once\b|1\b|a\b)\w+|\bmore\s+than\b|"
                        r"\bexactly\b|\b(?:two|three|four|five|\d+)\s+or\s+more\b|"
                        r"\bcentral\w*|\bbetweenness|\bpage ?rank|\bcloseness|\bweight\w*|"
                        r"\bstrongest\b|\bheaviest\b|\bcommunit\w*|\bclusters?\b|\bdensity\b",
                        re.IGNORECASE)


#: the side projected onto, said: "project davis onto the events"
_ONTO = re.compile(r"\bonto\s+(?:the\s+|its\s+|their\s+)?(?P<side>[a-z]+)", re.IGNORECASE)


def _side(st: PlanState) -> str | None:
    """The projected side, on a two-mode graph: the side of "the most other women", else
    the side the question names first."""
    from dataclasses import replace

    from igraph_agent.model.semantic_intents import _side_in, sides_named

    if len((st.meaning().get("modes") or {}).get("sides") or {}) != 2:
        return None
    most = _MOST_OTHERS.search(_asked(st)) or _ONTO.search(_asked(st))
    side = (most.group("side") or most.groupdict().get("side2") or most.groupdict().get("side3")
            or "") if most else ""
    if most and side:
        named = sides_named(replace(st, question=side))
        if named:
            return named[0][1]
        if most.re is _MOST_OTHERS and not most.groupdict().get("side3"):
            return None  # ("connected to the most colleagues": the side said elsewhere)
    linked = _LINKED_BY_SHARING.search(_asked(st))  # "connect two members who share a club"
    named = sides_named(replace(st, question=linked.group(0))) if linked else []
    return min(named)[1] if named else _side_in(st)


def _partner(st: PlanState, side: str) -> str:
    """The other side's word in the singular with its article ("a club", "an event"), else
    "a partner"."""
    others = [str(s) for s in (st.meaning().get("modes") or {}).get("sides") or {}
              if str(s) != side]
    if len(others) != 1 or others[0].lower() in {"sources", "targets"}:
        return "a partner"
    word = others[0]
    one = {"women": "woman", "men": "man", "people": "person"}.get(word.lower(), word.rstrip("s"))
    return ("an " if one[:1].lower() in "aeiou" else "a ") + one


def _asked(st: PlanState) -> str:
    """The question in the user's words ("tied to the most other women" is rewritten to
    "the most ties" for the degree ranking)."""
    return str(st.context.get("asked") or st.question)


def _plain(st: PlanState) -> bool:
    # "if we connect traders who share a market" defines the projection: no edge added
    asked = _LINKED_BY_SHARING.sub(" network ", _asked(st))  # ("if I build a … network")
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


def _pieces_bonus(st: PlanState) -> float:
    q = _asked(st)
    return 6.0 if (_side(st) and _plain(st) and _LINKED_BY_SHARING.search(q)
                   and _PIECES.search(_LINKED_BY_SHARING.sub(" ", q)) and not _tied_to_all(q)
                   and not slots.named(st.question)) else 0.0


#: a shared partner with every other node of the side said at once: "which woman attended an
#: event together with every single other woman"
_WITH_EVERY = re.compile(r"\b(?:together\s+with|alongside|with)\s+(?:every(?:one|body)?|each)\s+"
                         r"(?:one\s+of\s+the\s+)?(?:single\s+)?(?:other|else)\b", re.IGNORECASE)


def _to_all_bonus(st: PlanState) -> float:
    q = _asked(st)
    said = (_LINKED_BY_SHARING.search(q) and _tied_to_all(q)) or \
        (_WITH_EVERY.search(q) and _SOMEONE.search(q) and not _SOMEHOW.search(q))
    if re.search(r"\b(?:largest|biggest|maximum|max|widest)\s+(?:\w+\s+)?(?:group|set|clique|circle|"
                 r"bunch|team)\b|\bcliques?\b", q, re.IGNORECASE):
        return 0.0  # "the largest group of crew who have ALL worked with each other": a clique
    return 6.0 if (_side(st) and _plain(st) and said and not slots.named(st.question)) else 0.0


#: how dense: "the density of that network", "how dense is it"
_DENSITY = re.compile(r"\bdens(?:e|ity|er|est)\b", re.IGNORECASE)
#: the side's own network named by a co-noun: "the women's co-attendance network"
_CO_SIDE = re.compile(r"\bco-?[a-z]{4,}\s+(?:network|graph)\b", re.IGNORECASE)


def _density_bonus(st: PlanState) -> float:
    q = _asked(st)
    plain = not (slots.features(q) & {"removal", "threshold", "bottom", "ordinal", "future",
                                      "scope"} - {"removal"} or slots.named(st.question))
    return 6.0 if (_side(st) and plain and _DENSITY.search(q)
                   and (_LINKED_BY_SHARING.search(q) or _CO_SIDE.search(q))) else 0.0


def _density_render(st: PlanState, obs: list[Observed]) -> str:
    d = _result(obs)
    if d is None or d.density is None:
        return "The projection did not run."
    return (f"Linking two {d.side} whenever they share {_partner(st, d.side)} gives a network "
            f"of density **{d.density:.4g}**: {d.edges} links among the {d.nodes} {d.side} "
            f"(projection stored as dataset {d.dataset_id}).")


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
    who = f"{names} is" if len(leaders) == 1 else f"{names} tie: each is"
    many = d.side if d.side.endswith("s") or d.side.endswith("en") else d.side + "s"
    return (f"In the projection of the {many} (linked when they share a partner), {who} "
            f"tied to the most other {many}: **{top}** (stored as dataset {d.dataset_id}).")


def _pieces_render(st: PlanState, obs: list[Observed]) -> str:
    d = _result(obs)
    if d is None or d.components is None:
        return "The projection did not run."
    how = f"linking two {d.side} whenever they share {_partner(st, d.side)}"
    stored = f" (projection stored as dataset {d.dataset_id})."
    counted = _HOW_MANY.search(_asked(st))
    if d.components <= 1:
        lead = (f"**{d.components}** connected piece: " if counted else
                "**No**: " if _APART.search(_asked(st)) else "**Yes**: ")
        return (f"{lead}{how} puts all **{d.nodes}** {d.side} in one connected piece, each "
                f"reaching every other through shared {_partner(st, d.side).split()[-1]}s" + stored)
    apart = d.apart
    names = ", ".join(str(r.node) for r in apart.nodes) if apart else ""
    more = " …" if apart and apart.count > len(apart.nodes) else ""
    lead = ("" if counted else "**Yes**: " if _APART.search(_asked(st)) else "**No**: ")
    split = f"{how} splits" if lead else f"{how[0].upper()}{how[1:]} splits"
    return (f"{lead}{split} the {d.nodes} {d.side} into **{d.components}** separate pieces; "
            f"the largest holds {d.largest_component}"
            + (f", and {apart.count} {'is' if apart.count == 1 else 'are'} outside it: "
               f"{names}{more}" if apart and apart.count
               else "") + stored)


def _to_all_render(st: PlanState, obs: list[Observed]) -> str:
    d = _result(obs)
    if d is None:
        return "The projection did not run."
    top = d.most_tied[0].tied if d.most_tied else 0
    leaders = [str(r.node) for r in d.most_tied if r.tied == top]
    if top and top == d.nodes - 1:
        names = ", ".join(f"**{n}**" for n in leaders)
        who = f"{names} is" if len(leaders) == 1 else f"{names} are each"
        return (f"**Yes**: {who} linked to every other one of the {d.nodes} {d.side}: "
                f"**{top}** others, sharing {_partner(st, d.side)} with each (projection "
                f"stored as dataset {d.dataset_id}).")
    if not top:
        return f"**No**: no two {d.side} share a partner, so no one is linked to the others."
    return (f"**No**: no one of the {d.nodes} {d.side} shares {_partner(st, d.side)} with "
            f"all the others; the most linked, {', '.join(leaders)}, "
            f"{'reaches' if len(leaders) == 1 else 'each reach'} **{top}** of them (projection "
            f"stored as dataset {d.dataset_id}).")


PROJECTION_INTENTS = [
    Intent("projection_links", t(0.6, r"\bhow many\b|\bnumber of\b"), _calls, _links_render,
           "project_bipartite: the number of links of one side's projection", group="twomode",
           bonus=_links_bonus, hint="how many links one side's projection has",
           # "if we connect traders who share a market" reads as an added edge
           covers=frozenset({"twomode", "group", "removal"}), answers=frozenset({"count"})),
    Intent("projection_most_tied", t(0.6, r"\bmost\b"), _calls, _most_render,
           "project_bipartite: the nodes tied to the most others in one side's projection",
           group="twomode", bonus=_most_bonus,
           hint="who is tied to the most others of its side",
           covers=frozenset({"twomode", "group", "removal"}),
           answers=frozenset({"node", "list"})),
    Intent("projection_pieces", t(0.6, r"\bconnected\b|\blinked\b|\breach\w*|\bpieces?\b|"
                                  r"\bcomponents?\b|\bgroups\b|\bapart\b|\bcut off\b"),
           _calls, _pieces_render,
           "project_bipartite: whether one side's projection is in one connected piece",
           group="twomode", bonus=_pieces_bonus,
           hint="whether one side's projection is connected",
           covers=frozenset({"twomode", "group", "removal"}),
           answers=frozenset({"yesno", "count", "list"})),
    Intent("projection_density", t(0.6, _DENSITY.pattern), _calls, _density_render,
           "project_bipartite: the density of one side's projection", group="twomode",
           bonus=_density_bonus, hint="how dense one side's projection is",
           covers=frozenset({"twomode", "group", "removal"}), answers=frozenset({"value"})),
    Intent("projection_tied_to_all", t(0.6, r"\bevery(?:one|body)?\b|\ball\b"), _calls,
           _to_all_render,
           "project_bipartite: the nodes tied to every other node of their side",
           group="twomode", bonus=_to_all_bonus,
           hint="who is tied to every other node of its side",
           covers=frozenset({"twomode", "group", "removal"}),
           answers=frozenset({"yesno", "node", "list"})),
]
