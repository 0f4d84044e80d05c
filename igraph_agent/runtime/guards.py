"""Protocol guards on a final answer: evidence and grounded numbers.

An ``answered`` response must rest on at least one successful tool result of this run
when the question is about the data (a graph is loaded or attached, or the question names
graph things). Every number in the answer must appear in some tool result of the run
(data, summaries, error messages, the call arguments): numbers are compared at the
answer's precision (``0.139`` matches ``0.139037``), percentages against fractions,
``k``/``M`` suffixes scaled, numbers written in words (``thirty-four``) like digits. Small
integers (≤ 10: ordinals, "top 5"), numbers in the question, in identifiers (``ds_3a``,
``p1_0``), in dotted addresses (``10.0.0.12``), in file paths and URLs and in code spans are
not checked; on the result side the same digits ground nothing (a dataset id ``ds_4a77b0``
or a folder ``/tmp/run-77/`` never grounds "77").

A failing answer is sent back once to the model to ground or retract; if it fails again
the run ends ``blocked`` with a :class:`~igraph_agent.response.Refusal`.

Example::

    >>> ungrounded_numbers("PageRank of 34 is 0.1009", ["34 (0.100918)"], "Who is central?")
    []
    >>> ungrounded_numbers("PageRank of 34 is 0.2", ["34 (0.100918)"], "Who is central?")
    ['0.2']
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from igraph_agent.errors import ErrorCode
from igraph_agent.graph.session import SessionGraph
from igraph_agent.response import Action, Refusal
from igraph_agent.runtime.numwords import word_numbers
from igraph_agent.tools.registry import ToolResult

SMALL_INT = 10
# a number standing alone: not part of an identifier (p1_0, ds_3a, r2, node12)
_ANSWER_NUMBER = re.compile(
    r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:[eE]([-+]?\d+))?(%|[kKM]\b)?(?!\w|\.\d)")
# a number in a result's text: standing alone, so an id's digits (ds_4a77b0) ground nothing
_ANY_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?!\w|\.\d)")
_CODE = re.compile(r"`[^`]*`")
# a file path or URL in a result ("/tmp/pytest-77/karate.csv"): its digits are no figure
_PATH = re.compile(r"[^\s\"']*/[^\s\"']*")
_DATA_WORDS = re.compile(
    r"graph|node|edge|vertex|vertices|degree|central|communit|cluster|path|neighbou?r|"
    r"dataset|network|component|pagerank|betweenness|bridge|hub|connect|link|triangle|density",
    re.IGNORECASE)


@dataclass
class Verdict:
    ok: bool
    feedback: str = ""
    refusal: Refusal | None = None
    ungrounded: list[str] = field(default_factory=list)
    withheld_note: str = ""


def number_pool(values: Iterable[Any]) -> list[float]:
    """Every number in these tool results (nested data, numeric strings, list lengths), sorted."""
    pool: list[float] = []

    def walk(v: Any) -> None:
        if isinstance(v, bool) or v is None:
            return
        if isinstance(v, int | float):
            if v == v and abs(v) != float("inf"):
                pool.append(abs(float(v)))
        elif isinstance(v, str):
            pool.extend(float(m) for m in _ANY_NUMBER.findall(without_paths(v)))
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, list | tuple):
            pool.append(float(len(v)))
            for x in v:
                walk(x)

    for v in values:
        walk(v)
    return sorted(pool)


def without_paths(text: str) -> str:
    """``text`` less its file paths and URLs (a slash and a letter in one word), so that a
    temporary folder's digits never ground a number; a ratio such as ``34/78`` stays.

        >>> without_paths("read /tmp/pytest-77/karate.csv: 34 nodes, 34/78")
        'read  34 nodes, 34/78'
    """
    return _PATH.sub(lambda m: "" if re.search(r"[A-Za-z]", m.group(0)) else m.group(0), text)


def _near(pool: list[float], x: float, tol: float) -> bool:
    i = bisect.bisect_left(pool, x - tol)
    return i < len(pool) and pool[i] <= x + tol


def ungrounded_numbers(answer: str, results: Iterable[Any], question: str = "") -> list[str]:
    """Numbers of ``answer`` that appear in none of ``results`` (as written in the answer)."""
    pool = number_pool(results)
    asked = set(number_pool([question]))
    found: list[str] = []
    answer = without_paths(_CODE.sub(" ", answer))
    for m in _ANSWER_NUMBER.finditer(answer):
        whole, frac, exp, suffix = m.group(1), m.group(2) or "", m.group(3), m.group(4) or ""
        x = float(whole.replace(",", "") + frac + (f"e{exp}" if exp else ""))
        decimals = max(len(frac) - 1, 0) - (int(exp) if exp else 0)
        tol = 0.5 * 10.0 ** (-decimals) + 1e-9 * max(1.0, x)
        if not frac and not exp and x <= SMALL_INT:
            continue
        if x in asked:
            continue
        candidates = [(x, tol)]
        if suffix == "%":
            candidates.append((x / 100, tol / 100))
        elif suffix in ("k", "K"):
            candidates.append((x * 1e3, tol * 1e3))
        elif suffix == "M":
            candidates.append((x * 1e6, tol * 1e6))
        if not any(_near(pool, v, t) for v, t in candidates):
            found.append(m.group(0))
    for words, x in word_numbers(answer):  # "thirty-four" is checked like 34
        if x > SMALL_INT and x not in asked and not _near(pool, x, 1e-9 * max(1.0, x)):
            found.append(words)
    return list(dict.fromkeys(found))


def about_data(session: SessionGraph, question: str) -> bool:
    """Whether the question is about the data: a graph is loaded/attached or it names one."""
    return bool(session.loaded or session.dataset_id or session.attached_sources
                or _DATA_WORDS.search(question))


def check_answer(answer: str, question: str, session: SessionGraph,
                 results: list[ToolResult], actions: list[Action]) -> Verdict:
    """Evidence and number grounding of a final answer, against this run's tool calls."""
    ok = [r for r in results if r.success]
    shown: list[Any] = [r.evidence() for r in results]
    shown += [a.args for a in actions]
    sources = session.attached_sources
    if not ok and about_data(session, question):
        because = ("the answer is about the data, but no tool call of this run succeeded, so "
                   "nothing it says was shown by a tool")
        return Verdict(
            ok=False,
            feedback=("Your answer is about the data, but no tool call of this run succeeded. "
                      "Call a tool that shows it (start with get_graph_info), or say plainly "
                      "that it cannot be answered."),
            refusal=_refusal(actions, sources, "answer about the data without any successful "
                             "tool result", because),
            withheld_note=f"The answer was withheld: {because}.",
        )
    flagged = ungrounded_numbers(answer, shown, question)
    if not flagged:
        return Verdict(ok=True)
    listed = ", ".join(flagged[:12])
    because = f"the answer states numbers that no tool result of this run shows: {listed}"
    return Verdict(
        ok=False,
        ungrounded=flagged,
        feedback=(f"These numbers in your answer appear in no tool result of this run: {listed}. "
                  "Ground each one with a tool call, or retract it, then answer again."),
        refusal=_refusal(actions, sources, f"answer with ungrounded numbers ({listed})", because),
        withheld_note=f"The answer was withheld: {because}.",
    )


def _refusal(actions: list[Action], sources: list[str], action: str, because: str) -> Refusal:
    steps = ["call get_graph_info {} to confirm which graph and revision are loaded"]
    done = [a for a in actions if a.success and a.tool != "get_graph_info"]
    for a in done[:3]:
        steps.append(f"call {a.tool} {json.dumps(a.args, sort_keys=True)} again and quote "
                     "the numbers from its result")
    if not done:
        if sources:
            steps.append("call construct_graph "
                         f"{json.dumps({'source_ids': sources})}, then "
                         "load_constructed_graph {\"dataset_id\": <the dataset_id it returns>}")
        steps.append("call the analysis tool that measures what the question asks "
                     "(e.g. node_centrality {\"measure\": \"pagerank\"}) and answer from its result")
    steps.append("ask again: the answer may only state numbers those results show")
    return Refusal(
        code=str(ErrorCode.UNGROUNDED_ANSWER),
        blocked_action=action,
        because=because,
        unblock=steps,
        lawful_alternative=("read the tool results of this run directly (response.data and "
                            "response.evidence); they are exact"),
        retryable=True,
        policy_final=False,
    )
