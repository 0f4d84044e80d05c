"""The offline planner's memory step: "Remember: ..." / "From now on, ..." questions.

A question that starts by asking to remember something becomes one ``remember`` call
(``stated_by_user``: the user said it), then an answer that says what was kept -- or which
retention rule refused it. "remember that ..." / "note that ..." states a fact; anything
else ("from now on, lead reports with conclusions") a preference. Deterministic.

Example::

    >>> st = PlanState("Remember: lead reports with conclusions", [], {"remember"}, 0)
    >>> reply(st)
    ('calls', [Call(tool='remember', args={'content': 'Lead reports with conclusions', 'kind': 'preference', 'stated_by_user': True})])
"""

from __future__ import annotations

import re

from igraph_agent.model.planstate import Call, PlanState

_ASK = re.compile(r"^\s*(?:please\s+)?(?P<verb>remember(?:\s+that)?|note(?:\s+that)|keep in mind"
                  r"(?:\s+that)?|from now on)\s*[:,-]?\s*(?P<what>\S.*)$",
                  re.IGNORECASE | re.DOTALL)


def request(question: str) -> tuple[str, str] | None:
    """(kind, content) when the question asks to remember something, else None."""
    m = _ASK.match(question)
    if not m:
        return None
    verb = m.group("verb").lower()
    kind = "fact" if verb.endswith("that") and not verb.startswith("keep") else "preference"
    what = m.group("what").strip().rstrip(".")
    return kind, what[:1].upper() + what[1:]


def reply(st: PlanState) -> tuple[str, list[Call] | str] | None:
    """None when the question is not a memory request; else ``("calls", [remember])``, then
    ``("answer", text)`` when kept or ``("ask", text)`` when a retention rule refused it (the
    user can restate it)."""
    asked = request(st.question)
    if asked is None or not st.can_call("remember"):
        return None
    kind, content = asked
    done = st.last("remember")
    if done is None:
        return "calls", [Call("remember", {"content": content, "kind": kind,
                                           "stated_by_user": True})]
    if done.ok:
        return "answer", (f"Noted ({kind}): {content}. Confirm it to keep it for your later "
                          "sessions: `%agent memory candidates`, then `%agent memory confirm ID` "
                          "(nothing I propose enters a prompt before that).")
    err = done.error
    return "ask", (f"Not remembered -- {err.get('message', 'refused')}. Restate it as a durable "
                   "preference or a confirmed fact if you want me to keep it.")
