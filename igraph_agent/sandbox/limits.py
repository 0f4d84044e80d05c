"""What a snippet may use, and the team's policy for running code at all.

``IGRAPH_AGENT_CODE``: ``on`` (default: snippets run without a click; they cannot change
stored data), ``ask`` (each snippet waits for approval), ``off`` (the code tool is not
offered and refuses with CODE_DISABLED).
"""

from __future__ import annotations

import os
from typing import Literal

from pydantic import BaseModel, Field

Policy = Literal["on", "ask", "off"]


class Limits(BaseModel):
    """Per-snippet limits; every one is enforced by the kernel, not by Python."""

    wall_s: float = Field(default=30.0, gt=0, le=600, description="wall-clock seconds")
    cpu_s: int = Field(default=30, ge=1, le=600, description="CPU seconds (RLIMIT_CPU)")
    memory_mb: int = Field(default=2048, ge=256, le=65536,
                           description="address space in MiB (RLIMIT_AS)")
    scratch_mb: int = Field(default=64, ge=1, le=4096,
                            description="largest file the snippet may write (RLIMIT_FSIZE)")
    stdout_chars: int = Field(default=8000, ge=100, le=100_000)
    rows: int = Field(default=50, ge=1, le=1000, description="rows kept per DataFrame")
    result_chars: int = Field(default=100_000, ge=1000, le=2_000_000,
                              description="largest `result`, as JSON characters")
    result_depth: int = Field(default=32, ge=2, le=200,
                              description="deepest nesting of lists and dicts in `result`")
    tasks: int = Field(default=64, ge=8, le=4096, description="threads and processes of the "
                       "worker together (its tasks cgroup)")
    tmp_mb: int = Field(default=256, ge=16, le=4096, description="size of the private /tmp "
                        "(a tmpfs, counted in the memory limit too)")
    scratch_total_mb: int = Field(default=512, ge=1, le=65536, description="all files in "
                                  "scratch together, checked by the host while a snippet runs")


def code_policy() -> Policy:
    """The policy from ``IGRAPH_AGENT_CODE``; anything unrecognised counts as ``ask``."""
    value = os.environ.get("IGRAPH_AGENT_CODE", "on").strip().lower()
    if value in ("on", "off", "ask"):
        return value  # type: ignore[return-value]
    return "ask"
