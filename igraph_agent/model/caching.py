"""Prompt caching: the hints a provider needs to cache a request's unchanging prefix, and
the cached tokens a response reports.

OpenAI, DeepSeek and Gemini cache a repeated prefix on their own; Anthropic (direct, on
Bedrock or on Vertex) caches only up to a ``cache_control`` breakpoint. The runtime keeps
the prefix the same on every request of a session (one tool list, then the system prompt
up to ``REQUEST_HEADING``: ``tools/offer.py``, ``runtime/instructions.py``), so for those
models the system message is sent as two text blocks — the part before the heading with
``cache_control``, the part of this request after it — and the cache holds the tools and
the stable instructions.

Example::

    >>> msgs = [{"role": "system", "content": "Rules.\\n\\nThis request:\\n\\nData: karate"},
    ...         {"role": "user", "content": "How big?"}]
    >>> hinted = with_cache_hints("anthropic/claude-sonnet-4-5", msgs)
    >>> [b.get("cache_control") for b in hinted[0]["content"]]
    [{'type': 'ephemeral'}, None]
    >>> with_cache_hints("openai/gpt-4o-mini", msgs) is msgs
    True
"""

from __future__ import annotations

from typing import Any

#: the line after which the system prompt holds only what varies per request
REQUEST_HEADING = "This request:"
#: model ids (litellm's) whose provider caches only up to an explicit breakpoint
_NEEDS_BREAKPOINT = ("anthropic/", "claude", "bedrock/anthropic.", "bedrock/us.anthropic.",
                     "bedrock/eu.anthropic.", "vertex_ai/claude")
EPHEMERAL = {"type": "ephemeral"}


def needs_breakpoint(model: str) -> bool:
    return model.lower().startswith(_NEEDS_BREAKPOINT)


def with_cache_hints(model: str, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``messages`` with the system message split at ``REQUEST_HEADING`` and its stable
    part marked ``cache_control``, for providers that need it; else ``messages`` itself."""
    if not needs_breakpoint(model) or not messages or messages[0].get("role") != "system":
        return messages
    text = messages[0].get("content")
    if not isinstance(text, str) or not text:
        return messages
    stable, sep, varying = text.partition(REQUEST_HEADING)
    blocks: list[dict[str, Any]] = [{"type": "text", "text": stable.rstrip() if sep else text,
                                     "cache_control": dict(EPHEMERAL)}]
    if sep:
        blocks.append({"type": "text", "text": sep + varying})
    return [{**messages[0], "content": blocks}, *messages[1:]]


def cached_tokens(usage: Any) -> int:
    """Prompt tokens a provider read from its cache, as litellm reports them (OpenAI's
    ``prompt_tokens_details.cached_tokens``, Anthropic's ``cache_read_input_tokens``)."""
    if usage is None:
        return 0
    details = getattr(usage, "prompt_tokens_details", None)
    found = getattr(details, "cached_tokens", None) if details is not None else None
    if not found:
        found = getattr(usage, "cache_read_input_tokens", None)
    try:
        return int(found or 0)
    except (TypeError, ValueError):
        return 0
