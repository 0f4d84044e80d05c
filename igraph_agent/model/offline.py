"""The built-in offline planner, provider ``offline`` (``offline/planner``).

Deterministic, no network, no key. Every turn it re-reads the conversation and decides:

1. check graph state first (``get_graph_info``);
2. if nothing is loaded: construct from attached sources, or load the active/available
   dataset, then verify with ``get_graph_info``;
3. map the question to intents (``model/intents.py``) and emit all their independent
   calls in one turn, dependent ones in later turns;
4. answer with numbers taken only from tool results — or ask for clarification
   (``ask_user``) when the question maps to no tool.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import replace
from typing import Any

from igraph_agent.model import (
    bare_asks,
    compose,
    dangling,
    data_nouns,
    distance_intents,
    group_steps,
    head_to_head,
    lead_in,
    left_out,
    memoryplan,
    node_or_value,
    query_intents,
    scope,
    set_steps,
    side_nouns,
    sides,
    skillplan,
    slots,
    topics,
    topn,
    two_asks,
    unheld_subset,
    unknown_names,
    unknown_quantity,
    unweighted,
    vocabulary,
)
from igraph_agent.model import intents as intent_table
from igraph_agent.model.graph_intents import UNRESOLVED, UNSETTLED
from igraph_agent.model.group_intents import CUT_SHORT
from igraph_agent.model.planstate import FIND_TOOLS, Call, Observed, PlanState
from igraph_agent.model.registry import Ask, Intent, clarification, gaps
from igraph_agent.model.semantic_intents import NO_GROUP_PICKED, SAME_SIDE
from igraph_agent.model.structure_intents import NO_FIGURE, NO_TWO_WAY, TWO_MODE_CLIQUE
from igraph_agent.results.data import ConstructGraphResult, GetGraphInfoResult

CLARIFY = "ask_user"


def plan(messages: list[dict], tools: list[dict] | None,
         context: dict[str, Any] | None = None) -> dict[str, Any]:
    """The next assistant message for this conversation; ``context`` holds the request's
    options and skill catalogue as data (``model/context.py``)."""
    st = PlanState.from_messages(messages, tools, context)
    st = replace(st, question=vocabulary.spelled_out(st.question),  # "w/o valjean", "# of"
                 context={**st.context, "typed": st.question})  # as typed: "(farms + coops)"
    st = replace(st, question=topics.context_read(st.question, _own(st)))  # "There's a route …"
    st = replace(st, question=topics.asked_mark(st.question))  # "List the accounts X follows."
    tail = lead_in.asked(st.question)  # "Sanity check: no loops, right? Is it acyclic?"
    st = node_or_value.masked(replace(st, question=tail) if tail else st)
    st = replace(st, question=vocabulary.as_which(st.question))  # "list the papers citing X"
    st = replace(st, question=vocabulary.nobody_did(  # "which locks did nobody go through"
        st.question, bool(st.meaning().get("directed"))))
    st = side_nouns.renamed(st, st.question)  # "which woman" on sides "0"/"1"
    return side_nouns.restored(_plan(st), st)


def _plan(st: PlanState) -> dict[str, Any]:
    found = [w for w in _lookups(st) if _resolved(st, _looked(w))]
    st = replace(st, question=topics.context_read(_topic_read(st), _own(st)))  # "medici - who'd…"
    st = replace(st, question=vocabulary.expanded(st.question, _info(st)))  # "pts": ``patients``
    st = replace(st, question=vocabulary.column_qualified(  # "PhD students": the students
        st.question, _info(st), [n for n in slots.named(st.question) if _no_match(st, n)]))
    # "Highmoor reservoir feeds how many sites": how many sites does Highmoor feed; "stops
    # with zero outgoing legs?": which stops have no outgoing legs
    st = replace(st, question=bare_asks.read_first(st.question, _info(st)))  # "most visited site?"
    asked = st.question
    unfound = [w for w in _lookups(st) if st.done(_search(_looked(w))) is not None
               and not _resolved(st, _looked(w))]  # "of tenure per unit": no node
    named = vocabulary.lower_names(st.question, _info(st), found, unfound)  # "eli's" -> "Eli's"
    named = side_nouns.who_as_side(named, st.meaning())  # "who went to the most events"
    named = vocabulary.demonyms(named, _info(st))  # "Polish vendors": country = Poland
    named = scope.named_data(named, _info(st), lambda n: bool(_resolved(st, n)))  # "the Davis data"
    named = scope.drop_unfound(named, _info(st), [n for n in slots.named(named)
                                                  if _no_candidate(st, n)])  # "in Les Mis"
    st = replace(st, question=vocabulary.normalise(named, _info(st)),
                 context={**st.context, "asked": asked, "found_names": found})
    if not st.tools:  # budget exhausted: a tool-less final call
        return _reply(st, _final_answer(st, _planned(st, skillplan.intents(st)), budget_out=True))
    noted = memoryplan.reply(st)  # "Remember: ..." -> remember(...), then say what was kept
    if noted is not None:
        kind, payload = noted
        if isinstance(payload, list):
            return _tool_calls(_found_first(st, payload), st.turns)
        return _clarify(payload) if kind == "ask" and CLARIFY in st.tools else _text(payload)
    steppable = st.graph_loaded() and not st.needs_verification() and \
        st.output_format != "report" and st.question not in vocabulary.WHOLE_ASKS
    if steppable and st.context.get("side_ask"):  # "which actor" on sides no noun tells
        return _clarify(st.context["side_ask"]) if CLARIFY in st.tools \
            else _text(st.context["side_ask"])
    grouped = group_steps.steps(asked, list(vocabulary.groupings(st.meaning()))) \
        if steppable else None
    if grouped is not None:  # "within the largest team, who has the most connections"
        return _group_steps(st, grouped)
    two = compose.steps(asked) if steppable else None
    if two is None and steppable and _whole_falls_short(st):
        # "farthest from the most central stall", "the best-connected neighbour of the member
        # with the highest betweenness", "how far is Valjean from the character with the most
        # connections other than himself": planned whole, it answers a ranking alone or asks
        two = compose.steps(asked, own=True)
    stepped = _two_steps(st, two) if two is not None else None
    if stepped is not None:
        return stepped
    left = left_out.split(asked) if steppable else None
    stepped = _left_out(st, *left) if left is not None else None
    if stepped is not None:  # "apart from Valjean, who has the largest total weight"
        return stepped
    among = set_steps.steps(asked) if steppable else None
    whole = among is not None and any(i.name in ("neighbour_rank", "neighbour_side_rank")
                                      for i in intent_table.match(st.question, st))
    ranked = _set_steps(st, among) if among is not None and not whole else None
    if ranked is not None:  # "which of the families married to the Medici has the most ...":
        return ranked  # planned whole, it would rank the named node itself
    pair = two_asks.split(asked) if steppable and two is None and among is None else None
    both = _both_asks(st, *pair, whole_first=two_asks.conditional(asked)) \
        if pair is not None else None
    if both is not None:  # "how many countries …, and how many sites are in Westmark?"
        return both
    again = two_asks.split(st.question) if steppable and two is None and among is None and \
        st.question != asked and two_asks.conditional(st.question) else None
    both = _both_asks(st, *again, whole_first=two_asks.conditional(st.question)) \
        if again is not None and again != pair else None
    if both is not None:  # "if not, …" once in the planner's words: "can every node reach
        return both  # every other one? if not, which are the odd ones out"
    unread = compose.unfollowed(asked) if steppable and two is None else None
    if unread is not None:  # "Pick the top port. Of those it ships to, which …": ask
        said = (f"This asks in two steps: \"{unread[0]}\", then \"{unread[1]}\" on its "
                "answer. I can answer the first step, but not the second one on its result: "
                "shall I answer the first, or can you name the nodes the second is about?")
        offered = _with_offers(st, said)
        return _clarify(offered.question, offered.suggestions) if CLARIFY in st.tools \
            else _text(offered.question)
    calls = _next_calls(st)
    ranked = _set_steps(st, among) if whole and among is not None and \
        isinstance(calls, (str, Ask)) else _neighbour_total(st, asked) if steppable else None
    if ranked is not None:  # "the combined load_mw of the substations connected to Eastleigh"
        return ranked
    if isinstance(calls, str) and st.graph_loaded():
        calls = _with_offers(st, calls)
    if isinstance(calls, Ask):
        return _clarify(calls.question, calls.suggestions) if CLARIFY in st.tools \
            else _text(calls.question)
    if isinstance(calls, str):
        return _clarify(calls) if CLARIFY in st.tools else _text(calls)
    if calls:
        return _tool_calls(_found_first(st, calls), st.turns)
    planned = _planned(st, skillplan.intents(st))
    unsearched = _unsearched(st, planned)
    if unsearched:
        return _tool_calls(unsearched, st.turns)  # is each name a node the answer is about?
    return _reply(st, _final_answer(st, planned))


def _whole_falls_short(st: PlanState) -> bool:
    """Whether the question planned whole answers only a ranking, matches no intent, or
    asks instead of answering."""
    if _ranking_alone(st) or not intent_table.match(st.question, st):
        return True
    return isinstance(_next_calls(st), (str, Ask))


def _ranking_alone(st: PlanState) -> bool:
    """Whether the question planned whole would answer only a ranking (its best-connected
    or most central node then being the input of an ask no intent took)."""
    names = {i.name for i in intent_table.match(st.question, st)}
    return bool(names) and names <= intent_table.RANKINGS


def _unsearched(st: PlanState, planned: list[tuple[Any, list[Call]]]) -> list[Call]:
    """The searches of the question's names that no call of the answer took, not run yet."""
    if not (st.can_call("search_node") and st.graph_loaded()):
        return []
    return [_search(n) for n in _untaken(_made(st, planned),
                                         {n: {n.lower()} for n in slots.named(st.question)})
            if st.done(_search(n)) is None]


def _step(st: PlanState, text: str) -> PlanState:
    """The state as the planner reads one step of a two-step question."""
    text = vocabulary.as_which(text)  # "… -> list the papers citing it"
    text = side_nouns.who_as_side(text, st.meaning())  # "who gives the most talks": an author
    return replace(st, question=vocabulary.normalise(vocabulary.lower_names(text, _info(st)),
                                                     _info(st)),
                   context={**st.context, "asked": text})


def _two_steps(st: PlanState, two: compose.Steps) -> dict[str, Any] | None:
    """A question in two steps (``model/compose.py``): the first step's ranking, then the
    second step on its top node, answered together; the next calls of the step under way.
    It asks when several nodes share the top, or when no analysis answers the second step
    (showing the first part). None where the first step is no ranking the planner answers:
    the question is then planned whole."""
    first = _step(st, two.first)
    ranked = _stepped(first)
    if not isinstance(ranked, tuple):
        if isinstance(ranked, Ask):  # a clause's ranking planned whole answers only the clause
            return _reply(st, ranked) if two.clause else None
        return ranked
    answer, made = ranked
    top = compose.top_node([o for o in (st.done(c) for c in made) if o is not None], two.first,
                           two.count, two.without)
    if not top:
        if not two.clause:
            return None
        ask = _ask(first)
        return _reply(st, Ask(f"{answer}\n\nThe rest of the question builds on one node, and "
                              f"this ranking names none I can take further: which node do you "
                              f"mean?", ask.suggestions))
    note = skillplan.note(first)
    if note and answer.endswith(note):
        answer = answer[: -len(note)].rstrip()
    if len(top) > two.count and two.embedded and not two.clause:
        return None
    if len(top) > two.count:
        ask = _ask(first)
        what = "one node" if two.count == 1 else f"{two.count} nodes"
        return _reply(st, Ask(f"{answer}\n\nThe rest of the question builds on {what}, and "
                              f"{_listed([n for n in top if n != '…'])}"
                              f"{' (and nodes the ranking did not list)' if '…' in top else ''} "
                              f"are each at the top: which do you mean?", ask.suggestions))
    named = " and ".join(compose.as_name(n) for n in top)
    if two.without:  # "other than himself": the top once the named node is left out
        answer = f"Leaving out {_listed(list(two.without))}, the top is **{named}**.\n\n{answer}"
    second = _step(st, two.then(named))
    among = set_steps.steps(two.then(named))
    then = _stepped(second) if among is None else _set_stepped(st, among)
    if isinstance(then, Ask):  # never the first part alone as if it were the whole
        return _reply(st, Ask(f"I can answer only the first part: {answer}\n\nThe rest builds "
                              f"on {named}: {then.question}", then.suggestions))
    if not isinstance(then, tuple):
        return then
    said = then[0]
    if skillplan.note(second) and said.endswith(skillplan.note(second)):
        said = said[: -len(skillplan.note(second))]
    if not said.strip(" \n.:"):  # the second step found nothing: never the first part alone
        ask = _ask(second)
        return _reply(st, Ask(f"I can answer only the first part: {answer}\n\nThe rest builds "
                              f"on {named}, and nothing answered it: {ask.question}",
                              ask.suggestions))
    if _untaken(then[1], {n: {str(n).lower()} for n in top}):  # a name read as another node
        ask = _ask(second)
        return _reply(st, Ask(f"I can answer only the first part: {answer}\n\nI could not take "
                              f"{' and '.join(top)} further: {ask.question}", ask.suggestions))
    return _reply(st, compose.joined(answer, " and ".join(top), then[0]))


def _both_asks(st: PlanState, first_ask: str, second_ask: str,
               whole_first: bool = False) -> dict[str, Any] | None:
    """Two independent asks (``model/two_asks.py``) answered one after the other and joined;
    the next calls of the part under way. Where the first part is not understood the
    question is planned whole (None); where only the second is not, the first part's answer
    is shown and the rest asked about — or, for a second part said "if not, …"
    (``whole_first``), the question is planned whole: one analysis may answer both ("can you
    get from every stop to every other? if not, which stop is stranded")."""
    first = _step(st, first_ask)
    one = _stepped(first)
    second = _step(st, second_ask)
    if isinstance(one, Ask):  # the first part not understood: never the second as the whole
        other = _stepped(second)
        if not isinstance(other, tuple):
            return None if isinstance(other, Ask) else other
        return _reply(st, Ask(f"I can answer only the second part: {_unnoted(second, other[0])}"
                              f"\n\nFor the first (\"{first_ask}\"): {one.question}",
                              one.suggestions))
    if not isinstance(one, tuple):
        return one
    other = _stepped(second)
    if isinstance(other, Ask) and whole_first:
        return None
    if isinstance(other, Ask):
        return _reply(st, Ask(f"I can answer only the first part: {_unnoted(first, one[0])}\n\n"
                              f"For the rest (\"{second_ask}\"): {other.question}",
                              other.suggestions))
    if not isinstance(other, tuple):
        return other
    return _reply(st, f"{_unnoted(first, one[0])}\n\n{other[0]}")


def _unnoted(st: PlanState, answer: str) -> str:
    """An answer without the skill note that closes it (it is said once, at the end)."""
    note = skillplan.note(st)
    return answer[: -len(note)].rstrip() if note and answer.endswith(note) else answer


def _left_out(st: PlanState, rest: str, names: tuple[str, ...]) -> dict[str, Any] | None:
    """A ranking that leaves named nodes out (``model/left_out.py``): the ranking planned
    without the exclusion, then its top among the nodes left. None where the rest is no
    ranking the planner answers (the question is then planned whole)."""
    step = _step(st, rest)
    if not _ranking_alone(step):
        return None
    ranked = _stepped(step)
    if not isinstance(ranked, tuple):
        return ranked if isinstance(ranked, dict) else None
    answer, made = ranked
    results = [o for o in (st.done(c) for c in made) if o is not None]
    top = compose.top_node(results, rest, 1, names)
    rows = next((r for r in (compose.rows(o, rest) for o in results) if r), [])
    said = left_out.answer(rows, names, top, topn.top_count(rest) or 1)
    return None if said is None else _reply(st, f"{said}\n\nWith everyone: {answer}")


def _group_steps(st: PlanState, gs: group_steps.GroupSteps) -> dict[str, Any]:
    """A question whose first step ranks the groups of an attribute and whose second asks
    about the nodes of the top group (``model/group_steps.py``), answered together; the next
    calls of the step under way. It asks when no single group tops the ranking, or when no
    analysis answers the second step (showing the first part), never the first alone."""
    two = compose.steps(gs.first) if gs.by_node else None
    if two is not None:  # "what team is the best-connected employee on": itself two steps
        done = _two_steps(_step(st, gs.first), two)
        if done is None or done.get("tool_calls"):
            return done if done is not None else _reply(st, _ask(st))
        ranked: Any = (str(done.get("content") or ""), [])
    else:
        ranked = _stepped(_step(st, gs.first))
    if not isinstance(ranked, tuple):
        return _reply(st, ranked) if isinstance(ranked, Ask) else ranked
    answer, _ = ranked
    values = vocabulary.groupings(st.meaning()).get(gs.attribute, [])
    value = group_steps.named_value(answer, values) if gs.by_node else \
        group_steps.top_value(answer, values)
    if value is None:
        return _reply(st, Ask(f"{answer}\n\nThe rest of the question looks inside one "
                              f"{gs.attribute}, and this ranking names none I can take further: "
                              f"which {gs.attribute} do you mean?", []))
    second = _step(st, gs.then(value))
    then = _stepped(second)
    if isinstance(then, Ask):
        return _reply(st, Ask(f"I can answer only the first part: {answer}\n\nThe rest looks "
                              f"inside {value}: {then.question}", then.suggestions))
    if not isinstance(then, tuple):
        return then
    return _reply(st, group_steps.joined(answer, value, gs.attribute, then[0]))


def _set_steps(st: PlanState, ss: set_steps.SetSteps) -> dict[str, Any] | None:
    """A ranking taken over one node's neighbours (``model/set_steps.py``) that no intent
    answered whole: the node found, then the second step's ranking moved onto its neighbours
    alone (the way the question's verb follows its edges). None when the ranking cannot be
    moved there (the planner asks as it would)."""
    from igraph_agent.model.graph_intents import resolve_names

    searches, ids = resolve_names(st, [ss.node])
    if ids is None:
        return _tool_calls(_found_first(st, searches), st.turns) if any(
            st.done(c) is None for c in searches) else None
    info = st.last_ok("get_graph_info")
    near = (ids[0], ss.way if info and info.typed(GetGraphInfoResult).directed else "both")
    second = _step(st, ss.second)
    planned = _planned(second, skillplan.intents(second))
    moved = [set_steps.over_neighbours(c, *near, ss.lowest) for _, calls in planned
             for c in calls]
    if len(moved) != 1 or moved[0] is None:
        return None
    done = st.done(moved[0])
    if done is None:
        return _tool_calls(_found_first(st, moved), st.turns)
    if not done.ok:
        return _reply(st, _err(done))
    return _reply(st, set_steps.answer(done.data, moved[0].args, *near, ss.noun))


def _set_stepped(st: PlanState, ss: set_steps.SetSteps) -> dict[str, Any] | tuple[str, list[Call]] | Ask:
    """A ranking over one node's neighbours as a step of a longer question: its next calls,
    or its answer (as ``_stepped`` gives a step's)."""
    done = _set_steps(st, ss)
    if done is None:
        return _ask(st)
    if done.get("tool_calls"):
        return done
    return str(done.get("content") or ""), [Call("nodes_by_measure", {"neighbours_of": ss.node})]


def _neighbour_total(st: PlanState, asked: str) -> dict[str, Any] | None:
    """A numeric node attribute added up over one named node's neighbours on an undirected
    graph ("the combined load_mw of the substations connected to Eastleigh") that no intent
    answered whole; None where the question asks no such total."""
    from igraph_agent.model.attribute_intents import numeric_attributes
    from igraph_agent.model.graph_intents import resolve_names

    info = st.last_ok("get_graph_info")
    found = set_steps.neighbour_total(asked, numeric_attributes(st))
    if found is None or info is None or info.typed(GetGraphInfoResult).directed:
        return None
    searches, ids = resolve_names(st, [found[0]])
    if ids is None:
        return _tool_calls(_found_first(st, searches), st.turns) if any(
            st.done(c) is None for c in searches) else None
    call = Call("nodes_by_measure", {"measure": "attribute", "attribute": found[1],
                                     "neighbours_of": ids[0], "summed": True, "limit": 50})
    done = st.done(call)
    if done is None:
        return _tool_calls(_found_first(st, [call]), st.turns)
    return _reply(st, set_steps.total_answer(done.data, ids[0]) if done.ok else _err(done))


def _stepped(st: PlanState) -> dict[str, Any] | tuple[str, list[Call]] | Ask:
    """One step of a two-step question: its next calls, its answer and the calls it made,
    or the question it asks."""
    calls = _next_calls(st)
    if isinstance(calls, str):
        return _with_offers(st, calls)
    if isinstance(calls, Ask):
        return calls
    if calls:
        return _tool_calls(_found_first(st, calls), st.turns)
    planned = _planned(st, skillplan.intents(st))
    unsearched = _unsearched(st, planned)
    if unsearched:
        return _tool_calls(unsearched, st.turns)
    answer = _final_answer(st, planned)
    return answer if isinstance(answer, Ask) else (answer, _made(st, planned))


def _reply(st: PlanState, answer: str | Ask) -> dict[str, Any]:
    if isinstance(answer, Ask):
        return _clarify(answer.question, answer.suggestions) if CLARIFY in st.tools \
            else _text(answer.question)
    return _text(answer)


def _found_first(st: PlanState, calls: list[Call]) -> list[Call]:
    """A call of a tool not offered yet becomes ``find_tools(query=<its name>)``, once; the
    next turn calls it with the schema found (as a model would)."""
    out: list[Call] = []
    for c in calls:
        if c.tool not in st.tools:
            c = Call(FIND_TOOLS, {"query": c.tool, "limit": 1})
        if all(c.key() != b.key() for b in out):
            out.append(c)
    return out


def _asked(st: PlanState) -> str:
    """The question as the user wrote it (or this step of it)."""
    return str(st.context.get("asked") or st.question)


def _info(st: PlanState) -> dict[str, Any]:
    info = st.last_ok("get_graph_info")
    return info.data if info else {}


def _ask(st: PlanState, missing: list[str] = (), partial: list = ()) -> Ask:  # type: ignore[assignment]
    """A clarification naming the nearest analyses on this graph, offered as follow-ups."""
    from igraph_agent.model.graph_intents import search_candidates

    unknown = [str(r.args.get("query")) for r in st.results
               if r.tool == "search_node" and r.ok and not search_candidates(r)]
    words = vocabulary.words(st.question, _info(st), unknown)
    return clarification(intent_table.INTENTS, st.question, words, _features(st), missing,
                         partial)


def _search(name: str) -> Call:
    return Call("search_node", {"query": name, "limit": 5})


def _lookups(st: PlanState) -> list[str]:
    """The question's lower-case words to look up as names (``vocabulary.lookup_words``),
    but the words an analysis is asked with ("the neighbours", "the path"); a lower-case
    topic the question opens with ("medici - who'd they marry into") first."""
    asked = str(st.context.get("asked") or st.question)
    words = [w for w in vocabulary.lookup_words(asked, _info(st)) if not _analysis_word(w)]
    topic = _lower_topic(st) or _capital_topic(st)
    return [topic, *[w for w in words if w != topic]][:3] if topic else words


def _capital_topic(st: PlanState) -> str | None:
    """A capitalised name the question opens with as its topic ("Juniper Lamb - how many
    partners has it got"), which no other lookup reads (a sentence's first word is no name
    by itself): looked up like a lower-case one."""
    found = topics.split(str(st.context.get("asked") or st.question))
    if found is None or not re.fullmatch(r"[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){1,3}", found[0]) or any(
            _analysis_word(w.lower()) for w in found[0].split()):
        return None
    return found[0]


def _own(st: PlanState) -> set[str]:
    """The data's own words (group values, columns, attributes), lower-cased; none before
    get_graph_info ran."""
    return vocabulary.own_words(_info(st)) if st.last_ok("get_graph_info") else set()


def _lower_topic(st: PlanState) -> str | None:
    """The question's topic when it is lower-case words with no digit ("medici", "flora
    price", "roads"): a node, a group or the data set's name, which only a lookup tells."""
    found = topics.split(str(st.context.get("asked") or st.question))
    if found is None or not re.fullmatch(r"[a-z][a-z.' -]*", found[0]) or any(
            _analysis_word(w) for w in found[0].split()):
        return None  # "eigenvector centrality - who comes out on top?": the analysis asked
    return found[0]


def _topic_read(st: PlanState) -> str:
    """The question with the topic it opens with read in (``topics.inlined``) where the topic
    is a node (``search_node`` found it) or names a group; a lower-case topic search_node
    finds nothing for, naming no group, is the data set's name and is dropped ("roads: how
    many loops"); anything else ("eigenvector centrality - who comes out on top?"), or
    before the lookups ran, the question as it is."""
    found = topics.split(st.question)
    if found is None:
        return st.question
    topic, rest = found
    own = vocabulary.own_words(_info(st)) | set(vocabulary.data_nouns(_info(st)))
    if any(w in own or w.rstrip("s") in own for w in topic.lower().split()):
        return topics.inlined(topic, rest)  # "tech team: how dense is it internally"
    lower = topic == _lower_topic(st)
    # a lone capitalised topic ("Javert: who does he …") is a name, not a sentence's first word
    names = [_looked(topic)] if lower else slots.named(topic) or slots.named(f"about {topic}?")
    if not names or any(st.done(_search(n)) is None for n in names):
        return st.question
    if all(_resolved(st, n) for n in names):
        return topics.inlined(topic, rest)
    if lower and _no_candidate(st, names[0]):
        return rest
    return st.question


@functools.lru_cache(maxsize=4096)
def _analysis_word(word: str) -> bool:
    """Whether an intent's trigger reads ``word`` on its own ("neighbours", "path", "links"),
    not a part of it ("is" in "kingfisher")."""
    return any(m.start() == 0 and m.end() >= len(word) - (3 if len(word) >= 8 else 1)
               for i in intent_table.INTENTS for p, _ in i.triggers if (m := p.search(word)))


def _looked(word: str) -> str:
    """The query a lower-case word is looked up with: as the planner then reads it, a name
    ("snail" -> "Snail"; search_node matches case-blind), so the search is not run twice."""
    return word[:1].upper() + word[1:]


def _named_nodes(st: PlanState) -> list[str] | None:
    """The question's names that are nodes of this graph (search_node finds the name itself
    as an id or label); None while a search is still to run."""
    found = []
    for name in slots.named(st.question):
        ids = _resolved(st, name)
        if ids is None:
            return None
        if ids:
            found.append(name)
    return found


def _no_match(st: PlanState, name: str) -> bool:
    """Whether this run's ``search_node`` for ``name`` found no node near enough to be it
    (what the graph intents tell the user as "no node matches")."""
    from igraph_agent.model.graph_intents import search_candidates

    obs = st.done(_search(name))
    return obs is not None and obs.ok and not search_candidates(obs)


def _no_candidate(st: PlanState, name: str) -> bool:
    """Whether this run's ``search_node`` for ``name`` found nothing at all, not even a near
    spelling."""
    obs = st.done(_search(name))
    return obs is not None and obs.ok and not (obs.data.get("candidates") or [])


def _resolved(st: PlanState, name: str) -> set[str] | None:
    """The node ids (lower-case) whose id or label is ``name`` itself, read from this run's
    ``search_node`` result for it; None while that search is still to run."""
    obs = st.done(_search(name))
    if obs is None:
        return None
    rows = (obs.data.get("candidates") or []) if obs.ok else []
    return {str(r.get("node")).lower() for r in rows
            if name.lower() in (str(r.get("node")).lower(), str(r.get("label") or "").lower())}


def _features(st: PlanState) -> set[str]:
    """What the question names, read from its normalised form and from the user's own
    words (an edge column the normalisation rewrote, "the most papers", still counts)."""
    from igraph_agent.model import value_counts
    from igraph_agent.model.structure_intents import where_filter

    asked = str(st.context.get("asked") or st.question)
    found, (attr, either) = where_filter(st)
    alone = found
    if found is None and len(either) > 1:  # "in the North or the South": one filter, either
        found = (attr, either[0])
    pair = {n.lower() for n in slots.pair(st.question) or ()}
    if found and found[1].lower() in pair and _resolved(st, found[1]) != set():
        found = None  # "from Portmarra to Brin" where Brin is a port and an island: the port
    if found and re.search(rf"\b(?:gets?|got|is|are|was|were|be|been|being)\s+(?:\w+\s+)?"
                           rf"{re.escape(found[1])}\b", asked, re.IGNORECASE) and \
            slots.removal(st.question):
        found = None  # "say ci-flaky gets closed and its links dropped": the removal's verb
    filtered = {"filter"} if found else set()  # "in Finance": only those nodes
    if not found and slots.restricted(st.question):
        filtered = {"restriction"}  # "among the coastal cities, …": no value says which
    if value_counts.linked_value(asked, _info(st)):
        filtered |= {"linked"}  # "which actor was in the most dramas": partners by value
    said = vocabulary.graph_features(asked, _info(st)) - {"direction"}
    if slots.removal(st.question):  # "X is going out next week. which …": the removal's when,
        said -= {"time"}  # which the planner's words no longer hold
    out = (slots.features(st.question) | vocabulary.graph_features(st.question, _info(st))
           | said | filtered)
    if found and (re.search(rf"^\s*(?:which|what|who)\s+(?:of\s+(?:our|the|all\s+the)\s+)?"
                            rf"{re.escape(found[1])}s\b", asked, re.IGNORECASE) or re.search(
            rf"\b(?:among|amongst|in|within|inside|of)\s+(?:the\s+)?{re.escape(found[1])}\s+"
            rf"{re.escape(found[0])}\b", asked, re.IGNORECASE)) and len(
            vocabulary.group_values_named(asked, _info(st))) < 2:
        out.discard("group")  # "which of our reservoirs puts out the most", "the most friends
        #  among the Officer club members": those nodes ranked, no per-group answer
    if len(either) > 1 and alone is None:
        out.discard("group")  # "stations in the north or south district": one filter of both
    from igraph_agent.model.cycle_shape_intents import PLANAR

    if PLANAR.search(asked):
        out -= {"threshold", "negation"}  # "with no lines crossing": no count of zero
    groups = "|".join(re.escape(str(a)) for a in vocabulary.groupings(st.meaning()))
    if groups and re.search(rf"\b(?:is|are)\s+there\s+(?:a|an|any)\s+(?:{groups})s?\s+(?:where|in\s+which|"
                            rf"whose|that|with)\b", asked, re.IGNORECASE):
        out.add("group")  # "is there a district where every single team has been sent out":
        # a group asked, which no count of nodes answers
    if groups and re.search(rf"\b(?:at\s+least\s+one|any|some)\s+(?:other\s+)?[a-z]+\s+(?:in|from)\s+(?:a|an|"
                            rf"another)\s+(?:different\s+|other\s+)?(?:{groups})\b|\b(?:go|goes|went|going|"
                            rf"links?|mentor\w*|edges?)\s+from\s+one\s+(?:{groups})\s+into\s+(?:a|an|another)\s+"
                            rf"(?:different\s+|other\s+)?(?:{groups})\b", asked, re.IGNORECASE):
        out.add("group")  # "a plot in a different row": each node's group set against its
        # partners', which no count of edges answers
    return out


def _with_offers(st: PlanState, question: str) -> Ask:
    """A slot's question ("Between which two nodes?") with the nearest follow-ups."""
    offers = _ask(st).suggestions
    return Ask(question, offers)



#: the size of the group just named, asked after it ("how many members does that club have")
_GROUP_SIZE = re.compile(r"\bhow many\s+(?:\w+\s+){0,2}(?:does|do|did)\s+(?:it|that|this|the same|the data)"
                         r"(?:\s+\w+)?\s+(?:have|has|hold|count|contain)\b|\bhow many\s+(?:\w+\s+)?"
                         r"(?:are|were)\s+(?:there\s+)?in\s+(?:it|that|this|the same)\b|"
                         r"\bhow (?:big|large) is (?:it|that|this)\b", re.IGNORECASE)


#: a value asked by its form: "avg reply time for …", "what is the mean lead time of …"
_VALUE_ASK = re.compile(r"^\s*(?:so\s+|and\s+|ok\s+)?(?:what(?:'s|\s+is|\s+was|\s+are)\s+)?"
                        r"(?:the\s+)?(?:avg|average|mean|median|combined|total|sum\s+of)\b(?!\s+number\b)",
                        re.IGNORECASE)


def _kind(st: PlanState, matched: list[Intent]) -> str | None:
    """The asked kind of answer; a Yes / No that sets two named nodes against each other
    ("is A better connected than B") is the verdict the compare and named-centrality renders
    lead with."""
    kind = slots.asked_kind(st.question) or ("value" if _VALUE_ASK.search(st.question) else None)
    if kind == "count" and _GROUP_SIZE.search(st.question) and \
            any(i.name == "node_group" for i in matched):
        return "group"  # "which club is 33 in, and how many members does it have": its size
    if kind == "yesno" and head_to_head.two_names(st.question) and \
            any(i.name in ("compare", "centrality") for i in matched):
        return None
    return kind

def _next_calls(st: PlanState) -> list[Call] | str | Ask:
    if st.last("get_graph_info") is None:
        return [Call("get_graph_info")]
    if not st.graph_loaded():
        return _data_step(st)
    if st.needs_verification():
        return [Call("get_graph_info")]
    unheld = unknown_quantity.elsewhere(_asked(st), _info(st)) or \
        unknown_quantity.ask(str(st.context.get("asked") or st.question), _info(st)) or \
        unknown_quantity.ask_ranked(_asked(st), _info(st)) or \
        unknown_quantity.unheld_grouping(_asked(st), _info(st)) or \
        unknown_quantity.unheld_people(_asked(st), _info(st)) or \
        unknown_quantity.unheld_role(_asked(st), _info(st)) or \
        unknown_quantity.unheld_node_kind(_asked(st), _info(st)) or \
        unknown_quantity.unheld_most(_asked(st), _info(st)) or \
        dangling.ask(_asked(st), _info(st)) or \
        unheld_subset.ask(_asked(st), _info(st))  # "how many of the visits were first timers"
    if unheld:  # "which department pays the highest salaries" where no column holds pay
        return _with_offers(st, unheld)
    one_way = sides.one_way_ask(str(st.context.get("asked") or st.question), _info(st))
    if one_way:  # "who does Dov report to", "who does eli follow" on an undirected table
        return _with_offers(st, one_way)
    unlooked = [_search(_looked(w)) for w in _lookups(st) if st.done(_search(_looked(w))) is None]
    unlooked += [_search(w) for w in node_or_value.words(st.question, _info(st))
                 if st.done(_search(w)) is None]  # "Central substation": a node or region?
    if unlooked and st.can_call("search_node"):
        return unlooked  # "does the snail eat": is "snail" a node of this graph?
    skill_calls = skillplan.skill_step(st)  # read the procedure a skill trigger picks, once
    if skill_calls:
        return skill_calls
    matched = skillplan.intents(st)
    if not matched:
        # a name the follow-ups would offer is looked up first ("Friday" is no node)
        unsearched = [_search(n) for n in slots.names(st.question)[:2] if st.done(_search(n)) is None]
        if unsearched and st.can_call("search_node"):
            return unsearched
        return _ask(st, sorted(_features(st) & {"future"}))
    features = _features(st)
    if "weight" in features and _weighted_form(st, matched):
        features.discard("weight")  # "pagerank weighted by amount": its weighted form
    if "weight" in features and any(i.name == "node_direction" for i in matched) and \
            query_intents.sums_a_count(st):
        features.discard("weight")  # "how many crates did Dalby ship": the crates added up
    if "weight" in features:  # "who has shared shifts with the most different people": degree
        matched = data_nouns.without_totals(_asked(st), _info(st), matched)
    if "weight" in features and (data_nouns.names_the_data(_asked(st), _info(st), matched) or
                                 data_nouns.one_edge_names_the_data(st.question, _asked(st),
                                                                    _info(st), matched)):
        features.discard("weight")  # "triangles of volunteers who shared shifts": the data
    if any(i.name == "within_distance" for i in matched):
        features -= {"hops", "threshold"}  # "within a road distance of 4 from city7": its bound
    if distance_intents.leaves_out(st, matched):
        features -= {"removal", "negation"}  # "the closest town other than town0": not a removal
    missing, partial = gaps(matched, st.question, features, _kind(st, matched))
    if "entity" in missing:  # a name no intent takes: is it a node of this graph?
        real = _named_nodes(st)
        if real is None:
            return [_search(n) for n in slots.named(st.question)]
        if not real:
            features.discard("entity")
            missing, partial = gaps(matched, st.question, features, _kind(st, matched))
    if missing:  # it would answer another question: ask, naming what it can do
        return _ask(st, missing, partial)
    if _from_skill(st) and slots.asked_kind(st.question) == "node":
        # "which router has the highest clustering" matched no intent: a skill's generic
        # rankings would name a node by another measure
        return _ask(st, ["node"])
    if "entity" in features and _from_skill(st):
        # the question names nodes yet matched no intent: a skill's generic analyses
        # (centrality, components) would answer another question about them
        return _ask(st, ["entity"], matched)
    batch: list[Call] = []
    asks: list[str] = []
    for intent in matched:
        ask = intent.clarify(st) if intent.clarify else None
        if ask:  # a slot is missing: ask for it rather than answer something else
            asks.append(ask)
            continue
        for c in intent.calls(st):
            if st.can_call(c.tool) and st.done(c) is None and all(c.key() != b.key() for b in batch):
                batch.append(c)
    answered = any(st.done(c) for i in matched if i.clarify is None or not i.clarify(st)
                   for c in i.calls(st))
    if asks and not answered and (not batch or _from_skill(st)):
        return asks[0]  # a slot is missing: the other intents would answer another question
    return batch


def _weighted_form(st: PlanState, matched: list) -> bool:
    """Whether the question explicitly asks for weighting by one edge column and every
    analysis it matched has a weighted form that takes it (``graph_intents.WEIGHTED_FORMS``)."""
    from igraph_agent.model.graph_intents import WEIGHTED_FORMS, asked_weighting

    analyses = [i for i in matched if i.phase == 0]
    return bool(analyses) and all(i.name in WEIGHTED_FORMS for i in analyses) \
        and bool(asked_weighting(st))


def _from_skill(st: PlanState) -> bool:
    """Whether the intents came from a loaded skill's description (the question alone
    matched none): then each must be fully understood, or the planner asks."""
    return not intent_table.for_state(st)


def _data_step(st: PlanState) -> list[Call] | str:
    """Nothing is loaded: construct, load or explain what is missing."""
    info = st.last("get_graph_info")
    data = info.typed(GetGraphInfoResult) if info and info.ok else None
    attached = [s.model_dump() for s in data.attached_sources] if data else []
    construct = st.last("construct_graph")
    load = st.last("load_constructed_graph")
    if load is not None and not load.ok:
        return f"Loading the dataset failed: {_err(load)}"
    if construct is not None:
        if not construct.ok:
            return f"The attached data could not be built into a graph: {_err(construct)}"
        built = construct.typed(ConstructGraphResult)
        return [Call("load_constructed_graph", {"dataset_id": built.dataset_id})]
    if attached:
        return [Call("construct_graph", {"source_ids": [s["source_id"] for s in attached],
                                         **infer_construction(attached)})]
    active = data.data_state.active_dataset_id if data else None
    ready = [d.model_dump() for d in (data.available_datasets if data else [])
             if d.construction_status == "ready"]
    if active and any(d["dataset_id"] == active for d in ready):
        return [Call("load_constructed_graph", {"dataset_id": active})]
    if ready:  # never pick one of the project's datasets on our own: ask which
        listed = "; ".join(f"{d.get('name')} ({d['dataset_id']}, {d.get('nodes')} nodes)"
                           for d in ready[-10:])
        return (f"No graph is loaded in this session. Which dataset do you mean? The project "
                f"has: {listed}. Name one, or attach your data.")
    return ("No graph is loaded and no data is attached. Attach an edge list or a table "
            "(CSV, TXT, SQL, a DataFrame or a networkx graph) and ask again.")


_ENTITY_SUFFIX = r"(?:[ _-]?(?:id|key|no|number|code))?"
_LEFT_ENTITY = re.compile(rf"^(customer|client|user|buyer|account|member|person|author)s?{_ENTITY_SUFFIX}$",
                          re.IGNORECASE)
_RIGHT_ENTITY = re.compile(rf"^(product|item|sku|article|good|movie|book|song|track|paper)s?"
                           rf"{_ENTITY_SUFFIX}$", re.IGNORECASE)
_AMOUNTS = ("amount", "total", "revenue", "sales", "spend", "value", "price")


def infer_construction(attached: list[dict]) -> dict[str, Any]:
    """construct_graph arguments inferred from the attached sources' table columns.

    ``attached`` is get_graph_info's ``attached_sources`` (each with ``tables``: table name
    -> column names). Deterministic rules, first match wins, tables in the order given:

    1. a graph source (tables ``edges``/``nodes``) or no rule matches: ``{}`` (the default
       edge list: endpoint columns inferred, else the first two columns);
    2. a table with an endpoint pair (source/target, src/dst, from/to, u/v, node1/node2,
       head/tail): an ``edge_list`` spec naming them (and ``weight`` when present);
    3. an orders-like table -- a customer-like column (customer, client, user, buyer,
       account, member, person, author; optional _id/_key/_no) and a product-like one
       (product, item, sku, article, good, movie, book, song, track, paper): a
       ``projection`` onto the customers, weighted by shared products (not when the
       product-like column is a bare plural such as ``papers``, a count, nor when another
       column repeats the customer-like word, as ``author,coauthor``); ``<stem>_name``
       becomes the node label and the first amount-like column (amount, total, revenue,
       sales, spend, value, price) is summed into ``amount``.

    ``table`` is named when the source has several tables; ``source_ids`` is returned
    only when some attached sources don't fit the chosen spec (they are left out).

    Example::

        >>> infer_construction([{"source_id": "src_1", "tables": {"table": [
        ...     "order_id", "customer_id", "customer_name", "product_id", "amount"]}}])
        {'spec': {'kind': 'projection', 'left_col': 'customer_id', 'right_col': 'product_id', 'left_label_col': 'customer_name', 'amount_col': 'amount'}}
    """
    chosen: dict[str, Any] | None = None
    fits: list[str] = []
    for src in attached:
        tables = src.get("tables") or {}
        if "edges" in tables:
            return {}
        for table, columns in tables.items():
            spec = _spec_for(list(map(str, columns)))
            if spec is None:
                continue
            if len(tables) > 1:
                spec["table"] = table
            if chosen is None:
                chosen = spec
            if spec == chosen:
                fits.append(src.get("source_id", ""))
            break
    if chosen is None:
        return {}
    out: dict[str, Any] = {"spec": chosen}
    if len(fits) < len(attached):
        out["source_ids"] = fits
    return out


def _spec_for(columns: list[str]) -> dict[str, Any] | None:
    from igraph_agent.graph.sources import ENDPOINT_NAMES

    lower = {c.lower(): c for c in columns}
    for a, b in ENDPOINT_NAMES:
        if a in lower and b in lower:
            spec: dict[str, Any] = {"kind": "edge_list", "source_col": lower[a],
                                    "target_col": lower[b]}
            if "weight" in lower:
                spec["weight_col"] = lower["weight"]
            return spec
    left = _entity_column(columns, _LEFT_ENTITY)
    right = _entity_column([c for c in columns if not _plural(c, _RIGHT_ENTITY)], _RIGHT_ENTITY)
    if not (left and right):
        return None
    stem = _LEFT_ENTITY.match(left).group(1).lower()  # type: ignore[union-attr]
    if any(stem in c.lower() for c in columns if c != left and c != right
           and not c.lower().startswith(f"{stem}_name")):
        return None  # author,coauthor,…: an edge list between authors, not orders
    spec = {"kind": "projection", "left_col": left, "right_col": right}
    for cand in (f"{stem}_name", f"{stem}name", f"{stem} name"):
        if cand in lower:
            spec["left_label_col"] = lower[cand]
            break
    amount = next((lower[a] for a in _AMOUNTS if a in lower), None)
    if amount:
        spec["amount_col"] = amount
    return spec


def _plural(column: str, pattern: re.Pattern[str]) -> bool:
    """A bare plural ("papers", "items") names a count per row, not the item of an order."""
    m = pattern.match(column.strip())
    return bool(m) and column.strip().lower() == m.group(1).lower() + "s"


def _entity_column(columns: list[str], pattern: re.Pattern[str]) -> str | None:
    """The matching column, an id-like one (customer_id) before a bare one (customer)."""
    found = [c for c in columns if pattern.match(c.strip())]
    found.sort(key=lambda c: (c.lower().rstrip("s") == pattern.match(c.strip()).group(1).lower(),
                              columns.index(c)))
    return found[0] if found else None


def _err(obs: Observed) -> str:
    e = obs.error
    hint = f" ({e['hint']})" if e.get("hint") else ""
    return f"{e.get('code', 'ERROR')}: {e.get('message', obs.result.get('summary', ''))}{hint}"


# intents that may answer with no call of their own ("optimize": a preview with nothing to
# change asks for no commit, and says so)
_CALL_LESS = {"overview", "report", "visualize", "optimize"}
#: refusals (the runtime ends such a run blocked, runtime/refusals.py): what unblocks each
_REFUSED = {
    "READ_ONLY_MODE": "Ask again without read-only mode to make the change.",
    "APPROVAL_REJECTED": "Ask again and approve the call when the run pauses to make the change.",
    "TOOL_NOT_IN_SCOPE": "Ask again with the tool allowed to make the change.",
    "MODIFIED_PLAN_INVALID": "Ask again and modify with options the preview accepts, or approve "
                             "the plan as previewed.",
}


def _planned(st: PlanState, matched: list) -> list[tuple[Any, list[Call]]]:
    """Each matched intent with the calls it makes in this state, built once per answer."""
    return [(intent, intent.calls(st)) for intent in matched]


def _made(st: PlanState, planned: list[tuple[Any, list[Call]]]) -> list[Call]:
    """The planned calls that ran (a result is in the conversation)."""
    return [c for _, calls in planned for c in calls if st.done(c) is not None]


def _final_answer(st: PlanState, planned: list[tuple[Any, list[Call]]],
                  budget_out: bool = False) -> str | Ask:
    matched = [intent for intent, _ in planned]
    made = _made(st, planned)
    sections: list[tuple[str, str]] = []
    failures = [r for r in st.results if not r.ok]
    refused = [f for f in failures if f.error.get("code") in _REFUSED]
    if refused:  # say plainly what was not done, and nothing else (the run ends blocked)
        return ("Not done: " + "; ".join(f"`{f.tool}` was refused — {f.error.get('message')}"
                                          for f in refused) +
                ". Nothing was changed. " + _REFUSED[refused[0].error["code"]])
    for intent, calls in planned:
        if intent.clarify and intent.clarify(st):
            continue
        obs = [st.done(c) for c in calls]
        got = [o for o in obs if o is not None and o.ok]
        if (calls and not got) or (not calls and intent.name not in _CALL_LESS
                                   and intent.phase >= 0):
            continue  # nothing ran for it: it answers nothing
        sections.append((intent.method, intent.render(st, got)))
    unoffered = sorted({c.tool for _, calls in planned for c in calls if not st.can_call(c.tool)})
    if not sections and unoffered:  # say plainly what this request cannot do
        if not st.context.get("read_only") and not budget_out:
            ask = _ask(st)
            return Ask(f"This needs {', '.join(f'`{t}`' for t in unoffered)}, which this request "
                       f"does not offer. {ask.question}", ask.suggestions)
        why = " (this request is read-only)" if st.context.get("read_only") else ""
        return (f"Not done: {', '.join(f'`{t}`' for t in unoffered)} is not offered in this "
                f"request{why}, so I could not do what you asked. Nothing was changed.")
    if not sections:
        if budget_out:
            return ("The step budget ran out before the analysis finished; no finding could be "
                    "established from the tool results so far.")
        ask = _ask(st)
        failed = "; ".join(f"`{f.tool}` — {f.error.get('code')}: {f.error.get('message')}"
                           for f in failures)
        return Ask((f"I could not answer this: {failed}. " if failed else "") + ask.question,
                   ask.suggestions)
    rivals = next((text for _, text in sections if text.startswith((UNRESOLVED[2],
                                                                     TWO_MODE_CLIQUE))), None)
    if rivals and not budget_out:  # "Smith" names two nodes: ask which, never pick one
        return Ask(rivals, _ask(st).suggestions)
    if all(text.startswith((*UNRESOLVED, UNSETTLED, NO_FIGURE, NO_TWO_WAY, CUT_SHORT, SAME_SIDE,
                            TWO_MODE_CLIQUE, NO_GROUP_PICKED))
           for _, text in sections) and \
            not budget_out:
        ask = _ask(st)  # no name resolved: which node is meant?
        return Ask(" ".join(text for _, text in sections) + " " + ask.question, ask.suggestions)
    if _CHAINED.search(str(st.context.get("asked") or st.question)) and not budget_out \
            and not _takes_nodes(st, made):  # "find the top one, then tell me what it eats"
        ask = _ask(st, [], matched)
        first = " ".join(text for _, text in sections)
        return Ask(f"I can answer only the first part: {first} The rest builds on that answer, "
                   f"and no analysis here takes it further. " + ask.question, ask.suggestions)
    missing = unknown_names.missing(st, [text for _, text in sections])
    if missing and not budget_out:  # "from Finance to HR" where no node or group is Finance
        ask = _ask(st, ["entity"], matched)
        return Ask(f"Nothing in this graph is called {_listed([repr(m) for m in missing])}: no "
                   f"node's id or label, and no group value. " + ask.question, ask.suggestions)
    unused = _unused_names(st, made, [text for _, text in sections])
    if unused and not budget_out:  # an answer that takes none of the nodes the question names
        ask = _ask(st, ["entity"], matched)
        return Ask(f"I found no analysis here that answers this about {_listed(unused)}. "
                   + ask.question, ask.suggestions)
    findings = "\n\n".join(text for _, text in sections)
    findings += unweighted.said(st, made, findings) + node_or_value.note(st) + skillplan.note(st)
    if _no_verdict(st, findings) and not budget_out:  # a yes/no answered with another figure
        ask = _ask(st, ["yesno"], matched)
        return Ask("I found no yes-or-no answer to this. " + ask.question, ask.suggestions)
    grouping = _group_unanswered(st, findings)
    if grouping and not budget_out:  # "which series adds up to the most" answered with a node
        ask = _ask(st, ["group"], matched)
        return Ask(f"I found no answer by {grouping} to this. " + ask.question, ask.suggestions)
    if failures:
        findings += "\n\nSome calls failed: " + "; ".join(
            f"`{f.tool}` — {f.error.get('code')}: {f.error.get('message')}" for f in failures)
    fmt = st.output_format
    if fmt == "json":
        return _plain(findings)
    if fmt == "report":
        return _report(st, sections, findings)
    return findings


#: a second step that builds on the first one's answer, named by a pronoun ("… and then tell
#: me what it eats", "… then tell me which of its players …", "… and list everyone they've
#: worked with"); "detect groups, then name the brokers" is one analysis, not a chain
_CHAINED = re.compile(r"(?:\bthen\b|\band\s+(?:then\s+)?(?:tell|list|show|give|name|count|say|"
                      r"find)\b|"
                      # "…, and how many other nodes can it reach?": a count of what it does
                      r"\band\s+how\s+many\s+(?:other\s+)?[a-z]+\s+(?=(?:can|could|will|would)\s+(?:it|"
                      r"they|he|she)\b)|"
                      # "how many stops are in zone C, and how many of those have a segment?"
                      r"\band\s+how\s+many\s+(?=of\s+(?:those|them|these)\b))[^.?!]*?\b(?:it|its|they|they'?ve|"
                      r"they'?re|their|them|he|his|"
                      r"she|her|those)\b|(?<!^)\bwhich of (?:its|their|his|her|those)\b",
                      re.IGNORECASE)
#: the arguments through which a call takes nodes (a second step about the first's answer)
_NODE_ARGS = frozenset({"node", "nodes", "source", "target", "center", "members", "between",
                        "edges", "reach", "reach_of", "neighbours_of", "without"})


def _no_verdict(st: PlanState, findings: str) -> bool:
    """Whether a yes/no question ("is the network one piece?") got an answer that says
    neither Yes nor No: it answers another question. A choice ("is 33 with Mr. Hi or with
    the Officer?") is answered by naming one side."""
    asked = str(st.context.get("asked") or st.question)
    choice = re.sub(r"\byes\s+or\s+no\b|\bor\s+not\b|\([^()]*\)", " ", asked,
                    flags=re.IGNORECASE)  # (an aside's "or" offers no choice)
    return (slots.asked_kind(asked) == "yesno" and not re.search(r"\bor\b", choice, re.IGNORECASE)
            and not re.search(r"\*\*(?:Yes|No)\b", findings))


def _group_unanswered(st: PlanState, findings: str) -> str | None:
    """The grouping attribute a question asks "which …" of ("which concert series adds up to
    the most", "players of which section") when the answer never names it: an answer about
    nodes, not their groups; else None."""
    info = _info(st)
    asked = str(st.context.get("asked") or st.question)
    own = unknown_quantity.endpoint_kind(info)
    bold = {b.strip().lower() for b in re.findall(r"\*\*([^*]+)\*\*", findings)}
    grouped = vocabulary.groupings(info.get("meaning") or {})
    modes = (info.get("meaning") or {}).get("modes") or {}
    sided = modes.get("attribute") if modes.get("by") == "attribute" else None
    every = {str(v).lower() for a, vs in grouped.items() if a != sided for v in vs}  # (a
    # two-mode side's name, "concert", says which side, no group: "which concert series")
    for attr, values in grouped.items():
        word = re.escape(attr.lower().replace("_", " "))
        if bold & {str(v).lower() for v in values}:
            continue  # "**Open** has the highest average rating": a group named
        said = re.search(rf"\b(?:which|what)\s+([a-z]+)\s+{word}", asked, re.IGNORECASE)
        if said and said.group(1).lower() in every:
            continue  # "which electronic act": one node of a group, before a grouping's name
        if attr.lower() == own or not re.search(
                rf"\b(?:which|what)\s+(?:[a-z]+\s+)?{word}(?:s|es)?\b(?!\s+(?:of|is|are|does|do|did)\b)"
                rf"(?!'s)", asked, re.IGNORECASE):
            continue
        if not re.search(rf"\b{word}", findings, re.IGNORECASE):
            return attr
    return None


def _takes_nodes(st: PlanState, made: list[Call]) -> bool:
    """Whether a call of the answer took a node other than those only the second step
    names (it ran on the first step's answer: "first find Ada, then tell me how many steps
    she is from Zoe" took Ada; "…, then tell me which of its players also played Rapid 2024"
    taking only Rapid 2024 did not)."""
    q = st.question
    m = _CHAINED.search(q)
    cut = m.start() if m else len(q)
    later = {i for n in slots.named(q) if n not in q[:cut] for i in (_resolved(st, n) or set())}
    return any(str(v).lower() not in later for c in made for k in _NODE_ARGS
               for v in _node_values(c.args.get(k)))


def _node_values(arg: Any) -> list[Any]:
    """The nodes a call's argument holds: one, a list of them, or edges' endpoint pairs."""
    if not arg:
        return []
    if isinstance(arg, (list, tuple)):
        return [x for a in arg for x in _node_values(a)]
    return [arg]


def _unused_names(st: PlanState, made: list[Call], texts: list[str]) -> list[str]:
    """The nodes the question names (a name ``search_node`` found as a node's id or label)
    that no call of the answer took as an argument and no section names other than as a
    ranking's entry ("Hub (5)"):
    the answer is then about something else ("clustering coefficient of Hub" answered with
    the mean degree, "lowest latency from api_gw to db-3" with api_gw's edge total)."""
    real: dict[str, set[str]] = {}
    for name in slots.named(st.question):
        ids = _resolved(st, name)
        if ids:
            real[name] = ids | {name.lower()}
    said = " ".join(texts).lower().replace("*", "")
    # a ranking's entry, "hub (5)", and a stop on a route, "a → hub → b", are not about it
    return [name for name in _untaken(made, real)
            if not any(re.search(rf"(?<![\w.-])(?<!→ ){re.escape(i)}(?![\w-])"
                                 rf"(?!\s*\(\s*[\d.])(?!\s*→)", said)
                       for i in real[name])]


def _untaken(made: list[Call], forms: dict[str, set[str]]) -> list[str]:
    """The names none of whose ``forms`` (lower-case: the name, the ids it resolved to) a
    call of the answer (``made``) took as (part of) an argument."""
    args = " ".join(json.dumps(c.args, default=str) for c in made).lower()
    return [name for name, found in forms.items()
            if not any(re.search(rf"(?<![\w.-]){re.escape(f)}(?![\w-])", args) for f in found)]


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _report(st: PlanState, sections: list[tuple[str, str]], findings: str) -> str:
    info = st.last_ok("get_graph_info")
    d = info.typed(GetGraphInfoResult) if info else GetGraphInfoResult.model_construct()
    methods = "\n".join(f"- {m}" for m, _ in sections)
    tools = "\n".join(f"- `{r.tool}` ({r.call_id}): {r.result.get('summary', '')}"
                      for r in st.results if r.ok)
    return (f"## Question\n{st.question.strip()}\n\n"
            f"## Data\nDataset {d.dataset_id} revision {d.revision}: "
            f"{d.nodes} nodes, {d.edges} edges.\n\n"
            f"## Method\n{methods}\n\n## Findings\n{findings}\n\n## Evidence\n{tools}\n\n"
            "## Limitations\nFindings are structural measurements of this graph revision; "
            "they do not establish causes or business outcomes.\n\n"
            "## Next steps\n- Inspect the top nodes' neighbourhoods\n- Compare with another "
            "measure or a later revision")


def _plain(text: str) -> str:
    return text.replace("**", "").replace("`", "")


def _text(content: str) -> dict[str, Any]:
    return {"role": "assistant", "content": content}


def _clarify(question: str, suggestions: list[dict[str, str]] | None = None) -> dict[str, Any]:
    args: dict[str, Any] = {"question": question}
    if suggestions:
        args["suggestions"] = suggestions
    return _tool_calls([Call(CLARIFY, args)], 99)


def _tool_calls(calls: list[Call], turn: int) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {"id": f"p{turn}_{i}", "type": "function",
             "function": {"name": c.tool, "arguments": json.dumps(c.args)}}
            for i, c in enumerate(calls)
        ],
    }
