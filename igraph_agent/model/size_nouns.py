"""What a "how many …" counts, before an intent counts nodes or edges for it. The noun
counted must be a word for the attached data's nodes or edges where a named thing did or
holds it: "how many co-authored papers does the grant network contain" on a
researcher,researcher,grant_eur table counts papers, which no row is, so the overview (the
graph's node and edge counts) steps aside; "how many yellow cards did the DEF group pick up"
on a table of passes is no count of the group's edges or members. A noun that is the
subject ("how many loans were made", "how many reports cite TR01") may be the user's own
word for the rows or the nodes, and is taken as such.

    >>> info = {"edge_attributes": ["grant_eur"], "attached_sources": [
    ...     {"tables": {"edges": ["researcher_a", "researcher_b", "grant_eur"]}}]}
    >>> counted_noun("how many co-authored papers does the grant network contain?")
    'papers'
    >>> counts_the_data("how many co-authored papers does the grant network contain?", info)
    False
    >>> counts_the_data("how many researchers are there?", info)
    True
    >>> counts_the_data("how many grants are in the grant network?", info)
    True
    >>> counts_edges("how many yellow cards did the DEF group pick up?", info)
    False
    >>> counts_edges("how many ties lie within the DEF group?", info)
    True
"""

from __future__ import annotations

import re
from typing import Any

#: the words that end the counted noun phrase: "how many aircraft did we …"
_STOP = frozenset("""are is were was be been do does did have has had in on of exist exists
there across between and or we you i the this that these those to from with per altogether
overall total all can could will would should get got make made that which who whose for at
by into out within among amongst each every it they them""".split())
#: the words that say which of a kind, never the kind: "how many different people"
_KIND_WORDS = frozenset("""different distinct other unique separate more fewer individual
single total new old""".split())
#: the words for a node or an edge on any data
_GENERIC = frozenset("""node nodes vertex vertices vertice edge edges link links tie ties
connection connections relationship relationships row rows entry entries record records pair
pairs people persons person member members entity entities item items thing things friendship
friendships partnership partnerships collaboration collaborations character characters user
users account accounts line lines arc arcs element elements point points""".split())


def counted_noun(question: str) -> str | None:
    """The noun a "how many" counts ("how many weekly flights are there": flights), or None
    where none is said."""
    m = re.search(r"\bhow\s+many\b", question, re.IGNORECASE)
    if m is None:
        return None
    run: list[str] = []
    for word in re.findall(r"[A-Za-z][\w'-]*|[^\sA-Za-z]", question[m.end():]):
        low = word.lower()
        if low in _STOP or not re.fullmatch(r"[a-z][a-z'-]*", low):
            break
        run.append(low)
    # the first plural of the words before a verb or a preposition ("yellow cards", "ties
    # lie"), else the first word ("aircraft did", "people live")
    run = [w for w in run if w not in _KIND_WORDS]
    return next((w for w in run if re.search(r"[^s']s$", w)), run[0] if run else None)


def _data_words(info: dict[str, Any]) -> set[str]:
    from igraph_agent.model.vocabulary import NODE_NOUNS, data_nouns

    own = set(data_nouns(info))  # the common node words only where the data has none of its own
    words = own or set(NODE_NOUNS)
    cols = [*(info.get("edge_attributes") or []), *(info.get("node_attributes") or [])]
    for src in info.get("attached_sources") or []:
        for table_cols in (src.get("tables") or {}).values():
            cols += list(table_cols)
    meaning = info.get("meaning") or {}
    cols += [str(w) for w in meaning.get("direction") or []]
    cols += [str(w) for w in meaning.get("sides") or []]
    for c in cols:
        words.update(w for w in re.split(r"[^a-z]+", str(c).lower()) if len(w) >= 3)
    return words


def counts_the_data(question: str, info: dict[str, Any]) -> bool:
    """Whether the noun a "how many" counts names this data's nodes or edges: a common word
    for either, a word of a column's name, or the word the question names the data by ("the
    grant network": grants). True where no noun is said, where the noun is the subject ("how
    many loans were made"), or where the data has no named columns to tell by (a graph loaded
    as a graph)."""
    noun = counted_noun(question)
    if noun is not None and _forms(noun) & _SHAPES and not _forms(noun) & _data_words(info):
        return False  # "how many closed trios are there": a shape in the graph, not its size
    if noun is None or not info.get("attached_sources") or _subject(question, noun) or \
            _OURS.search(question) or (not _own_nouns(info) and _held(question, noun)):
        return True  # ("how many loans were made", "how many phone numbers do we have", "how
        # many species does the food web contain" where predator,prey names no kind of node)

    forms = _forms(noun)
    if forms & _GENERIC:
        return True
    named = {w.lower() for w in re.findall(r"\b([A-Za-z]+)[- ](?:network|graph|data|dataset|"
                                            r"table|log|list|records?)\b", question)}
    words = _data_words(info) | named | EDGE_WORDS | _people_words(info)
    return bool(forms & words) or any(f and w.startswith(f) for f in forms for w in words
                                      if len(f) >= 4) or any(shortened(w, noun)
                                                             for w in _data_words(info))


#: the user's own holdings counted: "how many ferry routes do we have", "how many phone
#: numbers have we got"
_OURS = re.compile(r"\b(?:do|did|does)\s+(?:we|you|i|they)\s+(?:have|hold|run|operate|record|"
                   r"keep|know\s+of|list|track|own|use|serve|got)\b|\b(?:have|has)\s+(?:we|you|i)\s+"
                   r"got\b", re.IGNORECASE)


#: the words for an edge, whatever the data
EDGE_WORDS = frozenset("""flight route crossing sailing journey ride lane road pipe cable
wire line track street trail corridor channel row shipment delivery trip visit call email
message transfer loan payment deal trade referral citation pass game match marriage friendship
collaboration order sale purchase booking rating review vote like follow mention reply retweet
link arc connection tie relationship interaction segment run leg hop walkway passage passageway doorway""".split())
#: what a count of a graph's parts may be said as, whatever the data
_PARTS = frozenset("""triangle cycle loop clique community cluster component piece part group
island bridge path route hop step stop leg jump neighbour neighbor partner contact friend degree
time level layer generation core chain triad square motif walk source sink leaf leave hub root
descendant ancestor child parent follower team department unit kind type class category
value bit chunk blob fragment pool subgraph subnetwork network set web body clump camp faction
circle silo cell bubble""".split()) | EDGE_WORDS

#: the shapes a count may ask for, never the graph's size: "how many closed trios are there"
_SHAPES = frozenset("""triangle trio triad triple triplet threesome quartet foursome square
cycle loop clique motif star chain path walk dyad community cluster component piece
island bridge hub leaf sink source root core faction clan squad crew camp circle bloc
subgroup""".split())


def _forms(noun: str) -> set[str]:
    """A plural noun's possible singulars ("communities": community, "buses": bus)."""
    out = {noun, noun[:-1] if noun.endswith("s") else noun}
    if noun.endswith("ies"):
        out.add(noun[:-3] + "y")
    if noun.endswith("es"):
        out.add(noun[:-2])
    return out


def _held(question: str, noun: str) -> bool:
    """Whether the thing counted is what the subject holds ("how many species does the food
    web contain", "how many clinics does Northgate have"), not what it did ("how many aircraft
    did we reposition")."""
    return re.search(rf"\b{re.escape(noun)}\s+(?:do|does|did)\s+[^?.!]{{1,40}}?\b(?:have|hold|"
                     r"contain|include|employ|house|host|own|cover|serve|count|list|look\s+after|"
                     r"run|comprise)\b", question, re.IGNORECASE) is not None


def counts_edges(question: str, info: dict[str, Any]) -> bool:
    """Whether a "how many" that a group's or a node's edges would answer counts edges: no
    noun said, the noun the subject, or a word for an edge, a tie, a column or a quantity
    an edge carries ("how many passes did the DEF group play between them"; not "how many
    yellow cards did the DEF group pick up")."""
    noun = counted_noun(question)
    if noun is None or not info.get("attached_sources") or _subject(question, noun) or \
            _RELATION.search(noun):
        return True
    from igraph_agent.graph.semantics import _DISTANCE, _STRENGTH

    known = _data_words(info) | _GENERIC | _PARTS | _STRENGTH | _DISTANCE
    forms = _forms(noun)
    return bool(forms & known) or any(shortened(w, noun) for w in _data_words(info))


def edges_joining(question: str, info: dict[str, Any]) -> bool:
    """Whether "how many X <verb>" counts edges in the data's words, a word for an edge that
    names no node, joining things ("how many corridors connect the Main block to …")."""
    from igraph_agent.model.vocabulary import NODE_NOUNS, data_nouns

    noun = counted_noun(question)
    return noun is not None and bool(info.get("attached_sources")) and bool(
        _forms(noun) & EDGE_WORDS) and not _forms(noun) & (set(data_nouns(info)) | set(NODE_NOUNS)
                                                           | _data_words(info)) and bool(
        re.search(rf"\b{re.escape(noun)}\s+(?:\w+\s+)?(?:connects?|links?|joins?|runs?|go(?:es)?|leads?|"
                  r"cross(?:es)?)\b", question, re.IGNORECASE))  # (a group's "ties" are counted)


def counts_nodes(question: str, info: dict[str, Any]) -> bool:
    """Whether a "how many" that counts nodes of a group counts nodes: no noun said, the noun
    the subject, or a word for a node, a column's word or a group value's members ("how many
    stations does the MAN base look after"; not "how many yellow cards did the DEF group pick
    up")."""
    noun = counted_noun(question)
    from igraph_agent.model.vocabulary import NODE_NOUNS, data_nouns

    if noun is None or not info.get("attached_sources") or _subject(question, noun) or \
            _OURS.search(question) or _held(question, noun):
        return True  # ("how many clinics does Northgate have": its members in the user's word)

    groups = (info.get("meaning") or {}).get("node_attributes") or {}
    values = {w for spec in groups.values() if isinstance(spec, dict)
              for v in spec.get("top_values") or [] for w in re.split(r"[^a-z]+", str(v).lower())
              if len(w) >= 3}
    known = _data_words(info) | set(NODE_NOUNS) | _GENERIC | set(data_nouns(info)) | values
    forms = _forms(noun)
    return bool(forms & known) or any(f.startswith(w) for f in forms for w in values | known
                                      if len(w) >= 4)


#: the words for a node's partners, whatever the data: "how many collaborators does okafor
#: have" counts its neighbours
_RELATION = re.compile(r"(?:mate|partner|friend|colleague|collaborator|co-?author|contact|peer|"
                       r"associate|all(?:y|ie)|acquaintance|follower|neighbou?r|connection|link|"
                       r"tie|relation|relationship|counterpart|opponent|rival|competitor)s?$")


#: the common words for people
_PERSONS = frozenset("""people persons person member members user users character characters
individual individuals""".split())


def _own_nouns(info: dict[str, Any]) -> list[str]:
    """The data's own words for its nodes: its endpoint columns' words that are no role of an
    edge's end ("researcher" of researcher_a; not caller, predator, citing)."""
    from igraph_agent.model.vocabulary import ROLE_WORDS, data_nouns

    return [w for w in data_nouns(info) if not re.fullmatch(r"[a-z]{3,}(?:ed|ing)", w)
            and w not in ROLE_WORDS and w not in ("passer", "sampler", "predator", "prey",
                                                   "origin", "destination", "followee")]


def _people_words(info: dict[str, Any]) -> set[str]:
    """The words for people where the data's nodes are people ("how many residents does the
    association have" on a helper,helped table): its word for them is one ("researcher",
    "helper") or its node ids are proper names (Ana, Ben); else none."""
    from igraph_agent.model.side_nouns import PEOPLE
    from igraph_agent.model.vocabulary import data_nouns

    ids = [str(n.get("id")) for n in info.get("sample_nodes") or []]
    named = bool(ids) and sum(bool(re.fullmatch(r"[A-Z][a-z]{2,}", i)) for i in ids) > len(ids) / 2
    people = named or any(w in PEOPLE or w.rstrip("er") + "er" in PEOPLE
                          for w in data_nouns(info))
    return set(PEOPLE) | _PERSONS | {"resident", "volunteer", "helper"} if people else set()


def _subject(question: str, noun: str) -> bool:
    """Whether the counted noun is the subject of the question's verb ("how many reports cite
    TR01"), not its object ("how many cards did the group pick up")."""
    m = re.search(rf"\b{re.escape(noun)}\b\s+(\w+)", question, re.IGNORECASE)
    return m is None or m.group(1).lower() not in {"did", "do", "does", "have", "has", "had",
                                                    "will", "would", "can", "could", "should"}


def shortened(short: str, word: str) -> bool:
    """Whether ``short`` is a column's short form of ``word``: its letters in order, the first
    the same ("apps" for appearances, "msgs" for messages, "qty" for quantity).

        >>> shortened("apps", "appearances"), shortened("msgs", "messages"), shortened("km", "kilometres")
        (True, True, False)
    """
    short = short.rstrip("s")
    if len(short) < 3 or not word.startswith(short[0]) or len(short) >= len(word):
        return False
    at = 0
    for ch in short:
        at = word.find(ch, at)
        if at < 0:
            return False
        at += 1
    return True
