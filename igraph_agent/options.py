"""Per-request options, project settings and model resolution.

``RunOptions`` is built for each request; ``Settings`` come from the environment and a
``.env`` file next to the working directory (litellm's own variable names for keys).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

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
            timeout_s=float(env.get("IGRAPH_AGENT_TIMEOUT", "120")),
            max_retries=int(env.get("IGRAPH_AGENT_MAX_RETRIES", "2")),
            rpm=_int_or_none(env.get("IGRAPH_AGENT_RPM")),
            tpm=_int_or_none(env.get("IGRAPH_AGENT_TPM")),
        )


def resolve_model(options: RunOptions, settings: Settings, configured: str | None = None) -> str:
    """The model a request uses: the request's, else the project's, else the offline planner.

    ``configured`` is the default saved in the project (``%agent config model=...``).
    """
    return options.model or configured or settings.model or OFFLINE_MODEL


def _truthy(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


def _int_or_none(value: str | None) -> int | None:
    return int(value) if value and value.strip() else None
