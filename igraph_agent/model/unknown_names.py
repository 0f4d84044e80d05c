"""Names a question gives that the loaded graph does not hold, for the offline planner's
last check before it answers: a capitalised name paired with one that resolved ("how many
messages went from Finance to HR" where no department is Finance), a capitalised word before
a grouping's noun that is none of its values ("the Midlands region"), or a lower-case word
used as a group beside the grouping's real values ("ties the marketing team has to sales"
where the teams are sales, ops and tech). An answer without them would be about something
else, so the planner asks instead.

Example: on a graph whose ``department`` takes the values hr and it, ``missing`` returns
``['Finance']`` for "how many messages went from Finance to HR" once ``search_node`` found
no node called Finance.
"""

from __future__ import annotations

import json
import re

from igraph_agent.model import node_or_value, slots, vocabulary
from igraph_agent.model.graph_intents import search_candidates
from igraph_agent.model.planstate import PlanState

#: two names joined as a pair: "Finance to HR", "HR and Finance", "A, B", "A vs B"
_JOINT = r"\s*(?:,|and|or|to|vs\.?|versus|&|->|→|nor)\s*"


def missing(st: PlanState, texts: list[str]) -> list[str]:
    """The names the question gives that ``search_node`` found no candidate for, that are no
    value of the graph's attributes and that no section mentions: an answer without them is
    about something else ("how many messages went from Finance to HR" answered with HR's
    total, where no department is Finance)."""
    got = st.last_ok("get_graph_info")
    info = got.data if got else {}
    known = json.dumps(info, default=str).lower()
    said = " ".join(texts).lower()
    names = slots.named(st.question)
    missing, found = [], []
    values = {v.lower() for vs in vocabulary.groupings(st.meaning()).values() for v in vs}
    for name in names:
        obs = st.done(node_or_value.search(name))
        word = rf"(?<![\w-]){re.escape(name.lower())}(?![\w-])"
        if obs is None or not obs.ok:  # not looked up: a group value, or paired with one
            if name.lower() in values:
                found.append(name)
            elif not re.search(word, known + " " + said) and any(
                    re.search(rf"(?<![\w-]){re.escape(a)}{_JOINT}{re.escape(b)}(?![\w-])",
                              st.question, re.IGNORECASE)
                    for v in names if v.lower() in values for a, b in ((name, v), (v, name))):
                missing.append(name)
            continue
        if search_candidates(obs) or re.search(word, known):
            found.append(name)  # a node, or a value, attribute, column or side of the graph
        elif not re.search(word, said):
            missing.append(name)
    # a name is the question's own only paired with one that resolved ("from Finance to HR",
    # "Finance and HR"); alone it may be the data set's name ("the Karate club", "the
    # Florentine families"), a unit ("m3/s") or a capitalised verb ("Use …")
    # a name as written: capitalised or with a digit ("which is denser, Finance or IT" names
    # no node "denser")
    asked = str(st.context.get("asked") or st.question)  # the user's words, not the rewrite
    missing = [m for m in missing if re.search(
        rf"(?<![\w-])(?-i:{re.escape(m)})(?![\w-])", asked) and (
        m[:1].isupper() or any(ch.isdigit() for ch in m))]
    out = [m for m in missing if not _starts_sentence(st.question, m) and any(
        re.search(rf"(?<![\w-]){re.escape(a)}{_JOINT}{re.escape(b)}(?![\w-])", st.question,
                  re.IGNORECASE) for f in [*found, *missing] if f != m for a, b in ((m, f), (f, m)))]
    # ("Physics or Biology, I'd guess" where neither is a node or a value: two choices the
    # graph does not hold, named together)
    for attr in vocabulary.groupings(st.meaning()):  # "the Midlands region" where no region
        for m in re.finditer(rf"(?<![\w-])((?-i:[A-Z])[\w'-]+)\s+{re.escape(attr)}(?:s|es)?\b"
                             r"(?!\s+(?:network|graph|data|dataset|table))", asked,
                             re.IGNORECASE):  # is Midlands (not "the Karate club network")
            w = re.sub(r"(?:'s|’s|')$", "", m.group(1))  # "the Officer's club": Officer
            if re.match(r"\s*(?:in|of|for|from|on|across)\s+(?:the\s+)?$", asked[:m.start()],
                        re.IGNORECASE) or w.lower() in slots.STOP_WORDS or w.lower() in _NOT_A_VALUE:
                continue  # "In the Karate club, who …": the data named first, as a scope
            if w.lower() not in values and w not in out and not _starts_sentence(asked, w) \
                    and not re.search(rf"(?<![\w-]){re.escape(w.lower())}(?![\w-])",
                                      known + " " + said):
                out.append(w)
    return out + _unknown_group_word(st, known + " " + said, values)


#: capitalised words before a grouping's noun that name no value ("the OTHER club")
_NOT_A_VALUE = frozenset(("other", "same", "own", "each", "every", "whole", "entire", "one",
                          "different", "distinct", "separate", "various", "several", "many",
                          "multiple", "all", "any", "some", "opposite", "neighbouring",
                          "neighboring", "adjacent", "nearby", "local", "single", "given",
                          "two", "both", "either", "another", "which", "what", "whose",
                          "biggest", "largest", "smallest", "main", "first", "second", "last",
                          "rival", "opposing", "home", "new", "old", "it", "its", "their"))


def _unknown_group_word(st: PlanState, known: str, values: set[str]) -> list[str]:
    """A word used as a group of the graph's grouping that is none of its values: "the
    marketing team … ties inside marketing" where the teams are sales, ops and tech. Only a
    word said before the grouping's noun AND on its own after "inside", "within" or
    "among", or beside a value of the same grouping ("ties the marketing team has to
    sales"), counts ("the karate club" names the data, not a club)."""
    out = []
    asked = str(st.context.get("asked") or st.question)
    for attr, vals in vocabulary.groupings(st.meaning()).items():
        others = [v.lower() for v in vals if v.lower() not in slots.STOP_WORDS]
        near = any(re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", asked.lower())
                   for v in others)
        for m in re.finditer(rf"\b(?:(the|our|their)\s+)?([a-z][a-z]{{2,}})(?:\s+|-)"
                             rf"{re.escape(attr.lower())}(?:s|es)?\b", asked):
            w, beside = m.group(2), near and bool(m.group(1))
            if w in {"non", "un", "not", "never"}:
                continue  # "non-refrigerated depots": the column's no value
            if w in values or w in slots.STOP_WORDS or w in _NOT_A_VALUE or re.search(
                    rf"(?<![\w-]){re.escape(w)}(?![\w-])", known):
                continue
            if re.search(r"\b(?:in|of|for|from|on|across|within|inside)\s+$", asked[:m.start()],
                         re.IGNORECASE):
                beside = False  # "friendships in the karate club": the data named as a scope
                # "total training hrs for yellow watch", no article: a group the user means,
                # one the grouping does not hold (red, blue, green)
                typed = str(st.context.get("typed") or asked)  # as typed: not "… for karate
                # club?" made of "karate club: …"
                beside = m.group(1) is None and bool(re.search(
                    rf"\S\s+(?:for|on|from)\s+{re.escape(w)}(?:\s+|-){re.escape(attr.lower())}",
                    typed, re.IGNORECASE))
            if beside or _names_the_nodes(st, asked, m) or re.search(rf"\b(?:inside|within|among|amongst)\s+(?:the\s+)?"
                                 rf"{re.escape(w)}\b(?!\s+{re.escape(attr.lower())})", asked):
                out.append(w)
    return out


def _names_the_nodes(st: PlanState, asked: str, m: re.Match[str]) -> bool:
    """Whether "<word> <grouping>" qualifies the nodes asked about, right after "which" or
    "the" and before their noun ("which night-shift mechanic"): a group of them."""
    if m.group(1) is not None or not re.search(r"\b(?:which|what|the|any|each|every|our|all)\s+$",
                                               asked[:m.start()], re.IGNORECASE):
        return False
    noun = re.match(r"(?:s|es)?\s+([a-z]+?)s?\b", asked[m.end():])
    if noun is None:
        return False
    info = st.last_ok("get_graph_info")
    nodes = {n.lower().rstrip("s") for n in vocabulary.data_nouns(info.data if info else {})}
    nodes |= {str(s).lower().rstrip("s") for s in (st.meaning().get("modes") or {}).get("sides") or {}}
    return noun.group(1).lower() in nodes


def _starts_sentence(question: str, word: str) -> bool:
    """Whether ``word`` is written only at a sentence's start ("Use the count column")."""
    at = [m.start() for m in re.finditer(rf"(?<![\w-]){re.escape(word)}(?![\w-])", question)]
    return bool(at) and all(not question[:i].strip() or question[:i].rstrip()[-1] in ".?!:;-—"
                            for i in at)
