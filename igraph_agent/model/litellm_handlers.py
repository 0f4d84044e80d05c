"""The built-in providers as litellm custom handlers, for code that calls litellm itself.

The agent never goes through these: :class:`~igraph_agent.model.gateway.ModelGateway` calls
the offline planner and scripted models directly (no litellm import, docs/performance.md).
Importing this module imports litellm.
"""

from __future__ import annotations

import asyncio
from typing import Any

import litellm
from litellm import CustomLLM

from igraph_agent.errors import ErrorCode, ModelNotConfigured
from igraph_agent.model.builtin import builtin_message, usage_of
from igraph_agent.model.scripted import get_script


def _response(model: str, message: dict[str, Any], messages: list) -> Any:
    prompt, completion = usage_of(message, messages)
    return litellm.ModelResponse(
        model=model,
        choices=[{"message": message, "index": 0,
                  "finish_reason": "tool_calls" if message.get("tool_calls") else "stop"}],
        usage={"prompt_tokens": prompt, "completion_tokens": completion,
               "total_tokens": prompt + completion},
    )


class OfflineLLM(CustomLLM):
    """litellm handler for ``offline/planner``."""

    def completion(self, model: str, messages: list, *args: Any, **kwargs: Any):
        tools = (kwargs.get("optional_params") or {}).get("tools")
        return _response("offline/planner", builtin_message(f"offline/{model}", messages, tools),
                         messages)

    async def acompletion(self, model: str, messages: list, *args: Any, **kwargs: Any):
        return self.completion(model, messages, *args, **kwargs)


class ScriptedLLM(CustomLLM):
    """litellm handler: looks the script up by the model name after ``scripted/``."""

    def completion(self, model: str, messages: list, *args: Any, **kwargs: Any):
        tools = (kwargs.get("optional_params") or {}).get("tools")
        try:
            message = builtin_message(f"scripted/{model}", messages, tools)
        except ModelNotConfigured as exc:
            raise RuntimeError(f"{ErrorCode.MODEL_NOT_CONFIGURED}: {exc.message}") from None
        return _response(model, message, messages)

    async def acompletion(self, model: str, messages: list, *args: Any, **kwargs: Any):
        try:
            delay = get_script(model).pending_delay()
        except ModelNotConfigured:
            delay = 0.0
        if delay:
            await asyncio.sleep(delay)
        return self.completion(model, messages, *args, **kwargs)
