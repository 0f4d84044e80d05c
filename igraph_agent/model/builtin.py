"""The built-in providers, ``offline/...`` (the planner) and ``scripted/<name>``, called
directly: one function from the conversation to the next assistant message, no litellm.

Example::

    >>> from igraph_agent.model.scripted import ScriptedModel
    >>> model = ScriptedModel(["hello"])
    >>> builtin_message(model.id, [{"role": "user", "content": "hi"}], None)
    {'role': 'assistant', 'content': 'hello'}
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from typing import Any

BUILTIN_PROVIDERS = {"offline", "scripted", "relay"}


def is_builtin(model: str) -> bool:
    return "/" in model and model.split("/", 1)[0] in BUILTIN_PROVIDERS


def warm(model: str) -> threading.Thread | None:
    """Import the offline planner on a daemon thread, so that its import (its regular
    expressions compile then: about 0.2 s, the built-in skills' triggers too) overlaps the reading and binding of attached
    data instead of following them in the first model turn. Returns the thread, or None
    where there is nothing to import (another provider, or the planner already imported).
    A turn that needs the planner before the thread ends waits on Python's import lock."""
    if not model.startswith("offline/") or "igraph_agent.model.offline" in sys.modules:
        return None

    def load() -> None:
        try:
            import igraph_agent.model.offline  # noqa: F401
            from igraph_agent.model.skillplan import trigger_pattern
            from igraph_agent.skills.catalogue import SkillCatalogue, builtin_dir

            # the built-in skills' triggers, which the first turn matches the question to
            for skill in SkillCatalogue(builtin_dir()).builtin().values():
                for trigger in skill.triggers:
                    trigger_pattern(trigger)
        except Exception:  # the turn's own import raises it where it belongs
            pass

    thread = threading.Thread(target=load, name="planner-import", daemon=True)
    thread.start()
    return thread


def builtin_message(model: str, messages: list[dict], tools: list[dict] | None,
                    context: dict[str, Any] | None = None) -> dict[str, Any]:
    """The next assistant message (OpenAI format) of a built-in provider; the offline
    planner also reads ``context`` (``model/context.py``)."""
    provider, name = model.split("/", 1)
    if provider == "offline":
        from igraph_agent.model.offline import plan

        return plan(messages, tools, context)
    if provider == "relay":  # one tool call from outside (an MCP client), model/relay.py
        from igraph_agent.model.relay import relay_message

        return relay_message(messages)
    from igraph_agent.model.scripted import get_script

    return get_script(name).next_message(messages, tools)


async def abuiltin_message(model: str, messages: list[dict], tools: list[dict] | None,
                           context: dict[str, Any] | None = None) -> dict[str, Any]:
    """:func:`builtin_message`, after a scripted step's delay (an awaitable, cancellable wait)."""
    if model.startswith("scripted/"):
        from igraph_agent.model.scripted import get_script

        delay = get_script(model.split("/", 1)[1]).pending_delay()
        if delay:
            await asyncio.sleep(delay)
    return builtin_message(model, messages, tools, context)


def usage_of(message: dict[str, Any], messages: list[dict]) -> tuple[int, int]:
    """(prompt, completion) tokens, estimated at four characters a token."""
    prompt = sum(len(str(m.get("content") or "")) for m in messages) // 4
    return prompt, len(json.dumps(message)) // 4
