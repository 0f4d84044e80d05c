"""ScriptedModel: a model that replays given steps, called by the gateway as provider ``scripted``.

For our tests and for users testing their own setups; it runs through exactly the same
gateway path (retries, errors, events) as a real provider.

Example::

    >>> from igraph_agent.model.scripted import ScriptedModel, call
    >>> from igraph_agent.options import RunOptions
    >>> model = ScriptedModel([
    ...     [call("get_graph_info")],
    ...     "No graph is loaded yet.",
    ... ])
    >>> agent.ask("How big is it?", options=RunOptions(model=model.id)).answer
    'No graph is loaded yet.'
    >>> "get_graph_info" in [t["function"]["name"] for t in model.requests[0]["tools"]]
    True
"""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from igraph_agent.errors import ModelNotConfigured


@dataclass
class ToolCallStep:
    name: str
    arguments: str  # raw: may be malformed on purpose
    id: str | None = None  # the tool-call id to send (default t<turn>c<index>)


def call(name: str, /, **args: Any) -> ToolCallStep:
    """A well-formed tool call step."""
    return ToolCallStep(name, json.dumps(args))


def raw_call(name: str, arguments: str) -> ToolCallStep:
    """A tool call whose arguments are sent exactly as given (e.g. broken JSON)."""
    return ToolCallStep(name, arguments)


GARBAGE = object()  # a reply with neither text nor tool calls


@dataclass
class Delayed:
    """A step the provider answers only after ``seconds`` (an awaitable wait, like a slow
    network call: cancelling the run's model call interrupts it)."""

    step: Any
    seconds: float


def slow(step: Any, seconds: float) -> Delayed:
    return Delayed(step, seconds)

Step = str | ToolCallStep | list[ToolCallStep] | object | Callable[[list, list], Any]

_scripts: dict[str, ScriptedModel] = {}
_lock = threading.Lock()


class ScriptedModel:
    def __init__(self, steps: list[Step], name: str | None = None) -> None:
        self.steps = list(steps)
        self.name = name or uuid.uuid4().hex[:10]
        self.requests: list[dict[str, Any]] = []
        self._pos = 0
        with _lock:
            _scripts[self.name] = self

    @property
    def id(self) -> str:
        return f"scripted/{self.name}"

    def pending_delay(self) -> float:
        """Seconds the next step waits before it is answered (0 for most steps)."""
        if self._pos < len(self.steps) and isinstance(self.steps[self._pos], Delayed):
            return self.steps[self._pos].seconds
        return 0.0

    @property
    def remaining(self) -> int:
        return len(self.steps) - self._pos

    def next_message(self, messages: list[dict], tools: list[dict] | None) -> dict[str, Any]:
        # a snapshot: the caller keeps appending to its list after this turn
        self.requests.append({"messages": list(messages), "tools": list(tools or [])})
        if self._pos >= len(self.steps):
            return {"role": "assistant", "content": None}
        step = self.steps[self._pos]
        self._pos += 1
        if isinstance(step, Delayed):
            step = step.step
        if callable(step) and not isinstance(step, ToolCallStep):
            step = step(messages, tools or [])
        return _message(step, len(self.requests))


def _message(step: Any, turn: int) -> dict[str, Any]:
    if step is GARBAGE or step is None:
        return {"role": "assistant", "content": None}
    if isinstance(step, str):
        return {"role": "assistant", "content": step}
    calls = [step] if isinstance(step, ToolCallStep) else list(step)
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {"id": c.id or f"t{turn}c{i}", "type": "function",
             "function": {"name": c.name, "arguments": c.arguments}}
            for i, c in enumerate(calls)
        ],
    }


def get_script(name: str) -> ScriptedModel:
    with _lock:
        model = _scripts.get(name)
    if model is None:
        raise ModelNotConfigured(f"no ScriptedModel named {name!r} exists in this process",
                                 hint="create ScriptedModel([...]) and pass its .id as the model")
    return model
