"""Per-request options, project settings and model resolution.

``RunOptions`` is built for each request; ``Settings`` come from the environment and a
``.env`` file next to the working directory (litellm's own variable names for keys).
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from igraph_agent.errors import AgentError, ErrorCode

OFFLINE_MODEL = "offline/planner"

ReasoningMode = Literal["direct", "staged"]
PlanningMode = Literal["never", "auto", "always"]
OutputFormat = Literal["chat", "report", "json"]


class RunOptions(BaseModel):
    """Options of one request. ``None`` means: take the project's configured default."""

    model_config = ConfigDict(extra="forbid")

    model: str | None = None
    reasoning_mode: ReasoningMode = "direct"
    planning_mode: PlanningMode = "auto"
    output_format: OutputFormat = "chat"
    max_steps: int = Field(default=12, ge=1, le=100)
    read_only: bool = False
    tools: list[str] | None = None
    skills: list[str] | None = None
    # tools that wait for a person in this request even where a run would not ask (no
    # approval flag, or pre-authorized by the question): the MCP server's train, remember
    ask_first: list[str] = Field(default_factory=list)


@dataclass
class Settings:
    """Project-level settings read from the environment (and ``.env``)."""

    model: str | None = None
    home: Path = field(default_factory=lambda: Path(".igraph-agent"))
    api_base: str | None = None
    read_only: bool = False
    timeout_s: float = 120.0
    max_retries: int = 2
    rpm: int | None = None
    tpm: int | None = None
    # where background jobs and split analyses run: None = in this process (the default),
    # "auto" = a local Ray started on demand, "ray://host:port" or "host:port" = a Ray cluster
    cluster: str | None = None

    @classmethod
    def from_env(cls, env_file: str | Path | None = ".env") -> Settings:
        if env_file is not None and Path(env_file).is_file():
            from dotenv import load_dotenv

            # Keys set in the real environment win over the file; never set twice.
            load_dotenv(env_file, override=False)
        env = os.environ
        return cls(
            model=env.get("IGRAPH_AGENT_MODEL") or None,
            home=Path(env.get("IGRAPH_AGENT_HOME", ".igraph-agent")),
            api_base=env.get("IGRAPH_AGENT_API_BASE") or None,
            read_only=_truthy(env.get("IGRAPH_AGENT_READ_ONLY")),
            timeout_s=number_setting(env, "IGRAPH_AGENT_TIMEOUT", float, 120.0),
            max_retries=number_setting(env, "IGRAPH_AGENT_MAX_RETRIES", int, 2, allow_zero=True),
            rpm=number_setting(env, "IGRAPH_AGENT_RPM", int, None),
            tpm=number_setting(env, "IGRAPH_AGENT_TPM", int, None),
            cluster=(env.get("IGRAPH_AGENT_CLUSTER") or "").strip() or None,
        )


def resolve_model(options: RunOptions, settings: Settings, configured: str | None = None) -> str:
    """The model a request uses: the request's, else the project's, else the offline planner.

    ``configured`` is the default saved in the project (``%agent config model=...``).
    """
    return options.model or configured or settings.model or OFFLINE_MODEL


def _truthy(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


def number_setting(env: Mapping[str, str], name: str, kind: type, default: Any, *,
            allow_zero: bool = False) -> Any:
    """A numeric setting: unset or blank gives ``default``; anything that is not a finite,
    positive number of the right kind (0 too when ``allow_zero``) is SETTING_INVALID naming
    the variable."""
    raw = (env.get(name) or "").strip()
    if not raw:
        return default
    try:
        value = kind(raw)
    except ValueError:
        value = None
    if value is None or not math.isfinite(value) or value < 0 or (value == 0 and not allow_zero):
        what = "a whole number" if kind is int else "a number of seconds"
        raise AgentError(ErrorCode.SETTING_INVALID,
                         f"{name}={raw[:100]!r} is not valid: it must be {what}, "
                         + ("0 or more" if allow_zero else "above 0"),
                         hint=f"fix or unset {name} (in the environment or .env)",
                         details={"variable": name, "value": raw[:100]})
    return value
