"""The offline planner's lexicon: per intent, the trigger phrases and synonyms with their
weights, negative phrases, group, phase, bonus and clarifying question.

:func:`declare` builds a registry :class:`~igraph_agent.model.registry.Intent` from an
intent's base pattern (weight 1.0) and its entry here. Weights: 2.0 for a phrase that
alone names the analysis, 1.0 for a usual synonym, 0.5 for context that needs a second
hint.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from igraph_agent.model import cut_words, slots
from igraph_agent.model.cycle_shape_intents import PLANAR
from igraph_agent.model.planstate import PlanState
from igraph_agent.model.registry import Intent, t
from igraph_agent.model.weights import ask_which, asked_weight, fewest_hops_total

#: a route measured in an edge value, between two named nodes: "lowest total latency from gw
#: to db", "best latency we can get between Hub and Edge" (a route, never one node's total)
_ROUTE_MEASURE = (r"\b(?:lowest|least|smallest|minimum|min|best)\s+(?:total\s+|possible\s+|"
                  r"overall\s+)?[\w-]+\s+(?:(?:we|i|you)\s+(?:can|could)\s+(?:\w+\s+)?get\s+)?"
                  r"(?:from\s+\S+.*\bto|between\s+\S+.*\band)\s+\S")


def _rx(*patterns: str) -> list[re.Pattern[str]]:
    return [re.compile(p, re.IGNORECASE) for p in patterns]


def _ask_pair(st: PlanState) -> str | None:
    if slots.pair(st.question):
        return None
    return ("Between which two nodes? Name both ends, e.g. 'the shortest path from Alice to "
            "Bob' (names are looked up with search_node).")


def _ask_route(st: PlanState) -> str | None:
    """Both ends named, and which edge value measures the route when that is unclear."""
    if (ask := _ask_pair(st)) is not None:
        return ask
    if asked_weight(st.question, st.meaning()).why == "ambiguous":
        return ask_which(st.meaning(), st.question)
    if fewest_hops_total(str(st.context.get("typed") or st.question), st.meaning()) == "":
        # "the route with the fewest segments. How many km is that route?" where no one edge
        # column is the length asked: which to total along the fewest-hop route
        return ("The route with the fewest hops and the shortest route by an edge value can "
                "differ: which edge value shall I total along the route with the fewest hops?")
    return None


_NEIGHBOURISH = re.compile(r"neighbou?rs?\b|contacts?|linked to|tied to|connected to|to whom|"
                           r"ties with|acquaintances|\bwith\s*\??\s*$|"
                           # one node's count ("how many ties does X have"), not the graph's
                           r"\bhow many ties (?:does|do|did)\b", re.IGNORECASE)


#: getting between every pair, in travel words: "can you walk from any hut to any other hut",
#: "could one travel between any two towns" (the graph connected, never one route)
_ANY_TO_ANY = (r"^(?!.*\b(?:if|without|once|after|suppose|supposing|when|were|largest|biggest|"
               r"maximum|most|set|group)\b).*?(?:"  # a removal first, or the largest such set
               r"\b(?:can|could)\s+(?:every|each|any)\s+\w+\s+(?:still\s+)?be\s+reached\s+from\s+"
               r"(?:every|each|any|all)\b|"
               r"\b(?:can|could|is it possible to|are you able to)\s+(?:you\s+|i\s+|we\s+|one\s+|"
               r"people\s+|anyone\s+)?(?:still\s+)?(?:\w+\s+){0,2}?(?:from\s+(?:any|every|each)\s+(?:single\s+)?"
               r"\w+\s+to\s+(?:any|every|each|all)\s+(?:other|the others?)\b|between\s+(?:any|every)\s+"
               r"(?:two|pair of)\s+\w+))")


#: a subset of one node's neighbours by a condition: "which of Ada's colleagues also work
#: with the hub" (no intent filters the neighbours)
_SUBSET_OF_NEIGHBOURS = re.compile(
    r"\b(?:which|who|how many) of (?:[A-Z][\w.-]*(?:\s[A-Z][\w.-]*)?|[a-z]+\d+)'s \w+\b.*"
    r"\b(?:also|too|as well)\b|"
    # "how many of Greta's neighbours row out of another boat house": a condition on each
    # neighbour that the neighbourhood alone does not check (one on their ties, or a ranking
    # of them, is neighbour_filter's or neighbour_rank's)
    r"^\s*(?:which|who|how many)\s+(?:of|among)\s+(?:[A-Z][\w.-]*(?:\s[A-Z][\w.-]*)?|"
    r"[a-z]+\d+)(?:'s|’s|')\s+(?:\w+\s+)?(?:neighbou?rs|contacts|friends|colleagues|partners|"
    r"connections|ties|links|[a-z]{2,}mates|neighbou?ring\s+[a-z]+)\s+(?!(?:are there|in total)\b)"
    r"(?!.*\b(?:each other|one another|together|clustering)\b)[a-z]")


def _ask_node(st: PlanState) -> str | None:
    if _SUBSET_OF_NEIGHBOURS.search(st.question):
        return ("I can list the neighbours of one node, but not only those that meet a further "
                "condition. Which do you want: the neighbours of the node you name, or of the "
                "other one?")
    if slots.node(st.question) or not _NEIGHBOURISH.search(st.question):
        return None
    return "Which node do you mean? Name it, e.g. 'the neighbours of Alice'."


#: a community method the tools do not run: answering with another method's partition would
#: answer a different question ("how many communities does Girvan-Newman find")
_OTHER_METHOD = re.compile(r"\bgirvan|\bnewman[- ]girvan|\bedge[- ]betweenness (?:method|"
                           r"clustering|communit)|\bwalktrap|\bspinglass|\bspectral|"
                           r"\bk[- ]?means|\beigenvector (?:method|communit)|\bleading eigenvector|"
                           r"\bhierarchical clustering|\bstochastic block|\bsbm\b|\bkernighan|"
                           r"\bclique percolation|\basyn_?fluid|\bfluid communit", re.IGNORECASE)


def _ask_method(st: PlanState) -> str | None:
    m = _OTHER_METHOD.search(st.question)
    if not m:
        return None
    return (f"I cannot run '{m.group(0).strip()}' here. I can find the communities with leiden, "
            "louvain, greedy modularity (Clauset-Newman-Moore), label propagation or infomap — "
            "which do you want?")


#: cycles in the data's words ("money going round in circles", "parcels coming back to where
#: they started"); the directed intents read which of count and members is asked
_ROUND_WORDS = (r"\bround in (?:a\s+)?circles?\b|\bfull circle\b|\bback to (?:where (?:it|they|the \w+) "
                r"(?:started|began|came from)|(?:its|their) (?:start|origin|sender|source))\b")


def _ask_one_column(st: PlanState) -> str | None:
    """"How many researchers are there?" on a ``researcher,grant`` table whose columns do
    not split the nodes into two kinds (a name appears in both): the node total would count
    the grants too, so ask."""
    from igraph_agent.model.vocabulary import _RELATED, _SINGULAR, data_nouns

    info = st.last_ok("get_graph_info")
    data = info.data if info else {}
    nouns = data_nouns(data)
    if data.get("directed") or (data.get("meaning") or {}).get("modes") or len(nouns) != 2 or \
            nouns[0].rstrip("s")[:4] == nouns[1].rstrip("s")[:4] or \
            any(re.fullmatch(_RELATED, n + "s") for n in nouns):  # person,colleague: one kind
        return None
    m = re.search(r"\bhow many (?:different |distinct |unique |separate )?([a-z]+)((?:\s+(?:species|"
                  r"kinds|types|sorts))?)(?=\s+(?:are|were|"
                  r"is|exist|in|do|does|did|have|has|there)\b|\s*[?.!]*\s*$)",
                  str(st.context.get("asked") or st.question), re.IGNORECASE)
    word = m.group(1).lower() if m else ""
    if _SINGULAR.get(word, word[:-1] if word.endswith("s") else word) not in nouns:
        return None
    counted = word + (m.group(2).lower() if m else "")
    return (f"The table's columns {nouns[0]} and {nouns[1]} do not split the nodes into two "
            f"kinds (some names appear in both, or some node is in no edge), so I cannot tell "
            f"how many {counted} there are. I can "
            f"give the total number of nodes ({data.get('nodes')}) or check whether the graph "
            "is two-mode — which do you mean?")


_TIE_WORDS = re.compile(r"\b(?:degree|connections?|connected|links?|ties|tied|neighbou?rs?|"
                        r"edges?|friends?|contacts?|partners?|relationships?|followers?|"
                        r"citations?|cited|calls?|neighbou?rhood)\b", re.IGNORECASE)


#: a number past which the nodes themselves "are", with no measure named: "how many of the
#: staff are over 40", "which members are under 18" (an age, not a count of ties)
_A_STATE_PAST = re.compile(r"\b(?:are|is|were|was|aged)\s+(over|above|under|below|past)\s+"
                           r"\d+(?:\.\d+)?\s*(?:[?.!]|$|years?\b|y/?o\b)", re.IGNORECASE)


#: a threshold and a second condition on the node's edges ("granted land by more than one
#: family and granted nothing", "backed at least twice but backed nobody themselves"): one
#: count answers only half
_SECOND_CONDITION = re.compile(
    r"(?:\b(?:more|fewer|less) than|\bat (?:least|most)\b|\bexactly\b|\bover\b|\bunder\b)"
    r".*\b(?:and|but)\s+(?:\w+\s+){0,2}?(?:nothing|nobody|no one|none|never)\b", re.IGNORECASE)


def _beyond_any_degree(st: PlanState) -> str | None:
    """"How many cases are over 60?" on 20 nodes: no node has more than 19 ties, so a number
    past that names no tie count (an age, a size): ask instead of counting degrees."""
    from igraph_agent.model import slots

    if _SECOND_CONDITION.search(st.question):
        return ("This asks for two conditions at once, and I can count the nodes past one "
                "threshold at a time. Which do you want: the threshold you give, or the nodes "
                "with none of those edges (degree 0 on that side)?")
    found = slots.threshold(st.question)
    info = st.last_ok("get_graph_info")
    nodes = (info.data if info else {}).get("nodes")
    if found is None or not isinstance(nodes, int) or _TIE_WORDS.search(st.question):
        return None
    value = found[1]
    past = _A_STATE_PAST.search(st.question)
    if past and value < nodes:  # "how many of the staff are over 40": an age
        value = int(value) if float(value).is_integer() else value
        said = f"\"{past.group(1).capitalize()} {value}\" names no measure here"
        columns = [str(c) for c in (info.data if info else {}).get("node_attributes") or []]
        if columns:
            return (f"{said}: do you mean a node column ({', '.join(columns[:6])}) or the "
                    f"number of ties (degree)? Which should I compare with {value}?")
        return (f"{said}: the nodes' ties are counted by degree, and no column of this graph "
                f"says what else {value} would count. Which node column or edge value should I "
                f"compare with it (or do you mean the number of ties)?")
    if value < nodes:
        return None
    value = int(value) if float(value).is_integer() else value
    return (f"No node of this graph can have {value} ties (it has {nodes} nodes), so I cannot "
            f"tell what {value} counts. Which node column or edge value should I compare with "
            f"it?")


def counted_column(st: PlanState) -> str | None:
    """The numeric column a "how many <word>" counts when <word> is that column's word and
    no word for a node ("how many books do the Tull libraries hold" on ``books_k``): an
    amount to add up, not a number of nodes."""
    from igraph_agent.model.vocabulary import data_nouns, singular

    info = st.last_ok("get_graph_info")
    data = info.data if info else {}
    m = re.search(r"\bhow many (?:different |distinct |unique |more |other )?([a-z]+)",
                  str(st.context.get("asked") or st.question), re.IGNORECASE)
    if m is None:
        return None
    word = m.group(1).lower()
    base = {word, singular(word), word[:-1] if word.endswith("s") else word}
    if base & {*data_nouns(data), "node", "vertice", "vertex", "edge", "link", "tie", "people",
               "person"}:
        return None
    kinds = (data.get("meaning") or {}).get("node_attributes") or {}
    numeric = [a for a, k in kinds.items() if isinstance(k, dict) and k.get("kind") == "numeric"]
    numeric += list((data.get("meaning") or {}).get("weights") or {})
    for column in numeric:
        parts = {p.lower() for p in re.split(r"[_\s-]+", str(column)) if len(p) >= 3}
        if parts & base or any(p.rstrip("s") == b.rstrip("s") for p in parts for b in base):
            return str(column)
    return None


def _ask_counted_column(st: PlanState) -> str | None:
    """A node count that would answer "how many books …" with a number of nodes: ask."""
    column = counted_column(st)
    if column is None:
        return None
    return (f"Do you mean the total of {column} over those nodes? A number of nodes would not "
            f"say that. I can count the nodes with an attribute value you name, or rank the "
            f"nodes by {column} — which do you mean?")


_ONE_PAIR = re.compile(r"\b(?:do|does|did)\s+\S+\s+and\s+\S+\s+(?:\w+\s+)?(?:have|share)\b",
                       re.IGNORECASE)


def _ask_one_pair(st: PlanState) -> str | None:
    """"Do zane and amir have in common" names one pair: the top pairs would answer another
    question, so both must be read as names."""
    if slots.pair(st.question):
        return None
    if slots.asked_kind(st.question) == "yesno":  # only one named pair is answered yes or no
        return ("Which two nodes do you mean? Name both, e.g. 'do Alice and Bob have a "
                "neighbour in common'.")
    if not _ONE_PAIR.search(st.question):
        return None
    return ("Which two nodes do you mean? Name both, e.g. 'how many neighbours do Alice and Bob "
            "have in common'.")


def _ask_names(st: PlanState) -> str | None:
    from igraph_agent.model.graph_intents import _compare_names

    if _compare_names(st.question):
        return None
    return "Which nodes should I compare? Name two or more, e.g. 'compare Alice and Bob'."


def _ask_term(st: PlanState) -> str | None:
    from igraph_agent.model.graph_intents import _term

    return None if _term(st.question) else "Which name should I look for?"


def _overview_bonus(st: PlanState) -> float:
    """None where a "how many" counts something that is neither the data's nodes nor its
    edges ("how many papers" on a table of grants)."""
    from igraph_agent.model.size_nouns import counts_the_data

    info = st.last_ok("get_graph_info")
    return 0.0 if counts_the_data(str(st.context.get("asked") or st.question),
                                  info.data if info else {}) else -10.0


def _figure_bonus(st: PlanState) -> float:
    """None where the figure's word is a column's ("the largest diameter" on a table with
    ``diameter_mm``): the pipes' own width, never the graph's diameter."""
    info = st.last_ok("get_graph_info")
    cols = [str(c).lower() for c in [*((info.data if info else {}).get("edge_attributes") or []),
                                     *((info.data if info else {}).get("node_attributes") or [])]]
    said = {w.lower() for w in re.findall(r"\b(diameter|radius|eccentricity)\b", st.question,
                                          re.IGNORECASE)}
    whole = re.search(r"\b(?:diameter|radius)\s+of\s+(?:the\s+|this\s+|our\s+)?(?:whole\s+)?(?:\w+\s+)?"
                      r"(?:graph|network|system|grid|web|map)\b|\b(?:graph|network)(?:'s)?\s+"
                      r"(?:diameter|radius)\b", st.question, re.IGNORECASE)
    return -10.0 if not whole and any(w in c for w in said for c in cols) else 0.0


def _attr_bonus(st: PlanState) -> float:
    from igraph_agent.model.structure_intents import count_where_bonus

    return count_where_bonus(st)


#: a yes/no about the graph's kind, answered from get_graph_info (the overview)
KIND_QUESTION = re.compile(
    r"\b(?:is|are)\s+(?:(?:the|this|that|my|our|it|these|its)\s+)?(?:(?:graph|network|data|"
    r"dataset|edges?|links?|ties|connections|relationships)\s+)?(?:a\s+)?"
    r"(?:directed|undirected|weighted|unweighted|directional)\b", re.IGNORECASE)


#: a set whose members are all tied to one another: "club members who all know each other",
#: "singers where each one is linked to all the others" (a clique, not one node's neighbours)
_ALL_TIED = (r"\bevery (?:\w+ )?(?:is )?(?:linked|connected|tied|friends) (?:to|with) every "
             r"(?:other|one)|\ball (?:\w+ )?(?:know|linked to|connected to|friends with|tied to) "
             r"(?:each other|one another)|\bevery(?:one|body)\b.{0,40}\b(?:with|to|knows?|[a-z]+ed) every(?:one|body)(?: else)?\b|"
             r"\b(?:each|every) (?:one|member|\w+) (?:of them )?(?:is |are )?(?:linked|connected|tied|"
             r"friends) (?:to|with) (?:all|every) (?:of )?(?:the )?others?\b|"
             r"\b(?:each|every) (?:one|member|\w+) (?:of them )?knows (?:all|every) (?:of )?(?:the )?"
             r"others?\b|"
             # "the biggest set of teams where every one of them has played every other one"
             r"\b(?:each|every) (?:one|member|\w+) (?:of them )?(?:has|have) [a-z]+ (?:with |against )?"
             r"(?:all|every) (?:of )?(?:the )?other(?:s| one)?\b|"
             # "the largest group of characters who all appear with each other"
             r"\b(?:largest|biggest|greatest)\s+(?:group|set|circle|bunch)\s+of\s+\w+\s+(?:who|that|"
             r"which)\s+(?:all\s+)?(?:\w+\s+){1,3}(?:with|to|in)\s+(?:each other|one another|every "
             r"other)\b")


#: nodes left apart from the rest: "cut off", "stranded", "lose their link to the rest"
_CUT_OFF = rf"\b{cut_words.LEFT_APART}\b"


#: a split into two sides with every edge across them: the bipartite question in words
_SPLIT_TWO = (r"\b(?:split|divided|separated|sorted|put|divide|separate|sort|partition(?:ed)?)\s+"
              r"(?:\w+\s+){0,3}?into\s+two\s+\w+\b")
_TWO_SIDED_SPLIT = (
    _SPLIT_TWO + r"[^?]*?\b(?:every|each|all|no|with)\b[^?]*?\b(?:one|either)\s+\w+\b[^?]*?"
    r"\bthe\s+other\b",
    _SPLIT_TWO + r"[^?]*?\b(?:every|each|all)\b[^?]*?\b(?:across|crosses|crossing)\b",
    _SPLIT_TWO + r"[^?]*?\b(?:every|each|all|no)\b[^?]*?\b(?:between\s+(?:the|those|them)\b|"
    r"never\s+(?:inside|within)\b)")

LEXICON: dict[str, dict[str, Any]] = {
    "bridges": dict(
        triggers=t(1.0, r"\bconnect\w* (?:different |several |multiple )?(?:factions|groups|clusters)",
                   r"spans? (?:more than one|several|multiple) (?:clusters?|groups?|communities)",
                   r"brokers? between (?:groups|clusters|factions)", r"bridging them") +
        t(1.5, r"\bconnect\w*\s+(?:\w+\s+){0,3}(?:communit|groups|clusters|factions)",  # not
          # "disconnected groups": the pieces
          r"between (?:the |different |several )?(?:communities|groups|clusters)",
          # "which proteins bridge the communities", "who spans the modules"
          r"\b(?:bridg(?:e|es|ing)|span(?:s|ning)?|link(?:s|ing)?|join(?:s|ing)?)\s+(?:the\s+|different\s+|"
          r"two\s+or\s+more\s+)?(?:communities|clusters|modules|factions)\b"),
        # "how many strongly connected groups": the components, no node between groups
        negatives=_rx(r"two groups", r"\b(?:strongly|weakly)\s+connected\b"), group="communities",
        hint="the nodes bridging communities"),
    "communities": dict(
        triggers=t(1.0, r"\bgroups\b|factions|subgroups|\bclans?\b|\bblocs?\b",
                   # "modules" as a partition, not as the data's own noun ("which modules
                   # import core", "how many modules are there")
                   r"\b(?:into|what|detect|find|identify)\s+(?:\w+\s+)?modules\b(?!\s+(?:are|is|"
                   r"import|call|use|depend|does \w+ (?:import|call|use|depend)))",
                   r"modular", r"cluster together", r"cohesive",
                   # "split the nurses into natural crews based on who works together"
                   r"\bnatural (?:\w+ )?(?:groups|crews|teams|clusters|circles|camps|squads)\b",
                   r"\bsplit\b.*\binto (?:\w+ )?(?:crews|teams|circles|camps|squads)\b",
                   r"community structure", r"\bgroup(?:ing)? the\b", r"\bbest grouping"),
        # "separate groups" are pieces with no edge between them: components, not clusters
        negatives=_rx(r"two groups with edges only between", r"disconnected groups",
                      r"\bstrongly connected\b",
                      r"\bseparate (?:\w+ )?(?:groups|clusters)\b",
                      # "would split the families into two groups": pieces, counted by a cut
                      r"\b(?:split|splits|break|breaks|fall|falls)\s+(?:\w+\s+){0,3}?(?:apart\s+)?"
                      r"into\s+(?:two|2|several|more|separate)\s+(?:groups|parts|pieces)\b",
                      # "split the stations into two teams so that every road joins one team to
                      # the other": two-colouring, no clusters
                      *_TWO_SIDED_SPLIT),
        group="communities", hint="the communities (clusters) of the graph",
        clarify=_ask_method),
    "node_community": dict(
        triggers=[*t(1.5, r"\bsame (?:community|cluster) as\b",
                      r"\b(?:in|into|fall in|belong to) the same (?:community|cluster)\b",
                      # "does modularity clustering put A and B in the same group / together"
                      r"\b(?:modularity|communit\w*|clustering)\b.*\b(?:same (?:group|cluster|"
                      r"community|partition|module)|together)\b"),
                  # "detect communities - does the heron land in the same one as the trout",
                  # "cluster into communities, is the hawkmoth grouped with the honeybee"
                  # (above the communities' count, a method's name too: "greedy modularity")
                  # "cluster the huts into communities: do Skelda and Varrow end up in a group
                  # of their own, just the two of them"
                  *t(2.5, r"\b(?:communit\w*|cluster\w*|modularity)\b.*\b(?:group|community|cluster|"
                          r"module)\s+(?:of\s+their\s+own|by\s+themselves|on\s+their\s+own|to\s+"
                          r"themselves)|\b(?:community|cluster|module)\s+(?:of\s+their\s+own|by\s+"
                          r"themselves|on\s+their\s+own)"),
                  *t(2.5, r"\b(?:modularity|communit\w*|cluster\w*)\b.*\b(?:(?:in|into) the same "
                          r"one|grouped (?:together )?with|put (?:together )?with|lumped (?:in )?"
                          r"with)\b"),
                  # "which community is Colby in", "what community does Nia belong to"
                  # "which trading community does Uruguay end up in? list the others in it"
                  # "members of Rafe's community", "who else is in Sol's cluster"
                  *t(2.5, r"(?-i:[A-Z][\w.'-]*|[a-z]+\d+)'s (?:own )?(?:community|cluster)\b"),
                  *t(2.5, r"^\s*(?:so\s+|and\s+)?(?:which|what) (?:\w+ )?(?:community|cluster) "
                          r"(?:is|does) (?-i:[A-Z][\w.'-]*|[a-z]+\d+|(?:member|node|user|person|vertex) \d+|\d+)"
                          r"(?: [A-Z][\w.'-]*)? "
                          r"(?:in|belong to|fall in(?:to)?|end up in|land in|sit in|get put in|"
                          r"go in(?:to)?)\s*[?.!,;+]*\s*(?:(?:list|name|show|and|who|which|what)\b"
                          r"[^?]*[?.!]*\s*)?$"),
                  # "which huts share a community with hut12", "how big is the cluster CASP3
                  # ends up in", "the module TP53 lands in"
                  *t(2.5, r"\bshares?\s+(?:a|the\s+same)\s+(?:community|cluster|module)\s+with\s+"
                          r"(?-i:[A-Z][\w.'-]*|[a-z]+\d+)",
                          r"\b(?:community|cluster|module)\s+(?:that\s+)?(?-i:[A-Z][\w.'-]*|[a-z]+\d+)\s+"
                          r"(?:ends?\s+up|lands?|falls?|sits?|belongs?|gets?\s+put|is\s+put)\s+in\b")],
        group="communities", hint="the community of a named node", clarify=_ask_method),
    "path": dict(
        triggers=t(1.0, r"how many (?:steps|hops|links must)", r"\bseparate", r"\bapart\b",
                   r"\bdistance\b", r"through whom", r"intermediar", r"\bchain\b",
                   r"cheapest|minimum[- ]cost|lowest total", r"\bget from\b",
                   r"\b(?:fastest|quickest)\b(?:.*\bfrom\b.*\bto\b)|how long (?:does it|would it|will it)? ?take",
                   # "transfer from Carlton to Pelham - what's the quickest it can be done"
                   r"\bfrom\b.*\bto\b.*\b(?:fastest|quickest)\s+(?:it|this|that|we|you|one)\s+(?:can|could)\b",
                   r"\bsteps? (?:to|from)\b", r"how far",
                   # "travel time from Ferry to Summit in minutes?"
                   r"\b(?:travel|journey|trip|drive|driving|walking|flight|transit|ride|sailing)\s+"
                   r"times?\s+(?:from\s+\S+.*\bto|between\s+\S+.*\band)\s+\S",
                   # "the shortest total road length from A to B": a length between two ends
                   r"\blength\b.*\b(?:from\s+\S+.*\bto|between\s+\S+.*\band)\s+\S",
                   # "how many miles is it from Avon to Dent", "how many road km between A and B"
                   r"\bhow (?:many|much)\s+(?:[a-z]+\s+)?(?:km|kms|kilomet\w*|miles?|mi|metres?|"
                   r"meters?|minutes?|mins?|hours?|hrs?|seconds?|secs?|ms|time)\s+(?:is it\s+|"
                   r"are there\s+|does it take\s+|would it take\s+)?(?:to (?:get|go|travel|drive|"
                   r"walk)\s+)?(?:from\s+\S+.*\bto|between\s+\S+.*\band)\s+\S",
                   r"^\s*(?:can|could|does|do|will)\s+\S+\s+(?:ever\s+|still\s+)?(?:reach|get to|"
                   r"end up (?:at|in|calling|reaching|with))\s+\S",
                   # "can water from glacier_3 reach Port Ardel": what flows from one to the other
                   r"^\s*(?:can|could|does|do|will|would)\s+(?:\w+\s+){0,3}from\s+.+?\s+(?:ever\s+)?"
                   r"(?:reach|get (?:down |over )?to|make it to|end up (?:at|in|with)|flow (?:down )?"
                   r"to)\s+\S",
                   r"\b(?:quickest|fastest|shortest|cheapest|best)\s+(?:way|route|path|connection|"
                   r"trip|journey|itinerary)\s+(?:from|between)\b",
                   # the graph's own noun: "the shortest hike from Alder to Kauri"
                   r"\b(?:quickest|fastest|shortest|cheapest|easiest)\s+(?:\w+\s+)?\w+\s+"
                   # "the shortest walk in hours from A to B": its unit before the ends
                   r"(?:(?:in|by)\s+\w+\s+)?from\s+\S+.*\bto\s+\S",
                   # "the shortest way to run power from A to B", "the cheapest way to get
                   # freight from A to B": a purpose between the way and its ends
                   r"\b(?:quickest|fastest|shortest|cheapest|easiest|best)\s+(?:way|route|path)\s+"
                   r"to\s+(?:[a-z]+\s+){1,3}?from\s+\S+.*\bto\s+\S",
                   r"\bis there (?:a|any) (?:path|route|way) (?:from|between)\b",
                   _ROUTE_MEASURE,
                   # "how many metres does water travel from the Tower to the depot, going the
                   # shortest way"
                   r"\bfrom\s+\S+.*\bto\s+\S.*\b(?:shortest|quickest|fastest|cheapest)\s+(?:way|"
                   r"route|path)\b",
                   r"^\s*(?:can|could)\s+(?:i|you|we|one)\s+(?:\w+\s+)?(?:from\s+\S+\s+to|"
                   r"between)\s+\S", r"^\s*(?:is|are)\s+\S+\s+reachable\s+from\s+\S",
                   r"\bfewest (?:hops|stops|roads|edges|links|transfers|legs)\b.*\b(?:from|between)\b",
                   r"\bfrom\s+\S+\s+to\s+\S+.*\bfewest (?:hops|stops|roads|edges|links|transfers|legs)\b",
                   # "the fewest number of pipes you'd pass through going from A to B",
                   # "the smallest number of crossings from A to B": the data's word for a tie
                   r"\b(?:fewest|smallest|least|minimum|lowest)\s+(?:number|count)\s+of\s+[a-z]+s\b.*"
                   r"\b(?:from\s+\S+.*\bto|between\s+\S+.*\band)\s+\S",
                   r"\b(?:from\s+\S+.*\bto|between\s+\S+.*\band)\s+\S.*\b(?:fewest|smallest|least|"
                   r"minimum|lowest)\s+(?:number|count)\s+of\s+[a-z]+s\b",
                   r"^\s*(?:is|are|was|were)\s+\S+(?:\s+\S+)?\s+(?:directly\s+)?(?:connected|linked|"
                   r"tied|adjacent|joined|hooked up)\s+(?:to|with)\s+\S",
                   # "are Nano and Marine connected?", "are A and B directly linked"
                   r"^\s*(?:is|are|were)\s+\S+(?:\s+\S+)?\s+and\s+\S+(?:\s+\S+)?\s+(?:directly\s+)?"
                   r"(?:connected|linked|tied|adjacent|joined|reachable)(?:\s+(?:at all|in any way|"
                   r"somehow|directly))?\s*[?.!]*\s*$",
                   # "is there a direct flight from HEL to LIS": one edge, Yes or No
                   r"^\s*(?:is|are)\s+there\s+(?:a|any)\s+direct\s+(?:\w+\s+)?(?:from|between)\s+\S"),
        negatives=_rx(slots.AVERAGE_SEPARATION, slots.DIAMETER_WORDS, r"most distant|longest shortest|farthest|average (?:shortest )?path|"
                      r"mean distance|characteristic path|worst-case distance|greatest distance|"
                      r"independent|disjoint|robust|shortest paths\b|fewest steps|"
                      r"steps lie between", r"\bhow many separate\b|\b(?:supply|value|food) chain\b",
                      slots.PAIR_CUT.pattern,
                      r"(?:connected|linked|reachable) (?:to|with|from) "
                      r"(?:every(?:one|body|thing)?|all|each)\b",
                      # "a chain of messages that comes back round to whoever started it": a cycle
                      r"\bcomes?\s+back\s+(?:a)?round\b|\bback\s+round\s+to\b",
                      r"\b(?:every|each|any)\s+\w+\s+(?:still\s+)?(?:reach|get to)\s+(?:every|each|"
                      r"all|any)\s+(?:other|the others?|\w+s\b)", _ANY_TO_ANY,
                      # "the longest route from city0 to city5": no shortest path answers it
                      r"\blongest\s+(?:simple\s+|possible\s+)?(?:path|route|way|trip|journey|drive|"
                      r"walk|ride)\s+(?:from|between)\b"),
        clarify=_ask_route, hint="the shortest path between two named nodes"),
    "connectivity": dict(
        triggers=t(1.0, r"\bis (?:the|this) (?:[\w-]+ ){0,3}(?:graph|network|club|web|map) "
                   r"(?:fully |all )?connected\b(?! to\b)", r"fall apart|\bsplit the \w+",
                   # "is it connected?", "is this all one piece?": the loaded graph
                   r"^\s*(?:so\s+)?is (?:it|this|that) (?:fully |all |even |still )?connected\s*[?.!]*\s*$|"
                   r"\ball one (?:piece|network|graph|component|connected \w+)\b",
                   r"\bsplit (?:the|if)|split the network|break (?:the graph )?apart|"
                   r"fragment|single points? of failure|linchpins?|cut vertices|cut nodes|removing whom|"
                   r"whose (?:loss|deletion|removal)|if (?:cut|removed)|critical for keeping|"
                   r"removal disconnects",
                   # not "the white pieces" (chess) or "pieces of music"
                   r"(?<!white )(?<!black )(?<!chess )(?<!music )\bpieces\b(?!\s+of\s+(?:music|work|art|kit))|"
                   r"islands|disconnected (?:groups|parts)|"
                   r"in one piece|cut off|weakly|reachable when|two-way|giant component",
                   r"(?:biggest|largest) (?:connected )?(?:piece|island|component|block)",
                   # "is everyone on the list linked to everyone else through some chain",
                   # "has every team been linked to every other team"
                   r"\b(?:every|each|all)(?:one|body)?\b.{0,40}?\b(?:connected|linked|reachable|"
                   r"joined)\s+(?:up\s+)?(?:to|with|from)\s+(?:every|each|all)(?:one|body)?\b",
                   r"\b(?:biggest|largest) connected (?:bunch|lot|crowd|collection|piece)\b",
                   # "is the whole crew linked up through notes?", "are all the depots joined up"
                   r"(?:^|[,:;]\s*)(?:so\s+)?(?:is|are)\s+(?:the\s+)?(?:whole|entire|all(?:\s+(?:the|our))?|every)\s+"
                   r"(?:[\w-]+\s+){0,2}?(?:linked|joined|hooked|tied|connected)\s+(?:up|together)\b",
                   # "how many separate circles of players are there, where nobody in one
                   # circle has ever played anyone from another"
                   r"\bhow many (?:separate|disconnected|isolated|distinct|unconnected) (?:circles|"
                   r"groups|clusters|islands|camps|blocs|networks|sub-?networks)\b.*\b(?:nobody|"
                   r"no one|none|never|not|no\s+(?:path|route|way|link|edge|road|connection)s?)\b",
                   # "can you get from every stop to every other stop by bus?"
                   r"\bget from (?:every|each|any) \w+ to (?:every|each|any|all) (?:other|the others?)\b",
                   r"(?:biggest|largest|smallest|main) connected (?:group|cluster|part|set|chunk|"
                   r"block|mass|body|bit|network|sub-?network|subgraph|region)",
                   # "how many stations in the largest network": the largest piece of the data
                   r"\bin the (?:biggest|largest) (?:sub-?network|network|subgraph|chunk|bit)\b",
                   r"\b(?:is|are)\s+(?:every|each|all(?: the)?)\s+(?:\w+\s+)?(?:connected|linked|"
                   r"reachable)\s+(?:to|with|from)\s+(?:every|each|all)\b|"
                   r"\beveryone (?:connected|reachable|linked)\b|\bcan everyone reach\b",
                   # "can every depot reach every other depot (through the network)"
                   r"\b(?:can|could|does|do)\s+(?:every|each|any)\s+\w+\s+(?:still\s+)?(?:reach|get to)"
                   r"\s+(?:every|each|all|any)\s+(?:other|the others?|\w+s\b)",

                   # "are all labs connected?", "is every station linked together"
                   # ("ignoring who follows who, is every member connected? y/n")
                   r"^\s*(?:ignoring\s+[^,?]{3,60},\s*)?(?:are|is)\s+(?:all|every|each)(?:\s+of)?(?:\s+the)?\s+\w+\s+"
                   r"(?:connected|linked|reachable)(?:\s+(?:together|at all))?(?:\s*,?\s*ignoring\s+"
                   r"(?:the\s+)?direction)?\s*[?.!]*\s*(?:y/n|yes\s+or\s+no)?\s*[?.!]*\s*$",
                   r"independent (?:routes|paths)|disjoint paths|node connectivity|robustly",
                   r"\bhow many separate (?:\w+ )?(?:systems|networks|parts|pieces|groups|clusters|"
                   r"areas|regions|sections|webs|graphs|islands|chunks|families|clans|lineages|"
                   r"trees|circles|camps)\b",
                   # "is every species tied into one web", "are all the families linked through
                   # marriages, directly or indirectly", "can every player get the ball to
                   # every other player through some chain of passes"
                   r"\b(?:tied|linked|joined|knit|bound) (?:up )?in(?:to)? (?:one|a single) "
                   r"(?:\w+ )?(?:web|network|graph|piece|whole|system)\b",
                   r"^\s*(?:are|is)\s+(?:all|every|each)\b(?:\s+[\w-]+){0,4}?\s+(?:connected|linked|"
                   r"joined|tied)\b[^?]*\b(?:directly or indirectly|indirectly|through (?:some|a) "
                   r"chain)",
                   r"\b(?:can|could)\s+(?:every|each|any)\s+\w+\s+(?:get|pass|send|move)\s+"
                   r"(?:the\s+|a\s+|an\s+)?\w+\s+to\s+(?:every|each|all|any)\s+(?:other|\w+s\b)",
                   r"\b(?:one|a single) connected (?:network|graph|whole|system|grid|piece)\b") +
        # "how many cables would have to be cut to separate A from B": the pair's cut
        t(2.0, slots.PAIR_CUT.pattern) +
        # "the fewest roads to close to break the network apart": the whole graph's cut
        t(4.0, slots.WHOLE_CUT.pattern) +
        # "can you walk from any hut to any other hut", "can every depot be reached from every
        # other depot": whether every pair is joined, never one node's reach
        t(4.0, _ANY_TO_ANY) +
        # "still connected if any one station fails", "which quay, if it shut, would split it"
        t(4.0, cut_words.ANY_ONE_FAILS.pattern, cut_words.ONE_LOST_SPLITS.pattern,
          cut_words.SOME_ONE_SPLITS.pattern),
        # "in the same component as e19": that component's members, which it does not list
        negatives=_rx(r"into (?:natural )?(?:communities|clusters|groups|factions|crews|teams|"
                      r"circles|camps|squads)", r"\bstrongly\b",
                      # which single removal cuts off the most: no list of cut points says
                      r"\b(?:disconnect|cut off|isolate|split off|strand)\w* the most\b",
                      r"\bsame (?:component|group|piece|part|island|cluster) as\b",
                      # one node tied to all others is a degree question, not connectivity
                      r"\b(?:a|any|one|some|single)\s+\w+\s+(?:that is |who is |which is )?"
                      r"(?:connected|linked|tied) (?:directly )?to (?:all|every)",
                      # "sets of three sites all directly connected to each other": triangles
                      r"\b(?:trios?|triples?|(?:groups?|sets?) of (?:three|3|four|4))\b.*\bdirectly\s+"
                      r"(?:connected|linked|tied|joined|piped)\b",
                      *_TWO_SIDED_SPLIT),  # every road from one team to the other: two-colouring
        group="components", hint="components, cut nodes and bridge edges"),
    "local": dict(
        triggers=t(1.0, r"clustering|clustered|cliquish|tightly knit (?!subgroups)|"
                   r"know each other|also friends", r"k-shell|core (?:number|index)|"
                   r"deep in the core", r"neighbou?rs\b|acquaintances|direct contacts|"
                   r"linked to|tied to|connected to\??$|\bties with|sole contact|to whom",
                   r"only neighbou?r",
                   r"degree of \w|links does",
                   r"\badjacent to\b",
                   r"\b(?:directly|immediately)\s+(?:connected|linked|adjacent|tied|joined|\w+ed)\s+"
                   r"(?:to|with)\s+\S",
                   # "who has okafor written papers with?": one node's partners
                   r"^\s*(?:who|whom)\s+(?:has|have|did|does|do)\s+(?-i:[A-Z][\w.'-]*|[a-z][\w.'-]*\d*)"
                   r"\s+(?:\w+\s+){1,3}with\s*\??\s*$",
                   # "who are the Medici directly married to?", "list everyone Ada has
                   # climbed with": one node's partners in the data's verb
                   r"^\s*(?:who|whom)\s+(?:is|are|was|were)\s+(?:the\s+)?(?-i:[A-Z][\w.'-]*|[a-z]+\d+)"
                   r"\s+(?:directly\s+)?[a-z]+(?:ed|en)\s+(?:to|with|into)\s*[?.!]*\s*$",
                   r"^\s*(?:list|name|show)\s+(?:everyone|everybody|all\s+(?:the\s+)?\w+)\s+"
                   r"(?:that\s+|whom?\s+)?(?-i:[A-Z][\w.'-]*|[a-z]+\d+)\s+(?:has|have|had)\s+"
                   r"(?:\w+\s+)?[a-z]+ed\s+with\s*[?.!]*\s*$",
                   r"\bdirect (?:\w+ )?(?:roads?|links?|connections?|flights?|routes?|edges?|"
                   r"lines?|ties?|trails?) (?:to|with|from)\s+\S",
                   # "which ports have a direct ferry to Kinsale": a tie in the data's noun
                   r"^\s*(?:which|what|who)\b.*\b(?:has|have|had)\s+(?:a\s+)?direct\s+(?:\w+\s+)?\w+\s+"
                   r"(?:to|with|from)\s+(?-i:[A-Z][\w.'-]*|[a-z]+\d+|\d+)\s*[?.!]*\s*$",
                   # "what locks are next to Fold": the node's neighbours
                   r"^\s*(?:which|what|who)\b.*\b(?:next to|neighbou?ring|bordering|beside)\s+"
                   r"(?-i:[A-Z][\w.'-]*|[a-z]+\d+|\d+)\s*[?.!]*\s*$",
                   r"(?:ties|connections|contacts|links|edges|friends|partners) (?:does|do|did) "
                   r"(?:(?:member|node|vertex|user|person) )?(?-i:[A-Z]\w*|[a-z]+\d+|\d+)",
                   r"'s degree\b|\bdegree (?:of|for) ",
                   r"'s (?:friends|partners|colleagues|allies|associates|co-?authors)\b",
                   r"\b(?:friends|partners|colleagues|allies) of (?-i:[A-Z]\w*|[a-z]+\d+|\d+)",
                   r"^\s*(?:which|who|what)\b.*\b(?:connected|linked|tied|adjacent|joined)\s+"
                   r"(?:directly\s+)?(?:to|with)\s+(?-i:[A-Z]\w*|[a-z]+\d+|\d+)\s*\??\s*$"),
        negatives=_rx(r"largest non-empty|deepest core|degeneracy|k-core exists|global clustering|"
                      r"transitivity|\bbipartite\b|\btwo[- ]sided\b", _ALL_TIED,
                      # two nodes' shared partners: "the common neighbours of Leeds and Lancaster"
                      r"\bcommon (?:neighbou?rs?|friends|contacts|partners)\b|\bmutual (?:neighbou?rs|"
                      r"friends|contacts)\b|(?<![\w-])neighbou?rs of both\b",
                      r"^\s*(?:is|are)\s+there\s+(?:a|any)\s+direct\s+(?:\w+\s+)?(?:from|between)\b",
                      r"neighbours per member",
                      # two nodes' shared neighbours are common_neighbours', never one node's
                      r"\bboth\s+\S.*\band\s+\S",
                      # "who shares the most neighbours with X": the others ranked by what
                      # they share with X, not X's own neighbourhood
                      r"\bshares? the most (?:neighbou?rs|friends|contacts|ties)\b.*\bwith\b",
                      # "how many more colleagues does Hugo have than Ada": two nodes compared
                      r"\b(?:more|fewer|less)\b.*\bthan\s+(?-i:[A-Z]\w*|[a-z]+\d+|\d+)\b",
                      # a node ranked by its clustering: no global figure answers which one
                      r"\b(?:which|who)\b.*\b(?:highest|lowest|most|least|largest|smallest|best|"
                      r"top)\b.*\bclustering|\bclustering\b.*\b(?:highest|lowest)\b(?!\s+(?:"
                      r"betwe+n+e*ss|closeness|eigenvector|page\s?rank|degree)\b)"),
        clarify=_ask_node, group="neighbourhood", hint="a node's neighbourhood and clustering"),
    "subgraph": dict(triggers=t(1.0, r"\bsave\b|as a new version|create a revision|\bcommit\b"),
                     negatives=_rx(r"deduplicat|merge duplicate|optimi[sz]e|clean up|\bisolated"),
                     group="neighbourhood", hint="a subgraph around a node"),
    "compare": dict(negatives=_rx(r"\bmodels?\b"), clarify=_ask_names,
                    hint="a side-by-side comparison of named nodes"),
    "statistics": dict(bonus=_figure_bonus, group="stats", hint="the summary statistics"),
    "search": dict(clarify=_ask_term, hint="a node search by name"),
    "edge_search": dict(clarify=_ask_pair),
    "clear": dict(triggers=t(1.0, r"\bunload", r"\bwipe\b(?!\s+(?:out\s+)?(?:the\s+)?(?:\w+\s+)?"
                                       r"(?:edge|link|game|match|tie|route|node)s?\b)",
                             r"\bwipe (?:out )?(?:the |this |my )?(?:loaded )?(?:graph|network|"
                             r"dataset|data|workspace|everything)\b",
                             r"remove the (?:loaded )?(?:network|graph)"),
                  # "if the A-B game gets wiped from the record": a what-if, nothing cleared
                  negatives=_rx(r"\b(?:if|suppose|say|imagine|what if|would|were)\b.*\bwiped\b|"
                                r"\bwiped\b.*\b(?:would|how many|which|what)\b")),
    "optimize": dict(triggers=t(1.0, r"clean up the graph", r"dropping isolated|drop isolated",
                                r"delete self-loops")),
    "overview": dict(
        bonus=_overview_bonus,
        triggers=t(1.0, r"number of (?:nodes|edges|vertices|links)", r"how many \w+ (?:ties|links)",
                   r"how many (?:characters|people|ppl|vertices|entities|edges|links|ties|"
                   r"connections|relationships|friendships|partnerships|collaborations)",
                   r"\bcount (?:the |all )?(?:people|ppl|connections|nodes|edges|links|friendships|"
                   r"relationships|partnerships|collaborations)\b",
                   r"^\s*(?:total\s+)?number of (?:people|ppl|persons|users|members)\s*\??\s*$",
                   # "what's the number of authors in the data"
                   r"^\s*(?:what'?s\s+|what is\s+)?(?:the\s+)?(?:total\s+)?number of \w+\s+in (?:the|this) "
                   r"(?:data|dataset|graph|network|table)\s*\??\s*$",
                   r"edge count|node total|size of the graph|in total|total number|in vertices",
                   r"number of (?:relationships|ties|connections|links)",
                   r"how many \w+ (?:are there|exist|are in (?:the|this)|does (?:the|this) \w+ "
                   r"(?:have|contain|include|count))\b",
                   # "how many ferry routes do we have": the data's own count, not a node's
                   # ("how many distinct shipping lanes do we have between depots")
                   r"^\s*how many (?:\w+ ){1,3}(?:are|were) (?:we|you|i) (?:tracking|monitoring|"
                   r"covering|watching|managing|looking at)(?: in (?:total|all)| altogether)?\s*[?.!]*\s*$",
                   r"^\s*how many (?:\w+ ){1,3}(?:do|did) (?:we|you|i) (?:have|got|hold|run|"
                   r"track|monitor|cover|manage|maintain|list|operate|know of)(?: in (?:total|all)| between (?:the |our |all )?(?-i:[a-z]+s)|"
                   r" in (?:the|this|our) (?:\w+ )?(?:data|dataset|graph|network|table|list|file))?"
                   r"\s*[?.!]*\s*$",
                   # "how many ports have we got in total in this data?"
                   r"^\s*how many [a-z]+ (?:have|has) (?:we|you|i) got(?: in (?:total|all))?(?: in "
                   r"(?:the|this|our) (?:data|dataset|graph|network|table|list))?\s*[?.!]*\s*$",
                   # the graph's kind, yes or no: "is this graph directed?", "are the edges
                   # weighted?"
                   KIND_QUESTION.pattern),
        negatives=_rx(r"\b(?:only|once|average|mean|typical(?:ly)?|per|each|every|whose|which|"
                      r"who|than|at least|at most|more|fewer|less|within|without|if|biggest|"
                      r"largest|smallest|most|least|groups?|components?|clusters?|connected|"
                      r"reach|paths?|internal\w*|inside|intra\w*|outside|"
                      r"external\w*)\b",
                      # "how many are over the limit": a bound, none given, never the size
                      r"\b(?:over|above|under|below|exceed\w*|beyond)\s+(?:the|a|an|our|its|their)\s+"
                      r"(?:\w+\s+)?(?:limit|threshold|cap|cut-?off|line|mark|max\w*|min\w*)\b",
                      # "how many edges would I need to remove to make it a forest": a change
                      r"\b(?:would|remov\w*|delet\w*|need to|have to|make it|turn it)\b",
                      r"\bdoes (?:(?:member|node|vertex|user|person) )?(?-i:[A-Z]\w*|[a-z]+\d+|\d+) "
                      r"have",
                      r"\b(?:have|has|had)\s+(?!in total|between (?:the |our |all )?[a-z]+s\s*[?.!]*\s*$|"
                      r"(?:we|you|i) got\b)\w",
                      # "how many suppliers does ruhrstahl buy from": one node's count
                      r"\bhow many (?:\w+ ){1,3}(?:does|do|did) (?!(?:the|this|it|that|we|you|i)\b)#?\w+",
                      # "how many people email cato": one node's count in the data's verb
                      r"^\s*how many [a-z]+ (?!(?:are|is|were|was|have|has|had|exist|live|there|"
                      r"in|on|of|per|total|and|or|but|plus)\b)[a-z]+ (?:to |from |with )?(?!(?:here|there|"
                      r"overall|altogether|total|in|each|every|all|the|this|it|them|they|these|those|us|"
                      r"everyone|everything|everybody|nodes|things|together)\b)[\w.-]+\s*\??\s*$",
                      # "how many species does the eel eat": the eel's, not the graph's
                      # and "how many connections does the captain have": the captain's
                      r"\bhow many (?:\w+ ){1,3}(?:does|do|did) (?:the|this|that) (?!(?:\w+ )?(?:graph|"
                      r"network|web|data|dataset|table|map|system|grid|file|list|sheet|csv|set|"
                      r"tree|chart) (?:have|contain|include|count|hold|comprise)\b)\w+",
                      # "how many members are in the Officer club": a part, not the graph;
                      # "never place a call": a condition on the nodes
                      r"\bare in (?:the|this) (?!(?:\w+ )?(?:graph|network|data|dataset|table|"
                      r"file|list|csv|sheet|set)\b)",
                      r"\bnever\b|\bnobody\b|\bno one\b|\bnone\b",
                      # "how many stations are at the end of the line": a place in the
                      # network, not the network ("how many stations are on the network" is)
                      r"\bhow many [a-z]+ (?:are|is|were|was|sit|lie) (?:at (?:the|a|an) (?!(?:\w+ )?"
                      r"(?:graph|network|data|dataset|table|file|list|csv|sheet|set|map|system|"
                      r"grid)\b)|on the (?:edges?|periphery|fringes?|outskirts|boundary|margins?)\b)",
                      # "how many pupils are there in 10A": a count inside a node, which
                      # the graph's size does not give
                      r"\bhow many (?!(?:nodes|edges|vertices|links|rows|connections|ties)\b)[a-z]+ "
                      r"(?:are |is |were )?(?:there )?(?:in|inside|within) (?-i:[A-Z0-9])[\w'.-]*\d[\w'.-]*\b",
                      # "how many teams in div three", "how many staff in zone 4": a
                      # numbered part, not the whole
                      r"\bhow many (?!(?:nodes|edges|vertices|links|rows)\b)[a-z]+ (?:are |were |is )?"
                      r"(?:in|on) [a-z]+\.? (?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|"
                      r"ii|iii|iv)\b",
                      # "how many of these women were married", "how many people were born
                      # in 1920": a condition on the counted nodes, not the graph's size
                      r"\bhow many of (?:the|these|those|them|our|all)\b",
                      r"^\s*how many\s+[a-z]+\s+(?:were|are|was|is|have been|has been|got|get)\s+"
                      r"(?!there\b|in\b|on\b|at\b|inside\b|within\b|part\b|we\b|you\b|i\b|(?:in\s+)?(?:total|"
                      r"all)\b|listed\b|included\b|recorded\b|present\b|counted\b|"
                      # "how many payments were made": the edges themselves, made
                      r"made\b|sent\b|placed\b|logged\b|issued\b|booked\b|filed\b|written\b|"
                      r"created\b|formed\b|signed\b|shipped\b)[a-z]+",
                      # "combined fund size of the corporates": a column's total, not the
                      # graph's size
                      r"\bcombined\b|\b(?!(?:graph|network|data|dataset|table|the|its|total|"
                      r"overall|full|whole|sample|same|file)\b)[a-z]+\s+sizes?\b",
                      # "the links in the longest food chain": one path's length, not the graph's
                      r"\blongest\b|\bdeepest\b|\bshortest\b|\bchains?\b",
                      r"\bisolated\b|\bunconnected\b|\bsingletons?\b|\bleaf\b|\bleaves\b|"
                      r"\bdangling\b|\borphans?\b|\bsquares\b|-cycles?\b",
                      # a count of structures, not of nodes or edges
                      r"\bhow many (?:\w+ )?(?:cliques|triangles|cycles|loops|paths|hubs|"
                      r"bridges|articulation|communities|clusters|cores?|motifs|walks|triads|cut)\b",
                      # "how many roads are 2 long or shorter", "how many cars a day use the
                      # busiest road": a bound, a rate or a superlative is no size of the graph
                      r"(?<![\w.-])\d+(?:\.\d+)?(?![\w-])|\bor\s+(?:shorter|longer|less|lower|higher|"
                      r"smaller|bigger|greater|below|above|under|over|heavier|lighter)\b",
                      r"\b(?:a|per|each|every)\s+(?:day|week|month|year|hour|minute)\b|\b(?:daily|"
                      r"weekly|monthly|yearly|annually|hourly)\b|\b[a-z]{2,}iest\b",
                      # "how many members joined after the split": a moment no table records
                      r"\b(?:after|before|since|until|during)\s+(?:the|a|an|their|his|her|its|"
                      r"that|this)\s+\w+",
                      # "how many corridors are there where one blockage cuts part off": a
                      # condition on the counted things
                      r"\bare\s+there\s+(?:where|that|which|whose|such|for\s+which|in\s+which)\b"),
        phase=-1, clarify=_ask_one_column),
    "bipartite": dict(
        triggers=t(2.0, r"bipartite", r"two[- ]mode", r"(?:2|two)[- ]colou?r", r"\bbicolou?r", r"two (?:sides|modes)",
                   r"two kinds of nodes", r"only (?:between them|across|to each other)",
                   r"each side|both sides",
                   # "could the families be split into two camps so that every marriage links
                   # one camp to the other", "… with every pairing going across camps", "split
                   # into two sets so that every road runs between the sets, never inside one"
                   *_TWO_SIDED_SPLIT,
                   # "is the cupping table cleanly two-sided"
                   r"\btwo[- ]sided\b"),
        # "(same league both sides)": both ends of an edge in one group, no two modes
        negatives=_rx(r"\bsame\s+[a-z]+\s+(?:on\s+)?(?:both|each)\s+sides?\b"),
        hint="whether the graph is bipartite"),
    "cycles": dict(
        triggers=t(1.0, r"\bcycles?\b|\bcyclic\b|\bacyclic\b|\bloops?\b|\ba (?:tree|forest)\b|"
                   r"\btree-?like\b|\bcircular\b|\b(?:go(?:es)?|goes|going|come|comes)\s+round\s+in\s+"
                   r"(?:a\s+)?circles?\b"),
        negatives=_rx(r"self-?loops?|\bhow many\b|\bnumber of\b|\bwhich\b|\bwho\b|\blist\b|"
                      r"\blongest\b|\bshortest\b|\bsmallest\b"),
        group="directed", hint="whether the graph has cycles"),
    "triangles": dict(triggers=t(2.0, r"triangles?", r"closed triads?", r"3-cliques?",
                                 r"mutually linked",
                                 # "how many trios of players where all three have played
                                 # each other"
                                 r"\b(?:trios?|triples?|threesomes?|(?:groups?|sets?) of three)\b"
                                 r".*\b(?:all three|each other|one another|pairwise|every pair)\b",
                                 # "spots where three rooms all open directly onto each other"
                                 r"\b(?:three|3)\s+(?:[a-z]+\s+)?[a-z]+\s+(?:all\s+)?(?:\w+\s+){0,4}?"
                                 r"(?:each other|one another)\b"),
                      hint="the triangle count"),
    "figure": dict(
        bonus=_figure_bonus,
        # one figure of the whole graph: "which people are at the center" asks for nodes
        negatives=_rx(r"^\s*(?:so\s+|and\s+)?(?:which|who|whom|list|name)\b"),
        triggers=t(2.0, r"diameter", r"radius", r"eccentricity", r"assortativ",
                   r"average (?:shortest )?path", r"characteristic path", r"degeneracy",
                   r"non-empty k-core", r"deepest core", r"k-core exists", r"mean distance",
                   r"longest shortest", r"most distant", r"greatest distance", r"farthest",
                   r"worst-case distance", r"degrees? correlat", r"hubs .*link to hubs",
                   # "do the busy junctions tend to connect to other busy ones, or to dead ends"
                   r"\b(?:busy|busiest|big|well[- ]connected|highly[- ]connected|hub)\b[^?]*\btend\s+to\s+"
                   r"(?:connect|link|attach|join)\b[^?]*\b(?:other\s+(?:busy|big|hubs?)|dead[- ]ends?|"
                   r"quiet|small|leaves)\b",
                   r"high-degree \w+ (?:tend to )?(?:connect|link|attach|befriend)",
                   r"steps lie between", r"density", r"sparse", r"fraction of possible",
                   # the density in the data's words: "what fraction of all possible links
                   # exist", "the connectance of the web"
                   r"\b(?:fraction|share|proportion|percentage|ratio) of (?:all |the )*possible\b",
                   r"\bconnectance\b", r"\b(?:divided by|out of|over) (?:all |the )*possible\b",
                   slots.POSSIBLE_SHARE,
                   r"share of all pairs", r"how full", r"how dense",
                   # the average path length and assortativity in plain words
                   r"\bon average,? how many \w+ (?:does it|would it|do you|do i) (?:take|need)\b.*"
                   r"\bbetween (?:two|any two)\b", r"\baverage (?:number of )?(?:hops|steps) between\b",
                   slots.AVERAGE_SEPARATION, slots.DIAMETER_WORDS, r"transitivity",
                   r"global clustering",
                   r"\bmedian (?:node )?degree\b|\bmedian (?:number of )?(?:ties|connections|"
                   r"neighbou?rs|links)\b",
                   r"\b(?:well|highly|best|most)[- ]connected \w+ (?:tend to |usually |mostly )?\w+ "
                   r"(?:with|to) (?:other )?(?:well|highly|best|most)[- ]connected\b"),
        group="stats", hint="a structure figure (diameter, radius, assortativity, path length)"),
    "count_where": dict(triggers=t(0.5, r"how many|count|headcount|number of",
                                   # "how big is the legal team": its members counted
                                   r"^\s*(?:so\s+|and\s+)?how (?:big|large) (?:is|are) the\b|"
                                   r"\bsize of the\b",
                                   # "list the users in ops", "which accounts are high risk":
                                   # a group's members named
                                   r"^\s*(?:list|name|show(?: me)?|which|what|who)\s+(?:are\s+)?"
                                   r"(?:the\s+|all\s+)?(?:\w+\s+){0,2}?(?:\w+s|people|staff)\s+"
                                   r"(?:are\s+|is\s+|work\s+|belong\s+)?(?:in|at|on|from|with|"
                                   r"there|have)\b"),
                        # "how many links do the history pages send to other topics": the
                        # group's edges to the others, not its members
                        negatives=_rx(r"\bhow many\s+(?:\w+\s+)?(?:links|edges|ties|arcs|"
                                      r"connections|hyperlinks)\b.*\b(?:other|different)\s+\w+",
                                      # "starting from Priya, how many of the Oak Close residents
                                      # does a message eventually get to": a reach, not members
                                      r"\b(?:eventually|ultimately|in the end)\s+(?:get|reach|end up|"
                                      r"arrive)\w*|\bstarting (?:from|at|with)\b|\bpass(?:es|ed)? "
                                      r"(?:it )?(?:on|along)\b|\bcan\s+\S+\s+reach\b"),
                        bonus=_attr_bonus, hint="counts of nodes with an attribute value",
                        clarify=_ask_counted_column),
    "visualize": dict(negatives=(*_rx(r"distribution|histogram"), PLANAR), phase=1),
    "report": dict(phase=1),
    "training_summary": dict(triggers=t(1.0, r"compare the models")),
}


def _ask_whatif_yesno(st: PlanState) -> str | None:
    from igraph_agent.model.query_intents import whatif_yesno_clarify

    return whatif_yesno_clarify(st)


def _hop_clarify(st: PlanState) -> str | None:
    from igraph_agent.model.query_intents import hop_clarify

    return hop_clarify(st)


def _threshold_bonus(st: PlanState) -> float:
    from igraph_agent.model.query_intents import threshold_bonus

    return threshold_bonus(st)


def _count_bonus(st: PlanState) -> float:
    return 1.0 if slots.asked_kind(st.question) == "count" else 0.0


def _node_direction_bonus(st: PlanState) -> float:
    from igraph_agent.model.query_intents import node_direction_bonus

    return node_direction_bonus(st)


def _least_bonus(st: PlanState) -> float:
    """"The fewest courses" on a two-mode graph whose side the question names: degree."""
    from igraph_agent.model.semantic_intents import _side_in

    return 1.5 if _side_in(st) else 0.0


def _edge_threshold_bonus(st: PlanState) -> float:
    from igraph_agent.model.edge_intents import threshold_bonus

    return threshold_bonus(st)


def _edge_extreme_bonus(st: PlanState) -> float:
    from igraph_agent.model.edge_intents import extreme_bonus

    return extreme_bonus(st)


def _directed_bonus(name: str) -> Callable[[PlanState], float]:
    def bonus(st: PlanState) -> float:
        from igraph_agent.model import directed_intents

        return getattr(directed_intents, name)(st)
    return bonus


def _node_side_bonus(st: PlanState) -> float:
    from igraph_agent.model.query_intents import node_side_bonus

    return node_side_bonus(st)


def _node_group_bonus(st: PlanState) -> float:
    from igraph_agent.model.query_intents import node_group_bonus

    return node_group_bonus(st)


def _edge_pair_bonus(st: PlanState) -> float:
    from igraph_agent.model.edge_intents import pair_value_bonus

    return pair_value_bonus(st)


def _edge_ties_bonus(st: PlanState) -> float:
    from igraph_agent.model.edge_intents import ties_bonus

    return ties_bonus(st)


def _edge_pair_totals_bonus(st: PlanState) -> float:
    from igraph_agent.model.edge_intents import pair_totals_bonus

    return pair_totals_bonus(st)


def _edge_partner_bonus(st: PlanState) -> float:
    from igraph_agent.model.edge_intents import partner_bonus

    return partner_bonus(st)


def _flow_bonus(name: str) -> Callable[[PlanState], float]:
    def bonus(st: PlanState) -> float:
        from igraph_agent.model import flow_intents

        return getattr(flow_intents, name)(st)
    return bonus


def _group_bonus(name: str) -> Callable[[PlanState], float]:
    def bonus(st: PlanState) -> float:
        from igraph_agent.model import group_intents

        return getattr(group_intents, name)(st)
    return bonus


def _totals_clarify(st: PlanState) -> str | None:
    from igraph_agent.model.query_intents import totals_clarify

    return totals_clarify(st)


def _totals_bonus(st: PlanState) -> float:
    from igraph_agent.model.query_intents import totals_bonus

    return totals_bonus(st)


_N = r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten)"
LEXICON.update({
    "threshold_count": dict(
        triggers=t(0.5, r"how many|count|number of|which|who|list|rank|name",
                   r"^\s*(?:is|are)\s+(?:there\s+)?any\b|^\s*are\s+there\b|^\s*is\s+there\s+an?\b|^\s*any\b"),
        bonus=_threshold_bonus, group="ranking", hint="counts of nodes above or below a threshold",
        clarify=_beyond_any_degree,
        negatives=_rx(r"\bhow many (?:\w+ )?(?:groups|communities|clusters|components|pieces|parts|"
                      r"islands|cliques|pairs|triangles|paths|routes)\b")),
    "least_degree": dict(
        triggers=t(2.0, r"\bfewest (?:\w+ )?(?:ties|connections|links|neighbou?rs|contacts|friends|"
                   r"partners|edges)", r"least[- ](?:well[- ])?connected", r"\b(?:lowest|smallest|"
                   r"minimum|minimal) (?:in-?|out-?)?degree", r"\bleast (?:ties|connections|links)",
                   r"\bfewest (?:\w+ )?(?:followers|citations|references|incoming|outgoing)",
                   r"\b(?:cited|followed|referenced) the least\b|\bleast[- ](?:cited|followed)") +
        t(0.5, r"\bfewest\b|\bthe least\b"),
        bonus=_least_bonus, group="ranking", hint="the least-connected nodes"),
    "hop_count": dict(
        triggers=t(1.0, rf"\bwithin\s+{_N}\s+(?:steps?|hops?|links?|jumps?|edges?|{slots.MOVES})",
                   rf"\b{_N}\s+(?:steps?|hops?|links?|jumps?)\s+(?:away|from|of|out)",
                   rf"\bexactly\s+{_N}\s+(?:steps?|hops?|links?|jumps?)",
                   rf"\bdistance\s+(?:of\s+)?(?:exactly\s+)?{_N}\b",
                   rf"\bin (?:at most |up to |no more than )?{_N}\s+(?:steps?|hops?|moves?|jumps?|"
                   rf"{slots.MOVES})\b"),
        bonus=_count_bonus, clarify=_hop_clarify, group="neighbourhood", hint="counts of nodes within k steps of a node"),
    "what_if": dict(
        # "if Valjean were removed, how many characters would be cut off": the nodes the
        # removal leaves apart from the main part (above the plain "cut off" of connectivity)
        triggers=t(5.5, rf"(?:{slots.REMOVAL_IF.pattern}).*{_CUT_OFF}|{_CUT_OFF}.*(?:{slots.REMOVAL_IF.pattern})")
        + t(2.5, slots.REMOVAL_IF.pattern, slots.TOP_REMOVAL.pattern,
                   r"\b(?:without|removing|deleting|dropping|losing|remove|delete|drop|lose)\s+"
                   r"(?:the\s+)?(?:node\s+|edge\s+|link\s+|tie\s+|member\s+|vertex\s+|user\s+|"
                   r"person\s+)?(?-i:[A-Z]\w*|[a-z]+\d+|\d+)\b",
                   slots.EDGE_REMOVAL.pattern, slots.REMOVAL_SAID.pattern, slots.TAKEN_OUT.pattern,
                   slots.MORE_REMOVED.pattern, slots.LIST_REMOVED.pattern,
                   slots.WITH_REMOVED.pattern,
                   *(rx.pattern for rx in slots.EDGE_GONE)),
        negatives=_rx(r"self-loops|isolated|duplicates|\bsave\b|new version|unload|the graph\b\W*$",
                      cut_words.PLAIN,
                      # "if they leave": no one named ("if we delete u13" names one)
                      r"\bif (?:they|we|you|it|he|she|someone|anyone|one|any)\b(?!\s+(?:delete|"
                      r"remove|drop|take out|cut|close|shut|ban|kick out|lose|freeze|block|"
                      r"disable|deactivate|deleted|removed|dropped|took out|closed|banned|"
                      r"kicked out|lost|froze|blocked|disabled|deactivated|(?:leave|left|keep|kept|take|"
                      r"took)\s+\S+\s+out)\b)",
                      # which nodes lose one node: no component count (one pair's reach is
                      # answered: remove_and_compare's reach)
                      r"\b(?:cut off from(?!\s+(?:the\s+)?(?:rest|others|main|whole|network|graph|"
                      r"everyone|everybody)\b)|lose \w+ connection(?!s?\s+to\s+(?:the\s+)?(?:rest|"
                      r"main|others|whole|network|graph)\b)|how many \w+ (?:can|could|would) \w+ "
                      r"(?:still )?reach)\b",
                      # it counts components: another measure after the removal is asked about
                      # ("the A-B route is cut" names the removed edge, no route asked)
                      r"\b(?:communit\w*|(?<!separate )(?<!disconnected )(?<!unconnected )(?<!distinct )"
                      r"clusters?|modul\w+|path length|diameter|distances?|density|"
                      r"clustering|centrality|central|betweenness|pagerank|degree|most connected|"
                      r"best[- ]connected|triangles?|cliques?|shortest|hub|average|how long|how far|"
                      r"hops?|steps?|trip|route(?!s?\s+(?:(?:between|from)\s+[^,?.]+?\s+)?(?:gets?\s+|"
                      r"is\s+|were\s+|was\s+|goes\s+|went\s+)?(?:cut|removed|closed|closes|broken|"
                      r"severed|cancell?ed|blocked)\b)|"
                      r"cycles?|cyclic|acyclic|upstream|downstream)\b",
                      # and it answers only about the parts: a question naming none is asked
                      r"^(?!.*\b(?:components?|pieces?|parts?|groups?|islands?|connected|disconnect\w*|"
                      r"separate\s+clusters?|chunks?|fall\s+(?:into|apart)|"
                      r"split\w*|apart|fragment\w*|break\w*|cut off|cut\s+(?:any|some|a|an|one|anyone|"
                      r"anybody|anything|somebody|someone)\s+(?:[a-z-]+\s+)?off|isolated|stranded|lose \w+ (?:only )?(?:links?|"
                      r"connections?|ties?)|largest|biggest|remain\w*|"
                      r"(?:are|is|be) left|"
                      r"happens?|affect\w*|impact\w*|reach\w*|edges?|ties|links|connections|"
                      r"friendships|relationships|nodes|size|still|left over|change|what if)\b)"),
        clarify=_ask_whatif_yesno, group="components",
        hint="what removing a node or an edge does to the components"),
    "clique": dict(
        triggers=t(2.0, r"\bcliques?\b", r"all[- ]connected", r"everyone (?:knows|is tied to|is "
                   r"linked to) everyone", r"fully (?:connected|linked) (?:sub)?group",
                   r"complete subgraph", r"clique number", _ALL_TIED,
                   # "the biggest set of products where every pair has been bought together"
                   r"\b(?:biggest|largest|maximum|max)\s+(?:set|group|bunch|collection)\s+of\s+[a-z]+\s+"
                   r"(?:where|in\s+which|such\s+that|so\s+that)\s+(?:every|each|any)\s+(?:pair|two)\b"),
        # it finds the largest cliques: a count of all (maximal) cliques or of one size is asked
        negatives=_rx(r"3-cliques?|cliquish|triangle",
                      r"how many (?:\w+ )?cliques\b(?!.*\b(?:largest|biggest|maximum) (?:size|one))",
                      r"cliques? of (?:size|order) \d",
                      # "linked to every other one through some chain of calls": reach
                      r"\b(?:through|via|by)\s+(?:some|a|any)\s+(?:chain|path|route|sequence)\b|"
                      r"\bindirectly\b|\bsomehow\b"),
        hint="the largest clique"),
    "common_neighbours": dict(
        triggers=t(2.0, r"common (?:neighbou?rs?|friends|contacts|acquaintances|ties)", r"\bin common\b",
                   r"mutual (?:friends|contacts|neighbou?rs|acquaintances)",
                   r"shares? the most (?:neighbou?rs|friends|contacts|ties)",
                   r"shared (?:neighbou?rs|friends|contacts)", _ONE_PAIR.pattern,
                   # one named pair's shared partners: "who has worked with both A and B",
                   # "did anyone borrow both Catan and Root"
                   r"\b(?:with|to|from|into) both\s+\S.*\band\s+\S",
                   # "which venues are neighbours of both Leeds and Lancaster", "one leg away
                   # from both", "adjacent to both"
                   r"(?<![\w-])(?:neighbou?rs\s+of|adjacent\s+to|next\s+to|(?:one|1|a\s+single)\s+(?:leg|hop|step|"
                   r"edge|road|link|jump)\s+(?:away\s+)?from)\s+both\s+\S.*\band\s+\S",
                   r"\b(?:anyone|anybody|someone|somebody|who)\b.*\bboth\s+\S.*\band\s+\S",
                   # "which climbers do Ada and Cy both climb with": the pair's shared partners
                   r"^\s*(?:which|what|who|whom|how many)\b.*\b(?:do|did|does|have|had)\s+(?:the\s+)?\S+"
                   r"\s+and\s+(?:the\s+)?\S+\s+both\s+\w+"),
        # a count of pairs or everyone's reach is no ranking of the top pairs; one named pair
        # ("do zane and amir have in common") is answered for that pair, or asked about
        negatives=_rx(r"\bhow many pairs\b|\bnumber of pairs\b",
                      r"\beveryone\b|\bconnected to (?:every|all)"),
        clarify=_ask_one_pair, group="ranking", hint="the pairs sharing the most neighbours"),
    "edge_totals": dict(
        triggers=t(0.5, r"\btotal\b|\bsum\b|add(?:ed)? up|altogether|combined|overall|in all\b|"
                   r"\bhow much\b|"
                   r"average|mean|\b(?:the most|the least)\b|\bbusiest\b",
                   # "how many calls are there" on a ``calls`` count column: its sum
                   r"^\s*how many [a-z]+ (?:are|were) (?:there|recorded|logged|in the (?:data|table))"
                   r"\s*[?.!]*\s*$", r"\b(?:longest|shortest|heaviest|lightest|strongest|weakest)\s+"
                   r"(?:single\s+)?(?:road|edge|link|street|connection|flight|tie|segment|leg|"
                   r"trail|lane|pipe|pipeline|cable|track|rail)s?\b"),
        bonus=_totals_bonus, hint="totals of an edge attribute", clarify=_totals_clarify,
        # "who messages Ava the most": a node is asked, not Ava's total
        negatives=_rx(r"^\s*(?:who|which \w+)\s+(?!(?:has|have|had|is|are)\b)\w+\s+"
                      r"(?-i:[A-Z]\w*|[a-z]+\d+|\d+)\s+the\s+most\b", _ROUTE_MEASURE,
                      # "sits on the most shortest cable routes": betweenness
                      r"\bon the most (?:[\w-]+[- ])?(?:shortest|lowest[- ][\w-]+|quickest|fastest|"
                      r"cheapest|best)\s+(?:[\w-]+\s+)?(?:paths|routes|connections)",
                      # "the most common number of miles on a trail": the values' mode, no total
                      r"\bmost (?:common|frequent|usual)\b|\bcommonest\b|\bmodal\b|\bmode of\b")),
    "node_direction": dict(
        triggers=t(1.0, r"\b(?:in|out)-degree of\s+\S"), bonus=_node_direction_bonus,
        group="neighbourhood", hint="one node's in- or out-degree"),
    "edge_threshold": dict(
        triggers=t(0.5, r"how many|count|number of|which|what|list|show|name"),
        bonus=_edge_threshold_bonus, group="ranking", hint="the edges past a value you give"),
    "edge_extreme": dict(
        triggers=t(0.5, r"which|what|who|strongest|weakest|heaviest|lightest|longest|shortest|"
                      r"largest|biggest|smallest|busiest"), bonus=_edge_extreme_bonus, group="ranking",
        # "the most common trail length": the values' mode, not the largest one
        negatives=_rx(r"\bmost (?:common|frequent|usual)\b|\bcommonest\b|\bmodal\b|\bmode of\b",
                      # "the longest shortest route", "the average fastest trip": a path's length
                      r"\b(?:longest|average|mean|typical|avg)\s+(?:shortest|fastest|quickest)\s+"
                      r"(?:routes?|paths?|trips?|journeys?|drives?|ways?)\b"),
        hint="the edge with the largest or smallest value"),
    "cycle_count": dict(triggers=t(0.5, r"how many|number of|count|\b(?:are|is|does|do|has|have) (?:there|it|the|this)\b",
                                   _ROUND_WORDS),
                        bonus=_directed_bonus("count_bonus"), group="directed",
                        hint="the number of directed cycles"),
    "cycle_members": dict(triggers=t(0.5, r"which|what|who|list|name|show|how many", _ROUND_WORDS),
                          bonus=_directed_bonus("members_bonus"), group="directed",
                          hint="the nodes on a directed cycle"),
    "strong_size": dict(triggers=t(0.5, r"strong", r"\b(?:any|every|each) (?:one )?(?:\w+ )?(?:to|from) "
                                   r"(?:any|every|each) (?:other|one)\b",
                                   r"\b(?:each other|one another)\b"), bonus=_directed_bonus("strong_bonus"),
                        group="directed", hint="the largest strongly connected component"),
    "edge_ends": dict(triggers=t(0.5, r"which|what|who|list|name|show|how many|is there|are there|"
                                   r"^\s*any\b"),
                      bonus=_directed_bonus("end_bonus"), group="directed",
                      hint="the nodes no edge enters or leaves"),
    "node_side": dict(
        triggers=t(1.0, r"\b(?:in|out)-neighbou?rs of\s+\S"), bonus=_node_side_bonus,
        group="neighbourhood", hint="the nodes pointing to a named node, or those it points to"),
    "pair_value": dict(triggers=t(0.5, r"how many|how much|how often|what|which|do|does|did|are|is"),
                       bonus=_edge_pair_bonus, group="ranking",
                       hint="the value of the edge between two named nodes, each way"),
    "pair_totals": dict(triggers=t(0.5, r"which|who|what|is|does|did|has"),
                        bonus=_edge_pair_totals_bonus, group="ranking",
                        hint="two named nodes' totals of an edge value, side by side"),
    "node_partner": dict(triggers=t(0.5, r"which|what|who|whom|where|strongest|closest|weakest"),
                         bonus=_edge_partner_bonus, group="neighbourhood",
                         hint="the node at the other end of one node's strongest edge"),
    "node_ties": dict(triggers=t(0.5, r"which|who|whom"), bonus=_edge_ties_bonus,
                      group="neighbourhood",
                      hint="one node's partners with the value of each edge"),
    "flow_rank": dict(triggers=t(0.5, r"which|what|who|list|name|show|how many|how much|top|rank|"
                                   r"\bwith\b|\bthat\b|\bwhose\b",
                                   # a noun phrase: "warehouses receiving more than 30 pallets"
                                   r"^\s*(?:the\s+|all\s+)?[a-z]+s\s+[a-z]+ing\b"),
                      bonus=_flow_bonus("flow_bonus"), group="ranking",
                      hint="the nodes most of an edge value ends at or starts from"),
    "reach_set": dict(triggers=t(0.5, r"which|what|who|list|name|show|how many|everything",
                                 # "is every depot reachable from Kelso", "can Ashby reach
                                 # all the others": Yes or No
                                 r"\b(?:every|each|all)\b.*\b(?:reachable|reached|accessible)\s+"
                                 r"from\b|\b(?:reach|get to)\s+(?:every|each|all|everyone|"
                                 r"everything|everybody)\b"),
                      bonus=_flow_bonus("reach_bonus"), group="directed",
                      hint="everything one node leads to, or that leads to it"),
    "group_total": dict(triggers=t(0.5, r"which|what|how many|total|sum|per|each|average|mean|"
                                        r"combined|overall"),
                        bonus=_group_bonus("total_bonus"), group="groups",
                        hint="a numeric node attribute summed per group"),
    "group_flow": dict(triggers=t(0.5, r"which|what|how many|total|sum|per|each"),
                       bonus=_group_bonus("flow_bonus"), group="groups",
                       hint="an edge value summed per group"),
    "group_side": dict(triggers=t(0.5, r"which|what|how many|how much|total"),
                       bonus=_group_bonus("side_bonus"), group="groups",
                       hint="what each group sends or receives in all"),
    "node_group": dict(
        triggers=t(0.5, r"^\s*(?:which|what|is|does|do|show)\b|\battribute\b|\bbelongs?\b"),
        bonus=_node_group_bonus, group="neighbourhood", hint="the group a named node is in"),
})

# The kinds of answer each intent gives and the question features it handles (see
# model/registry.py), and the follow-up it offers in a clarification, on this graph's words.
ANSWERS: dict[str, tuple[str, ...]] = {
    "centrality": ("node", "list", "value"), "degree": ("node", "list", "value", "count"),
    "degree_top_check": ("yesno",),
    "bridges": ("node", "list"), "communities": ("count", "group", "list", "value"),
    "node_community": ("yesno", "list", "count", "group", "value", "node"),
    "path": ("path", "count", "value", "yesno"),
    "connectivity": ("count", "yesno", "list", "value"), "local": ("count", "list", "value"),
    "subgraph": ("count", "action"), "compare": ("list", "value", "count"),
    "statistics": ("value", "count"), "search": ("node", "list"), "edge_search": ("list",),
    "clear": ("action",), "optimize": ("action", "count"), "overview": ("count", "description", "yesno"),
    "bipartite": ("yesno", "count", "group"), "triangles": ("count", "list", "yesno"),
    "cycles": ("yesno",),
    "figure": ("value", "count", "yesno"), "count_where": ("count", "list"), "visualize": ("action",),
    "report": ("action",), "threshold_count": ("count", "list", "yesno"),
    "hop_count": ("count",), "least_degree": ("node", "list", "count", "value"),
    "what_if": ("count", "value", "list", "yesno"),
    "clique": ("count", "group", "list"), "common_neighbours": ("count", "pair", "list", "yesno"),
    "edge_totals": ("value", "count", "node"), "node_direction": ("count", "value"),
    "node_group": ("value", "group", "yesno"), "node_side": ("list", "count"),
    "edge_threshold": ("count", "list"), "edge_extreme": ("pair", "node", "value"),
    "cycle_count": ("count", "yesno"), "cycle_members": ("list", "count", "yesno"),
    "strong_size": ("count", "value", "list", "node"), "edge_ends": ("list", "count", "yesno"),
    "flow_rank": ("node", "list", "count", "value"), "reach_set": ("list", "count", "yesno"),
    "node_partner": ("node", "pair", "value", "count"), "pair_value": ("value", "count", "yesno"),
    "pair_totals": ("node", "value", "yesno", "count"),
    "node_ties": ("list", "count", "value"),
    "group_total": ("node", "group", "count", "list", "value"),
    "group_flow": ("group", "count", "list", "value"),
    "group_side": ("node", "group", "count", "value"),
}
COVERS: dict[str, tuple[str, ...]] = {
    "threshold_count": ("threshold", "direction", "filter"), "hop_count": ("hops", "entity", "direction"),
    "least_degree": ("direction", "filter", "bottom"), "node_group": ("entity", "group", "filter"),
    "local": ("hops", "entity"), "subgraph": ("hops", "entity"),
    "what_if": ("removal", "entity", "direction", "scope"),  # its reach follows the edges' direction
    "optimize": ("threshold", "removal"), "clear": ("removal",),
    "edge_totals": ("weight", "entity", "bottom", "filter"),
    "bipartite": ("twomode", "group"), "degree": ("direction", "filter", "ordinal", "scope"),
    "degree_top_check": ("entity",),
    "centrality": ("filter", "ordinal", "bottom", "entity", "scope", "weight"),
    "connectivity": ("direction", "entity", "bottom", "scope", "filter"),
    "path": ("direction", "entity", "weight", "bottom"),
    "count_where": ("group", "entity", "filter"), "visualize": ("group", "entity"),
    "compare": ("entity",), "search": ("entity",), "edge_search": ("entity",),
    "common_neighbours": ("entity", "twomode"),  # shared partners: co-occurrence
    "report": ("entity",), "triangles": ("entity",),
    "node_direction": ("entity", "direction"), "node_side": ("entity", "direction"),
    "edge_threshold": ("threshold", "weight", "entity"), "edge_extreme": ("weight", "bottom"),
    "figure": ("weight", "bottom", "scope"), "statistics": ("weight", "bottom", "scope"),
    "communities": ("bottom", "scope"), "node_community": ("entity", "scope"),
    # "circular calls" on a caller,callee,calls table names the edge value in passing: cycles
    # do not depend on it
    "cycle_count": ("direction", "weight"), "cycle_members": ("direction", "weight", "negation", "threshold"),
    "strong_size": ("direction", "scope"),
    "edge_ends": ("direction", "negation"),
    "flow_rank": ("weight", "direction", "bottom", "threshold", "entity"),
    "reach_set": ("direction", "entity", "negation", "removal"),  # "what breaks if X goes"
    "node_partner": ("entity", "weight", "bottom"), "pair_value": ("entity", "weight", "direction"),
    "pair_totals": ("entity", "weight", "direction", "versus"),
    "node_ties": ("entity", "weight"),
    "group_total": ("group", "bottom", "filter"),
    "group_flow": ("group", "weight", "direction", "filter"),
    "group_side": ("group", "weight", "direction", "filter", "bottom"),
}
SUGGEST: dict[str, tuple[str, str]] = {
    "degree": ("rank {nouns} by degree", "Which {noun} has the most connections?"),
    "threshold_count": ("count {nouns} whose degree is above a number you give",
                        "How many {nouns} have more than 3 connections?"),
    "centrality": ("rank {nouns} by PageRank and betweenness", "Which {nouns} are the most central?"),
    "hop_count": ("count the {nouns} within k steps of {a}", "How many {nouns} are within 2 steps of {a}?"),
    "path": ("find the shortest path between {a} and {b}", "What is the shortest path from {a} to {b}?"),
    "local": ("list the neighbours of {a}", "Who are the neighbours of {a}?"),
    "what_if": ("say how many components remain if {a} is removed",
                "If {a} were removed, how many components would there be?"),
    "connectivity": ("count the components and cut {nouns}",
                     "Which {nouns} are cut points of the graph?"),
    "communities": ("find the communities", "What communities does the graph have?"),
    "bridges": ("find the {nouns} bridging communities", "Which {nouns} connect different communities?"),
    "count_where": ("count the {nouns} with {attr} = {value}", "How many {nouns} have {attr} = {value}?"),
    "clique": ("find the largest clique", "What is the largest clique?"),
    "common_neighbours": ("find the pairs sharing the most neighbours",
                          "Which two {nouns} share the most neighbours?"),
    "edge_totals": ("add up the edges' {eattr}", "What is the total {eattr} over all edges?"),
    "triangles": ("count the triangles", "How many triangles are there?"),
    "figure": ("give the diameter and average path length", "What is the diameter of the graph?"),
    "compare": ("compare {a} and {b}", "Compare {a} and {b}."),
    "bipartite": ("check whether the graph is two-mode", "Is the graph bipartite?"),
    "statistics": ("give the summary statistics", "Give me the summary statistics."),
}


def declare(name: str, pattern: re.Pattern[str] | None, calls: Callable, render: Callable,
            method: str) -> Intent:
    entry = LEXICON.get(name, {})
    base = [(pattern, 1.0)] if pattern is not None else []
    return Intent(name, [*base, *entry.get("triggers", [])], calls, render, method,
                  negatives=entry.get("negatives", ()), group=entry.get("group", ""),
                  phase=entry.get("phase", 0), clarify=entry.get("clarify"),
                  hint=entry.get("hint", ""), bonus=entry.get("bonus"), **declared(name))


def declared(name: str) -> dict[str, Any]:
    """An intent's answer kinds, covered features and follow-up, from the tables above."""
    order = list(SUGGEST)
    return {"answers": frozenset(ANSWERS.get(name, ())), "covers": frozenset(COVERS.get(name, ())),
            "suggest": SUGGEST.get(name),
            "suggest_rank": order.index(name) if name in order else len(order)}


def unknown_keys(names: set[str]) -> list[str]:
    """Keys of the lexicon tables that name no intent in ``names`` (a typo must not be
    silently ignored; tests/test_planner_precision.py checks this)."""
    keys = set(LEXICON) | set(ANSWERS) | set(COVERS) | set(SUGGEST)
    return sorted(keys - names)
