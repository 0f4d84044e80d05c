"""The offline planner's skill step: pick the procedure a question calls for and read it.

The planner reads the skill catalogue as data (``PlanState.skills``, from the run's
context: name, description, triggers). The skill with the most trigger phrases in the
question (catalogue order breaks ties) is loaded with ``load_skill`` once, before the
analysis; skills a request named are all loaded. When the question alone maps to no intent,
the descriptions of the loaded skills the project wrote (not the built-in ones) are matched
too -- that is how a user's own skill steers the planner to its tools. Deterministic.

Example::

    >>> skills = [{"name": "centrality-and-influence", "triggers": ["central"]}]
    >>> st = PlanState("Which nodes are most central?", [], {"load_skill"}, 0, {"skills": skills})
    >>> skill_step(st)
    [Call(tool='load_skill', args={'name': 'centrality-and-influence'})]
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from igraph_agent.model import intents as intent_table
from igraph_agent.model import slots
from igraph_agent.model.planstate import Call, PlanState
from igraph_agent.results.skills import LoadSkillResult

#: answering to someone, not a write-up: "who does gus report to", "her direct reports"
_REPORTS_TO = re.compile(r"\breport(?:s|ed|ing)?\s+(?:directly\s+)?(?:up\s+)?to\b|\breporting\s+"
                         r"(?:lines?|chains?|structure|relationships?)\b|\bdirect reports\b",
                         re.IGNORECASE)


@functools.lru_cache(maxsize=1024)
def trigger_pattern(trigger: str) -> re.Pattern[str]:
    """A skill trigger as a word start in a lower-cased question (compiled once; the
    agent's warm-up thread compiles the built-in skills' triggers before the first
    question)."""
    return re.compile(rf"(?<![a-z0-9]){re.escape(trigger.lower())}")


def _hits(question: str, triggers: list[str]) -> int:
    q = question.lower()
    return sum(1 for t in triggers if trigger_pattern(t).search(q))


def loaded(st: PlanState) -> list[str]:
    return [r.args.get("name", "") for r in st.results if r.tool == "load_skill"]


def _without_data_nouns(st: PlanState, question: str) -> str:
    """``question`` less the words the data names its nodes by ("which plot borders the most
    others" on plot,neighbour_plot calls for no drawing)."""
    from igraph_agent.model.unknown_quantity import endpoint_kind

    info = st.last_ok("get_graph_info")
    kind = endpoint_kind(info.data) if info else None
    if not kind:
        return question
    return re.sub(rf"\b{re.escape(kind)}(?:s|es)?\b", " ", question, flags=re.IGNORECASE)


def skill_step(st: PlanState) -> list[Call]:
    """load_skill calls still to make (empty when none applies or all are read)."""
    if "load_skill" not in st.tools:
        return []
    skills, named = st.skills
    done = set(loaded(st))
    if named:
        return [Call("load_skill", {"name": n}) for n, _ in skills if n not in done]
    # a node named "Bridge" calls for no bridges skill, "who does gus report to" for no report
    asked = _without_data_nouns(st, _REPORTS_TO.sub(" ", slots.as_names(st.question)))
    scored = [(_hits(asked, trig), -i, n) for i, (n, trig) in enumerate(skills)]
    best = max(scored, default=(0, 0, ""))
    if best[0] == 0 or best[2] in done:
        return []
    return [Call("load_skill", {"name": best[2]})]


def intents(st: PlanState) -> list[intent_table.Intent]:
    """The question's intents; if none, those of the project's own skills this run loaded
    (a built-in skill's description names every analysis of its family: read as the
    question, it would answer another one, e.g. a centrality ranking for "which towns
    aren't connected to the main network")."""
    found = intent_table.for_state(st)
    if found:
        return found
    texts = [r.typed(LoadSkillResult).description for r in st.results
             if r.tool == "load_skill" and r.ok and r.typed(LoadSkillResult).origin != "builtin"]
    if not texts:
        return []
    return intent_table.for_state(replace(st, question=" ".join([st.question, *texts])))


def note(st: PlanState) -> str:
    """A line naming the skills the answer followed."""
    names = [r.typed(LoadSkillResult).name for r in st.results
             if r.tool == "load_skill" and r.ok]
    names = list(dict.fromkeys(n for n in names if n))
    if not names:
        return ""
    return "\n\nProcedure: followed skill " + ", ".join(f"`{n}`" for n in names) + "."
