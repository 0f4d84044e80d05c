"""Typed slot extractors of the offline planner: node names, pairs, numbers, k, attributes.

Names are only candidates: they go to ``search_node`` before any id is used. A phrase for
"the best-connected node" becomes :data:`HUB`, which the planner resolves with
``degree_analysis`` (its top node) instead of a search.

Example::

    >>> pair("How many steps separate Napoleon from Javert?")
    ['Napoleon', 'Javert']
    >>> node("What share of Valjean's neighbours know each other?")
    'Valjean'
    >>> node("For the top hub, how tightly knit are its acquaintances?") == HUB
    True
    >>> where("Count people whose team is legal.", ["team"])
    ('team', 'legal')
"""

from __future__ import annotations

import re

HUB = "@hub"
CENTRAL = "@central"  # "the most central node": the top node by PageRank, or the measure named
#: a share of all the possible pairs asked after naming them: "of all possible brewer-taproom
#: pairs, what share actually have deliveries" (the density; "what fraction of all possible
#: links exist" is read by the figure's own words)
POSSIBLE_SHARE = (r"\b(?:of|among|out of)\s+(?:all\s+|the\s+|every\s+)*possible\b[^?.!]*?"
                  r"\b(?:what|which|how big an?|how large an?)\s+(?:share|fraction|proportion|"
                  r"percentage|percent|ratio)\b")
#: the average shortest path length in a user's words, no two ends named: "average distance
#: between two members", "the typical separation", "on average how many hops apart are two
#: people", "how far apart are nodes on average"
AVERAGE_SEPARATION = (
    r"\b(?:average|mean|typical|usual|expected)\s+(?:shortest[- ]path\s+)?(?:distance|separation|"
    r"number of (?:hops|steps|links|edges|jumps)|(?:hop|step) count|degrees? of separation|"
    r"(?:hops|steps|jumps))\b(?!\s+(?:from|to)\b)|"
    r"\bon average,?\s+how (?:many (?:hops|steps|links|jumps|edges)|far)\b(?!.*\bfrom\b)|"
    r"\bhow (?:many (?:hops|steps|links|jumps)|far) apart\b(?!.*\bfrom\b).*\bon average\b|"
    r"\bhow (?:far|many (?:hops|steps)) (?:is|are) (?:a |any )?(?:typical|average)\b|"
    r"\b(?:average|mean|typical)\s+(?:shortest[- ])?path[- ]lengths?\b")
#: the diameter in a user's words: "the longest distance between any two members", "how many
#: hops separate the two farthest members", "how far apart are the most distant pair"
DIAMETER_WORDS = (
    r"\b(?:longest|largest|greatest|maximum|max|biggest)\s+(?:possible\s+)?(?:distance|separation)\b"
    r"(?!\s+(?:from|to)\b)|\b(?:two|pair of|any two)\s+(?:\w+\s+)?(?:farthest|furthest|most "
    r"distant|most remote)\b|\b(?:farthest|furthest|most distant)\s+pair\b|"
    # "the longest of the shortest routes between two stations"
    r"\b(?:longest|largest|greatest)\s+of\s+(?:the\s+|all\s+(?:the\s+)?)?shortest\b|"
    # "the two nodes of the tree that are furthest apart", "… farthest from each other"
    r"\b(?:two|pair of|any two)\s+(?:[\w-]+\s+){1,7}?(?:farthest|furthest|most distant|most "
    r"remote)\s+(?:apart|from each other|from one another)\b|"
    # "the most flights (legs) you'd ever need to get between two airports"
    r"\b(?:most|maximum|max|largest number of|greatest number of)\s+(?:[\w()-]+\s+){0,3}?"
    r"(?:you|one|i|we)(?:'d|\s+would|\s+will|'ll)?\s+(?:ever\s+)?(?:need|have to take|take|ride|"
    r"fly|change)\b.{0,40}\bbetween\s+(?:any\s+)?two\b")
_MEASURE = re.compile(r"\b(?:highest|largest|biggest|greatest|top|most|maximum|max)\s+"
                      r"(betweenn?ess|closeness|eigenvector|page\s?rank)\b", re.IGNORECASE)
_CENTRAL = re.compile(r"most (?:central|important|influential|prominent)|highest[- ]pagerank|"
                      r"top[- ]ranked|highest[- ]ranked|" + _MEASURE.pattern, re.IGNORECASE)
_HUB = re.compile(r"best[- ]connected|most (?:ties|connections|links|contacts)|top hub|"
                  r"highest[- ]degree|biggest hub|most[- ]connected", re.IGNORECASE)
_TAIL = re.compile(r"(?:\s*,|\s+(?:by|following|via|using|with|weights?|in|on|at|if|when|linked|"
                   r"connected|joined|apart|tied|related|treating|as|within|hooked|"
                   r"and\s+(?:create|save|make)|"
                   # "between A and B altogether", "… to town20 anymore": no part of the name
                   r"altogether|overall|combined|anymore|together|summed|both\s+ways|each\s+way|"
                   r"either\s+way)\b).*$", re.IGNORECASE)
_LEAD = re.compile(r"^(?:the\s+)?(?:(?:node|member|character|person|user|customer|employee)s?|"
                   r"vertex|vertices|family|families|city|cities|people)\s+", re.IGNORECASE)
_REACHABLE = re.compile(r"^\s*(?:is|are)\s+(\S+)\s+(?:still\s+)?reachable\s+(?:by\s+(?-i:[a-z]+)\s+)?"
                        r"from\s+(\S+?)\s*[?.!]*$", re.IGNORECASE)  # "reachable by bus from"
_PAIRS = [
    re.compile(r"^\s*(?:can|could|does|do|will)\s+(\S+)\s+(?:ever\s+|still\s+)?(?:reach|get to|"
               r"end up (?:at|in|calling|reaching|with))\s+(\S+?)\s*(?:,.*)?[?.!]*$", re.IGNORECASE),
    re.compile(r"\bseparate[s]?\s+(.+?)\s+(?:from|and)\s+(.+?)\s*[?.!]*$", re.IGNORECASE),
    # "which members are friends with both 0 and 33": the two after "both", not "friends"
    re.compile(r"\b(?:with|to|from|by)\s+both\s+(.+?)\s+and\s+(.+?)\s*[?.!]*$", re.IGNORECASE),
    re.compile(r"\b(?:from|between)\s+(.+?)\s+(?:to|and|with)\s+(.+?)\s*[?.!]*$", re.IGNORECASE),
    re.compile(r"\b(?:connecting|joining|linking|link|join|connect)\s+(.+?)\s+(?:with|to|and)\s+(.+?)\s*[?.!]*$",
               re.IGNORECASE),
    re.compile(r"\b(?:is|are|was|were)\s+(.+?)\s+(?:directly\s+)?(?:connected|linked|tied|related|"
               r"adjacent|joined|hooked up)\s+(?:to|with)\s+(.+?)\s*[?.!]*$",
               re.IGNORECASE),
    re.compile(r"\b(?:are|is|were)\s+(.+?)\s+and\s+(.+?)(?:\s+(?:linked|connected|joined|related|"
               r"apart|tied))?\s*[?.!]*$", re.IGNORECASE),
]
_STOP = {w.lower() for w in """a an the what who whom whose which how is are was were do does did have has had
can could would should will i me my we you your yours our ours it its this that these those there their them they
find rank name count list show give take tell for from in among split detect group run trace
partition compare pagerank mean typical typically on ignoring smallest greatest size highest
lowest number describe visualise visualize draw plot search look predict train write
remember remove removing clean optimize merge save extract keep make wipe unload clear
deduplicate if when and or of to by with into through between within around near all every
each node nodes graph network edges edge links link family families character characters member
members vertex vertices people person employees employee team degree k-core core hop hops step
steps path paths route routes distance one two three yes no please let lets now then just only
mw kw gw kv kwh mwh km kg mb gb tb mbps gbps usd eur gbp
sole top hub best most mr mr. officer e.g. okay also are
itself themselves himself herself oneself
minimum maximum suppose imagine say i'd i'm i've i'll we'd we're we've we'll you'd you're you've you'll
starting going counting leaving looking taking using assuming considering""".split()}
STOP_WORDS = frozenset(_STOP)
_NAME_TOKEN = re.compile(r"[A-Za-z][\w'.-]*[A-Za-z0-9]|[A-Za-z]|\d+", re.UNICODE)
_NUMBER_ID = re.compile(r"\b(?:nodes?|members?|vertex|vertices|id|from|to|and|between|of|is|around|near|"
                        r"for|does|do|did)\s+(\d+)\b(?!\+|\s*(?:%|km|kms|miles?|minutes?|mins?|"
                        r"hours?|hrs?|seconds?|secs?|days?|euros?|dollars?|kg|percent)\b|"
                        # "a length of 3 or less": a bound, no node 3
                        r"\s+or\s+(?:more|less|fewer|over|under|above|below|higher|lower|"
                        r"greater|longer|shorter)\b|"
                        # "within a distance of 5 from hut0": a bound, the node after it
                        r"(?<=of\s\d)\s+from\b|(?<=of\s\d\d)\s+from\b)|"
                        r"\b(\d+)'s\b|^(\d+)\b", re.IGNORECASE)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9, "ten": 10}


#: words the planner reads as an analysis ("the hub", "bridges", "the main component", "the
#: centre") that data also uses as names; capitalised inside a sentence ("what is connected to
#: Hub", "the path from Bridge to Main") or as an owner ("Hub's neighbours") they are names
_CONCEPT_WORDS = frozenset({"hub", "bridge", "main", "centre", "center", "central", "core"})
_CONCEPT_CASED = frozenset(w.capitalize() for w in _CONCEPT_WORDS)
_CONCEPT_NAME = re.compile(r"(?<=[\w,;:)] )(?-i:(?:Hub|Bridge|Main|Centre|Center|Central|Core)"
                           r"(?: [A-Z][\w'.-]*)*)(?![\w-])|^(?:Hub|Bridge|Main|Centre|Center|"
                           r"Central|Core)(?='s\b)")
#: what a name made of those words reads as when the question's analysis is matched
NEUTRAL_NAME = "Zed"


def concept_names(question: str) -> list[str]:
    """The names in ``question`` made of words the planner otherwise reads as an analysis.

    Example::

        >>> concept_names("What is connected to Hub?"), concept_names("Who is the hub?")
        (['Hub'], [])
        >>> concept_names("path from Bridge to Main Gate")
        ['Bridge', 'Main Gate']
    """
    return [m.group(0) for m in _CONCEPT_NAME.finditer(question)]


def as_names(question: str) -> str:
    """``question`` as its analysis is matched: the names of :func:`concept_names` read as
    any other name, never as "the hub" or "bridges"."""
    return _CONCEPT_NAME.sub(NEUTRAL_NAME, question)


def clean(name: str) -> str:
    name = _TAIL.sub("", name.strip())
    name = _LEAD.sub("", name.strip())
    name = re.sub(r"^the\s+(?=[A-Z0-9'\"`“])", "", name)  # "from the Otter": Otter ("The Hague" stays)
    name = re.sub(r"'s$", "", name.strip(" '\"`“”"))
    return name.strip(" '\"`“”")


_QUANTIFIED = re.compile(r"^(?:every|each|all|any|everyone|everybody|anyone|anybody|someone|"
                         r"other|no)\b", re.IGNORECASE)


def _ok(name: str) -> bool:
    return (bool(name) and (name.lower() not in _STOP or name in _CONCEPT_CASED) and len(name) <= 60
            and not _QUANTIFIED.match(name))


_REFERENT = re.compile(rf"\bthe\s+(?:\w+\s+)?(?:with|having|who has|that has)\s+the\s+"
                       rf"({_HUB.pattern}|{_CENTRAL.pattern})", re.IGNORECASE)


#: the referent as another ask's input: "the clustering of the person with the highest
#: betweenness", "how many accounts does the one with the most followers follow"
INPUT_REFERENT = re.compile(rf"\b(?:of|for|from|to|does|do|did|around|near|by)\s+"
                            rf"{_REFERENT.pattern}", re.IGNORECASE)


#: a dash between two clauses ("… cut points - remove one and …"), not inside a name
_CLAUSE_DASH = re.compile(r"\s[-–—]\s")


def pair(question: str) -> list[str] | None:
    """Two endpoint names (from/to, between/and, separate X from Y, are X and Y linked)."""
    # "from the person with the top closeness to Zoe": the referent is one name, not "the
    # person" followed by "with"
    question = _REFERENT.sub(lambda m: m.group(1), question)
    back = _REACHABLE.search(question)  # "is B reachable from A": from A to B
    if back and _ok(back.group(1)) and _ok(back.group(2)):
        return [clean(back.group(2)), clean(back.group(1))]
    for rx in _PAIRS:
        m = rx.search(question)
        if m and any(_CLAUSE_DASH.search(g) for g in m.groups()[:-1]):
            continue  # "which are cut points - remove one and the network falls apart": no pair
        if m:
            got = [HUB if _HUB.search(g) else CENTRAL if _CENTRAL.search(g) else clean(_ending(g))
                   for g in m.groups()]
            if all(_ok(n) for n in got) and all(len(n.split()) <= 4 for n in got) and not (
                    re.fullmatch(r"(?:one|any|each|a|some)(?:\s+\w+)?", got[0], re.IGNORECASE)
                    and re.fullmatch(r"(?:another|(?:the\s+)?others?|any\s+other)(?:\s+\w+)?",
                                     got[1], re.IGNORECASE)):  # "from one cluster to another"
                return got
    found = names(question)
    if len(found) == 1 and _HUB.search(question):
        return [HUB, found[0]]
    if len(found) == 1 and _CENTRAL.search(question):
        return [CENTRAL, found[0]]
    return found[:2] if len(found) >= 2 else None


def _ending(end: str) -> str:
    """A route's end as the one name it holds, past the words before it ("end up at
    wong2024", "the Otter") or a clause or an adverb after it ("Tarn Beck ever make it",
    "http - how many hops", "Ocean directly"); an end that is not one name stays as
    written, but for a leading "the"."""
    end = re.sub(r"\s+[-–—]\s.*$", "", end.strip().rstrip("?.!").rstrip())
    end = re.sub(r"^the\s+", "", end)
    found = names(end)
    if len(found) != 1 or end == found[0]:
        return end
    at = end.find(found[0])
    before, after = end[:at].strip(), end[at + len(found[0]):].strip()
    if at > 0 and not after and before.islower():
        return found[0]
    if at == 0 and after.islower() and (len(after.split()) >= 2 or _ADVERB.fullmatch(after)):
        return found[0]  # "Ocean directly", "Ocean really": a word about the link, not the name
    return end


_ADVERB = re.compile(r"[a-z]{2,}ly|ever|still|also|now|too|even")


_ROMAN = re.compile(r"I{1,3}|IV|VI{0,3}|IX|XI{0,3}")



#: what a number counts when a word of these follows it ("Bob 3 hops away", "Ann 2 km"); any
#: other word, a quote or an owner's 's after it ends a name ("Rapid 2024's players", "the
#: 'Open Cup 3' final", "Open Cup 3 linked to ...")
_COUNTED = re.compile(r"(?!(?:is|was|has|does|goes|its|this|thus|plus|across|versus|as|us|yes)$)"
                      r"[a-z]+s|km|mi|kg|min|hr|mb|gb|mw|kw|x|or|more|fewer|less|than|percent|"
                      r"per|degree")


def _numbered(question: str, found: list, at: int, in_run: bool) -> bool:
    """Whether the number at token ``at`` ends the name before it ("Rapid 2024", "Open Cup
    3"): written one space after it, and followed by no word that it counts."""
    m = found[at]
    if not (in_run and m is not None and m.group(0).isdigit()
            and question[found[at - 1].end():m.start()] == " "):
        return False
    if re.match(r"'s\b|['\"”’]", question[m.end():]):
        return True
    nxt = found[at + 1]
    word = nxt.group(0) if nxt is not None else ""
    return not _COUNTED.fullmatch(word)


#: a quoted name however it is written ("the 'north hub' warehouse", “lib_ui”): several words,
#: or a word with a digit or joiner; a quoted value after "=", ":" or "is" is a value
_QUOTED = re.compile(r"(?<![\w=:])(?<![=:] )(?<!\bis )(['\"“‘])((?=[^'\"“”‘’]*[\s\d_.])[A-Za-z0-9][^'\"“”‘’?!,]"
                     r"{0,58}[A-Za-z0-9])(?:\1|[”’])(?!\w)")


#: a word that may stand before a number without naming a node ("within 2", "top 5")
_NOT_A_NOUN = frozenset("""within than top exactly least most degree over under about around first
last only all any with has have had are were was the after before every each just past above
below beyond into for from and between near of is to at by in on than least more fewer less
hops steps size order rank level step hop number count""".split())
_WORD_NUMBER = re.compile(r"\b([a-z]{3,})\s+(\d+)\b(?!\s*(?:%|\.\d))")


def _own_noun_ids(question: str) -> list[str]:
    """Numbered nodes after the data's own noun, when the question uses that noun for nodes
    (it numbers two of them, or says it in the plural too): "would hive 1 still reach hive
    10", "which hives are cut off from hive 1"; never a count ("hive 3 hops away")."""
    hits = []
    for m in _WORD_NUMBER.finditer(question):
        after = re.match(r"\s*([a-z]+)", question[m.end():])
        if m.group(1) in _NOT_A_NOUN or m.group(1) in _STOP or (
                after and _COUNTED.fullmatch(after.group(1))):
            continue
        hits.append((m.group(1), m.group(2)))
    nouns = [w for w, _ in hits]
    return [n for w, n in hits if nouns.count(w) > 1 or re.search(rf"\b{w}s\b", question)]


#: a handle ("@ana", "@bo_92"): a name whatever its case
HANDLE = re.compile(r"(?<![\w@])@[A-Za-z0-9_]+(?:[.-][A-Za-z0-9_]+)*")


def names(question: str) -> list[str]:
    """Candidate node names in order: capitalised words (runs of them), possessives and
    tokens with digits (``v0``, ``city30``, member ``33``), stop words left out."""
    out: list[str] = []
    concepts = {w for n in concept_names(question) for w in n.split()}
    for m in _NUMBER_ID.finditer(question):
        out.append(next(g for g in m.groups() if g))
    out += _own_noun_ids(question)
    out += [m.group(2) for m in _QUOTED.finditer(question)]
    out += [m.group(0) for m in HANDLE.finditer(question)]  # "@ana": a handle is a name
    run: list[str] = []
    found = [*_NAME_TOKEN.finditer(question), None]
    for at, m in enumerate(found):
        tok = m.group(0) if m else ""
        if run and m is not None and re.search(r"[,;/:()&+|?!]", question[found[at - 1].end():m.start()]):
            out.append(" ".join(run))  # "Ann, Bob", "Online Arena / Bullet Night": two names
            run = []
        base = re.sub(r"'s$", "", tok)
        # a Roman numeral after a name belongs to it ("Programming I", "Calculus II"),
        # where "I" alone is the pronoun
        numeral = bool(run) and bool(_ROMAN.fullmatch(base))
        capital = base[:1].isupper() and (base.lower() not in _STOP or numeral or (
            base.lower() in _CONCEPT_WORDS and base in concepts))
        alnum = bool(re.search(r"[A-Za-z]", base) and re.search(r"\d", base))
        if (capital or alnum or _numbered(question, found, at, bool(run))) and base:
            run.append(base)
            continue
        if run:
            out.append(" ".join(run))
            run = []
    seen: list[str] = []
    for n in out:
        if _ok(n) and n not in seen and not (n.isdigit() and any(o.endswith(f" {n}") for o in out)):
            seen.append(n)  # "Open Cup 3": no node 3
    return seen


_AROUND = re.compile(r"(?:around|of|for|near|surrounding|to)\s+(.+?)\s*[?.!]*$", re.IGNORECASE)


def node(question: str) -> str | None:
    """One node name, or :data:`HUB` for "the best-connected node"."""
    if _HUB.search(question):
        return HUB
    if _CENTRAL.search(question) and re.search(r"\b(?:its|their|his|her|of|around|for|to|from)\b",
                                               question, re.IGNORECASE):
        return CENTRAL
    found = names(question)
    if found:
        return found[0]
    m = _AROUND.search(question)
    if m:
        name = clean(m.group(1))
        if _ok(name) and len(name.split()) <= 3 and not re.search(
                r"\b(?:graph|network|grid|dataset|data|web|map|system|table)s?$", name,
                re.IGNORECASE) and not re.fullmatch(  # "of the climbers": every node, no name
                r"(?:the|all|all the|our|these|those)\s+[a-z]+s", name) and name.lower() not in {
                "the graph", "this graph", "the network", "each node", "every node", "all nodes",
                "the data", "everyone else", "each other", "everyone"}:
            return name
    return None


def central_measure(question: str) -> str:
    """The centrality measure that picks :data:`CENTRAL`: the one the question names after
    "highest" ("the person with the highest betweenness"), else PageRank."""
    m = _MEASURE.search(question)
    word = re.sub(r"\s", "", m.group(1).lower()) if m else "pagerank"
    return "betweenness" if word.startswith("betwee") else word


def number(question: str, default: int | None = None) -> int | None:
    m = re.search(r"\b(\d+)\b", question)
    if m:
        return int(m.group(1))
    m = re.search(r"\b(" + "|".join(_WORDS) + r")\b", question, re.IGNORECASE)
    return _WORDS[m.group(1).lower()] if m else default


def radius(question: str) -> int:
    m = re.search(r"(\d|one|two|three)[ -]hops?|radius (\d)|within (\d|one|two|three)", question,
                  re.IGNORECASE)
    if not m:
        return 1
    word = next(g for g in m.groups() if g).lower()
    return min(3, _WORDS.get(word, int(word) if word.isdigit() else 1))


_NOT_VALUES = {"own", "same", "different", "other", "another", "whole", "entire", "any", "per",
               "their", "his", "her", "your", "our", "biggest", "largest", "smallest", "given",
               # a bound's word before a numeric column ("3 or more seasons"): no value
               "more", "less", "fewer", "greater", "higher", "lower", "most", "least", "over",
               "under", "above", "below", "plus",
               # a ranking's word before a numeric column ("the fewest beds", "total seats")
               "fewest", "highest", "lowest", "total", "average", "mean", "median", "combined",
               "many", "much", "maximum", "minimum", "max", "min"}


def where(question: str, attributes: list[str]) -> tuple[str, str] | None:
    """(attribute, value) when the question filters on a node attribute the graph has:
    ``team = legal``, ``team is legal``, ``the legal team``, ``in team tech``."""
    for attr in sorted(attributes, key=len, reverse=True):
        a = re.escape(attr)
        for rx in (rf"\b{a}(?:\s*(?:=|==|:)|\s+(?:is|equals)\b)\s*['\"]?([\w-]+)",
                   rf"\b(?:in|on|of)\s+(?:the\s+)?{a}\s+['\"]?([\w-]+)",
                   # "users with grade senior", "accounts having risk high"
                   rf"\b(?:have|has|having|with)\s+(?:a\s+|the\s+)?{a}\s+(?:of\s+)?['\"]?([\w-]+)",
                   rf"\b(?:the\s+)?['\"]?([\w.-]+)['\"]?\s+{a}\b",
                   rf"\b((?-i:[a-z]+))-{a}\b"):  # "which early-shift mechanic"
            m = re.search(rx, question, re.IGNORECASE)
            if m and m.group(1).lower() not in _STOP | _NOT_VALUES and not _bound_number(
                    question, m.start(1), m.end(1)):
                return attr, m.group(1)
    return None


def _bound_number(question: str, start: int, end: int) -> bool:
    """Whether the text at ``start:end`` is a bound's number ("at least 3 seasons", "more
    than 3 seasons", "3+ seasons"): the threshold's, never a value to filter on."""
    return any(m.start() < end and m.end() >= end for m in THRESHOLD_AT.finditer(question)) \
        or question[end:end + 1] == "+"


# -- what a question asks for: features and the kind of answer --------------------------
_NUM = r"(?:\d+(?:\.\d+)?|two|three|four|five|six|seven|eight|nine|ten)"
_EDGE_MORE = r"longer|heavier|costlier|pricier|slower|stronger|farther|further|more expensive"
_EDGE_LESS = r"shorter|cheaper|lighter|faster|quicker|weaker|closer|less expensive"
#: a threshold on an edge's value ("roads longer than 40", "flights cheaper than 100",
#: "within a distance of 50"): node-count thresholds do not apply it
EDGE_COMPARE = re.compile(rf"\b(?:{_EDGE_MORE}|{_EDGE_LESS}) than\s+(?:[$€£]\s*)?{_NUM}\b",
                          re.IGNORECASE)
#: the counted noun between a number and its bound: "4 seasons or more" (never a hop count)
_BOUND_NOUN = r"(?:(?!(?:steps?|hops?|jumps?|degrees?)\b)[a-z]+\s+)?"
_UNIT = (r"(?:km|kms|kilometres?|kilometers?|miles?|minutes?|mins?|hours?|hrs?|seconds?|secs?|"
         r"metres?|meters?|days?|euros?|dollars?|usd|eur|gbp|kg|tonnes?|tons?)")
#: a value with its unit past a bound: "30 minutes or shorter", "at most 25 km", "40+ min"
EDGE_VALUE_AT = re.compile(
    rf"(?:[$€£]\s*)?{_NUM}\s*{_UNIT}\s+or\s+(?:{_EDGE_MORE}|{_EDGE_LESS}|more|less|fewer|over|"
    rf"under|above|below|higher|lower)\b|\b(?:at (?:most|least)|over|under|above|below|"
    rf"exceeding|exactly)\s+(?:[$€£]\s*)?{_NUM}\s*{_UNIT}\b|\b{_NUM}\+\s*{_UNIT}\b", re.IGNORECASE)
EDGE_THRESHOLD = re.compile(
    rf"{EDGE_COMPARE.pattern}|{EDGE_VALUE_AT.pattern}|"
    rf"\bwithin (?:a |an )?(?:(?:road|driving|travel|walking|total)\s+)?(?:distance|radius|range|"
    rf"travel time|drive|budget|cost) of\s+{_NUM}\b|"
    rf"\bwithin\s+{_NUM}\s*(?:km|kilometres?|kilometers?|miles?|minutes?|mins?|hours?|hrs?|"
    rf"seconds?|metres?|meters?|days?|euros?|dollars?)\b", re.IGNORECASE)
_THRESHOLD = re.compile(
    rf"{EDGE_THRESHOLD.pattern}|"
    rf"\b(?:more|fewer|less|greater|higher|lower|larger|smaller|bigger) than\s+{_NUM}\b|"
    rf"\bat (?:least|most)\s+{_NUM}\b|\b(?:over|above|below|under|exceeding|exactly)\s+{_NUM}\b"
    r"(?!\s+(?:steps?|hops?|jumps?)\b)|"
    rf"\b{_NUM}\s+{_BOUND_NOUN}or (?:more|fewer|less|greater|higher|lower)\b|>=?\s*\d|<=?\s*\d|≥|≤|"
    rf"\b\d+\+(?=\s|$)|"
    r"\bexactly (?:one|zero|no)\b(?!\s+(?:steps?|hops?|jumps?)\b)|"
    r"\b(?:more|fewer|less) than (?:once|twice)\b|"
    # "more than one incoming lane": a count past one, read like the digit
    r"\b(?:more|greater|higher|larger|bigger) than one\s+(?!(?:of|another|other|piece|part|"
    r"component|communit\w*|cluster|group|way|route|path)\b)[a-z]",
    re.IGNORECASE)
#: a threshold up to its number ("more than 5", "at least 3", "10 or more"), for the word after it
THRESHOLD_AT = re.compile(
    rf"(?:\b(?:more|fewer|less|greater|higher|lower|larger|smaller|bigger) than|\bat (?:least|"
    rf"most)|\b(?:over|above|below|under|exceeding|exactly))\s+(?:{_NUM}|one)\b|"
    rf"\b{_NUM}\s+{_BOUND_NOUN}or (?:more|fewer|less|greater|higher|lower)\b", re.IGNORECASE)
#: the data's own words for one step along an edge: "in at most 2 flights"
MOVES = (r"flights?|legs?|connections?|transfers?|trips?|rides?|changes?|calls?|roads?|"
         r"trails?|introductions?|handshakes?|ties")  # the graph's edge noun reads as "ties"
_HOPS = re.compile(
    rf"\bwithin\s+{_NUM}\s+(?:steps?|hops?|links?|jumps?|edges?|degrees? of separation|{MOVES})|"
    rf"\b{_NUM}\s+(?:steps?|hops?|links?|jumps?)\s+(?:away|from|of|out)|"
    rf"\b(?:exactly|precisely)\s+{_NUM}\s+(?:steps?|hops?|links?|jumps?)|"
    rf"\b(?:distance|hop count)\s+(?:of\s+)?(?:exactly\s+)?{_NUM}\b|"
    rf"\b{_NUM}[ -]hops?\b(?! neighbou?rhood| ego)|"
    rf"\bin (?:at most |up to |no more than )?{_NUM}\s+(?:steps?|hops?|moves?|jumps?|{MOVES})\b",
    re.IGNORECASE)
_NAMED = (r"(?:the\s+)?(?:node|member|vertex|edge|link|tie)?\s*(@[A-Za-z0-9_][\w.-]*|[A-Z][\w'.-]*|"
          r"[A-Za-z]+\d+|\d+|[a-z]+_[a-z0-9][\w.-]*)")  # "the thu_east shift": an id with "_"
_ANY = r"(@[A-Za-z0-9_][\w.-]*|[A-Za-z][\w'.-]*|\d+)"
#: damage that takes a node or an edge out of the network ("burns down", "is washed out",
#: "floods", "is under repair"): a removal as much as "closes"
_WRECKED = (r"(?i:(?:(?:is|was|were|are|gets|got|had been|has been|becomes|became)\s+)?(?:"
            r"burn(?:s|ed|t)? down|burning down|wash(?:es|ed)? (?:out|away)|flood(?:s|ed)|"
            r"destroyed|demolished|bombed|wrecked|condemned|decommissioned|dismantled|abandoned|"
            r"torn down|snowed in|impassable|unusable|out of order|under repair|under maintenance|"
            r"closed for (?:repairs?|works|roadworks|maintenance)|blocked off|"
            r"goes bust|went bust|goes bankrupt|went bankrupt|collapses|collapsed|blown up)\b)")
_GONE = (r"(?:(?i:were|was|is|are|got|gets|had been)?\s*(?i:removed|deleted|dropped|gone|taken out|cut|"
         r"lost|disappeared|went away|goes away|left|leaves|quit|quits|resigns|exits|exited|moves away|"
         r"drops out|walked out|walks out|walk out|stormed out|storms out|"
         # "if emp18 gets let go", "if Valjean were written out of the book"
         r"(?:is|was|were|are|gets|got) (?:let go|laid off|written out|disconnected|unplugged)|"
         r"moved away|(?:is|was|gets|got) (?:fired|banned|suspended)|retired|dropped out|vanished|"
         r"stopped \w+ing|stops \w+ing|were to leave|was to leave|walked away|closed|closes|"
         r"shut(?: down)?|shuts(?: down)?|failed|fails|went down|goes down|broke down|resigned|"
         r"trips|tripped|goes offline|went offline|is down|breaks|broke|crashes|crashed|dies|"
         r"died|collapses|collapsed|fail|leave|go down|close|shut down|break down|disappear|"
         r"drop out|die|crash|go offline|cancell?ed|cancels|is cancell?ed|were cancell?ed|"
         r"suspended|withdrawn|withdraws|withdrew|pulled out|pulls out|pull out|ended|ends|retracted|"
         # "Fern hut is shutting for the season"
         r"(?:is|are|was|were) (?:shutting|closing)(?: down)?|"
         # "if account 9903 is frozen", "if the roach went extinct"
         r"(?:is|was|gets|got|were) (?:frozen|blocked|disabled|deactivated|taken offline)|"
         r"went extinct|goes extinct|"
         # "if crew_delta were disbanded", "if the route is scrapped"
         r"disbanded|disbands|dissolved|dissolves|scrapped|axed|retires|"
         # "if Rossi had been sent off", "if the striker is injured"
         r"sent off|sent home|sent away|subbed (?:off|out)|substituted (?:off|out)|"
         # "if Lindqvist is subbed off", "if the algae died off", "if the voles are wiped out"
         r"(?:taken|pulled|dropped) off|died off|dies off|die off|dying off|wiped out|killed off|"
         r"(?:is|was|were|are|gets|got|had been) (?:injured|"
         r"benched|substituted|isolated|quarantined|arrested|jailed|sacked|expelled)|"
         # "if Khan goes on long-term leave", "if Ana is on sick leave"
         r"(?:goes|went|go|is|was|were|are)\s+on\s+(?:[a-z-]+\s+){0,2}?(?:leave|sabbatical|"
         r"furlough|strike|holiday|vacation)|"
         # "if Muck is out of service", "if hub 3 goes offline for a day"
         r"(?:is|was|were|are|goes|went|gets|got)\s+(?:out of (?:service|action|use)|offline|"
         r"unavailable|taken down|knocked out))\b|"
         # "if Ruigh burns down", "if the Dam Street bridge is washed out": damage that takes it
         # out of the network
         rf"{_WRECKED})")
#: the data's own noun before a numbered node: "if hive 6 fails", "if hives 4 and 7 are removed"
_NOUN_BEFORE_ID = (r"(?!(?:all|any|only|over|under|about|around|top|first|last|these|those|some|"
                   r"at|the|our|my|every|each|just)\s)(?-i:[a-z]{3,})\s+(?=\d+\b)")
_REMOVAL = [
    re.compile(rf"\b(?i:remov\w*|delet\w*|drop\w*|without|took out|take out|taking out|lose|"
               rf"losing|lost|cut(?:ting)?|knock\w* out|cancel\w*|scrap\w*|axe|axed)\s+{_NAMED}"),
    # "if Hornli hut closes", "if Downtown substation fails": the data's noun after the name
    # "after Dorr fails", "once the Hythe lock closes", "should Kell go down"
    re.compile(rf"\b(?i:if|suppose|supposing|imagine|assume|assuming|after|once|when|should|"
               rf"^\s*say|^\s*let'?s say|"
               rf"in case)\s+(?:that\s+)?(?:the\s+)?"
               rf"(?i:node\s+|member\s+|{_NOUN_BEFORE_ID})?{_ANY}(?:\s+(?-i:[a-z]{{3,}}|"
               rf"[A-Z][\w'.-]*)){{0,2}}\s+{_GONE}"),  # "if the Harbour Clean drive closes"
]
REMOVAL_IF = _REMOVAL[1]
#: a removal said as a plan or a fact: "if we close Dunmore", "say we shut down Kessel
#: junction", "Rathaus is closed for roadworks. …"
_SAID = [re.compile(p) for p in (
    rf"\b(?i:we|you|they|i)\s+(?i:were to\s+|had to\s+|would\s+|'d\s+)?(?i:close[ds]?|closing|"
    rf"shut(?:s| down)?|shut down|remove[ds]?|drop(?:ped|s)?|take out|took out|knock(?:ed)? out|"
    rf"lose|lost|freeze|froze|block(?:ed)?|disable[ds]?|deactivate[ds]?)\s+{_NAMED}",
    rf"(?:^\s*|[.;!]\s+){_NAMED}\s+(?i:is|was|has been|gets|got)\s+(?i:closed|shut(?: down)?|"
    rf"removed|out of service|offline|cancell?ed)\b")]
_REMOVAL.extend(_SAID)
# "would taking Bridge out disconnect anyone", "pull Kite out"
TAKEN_OUT = re.compile(rf"\b(?i:taking|takes|take|took|knocking|knocks|knock|knocked|"
                           rf"pulling|pulls|pull|pulled|leave|leaves|leaving|left|keep|keeps|"
                           rf"keeping|kept)\s+{_NAMED}\s+(?i:out)\b")
_REMOVAL.append(TAKEN_OUT)
REMOVAL_SAID = re.compile("|".join(f"(?:{rx.pattern})" for rx in _SAID))
MORE_REMOVED = re.compile(rf"\b(?i:if)\s+(?i:both\s+)?(?:(?i:nodes|members|vertices)\s+|"
                          rf"{_NOUN_BEFORE_ID})?"
                          rf"{_ANY}\s+(?i:and|&)\s+{_ANY}\s+(?i:both\s+)?(?:{_GONE}|"
                          rf"(?i:go|goes|went)\b)")
_CAP = r"(?:(?-i:[A-Z][\w'.-]*)|[A-Za-z]+\d+|\d+)"
#: a removal said as the state the question assumes: "with Garbh and Tarf both closed, is it
#: still connected", "with hub 3 offline, …" (a participle: "with Ada left" keeps Ada)
WITH_REMOVED = re.compile(
    rf"\b(?i:with)\s+(?i:both\s+|all\s+)?(?:the\s+)?(?:(?i:node|member|nodes|members)\s+|"
    rf"{_NOUN_BEFORE_ID})?(?P<list>{_CAP}(?:\s*(?:,|(?i:,?\s*and\b)|&)\s*{_CAP})*)\s+"
    r"(?i:all\s+|both\s+|now\s+)?(?:(?i:closed|removed|deleted|gone|shut(?: down)?|taken out|"
    r"knocked out|out of (?:service|action|use)|offline|down|cut|blocked|dropped|disabled|"
    rf"unavailable)\b|{_WRECKED})")


def _with_removed(question: str) -> list[str]:
    m = WITH_REMOVED.search(question)
    if not m:
        return []
    found = [g for g in re.findall(_CAP, m.group("list")) if g.lower() not in ("and",)]
    return [clean(g) for g in found] if all(_ok(g) and g.lower() not in _NOT_REMOVED
                                            for g in found) else []


#: three or more removed at once: "if York, Selby and Leeds all close"
LIST_REMOVED = re.compile(rf"\b(?i:if)\s+(?i:all\s+)?(?P<list>{_ANY}(?:\s*,\s*{_ANY})+\s*,?\s+"
                          rf"(?i:and|&)\s+{_ANY})\s+(?i:all\s+|both\s+)?(?:{_GONE}|"
                          rf"(?i:go|goes|went)\b)")
_ADDED = re.compile(r"\bif\s+(?:we|you|i|they|someone)\s+(?:\w+\s+)?(?:add|added|connect|"
                    r"connected|introduce)\b(?!\s+up\b)|"
                    # "if we built a road from A to B" (not "if I build a crew-to-crew network":
                    # a network read off this one)
                    r"\bif\s+(?:we|you|i|they|someone)\s+(?:\w+\s+)?(?:build|built|create|created)\s+"
                    r"(?!(?:a|an|the)\s+(?:[\w-]+\s+){0,3}(?:network|graph|projection)\b)|\b(?:adding|building|opening|"
                    r"laying|launching)\s+(?:a|an|one|the)\s+(?:new\s+)?(?:\w+\s+)?(?:link|edge|road|"
                    r"tie|connection|line|flight|route|pipe|service|path)\b|"
                    # "if we opened a route between A and B", "if they launched a new line"
                    r"\bif\s+(?:we|you|i|they|someone)\s+(?:\w+\s+)?(?:open|opened|launch|launched|"
                    r"lay|laid)\s+(?:up\s+)?(?:a|an|one|the)\s+(?:new\s+)?(?:\w+\s+)?(?:link|edge|"
                    r"road|tie|connection|line|flight|route|pipe|service|path)\b|"
                    r"\bwere\s+(?:added|built|created)\b", re.IGNORECASE)
#: a removal the question plans, of anything ("if we removed the longest trail", "if you
#: drop the weakest tie"): the analysis is of the graph without it, whatever it names ("if
#: they dropped out" is their own leaving: a what-if the removal intents read)
_WE_REMOVE = re.compile(r"\b(?:if|suppose|say|imagine|assuming)\s+(?:that\s+)?(?:we|you|i|they)\s+"
                        r"(?:were to\s+|had to\s+|would\s+|'d\s+|decided? to\s+)?(?:remove[ds]?|"
                        r"delete[ds]?|drop(?:ped|s)?(?!\s+out\b)|close[ds]?|cut|shut(?: down)?|lose|lost|"
                        r"take[ns]? out|took out|knock(?:ed)? out|ban(?:ned)?|scrap(?:ped)?|"
                        r"block(?:ed)?|disable[ds]?)\b", re.IGNORECASE)
TOP_REMOVAL = re.compile(rf"(?:{_HUB.pattern}|{_CENTRAL.pattern})(?:\s+\w+)?\s+{_GONE}|"
                         rf"\b(?:without|removing|remove|losing|lose)\s+the\s+(?:{_HUB.pattern}|"
                         rf"{_CENTRAL.pattern})", re.IGNORECASE)
_NOT_REMOVED = {"we", "you", "i", "it", "they", "he", "she", "someone", "anyone", "one", "a", "an",
                "any", "this", "that", "node", "nodes", "everyone", "somebody", "all", "each",
                "every", "there", "edges", "edge", "links", "the"}
#: "how many cables would have to be cut to separate A from B", "how many links would have to
#: fail to cut A off from B": the pair's cut (no removal of A), never the route between them
PAIR_CUT = re.compile(r"\b(?:cut(?:ting)?|remov(?:e|ed|ing)|delet(?:e|ed|ing)|taken out|sever\w*|"
                      r"cancel(?:l?ed|ling|s)?|scrap(?:ped|ping)?|suspend(?:ed|ing)?|ax(?:e|ed|ing)|"
                      r"clos(?:e|ed|ing)|shut(?:ting)?|broken|"
                      r"break|fail|failed|go down|taken down|dropped|block(?:ed|ing)?|disabled|lost|"
                      r"undo|undone|dissolve[d]?|end)\b.*(?:\bto (?:fully |completely |totally )?"
                      r"(?:separate|disconnect|split|isolate|cut (?:\S+ ){1,3}off)\b|"
                      # "… have to close before town0 can no longer reach town20"
                      r"\b(?:before|until|so that|so|for)\s+\S+\s+(?:can\s+no\s+longer|cannot|can'?t|"
                      r"could\s+no\s+longer|could\s*n[o']t|no\s+longer)\s+(?:\w+\s+)?(?:reach|get\s+to|"
                      r"be\s+reached\s+from|contact|call|[a-z]+\s+(?:to|with))\s+\S|"
                      # "… shut so nobody can drive from town0 to town20 anymore"
                      r"\b(?:before|until|so that|so)\s+(?:nobody|no\s*one|nothing|no\s+\w+|you|we|"
                      r"they)\s+(?:can\s+no\s+longer|cannot|can'?t|can|could\s*n[o']t|could)\s+"
                      r"(?:\w+\s+){0,2}from\s+\S+\s+to\s+\S|"
                      # "… close so there's no way at all from city0 to city30"
                      r"\b(?:before|until|so that|so|such that)\s+there(?:'s|’s|\s+is|\s+are)\s+no\s+"
                      r"(?:(?:more|longer|other)\s+)?(?:way|route|path|connection|link)s?\s+(?:at\s+all\s+)?"
                      r"(?:left\s+)?(?:from|between)\s+\S+\s+(?:to|and)\s+\S|"
                      # "… shut before Rotterdam loses every route to Jeddah"
                      r"\b(?:before|until|so that|so|for)\s+\S+\s+(?:loses|lose|has\s+no|have\s+no|"
                      r"is\s+left\s+with\s+no)\s+(?:(?:every|all|any|each)\s+)?(?:\w+\s+)?(?:routes?|"
                      r"paths?|ways?|connections?|links?)\s+(?:to|with|into)\s+\S)", re.IGNORECASE)
#: both ends of a node's edges said of a directed graph ("neither making nor receiving one",
#: "in or out", "either as caller or callee"): its degree, never one end's
BOTH_ENDS_SAID = re.compile(r"\bdegree\b|\bin total\b|\beither (?:way|direction)\b|\bboth ways\b|"
                            r"\bneither\b.*\bnor\b|\bin or out\b|\bisolated\b|"
                            r"\bnever (?:shows?|turns?) up\b|\beither as\b", re.IGNORECASE)
EDGE_REMOVAL = re.compile(
    r"\b(?:remov\w*|delet\w*|drop\w*|cut\w*|without|los[et]\w*|clos\w*)\s+(?:the\s+)?"
    r"(?:edge|link|tie|road|connection)\s+(?:between|from|joining|connecting)\b|"
    r"\bif\s+the\s+(?:edge|link|tie|road|connection|friendship|relationship|partnership|"
    r"flight|route)\s+(?:between|from|joining|connecting)\s+.+?"
    r"(?:were|was|is|got)?\s*(?:removed|deleted|cut|closed|lost|dropped|ended|ends|broke|"
    r"breaks|stopped|stops)", re.IGNORECASE)
_LINK = (r"(?:(?:cable|link|road|edge|line|connection|tie|route|pipe|wire|track|ferry|sailing|"
         r"crossing|flight|bridge|tunnel|trail|lane|channel|corridor|service|stretch(?:e)?|leg|"
         r"segment|section|span|waterway|canal|street|highway|railway|passage|pipeline|"
         r"hose|duct|feeder|collaboration|partnership|friendship|relationship|pairing|"
         r"loan|contract|deal|game|match|fixture|bout|swap|path|footpath|walkway|cycleway)s?|matches|ferries)")
_BROKEN = (r"(?:(?:gets?\s+|is\s+|were\s+|was\s+|goes\s+|went\s+)?(?:cut|removed|closed|closes|"
           r"broken|breaks|down|lost|severed|deleted|fails|failed|dropped|cancell?ed|suspended|"
           r"trips|tripped|stops running|stopped running|goes offline|went offline|"
           r"(?:had\s+)?never\s+(?:happened|existed|been\s+\w+)|ended|ends|"
           rf"shut(?: down)?|blocked|out of service|offline|scrapped|discontinued|"
           # "if the wolves-sharks game gets wiped from the record"
           rf"wiped(?:\s+(?:out|off|from\s+the\s+\w+))?|erased|struck\s+off|annulled|voided)\b|{_WRECKED})")
#: one edge a what-if removes: "if the Langmere - Marsh End cable gets cut", "if the road
#: between Cedar and Dogwood closes"
EDGE_GONE = [re.compile(p, re.IGNORECASE) for p in (
    rf"\bthe\s+(?P<a>[\w.' ]+?)\s*(?:-|–|—|\bto\b)\s*(?P<b>[\w.' ]+?)\s+{_LINK}\s+{_BROKEN}",
    rf"\bthe\s+(?:direct\s+|main\s+|only\s+)?{_LINK}\s+(?:between|from)\s+"
    rf"(?P<a>[\w.' ]+?)\s+(?:and|to)\s+(?P<b>[\w.' ]+?)\s+{_BROKEN}",
    # "say bread and pasta stop being bought together", "if Ana and Bo no longer work together"
    r"(?:\b(?:if|say|suppose|imagine|once|when|what\s+if)\s+|^\s*)(?P<a>(?-i:[A-Z])[\w.'-]*|[a-z]+\d+|"
    r"\d+)\s+and\s+(?P<b>(?-i:[A-Z])[\w.'-]*|[a-z]+\d+|\d+)\s+(?:stop(?:s|ped)?|no\s+longer|never\s+again|"
    r"ceased?|quit)\s+(?:being\s+)?[a-z]+")]
#: "if Dunst-Elm closes", "once the Dunst–Elm cut is closed": two names joined by a dash
EDGE_DASHED = re.compile(
    rf"(?:\b(?:if|once|when|after|should|suppose|imagine)\s+|(?:^\s*|[.;!]\s+))(?:the\s+)?"
    rf"(?P<a>(?-i:[A-Z])[\w.']*)"
    rf"\s*(?:-|–|—)\s*(?P<b>(?-i:[A-Z])[\w.']*)\s+(?:{_LINK}\s+)?{_BROKEN}|"
    # "Elm's total hours without the Corve-Elm stretch"
    rf"\bwithout\s+(?:the\s+|their\s+|its\s+)?(?P<c>(?-i:[A-Z])[\w.']*)\s*(?:-|–|—)\s*"
    rf"(?P<d>(?-i:[A-Z])[\w.']*)(?:\s+{_LINK})?\b", re.IGNORECASE)


def _edge_gone_match(question: str) -> re.Match[str] | None:
    for rx in (*EDGE_GONE, EDGE_DASHED):
        m = rx.search(question)
        if m:
            return m
    return None


#: the edge between a route's own two ends: "the detour from Selby to York if the direct road
#: between them closed"
_THEM_GONE = re.compile(rf"\bthe\s+(?:direct\s+|main\s+|only\s+)?{_LINK}\s+(?:between|joining|"
                        rf"connecting)\s+them\s+{_BROKEN}", re.IGNORECASE)
_ROUTE_ENDS = re.compile(r"\bfrom\s+((?-i:[A-Z][\w.'-]*)|[a-z]+\d+|\d+)\s+to\s+"
                         r"((?-i:[A-Z][\w.'-]*)|[a-z]+\d+|\d+)\b", re.IGNORECASE)


def edge_gone(question: str) -> list[str] | None:
    """The two ends of the one edge a what-if removes, or None."""
    m = _edge_gone_match(question)
    if m:
        found = m.groupdict()
        a, b = (found["a"], found["b"]) if found.get("a") else (found["c"], found["d"])
        return [a.strip(), b.strip()]
    ends = _ROUTE_ENDS.search(question) if _THEM_GONE.search(question) else None
    return [ends.group(1), ends.group(2)] if ends else None


def edge_gone_span(question: str) -> tuple[int, int] | None:
    """Where the words of the removed edge stand in ``question`` ("the road between Elm and
    Fir closes"), or None: a route asked elsewhere is no part of them."""
    m = _edge_gone_match(question) or _THEM_GONE.search(question)
    return m.span() if m else None


ORDINAL = re.compile(r"\b(second|2nd|third|3rd|fourth|4th|fifth|5th)(?:[- ](?:most|highest|largest|"
                     r"biggest|best|greatest|top|strongest|most[- ]\w+|least|lowest|fewest|"
                     r"smallest|weakest)|\s+(?:on|in) the (?:list|"
                     r"ranking))\b", re.IGNORECASE)
#: a rank next to a named node's: "who comes right after Valjean", "the one just behind 33"
NEXT_AFTER = re.compile(r"\b(?:comes?|ranks?|ranked|sits?|is|are|places?|placed|finish(?:es)?)\s+"
                        r"(?:right\s+|just\s+|immediately\s+|directly\s+)?(?:after|behind)\s+"
                        r"(?:(?-i:[A-Z0-9])|[a-z]+\d)|\bnext\s+after\s+(?:(?-i:[A-Z0-9])|[a-z]+\d)|"
                        # "After the Medici, which family ranks next by closeness?"
                        r"^\s*after\s+(?:the\s+)?(?:(?-i:[A-Z0-9])|[a-z]+\d)[\w'.-]*\s*,\s*(?:which|who|what)\b"
                        r"[^?]*\bnext\b",
                        re.IGNORECASE)
_ORDINALS = {"second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5,
             "5th": 5}


def ordinal(question: str) -> int | None:
    """The rank a question asks for: "the second most connected" -> 2, else None."""
    m = ORDINAL.search(question)
    return _ORDINALS[m.group(1).lower()] if m else None


FUTURE = re.compile(r"\blikely to\b|\bgoing to (?!be\b)\w+|\bwill (?:\w+ )?(?:quit|leave|churn|"
                    r"drop out|join|buy|fail|default|stop|break)\b|\bchurn\w*|\bforecast\w*|"
                    r"\bin the future\b|\bnext (?:week|month|year|quarter|time)\b|"
                    r"\b(?:quit|leave|join|buy|fail|churn|drop out)\s+next\b", re.IGNORECASE)
#: a route there and back: "the cheapest round trip", "from LHR to LAX and back"
ROUND_TRIP = re.compile(r"\bround[- ]trips?\b|\band back(?:\s+again)?\b|\bthere and back\b|"
                        r"\breturn (?:trip|journey|leg)\b", re.IGNORECASE)
#: two measures of each node set against each other: "more outgoing than incoming links", "the
#: biggest gap between in- and out-degree" (no tool ranks a difference of two measures)
VERSUS = re.compile(r"\bmore\s+(?:out-?going|in-?coming|outbound|inbound)\s+(?:\w+\s+)?than\s+"
                    r"(?:out-?going|in-?coming|outbound|inbound)\b|\b(?:gap|difference|imbalance)\s+"
                    r"between\s+(?:(?:its|their|the)\s+)?(?:in|out|incoming|outgoing)(?:-?degree)?\s+"
                    r"and\s+(?:its\s+|their\s+)?(?:in|out|incoming|outgoing)\b|\b(?:sends?|calls?|"
                    r"cites?|follows?|pays?)\s+more\s+than\s+(?:it|they|he|she)\s+(?:receives?|gets?|"
                    r"is\s+\w+|are\s+\w+)\b", re.IGNORECASE)
#: a verdict asked of the data: "is the pond healthy?", "how healthy is this community?",
#: "is that normal?" — the graph gives measures, not verdicts
JUDGEMENT = re.compile(r"\b(?:how|is|are|was|were|looks?|seems?)\s+(?:(?:it|this|that|they|these|"
                       r"those|the\s+\w+(?:\s+\w+)?|[A-Z]\w+)\s+)?(?:(?:very|really|too|so)\s+)?"
                       r"(?:healthy|unhealthy|normal|abnormal|happy|unhappy|sad|fine|okay|ok|good|"
                       r"bad|fair|unfair|weird|strange|suspicious|worrying|alarming)\b|"
                       # "which group is the best", "which crew is the worst": a verdict with
                       # no measure named
                       r"\b(?:which|what)\s+(?:group|team|crew|community|cluster|faction|camp|one)\s+"
                       r"(?:is|was)\s+(?:the\s+)?(?:best|worst|better|worse)\s*(?:one)?\s*(?:[?.!]|$)",
                       re.IGNORECASE)
#: an aside on the answer's form, no verdict: "just the size is fine", "the number alone will
#: do", "only the count is ok" (dropped before the question is read)
FORMAT_ASIDE = re.compile(
    # "density of the stop network? rough % is fine"
    r"(?:(?<=[.?!,;])|\s[-–—]\s)\s*(?:a\s+)?(?:rough|approximate|ballpark)\s+(?:%|percentage|figure|"
    r"number|value|answer)\s+(?:is|'s|would\s+be|will\s+be)\s+(?:fine|ok|okay|good|enough)\s*[.!]*\s*$|"
    r"(?:(?<=[.?!,;])|\s[-–—]\s)\s*(?:(?:just|only)\s+)?(?:the\s+)?(?:[a-z]+\s+)?(?:size|number|count|figure|"
    r"total|names?|list|answer|value|ids?)(?:\s+(?:alone|only))?\s+(?:is|are|will be|would be|'s)\s+"
    r"(?:fine|ok|okay|good|enough|plenty|all i need)(?:\s+(?:for me|thanks))?\s*[.!]*\s*$"
    r"|\s*\(\s*(?:just|only)?\s*(?:the\s+)?(?:size|number|count|figure|total|names?)\s+(?:is\s+)?"
    r"(?:fine|ok|okay|enough)\s*\)", re.IGNORECASE)
NEGATION = re.compile(r"\b(?:not|outside|except|excluding|other than|besides|apart from|"
                      r"aside from|neither|nor|leaving out|leave out|setting aside|not counting|"
                      r"disregarding)\b|n't\b|\bin the other \w+?(?<!s)\b|"
                      # "which stations are never part of a loop": those on none
                      r"\bnever\s+(?:\w+\s+)?(?:part of|involved in|caught in|belong\w* to|"
                      r"(?:in|on) (?:a|any|one)\b)",
                      re.IGNORECASE)
BOTTOM = re.compile(r"(?<!\bat )\b(?:least|lowest|fewest|smallest|minimum|minimal|weakest|"
                    r"bottom)\b(?!\s+(?:\d|one|two|three|four|five)\b)"
                    r"(?!\s+(?:number of\s+)?(?:steps|hops|stops|transfers|moves|jumps|roads|"
                    r"edges|links|legs)\b)"
                    # "the most lowest-latency routes": the kind of route, not the bottom
                    r"(?![- ][\w-]+\s+(?:[\w-]+\s+)?(?:routes|paths|connections)\b)",
                    re.IGNORECASE)
#: a "not" that excludes nothing: "if not, which ones …", "whether or not", "counting legs
#: (not hours)": a condition or the measure chosen
_NOT_EXCLUSION = re.compile(
    r"\bif\s+not\b|\bor\s+not\b|\bnot\s+(?:sure|just|only|necessarily|counting)\b|"
    r"\(\s*not\s+(?:the\s+|by\s+|in\s+)?(?:[\w-]+\s+){0,2}?(?:hours?|minutes?|mins?|seconds?|km|"
    r"kilomet\w+|miles?|hops?|steps?|legs?|distances?|weights?|times?|counts?|edges?|links?|"
    r"column|values?|weighted|unweighted|direction)\s*\)|"
    # "no transfers at all, neither in nor out": both ends' edges (a degree), no exclusion
    r"\bneither\s+(?:in|out|incoming|outgoing|inbound|outbound|sending|receiving|sent|received|"
    r"giving|getting|making|taking)\s+nor\s+(?:in|out|incoming|outgoing|inbound|outbound|sending|"
    r"receiving|sent|received|giving|getting|making|taking)\b|"
    # "(not number of roads)", "not who has the most links - who …": the measure it is not
    r"\(\s*not\s+(?:by\s+)?(?:the\s+)?(?:number|count|amount|total|sum)\s+of\s+[\w-]+\s*\)|"
    r"^\s*not\s+(?:who|which|what)\b[^-–—?]{1,60}[-–—]|"
    # "… would split the map so some city can't be reached anymore": the split, said
    r"\b(?:so|so that|leaving)\s+(?:some|any|a|one)\s+\w+\s+(?:can(?:no|')t|could(?:n't|\s+not))\s+"
    r"(?:be\s+reached|reach|get\s+(?:to|there))\b|"
    # "a single link that, if it hadn't happened, would leave …": a removal supposed
    r"\bif\s+(?:it|they|that|this|he|she|we)\s+(?:had(?:n't|\s+not)|was(?:n't|\s+not)|"
    r"were(?:n't|\s+not)|did(?:n't|\s+not))\s+(?:happened|existed|been\s+(?:there|made|added|"
    r"formed|played|signed)|taken\s+place|exist)\b", re.IGNORECASE)
AVOID = re.compile(r"\b(?:avoid\w*|bypass\w*|skip(?:s|ped|ping)?\b|not (?:going |passing )?(?:through|via)|"
                   r"without (?:going |passing |travell?ing )?(?:through|via)|"
                   r"except(?:ing)?|excluding|other than)\s+(?:the\s+)?\S", re.IGNORECASE)
_COUNT_ASK = re.compile(r"^\s*(?:so\s+|and\s+|now\s+)?(?:how many|count|what is the number of|"
                        r"what's the number of|number of)\b|\bhow many\b", re.IGNORECASE)


#: a measure taken within one part of the graph: "in the largest component", "within the
#: biggest community"
SCOPE = re.compile(r"\b(?:in|within|inside|among|of|across)\s+(?:the\s+)?(?:largest|biggest|"
                   r"main|giant|smallest)\s+(?:connected\s+)?(?:component|piece|part|"
                   r"island|cluster|community)\b", re.IGNORECASE)


#: a leading restriction clause: "among the coastal cities, …", "of the fish only, …"
_LEAD_RESTRICTION = re.compile(r"^\s*(?:so\s+|and\s+)?(?:among|of|out of)\s+(?:the\s+|all\s+"
                               r"(?:the\s+)?|these\s+|those\s+)?(?P<words>[\w' -]+?)"
                               r"(?:\s+only)?\s*,", re.IGNORECASE)


def restricted(question: str) -> bool:
    """Whether the question opens by restricting its nodes with more than their noun
    ("among the coastal cities, …"; "among the cities, …" restricts nothing)."""
    m = _LEAD_RESTRICTION.search(question)
    if m is None or re.search(r"'s\b|\b(?:neighbou?rs?|friends|contacts|partners|links|ties|"
                              r"connections|edges|pairs|components|communities|groups|clusters|"
                              r"pieces|parts|ones?|them|these|those)\b", m.group("words"),
                              re.IGNORECASE):
        return False  # "of Dogwood's neighbours", "of the two communities": read elsewhere
    words = re.sub(r"\b(?:in|of|on|across)\s+(?:the\s+|this\s+|our\s+)?(?:[\w-]+\s+)?(?:graph|"
                   r"network|data|dataset|table|web|map)\b", " ", m.group("words"),
                   flags=re.IGNORECASE)  # "of the nodes in the network": all of them
    return len([w for w in words.split() if w.lower() not in ("all", "every", "the")
                and not w.isdigit()]) >= 2  # "of the 12 harbours": all of them


def named(question: str) -> list[str]:
    """Node names the question names: candidate names but the sentence's first word, unless
    the question is put to it ("Gus: how many friends?", "Open Cup 3, who played?")."""
    first = re.match(r"\s*([A-Za-z][\w'.-]*)", question)
    lead = first.group(1) if first else ""
    if re.match(r"\s*[A-Z][\w'.-]*(?: [A-Z0-9][\w'.-]*)*\s*[:,]\s", question):
        lead = ""  # a name the question is put to
    return [n for n in names(question) if ((n != lead and not n.startswith(lead + " "))
            or any(ch.isdigit() for ch in n)) and not re.fullmatch(r"\d+-[a-z]+", n)
            and not re.search(rf"\b{re.escape(n)}-[a-z]", question)]


def features(question: str) -> set[str]:
    """The question features an intent must cover to answer it (``registry.FEATURES``)."""
    out = set()
    if named(question):
        out.add("entity")
    threshold_at, hops_at = _THRESHOLD.search(question), _HOPS.search(question)
    if threshold_at and not (hops_at and hops_at.start() <= threshold_at.start() < hops_at.end()):
        out.add("threshold")  # "in at most 2 flights" is a number of steps, not a threshold
    if EDGE_THRESHOLD.search(question):
        out.add("weight")  # the threshold is on an edge value, not a node count
    if ORDINAL.search(question) or NEXT_AFTER.search(question):
        out.add("ordinal")  # "the second most connected": only a ranking says which
    if FUTURE.search(question):
        out.add("future")  # "most likely to quit next": a forecast no ranking makes
    if ROUND_TRIP.search(question):
        out.add("roundtrip")  # "cheapest round trip from A to B and back": two routes, not one
    if VERSUS.search(question):
        out.add("versus")  # "more outgoing than incoming links": two measures set apart
    if JUDGEMENT.search(question):
        out.add("judgement")  # "is the pond healthy?": a verdict no measure gives
    if NEGATION.search(_NOT_EXCLUSION.sub(" ", PAIR_CUT.sub(" ", question))):  # "… before A could not reach B": the cut
        out.add("negation")  # "outside legal", "not in sales": no intent takes an exclusion
    if BOTTOM.search(question):
        out.add("bottom")  # "the least central": a ranking from the bottom
    if SCOPE.search(question):
        out.add("scope")  # "the highest degree in the largest component": a measure within a part
    if AVOID.search(question):
        out.add("removal")  # a route that avoids a node: a path on the graph without it
    if _HOPS.search(question):
        out.add("hops")
    if (removal(question) or EDGE_REMOVAL.search(question) or MORE_REMOVED.search(question)
            or LIST_REMOVED.search(question) or edge_gone(question)
            or _with_removed(question)) and \
            not PAIR_CUT.search(question):
        out.add("removal")  # several removed at once: no intent takes them (it asks)
    if _ADDED.search(question) or _WE_REMOVE.search(question):
        out.add("removal")  # a change to the graph: an added edge is no analysis of this one
    if community_top(question):
        out.add("community_top")  # "the largest community and its hub": no intent ranks inside
    if len(set(conditions(question))) > 1:
        out.add("conditions")  # "10+ joint papers but fewer than 4 coauthors": one bound each
    return out


def conditions(question: str) -> list[str]:
    """The numbers of the bounds a question sets ("more than 3", "at least 10", "10+"),
    steps left out ("within 2 steps"): two different ones are two conditions (or a range),
    where one intent applies one; one bound said twice ("more than 7 (count > 7)") is one.

        >>> conditions("who has 10+ joint papers but fewer than 4 coauthors?")
        ['10', '4']
    """
    hops_at = [m.span() for m in _HOPS.finditer(question)]
    found = []
    for m in _THRESHOLD.finditer(question):
        number = re.search(rf"\d+(?:[.,]\d+)*|{_NUM}", question[m.start():], re.IGNORECASE)
        if number and not any(a <= m.start() < b for a, b in hops_at):
            found.append(number.group(0).lower())
    return found


#: a detected community picked by its size: "the largest community", "the biggest cluster"
_SIZED_COMMUNITY = re.compile(r"\b(?:largest|biggest|smallest|main|densest|tightest)\s+"
                              r"(?:community|cluster)\b", re.IGNORECASE)
_TOP_OF_PART = re.compile(r"\b(?:hub|most\s+\w+|highest\s+\w+|best[- ]connected|top\s+\w+|"
                          r"central|key\s+\w+|leader|biggest\s+\w+|largest\s+\w+)\b",
                          re.IGNORECASE)
_NODE_OF_PART = re.compile(r"\bwho(?:m|'s)?\b|\bwhich\s+\w+|\bits\b|\btheir\b|\bin it\b|"
                           r"\bhub\b", re.IGNORECASE)


def community_top(question: str) -> bool:
    """Whether the question asks for a node ranked inside a community picked by its size
    ("what's the largest community and who is its hub", "who is the most connected member
    of the biggest cluster"): the community is the first step, the ranking inside it the
    second."""
    m = _SIZED_COMMUNITY.search(question)
    if not m:
        return False
    rest = question[:m.start()] + " " + question[m.end():]
    return bool(_TOP_OF_PART.search(rest) and _NODE_OF_PART.search(rest))


_ALSO_REMOVED = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+(?:and|&)\s+)(?:the\s+)?"
                           r"((?-i:[A-Z][\w'.-]*)|[A-Za-z]+\d+|\d+)\b")


def removals(question: str) -> list[str]:
    """Every node a what-if removes: "remove u1 and u2", "if both Ada and Bo left", "without
    A, B and C"; one name (or :data:`HUB`) as :func:`removal` reads it, else none."""
    listed = LIST_REMOVED.search(question)
    if listed:
        found = [g for g in re.findall(r"[A-Za-z][\w'.-]*|\d+", listed.group("list"))
                 if g.lower() not in ("and",)]
        if all(_ok(g) and g.lower() not in _NOT_REMOVED for g in found):
            return [clean(g) for g in found]
    both = MORE_REMOVED.search(question)
    if both and all(_ok(g) and g.lower() not in _NOT_REMOVED for g in both.groups()):
        return [clean(g) for g in both.groups()]
    with_gone = _with_removed(question)
    if with_gone and not removal(question):
        return with_gone
    first = removal(question)
    if first is None or first in (HUB, CENTRAL):
        return [first] if first else []
    for rx in _REMOVAL:
        m = rx.search(question)
        if m is None or clean(m.group(1)).rstrip(".") != first:
            continue
        out, rest = [first], question[m.end(1):]
        while (more := _ALSO_REMOVED.match(rest)) and _ok(more.group(1)):
            out.append(clean(more.group(1)))
            rest = rest[more.end():]
        return out
    return [first]


#: the whole graph's node or edge connectivity: how many must go before it falls apart
WHOLE_CUT = re.compile(
    r"\b(?:node|vertex|edge)[- ]connectivity\b|\bmin(?:imum)?[- ]cut\b|"
    r"\bhow many (?:\w+ )?(?:nodes|vertices|edges|links|ties|people|staff|\w+s) (?:must|would|need to|have to|"
    r"should)(?: have to)? (?:be |you |we |i |they )?(?:have to )?(?:cut|removed?|deleted?|delete|remove|take out|taken out|closed|close|severed)"
    r"(?!.*\b(?:from|between|loops?|cycles?|forest|tree|acyclic)\b)|"
    # "how many camps would have to go down to split the network"
    r"\bhow many (?:\w+ )?(?:nodes|vertices|edges|links|ties|people|staff|\w+s) (?:must|would|need to|have to|"
    r"should)(?: have to)? (?:be )?(?:go down|fail|shut(?: down)?|close|knocked out|taken down|"
    r"blocked)\b(?!.*\b(?:from|between|if|when)\b)(?=.*\b(?:split|disconnect|break|separate|"
    r"fragment|apart|pieces|in two|into two)\b)|"
    r"\b(?:min(?:imum)?|fewest|smallest|least)\s+(?:number\s+of\s+)?(?:\w+\s+)?(?:nodes|vertices|"
    r"edges|links|ties|people|staff|\w+s)\b.*\b(?:cut|remov\w*|delet\w*|take out|knock out|clos|shut|"
    r"sever|lose|fail|block|disabl|destroy|take down|leav|quit|depart|drop|resign)\w*\b.*\b(?:disconnect|split|break|separate|fragment|apart\b|"
    r"(?:in|into) (?:\w+ )?pieces\b|(?:in|into) (?:two|2|halves)\b|in half\b)",
    re.IGNORECASE)  # "… closed to cut the network apart", "… to cut the road network in two"


def removal(question: str) -> str | None:
    """The node (or ``a-b`` edge) a what-if question removes: "if Medici were removed",
    "without Valjean", "removing the edge between A and B" (that one: ``pair``)."""
    hub = TOP_REMOVAL.search(question)
    if hub:
        return HUB if _HUB.search(hub.group(0)) else CENTRAL
    for rx in _REMOVAL:
        m = rx.search(question)
        if m and _ok(m.group(1)) and m.group(1).lower() not in _NOT_REMOVED:
            return clean(m.group(1)).rstrip(".")
    return None


_NODE_ASK = re.compile(r"(?:^|^(?:within|among|amongst|inside|in|of|for|looking at)\b[^,?]{0,60},)"
                       r"\s*(?:so\s+|and\s+|now\s+)?(?:which|who|whom)\b[^?]*?\b(?:most|highest|best|"
                       r"largest|biggest|top|least|lowest|fewest|smallest|greatest|strongest|"
                       r"weakest)\b", re.IGNORECASE)


#: "who are the two most central": the top two of a ranking, not a pair
_TOP_TWO = r"(?!\s+(?:\w+\s+)?(?:most|highest|top|leading)[- ](?:central|important|influential|prominent))"
_PAIR_ASK = re.compile(r"(?:^|[,;:]\s*)\s*(?:so\s+|and\s+|now\s+)?(?:which|what|who)\s+(?:(?:two|pair|couple)\b|"
                       rf"are the two\b){_TOP_TWO}", re.IGNORECASE)


#: a question asking Yes or No: "is there …", "does A follow B", not "do you …" (a request)
#: a yes or no asked in so many words: "bipartite y/n?", "connected, yes or no?"
YES_OR_NO = (r"\by\s*/\s*n\b|\byes\s+or\s+no\b|"
             # "caves, bipartite or not?": the one property, asked as a yes or no
             r"^[^?]{0,60}\b(?:bipartite|connected|planar|regular|complete|acyclic|a\s+tree|a\s+dag|"
             r"directed|weighted|cyclic)\s+or\s+not\s*\??\s*$")
_YESNO_ASK = re.compile(r"^\s*(?:so\s+|and\s+|now\s+)?(?:is|are|was|were|does|do|did|has|have)\b"
                        rf"(?!\s+(?:you|u)\b)|{YES_OR_NO}|"
                        # "if I start at v7 and follow the links, can I get to v3?"
                        r"^\s*(?:if|when|say|suppose|starting|setting off)\b[^?]*?\b(?:can|could|"
                        r"will|would)\s+(?:i|we|one|it|they)\s+(?:still\s+|ever\s+)?(?:get|reach|"
                        r"make|end|arrive|find|go)\b|"
                        # "if 0 leaves the club, does anyone end up with no friends left?"
                        r"^\s*(?:if|when|once|suppose|say)\b[^?,]*,\s*(?:is|are|was|were|does|do|did|"
                        r"has|have|will|would)\b(?!\s+(?:you|u)\b)|"
                        # "ignoring direction, is every ward tied into one network?"
                        r"^\s*(?!(?:which|what|who|whom|whose|how|where|list|name|show|give|find|"
                        r"rank|count|tell)\b)[^?,]{3,60},\s*(?:is|are|does|do|has|have)\s+"
                        r"(?:there|it|this|that|every|each|all|any|the|[a-z]+\d+)\b", re.IGNORECASE)


def opens_yes_no(question: str) -> bool:
    """Whether the question opens as a yes/no ("do the Continental operators sell any
    energy to Nordic ones? y/n -- and how many …"), whatever else it asks after."""
    return _YESNO_ASK.search(question) is not None


def asked_kind(question: str) -> str | None:
    """The kind of answer the question's form asks for: ``count`` ("how many ..."),
    ``pair`` ("which two ..."), ``node`` ("which ... has the most ..."), ``yesno`` ("is
    there a direct flight from A to B?"), else None."""
    if _COUNT_ASK.search(question):
        return "count"
    if _YESNO_ASK.search(question):
        return "yesno"
    if _PAIR_ASK.search(question):
        return "pair"
    return "node" if _NODE_ASK.search(question) else None


def threshold(question: str) -> tuple[str, float] | None:
    """(op, value) of "more than 3" (gt), "at least 3" (ge), "fewer than 3" (lt), "at most
    3" (le), "exactly 3" (eq), "3 or more" (ge); "over one million" is 1e6.

        >>> threshold("loans over one million euros?"), threshold("at least 2.5 thousand")
        (('gt', 1000000.0), ('ge', 2500.0))
    """
    rules = [(rf"(?:more|greater|higher|larger|bigger|{_EDGE_MORE}) than|over|above|exceeding|"
              r">(?!=)", "gt"),
             (r"at least|>=|≥", "ge"),
             (rf"(?:fewer|less|lower|smaller|{_EDGE_LESS}) than|below|under|<(?!=)", "lt"),
             (r"at most|<=|≤", "le"), (r"exactly", "eq")]
    for words, op in rules:
        m = re.search(rf"(?:{words})\s*(?:[$€£]\s*)?({_NUM}|one|zero|no|once|twice)\b", question,
                      re.IGNORECASE)
        if m:
            return op, _value(m.group(1)) * _scale(question[m.end():])
    m = re.search(rf"\b({_NUM})\s+(?:{_UNIT}\s+|{_BOUND_NOUN})?or (more|greater|higher|longer|over|above|"
                  rf"{_EDGE_MORE}|fewer|less|lower|shorter|under|below|{_EDGE_LESS})\b", question,
                  re.IGNORECASE)
    if m:
        up = m.group(2).lower() in {"more", "greater", "higher", "over", "above",
                                    *_EDGE_MORE.split("|")}
        return ("ge" if up else "le", _value(m.group(1)))
    m = re.search(r"\b(\d+(?:\.\d+)?)\+(?=\s|$)", question)  # "3+ joint papers", "40+ minutes"
    if m:
        return "ge", float(m.group(1))
    return None


def hops(question: str) -> tuple[int, bool] | None:
    """(k, exactly) of "within 2 steps" (False) or "exactly 2 hops away" (True)."""
    m = _HOPS.search(question)
    if not m:
        return None
    k = re.search(_NUM, m.group(0), re.IGNORECASE)
    exact = bool(re.search(r"exactly|precisely|distance", m.group(0), re.IGNORECASE)) or (
        not re.search(r"within", m.group(0), re.IGNORECASE)
        and bool(re.search(r"\baway\b", m.group(0))))
    return (int(_value(k.group(0))) if k else 1), exact


def _scale(after: str) -> float:
    """The multiplier a number word after a bound carries: "over one million" is 1e6."""
    m = re.match(r"\s*(thousand|million|billion)\b", after, re.IGNORECASE)
    return {"thousand": 1e3, "million": 1e6, "billion": 1e9}[m.group(1).lower()] if m else 1.0


_SCALE_UNITS = {1e3: {"k", "thousand", "thousands", "000s"},
                1e6: {"m", "mn", "mil", "mio", "million", "millions"},
                1e9: {"b", "bn", "billion", "billions"}}


def in_column_units(value: float, question: str, column: str) -> float:
    """A bound read by :func:`threshold` ("over 50 million" is 5e7) in the units of the column
    it is compared with: ``population_m`` already counts millions, so 50.

        >>> in_column_units(5e7, "population above 50 million", "population_m")
        50.0
        >>> in_column_units(1e6, "loans over one million euros", "amount_eur")
        1000000.0
    """
    value = _in_column_unit(value, question, column)
    m = re.search(r"\b(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten)\s*"
                  r"(thousand|million|billion)\b", question, re.IGNORECASE)
    if not m:
        return value
    scale = _scale(" " + m.group(1))
    tokens = set(re.split(r"[_\W]+", column.lower()))
    return value / scale if tokens & _SCALE_UNITS[scale] else value


#: a time unit in seconds, and a length unit in metres, by the words a question or a column
#: name writes it with
_TIME_UNITS = {**dict.fromkeys(("second", "seconds", "sec", "secs"), 1.0),
               **dict.fromkeys(("minute", "minutes", "min", "mins"), 60.0),
               **dict.fromkeys(("hour", "hours", "hr", "hrs"), 3600.0),
               **dict.fromkeys(("day", "days"), 86400.0),
               **dict.fromkeys(("week", "weeks", "wk", "wks"), 604800.0)}
_LENGTH_UNITS = {**dict.fromkeys(("m", "metre", "metres", "meter", "meters"), 1.0),
                 **dict.fromkeys(("km", "kms", "kilometre", "kilometres", "kilometer",
                                  "kilometers"), 1000.0),
                 **dict.fromkeys(("mile", "miles", "mi"), 1609.344),
                 **dict.fromkeys(("ft", "feet", "foot"), 0.3048),
                 **dict.fromkeys(("cm",), 0.01)}


def _bound_rx(units: dict[str, float]) -> re.Pattern[str]:
    return re.compile(r"\b(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten)"
                      r"\s*(" + "|".join(sorted(units, key=len, reverse=True)) + r")\b",
                      re.IGNORECASE)


_BOUNDS = ((_TIME_UNITS, _bound_rx(_TIME_UNITS)), (_LENGTH_UNITS, _bound_rx(_LENGTH_UNITS)))


def _in_column_unit(value: float, question: str, column: str) -> float:
    """A bound said in one time or length unit ("three weeks", "longer than 5 km") in the
    unit a column's name says (``lead_days``: 21, ``length_m``: 5000); the value as it is
    where either unit is not said.

        >>> _in_column_unit(3.0, "links with a lead time of three weeks or more", "lead_days")
        21.0
        >>> _in_column_unit(2.0, "trips over 2 hours", "minutes")
        120.0
        >>> _in_column_unit(30.0, "trips over 30 minutes", "minutes")
        30.0
        >>> _in_column_unit(5.0, "stretches longer than 5 km", "length_m")
        5000.0
        >>> _in_column_unit(800.0, "cables over 800 m", "fibre_km")
        0.8
    """
    for units, bound in _BOUNDS:
        m = bound.search(question)
        tokens = [t for t in re.split(r"[_\W]+", column.lower()) if t in units]
        if not m or len(tokens) != 1 or _value(m.group(1)) != value:
            continue
        said, held = units[m.group(2).lower()], units[tokens[0]]
        return value if said == held else round(value * said / held, 6)
    return value


def _value(word: str) -> float:
    w = word.lower()
    if w in ("zero", "no"):
        return 0.0
    if w in ("once", "twice"):  # "cited more than twice"
        return 1.0 if w == "once" else 2.0
    return float(_WORDS[w]) if w in _WORDS else float(w)


def figure_weight(question: str, meaning: dict) -> dict:
    """The ``weight`` argument of a path figure (diameter, path length): the edge value the
    question names or asks for ("in minutes", "how far"), ``None`` when it counts hops
    ("how many stops apart"), else nothing (the graph's default weight applies)."""
    from igraph_agent.model.weights import as_length_args, asked_weight

    choice = asked_weight(question, meaning)
    if choice.column and choice.why != "default":  # ("trail distance" on a plain weight: a length)
        return {"weight": choice.column, **as_length_args(question, meaning, choice.column)}
    roles = meaning.get("weights") or {}
    if (choice.why == "default" and roles.get(choice.column) == "strength") or (
            choice.why == "none" and roles.get(meaning.get("default_weight")) == "strength"):
        return {"weight": None}  # a strength (papers together) is no length: path figures count hops
    return {"weight": None} if choice.why == "hops" else {}


def path_unit_words(unit: str | None, use: dict | None) -> str:
    """`` hops`` / `` km`` / `` (1/weight, weight read as a distance)`` after a path figure."""
    if not unit or unit == "hops":
        return " hops"
    if use and use.get("inverted"):
        return f" in {unit} ({use.get('attribute')} is a {use.get('role')}, read inverted)"
    return f" {unit}"
