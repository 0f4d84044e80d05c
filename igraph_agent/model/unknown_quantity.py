"""A magnitude the data holds nowhere, asked as a quantity: "which department pays the
highest salaries" on a sender,receiver,count table, "who earns the most money" on one whose
only number counts messages, "which town has the biggest population" on a table of road
lengths. Money, pay, age and head-counts are magnitudes a column must hold; summing the one
number the edges carry (a count of messages) answers another question. Where no edge or node
column is named like the magnitude, or is a generic value that could hold it (``weight``,
``value``, ``amount``), the planner asks, naming what the data holds (:func:`ask`), before
any intent reads the column it has.

    >>> info = {"edge_attributes": ["count"], "node_attributes": ["department"],
    ...         "meaning": {"direction": ["sender", "receiver"]}}
    >>> asked("Which department pays the highest salaries?", info)
    'salaries'
    >>> asked("Which department sends the most messages?", info) is None
    True
    >>> asked("who received the most money", {"edge_attributes": ["amount"]}) is None
    True
"""

from __future__ import annotations

import re
from typing import Any

#: what one node says, which no edge between two nodes carries ("which character has the
#: most lines of dialogue"): asked even where a plain ``weight`` could hold another magnitude
_SPOKEN = (r"lines\s+of\s+dialogue|dialogue|spoken\s+lines|lines\s+spoken|speaking\s+(?:time|lines)|"
           r"screen\s*time|words\s+spoken", r"dialog|line|speech|spoken|word|screen|speak")
#: a magnitude's words, and the column-name words that hold it
_MAGNITUDES: tuple[tuple[str, str], ...] = (
    (r"salar(?:y|ies)|wages?|pay(?:roll)?|income|earnings|revenues?|profits?|budgets?|money|"
     r"cash|funding|prices?|fee|fares?|toll|spending|turnover|tax(?:es)?|debts?|wealth|dollars|euros|"
     r"(?:hourly|day|daily|pay)\s+rates?|margins?|mark-?ups?|"
     r"(?:order|sales|trade|contract|deal|invoice|transaction)\s+values?",
     r"salar|pay|wage|income|earn|revenue|profit|budget|money|cash|fund|price|cost|fee|spend|"
     r"turnover|tax|debt|wealth|amount|value|usd|eur|gbp|dollar|pound|euro|sum|total|paid|"
     r"sale|worth|fare|toll|charge"),
    (r"ages?", r"^age|_age|age_|born|birth"),
    (r"populations?|inhabitants|headcount|head count", r"pop|inhabit|resident|people|headcount"),
    _SPOKEN,
    (r"costs?(?!\s+(?:paths?|routes?|trees?|flows?))|expenses?|attendance\s+rates?|ratings?",
     r"cost|expens|price|fee|attend|rating|(?:^|_)rates?(?:_|$)"),  # not "crates"
    # "the total elevation gain on the shortest way" on a table of trail lengths
    (r"elevation(?:\s+gain)?|altitude|ascent|climb(?:ing)?|height\s+gain",
     r"elev|alt|ascent|climb|height|gain"),
    # a pipe's width, asked by its adjective only (a bare "diameter" is the graph's own)
    (r"(?!x)x", r"diam|width|bore|gauge|\bdn\b"),
    # "how many calories in one portion" on a table of grams: a nutrient no column holds
    (r"calories|kcal|kilocalories|kilojoules|protein|carbs|carbohydrates?|nutrition(?:al\s+"
     r"value)?|vitamins?", r"cal|kj|protein|carb|nutri|vitamin|energy"),
    # "the average length of stay on each ward" on a table of transfers: how long each
    # patient stayed, which no count of transfers or transfer time holds
    (r"lengths?\s+of\s+stay|stay\s+lengths?|(?:hospital|inpatient|bed)\s+stays?",
     r"stay|\blos\b|(?:^|_)los(?:_|$)|bed_?days|dwell"),
    # "how many lines of code does rosa maintain" on a table of imports
    (r"lines\s+of\s+code|\bloc\b|\bsloc\b|code\s+size", r"loc|line|code|size"),
    # "the average loan length in months" on a count of works lent: how long each lasted
    (r"(?:lengths?|durations?)\s+(?:in|of)\s+(?:days|weeks|months|years)",
     r"day|week|month|year|dur|length|tenure|period|time|_(?:d|wk|mo|yr)s?$"),
    # a fee is no amount sent: "which town pays the most in transfer fees" on ``amount_usd``
    (r"(?:transfer\s+|transaction\s+|service\s+|processing\s+|bank\s+|handling\s+)?(?:fees|"
     r"commissions?|surcharges?|tolls)", r"fee|commission|surcharge|toll|charge"),
)
#: a duration asked: "how long does it take", "how much time", "the travel time", "how many
#: minutes"; a length ("how long is the route") is no duration
_TIME_ASKED = re.compile(r"\bhow long (?:does|do|did|will|would) (?:it|they|one|you|i|we|a \w+) "
                         r"(?:take|need)\b|\bhow much time\b|\b(?:travel|drive|driving|journey|"
                         r"walking|flight|transit|trip|ride|riding|cycling|delivery|shipping|transfer|commute) times?\b|\bhow many (?:minutes|hours|"
                         r"seconds|days)\b|"
                         # "the quickest route in minutes of call time"
                         r"\b(?:in|of)\s+(?:minutes|hours|seconds)\b|\b(?:call|talk|talking|"
                         r"waiting|wait|response|reply|turnaround|run|running) times?\b",
                         re.IGNORECASE)
_TIME_HOLDERS = (r"time|min|minute|hour|hrs?\b|sec|second|day|dur|latency|delay|ms\b|"
                 r"secs?\b|speed|eta")
#: a length asked in its unit: "how far apart in miles", "how many km from A to B"
_LENGTH_ASKED = re.compile(r"\b(?:in|how many|number of|the most|the fewest|the least|total|more|"
                           r"fewer)\s+(miles|km|kilometres|kilometers|metres|meters|feet|yards)\b|"
                           # "the total length of pipe (km) on the route"
                           r"\(\s*(?:in\s+)?(miles|km|kilometres|kilometers|metres|meters|feet|"
                           r"yards)\s*\)", re.IGNORECASE)
_LENGTH_HOLDERS = r"km|mile|met(?:er|re)|dist(?!rict)|length|len\b|feet|foot|ft\b|yard|_m\b|^m$"
#: a speed asked: "which crew gets to its callouts fastest", "how quickly"; a time or a length
#: column answers it ("the fastest route" by minutes or km), a count of callouts never does
_SPEED_ASKED = re.compile(r"\b(?:fastest|quickest|slowest|speediest|soonest)\b|\bhow\s+(?:fast|"
                          r"quickly|quick|slowly|soon)\b|\b(?:speed|response\s+speed)\b",
                          re.IGNORECASE)
#: a mass, volume or energy asked in its unit: "how many kg of fish", "in litres"
_UNIT_ASKED = re.compile(r"\b(?:in|how many|number of|the most|the fewest|the least|total|more|"
                         r"fewer)\s+(kg|kgs|kilos|kilograms|grams|tonnes|tons|pounds|lbs|litres|"
                         r"liters|gallons|kwh|mwh|gwh|barrels)\b", re.IGNORECASE)
_UNIT_HOLDERS = (r"kg|kilo|gram|tonne|ton|pound|lb|litre|liter|gallon|kwh|mwh|gwh|barrel|mass|"
                 r"volume|load|cargo|energy")
#: the quantities asked by their own form, not after "the most": (how asked, the column words
#: that hold it, the word the ask names it by — None: the unit the question says)
_ASKED_BY_FORM = ((_TIME_ASKED, _TIME_HOLDERS, "time"), (_LENGTH_ASKED, _LENGTH_HOLDERS, None),
                  (_SPEED_ASKED, rf"{_TIME_HOLDERS}|{_LENGTH_HOLDERS}", "speed or time"),
                  (_UNIT_ASKED, _UNIT_HOLDERS, None))
#: generic number columns that could hold any magnitude
_GENERIC = re.compile(r"^(?:weight|value|amount|score|number|num|n|x|val)$", re.IGNORECASE)
#: how a quantity is asked: "the highest salaries", "the most money", "how much revenue",
#: "the total budget", "average age"
_ASKED = (r"\b(?:how much (?:is|are|was|were|would be|will be)(?: the| a| an)?|"
          r"most|highest|largest|biggest|greatest|lowest|least|smallest|fewest|total|worst|"
          r"combined|average|mean|median|how much|how many|sum of|amount of|the \w+est|"
          r"by\s+(?:the\s+)?number\s+of|"
          # "what's the overnight mooring fee there"
          r"what(?:'s|’s|\s+is|\s+are|\s+was|\s+were)\s+(?:the|their|its|our|his|her)(?:\s+\w+)?|"
          # "what does she pay in membership fees", "how much is spent on fees"
          r"(?:pays?|paid|paying|spends?|spent|spending|earns?|earned|owes?|owed)\s+"
          r"(?:\w+\s+){0,2}?(?:in|on|for)|how much (?:\w+\s+){1,3}?(?:pays?|paid|spends?|spent|"
          r"earns?|earned|owes?|owed|costs?|charges?|charged|charging)|"
          # "tell me their hourly rates", "what margin does she make"
          r"(?:tell\s+me|give\s+me|list|show)\s+(?:their|his|her|its|the)|what)\s+(?:\w+\s+)?")
#: a magnitude asked by its adjective: "the most profitable", "the best paid", "the richest"
_ADJECTIVES = ((r"\b(?:most|least|more|less) (?:profitable|lucrative|valuable)\b|"
                r"\b(?:richest|wealthiest|poorest|priciest)\b|"
                r"\b(?:best|highest|worst|lowest|better|worse)[- ]paid\b|"
                # "how much does ana earn", "how much did the club pay"
                # (not "how much time is Sable spending on stage": a time the data may hold)
                r"\bhow much (?:(?!time\b|minutes\b|hours\b|effort\b)\w+\s+){1,5}?(?:earns?|earned|"
                r"earning|paid|pays?|paying|spends?|spent|"
                r"spending|owes?|owed|owing|charging|charges?|charged)\b|"
                # "what did Kiln pay per bag", "what does each roaster pay on average": a price
                r"\bwhat\s+(?:did|does|do|would|will)\s+(?:\w+\s+){1,3}?(?:pay|spend|charge|earn)\b"
                r"(?!\s+(?:in|on|for)\b)|"
                # "total up what Fernweh owes us for their bookings"
                r"\bwhat\s+(?:\w+\s+){1,2}?(?:owes|owed|pays|paid|spends|spent|earns|earned|"
                r"is\s+owed|was\s+paid)\b|"
                # "which guitarist earns the most per gig", "who got paid more"
                # (not "earned the most credits": a thing the data counts)
                r"\b(?:earns?|earned|earning|(?:gets?|got|is|was)\s+paid)\s+(?:the\s+)?(?:most|"
                r"least|more|less|highest|lowest)\b(?=\s*(?:[?.!,;(]|$|per\b|money\b|overall\b|for\b|"
                r"in\s+(?:total|pay|wages)\b|of\s+(?:all|anyone|everyone)\b|than\b))", 0),
               (r"\b(?:oldest|youngest|older|younger)\b", 1),
               # "which main has the widest pipe diameter"
               (r"\b(?:widest|narrowest|thickest|thinnest)\b(?:\s+\w+){0,2}?\s+(?:diameter|width|"
                r"bore)\b|\b(?:pipe|main|tube|hose)\s+(?:diameter|width|bore)\b", 6),
               (r"\b(?:most|least) populous\b", 2),
               # "which event cost the women the most to attend", "by how much their
               # referrals cost"
               (r"\bcost(?:s|ed)?\s+(?:\w+\s+){0,3}?(?:the\s+)?(?:most|least)\b|"
                r"\bhow\s+much\s+(?:[\w']+\s+){0,5}?cost(?:s|ed)?\b|"
                # "what would it cost to build a second line", "our cost per km"
                r"\bwhat\s+(?:would|will|does|did|do|might|could)\s+(?:it|this|that|(?:[\w']+\s+){1,5}?)"
                r"\s*cost(?:s|ed)?\b|"  # "what did the crates from northsea_fish cost us"
                r"\bcosts?\s+per\s+\w+", 4))

#: the noun a magnitude's adjective asks for
_NOUN_OF = (("earn", "earnings"), ("charg", "charges"), ("spen", "spending"), ("pay", "pay"), ("owe", "debt"), ("profit", "profit"), ("lucrative", "profit"), ("valu", "value"), ("paid", "pay"),
            ("rich", "wealth"), ("wealth", "wealth"), ("poor", "wealth"), ("pric", "price"),
            ("old", "age"), ("young", "age"), ("popul", "population"), ("cost", "cost"),
            ("diam", "pipe diameter"), ("wid", "pipe diameter"), ("narrow", "pipe diameter"),
            ("thick", "pipe diameter"), ("thin", "pipe diameter"))


def _noun_of(adjective: str) -> str:
    return next((n for stem, n in _NOUN_OF if stem in adjective.lower()), adjective.lower())


#: when it happened, where nothing is dated: "how many emails did HR send on mondays", "who
#: called most in 2019", "last month's busiest depot" (asked after every other unheld thing,
#: which names what is missing more precisely)
_WHEN: tuple[str, str, str] = (
    r"\bon\s+(?:mon|tues|wednes|thurs|fri|satur|sun|week)days\b|"
    r"\bevery\s+(?:mon|tues|wednes|thurs|fri|satur|sun|week)day\b|"
    r"\b(?:on|at|over)\s+(?:the\s+)?weekends\b|"
    r"\b(?:in|during|since|before|after|until)\s+(?:(?:19|20)\d\d|january|february|march|april|"
    r"may|june|july|august|september|october|november|december|q[1-4]|the\s+(?-i:summer|winter|spring|"
    r"autumn|mornings?|evenings?|night)(?!\s+(?-i:[A-Z])))\b|"
    r"\bat\s+night\b|\bin\s+the\s+(?:daytime|day)\b|"
    # a time of day: "how many rides left Central before 9am"
    r"\b(?:before|after|until|by|at|around)\s+\d{1,2}(?::\d\d)?\s*(?:am|pm|o'?clock)\b|"
    r"\bduring\s+the\s+day\b|\b(?:at|in)\s+(?:rush[- ]hour|"
    r"peak\s+times?|the\s+rush)\b|"  # "how much slower is it at night"
    r"\b(?:last|this|past|previous)\s+(?:week|month|year|quarter|summer|winter|season|"
    r"weekend)(?:'s)?\b|\byesterday\b|\bover\s+time\b|\b(?:per|each)\s+(?:day|week|month|year)\b|"
    # "which two published together most recently (latest year)", "the earliest date"
    r"\b(?:most|least)\s+recent(?:ly)?\b|\b(?:latest|earliest|newest|oldest|first|last)\s+"
    r"(?:year|date|month|day|time)\b|\brecently\b|\blately\b|\bthese\s+days\b|\bnowadays\b|"
    # "how has it changed", "compared with before": a change needs a before and an after
    r"\b(?:trend(?:s|ing)?|over\s+the\s+(?:years|months|weeks))\b",
    r"date|time|day|year|month|week|when|stamp|period|hour|season|quarter|_at$|created", "dates")


#: a quality of a person or a group that only a column could hold, asked in any form: (the
#: words, the column-name words that hold it)
_QUALITIES: tuple[tuple[str, str, str | None], ...] = (
    # an outcome of a contest: "how many podium finishes", "never won a regatta" on a table
    # of entries with a ``place``; a count of entries is no count of wins
    (r"\bpodiums?(?:\s+finish\w*)?\b|\b(?:has|have|had|never|ever|who|which\s+\w+)\s+won\b|"
     r"\bvictor(?:y|ies)\b|\bmedals?\b|\btroph(?:y|ies)\b|\bthe\s+most\s+wins\b",
     r"win|won|victor|medal|troph|podium|result|outcome", "wins"),
    (r"\b(?:morale|mood|happiness|wellbeing|well-being|job\s+satisfaction|satisfaction|"
     r"motivation|productivity|seniority|loyalty|personality|sentiment)\b",
     r"moral|mood|happ|well|satisf|motiv|produc|senior|loyal|person|sentiment|score|rating", None),
    # a kind of tie nobody recorded: "the most night shifts", "urgent emails", "cancelled
    # flights", "international shipments"
    (r"\b(?:night|late|early|weekend|overtime|urgent|priority|flagged|spam|cancel+ed|delayed|"
     r"failed|successful|returned|refunded|international|domestic|overseas|express|overdue|"
     r"unpaid|fraudulent|disputed|rejected|approved|pending|archived|deleted|encrypted|"
     r"anonymous)\s+(?:\w+\s+)?(?!(?:edges|links|ties|nodes|connections|arcs|vertices|"
     r"neighbou?rs|partners|paths|routes)\b)(?:[a-z]+s|deliveries)\b",
     r"night|late|early|weekend|overtime|urgent|priority|flag|spam|cancel|delay|fail|success|"
     r"return|refund|international|domestic|overseas|express|overdue|unpaid|fraud|disput|"
     r"reject|approv|pend|archiv|delet|encrypt|anonym|status|kind|type|class|categor",
     None),
    # a route's accessibility: "the fastest step-free route for a wheelchair user (no stairs)"
    (r"\b(?:step[- ]free|wheelchair|accessibility|barrier[- ]free|disabled\s+access|"
     r"no\s+stairs|without\s+stairs|avoid(?:ing)?\s+(?:the\s+)?stairs)\b",
     r"step|wheel|access|barrier|stair|lift|elevator|ramp|disab", "step-free access"),
    # how long someone has belonged: "how long has that chef been with the group"
    (r"\bhow\s+long\s+(?:has|have|had)\s+(?:[\w']+\s+){1,4}?been\b|\b(?:tenure|seniority|years\s+of\s+"
     r"service|length\s+of\s+service)\b",
     r"tenure|senior|since|joined|start|hired|year|date", "how long they have been there"),
    # a kind of distance set against another: "driving distance … (by road, not as the bee
    # flies)", "as the crow flies": which kind a length column holds, only its name can say
    (r"\bas\s+the\s+(?:crow|bee|bird)\s+flies\b",
     r"crow|straight|air|euclid|geodesic|haversine|bee|as_the|road|driv",
     "the kind of distance (by road or in a straight line)"),
    # how far someone can be trusted: "which contact's the least reliable, i.e. whose quotes
    # needed corrections most often"
    (r"\b(?:(?:un)?reliab(?:le|ility)|(?:un)?trustworth\w*|credibility|corrections|retractions|"
     r"complaints)\b", r"reliab|trust|credib|correct|retract|complain|score|rating", None),
    # work done alone on a table of what two share: "how many stories has adler written on his
    # own, no co-byline", "her solo papers"
    (r"\bhow\s+many\s+[a-z]+\s+(?:has|have|had|did|does|do)\s+(?:[\w']+\s+){1,3}?(?:written|"
     r"filed|done|made|played|released|recorded|published|produced|authored|worked|performed|"
     r"write|file|do|make|play|release|record|publish|produce|author|work|perform)\b[^?]*?"
     r"(?:\bon\s+(?:his|her|their|its|my|our)\s+own\b|\bsolo\b|\balone\b|\bby\s+(?:him|her|"
     r"them|it)sel(?:f|ves)\b|\bwithout\s+(?:a\s+|any\s+)?co-?[a-z]+|\bno\s+co-?[a-z]+)|"
     r"\bsolo\s+(?:stories|tracks|songs|papers|articles|pieces|works|albums|projects|bylines)\b",
     r"solo|alone|single|own", "work done alone"),
    # when someone came: "who turned up late to the Feb04 rehearsal", "who's always on time"
    (r"\b(?:turned\s+up|showed\s+up|arrived|arriving|arrives|came|got\s+there|was|were)\s+late\b|"
     r"\b(?:on\s+time|punctual(?:ity)?|latecomers?|tardy|tardiness|lateness)\b",
     r"late|time|arriv|punctual|clock|check", "when each one arrived"),
    # a change over time: "who's improved their rating the most since the start of the season"
    (r"\b(?:improv(?:ed|ing|es|ement)\s+(?:in\s+)?(?:(?:their|his|her|its|the)\s+)?(?:rating|score|elo|"
     r"rank(?:ing)?|form|results?|times?|grades?|marks?)|most[- ]improved|(?:who|which\s+\w+)(?:'s|\s+has|"
     r"\s+have)?\s+improved|progressed|gain(?:ed)?\s+the\s+most\s+(?:rating|elo|points)|"
     r"(?:rating|score|elo|rank(?:ing)?)\s+(?:went|gone|changed|rose|risen|dropped|fell)|since\s+the\s+"
     r"(?:start|beginning)\s+of)\b",
     r"change|delta|diff|gain|improv|progress|history|before|after|start|prev|old|new", "a change over time"),
    (r"\b(?:gender|sex)\b|\bwomen\s*\(?\s*(?:vs\.?|versus|or|and)\s+men\b|\b(?:male|female)s?\b",
     r"gender|sex|male|female", "gender"),
    # where someone lives or something took place: "which woman lives nearest to where E8 was
    # held" on a table of attendances
    (r"(?<![\w-])(?:lives?|living|resid(?:es?|ing)|located|address(?:es)?)(?![\w-])"
     r"(?!\s+(?:with|together|alongside|beside|next\s+(?:door|to)))|\bwhere\s+(?:\w+\s+){1,2}"
     r"(?:was|were|is|are)\s+(?:held|located|based|hosted)\b",
     r"lat|lon|lng|loc|address|city|town|place|coord|geo|postcode|zip|region|area|venue|home|"
     r"district|neighbou?rhood|street|zone|sector|borough|county|country|state|province|site|"
     r"ward|suburb|village|base|office|building|room|floor|dorm|house", "location"),
)


def _values_of(info: dict[str, Any]) -> list[str]:
    """The data's group values and two-mode sides ("women" as a side is the data's own)."""
    meaning = info.get("meaning") or {}
    groups = meaning.get("groups") or {}
    values = [str(v) for vs in groups.values() for v in (vs if isinstance(vs, list | tuple)
                                                          else [])]
    return values + [str(s) for s in ((meaning.get("modes") or {}).get("sides") or {})]


#: a date asked: "the date each one was held", "what dates", "when each was held"
_DATE = (r"\b(?:the|what|which|their|its|each)\s+dates?\b|\bwhen\s+(?:each|it|they)(?:\s+one)?\s+"
         r"(?:was|were|took)\b", r"date|day|year|month|week|when|stamp|_at$|created|time")


def asked(question: str, info: dict[str, Any]) -> str | None:
    """The magnitude the question asks for that no column of the data holds, else None."""
    said = _asked(question, info)
    if said is not None:
        return said
    columns = [str(c) for c in (info.get("edge_attributes") or []) + (info.get("node_attributes")
                                                                       or [])]
    if re.search(_DATE[0], question, re.IGNORECASE) and not any(
            re.search(_DATE[1], c, re.IGNORECASE) for c in columns):
        return "dates"
    words, holders, name = _WHEN
    from igraph_agent.model.vocabulary import without_column_period, without_columns

    question = without_column_period(question, info)  # "crates per month": no date asked
    if re.search(words, without_columns(question, info), re.IGNORECASE) and not any(
            re.search(holders, c, re.IGNORECASE) for c in columns):
        return name
    if re.search(_ONE_DAY, question, re.IGNORECASE) and not re.search(
            r"\bif\b|\bwhen\b|\bshut|\bclos|\bdown\b|\bquit|\bleav|\bleft\b", question,
            re.IGNORECASE) and not any(
            re.search(r"date|day|when|stamp|_at$|created|booked|schedul", c, re.IGNORECASE)
            for c in columns):  # ("hours" of walking hold no day)
        return name
    return None


#: one day named: "how many beds are still free this saturday" (not a closure's day: "if
#: Harbor shut down this saturday")
_ONE_DAY = r"\b(?:this|next|last|coming)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b"


def _asked(question: str, info: dict[str, Any]) -> str | None:
    columns = [str(c) for c in (info.get("edge_attributes") or []) + (info.get("node_attributes")
                                                                       or [])]
    generic = any(_GENERIC.match(c) for c in columns if c in (info.get("edge_attributes") or []))
    ends = [str(c) for c in (info.get("meaning") or {}).get("direction") or []]  # ``winner``
    for words, holders, name in _QUALITIES:  # "how's morale looking across the teams", "what
        # fraction of Valjean's contacts are women": a quality of people nobody recorded
        m = re.search(words, question, re.IGNORECASE)
        if m and not any(re.search(holders, c, re.IGNORECASE) for c in columns + ends) and not any(
                re.search(words, str(v), re.IGNORECASE) for v in _values_of(info)):
            return name or m.group(0).lower()
    if generic:  # ``weight``: it may hold a money, an age, a time … but never what a pair
        #          of nodes cannot carry ("the most lines of dialogue": a node's own)
        m = re.search(rf"{_ASKED}({_SPOKEN[0]})\b", question, re.IGNORECASE)
        if m and not any(re.search(_SPOKEN[1], c, re.IGNORECASE) for c in columns):
            return m.group(1).lower()
        return None
    edges = [str(c) for c in info.get("edge_attributes") or []]
    # a grouping's or a text column holds words, never an amount ("funder" holds no grant money)
    meaning = info.get("meaning") or {}
    kinds = meaning.get("node_attributes") or {}
    grouped = {str(a).lower() for a in (meaning.get("groups") or {})} | {
        str(a).lower() for a, k in (kinds.items() if isinstance(kinds, dict) else ())
        if isinstance(k, dict) and k.get("kind") in ("categorical", "text")}
    columns = [c for c in columns if c.lower() not in grouped]
    for form, holders, word in _ASKED_BY_FORM:  # "how long does it take" on a km column,
        m = form.search(question)  # "how far apart in miles" on a graph of ties alone
        if form is _SPEED_ASKED and not edges:
            continue  # "the quickest way from A to B" on ties alone: the fewest hops
        if m and not any(re.search(holders, c, re.IGNORECASE) for c in columns):
            return word or next(g for g in m.groups() if g).lower()
    for n, (words, holders) in enumerate(_MAGNITUDES):
        m = re.search(rf"{_ASKED}({words})\b", question, re.IGNORECASE)
        said = m.group(1) if m else None
        if said is None:
            adj = next((re.search(p, question, re.IGNORECASE) for p, k in _ADJECTIVES
                        if k == n and re.search(p, question, re.IGNORECASE)), None)
            said = _noun_of(adj.group(0)) if adj else None
        if said is None:
            continue
        if any(re.search(holders, c, re.IGNORECASE) for c in columns):
            return None
        if re.fullmatch(r"head\s?count", said, re.IGNORECASE) and _names_a_group(question, info):
            continue  # "what's the headcount of legal": the group's members, counted
        return said.lower()
    return None


def _names_a_group(question: str, info: dict[str, Any]) -> bool:
    from igraph_agent.model.vocabulary import group_values_named

    return bool(group_values_named(question, info))


#: a count of things named by an acronym: "how many open CVEs does each org have", "how
#: many PRs did ana merge"
_ACRONYM_COUNT = re.compile(r"\bhow\s+many\s+(?:[a-z]+\s+){0,2}?((?-i:[A-Z]{2,6})s)\b", re.IGNORECASE)


def _unheld_acronym(question: str, info: dict[str, Any]) -> str | None:
    """The acronym a count asks for ("CVEs"), where no column, attribute, group value or
    sampled node of the data says it; else None."""
    m = _ACRONYM_COUNT.search(question)
    if not m:
        return None
    word = m.group(1)[:-1].lower()
    meaning = info.get("meaning") or {}
    said = [str(c) for c in (info.get("edge_attributes") or []) + (info.get("node_attributes") or [])]
    said += [str(v) for k in (meaning.get("node_attributes") or {}).values() if isinstance(k, dict)
             for v in k.get("top_values") or []]
    said += [str(s.get("id")) for s in info.get("sample_nodes") or [] if isinstance(s, dict) and s.get("id") is not None]
    said += [str(s) for s in ((meaning.get("modes") or {}).get("sides") or {})]
    return None if any(word in x.lower() for x in said) else m.group(1)


def ask(question: str, info: dict[str, Any]) -> str | None:
    """A clarifying question naming what the data holds, when the question asks for a
    magnitude no column holds; else None."""
    said = asked(question, info) or _unheld_acronym(question, info)
    edges = [str(c) for c in info.get("edge_attributes") or []]
    generic = [c for c in edges if _GENERIC.match(c)]
    if said is None and _TIME_ASKED.search(question) and len(generic) == 1 and not any(
            re.search(_TIME_HOLDERS, c, re.IGNORECASE) for c in edges):
        # "how long does it take to drive from city0 to city30" on a plain ``weight``: never
        # hops, never a value nothing says is a time
        return (f"Nothing in the data says it holds time: its edges carry `{generic[0]}`, "
                f"whose meaning is not recorded. Is `{generic[0]}` the time (then ask for the "
                f"route by {generic[0]}), or do you mean the number of hops?")
    if said is None and _TIME_ASKED.search(question) and edges and not generic and not any(
            re.search(_TIME_HOLDERS, c, re.IGNORECASE) for c in edges) and not any(
            r == "distance" for r in ((info.get("meaning") or {}).get("weights") or {}).values()):
        said = "time"  # "the average ride time from Station to Quayside" on a count of rides
    if said is None:
        return None
    nodes = [str(c) for c in info.get("node_attributes") or []]
    way = (info.get("meaning") or {}).get("direction") or []
    held = []
    if edges:
        held.append(f"its edges{f' ({way[0]} → {way[1]})' if len(way) == 2 else ''} carry "
                    f"{', '.join(edges)}")
    if nodes:
        held.append(f"its nodes carry {', '.join(nodes)}")
    holds = " and ".join(held) if held else "it holds the edges alone, with no values"
    return (f"Nothing in the data holds {said}: {holds}. Which of these do you mean, or can "
            f"you attach a table that holds {said}?")


#: the words after "which" that name no kind of thing ("which one", "which of them")
_NO_NOUN = frozenset(("one", "ones", "of", "single", "other", "two", "three", "node", "nodes",
                      "vertex", "vertices", "entity", "item", "is", "are", "was", "were", "has",
                      "have", "had", "do", "does", "did", "can", "could", "would", "will", "the",
                      "a", "an", "way", "direction", "side", "group", "kind", "type", "pair", "share",
                      "fraction", "percent", "percentage", "proportion", "number", "count",
                      "amount", "rank", "position", "score", "value", "measure", "else",
                      # the graph's own measures: "what degree do most towns have"
                      "degree", "degrees", "centrality", "betweenness", "pagerank", "closeness",
                      "eigenvector", "clustering", "coefficient", "distance", "hops", "steps"))
#: "which author wrote the most papers": the thing ranked, and the thing counted
_RANKED = re.compile(r"\b(?:which|what)\s+([a-z]+)\s+(?!of\b)(?:[a-z]+\s+){1,4}?(?:the\s+)?"
                     r"(?:most|fewest|least|more|fewer|largest number of|highest number of)\s+"
                     r"([a-z]+)(?:\s+([a-z]+))?\b", re.IGNORECASE)


def _id_prefixes(info: dict[str, Any]) -> set[str]:
    """The words the node ids are made of ("paper" of paper00, "city" of city12)."""
    ids = [str(s.get("id")) for s in info.get("sample_nodes") or [] if isinstance(s, dict)]
    return {m.group(1).lower() for i in ids
            if (m := re.fullmatch(r"([A-Za-z]{3,})[ _-]?\d+", i))}


def _stem(word: str) -> str:
    from igraph_agent.model.vocabulary import singular

    word = singular(word.lower())
    return word[:-3] + "y" if word.endswith("ies") else word[:-1] if \
        re.search(r"[^s]s$", word) else word


def unheld_ranked(question: str, info: dict[str, Any]) -> tuple[str, str] | None:
    """The noun of the thing ranked when the data holds no such thing: "which author wrote the
    most papers" where the nodes are the papers (paper00, paper01) and no column, group or
    side names authors: the ranked noun and the nodes' noun as asked; else None."""
    from igraph_agent.model.vocabulary import data_nouns, groupings

    m = _RANKED.search(question)
    if m is None:
        return None
    ranked, prefixes = _stem(m.group(1)), _id_prefixes(info)
    counted = [_stem(w) for w in m.group(2, 3) if w]  # "the most papers", "most cited papers"
    if ranked in _NO_NOUN or m.group(1).lower() in _NO_NOUN or len(ranked) < 3 or \
            not any(c.startswith(p) for c in counted for p in prefixes):
        return None  # the counted thing must be the nodes themselves
    meaning = info.get("meaning") or {}
    held = {str(w).lower() for w in (*(info.get("node_attributes") or []),
                                     *(info.get("edge_attributes") or []),
                                     *data_nouns(info), *groupings(meaning),
                                     *((meaning.get("modes") or {}).get("sides") or {}))}
    values = {str(v).lower() for vs in groupings(meaning).values() for v in vs}
    if any(ranked.startswith(p) for p in prefixes) or \
            any(w.startswith(ranked) or ranked.startswith(w) for w in held | values if w):
        return None
    return m.group(1).lower(), next(w for w in m.group(2, 3) if w and any(
        _stem(w).startswith(p) for p in prefixes)).lower()


#: "who's the most-cited inventor": a thing ranked by an adjective of the edges
_ADJ_RANKED = re.compile(r"\b(?:who|which)(?:'s|’s|\s+is|\s+are|\s+was|\s+were)?\s+(?:the\s+)?"
                         r"(?:most|least)[- ][a-z]+ed\s+([a-z]+)\b", re.IGNORECASE)


def unheld_adjective_ranked(question: str, info: dict[str, Any]) -> tuple[str, str] | None:
    """(ranked noun, the nodes' noun) of "who's the most-cited inventor" where the node ids
    name another kind of thing (pat05, pat12) and no column, group or side names inventors."""
    from igraph_agent.model.vocabulary import NODE_NOUNS, data_nouns, groupings

    m = _ADJ_RANKED.search(question)
    prefixes = _id_prefixes(info)
    if m is None or not prefixes:
        return None
    ranked = _stem(m.group(1))
    if ranked in _NO_NOUN or len(ranked) < 3 or ranked in NODE_NOUNS or \
            any(ranked.startswith(p) or p.startswith(ranked[:3]) for p in prefixes):
        return None
    meaning = info.get("meaning") or {}
    held = {str(w).lower() for w in (*(info.get("node_attributes") or []),
                                     *(info.get("edge_attributes") or []),
                                     *data_nouns(info), *groupings(meaning),
                                     *((meaning.get("modes") or {}).get("sides") or {}))}
    words = {t for w in held for t in re.split(r"[_\W]+", w) if t}
    if ranked in words or any(w.startswith(ranked) or ranked.startswith(w) for w in held if w):
        return None
    from igraph_agent.model.vocabulary import noun

    many = noun(question, info)[1]
    return m.group(1).lower(), many if many.lower() not in ("nodes", ranked + "s") else "nodes"


def ask_ranked(question: str, info: dict[str, Any]) -> str | None:
    """A clarifying question when the thing ranked is no thing the data holds; else None."""
    found = unheld_ranked(question, info) or unheld_adjective_ranked(question, info)
    if found is None:
        return None
    from igraph_agent.model.vocabulary import _plural

    said, nodes = found
    said = _plural(_stem(said))
    ids = [str(s.get("id")) for s in info.get("sample_nodes") or [] if isinstance(s, dict)][:2]
    return (f"The data holds no {said}: its nodes are the {nodes} themselves ({', '.join(ids)}, "
            f"…), and no column, group or side names their {said}. Do you mean the "
            f"{nodes} ranked by their own links, or can you attach a table that holds the "
            f"{said}?")


#: the nouns people group things by: "per operator", "by each county", "for every owner"
_GROUPING_NOUNS = ("operator", "owner", "company", "firm", "manager", "department", "dept",
                   "region", "district", "county", "country", "city", "state", "province",
                   "team", "category", "brand", "supplier", "vendor", "provider", "agency",
                   "council", "borough", "zone", "division", "sector", "industry", "league",
                   "faculty", "operator", "contractor", "carrier", "airline", "franchise",
                   "owner", "landlord", "employer", "sponsor", "funder", "insurer",
                   "age band", "age group", "age bracket", "age")
_PER_GROUP = re.compile(r"\b(?:per|each|every|by(?:\s+each|\s+every)?|for\s+(?:each|every))\s+"
                        rf"({'|'.join(dict.fromkeys(_GROUPING_NOUNS))})(?:s|es)?\b", re.IGNORECASE)


def unheld_grouping(question: str, info: dict[str, Any]) -> str | None:
    """A clarifying question when the question totals or ranks "per operator", "by each
    county" and nothing in the data (a column, a group value, a side, an id) says which
    operator or county a node belongs to; else None.

        >>> info = {"edge_attributes": ["km"], "node_attributes": ["canal"],
        ...         "meaning": {"groups": {"canal": 3}}}
        >>> unheld_grouping("total the km of stretches looked after by each operator", info)[:30]
        'Nothing in the data says which'
        >>> unheld_grouping("total the km per canal", info) is None
        True
    """
    m = _PER_GROUP.search(question)
    if m is None:
        return None
    word = m.group(1).lower()
    held = _held_words(info)
    stem = word.split()[0][:5]
    if re.search(rf"(?<![a-z]){re.escape(stem)}", held) or (word == "dept" and "depart" in held):
        return None  # ("age" is no word of "passages")
    attrs = [str(a) for a in info.get("node_attributes") or []]
    return (f"Nothing in the data says which {word} a node belongs to: "
            + (f"its nodes carry {', '.join(attrs)}" if attrs else "its nodes carry no attributes")
            + f". Which of these do you mean, or can you attach a node table with "
            f"{'an' if word[0] in 'aeiou' else 'a'} {word} column?")


def holds_word(word: str, info: dict[str, Any]) -> bool:
    """Whether the data says ``word`` anywhere: a column, an attribute, a group value, a
    side, a node id, an endpoint noun, or a common word for nodes (by its first five letters,
    at a word's start)."""
    from igraph_agent.model.vocabulary import NODE_NOUNS

    held = _held_words(info) + " " + " ".join(NODE_NOUNS)
    stem = re.sub(r"(?:ies|es|s)$", "", word.lower())[:5]
    return word.lower() in _PEOPLE or re.search(rf"(?<![a-z]){re.escape(stem)}", held) is not None


def _held_words(info: dict[str, Any]) -> str:
    """Every word the data holds, lower-cased and space-joined: its columns, attributes,
    endpoint nouns, groupings, sides, group values and sample node ids."""
    from igraph_agent.model.vocabulary import data_nouns, groupings

    meaning = info.get("meaning") or {}
    return " ".join(str(w).lower() for w in (
        *(info.get("node_attributes") or []), *(info.get("edge_attributes") or []),
        *data_nouns(info), *groupings(meaning), *((meaning.get("modes") or {}).get("sides") or {}),
        *(v for vs in groupings(meaning).values() for v in vs),
        *(str(s.get("id")) for s in info.get("sample_nodes") or [] if isinstance(s, dict))))


#: a role held over a node, asked by its noun or its verb: "who skippers the Gannet", "who's
#: the captain of Kestrel", "who coaches the under-12s" (never "the boss of Raj": a reporting
#: table's own end)
_ROLE = re.compile(r"\bwho(?:'s|’s|\s+is|\s+was|\s+are)?\s+(?:the\s+)?(?P<r>skipper|captain|coach|"
                   r"chair(?:man|woman|person)?|owner|skippers|captains|coaches|chairs|owns)\s+"
                   r"(?:of\s+|on\s+|for\s+|at\s+)?"
                   r"(?!(?:the\s+)?(?:most|more|fewest|least|many|much|biggest|largest)\b)(?=\w)",
                   re.IGNORECASE)


def unheld_role(question: str, info: dict[str, Any]) -> str | None:
    """A clarifying question when the question asks who holds a role over a node ("who
    skippers the Gannet") and nothing in the data names that role; else None.

        >>> unheld_role("who skippers the Gannet", {"node_attributes": ["base"]})[:30]
        'Nothing in the data says who i'
        >>> unheld_role("who skippers the Gannet", {"node_attributes": ["skipper"]}) is None
        True
    """
    m = _ROLE.search(question)
    if m is None:
        return None
    role = re.sub(r"(?:es|s)$", "", m.group("r").split()[0].lower())
    role = {"own": "owner"}.get(role, role)  # (a boss or a supervisor is a reporting table's)
    if re.search(rf"(?<![a-z]){re.escape(role[:5])}", _held_words(info)):
        return None
    attrs = [str(a) for a in info.get("node_attributes") or []]
    return (f"Nothing in the data says who is the {role}: an edge only says two nodes are "
            f"linked, and " + (f"its nodes carry {', '.join(attrs)}" if attrs else
                               "its nodes carry no attributes")
            + f". Do you mean who is linked to it, or can you attach a table naming the {role}?")


#: the words for anyone, which every graph of people holds
_PEOPLE = frozenset({"people", "persons", "person", "members", "member", "users", "folks",
                     "nodes", "everyone", "anyone", "individuals", "participants"})
#: a head-count of people who came: "how many kids showed up to the storytimes"
_CAME = re.compile(r"\bhow\s+many\s+(?:\w+\s+)?(?P<n>[a-z]+)\s+(?:showed\s+up|turned\s+up|came(?:\s+along)?|"
                   r"attended|joined\s+in)\b", re.IGNORECASE)
#: a total done by people the data never names: "total hrs put in by our coordinators"
_BY_WHOM = re.compile(r"\bby\s+(?:our|the|all\s+(?:the|our))\s+(?P<n>[a-z]+(?:ors|ers|ists|"
                      r"ants|ees))\b", re.IGNORECASE)
_TOTAL = re.compile(r"\b(?:total|sum|altogether|in\s+all|how\s+many|how\s+much|combined)\b",
                    re.IGNORECASE)


def unheld_people(question: str, info: dict[str, Any]) -> str | None:
    """A clarifying question when a count or total is of people the data never names: a
    head-count of who came ("how many kids showed up to the storytimes") or a total done by
    a kind of person no column, value or side holds ("total hrs put in by our coordinators");
    else None.

        >>> info = {"edge_attributes": ["hours"], "node_attributes": ["role"],
        ...         "meaning": {"node_attributes": {"role": {"kind": "categorical",
        ...                                                  "top_values": ["reader", "greeter"]}}}}
        >>> unheld_people("total hrs put in by our coordinators?", info)[:34]
        'Nothing in the data says who the c'
        >>> unheld_people("total hrs put in by our readers?", info) is None
        True
    """
    m = _CAME.search(question) or (_BY_WHOM.search(question) if _TOTAL.search(question) else None)
    if m is None or holds_word(m.group("n"), info):
        return None
    word = m.group("n").lower()
    attrs = [str(a) for a in info.get("node_attributes") or []]
    return (f"Nothing in the data says who the {word} are: "
            + (f"its nodes carry {', '.join(attrs)}" if attrs else "its nodes carry no attributes")
            + f". Which of these do you mean, or can you attach a table that names the {word}?")


#: kinds of things a user calls the nodes, each a set of words one kind of node goes by: a
#: question's "which hospital" on a table of teams asks about another kind of thing
_KINDS = (
    frozenset({"person", "driver", "doctor", "nurse", "patient", "customer", "client", "pilot",
               "passenger", "teacher", "student", "pupil", "player", "volunteer", "worker",
               "employee", "manager", "author", "user", "guest", "visitor", "rider", "member",
               "singer", "musician", "gardener", "ranger", "guide", "host", "friend",
               "colleague", "officer", "courier", "chef", "farmer", "donor", "reader",
               "writer", "editor", "reporter", "journalist", "surgeon", "vet", "owner",
               "runner", "cyclist", "climber", "hiker", "skipper", "sailor", "tenant"}),
    frozenset({"hospital", "clinic", "school", "airport", "station", "stop", "depot",
               "warehouse", "shop", "store", "hotel", "restaurant", "bank", "farm", "factory",
               "port", "harbour", "harbor", "office", "library", "village", "town", "city",
               "site", "venue", "market", "hut", "plot", "pier", "dock", "branch", "building",
               "shelter", "camp", "base", "post", "lock", "bridge", "junction", "crossing",
               "square", "park", "garden", "field", "waterhole", "stall"}),
    frozenset({"team", "crew", "squad", "club", "band", "unit", "company", "firm", "agency",
               "department", "society", "committee", "choir", "orchestra", "ensemble",
               "household", "family", "group"}),
    frozenset({"vehicle", "van", "truck", "lorry", "bus", "tram", "train", "ship", "ferry",
               "boat", "plane", "aircraft", "bike", "car", "ambulance"}),
    frozenset({"piece", "song", "track", "work", "composition", "book", "paper", "film", "movie",
               "album", "episode", "article", "story", "recipe", "dish", "product", "opening"}),
    frozenset({"concert", "event", "rehearsal", "game", "match", "tournament", "meeting",
               "session", "shift", "workday", "race", "show", "gig", "performance", "lesson",
               "course", "workshop", "festival", "party", "conference", "trip", "tour"}),
)
#: "which hospital …": the first noun a question asks about
_WHICH_NOUN = re.compile(r"^\s*(?:(?:so|and|ok|okay|also|then|now),?\s+)?(?:which|what)\s+"
                         r"(?P<n>[a-z]+)\b(?!\s+(?:of|kind|type|sort)\b)", re.IGNORECASE)


def _endpoints(info: dict[str, Any]) -> list[str]:
    """The edge table's two endpoint columns of the active dataset ([] when not built from
    a table)."""
    for ds in info.get("available_datasets") or []:
        if isinstance(ds, dict) and ds.get("dataset_id") == info.get("dataset_id"):
            return [str(c) for c in ((ds.get("choices") or {}).get("endpoints") or [])][:2]
    return []


def _endpoint_words(info: dict[str, Any]) -> list[str]:
    """The word each endpoint column ends in, singular ("sent_team" -> team; "" for none)."""
    from igraph_agent.model.vocabulary import singular

    words: list[str] = []
    for c in _endpoints(info):
        last = [w for w in re.split(r"[^a-z]+", re.sub(r"(?:[ _-]?(?:id|key|name))$", "",
                                                         c.lower())) if w]
        words.append(singular(last[-1]) if last else "")
    return words


def endpoint_kind(info: dict[str, Any]) -> str | None:
    """The one word both endpoint columns end in ("sent_team", "helped_team": team),
    singular; None when they differ or say nothing."""
    words = set(_endpoint_words(info))
    return words.pop() if len(words) == 1 and "" not in words else None


def unheld_node_kind(question: str, info: dict[str, Any]) -> str | None:
    """A clarifying question when the question asks "which X" of a kind of thing other than
    the nodes the edge table names, and nothing in the data holds an X; else None.

        >>> info = {"dataset_id": "ds1", "available_datasets": [{"dataset_id": "ds1",
        ...         "choices": {"endpoints": ["sent_team", "helped_team"]}}]}
        >>> unheld_node_kind("Which hospital takes the most patients?", info)[:40]
        'The nodes of this data are teams (sent_t'
        >>> unheld_node_kind("which team got the most callouts", info) is None
        True
    """
    from igraph_agent.model.vocabulary import NODE_NOUNS, singular

    m = _WHICH_NOUN.search(question)
    words = _endpoint_words(info)
    if m is None or not words or "" in words:
        return None
    ends = list(dict.fromkeys(words))
    said = singular(m.group("n").lower())
    if said in _NO_NOUN or said in NODE_NOUNS or said in ends or holds_word(said, info):
        return None
    asked = next((k for k in _KINDS if said in k), None)
    own = [next((k for k in _KINDS if w in k), None) for w in ends]
    if asked is None or None in own or asked in own:
        return None  # (a kind of node the data's own words leave open is no other kind)
    from igraph_agent.model.vocabulary import _plural

    nodes = " and ".join(_plural(w) for w in ends)
    return (f"The nodes of this data are {nodes} ({' → '.join(_endpoints(info))}); nothing "
            f"in it names a {said}. Do you mean which {ends[0]}, or can you attach a table that "
            f"holds the {_plural(said)}?")


#: "which zone has the most rhino in it": a node's count of a thing (the word after "most")
_HAS_MOST = re.compile(r"^\s*(?:(?:so|and|ok|okay),?\s+)?(?:which|what)\s+[a-z]+\s+(?:has|have|had|holds?|"
                       r"held|sees?|saw|hosts?|hosted)\s+(?:got\s+)?(?:the\s+)?(?:most|fewest|least)\s+"
                       r"(?P<n>[a-z]+)\b(?!\s+(?:of|in\s+common|to|from|with)\b)"
                       # the head noun itself ("the most rhino in it"), never a modifier ("the
                       # most ferry connections")
                       r"(?=\s*(?:[?.!,;)(]|$|\s+(?:in|at|on|around|near|there|here|overall|"
                       r"than|and|or|among|of\s+all|so|please|pls|now|today)\b))", re.IGNORECASE)
#: what any graph counts of a node, said without a column: its ties, its flow, its reach
_GRAPH_COUNTS = re.compile(r"^(?:neighbou?rs?|degree|traffic|activity|flow|volume|throughput|load|"
                           r"business|usage|use|trade|exchanges?|interactions?|communication|"
                           r"collaborations?|influence|power|importance|centrality|reach|"
                           r"visibility|paths?|routes?|shortest|triangles?|cliques?|members?|"
                           r"people|nodes?|items?|things?|stuff|overlap|common|shared|"
                           r"in-?coming|out-?going|incoming|outgoing|inbound|outbound|arrivals?|"
                           r"departures?|direct|different|distinct|unique|other|others|total|"
                           r"combined|overall|weight|value|amount|number|count|ones?|"
                           r"connected|central|important|popular|active|busy|influential|"
                           r"edges?|arcs?|hops?|steps?|pairs?|segments?|legs?|stretches|lanes?|"
                           r"tracks?|lines?|bonds?|ties?|community|cluster|component|group|team|"
                           r"crew|circle|network|following|membership|share|gap|difference|"
                           r"drop|increase|change|jump|role|part|say|impact|effect|"
                           # a kind of value an edge column holds, named by the weights' words
                           r"bandwidth|capacity|speed|length|distance|cost|time|duration|"
                           r"strength|money|value|capacities|weight|throughput)$", re.IGNORECASE)


def unheld_most(question: str, info: dict[str, Any]) -> str | None:
    """A clarifying question when the question ranks nodes by how many of a thing they have
    ("which zone has the most rhino in it") and nothing in the data is that thing (no column,
    value, side or id, nor a word for the graph's ties); else None.

        >>> info = {"edge_attributes": ["shifts"], "node_attributes": ["unit"], "dataset_id": "d",
        ...         "available_datasets": [{"dataset_id": "d",
        ...                                 "choices": {"endpoints": ["ranger", "zone"]}}]}
        >>> unheld_most("which zone has the most rhino in it?", info)[:35]
        'Nothing in the data counts rhino: i'
        >>> unheld_most("which zone has the most shifts?", info) is None
        True
        >>> unheld_most("which zone has the most neighbours?", info) is None
        True
    """
    from igraph_agent.model.vocabulary import _TIES, NODE_NOUNS

    m = _HAS_MOST.search(question)
    ends = _endpoint_words(info)
    if m is None or not ends or "" in ends:
        return None  # (with no word for the nodes, "the most drivers" may be the user's)
    from igraph_agent.model.vocabulary import groupings, singular

    ranked = singular(m.group(0).split()[1].lower()) if len(m.group(0).split()) > 1 else ""
    if re.search(r"(?:link|edge|route|road|connection|pipe|cable|segment|leg|lane|line|"
                 r"channel|wire|flight|path)$", ranked):
        return None  # "which uplink has the least capacity": an edge ranked by its value
    if ranked in {a.lower() for a in groupings(info.get("meaning") or {})}:
        return None  # "which depot has the most drivers": a group's size, in its members' word
    word = m.group("n").lower()
    if singular(word) in ends or word.endswith("s"):
        return None  # (a plural may be the user's word for the edges: "the most crossings")
    from igraph_agent.model.vocabulary import one_slip

    held = [t for w in _held_words(info).split() for t in re.split(r"[^a-z]+", w) if t] \
        + [w for c in _endpoints(info) for w in re.split(r"[^a-z]+", c.lower())] \
        + [str(t).lower() for src in info.get("attached_sources") or [] for t in src.get("tables") or {}]
    if any(len(t) >= 3 and word.startswith(t) for t in held):
        return None  # "the least capacity" on a ``max_cap`` column
    stems = {re.sub(r"(?:ing|ed|er|ee|or|s)$", "", w) for c in _endpoints(info)
             for w in re.split(r"[^a-z]+", c.lower()) if w}
    if any(one_slip(word, w) or one_slip(singular(word), w) or (len(w) >= 4 and w[:4] == word[:4])
           for w in held if w) or any(len(t) >= 3 and word.startswith(t) for t in stems):
        return None  # "the most housholds" on a ``households`` column: a slip of its name;
        # "the fewest citations" on citing,cited: the edges in their own word
    if word in _NO_NOUN or word in NODE_NOUNS or _GRAPH_COUNTS.match(word) or \
            re.fullmatch(_TIES, word) or holds_word(word, info) or len(word) < 3:
        return None
    attrs = [str(a) for a in info.get("node_attributes") or []]
    cols = [str(c) for c in info.get("edge_attributes") or []]
    return (f"Nothing in the data counts {word}: "
            + (f"its edges carry {', '.join(cols)}" if cols else "its edges carry no values")
            + (f" and its nodes carry {', '.join(attrs)}" if attrs else "")
            + ". Do you mean the nodes ranked by their links"
            + (f" or by {cols[0]}" if cols else "")
            + f", or can you attach a table that holds the {word}?")


#: a figure kept by another service or source, which loaded tables never hold: "citations on
#: Google Scholar", "followers on LinkedIn"
_ELSEWHERE = re.compile(r"\b(?:on|in|from|according\s+to|per)\s+(?:the\s+)?(?P<s>google\s+scholar|scopus|"
                        r"web\s+of\s+science|semantic\s+scholar|researchgate|orcid|linkedin|twitter|"
                        r"facebook|instagram|tiktok|youtube|wikipedia|github|strava|the\s+internet|"
                        r"the\s+web|the\s+official\s+(?:site|website|records?|register))\b",
                        re.IGNORECASE)


def elsewhere(question: str, info: dict[str, Any]) -> str | None:
    """A clarifying question when the figure is asked from a source outside the loaded data
    ("how many citations does P01 have on Google Scholar"); else None.

        >>> elsewhere("how many citations does P01 have on Google Scholar?", {})[:40]
        'The loaded data holds nothing from Googl'
        >>> elsewhere("how many papers cite P01?", {}) is None
        True
    """
    m = _ELSEWHERE.search(question)
    if m is None:
        return None
    source = " ".join(w.capitalize() if w not in ("the", "of") else w
                      for w in m.group("s").split())
    cols = [str(c) for c in info.get("edge_attributes") or []]
    return (f"The loaded data holds nothing from {source}: only its own edges"
            + (f" (with {', '.join(cols)})" if cols else "")
            + ". Do you mean the counts in the loaded graph, or can you attach a table taken from "
            f"{source}?")
