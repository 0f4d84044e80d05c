"""The loaded graph's own words, for the offline planner.

:func:`words` names this graph's nodes and examples (``{noun}``, ``{nouns}``, ``{a}``,
``{b}``, ``{attr}``, ``{value}``, ``{eattr}``) for clarifications and follow-ups;
:func:`normalise` rewrites a question phrased in the data's words into the planner's:
"the most marriage ties" is "the most ties", "attended the most events" is "has the most
ties" (a degree), "most cited" on a directed graph is "the highest in-degree", "never
cited" is "in-degree exactly 0". Names (capitalised words, ids) are never rewritten.

Example::

    >>> normalise("Which family had the most marriage ties?", {})
    'Which family had the most ties?'
    >>> normalise("Which paper is cited the most?", {"directed": True})
    'Which paper has the highest in-degree?'
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from typing import Any

from igraph_agent.model.hop_words import as_hops
from igraph_agent.model.verbs import ROLE_NOUNS, chains, forms, indirect, most_in_verb, participles
from igraph_agent.model.verbs import column_verbs as verbs_of

_NOUNS = ("family", "character", "member", "person", "woman", "man", "city", "town", "paper",
          "employee", "customer", "user", "player", "student", "author", "actor", "club",
          "team", "country", "station", "airport", "account", "page", "site", "article",
          "company", "firm", "participant", "individual", "friend", "colleague", "hut",
          "village", "node", "vertex", "people", "women", "men", "families", "cities")
NODE_NOUNS = _NOUNS  # the common words for a node, whatever the data calls them
_PLURAL = {"family": "families", "person": "people", "woman": "women", "man": "men",
           "city": "cities", "vertex": "vertices", "company": "companies",
           "country": "countries", "people": "people", "women": "women", "men": "men",
           "families": "families", "cities": "cities", "staff": "staff", "personnel":
           "personnel", "crew": "crew", "faculty": "faculty", "library": "libraries",
           "dependency": "dependencies", "facility": "facilities", "party": "parties",
           "body": "bodies", "species": "species", "series": "series", "address": "addresses",
           "class": "classes", "process": "processes", "bus": "buses", "box": "boxes",
           "match": "matches", "branch": "branches", "switch": "switches"}
_SINGULAR = {"people": "person", "women": "woman", "men": "man", "families": "family",
             "cities": "city"} | {p: w for w, p in _PLURAL.items() if p != w}
_TIES = (r"(?:ties?|links?|connections?|contacts?|relationships?|relations|partners?|partnerships?|"
         r"friends?|colleagues?|co-?workers?|acquaintances?|allies|associates?|roads?|streets?|"
         r"flights?|edges?|co-?authors?|collaborators?|teammates?|classmates?|peers?|lines|opponents?|rivals?|"
         r"trails|channels|cables|pipes)")
# words that give an edge's direction: "the most departing flights" is no plain degree
_DIRECTION_WORDS = (r"(?:departing|arriving|incoming|outgoing|inbound|outbound|received|sent|"
                    r"in-?coming|out-?going)\b")
# the words a graph of people uses for the people a person is linked to ("Hugo's colleagues")
_RELATED = r"(?:friends|colleagues|co-?workers|contacts|acquaintances|partners|allies|associates)"
# a directed edge read from either end: "cites" / "is cited", "follows" / "is followed"
_IN_VERBS = r"(?:cited|referenced|quoted|followed)"
_OUT_VERBS = r"(?:cites?|references?|quotes?|follows?)"
_NAME = r"(?-i:@[A-Za-z0-9_][\w.-]*|[A-Z][\w'.-]*|[a-z]+\d+|\d+)"  # "@ana": a handle
_POINT = r"(?:cite|reference|quote|follow|link to|point to)"
_POINTS = r"(?:cites?|references?|quotes?|follows?|links? to|points? to)"
_ACTS = (r"attended|joined|visited|went to|took part in|participated in|appeared in|played in|"
         r"belong(?:s|ed)? to|is in|was in|are in|were in|worked with|collaborated with|"
         r"wrote|co-?authored|bought|rated|reviewed|met|married into|traded with")
#: what a directed graph's edges carry, said in place of the sending node
_CARRIED = (r"money|goods|cash|funds|material|messages|mail|parcels|freight|shipments|traffic|"
            r"requests|jobs|data|news|referrals|patients|emails|payments|calls|packets")
#: "… end up at", "… wind up in" (the words before it kept as \1), never where a group is
#: the place ("which community does Vance end up in")
_ENDS_UP = (r"^(?!.*\b(?:communit\w*|clusters?|groups?|factions?|camps?|components?|pieces?|"
            r"partitions?|modules?|sides?|teams?)\b)(.*?)\b(?:ever\s+|eventually\s+|possibly\s+)?"
            r"(?:end|wind)\s+up\s+")
#: "(what's) the biggest set of wards …", "the largest group of donors …"
_BIGGEST_SET_OF = (r"^\s*(?:(?:what|which)(?:'?s|\s+is|\s+are)?\s+)?(?:the\s+)?(?:biggest|largest)\s+"
                   r"(?:set|group|bunch|cluster|circle|collection|gang)\s+of\s+[a-z]+\s+")
#: the words for one end's partners on a directed graph: "no callers at all" is no incoming
#: edge, never no edge at all
ROLE_WORDS = ("caller", "callee", "sender", "receiver", "recipient", "follower", "citer",
               "buyer", "seller", "supplier", "customer", "client", "parent", "child",
               "predecessor", "successor", "dependent", "dependency", "importer", "exporter",
               "referrer", "lender", "borrower", "payer", "payee", "subscriber", "reader",
               "funder", "donor")
_RULES: list[tuple[str, str, bool]] = [  # (pattern, replacement, directed only)
    # "just loaded the phone logs - how many …": what was done first, then the ask
    (r"^\s*(?:(?:i(?:'ve|\s+have)?|we(?:'ve|\s+have)?)\s+)?(?:just\s+)?(?:loaded|imported|"
     r"uploaded|attached|opened)\s+[^:?—–]{0,60}?\s*(?:[:—–]|\s-+\s)\s*"
     r"(?=(?:how|which|what|who|whom|is|are|does|do|can|list|name|count)\b)", "", False),
    # "never made a single call": a call
    (r"(\b(?:never|not|without|n't)\b(?:\s+\w+){0,2}?\s+a)\s+single\b", r"\1", False),
    # "From the caller/callee log plus the extension list: how many …": the data named first
    (r"^\s*(?:from|using|with|in|on|given|looking\s+at)\s+(?:the\s+|our\s+|this\s+)?[^:?]{0,80}?"
     r"\b(?:logs?|lists?|tables?|data|dataset|sheets?|files?|network|graph|records?)\s*:\s*"
     r"(?=(?:how|which|what|who|whom|is|are|does|do|can|list|name|count)\b)", "", False),
    # "southern women data -- which event drew the most women?": the data named, then the ask
    # (not "Drop Valjean from the network - how many …": a removal said first)
    (r"^\s*(?:(?!(?:from|without|drop|remove|delete|take|cut|close|if|in|of|on|to|the|with)\b)"
     r"[\w'-]+\s+){0,4}?(?:data|dataset|graph|network|table|sheet)\s*(?:--|—|–|:|-)\s*"
     r"(?=(?:which|what|who|whom|how|is|are|does|do|can|list|name)\b)", "", False),
    # "who supplies Detroit directly?": a node's own partners, "directly" adds nothing (not
    # where a route is asked: "which towns can A reach directly")
    (r"^(\s*(?:who|whom|which|what)\b(?!.*\b(?:reach\w*|get\s+to|path|route|chain|indirect\w*|"
     r"via|through|steps?|hops?)\b).*?\S)\s*,?\s+(?-i:directly)\s*([?.!]*)\s*$", r"\1\2", False),
    (r"\b([Rr])ecie(v\w*)", r"\1ecei\2", False),  # "recieved": the common slip
    (r"\b(eventual|actual|usual|general)y\b", r"\1ly", False),  # "eventualy"
    (r"\bhw(?=\s+(?:many|much|far|long|big|often|central|dense|connected)\b)", "how", False),  # "hw many"
    (r"\b(?:wich|whcih|whihc|wihch|whick)\b", "which", False),
    # "connect the Main block to some other block": to other blocks
    (r"\b(to|with)\s+(?:some\s+other|another)\s+(?!(?:one|by|in|on|at|for|of|via|through)\b)([a-z]{3,}?)s?\b(?!')",
     r"\1 other \2s", False),
    # "lies on the most of the quickest (by time) routes": the most quickest routes
    (r"\bthe\s+most\s+of\s+the\s+(shortest|quickest|fastest)\s*(?:\(\s*by\s+(?:time|distance|length)\s*\)\s*)?",
     r"the most \1 ", False),
    (r"\b(?:direclty|dirctly|drectly|directy|diretly)\b", "directly", False),
    # "which is our single longest line (ends + km)": what to show, said in brackets
    (r"\s*\((?:[a-z]+\s*(?:\+|&)\s*)+[a-z]+\)", "", False),
    (r"\b(?:our|the)\s+(?:single\s+|one\s+)?(longest|shortest|biggest|largest|heaviest|busiest|"
     r"smallest|lightest)\b", r"the \1", False),
    # "who is the fewest co-star steps from everybody else on average": the highest closeness
    (r"\b(?:is|are|sits?)\s+(?:the\s+)?(?:fewest|least|smallest\s+number\s+of)\s+(?:[a-z-]+\s+)?"
     r"(?:steps|hops|jumps|links)\s+(?:away\s+)?from\s+(?:every(?:one|body)|all\s+(?:the\s+)?others?)"
     r"(?:\s+else)?(?:\s*,?\s*on\s+average)?", "has the highest closeness", False),
    # "who has never co-starred with anybody": no ties at all
    (r"\b(?:has|have|had)\s+never\s+(?:once\s+)?[a-z-]+ed\s+(?:with\s+|to\s+)?(?:anybody|anyone|any\s+one|"
     r"a\s+soul|any\s+other\s+[a-z]+)(?=\s*(?:[?.!,;]|$))", "has no ties", False),
    # "which agency has the biggest client list": the most members
    (r"\bthe\s+(?:biggest|largest|longest)\s+(?:client|member|customer|player|staff|student|"
     r"patient)\s+(?:list|roster|base|count|book)\b", "the most members", False),
    # "avg cast size per film": the average number of partners per film
    (r"\b(avg|average|mean|typical)\s+(?:cast|crew|class|squad|team|audience|attendance|roster|"
     r"membership|enrol+ment|line-?up)\s+size\s+(?:per|of\s+(?:a|an|each|the))\s+([a-z]+)",
     r"average number of partners per \2", False),
    # "most line hops between any two substations that are connected at all": the diameter
    (r"\b(?:the\s+)?(?:most|max(?:imum)?|largest|greatest|longest|biggest)\s+(?:number\s+of\s+)?"
     r"(?:[a-z]+\s+)?(?:hops|steps|jumps)\s+between\s+any\s+two\b[^?]*", "the diameter in hops", False),
    # "biggest single flow - from where to where, and how many mwh?": the edge's ends and
    # value, which its answer names
    (r"\s*(?:[-–—,;:]\s*|\s)(?:and\s+)?from\s+where\s+to\s+where(?:\s*,?\s*(?:and\s+)?how\s+(?:many|much)"
     r"(?:\s+[a-z_]+)?)?\s*(?=[?.!]*\s*$)", "", False),
    # "what eats jackals around here?", "who sends the most round here": where the data is,
    # which every answer is about
    (r"\s*,?\s+(?:a?round|over|in|out)\s+here\s*(?=[?.!]*\s*$)", "", False),
    # "counting up the years across all their clubs, how many students have more than 4
    # years": each node's total, the lead-in said as "in total"
    (r"^\s*(?:counting|adding|summing|totting|totalling|totaling)\s+up\s+(?:the\s+|all\s+(?:the\s+)?)?"
     r"[a-z_-]+\s+(?:across|over|from|for)\s+(?:all\s+)?(?:of\s+)?(?:their|its|his|her|the|each)\s+"
     r"[a-z_-]+\s*[,:;–—-]+\s*(.+?)\s*[?.!]*\s*$", r"\1 in total?", False),
    # "anyone in the supplier list with zero shipments either way": no tie at all
    (r"^\s*(?:is\s+there\s+)?(?:anyone|anybody|anything|any\s+[a-z]+)\b[^?]*?\b(?:with|having|that\s+ha(?:s|d|ve)|"
     r"who\s+ha(?:s|d|ve))\s+(?:zero|0|no|not\s+a\s+single)\s+[a-z]+\s+(?:either\s+way|in\s+either\s+direction|"
     r"in\s+or\s+out|both\s+ways|at\s+all,?\s+(?:in|sent)\s+or\s+(?:out|received))\b[^?]*\??\s*$",
     "Which nodes have degree exactly 0?", False),
    # "ignoring who wrote to whom, is …": the edges' direction set aside
    (r"\b(?:ignoring|ignore|disregarding|regardless\s+of|never\s+mind|forgetting)\s+who\s+[a-z]+(?:\s+[a-z]+)?\s+"
     r"(?:to|from|with)?\s*whom\b", "ignoring direction", False),
    # "if room A opens onto B and onto C, how often do B and C open onto each other too":
    # the transitivity, asked with placeholder letters
    (r"^.*\bif\s+(?:\w+\s+)?(?-i:([A-Z]))\b[^?]*?\b(?-i:([A-Z]))\b[^?]*?\band\b[^?]*?\b(?-i:([A-Z]))\b[^?]*?"
     r"\bhow\s+(?:often|likely|frequently)\b[^?]*?\b\2\s+and\s+\3\b[^?]*?\b(?:each\s+other|one\s+another)\b.*$",
     "What is the transitivity?", False),
    # "who or what isn't attached to anything in the curators data - …": no edge at all
    (r"^\s*(?:who|what|which\s+[a-z]+)(?:\s+or\s+(?:who|what))?\s+(?:isn't|is\s+not|isnt|aren't|are\s+not|"
     r"arent)\s+(?:attached|connected|linked|tied|joined)\s+to\s+(?:anything|anyone|anybody|any\s+[a-z]+)\b.*$",
     "Which nodes have degree exactly 0?", False),
    # "if one professor retired, could that leave someone else with no chain … to the rest?
    # who would that be", "which venues, if they closed, would split the road network": the
    # cut points, each alone
    (r"^\s*if\s+(?:one|a|any|a\s+single|just\s+one)\s+([a-z]+?)s?\s+(?:retired|left|quit|went|dropped\s+out|"
     r"disappeared|closed|shut|failed|was\s+removed|were\s+removed|went\s+away)\b[^?]*\b(?:cut\s+off|no\s+(?:[a-z-]+\s+)?(?:chain|"
     r"path|route|link|way|connection)|stranded|isolated|disconnected|split|break\s+apart|fall\s+apart)\b[^?]*\?"
     r"(?:\s*(?:who|which|what)\b[^?]*\??)?\s*$", r"Which \1s are cut points?", False),
    (r"^\s*(?:which|what)\s+([a-z]+?)s?\s*,?\s+if\s+(?:they|it|one|any)\s+(?:closed|shut|failed|went|left|"
     r"quit|retired|were\s+removed|was\s+removed|dropped\s+out|disappeared)\b[^?]*?,?\s+would\s+(?:split|cut|break\s+up|"
     r"break\s+apart|disconnect|fragment)\b[^?]*\??\s*$", r"Which \1s are cut points?", False),
    # "which museums neither lent nor borrowed anything": no edge either way
    (r"\b(?:(?:that|who|which)\s+)?(?:(?:have|has|had)\s+)?neither\s+[a-z]+\s+(?:anything\s+|anyone\s+)?nor\s+"
     r"(?:(?:get|gets|got|are|is|were|was|been|be)\s+)?[a-z]+(?:\s+(?:anything|anyone|anybody|any\s+[a-z]+|"
     r"a\s+single\s+[a-z]+|by\s+(?:anything|anyone|anybody|any\s+[a-z]+)))?(?:\s+at\s+all)?(?:\s+here)?\b",
     "have degree exactly 0", False),
    # "if York pulls out and we can't route through it, …": what the removal means already
    (r"\s+and\s+(?:we|you|they|one|nobody|no\s+one)\s+(?:can(?:no|')t|cannot|can\s+no\s+longer|couldn't)\s+"
     r"(?:route|go|drive|pass|travel|get|walk|ride)\s+(?:through|via|past)\s+(?:it|them|there)\b", "", False),
    # "how many ppl can piet's notes eventually reach": what the node sends, passed on
    (rf"\bcan\s+({_NAME})(?:'s|’s)\s+[a-z]+\s+(?:eventually\s+|ever\s+|possibly\s+)?reach\b(?:\s+if\s+[^?]*)?",
     r"can \1 reach", False),
    # "venues we can drive to directly from Manchester (one leg)?": its neighbours, asked as a
    # noun phrase
    (rf"^\s*(?:the\s+|all\s+(?:the\s+)?)?[a-z]+s\s+(?:that\s+)?(?:we|you|i|one|they)\s+can\s+(?:get|go|drive|walk|"
     rf"fly|sail|ride|travel|cycle)\s+(?:to\s+)?(?:directly|straight)\s+from\s+({_NAME})(?:\s*\([^)]*\))?\s*[?.!]*\s*$",
     r"Who are the neighbours of \1?", False),
    # "Hull to Stromness by road - possible? y/n": whether a path joins them
    (rf"^\s*({_NAME})\s+to\s+({_NAME})(?:\s+by\s+[a-z]+)?\s*(?:[-–—:,]+|\?)\s*(?:is\s+it\s+)?(?:possible|doable|"
     r"reachable|feasible|connected|any\s+(?:route|way|path))\s*[?.!]*(?:\s*,?\s*(?:y/n|yes\s+or\s+no)\s*[?.!]*)?\s*$",
     r"Is there a path from \1 to \2?", False),
    # "how many road segments is the shortest loop (no U-turns)": what a loop is already
    (r"\s*\(\s*(?:and\s+)?no\s+(?:u-?turns?|doubling\s+back|backtracking|going\s+back|turning\s+back|"
     r"retracing)\b[^()]*\)", "", False),
    # "I'm in first year engineering - are there any …": who is asking, no moment
    (r"^\s*(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:in\s+)?(?:my\s+|our\s+|the\s+)?(?:first|second|third|"
     r"fourth|final|last)\s+year\b[^-–—,.:;?]*(?:\s[-–—]+\s|[,.:;])\s*", "", False),
    # "co-supervision partners", "co-authorship ties": the partners, in the relation's name
    (r"\bco-?[a-z]+(?:ion|ship|ing)\s+(partners|collaborators|contacts|neighbou?rs|links|ties|"
     r"connections)\b", r"\1", False),
    # "how big is the catalogue - how many courses and how many links": the counts asked after
    (r"^\s*how\s+(?:big|large)\s+is\s+(?:the|this|our)\s+[a-z]+\s*(?:[-–—:,?]+)\s*(?=how\s+many\b)", "",
     False),
    # "how many actors (not productions, just actors)": the aside repeats what is counted
    (r"\s*\(\s*not\s+(?:the\s+)?[a-z]+\s*,\s*(?:just|only)\s+(?:the\s+)?[a-z]+\s*\)", "", False),
    # "which actor + production combo has the most performances": one row, an edge
    (r"\b(?:which|what)\s+[a-z]+\s*(?:\+|&|/|-|and)\s*[a-z]+\s+(?:combo|combination|pairing|pair|row)\b",
     "which edge", False),
    # "has Milo been cast in anything yet? y/n": whether the node has any tie
    (rf"^\s*(?:has|have|is|was)\s+({_NAME})\s+(?:been\s+|ever\s+been\s+)?(?:cast|booked|assigned|placed|"
     r"enrolled|registered|signed|involved|used|picked|selected|scheduled|rostered)\s+(?:in|to|on|for|with|at)\s+"
     r"(?:anything|anyone|anybody|any\s+[a-z]+)(?:\s+(?:yet|so\s+far|at\s+all))?\s*[?.!]*"
     r"(?:\s*,?\s*(?:y/n|yes\s+or\s+no)\s*[?.!]*)?\s*$", r"Is \1 connected to anything?", False),
    # "We're doing Whitby then Kendal back to back. What's the quickest drive between them":
    # the two named before
    (rf"^[^.?!]*?\b({_NAME})\s+(?:then|and|to|&|or|,)\s+({_NAME})\b[^.?!]*[.!]\s+(.*?)\bbetween\s+(?:them|"
     r"the\s+two(?:\s+of\s+them)?|those\s+two|both)\b", r"\3between \1 and \2", False),
    # "who feeds DC2 directly (inbound lanes)": the verb says the way already
    (r"\s*\((?:inbound|incoming|outbound|outgoing|in|out)(?:\s+(?:lanes?|edges?|links?|routes?|"
     r"arcs?|flows?|ones?))?\)", "", False),
    # "which region's got the most depots": which region has
    (r"\b((?:which|what)\s+[a-z]+)'s\s+got\b", r"\1 has", False),
    # "count of depots per region, which region has the most?": which region has the most depots
    (r"^\s*(?:the\s+)?(?:count|number|no\.?|#)\s+of\s+([a-z]+)\s+(?:per|by|in\s+each|for\s+each)\s+"
     r"([a-z]+?)s?\s*(?:[,:;]|\s[-–—]+)\s*(?:and\s+)?(?:which|what)\s+\2\s+(?:has|had|have)\s+the\s+"
     r"(most|fewest|least)\s*[?.!]*\s*$", r"Which \2 has the \3 \1?", False),
    # "which of Emma's followers gives her the most likes": the follower whose edge with
    # Emma is heaviest, as "which follower gives Emma the most likes"
    (r"^\s*(?:which|who)\s+(?:one\s+)?of\s+((?-i:[A-Z])[\w.-]*(?:\s+(?-i:[A-Z])[\w.-]*)?|[a-z]+\d+)"
     r"(?:'s|’s)\s+([a-z]+?)s\s+([a-z]+)\s+(?:her|him|them|it|\1)\s+(?=(?:the\s+)?most\b)",
     r"Which \2 \3 \1 ", False),
    # "who sits on the most shortest friend-chains": on the most shortest paths (betweenness)
    (r"(\b(?:on|in|along)\s+(?:the\s+)?most\s+)shortest\s+(?:[a-z]+[- ])?(?:chains?|"
     r"links?|connections?)\b", r"\1shortest paths", False),
    # "who has taken on the most proteges", "who racked up the most visits": who has them
    (r"\b(?:has|have|had)\s+(?:taken\s+on|picked\s+up|gathered|collected|accumulated|amassed|"
     r"racked\s+up|built\s+up|clocked\s+up)\s+(?=the\s+most\b)", "has ", False),
    (r"\b(?:took\s+on|picked\s+up|gathered|collected|accumulated|amassed|racked\s+up|"
     r"clocked\s+up)\s+(?=the\s+most\b)", "had ", False),
    # "who has put the most years into mentoring": spent them mentoring (no edge into it)
    (r"\b(?:put|putting|puts|invested|invests|devoted|devotes|poured|pours|sunk|sank)\s+"
     r"((?:the\s+)?(?:most|more|fewest|least)\s+[a-z]+)\s+into\s+([a-z]+ing)\b", r"spent \1 \2", False),
    # "Say Glasshouse gets pulled from the records. How many pieces …": Glasshouse removed
    (r"^\s*(?:say|suppose|imagine|assume|let'?s\s+say)\s+((?-i:[A-Z])[\w.-]*(?:\s+(?-i:[A-Z])[\w.-]*)?|"
     r"[a-z]+\d+)\s+(?:gets|is|was|were|got)\s+(?:pulled|dropped|removed|deleted|taken\s+out|struck\s+off|"
     r"axed|scrapped|cancell?ed|closed|shut(?:\s+down)?|wiped)\b[^.?!]*[.!]\s*", r"If \1 were removed, ",
     False),
    # "does Dunmore's line -- his proteges, theirs and so on -- eventually reach Castillo":
    # can Dunmore reach Castillo
    (rf"^\s*(?:does|did|will|would)\s+({_NAME})(?:'s\s+(?:line|lineage|tree|chain|network|"
     r"descendants|people))?(?:\s*(?:--|[-–—(,])\s*[^?]*?(?:--|[-–—),])\s*|\s+)(?:eventually\s+|ever\s+|"
     rf"still\s+|somehow\s+)?reach\s+({_NAME})", r"Can \1 reach \2", True),
    # "who has Achebe mentored, directly or indirectly", "who can trace their training back
    # to Achebe": the nodes Achebe reaches
    (rf"^\s*(?:who|whom|which\s+[a-z]+)\s+(?:has|have|had|did)\s+({_NAME})\s+[a-z]+ed\s*,?\s+"
     r"(?:directly\s+or\s+(?:indirectly|through\s+(?:others|someone\s+else))|even\s+indirectly)\b",
     r"Which nodes can \1 reach", True),
    (rf"^\s*(?:[\w\s'’]{{0,60}}:\s*)?(?:who|which\s+[a-z]+)\s+can\s+trace\s+(?:their|his|her|its)\s+"
     rf"(?:[a-z]+\s+)?(?:back\s+)?to\s+({_NAME})\b[^?]*", r"Which nodes can \1 reach", True),
    # "Mossley had a supply dip. List every substation upstream of it": upstream of Mossley
    (rf"^\s*({_NAME})\s+(?:had|has|saw|suffered|reported|is\s+having|got)\b[^.?!]{{0,60}}[.!]\s*"
     r"([^.?!]*?\b(?:up|down)-?stream\s+(?:of|from)\s+)it\b", r"\2\1", True),
    # "which substations are upstream of Mossley": those that reach it; "how many are
    # downstream of Brookend": those it reaches (directed)
    (rf"^(\s*(?:which|what|how\s+many)\s+(?:[a-z]+\s+){{0,2}}?)(?:are|is|lie|sit)\s+(?:anywhere\s+)?"
     rf"up-?stream\s+(?:of|from)\s+({_NAME})", r"\1can reach \2", True),
    (rf"^\s*(?:list|name|show(?:\s+me)?|give\s+me)\s+(?:every|all(?:\s+the)?|the)\s+([a-z]+?)s?\s+"
     rf"(?:that\s+(?:are|is|lie|sit)\s+)?(?:anywhere\s+)?up-?stream\s+(?:of|from)\s+({_NAME})"
     r"(?:\s*,?\s*i\.?\s*e\.?,?\s+[^?]*$)?", r"Which \1s can reach \2", True),
    (rf"^(\s*(?:which|what|how\s+many)\s+(?:[a-z]+\s+){{0,2}}?)(?:are|is|lie|sit)\s+(?:anywhere\s+)?"
     rf"down-?stream\s+(?:of|from)\s+({_NAME})", r"\1can \2 reach", True),
    (rf"^\s*(?:list|name|show(?:\s+me)?|give\s+me)\s+(?:every|all(?:\s+the)?|the)\s+([a-z]+?)s?\s+"
     rf"(?:that\s+(?:are|is|lie|sit)\s+)?(?:anywhere\s+)?down-?stream\s+(?:of|from)\s+({_NAME})"
     r"(?:\s*,?\s*i\.?\s*e\.?,?\s+[^?]*$)?", r"Which \1s can \2 reach", True),
    # "how many species are above hares in the chain, i.e. eat hares or …": those that reach
    # it; "which sit somewhere below the lion in the food chain - things lions kill, …": those
    # it reaches (directed, a chain, a hierarchy or a tree said)
    (rf"^(\s*(?:which|what|how\s+many)\s+(?:[a-z]+\s+){{0,2}}?)(?:are|is|lie|sit|come)\s+"
     rf"(?:somewhere\s+|anywhere\s+|further\s+|higher\s+|lower\s+)?(?:up\s+)?above\s+(?:the\s+)?"
     rf"({_NAME})\s+(?:in|on|up)\s+the\s+(?:[a-z]+\s+)?(?:chain|hierarchy|tree|ladder|web|data|graph)\b[^?]*",
     r"\1can reach \2", True),
    (rf"^(\s*(?:which|what|how\s+many)\s+(?:[a-z]+\s+){{0,2}}?)(?:are|is|lie|sit|come)\s+"
     rf"(?:somewhere\s+|anywhere\s+|further\s+|lower\s+)?(?:down\s+)?(?:below|under|beneath)\s+"
     rf"(?:the\s+)?({_NAME})\s+(?:in|on|down)\s+the\s+(?:[a-z]+\s+)?(?:chain|hierarchy|tree|ladder|web|data|graph)"
     r"\b[^?]*", r"\1can \2 reach", True),
    # "what is Zeke's in-degree", "how many in-neighbours does Zeke have": that node's count
    (rf"^\s*(?:so\s+|and\s+)?(?:what(?:'s|\s+is|\s+was)\s+)?({_NAME})(?:'s|’s)\s+(in|out)-?degree\b\s*[?.!]*\s*$",
     r"What is the \2-degree of \1?", True),
    (rf"^\s*(?:so\s+|and\s+)?how\s+many\s+(?:distinct\s+|different\s+)?(in|out)-?neighbou?rs\s+"
     rf"(?:does|do|did|has)\s+({_NAME})\s+(?:have|got)\s*[?.!]*\s*$", r"What is the \1-degree of \2?", True),
    # "how many different people send notes to Zeke": the senders counted, once each
    (rf"^\s*(?:so\s+|and\s+)?how\s+many\s+(?:other\s+)?(?:different\s+|distinct\s+|separate\s+|unique\s+)?"
     r"(?:people|persons|nodes|members|crew|staff|users|accounts|senders|colleagues|others|[a-z]+ers)\s+"
     r"(?:send|sent|write|wrote|pass|passed|give|gave|email|emailed|mail|mailed|message|messaged|"
     r"forward|forwarded|refer|referred|call|called|text|texted)\s+(?:any\s+|their\s+)?(?:[a-z]+\s+)?"
     rf"(?:to|into)\s+({_NAME})\s*[?.!]*\s*$", r"What is the in-degree of \1?", True),
    (rf"^\s*(?:so\s+|and\s+)?how\s+many\s+(?:other\s+)?(?:different\s+|distinct\s+|separate\s+|unique\s+)?"
     r"(?:people|persons|nodes|members|crew|staff|users|accounts|recipients|colleagues|others|[a-z]+ers)\s+"
     rf"(?:does|did|has)\s+({_NAME})\s+(?:send|sent|write|written|wrote|pass|passed|give|given|email|"
     r"emailed|mail|mailed|message|messaged|forward|forwarded|refer|referred|call|called|text|texted)\s+"
     r"(?:any\s+)?(?:[a-z]+\s+)?to\s*[?.!]*\s*$", r"What is the out-degree of \1?", True),
    # "how many different people has Zeke exchanged notes with (either way)": its partners
    # in either direction, each once; "everyone Wen has swapped notes with"
    (rf"^\s*(?:so\s+|and\s+)?how\s+many\s+(?:other\s+)?(?:different\s+|distinct\s+|separate\s+|unique\s+)?"
     rf"[a-z]+\s+(?:has|have|did|does)\s+({_NAME})\s+(?:ever\s+)?(?:exchanged?|swapped?|traded?|corresponded)\s+"
     r"(?:[a-z]+\s+)?with\b[^?]*\??\s*$", r"How many neighbours does \1 have, ignoring direction?", True),
    (rf"^\s*(?:so\s+|and\s+)?(?:list\s+|name\s+|show\s+(?:me\s+)?)?(?:everyone|everybody|who|whom|which\s+[a-z]+|all\s+the\s+[a-z]+)\s+"
     rf"(?:(?:has|have|did)\s+)?({_NAME})\s+(?:has\s+|have\s+)?(?:ever\s+)?(?:exchanged?|swapped?|traded?|"
     r"corresponded)\s+(?:[a-z]+\s+)?with\b[^?]*\??\s*$", r"Who are \1's neighbours, in either direction?", True),
    # "who can Ana actually get to": the adverb says nothing more
    (r"\b(can|could)\s+(\S+)\s+(?:actually|really|possibly|ever|eventually)\s+(get\s+to|reach)\b",
     r"\1 \2 \3", False),
    # "going along the follow arrows from Ana (people she follows, …), who can Ana get to": the
    # way said first
    (r"^\s*(?:going|following|moving|travel+ing)\s+(?:along\s+)?(?:the\s+)?(?:[a-z]+\s+)?(?:arrows|links|"
     r"edges|direction)\s+(?:from|out\s+of)\s+\S+\s*(?:\([^)]*\))?\s*,\s*", "", True),
    # "Dev's moving away next month. once he's gone, how many …": Dev removed
    (rf"^\s*({_NAME})(?:'s|\s+is|\s+will\s+be)\s+(?:moving\s+(?:away|out|on)|leaving(?:\s+us)?|quitting|"
     r"retiring|relocating|going\s+away|stepping\s+down)(?:\s+(?:next|this|on)\s+\w+|\s+tomorrow|\s+soon)?"
     r"\s*[.!;]\s*(?:(?:once|now|when|after)\s+(?:he|she|they|it)(?:'s|\s+is|\s+are|'re|\s+has|\s+have)"
     r"\s+(?:gone|left|away|out)\s*,\s*)?", r"If \1 were removed, ", False),
    # "X is going out for maintenance next week. which …": X removed
    (rf"^\s*({_NAME}(?:\s+(?-i:[A-Z])[\w.-]*)?)\s+(?:is|will\s+be|'s)\s+(?:going\s+|being\s+)?(?:taken\s+)?"
     r"(?:out|down|offline|off\s*line|closed|shut(?:\s+down)?|out\s+of\s+service)(?:\s+for\s+[\w ]+?)?"
     r"(?:\s+(?:next|this|on)\s+\w+|\s+tomorrow|\s+tonight|\s+soon)?\s*[.!;]\s*", r"If \1 were removed, ", False),
    # "how many fully separate routes (no link shared between them) between A and B",
    # "routes with no road in common": independent paths
    (r"\b(?:(?:fully|completely|totally|entirely|truly)\s+)?(?:separate|disjoint|non-?overlapping)\s+"
     r"(routes|paths|ways|chains|connections)(?:\s*\([^)]*\))?", r"independent \1", False),
    (r"\b(routes|paths|ways|chains)\s+(?:with|having|that\s+share|sharing)\s+no\s+(?:single\s+)?"
     r"(?:links?|edges?|roads?|lines?|cables?|tracks?|trails?|hops?|segments?)(?:\s+in\s+common)?",
     r"independent \1", False),
    # "can a patient who came in via SMH_ED ever end up on NGH_Paeds": can SMH_ED reach it
    (rf"^\s*(?:can|could|would|will|does|do|might)\s+(?:a|an|the|any|someone|something|anyone|anything)?\s*"
     rf"(?:[a-z]+\s+)?(?:who|that|which)?\s*(?:came|comes|come|started|starts|start|arrived|arrives|"
     rf"entered|enters|(?:was|is|gets|got)\s+admitted|began|begins|joined|joins)\s+(?:in\s+)?(?:via|at|"
     rf"through|on|to|into|in|from)\s+({_NAME})\s*,?\s+(?:ever\s+|eventually\s+|still\s+|possibly\s+)*"
     rf"(?:end\s+up|wind\s+up|get|arrive|make\s+it|land)\s+(?:on|at|in|to)\s+({_NAME})", r"Can \1 reach \2",
     False),
    # "a child admitted to NGH_Paeds — following the transfers, how many different wards could
    # they end up on eventually": the nodes it reaches
    (rf"^\s*(?:an?|the|one)\s+[a-z]+\s+(?:who\s+(?:is|was)\s+)?(?:admitted|starting|arriving|entering|"
     rf"placed|put)\s+(?:to|at|on|in|into)\s+({_NAME})\s*[-–—,:;]+\s*(?:[^,?]*,\s*)?how\s+many\s+"
     rf"(?:other\s+|different\s+|separate\s+)?([a-z]+)\s+(?:could|can|might|would|will)\s+(?:they|he|she|it)\s+"
     rf"(?:possibly\s+|ever\s+)*(?:end\s+up|wind\s+up|land|get\s+to|arrive)\s*(?:on|at|in)?\s*(?:eventually)?",
     r"how many \2 can \1 reach", False),
    # "the longest shortest route in minutes", "the average fastest trip between two towns":
    # the path figures (diameter, average path length), never one edge's value
    (r"\b(longest|average|mean|typical|avg)\s+(?:shortest|fastest|quickest)\s+(?:routes?|trips?|journeys?|"
     r"drives?|rides?)\b", r"\1 shortest path", False),
    # "the biggest link by kills - who on whom?": the edge's two ends, which its answer names
    (r"\s*(?:[-–—,;:]\s*|\(\s*)(?:who|which|what)\s+(?:on|to|and|vs\.?|with|from|→|->)\s+(?:whom|who|which|"
     r"what)\s*\)?(?=\s*[?.!]*\s*$)", "", False),
    # "shortest drive Stn_South to Hosp_Riverside": the route from the first to the second
    (rf"\b((?:shortest|fastest|quickest|cheapest|best)\s+(?:[a-z]+\s+)?)(?=(?:{_NAME})\s+(?:to|->|→)\s+"
     rf"(?:{_NAME}))", r"\1from ", False),
    # "in under half an hour": 30 minutes
    (r"\b(?:a\s+)?half\s+an\s+hour\b", "30 minutes", False),
    (r"\ban\s+hour\s+and\s+a\s+half\b", "90 minutes", False),
    (r"\b(?:a\s+)?quarter\s+of\s+an\s+hour\b", "15 minutes", False),
    # "how many towns can a ref who lives in Dunmore reach": Dunmore
    (rf"\b(?:a|an|the|someone|somebody|anyone)\s+[a-z]+\s+who\s+(?:lives|is\s+based|works|starts|is)\s+(?:in|at)\s+"
     rf"({_NAME})\b", r"\1", False),
    # "from Brayton, which town is the longest drive away": the farthest from Brayton
    (rf"^\s*from\s+({_NAME})\s*,\s*(which|what)\s+([a-z]+)\s+is\s+(?:the\s+)?(?:longest|furthest|farthest)\s+"
     r"(?:(?:drive|walk|ride|trip|journey|distance)\s+)?away\b", r"\2 \3 is farthest from \1", False),
    (r"\bwich\b", "which", False),
    # "adding up every trail segment that leaves Maincamp, how many km of trail is that":
    # the node's edges' total
    (rf"^\s*(?:adding|add)\s+up\s+(?:every|all(?:\s+the)?|each)\s+(?:[a-z]+\s+)?(?:segments?|edges?|links?|roads?|"
     rf"trails?|lines?|pipes?|cables?)\s+(?:that\s+)?(?:leaves?|leaving|touch(?:es|ing)?|at|from|out\s+of|"
     rf"going\s+out\s+of)\s+({_NAME})\s*,\s*how\s+many\s+([a-z]+)(?:\s+of\s+[a-z]+)?\s+is\s+that\b",
     r"how many \2 leave \1 in total", False),
    # "which ward takes in patients from the most wards": receives them
    (r"\b(?:takes|took|taking|take)\s+in\b", "receives", False),
    # "Closing J6 — which sites would lose …": J6 removed
    (rf"^\s*(?:closing|removing|shutting(?:\s+down)?|losing|taking\s+out|dropping|without)\s+({_NAME})\s*"
     r"(?:[—–:;]|--|\s-\s|,)\s*", r"If \1 were removed, ", False),
    # "Ngweshla is drying up fast. If it goes, which …": Ngweshla removed
    (rf"^\s*({_NAME})\s+(?:is|was|'s|has)\s+[^.?!]{{0,60}}[.!;]\s*if\s+(?:it|he|she|they)\s+(?:goes|went|closes|"
     r"fails|dies|disappears|shuts(?:\s+down)?|leaves|quits|dries\s+up|is\s+(?:lost|gone|closed|shut))\s*,\s*",
     r"If \1 were removed, ", False),
    # "Fern hut is shutting for the season and you can't walk through it. Which huts would
    # then be cut off …": Fern removed, said as news
    (rf"^\s*({_NAME})(?:\s+[a-z]+)?\s+(?:is|are|'s)\s+(?:shutting|closing|going\s+out|being\s+(?:closed|"
     r"removed|demolished|taken\s+down))(?:\s+down)?\b[^.?!]{0,80}[.!;]\s*(?=(?:which|what|who|how|list|"
     r"name|is|are|can|could|would|will|does|do)\b)", r"If \1 were removed, ", False),
    # "The road over Crook Top is shut for resurfacing (ugh). What's the shortest distance
    # …": the place the closed road crosses, removed, said as news
    (rf"^\s*(?:the\s+|our\s+)?(?:road|route|way|bridge|path|lane|track|segment|climb|pass|crossing|"
     rf"line)s?\s+(?:over|through|via|past|at|across|up|into|by)\s+({_NAME}(?:\s+(?-i:[A-Z][\w'.-]*))*)\s+"
     r"(?:is|are|'s|has\s+been|"
     r"have\s+been)\s+(?:shut|closed|blocked|impassable|out|closed\s+off|shut\s+off)\b[^.?!]{0,80}[.!;]\s*"
     r"(?=(?:which|what|who|how|list|name|is|are|can|could|would|will|does|do)\b)",
     r"If \1 were removed, ", False),
    # "If Ngweshla goes, which …" (said after "Ngweshla is drying up. If it goes"): removed
    (rf"^\s*if\s+({_NAME})\s+(?:goes|went|dries\s+up|disappears|is\s+lost|fails|dies|folds|closes|"
     r"shuts(?:\s+down)?)\s*,\s*", r"If \1 were removed, ", False),
    # "could patients arriving at SMH_ED still end up on NGH_Ortho": can SMH_ED reach it
    (rf"\b(can|could)\s+(?:a|an|the|any)?\s*[a-z]+\s+(?:arriving|starting|admitted|coming\s+in|entering|"
     rf"landing)\s+(?:at|in|to|via|on|into)\s+({_NAME})\s+((?:still|ever|eventually|possibly)\s+)*(?:end\s+up|"
     rf"wind\s+up|get|arrive|make\s+it|land)\s+(?:on|at|in|to)\s+({_NAME})", r"\1 \2 \3reach \4", False),
    # "Amara's most-visited waterhole": the partner on Amara's heaviest edge
    (rf"^\s*(?:what(?:'s|\s+is|\s+was)\s+|which\s+is\s+)?({_NAME})(?:'s|’s)\s+most[- ]([a-z]+ed)\s+([a-z]+)\b",
     r"which \3 did \1 \2 most", False),
    # "can a referee based in Kelby drive to every town": can Kelby reach every town
    (rf"\b(can|could)\s+(?:a|an|the|our|someone|anyone|somebody|anybody)\s+[a-z]+\s+(?:(?:who\s+(?:is|lives|works)\s+)?"
     rf"(?:based|living|stationed|located|who\s+lives|sitting|starting)\s+)?(?:in|at|from)\s+({_NAME})\s+(?:drive|walk|"
     rf"ride|cycle|travel|get|go|reach|hike)\s+(?:to\s+)?(?=(?:every|all|each|any)\b)", r"\1 \2 reach ", False),
    # "is the road map just a tree - no loops where a ref could go round in a circle": the
    # aside says what a tree is
    (r"\s+[-–—]+\s+(?:(?:i\.e\.|ie|so)\s+)?no\s+(?:loops|cycles|circles)\b[^?]*(?=\?)", "", False),
    # "can a ranger walk from Robins to Jozibanini": can you get from one to the other
    (r"\b(can|could)\s+(?:a|an|the|any|one|our|someone|anyone|somebody|anybody)\s+(?:[a-z]+\s+)?(?:walk|drive|ride|"
     r"cycle|bike|travel|hike|go|fly|sail|make\s+it|get)\s+(?=from\s)", r"\1 you get ", False),
    # "fewest transfers needed to get a patient from A to B": from A to B
    (r"\b(?:needed|required|it\s+takes|it\s+would\s+take)\s+to\s+(?:get|move|send|take|bring|route)\s+"
     r"(?:a|an|the|one)\s+[a-z]+\s+(?:from\s+)?(?=(?-i:[A-Z])|[a-z]+\d)", "from ", False),
    # "(home or away, doesn't matter)", "(either direction is fine)": no condition asked
    (r"\s*\((?:[^()]*?,\s*)?(?:(?:it\s+)?does(?:n't|\s+not)\s+matter|either\s+(?:way|direction)(?:\s+is\s+fine)?|"
     r"whichever\s+way|in\s+either\s+direction|both\s+directions?)\)", "", False),
    # "directly or further back up the chain": directly or indirectly
    (r"\bdirectly\s+or\s+(?:further|farther|higher|lower)\s+(?:back\s+)?(?:up|down)\s+(?:the|their|its)\s+"
     r"(?:chain|line|tree|stream|hierarchy|ladder)\b", "directly or indirectly", False),
    # "how many wards feed patients into SMH_Rehab": into it
    (r"\b(feeds?|fed|feeding|sends?|sent|sending|passe[sd]|pass|passing|moves?|moved|moving|refers?|referred|"
     r"referring|transfers?|transferred|transferring|ships?|shipped|shipping)\s+(?:patients|people|goods|"
     r"stock|items|cases|clients|work)\s+(into|to|on\s+to)\b",
     r"\1 \2", False),
    # "biggest set of camps where every camp has a direct trail to every other one", "biggest
    # set of camps all directly linked to each other": the largest clique
    (r"\b(?:the\s+)?(?:biggest|largest|maximum|max|largest\s+possible)\s+(?:set|group|bunch|cluster|circle|"
     r"collection|subset|gang|team)\s+of\s+([a-z]+)\s+(?:where|in\s+which|such\s+that|that|who|which|with|"
     r"all|whose)\b(?![^?]*\b(?:via|indirect\w*|reach\w*|round|around|through\s+others)\b)[^?.;]*?"
     r"\bdirect(?:ly)?\b(?!\s+or\b)[^?.;]*?\b(?:each\s+other|every\s+other(?:\s+one)?|one\s+another|all\s+"
     r"the\s+others?)\b(?:\s+(?:in|of)\s+(?:the|that|this)\s+(?:set|group|bunch|cluster))?", r"the largest clique of \1",
     False),
    # "how many carnivore->carnivore rows are in the table": the edges inside that group
    (r"\b([a-z]{3,}?)s?\s*(?:->|→|-->|–>|-to-|\s+to\s+)\s*\1s?\s+(rows|edges|links|ties|pairs|records|"
     r"entries|connections|arrows|rides|trips|flights|transfers|calls|messages|emails|shipments|passes|"
     r"visits|journeys|moves|matches|games|routes|lanes)\b", r"\2 within \1", False),
    # "which town has the shortest average drive to all the other towns": closeness
    (r"\b(?:has|have|had|with|gives?)\s+the\s+(?:shortest|lowest|smallest|least|quickest)\s+(?:average|mean|avg|"
     r"typical|overall)\s+(?:\w+\s+)?(?:drives?|trips?|journeys?|walks?|rides?|travel|distances?|times?|"
     r"hops?)(?:\s+times?)?\s+to\s+(?:all\s+|every\s+)?(?:the\s+)?(?:others?|rest)\b(?:\s+[a-z]+s\b)?",
     "is closest on average to all the others", False),
    # "where should we base the coordinator so that, on average, the drive to the other towns
    # is as short as possible": the node closest to all the others
    (r"^\s*where\s+(?:should|would|could|do|can)\s+(?:we|i|they|you)\s+(?:base|put|place|locate|site|"
     r"station|build|open)\s+[^?]*?\s+so\s+(?:that\s*)?,?\s*(?:on\s+average\s*,?\s*)?(?:the\s+)?(?:\w+\s+)?"
     r"(?:drives?|trips?|journeys?|walks?|rides?|travel(?:\s+times?)?|distances?|times?)\s+to\s+(?:all\s+|"
     r"every\s+)?(?:the\s+)?(?:others?|rest)\b(?:\s+[a-z]+s\b)?\s+(?:is|are)\s+(?:as\s+(?:short|small|low)\s+"
     r"as\s+possible|(?:the\s+)?(?:shortest|smallest|lowest)|minimi[sz]ed)(?:\s+on\s+average)?",
     "which one is closest on average to all the others", False),
    # "what fraction of connected triples (a-b-c) close into a triangle", "what share of the
    # 'two roads meeting at a site' patterns close up into a triangle": the transitivity
    (r"\b(?:what(?:'s|\s+is)?\s+)?(?:the\s+)?(?:fraction|share|proportion|percentage|percent|ratio)\s+of\s+"
     r"[^?]*?(?:triples|triplets|triads|patterns|wedges|paths\s+of\s+length\s+(?:2|two)|pairs\s+of\s+"
     r"[a-z]+)\b[^?]*?\b(?:close|closes|closed|closing|form|forms|make|makes|complete|completes)\b"
     r"[^?]*?\btriangles?\b(?:\s*\([^)]*\))?", "what is the transitivity", False),
    # "We're taking lon1 down for a kernel upgrade tonight. Which …": lon1 removed
    (rf"^\s*(?:we(?:'re|\s+are|'ll\s+be|\s+will\s+be)|i(?:'m|\s+am|'ll\s+be)|they(?:'re|\s+are)|ops\s+(?:is|are))\s+"
     rf"(?:taking|shutting|closing|pulling|switching|turning)\s+({_NAME})\s+(?:down|offline|off\s*line|"
     r"out(?:\s+of\s+service)?|off)(?:\s+for\s+[\w -]+?)?(?:\s+(?:next|this|on)\s+\w+|\s+tomorrow|\s+tonight|"
     r"\s+soon)?\s*[.!;]\s*", r"If \1 were removed, ", False),
    (r"\s+(?:while|whilst|when)\s+(?:it|he|she|they)(?:'s|\s+is|\s+are|'re)\s+(?:out|down|offline|"
     r"closed|gone|away|shut)\s*(?=[?.!]*\s*$)", "", False),
    # "people who mentored others but nobody ever mentored them": never mentored
    (r"^\s*(?:the\s+)?(?:people|ones|those|nodes)\s+who\s+([a-z]+ed\s+(?:others|someone|people|anyone))\s+"
     r"but\s+(?:nobody|no\s+one|none)\s+(?:ever\s+)?([a-z]+ed)\s+them\b", r"who \1 but were never \2",
     False),
    # "is anyone not tied into the rest (through a shared site)": connected to the rest
    (r"\b(?:tied|hooked|plugged|linked|wired|joined)\s+(?:in(?:to)?|up)\s+(?:with\s+|to\s+)?the\s+rest"
     r"(?:\s+(?:through|via|by)\s+(?:a\s+|any\s+)?(?:shared|common)\s+[a-z]+)?\b", "connected to the rest",
     False),
    # "how many of kat's likes went to emma": the likes on the edge kat -> emma
    (r"^\s*how\s+many\s+of\s+((?-i:[A-Z])[\w.-]*|[a-z][\w.-]*)(?:'s|’s)\s+([a-z]+)\s+(?:went|go|were\s+sent|"
     r"were\s+given|were\s+made)\s+to\s+", r"how many \2 did \1 send to ", False),
    # "with Keller out of the picture, who becomes the main go-between": Keller removed
    (r"^\s*(?:so\s+|and\s+|now\s+)?with\s+((?-i:[A-Z])[\w.-]*(?:\s+(?-i:[A-Z])[\w.-]*)?|[a-z]+\d+)\s+"
     r"(?:out\s+of\s+the\s+picture|out\s+of\s+action|gone|taken\s+out|removed|out\s+of\s+the\s+way)"
     r"\s*,\s*", r"if \1 were removed, ", False),
    # "which one follows Hazel Road the most (number of follows)": the ranking says it
    (r"(\b(?:most|fewest|least)\b[^()?]*?)\s*\((?:the\s+)?(?:number|count|no\.?)\s+of\s+"
     r"[a-z]+\)", r"\1", False),
    # "of the other streets, which one follows Hazel Road the most": which street
    (r"^\s*(?:out\s+)?of\s+(?:the\s+|all\s+the\s+)?(?:other\s+|remaining\s+)?([a-z]+?)(?:e?s)\s*,\s*"
     r"(?:which|what)\s+(?:one|of\s+them)\b", r"Which \1", False),
    (r"\b(?:betwen|betwene|bewteen|beteen|betweeen)\b", "between", False),  # "betwen which two teams"
    # "how many lanes would have to be shut before Rotterdam loses every route to Jeddah": the
    # cut between two nodes
    (r"\b(?:before|until|so\s+that|for)\s+((?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*)?|[a-z]+\d+)\s+"
     r"(?:loses|lose|has\s+no|have\s+no|is\s+left\s+with\s+no|can\s+no\s+longer\s+reach|"
     r"no\s+longer\s+reaches|can'?t\s+reach|cannot\s+reach|is\s+cut\s+off\s+from)\s+"
     r"(?:(?:every|all|any|each)\s+)?(?:(?:\w+\s+)?(?:routes?|paths?|ways?|connections?|links?)\s+"
     r"(?:to|with|into)\s+)?((?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*)?|[a-z]+\d+)",
     r"to disconnect \1 from \2", False),
    # "which wards are in a loop with Theatres (… and come back)", "which can reach Theatres and
    # be reached from it": the node's strongly connected component
    (r"^\s*(which|what)\s+([a-z]+)\s+(?:are|is|sit|lie)\s+(?:in|on)\s+(?:a|the\s+same)\s+(?:closed\s+|directed\s+|round\s+)?(?:loop|cycle|circuit)\s+"
     r"(?:with|as)\s+((?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*)?|[a-z]+\d+)\b[^?]*",
     r"\1 \2 are in the same strongly connected component as \3", True),
    (r"^\s*(which|what)\s+([a-z]+)\s+(?:can\s+)?(?:both\s+)?reach\s+((?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*)?|"
     r"[a-z]+\d+)\s+and\s+(?:can\s+)?(?:also\s+)?be\s+reached\s+(?:from|by)\s+(?:it|them|him|her|\3)\b[^?]*",
     r"\1 \2 are in the same strongly connected component as \3", True),
    # "are hut0 and hut7 connected somehow, even through other huts?": connected at all
    (r"\b(connected|linked|reachable|joined)(?:\s+somehow|\s+at\s+all|\s+in\s+any\s+way|\s+indirectly)?"
     r"\s*,?\s*(?:even\s+|perhaps\s+|possibly\s+|maybe\s+|if\s+only\s+)?(?:through|via|by\s+way\s+of)\s+"
     r"(?:other|some|any|intermediate|a\s+chain\s+of|chains\s+of|one\s+or\s+more)\s+[a-z]+(?:\s+[a-z]+)?"
     r"(?=\s*[?.!]|\s*$)", r"\1", False),
    # "are Tomas and Dev connected at all via colleagues-of-colleagues?"
    (r"\b(connected|linked|reachable)(?:\s+somehow|\s+at\s+all|\s+in\s+any\s+way|\s+indirectly)?\s*,?\s*"
     r"(?:via|through)\s+(?-i:[a-z][a-z-]*)(?:\s+(?-i:[a-z][a-z-]*)){0,3}(?=\s*[?.!]|\s*$)", r"\1", False),
    (r"\b(connected|linked|reachable)\s+(?:somehow|at\s+all|in\s+any\s+way)(?=\s*[?.!,]|\s*$)", r"\1",
     False),
    # "starting in ED, how many different wards could a patient eventually reach (through any
    # chain of transfers)": the nodes ED reaches
    (r"^\s*starting\s+(?:in|at|from)\s+((?-i:[A-Z])[\w.'-]*|[a-z]+\d+)\s*,\s*how\s+many\s+(?:different\s+|"
     r"distinct\s+|other\s+)?([a-z]+)\s+(?:could|can|would|will|might)\s+(?:a|an|the|one|some)\s+[a-z]+\s+"
     r"(?:eventually\s+|ever\s+|possibly\s+)?reach\b[^?]*", r"how many \2 can \1 reach", True),
    # "how many wards end up sending patients to Geriatrics, directly or via others": those
    # reaching it
    (r"^\s*how\s+many\s+([a-z]+)\s+(?:end\s+up|eventually)\s+(?:sending|passing|feeding|referring|"
     r"routing|forwarding)\s+(?:[a-z]+\s+)?(?:on\s+)?(?:to|into)\s+((?-i:[A-Z])[\w.'-]*|[a-z]+\d+)\b[^?]*",
     r"how many \1 can reach \2", True),
    # "ignoring which way patients move, is every ward tied into one transfer network?"
    (r"^\s*(?:ignoring\s+[^,]{3,50},\s*)?(?:is|are)\s+(?:every|each|all(?:\s+the)?)\s+[a-z]+\s+(?:tied|linked|"
     r"connected|joined|hooked\s+up)\s+(?:in)?to\s+(?:one|a\s+single|the\s+same)\s+(?:[a-z]+\s+)?(?:network|"
     r"piece|whole|system|graph|web|component)\b[^?]*", "is the graph weakly connected", False),
    # "which pair of different teams has the most ties between them"
    (r"^\s*which\s+(?:pair|couple)\s+of\s+(?:different\s+|distinct\s+)?([a-z]+?s)\s+(?:has|have)\s+the\s+"
     r"(most|fewest)\s+([a-z]+)\s+between\s+them\b", r"which two \1 have the \2 \3 between them",
     False),
    # "list everything in the Service zone": the nodes of that group
    (r"^\s*(?:list|show|name|give\s+me)\s+(?:me\s+)?(?:everything|everyone|all|every\s+[a-z]+|all\s+the\s+"
     r"[a-z]+)\s+(?:in|of|from)\s+the\s+((?-i:[A-Z])[\w.'-]*|[a-z]+)\s+([a-z]+)\b(?:\s+(?:pls|please))?",
     r"which nodes are in the \1 \2", False),
    # "the road town0-town24 is closed. shortest drive from town0 to town20 now?": a closure
    # said first, as a fact, then the question on it
    (r"^\s*(?:say\s+|suppose\s+|assume\s+)?(?:that\s+)?the\s+([a-z]+)\s+(?:between\s+)?((?-i:[A-Z])[\w.']*|[a-z]+\d+)"
     r"\s*(?:-|–|—|and|to)\s*((?-i:[A-Z])[\w.']*|[a-z]+\d+)\s+(?:is|was|gets|got|has\s+been)\s+(closed|cut|"
     r"blocked|shut|removed|down|out|severed|washed\s+out)(?:\s+for\s+[a-z ]+?)?\s*[.;:,!]+\s+"
     r"(?=\S)", r"if the \1 between \2 and \3 is \4, ", False),
    # "what fraction of all connected triples are closed into triangles": the transitivity
    (r"\b(?:what\s+)?(?:the\s+)?(?:fraction|share|proportion|percentage|ratio|%)\s+of\s+(?:all\s+)?"
     r"(?:the\s+)?(?:connected\s+|open\s+|possible\s+)?(?:triples|triads|two-paths|wedges)\b[^?.;]*?"
     r"\b(?:closed|close|completed?|form|forming|become)\b[^?.;]*", "the transitivity of the graph",
     False),
    # "between which two teams are there the most ties?", "which pair of teams is most linked"
    (r"^\s*between\s+which\s+(two|pair\s+of)\s+([a-z]+?s)\s+(?:are|is)\s+there\s+the\s+(most|fewest)\s+"
     r"([a-z]+)\b", r"which two \2 have the \3 \4 between them", False),
    (r"^\s*which\s+(?:two|pair\s+of)\s+([a-z]+?s)\s+(?:is|are)\s+(?:the\s+)?(most|least)\s+"
     r"(?:linked|connected|tied)\b", r"which two \1 have the \2 ties between them", False),
    (r"\b(?:teh|hte)\b", "the", False),  # "which house has teh most debaters"
    (r"\bevry\b", "every", False),
    (r"\bthier\b", "their", False),
    (r"\b(did|does|do|is|are|was|were|has|have|had|could|would|should|ca|wo)nt\b", r"\1n't", False),
    # "Esplanade to Gasworks, shortest ride time in minutes?": the route's ends said first
    (r"^\s*((?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*){0,2}|[a-z]+\d+)\s+to\s+((?-i:[A-Z])[\w.'-]*"
     r"(?:\s+(?-i:[A-Z])[\w.'-]*){0,2}|[a-z]+\d+)\s*[,:–—-]+\s*((?:the\s+)?(?:shortest|fastest|quickest|"
     r"cheapest|best|fewest|how)\b[^?]*?)\s*\??\s*$", r"\3 from \1 to \2?", False),
    # the measures' and nodes' common slips: "betweennes", "staions", "extentions"
    (r"\bbetween+es+\b(?<!\bbetweenness)", "betweenness", False),
    (r"\bsta(?:i|ti|tt)ons\b", "stations", False),
    (r"\bexten(?:t|s)ions\b", "extensions", False),
    # "Depot's nbrs — which of them are in Southbank?": which of the node's neighbours
    (r"^\s*((?-i:[A-Z])[\w.'-]*|[a-z]+\d+)'s\s+(neighbou?rs|nbrs|friends|contacts|partners|links|ties|"
     r"connections)\s*[—–:,-]+\s*which\s+of\s+them\b", r"which of \1's \2", False),
    # "Enjolras' community": a name ending in s, its possessive
    (r"\b((?-i:[A-Z])[\w.-]*s)'(?=\s)", r"\1's", False),
    # "the *other* club", "**not** counting": emphasis marks around a word
    (r"(?<![\w*])[*_]{1,2}([A-Za-z][\w' -]{0,30}?)[*_]{1,2}(?![\w*])", r"\1", False),
    # "Which ports …? I need the port on each side.": a wish said after the question
    (r"(?<=\?)\s+(?:I|we)(?:'d|\s+would)?\s+(?:need|want|like|prefer)\b(?![^?]*(?:\b(?:fares?|prices?|"
     r"costs?|minutes?|hours?|km|miles?|times?|distances?|weights?|not|only|without|except|"
     r"money|euros?|dollars?|pounds?)\b|[£$€]))[^?]*[.!]?\s*$", "", False),
    # "which region (other than Oceania itself) has the most routes into Oceania": the named
    # group set apart from its own partners, as every such ranking does
    (r"\s*[(,]\s*(?:other than|apart from|besides|excluding|not counting)\s+(?:the\s+)?[\w.'-]+"
     r"(?:\s+[\w.'-]+)?\s+(?:itself|themselves|himself|herself)\s*[),]", "", False),
    # "within 3 steps of the root t0 - how many (excluding t0)?": the source left out, as a
    # count of the nodes around it always does
    (r"\b(of|from)\s+(?:the\s+[a-z]+\s+)?([\w.-]+)\b(.*?)\s*[(,]\s*(?:excluding|not\s+counting|except(?:\s+for)?|"
     r"other\s+than|without)\s+\2(?:\s+itself)?\s*\)?(?=\s*[?.!]*\s*$)", r"\1 \2\3", False),
    (r"\b(of|from)\s+((?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*)*|[a-z]+\d+)(.*?)\s*(?:don'?t|do\s+not)\s+"
     r"(?:count|include)\s+\2(?:\s+itself)?\s*[.!]?\s*$", r"\1 \2\3", False),
    # "member 0 (the instructor) quits": an appositive aside after a name
    (r"\b((?-i:[A-Z])[\w.'-]*|[a-z]+\s+\d+|[a-z]+\d+)\s*\((?:the|a|an|our|my|their|his|her)\s+[^()]{1,30}\)"
     r"(?=[\s,.?!])", r"\1", False),
    # "(A endorses B ... endorses A)": a schematic example aside, naming no node
    (r"\s*\((?=(?:[^()]*?(?<![\w'])(?-i:[A-HJ-Z])(?![\w'])){2})[^()]*\)", "", False),
    # "cut off from the biggest remaining group": from the main piece
    (r"\b(cut\s+off|disconnected|separated|isolated)\s+from\s+the\s+(?:biggest|largest|main)\s+"
     r"(?:remaining\s+|connected\s+)?(?:group|piece|part|component|network|cluster|chunk|body)\b",
     r"\1 from the rest", False),
    # "can a patient who starts in Maternity ever end up on Rehab": one end reaches the other
    (r"^.*?\b(?:can|could|would|will|does|do)\s+(?:a|an|the|any|some)\s+[a-z]+\s+(?:who|that|which)\s+"
     r"(?:starts?|begins?|is|are)\s+(?:out\s+)?(?:in|at|on|from)\s+((?-i:[A-Z])[\w.'-]*|[a-z]+\d+)\s+"
     r"(?:ever\s+|eventually\s+|possibly\s+)?(?:end\s+up|get|arrive|make\s+it|be\s+sent|land)\s+"
     r"(?:on|at|in|to|into)\s+((?-i:[A-Z])[\w.'-]*|[a-z]+\d+)\s*[?.!]*\s*$", r"Can \1 reach \2?", False),
    # "tardebigge lock is closed for repairs - what's the shortest distance …", "radford
    # shut, how many pieces …": a statement of a closure, then the question it changes
    (r"^\s*(?:the\s+)?(?!(?:it|this|that|which|what|who|everything|everyone|nothing|one|each|if|"
     r"when|once|suppose|say|imagine|after|should)\b)"
     r"((?-i:[A-Z])[\w'.-]*|[a-z][\w'.-]*)(?:\s+(?:lock|station|stop|hut|port|airport|site|depot|"
     r"node|junction|clinic|museum|library|hub|plant|warehouse|school|office))?\s+"
     r"(?:(?:is|was|has\s+been|gets|got|will\s+be)\s+)?(?:closed|shut(?:\s+down)?|removed|"
     r"out\s+of\s+service|offline|demolished)(?:\s+(?:for|due\s+to|because\s+of)\s+[\w\s'-]+?)?"
     r"\s*(?:[-–—:;]+|,)\s*(?=(?:so\s+)?(?:what|which|who|how|is|are|can|does|do|would|will)\b)(.+)$",
     r"If \1 were removed, \2", False),
    # what the edges carry, named instead of the node that sends it (directed): "Dubai's
    # money", "money leaving Chicago", "a job started by scheduler" reach as the node does
    (rf"\b(?:the\s+)?({_NAME})(?:'s|’s)\s+(?:{_CARRIED})\b(?!\s+(?:to|from|between))", r"\1", True),
    (rf"\b(?:(?:some|any|the)\s+)?(?:{_CARRIED}|a\s+(?:job|request|message|patient|parcel|"
     rf"shipment|payment|rumou?r|referral|call))\s+(?:(?:that\s+(?:is\s+|was\s+)?)?(?:started|"
     rf"leaving|coming|starting|originating|going|issued|placed)\s+)?(?<!sent\s)(?:by|from|at|out\s+of|"
     rf"leaving)\s+(?:the\s+)?({_NAME})\b", r"\1", True),
    # "paper35 - how many papers does it build on": the node said first, then "it"
    (r"^\s*((?-i:[A-Z][\w'.-]*)|[a-z]+\d+|\d+)\s*(?:[-–—:]+|,)\s*((?:how|what|which|who|whom|"
     r"can|could|does|do|did|is|are)\b[^?]*?)\b(?:it|they|she|he)\b", r"\2\1", False),
    # "a patient who lands on Paeds", "a player sold by Northbridge", "a message starting at
    # Tom": the node it leaves from, which reaches as the thing does
    # (never the things counted or listed: "how many of the segments that start in Ashfell")
    (rf"(?<!many\sof\s)(?<!which\sof\s)(?<!what\sof\s)"
     rf"\b(?:a|an|the|some|any)\s+[a-z]+\s+(?:(?:who|that|which)\s+(?:lands?|landed|starts?|"
     rf"started|begins?|began|arrives?|arrived|is|was|gets?\s+(?:sent|passed))\s+(?:on|at|in|with|"
     rf"from|to)|(?:sold|sent|passed|referred|transferred|released|starting|leaving|coming|"
     rf"originating)\s+(?:by|from|at|out\s+of))\s+(?:the\s+)?({_NAME})\b", r"\1", True),
    # "could X end up at Y", "which clubs can X end up at", "get word back up to Y", "get
    # through to": a reach
    # (never a group the node ends up in: "which community does Vance end up in")
    (_ENDS_UP + r"(?:reaching|(?:on|at|in|with)(?=\s*[?.!(]|\s*$))", r"\1reach", True),
    (_ENDS_UP + r"(?:on|at|in|with)\s+(?!all\b|the\s+same\b)", r"\1reach ", True),
    # "how many papers trace back to paper00": the nodes that reach it
    (r"^(\s*(?:how\s+many(?:\s+[a-z]+)?|which\s+[a-z]+|what\s+[a-z]+|who))\s+(?:trace|traces|lead|leads)"
     r"\s+back\s+to\b", r"\1 can reach", True),
    # "can a box leaving Bremerhaven get to Shanghai by chaining voyages?": Bremerhaven reaches it
    (r"^\s*(can|could)\s+(?:a|an|the|some|any)\s+[a-z]+\s+(?:leaving|starting\s+(?:at|from|in)|sent\s+from|"
     r"shipped\s+from|from)\s+((?-i:[A-Z])[\w.'-]*|[a-z]+\d+)\s+(?:ever\s+|eventually\s+)?(?:get|make\s+it|"
     r"travel|go)\s+(?:all\s+the\s+way\s+)?to\s+((?-i:[A-Z])[\w.'-]*|[a-z]+\d+)\b[^?]*",
     r"\1 \2 reach \3", True),
    (r"\bget\s+(?:(?:a|an|the|some|any)\s+[a-z]+|word|messages?|news|it)\s+"
     r"(?:back\s+)?(?:up\s+)?(?:through\s+)?to\b(?!\s+(?:every|each|all|any)\b)|"
     r"\bget\s+through\s+to\b", "reach", True),
    # "list every town that can reach Puebla": which ones; "…, whether it goes there direct
    # or via another town": reach says both
    (r"\s*,?\s+whether\s+(?:it|they)\s+(?:goes|go|get|gets)\s+there\s+direct(?:ly)?\s+or\s+"
     r"(?:via|through|by\s+way\s+of)\s+[^?.!]*", "", True),
    (rf"\bwhose\s+(?:{_CARRIED})\s+(?:can|could|will|would)\s+(?:ever\s+|eventually\s+)?"
     rf"(?:end\s+up|arrive|land|wind\s+up)\s+(?:in|at)\b", "that can reach", True),
    (r"^\s*(?:list|name|show(?:\s+me)?|give\s+me)\s+(?:every|all(?:\s+the)?)\s+([a-z]+?)s?\s+"
     r"(?:that|which|who)\s+(?=can\b|could\b)", r"Which \1s ", True),
    # "the groups of desks where every desk can pass a story round to every other one":
    # the strongly connected components (directed)
    (r"\b(?:the\s+)?(?:groups|sets|clusters|circles)\s+of\s+[a-z]+\s+(?:where|in\s+which)\s+"
     r"(?:every|each)\s+[a-z]+\s+can\s+(?:[a-z]+\s+){0,5}?(?:to|reach)\s+(?:every|each|all)\s+"
     r"(?:other|the\s+others?)(?:\s+one)?\b", "the strongly connected components", True),
    # "biggest set of wards where every ward can get a patient to every other one", "the
    # biggest bunch of residents where each one can get a message to every other one": the
    # largest strongly connected component (directed)
    (_BIGGEST_SET_OF + r"(?:where|in\s+which|such\s+that)\s+"
     r"(?:every|each)\s+(?:one\s+|[a-z]+\s+)?can\s+(?:[a-z]+\s+){0,5}?(?:to|reach)\s+(?:every|each|"
     r"all)\s+(?:other|the\s+others?)(?:\s+one)?\b[^?]*\?\s*(?:list\s+them|names?(?:\s+pl(?:ea)?se?|"
     r"\s+pls)?|who(?:'s|\s+is)\s+in\s+it)?\s*[?.!]*\s*$",
     "list the members of the biggest strongly connected component", True),
    # "biggest set of huts that are all directly linked to each other", "biggest group of
    # donors where every one has donated alongside every other one": the largest clique
    (_BIGGEST_SET_OF + r"(?:that|who|which|where|in\s+which)\s+"
     r"(?=[^?]*?(?:\bdirectly\s+(?:linked|connected|tied|joined|adjacent)|\b(?:with|alongside|"
     r"beside)\s+every\s+other\b|\b(?:all\s+)?know\s+(?:each\s+other|every\s+other)\b))"
     r"[^?]*?\b(?:each\s+other|one\s+another|every\s+other(?:\s+one)?)\b",
     "the largest clique", False),
    # "any ward with zero transfers, in or out?", "which extension never shows up in a call,
    # either as caller or callee?": the nodes in no edge
    # "are there any ports in our list with no sea lane at all? which?"
    (r"^\s*(?:so\s+|and\s+)?(?:any|are\s+there\s+any)\s+([a-z]+?)(?:e?s)?\s+(?:in\s+(?:our|the|this|my)\s+"
     r"(?:list|data|table|network|graph)\s+)?with\s+(?:zero|no|0|not\s+a\s+single)\s+(?:[a-z]+\s+)?[a-z]+\s+"
     r"at\s+all\s*[?.!]*\s*(?:(?:which|who|which\s+ones?|name\s+them)\s*[?.!]*\s*)?$",
     r"Which \1s are isolated?", False),
    # (not one end's partners: "services with no callers at all" have no incoming call)
    (r"^\s*(?:so\s+|and\s+)?(?:any|which|what|are\s+there\s+any|is\s+there\s+an?y?)\s+([a-z]+)\s+"
     r"(?:with|that\s+(?:have|has|had)|(?:have|has|had))\s+(?:zero|no|0|not\s+a\s+single)\s+"
     rf"(?!(?:{'|'.join(ROLE_WORDS)})s?\b)[a-z]+\s*,?\s*"
     r"(?:(?:either\s+way|in\s+or\s+out|(?:sent|made|given|going|out)\s+or\s+(?:received|taken|got|"
     r"in)|at\s+all|in\s+either\s+direction|(?:incoming|in)\s+or\s+(?:outgoing|out)|(?:outgoing|"
     r"out)\s+or\s+(?:incoming|in))\b\s*,?\s*)+[?.!]*\s*$", r"Which \1 are isolated?", False),
    (r"^\s*(?:so\s+|and\s+)?(?:any|which|what)\s+([a-z]+?)(?:e?s)?\s+(?:never|doesn'?t|don'?t|does\s+not|"
     r"do\s+not)\s+(?:shows?\s+up|turns?\s+up|appears?|features?)\s+in\s+(?:a|an|any|the)\s+[a-z]+"
     r"(?:\s*,?\s*(?:either|whether)\s+as\s+(?:a\s+|an\s+)?[a-z]+\s+or\s+(?:as\s+)?(?:a\s+|an\s+)?"
     r"[a-z]+)?(?:\s*,?\s*neither\s+[a-z]+(?:\s+[a-z]+)?\s+nor\s+[a-z]+(?:\s+[a-z]+)?)?\s*[?.!]*\s*$",
     r"Which \1s are isolated?", False),
    # "which package(s) neither import anything nor get imported by anything?"
    (r"^\s*(?:so\s+|and\s+)?(?:any|which|what)\s+([a-z]+?)(?:e?s|\(e?s\))?\s+(?:neither|never)\s+[a-z]+\s+"
     r"(?:anything|anyone|anybody|any\s+[a-z]+|a\s+[a-z]+)\s+nor\s+(?:get|are|is|were|was|ever\s+get)?\s*"
     r"[a-z]+\s+(?:(?:anything|anyone|anybody)\s+)?(?:by|from|to)\s+(?:anything|anyone|anybody|any\s+[a-z]+)"
     r"\s*[?.!]*\s*$",
     r"Which \1s are isolated?", False),
    # "… from town3 to town22? not the km, just how many roads": counted in hops, no
    # exclusion
    (r"\s*[?,.;]?\s*\(?\s*(?:not|rather\s+than|instead\s+of)\s+(?:the\s+|in\s+)?(?:km|kms|kilomet\w+|"
     r"miles?|met(?:er|re)s|minutes|mins|hours|hrs|distance|length|time|weights?|values?)\b\s*[,;—–-]*\s*"
     r"(?:just|only)\s+(?:the\s+)?(?:how\s+many|number\s+of|count\s+of)\s+[a-z]+\s*\)?\s*[?.!]*\s*$",
     " in hops?", False),
    # "are Wren and Kofi connected somehow, through buddies of buddies?": connected at all
    (r"\b(connected|linked|reachable)\s+(?:somehow|at\s+all|in\s+any\s+way|indirectly)?\s*,?\s*"
     r"(?:through|via|by\s+way\s+of)\s+(?:(?:friends|buddies|contacts|neighbou?rs|partners|people|"
     r"others|links|ties|connections)\s+of\s+(?:friends|buddies|contacts|neighbou?rs|partners|"
     r"people|others)|other\s+[a-z]+|a\s+chain(?:\s+of\s+[a-z]+)?|intermediar\w+|mutual\s+[a-z]+)\b",
     r"\1", False),
    (r"\b(connected|linked)\s+somehow\b", r"\1", False),
    # "quick y/n — is every substation hooked up to the rest of the grid?": whether the
    # graph is connected
    (r"^\s*(?:[\w/ ]{0,20}\s[-—–:]+\s*)?(?:is|are)\s+(?:every|each|all(?:\s+(?:the|of\s+the|our))?)\s+"
     r"[a-z]+\s+(?:(?:still|actually|really)\s+)?(?:connected|linked|hooked\s+up|joined|attached|"
     r"tied\s+in|wired\s+up|plugged\s+in)\s+(?:to|with|into)\s+(?:the\s+rest(?:\s+of\s+(?:the\s+|our\s+)?"
     r"[a-z]+)?|(?:the\s+|our\s+)?(?:network|graph|grid|system|web|map|mesh)|everything\s+else|"
     r"each\s+other|one\s+another)\b(?:\s*,?\s*(?:directly\s+or\s+)?(?:through|via)\s+[^?,]*)?\s*\??"
     r"\s*,?\s*(?:\(?\s*(?:y/n|yes\s+or\s+no)\s*\)?)?\s*[?.!]*\s*$", "Is the graph connected?", False),
    # "remove member 0 -> how many components?": a what-if, its question after the arrow
    (r"^\s*(?:remove|drop|delete|take\s+out|cut|kill|lose|without|close|shut(?:\s+down)?|"
     r"knock\s+out)\s+(.+?)\s*(?:-+>|→|=>)\s*(.+)$",
     r"If \1 were removed, \2", False),
    # "Following the links in their direction, how many …": the directed reading, which a
    # directed graph's analyses follow anyway (and say so)
    (r"^\s*(?:(?:following|respecting|obeying|going\s+along)\s+(?:the\s+)?|(?:through|via)\s+(?:shared|"
     r"common|joint)\s+)(?![^,?]*\b(?:shortest|lengths?|distances?|weights?|km|miles|times?|minutes|"
     r"hours|costs?|cheapest|fastest|quickest)\b)[^,?]{1,50}?,\s*"
     r"(?=(?:how|what|which|who|whom|can|could|is|are|does|do|did|list|name|show)\b)", "", False),
    # "…, i.e. if that one marriage hadn't happened some family would be cut off": the ask
    # explained by a condition, said before it in full
    (r"^((?=[^?]*\b(?:single\s+points?\s+of\s+failure|bridges?|cut[- ](?:vertices|nodes|points)|"
     r"articulation\s+points?|linchpins?|weak\s+(?:points|spots))\b)[^?]*?)\s*[,;(]?\s*\bi\.?e\.?,?\s+"
     r"(?=(?:if|take|taking|remove|removing|when|without|an?\s+[a-z]+\s+(?:that|which|who)|"
     r"one\s+(?:that|which|who))\b)[^?]*?(?=\?|$)", r"\1", False),
    # "is Mona connected at all to Lars": the "at all" said before its end
    (r"\b(connected|linked|joined|reachable)\s+at\s+all\s+(to|with|from)\b", r"\1 \2", False),
    # "any triangles? if not, what's the shortest cycle?": both asked, the second as itself
    (r"^((?:[\w-]+\s*[-–—:]+\s*)?any\b[^?]*)\?\s*(?:and\s+)?if\s+(?:not|so|yes|no)\s*,\s*(?=(?:what|"
     r"which|who|how|is|are|does|do|can|list|name)\b)", r"\1? and ", False),
    # "the main mutually-reachable chunk": the largest strongly connected component
    (r"\b(?:the\s+)?(?:main|biggest|largest|big)\s+mutually[- ]reachable\s+(?:chunk|part|piece|group|"
     r"cluster|core|block|set)\b", "the largest strongly connected component", True),
    # "are Wren and Kofi connected? y/n": the question, its form said after it
    (r"^(\s*(?:is|are|was|were|does|do|did|has|have|can|could|will|would)\b[^?]*)\?\s*\(?\s*(?:y/n|"
     r"yes\s*/\s*no|yes\s+or\s+no)\s*\)?\s*[?.!]*\s*$", r"\1?", False),
    # "y/n: does every city …", "is Mona connected to Lars? y/n": the ask's form, said aside
    (r"^\s*(?:(?:quick|simple|just\s+a)\s+)?(?:y/n|yes/no|yes or no)(?:\s+q(?:uestion)?)?\s*[:?,—–-]+\s*"
     r"(.+?)\s*[?.!]*\s*$", r"\1, yes or no?", False),
    (r"\bcon+ec?ted\b", "connected", False),  # "conected", "connnected"
    # "every port in the shipping table": the loaded data, not a node or a place
    (r"\b(are|is|were|was)\s+(?:in|on)\s+(?:the|this|our|my)\s+[\w-]+\s+(?:table|dataset|data\s+set|"
     r"spreadsheet|csv|file|sheet)\b", r"\1 in the data", False),
    (r"(?<!\bare)(?<!\bis)(?<!\bwere)(?<!\bwas)\s+(?:in|of|from)\s+(?:the|this|our|my)\s+[\w-]+\s+"
     r"(?:table|dataset|data\s+set|spreadsheet|csv|file|sheet)\b", "", False),
    # a hurried user's shorthand: "# links", "min # of", "sales ppl", "avg degree", "b/w"
    (r"(?<![\w#])#\s*(?:of\s+)?(?=[a-z])", "number of ", False),
    # "sends the most frames out to apiaries in other parishes": to the other groups
    (r"\b(to|from)\s+(?:the\s+)?(?:[a-z]+\s+)?(?:in|of)\s+(other|another|different)\s+", r"\1 \2 ",
     False),
    # "no. of ports that are North", "nr of stops": the number of
    (r"(?<![\w.])(?:no\.|nr\.?|num\.?)\s*of\s+(?=[a-z])", "number of ", False),
    (r"\bmin(?=\s+number\b)", "minimum", False),
    (r"\bmax\b(?=\s+(?:degree|number|count|value|weight|distance|size|clique|core|flow|"
     r"in-?degree|out-?degree|betweenness|pagerank|closeness)\b)", "maximum", False),
    (r"\bavg\b", "average", False),
    (r"\bppl\b", "people", False),
    (r"\bnbrs\b", "neighbours", False),  # "medici's nbrs ranked by betweenness"
    (r"\bnbr\b", "neighbour", False),
    (r"\bmsgs\b", "messages", False),  # "msgs Sales -> HR, total?"
    (r"\bmsg\b", "message", False),
    (r"\bconn\.(?=\s)", "connected", False),  # "strongly conn. component"
    # "msgs Sales -> HR, total?": the total of the things named first
    (r"^\s*([a-z]+s)\s+((?:from\s+)?[^,?]+?(?:\s+to\s+|\s*(?:-+>|→)\s*)[^,?]+?)\s*,\s*(?:in\s+)?total"
     r"\s*[?.!]*\s*$", r"total \1 \2?", False),
    # "rank Medici's neighbours by betweenness", "medici's nbrs ranked by betweenness - who's
    # on top": the best of them by it
    (r"^\s*(?:rank|sort|order)\s+((?-i:[A-Z])[\w'.-]*|[a-z]+\d+)'s\s+(neighbou?rs|friends|contacts|"
     r"partners|in-?laws|colleagues)\s+by\s+([a-z][\w -]*?)\s*[?.!]*\s*$",
     r"which of \1's \2 has the highest \3?", False),
    (r"^\s*((?-i:[A-Z])[\w'.-]*|[a-z]+\d+)'s\s+(neighbou?rs|friends|contacts|partners|in-?laws|"
     r"colleagues)\s+(?:ranked|sorted|ordered)\s+by\s+([a-z][\w-]*(?:\s+centrality)?)"
     r"(?:\s*(?:[-–—,:;]|\band\b).*)?\s*[?.!]*\s*$", r"which of \1's \2 has the highest \3?", False),
    (r"\bb/w\b", "between", False),
    (r"\bw/o\b", "without", False),
    (r"\b(connected|conn\.?)\s+comps?\b", r"\1 component", False),  # "strongly connected comp"
    (r"\bzero\b(?=\s+[a-z-]+s\b)", "0", False),  # "zero followers": 0 followers
    # "if we keep stripping away substations with fewer than 3 lines until none are left, how
    # many remain in that core": the 3-core
    (r"^.*?\b(?:keep|repeatedly|iteratively)\s+(?:strip\w*|remov\w*|peel\w*|prun\w*|delet\w*|"
     r"drop\w*|throw\w*)\s+(?:away\s+|off\s+|out\s+)?(?:the\s+|any\s+|all\s+)?([a-z]+?)s?\s+"
     r"(?:with|having|that have)\s+(?:fewer|less)\s+than\s+(\d+)\s+[a-z]+\b.*?\b(how many|which)\b"
     r"[^?]*?\b(?:remain|are left|left|stay|survive)\b.*$", r"\3 \1s are in the \2-core?", False),
    # "between a Voltara substation and an Eastline substation": between Voltara and Eastline
    (r"\bbetween\s+(?:an?\s+|the\s+)?((?-i:[A-Z])[\w-]*)\s+(?!and\b)[a-z]+\s+and\s+(?:an?\s+|the\s+)?"
     r"((?-i:[A-Z])[\w-]*)\s+[a-z]+s?\b(?<!\band)", r"between \1 and \2", False),
    # "roads w/ weight over 8 - how many": how many roads with weight over 8
    (r"^\s*([a-z][^?:;–—]{2,80}?)\s+[-–—:,]\s*how many\s*[?.!]*\s*$", r"how many \1?", False),
    # "by road distance in km, not number of hops, which town …": the aside says the same
    (r",\s*not\s+(?:by\s+)?(?:the\s+)?(?:number\s+of\s+|count\s+of\s+)?(?:hops|steps|stops)\s*,", ",",
     False),
    # "which papers have the longest reference lists": the most references
    (r"\b(?:the\s+)?(?:longest|biggest|largest)\s+(?:reference|bibliography|citation)\s+lists?\b",
     "the most references", True),
    (r"\b(?:the\s+)?shortest\s+(?:reference|bibliography|citation)\s+lists?\b",
     "the fewest references", True),
    # "who is the most between family": the highest betweenness
    (r"\b(?:the\s+)?most\s+between\s+([a-z]+)\b", r"the \1 with the highest betweenness", False),
    # "can I get back from Dunmore to Arlo": a route like any other
    (r"\b(get|go|travel|come|drive|sail|fly|ride|walk|make\s+it)\s+back\s+from\b", r"\1 from", False),
    # "Take Medici out of the marriage network: who is the most between then?": without it
    (r"^\s*(?:so\s+|now\s+)?(?:take|knock|pull|leave|cut|rip|strip)\s+((?:(?:member|node|user|person)\s+)?"
     r"(?-i:[A-Z])[\w'.-]*(?:\s+(?-i:[A-Z])[\w'.-]*)*|(?:(?:member|node|user|person)\s+)?[a-z]+\d+|"
     r"(?:(?:member|node|user|person)\s+)?\d+)\s+out(?:\s+of\s+(?:the\s+)?[\w -]+?)?"
     r"(?:\s+(?:entirely|completely|altogether))?\s*[:,;.—–-]+\s*", r"Without \1, ", False),
    # "the shortest cycle in the Petersen graph": the data set named with its kind
    (r"\b(in|of|for|within|across)\s+the\s+(?:(?-i:[A-Z])[\w'-]*\s+){1,3}(graph|dataset|data\s+set)\b",
     r"\1 the \2", False),
    # "napoleon -> javert", "town0 → town20": from one to the other
    (r"(?:\bfrom\s+)?(?<![\w-])([\w.'-]+)\s*(?:-+>|→|=>)\s*([\w.'-]+)(?![\w.'-])"
     # (not "how many sender->receiver pairs": the pairs' noun)
     r"(?!\s*(?:pairs?|rows?|edges?|links?|combinations?|records?)\b)", r"from \1 to \2", False),
    # "times paper01 got cited": how many times
    (r"^\s*(?:#\s*|number\s+of\s+)?times\s+([\w.'-]+)\s+(?:got|gets|was|has\s+been|is)\s+(cited|"
     r"referenced|followed|called|quoted)\b", r"How many times was \1 \2", True),
    # "which team's the biggest": which team is
    (r"\b(which|what)\s+([a-z]+)'s\s+the\b", r"\1 \2 is the", False),
    # "never make a call", "placed a call": the verb itself
    (r"\b(?:makes|made|places|placed)\s+the\s+(most|fewest)\s+(?:phone\s+)?calls\b",
     r"calls the \1 other numbers", True),
    (r"(?<!\w)w/(?=\s)", "with", False),
    (r"\bdiff\b", "different", False),
    (r"\bthru\b", "through", False),
    (r"\bcoeff\b", "coefficient", False),
    # "the Valjean - Javert edge", "the A–B link": the edge between the two
    (r"\bthe\s+((?-i:[A-Z])[\w'.]*|[a-z]+\d+|\d+)\s*(?:\s-\s|[–—]|<->)\s*((?-i:[A-Z])[\w'.]*|[a-z]+\d+|"
     r"\d+)\s+(edge|link|tie|connection|road|route|pair)\b", r"the \3 between \1 and \2", False),
    # "number of distinct accounts involved in lending or borrowing": the nodes with an edge
    (r"^\s*(?:what(?:'s| is)\s+)?(?:the\s+)?(?:(?:total\s+)?number\s+of|how\s+many)\s+"
     r"(?:distinct\s+|different\s+|unique\s+)?([a-z]+s|people)\s+(?:are\s+|were\s+)?"
     r"(?:involved|taking part|participating)\s+in\s+(?:any\s+|the\s+)?(?!(?:two|three|more|"
     r"several|multiple|both|at\s+least|\d)\b)[a-z -]+\s*[?.!]*\s*$",
     r"How many \1 have degree at least 1?", False),
    # "can eva's money still reach XchangeOne": what flows from eva
    (r"\b(can|could|does|do|will|would)\s+([\w.-]+)'s\s+(money|payments?|funds|cash|goods|"
     r"water|messages?|mail|news|traffic|packets?|cargo|shipments?|supplies|signal|data)\s+"
     r"(?=(?:\w+\s+){0,2}(?:reach|get to|get down to|end up|make it to|flow to)\b)",
     r"\1 \3 from \2 ", True),
    # "could Ashcombe still get freight to Elderby": a reach, whatever is carried
    (r"\b(can|could|would|will|does|do)\s+((?-i:[A-Z][\w'.-]*(?: [A-Z0-9][\w'.-]*)*)|[\w.-]+)\s+"
     r"(still\s+|ever\s+)?get\s+(?!(?:to|from)\b)(?:(?-i:[a-z]+)\s+){1,2}?(?:through\s+|over\s+|down\s+)?"
     r"to\s+(?=\S)", r"\1 \2 \3reach ", False),
    # "can freight get from Glenholt to Ashcombe": what travels from one to the other
    (r"^(\s*(?:can|could|does|do|will|would)\s+(?:[a-z]+\s+){0,2}?)(?:get|go|travel|move|flow|"
     r"make it|be (?:sent|shipped|moved|carried))\s+(?:all the way\s+)?(from\s+"
     r"(?:(?-i:[A-Z][\w'.-]*(?: [A-Z0-9][\w'.-]*)*)|[\w.-]+))\s+(?:all the way\s+)?to\s+(?=\S)",
     r"\1\2 reach ", False),
    # "can a shipment that starts at Lisburn ever end up in Aldgate": what leaves one end
    (r"^(\s*(?:can|could|would|will|does|do)\s+(?:(?:a|an|any|the)\s+)?(?:[a-z]+\s+)?[a-z]+\s+)(?:that|"
     r"which)\s+(?:(?:starts?|begins?|originates?)\s+(?:at|from|in)|leaves?|departs?(?:\s+from)?|"
     r"sets? (?:off|out) from)\s+(?=\S)", r"\1from ", False),
    # "can A still ship goods to B": a reach once still or ever says it may go through others
    (r"\b(can|could|would|will)\s+((?-i:[A-Z][\w'.-]*(?: [A-Z0-9][\w'.-]*)*)|[\w.-]+)\s+"
     r"(still|ever)\s+(?:ship|send|move|deliver|route|supply|transport|carry)\s+(?!from\b)"
     r"(?:(?-i:[a-z]+)\s+){0,2}?"
     r"(?:through\s+|over\s+|down\s+)?to\s+(?=\S)", r"\1 \2 \3 reach ", False),
    # "which stations have only one connection": exactly one
    (rf"\b(?:only|just)\s+(?=(?:one|1)\s+(?:[a-z-]+\s+)?{_TIES}\b)", "exactly ", False),
    # (not a group's own ties: "the most internal ties" is per group, group_rank_intents;
    # nor "the most cross-district pipes": those to other groups)
    # ("Kaur's most frequent collaborator" is one partner: node_partner's)
    # ("the most km of road" is the roads' km summed: a measure of them, no count)
    (rf"(?<!'s\s)(?<!’s\s)\b(most|fewest|more|fewer)\s+(?:(?!{_DIRECTION_WORDS}|internal\b|"
     rf"in-?group\b|intra|cross|inter(?!act)|external\b|out-?group\b|of\b|for\b|to\b|with\b|"
     rf"from\b|by\b)[a-z-]+\s+){{1,2}}?{_TIES}\b",
     r"\1 ties", False),  # ("more lessons for colleagues" counts lessons, not colleagues)
    (rf"(?<!'s\s)(?<!’s\s)\b(most|fewest|more|fewer)\s+{_TIES}\b", r"\1 ties", False),
    # (never a place: "within one street", "on one line")
    (rf"(?<!within\s)(?<!inside\s)(?<!\bin\s)(?<!\bon\s)\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+"
     rf"(?:(?!{_DIRECTION_WORDS})[a-z-]+\s+)?{_TIES}\b", r"\1 ties", False),
    (rf"\b(?:{_ACTS})\s+the\s+most\s+[a-z-]+s\b", "has the most ties", False),
    (rf"\bthe\s+most\s+[a-z-]+s\s+(?:{_ACTS})\b", "the most ties", False),
    (r"\b(?:is|are|was|were|got|gets|get)\s+cited\s+(?:the\s+)?most\b|\b(?:is|are)\s+the\s+most[- ]cited\b",
     "has the highest in-degree", True),
    # "the best-attended event", "which event was worst attended": its turnout
    (r"\b(?:which|what)\s+is\s+the\s+(?:best|most)[- ]attended\s+([a-z]+)\b",
     r"which \1 has the biggest turnout", False),
    (r"\b(?:which|what)\s+is\s+the\s+(?:worst|least)[- ]attended\s+([a-z]+)\b",
     r"which \1 has the smallest turnout", False),
    (r"\b(?:which|what)\s+([a-z]+)\s+(?:was|is|were|got)\s+(?:the\s+)?(?:best|most)[- ]attended\b",
     r"which \1 has the biggest turnout", False),
    (r"\b(?:which|what)\s+([a-z]+)\s+(?:was|is|were|got)\s+(?:the\s+)?(?:worst|least)[- ]"
     r"attended\b", r"which \1 has the smallest turnout", False),
    (rf"\bmost[- ]{_IN_VERBS}\b|\b{_IN_VERBS} the most\b|\bmost citations\b", "highest in-degree",
     True),
    (rf"\b(?:never|not once)\s+(?:been\s+)?{_IN_VERBS}\b|\b{_IN_VERBS} by no(?:body| one| other)?\b|"
     rf"\bun(?:cited|referenced|followed)\b", "with in-degree exactly 0", True),
    (r"\b(in|out)-?degree\s+(?:of\s+|is\s+|equal to\s+|=\s*)?(?:0|zero)\b", r"\1-degree exactly 0",
     True),
    (rf"\b(?:does|do|did)\s+(?:nobody|no one|no other \w+|none of the \w+)\s+{_OUT_VERBS}\b",
     "with in-degree exactly 0", True),
    (rf"\b{_OUT_VERBS} the (?:most|largest number of|greatest number of|highest number of)"
     r"(?: other)?(?: [a-z]+s\b(?! (?:than|to|from)))?", "has the highest out-degree", True),
    (r"\bmost references\b|\blongest reference list\b", "has the highest out-degree", True),
    (rf"\b{_OUT_VERBS} the (?:fewest|smallest number of|least)(?: other)?(?: (?:[a-z]+s|people)"
     r"\b(?! (?:than|to|from)))?", "has the lowest out-degree", True),
    (rf"\b(?:(?:is|are|was|were|got|gets)\s+)?{_IN_VERBS} the (?:least|fewest times)\b",
     "has the lowest in-degree", True),
    (rf"\bleast[- ]{_IN_VERBS}\b", "lowest in-degree", True),
    # both ways at once: "how many papers does paper28 cite, and how many cite it"
    (rf"^\s*how many [a-z]+ (?:does|do|did) ({_NAME}) {_OUT_VERBS},?\s+(?:and|&)\s+how many "
     rf"(?:[a-z]+ )?(?:{_OUT_VERBS}|(?:is|are|was|were) (?:it|he|she|they) {_IN_VERBS} by)"
     r"(?: (?:it|him|her|them|\1))?\s*[?.!]*\s*$", r"What are the in-degree and out-degree of \1?", True),
    (rf"^\s*how many [a-z]+ {_OUT_VERBS} ({_NAME}),?\s+(?:and|&)\s+how many (?:[a-z]+ )?"
     rf"(?:does|do|did) (?:it|he|she|they|\1) {_OUT_VERBS}\s*[?.!]*\s*$",
     r"What are the in-degree and out-degree of \1?", True),
    # one node's in- or out-degree: "how many articles does art30 cite", "who follows acct7"
    (rf"^\s*how many [a-z]+ (?:does|do|did) ({_NAME}) {_OUT_VERBS}\b.*$",
     r"What is the out-degree of \1?", True),
    (rf"^\s*how many [a-z]+ {_OUT_VERBS} ({_NAME})\s*\??\s*$", r"What is the in-degree of \1?",
     True),
    # "how many links does v5 send out" / "... does v5 receive": its out- or in-degree
    (rf"^\s*how many (?:links?|edges?|arrows?|connections?|ties) (?:does|do|did) ({_NAME}) "
     r"(?:send(?: out)?|point out(?:wards?)?|have going out|give out)\b.*$",
     r"What is the out-degree of \1?", True),
    (rf"^\s*how many (?:links?|edges?|arrows?|connections?|ties) (?:does|do|did) ({_NAME}) "
     r"(?:receive|get|take in|have coming in)\b.*$", r"What is the in-degree of \1?", True),
    # a paper's own references are its reference list: what it cites
    (rf"^\s*how many (?:references|refs|sources) (?:does|do|did) ({_NAME}) (?:have|has|had|make|"
     rf"list|contain|include)\b.*$", r"What is the out-degree of \1?", True),
    (rf"^\s*how many (?:times|citations|followers|references) (?:is|was|has|does|did) ({_NAME})"
     rf"(?: been)? (?:{_IN_VERBS}|get|receive|have|had|got)\b.*$", r"What is the in-degree of \1?",
     True),
    # "which ports have a direct ferry to Kinsale" on a directed table: the edges into it
    (rf"^\s*(?:which|what|who)\b.*\b(?:has|have|had)\s+(?:a\s+)?direct\s+(?:\w+\s+)?\w+\s+to\s+"
     rf"({_NAME})\s*[?.!]*\s*$", r"Who are the in-neighbours of \1?", True),
    (rf"^\s*(?:which|what|who)\b.*\b(?:has|have|had)\s+(?:a\s+)?direct\s+(?:\w+\s+)?\w+\s+from\s+"
     rf"({_NAME})\s*[?.!]*\s*$", r"Who are the out-neighbours of \1?", True),
    # one node's in- or out-neighbours: "who cites art10", "which articles does art30 cite"
    (rf"^\s*(?:which|what)(?: [a-z]+)? (?:does|do|did) ({_NAME}) {_POINT}\s*\??\s*$",
     r"Who are the out-neighbours of \1?", True),
    (rf"^\s*(?:who|whom) (?:does|do|did) ({_NAME}) {_POINT}\s*\??\s*$",
     r"Who are the out-neighbours of \1?", True),
    (rf"^\s*(?:which|what) [a-z]+ (?:is|are|was|were) (?:{_IN_VERBS}|linked to|pointed to) by "
     rf"({_NAME})\s*\??\s*$", r"Who are the out-neighbours of \1?", True),
    (rf"^\s*(?:who|(?:which|what) [a-z]+) {_POINTS} ({_NAME})\s*\??\s*$",
     r"Who are the in-neighbours of \1?", True),
    (rf"^\s*(?:who|which [a-z]+) (?:is|are|was|were) ({_NAME})\s*(?:'s\s+)?(?:followers?|"
     r"citers?)\s*\??\s*$", r"Who are the in-neighbours of \1?", True),
    (rf"^\s*(?:who are |list |show(?: me)? |name |give me )?(?:all )?(?:the )?"
     rf"(?:followers|citers) of ({_NAME})\s*[?.]*\s*$", r"Who are the in-neighbours of \1?",
     True),
    (rf"^\s*(?:who are |list |show(?: me)? |name |give me )?(?:all )?({_NAME})'s "
     r"(?:followers|citers)\s*[?.]*\s*$", r"Who are the in-neighbours of \1?", True),
    # "how many groups are there that don't touch each other": the separate pieces
    (r"\b(groups|clusters|pieces|parts|islands|chunks|sub-?networks)\s+(?:of\s+[a-z]+\s+)?(?:are\s+there\s+|"
     r"exist\s+|do\s+we\s+have\s+)?(?:that|which)\s+(?:don'?t|do\s+not|never|can'?t|cannot)\s+"
     r"(?:touch|connect(?:\s+to)?|link(?:\s+to)?|reach|talk\s+to)\s+(?:each\s+other|one\s+another)\b",
     r"separate \1", False),
    # "how many friendships are same-street, and how many cross streets": within one street,
    # between streets
    (r"\b(?:are|is|were|was)\s+same-([a-z]+?)\b", r"are within the same \1", False),
    (r"\bhow\s+many\s+(?:are\s+)?cross[- ]([a-z]+?)s?\s*([?.!]*)\s*$", r"how many edges go between \1s\2",
     False),
    # "how many separate bits does it fall into": separate pieces
    (r"\bseparate\s+(?:bits|fragments|blobs|clumps|lumps|sections|bunches)\b", "separate pieces", False),
    # "is every member hooked into the one follow network": connected
    (r"\b(?:hooked|plugged|wired)\s+(?:in(?:to)?|up\s+to)\s+(?:the\s+)?(?:one|same|main|single|"
     r"whole|big)\s+(?:[\w-]+\s+)?(?:network|graph|web|system)\b", "connected", False),
    # "is the network all one piece": connected, yes or no
    (r"^(\s*(?:is|are)\s+(?:the\s+|this\s+|our\s+|my\s+)?(?:[\w-]+\s+){0,3}?)(?:all\s+)?(?:in\s+)?"
     r"(?:one|a\s+single)\s+(?:piece|blob|chunk|connected\s+whole)\s*\??\s*$", r"\1connected?",
     False),
    # "Javert's neighbours' neighbours", "Ada's friends' friends": two steps out
    (rf"\b({_NAME})(?:'s|’s)\s+(?:neighbou?rs|{_RELATED})(?:'|’)\s+(?:neighbou?rs|{_RELATED})\b",
     r"neighbourhood of \1 within 2 hops", False),
    # "Ines's friends of friends", "second-degree contacts of Ines": two steps out
    (rf"\b({_NAME})'s\s+(?:neighbou?rs|{_RELATED})\s+of\s+(?:neighbou?rs|{_RELATED})\b|"
     rf"\b(?:second|2nd)[- ]degree (?:connections|contacts|neighbou?rs|{_RELATED}) of ({_NAME})|"
     rf"\b({_NAME})'s\s+(?:second|2nd)[- ]degree\s+(?:connections|contacts|neighbou?rs|"
     rf"{_RELATED}|[a-z]+s)\b", r"neighbourhood of \1\2\3 within 2 hops", False),
    # the people linked to a person, in a graph of people's words
    (rf"\b{_RELATED}\s+of\b", "neighbours of", False),
    (rf"(\w)'s\s+{_RELATED}\b", r"\1's neighbours", False),
    # "how many friends of friends does Ada have", "the friends-of-friends of Cai": two
    # steps out, not Ada's own friends
    # (those at exactly two steps: a friend is no friend of a friend)
    (rf"\bhow many\s+(?:neighbou?rs|{_RELATED})[- ]of[- ](?:neighbou?rs|{_RELATED})\s+(?:does|do|did|"
     rf"has|have)\s+({_NAME})(?:\s+(?:have|got))?\b", r"how many nodes are exactly 2 hops from \1",
     False),
    (rf"\b(?:neighbou?rs|{_RELATED})-of-(?:neighbou?rs|{_RELATED})\s+of\s+({_NAME})",
     r"neighbourhood of \1 within 2 hops", False),
    # "the colleagues of Ada's colleagues", "friends of friends of Ada": two steps out
    (rf"\bneighbours of ({_NAME})'s neighbours\b|\b(?:neighbours|{_RELATED}) of (?:the )?"
     rf"(?:neighbours|{_RELATED}) of ({_NAME})", r"neighbourhood of \1\2 within 2 hops", False),
    (rf"\b(?:have|has|with)\s+no\s+{_TIES}(?:\s+at\s+all)?", "have degree exactly 0", False),
    (r"\b(?:are|is|were|was)\s+(?:completely\s+|totally\s+)?(?:isolated|unconnected)\b(?!\s+(?:from|if))",
     "have degree exactly 0", False),
    # "which lock is Dunn closest to?": the nodes nearest to Dunn
    (rf"^\s*(which|what|who)((?:\s+[a-z]+)?)\s+(?:is|are)\s+({_NAME})\s+(closest|nearest)\s+to\s*[?.!]*\s*$",
     r"\1\2 is \4 to \3?", False),
    # "which depots aren't connected to anything": no edge at all
    (r"\b(?:are|is|were|was)(?:n't|\s+not)\s+(?:connected|linked|attached|tied)\s+(?:to\s+(?:anything|"
     r"anyone|anybody|any\s+other\s+\w+)(?:\s+else)?|at\s+all)(?:\s+at\s+all)?\s*(?=[?.!]*\s*$)",
     "have degree exactly 0", False),
    # "which number isn't in any call at all", "which author is not part of any paper": no
    # edge at all (not a structure such as a triangle, a community or a named group)
    (r"\b(?:are|is|were|was)(?:n't|\s+not)\s+(?:in|part\s+of|involved\s+in|included\s+in|on)\s+"
     r"any\s+(?!(?:triangles?|cycles?|loops?|cliques?|communit\w*|clusters?|groups?|components?|"
     r"pieces?|paths?|routes?|cores?|chains?|teams?|departments?|categor\w*|class\w*|"
     r"shortest)\b)[a-z]+\b(?:\s+at\s+all)?", "have degree exactly 0", False),
    (r"\bhow many (?:isolated|unconnected) ([a-z]+)\b(?! if)", r"how many \1 with degree exactly 0",
     False),
    # "are there any isolated extensions", "is there an unconnected node"
    (r"\b(are there|is there)\s+(?:any|an?)\s+(?:isolated|unconnected)\s+([a-z]+)(?=\s*[?.!]*\s*$)",
     r"\1 any \2 with degree exactly 0", False),
    # "extensions that never make or receive a call": no edge either way
    (r"\b(?:never|don't|do not|doesn't|does not|didn't|did not)\s+(?:make|send|give|place)\s+or\s+"
     r"(?:receive|get|take)\s+(?:a|an|any)\s+[a-z]+\b|\b(?:never|don't|do not|doesn't|does not)\s+"
     r"(?:receive|get|take)\s+or\s+(?:make|send|give|place)\s+(?:a|an|any)\s+[a-z]+\b",
     "have degree exactly 0", False),
    # "how many people does Greta work with" (undirected): Greta's degree
    (rf"^(\s*how many) [a-z]+ (?:does|do|did) ({_NAME}) (?:work|collaborate|deal|talk|interact|"
     r"connect|play|live|study) (?:with|to)\b", r"\1 ties does \2 have", False),
    # "which stops are within 2 stops of Theater": the names, by hop (a count would not say)
    (r"^\s*(?:which|what|who|list|name|show(?: me)?)\s+(?:the\s+|all\s+)?(?:[a-z]+\s+)?(?:are\s+|is\s+|"
     r"lie\s+|sit\s+)?(?:within|at most)\s+(\d|one|two|three|four|five)\s+(?:hops?|steps?|stops?|"
     r"stations?|links?|edges?|"
     r"jumps?|moves?|transfers?|segments?|"
     # "at most two lanes away from PortSaid": the data's word for a tie, never a unit
     r"(?!(?:km|kms|kilomet\w*|miles?|met(?:er|re)s?|minutes?|mins?|hours?|hrs?|seconds?|secs?|"
     r"days?|weeks?|nm|nautical|feet|foot|yards?|percent|units?|points?|dollars?|euros?|pounds?|"
     r"ms|msecs?|millis\w*|kbps|mbps|gbps|hops?|steps?)\b)"
     r"[a-z]+s)\s+(?:of|from|away\s+from)\s+"
     r"(.+?)\s*[?.!]*\s*$",
     r"Which nodes are in the neighbourhood of \2 within \1 hops?", False),
    # "within 2 crossings", "in at most three legs": the data's word for a tie, counted as
    # hops (never a unit: "within 30 km", "within 2 days")
    (r"\b(within|in\s+at\s+most|in\s+no\s+more\s+than|in\s+up\s+to)\s+(\d|one|two|three|four|"
     r"five)\s+(?!(?:km|kms|kilomet\w*|miles?|met(?:er|re)s?|minutes?|mins?|hours?|hrs?|seconds?|"
     r"secs?|days?|weeks?|months?|years?|nm|nautical|feet|foot|yards?|percent|units?|points?|"
     r"dollars?|euros?|pounds?|ms|msecs?|millis\w*|kbps|mbps|gbps|hops?|steps?|tonnes|tons|"
     r"litres|liters|degrees|blocks|kg|grams|percentage)\b)[a-z]{4,}s\b", r"\1 \2 hops", False),
    # "with at most one stopover": within 2 hops; "nonstop": 1 hop
    (r"\bwith\s+(?:at\s+most\s+|up\s+to\s+|no\s+more\s+than\s+)?(?:one|a single|1)\s+"
     r"(?:stopover|stop|change|transfer|layover|intermediary|intermediate \w+)\b", "within 2 hops",
     False),
    (r"\bwith\s+(?:at\s+most\s+|up\s+to\s+|no\s+more\s+than\s+)?(two|2)\s+(?:stopovers|stops|"
     r"changes|transfers|layovers|intermediaries)\b", "within 3 hops", False),
    (r"\b(?:with\s+no|without\s+(?:a\s+|any\s+)?)(?:stopover|change|transfer|layover)s?\b|"
     r"\bnon-?stop\b", "within 1 hop", False),
    # "who has written papers with the most people": the most ties
    (r"\s*\b(?:has|have|had)?\s*(?:written|wrote|worked|collaborated|published|played|talked|spoken|"
     r"met|interacted)(?:\s+\w+)?\s+with\s+the\s+most\s+(?:people|others|[a-z]+s)\b",
     " has the most ties", False),
    # "the smallest number of roads to travel from A to B": the fewest hops
    (r"\b(?:smallest|fewest|minimum|minimal|least|lowest)\s+(?:number\s+of\s+)?(?:[a-z]+\s+)?(?:roads|edges|"
     r"links|hops|steps|stops|transfers|legs|jumps|segments|trails|lines|channels|rides|"
     r"changes)\b(?=.*\b(?:from|between)\b)", "fewest hops", False),
    # whether one named node is the best connected: "is MAN the most connected airport",
    # "does GLA have the most routes", "is ps3 the site with the most links"
    (rf"^\s*(?:so\s+|and\s+)?(?:is|was)\s+({_NAME}(?:\s+(?-i:[A-Z])[\w'.-]*)?)\s+(?:really\s+)?(?:the\s+)?"
     r"(?:(?:most|best)[- ](?:connected|linked)(?:\s+[a-z]+)?|[a-z]+\s+with\s+the\s+(?:most|highest\s+"
     r"number\s+of)\s+(?:connections|links|ties|edges|neighbou?rs|partners|routes|contacts|lines|"
     r"roads)|[a-z]+\s+with\s+the\s+highest\s+degree)\s*(?:\(y/n\)|y/n|,?\s*right|,?\s*or\s+not)?"
     r"\s*[?.!]*\s*$", r"Does \1 have the highest degree?", False),
    (rf"^\s*(?:so\s+|and\s+)?(?:does|did)\s+({_NAME}(?:\s+(?-i:[A-Z])[\w'.-]*)?)\s+(?:really\s+)?have\s+"
     r"the\s+(?:most|highest\s+number\s+of)\s+(?:connections|links|ties|edges|neighbou?rs|partners|"
     r"routes|contacts|lines|roads)\s*(?:\(y/n\)|y/n|,?\s*right|,?\s*or\s+not)?\s*[?.!]*\s*$",
     r"Does \1 have the highest degree?", False),
    # the removal said first, the ask after: "GLA might shut for snow tomorrow. If it does,
    # which airports …": "if GLA shuts, which airports …"
    (rf"^\s*(?:so\s+|heads\s+up\s*[:,-]?\s*)?(?:the\s+)?({_NAME}(?:\s+(?-i:[A-Z])[\w'.-]*)?)\s+(?:might|may|could|"
     r"will|is\s+going\s+to|is\s+about\s+to|is\s+likely\s+to)\s+(shut|close|fail|go\s+down|go\s+offline|"
     r"be\s+removed|be\s+closed|be\s+shut|leave|quit|drop\s+out)\b[^.?!;]*[.;!]\s*(?:and\s+)?(?:if|in\s+case)\s+"
     r"(?:it|that|so|they|he|she)(?:\s+(?:does|do|did|happens|is|are))?\s*,?\s*",
     r"if \1 is removed, ", False),
    # whether one named node holds its piece together: "is Rex an articulation point", "is Dee
    # critical for keeping the network connected", "does the grid depend on j08 to stay in one
    # piece": its removal asked (the whole graph's cut points answer another question)
    (rf"^\s*(?:so\s+|and\s+|but\s+)?(?:is|would)\s+({_NAME}(?:\s+(?-i:[A-Z])[\w'.-]*)?)\s+(?:be\s+)?"
     r"(?:an?\s+|one\s+of\s+the\s+)?(?:articulation\s+points?|cut[- ]?(?:vertex|vertices|nodes?|"
     r"points?)|single\s+points?\s+of\s+failure|(?:critical|crucial|essential|vital|key|needed|"
     r"necessary|required)\s+(?:for|to|in)\s+(?:keeping|holding)\s+(?:the\s+|our\s+|this\s+)?"
     r"[a-z]+\s+(?:connected|together|in\s+one\s+piece|whole))\b[^?.!]*",
     r"would removing \1 split the network", False),
    (rf"^\s*(?:so\s+|and\s+|but\s+)?(?:does|do|would)\s+(?:the\s+|our\s+|this\s+)?(?:[a-z-]+\s+)?[a-z]+\s+"
     rf"(?:depend|rely|hinge)\s+on\s+({_NAME}(?:\s+(?-i:[A-Z])[\w'.-]*)?)\s+(?:to\s+(?:stay|remain|"
     r"keep|be)|for\s+(?:staying|remaining|being|keeping))\s+(?:connected|together|in\s+one\s+piece|"
     r"whole|joined\s+up)\b[^?.!]*", r"would removing \1 split the network", False),
]


# on an undirected graph, any verb links a node to its neighbours: "how many students take
# Biology" is Biology's degree, "which courses does stu03 take" its neighbours
#: verbs that name no edge of a node's own: being, having, reaching, belonging, ranking
_NOT_NEIGHBOUR_VERB = (
    r"(?!(?:is|are|was|were|be|been|has|have|had|does|do|did|can|could|will|would|should|"
    r"lies?|sits?|reach(?:es|ed)?|lead(?:s)?|led|belongs?|falls?|fits?|comes?|came|goes|went|"
    r"gets?|got|makes?|made|ranks?|scores?|beats?|beat|defeat(?:s|ed)?|won|wins?|lost|loses?|"
    r"separates?|splits?|disconnects?|bridges?|isolates?|depends?|needs?|relies|rely|"
    r"sees?|means?|matters?|happens?|remains?|stays?|contains?|includes?)\b)")
#: "which pollinators visit Thistle", "which families married into the Strozzi", "who trades
#: with Oslo": the named node is the verb's object, its partners the subjects (not a verb of
#: being, reaching or belonging, nor one that names no edge)
_OBJECT_PARTNERS = (
    rf"^\s*(?:who|which (?!(?:community|communities|cluster|clusters|component)\b)[a-z]+) "
    rf"(?:(?:directly|ever|also|all) )?{_NOT_NEIGHBOUR_VERB}[a-z]+"
    r"(?: (?:with|to|into|in|on|for|at|alongside|against))? "
    rf"(?:the )?({_NAME}(?: (?-i:[A-Z][\w'.-]*))*)\s*\??\s*$")
#: the verb done straight to the named node ("who supplies Quaybar", "which brewers stock
#: Ironvat"): on a two-mode table its doers are the node's partners, every tie crossing sides
_TRANSITIVE_ON = re.compile(
    rf"^\s*(?:who|which [a-z]+) (?:(?:directly|ever|also|all) )?{_NOT_NEIGHBOUR_VERB}[a-z]+s "
    rf"(?:the )?{_NAME}\s*\??\s*$")
#: a relation two nodes are in with each other, said of a pair: one edge
_RELATION = (r"(?:friends|partners|colleagues|neighbou?rs|acquainted|teammates|classmates|"
             r"co-?authors|collaborators|allies|in touch|related)")
_UNDIRECTED: list[tuple[str, str]] = [
    # "is there a warehouse no road reaches at all?": a node with no tie
    (r"^\s*(?:is|are)\s+there\s+(?:a|an|any)\s+([a-z]+?)s?\s+(?:that\s+|which\s+)?(?:no|not\s+a\s+single|"
     r"not\s+one)\s+(?:[a-z]+\s+)?(?:reaches|touches|connects\s+to|links\s+to|goes\s+to|serves|"
     r"leads\s+to|runs\s+to|enters|joins)(?:\s+(?:it|them))?(?:\s+at\s+all)?\s*[?.!]*\s*$",
     r"Which \1s have degree exactly 0?"),
    (rf"^\s*how many [a-z]+ (?!(?:are|is|were|was|have|has|had|does|do|did|can|could|lie|sit)\b)"
     rf"[a-z]+(?: (?:with|to|in|on|for|at))? ({_NAME})\s*\??\s*$", r"How many ties does \1 have?"),
    # (not "which community does Nia belong to": a group of the graph's, asked of one node)
    # "which families did the Strozzi marry into", "what events did Evelyn Jefferson attend"
    (rf"^\s*(?:which|what) (?!(?:community|communities|cluster|clusters|component)\b)[a-z]+ "
     rf"(?:does|do|did) (?:the )?({_NAME}(?: (?-i:[A-Z][\w'.-]*))*) [a-z]+"
     r"(?: (?:with|to|into|in|on|for|at))?\s*\??\s*$", r"Who are the neighbours of \1?"),
    (rf"^\s*(?:who|whom) (?:does|do|did) (?:the )?({_NAME}) [a-z]+(?: (?:with|to|into))?\s*\??\s*$",
     r"Who are the neighbours of \1?"),
    # "who has boris played against?", "which players has Ana faced": the perfect tense
    (rf"^\s*(?:who|whom|which [a-z]+) (?:has|have|had) (?:the )?(?!\d+\s)({_NAME}) (?!(?:the|a|an|"
     rf"been|most|any|got|gotten)\b)(?:[a-z]+ed|[a-z]+en|met|fought|beat|won|lost|run|done|seen|"
     rf"known|taught|flown|swum|sung)(?: (?:with|to|against|alongside|for|into))?\s*\??\s*$",
     r"Who are the neighbours of \1?"),
    # "which stations does Djibouti have a direct cable to?": its edges in the data's noun
    (rf"^\s*(?:which|what) [a-z]+ (?:does|do|did) (?:the )?({_NAME}) have (?:a |an |any )?"
     rf"(?:direct )?[a-z]+ (?:to|with)\s*\??\s*$", r"Who are the neighbours of \1?"),
    # "which families are married to the Medici", "who is linked to Ada": the subject's side
    (rf"^\s*(?:who|which [a-z]+) (?:is|are|was|were|got|get) (?:directly )?(?!(?:closest|nearest|"
     rf"farthest|furthest|most|least|similar|reachable|connected|linked)\b)(?:[a-z]+ed|wed|allied|"
     rf"related) (?:to|with|into) (?:the )?({_NAME})\s*\??\s*$", r"Who are the neighbours of \1?"),
    # "medici's marriage partners?", "Ada's trading partners": the node's ties in the data's word
    (rf"^\s*(?:(?:who|what) (?:are|were) (?:the )?)?({_NAME})(?:'s|’s) (?:[a-z]+ )?(?:partners|"
     rf"spouses|allies)\s*\??\s*$", r"Who are the neighbours of \1?"),
    # "list Medici's marriage ties", "show ana's links"
    (rf"^\s*(?:list|name|show(?: me)?|give me)\s+(?:all\s+(?:of\s+)?)?({_NAME})(?:'s|’s) (?:[a-z-]+ )?"
     rf"(?:ties|links|connections|neighbou?rs|contacts|partners)\s*[?.!]*\s*$",
     r"Who are the neighbours of \1?"),
    (_OBJECT_PARTNERS, r"Who are the neighbours of \1?"),  # "which pollinators visit Thistle"
    # "who is Ridolfi married to", "who are the Strozzi directly married to", "who is Eef
    # partnered with": a participle after the name, no measure (not "closest to")
    # ("which substations is Kilbride wired to directly", "what is J3 piped into")
    (rf"^\s*(?:who|whom|what|which (?!(?:community|communities|cluster|clusters|component|"
     rf"components|group|groups|piece|pieces|part|parts)\b)[a-z]+) (?:is|are|was|were) (?:the )?"
     rf"({_NAME}) (?:directly |currently |also )?"
     r"(?!(?:closest|nearest|farthest|furthest|most|least|similar|reachable)\b)"
     r"(?:[a-z]+ed|friends|related|wed|close|allied) (?:to|with|into)(?: directly)?\s*\??\s*$",
     r"Who are the neighbours of \1?"),
    # "list everyone Maya works with", "name all the people Omar talks to"
    (rf"^\s*(?:list|name|show(?: me)?|give me)\s+(?:everyone|everybody|all(?: the)? [a-z]+|the "
     rf"[a-z]+)\s+(?:(?:who|whom|that)\s+)?({_NAME}) [a-z]+(?: (?:with|to))?\s*[?.!]*\s*$",
     r"Who are the neighbours of \1?"),
    # "which country trades with the largest number of other countries": the most ties
    # ("who has worked alongside the largest number of different volunteers": the side kept,
    # a two-mode graph's partners of the same side)
    (r"\b(?:(?:has|have|had)\s+)?(?!(?:is|was|has|does)\b)([a-z]+(?:s|ed))\s+(?:with|into|to|"
     r"against|alongside)\s+the\s+(?:most|largest number of|greatest number of|highest number "
     r"of)\s+(?:other|different|distinct|separate)\s+[a-z]+\b", "has the most ties"),
    # "is the school directly piped to J4": that one edge (not "connected", a route)
    (r"^\s*(?:is|are|was|were) (?:the )?([A-Za-z][\w'.-]*|\d+) (?:directly )?(?!(?:connected|"
     r"linked|joined|tied|related|reachable|attached|located|based|isolated|cut|separated)\b)"
     r"(?!(?:un|dis|non))"
     r"[a-z]+ed (?:to|with|into) (?:the )?((?-i:[A-Z][\w'.-]*(?: [A-Z0-9][\w'.-]*)*)|[a-z][\w'.-]*|"
     r"\d+)\s*\??\s*$", r"Is \1 directly connected to \2?"),
    # "how many characters share a scene with Fantine": her ties (one-mode only: on two sides
    # the partners sharing a thing are co-members)
    (rf"^\s*how many [a-z]+ (?:share|shared|have shared|has shared) (?:a|an|any|at least one) "
     rf"[a-z]+ with ({_NAME})\s*\??\s*$", r"How many ties does \1 have?"),
    (rf"^\s*how many (?!\w*mates\b)(?!(?:triangles|components|communities|cliques|hops|steps|paths|routes|"
     rf"attributes|groups|neighbours within)\b)[a-z]+ (?:does|do|did) (?:the )?({_NAME}) have\s*\??\s*$",
     r"How many ties does \1 have?"),
]
#: a node's kind said before a numbered id: "member 33"
_KIND = r"(?:(?-i:[a-z]+) (?=\d))?"
#: "is 33 friends with 0", "are the Medici and the Strozzi married": a relation of two named
#: nodes is one edge between them, Yes or No (not a route through others); read before the
#: rules that take "33 friends" for a number of ties
_PAIR_RELATION = [(re.compile(p, re.IGNORECASE), r) for p, r in [
    (rf"^\s*(?:is|are|was|were) (?:the )?{_KIND}({_NAME}) (?:directly )?{_RELATION} (?:to|with) (?:the )?"
     rf"{_KIND}({_NAME})\s*\??\s*$", r"Is \1 directly connected to \2?"),
    (rf"^\s*(?:are|were) (?:the )?{_KIND}({_NAME}) and (?:the )?{_KIND}({_NAME}) (?:directly )?(?:{_RELATION}|married)"
     r"(?: (?:to|with) each other)?\s*\??\s*$", r"Is \1 directly connected to \2?"),
    # "can a barge still get between Duisburg and Rotterdam": from one to the other (both
    # ways are one on an undirected graph)
    (rf"\b(get|travel|go|sail|move|drive|ride|cycle|walk|fly|pass)\s+between\s+(?:the\s+)?({_NAME})\s+"
     rf"and\s+(?:the\s+)?({_NAME})\b", r"\1 from \2 to \3")]]


# on a directed graph, any verb reads the edge's direction (a source "calls", "imports",
# "pays" its target): "who calls ph3" lists ph3's in-neighbours, "which modules does web
# import" web's out-neighbours; "receive"/"get" read it backwards. Whole questions only, so
# the last word is the node (lower-case names too: "core", "alice").
_ANY = r"(?:@[A-Za-z0-9_][\w.-]*|[A-Za-z][\w'.-]*|\d+)"
_NOT_VERB = (r"(?!(?:is|are|was|were|be|been|has|have|had|does|do|did|can|could|will|would|"
             r"lie|lies|sit|sits|reach|reaches|connect|connects|link|links|touch|touches|"
             r"neighbou?r|exist|exists|receive|receives|get|gets|make|makes|belong|belongs|fall|"
             r"falls|fit|fits)\b)")
# verbs that read as a directed edge on a table whose columns name no relation of their own
# (source/target); a table that names one ("citing/cited", "caller/callee") is read in its
# own verbs only ("who wrote art05" on a citing/cited table: no edge of this graph)
_EDGE_VERBS = ("call", "pay", "send", "transfer", "email", "message", "text", "import",
               "depend", "link", "point", "owe", "lend", "follow", "cite",
               "reference", "quote", "report", "manage", "supervise", "invite", "refer",
               "trust", "endorse", "like", "retweet", "ship", "supply",
               "fund", "invest", "forward", "route", "feed", "infect", "attack", "beat",
               "use", "require", "extend", "inherit", "notify", "contact", "ping", "wire")
# verbs whose subject is the edge's target ("calls ph5 receives"); with the target column's
# own agent noun ("importer" on an exporter/importer table: "which countries import from c3")
_BACK_VERBS = ("receive", "get", "hear", "take", "buy", "borrow", "learn")
_BACK = "{back}"  # filled per graph by :func:`_directed`
_ON = r"(?: (?:to|from|on|at|with|for|into))?"
_VERB = "{verb}"  # filled per graph by :func:`_directed`
_KIND = r"(?:different |distinct |other |unique |separate )?[a-z]+"  # "how many different suppliers"
#: the two fixed rule lists compiled when the planner is imported (on the agent's warm-up
#: thread), not by the first question: about 0.03 s of the first turn
_RULES_COMPILED = [(re.compile(p, re.IGNORECASE), r, d) for p, r, d in _RULES]
#: the rewrites that replace the whole question with one ask: never split into steps
WHOLE_ASKS = frozenset({"list the members of the biggest strongly connected component",
                        "Is the graph connected?"})
#: the rules that only spell out a hurried user's shorthand ("#", "avg", "ppl", "nbrs", "b/w",
#: "comp"), read into the user's own words too (:func:`spelled_out`)
#: the replacements of the rules that only spell out shorthand, each naming one rule
_SHORTHAND_SPELLED = frozenset({"the", "every", "their", "that can reach", r"Which \1s ", r"\1n't", r"\3 from \1 to \2?", r"which of \1's \2", r"\1 \2\3", "betweenness", "stations", "extensions", r"\1's", r"\1", r"\1 \2", r"\1 in the data", r"Can \1 reach \2?", "how", "which", r"\1, yes or no?", r"\1 from the rest", r"If \1 were removed, \2", r"\1ecei\2", r"\1ly", "", "number of ", "minimum", "maximum", "average", "people", "neighbours",
                                "neighbour", "messages", "message", "connected", "between", "without",
                                "with", "0", r"how many \1?", r"\1 component", "directly", r"\1 has",
                                r"Which \2 has the \3 \1?", r"who \1 but were never \2", r"the \1",
                                r"are within the same \1", "from ", r"Which \1s are cut points?", "which edge",
                                r"\3between \1 and \2"})
_SHORTHAND = [(re.compile(p, re.IGNORECASE), r) for p, r, _ in _RULES if r in _SHORTHAND_SPELLED]


#: short words that are never a column's abbreviation
_NOT_SHORT = frozenset("""the and for not any all how who was are has had its his her one two per
via yes ask use get got set let put see say its out off own did does has may can way why now""".split())


def expanded(question: str, info: dict[str, Any]) -> str:
    """``question`` with a short plural that abbreviates exactly one of the data's column names
    written as that name ("how many pts did the critical wing send" on a ``patients`` column;
    "hrs" on ``hours``): its letters in order in the name, the first letter first.

        >>> expanded("how many pts did ICU send", {"edge_attributes": ["patients"]})
        'how many patients did ICU send'
        >>> expanded("how many pts did ICU send", {"edge_attributes": ["patients", "points"]})
        'how many pts did ICU send'
    """
    columns = [str(c) for c in (info.get("edge_attributes") or []) + (info.get("node_attributes")
                                                                       or [])]
    if not columns:
        return question

    def fits(short: str, name: str) -> bool:
        letters = iter(name.lower())
        return name[:1].lower() == short[0] and len(name) > len(short) + 1 and \
            all(ch in letters for ch in short)

    def spell(m: re.Match[str]) -> str:
        short = m.group(0)
        if short.lower() in _NOT_SHORT or any(short.lower() == c.lower() for c in columns) or \
                re.search(r"[aeiou]", short.lower()):
            return short  # "ships" is a word; "pts", "hrs", "msgs" are no words
        found = [c for c in columns if re.fullmatch(r"[A-Za-z]+", c) and fits(short.lower(), c)]
        return found[0] if len(found) == 1 else short

    question = re.sub(r"(?<![\w'-])[a-z]{2,4}s(?![\w'-])", spell, question)
    for c in info.get("edge_attributes") or []:  # "the most member-years", "person-hours" on
        c = str(c)  # a ``years`` edge column: it ("first-floor rooms" keeps its floor)
        if re.fullmatch(r"[a-z]{3,}", c, re.IGNORECASE):
            question = re.sub(rf"(?<![\w'-])(?<!\d\s)[a-z]+-({re.escape(c)})(?![\w'-])", r"\1", question,
                              flags=re.IGNORECASE)  # ("31 person-months" reads as it is)
    for c in columns:  # "call-outs", "call outs" on a ``callouts`` column: the column
        if re.fullmatch(r"[a-z]{6,}", c, re.IGNORECASE):
            split = "".join(rf"{re.escape(ch)}(?:-|\s)?" for ch in c[:-1]) + re.escape(c[-1])
            question = re.sub(rf"(?<![\w'-])(?=[a-z]+[-\s][a-z])(?:{split})(?![\w'-])", c, question,
                              flags=re.IGNORECASE)
    question = without_column_period(question, info)
    grouped = groupings(info.get("meaning") or {})
    for attr, values in grouped.items():  # "Culture-sector contacts" where Culture is also a
        # desk: the value and its grouping, never one node's name ("assembly-tier" kept)
        for v in [v for v in values if sum(str(v).lower() in {str(x).lower() for x in vs}
                                            for vs in grouped.values()) > 1]:
            question = re.sub(rf"(?<![\w'-])({re.escape(str(v))})-({re.escape(str(attr))})(?![\w'-])",
                              r"\1 \2", question, flags=re.IGNORECASE)
    return _between_one_group(respelled_values(question, info), info)


def _between_one_group(question: str, info: dict[str, Any]) -> str:
    """"swapped between Hilltop people" (one group value, no second one after it) -> "swapped
    within Hilltop people": both ends in the group."""
    values = sorted({v for vs in groupings(info.get("meaning") or {}).values() for v in vs},
                    key=len, reverse=True)
    if not values:
        return question
    alt = "|".join(re.escape(v) for v in values)

    def within(m: re.Match[str]) -> str:
        rest = re.split(r"[(?.;:]", question[m.end():])[0]  # (not an aside's "both Hilltop")
        if re.match(r"\s*(?:[a-z]+\s+)?(?:and|&|or|,|vs\.?|versus|to|from)\b|\s*(?:and|&|or|,)", rest,
                    re.IGNORECASE) or re.search(rf"(?<![\w'-])(?:{alt})(?![\w'-])", rest[:40],
                                                 re.IGNORECASE):
            return m.group(0)  # "between Hilltop and Riverside": two groups
        return "within " + m.group(1)

    return re.sub(rf"\bbetween\s+((?:the\s+)?(?:{alt}))(?![\w'-])", within, question,
                  flags=re.IGNORECASE)


def one_slip(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one typing slip: a letter dropped or doubled, or two
    letters swapped (never one letter for another: "played" is no slip of "player"; never only
    a plural ending: "bridges" is no slip of "Bridge")."""
    if a == b or abs(len(a) - len(b)) > 1 or re.fullmatch(re.escape(min(a, b, key=len)) + r"(?:s|es)",
                                                          max(a, b, key=len)):
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and \
            a[diff[1]] == b[diff[0]]
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def respelled_values(question: str, info: dict[str, Any]) -> str:
    """``question`` with a group value typed with one slip written as the value ("all
    grasland holes" -> "all grassland holes"), where the word is no column, value or id of the
    data and the value is long enough (six letters or more) to be told apart.

        >>> info = {"meaning": {"node_attributes": {"habitat": {"kind": "categorical",
        ...         "top_values": ["grassland", "woodland"]}}}}
        >>> respelled_values("all grasland holes together", info)
        'all grassland holes together'
        >>> respelled_values("woodlands only", info)
        'woodlands only'
    """
    values = {v.lower(): v for vs in groupings(info.get("meaning") or {}).values() for v in vs
              if re.fullmatch(r"[A-Za-z]{6,}", v)}
    if not values:
        return question
    held = _held_lower(info)

    def fix(m: re.Match[str]) -> str:
        word = m.group(0).lower()
        if word in held or word in values or word in NODE_NOUNS or word in _SINGULAR or \
                word in _PLURAL:
            return m.group(0)  # ("women" is no slip of a value "woman")
        near = [v for low, v in values.items() if one_slip(word, low)]
        return near[0] if len(near) == 1 else m.group(0)

    return re.sub(r"(?<![\w'-])[A-Za-z]{5,}(?![\w'-])", fix, question)


def _held_lower(info: dict[str, Any]) -> set[str]:
    """The data's own words, lower-cased: its columns, group values and sample node ids."""
    return {str(w).lower() for w in (
        *(info.get("node_attributes") or []), *(info.get("edge_attributes") or []),
        *(v for vs in groupings(info.get("meaning") or {}).values() for v in vs),
        *(str(n.get("id")) for n in info.get("sample_nodes") or [] if isinstance(n, dict)))}


def without_column_period(question: str, info: dict[str, Any]) -> str:
    """``question`` less the period said after an edge column that is not a distance: the
    column's own unit, no time asked ("miles per week" on a route's length is a time the data
    lacks).

        >>> without_column_period("how many crates per month?", {"edge_attributes": ["crates"]})
        'how many crates?'
    """
    roles = (info.get("meaning") or {}).get("weights") or {}
    held = "|".join(re.escape(str(c)) for c in info.get("edge_attributes") or []
                    if str(c).isalpha() and roles.get(str(c)) != "distance")
    if not held:
        return question
    return re.sub(rf"\b((?:{held}))\s+(?:per|a|an|each|every)\s+(?:day|week|month|year|"
                  rf"season|quarter)\b", r"\1", question, flags=re.IGNORECASE)


#: "the table has two kinds of thing in it": the two sides of a two-mode table, no number
_KINDS_OF_THING = re.compile(r"\b(?:two|2)\s+(?:different\s+)?(?:kinds|types|sorts)\s+of\s+(?:things?|nodes?|"
                             r"entit(?:y|ies)|objects?|items?|rows?)\b", re.IGNORECASE)
#: "total minutes by the basses, all rehearsals together": every one added up (never "which
#: two sang together")
_ALL_TOGETHER = re.compile(r",?\s+(?:all|every)\s+(?:the\s+|of\s+the\s+)?[a-z]+\s+(?:together|combined)"
                           r"(\s*[?.!]*\s*)$", re.IGNORECASE)


#: an example told with placeholder letters: ", like A deps for B, B deps for C and C deps
#: for A" (A, B and C name no node; an "i.e." says what is asked, and stays)
_LETTER_EXAMPLE = re.compile(r",?\s*\b(?:like|e\.g\.?|for\s+example|for\s+instance)\s+"
                             r"(?=[^?]*\b(?-i:[A-D])\b[^?]*\b(?-i:[A-D])\b)[^?]*(?=\?|$)",
                             re.IGNORECASE)
_ONE_PAGE = re.compile(r"\s+on\s+(?:one|a\s+single|1)\s+(?:page|sheet)\b", re.IGNORECASE)


def spelled_out(question: str) -> str:
    """``question`` with a hurried user's shorthand spelled out ("most common # of ties" ->
    "most common number of ties"; "avg", "ppl", "nbrs", "msgs", "b/w", "w/o", "w/", "comp").

        >>> spelled_out("staff - most common # of ties per person, avg too")
        'staff - most common number of ties per person, average too'
    """
    for pattern, repl in _SHORTHAND:
        question = pattern.sub(repl, question)
    question = _SHOUTED.sub(lambda m: m.group(0).lower(), question)  # "frames OUT to", "BOTH"
    question = _THANKS.sub(r"\1", question)  # "top 3 bakers by hours, thx": no ask in it
    question = _NO_APOSTROPHE.sub(lambda m: m.group(1) + "'s", question)  # "whats", "whos"
    question = _NOT_APOSTROPHE.sub(lambda m: {"ca": "can", "wo": "won"}.get(
        m.group(1).lower(), m.group(1)) + "'t", question)  # "dont pass anything on", "cant"
    question = _KINDS_OF_THING.sub("two-mode data", question)  # no degree of 2
    question = _ALL_TOGETHER.sub(r" in total\1", question)  # no co-occurrence
    question = _ONE_PAGE.sub("", question)  # "drawn flat on one page": no threshold of one
    question = _LETTER_EXAMPLE.sub("", question)  # ", like A deps for B, B for C": no names
    question = _EXAMPLE_ASIDE.sub(lambda m: "" if question[:m.start()].endswith("?")
                                  else m.group("end"), question)
    return _HEDGED_ASIDE.sub("", question).strip() or question


#: a question word typed without its apostrophe: "whats the longest haul", "whos sent it"
_NO_APOSTROPHE = re.compile(r"\b(what|who|where|how|that)s\b", re.IGNORECASE)
#: a "not" typed without its apostrophe: "the ones that dont pass anything on", "cant"
_NOT_APOSTROPHE = re.compile(r"\b(do|does|did|is|are|was|were|has|have|had|could|would|should|"
                             r"ca|wo)nt\b", re.IGNORECASE)
#: thanks said at the end: ", thx", "- thanks!", " ty", " cheers"
_THANKS = re.compile(r"\s*[,;:-]?\s*\b(?:thx|thanks(?:\s+(?:a\s+lot|so\s+much|in\s+advance))?|"
                     r"thank\s+you(?:\s+so\s+much)?|ty|tia|cheers|ta)\b\s*([?.!]*)\s*$", re.IGNORECASE)
#: a common word in capitals for stress ("sends the most frames OUT to …", "where BOTH
#: artists …"), never a node's name (two-letter words left: "IN", "OR" may be states)
_SHOUTED = re.compile(r"\b(?:OUT|BOTH|ALL|NOT|ONLY|EVERY|ANY|NEVER|EACH|MORE|LESS|MOST|LEAST|FROM|"
                      r"WITHIN|INSIDE|OUTSIDE|OTHER|DIRECTLY|EXACTLY|NONE|SAME|DIFFERENT|TOTAL|"
                      r"WITHOUT|INTO|ONTO|EITHER|NEITHER)\b")
#: an example told after the ask: "can help go round in a circle - like station A calls B, B
#: calls C, and C calls A back? yes or no", "… in a circle? like someone asks a mentor, …?"
_EXAMPLE_ASIDE = re.compile(r"\s*(?:\s[-–—]\s*|(?<=\?)\s+)(?:like|for example|for instance)\s+"
                            r"(?:[\w',]+\s+){4,}(?:(?!\s[-–—]\s)[^?])*(?P<end>\?|$)", re.IGNORECASE)
#: a remark in brackets that hedges a belief, no condition of the ask: "(red's the biggest
#: watch i think)", "(I know volunteers are the biggest group, that's not what I'm after)"
_HEDGED_ASIDE = re.compile(r"\s*\((?=[^()]*\b(?:i think|i guess|i believe|i reckon|i suspect|"
                           r"i know|i'm told|i am told|iirc|afaik|not sure|if i remember)\b)[^()]*\)",
                           re.IGNORECASE)
_UNDIRECTED_COMPILED = [(re.compile(p, re.IGNORECASE), r) for p, r in _UNDIRECTED]
#: "which families are only one marriage away from the Strozzi": the nodes within that many
#: hops, in the edge's own noun ("two handshakes away", "1 hop apart")
_AWAY = [(re.compile(rf"^\s*(?:which|what|who|list|name|show(?: me)?)\s+(?:the\s+|all\s+)?"
                     rf"(?:[a-z]+\s+)?(?:are|is|were|was|lie|sit)?\s*(?:only\s+|just\s+)?"
                     rf"(?:{words})\s+(?:[a-z-]+\s+)?(?:away|apart)\s+from\s+(?!both\b)(?:the\s+)?(.+?)"
                     r"\s*[?.!]*\s*$", re.IGNORECASE),
          rf"Which nodes are in the neighbourhood of \1 within {k} hops?")
         for words, k in (("one|1|a single", 1), ("two|2", 2), ("three|3", 3))]
#: "how many families did the Medici marry into" (undirected): the Medici's degree, when the
#: counted word is the data's word for a node
_HOW_MANY_DID = re.compile(
    r"^\s*how many (?:other |different |distinct |separate )?([a-z]+) (?:does|do|did|has|have) "
    # "how many stops have two connections": a number of ties, no node named "two"
    r"(?!(?:one|two|three|four|five|six|seven|eight|nine|ten|no|zero)\b)"
    r"(?!(?:the )?(?:max(?:imum)?|min(?:imum)?|highest|lowest|largest|smallest|most|fewest|same|"
    r"top)\b)"
    r"(?:the )?((?-i:[A-Z][\w'.-]*(?: [A-Z][\w'.-]*)*)|[a-z][\w'.-]*\d*) (?!(?:have|has|had|need|"
    r"take|belong|contain|include|lie|sit|reach|get|make|span|cover|represent|come)\b)[a-z]+(?: (?:with|to|into|in|on|for|"
    r"at|against|alongside|from))?\s*\??\s*$", re.IGNORECASE)
_NODE_WORDS = {"other", "others", "people", "partner", "friend", "contact", "neighbour",
               "neighbor", "one", "ones", "co-author", "coauthor", "collaborator", "peer",
               "colleague", "tie", "link", "connection", "marriage", "relationship",
               "partnership", "friendship"}
_COUNTED = r"(?:other |different |distinct |separate |unique )?([a-z][a-z-]*)"
#: "how many other singers does Eef share a part with", "how many people is Gijs paired
#: with", "Bram has how many different partners?", "Hidde: how many partners?": one node's
#: ties counted in the data's words (a tail of lower-case words that names no other analysis)
_HOW_MANY_TAIL = re.compile(
    rf"^\s*how many {_COUNTED} (?:does|do|did|is|are|was|were|has|have|had) (?:the )?"
    r"((?-i:[A-Z][\w'.-]*(?: [A-Z][\w'.-]*)*)|(?-i:[a-z]+\d+)) "
    r"(?!(?:have|has|had|need|take|belong|contain|include|lie|sit|reach|get|make)\b)"
    r"((?-i:[a-z]+)(?: (?-i:[a-z]+)){0,3})\s*\??\s*$", re.IGNORECASE)
_HAS_HOW_MANY = re.compile(
    r"^\s*(?:the )?((?-i:[A-Z][\w'.-]*(?: [A-Z][\w'.-]*)*)|[a-z]+\d+)\s*(?:has|have|:|,|-)\s*how many "
    rf"{_COUNTED}\s*\??\s*$", re.IGNORECASE)
_NOT_ONE_HOP = re.compile(r"\b(?:within|hops?|steps?|away|reach\w*|paths?|routes?|common|both|than|"
                          r"triangles?|cliques?|via|through|after|without|if|between|directly|"
                          r"indirectly|apart|removed|gone|left|total|combined)\b", re.IGNORECASE)

_THE = r"(?:the )?"  # "what does the heron eat": a lower-case name after an article
#: the thing a verb moves, between it and its preposition: "who did ac7 send money to"
_OBJ = r"(?: (?!(?:to|from|on|at|with|for|into|by)\b)[a-z]+(?= (?:to|from)\b))?"
#: the perfect or "ever" before the verb: "who has sent emails to bo", "who ever paid ed"
_PERFECT = r"(?: (?:has|have|had)(?: ever)?| ever)?"
#: a node in a verb's question: a word, or capitalised words ("who paid Book Nook")
_NODE = r"((?-i:[A-Z][\w'.-]*(?: [A-Z0-9][\w'.-]*)*)|[A-Za-z][\w'.-]*|\d+)"
#: what a node made or owns, the verb's object in its place: "Tarquin's code", "ana's pull
#: requests" (not a measure of it: "Tarquin's degree")
_WORK = (r"(?:'s? (?!(?:degree|centrality|rank|score|neighbou?rs|partners|ties|edges|links|"
         r"total|value|community|group|component)\b)[a-z]+(?: [a-z]+)?)?")
_DONE = "{done}"  # the source's verb's past participle, filled per graph by :func:`_directed`
#: a count's closing words that ask for nothing else: "in total", "altogether", "so far"
_TALLY = r"(?:,? (?:in total|altogether|overall|all told|in all|so far))?"
_DIRECTED: list[tuple[str, str]] = [
    # both ways at once: "how many people does sol vouch for, and how many vouch for it"
    (rf"^\s*how many {_KIND} (?:does|do|did|has|have|had) {_THE}{_NODE} {_VERB}{_ON},?\s+(?:and|&)\s+"
     rf"how many(?: {_KIND})? {_VERB}{_ON} (?:it|him|her|them)\s*\??\s*$",
     r"What are the in-degree and out-degree of \1?"),
    # "how many routes leave LAX", "how many flights arrive at JFK": one end's edges
    (rf"^\s*how many {_KIND} (?:leave|depart(?: from)?|go out of|start (?:at|from)|head out of)"
     rf" {_THE}{_NODE}\s*\??\s*$", r"What is the out-degree of \1?"),
    (rf"^\s*how many {_KIND} (?:arrive (?:at|in)|come in(?:to)?|go into|enter|land (?:at|in)|"
     rf"end (?:at|in)) {_THE}{_NODE}\s*\??\s*$", r"What is the in-degree of \1?"),
    # "how many messages did emp02 send in total", "how many has emp05 sent"
    (rf"^\s*how many {_KIND} (?:does|do|did|has|have|had) {_THE}{_NODE} {_BACK}{_ON}{_TALLY}"
     r"\s*\??\s*$", r"What is the in-degree of \1?"),
    (rf"^\s*how many {_KIND} (?:does|do|did|has|have|had) {_THE}{_NODE} {_VERB}{_ON}{_TALLY}"
     r"\s*\??\s*$", r"What is the out-degree of \1?"),
    (rf"^\s*how many {_KIND} {_BACK}{_ON} {_NODE}\s*\??\s*$", r"What is the out-degree of \1?"),
    (rf"^\s*how many {_KIND} {_VERB}{_ON} {_NODE}\s*\??\s*$", r"What is the in-degree of \1?"),
    (rf"^\s*(?:which|what|who|whom|whose)(?: [a-z]+)? (?:does|do|did) {_THE}{_NODE} {_BACK}{_OBJ}{_ON}"
     r"\s*\??\s*$", r"Who are the in-neighbours of \1?"),
    # "whose PRs does Tarquin approve": the ones whose work he does it to
    (rf"^\s*(?:which|what|who|whom|whose)(?: [a-z]+)? (?:does|do|did) {_THE}{_NODE} {_VERB}{_OBJ}{_ON}"
     r"\s*\??\s*$", r"Who are the out-neighbours of \1?"),
    (rf"^\s*(?:who|what|(?:which|what) [a-z]+){_PERFECT} {_BACK}{_OBJ}{_ON} {_THE}{_NODE}{_WORK}"
     r"\s*\??\s*$", r"Who are the out-neighbours of \1?"),
    # "who approves Tarquin's code": the verb done to his work is done to him
    (rf"^\s*(?:who|what|(?:which|what) [a-z]+){_PERFECT} {_VERB}{_OBJ}{_ON} {_THE}{_NODE}{_WORK}"
     r"\s*\??\s*$", r"Who are the in-neighbours of \1?"),
    # the passive reads the edge backwards: "what is eaten by the heron", "who was ac2 paid by"
    (rf"^\s*(?:who|what|(?:which|what) [a-z]+) (?:is|are|was|were|gets?|got|(?:has|have) been)"
     rf" (?:ever )?{_DONE}{_ON} by {_THE}{_NODE}\s*\??\s*$", r"Who are the out-neighbours of \1?"),
    (rf"^\s*(?:by )?(?:who|whom|what|(?:which|what) [a-z]+) (?:is|are|was|were|has|have) "
     rf"{_THE}{_NODE} (?:been |ever |ever been )?{_DONE}{_ON}(?: by)?\s*\??\s*$",
     r"Who are the in-neighbours of \1?"),
    # the nodes two named ones share on one side: "what is eaten by both heron and otter"
    (rf"^\s*(?:who|what|(?:which|what) [a-z]+) (?:is|are|was|were|gets?|got|(?:has|have) been)"
     rf" {_DONE}{_ON} by both {_THE}{_NODE} and {_THE}{_NODE}\s*\??\s*$",
     r"Which nodes are out-neighbours of both \1 and \2?"),
    (rf"^\s*(?:who|what|(?:which|what) [a-z]+) (?:do|did|does) both {_THE}{_NODE} and {_THE}{_NODE}"
     rf" {_VERB}{_OBJ}{_ON}\s*\??\s*$", r"Which nodes are out-neighbours of both \1 and \2?"),
    (rf"^\s*(?:who|what|(?:which|what) [a-z]+) (?:do|did|does) both {_THE}{_NODE} and {_THE}{_NODE}"
     rf" {_BACK}{_OBJ}{_ON}\s*\??\s*$", r"Which nodes are in-neighbours of both \1 and \2?"),
    (rf"^\s*(?:who|what|(?:which|what) [a-z]+) {_VERB}{_OBJ}{_ON} both {_THE}{_NODE} and "
     rf"{_THE}{_NODE}\s*\??\s*$", r"Which nodes are in-neighbours of both \1 and \2?"),
    (rf"^\s*(?:who|what|(?:which|what) [a-z]+) {_BACK}{_OBJ}{_ON} both {_THE}{_NODE} and "
     rf"{_THE}{_NODE}\s*\??\s*$", r"Which nodes are out-neighbours of both \1 and \2?"),
    # whether a node has any edge on one side: "does anything eat the frog", "does ac3 pay
    # anyone" (Yes or No first, then the list)
    (rf"^\s*(?:does|do|did|has|have) (?:anything|anyone|anybody|something|someone|any \w+|any "
     rf"other \w+)(?: else)? (?:ever )?{_VERB}{_OBJ}{_ON} {_THE}{_NODE}\s*\??\s*$",
     r"Who are the in-neighbours of \1?"),
    (rf"^\s*(?:does|do|did|has|have) {_THE}{_NODE} (?:ever )?{_VERB}{_OBJ}{_ON} (?:anything|anyone|"
     rf"anybody|something|someone|any \w+|any other \w+)(?: else)?\s*\??\s*$",
     r"Who are the out-neighbours of \1?"),
    # one edge, asked yes or no: "does the heron eat frog", "was ac2 paid by ac1"
    (rf"^\s*(?:does|do|did|has|have) {_THE}{_NODE} (?:ever |really |actually |directly )?"
     rf"{_VERB}{_OBJ}{_ON} {_THE}{_NODE}\s*\??\s*$", r"Is \1 directly connected to \2?"),
    (rf"^\s*(?:does|do|did|has|have) {_THE}{_NODE} (?:ever |really |actually |directly )?"
     rf"{_BACK}{_OBJ}{_ON} {_THE}{_NODE}\s*\??\s*$", r"Is \2 directly connected to \1?"),
    (rf"^\s*(?:is|are|was|were|has|have) {_THE}{_NODE} (?:been |ever |ever been )?"
     rf"(?:directly )?{_DONE}{_ON} (?:directly )?by {_THE}{_NODE}\s*\??\s*$",
     r"Is \2 directly connected to \1?"),
]


def own_side(question: str, info: dict[str, Any]) -> str | None:
    """The side of a node's edges a question asks about in the data's own verb (the
    source column's: ``retweeter`` -> retweet): ``in`` for the passive ("how many times was
    zed retweeted"), ``out`` for "did/does X <verb>" ("how often did zed retweet"), None
    otherwise ("more than 100 calls" on a caller,callee table names a count, not a side).

    Example::

        >>> info = {"attached_sources": [{"tables": {"t": ["retweeter", "original_author"]}}]}
        >>> own_side("How many times was zed retweeted?", info)
        'in'
        >>> own_side("how often did zed retweet?", info), own_side("who is central?", info)
        ('out', None)
        >>> own_side("who retweets the most?", info), own_side("who retweets memes the most?", info)
        ('out', 'out')
        >>> own_side("who catches the most throws?", {"attached_sources": [{"tables": {
        ...     "t": ["thrower", "catcher"]}}]})
        'in'
        >>> grants = {"attached_sources": [{"tables": {"t": ["grantor", "grantee"]}}]}
        >>> own_side("total acres granted by Oakes", grants), own_side("acres Oakes grants", grants)
        ('out', 'out')
    """
    verbs, backs = verbs_of(info)
    if backs and re.search(rf"^\s*(?:who|which\s+\w+)\s+{forms(backs)}(?:e?s|ed)?\b(?:\s+[a-z]+){{0,3}}?"
                           r"\s+(?:the\s+)?(?:most|least|fewest)\b", question, re.IGNORECASE):
        return "in"  # "who catches the most throws" on thrower,catcher: the target's verb
    for stems, way in ((backs, "in"), (verbs, "out")):  # "which teachers have covered 5 or
        # more lessons" on requester,coverer: each coverer's lessons, its in-edges
        if stems and re.search(rf"^\s*(?:who|which\s+\w+)\s+(?:have\s+|has\s+|had\s+)?"
                               rf"{forms(stems)}(?:e?s|ed)?\b(?:\s+[a-z]+){{0,2}}?\s+(?:\d|more\s+"
                               r"than|at\s+least|at\s+most|over|under|fewer\s+than|less\s+than)",
                               question, re.IGNORECASE):
            return way
    if re.search(r"\b(?:was|were|been|being|gets?|got)\s+(?:[a-z]+\s+){1,2}?by\s+(?:two|three|four|"
                 r"five|\d+|at\s+least|more\s+than|over|fewer\s+than|less\s+than|the\s+most|most|"
                 r"many|several|multiple|other|different)\b", question, re.IGNORECASE):
        return "in"  # "members put forward by two or more members": whatever the verb, the
        # nodes the edges reach
    if not verbs:
        return None
    v = forms(verbs)
    if re.search(rf"\b{participles(verbs)}\s+by\s+(?:the\s+)?(?-i:[A-Z0-9])", question,
                 re.IGNORECASE):
        return "out"  # "the acres granted by Oakes"
    if re.search(rf"\b(?:was|were|is|are|been|be|being|gets?|got)\s+(?:\w+\s+){{0,2}}?"
                 rf"{participles(verbs)}\b",
                 question, re.IGNORECASE):
        return "in"
    if re.search(rf"\b{v}e?ing\b(?!\s+(?:by|from)\b)", question, re.IGNORECASE):
        return "out"  # "who put in the most hours helping others": the helper's end
    if re.search(rf"(?-i:\b[A-Z][\w'.-]*)\s+{v}(?:e?s|ed)\b", question):
        return "out"  # "the total acres Oakes grants"
    if re.search(rf"\b(?:did|does|do)\s+\S+\s+{v}e?\b", question, re.IGNORECASE):
        return "out"  # "did zed retweet": not "calls" naming a count column
    if re.search(rf"^\s*(?:who|which\s+\w+)\s+{v}(?:e?s|ed)?(?:\s+(?!(?:to|from|with|for|by|"
                 r"at|on|in)\b)[a-z]+){0,3}?\s+(?:the\s+)?(?:most|least|fewest)\b|"
                 rf"^\s*(?:who|which\s+\w+)\s+(?:made|makes|make|did|does|do)\s+(?:the\s+)?"
                 rf"(?:most|least|fewest)\s+{v}(?:e?s)?\b", question, re.IGNORECASE):
        return "out"  # "who calls the most", "who throws the ball the most", "who made the
        # most throws" on caller,callee / thrower,catcher: what each one's acts add up to
    return None


def _role_noun(info: dict[str, Any]) -> str | None:
    """The target column's noun when it names the role its nodes play for the source's
    (``course,prerequisite``: prerequisite; ``supplier,buyer``: buyer), else None."""
    cols = [str(c).lower() for c in ((info.get("meaning") or {}).get("direction") or [])][:2]
    if len(cols) != 2:
        return None
    w = re.sub(r"[ _-]?(?:id|key|name)$", "", cols[1])
    w = _SINGULAR.get(w, re.sub(r"(?<!s)s$", "", w))
    src = re.sub(r"[ _-]?(?:id|key|name)$", "", cols[0])
    if not re.fullmatch(r"[a-z]{4,20}", w) or w in {"target", "node", "dest", "destination",
                                                     "head", "tail", "vertex"} or w == src:
        return None
    return w


#: a column naming what the other end needs ("requires", "prerequisite", "depends_on")
_NEEDED_COLUMN = re.compile(r"prereq|requir|depend|need|predecessor|ingredient|blocker|"
                            r"blocked|import(?!ed[_ ]?by|er)|parent|ancestor|input|upstream",
                            re.IGNORECASE)
#: a column naming what the other end makes possible ("unlocks", "leads_to", "required_by",
#: "dependents"): the other end is the one needed
_ENABLED_COLUMN = re.compile(r"unlock|enabl|leads?[_ ]?to|opens|successor|dependent|dependant|"
                             r"(?:required|needed|used|depended[_ ]?on|imported)[_ ]?by|allows|"
                             r"follow[_ -]?on|child|downstream", re.IGNORECASE)


def needed_end(cols: list[str]) -> str | None:
    """Which end of a directed table's rows is the one needed: ``target`` on
    ``course,prerequisite`` and ``package,requires``, ``source`` on ``prerequisite,course``,
    ``course,unlocks`` and ``library,required_by``; None where the columns do not say.

        >>> needed_end(["course", "prerequisite"]), needed_end(["course", "unlocks"])
        ('target', 'source')
        >>> needed_end(["package", "required_by"]), needed_end(["town_a", "town_b"])
        ('source', None)
    """
    if len(cols) != 2:
        return None

    def enabled(c: str) -> bool:
        return bool(_ENABLED_COLUMN.search(c))

    def needed(c: str) -> bool:
        return bool(_NEEDED_COLUMN.search(c)) and not enabled(c)

    (s_need, t_need), (s_en, t_en) = (needed(c) for c in cols), (enabled(c) for c in cols)
    if (t_need and not s_need) or (s_en and not t_en):
        return "target" if not (s_need or t_en) else None
    if (s_need and not t_need) or (t_en and not s_en):
        return "source" if not (t_need or s_en) else None
    return None
_DEPS = r"(?:dependenc(?:y|ies)|deps|prerequisites?|prereqs?|requirements)"
_AT = (r"(at least|more than|fewer than|less than|at most|exactly)\s+(\d+|one|two|three|four|"
       r"five|six|seven|eight|nine|ten)")


def _dependencies(question: str, info: dict[str, Any]) -> str:
    """Dependency words as in- / out-degree words on a table whose column names what is
    needed (``package,requires``: a package points at what it requires): "the most
    depended-on package" is the highest in-degree, "the most direct dependencies" the
    highest out-degree, "the ones nothing else depends on" in-degree 0, "required directly by
    at least 2 other packages" in-degree at least 2 (the other way round when the needed
    column comes first)."""
    question = re.sub(r"\bcircular dependenc(?:y|ies)\b|\bdependency (?:cycles?|loops?)\b",
                      "directed cycles", question, flags=re.IGNORECASE)
    cols = [str(c) for c in ((info.get("meaning") or {}).get("direction") or [])][:2]
    if len(cols) != 2 or re.search(r"\bthen\b|\b(?:of|among) (?:those|them)\b", question,
                                   re.IGNORECASE):
        return question  # a step of a longer question is not rewritten alone
    end = needed_end(cols)
    if end is None:
        return question
    tgt = end == "target"
    needed, needing = ("in", "out") if tgt else ("out", "in")  # the needed end's degree
    # "does requests depend on numpy in any way, even indirectly": one reaches the other
    m = re.match(rf"^\s*(?:does|do|did|would|will)\s+({_ANY})\s+(?:(?:depend|rely|build)\s+on|need|"
                 rf"require|pull\s+in|import|use)\s+({_ANY})\b(?=.*\b(?:indirect\w*|any way|at all|"
                 r"transitiv\w*|eventually|through|anywhere|dependency tree|all the way)\b)", question,
                 re.IGNORECASE)
    if m:
        a, b = (m.group(1), m.group(2)) if tgt else (m.group(2), m.group(1))
        return f"Can {a} reach {b}?"

    def at(m: re.Match[str]) -> str:
        n = _NUMBER_WORDS.get(m.group(2).lower(), m.group(2))
        return f"have {needed}-degree {m.group(1).lower()} {n}"
    rules: list[tuple[str, Any]] = [
        (r"^\s*(?:what|which)(?:'s|\s+is|\s+are)\s+the\s+most[- ](?:depended[- ](?:up)?on|required|"
         r"needed|relied[- ](?:up)?on)\s+([a-z]+)", rf"Which \1 has the highest {needed}-degree"),
        (r"\b(?:is|are|was|were)\s+(?:the\s+)?most[- ](?:depended[- ](?:up)?on|required|needed|"
         r"relied[- ](?:up)?on)\b", f"has the highest {needed}-degree"),
        (r"\b(?:is|are)\s+(?:depended (?:up)?on|required|needed|relied (?:up)?on)\s+(?:by\s+)?the\s+most\b"
         r"(?:\s+(?:other\s+)?[a-z]+s\b)?", f"has the highest {needed}-degree"),
        # "which one has the most other packages depending on it"
        (r"\b(?:has|have|had|with)\s+the\s+most\s+(?:other\s+)?[a-z]+\s+(?:depending|relying)\s+"
         r"(?:directly\s+)?(?:up)?on\s+(?:it|them|him|her)\b", f"has the highest {needed}-degree"),
        (rf"\b(?:has|have|had|with)\s+the\s+most\s+(?:direct\s+)?{_DEPS}",
         f"has the highest {needing}-degree"),
        (rf"\b(?:has|have|had|with)\s+the\s+(?:fewest|least)\s+(?:direct\s+)?{_DEPS}",
         f"has the lowest {needing}-degree"),
        (r"\b(?:nothing|nobody|no one|no other \w+)(?:\s+else)?\s+(?:depends|relies)\s+on"
         r"(?:\s+(?:it|them))?\b", f"with {needed}-degree exactly 0"),
        # "which packages does nothing else depend on", "which have no dependents"
        (r"\b(?:does|do|did)\s+(?:nothing|nobody|no one|no other \w+)(?:\s+else)?\s+(?:depend|rely|"
         r"require|need)(?:\s+(?:up)?on)?\b", f"have {needed}-degree exactly 0"),
        (r"\b(?:have|has|with|having)\s+no\s+(?:direct\s+)?(?:dependents|dependants|reverse\s+"
         r"dependencies|consumers|downstream\s+users)\b", f"with {needed}-degree exactly 0"),
        (r"\btop[- ]level\s+([a-z]+s)\b(?=.*-degree exactly 0)", r"\1"),  # said twice
        (rf"\b(?:have|has|with|having)\s+no\s+(?:direct\s+)?{_DEPS}(?:\s+of\s+(?:their|its)"
         r"\s+own)?\b", f"with {needing}-degree exactly 0"),
        # "how many courses need exactly 2 direct prereqs", "with at least 3 dependencies"
        (rf"\b(?:have|has|having|with|need|needs|require|requires|list|lists)\s+{_AT}\s+"
         rf"(?:direct\s+|immediate\s+)?{_DEPS}\b", lambda m: f"have {needing}-degree "
         f"{m.group(1).lower()} {_NUMBER_WORDS.get(m.group(2).lower(), m.group(2))}"),
        # "on average, how many direct prerequisites does a course have", "avg number of deps"
        (rf"^.*\b(?:on\s+average|average|mean|typical(?:ly)?)\b.*\bhow\s+many\s+(?:direct\s+)?"
         rf"{_DEPS}\s+(?:does|do)\s+(?:a|an|each|every|the\s+average|the\s+typical)\s+[a-z]+\s+"
         r"(?:have|need|list)\b.*$", f"What is the average {needing}-degree?"),
        (rf"^\s*how\s+many\s+(?:direct\s+)?{_DEPS}\s+(?:does|do)\s+(?:a|an|each|every|the\s+average|"
         rf"the\s+typical)\s+[a-z]+\s+(?:have|need|list)\b.*\b(?:on\s+average|average|mean|"
         r"typically)\b.*$", f"What is the average {needing}-degree?"),
        (rf"\b(?:average|mean|avg)\s+(?:number\s+of\s+)?(?:direct\s+)?{_DEPS}\b(?:\s+(?:per|of\s+(?:a|each))\s+[a-z]+)?",
         f"average {needing}-degree"),
        (rf"\b(?:(?:is|are|was|were)\s+)?(?:required|depended on|needed|relied on|used)\s+"
         rf"(?:directly\s+)?by\s+{_AT}"
         r"(?:\s+(?:other|different))?\s+[a-z]+s?\b", at),
    ]
    for pattern, repl in rules:
        question = re.sub(pattern, repl, question, flags=re.IGNORECASE)
    return question


def _roles(question: str, info: dict[str, Any]) -> str:
    """Questions in the target column's role noun, as in- / out-degree words: on a
    ``course,prerequisite`` table "which course is a prerequisite for the most other
    courses" is the highest in-degree, "which courses have no prerequisites" out-degree 0,
    "which course has the most prerequisites" the highest out-degree."""
    t = _role_noun(info)
    if t is None:
        return question
    ts = rf"(?:{re.escape(t)}|{re.escape(_plural(t))})"
    art = r"(?:a|an|the)\s+"
    rules = [
        (rf"\b(?:is|are|was|were|serves?\s+as)\s+{art}{ts}\s+(?:for|of|to)\s+the\s+most"
         r"(?:\s+(?:other\s+|different\s+)?[a-z]+s\b)?", "has the highest in-degree"),
        (rf"\b(?:is|are|was|were|serves?\s+as)\s+{art}{ts}\s+(?:for|of|to)\s+the\s+"
         r"(?:fewest|least)(?:\s+(?:other\s+)?[a-z]+s\b)?", "has the lowest in-degree"),
        (rf"\b(?:is|are|was|were)\s+not\s+{art}{ts}\s+(?:for|of|to)\s+(?:any|anything|"
         r"anyone|another)(?:\s+(?:other\s+)?[a-z]+s?\b)?", "with in-degree exactly 0"),
        (rf"\b(?:have|has|having|with|need|needs|require|requires)\s+no\s+{ts}\b"
         r"(?:\s+at\s+all)?", "with out-degree exactly 0"),
        (rf"\b(?:has|have|had|needs?|requires?)\s+the\s+(?:most|largest number of)\s+{ts}\b",
         "has the highest out-degree"),
        (rf"\b(?:has|have|had|needs?|requires?)\s+the\s+(?:fewest|least)\s+{ts}\b",
         "has the lowest out-degree"),
    ]
    for pattern, repl in rules:
        question = re.sub(pattern, repl, question, flags=re.IGNORECASE)
    return question


#: an endpoint column naming the one a person answers to (``reports_to``, ``manager_id``)
_BOSS = re.compile(r"report|manager|boss|supervisor|parent|superior|"
                   # "team_lead", "dept_head"; not a verb with where it goes ("leads_to")
                   r"(?:lead|head)(?!s?[ _-]?(?:to|into)\b)", re.IGNORECASE)
_UP = ["report", "work", "answer"]  # what a person does towards their boss
_DOWN = ["manag", "supervis", "lead", "overse"]  # what a boss does towards their people


_TOP = re.compile(r"^\s*(?:who|which \w+)\s+(?:(?:is|are|sits?)\s+(?:at\s+the\s+(?:very\s+)?top|"
                  r"the\s+(?:top|big|ultimate)\s+boss(?:es)?|not\s+managed\s+by\s+anyone)|"
                  r"(?:has|have)\s+no\s+(?:manager|boss|supervisor)s?)\b.*$", re.IGNORECASE)


def boss_way(meaning: dict[str, Any]) -> str | None:
    """On a reporting table, the way its edges point: ``in`` when at the boss
    (``employee,reports_to``: a boss's people are its in-neighbours), ``out`` when from it
    (``manager,employee``), else None (``meaning`` is get_graph_info's).

    Example::

        >>> boss_way({"direction": ["staff", "manager"]}), boss_way({"direction": ["a", "b"]})
        ('in', None)
    """
    cols = [str(c) for c in (meaning.get("direction") or [])][:2]
    if len(cols) != 2:
        return None
    src, tgt = (bool(_BOSS.search(c)) for c in cols)
    return "in" if tgt and not src else "out" if src and not tgt else None


def _boss_verbs(info: dict[str, Any]) -> tuple[list[str], list[str]]:
    """On a reporting table, the verbs along its edges and against them: ``staff,manager``
    (the edge points at the boss) reads "who reports to rui" as rui's in-neighbours and
    "who does rui manage" the same; ``manager,employee`` the other way round."""
    way = boss_way(info.get("meaning") or {})
    return (_UP, _DOWN) if way == "in" else (_DOWN, _UP) if way == "out" else ([], [])


def _particles(question: str, info: dict[str, Any]) -> str:
    """The columns' verb said with a particle read as the verb alone: on ``tipster,
    recipient`` "who does Umber tip off" is "who does Umber tip", "who tipped off Raven"
    "who tipped Raven" (off, up, out: no preposition of their own)."""
    cols = [str(c).lower() for c in (info.get("meaning") or {}).get("direction") or []]
    own = [s for s in [*verbs_of(info)[0], *verbs_of(info)[1]] if any(c.startswith(s) for c in cols)]
    if not own:  # a role's verbs ("recipient": send) keep theirs: "sent off" is a removal
        return question
    v = forms(own)
    return re.sub(rf"\b({v}(?:e?s|ies|ed|d|ing|e)?)(?:\s+|-)(?:off|up|out)\b(?!\s+(?:of|to)\b)",
                  r"\1", question, flags=re.IGNORECASE)


#: the counted partners narrowed by a clause ("the most people who never vouch back", "the
#: most others that ping it back"): a count of some partners, which no degree is
_NARROWED = re.compile(r"\b(?:most|fewest|least|number\s+of)\s+(?:[a-z-]+\s+){0,2}?[a-z-]+\s*,?\s+"
                       r"(?:who|whom|whose|that|which)\b", re.IGNORECASE)


def _directed(question: str, info: dict[str, Any]) -> str:
    """A directed graph's question in in-/out-degree words (see :data:`_DIRECTED`)."""
    if re.search(r"-(?:degree|neighbou?rs) of\b", question, re.IGNORECASE):
        return question
    from igraph_agent.model.direct_hops import one_hop, where_to
    from igraph_agent.model.sides import debt_partners, role_questions

    moved = where_to(one_hop(question), verbs_of(info)[1])  # "where does X ship to": one hop
    if moved != question:
        return moved
    question = _particles(question, info)
    asked = question
    question = role_questions(debt_partners(question, info), info)  # "who are Mum's children"
    if question != asked:
        return question
    question = _dependencies(_roles(question, info), info)
    verbs, backs = verbs_of(info)
    up, down = _boss_verbs(info)
    verbs, backs = [*verbs, *up], [*backs, *down]
    if up:  # "who is at the top": nobody above them, whichever way the edges point
        side = "out" if up == _UP else "in"
        question = _TOP.sub(f"Which nodes have {side}-degree exactly 0?", question)
    named = verbs or backs  # the columns name the relation: read it in their words only
    stems = forms([*verbs, "link", "point"] if named else list(_EDGE_VERBS))
    verb = rf"{_NOT_VERB}{stems}(?:e?s|ies|ed|d|ing|e)?(?: directly)?(?: on| to)?"
    back = rf"{forms([*backs, *_BACK_VERBS])}(?:e?s|ies|ed|d|ing|e)?"
    done = participles([*verbs, "link", "point"] if named else list(_EDGE_VERBS))
    if _NARROWED.search(question):  # "the most people who never vouch back": not a degree
        return question
    for pattern, repl in _DIRECTED:
        pattern = pattern.replace("{verb}", verb).replace("{back}", back).replace(
            "{done}", done)
        m = re.search(pattern, question, re.IGNORECASE)
        if m and not {g.lower() for g in m.groups()} & (_STRUCTURAL | _ADVERBS):
            return re.sub(pattern, repl, question, flags=re.IGNORECASE)
    both = _both_ways(question, verb, back, done)
    if both:
        return both
    question = _counted_ends(question, verb, back, done, info)
    if verbs and not up:  # a reporting table's chain is the hierarchy's (hierarchy_intents)
        question = chains(question, verbs, _agent_noun(info), verbs[0])
    valued = bool([a for a in info.get("edge_attributes") or []
                   if str(a).lower() not in _PLAIN_ATTRS])
    if verbs:  # "vouches for the most people", "is vouched for most": partners counted
        question = most_in_verb(question, verbs, _node_words(question, info), valued=valued)
    if verbs:  # "calls the largest number of other modules": a count of nodes, whatever the
        v = forms(verbs) + "[a-z]*"  # edges' values; "sent the largest number of emails" on a
        # table with a count column is the sum of that column (the emails are its unit)
        whom = "|".join(sorted({re.escape(w) for w in _node_words(question, info)}, key=len,
                               reverse=True))
        counted = rf"(?:other\s+|different\s+|distinct\s+)[a-z]+s|(?:{whom})" if valued \
            else r"(?:other\s+|different\s+|distinct\s+)?[a-z]+s"
        question = re.sub(rf"\b{v}\s+the\s+(?:largest|greatest|highest)\s+number\s+of\s+"
                          rf"(?:{counted})\b", "has the highest out-degree", question,
                          flags=re.IGNORECASE)
        question = re.sub(rf"\b(?:is|are)\s+{v}\s+by\s+the\s+(?:most|largest number of)\s+"
                          r"(?:other\s+|different\s+|distinct\s+)?[a-z]+s\b",
                          "has the highest in-degree", question, flags=re.IGNORECASE)
    question = _most_partners(question, info, verbs, backs)
    if [a for a in info.get("edge_attributes") or [] if str(a).lower() not in _PLAIN_ATTRS]:
        return question  # "receives the most" may mean the most of an edge value
    out = re.sub(r"\b(?:receives?|received|gets?|got|attracts?)\s+the\s+most(?:\s+[a-z-]+s)?\b",
                 "has the highest in-degree", question, flags=re.IGNORECASE)
    if verbs:
        v = forms(verbs) + "[a-z]*"
        out = re.sub(rf"\b(?:is|are|was|were)\s+(?:the\s+)?most[- ]{v}\b(?:\s+[a-z]+(?=\W*$))?",
                     "has the highest in-degree", out, flags=re.IGNORECASE)
        out = re.sub(rf"\b(?:is|are|was|were|gets?|got)\s+{v}\s+(?:the\s+)?most\b|"
                     rf"\bmost[- ]{participles(verbs)}\b",  # "the most tipped", not "most tips"
                     "has the highest in-degree", out, flags=re.IGNORECASE)
        out = re.sub(rf"\b(?:is|are|was|were|gets?|got)\s+{v}\s+(?:the\s+)?(?:least|fewest times)\b",
                     "has the lowest in-degree", out, flags=re.IGNORECASE)
        out = re.sub(rf"\b{v}\s+the\s+most(?:\s+(?:other\s+)?[a-z]+s\b(?!\s+(?:than|to|from)))?",
                     "has the highest out-degree", out, flags=re.IGNORECASE)
        out = re.sub(rf"\b{v}\s+the\s+(?:fewest|least)(?:\s+(?:other\s+)?[a-z]+s\b"
                     r"(?!\s+(?:than|to|from)))?", "has the lowest out-degree", out,
                     flags=re.IGNORECASE)
    elif not backs:  # a generic verb ("pay" on payer_acct,payee_acct) with the nodes counted:
        v = forms(list(_EDGE_VERBS)) + "[a-z]*"  # "who pays the most people"
        whom = "|".join(sorted({re.escape(w) for n in (*_NOUNS, *data_nouns(info), "other",
                                                       "account", "user", "one")
                                for w in (_plural(n), n + "s")}, key=len, reverse=True))
        for most, side in (("most", "highest"), ("fewest|least", "lowest")):
            out = re.sub(rf"\b{v}\s+the\s+(?:{most})\s+(?:other\s+|different\s+)?(?:{whom})\b"
                         r"(?!\s+(?:than|to|from))", f"has the {side} out-degree", out,
                         flags=re.IGNORECASE)
    if backs:  # the target's verb: "which country imports from the most countries"
        b = forms(backs) + "[a-z]*"
        out = re.sub(rf"\b{b}\s+(?:from\s+)?the\s+most(?:\s+(?:other\s+|different\s+)?[a-z]+s\b)?",
                     "has the highest in-degree", out, flags=re.IGNORECASE)
        out = re.sub(rf"\b{b}\s+(?:from\s+)?the\s+(?:fewest|least)(?:\s+(?:other\s+)?[a-z]+s\b)?",
                     "has the lowest in-degree", out, flags=re.IGNORECASE)
    return out


#: words for the other end counted as nodes: "helped the most people", "the most neighbours"
_PARTNERS = ("people", "neighbours", "neighbors", "others", "teammates", "partners",
             "colleagues", "members", "residents", "individuals", "persons", "friends",
             "contacts", "different people", "other people")


def _most_partners(question: str, info: dict[str, Any], verbs: list[str], backs: list[str]) -> str:
    """The data's verb with the other end counted as people ("who helped the most people",
    "who was helped by the fewest neighbours" on ``helper,helped``) in in-/out-degree words,
    even where an edge value could be "the most": people are nodes, not an edge's value."""
    nouns = {*_PARTNERS, *(_plural(n) for n in data_nouns(info)), *(n + "s" for n in data_nouns(info))}
    whom = "|".join(sorted((re.escape(w) for w in nouns), key=len, reverse=True))
    for stems, side, passive in ((verbs, "out", False), (backs, "in", False), (verbs, "in", True)):
        if not stems:
            continue
        v = participles(stems) + r"\s+by" if passive else forms(stems) + "[a-z]*"
        lead = r"\b(?:is|are|was|were|gets?|got|been)\s+" if passive else r"\b"
        for most, rank in (("most|largest number of", "highest"), ("fewest|least", "lowest")):
            question = re.sub(rf"{lead}{v}\s+the\s+(?:{most})\s+(?:other\s+|different\s+|"
                              rf"distinct\s+)?(?:{whom})\b(?!\s+(?:than|to|from))",
                              f"has the {rank} {side}-degree", question, flags=re.IGNORECASE)
    return question


def _node_words(question: str, info: dict[str, Any]) -> list[str]:
    """The plurals that count nodes: the common words, the data's own and the question's
    ("which server pings the most servers")."""
    asked = re.match(r"\s*(?:which|what)\s+([a-z]+)\b", question, re.IGNORECASE)
    own = [*_NOUNS, *data_nouns(info), *([asked.group(1).lower()] if asked else [])]
    return [w for n in own for w in (_plural(n), n + "s")]


def _both_ways(question: str, verb: str, back: str, done: str) -> str | None:
    """A list of one node's partners in the verb both ways ("eva's counterparties, anyone she
    either paid or got money from", "what does the frog either eat or get eaten by"): all
    its neighbours, whichever way the edge points."""
    passive = rf"(?:(?:been|being|be|get|gets|got|is|was|are|were)\s+{done})"
    if not re.match(r"^\s*(?:who|whom|what|which|list|name|show)\b", question, re.IGNORECASE) \
            or not re.search(rf"\b{verb}\b.*\bor\b.*(?:\b{back}\b|{passive})|"
                             rf"(?:\b{back}\b|{passive}).*\bor\b.*\b{verb}\b", question,
                             re.IGNORECASE):
        return None
    m = re.search(rf"\b{_NODE}'s\s+[a-z]+|\b(?:does|did|do|has|have)\s+(?:the\s+)?{_NODE}\s+"
                  r"(?:either\s+)?[a-z]+", question, re.IGNORECASE)
    name = m and (m.group(1) or m.group(2))
    if not name or name.lower() in _STRUCTURAL | _ADVERBS:
        return None
    return f"Who are the neighbours of {name}?"


#: "the most different senders": a count of nodes at the other end, not of an edge value
_MANY = (r"the\s+(?:most|largest number of|greatest number of|highest number of)\s+"
         r"(?:other\s+|different\s+|distinct\s+|separate\s+|unique\s+)?"
         r"(?!(?:money|cash|funds|amounts?|value|volume|payments|transfers)\b)(?:[a-z]+s|people)\b")
#: "the most other wallets": the nodes at the other end, said to be other ones
_OTHERS = (r"the\s+(?:{most})\s+(?:other|different|distinct|separate|unique)\s+"
           r"(?!(?:money|cash|funds|amounts?|values?|volumes?|payments|transfers|times|ways)\b)"
           r"(?:[a-z]+s|people)\b")
_MOST = r"most|largest number of|greatest number of|highest number of"
_FEWEST = r"fewest|least|smallest number of|lowest number of"
#: words that stand where a name would in a verb's question and are none ("have never been")
_ADVERBS = {"never", "not", "ever", "always", "already", "also", "only", "just", "been",
            "being", "no", "nobody", "none", "still", "really"}


def _agent_noun(info: dict[str, Any]) -> str | None:
    """The source column's noun when it names what its node does (``mentor``, ``sender``,
    ``predator``: an agent noun), else None."""
    cols = [str(c).lower() for c in ((info.get("meaning") or {}).get("direction") or [])][:2]
    w = re.sub(r"[ _-]?(?:id|key|name)$", "", cols[0]) if len(cols) == 2 else ""
    return w if re.fullmatch(r"[a-z]{3,18}(?:er|or)", w) or w in ROLE_NOUNS else None


def _counted_ends(question: str, verb: str, back: str, done: str, info: dict[str, Any]) -> str:
    """The edge's verb with a count of the nodes at its other end, as a degree: "gets
    payments from the most different senders" and "is eaten by the most predators" are the
    highest in-degree, "sends money to the most accounts" the highest out-degree; "has
    nobody mentoring them" is in-degree 0."""
    rules = [
        (rf"\b{back}(?:\s+[a-z]+)?\s+from\s+{_MANY}", "has the highest in-degree"),
        (rf"\b(?:is|are|was|were|gets?|got)\s+{done}(?:\s+on)?\s+by\s+{_MANY}",
         "has the highest in-degree"),
        (rf"\b{verb}(?:\s+[a-z]+)?\s+to\s+{_MANY}", "has the highest out-degree"),
        # "pays the most other wallets", "gets paid by the fewest different accounts": the
        # nodes at the other end counted, whatever edge values the table holds
        (rf"\b{verb}\s+{_OTHERS.format(most=_MOST)}", "has the highest out-degree"),
        (rf"\b{verb}\s+{_OTHERS.format(most=_FEWEST)}", "has the lowest out-degree"),
        (rf"\b{back}\s+(?:from\s+)?{_OTHERS.format(most=_MOST)}", "has the highest in-degree"),
        (rf"\b(?:has|have|had)\s+(?:nobody|no one|nothing|no \w+)\s+(?:else\s+)?{verb}"
         r"(?<=ing)\s+(?:them|him|her|it)\b", "has in-degree exactly 0"),
        # a count of the nodes that never take the verb ("which" lists: the edge-ends intent):
        # "how many were never called", "how many never receive a call" (nothing at the
        # source end), "how many numbers never place a single call themselves" (nothing at
        # the target end)
        (rf"^(\s*how many [^?]*?)\b(?:(?:is|are|was|were|been|get|gets|got)\s+never\s+{done}\b|"
         rf"never\s+(?:been|got|gets|get)\s+{done}\b)", r"\1with in-degree exactly 0"),
        (rf"^(\s*how many [^?]*?)\bnever\s+(?:[a-z]+\s+){{0,2}}?{back}\b(?:\s+(?:anything|"
         r"any\s+\w+|a\s+single\s+\w+|an?\s+\w+|at\s+all))*",
         r"\1with in-degree exactly 0"),
        (rf"^(\s*how many [^?]*?)\bnever\s+(?:[a-z]+\s+){{0,3}}?{verb}\b(?:\s+(?:anyone|anybody|"
         r"anything|any\s+\w+|a\s+single\s+\w+|an?\s+(?!lot\b)\w+|themselves|itself|at\s+all))*",
         r"\1with out-degree exactly 0"),
    ]
    whom = "|".join(sorted({re.escape(w) for n in (*_NOUNS, *data_nouns(info), "other", "one",
                                                   "node")
                            for w in (_plural(n), n + "s", n)} | {"people", "others"},
                           key=len, reverse=True))
    at = (r"(?:more than|at least|at most|fewer than|less than|over|under|exactly|only)\s+"
          r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)")
    # one condition only: "cited at least twice but cite nothing themselves" has two, which
    # one count past a degree does not answer
    rules += [] if re.search(r"\b(?:but|and|or|while|yet|though|although)\b", question,
                             re.IGNORECASE) else [
        # "how many people in fintech backed more than two people": a count past a number of
        # nodes at the verb's other end (not "sent more than 100 euros": no node counted)
        (rf"^(\s*how many [^?]*?)\b{verb}(?:\s+(?:[a-z]+\s+)?to)?\s+(?={at}"
         rf"(?:\s+(?:other|different|distinct))?"
         rf"(?:\s+(?:{whom})\b|\s*[?.!]*\s*$))", r"\1have out-degree "),
        (rf"^(\s*how many [^?]*?)\b(?:is|are|was|were|been|gets?|got)\s+{done}(?:\s+[a-z]+)?\s+by\s+(?={at}"
         rf"(?:\s+(?:other|different|distinct))?(?:\s+(?:{whom})\b|\s*[?.!]*\s*$))",
         r"\1have in-degree "),
        # "how many people backed nobody", "... were backed by no one"
        (rf"^(\s*how many [^?]*?)\b(?:is|are|was|were|been|gets?|got)\s+{done}(?:\s+[a-z]+)?\s+by\s+"
         r"(?:nobody|no\s*one|no\s+other\s+\w+|no\s+\w+)(?:\s+at\s+all|\s+else)?\b",
         r"\1with in-degree exactly 0"),
        (rf"^(\s*how many [^?]*?)\b{verb}\s+(?:nobody|no\s*one|nothing|no\s+other\s+\w+)"
         r"(?:\s+at\s+all|\s+else)?\b", r"\1with out-degree exactly 0"),
    ]
    agent = _agent_noun(info)
    if agent:  # "how many predators does the perch have": its in-degree
        rules.append((rf"^\s*how many (?:different |distinct )?(?:{agent}|{agent}e?s) (?:does|do|did) "
                      rf"(?:the )?{_NODE} have\s*\??\s*$", r"What is the in-degree of \1?"))
    target = _role_noun(info)
    if target:  # "how many prey does the heron have": its out-degree
        rules.append((rf"^\s*how many (?:different |distinct )?(?:{target}|{_plural(target)}) "
                      rf"(?:does|do|did) (?:the )?{_NODE} have\s*\??\s*$",
                      r"What is the out-degree of \1?"))
    agent = _agent_noun(info)
    if agent:  # "who has no mentor": nobody at the source end (the target's noun: _roles)
        rules.append((rf"\b(?:has|have|had|with|having)\s+no\s+(?:{agent}|{agent}e?s)\b"
                      r"(?:\s+at\s+all)?", "with in-degree exactly 0"))
    for pattern, repl in rules:
        question = re.sub(pattern, repl, question, flags=re.IGNORECASE)
    # "backed more than one person": a count past one, in the threshold's digits
    return re.sub(r"(\bhave (?:in|out)-degree (?:more than|at least|at most|fewer than|less than|"
                  r"over|under|exactly|only)\s+)one\b", r"\g<1>1", question, flags=re.IGNORECASE)


_STRUCTURAL = {"the", "a", "an", "it", "them", "this", "that", "most", "more", "least", "each",
               "other", "others", "all", "any", "anyone", "everyone", "somebody", "someone",
               "nodes", "edges", "back", "together", "first", "here", "there", "nothing",
               "anything", "anybody", "nobody", "everything", "everybody"}


_LOWER_ID = re.compile(r"[a-z][a-z'-]{1,15}")
_DOTTED_ID = re.compile(r"[a-z][a-z'-]*[._][a-z0-9][a-z0-9'-]*")  # "m.rossi", "li_na"
_AT_NAME = re.compile(r"\b(?i:is|was|were|has|had|of|for|about|does|did|do|and|or|with|to|from|between|know|knows|"
                      r"without|if|(?:depends?|depending|rel(?:y|ies)|builds?|built)\s+on|"
                      r"needs?|requires?|reach(?:es|ed|ing)?(?:\s+from)?|(?:get|gets|got)\s+to)\s+([a-z][a-z'-]{1,15}(?:[._][a-z0-9][a-z0-9'-]*)?|[a-z][._][a-z0-9][a-z0-9'-]*)\b(?='s|\s*[?.,!:(]|\s+[-–—>]|\s+(?:and|in|have|has|know|"
                      r"left|leaves|linked|connected|(?!(?:per|across|over)\b)\w+s?)\b|$)")


#: words that stand where a name would and are none
_NO_NAMES = frozenset({
    "people", "non", "un", "everyone", "anyone", "someone", "network", "graph", "most", "least",
    "another", "both", "either", "neither", "every", "above", "below", "under", "over",
    "beneath", "behind", "after", "before",  # "who is above gus": a place, no name
    "about", "via", "around", "into", "onto", "upon", "within", "without", "through", "across",
    "toward", "towards", "during", "along", "among", "beyond", "near", "until", "against",
    "end", "get", "go", "come", "ever", "still",  # "and end up at": a move, no name
    "directly", "indirectly", "often",  # "depend on directly": how, no name
    # the methods an analysis is asked with ("find the communities with louvain")
    "louvain", "leiden", "greedy", "modularity", "pagerank", "betweenness", "closeness",
    "eigenvector", "katz", "dijkstra", "propagation", "infomap", "walktrap", "spectral"})


def _lower_ids(info: dict[str, Any]) -> list[str]:
    """The sample ids of a graph whose names are lower-case words ("amy", "m.rossi",
    "french press"), else []."""
    ids = [str(s.get("id")) for s in info.get("sample_nodes") or [] if isinstance(s, dict) and s.get("id") is not None]
    if not any(_LOWER_ID.fullmatch(i) or _DOTTED_ID.fullmatch(i) or _LOWER_PHRASE.fullmatch(i)
               for i in ids):
        return []  # a graph with some lower-case names ("okafor", "m.rossi", "ERC-2291")
    return ids


#: where a lower-case thing stands as a name: "does the snail have", "what the eel eats",
#: "is the otter connected to the frog?"
_THE_WORD = re.compile(r"\bthe ([a-z][a-z'-]{1,15}(?:[._][a-z0-9][a-z0-9'-]*)?)(?![\w'.-])"
                       r"(?!'s\b)")


def own_words(info: dict[str, Any]) -> set[str]:
    """The data's own words, lower-cased (:func:`_own_words`)."""
    return _own_words(info)


def _own_words(info: dict[str, Any]) -> set[str]:
    """The data's own words, lower-cased: its column and attribute names and its group
    values ("finance" of ``unit``: a group, never a node)."""
    return _values(info) | {str(a).lower() for a in (*(info.get("node_attributes") or []),
                                                    *(info.get("edge_attributes") or []))} | {
        str(c).lower() for src in info.get("attached_sources") or []
        for cols in (src.get("tables") or {}).values() for c in cols}


#: the question's last word after a preposition: "the same games as fenna", "closer than ivo"
_LAST_WORD = re.compile(r"\b(?:as|than|like|by|with|to|for|from|of|about)\s+([a-z][a-z'-]{1,15}"
                        r"(?:[._][a-z0-9][a-z0-9'-]*)?)\s*[?.!]*\s*$")


#: the object a question ends on, after a verb in the past or the present: "… inspected
#: coldwell", "who supplies brook"
_VERB_LAST = re.compile(r"\b[a-z]{3,}(?:ed|es)\s+([a-z][a-z'-]{2,15})\s*[?.!]*\s*$")


#: a place after "end up at", "arrive at": "… end up at autowerk, following …"
_AT_WORD = re.compile(r"\b(?:end up|ends up|ended up|arrive|arrives|arrived|get|gets|stop|stops)"
                      r" (?:at|in) ([a-z][a-z'-]{1,15}(?:[._][a-z0-9][a-z0-9'-]*)?)\b(?![.'-]\w)")


#: the word a question is put to: "gus: how many friends?", "mei, who does she know?"
_PUT_TO = re.compile(r"^\s*([a-z][a-z'-]{1,15}(?:[._][a-z0-9][a-z0-9'-]*)?)\s*[:,]\s")


#: a route's first end opening the question: "gus to dara, how many hops?", "mei and gus -"
_FIRST_END = re.compile(r"^\s*([a-z][a-z'-]{1,15}(?:[._][a-z0-9][a-z0-9'-]*)?)\s+(?:to|and|->|-)\s")


#: comparatives where a name may stand ("which is denser, A or B"): never looked up as names
_COMPARATIVES = frozenset("""denser bigger larger smaller closer tighter busier stronger weaker
longer shorter faster slower cheaper higher lower greater better worse heavier lighter richer
poorer wider narrower older newer younger""".split())


#: a search asked for in so many words: the search intent looks the word up itself
_SEARCH_ASKED = re.compile(r"^\s*(?:please\s+)?(?:search|look\s+up|lookup)\b", re.IGNORECASE)


def lookup_words(question: str, info: dict[str, Any]) -> list[str]:
    """Lower-case words that stand where a thing is named ("the snail", "the eel", "how far
    is gus from") on a graph whose names are lower-case words, which :func:`lower_names`
    does not read as names from the sample nodes or their place; the planner looks each up with search_node, and a
    word found as a node's id or label is a name (``found`` of :func:`lower_names`). The
    graph's own words (column and attribute names, group values, the planner's nouns) and
    superlatives ("the shortest") are never looked up; the planner also leaves out the words
    its analyses are asked with ("the average", "the clustering")."""
    from igraph_agent.model import slots

    if _SEARCH_ASKED.match(question):
        return []  # "search for thenardier": the search itself looks the word up
    full = _lower_full_names(question, info)  # "nora fayette" on a graph of "Nora Fayette"
    full += [w for w in _underscored(question) if w not in _own_words(info)]  # "stn_south"
    ids = _lower_ids(info)
    cased = not ids and _cased_ids(info)
    if not cased and (not ids or not any(_LOWER_ID.fullmatch(i) or _DOTTED_ID.fullmatch(i)
                                         for i in ids)):
        return full
    named = {n.lower() for n in slots.names(lower_names(question, info))}
    own = set(_NOUNS) | set(data_nouns(info)) | _STRUCTURAL | _NOT_THING | _NO_NAMES | _own_words(info) | {
        "web", "grid", "map", "system", "dataset", "chart", "tree", "list", "ranking"}
    # a word where a name stands that reads like a plural or a verb ("how far is gus from
    # mei", "tomas's", "ted") or is followed by more words on a graph of mixed names ("from
    # robotix ever end up at autowerk"): only a lookup tells
    placed = [re.sub(r"'s$", "", m.group(1)) for m in _AT_NAME.finditer(question)]
    placed += [m.group(1) for m in _LAST_WORD.finditer(question)]
    placed += [m.group(1) for m in _AT_WORD.finditer(question)]
    placed += [m.group(1) for m in _PUT_TO.finditer(question)]
    placed += [m.group(1) for m in _FIRST_END.finditer(question)]
    placed += [m.group(1) for m in _CAN_WORD.finditer(question)]
    if cased:  # "who does maya know", "lena's neighbours" on a graph of capitalised names
        placed += re.findall(r"(?<![\w'-])([a-z][a-z-]{1,15})'s\b", question)
        # "how many engineers have inspected coldwell": the verb's object, ending it
        placed += [m.group(1) for m in _VERB_LAST.finditer(question)]
    out: list[str] = []
    for w in ([] if cased else [m.group(1) for m in _THE_WORD.finditer(question)]) + placed:
        if (w in named or w in own or w in slots.STOP_WORDS or w.rstrip("s") in own
                or re.search(r"(?:est|ly|ness)$", w) or w in _COMPARATIVES or w in out):
            continue
        out.append(w)
    return (full + out)[:3]


#: a word where the doer of a reach stands: "could greta get word to", "can ext0 ever reach"
_CAN_WORD = re.compile(r"\b(?:can|could|would|will|might)\s+([a-z][a-z'-]{1,15})\s+(?=(?:ever|"
                       r"still|eventually|possibly|get|gets|reach|send|pass|call|contact|message|"
                       r"email|follow|cite)\b)")


#: a capitalised name of two or three words ("Nora Fayette", "Charlotte McDowd")
_FULL_NAME = re.compile(r"[A-Z][a-z]+(?: [A-Z][A-Za-z'-]+){1,2}")


def _lower_full_names(question: str, info: dict[str, Any]) -> list[str]:
    """On a graph whose names are capitalised full names ("Nora Fayette"), the lower-case
    runs of two words that may be one typed in a hurry ("events nora fayette went to"),
    at most two; search_node tells which are names (a run holding the data's own words, an
    analysis word or a stop word is never one)."""
    from igraph_agent.model import slots

    ids = [str(s.get("id")) for s in info.get("sample_nodes") or [] if isinstance(s, dict) and s.get("id") is not None]
    if not any(_FULL_NAME.fullmatch(i) for i in ids):
        return []
    own = set(_NOUNS) | set(data_nouns(info)) | _STRUCTURAL | _NOT_THING | _NO_NAMES \
        | _own_words(info) | set(slots.STOP_WORDS) | _COMPARATIVES
    words = re.findall(r"[A-Za-z][\w'-]*|\S", re.sub(r"'s\b", "", question))
    out: list[str] = []
    for a, b in itertools.pairwise(words):
        if not (re.fullmatch(r"[a-z][a-z'-]{2,15}", a) and re.fullmatch(r"[a-z][a-z'-]{2,15}", b)):
            continue
        if any(w in own or w.rstrip("s") in own or re.search(r"(?:ing|ed|ly|est)$", w)
               for w in (a, b)):
            continue
        if f"{a} {b}" not in out:
            out.append(f"{a} {b}")
    return out[:2]


def lower_names(question: str, info: dict[str, Any], found: Iterable[str] = (),
                unfound: Iterable[str] = ()) -> str:
    """``question`` with the lower-case node names of a graph whose ids are lower-case words
    ("alice", "core") capitalised, so the planner sees them as names ("what is eli's
    betweenness" -> "what is Eli's betweenness"); search_node matches them case-blind. A
    name is a sample id, a word search_node found as a node (``found``, from
    :func:`lookup_words`), a possessive, or a word where a name stands ("how central is
    jon")."""
    from igraph_agent.model import slots

    ids = _lower_ids(info)
    if not ids:
        return _cased_names(question, info, found)
    ids = ids + [f for f in found if f not in ids]
    for phrase in sorted((i for i in ids if _LOWER_PHRASE.fullmatch(i)), key=len, reverse=True):
        question = re.sub(rf"(?<![\w'-]){re.escape(phrase)}(?![\w-])", phrase.title(), question)
    if not any(_LOWER_ID.fullmatch(i) or _DOTTED_ID.fullmatch(i) for i in ids):
        return _thing_named(question, info)  # "french press", "coffee grinder": phrases only
    known = {i.lower() for i in ids}
    words = set(_NOUNS) | set(data_nouns(info)) | _STRUCTURAL | _NO_NAMES
    owners = set(re.findall(r"\b([a-z][a-z-]{1,15})'s\b", question))  # "gus's"
    placed = {m.group(1) for m in _AT_NAME.finditer(question)} - owners
    if not all(_LOWER_ID.fullmatch(i) for i in ids):  # some names are capitalised: a lower-case
        placed = {m.group(1) for m in _AT_NAME.finditer(question)  # word stands as a name only
                  if _DOTTED_ID.fullmatch(m.group(1)) or not re.match(
                      r"\s+(?!and\b|in\b|have\b|has\b|know\b|left\b|leaves\b|linked\b|"
                      r"connected\b)\w", question[m.end(1):])} - owners
    cands = {w for w in re.findall(rf"(?<![\w.])(?:{_DOTTED_ID.pattern}|[a-z][a-z'-]+)(?![\w])",
                                   question) if w in known or re.sub(r"'s$", "", w) in known}
    cands = {re.sub(r"'s$", "", w) if w not in known else w for w in cands}  # "chef_gil's"
    plural = {w: _singular_of(w, known) for w in re.findall(r"(?<![\w.'-])([a-z][a-z-]{2,}s)(?![\w'-])",
                                                           question)
              if w not in known and w not in words}
    for w, one in plural.items():  # "what eats jackals" on a food web of "jackal": the node
        if one:
            question = re.sub(rf"(?<![\w'.-]){re.escape(w)}(?![\w'-])", one.capitalize(), question)
    missed = {w.lower() for w in unfound} - known  # looked up, and no node is named so
    own = _own_words(info)  # "linked to competitions" on sides cupper / competition: a side
    cands |= {c for c in owners | placed if c not in slots.STOP_WORDS and c not in words
              and c not in missed and (c in owners or not re.search(r"(?:s|ed|ing|ly)$", c))
              and c not in own and c.rstrip("s") not in own}
    for c in sorted(cands, key=lambda c: (-len(c), c)):  # "p.silva" before "silva", every run
        question = re.sub(rf"(?<![\w'.-]){re.escape(c)}(?![\w-])", c.capitalize(), question)
    return _thing_named(question, info)


def _singular_of(word: str, known: set[str]) -> str:
    """The node name a plural word is the plural of ("jackals" -> "jackal", "wolves" ->
    "wolf", "ponies" -> "pony"), else ""."""
    for one in (word[:-1], word[:-2] if word.endswith("es") else "",
                word[:-3] + "y" if word.endswith("ies") else "",
                word[:-3] + "f" if word.endswith("ves") else ""):
        if one and one in known:
            return one
    return ""


def _cased_ids(info: dict[str, Any]) -> bool:
    """Whether the graph's sample ids are capitalised words ("Maya", "Omar Khan",
    "MmeThenardier")."""
    ids = [str(s.get("id")) for s in info.get("sample_nodes") or [] if isinstance(s, dict) and s.get("id") is not None]
    return bool(ids) and all(re.fullmatch(r"[A-Z][a-z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]+)*", i)
                             for i in ids)


def _underscored(question: str) -> list[str]:
    """The lower-case words joined by an underscore ("stn_south", "hosp_riverside"): on a
    graph of ids written so, each is looked up as a name."""
    ids = re.findall(r"(?<![\w.'-])([a-z][a-z0-9'-]*_[a-z0-9][a-z0-9'_-]*)(?![\w'-])", question)
    return list(dict.fromkeys(ids))


def _cased_names(question: str, info: dict[str, Any], found: Iterable[str]) -> str:
    """On a graph of capitalised names, the lower-case words search_node found as a node's
    name (``found``, from :func:`lookup_words`) written as that name: "who does maya know" ->
    "who does Maya know", so the planner reads it as a name."""
    for w in found:  # "stn_south" on a graph of "Stn_North": a name (search_node is case-blind)
        if w in _underscored(question):
            question = re.sub(rf"(?<![\w'.-]){re.escape(w)}(?![\w'-])", w[0].upper() + w[1:], question)
    for w in found:  # a full name typed in lower case: "nora fayette" -> "Nora Fayette"
        if " " in w and re.fullmatch(r"[a-z][a-z' -]+", w):
            question = re.sub(rf"(?<![\w'-]){re.escape(w)}(?![\w-])", w.title(), question)
    if not _cased_ids(info):
        return question
    for w in found:
        if _LOWER_ID.fullmatch(w):
            question = re.sub(rf"(?<![\w'-]){re.escape(w)}(?![\w-])", w.capitalize(), question)
    return question


#: a lower-case name of several words ("french press", "coffee grinder")
_LOWER_PHRASE = re.compile(r"[a-z][a-z'-]{1,15}(?: [a-z][a-z'-]{1,15}){1,3}")
#: where a thing stands on a graph of lower-case names: "the kettle was bought", "bought
#: together with the grinder?" (search_node then finds the node whose name holds the word)
_THING = re.compile(r"\bthe ([a-z][a-z'-]{2,15}(?: [a-z][a-z'-]{2,15})?)(?= (?:was|is|were|are|"
                    r"gets?|got|has|had)\b)|"
                    r"\b(?:with|and|to|from|for|about|alongside) the ([a-z][a-z'-]{2,15}"
                    r"(?: [a-z][a-z'-]{2,15})?)(?=\s*[?.!]*\s*$)")
_NOT_THING = {"graph", "network", "rest", "others", "other", "hub", "centre", "center", "same",
              "whole", "total", "most", "least", "data", "table", "edges", "nodes", "group",
              "community", "cluster", "component", "list", "average", "mean", "sum", "number",
              "end", "start", "top", "bottom", "first", "last", "one", "ones", "time", "times"}


def _thing_named(question: str, info: dict[str, Any]) -> str:
    """A lower-case thing named by position on a graph whose names are lower-case phrases:
    "the kettle was bought" -> "the Kettle was bought", so it is looked up as a node."""
    from igraph_agent.model import slots

    known = set(_NOUNS) | set(data_nouns(info)) | _STRUCTURAL | _NOT_THING | _own_words(info)
    for m in _THING.finditer(question):
        w = m.group(1) or m.group(2)
        if any(x in known or x in slots.STOP_WORDS or re.search(r"(?:ed|ing|ly)$", x)
               for x in w.split()):
            continue
        question = question[:m.start()] + m.group(0).replace(w, w.title(), 1) + \
            question[m.end():]
    return question


def _ends_counted(question: str, info: dict[str, Any]) -> str | None:
    """"How many callers are there" on a directed ``caller,callee`` table: the nodes that
    call someone (out-degree at least 1), "how many callees" those called (in-degree), not
    every node of the graph."""
    cols = [str(c).lower() for c in ((info.get("meaning") or {}).get("direction") or [])][:2]
    if len(cols) != 2:
        return None
    way = _end_by_verb(question, info)
    if way:
        return f"How many nodes have {way}-degree at least 1?"
    nouns = [_SINGULAR.get(w, re.sub(r"(?<!s)s$", "", w))
             for w in (re.sub(r"[ _-]?(?:id|key|name)$", "", c) for c in cols)]
    if nouns[0] == nouns[1] or not all(re.fullmatch(r"[a-z]{3,20}", w) for w in nouns):
        return None
    from igraph_agent.graph.semantics import verb_column

    if any(verb_column(c) for c in cols):
        return None  # "package,requires": every node is a package, at either end
    for noun, way in zip(nouns, ("out", "in"), strict=True):
        if re.fullmatch(rf"\s*(?:how many|number of|count(?: the)?) (?:different |distinct |"
                        rf"unique |separate )?(?:{re.escape(noun)}|{re.escape(_plural(noun))})"
                        rf"{_KINDS}(?: are there| exist| (?:are )?in total| are in (?:the|this) "
                        rf"\w+| do (?:we|you|i|they) have| are listed| (?:are|have been|were) "
                        rf"recorded)?\s*[?.]*\s*", question,
                        re.IGNORECASE):
            return f"How many nodes have {way}-degree at least 1?"
    return None


#: "how many accounts are there, including any that never transacted": the clause widens the
#: count to every node, it is no condition
INCLUDING = re.compile(r"^(\s*how many\b[^,;]*?)[,;]?\s+(?:and\s+)?(?:including|incl\.?)\s+"
                        r"(?:any|anyone|anybody|everyone|everybody|those|the ones|ones|all|every|even)\b"
                        r"[^,;]*[?.!]*\s*$", re.IGNORECASE)


def _all_counted(question: str, info: dict[str, Any]) -> str:
    """"How many writers are there, including any with no co-authors" and "how many authors
    are in the co-authorship data" count every node: "How many nodes are there?" when the
    question's noun is the nodes' (the data's word or a common one)."""
    m = INCLUDING.match(question)
    q = m.group(1).rstrip() + "?" if m else question
    found = re.fullmatch(r"\s*how many (?:different |distinct |unique |separate )?([a-z]+) "
                         r"(?:are|were) (?:there )?(?:in|on) (?:the |this |our )?"
                         # "in the center of the graph": a place in it, not the data
                         r"(?!(?:center|centre|periphery|middle|heart|core|fringes?|rest|edge)\b)"
                         r"(?:[\w'-]+ ){0,3}"
                         r"(?:data(?:set)?|network|graph|table|file)\s*[?.!]*\s*", q, re.IGNORECASE)
    values = _values(info)
    if any(w.lower() in values for w in re.findall(r"[\w'-]+", q)):
        return q  # "how many badges are in the Kiln network": a group's, asked as is
    if found or m:
        word = (found.group(1) if found else "").lower()
        _, many = noun(q, info)
        if found and word not in {many.lower(), "nodes", "vertices"} and \
                word.rstrip("s") not in data_nouns(info):
            return q if m else question
        if not m and (len(_sides(info)) == 2 or info.get("directed")):
            return question  # a side's count, or one end's ("how many recipients"), is theirs
        return "How many nodes are there?" if (found or _ONLY_NODES.match(q)) else q
    return question


_ONLY_NODES = re.compile(r"^\s*how many (?:different |distinct |unique |separate )?[a-z]+ "
                         r"(?:are there|exist|are in (?:the |this )?\w+|do (?:we|you|i|they) "
                         r"have)\b[^,;]*[?.!]*\s*$", re.IGNORECASE)


#: "how many memos were cited at least once", "how many memos cite at least one other memo":
#: (1: passive, 2: the verb)
_AT_LEAST_ONCE = re.compile(
    r"^\s*(?:how many|number of|count(?: the)?) (?:different |distinct |unique |separate )?"
    r"[a-z]+ (?:(?:have )?(?:ever )?(?P<passive>(?:were|was|are|is|have been|has been|got|get) (?:ever )?)?"
    r"(?P<verb>[a-z]+)) (?:at least once|at least one (?:other |different )?(?P<obj>[a-z]+)|"
    r"(?:someone|somebody|something|anyone|anybody|anything)(?: at all)?|by (?:at least one|"
    r"someone|somebody|anyone|anybody|another|some) ?[a-z]*)\s*[?.!]*\s*$", re.IGNORECASE)


def _end_by_verb(question: str, info: dict[str, Any]) -> str | None:
    """The end "at least once" counts, by the graph's own verb ("cite" on citing,cited):
    the doers (out-degree at least 1), or, in the passive or the target's verb, those it is
    done to (in-degree at least 1)."""
    m = _AT_LEAST_ONCE.match(question)
    if m is None:
        return None
    fwd, back = verbs_of(info)
    ends = [str(c).lower() for c in ((info.get("meaning") or {}).get("direction") or [])][:2]
    if not fwd and len(ends) == 2:  # "citing_memo,cited_memo": the words of each column
        fwd = [re.sub(r"(?:ing|er|or)$", "", w) for w in re.split(r"[ _-]+", ends[0])
               if re.fullmatch(r"[a-z]{2,}(?:ing|er|or)", w)]
        fwd += [re.sub(r"(?:ed|ee)$", "", w) for w in re.split(r"[ _-]+", ends[1])
                if re.fullmatch(r"[a-z]{2,}(?:ed|ee)", w)]
    verb = m.group("verb").lower()
    verb = {"sent": "send", "paid": "pay", "bought": "buy", "sold": "sell", "gave": "give",
            "given": "give", "wrote": "write", "written": "write", "taught": "teach",
            "lent": "lend", "made": "make", "got": "get"}.get(verb, verb)
    if re.match(r"(?:receiv|got|get|gets|obtain|accept)", verb) and any(
            re.match(r"(?:send|pay|transfer|wire|remit|mail|email|message|call|lend|give)", v)
            for v in fwd):
        return "in"  # "how many people received at least one email" on sender,receiver
    if any(verb.startswith(v) for v in fwd):
        return "in" if m.group("passive") else "out"
    obj = (m.group("obj") or "").lower()
    if obj and not m.group("passive") and any(obj.startswith(v) for v in fwd):
        # "placed at least one call" on caller,callee: the verb says which end of the call
        if re.fullmatch(r"plac\w*|mad\w*|make\w*|initiat\w*|dial\w*|started|gave|wrote|"
                        r"issued|sent|launched", verb):
            return "out"
        if re.fullmatch(r"received|got|gotten|took|answered|accepted|picked", verb):
            return "in"
    if any(verb.startswith(v) for v in back) and not m.group("passive"):
        return "in"
    return None


def _counts_a_column(question: str, info: dict[str, Any]) -> bool:
    """Whether "how many <word>" counts an edge column's word ("how many sightings" on a
    ``sightings`` column): its total, never the nodes on each side."""
    m = re.search(r"\bhow many ([a-z]+)", question, re.IGNORECASE)
    if m is None:
        return False
    word = m.group(1).lower()
    return any(word in {a, f"{a}s"} or word.rstrip("s") == a.rstrip("s")
               for a in (str(c).lower() for c in info.get("edge_attributes") or []))


def _sides(info: dict[str, Any]) -> list[str]:
    modes = (info.get("meaning") or {}).get("modes") or {}
    return [str(s) for s in (modes.get("sides") or {})]


def _names_side(word: str, question: str) -> bool:
    w = word.lower()
    forms = {w, {"women": "woman", "men": "man", "people": "person"}.get(w, w.rstrip("s")),
             # a side named in the singular ("doctor") counted in the plural ("doctors")
             {"woman": "women", "man": "men", "person": "people"}.get(w, w + "s"),
             w[:-1] + "ies" if w.endswith("y") else w + "es"}
    return any(re.search(rf"(?<![\w]){re.escape(f)}(?![\w])", question, re.IGNORECASE)
               for f in forms)


def _slots():
    from igraph_agent.model import slots

    return slots


#: a number written against its unit ("slower than 4ms", "within 250m", "at least 20bn"):
#: the two apart, as every threshold reads them
_GLUED_UNIT = re.compile(r"\b(\d+(?:\.\d+)?)(ms|s|m|km|mi|h|hrs?|mins?|bn|kg|t|gb|mb|tb)\b",
                         re.IGNORECASE)


def unglued(text: str) -> str:
    """``text`` with each number set apart from the unit written against it: "4ms" -> "4 ms"."""
    return _GLUED_UNIT.sub(r"\1 \2", text)


#: the words for a place in a network of places, the ones "routes" and "dead ends" rank
_PLACES = {"airport", "station", "stop", "port", "harbour", "harbor", "city", "town", "hub",
           "place", "node", "one", "site", "location", "destination", "junction", "terminal",
           "village"}


def _names_attribute(question: str, info: dict[str, Any]) -> bool:
    """Whether the question names a node or edge attribute ("zone", "airline"): then "the
    most stops" or "the most routes" count within its values, not a node's ties."""
    attrs = [str(a) for a in [*(info.get("node_attributes") or []),
                              *(info.get("edge_attributes") or [])]
             if str(a).lower() not in _PLAIN_ATTRS]
    if any(re.search(rf"\b{re.escape(w)}s?\b", question, re.IGNORECASE)
           for a in attrs for w in {a, *re.split(r"[_\s-]+", a)} if len(w) >= 3):
        return True
    # "which airline flies the most routes": the thing ranked is no node of this graph
    m = re.match(r"\s*(?:which|what)\s+(?!(?:is|are|was|were|can|could|do|does|did|has|have|"
                 r"would|will|should|the|a|an)\b)([a-z]+)\b", question, re.IGNORECASE)
    nodes = {*_NOUNS, *data_nouns(info), *_PLACES}
    w = m.group(1).lower() if m else ""
    return m is not None and not {w, singular(w), w[:-1] if w.endswith("s") else w} & nodes


def _own_ties(question: str, info: dict[str, Any]) -> str:
    """On an undirected graph of one kind of node, the data's own nouns for the nodes at an
    edge's ends ("crewmate" of ``deckhand,crewmate``) and any "-mates" are the node's ties:
    "who has the most crewmates" ranks by degree, "how many crewmates does Kofi have" is
    Kofi's degree (a two-mode graph's "choirmates" are its members' co-members instead).

    Example::

        >>> info = {"attached_sources": [{"tables": {"t": ["deckhand", "crewmate"]}}]}
        >>> _own_ties("who has the most crewmates?", info)
        'who has the most ties?'
        >>> _own_ties("how many shipmates does Kofi have?", info)
        'How many ties does Kofi have?'
    """
    # "who are Elif's crewmates", "of Amara's crewmates, who …": that node's neighbours
    question = re.sub(r"(?<=[\w.])(?:'s|’s|')\s+[a-z]{2,}mates\b", "'s neighbours", question,
                      flags=re.IGNORECASE)
    if _names_attribute(question, info):
        return question  # "which zone has the fewest stops": a group's size, not a node's ties
    ends = data_nouns(info)
    own = [re.escape(w) for n in ends[1:2] if n not in _NOUNS and n != ends[0]
           for w in (_plural(n), n)]  # the other end's role ("crewmate"), not "person"
    ties = rf"(?:[a-z]+mates?|{'|'.join(own)})" if own else r"[a-z]+mates?"
    # "list Ada's mates" (``worker,mate``): the other end's role said of a node is its ties
    question = re.sub(rf"(?<=[\w.])(?:'s|’s|')\s+(?:other\s+|direct\s+)?{ties}\b(?!\s+(?:than|of)\b)",
                      "'s neighbours", question, flags=re.IGNORECASE)
    question = re.sub(rf"\b(average|mean|typical)\s+number\s+of\s+(?:other\s+|different\s+)?"
                      rf"{ties}\b(?!\s+(?:per|for|than|of)\b)", r"\1 number of ties", question,
                      flags=re.IGNORECASE)
    question = re.sub(rf"\b(most|fewest|more|fewer)\s+(?:other\s+|different\s+|distinct\s+)?"
                      rf"{ties}\b(?!\s+(?:than|to|from|in|with)\b)", r"\1 ties", question,
                      flags=re.IGNORECASE)
    question = re.sub(rf"\b(?:only|just|exactly)\s+(?:one|a single|1)\s+{ties}\b"
                      r"(?!\s+(?:than|to|from|in|with)\b)", "exactly one ties", question,
                      flags=re.IGNORECASE)
    return re.sub(rf"^\s*how many (?:other\s+|different\s+|distinct\s+)?{ties} (?:does|do|did) "
                  rf"({_NAME}) have\s*\??\s*$", r"How many ties does \1 have?", question,
                  flags=re.IGNORECASE)


#: a graph of places' words for a node's ties: its routes, services and destinations
_ROUTES = r"(?:direct\s+|nonstop\s+|non-stop\s+|different\s+)?(?:routes?|services?|destinations?)"


def _one_hop_words(question: str, info: dict[str, Any]) -> str:
    """On an undirected graph of one kind of node, a network's words for one hop: "the most
    routes" (not a route between two places) and "only one route" are ties, a "dead end"
    has one tie, and "which airports can you fly to directly from LHR" lists LHR's
    neighbours.

    Example::

        >>> _one_hop_words("which airport has the most routes?", {})
        'which airport has the most ties?'
        >>> _one_hop_words("which stations are dead ends?", {})
        'which stations have exactly one ties?'
        >>> _one_hop_words("which airports can you fly to directly from LHR?", {})
        'Who are the neighbours of LHR?'
    """
    flags = re.IGNORECASE
    # "which of town6's neighbours is closest in km": the node nearest to town6 (with positive
    # edge values the nearest node is always one of its neighbours, by its own edge)
    question = re.sub(rf"^\s*(?:which|who)\s+(?:one\s+)?of\s+({_NAME})(?:'s|’s|')\s+(?:direct\s+)?"
                      r"(?:neighbou?rs|neighbou?ring\s+[a-z]+|[a-z]{2,}mates|contacts|partners)\s+"
                      r"(?:is|lies|sits)\s+(?:the\s+)?(closest|nearest)\b(?!\s+to\b)",
                      r"Which node is \2 to \1", question, flags=flags)
    if _names_attribute(question, info):
        return question  # "which airline flies the most routes": the edges' airline, counted
    if re.search(r"\b(?:from|between)\b.*\b(?:to|and)\b", question, flags) and not re.search(
            r"\b(?:directly|direct)\s+(?:from|to)\b", question, flags):
        return question  # "the most routes from A to B": paths between two places
    question = re.sub(rf"\b(most|fewest)\s+{_ROUTES}\b(?!\s+(?:from|to|between)\b)", r"\1 ties",
                      question, flags=flags)
    question = re.sub(rf"\b(?:only|just|exactly)\s+(?:one|a single|1)\s+{_ROUTES}\b"
                      r"(?!\s+(?:from|to|between)\b)", "exactly one ties", question, flags=flags)
    question = re.sub(rf"^\s*how many {_ROUTES} (?:does|do|did) ({_NAME}) have\s*\??\s*$",
                      r"How many ties does \1 have?", question, flags=flags)
    question = re.sub(r"\b(?:are|is)\s+(?:a\s+)?dead[- ]ends?\b", "have exactly one ties",
                      question, flags=flags)
    question = re.sub(r"\bhow many dead[- ]ends\b(?:\s+(?:are there|exist))?",
                      "how many nodes have exactly one ties", question, flags=flags)
    return re.sub(rf"^\s*(?:which|what|where)\b[^?]*?\b(?:directly|direct)\s+(?:from|to)\s+"
                  rf"({_NAME})\s*\??\s*$",
                  r"Who are the neighbours of \1?", question, flags=flags)


def _numbered_nodes(question: str, info: dict[str, Any]) -> str:
    """On a graph whose ids are numbers, a node named by the data's noun and its number
    ("station 102", "stations 102 and 105") as ``node 102``, so the number reads as a name.

    Example::

        >>> info = {"sample_nodes": [{"id": 101}, {"id": 102}]}
        >>> _numbered_nodes("how many links does station 102 have?", info)
        'how many links does node 102 have?'
    """
    ids = [str(s.get("id")) for s in info.get("sample_nodes") or [] if isinstance(s, dict) and s.get("id") is not None]
    if not ids or not all(i.isdigit() for i in ids):
        return question
    nouns = {*_NOUNS, *data_nouns(info)} - {"node", "vertex", "member", "people", "women", "men"}
    for many, put in ((True, "nodes "), (False, "node ")):
        words = "|".join(sorted({re.escape(_plural(n) if many else n) for n in nouns}, key=len,
                                reverse=True))
        question = re.sub(rf"\b(?:{words})\s+(?=\d+\b(?!\s*(?:hops?|steps?|%|percent)\b))", put,
                          question, flags=re.IGNORECASE)
    return question


def _same_group(question: str, info: dict[str, Any]) -> str:
    """"between people on the same team", "pairs in the same department": the edges within
    one group of that grouping attribute ("within one team")."""
    for attr in groupings(info.get("meaning") or {}):
        stem = re.escape(str(attr).lower().replace("_", " "))
        question = re.sub(rf"\b(?:between|among|amongst|connecting)\s+(?:\w+\s+){{0,2}}?(?:on|in|from|of|"
                          rf"with)\s+the\s+same\s+{stem}\b|\b(?:on|in|from|within)\s+the\s+same\s+"
                          rf"{stem}\b", f"within one {attr}", question, flags=re.IGNORECASE)
    return question


#: "number of characters", "what's the total number of huts in the data": a count of nodes
_NUMBER_OF = re.compile(r"^\s*(?:what(?:'s| is)\s+)?(?:the\s+)?(?:total\s+)?number\s+of\s+([a-z]+)"
                        r"(?:\s+in\s+the\s+data)?\s*[?.!]*\s*$", re.IGNORECASE)


def _number_of_nodes(question: str, info: dict[str, Any]) -> str:
    """"number of characters" (the data's or a common word for a node) as "how many nodes
    are there?"; any other noun (triangles, hubs, passes) is left as asked."""
    m = _NUMBER_OF.match(question)
    if m is None or len(_sides(info)) == 2:  # two modes: "number of students" is one side's
        return question
    word = m.group(1).lower()
    nouns = {*_NOUNS, *data_nouns(info), *(_plural(n) for n in data_nouns(info))}
    if {word, singular(word), word[:-1] if word.endswith("s") else word} & nouns:
        return "how many nodes are there?"
    return question


#: a leading clause saying the edges' direction is followed: "Following the links in their
#: direction, can v0 reach v23?" -> "can v0 reach v23, following the links in their direction?"
_LEADING_WAY = re.compile(
    r"^\s*((?:following|going along|going by|along|respecting|obeying|sticking to|keeping to|"
    r"taking|using|with|in)\s+[^,?]{0,50}?\b(?:directions?|arrows?|way (?:they|the \w+|it) "
    r"(?:points?|goes|go|runs?)|one-way)\b[^,?]{0,20}?)\s*,\s*(\S.*?)\s*([?.!]*)\s*$", re.IGNORECASE)


#: an aside saying one hop: "who are the Medici married to (direct ties)?" -> "… to directly?"
_DIRECT_ASIDE = re.compile(r"\s*\(\s*(?:only\s+)?direct(?:ly)?(?:\s+(?:ties|links|connections|"
                           r"neighbou?rs|edges|contacts|partners|ones))?(?:\s+only)?\s*\)\s*([?.!]*)\s*$",
                           re.IGNORECASE)


#: getting nothing of what the edges carry, in the data's noun: "which taprooms get no
#: deliveries", "is any taproom getting no beer at all", "how many sites get zero crate
#: deliveries" (undirected: no tie at all; directed: nothing comes in)
_GETS_NONE = re.compile(r"\b(?:(?:is|are)\s+)?(?:get|gets|getting|got|receive|receives|receiving|"
                        r"received)\s+(?:no|zero)\s+(?:(?-i:[a-z-]+)\s+)?(?-i:[a-z-]+)\b"
                        r"(?:\s+(?:at\s+all|whatsoever))?", re.IGNORECASE)
#: whether any node has none, as the list: "is any taproom ... have degree exactly 0"
#: no partner ever, in the perfect tense: "who hasn't played a single game yet", "anyone
#: who hasn't coauthored with anybody at all" (undirected: no tie, whichever way)
_HAS_NONE = re.compile(r"\b(?:has|have|had)(?:n't|\s+not|\s+never)\s+(?:yet\s+|ever\s+)?"
                       r"(?!(?:been|got|any|a|the)\b)[a-z]+(?:\s+(?:a|an|the|one)\s+[a-z]+)?"
                       r"(?:\s+(?:with|against|to|alongside))?\s+"
                       r"(?:anybody|anyone|anything|a\s+single\s+[a-z]+|any\s+[a-z]+|any)"
                       r"(?:\s+(?:at\s+all|yet|so\s+far|ever|else))*\b", re.IGNORECASE)
#: the same in the present: "anyone who doesn't play chamber music with anybody yet"
_DOES_NONE = re.compile(r"\b(?:does|do)(?:n't|\s+not)\s+(?!(?:have|get|know)\b)[a-z]+(?:\s+[a-z]+){0,2}?\s+"
                        r"(?:with|against|alongside)\s+(?:anybody|anyone|a\s+single\s+[a-z]+|any\s+[a-z]+)"
                        r"(?:\s+(?:at\s+all|yet|so\s+far|ever|else))*\b", re.IGNORECASE)
#: no edge at all, either way: "had no transfers at all, neither in nor out", "has no links
#: whatsoever"
_NONE_AT_ALL = re.compile(
    r"\b(?:has|have|had)\s+no\s+(?:[a-z-]+\s+)?(?!(?:incoming|outgoing|inbound|outbound|in|out)\b)"
    # (the graph's own shapes are no ties: "petersen has no triangles at all")
    r"(?!(?:triangles|cycles|loops|cliques|bridges|components|pieces|communities|clusters|hubs|"
    r"leaves|duplicates|weights|values|attributes|labels|names|paths|gaps|holes)\b)"
    r"(?P<noun>[a-z]+s)\s+(?:at\s+all|whatsoever)(?:\s*,?\s*(?:neither\s+in\s+nor\s+out|in\s+or\s+out|either\s+way|"
    r"in\s+either\s+direction|neither\s+sending\s+nor\s+receiving))?\b(?=\s*[?.!,]|\s*$)", re.IGNORECASE)


def directed_role(noun: str, info: dict[str, Any]) -> bool:
    """Whether ``noun`` (a plural) names one end's partners on this directed graph: a word of
    the direction's columns ("callers" on caller,callee) or a common role word."""
    if not info.get("directed"):
        return False
    one = singular(noun.lower())
    ends = [str(w).lower() for w in (info.get("meaning") or {}).get("direction") or []]
    if re.fullmatch(_DEPS, noun.lower()) and needed_end(ends[:2]):
        return True  # "no prerequisites at all" on ``course,unlocks``: what comes in
    return one in ROLE_WORDS or any(one and (e.startswith(one) or one.startswith(e[:5]))
                                     for e in ends if len(e) >= 4)


#: "anyone on the roster who have degree exactly 0?": which nodes
#: no tie said as nothing attached: "sites with no pipe connected to them at all", "assets not
#: covered by a crew", "stops not served by any line"
_NOTHING_ATTACHED = re.compile(
    r"\b(?:with|having)\s+no\s+(?:[a-z-]+\s+){0,2}?(?:connected|attached|linked|joined|running)\s+"
    r"(?:to|into|from)\s+(?:them|it|him|her|itself|themselves)(?:\s+at\s+all)?\b|"
    # "any room with no walkway to any other room at all"
    r"\b(?:with|having)\s+no\s+[a-z-]+\s+(?:to|from|into|with)\s+(?:any\s+other|another|any|other)\s+"
    r"[a-z]+(?:\s+at\s+all)?\b|"
    r"\b(?:that\s+|which\s+|who\s+)?(?:is|are|was|were)?\s*not\s+(?:covered|served|maintained|looked\s+after|"
    r"assigned|handled|staffed|linked|connected|attached)\s+(?:by|to|with)\s+(?:a|an|any)\s+[a-z]+"
    r"(?:\s+at\s+all)?\b", re.IGNORECASE)
#: no one did it to them: "which locks did nobody go through all season", "how many people
#: did nobody ever come to for help"
_NOBODY_DID = re.compile(r"\b(?:did|does|do|has|have)\s+(?:nobody|no\s+one|no-one)\s+(?:ever\s+)?"
                         r"(?P<v>[a-z]+)(?:\s+(?P<p>to|through|with|at|for|into|from|on|by))?"
                         r"(?:\s+for\s+[a-z]+)?(?:\s+(?:all\s+[a-z]+|at\s+all|yet|ever|so\s+far|"
                         r"this\s+[a-z]+))*\b", re.IGNORECASE)
#: they never did it to anyone: "who never asked anybody for help", "which judge has never
#: scored anything"
_NEVER_DID = re.compile(r"\b(?:has\s+|have\s+|had\s+)?never\s+(?:once\s+|ever\s+)?(?P<v>[a-z]+)\s+"
                        r"(?:to\s+|with\s+|from\s+)?(?:anybody|anyone|anything|any\s+other\s+[a-z]+)"
                        r"(?:\s+(?:to|with|from)\s+(?:anybody|anyone|anything))?"
                        r"(?:\s+for\s+[a-z]+)?(?:\s+(?:at\s+all|yet|ever|else))*\b", re.IGNORECASE)
#: the verbs whose doer is the edge's source on any directed table ("asked", "called",
#: "messaged"): on a directed graph only these are read here; a table's own verbs ("borrow",
#: "buy", "cover") go to the rules that know which end does them
_SOURCE_VERBS = re.compile(r"^(?:ask|asked|asks|request|requested|contact|contacted|call|called|"
                           r"message|messaged|email|emailed|text|texted|send|sent|write|wrote|"
                           r"visit|visited|cite|cited|follow|followed|refer|referred|come|came|"
                           r"go|went)$", re.IGNORECASE)


#: received, never passed on: "which sites take deliveries but never send crates on to anyone"
_TAKES_NEVER_SENDS = re.compile(
    r"\b(?:take|takes|took|get|gets|got|receive|receives|received|accept|accepts)\s+"
    r"(?:(?-i:[a-z-]+)\s+){0,2}?but\s+never\s+(?:send|sends|sent|pass|passes|passed|ship|ships|"
    r"shipped|forward|forwards|forwarded)\b(?:\s+(?-i:[a-z-]+)){0,2}?(?:\s+on)?"
    r"(?:\s+to\s+(?:any(?:one|body|where)|others?|[a-z]+\s+else))?(?=\s*[?.!]|\s*$)", re.IGNORECASE)


def nobody_did(question: str, directed: bool) -> str:
    """"which locks did nobody go through" -> "which locks have degree exactly 0" (on a
    directed graph "have no incoming edges": nobody came to them); "who never asked anybody"
    -> "who have no outgoing edges" (a directed graph; undirected: degree exactly 0).

        >>> nobody_did("which lock(s) did nobody go through all season?", False)
        'which lock(s) have degree exactly 0?'
        >>> nobody_did("who never asked anybody for help", True)
        'which nodes have no outgoing edges'
        >>> nobody_did("How many people did nobody ever come to for help?", True)
        'How many people have no incoming edges?'
    """
    if directed:  # "how many sites get no deliveries at all": nothing comes in; "take
        # deliveries but never send crates on to anyone": receive, never send
        question = _GETS_NONE.sub("have no incoming edges", question)
        question = _TAKES_NEVER_SENDS.sub("receive but never send", question)
    if not re.search(r"^\s*(?:so\s+|and\s+)?(?:who|which|what|how many|list|any|is|are|was|were)\b",
                     question, re.IGNORECASE) or len(re.findall(
                         r"\b(?:never|nobody|no\s+one|no-one)\b|n't\b", question, re.IGNORECASE)) > 1 \
            or re.search(r"\b(?:but|and|or|only)\b", question, re.IGNORECASE):
        return question  # "lend but never borrow", "never called and never got called": both

    def nobody(m: re.Match[str]) -> str:
        if not directed:
            return "have degree exactly 0"
        into = (m.group("p") or "").lower() in ("to", "into")  # "did nobody sail to": in
        return "have no incoming edges" if _SOURCE_VERBS.match(m.group("v")) or into \
            else m.group(0)

    def never(m: re.Match[str]) -> str:
        if not directed:
            return "have degree exactly 0"
        return "have no outgoing edges" if _SOURCE_VERBS.match(m.group("v")) else m.group(0)
    said = _NEVER_DID.sub(never, _NOBODY_DID.sub(nobody, question))
    # "who have no …": the nodes, as the planner's words ask them
    return re.sub(r"^(\s*)who\s+(?=have\s+(?:no|degree)\b)", r"\1which nodes ", said,
                  flags=re.IGNORECASE)


_ANYONE_NONE = re.compile(r"^\s*(?:is\s+there\s+)?(?:anyone|anybody)\s+(?:[a-z]+\s+){0,4}?(?:who|that)\s+"
                          r"have degree exactly 0\s*[?.!]*\s*$", re.IGNORECASE)
_ANY_NONE = re.compile(r"^\s*(?:is|are|was|were)\s+(?:there\s+)?any\s+([a-z]+)\s+(?:that\s+|who\s+|"
                       r"which\s+)?have degree exactly 0\s*[?.!]*\s*$", re.IGNORECASE)


#: a rooted tree's words: on an undirected graph no edge says which end is the parent, so
#: "how many children does t1 have" is no count of t1's ties (its parent is one of them)
_ROOTED = re.compile(r"\b(?:children|child|kids|descendants?|ancestors?|offspring|grandchildren|"
                     r"parents?|subtree)\b", re.IGNORECASE)

#: what an edge of an undirected graph with no edge values is, said as events or relations
#: between two nodes: "the most marriages", "the fewest collaborations" count a node's ties
#: (a quantity no edge holds, "the most money", is no such word and stays asked)
#: the physical links of a network said by their own noun: "the most crossings", "the most
#: pipes", "the fewest roads"
_MOST_LINKS = re.compile(
    r"(?:(?<=\bhas\s)|(?<=\bhave\s)|(?<=\bhad\s)|(?<=\bwith\s))(?:the\s+)?(most|fewest|least)\s+(?:(?:other|different|distinct|"
    r"separate|direct)\s+)?"
    r"(crossings|routes|roads|pipes|cables|lines|lanes|tracks|trails|streets|corridors|channels|"
    r"segments|legs|connections|links|mains|wires|paths)\b(?=\s*(?:[?.!,;]|$|\(|\s(?:in|of|among|"
    r"amongst|overall|altogether|at|on|attached|connected|linked|running|coming|going|leaving)\b))",
    re.IGNORECASE)
_MOST_RELATIONS = re.compile(
    r"\b(most|fewest|least|more|fewer)\s+(?:(?:other|different|distinct)\s+)?(?:marriages|"
    r"alliances|friendships|collaborations|partnerships|interactions|encounters|meetings|"
    r"co-?appearances|appearances|scenes|games|matches|fixtures|bouts|duels|rivalries|"
    r"collaborators|co-?operations|joint\s+[a-z]+s|ties\s+of\s+[a-z]+|bonds|associations|"
    r"acquaintances|dealings|exchanges|trades|treaties|pacts)\b(?!\s+(?:than|with|to|from|in|between)\b)",
    re.IGNORECASE)


def _reflexive(question: str, info: dict[str, Any]) -> str:
    """The edge's verb done to itself read as a self-loop ("did any number call itself" ->
    "did any number link to itself"): the table's own verb or a usual edge verb only, never
    "rates themselves" or "the club itself"."""
    from igraph_agent.model.cycle_shape_intents import REFLEXIVE
    from igraph_agent.model.verbs import column_verbs, forms

    asked = re.match(r"\s*(?:which|what|each|every)\s+([a-z_]+?)s?\b", question, re.IGNORECASE)
    if asked and asked.group(1).lower() in {str(a).lower() for a in
                                            groupings(info.get("meaning") or {})}:
        return question  # "which department emails itself the most": within each group
    fwd, back = column_verbs(info)
    verbs = re.compile(forms([*fwd, *back, *_EDGE_VERBS, "connect", "tie", "marry", "know",
                              "befriend", "meet", "visit", "message", "write", "play", "host",
                              "face", "transfer", "transferr", "refer", "referr", "ship", "shipp",
                              "move", "pass", "route", "ask", "request", "help", "send", "sen",
                              "mail", "email", "pay", "paid", "lend", "lent", "deliver", "supply",
                              "suppli", "sell", "sold", "cite", "follow", "mention", "invite",
                              "log", "logg", "pair", "pairr"])
                       + r"(?:e?s|ies|ed|d|ing|e)?$", re.IGNORECASE)
    def done(m: re.Match[str]) -> str:
        before = re.findall(r"[a-z]+", question[:m.start()].lower())[-1:]
        relative = before == ["that"] and m.group(0).split()[0].lower().endswith("s")
        if before and before[0] in _NOUN_BEFORE and not relative:  # "place a single call
            return m.group(0)  # themselves": a noun; "a paper that cites itself": the verb
        if re.search(r"\b(?:was|were|is|are|been|be|being|get|gets|got)\s+(?:never\s+|not\s+|"
                     r"ever\s+|also\s+)?$", question[:m.start()], re.IGNORECASE):
            return m.group(0)  # "who mentored others but was never mentored themselves": the
            # passive's subject, said again (no edge to itself)
        if verbs.match(m.group(0).split()[0]):
            return "link to itself"
        # "sends cargo to itself", "log a pair-programming session with themselves": the verb
        # a word or three before its object
        lead = re.findall(r"[a-z]+", question[:m.start()].lower())[-3:]
        if m.group(0).split()[1].lower() in ("to", "with") and any(
                verbs.match(w) for w in lead) and not set(lead) & {"was", "were", "is", "are"}:
            return "link to itself"
        return m.group(0)

    return REFLEXIVE.sub(done, question)


#: a word before which the edge's word is a noun, not the verb done: "a single call themselves"
_NOUN_BEFORE = frozenset({"a", "an", "the", "single", "one", "any", "no", "every", "each", "their",
                          "its", "his", "her", "our", "my", "your", "this", "that", "some", "own"})


#: what one subject sends or receives in all: "how many messages does Sales send in total",
#: "how much freight did the north depots receive"
_GROUP_FLOW = re.compile(
    r"^\s*how (?:many|much)\s+(?P<noun>[a-z]+)\s+(?:does|do|did)\s+.+?\s+(?P<verb>[a-z]+(?: in| out)?)"
    r"(?:\s+(?:in\s+(?:total|all)|altogether|overall|all\s+together|combined))?\s*[?.!]*\s*$",
    re.IGNORECASE)


def _group_sends(question: str, info: dict[str, Any]) -> bool:
    """Whether a directed graph's question asks what one group value sends or receives in
    all ("how many messages does Sales send in total"): read by the group count, never
    rewritten as one node's degree."""
    m = _GROUP_FLOW.match(question)
    if m is None:
        return False
    subject = m.group(0)[m.end("noun"):m.start("verb")]
    return any(value_named(str(v), subject) for vs in groupings(info.get("meaning") or {}).values()
               for v in vs if len(str(v)) >= 2)


def _self_left_out(question: str) -> str:
    """"How many people are within two steps of emp18 (not counting emp18)": a count around a
    node never includes the node itself, so the aside leaving it out is dropped.

        >>> _self_left_out("how many are within two steps of emp18 (not counting emp18)?")
        'how many are within two steps of emp18?'
        >>> _self_left_out("who is central, not counting emp18?")
        'who is central, not counting emp18?'
        >>> _self_left_out("How many are in ext4's strongly connected component, counting ext4?")
        "How many are in ext4's strongly connected component?"
    """
    kept = re.search(r"\s*[,(]?\s*(?:counting|including|incl\.?)\s+(?P<who>[\w.'-]+)(?:\s+(?:itself|"
                     r"himself|herself|too|as well))?\s*\)?(?=\s*[?.!]*\s*$)", question, re.IGNORECASE)
    if kept and re.search(rf"\b{re.escape(kept.group('who'))}(?:'s|’s)\s+(?:\w+\s+){{0,3}}?(?:component|"
                          r"piece|part|group|community|cluster|island)\b", question[:kept.start()],
                          re.IGNORECASE):  # "ext4's strongly connected component, counting ext4":
        return question[:kept.start()].rstrip() + question[kept.end():]  # it is counted in it
    m = re.search(r"\s*[,(]?\s*(?:not\s+counting|excluding|except(?:\s+for)?|leaving\s+out|other\s+"
                  r"than|besides|apart\s+from)\s+(?:the\s+)?(?P<who>[\w.'-]+(?:\s+(?-i:[A-Z])[\w'.-]*)?)"
                  r"(?:\s+(?:itself|himself|herself))?\s*\)?(?=\s*[?.!]*\s*$)", question, re.IGNORECASE)
    if m is None:
        return question
    before = question[:m.start()]
    who = re.escape(m.group("who"))
    if not re.search(rf"\b(?:of|from|around|near|to)\s+(?:the\s+)?{who}(?![\w-])", before,
                     re.IGNORECASE) or not re.search(r"\b(?:within|steps?|hops?|away|reach)\b",
                                                     before, re.IGNORECASE):
        return question
    return before.rstrip() + question[m.end():]


def _groups_as_pieces(question: str, info: dict[str, Any]) -> str:
    """"The largest group", "the same group as hut0" on a graph in several pieces whose
    nodes carry no grouping attribute: its connected components.

        >>> _groups_as_pieces("how big is the largest group?", {"components": 4})
        'how big is the largest component?'
        >>> _groups_as_pieces("how big is the largest group?", {"components": 1})
        'how big is the largest group?'
    """
    if int(info.get("components") or 1) < 2 or groupings(info.get("meaning") or {}):
        return question
    return re.sub(r"\b(largest|biggest|smallest|same)\s+(?:separate\s+)?group(s?)\b", r"\1 component\2",
                  question, flags=re.IGNORECASE)


_LIST_LEAD = (r"^\s*(?:(?:could|can|would|will)\s+you\s+(?:please\s+)?|please\s+)?"
              r"(?:list|name|show(?:\s+me)?|give\s+me|tell\s+me)\s+"
              r"(?:all\s+(?:of\s+)?)?(?:the\s+)?")
_LIST_WHO = re.compile(_LIST_LEAD + r"([a-z][\w-]*)\s+(?:that|who|which)\s+(?=[a-z])", re.IGNORECASE)
_LIST_DOING = re.compile(_LIST_LEAD + r"([a-z][\w-]*s)\s+([a-z]{3,}ing)\s+(?=\S)", re.IGNORECASE)
_LIST_WITH = re.compile(_LIST_LEAD + r"([a-z][\w-]*s)\s+with\s+(?=[a-z0-9])", re.IGNORECASE)
#: "list the accounts priya_k follows", "show the papers paper30 cites": which … does X …
_LIST_NAMED_DOES = re.compile(_LIST_LEAD + r"([a-z][\w-]*s)\s+((?-i:[A-Z])[\w.'-]*|[a-z][\w.-]*\d[\w.-]*|"
                              r"[a-z]+_[\w.-]+)\s+([a-z]{3,}?)(?:es|s)\b(?=\s*[?.!]*\s*$)", re.IGNORECASE)
_LIST_NAMED_HAS = re.compile(_LIST_LEAD + r"([a-z][\w-]*s)\s+(?!(?:who|that|which)\b)"
                             r"((?-i:[A-Z])[\w.'-]*|[a-z][\w.-]*\d[\w.-]*|"
                             r"[a-z]+_[\w.-]+|[a-z]{2,})\s+(has|have|had)\s+(?=[a-z]{3,}(?:ed|en|wn)\b)",
                             re.IGNORECASE)
_WHICH_DOING = re.compile(r"^\s*(which|what)\s+([a-z][\w-]*)\s+(?:are|were|is)\s+([a-z]{3,}ing)\s+"
                          r"(?=\S)", re.IGNORECASE)


def _verb_of(gerund: str) -> str:
    """The plain verb of an -ing form: citing -> cite, shipping -> ship, calling -> call."""
    stem = gerund[:-3]
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "lsz":
        return stem[:-1]  # shipping -> ship
    if re.fullmatch(r"[^aeiou]*[aeiou][tvkcszrdg]", stem) or stem.endswith(("iv", "at", "ur", "us")):
        return stem + "e"  # citing -> cite, using -> use, rating -> rate
    return stem


#: a follow-up's leading word ("and which department …", "so who …"): no part of the ask
_FOLLOW_ON = re.compile(r"^\s*(?:and|so|also|ok(?:ay)?|now|then|right)\s*,?\s+(?=(?:which|what|who|"
                        r"whom|whose|how|is|are|does|do|did|can|could|list|name|show|find|where)\b)",
                        re.IGNORECASE)


#: a ranking said as "top N X by Y": "top 3 sites by crates received, please"
_TOP_BY = re.compile(r"^\s*(?:(?:give|show|get)\s+me\s+|list\s+)?(?:the\s+)?(?P<dir>top|bottom)\s+"
                     r"(?P<n>\d+|two|three|four|five|six|seven|eight|nine|ten)\s+(?P<x>[a-z][\w-]*)\s+"
                     r"by\s+(?P<y>(?:[\w-]+\s+){0,2}?[\w-]+?)(?:\s+(?P<v>received|sent|shipped|"
                     r"delivered|given|got|made|paid|lent|borrowed|taken|logged|done|pumped|moved|"
                     r"exported|imported|supplied|sold|bought)(?P<out>\s+(?:out|in))?)?"
                     r"\s*(?:,?\s*(?:please|pls|thanks))?\s*[?.!]*\s*$", re.IGNORECASE)


def _top_by(question: str) -> str:
    """"top 3 sites by crates received" -> "which 3 sites received the most crates"; "bottom
    2 chefs by services" -> "which 2 chefs have the fewest services".

        >>> _top_by("top 3 sites by crates received, please")
        'which 3 sites received the most crates?'
        >>> _top_by("bottom 2 chefs by services")
        'which 2 chefs have the fewest services?'
        >>> _top_by("top 3 sites by tonnes shipped out")
        'which 3 sites shipped out the most tonnes?'
    """
    m = _TOP_BY.match(question)
    if m is None or re.search(r"degree|pagerank|betweenness|closeness|centrality|eigenvector|"
                              r"clustering|core|rank", m.group("y"), re.IGNORECASE) or (
            not m.group("v") and len(m.group("y").split()) > 1 and m.group("dir").lower() == "top"):
        return question  # ("top 3 airports by total weekly flights": read as it is)
    most = "most" if m.group("dir").lower() == "top" else "fewest"
    verb = (m.group("v") + (m.group("out") or "")) if m.group("v") else "have"
    y = re.sub(r"^(?:the\s+)?(?:number\s+of\s+|count\s+of\s+|amount\s+of\s+)?", "", m.group("y"),
               flags=re.IGNORECASE)  # "by number of
    return f"which {m.group('n')} {m.group('x')} {verb} the {most} {y}?"  # colleagues"


def as_which(question: str) -> str:
    """A listing asked as a command or with an -ing verb, as a "which" question the
    planner's verbs read: "list the papers citing paper00" -> "which papers cite paper00",
    "list the women who attended E8" -> "which women attended E8"; a follow-up's leading "and"
    dropped, and a strongly connected component described in words named.

        >>> as_which("list the papers citing paper00")
        'which papers cite paper00'
        >>> as_which("List all the women who attended E8?")
        'which women attended E8?'
        >>> as_which("which accounts are following ada?")
        'which accounts follow ada?'
        >>> as_which("list the repos chen has committed to")
        'which repos has chen committed to'
        >>> as_which("List the accounts priya_k follows.")
        'which accounts does priya_k follow.'
        >>> as_which("list the employees with only 2 connections")
        'which employees have only 2 connections'
        >>> as_which("and which department receives the most messages?")
        'which department receives the most messages?'
        >>> as_which("Which numbers received calls but never made any?")
        'Which numbers received calls but never made calls?'
    """
    question = _FOLLOW_ON.sub("", question)
    question = _top_by(question)  # "top 3 sites by crates received"
    question = _ALL_REACH_ALL.sub("strongly connected component", question)  # described
    # "which numbers received calls but never made any": "any" stands for the calls
    question = re.sub(r"\b([a-z]{3,}s)(\s*,?\s+(?:but|and|yet)\s+(?:\w+\s+)?(?:never|not|n't)\s+"
                      r"(?:\w+\s+)?)any(\s*[?.!]*\s*)$", r"\1\2\1\3", question, flags=re.IGNORECASE)
    m = _LIST_WITH.match(question)
    if m:
        return f"which {m.group(1)} have " + question[m.end():]
    m = _LIST_NAMED_HAS.match(question)
    if m:  # "list the repos chen has committed to": which repos has chen committed to
        return f"which {m.group(1)} {m.group(3)} {m.group(2)} " + question[m.end():]
    m = _LIST_NAMED_DOES.match(question)
    if m and m.group(3).lower() not in {"ha", "doe", "i", "wa"}:  # "has", "does", "is", "was"
        return f"which {m.group(1)} does {m.group(2)} {m.group(3)}" + question[m.end():]
    m = _LIST_DOING.match(question)
    if m and m.group(2).lower() not in {"something", "nothing", "anything", "everything"}:
        return f"which {m.group(1)} {_verb_of(m.group(2).lower())} " + question[m.end():]
    m = _WHICH_DOING.match(question)
    if m:
        return f"{m.group(1)} {m.group(2)} {_verb_of(m.group(3).lower())} " + question[m.end():]
    return _LIST_WHO.sub(lambda m: f"which {m.group(1)} ", question, count=1)


#: a direction said as an end or a box: "which department is on the receiving end of the most
#: messages", "who's got the busiest inbox"
_END_OF = [(re.compile(p, re.IGNORECASE), r) for p, r in (
    (r"\b(?:is|was)\s+on\s+the\s+receiving\s+end\s+of\b", "receives"),
    (r"\b(?:are|were)\s+on\s+the\s+receiving\s+end\s+of\b", "receive"),
    (r"\b(?:is|was)\s+on\s+the\s+sending\s+end\s+of\b", "sends"),
    (r"(?:\s+(?:has|have|is)|'s)\s+(?:got\s+)?the\s+(?:busiest|fullest|biggest|largest)\s+inbox\b",
     " receives the most messages"),
    (r"(?:\s+(?:has|have|is)|'s)\s+(?:got\s+)?the\s+(?:busiest|fullest|biggest|largest)\s+outbox\b",
     " sends the most messages"))]
#: a strongly connected component described: "the largest group where every node can reach
#: every other one following the link direction"
_ALL_REACH_ALL = re.compile(
    r"\b(?:group|set|cluster|part|piece|bunch|block|chunk)\s+(?:of\s+[a-z]+\s+)?(?:where|in\s+which|"
    r"whose|that|who)\s+(?:\w+\s+)?(?:(?:every|any)(?:one|body)\s+|(?:every|each|all)\s+(?:\w+\s+)?)"
    r"(?:can\s+)?(?:reach|get\s+to)(?:es)?\s+"
    r"(?:(?:every|any)(?:one|body)(?:\s+else)?|(?:every|each|all)\s+(?:other(?:\s+one)?|the\s+others|one\s+else|"
    r"others))\b(?:\s+(?:by\s+\w+|via\s+\w+))?(?:\s+(?:following|along)"
    r"\s+(?:the\s+)?(?:links?'?|edges?'?|arrows?'?)\s*(?:direction)?)?|"
    r"\b(?:group|set|cluster|part|bunch)\s+of\s+[a-z]+\s+that\s+(?:can\s+)?all\s+(?:reach|get\s+to)\s+"
    r"(?:each\s+other|one\s+another)\b(?:\s+(?:following|along|through)\s+(?:the\s+)?\w+)?",
    re.IGNORECASE)
#: the edges' direction waved aside: "(don't worry about direction)", "never mind the direction"
_ANY_WAY = re.compile(r"\s*[,(]?\s*(?:(?:don'?t|do\s+not)\s+(?:worry|care)\s+about|never\s+mind|"
                      r"regardless\s+of)\s+(?:the\s+)?(?:edges'?\s+|links'?\s+|arrows'?\s+)?"
                      r"directions?\s*\)?", re.IGNORECASE)


def _column_way(question: str, info: dict[str, Any]) -> str:
    """"From caller to callee" names the edges' direction by the table's own endpoint
    columns, not a route's two ends: "could word get from ext14 to ext2 if it's passed along
    from caller to callee" follows the edges' direction.

        >>> _column_way("could word get from ext14 to ext2 if it's passed along from caller "
        ...             "to callee?", {"meaning": {"direction": ["caller", "callee"]}})
        "could word get from ext14 to ext2 following the edges' direction?"
    """
    ends = (info.get("meaning") or {}).get("direction") or []
    if len(ends) != 2:
        return question
    a, b = (rf"(?:the\s+)?{re.escape(str(e))}s?" for e in ends)
    # "following reviewer→author chains": the way said with its own verb
    question = re.sub(rf"\b(?:following|along|via|through)\s+(?:the\s+)?(?:{a}\s*(?:-+>|→|=>)\s*{b}|"
                      rf"{a}\s+to\s+{b})(?:\s+(?:chains?|arrows?|links?|edges?|direction|lines?|"
                      rf"paths?|order))?\b", "following the edges' direction", question,
                      flags=re.IGNORECASE)
    return re.sub(rf"\s*,?\s*\b(?:(?:if|when|as|once)\s+(?:it'?s|it\s+is|it\s+gets|they'?re)\s+)?"
                  rf"(?:(?:passed|handed)\s+(?:along|on)\s+|forwarded\s+|going\s+|moving\s+|"
                  rf"flowing\s+|only\s+(?:go(?:es)?\s+)?|go(?:es)?\s+)?(?:from\s+{a}\s+to\s+{b}\b|"
                  rf"(?<![\w-]){a}\s*(?:-+>|→|=>)\s*{b}\b)"
                  # ("how many sender->receiver pairs": the pairs' noun, no way to follow)
                  r"(?!\s*(?:pairs?|rows?|edges?|links?|combinations?|records?)\b)",
                  " following the edges' direction", question, flags=re.IGNORECASE)


_DEMONYM = re.compile(r"(?<![\w'-])([A-Z][a-z]{3,})(?![\w'-])")
_DEMONYM_END = re.compile(r"(?:ish|ian|an|ese|i|ic|ch|ean|er|ern|ite)$")
#: what a value's adjective adds to the prefix it shares with the value ("Pol|ish", "Mexic|an")
_DEMONYM_REST = re.compile(r"(?:[a-z]{0,2}(?:ish|ian|an|ese|ic|ch|ean|er|ern|ite)|n)?")


def column_qualified(question: str, info: dict[str, Any], unfound: list[str]) -> str:
    """``question`` without a capitalised word search_node found no node for where it
    qualifies a column's name ("how many PhD students are co-supervised" on a ``students``
    column: the students), so it is never asked about as a node.

        >>> column_qualified("how many PhD students in total?",
        ...                  {"meaning": {"weights": {"students": "strength"}}}, ["PhD"])
        'how many students in total?'
    """
    cols = [str(c).lower() for c in (info.get("meaning") or {}).get("weights") or {}]
    own = _own_words(info)
    for n in unfound:  # (an edge value's column: "the Midlands coast" names a group value)
        if n.lower() in own:
            continue  # "Oncology transfers": a group's, kept
        for c in cols:
            forms = {c, c.rstrip("s"), c.rstrip("s") + "s", c.replace("_", " ")}
            pattern = (rf"\b((?:many|much|the|total|of|all|most|fewest|more|fewer|any|no|each|"
                       rf"every|our|their|its|his|her)\s+){re.escape(n)}\s+"
                       rf"(?=(?:{'|'.join(map(re.escape, forms))})\b)")  # not "did Oncology transfer"
            if " " not in n and re.search(pattern, question):
                question = re.sub(pattern, r"\1", question)
    return question


def _column_of(question: str, info: dict[str, Any]) -> str:
    """``question`` with "4 years of membership" as "4 years" on a ``years`` edge column: what
    the column counts, said again, names nothing else."""
    for c in (info.get("meaning") or {}).get("weights") or {}:
        word = re.escape(str(c).lower().rstrip("s"))
        question = re.sub(rf"(\b\d+(?:\.\d+)?\s+{word}s?)\s+of\s+(?!(?:the|a|an|their|its|his|her|"
                          r"them|it|each|every|all|travel|driving|walking|road|rail)\b)(?-i:[a-z][a-z-]*)"
                          r"(?=\s*(?:[?.!,;]|$|\bin\s+total\b|\boverall\b))", r"\1", question,
                          flags=re.IGNORECASE)  # (never "within 6 minutes of Rathaus")
    return question


#: a mean asked for: "on average, how many …", "the mean in-degree", "avg number of …"
MEAN_ASKED = re.compile(r"\b(?:on\s+average|average|mean|avg|typical(?:ly)?)\b", re.IGNORECASE)


def _edge_mean(question: str, info: dict[str, Any]) -> str:
    """"What is the average <column> per edge?" for "on average, how many years does a
    membership last" on a ``years`` edge column: one row's value, averaged over the rows."""
    cols = [str(c) for c in (info.get("meaning") or {}).get("weights") or {}]
    for c in cols:
        word = re.escape(c.lower().rstrip("s"))
        m = re.search(rf"\bhow\s+(?:many|much|long)\s+(?:{word}s?\s+)?(?:does|do|did|would)\s+(?:a|an|each|one|"
                      rf"every|the\s+average|the\s+typical|the\s+mean)\s+([a-z-]+)\s+(?:last|take|run|go\s+on|"
                      r"carry|have|hold|involve)\b", question, re.IGNORECASE)
        if m and not _an_edge_noun(m.group(1), info):
            continue  # "how many voyages does each sailor have": a node's, asked
        if m and (re.search(rf"\b{word}s?\b", m.group(0), re.IGNORECASE) or len(cols) == 1) and \
                MEAN_ASKED.search(question):
            return f"What is the average {c} per edge?"
    return question


def _an_edge_noun(word: str, info: dict[str, Any]) -> bool:
    """Whether ``word`` names one row (edge) of the data, never one of its nodes: "membership",
    "pair", "trip", "loan" (not "sailor" of ``sailor,ship``)."""
    from igraph_agent.model.size_nouns import EDGE_WORDS

    one = singular(word.lower())
    if one in {singular(n) for n in (*data_nouns(info), *NODE_NOUNS)} or one in side_words(
            info.get("meaning") or {}):
        return False
    return one in EDGE_WORDS or one.endswith("ship") or one in {
        "pair", "pairing", "row", "record", "entry", "stay", "assignment", "booking", "placement",
        "enrolment", "enrollment", "tenure", "spell", "stint", "contract"}


def pairs_sharing(question: str, info: dict[str, Any]) -> str:
    """``question`` with "pairs that share <a number> <column>" as "pairs that have …" where
    the counted word is an edge column's ("how many co-supervision pairs share just a single
    student" on ``students``: the edges with students exactly 1); "a single" and "just one"
    there read as exactly 1. Pairs sharing partners ("share at least 2 friends") are kept."""
    cols = [str(c).lower() for c in (info.get("meaning") or {}).get("weights") or {}]
    if not cols:
        return question

    def column(word: str) -> bool:
        w = word.lower()
        return any(w in (c, c.rstrip("s"), c + "s") or (c.startswith(w.rstrip("s")) and
                   len(w) >= 4) for c in cols)

    def edge_count(m: re.Match[str]) -> str:
        if not column(m.group("col")):
            return m.group(0)
        bound = m.group("bound")
        if re.fullmatch(r"(?:(?:just|only)\s+)?(?:a\s+single|one|1)", bound, re.IGNORECASE):
            bound = "exactly 1"
        return f"{m.group('pairs')} {m.group('that') or ''}have {bound} {m.group('col')}"

    return re.sub(r"\b(?P<pairs>pairs|links|edges|ties|connections|partnerships)\s+(?P<that>(?:that|which)\s+)?"
                  r"(?:share|shared|sharing|have|has|with)\s+(?P<bound>(?:(?:just|only)\s+)?(?:a\s+single|one|1)|"
                  r"(?:at\s+least|more\s+than|fewer\s+than|less\s+than|at\s+most|exactly|over|under)\s+\d+|"
                  r"\d+)\s+(?P<col>[a-z_]+)\b", edge_count, question, flags=re.IGNORECASE)


#: adjectives of a place that share too little with its name to be read by their prefix
_IRREGULAR: dict[str, tuple[str, ...]] = {
    "French": ("France",), "Dutch": ("Netherlands", "The Netherlands", "Holland", "NL"),
    "British": ("UK", "United Kingdom", "Britain", "Great Britain", "GB"),
    "English": ("England",), "Welsh": ("Wales",), "Scottish": ("Scotland",),
    "Irish": ("Ireland",), "Swiss": ("Switzerland",), "Danish": ("Denmark",),
    "Swedish": ("Sweden",), "Finnish": ("Finland",), "Spanish": ("Spain",),
    "Greek": ("Greece",), "Turkish": ("Turkey", "Türkiye"), "Thai": ("Thailand",),
    "American": ("USA", "US", "United States"), "Filipino": ("Philippines",),
    "Czech": ("Czechia", "Czech Republic"), "Belgian": ("Belgium",), "Icelandic": ("Iceland",),
    "Norwegian": ("Norway",), "Portuguese": ("Portugal",), "Argentine": ("Argentina",),
    "Peruvian": ("Peru",), "Vietnamese": ("Vietnam", "Viet Nam"), "Lebanese": ("Lebanon",),
}


def demonyms(question: str, info: dict[str, Any]) -> str:
    """``question`` with a group value's adjective written as the value: "Polish vendors" ->
    "Poland vendors", "Mexican suppliers" -> "Mexico suppliers", "Northern stations" ->
    "North stations" — never read as the data set's name and dropped, nor ignored.

        >>> info = {"meaning": {"node_attributes": {"country": {"kind": "categorical",
        ...          "top_values": ["Poland", "Mexico", "France"]}}}}
        >>> demonyms("mean lead time for Polish vendors vs Mexican ones?", info)
        'mean lead time for Poland vendors vs Mexico ones?'
        >>> demonyms("Is Polanski a vendor?", info)
        'Is Polanski a vendor?'
    """
    every = [v for vs in groupings(info.get("meaning") or {}).values() for v in vs]
    values = [v for v in every if re.fullmatch(r"[A-Z][a-z]{2,}", v)]
    ids = {str(s.get("id")) for s in info.get("sample_nodes") or [] if isinstance(s, dict)}

    def value_of(m: re.Match[str]) -> str:
        word = m.group(1)
        irregular = [v for v in _IRREGULAR.get(word, ()) if v in every]
        if irregular and word not in ids:  # "the French museums": France; "Dutch": Netherlands
            return irregular[0]
        if word.endswith("s") and word not in values and word not in ids:  # "Colombians":
            one = value_of(re.match(r"(.*)", word[:-1]))  # the value's people, any node of it
            return f"{one} nodes" if one != word[:-1] else word
        if word in values or word in ids or not _DEMONYM_END.search(word.lower()):
            return word
        low = word.lower()
        hits = [v for v in values if (n := _shared(low, v.lower())) >= max(3, len(v) - 3)
                and _DEMONYM_REST.fullmatch(low[n:]) and (low[n:] != "n" or low[n - 1] == "a")]
        return hits[0] if len(hits) == 1 else word

    return _DEMONYM.sub(value_of, question) if values else question


def _shared(a: str, b: str) -> int:
    """The length of the prefix two words share."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


#: how a distance is travelled, said after it: "within 30 km of driving", "within 20
#: minutes' travel of Dunmore", "an hour's drive from" — the distance alone
_TRAVEL_AFTER = re.compile(r"(\b\d+(?:\.\d+)?\s*[a-z]+)(?:['’]s?)?\s+(?:of\s+)?(?:driving|"
                           r"travel(?:l?ing)?|walking|cycling|riding|flying|sailing|drive|walk|"
                           r"ride|journey|trip|road|roads|track|rail)\b(?!\s+(?:length|distance|km|miles))"
                           r"(?:\s+time)?", re.IGNORECASE)


#: "have nothing depending on them", "with nobody citing it": no edge of the table's verb
#: ends at the node
_NONE_DOING = re.compile(r"\b(?:have|has|with)\s+(?:nothing|no\s*one|nobody|no\s+(?:other\s+)?[a-z]+)"
                         r"\s+([a-z]+?)(?:ing)\s+(?:on\s+|to\s+|at\s+|upon\s+)?(?:them|it)\b",
                         re.IGNORECASE)


def _none_doing_it(question: str, info: dict[str, Any]) -> str:
    """"how many packages have nothing depending on them" on ``package,depends_on``: the
    nodes no edge of the table's verb ends at, in-degree 0 (the source does the verb)."""
    from igraph_agent.model.verbs import column_verbs

    m = _NONE_DOING.search(question)
    ends = [str(c).lower() for c in ((info.get("meaning") or {}).get("direction") or [])]
    if m is None or not info.get("directed") or len(ends) != 2:
        return question
    verb = m.group(1).lower()
    fwd, _back = column_verbs(info)
    if not (any(verb.startswith(v) or v.startswith(verb) for v in fwd if len(v) >= 3)
            or (verb in ends[1] and verb not in ends[0])):
        return question
    return question[:m.start()] + "have in-degree exactly 0" + question[m.end():]


#: partners counted once each: "more than 5 different colleagues", "distinct other wards"
#: ("different times" counts edges, not partners)
DISTINCT_PARTNERS = re.compile(r"\b(?:different|distinct|separate|unique|individual)\s+"
                               r"(?!times\b)(?:other\s+)?[a-z]+", re.IGNORECASE)


#: closeness said as a distance: "who has the smallest average number of hops to everyone
#: else" (the top of closeness, never its bottom)
_FEWEST_HOPS_TO_ALL = re.compile(
    r"\b(?:has|have|had)\s+the\s+(?:smallest|lowest|shortest|least|fewest)\s+(?:average|mean|total)\s+"
    r"(?:number\s+of\s+)?(?:hops|steps|distance|jumps)\s+(?:to|from)\s+(?:everyone|everybody|all|"
    r"every\s+other|the\s+(?:others|rest))(?:\s+else|\s+the\s+others|\s+of\s+them)?", re.IGNORECASE)


#: the largest piece said loosely, on a graph in pieces: "in the big cluster of partners"
_BIG_PIECE = re.compile(r"\bin\s+the\s+(?:big|biggest|largest|main|large)\s+(?:connected\s+)?(?:cluster|blob|"
                        r"island|piece|chunk|clump)(?:\s+of\s+[a-z]+)?\b", re.IGNORECASE)


#: the numbers zero to twenty in words
WORD_NUMBERS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split())}
#: a bound written in words: "fewer than three", "at least five"
_BOUND_WORD = re.compile(
    r"\b((?:more|fewer|less|greater|larger|higher|lower|bigger|smaller)\s+than|"
    r"(?:at\s+least|at\s+most|exactly|over|under|above|below)(?=\s+(?!one\b)))\s+"
    r"(zero|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\b(?!-)", re.IGNORECASE)  # (never
#   "one": "more than one component" is a yes/no of its own)


#: the measure said in an aside with the one it is not: "(by count, not by number of
#: people)", "(in km, not hops)": the first kept, the second no negation of the ask
_BY_NOT_BY = re.compile(r"\(\s*(?:by|in|using)\s+(?:the\s+)?([a-z_][\w\s-]{0,30}?)\s*[,;]\s*"
                        r"not\s+(?:by\s+|in\s+|using\s+)?(?:the\s+)?[^()]{1,40}\)", re.IGNORECASE)


#: a measure named again after the question, with the one it is not: "which clinic gets
#: referrals from the most different clinics? not patient numbers, number of clinics" (the
#: question already says which; the aside sets no exclusion)
_NOT_THIS_MEASURE = re.compile(
    r"([?.])\s*[-–—(]?\s*(?:so\s+)?not\s+(?:by\s+)?(?:the\s+)?(?:[a-z_]+\s+){0,2}?(?:numbers?|counts?|"
    r"totals?|volumes?|amounts?|sums?|values?|[a-z]+s)\s*[,;]\s*(?:but\s+|just\s+|only\s+)?(?:the\s+)?"
    r"(?:number|count|total|amount)\s+of\s+(?:different\s+|distinct\s+)?[a-z]+s?\s*\)?\s*[.!?]*\s*$",
    re.IGNORECASE)
#: the count of partners set aside in brackets: "(not how many artists)", "(the samples column,
#: not just how many artist pairs)": the measure the question names is the one meant
_NOT_HOW_MANY = re.compile(
    r"\s*\(\s*(?:(?:the\s+)?([\w]+)\s+column\s*,\s*)?(?:and\s+|but\s+)?not\s+(?:just\s+|only\s+)?"
    r"(?:how\s+many|the\s+number\s+of)\s+(?:different\s+|distinct\s+)?[a-z]+(?:\s+[a-z]+)?\s*\)",
    re.IGNORECASE)
#: the way followed said between the reach and its start: "reachable by following referrals
#: onward from Dunmore", "reached along the shipments from"
_BY_FOLLOWING = re.compile(r"\b(reachable|reached)\s+(?:by\s+following|following|along|via|through)\s+"
                           r"(?:the\s+)?(?:[a-z]+\s+){0,2}?(?:onwards?\s+)?(from|to)\b", re.IGNORECASE)
#: the thing carried between "can" and the node: "can cargo from Heron reach" -> "can Heron reach"
_CARRIED_FROM = re.compile(r"\b(can|could)\s+(?:the\s+)?[a-z]+\s+from\s+((?-i:[A-Z])[\w'.-]*|[a-z]+\d+)\s+"
                           r"(reach|get\s+to|end\s+up)\b", re.IGNORECASE)
#: the data's verb for a tie, passed along a chain to one node: "how many clinics can
#: eventually send patients to Northcote, directly or through a chain": who reaches it
_SENDS_ON_TO = re.compile(r"\b(can|could)\s+(?:(?:eventually|ultimately|possibly)\s+)?(?:send|pass|refer|"
                          r"forward|ship|deliver|route|transfer|feed|supply|flow)\s+(?:[a-z]+\s+){0,2}?"
                          r"to\s+(?=(?-i:[A-Z])[\w'.-]*\s*,?\s*(?:either\s+)?(?:directly\s+or|through|via|"
                          r"by\s+a\s+chain|along))", re.IGNORECASE)
#: the data's verb done along a chain to one node: "who ends up sampling Ambrose, directly or
#: indirectly through a chain of samples": who reaches it
_ENDS_UP_DOING = re.compile(r"^(\s*(?:who|which\s+[a-z]+|how\s+many(?:\s+[a-z]+)?))\s+(?:ends?|end)\s+up\s+"
                            r"[a-z]+ing\s+(?:[a-z]+\s+)?(?:to\s+|into\s+|on\s+to\s+)?(?=(?-i:[A-Z])[\w'.-]*\s*,?\s*(?:either\s+)?(?:directly\s+or|"
                            r"indirectly|through|via|by\s+a\s+chain))", re.IGNORECASE)
#: the means of travel said between the reach and its start: "reachable by bus from Central"
_BY_MEANS = re.compile(r"\b(reachable|reached|accessible|get|go|travel|drive|sail)\s+by\s+(?:bus|train|"
                       r"road|car|foot|ferry|rail|air|plane|boat|bike|tram|metro|sea|truck|lorry|"
                       r"van)\s+(from|to)\b", re.IGNORECASE)
#: a restriction restated as what it leaves out: "counting only the women (not the events)"
_ONLY_NOT = re.compile(r"(\bonly\s+(?:the\s+)?[a-z]+)\s*\(\s*not\s+(?:the\s+)?[a-z]+\s*\)",
                       re.IGNORECASE)


#: an instruction that widens a count to every node, no condition of it: "Count every site on
#: the site list, even ones with no road at all.", "Include anyone on the staff list even if
#: they have no shifts.", "…, even those with no links"
INCLUSION_ASIDE = re.compile(
    r"(?:(?<=[.?!])|^)\s*(?:please\s+)?(?:count|include|including)\s+(?:every|all|each|any|anyone|"
    r"anybody|everyone|everybody)\b[^.?!]*?\beven\b[^.?!]*[.!]?\s*$|"
    r"[,;]?\s*(?:\(\s*)?(?:even|including|incl\.?)\s+(?:the\s+)?(?:ones?|those|any|anyone|anybody|"
    r"people|[a-z]+s)\s+(?:with|that\s+have|who\s+have|having|without)\s+no\b[^.?!,;()]*\)?|"
    r"[,;]?\s*(?:\(\s*)?even\s+if\s+(?:they|it|he|she)\s+(?:have|has|had)\s+no\b[^.?!,;()]*\)?",
    re.IGNORECASE)


#: a clustering value many nodes have, said with "of": "which issues have a clustering
#: coefficient of 1", "(clustering of 1)" after a which-question ("the clustering of 1" alone
#: may name node 1)
#: a threshold on a node's clustering said with its article and "of": "ports with a clustering
#: coefficient of at least 0.5" (read as "with clustering at least 0.5")
_CLUSTERING_BOUND = re.compile(
    r"\b(have|has|having|with)\s+(?:a\s+|an\s+)?(?:local\s+)?clustering(?:\s+coefficient)?\s+"
    r"(?:of\s+)?((?:at\s+least|at\s+most|above|below|over|under|more\s+than|less\s+than|"
    r"greater\s+than|no\s+more\s+than|no\s+less\s+than)\s*\d+(?:\.\d+)?)\b", re.IGNORECASE)
_CLUSTERING_OF = re.compile(
    r"\b(?:have|has|having|with)\s+(?:a\s+|an\s+)?(?:local\s+)?clustering(?:\s+coefficient)?\s+"
    r"(?:of|equal\s+to|equals|=+)\s*(\d+(?:\.\d+)?)\b", re.IGNORECASE)
_CLUSTERING_ASIDE = re.compile(
    r"^(\s*(?:which|what|who|how many|list|name)\b.*?)\s*\(\s*(?:i\.?e\.?\s*,?\s*)?(?:a\s+)?"
    r"(?:local\s+)?clustering(?:\s+coefficient)?\s+(?:of|=+)\s*(\d+(?:\.\d+)?)\s*\)\s*([?.!]*)\s*$",
    re.IGNORECASE)


#: a topological order asked in words: "could we line the clinics up in an order so that every
#: referral goes from an earlier clinic to a later one" (there is one exactly when the graph
#: has no cycle)
_ORDERABLE = re.compile(
    r"^\s*(?:can|could|is it possible to|would it be possible to)\s+(?:we|you|i|one)?\s*"
    r"(?:(?:line|put|arrange|order|sort|rank|list)\s+(?:all\s+)?(?:the\s+|our\s+)?\w+|(?:all\s+)?(?:the\s+|our\s+)?\w+\s+"
    r"be\s+(?:lined|put|arranged|ordered|sorted|ranked|listed))\s+(?:up\s+)?(?:in|into)\s+"
    r"(?:an?|one|a\s+single|some)\s+(?:\w+\s+)?order\b[^?]*(?:\b(?:earlier|before|higher|above|up)\b"
    r"[^?]*\b(?:later|after|lower|below|down)\b|"
    # "… where every headliner comes before all of its openers": one end before the other
    r"\b(?:every|each|all)\s+\w+\s+(?:comes?|goes|is|are|appears?|plays?)\s+(?:before|ahead\s+of|"
    r"earlier\s+than)\s+(?:all\s+(?:of\s+)?)?(?:its|their|his|her)\s+\w+)[^?]*[?.!]*"
    r"(?:\s*(?:y/n|yes\s*/\s*no|yes\s+or\s+no)[?.!]*)?\s*$", re.IGNORECASE)


#: a k-core described as the peeling that finds it: "peel off every courier with only one
#: link, and keep doing it until nothing with a single link is left - who remains"
_PEELED = re.compile(
    r"\b(?:peel|strip|trim|prune|remove|drop|delete|take)\w*\s+(?:off\s+|away\s+|out\s+)?(?:(?:every|all|each|"
    r"any)\s+)?(?:the\s+)?[\w-]+(?:\s+(?:or|and)\s+[\w-]+)?\s+(?:with|that\s+ha(?:s|ve)|having)\s+(?:only\s+|just\s+)?"
    r"(?:(?P<under>fewer\s+than|less\s+than|under)\s+)?"
    r"(?:(?P<w>one|two|three|four|five|a\s+single)|(?P<n>\d+))\s+(?:[a-z-]+\s+)?[a-z-]+?s?\b"
    r"(?:\s+or\s+(?:fewer|less))?[^?]*?\b(?:until|till|repeat\w*|keep|again)\b[^?]*?\b(?:who|which|what|"
    r"how\s+many)\b[^?]*?\b(?:remains?|left|survives?|core|stays?|standing)\b", re.IGNORECASE)


#: nodes in no edge asked as "anyone … at all": "anyone on the list who isn't rostered on any
#: vessel at all?", "any stage with nothing booked on it at all?", "anyone with no shifts?"
_NOBODY_LINKED = re.compile(
    r"^\s*(?:(?:is|are)\s+there\s+)?(?:any(?:one|body)|any\s+(?P<n>[a-z]+))\s+"
    r"(?:(?:on|in)\s+(?:the|our)\s+(?:[a-z]+\s+)?(?:list|roster|rota|books|table|file|register)\s+)?"
    r"(?:(?:who|that|which)\s+(?:isn't|is\s+not|aren't|are\s+not|hasn't|has\s+not|haven't|"
    r"doesn't|does\s+not|don't|never|wasn't|weren't|didn't|did\s+not)\s+(?:(?-i:[a-z-]+)\s+){0,3}?"
    r"(?:any|a\s+single)(?:\s+(?!to\b|from\b|with\b|of\b)(?-i:[a-z-]+)){1,2}|"
    r"with\s+(?:no|zero|nothing)(?:\s+(?!to\b|from\b|with\b|of\b|on\b|at\b)(?-i:[a-z-]+)){1,2})"
    r"(?:\s+(?:on|at|in)\s+(?:it|them|all))?(?:\s+(?:at\s+all|whatsoever))?\s*[?.!]*\s*$",
    re.IGNORECASE)


def _end_pairs(question: str, info: dict[str, Any]) -> str:
    """``question`` with a pair of the data's two ends written as "edges": "how many
    animal-waterhole pairs had 10 or more visits", "the single biggest predator->prey link"
    (each word the noun of one endpoint column or one side).

        >>> _end_pairs("how many animal-waterhole pairs had 10 visits?", {"meaning": {
        ...     "modes": {"sides": {"animals": 15, "waterholes": 8}}}})
        'how many edges had 10 visits?'
    """
    ends = set(data_nouns(info))
    ends |= {str(s).lower().rstrip("s") for s in ((info.get("meaning") or {}).get("modes") or {})
             .get("sides") or {}}
    ends |= {re.sub(r"[ _-]?(?:id|key|name)$", "", str(c).lower())
             for c in (info.get("meaning") or {}).get("direction") or []}
    if len(ends) < 2:
        return question

    def repl(m: re.Match[str]) -> str:
        a, b = m.group(1).lower().rstrip("s"), m.group(2).lower().rstrip("s")
        one = not m.group(3).lower().endswith("s")
        return ("edge" if one else "edges") if a != b and a in ends and b in ends else m.group(0)

    return re.sub(r"\b([a-z]{3,})\s*(?:-|–|->|→|/)\s*([a-z]{3,})\s+(pairs?|pairings?|combos?|combinations?|"
                  r"links?|rows?|edges?|connections?|records?)\b", repl, question, flags=re.IGNORECASE)


def _most_common_group(question: str, info: dict[str, Any]) -> str:
    """``question`` with "the most common <attribute>" or "which <attribute> are most of our
    <nodes> under" said as "which <attribute> has the most nodes", where the attribute groups
    the nodes.

        >>> m = {"meaning": {"node_attributes": {"license": {"kind": "categorical",
        ...      "top_values": ["MIT"]}}}}
        >>> _most_common_group("what's the most common license?", m)
        'which license has the most nodes?'
        >>> _most_common_group("Which license are most of our packages under?", m)
        'which license has the most packages?'
    """
    groups = {a.lower() for a in groupings(info.get("meaning") or {})}
    if not groups:
        return question

    def common(m: re.Match[str]) -> str:
        return f"which {m.group(1)} has the most nodes?" if m.group(1).lower() in groups else m.group(0)

    def under(m: re.Match[str]) -> str:
        return f"which {m.group(1)} has the most {m.group(2)}?" if m.group(1).lower() in groups \
            else m.group(0)

    question = re.sub(r"^\s*(?:what|which)(?:'s|\s+is|\s+are)\s+the\s+(?:most\s+common|commonest|most\s+"
                      r"frequent|most\s+usual)\s+([a-z_]+)\s*[?.!]*\s*$", common, question, flags=re.IGNORECASE)
    return re.sub(r"^\s*which\s+([a-z_]+)\s+(?:are|is)\s+most\s+(?:of\s+)?(?:the\s+|our\s+|these\s+|all\s+)?"
                  r"([a-z]+s)\s+(?:under|in|on|from|part\s+of|with)\s*[?.!]*\s*$", under, question,
                  flags=re.IGNORECASE)


def _group_ranked_by_size(question: str, info: dict[str, Any]) -> bool:
    """Whether the question ranks the groups of an attribute by their nodes ("which license
    has the most packages"): the attribute's name and the nodes' own noun."""
    m = re.match(r"\s*(?:which|what)\s+([a-z_]+)\s+(?:has|have|had|covers?|includes?)\s+the\s+(?:most|"
                 r"fewest|least)\s+([a-z]+)\s*[?.!]*\s*$", question, re.IGNORECASE)
    if not m or m.group(1).lower() not in {a.lower() for a in groupings(info.get("meaning") or {})}:
        return False
    noun = m.group(2).lower()
    one = one_of(noun)  # "packages"
    return noun in {"nodes", "members"} or bool({noun, one} & (set(data_nouns(info)) | set(NODE_NOUNS)))


def _never_the_other_side(question: str, sides: list[str]) -> str:
    """On a two-mode graph, a node that never meets the other side in any verb ("is there
    any animal that never once shows up at a waterhole", "which students never took a
    course") has no edge: degree exactly 0.

        >>> _never_the_other_side("is there any animal that never once shows up at a waterhole? who?",
        ...                       ["animals", "waterholes"])
        'Which animal have degree exactly 0?'
    """
    if len(sides) != 2:
        return question
    nouns = "|".join(sorted({re.escape(w) for s in sides for w in (s.lower(), s.lower().rstrip("s"))},
                            key=len, reverse=True))
    out = re.sub(rf"\b(?:never|not\s+once|has\s+never|have\s+never)\s+(?:once\s+|ever\s+)?(?:[a-z]+\s+){{1,3}}?"
                 rf"(?:a|an|any|one|the)\s+(?:single\s+)?(?:{nouns})\b(?!\s+(?:with|together|alongside)\b)"
                 rf"(?:\s+at\s+all)?", "have degree exactly 0",
                 question, flags=re.IGNORECASE)
    if out == question:
        return question
    return re.sub(r"^\s*(?:is|are)\s+there\s+any\s+(?:[a-z]+\s+)?([a-z]+?)s?\s+(?:that|who|which)\s+have degree "
                  r"exactly 0\b[^?]*\?(?:\s*(?:who|which|which\s+ones?|name\s+(?:it|them))\??)?\s*$",
                  r"Which \1 have degree exactly 0?", out, flags=re.IGNORECASE)


def _home_away(question: str, info: dict[str, Any]) -> str:
    """On a ``team_home,team_away`` (``host,guest``, ``home,visitor``) table, a home game is
    an edge out of the team and an away game one into it: "which teams haven't had a single
    home game" -> "which teams have out-degree exactly 0".

        >>> m = {"meaning": {"direction": ["team_home", "team_away"]}}
        >>> _home_away("which teams haven't had a single home game yet", m)
        'which teams have out-degree exactly 0'
        >>> _home_away("who played the most away games?", m)
        'who has the highest in-degree?'
    """
    cols = [set(re.split(r"[_\s-]+", str(c).lower())) for c in
            ((info.get("meaning") or {}).get("direction") or [])[:2]]
    if len(cols) != 2 or not (cols[0] & {"home", "host", "hosts"} and
                              cols[1] & {"away", "guest", "visitor", "visitors", "guests"}):
        return question
    games = r"(?:games?|matches?|fixtures?|ties)"
    for side, way in (("home", "out"), ("away", "in")):
        question = re.sub(rf"\b(?:has|have|had)(?:n't|\s+not|\s+never)\s+(?:had|played)\s+(?:a\s+single|any|one)\s+"
                          rf"{side}\s+{games}(?:\s+yet|\s+so\s+far)?", f"have {way}-degree exactly 0",
                          question, flags=re.IGNORECASE)
        question = re.sub(rf"\b(?:with|have|has|had)\s+(?:no|zero)\s+{side}\s+{games}(?:\s+yet|\s+so\s+far)?",
                          f"have {way}-degree exactly 0", question, flags=re.IGNORECASE)
        question = re.sub(rf"\b(?:has|have|had|played|plays)\s+the\s+(most|fewest)\s+{side}\s+{games}",
                          lambda m, way=way: f"has the "
                          f"{'highest' if m.group(1).lower() == 'most' else 'lowest'} {way}-degree",
                          question, flags=re.IGNORECASE)
    return question


def by_column_count(question: str, info: dict[str, Any]) -> str:
    """``question`` with "by (the) number of <column>" said "by <column>" where the column
    is an edge value that counts them ("the biggest link by number of kills" on ``kills``).

        >>> by_column_count("biggest link by number of kills?", {"edge_attributes": ["kills"]})
        'biggest link by kills?'
    """
    cols = {str(c).lower() for c in info.get("edge_attributes") or []}
    return re.sub(r"\bby\s+(?:the\s+)?(?:number|#|count|no\.?|amount)\s+of\s+([a-z_]+)\b",
                  lambda m: f"by {m.group(1)}" if m.group(1).lower() in cols else m.group(0),
                  question, flags=re.IGNORECASE)


def normalise(question: str, info: dict[str, Any]) -> str:
    """``question`` in the planner's words, given get_graph_info's data ``info``."""
    peeled = _PEELED.search(question)
    if peeled:  # the nodes left when every node with k ties is peeled again and again
        k = int(peeled.group("n")) if peeled.group("n") else \
            {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}.get(peeled.group("w").lower(), 1)
        k -= 1 if peeled.group("under") else 0  # "fewer than 3 partners": 2 or fewer peeled
        many = re.search(r"\bhow\s+many\b", question[peeled.start():], re.IGNORECASE)
        return (f"How many nodes are in the {k + 1}-core?" if many else
                f"Which nodes are in the {k + 1}-core?")
    if info.get("directed"):  # "rings of three or more apiaries": the cycle count reads the
        # length from the question as typed; never a threshold on the nodes
        from igraph_agent.model.cycle_lengths import CYCLE_LENGTH

        question = CYCLE_LENGTH.sub("cycles", question)
    nobody = None if info.get("directed") else _NOBODY_LINKED.match(question)
    if nobody:  # (directed: "anybody who never sends any mail" is one end's, read below)  # "anyone on the list who isn't rostered on any vessel at all": degree 0
        return f"Which {_plural(nobody.group('n')) if nobody.group('n') else 'nodes'} have degree exactly 0?"
    if info.get("directed") and _ORDERABLE.match(question):
        return "Is the graph acyclic?"  # an order with every edge going forward: no cycle
    if "hub" in data_nouns(info):  # "which two hubs" on a ``hub_a,hub_b`` table: its nodes,
        question = re.sub(r"\b(?-i:hub)(s?)\b", r"node\1", question)  # no best-connected one
    question = _CLUSTERING_BOUND.sub(r"\1 clustering \2", question)
    question = _CLUSTERING_OF.sub(r"with clustering exactly \1", question)
    m = _CLUSTERING_ASIDE.match(question)
    if m:  # "which issues have all their neighbours linked to each other (clustering of 1)?"
        noun = re.match(r"\s*(?:which|what|how many)\s+([a-z]+)", m.group(1), re.IGNORECASE)
        lead = "How many" if re.match(r"\s*how many", m.group(1), re.IGNORECASE) else "Which"
        question = f"{lead} {noun.group(1) if noun else 'nodes'} have clustering exactly {m.group(2)}?"
    if re.search(r"\bhow many\b|\bnumber of\b|\bcount\b", question, re.IGNORECASE):
        question = INCLUSION_ASIDE.sub("", question).strip() or question
    if not info.get("directed") and _ROOTED.search(question):
        return question  # asked, never answered with ties that include the parent
    if info.get("directed") and _group_sends(question, info):
        return question  # "how many messages does Sales send": the group's, not a node's
    from igraph_agent.model.direct_hops import one_edge
    from igraph_agent.model.exact_counts import exactly
    from igraph_agent.model.reach_words import as_path, every_reaches_every
    from igraph_agent.model.role_ranks import as_verb
    from igraph_agent.model.scope import drop_scope
    from igraph_agent.model.unit_nouns import in_columns
    from igraph_agent.model.unweighted import dropped
    from igraph_agent.model.value_counts import value_count
    from igraph_agent.model.value_words import shortened_values, spelled_values

    question = dropped(question, info.get("meaning") or {})  # "(unweighted)": calls' weight
    question = pairs_sharing(question, info)  # "pairs that share a single student": edges
    question = _edge_mean(question, info)  # "on average, how many years does a membership last"
    question = _column_of(question, info)  # "more than 4 years of membership": 4 years
    question = _end_pairs(question, info)  # "animal-waterhole pairs": the edges
    for attr in groupings(info.get("meaning") or {}):  # "the Outpatients zone to the rest of
        question = re.sub(  # the building": to the other zones
            rf"\b((?:the\s+)?(?-i:[A-Z])[\w'-]*\s+{re.escape(attr)})\s+(to|with|and)\s+the\s+rest(?:\s+of\s+"
            rf"(?:the\s+)?[a-z]+)?\b", rf"\1 \2 other {attr}s", question, flags=re.IGNORECASE)
    question = _BOUND_WORD.sub(lambda m: f"{m.group(1)} {WORD_NUMBERS[m.group(2).lower()]}",
                               question)  # "fewer than three connections": fewer than 3
    question = _BY_NOT_BY.sub(r"by \1", question)  # "(by count, not by number of people)"
    question = _FEWEST_HOPS_TO_ALL.sub(lambda m: "is closest on average to everyone" + (
        " counting hops" if re.search(r"hops|steps|jumps", m.group(0), re.IGNORECASE) else ""),
        question)
    if (info.get("components") or 1) > 1:  # "in the big cluster of partners": the largest piece
        question = _BIG_PIECE.sub("in the largest component", question)
    question = _ONLY_NOT.sub(r"\1", question)  # "counting only the women (not the events)"
    question = _NOT_THIS_MEASURE.sub(r"\1", question)  # "…? not patient numbers, number of clinics"
    question = _NOT_HOW_MANY.sub(lambda m: f" ({m.group(1)})" if m.group(1) else "", question)
    question = _BY_MEANS.sub(r"\1 \2", question)  # "reachable by bus from Central": from Central
    question = _BY_FOLLOWING.sub(r"\1 \2", question)  # "reachable by following referrals from"
    question = _CARRIED_FROM.sub(r"\1 \2 \3", question)  # "can cargo from Heron reach"
    question = _SENDS_ON_TO.sub(r"\1 reach ", question)  # "can eventually send patients to X, …"
    question = _ENDS_UP_DOING.sub(r"\1 can reach ", question)  # "who ends up sampling X, …"
    question = _TRAVEL_AFTER.sub(r"\1", question)  # "within 30 km of driving": within 30 km
    question = _column_way(question, info)  # "… if passed along from caller to callee"
    question = _ANY_WAY.sub(" ignoring direction", question)  # "(don't worry about direction)"
    for pattern, repl in _END_OF:  # "on the receiving end of the most messages": receives
        question = pattern.sub(repl, question)
    question = as_verb(question, info)  # "who's the biggest sender": who sends the most
    question = _slots().FORMAT_ASIDE.sub("", question).strip()  # "just the size is fine"
    if not re.search(r"\b(?:chains?|cycles?|circles?|round|indirectly|eventually|through|via|"
                     r"along)\b", question, re.IGNORECASE):  # "cite itself through a chain": a cycle
        question = _reflexive(question, info)  # "did any number call itself"
    question = _attributes_as_stored(question, info)  # "department" for a ``dept`` column
    question = _groups_as_pieces(question, info)  # "the largest group" of a split graph
    question = _self_left_out(question)  # "within two steps of emp18 (not counting emp18)"
    question = _none_doing_it(question, info)  # "packages with nothing depending on them"
    stems = verbs_of(info)[0] if info.get("directed") else []
    if stems and not _boss_verbs(info)[0]:  # "how many papers does X cite, even indirectly"
        question = indirect(question, stems, stems[0])
    question = _DIRECT_ASIDE.sub(r" directly\1", question)  # "married to (direct ties)?"
    question = _LEADING_WAY.sub(r"\2, \1\3", question)  # "Following the links …, can v0 reach"
    question = as_hops(question, info.get("meaning") or {})  # "how many roads at minimum"
    question = in_columns(question, (info.get("meaning") or {}).get("weights") or {})  # tonnage
    out = one_edge(unglued(spelled_values(shortened_values(drop_scope(question, info), info),
                                          info)))  # "a lane from"
    out = as_path(out)  # "can a shipment that starts at X ever end up in Y": a path
    if info.get("directed"):  # "can every node reach every other one": strongly connected
        out = every_reaches_every(out)
    counted = value_count(out, info)  # "how many comedies": the value's own nodes
    if counted:
        return counted
    out = _number_of_nodes(out, info)  # "number of characters": the node count
    out = _same_group(_all_counted(_numbered_nodes(out, info), info), info)
    directed = bool(info.get("directed"))
    out = exactly(out, info, two_mode=len(_sides(info)) == 2)  # "married into only one family"
    weights = (info.get("meaning") or {}).get("weights") or {}
    if len(weights) == 1:  # "the highest weighted degree", "node strength": the edges' value
        out = re.sub(r"\b(?:weighted[- ]degree|(?:node\s+)?strength)\b(?!\s+(?:of\s+)?(?:the\s+)?"
                     r"(?:ties|edges|links|connections))", f"total {next(iter(weights))}", out,
                     flags=re.IGNORECASE) if next(iter(weights)).lower() != "strength" else out
    named = any(re.search(rf"\b{re.escape(str(c).lower().replace('_', ' ').rstrip('s'))}", out.lower())
                for c in weights)  # "busiest package by commit count": that column's total
    if "strength" not in weights.values() and not named:  # "the busiest airport": the most
        out = re.sub(r"\bbusiest\b", "best-connected", out, flags=re.IGNORECASE)  # links
    narrowed = bool(_NARROWED.search(out))  # "the most people who never lend": no degree
    for pattern, repl in ([] if directed else _PAIR_RELATION):  # "is 33 friends with 0"
        out = pattern.sub(repl, out)
    if not directed and not weights:  # "which family has the most marriages": its ties
        out = _MOST_RELATIONS.sub(r"\1 ties", out)
    asker = re.match(r"\s*(?:which|what)\s+([a-z]+)\b", out, re.IGNORECASE)
    if not directed and asker and {asker.group(1).lower(), singular(asker.group(1))} & {
            *data_nouns(info), *NODE_NOUNS}:  # "which port has the most crossings"
        cols = " ".join(str(c).lower() for c in weights)  # (nautical_miles, sailings): its
        out = _MOST_LINKS.sub(lambda m: m.group(0) if m.group(2).lower().rstrip("s")[:5] in cols
                              else f"the {m.group(1)} ties", out)  # links, no column counts them
    for pattern, repl, only_directed in _RULES_COMPILED:
        if only_directed and (not directed or narrowed):
            continue
        out = pattern.sub(repl, out)
    # "any branch that had no transfers at all, neither in nor out": no edge either way, on
    # any graph (one end's word, "no incoming transfers", keeps its end)
    if not re.search(r"\b(?:if|without|once|suppose)\b", out, re.IGNORECASE):  # (not "which
        out = _NONE_AT_ALL.sub(lambda m: m.group(0) if directed_role(m.group("noun"), info)
                               else "have degree exactly 0", out)  # would have none if A closed")
        out = _NOTHING_ATTACHED.sub(" that have degree exactly 0", out)
        out = re.sub(r"\s+that\s+that\s+", " that ", out)
    if directed:
        out = _ANY_NONE.sub(r"Which \1 have degree exactly 0?", out)
    if not directed:  # "is any taproom getting no beer at all": no tie, whichever way
        out = _never_the_other_side(out, _sides(info))  # "never shows up at a waterhole"
        out = _GETS_NONE.sub("have degree exactly 0", out)
        out = _ANY_NONE.sub(r"Which \1 have degree exactly 0?", out)
        out = _HAS_NONE.sub("have degree exactly 0", out)  # "who hasn't played a single game"
        out = _DOES_NONE.sub("have degree exactly 0", out)  # "who doesn't play with anybody"
        out = _ANYONE_NONE.sub("Which nodes have degree exactly 0?", out)
    sides = _sides(info)
    if len(sides) == 2 and re.search(r"\bhow many\b", out, re.IGNORECASE) and all(
            _names_side(s, out) for s in sides) and not re.search(
            r"\b(?:most|least|per|each|average|shared?|together|common|than|pairs?|links?|"
            r"edges?|ties|connections|sign-?ups?|memberships?|enrol\w*|registrations?|(?<!in )total|"
            r"clusters?|groups?|components?|pieces|parts|communities|separate|if|connected|"
            r"linked|chains?|isolated|other|with|which|who|between|"
            # "shortest loop in the player/night network, how many steps round": a cycle
            r"loops?|cycles?|rings?|girth|steps?|hops?|paths?|routes?|round|distances?|"
            # "how many manuscripts have a single researcher": a count past a number of
            # partners, not the sides
            # ("how many doctors do we have": the sides, whoever has them)
            r"single|only|just|exactly|no|none|zero|one|two|three|four|five|\d+|"
            r"(?<!we )(?<!you )(?<!they )(?<!i )have|has|had)\b",
            out,
            re.IGNORECASE) and not _slots().features(out) and not _counts_a_grouping(out, info) \
            and not group_values_named(out, info):
        # no threshold, no named node, no column's values ("how many cities do the bands and
        # venues come from"), no group ("how many dishes do the sous chefs cook")
        return "How many nodes are on each side?"  # "how many students and how many courses"
    if len(sides) == 2:
        out = _members(_side_counts(out, sides), sides, info)
    out = _most_common_group(out, info)  # "what is the most common license": its group sizes
    if directed and _group_ranked_by_size(out, info):
        return out  # "which license has the most packages": the groups' sizes, no degree
    # "which club has played the most games": a contest counts at either end (home or away),
    # whichever way the table lists it
    out = re.sub(r"\b(?:has|have|had|played|plays|play|(?:is|are|was|were)\s+involved\s+in|took\s+part\s+in|"
                 r"appeared\s+in|featured\s+in)\s+(?:the\s+)?most\s+(?:games|matches|fixtures|bouts|"
                 r"races|contests)\b(?:\s+(?:played|so\s+far|in\s+total|overall))?",
                 "has the highest degree", out, flags=re.IGNORECASE)
    out = re.sub(r"^\s*most\s+(?:games|matches|fixtures)\s+played(?:\s+so\s+far)?\s*[-–—:,]\s*(?:which|what)\s+"
                 r"([a-z]+)\b", r"which \1 has the highest degree", out, flags=re.IGNORECASE)
    if directed:
        ends = _ends_counted(out, info)
        if ends:
            return ends
        out = _directed(_home_away(out, info), info)
    elif len(sides) != 2:
        out = _one_hop_words(_own_ties(_their_ranking(out), info), info)
    if len(sides) == 2 and any(re.fullmatch(
            rf"\s*(?:how many|number of|count(?: the)?) (?:different |distinct |unique |separate )?"
            rf"(?:{re.escape(s)}|{re.escape(s.rstrip('s'))}s?){_KINDS}(?: are there| exist| (?:are )?in "
            rf"total| are in (?:the|this) \w+| do (?:we|you|i|they) have(?: in (?:the|this|our) "
            rf"(?:\w+ )?(?:data|dataset|graph|network|table|list|file)| on (?:the|our|this) (?:\w+ )?"
            rf"(?:roster|rota|list|register|books|payroll|records?|database|system|sheet|spreadsheet))?"
            rf"| are listed| (?:are|have "
            rf"been|were) \w+(?: at least once| ever| so far)?)?(?:,? (?:altogether|overall|in all|"
            rf"all told|in total))?\s*[?.]*\s*", out,
            re.IGNORECASE)
            for s in sides):
        return "How many nodes are on each side?"  # "how many volunteers are there"
    if len(sides) == 2 and not any(_names_side(s, out) for s in sides) and _side_noun(out) \
            and not _counts_a_grouping(out, info) and not _counts_a_column(out, info):
        # "how many counties": a column's values; "how many sightings": a count column's sum
        return "How many nodes are on each side?"  # "how many events" where no side is named
    if not directed:
        values = _values(info)
        for pattern, repl in _AWAY:
            m = pattern.search(out)
            if m and m.group(1).lower() not in values:
                out = pattern.sub(repl, out)
        m = _HOW_MANY_DID.search(out) if len(_sides(info)) != 2 else None  # two-mode: a side's
        if m is None and len(_sides(info)) != 2:
            m = _HOW_MANY_TAIL.search(out) or _HAS_HOW_MANY.search(out)
            if m and (_NOT_ONE_HOP.search(m.group(0)) or _slots().features(out) - {"entity"}
                      or m.group(1 if m.re is _HAS_HOW_MANY else 2).lower() in _slots().STOP_WORDS
                      or re.search(r"\b(?:have|has|had)\s*\??\s*$", m.group(0))):
                m = None
            elif m and m.re is _HAS_HOW_MANY:
                out = f"how many {m.group(2)} does {m.group(1)} have"  # the same order below
                m = re.match(r"how many ([a-z][a-z-]*) does (.+) have", out)
        if m and ({m.group(1).lower(), singular(m.group(1)), m.group(1).lower().rstrip("s")}
                  & {*_NOUNS, *data_nouns(info), *_NODE_WORDS}) and \
                m.group(2).lower() not in values | _STRUCTURAL:
            out = f"How many ties does {m.group(2)} have?"
        two_mode = len(_sides(info)) == 2
        for pattern, repl in _UNDIRECTED_COMPILED:
            m = pattern.search(out)
            if m and two_mode and re.search(r"\bwith\s*[?.!]*\s*$", out, re.IGNORECASE):
                continue  # "who did Mags fish with": those sharing a partner, not Mags's own
            if m and two_mode and pattern.pattern.startswith(r"^\s*how many [a-z]+ (?:share"):
                continue  # "how many women shared an event with Nora": co-members
            if m and two_mode and pattern.pattern == _OBJECT_PARTNERS and \
                    not _TRANSITIVE_ON.search(out):
                continue  # "who served with J05": the sides' own words (``_members``) say
            if m and m.group(1).lower() not in values and not _asks_an_attribute(out, info):
                out = pattern.sub(repl, out)  # "work in Biology": a group, no node
    return _CARRIED_FROM.sub(r"\1 \2 \3", out)  # ("Heron's cargo" read as "cargo from Heron")


#: a side's or a column's nodes named with a word for a kind: "pollinator species"
_KINDS = r"(?: species| kinds| types| sorts)?"
#: a whole count of one kind of thing: "how many distinct events are there / in the data"
_KIND_COUNT = re.compile(r"\s*how many (?:different |distinct |unique |separate )?([a-z]+)"
                         r"(?: are there| exist| (?:are )?in total| are in the data| (?:are|were) "
                         r"(?:listed|recorded|included))?\s*[?.]*\s*", re.IGNORECASE)


def _counts_a_grouping(question: str, info: dict[str, Any]) -> bool:
    """Whether "how many X" counts a grouping attribute's values ("how many counties are
    there" where events carry ``county``), never a side of a two-mode graph."""
    m = re.search(r"\bhow many (?:different |distinct |unique |separate )?([a-z_]+)", question,
                  re.IGNORECASE)
    if m is None:
        return False
    word = m.group(1).lower()
    words = {word, word[:-1], word[:-3] + "y" if word.endswith("ies") else word}
    return any(str(a).lower() in words or str(a).lower().split("_")[0] in words
               for a in groupings(info.get("meaning") or {}))


def _side_noun(question: str) -> bool:
    """Whether ``question`` counts one kind of node of a two-mode graph whose sides have no
    names (a ``bipartite`` 0/1 attribute): the node total would count both kinds."""
    m = _KIND_COUNT.fullmatch(question)
    if m is None:
        return False
    word = m.group(1).lower()
    if {singular(word), word.rstrip("s")} & (_GRAPH_TERMS | _SHAPE_OR_CREW):
        return False  # "how many triangles are there": the graph's own term, no kind of node
    return word not in {"nodes", "vertices", "entities", "things", "items", "elements",
                        "people", "names"} and not re.fullmatch(_TIES.replace("?:", "?:edges|", 1),
                                                               word)


def _asks_an_attribute(question: str, info: dict[str, Any]) -> bool:
    """"what street does Sol live on", "which team does Ana play for": the word after the
    question word is one of the nodes' own attributes, asked of the node, not its neighbours."""
    m = re.match(r"^\s*(?:which|what)\s+([a-z_]+)\b", question, re.IGNORECASE)
    attrs = {str(a).lower() for a in info.get("node_attributes") or []}
    return bool(m) and (m.group(1).lower() in attrs or singular(m.group(1).lower()) in attrs)


#: a node's partners, then a ranking of them ("who has Kofi worked with, and which of them
#: has the highest betweenness"): on an undirected graph, the node's neighbours ranked
_THEIR_RANKING = re.compile(
    r"^\s*(?:(?:who|whom)\s+(?:has|have|does|did|do)\s+(?P<a>(?-i:[A-Z][\w.'-]*)|[a-z]+\d+)\s+"
    r"(?:ever\s+)?[a-z]+(?:\s+[a-z]+)?(?:\s+(?:with|alongside))?|(?:list|name|show(?:\s+me)?|who\s+are)\s+"
    r"(?P<b>(?-i:[A-Z][\w.'-]*)|[a-z]+\d+)(?:'s|’s)\s+(?:neighbou?rs|partners|contacts|friends|"
    r"colleagues|collaborators|coauthors|co-authors|connections))\s*[,;?.]\s*(?:and\s+)?"
    r"(?:which|who)(?:\s+one)?\s+(?:of|among)\s+(?:them|those)\s+(?P<rest>(?:has|is|had|was)\s+"
    r"the\s+(?:most|highest|largest|biggest|best|least|lowest|fewest)\b[^?]*?)\s*\??\s*$",
    re.IGNORECASE)


def _their_ranking(question: str) -> str:
    m = _THEIR_RANKING.match(question)
    if not m:
        return question
    return f"Among {m.group('a') or m.group('b')}'s neighbours, who {m.group('rest')}?"


#: a named node at the end of a question: one word, or capitalised words ("Blitz Cup")
_END_NAME = r"((?-i:[A-Z][\w'.-]*(?: [A-Z0-9][\w'.-]*)*)|[A-Za-z][\w'.-]*|\d+)"
#: verbs of taking part ("did Aldo ever play the Winter Cup"), besides a column's own
_JOINS = ("play", "join", "attend", "enter", "belong", "perform", "compete", "participat",
          "sing", "work", "serve", "race", "study", "enrol", "register", "appear", "feature",
          "star", "volunteer", "take part", "be",
          # "does p-05 go to Harbour", "does Curry use garlic": one edge of the two sides
          "go", "visit", "use", "take", "write", "contain", "include", "need", "dive", "own")
#: nouns for everyone on one of a group's lists ("the biggest lineup": the most members)
_LINEUP = r"(?:line-?up|roster|field|membership|cast|squad|entry list|headcount|turn-?out|attendance|crowds?|audiences?|gatherings?)"


def _members(question: str, sides: list[str], info: dict[str, Any]) -> str:
    """A two-mode graph's membership words: "who's in Orbit" / "who sings in Orbit" lists
    Orbit's partners, "wes's choirmates" (the mates of one side's noun) are those sharing a
    choir with wes, "the choir with the biggest lineup" has the most ties, "does wes sing in
    Orbit" asks for that one edge (a group value is no node: "who is in Sales" stays)."""
    nouns = {f for s in sides for f in {s.lower(), s.lower().rstrip("s"),
                                        _SINGULAR.get(s.lower(), s.lower())}}
    values = _values(info)
    m = re.match(rf"^\s*(?:who|which (?:{'|'.join(map(re.escape, nouns))}))(?:'s| is| are| was| "
                 rf"were)?(?! (?:not|never|no longer)\b)(?: [a-z]+)? (?:in|on|at|for|with|of) (?:the )?"
                 rf"{_END_NAME}\s*\??\s*$",
                 question, re.IGNORECASE)
    # "who served with J05", "who fished with Lior": a verb "with" one node is said of those
    # sharing a partner with it (or of its own partners: "who played with the Lakers"), never
    # plainly its own partners
    verb_with = re.search(r"^\s*\w+(?:'s| is| are| was| were)? (?!is\b|are\b|was\b|were\b)"
                          r"[a-z]+ with\b", question, re.IGNORECASE)
    if m and m.group(1).lower() not in values | nouns | _STRUCTURAL and not verb_with:
        if re.match(r"\s*which\b", question, re.IGNORECASE):
            return question  # "which students are enrolled in Drama": the side's members intent
        return f"Who are the neighbours of {m.group(1)}?"
    mates = "|".join(re.escape(n) for n in nouns)
    m = re.match(rf"^\s*(?:(?:who|which \w+) (?:are|were|is)|list|name|show(?: me)?|give me|"
                 rf"find)?\s*(?:all\s+(?:of\s+)?)?(?:the\s+)?(?:{_END_NAME}'s\s+({mates})-?mates|"
                 rf"({mates})-?mates of {_END_NAME})\s*[?.!]*\s*$", question, re.IGNORECASE)
    if m:
        name, noun = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        return f"Who shares a {noun.lower()} with {name}?"
    m = re.match(rf"^\s*how many (?:different |other )?({mates})-?mates (?:does|do|did) {_END_NAME} "
                 r"have\s*\??\s*$", question, re.IGNORECASE)
    if m:  # "how many choirmates does wes have": those sharing a choir, not wes's choirs
        return f"How many nodes share a {m.group(1).lower()} with {m.group(2)}?"
    joins = forms([*verbs_of(info)[0], *_JOINS])  # "sing" on singer,choir; never "quit"
    m = re.match(rf"^\s*(?:how many|which|what) (?:{mates})(?:e?s)? (?:(?:do|does|did|have|has|had) )?(?:{joins}[a-z]*|"
                 rf"wrote|written|went|took|taken|dove|have|has|had|sat|were|was|are|is|[a-z]{{3,}}ed) "
                 rf"(?:to |in |on |at |through |via |into |with |for |present at |there at )?both "
                 rf"(?:the )?{_END_NAME} and (?:the )?{_END_NAME}\s*\??\s*$", question,
                 re.IGNORECASE)
    if m and not info.get("directed") and not {m.group(1).lower(), m.group(2).lower()} & (
            values | nouns | _STRUCTURAL):
        # "how many dishes contain both garlic and rice": the two nodes' shared partners (a
        # directed table's shared ends are asked about)
        lead = "How many" if question.lower().lstrip().startswith("how") else "Which"
        return f"{lead} neighbours do {m.group(1)} and {m.group(2)} have in common?"
    m = re.match(rf"^\s*(how many|which|what) (?:different |other )?[a-z]+ (?:did|do|does|have|has|had) "
                 rf"{_END_NAME} and {_END_NAME} both [a-z]+(?: (?:to|in|on|at|for|with|into))?"
                 r"\s*[?.!]*\s*$", question, re.IGNORECASE)
    if m and not info.get("directed") and not {m.group(2).lower(), m.group(3).lower()} & (
            values | nouns | _STRUCTURAL):
        # "how many events did Ann and Bo both go to": the two nodes' shared partners
        lead = "How many" if m.group(1).lower() == "how many" else "Which"
        return f"{lead} neighbours do {m.group(2)} and {m.group(3)} have in common?"
    m = re.match(rf"^\s*(?:who|which (?:{mates})(?:e?s)?) (?:has |have |had )?(?:{joins}[a-z]*|wrote|written|went|gone|"
                 rf"took|taken|dove) (?:to |in |on |at )?(?:the )?"
                 rf"{_END_NAME}\s*\??\s*$", question, re.IGNORECASE)
    if m and m.group(1).lower() not in values | nouns | _STRUCTURAL:
        return f"Who are the neighbours of {m.group(1)}?"  # "who wrote P-22", "who visited Harbour"
    m = re.match(rf"^\s*(?:does|do|did|has|have) (?:the )?([A-Za-z][\w'.-]*|\d+) (?:ever |really |"
                 rf"actually )?{joins}[a-z]*(?: (?:in|on|at|for|with|to|into|under))? (?:the )?"
                 rf"{_END_NAME}\s*\??\s*$", question, re.IGNORECASE)
    if m and not {m.group(1).lower(), m.group(2).lower()} & (values | nouns | _STRUCTURAL):
        return f"Is {m.group(1)} directly connected to {m.group(2)}?"
    m = re.match(rf"^\s*(?:is|was|are|were) (?:the )?([A-Za-z][\w'.-]*|\d+) (?:really |actually |"
                 rf"still )?(?:(?:used|found|listed|included|needed|featured) )?"
                 rf"(?:in|on|at|part of|a member of|entered in|signed up for) (?:the )?"
                 rf"{_END_NAME}\s*\??\s*$", question, re.IGNORECASE)
    if m and not {m.group(1).lower(), m.group(2).lower()} & (values | nouns | _STRUCTURAL):
        return f"Is {m.group(1)} directly connected to {m.group(2)}?"  # "is Aldo in Echo"
    # "who shares the most wrecks with Marco": the others ranked by the partners they share
    # with Marco (common neighbours), not the wrecks ranked
    question = re.sub(rf"\bshar(?:es?|ed)\s+the\s+most\s+(?:{mates})(?:e?s)?\b(?=.*\bwith\b)",
                      "shares the most neighbours", question, flags=re.IGNORECASE)
    question = re.sub(r"\b(?:has|have|had)\s+the\s+most\s+(?:" + mates + r")(?:e?s)?\s+in\s+common\b",
                      "has the most neighbours in common", question, flags=re.IGNORECASE)
    # "which other woman went to the most events with Evelyn" (its partners counted as
    # ties): the partners shared with that node, never the most ties of all
    question = re.sub(r"\b(?:(?:has|have|had)\s+the\s+most\s+ties|[a-z]+(?:\s+(?:to|on|in|at|for))?\s+"
                      rf"the\s+most\s+(?:{mates})(?:e?s)?)\s+(?:together\s+)?with\b"
                      r"(?=\s+(?-i:[A-Z0-9]))", "shares the most neighbours with", question,
                      flags=re.IGNORECASE)  # "supplied the most markets together with Ashby"
    # "rank the events by attendance", "sort the clubs by number of members": by their ties
    question = re.sub(rf"^(\s*(?:rank|sort|order|list)\b[^?]*?\bby\s+)(?:the\s+)?(?:number\s+of\s+|"
                      rf"their\s+|its\s+|total\s+)?(?:{_LINEUP}|attendees|members|participants|"
                      r"entrants)\b", r"\1degree", question, flags=re.IGNORECASE)
    question = re.sub(rf"\b(?:has|have|had|with|drew|draws|drawing|attracted|attracts|got|gets|pulled|pulls)\s+the\s+(?:biggest|largest|highest|best)\s+"
                      rf"{_LINEUP}\b", "has the most ties", question, flags=re.IGNORECASE)
    return re.sub(rf"\b(?:has|have|had|with|drew|draws)\s+the\s+(?:smallest|tiniest|lowest|worst)\s+{_LINEUP}\b",
                  "has the fewest ties", question, flags=re.IGNORECASE)


def other_side_dropped(question: str, sides: list[str]) -> str:
    """A side set aside while the other is asked ("how many members are there? just people,
    not clubs") read as the other side asked: the exclusion is what the side already says.

    Example::

        >>> other_side_dropped("How many members are there? Just people, not clubs.",
        ...                     ["members", "clubs"])
        'How many members are there?'
    """
    for side in sides:
        forms = "|".join(re.escape(f) for f in {side, side.rstrip("s"), _SINGULAR.get(
            side.lower(), side)})
        others = [o for o in sides if o != side]
        aside = re.search(
            rf"(?:\s*[,;.]\s*|\s+)(?:(?:just|only)\s+(?:the\s+)?[a-z]+\s*,?\s*)?(?:and\s+|but\s+)?"
            rf"(?:not|excluding|not\s+counting|leaving\s+out|rather\s+than|never\s+mind)\s+"
            rf"(?:the\s+|any\s+)?(?:{forms})(?:e?s)?(?:\s*\.(?=\s*$)|(?=\s*(?:[.?!,;)]|$)))", question,
            re.IGNORECASE)
        if aside and any(_names_side(o, question[:aside.start()]) for o in others):
            return (question[:aside.start()] + question[aside.end():]).strip()
    return question


_NUMBER_WORDS = {w: n for w, n in WORD_NUMBERS.items() if 1 <= n <= 10} | {"a single": 1, "a": 1}


def _side_counts(question: str, sides: list[str]) -> str:
    """A count of one side's partners in the other side's noun, as a degree threshold: "on
    more than one grant" is "with more than 1 ties", "on only one project" "with exactly 1
    ties" (the side counted is the other one, so the side ranked stays named); "which
    taprooms get no brewers" has degree 0."""
    nouns = "|".join(re.escape(f) for s in sides for f in {s, s.rstrip("s"), _SINGULAR.get(
        s.lower(), s)})
    nums = "|".join(_NUMBER_WORDS) + r"|\d+"

    from igraph_agent.model import slots

    question = other_side_dropped(question, sides)
    if slots.named(question):
        return question  # "shares more than one project with kemal": about that node
    # "how many artisans are in no guild", "which artisans don't belong to any guild",
    # "which guild has no members": a side's nodes with no partner at all
    question = re.sub(
        rf"\b(?:(?:are|is|were|was)\s+)?(?:in|on|at|part of|members? of|a member of|enrolled in|"
        rf"signed up (?:for|to)|registered (?:for|in|with)|assigned to|attached to|linked to)\s+no\s+"
        rf"(?:{nouns})(?:e?s)?\b(?:\s+at\s+all)?|\b(?:don'?t|do not|doesn'?t|does not|didn'?t|did not|never)\s+"
        rf"(?:\w+\s+){{1,2}}?any\s+(?:{nouns})(?:e?s)?\b(?:\s+at\s+all)?|\b(?:has|have|had|with|gets?|"
        rf"getting|got|receives?|receiving|received)\s+no\s+"
        rf"(?:members?|(?:{nouns})(?:e?s)?)\b(?:\s+at\s+all)?", "have degree exactly 0", question,
        flags=re.IGNORECASE)
    # "is there a club that nobody belongs to", "any course no one has signed up for": the
    # verb that ends the question has no subject, so the node has no partner
    question = re.sub(
        rf"\b(?:(?:that|which|whom?)\s+)?(?:nobody|no\s*-?\s*one|(?:none\s+of\s+the|no)\s+(?:{nouns})(?:e?s)?)"
        r"\s+(?:(?:has|have|had|is|are|was|were|ever|yet|actually|even)\s+){0,2}(?!degree\b)[a-z]+"
        r"(?:\s+(?:to|in|on|for|at|with|up\s+for|up\s+to|up\s+with))?(?=\s*(?:[?.!,]|$|yet\b))",
        "with degree exactly 0", question, flags=re.IGNORECASE)

    def repl(m: re.Match[str]) -> str:
        op = {"only": "exactly", "just": "exactly"}.get(m.group(1).lower(), m.group(1))
        n = _NUMBER_WORDS.get(m.group(2).lower(), m.group(2))
        if op.lower() == "at least" and str(n) == "1":
            return m.group(0)  # "at least one project": any, no threshold
        counted = m.group(3).lower()
        other = [x for x in sides if not _names_side(x, counted)]
        if len(other) == 1 and not _names_side(other[0], question):
            return f"with {op} {n} ties among the {other[0]}"  # "who is in only one choir"
        return f"with {op} {n} ties"  # "are with": never shown
    question = re.sub(rf"\b(?:(?:on|in|with|holds?|has|have|takes?|joined|attends?)\s+)?(more than|at least|fewer than|less than|at most|"
                      rf"exactly|only|just)\s+({nums})\s+(?:other\s+|different\s+)?({nouns})\b",
                      repl, question, flags=re.IGNORECASE)
    # "only play in one band", "only played one tournament": the verb between
    return re.sub(rf"\b(only|just)\s+(?!(?:have|has|had|share|shares|shared)\b)[a-z]+(?:\s+(?:in|on|"
                  rf"at|for|with|to))?\s+(one|a single|1)\s+({nouns})\b", repl, question,
                  flags=re.IGNORECASE)


def groupings(meaning: dict[str, Any]) -> dict[str, list[str]]:
    """The graph's grouping attributes (categorical node attributes) and their values, most
    common first, from get_graph_info's ``meaning``; a yes/no attribute lists none.

    Example::

        >>> groupings({"node_attributes": {"dept": {"kind": "categorical",
        ...            "top_values": ["HR", "Ops"]}, "age": {"kind": "numeric"}}})
        {'dept': ['HR', 'Ops']}
    """
    kinds = meaning.get("node_attributes") or {}
    return {str(a): [str(v) for v in k.get("top_values") or []] for a, k in kinds.items()
            if isinstance(k, dict) and k.get("kind") == "categorical"}


def _values(info: dict[str, Any]) -> set[str]:
    """The values of the graph's categorical node attributes, lower-cased."""
    return {v.lower() for vs in groupings(info.get("meaning") or {}).values() for v in vs}


def singular(word: str) -> str:
    """The singular of a node word ("families" -> "family"), else the word."""
    return _SINGULAR.get(word.lower(), word.lower())


def one_of(word: str) -> str:
    """A plural noun's singular: an irregular one (:func:`singular`), else the word less its
    final s ("borrowers" -> "borrower", "packages" -> "package").

        >>> one_of("families"), one_of("packages"), one_of("staff")
        ('family', 'package', 'staff')
    """
    one = singular(word)
    return one[:-1] if one == word.lower() and one.endswith("s") else one


def side_words(meaning: dict[str, Any]) -> set[str]:
    """The words of a two-mode graph's side names, singular ("aircraft", "type" of
    ``aircraft_types``): a column word among them names the side, not the column.

        >>> sorted(side_words({"modes": {"sides": {"pilots": 14, "aircraft_types": 10}}}))
        ['aircraft', 'pilot', 'type']
    """
    return {w for side in (meaning.get("modes") or {}).get("sides") or {}
            for w in re.split(r"[_\s-]+", str(side).lower().rstrip("s")) if w}


def data_nouns(info: dict[str, Any]) -> list[str]:
    """Words the attached data uses for its nodes: plain endpoint column names (``author``,
    ``coauthor``, ``customer_id`` -> ``customer``)."""
    out: list[str] = []
    attrs = {str(a).lower() for a in info.get("node_attributes") or []}
    for src in info.get("attached_sources") or []:
        for table, cols in (src.get("tables") or {}).items():
            if table == "nodes":
                continue
            for c in list(cols)[:2]:
                w = re.sub(r"(?:[ _-]?(?:id|key|name)|[ _-](?:ref|code|no|num))$", "",
                           str(c).lower())
                # item_1, hut_a, singer_x, pier_from, node2, team_home
                w = re.sub(r"(?:[ _-](?:\d|[abxyuv]|from|to|src|dst|home|away|in|out)|\d)$", "", w)
                # from_ward, to_ward, origin_port, home_team: the end's word, then the noun
                w = re.sub(r"^(?:from|to|src|dst|source|target|origin|orig|dest|destination|start|"
                           r"end|home|away|sending|receiving|referring|parent|child|upstream|"
                           r"downstream|first|second|left|right)[ _-]", "", w)
                if str(c).lower() not in attrs and re.fullmatch(r"[a-z]{3,20}", w) and w not in {
                        "source", "target", "from", "to", "src", "dst", "node", "weight"}:
                    out.append(_SINGULAR.get(w, w))
    return list(dict.fromkeys(out))


def _plural(word: str) -> str:
    """A noun's plural: the irregular ones listed, "coach" -> "coaches", else an -s."""
    if word in _PLURAL:
        return _PLURAL[word]
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"  # "tributary" -> "tributaries"
    return word + "es" if re.search(r"(?:ch|sh|x|ss|z)$", word) else word + "s"


def noun(question: str, info: dict[str, Any] | None = None) -> tuple[str, str]:
    """(singular, plural) of the word the question uses for a node (a common entity word or
    one of the data's own column words), else the data's word, else node/nodes."""
    # a participle ("helped") or a word for the other end ("neighbour_b") names no kind of node
    own = [w for w in data_nouns(info or {}) if not re.fullmatch(r"[a-z]{3,}(?:ed|ing)", w)
           and w not in {"neighbour", "neighbor", "other", "peer"}]
    # "which team is the smallest" where ``team`` groups the nodes: a group, never a node
    grouped = {str(a).lower() for a in groupings((info or {}).get("meaning") or {})}
    # (a word in capitals is a name: "is MAN the most connected airport" names no men)
    for w in re.findall(r"[a-z]+", re.sub(r"\b[A-Z]{2,}\b", " ", question).lower()):
        base = _SINGULAR.get(w, w[:-1] if w.endswith("s") and w[:-1] in (*_NOUNS, *own) else
                             w[:-3] + "y" if w.endswith("ies") and w[:-3] + "y" in own else w)
        if base in ("node", "vertex", "nodes", "vertices"):
            break
        if base in grouped:
            continue
        if base in _NOUNS or base in own:
            return base, _plural(base)
    if own:
        return own[0], _plural(own[0])
    return "node", "nodes"


def words(question: str, info: dict[str, Any], unknown: list[str] = ()) -> dict[str, str]:  # type: ignore[assignment]
    """The placeholders of a follow-up (registry.suggestions), on this graph; names in
    ``unknown`` (searched and not found) are never offered."""
    sing, plural = noun(question, info)
    from igraph_agent.model import slots

    groups = {v.lower() for v in group_values_named(question, info)}  # "Nordic": not a node
    ids = [str(s.get("id")) for s in info.get("sample_nodes") or [] if isinstance(s, dict) and s.get("id") is not None]
    named = [_as_stored(n, ids) for n in slots.names(question) if n.lower() not in _NOUNS
             and n not in unknown and n.lower() not in groups]
    sample = named + [i for i in ids if i.lower() not in {n.lower() for n in named}]
    out = {"noun": sing, "nouns": plural}
    if sample:
        out["a"] = sample[0]
        out["b"] = sample[1] if len(sample) > 1 else sample[0]
    edge_attrs = [a for a in info.get("edge_attributes") or [] if isinstance(a, str)]
    meaning = info.get("meaning") or {}
    roles = meaning.get("weights") or {}
    if "weights" in meaning:  # its keys are the numeric edge columns: never add up a name
        edge_attrs = [a for a in edge_attrs if a in roles]
    edge_attrs.sort(key=lambda a: roles.get(a) != "strength")  # a count adds up, minutes not
    if edge_attrs:
        out["eattr"] = edge_attrs[0]
    values = info.get("attribute_values") or {}
    for attr in info.get("node_attributes") or []:
        if values.get(attr):
            out["attr"], out["value"] = attr, str(values[attr][0])
            break
    return out


def _as_stored(name: str, ids: list[str]) -> str:
    """A name as the graph spells it: :func:`lower_names` capitalised "zlib" for the planner
    to read it as a name, and a follow-up must not offer "Zlib" (or "App" and "app")."""
    same = next((i for i in ids if i.lower() == name.lower()), None)
    if same is not None:
        return same
    return name.lower() if ids and all(i == i.lower() for i in ids) else name


_UNITS = re.compile(r"\b(?:km|kms|kilomet\w*|miles?|minutes?|hours?|seconds|secs?|metres?|meters?|"
                    r"euros?|dollars?|mw|kw|gw|kv|mwh|kwh|mbps|gbps|tonnes?|tons|kg)\b|\$",
                    re.IGNORECASE)
#: the unit an answer is asked in, closing the question: ", in tonnes?", "in km"
_ANSWER_UNIT = re.compile(rf",?\s+in\s+(?:{_UNITS.pattern})\s*[?.!]*\s*$", re.IGNORECASE)
_TWO_MODE = re.compile(r"co-?occur|co-?attend|\bsame (?:events?|clubs?|meetings?|projects?)\b|"
                       r"both attended|\bprojection\b|one-mode|attended\b.*\b(?:with|together)\b|"
                       # the projection named by its side twice ("the actor-actor network")
                       # or as a verb ("project the divers onto one network")
                       r"\b([a-z]{3,}?)(?:e?s)?-\1(?:e?s)?\s+(?:network|graph|projection|ties|links)\b|"
                       r"\bproject(?:ed|ing)?\s+(?:it\s+|this\s+|them\s+|the\s+\w+\s+)?(?:on)?to\b",
                       re.IGNORECASE)
_DIRECTION = re.compile(r"\bcycles?\b|\bcyclic|acyclic|reachable from|\bcan (?:\w+ ){0,3}reach\b|"
                        r"\breach(?:es)? from\b|downstream|upstream|\bcites?\b|\bcited\b|\bciting\b",
                        re.IGNORECASE)
_AS_GROUP = (r"(?:which|what|each|every|per|by|across|between|among|within|inside|outside)\s+(?:\w+\s+){{0,2}}{a}s?\b|"
             # "emails the most different departments": the groups counted, no plain degree
             r"\b(?:most|fewest|more|fewer|many)\s+(?:different\s+|distinct\s+|other\s+|separate\s+)?{a}s\b|(?<!the )\b{a}s?\s+(?:has|have|had|with|mix|are|is)\b"
             # "the split into teams", "taking the team column as the communities"
             r"|\b(?:split|divided|partitioned|grouped)\s+(?:up\s+)?(?:into|by)\s+{a}s?\b|\b{a}\s+(?:column|attribute|field|labels?)\b")
_AS_DISTANCE = re.compile(r"\b(?<!path )lengths?\b|\btotal (?:distance|length|cost|time|travel)|\bas "
                          r"(?:a |the )?(?:distances?|lengths?|costs?|travel times?)\b|travel time|"
                          r"\bcosts?\b|\bcheapest\b|\blongest road", re.IGNORECASE)
_PLAIN_ATTRS = {"label", "name", "id", "weight"}


def _any_two(question: str, word: str, info: dict[str, Any]) -> str:
    """``question`` without "two <attribute> <node noun>" ("the longest shortest path between
    two club members" on karate's ``club``): any two nodes, no grouping.

    Example::

        >>> _any_two("path between two club members", "club", {})
        'path between '
        >>> _any_two("path between the two clubs", "club", {})
        'path between the two clubs'
    """
    nouns = "|".join(re.escape(n) for n in {*_NOUNS, *data_nouns(info), "members", "people"})
    return re.sub(rf"\b(?:any\s+)?(?:two|2)\s+{re.escape(word)}\s+(?:{nouns})s?\b", "", question,
                  flags=re.IGNORECASE)


def _values_in_plural(question: str, info: dict[str, Any]) -> set[str]:
    """Grouping values named only in the plural ("the defenders" for ``position =
    defender``, "the corporates"): the members of a group."""
    values = {v for vs in groupings(info.get("meaning") or {}).values() for v in vs}
    sides = {str(s).lower() for s in _sides(info)}  # a two-mode side is read as one
    return {v for v in values if len(v) > 2 and v.lower() not in sides and re.fullmatch(r"[a-z][a-z ]*", v.lower())
            and re.search(rf"(?<![\w-]){re.escape(_plural(v.lower()))}(?![\w-])", question,
                          re.IGNORECASE)}


def abbreviated_value(question: str, groups: dict[str, list[str]]) -> tuple[str, str] | None:
    """(attribute, value) of the one short upper-case grouping value the question names by
    a plural word it abbreviates ("the midfielders" for ``position = MID``, "forwards" for
    ``FWD``: the same first letter, the value's letters in order), else None.

        >>> abbreviated_value("how many passes did the midfielders play?",
        ...                   {"position": ["GK", "DEF", "MID", "FWD"]})
        ('position', 'MID')
        >>> abbreviated_value("how many passes did they play?", {"position": ["MID"]}) is None
        True
    """
    words = {w.lower() for w in re.findall(r"\b[A-Za-z]{4,}s\b", question)}
    hits = {(attr, str(v)) for attr, values in groups.items() for v in values
            if re.fullmatch(r"[A-Z]{2,4}", str(v)) and any(
                w[0] == str(v)[0].lower() and re.match(".*".join(map(re.escape, str(v).lower())), w)
                for w in words)}
    return hits.pop() if len(hits) == 1 else None


def value_named(value: str, question: str) -> bool:
    """Whether the question names this group value as a whole word ("lab" is not named in
    "lab-nas"). A value that is also a common word ("IT", "US", "ON") counts only when
    written as stored, with its capitals: "who in IT" names the department, "is it
    connected" does not.

        >>> value_named("IT", "who in IT has the most links?"), value_named("IT", "is it big?")
        (True, False)
        >>> value_named("Sales", "how many people in sales?")
        True
        >>> value_named("search", "calls the Search team sends"), value_named("search", "search it")
        (True, False)
    """
    from igraph_agent.model.slots import STOP_WORDS

    if len(value) < 2:
        return False
    rx = rf"(?<![\w-]){re.escape(value)}(?![\w-])"
    if value.lower() in STOP_WORDS:  # ("the search team", "the data group": a group's noun
        return (value != value.lower() and re.search(rx, question) is not None) or re.search(
            rx + r"\s+(?:team|group|department|dept|unit|division|squad|crew|section|office|"
            r"region|district|zone|campus|cluster|category|class|league|tier)s?\b", question,
            re.IGNORECASE) is not None  # after it names the value, whatever its case)
    return re.search(rx, question, re.IGNORECASE) is not None


def without_columns(question: str, info: dict[str, Any]) -> str:
    """``question`` less the data's own column names, as written or spoken ("hours per month"
    for ``hours_per_month``): a column's words name the column, no time or filter of their own.

        >>> without_columns("which crew logs the most hours per month?",
        ...                 {"edge_attributes": ["hours_per_month"]})
        'which crew logs the most  ?'
    """
    for c in [*(info.get("edge_attributes") or []), *(info.get("node_attributes") or [])]:
        parts = [p for p in re.split(r"[_\s-]+", str(c)) if p]
        if len(parts) > 1:
            question = re.sub(r"\b" + r"[_\s-]+".join(map(re.escape, parts)) + r"\b", " ",
                              question, flags=re.IGNORECASE)
    return question


def value_as_members(value: str, question: str) -> bool:
    """Whether the question names a group value by its members: the plural ("towns" for
    ``site_type = town``) or the person who plays or does it ("guitarists" for ``guitar``,
    "drummers" for ``drums``).

        >>> value_as_members("guitar", "how many guitarists are there?")
        True
        >>> value_as_members("town", "how many towns are in the south?")
        True
        >>> value_as_members("south", "how many southerners?")
        False
        >>> value_as_members("repo", "total commits of the platform team, across all repos?")
        False
    """
    v = value.lower()
    if len(v) < 3 or not re.fullmatch(r"[a-z]+", v) or v in _NOT_MEMBERS:
        return False
    stem = re.sub(r"(?:s|[aeo])$", "", v)  # "drums" -> drum, "piano" -> pian(ist)
    forms = {_plural(v), f"{stem}ists?", f"{v}ists?", f"{stem}{stem[-1]}?ers?" if stem else v}
    # (not "across all repos", "over every repo": all of them, no condition)
    return re.search(rf"(?<!\ball )(?<!\bevery )(?<!\beach )(?<![\w-])(?:{'|'.join(sorted(forms))})"
                     r"(?![\w-])", question, re.IGNORECASE) is not None


#: group values whose -er / -ist forms are other words ("north" -> "northerner")
_NOT_MEMBERS = frozenset({"north", "south", "east", "west", "high", "low", "new", "old"})


def values_named_in_order(question: str, groups: dict[str, list[str]]) -> tuple[str | None, list[str]]:
    """The first grouping attribute at least two of whose values the question names (see
    :func:`value_named`), with all its named values in the order they appear.

        >>> values_named_in_order("Who bridges sales and HR?", {"department": ["Sales", "HR", "Ops"]})
        ('department', ['Sales', 'HR'])
    """
    for attr, values in groups.items():
        found = sorted((m.start(), str(v)) for v in values if value_named(str(v), question)
                       for m in [re.search(rf"(?<![\w]){re.escape(str(v))}(?![\w])", question,
                                           re.IGNORECASE)]
                       if m)
        if len(found) >= 2:
            return attr, [v for _, v in found]
    return None, []


def group_values_named(question: str, info: dict[str, Any]) -> set[str]:
    """The values of the graph's grouping attributes the question names (see
    :func:`value_named`)."""
    meaning = info.get("meaning") or {}
    modes = meaning.get("modes") or {}
    sides = {str(x).lower().rstrip("s") for x in modes.get("sides") or {}}
    # a two-mode graph's side named by a node attribute ("side" = crew / site): a side, never
    # a group of either
    values = {v for a, vs in groupings(meaning).items() if a != modes.get("attribute")
              and not (sides and {str(x).lower().rstrip("s") for x in vs} <= sides) for v in vs}
    return {v for v in values if value_named(v, question)}


#: the projection named by its co-relation on a two-mode graph ("the co-authorship network",
#: "the most co-authors"): the nodes of one side linked through the other, not its edges
_CO_NETWORK = re.compile(r"\bco-(?!occur|ordinat|operat)[a-z]{3,}|\bco(?:author|star|worker|member|"
                         r"writer|founder|sponsor|inventor|editor|director|producer|tenant|"
                         r"resident|player)(?:s|ship)?\b", re.IGNORECASE)

#: the graph's own terms a two-mode table's column may be named with ("dish, component")
_GRAPH_TERMS = {"component", "cluster", "community", "core", "bridge", "hub", "path", "node",
                "edge", "link", "neighbour", "neighbor", "degree", "triangle", "clique", "cycle",
                "group", "module", "block", "partition", "motif", "tie", "vertex", "vertice"}

#: a shape or a band of nodes a count may ask for, never one side's nodes: "how many closed
#: trios", "how many squads are there" on players x events
_SHAPE_OR_CREW = {"trio", "triad", "triple", "triplet", "loop", "square", "star", "chain",
                  "piece", "island", "faction", "clan", "squad", "crew", "camp", "circle", "bloc",
                  "subgroup", "clique"}


def _side_named_like_an_analysis(question: str, info: dict[str, Any]) -> bool:
    """Whether the question names a side of a two-mode graph whose name is a graph term
    ("the most common component" on a ``dish, component`` table): the side, not the
    analysis, unless an intent of the two-mode graph reads it."""
    sides = ((info.get("meaning") or {}).get("modes") or {}).get("sides") or {}
    for side in sides:
        word = str(side).lower()
        stem = word[:-1] if word.endswith("s") else word
        # "connected components" is the analysis's own phrase, no column
        if stem in _GRAPH_TERMS and re.search(
                rf"(?<!connected )(?<!strongly )(?<!weakly )\b{re.escape(stem)}s?\b", question,
                re.IGNORECASE):
            return True
    return False


#: column names that abbreviate a word a user writes in full
_ABBREVIATED = {"dept": ("department",), "org": ("organisation", "organization"),
                "cat": ("category",), "pop": ("population",), "loc": ("location",),
                "qty": ("quantity",), "amt": ("amount",), "mgr": ("manager",),
                "emp": ("employee",), "addr": ("address",), "grp": ("group",),
                "div": ("division",), "reg": ("region",), "ctry": ("country",),
                "sal": ("salary",), "pos": ("position",), "lang": ("language",),
                "edu": ("education",), "exp": ("experience",), "cap": ("capacity",),
                "temp": ("temperature",), "pct": ("percent", "percentage"),
                "occ": ("occupation",), "nat": ("nationality",), "inst": ("institution",),
                "univ": ("university",), "yrs": ("years",), "yr": ("year",)}


def _attributes_as_stored(question: str, info: dict[str, Any]) -> str:
    """A node attribute whose column abbreviates a word, written in full ("which department
    has the highest average salary" on a ``dept`` column), read as its column so every
    intent finds it.

    Example::

        >>> _attributes_as_stored("which departments earn most?",
        ...                       {"meaning": {"node_attributes": {"dept": "categorical"}}})
        'which depts earn most?'
    """
    attrs = [str(a) for a in ((info.get("meaning") or {}).get("node_attributes") or {})]
    lower = {a.lower() for a in attrs}
    for attr in attrs:
        for word in _ABBREVIATED.get(attr.lower(), ()):
            if word not in lower:  # not a column of its own
                question = re.sub(rf"\b{word}(s?)\b", lambda m, a=attr: a + m.group(1), question,
                                  flags=re.IGNORECASE)
        # the other way: "which dept gets the most" on a ``department`` column
        for short, words in _ABBREVIATED.items():
            if attr.lower() in words and short not in lower and short not in _COMMON_WORDS:
                question = re.sub(rf"\b{short}(s?)\.?(?=\W|$)", lambda m, a=attr: a + m.group(1),
                                  question, flags=re.IGNORECASE)
        parts = [p for p in re.split(r"[_\s-]+", attr.lower()) if p]
        if len(parts) == 2 and parts[1] in ("type", "kind", "category", "class"):
            # "which type of site" on a ``site_type`` column: that column
            question = re.sub(rf"\b(?:{parts[1]}s?|sorts?)\s+of\s+{re.escape(parts[0])}s?\b", attr,
                              question, flags=re.IGNORECASE)
    return question


#: abbreviations that are also words of their own ("cat", "pop"): never expanded
_COMMON_WORDS = frozenset({"cat", "pop", "cap", "temp", "nat", "exp", "pos", "sal", "emp", "reg",
                           "div", "inst", "org"})


def _spelled(attr: str, question: str) -> set[str]:
    """``attr`` and the words of ``question`` that spell it out in full ("department" for a
    ``dept`` column: the same first two letters, its letters in order).

    Example::

        >>> sorted(_spelled("dept", "which department has the most ties?"))
        ['department', 'dept']
    """
    parts = [p for p in re.split(r"[_\s-]+", attr) if p]
    if len(parts) == 2 and len(parts[1]) >= 4 and re.search(
            rf"\b(?:which|what|each|every|per|by)\s+{re.escape(parts[1])}\b", question, re.IGNORECASE):
        return {attr, parts[1].lower()}  # "which class" for a ``pressure_class`` column
    if len(attr) < 3 or not re.fullmatch(r"[A-Za-z]+", attr):
        return {attr}
    letters = ".*".join(map(re.escape, attr.lower()))
    return {attr} | {tok for tok in re.findall(r"[a-z]+", question.lower())
                     if len(tok) > len(attr) + 1 and tok.startswith(attr[:2].lower())
                     and re.match(letters, tok)}


def graph_features(question: str, info: dict[str, Any]) -> set[str]:
    """Features only this graph's words reveal, which the semantic intents cover: an edge
    attribute or unit other than the plain ``weight`` (``weight``), a node attribute named
    without a value (``group``), co-occurrence on a two-mode graph (``twomode``), and
    direction words (``direction``: cycles, reach, citing, sending)."""
    from igraph_agent.model import slots
    from igraph_agent.model.unweighted import dropped
    from igraph_agent.model.weights import without_graph_name

    out: set[str] = set()
    question = dropped(question, info.get("meaning") or {})  # "ignoring the hours": no value
    question = as_hops(question, info.get("meaning") or {})  # "the fewest passes": edges counted
    edge_attrs = [a for a in info.get("edge_attributes") or [] if isinstance(a, str)]
    # the attribute's name or one of its parts ("capacity_mw": "capacity", "MW"), not the
    # graph's name ("the trade network" on ``trade_bn``)
    unnamed = without_graph_name(question)
    numeric = set((info.get("meaning") or {}).get("weights") or {})
    # a word of a two-mode side's name ("type" of ``aircraft_types``) names the side, not
    # a column that holds it too (``hours_on_type``)
    sides = side_words(info.get("meaning") or {})
    named = [a for a in edge_attrs if a.lower() not in _PLAIN_ATTRS
             # a text column in the plural too ("how many routes are there" on ``route_code``;
             # "cables" on ``cable_km`` names the edges, not their value)
             and any(re.search(rf"\b{re.escape(part)}{'' if a in numeric else '(?:s|es)?'}\b",
                               unnamed, re.IGNORECASE)
                     for part in {a, *re.split(r"[_\s-]+", a)} if len(part) >= 2
                     and part.lower() not in _PLAIN_ATTRS | {"of", "in", "per", "num", "total", "on",
                                                             "at", "to", "by", "for", "and", "the"}
                     and (part == a or part.lower().rstrip("s") not in sides))]
    # a unit a node column shares, said with that column's own word ("a load above 40 MW" on
    # ``load_mw`` beside ``capacity_mw``): the node's value, no edge value
    node_parts = [set(p.lower() for p in re.split(r"[_\s-]+", str(a)) if p)
                  for a in info.get("node_attributes") or []]
    said = [ps for ps in node_parts if any(len(p) >= 3 and re.search(rf"\b{re.escape(p)}\b", unnamed,
                                                                     re.IGNORECASE) for p in ps)]
    if said:
        named = [a for a in named if any(
            re.search(rf"\b{re.escape(p)}(?:s|es)?\b", unnamed, re.IGNORECASE)
            for p in {a.lower(), *re.split(r"[_\s-]+", a.lower())} if p and not any(p in ps for ps in said))]
    # a unit the answer is asked in ("total biomass of the fish, in tonnes?") names no edge
    # value on a graph whose edges carry none
    unit = _UNITS.search(question)
    if unit and not (info.get("meaning") or {}).get("weights") and _ANSWER_UNIT.search(question):
        unit = None
    if unit and any(unit.group(0).lower() in ps for ps in said):
        unit = None  # "a load above 40 MW": the unit of the node column said
    if named and _only_carried(question, named):
        named = []  # "who sends memos to Olaf": the partners asked, the memos only carried
    if named and re.search(r"\bneither\s+[a-z]+\s+(?:anything\s+|anyone\s+)?nor\s+[a-z]+", question,
                           re.IGNORECASE) and not re.search(
            r"\b(?:how\s+many|how\s+much|total|most|least|sum)\b", question, re.IGNORECASE):
        named = []  # "which museums neither lent nor borrowed anything": no edge either way
    named = [a for a in named if not _only_verb(question, a)]
    # "any ward with zero transfers, in or out": no edge at all, no value of one
    named = [a for a in named if not re.search(
        r"\b(?:zero|no|0|not\s+a\s+single|not\s+any)\s+(?:" + "|".join(
            re.escape(p) for p in {a, *re.split(r"[_\s-]+", a)} if len(p) >= 2) + r")(?:s|es)?\b",
        question, re.IGNORECASE)]
    if named or unit or (edge_attrs and _AS_DISTANCE.search(question)):
        out.add("weight")  # the weighted tools read a weight as a strength, not a distance
    attrs = [a for a in info.get("node_attributes") or [] if isinstance(a, str)
             and a.lower() not in _PLAIN_ATTRS]
    mentioned = [a for a in attrs for w in _spelled(a, question)
                 if re.search(_AS_GROUP.format(a=re.escape(w)), _any_two(question, w, info),
                              re.IGNORECASE)]
    if mentioned and slots.where(question, attrs) is None:
        out.add("group")
    two = re.search(r"\b(?:which|what)\s+([a-z]+)\s+([a-z]+?)s?\b", question, re.IGNORECASE)
    if two and f"{two.group(1)}_{two.group(2)}".lower() in {a.lower() for a in attrs}:
        out.add("group")  # "which island group has the most crossings": island_group
    if len(group_values_named(question, info)) >= 2:
        out.add("group")  # "from Nordic firms to Iberia firms": between two groups
    if _values_in_plural(question, info) and slots.where(question, attrs) is None:
        out.add("group")  # "how many passes did the defenders make": a group, not the graph
    if _TWO_MODE.search(question) or _side_named_like_an_analysis(question, info) or (
            _sides(info) and _CO_NETWORK.search(question)):
        out.add("twomode")
    if _DIRECTION.search(question) and info.get("directed"):
        out.add("direction")
    if _TIME_ASKED.search(without_columns(question, info)):  # (not "hours per month" of a column)
        out.add("time")  # "published after 2015", "which hour had the most calls": no analysis
    return out       # filters or groups by time, even where a column holds years


#: words before a column's word that make it a verb ("a plant the bumblebee also visits")
_BEFORE_A_VERB = (r"(?:also|too|never|ever|always|often|usually|who|that|which|whom|can|could|"
                  r"would|will|to|i|we|you|they|visitors|people)")


def _only_verb(question: str, attr: str) -> bool:
    """Whether an edge value's word (``visits``) is in the question only as a verb ("which
    plants does the bumblebee also visit", "pollinators that also visits"): no amount of
    it asked.

    Example::

        >>> _only_verb("who made the most visits to a plant the bee also visits", "visits")
        False
        >>> _only_verb("which pollinators visit a plant that the bee also visits", "visits")
        True
    """
    found = list(re.finditer(rf"\b(\w+)\s+{re.escape(attr)}\b|^\s*{re.escape(attr)}\b", question,
                             re.IGNORECASE))
    if not found and "_" in attr:  # "loops visitors can walk round" on ``walk_secs``: its
        parts = [p for p in attr.lower().split("_") if len(p) >= 3]  # word, as a verb
        found = [m for p in parts for m in re.finditer(rf"\b(\w+)\s+{re.escape(p)}\b|^\s*"
                                                          rf"{re.escape(p)}\b", question, re.IGNORECASE)]
    return bool(found) and all(m.group(1) and re.fullmatch(_BEFORE_A_VERB, m.group(1),
                                                          re.IGNORECASE) for m in found)


def _only_carried(question: str, named: list[str]) -> bool:
    """Whether an edge value's word is only what the edges carry in a list of one node's
    partners ("who sends memos to Olaf", "which clinics refer patients to C2"): no amount,
    ranking or threshold is asked of it."""
    words = "|".join(re.escape(p) for a in named for p in {a, *re.split(r"[_\s-]+", a)}
                     if len(p) >= 3)
    # "through some chain of passes": the edges themselves, no value of them
    chain = re.compile(rf"\b(?:chains?|sequences?|series|string|paths?) of (?:\w+ )?(?:{words})s?\b",
                       re.IGNORECASE)
    if words and chain.search(question) and not re.search(
            rf"\b(?:{words})s?\b", chain.sub(" ", question), re.IGNORECASE):
        return True
    # "how many different people send notes to Zeke", "how many people does Zeke send notes
    # to": the partners counted, the notes only carried
    counted = r"(?:people|persons|nodes|members|crew|staff|users|accounts|colleagues|others|[a-z]+ers)"
    if words and (re.match(rf"^\s*how\s+many\s+(?:other\s+)?(?:different\s+|distinct\s+|separate\s+|unique\s+)?"
                           rf"{counted}\s+[a-z]+\s+(?:any\s+|their\s+)?(?:{words})s?\s+(?:to|into|from)\s+"
                           r"[\w.-]+\s*[?.!]*\s*$", question, re.IGNORECASE) or re.match(
            rf"^\s*how\s+many\s+(?:other\s+)?(?:different\s+|distinct\s+|separate\s+|unique\s+)?{counted}\s+"
            rf"(?:does|did|has)\s+[\w.-]+\s+[a-z]+\s+(?:any\s+)?(?:{words})s?\s+(?:to|from)\s*[?.!]*\s*$",
            question, re.IGNORECASE)):
        return True
    return bool(words) and re.match(
        rf"^\s*(?:who|whom|which\s+[a-z]+)\s+(?:(?:do|does|did|can)\s+)?(?:[a-z]+\s+){{0,2}}?"
        rf"(?:any\s+|some\s+)?(?:{words})s?\s+(?:to|from|with)\s+[\w.-]+\s*[?.!]*\s*$",
        question, re.IGNORECASE) is not None and not re.search(
        r"\b(?:most|least|fewest|more|less|fewer|how|total|sum|amount|than|over|under|above|"
        r"below|at least|at most|each|every|all)\b", question, re.IGNORECASE)


#: a question about when: a year, an hour or day, "published in"
_TIME_ASKED = re.compile(
    r"\b(?:in|after|before|since|until|during|by|from)\s+(?:the\s+)?(?:19|20)\d\d\b|"
    r"\b(?:published|posted|founded|created|released|written|sent|made|placed)\s+(?:in|after|"
    r"before|since|during|on)\s+(?:(?:19|20)\d\d|january|february|march|april|may|june|july|"
    r"august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|the (?:weekend|morning|evening|night))\b|"
    r"\b(?:hour|time) of (?:the )?day\b|\b(?:which|what)\s+(?:hour|day|weekday|month|year|week|"
    r"date|season)\b|\b(?:per|each|every|by)\s+(?:hour|day|week|month|year|weekday)\b|"
    r"\b(?:last|this|previous|past|next)\s+(?:week|month|year|quarter|spring|summer|autumn|fall|"
    r"winter|season|weekend|harvest)\b|\bover time\b|"
    # "vs last yr", "after her last post", "year-on-year", "denser than it was", "unfollowed":
    # a change over time, which one snapshot of the graph does not hold
    r"\blast\s+(?:yr|post|update|snapshot|release|season)\b|\b(?:year|yr)[- ]on[- ](?:year|yr)\b|"
    r"\bthan\s+(?:it|they|he|she)\s+(?:was|were|used\s+to\s+be)\b|"
    r"\bun(?:followed|friended|subscribed)\b|"
    # "how much have Harwood's referrals grown compared with 2022", "growth since last year"
    r"\b(?:compared\s+(?:with|to)|versus|vs\.?|than\s+in)\s+(?:19|20)\d\d\b|"
    r"\b(?:grown|grew|growth|increased|decreased|declined|shrunk|shrank)\b[^?.!]*\b(?:since|compared|"
    r"than|over the)\b|"
    r"\b(?:busiest|quietest|slowest|peak|best|worst|biggest)\s+(?:hour|day|weekday|month|year|week|"
    r"season|date)s?\b|"
    r"\bwhen (?:was|were|did)\b", re.IGNORECASE)

