"""Every model call goes through here: litellm ``acompletion`` with native tools, a timeout,
retries on transient errors, optional request/token rate limits, usage and cost accounting,
and streamed text deltas. The built-in providers (``offline``, ``scripted``) are called
directly (``model/builtin.py``): litellm is imported only for a real provider.

A named model that cannot be used (no key, unknown provider) fails closed with
``MODEL_NOT_CONFIGURED`` before any call: never a traceback, never a silent switch.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode, ModelNotConfigured
from igraph_agent.model.builtin import BUILTIN_PROVIDERS, abuiltin_message, is_builtin, usage_of
from igraph_agent.model.caching import cached_tokens, with_cache_hints
from igraph_agent.options import Settings

# Providers that talk to a local server and need no key (they do need it running).
LOCAL_PROVIDERS = {"ollama", "ollama_chat", "vllm", "hosted_vllm", "lm_studio", "llamafile"}

_litellm = None


def litellm_module():
    """Import litellm once, offline-safe, with our providers registered."""
    global _litellm
    if _litellm is None:
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        import litellm

        from igraph_agent.model.litellm_handlers import OfflineLLM, ScriptedLLM

        litellm.suppress_debug_info = True
        litellm.telemetry = False
        litellm.custom_provider_map = [
            *[p for p in litellm.custom_provider_map if p["provider"] not in BUILTIN_PROVIDERS],
            {"provider": "offline", "custom_handler": OfflineLLM()},
            {"provider": "scripted", "custom_handler": ScriptedLLM()},
        ]
        _litellm = litellm
    return _litellm


@dataclass
class ToolCallRequest:
    id: str
    name: str
    arguments: str


@dataclass
class ModelTurn:
    text: str
    tool_calls: list[ToolCallRequest]
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = None
    cached_tokens: int = 0  # of prompt_tokens, read from the provider's prompt cache

    def as_message(self) -> dict[str, Any]:
        """The assistant message to append to the conversation."""
        msg: dict[str, Any] = {"role": "assistant", "content": self.text or None}
        if self.tool_calls:
            msg["tool_calls"] = [
                {"id": c.id, "type": "function",
                 "function": {"name": c.name, "arguments": c.arguments}}
                for c in self.tool_calls
            ]
        return msg


@dataclass
class RateLimiter:
    """Sliding one-minute windows for requests and tokens; waits rather than fails."""

    rpm: int | None = None
    tpm: int | None = None
    _requests: deque = field(default_factory=deque)
    _tokens: deque = field(default_factory=deque)

    async def acquire(self) -> None:
        while True:
            now = time.monotonic()
            for window in (self._requests, self._tokens):
                while window and now - window[0][0] > 60:
                    window.popleft()
            over_rpm = self.rpm is not None and len(self._requests) >= self.rpm
            over_tpm = self.tpm is not None and sum(t for _, t in self._tokens) >= self.tpm
            if not (over_rpm or over_tpm):
                self._requests.append((now, 1))
                return
            oldest = min(w[0][0] for w in (self._requests, self._tokens) if w)
            await asyncio.sleep(max(0.05, 60 - (now - oldest)))

    def record_tokens(self, n: int) -> None:
        self._tokens.append((time.monotonic(), n))


class ModelGateway:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.limiter = RateLimiter(settings.rpm, settings.tpm)

    def check(self, model: str) -> None:
        """Raise MODEL_NOT_CONFIGURED unless ``model`` can be called as configured."""
        provider = model.split("/", 1)[0] if "/" in model else ""
        if provider in BUILTIN_PROVIDERS:
            if provider == "scripted":
                from igraph_agent.model.scripted import get_script

                get_script(model.split("/", 1)[1])
            return
        litellm = litellm_module()
        try:
            _, provider, _, _ = litellm.get_llm_provider(model, api_base=self.settings.api_base)
        except Exception:
            raise ModelNotConfigured(
                f"model {model!r} names no provider litellm knows",
                hint="use 'provider/model' (e.g. openai/gpt-4o-mini, anthropic/claude-sonnet-4-5, "
                "ollama/llama3.1), or unset IGRAPH_AGENT_MODEL for the offline planner",
            ) from None
        if provider in LOCAL_PROVIDERS or self.settings.api_base:
            return
        env = litellm.validate_environment(model=model, api_base=self.settings.api_base)
        if not env.get("keys_in_environment", False):
            missing = env.get("missing_keys") or []
            names = ", ".join(missing) or "the provider's API key"
            raise ModelNotConfigured(
                f"model {model!r} needs {names}, which is not set",
                hint=f"set {names} in the environment or in a .env file next to the notebook, "
                "or choose another model with --model",
                details={"missing_keys": missing, "provider": provider},
            )

    async def complete(
        self,
        model: str,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None,
        on_delta: Callable[[str], None] | None = None,
        context: dict[str, Any] | None = None,
    ) -> ModelTurn:
        """One model turn. ``context`` (options and skills as data) goes to built-in
        providers only; a real provider reads the same facts from the system prompt."""
        if is_builtin(model):
            return await self._builtin(model, messages, tools, on_delta, context)
        litellm = litellm_module()
        kwargs: dict[str, Any] = {"model": model, "messages": with_cache_hints(model, messages),
                                  "timeout": self.settings.timeout_s}
        if tools:
            kwargs["tools"] = tools
        if self.settings.api_base:
            kwargs["api_base"] = self.settings.api_base
        stream = on_delta is not None
        transient = (litellm.RateLimitError, litellm.APIConnectionError, litellm.Timeout,
                     litellm.ServiceUnavailableError, litellm.InternalServerError)
        attempt = 0
        while True:
            await self.limiter.acquire()
            try:
                if stream:
                    chunks = []
                    response_stream = await litellm.acompletion(**kwargs, stream=True,
                                                                stream_options={"include_usage": True})
                    async for chunk in response_stream:
                        chunks.append(chunk)
                        delta = chunk.choices[0].delta.content if chunk.choices else None
                        if delta:
                            on_delta(delta)
                    response = litellm.stream_chunk_builder(chunks, messages=messages)
                else:
                    response = await litellm.acompletion(**kwargs)
                break
            except transient as exc:
                attempt = await self._backoff(model, attempt, exc)
            except litellm.AuthenticationError as exc:
                raise ModelNotConfigured(f"{model} rejected the credentials: {exc.message[:200]}",
                                         hint="check the provider's API key") from None
            except AgentError:
                raise
            except Exception as exc:
                raise _failed(model, exc) from None
        turn = _to_turn(response)
        self.limiter.record_tokens(turn.prompt_tokens + turn.completion_tokens)
        turn.cost_usd = _cost(litellm, response, model)
        return turn

    async def _backoff(self, model: str, attempt: int, exc: Exception) -> int:
        """After a transient failure: wait before the next attempt (exponential, capped at
        8 s), or give up with MODEL_ERROR once the retries are spent."""
        attempt += 1
        if attempt > self.settings.max_retries:
            raise AgentError(ErrorCode.MODEL_ERROR,
                             f"{model} failed after {attempt} attempts: {type(exc).__name__}",
                             hint="the provider is unavailable or rate-limited; try later",
                             retryable=True) from None
        await asyncio.sleep(min(8.0, 0.5 * 2 ** (attempt - 1)))
        return attempt

    async def _builtin(self, model: str, messages: list[dict[str, Any]],
                       tools: list[dict[str, Any]] | None,
                       on_delta: Callable[[str], None] | None,
                       context: dict[str, Any] | None = None) -> ModelTurn:
        """A built-in provider's turn: the same retries and errors as a real provider's."""
        attempt = 0
        while True:
            await self.limiter.acquire()
            try:
                message = await abuiltin_message(model, messages, tools, context)
                break
            except AgentError:
                raise
            except Exception as exc:
                if not _transient(exc):
                    raise _failed(model, exc) from None
                attempt = await self._backoff(model, attempt, exc)
        prompt, completion = usage_of(message, messages)
        turn = ModelTurn(text=message.get("content") or "",
                         tool_calls=_calls(message.get("tool_calls") or []),
                         prompt_tokens=prompt, completion_tokens=completion, cost_usd=0.0)
        if on_delta is not None and turn.text:
            on_delta(turn.text)
        self.limiter.record_tokens(prompt + completion)
        return turn


def _failed(model: str, exc: Exception) -> AgentError:
    """A non-transient provider failure, as the coded error the run ends with."""
    return AgentError(ErrorCode.MODEL_ERROR, f"{model}: {type(exc).__name__}: {exc}"[:500],
                      hint="check the model name and provider settings")


def _transient(exc: Exception) -> bool:
    """A rate limit, connection error, timeout or server error (litellm's classes, when a
    scripted step raises one; litellm itself is not imported for this)."""
    litellm = sys.modules.get("litellm")
    return litellm is not None and isinstance(exc, (
        litellm.RateLimitError, litellm.APIConnectionError, litellm.Timeout,
        litellm.ServiceUnavailableError, litellm.InternalServerError))


def _calls(raw: list[dict[str, Any]]) -> list[ToolCallRequest]:
    calls = []
    for i, tc in enumerate(raw):
        fn = tc.get("function") or {}
        args = fn.get("arguments")
        calls.append(ToolCallRequest(id=tc.get("id") or f"call_{i}", name=fn.get("name") or "",
                                     arguments=args if isinstance(args, str) else
                                     str(args or "")))
    return calls


def _to_turn(response: Any) -> ModelTurn:
    choice = response.choices[0]
    message = choice.message
    calls = []
    for i, tc in enumerate(getattr(message, "tool_calls", None) or []):
        fn = tc.function
        calls.append(ToolCallRequest(id=tc.id or f"call_{i}", name=fn.name or "",
                                     arguments=fn.arguments if isinstance(fn.arguments, str)
                                     else str(fn.arguments or "")))
    usage = getattr(response, "usage", None)
    return ModelTurn(
        text=message.content or "",
        tool_calls=calls,
        prompt_tokens=getattr(usage, "prompt_tokens", 0) or 0,
        completion_tokens=getattr(usage, "completion_tokens", 0) or 0,
        cached_tokens=cached_tokens(usage),
    )


def _cost(litellm: Any, response: Any, model: str) -> float | None:
    try:
        return float(litellm.completion_cost(completion_response=response, model=model))
    except Exception:
        return None
