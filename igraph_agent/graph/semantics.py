"""What a graph's columns mean: direction, weight roles, node attribute kinds, two modes.

Decided at construction from column names and the stored tables (docs/data.md, "What the
data means"), stored with the dataset, shown by ``get_graph_info`` in one line, and read
by every weight-using tool so each algorithm takes a weight in the sense it needs:

* **direction**: endpoint columns named like ``citing/cited``, ``sender/receiver``,
  ``from/to``, ``follower/followee``, ``parent/child``, ``caller/callee``, ``src/dst``
  make the graph directed; ``source/target`` (and any other pair) stays undirected; an
  explicit ``directed=`` always wins.
* **weight roles**: a numeric edge column named like a distance (``km``, ``cost``,
  ``minutes``, ``latency`` ...) is a *distance* (smaller = closer), one named like a tie
  strength (``weight``, ``count``, ``messages``, ``similarity`` ...) a *strength* (larger =
  closer); any other numeric column's role is unknown and said so.
* **default weight**: the column named by the user, else (for a graph built from a table)
  the one numeric edge column with a known role (``weight`` first when there are several),
  else none; a graph handed over as a graph object keeps networkx's convention (weights
  are named per call).
* **node attribute kinds**: ``categorical`` (few distinct values: groups), ``numeric``,
  ``text``.
* **two modes**: a node attribute with two values that differ across every edge, or
  endpoint columns whose id sets are disjoint.

Example::

    >>> direction_of("citing", "cited"), direction_of("source", "target")
    (True, None)
    >>> weight_role("km"), weight_role("n_messages"), weight_role("colour")
    ('distance', 'strength', None)
"""

from __future__ import annotations

import re
from typing import Any, Literal

import numpy as np
import pandas as pd

Sense = Literal["distance", "strength"]

#: endpoint column pairs that say the edge has a direction (source end first)
DIRECTED_PAIRS: list[tuple[str, str]] = [
    ("citing", "cited"), ("citer", "cited"), ("cites", "cited"), ("sender", "receiver"),
    ("sender", "recipient"), ("from", "to"), ("follower", "followee"),
    ("follower", "followed"), ("parent", "child"), ("caller", "callee"), ("src", "dst"),
    ("origin", "destination"), ("orig", "dest"), ("payer", "payee"),
    ("predecessor", "successor"), ("referrer", "referred"), ("author", "cited"),
    ("employee", "manager"), ("emp", "manager"), ("subordinate", "manager"),
    ("report", "manager"), ("blocker", "blocked"), ("staff", "manager"),
    ("worker", "manager"), ("person", "manager"), ("employee", "boss"), ("staff", "boss"),
    ("employee", "supervisor"), ("staff", "supervisor"), ("worker", "supervisor"),
]
#: directed pairs whose words say nothing on their own ("employee" starts an edge to a
#: manager and ends one from a manager), matched only as whole pairs
ROLE_PAIRS = [("manager", "employee"), ("manager", "report"), ("supervisor", "employee"),
              ("employee", "supervisor"), ("boss", "employee"), ("boss", "staff"),
              ("manager", "staff"), ("supervisor", "staff")]

_DISTANCE = {
    "km", "kms", "kilometer", "kilometers", "kilometre", "kilometres", "mi", "mile", "miles",
    "meter", "meters", "metre", "metres", "distance", "dist", "length", "len", "cost",
    "costs", "time", "duration", "minutes", "minute", "mins", "hours", "hour", "hrs",
    "seconds", "second", "secs", "days", "delay", "latency", "price", "fare", "toll",
    "resistance", "travel", "eta", "ms", "rtt", "fee", "fees", "charge", "charges",
    "tariff", "elapsed", "detour", "hops",
}
#: units of time that mean a cost only as a name's last word ("walk_min", "leg_sec"; not
#: "min_flow", a minimum)
_DISTANCE_UNITS = {"min", "mins", "sec", "secs", "hr", "h", "s"}
_STRENGTH = {
    "weight", "weights", "w", "count", "counts", "n", "num", "number", "messages",
    "message", "msgs", "emails", "email", "calls", "call", "strength", "amount", "volume",
    "trips", "similarity", "sim", "freq", "frequency", "flow", "traffic", "capacity",
    "interactions", "votes", "trust", "score", "shared", "cooccurrence", "co", "times",
    "papers", "links", "value", "total", "sum", "visits", "transactions", "bandwidth",
    "tonnes", "tonne", "tons", "ton", "kg", "kilograms", "lbs", "units", "qty", "quantity",
    "barrels", "orders", "sales", "shipments", "items", "pieces", "packages", "bytes",
    "passengers", "seats", "loans", "payments", "transfers", "citations", "mentions",
    "retweets", "replies", "likes", "coauthored", "games", "matches", "together",
    "bought", "purchased", "purchases", "cooccurrences", "occurrences", "passes", "assists",
    "deals",
    # things counted as they move: loads, vehicles, energy, water ("pallets", "mwh")
    "pallets", "crates", "cases", "boxes", "parcels", "containers", "loads", "deliveries",
    "moves", "movements", "flights", "sailings", "departures", "journeys", "rides", "runs",
    "referrals", "shifts", "apps", "appearances", "donations", "gifts", "texts", "posts",
    "comments", "reviews", "vehicles", "trucks", "cars", "buses", "trains", "patients",
    "students", "mwh", "kwh", "gwh", "twh", "megalitres", "litres", "liters", "gallons",
    # how long a tie has lasted ("years" of a mentoring): the longer, the stronger
    "years", "months", "tenure",
    # a bandwidth or throughput in its unit ("uplink_mbit", "link_gbps"): what fits through
    "throughput", "mbit", "mbits", "gbit", "gbits", "kbit", "mbps", "gbps", "kbps", "tbps",
    # how close two people are ("rapport", "affinity", "meetings"): the more, the closer
    "rapport", "affinity", "bond", "bonds", "liking", "loyalty", "intimacy", "familiarity",
    "friendship", "meetings", "sessions", "encounters", "collaborations", "contacts",
    "exchanges", "endorsements", "interaction", "cooperation", "reliance",
    # acts and events counted per tie ("commits" to a repo, "kills" of a prey, "goals")
    "commits", "pushes", "edits", "kills", "catches", "sightings", "detections", "goals",
    "spectators", "attendance", "tickets", "bookings", "downloads", "views", "clicks",
    "seasons", "versions", "pins",
}
#: a cost's unit spent on the tie itself ("hours_together", "shared_minutes", "joint_days"):
#: time spent together is a strength, not a distance
_TOGETHER = {"together", "shared", "joint", "spent", "mutual", "common"}
_RESERVED_NODE = {"id", "label"}
#: a text attribute with at most this many distinct values (and repeats) is a grouping
MAX_GROUPS = 50


def _tokens(name: str) -> list[str]:
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", str(name))
    return [t for t in re.split(r"[^a-z0-9]+", spaced.lower()) if t]


def _stem(name: str) -> str:
    low = str(name).strip().lower()
    # ("trial_ref", "stop_code", "member_no": a reference names its node: trials, stops)
    for suffix in ("_id", " id", "id", "_ref", " ref", "_code", " code", "_no", "_num", "_key"):
        if low.endswith(suffix) and len(low) > len(suffix) + 1:
            return low[: -len(suffix)].rstrip("_ ")
    return low


#: words that name the start of a directed edge, and words that name its end: a source
#: column holding one of the first and a target column one of the second are directed
#: (``origin,dest``, ``from_station,to_station``, ``sender_email,recipient_email``)
_TAILS = {a for a, _ in DIRECTED_PAIRS} | {
    "lender", "donor", "giver", "exporter", "upstream", "supplier", "seller", "vendor",
    "shipper", "provider", "producer", "manufacturer", "creditor", "investor", "funder",
    "sponsor", "mentor", "predator", "attacker", "winner", "inviter", "referrer", "ancestor",
    "coach", "trainer", "tutor", "teacher", "advisor", "adviser", "retweeter", "replier", "endorser", "recommender", "transferor", "remitter",
    "start", "departure", "departing", "pickup", "boarding", "tail",
    # "source_plant,dest_plant" (a bare "source,target" names no head: it stays undirected)
    "source",
    # the verb of setting out ("depart_pier,arrive_pier", "leaves_from,arrives_at")
    "depart", "departs", "departed", "leaves", "leaving", "outgoing", "outbound", "dep",
    # a participle of the act ("referring_hospital,receiving_hospital")
    "referring", "sending", "paying", "lending", "giving", "calling", "citing", "originating",
    "exporting", "supplying", "donating", "shipping", "forwarding", "transferring",
    "selling", "inviting", "recommending"}
_HEADS = {b for _, b in DIRECTED_PAIRS} | {
    "dest", "destination", "citee", "recipient", "borrower", "importer", "downstream",
    "buyer", "customer", "purchaser", "client", "consignee", "debtor", "investee", "grantee",
    "beneficiary", "mentee", "prey", "victim", "trainee", "tutee", "pupil", "apprentice",
    "protege", "advisee", "loser", "invitee", "referee", "descendant",
    "endorsee", "transferee", "end", "arrival", "arriving", "dropoff", "alighting", "head", "arr",
    "receiving", "importing", "accepting", "called", "referred", "paid", "buying",
    "borrowing",
    # the verb of getting there ("depart_pier,arrive_pier", "outbound,inbound")
    "arrive", "arrives", "arrived", "incoming", "inbound"}


#: a source column named by what its node does to the other end: such a name alone says
#: the edge points from it, whatever the other column is called ("retweeter,original_author",
#: "follower,account", "lender,bank"); a noun for a place or a person ("person", "author",
#: "start") does not
_ACTORS = {
    "lender", "donor", "giver", "exporter", "supplier", "seller", "vendor", "shipper",
    "provider", "producer", "manufacturer", "creditor", "investor", "funder", "sponsor",
    "mentor", "predator", "attacker", "winner", "inviter", "referrer", "retweeter", "replier",
    "coach", "trainer", "tutor", "advisor", "adviser",
    "endorser", "recommender", "transferor", "remitter", "follower", "sender", "caller",
    "payer", "citer", "blocker", "subscriber", "liker", "voter", "reviewer", "rater",
    "commenter", "forwarder", "messager", "emailer",
    # "owner_lab,user_lab": what the owner lends out ("from_user,to_user" keeps its own words)
    "owner"}


#: a target column named by what the source does to it ("paper,cites", "user,follows",
#: "employee,reports_to") reads as "source cites target": a directed edge
_VERBS = {
    "cites", "references", "follows", "links", "calls", "pays", "owes", "mentions",
    "retweets", "replies", "likes", "trusts", "endorses", "supervises", "manages", "reports",
    "sends", "emails", "messages", "visits", "buys", "sells", "supplies", "funds", "invests",
    "lends", "borrows", "beats", "defeats", "attacks", "eats", "infects", "refers", "invites",
    "hires", "employs", "teaches", "mentors", "owns", "controls", "imports", "exports",
    "requires", "depends", "precedes", "cited", "followed", "referenced", "invited",
    "needs", "uses", "consumes", "feeds", "imported", "required", "needed", "used",
    # "course,unlocks", "step,triggers", "factor,causes": what the source does to the target
    "unlocks", "unlocked", "enables", "enabled", "triggers", "triggered", "causes", "caused",
    "influences", "approves", "approved", "forwards", "notifies", "blocks", "extends",
    "inherits", "promotes", "serves", "supports", "hosts", "reviews", "rates", "grades"}


#: a target column named by a verb and the preposition of where it goes ("flows_into",
#: "leads_to", "points_to", "drains_into", "belongs_to"): "source flows into target"; a verb
#: of two-way ties ("connected_to", "married_to", "adjacent_to") says nothing of direction
_TOWARDS = {"to", "into", "onto", "towards", "toward"}
_TWO_WAY = {"connected", "connects", "connect", "adjacent", "linked", "married", "related",
            "near", "close", "next", "similar", "equal", "joined", "tied", "paired", "coupled",
            "friends", "friend", "neighbours", "neighbors", "neighbour", "neighbor", "matched",
            "compared", "equivalent", "identical", "opposite", "attached", "bound"}


def _verb_towards(tokens: list[str]) -> bool:
    """Whether column tokens read "<verb> to/into": ``flows_into``, ``leads_to``."""
    return len(tokens) == 2 and tokens[1] in _TOWARDS and tokens[0] not in _TWO_WAY and \
        re.fullmatch(r"[a-z]{3,}", tokens[0]) is not None


#: a column named for a requirement makes the table directed whichever side it is on:
#: ``prerequisite,course`` (taking one unlocks the other) and ``course,prerequisite`` (a
#: course requires the other) both point from the first column to the second
_ORDERING = {"prerequisite", "prerequisites", "prereq", "prereqs", "requirement",
             "requirements", "dependency", "dependencies"}


#: a word naming the one a person answers to: on one side only it makes a reporting table
#: directed whatever the other column is called (``staffer,line_manager``,
#: ``agent_id,supervisor_name``, ``manager,team_member``)
_BOSSES = {"manager", "mgr", "boss", "supervisor", "superior"}


#: words ending in -er / -or that name no one doing something to the other end
_NOT_AGENTS = {"member", "partner", "player", "user", "owner", "number", "other", "neighbor",
               "neighbour", "father", "mother", "brother", "sister", "customer", "peer",
               "border", "order", "layer", "cluster", "character", "letter", "center",
               "centre", "corner", "water", "tower", "river", "computer", "server", "router",
               "color", "colour", "sector", "vector", "actor", "author", "doctor", "editor",
               "director", "officer", "minor", "major", "senior", "junior", "counter",
               "chapter", "paper", "poster", "register", "filter", "folder", "header"}


def _agent(word: str) -> bool:
    """A noun for one who does something: "passer", "infector", "kicker"."""
    return len(word) >= 5 and word.endswith(("er", "or")) and word not in _NOT_AGENTS


#: nouns for the one at the receiving end of another's act ("passer,receiver",
#: "thrower,catcher", "speaker,listener")
_RECEIVING = frozenset({"receiver", "recipient", "catcher", "taker", "listener", "hearer",
                        "reader", "viewer", "watcher", "learner", "answerer", "responder"})


def _agent_and_patient(tails: set[str], heads: set[str]) -> bool:
    """The source named as a doer and the target as the one it is done to: the same verb
    ("infector,infected", "nominator,nominee" by stem, "employer,employee"), or a receiving
    word ("passer,receiver", "donor,recipient")."""
    agents = {t for t in tails if _agent(t)}
    if not agents or tails & _HEADS or heads & (_TAILS | _ACTORS) or \
            any(_agent(h) and h not in _RECEIVING for h in heads):
        return False
    if heads & _RECEIVING or any(len(h) >= 5 and h.endswith("ee") for h in heads):
        return True
    return any(h.endswith("ed") and h[:-2] == a[:-2] for a in agents for h in heads)


def direction_of(source_col: str, target_col: str) -> bool | None:
    """True when the endpoint columns' names say the edges point source -> target, else
    None (no evidence: the caller's default applies). A name counts by its words, so
    ``from_airport`` / ``to_airport`` and ``origin`` / ``dest`` are directed too.

    Example::

        >>> direction_of("origin", "dest"), direction_of("from_station", "to_station")
        (True, True)
        >>> direction_of("start_station", "end_station"), direction_of("pickup", "dropoff")
        (True, True)
        >>> direction_of("course", "prerequisite"), direction_of("manager", "employee")
        (True, True)
        >>> direction_of("paper", "cites"), direction_of("employee", "reports_to")
        (True, True)
        >>> direction_of("retweeter", "original_author"), direction_of("follower", "account")
        (True, True)
        >>> direction_of("tributary", "flows_into"), direction_of("page", "links_to")
        (True, True)
        >>> direction_of("staffer", "line_manager"), direction_of("manager", "team_member")
        (True, True)
        >>> direction_of("passer", "receiver"), direction_of("infector", "infected")
        (True, True)
        >>> direction_of("thrower", "catcher"), direction_of("speaker", "listener")
        (True, True)
        >>> direction_of("referring_hospital", "receiving_hospital")
        True
        >>> direction_of("depart_pier", "arrive_pier"), direction_of("leaves_from", "arrives_at")
        (True, True)
        >>> direction_of("station_a", "station_b"), direction_of("to", "from")
        (None, None)
        >>> direction_of("town", "connected_to")
    """
    pair = (_stem(source_col), _stem(target_col))
    if pair in DIRECTED_PAIRS or pair in ROLE_PAIRS:
        return True
    tails, heads = set(_tokens(source_col)), set(_tokens(target_col))
    if tails & _TAILS and heads & _HEADS and not (tails & _HEADS) and not (heads & _TAILS):
        return True
    if tails & _ACTORS and not heads & (_HEADS | _ACTORS) and not tails & _HEADS:
        return True  # "retweeter,original_author": the source named by what it does
    if _agent_and_patient(tails, heads):
        return True  # "passer,receiver", "infector,infected"
    if (tails ^ heads) & _BOSSES:  # on one side only
        return True  # "staffer,line_manager", "manager,team_member"
    if (tails ^ heads) & _ORDERING:  # on one side only
        return True  # "prerequisite,course", "course,prereq_id"
    if heads & _VERBS and "by" not in heads and not tails & (_VERBS | _HEADS):
        return True  # "paper,cites"; not "paper,cited_by" (that edge points the other way)
    if _verb_towards(_tokens(target_col)) and not _verb_towards(_tokens(source_col)):
        return True  # "tributary,flows_into", "step,leads_to"
    return None


#: a column of time that a tie between a person and an event can only be time spent
_TIME_SPENT = re.compile(r"(?:^|_)(?:hours?|hrs?|minutes?|mins?|days?)(?:_|$)", re.IGNORECASE)


#: the bare words of a link's two ends ("from_station,to_station", "origin,dest")
_LINK_ENDS = {"from", "to", "origin", "orig", "dest", "destination", "start", "end"}
#: nouns of places that a track, road or path joins (not a port, an airport or a hub: a
#: flight or a sailing listed once is one way)
_PLACES = {"station", "stn", "stop", "halt", "junction", "point", "town", "city", "village",
           "intersection", "crossing", "node", "location", "place", "gate", "camp", "depot",
           "building", "room", "landmark", "waypoint", "checkpoint", "exit"}


def verb_column(name: str) -> bool:
    """Whether an endpoint column is named by what the other end does to it ("requires",
    "depends_on", "cites", "links_to"): its nodes are the same kind as the other column's.

        >>> verb_column("requires"), verb_column("depends_on"), verb_column("callee")
        (True, True, False)
    """
    tokens = _tokens(_stem(name))
    return bool(set(tokens) & _VERBS) or _verb_towards(tokens)


def place_link_ends(source_col: str, target_col: str) -> bool:
    """Whether the endpoint columns name only the two ends of a link between places of one
    kind ("from_station,to_station", "origin_town,dest_town", "start_junction,end_junction"):
    a table of track or road segments may list each one way round without meaning one way.

        >>> place_link_ends("from_station", "to_station"), place_link_ends("origin_town", "dest_town")
        (True, True)
        >>> place_link_ends("origin", "dest"), place_link_ends("from_airport", "to_airport")
        (False, False)
        >>> place_link_ends("from_page", "to_page"), place_link_ends("sender", "receiver")
        (False, False)
    """
    tails, heads = _tokens(_stem(source_col)), _tokens(_stem(target_col))
    rest = [w for w in tails if w not in _LINK_ENDS]
    return bool(set(tails) & _LINK_ENDS) and bool(set(heads) & _LINK_ENDS) and \
        rest == [w for w in heads if w not in _LINK_ENDS] and len(rest) == 1 and \
        (rest[0].rstrip("s") in _PLACES or rest[0] in _PLACES)


def two_roles(source_col: str, target_col: str) -> bool:
    """Whether the endpoint columns name two different roles, each a noun for one who does
    something ("requester,coverer", "asker,answerer"), sharing no word: the same act seen
    from its two ends, never two interchangeable ends ("person_a,person_b", "station1,station2").

        >>> two_roles("requester", "coverer"), two_roles("person_a", "person_b")
        (True, False)
    """
    tails, heads = set(_tokens(_stem(source_col))), set(_tokens(_stem(target_col)))
    return len(tails) == 1 and len(heads) == 1 and not tails & heads and \
        _agent(next(iter(tails))) and _agent(next(iter(heads)))


def weight_role(column: str) -> Sense | None:
    """``distance`` / ``strength`` from a numeric edge column's name, else None.

    Example::

        >>> weight_role("dist_km"), weight_role("n_messages"), weight_role("walk_min")
        ('distance', 'strength', 'distance')
        >>> weight_role("min_flow"), weight_role("rtt"), weight_role("zeta")
        ('strength', 'distance', None)
        >>> weight_role("hours_together"), weight_role("rapport")
        ('strength', 'strength')
        >>> weight_role("calls_per_minute"), weight_role("sailings_per_week"), weight_role("cost_per_km")
        ('strength', 'strength', 'distance')
    """
    tokens = _tokens(column)
    if not tokens:
        return None
    if "per" in tokens[1:]:  # a rate: its numerator says ("calls_per_minute" counts calls,
        cut = tokens.index("per")  # "cost_per_km" a cost); a count per unit of time is a
        head = weight_role("_".join(tokens[:cut]))  # frequency ("sailings_per_week")
        if head is not None:
            return head
        if set(tokens[cut + 1:]) & (_DISTANCE | _DISTANCE_UNITS | {"week", "weeks", "month",
                                                                  "year", "day", "wk", "yr"}):
            return "strength"
    if set(tokens) & _TOGETHER:
        return "strength"
    for t in tokens:
        if t in _DISTANCE:
            return "distance"
    for t in tokens:
        if t in _STRENGTH:
            return "strength"
    if len(tokens) > 1 and tokens[-1] in _DISTANCE_UNITS:
        return "distance"  # "walk_min", "leg_sec", "drive_h"
    return None


def has_weights(edge_columns) -> bool:
    """True when an edge column is a weight: one named ``weight``, or one whose name gives
    it a role (``km``, ``minutes``, ``trips``, ``tonnes``); a column of unknown role is not.

    Example::

        >>> has_weights(["km"]), has_weights(["weight"]), has_weights(["zeta", "label"])
        (True, True, False)
    """
    return any(str(c) == "weight" or weight_role(str(c)) for c in edge_columns
               if str(c) not in ("source", "target"))


def table_facts(nodes: pd.DataFrame, edges: pd.DataFrame, src: np.ndarray | None = None,
                dst: np.ndarray | None = None) -> dict[str, Any]:
    """What the stored tables themselves show: numeric edge columns, node attribute kinds
    (with group sizes for categorical ones), and two-mode evidence. ``src``/``dst`` are the
    edges' row positions in ``nodes`` when known (else computed)."""
    numeric = [str(c) for c in edges.columns if c not in ("source", "target")
               and pd.api.types.is_numeric_dtype(edges[c]) and not pd.api.types.is_bool_dtype(edges[c])
               and edges[c].notna().any()]
    kinds: dict[str, dict[str, Any]] = {}
    n = len(nodes)
    for col in nodes.columns:
        if col in _RESERVED_NODE or not nodes[col].notna().any():
            continue
        s = nodes[col].dropna()
        if pd.api.types.is_bool_dtype(s):
            kinds[str(col)] = {"kind": "categorical", "values": int(s.nunique())}
        elif pd.api.types.is_numeric_dtype(s):
            kinds[str(col)] = {"kind": "numeric"}
        else:
            distinct = int(s.astype(str).nunique())
            few = distinct <= MAX_GROUPS and distinct < max(2, len(s))
            kinds[str(col)] = ({"kind": "categorical", "values": distinct,
                                "top_values": [str(v) for v in s.astype(str).value_counts().index]}
                               if few and distinct > 1 else {"kind": "text"})
    facts: dict[str, Any] = {"numeric_edge_columns": numeric, "node_kinds": kinds}
    if n and len(edges):
        if src is None or dst is None:
            ids = pd.Index(nodes["id"].astype(str))
            src = ids.get_indexer(edges["source"].astype(str))
            dst = ids.get_indexer(edges["target"].astype(str))
        facts["modes"] = _modes(nodes, kinds, np.asarray(src), np.asarray(dst))
    return facts


def _modes(nodes: pd.DataFrame, kinds: dict, src: np.ndarray, dst: np.ndarray) -> dict | None:
    if len(src) == 0 or src.min() < 0 or dst.min() < 0:
        return None
    for col, k in kinds.items():
        if k.get("values") == 2:
            found = _by_attribute(nodes, col, src, dst)
            if found:
                return found
    n = len(nodes)
    left, right = np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
    left[src], right[dst] = True, True  # marks, not sorts: one pass over the edges
    if min(int(left.sum()), int(right.sum())) >= 2 and not (left & right).any():
        left, right = placed(nodes, left, right)
    sizes = int(left.sum()), int(right.sum())
    if min(sizes) >= 2 and not (left & right).any() and sum(sizes) >= n - max(1, n // 10):
        # a node in no edge (a plant nobody visited, from the node table) is on a column's
        # side only where its node-table values say so (:func:`placed`); else it is counted
        # apart (``unplaced``), never guessed onto one
        out = {"by": "endpoints", "sides_sizes": list(sizes),
               "ids": [id_form(pd.Series(nodes["id"].to_numpy()[m])) for m in (left, right)]}
        return out | ({"unplaced": n - sum(sizes)} if sum(sizes) < n else {})
    for col, k in kinds.items():
        # networkx's own marking, ``bipartite`` 0/1, on edges written either way round
        if k.get("kind") == "numeric" and nodes[col].dropna().nunique() == 2:
            found = _by_attribute(nodes, col, src, dst)
            if found:
                return found
    return None


def placed(nodes: pd.DataFrame, left: np.ndarray, right: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two sides' marks with each node in no edge added to the side whose nodes alone
    fill the node-table columns it fills: a course only in the courses' table (``credits``
    set, no student has one) is a course. A node that columns would put on both sides, or
    none, stays on neither.

    >>> nodes = pd.DataFrame({"id": ["ann", "bo", "ART", "MATH", "PHYS"],
    ...                       "credits": [None, None, 5.0, 10.0, 5.0]})
    >>> left, right = np.array([1, 1, 0, 0, 0], bool), np.array([0, 0, 0, 1, 1], bool)
    >>> [m.tolist() for m in placed(nodes, left, right)]
    [[True, True, False, False, False], [False, False, True, True, True]]
    """
    loose = ~(left | right)
    if not loose.any():
        return left, right
    to_left, to_right = np.zeros_like(loose), np.zeros_like(loose)
    for col in nodes.columns:
        if col == "id":
            continue
        filled = nodes[col].notna().to_numpy()
        on_left, on_right = bool((filled & left).any()), bool((filled & right).any())
        if on_left != on_right:
            (to_left if on_left else to_right)[filled & loose] = True
    one = to_left != to_right
    return left | (to_left & one), right | (to_right & one)


def _by_attribute(nodes: pd.DataFrame, col: str, src: np.ndarray, dst: np.ndarray) -> dict | None:
    """The two modes a two-valued node column gives when every edge joins its two values."""
    values = nodes[col].astype(str).where(nodes[col].notna())
    codes, _ = pd.factorize(values)
    a, b = codes[src], codes[dst]
    if not bool(((a >= 0) & (b >= 0) & (a != b)).all()):
        return None
    sizes = values.dropna().value_counts()
    return {"by": "attribute", "attribute": col,
            "sides": {str(v): int(sizes[v]) for v in sorted(sizes.index)},
            "ids": {str(v): id_form(nodes["id"][values == v]) for v in sorted(sizes.index)}}


#: an id of letters and a number ("E8", "proj-12", "P 3"): (the letters, the number)
_CODED = re.compile(r"([A-Za-z]{1,12})[ _-]?\d+")
#: an id written as a proper name: capitalised words without digits ("Evelyn Jefferson")
_PROPER = re.compile(r"[A-Z][a-z'’.-]+(?:[ -](?:[A-Z][A-Za-z'’.-]+|van|de|von|da|di|le|la))*")


def id_form(ids: pd.Series) -> dict[str, Any]:
    """How one side's node ids are written, so a question's noun can be matched to the side
    when the side has no name: two ``examples``, the ``prefix`` every id shares before a
    number ("E1".."E14": ``E``) or ``names`` when every id is a proper name.

    Example::

        >>> id_form(pd.Series(["E1", "E2", "E10"]))
        {'examples': ['E1', 'E2'], 'prefix': 'E'}
        >>> id_form(pd.Series(["Evelyn Jefferson", "Nora Fayette"]))
        {'examples': ['Evelyn Jefferson', 'Nora Fayette'], 'names': True}
    """
    texts = [str(i) for i in ids.dropna()]
    out: dict[str, Any] = {"examples": texts[:2]}
    coded = [_CODED.fullmatch(t) for t in texts]
    prefixes = {m.group(1).lower() for m in coded if m}
    if texts and all(coded) and len(prefixes) == 1:
        out["prefix"] = coded[0].group(1)  # type: ignore[union-attr]
    elif texts and all(_PROPER.fullmatch(t) for t in texts):
        out["names"] = True
    return out


def _unnamed(sides: list[str]) -> bool:
    """Whether a two-mode graph's side names carry no word ("sources"/"targets" of a graph
    object, attribute values "0"/"1" or "True"/"False")."""
    return all(s.lower() in ("sources", "targets", "true", "false") or not re.search(
        r"[a-z]{2}", s, re.IGNORECASE) for s in sides)


def meaning(facts: dict[str, Any], directed: bool, choices: dict[str, Any] | None) -> dict:
    """The graph's meaning from its table facts and the construction's choices (``choices``:
    ``endpoints``, ``directed_by``, ``weight``, ``means`` as stored with the dataset)."""
    choices = choices or {}
    numeric = list(facts.get("numeric_edge_columns", []))
    means: dict[str, str] = dict(choices.get("means") or {})
    roles = {c: means.get(c) or weight_role(c) for c in numeric}
    ends = choices.get("endpoints") or []
    if facts.get("modes") and not directed and len(ends) == 2 and not (
            set(_tokens(_stem(ends[0]))) & set(_tokens(_stem(ends[1])))):
        # two kinds of nodes named apart ("volunteer,shift"): a time on a tie between a person
        # and a shift is time spent there, an amount (never a length to add up on a route);
        # ends of one kind ("lock_a,lock_b", "from_station,to_station") keep it a length
        roles = {c: "strength" if r == "distance" and not means.get(c) and _TIME_SPENT.search(c)
                 else r for c, r in roles.items()}
    explicit = choices.get("weight")
    if explicit and explicit in numeric:
        default = explicit
    elif not choices.get("endpoints"):
        default = None  # a graph object keeps networkx's convention: weights are named per call
    else:
        known = [c for c in numeric if roles[c]]
        default = ("weight" if "weight" in known else known[0] if len(known) == 1 else None)
    endpoints = choices.get("endpoints")
    modes = facts.get("modes")
    if modes and modes.get("by") == "endpoints":
        names = [_plural(_stem(e)) for e in endpoints] if endpoints else ["sources", "targets"]
        ids = dict(zip(names, modes.get("ids") or [], strict=False))
        modes = {"by": "endpoints", "sides": dict(zip(names, modes["sides_sizes"], strict=True)),
                 **({"unplaced": modes["unplaced"]} if modes.get("unplaced") else {}),
                 **({"ids": ids} if ids else {})}
    if modes and modes.get("ids") and not _unnamed(list(modes["sides"])):
        # sides named by their columns or values ("women"/"events") say what they hold
        modes = {k: v for k, v in modes.items() if k != "ids"}
    groups = {c: k["values"] for c, k in facts.get("node_kinds", {}).items()
              if k["kind"] == "categorical"}
    out = {"directed": directed, "directed_by": choices.get("directed_by", "source"),
           "direction": list(endpoints) if directed and endpoints else None,
           "weights": roles, "default_weight": default,
           "node_attributes": facts.get("node_kinds", {}), "groups": groups, "modes": modes}
    out["line"] = describe(out)
    return out


def describe(m: dict) -> str:
    """One line a person reads: ``directed citing → cited · km = distance · 2 modes: ...``."""
    parts = []
    if m["directed"]:
        d = m.get("direction")
        parts.append(f"directed {d[0]} → {d[1]}" if d else "directed")
    elif m.get("directed_by") == "links":
        parts.append("undirected (links between places, each listed once with its length; "
                     "directed=True reads each row one way)")
    else:
        parts.append("undirected")
    roles = m.get("weights") or {}
    default = m.get("default_weight")
    for col, role in roles.items():
        text = f"{col} = {role or 'unknown role'}"
        parts.append(text + (" (default weight)" if col == default and len(roles) > 1 else ""))
    if roles and default is None:
        parts.append("no default weight: name one")
    if not roles:
        parts.append("unweighted")
    modes = m.get("modes")
    if modes:
        sides = ", ".join(f"{v} {k}" for k, v in modes["sides"].items())
        apart = f", {modes['unplaced']} in no edge (side unknown)" if modes.get("unplaced") else ""
        parts.append(f"2 modes: {sides}{apart}")
    groups = {c: v for c, v in (m.get("groups") or {}).items()
              if not (modes and modes.get("attribute") == c)}
    if groups:
        parts.append("groups: " + ", ".join(f"{c} ({v})" for c, v in groups.items()))
    return " · ".join(parts)


_IRREGULAR = {"woman": "women", "man": "men", "person": "people", "child": "children"}


def _plural(word: str) -> str:
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if not word or word.endswith("s") or word in _IRREGULAR.values():  # "women"
        return word
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "es" if re.search(r"(?:ch|sh|x|z)$", word) else word + "s"  # "dishes"


def weight_use(m: dict, requested: str | None, explicit: bool, sense: Sense) -> dict[str, Any]:
    """How an algorithm that needs ``sense`` uses a weight: ``{"attribute", "role",
    "inverted", "sense", "note"}`` (attribute None: unweighted). ``requested`` is the tool's
    ``weight`` argument, ``explicit`` whether it was given (else the default weight)."""
    attr = requested if explicit else m.get("default_weight")
    if isinstance(attr, str) and attr.strip().lower() in ("", "none", "null", "unweighted"):
        attr = None
    if attr is None:
        return {"attribute": None, "role": None, "inverted": False, "sense": sense,
                "note": "unweighted"}
    role = (m.get("weights") or {}).get(attr)
    inverted = role is not None and role != sense
    if inverted:
        note = f"{attr} is a {role}; used as 1/{attr} for this {sense}-based measure"
    elif role is None:
        note = f"{attr} (role unknown) read as a {sense}"
    else:
        note = f"{attr} as {sense}"
    return {"attribute": attr, "role": role, "inverted": inverted, "sense": sense, "note": note}


_CHOICE_FIELDS = {"directed": "directed", "weight": "weight_col", "means": "weight_means"}


class Edges:
    """An attachment with its reading chosen: ``attach=[Edges(df, directed=True,
    weight="km", means="distance")]``. The choices win over inference for the graph the
    runtime builds from the request's attachments.

    Example::

        >>> Edges([[1, 2]], directed=True, weight="km", means="distance").spec_fields()
        {'directed': True, 'weight_col': 'km', 'weight_means': 'distance'}
    """

    def __init__(self, data: Any, *, directed: bool | None = None, weight: str | None = None,
                 means: Sense | None = None) -> None:
        if means is not None and means not in ("distance", "strength"):
            raise ValueError(f"means must be 'distance' or 'strength', not {means!r}")
        if means is not None and not weight:
            raise ValueError("means needs weight (the column it describes)")
        if directed is not None and not isinstance(directed, bool):
            raise ValueError("directed must be True, False or None")
        self.data, self.directed, self.weight, self.means = data, directed, weight, means

    def spec_fields(self) -> dict[str, Any]:
        """The GraphSpec fields these choices set."""
        values = {"directed": self.directed, "weight": self.weight, "means": self.means}
        return {_CHOICE_FIELDS[k]: v for k, v in values.items() if v is not None}

    def __repr__(self) -> str:
        return f"Edges({type(self.data).__name__}, {self.spec_fields()})"


def unwrap(objects: list[Any]) -> tuple[list[Any], dict[str, Any]]:
    """(the attachments as plain objects, the GraphSpec fields their :class:`Edges` choose);
    two attachments that choose differently are a ValueError."""
    plain, fields = [], {}
    for obj in objects:
        if isinstance(obj, Edges):
            for k, v in obj.spec_fields().items():
                if fields.get(k, v) != v:
                    raise ValueError(f"two attachments choose {k} differently")
                fields[k] = v
            obj = obj.data
        plain.append(obj)
    return plain, fields
