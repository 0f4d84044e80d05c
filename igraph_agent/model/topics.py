"""A hurried question that opens with its topic: a node or group ("medici - who'd they marry
into", "Penrith: list its neighbouring stations", "member 33 - which club?", "tech team: how
dense is it internally") or the data set's own name ("roads: how many loops", "staff - most
common # of ties"). The planner reads the topic into the question (a pronoun pointing back
at it becomes its name, else "for <topic>" closes the question), and drops a data set's name
that search_node finds no node for.

    >>> split("medici - who'd they marry into")
    ('medici', "who'd they marry into")
    >>> inlined("medici", "who'd they marry into")
    "who'd medici marry into"
    >>> inlined("Penrith", "list its neighbouring stations and the minutes to each.")
    "list Penrith's neighbouring stations and the minutes to each."
    >>> inlined("member 33", "which club?")
    'which club for member 33?'
    >>> split("Which towns, if any, are cut off?") is None
    True
"""

from __future__ import annotations

import re

#: "<topic>: <question>", "<topic> - <question>", "<topic>, <question>" with a topic of one
#: to three words
_TOPIC = re.compile(r"^\s*(?P<x>[A-Za-z@][\w.'@-]*(?:\s+[A-Za-z0-9][\w.'-]*){0,2}?)"
                    r"(?:\s*:|\s+[-–—]|\s*,)\s+(?P<rest>\S.*)$")
#: a topic's first word that opens a question or an aside instead
_NOT_A_TOPIC = frozenset("""what which who whom whose how why where when is are was were do does
did can could would should will if so ok okay quick also and then now note btw fyi q question
please hey hi hello in on for among of given ignoring without with after before assuming
suppose say imagine take first second next last besides except apart yes no right sure thanks
list show find rank count name give tell compare describe between from to by""".split())
#: a question's own start: the rest must be a question of at least two words
_ASKS = re.compile(r"^\s*\S+\s+\S", re.IGNORECASE)
_SUBJECT = re.compile(r"\b(?:they|he|she|it)\b(?!')", re.IGNORECASE)
_OWNER = re.compile(r"\b(?:their|his|its)\b", re.IGNORECASE)
_OBJECT = re.compile(r"\b(?:them|him)\b", re.IGNORECASE)


def split(question: str) -> tuple[str, str] | None:
    """(topic, the question after it), or None where the question opens otherwise."""
    m = _TOPIC.match(question)
    if m is None or m.group("x").split()[0].lower() in _NOT_A_TOPIC or not _ASKS.match(m.group("rest")):
        return None
    if re.search(r"(?:ing|ed|ly)$", m.group("x").split()[0], re.IGNORECASE):
        return None  # "Counting hops only, …", "Leaving Odile out, …": a clause, no topic
    if question[m.end("x"):m.start("rest")].strip() == "," and not (
            re.fullmatch(r"[a-z]+", m.group("x")) and re.match(r"[a-z]", m.group("rest"))):
        return None  # "Stone Weir, Harbour Gate: …": a list; only "petersen, nodes …" is a topic
    if any(w.lower() in _NOT_A_TOPIC for w in m.group("x").split()[1:]):
        return None  # "ok so roads: …" is no topic of three words
    return m.group("x"), m.group("rest")


def inlined(topic: str, rest: str) -> str:
    """The question with its topic read in: a pronoun that points back at it becomes its
    name; with none, "for <topic>" closes the question."""
    out, n = _SUBJECT.subn(topic, rest, count=1)
    if not n:
        out, n = _OWNER.subn(f"{topic}'s", rest, count=1)
    if not n:
        out, n = _OBJECT.subn(topic, rest, count=1)
    if n:
        return out
    body = rest.rstrip()
    end = re.search(r"[?.!]+$", body)
    stop = end.group(0) if end else ""
    return f"{body[:len(body) - len(stop)]} for {topic}{stop}"


#: a node stated closed, gone or down: "Museum stop is closing for renovation.", "city34 is
#: closed for roadworks.", "town24 is flooded."
_CLOSED = re.compile(r"^\s*(?:the\s+)?(?P<x>\S+?)(?:\s+(?:stop|station|node|site|depot|hub|junction|port|"
                     r"airport|substation|office|branch|road|line|club|team|group|lab|shop|store|"
                     r"course|event|project|department|unit|server|account|package|library))?"
                     # "Ivo's moving away", "Ben goes on leave next month"
                     r"(?:(?:'s|’s|\s+is)\s+(?:moving\s+away|moving\s+out|going\s+away|quitting|"
                     r"resigning|retiring|stepping\s+down|dropping\s+out|on\s+(?:\w+[- ])?leave)|"
                     r"\s+(?:goes|went|is\s+going)\s+on\s+(?:\w+[- ])*?leave|\s+(?:quits|quit|resigns|"
                     r"resigned|retires|retired|moves\s+away|moved\s+away))\b|"
                     r"^\s*(?:the\s+)?(?P<y>\S+)(?:\s+(?:stop|station|node|site|depot|hub|junction|port|"
                     r"airport|substation|office|branch|road|line|club|team|group|lab|shop|store|"
                     r"course|event|project|department|unit|server|account|package|library))?\s+"
                     r"(?:is|are|was|were|has been|will be|gets?|got)\s+(?:being\s+|now\s+|"
                     r"temporarily\s+|about\s+to\s+be\s+)?(?:clos\w*|shut\w*|"
                     r"flooded|down|out of (?:service|action)|offline|removed|leaving|gone|blocked|"
                     r"cut off|folding|disband\w*|dissolv\w*|scrapped|cancel\w*|retired|"
                     r"deprecated|decommission\w*)\b", re.IGNORECASE)
#: a removal planned in a statement: "We're thinking of delisting coffee.", "We plan to close
#: Harbor."
_PLANNED = re.compile(r"^\s*(?:we(?:'re|\s+are)|i(?:'m|\s+am)|they(?:'re|\s+are))\s+(?:thinking\s+of|"
                      r"planning\s+(?:on|to)|going\s+to|about\s+to|considering)\s+(?:delist|drop|remov|"
                      r"clos|cut|retir|discontinu|shut(?:t)?|scrap|los|sell|fir)\w*\s+(?:off\s+|down\s+)?"
                      r"(?:the\s+)?(?P<x>(?-i:[A-Z])[\w.'-]*|[a-z][\w.-]*)\s*\.?\s*$", re.IGNORECASE)
#: a route's two ends said in a statement: "I need to get from Station to Airport"
_ROUTE_SAID = re.compile(r"\bfrom\s+((?-i:[A-Z])[\w.'-]*|[a-z]+\d+)\s+to\s+((?-i:[A-Z])[\w.'-]*|[a-z]+\d+)\b")
#: a statement of who ranks first: "emp18 has the most ties", "paper00 is the most cited"
_RANKED_FACT = re.compile(r"\b(?:most|least|highest|lowest|largest|biggest|top|best|\w+est)\b",
                          re.IGNORECASE)
#: a question's own opening, after an optional "but" / "and" / "so"
_OPENS_ASKING = re.compile(r"^\s*(?:(?:but|and|so)\s+)?(?:who|whom|whose|which|what|how|where|is|are|"
                           r"does|do|did|can|could|would|will)\b", re.IGNORECASE)
_OPENER = re.compile(r"^\s*(?:but|and|so)\s+", re.IGNORECASE)
#: a statement that sets a condition the question keeps: never dropped
_CONDITION = re.compile(r"\b(?:if|suppose\w*|assum\w*|imagin\w*|ignor\w*|without|except\w*|"
                        # "only count …", not "BER only opened recently"
                        # (nor "Isla is only in one seminar": a fact about her)
                        r"(?<!\bis\s)(?<!\bwas\s)(?<!\bhas\s)(?<!\bhad\s)"
                        r"only(?!\s+(?:just\s+)?(?:opened|joined|started|arrived|recently|came|began|"
                        r"launched|got))|"
                        r"weigh\w*|unweighted|treat\w*|consider\w*|take|remov\w*|delet\w*|drop\w*|"
                        r"after|before|once|when|unless|exclud\w*|includ\w*|count\w*|use|using|"
                        r"direct\w*|undirected|per|each|every|among|within|between|not|no|never|"
                        r"clos\w*|shut|flood\w*|block\w*|down|out|gone|broke\w*|fail\w*|left|"
                        r"leav\w*|quit\w*|retir\w*|fired|cut|lost|offline|closure|works|outage)\b",
                        re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'])|(?<=;)\s+(?=(?:who|whom|which|what|how)\b)")
_PRONOUN = re.compile(r"\b(?:they|them|he|him|she|it)\b(?!')|\b(?:their|his|its)\b", re.IGNORECASE)


#: how a statement opens: "There's a route …", "The Medici dominate …", "We know …"
_STATEMENT_OPENS = frozenset("""there there's the a an it it's this these those our my we i i'm
we're they""".split())


def _stated(sentence: str) -> bool:
    """Whether a sentence states a fact ("There's a route from Arlo to Dunmore.", "Medici
    is the hub.") rather than bids one do something ("Start at Quay and sail …")."""

    first = sentence.split()[0].lower() if sentence.split() else ""
    named = _names(sentence)
    return first in _STATEMENT_OPENS or bool(named and sentence.lstrip().startswith(named[0]))


#: a statement opening with a lone name, which reads as a sentence's first word: "BER only
#: opened recently.", "Valjean is the hero."
_NAME_OPENS = re.compile(r"^\s*(?P<x>[A-Z]{2,}\d*|[A-Z][a-z]+\d*)\s+(?:is|was|has|had|just|only|"
                         r"recently|opened|closed|joined|left|became|seems|looks|went)\b")


def _names(sentence: str) -> list[str]:
    """The names a statement says, its opening lone name too."""
    from igraph_agent.model import slots

    named = slots.named(sentence)
    m = _NAME_OPENS.match(sentence)
    if m and m.group("x").lower() not in _NOT_A_TOPIC and m.group("x") not in named:
        named = [m.group("x"), *named]
    return named


def context_read(question: str, own: set[str] | frozenset[str] = frozenset()) -> str:
    """A question after a statement of context ("There's a route from Arlo to Dunmore. Can I
    also get back …?", "The Medici obviously dominate betweenness. Take them out …: who is the
    most between family then?"): a pronoun of the question that points back at the
    statement's one named node becomes its name, and the statement, which asks nothing and
    sets no condition (nor names a group value or column, ``own``), is dropped — the planner
    answers the question, not the context.

        >>> context_read("The Medici obviously dominate betweenness. Take them out of the "
        ...              "network: who is the most between family then?")
        'Take Medici out of the network: who is the most between family then?'
        >>> context_read("There's a route from Arlo to Dunmore. Can I get back from Dunmore to Arlo?")
        'Can I get back from Dunmore to Arlo?'
        >>> context_read("I need to get from Station to Airport fast. How many minutes is the "
        ...              "quickest trip?")
        'How many minutes is the quickest trip from Station to Airport?'
        >>> context_read("Ignore the weights. Who is most central?")
        'Ignore the weights. Who is most central?'
        >>> context_read("i know emp18 has the most ties. but who's the top go-between by betweenness")
        "who's the top go-between by betweenness"
    """
    from igraph_agent.model import slots

    fact = _LOWER_FACT.match(question.strip())
    if fact and re.search(rf"(?<![\w-]){re.escape(fact.group('x'))}(?![\w-])", fact.group("rest")) \
            and not _CHANGE.search(fact.group("lead")):
        # "sam only reviews, nobody reviews sam. how many people can be reached from sam …?":
        # a fact about the node the question asks about again, typed in lower case
        return fact.group("rest")
    said = _PAIR_SAID.match(question.strip())
    two = slots.named(said.group("lead")) if said else []
    if said and not slots.named(said.group("rest")) and len(two) == 2 and \
            said.group("lead").lstrip().startswith(two[0]) and not re.search(
                r"\b(?:remov\w*|delet\w*|drop\w*|without|if|cut|take|clos\w*|block\w*|leav\w*)\b",
                said.group("lead"), re.IGNORECASE):
        # "emp00 and emp01 write to each other — how many messages go each way?"
        a, b = slots.named(said.group("lead"))
        body = said.group("rest").rstrip().rstrip("?.!")
        return f"{body[:1].upper()}{body[1:]} between {a} and {b}?"
    pair = _PAIR_STATED.match(question.strip())
    if pair and _BETWEEN_THEM.search(pair.group("rest")):
        # "Hill and Nash keep covering for each other. How many lessons have gone between
        # them, both ways?": the two named where the question points back at them
        a, b = pair.group("a"), pair.group("b")
        return _BETWEEN_THEM.sub(f"between {a} and {b}", pair.group("rest"), count=1)
    parts = _SENTENCE.split(question.strip())
    if len(parts) < 2 and re.search(r"\.\s+(?:but|and|so)\s+(?:who|which|what|how)\b", question,
                                    re.IGNORECASE):  # "i know X. but who's …" typed lower-case
        parts = re.split(r"(?<=\.)\s+(?=(?:but|and|so)\s)", question.strip(), flags=re.IGNORECASE)
    if len(parts) < 2 or not (parts[-1].rstrip().endswith("?") or _OPENS_ASKING.match(parts[-1])):
        return question
    lead = [p for p in parts[:-1] if p.rstrip().endswith((".", ";"))]
    closed = (_CLOSED.match(lead[0]) or _PLANNED.match(lead[0])) if len(lead) == 1 else None
    if closed:  # "emp22 is leaving. Leaving them out, how many …": the removal said twice
        parts[-1] = re.sub(r"^\s*(?:(?:leaving|taking|keeping|with)\s+(?:them|him|her|it)\s+out|"
                           r"without\s+(?:them|him|her|it))\s*,\s*", "", parts[-1], flags=re.IGNORECASE)
    gone = (closed.group("x") or closed.group("y")) if closed and closed.re is _CLOSED else \
        closed.group("x") if closed else None
    if closed and (re.fullmatch(r"[A-Z][\w.'-]*|[a-z][\w.-]*\d[\w.-]*", gone) or (
            closed.re is _PLANNED and gone.lower() not in _NOT_A_TOPIC)) and \
            _OPENS_ASKING.match(parts[-1]):
        # "Museum stop is closing for renovation. Which stops would be cut off from Station?"
        rest = _OPENER.sub("", parts[-1])
        return f"If {gone} closed, {rest[:1].lower()}{rest[1:]}"
    if len(lead) != len(parts) - 1 or any(_CONDITION.search(p) or not _stated(p) for p in lead):
        return question
    if any(w in own for p in lead for w in re.findall(r"[a-z][\w-]*", p.lower())) and not (
            len(lead) == 1 and re.match(r"\s*(?-i:[A-Z])[\w.'-]*\s+(?:is|was|has|had|only)\b",
                                        lead[0])
            and lead[0].split()[0].lower() not in own):
        return question  # "Sales is the team I care about.": a group the question keeps
        # (but "Isla is only in one seminar.": a node's fact, the data's word after it)
    rest = _OPENER.sub("", parts[-1])  # "but who's the biggest go-between"
    named = [n for p in lead for n in _names(p)]
    if slots.named(rest):  # the statement only restates the question's nodes: context
        again = {n.lower() for n in slots.named(rest)}
        return rest if named and all(n.lower() in again for n in named) else question
    route = _ROUTE_SAID.search(" ".join(lead))
    if route and not slots.named(rest) and not _PRONOUN.search(rest):
        # "I need to get from Station to Airport fast. How many minutes is the quickest trip?"
        body = rest.rstrip().rstrip("?.!")
        return f"{body} from {route.group(1)} to {route.group(2)}?"
    if not _PRONOUN.search(rest):  # a question that stands alone after a fact it ranks
        # ("i know emp18 has the most ties. but who's the top go-between")
        return rest if _OPENS_ASKING.match(rest) and (not named or _RANKED_FACT.search(
            " ".join(lead))) else question
    if len(set(named)) != 1:
        return question
    name = named[0]
    m = _PRONOUN.search(rest)
    assert m is not None
    word = m.group(0).lower()
    said = f"{name}'s" if word in ("their", "his", "its") else name
    return rest[:m.start()] + said + rest[m.end():]


#: a lower-case statement about one node, then a question that names it again
_LOWER_FACT = re.compile(r"^(?P<lead>(?P<x>[a-z][\w.-]*)\s+[^.?!]{3,120}\.)\s+(?P<rest>(?:so\s+|but\s+)?"
                         r"(?:how|what|which|who|whom|is|are|does|do|did|can|could)\b[^.!]*\?)\s*$")
#: a change to the graph said in a statement: kept with the question, never dropped
_CHANGE = re.compile(r"\b(?:if|suppos\w*|assum\w*|imagin\w*|ignor\w*|without|except\w*|remov\w*|"
                     r"delet\w*|drop\w*|clos\w*|shut|fail\w*|left|leav\w*|quit\w*|retir\w*|gone|cut|"
                     r"lost|block\w*|down|offline|join\w*|add\w*|new)\b", re.IGNORECASE)
#: two nodes said as a statement's subject, then a question on "them": "Hill and Nash keep
#: covering for each other. How many lessons have gone between them?"
_PAIR_STATED = re.compile(r"^(?P<a>(?-i:[A-Z])[\w.'-]*|[a-z]+\d+)\s+and\s+(?P<b>(?-i:[A-Z])[\w.'-]*|[a-z]+\d+)\s+"
                          r"[^.?!]{3,80}[.!;]\s+(?P<rest>(?:so\s+)?(?:how|what|which|who|is|are|do|"
                          r"does|did)\b[^.!]*\??)\s*$", re.IGNORECASE)
_BETWEEN_THEM = re.compile(r"\bbetween\s+(?:the\s+two\s+of\s+)?them(?:\s+both)?\b|\bbetween\s+those\s+two\b",
                           re.IGNORECASE)
#: two nodes said in a clause, then the ask after a dash: "emp00 and emp01 write to each other
#: — how many messages go each way?"
_PAIR_SAID = re.compile(r"^(?P<lead>[^—–?:]{3,80}?\band\b[^—–?:]{3,80}?)\s+(?:[—–]|-{1,2})\s+"
                        r"(?P<rest>(?:so\s+)?(?:how|what|which|who|is|are|do|does|did)\b[^—–]*)$",
                        re.IGNORECASE)


#: a last sentence that asks, whatever mark ends it
_ASKING = re.compile(r"(?:^|[.!?]\s+)(?:which|what|who|whom|whose|how|where|is|are|was|were|does|"
                     r"do|did|can|could|will|would|should|has|have|list|show|name|give|tell|find|"
                     r"count|rank)\b[^.!?]*\.\s*$", re.IGNORECASE)


def asked_mark(question: str) -> str:
    """A question ended with a full stop ("List the accounts priya_k follows.", "Which
    towns are cut off.") ended with a question mark, as the planner's forms expect.

        >>> asked_mark("List the accounts priya_k follows.")
        'List the accounts priya_k follows?'
        >>> asked_mark("Medici is the hub.")
        'Medici is the hub.'
    """
    if _ASKING.search(question) and not re.search(r"\b(?:e\.g|i\.e|etc|vs)\.\s*$", question):
        return re.sub(r"\.\s*$", "?", question)
    return question
