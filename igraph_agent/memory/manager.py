"""Store-backed memory of one user in one project.

Five kinds, five timescales: ``profile`` (key -> value, e.g. role), ``preference``
(durable ways of working), ``fact`` (confirmed user facts), ``knowledge`` (reusable,
generalised experience; hybrid retrieval) and ``decision`` (the decision log). Session
context (task progress, the plan of planning_mode=always) is read from the session's
state. Every write passes the retention rules (``memory/retention.py``); the model's
``remember`` calls are held as *pending* and kept only when the run completes with an
answer -- a cancelled, interrupted or failed run writes no memory.

Example::

    >>> mem = Memory(store, home)
    >>> mem.remember("Lead reports with conclusions and metrics")["kind"]
    'preference'
    >>> mem.search("how should reports start?")["results"][0]["content"]
    'Lead reports with conclusions and metrics'
    >>> "Lead reports with conclusions" in mem.prompt_block("Write a report on hubs")
    True
"""

from __future__ import annotations

import getpass
import os
from pathlib import Path
from typing import Any

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.memory.retention import KINDS, verdict
from igraph_agent.memory.retrieval import (
    LEXICAL_NOTE,
    Embedder,
    bm25_rank,
    cosine_rank,
    fuse,
    litellm_embedder,
)
from igraph_agent.store import Store
from igraph_agent.store.memory import MemoryRecords
from igraph_agent.store.runs import Runs
from igraph_agent.store.sessions import session_state

USER_ENV = "IGRAPH_AGENT_USER"
PROMPT_PREFERENCES = 10
PROMPT_RETRIEVED = 5
_TERMINAL_KEEP = {"completed"}


def current_user() -> str:
    try:
        return os.environ.get(USER_ENV) or getpass.getuser()
    except (KeyError, OSError):
        return "user"


class Memory:
    def __init__(self, store: Store, home: str | Path, user_id: str | None = None,
                 embedder: Embedder | None = None) -> None:
        self.store = store
        self.records = MemoryRecords(store)
        self.project = str(Path(home).resolve())
        self.user_id = user_id or current_user()
        self.embedder = embedder if embedder is not None else litellm_embedder()

    # -- writing ----------------------------------------------------------------------
    def remember(self, content: str, kind: str = "preference", *, confirmed: bool = True,
                 key: str = "", source: str = "user", run_id: str | None = None,
                 session_id: str | None = None, pending: bool = False) -> dict[str, Any]:
        """Keep a record, or raise MEMORY_NOT_KEPT saying which retention rule refused it.

        ``pending`` records (the model's, during a run) count only once ``settle_run`` keeps
        them. A profile value with the same key replaces the old one.
        """
        v = verdict(kind, content, confirmed=confirmed)
        if not v.keep:
            raise AgentError(ErrorCode.MEMORY_NOT_KEPT, f"not remembered: {v.reason}",
                             hint="remember durable preferences and confirmed facts only",
                             details={"kind": kind})
        text = " ".join(content.split())
        for row in self.records.list(self.user_id, self.project, kinds=[kind]):
            if row["content"].lower() == text.lower() and not pending:
                return self._view(row) | {"duplicate": True}
        if kind == "profile" and key and not pending:
            old = self.records.find_key(self.user_id, self.project, "profile", key)
            if old is not None:
                self.records.delete(self.user_id, self.project, old["id"])
        mid = self.records.add(self.user_id, self.project, kind, text, key=key, source=source,
                               status="pending" if pending else "kept", run_id=run_id,
                               session_id=session_id, embedding=self._embed_one(text))
        return self._view(self.records.get(self.user_id, self.project, mid) or {})

    def set_profile(self, key: str, value: str) -> dict[str, Any]:
        return self.remember(f"{key}: {value}", "profile", key=key)

    def log_decision(self, text: str, source: str = "system", run_id: str | None = None
                     ) -> dict[str, Any]:
        return self.remember(text, "decision", source=source, run_id=run_id)

    def delete(self, memory_id: str) -> dict[str, Any]:
        """Delete a record of this user for good (the row is removed, not hidden)."""
        if not self.records.delete(self.user_id, self.project, memory_id):
            raise AgentError(ErrorCode.MEMORY_NOT_FOUND, f"no memory {memory_id!r} for this user",
                             hint="list them with `igraph-agent memory list`")
        return {"id": memory_id, "deleted": True}

    def candidates(self, kind: str | None = None) -> list[dict[str, Any]]:
        """Records the model wrote in completed runs, waiting for the user to confirm them;
        no prompt carries them until then."""
        kinds = [kind] if kind else list(KINDS)
        return [self._view(r) for r in self.records.list(self.user_id, self.project, kinds=kinds,
                                                         status="candidate")]

    def confirm(self, memory_id: str) -> dict[str, Any]:
        """Keep a candidate: from now on prompts carry it (a profile value replaces the old)."""
        row = self.records.get(self.user_id, self.project, memory_id)
        if row is None or row["status"] != "candidate":
            raise AgentError(ErrorCode.MEMORY_NOT_FOUND,
                             f"no memory candidate {memory_id!r} for this user",
                             hint="list them with `igraph-agent memory candidates`")
        if row["kind"] == "profile" and row["key"]:
            old = self.records.find_key(self.user_id, self.project, "profile", row["key"])
            if old is not None:
                self.records.delete(self.user_id, self.project, old["id"])
        self.records.update(memory_id, status="kept")
        return self._view(self.records.get(self.user_id, self.project, memory_id) or {})

    def settle_run(self, run_id: str) -> dict[str, Any]:
        """Offer a finished run's pending records as candidates if it completed with an
        answer; else drop them.

        A paused run keeps them pending until it ends.
        """
        run = Runs(self.store).get(run_id)
        status = run.status.value if run is not None else None
        if run is None or not run.status.final:
            return {"run_id": run_id, "status": status, "kept": 0, "dropped": 0}
        answered = (run.response or {}).get("status") == "answered"
        keep = status in _TERMINAL_KEEP and answered
        count = self.records.settle(run_id, keep)
        return {"run_id": run_id, "status": status, "kept": count if keep else 0,
                "dropped": 0 if keep else count}

    # -- reading ----------------------------------------------------------------------
    def list(self, kind: str | None = None) -> list[dict[str, Any]]:
        kinds = [kind] if kind else list(KINDS)
        return [self._view(r) for r in self.records.list(self.user_id, self.project, kinds=kinds)]

    def profile(self) -> dict[str, str]:
        return {r["key"]: r["content"].split(": ", 1)[-1]
                for r in self.records.list(self.user_id, self.project, kinds=["profile"])}

    def decisions(self) -> list[dict[str, Any]]:
        return self.list("decision")

    def search(self, query: str, k: int = 5, kinds: list[str] | None = None) -> dict[str, Any]:
        """Best-matching records: BM25, fused with embeddings when a model is configured."""
        rows = self.records.list(self.user_id, self.project, kinds=kinds or list(KINDS))
        docs = [r["content"] for r in rows]
        lexical = bm25_rank(query, docs)
        mode, note = "lexical", LEXICAL_NOTE
        ranking = lexical
        if self.embedder is not None and rows:
            try:
                qvec = self.embedder([query])[0]
                for r in rows:
                    if not r.get("embedding"):
                        r["embedding"] = self._embed_one(r["content"])
                        if r["embedding"]:
                            self.records.update(r["id"], embedding=r["embedding"])
                dense = cosine_rank(qvec, [r.get("embedding") for r in rows])
                ranking = fuse(lexical, dense)
                mode, note = "hybrid", "hybrid retrieval: BM25 fused with embedding similarity"
            except Exception as exc:  # a provider failure degrades to lexical, and says so
                note = (f"lexical retrieval (BM25) only: the embedding model failed "
                        f"({type(exc).__name__}: {str(exc)[:120]})")
        results = [self._view(rows[i]) | {"score": round(s, 6)} for i, s in ranking[:k]]
        return {"query": query, "mode": mode, "note": note, "results": results}

    def session_context(self, session_id: str) -> dict[str, Any]:
        """Task progress and plan kept in the session's state (planning_mode=always)."""
        state = session_state(self.store, session_id)
        data = state.data_state.model_dump(mode="json") if state.data_state else None
        return {"session_id": session_id, "plan": state.plan, "data_state": data}

    def prompt_block(self, question: str, session_id: str | None = None) -> str:
        """What the system prompt carries: profile, preferences, the records relevant to the
        question, and the retrieval mode."""
        prefs = self.records.list(self.user_id, self.project, kinds=["preference"])
        profile = self.profile()
        found = self.search(question, PROMPT_RETRIEVED, kinds=["fact", "knowledge"]) \
            if question.strip() else {"results": [], "note": LEXICAL_NOTE}
        if not (prefs or profile or found["results"]):
            return ""
        lines = ["Memory of this user (durable preferences and confirmed facts; follow the "
                 "preferences unless the question says otherwise):"]
        if profile:
            lines.append("Profile: " + "; ".join(f"{k}: {v}" for k, v in profile.items()))
        if prefs:
            lines.append("Preferences:")
            lines += [f"- {p['content']}" for p in prefs[-PROMPT_PREFERENCES:]]
        if found["results"]:
            lines.append(f"Relevant facts ({found['note']}):")
            lines += [f"- {r['content']}" for r in found["results"]]
        return "\n".join(lines)

    # -- helpers ----------------------------------------------------------------------
    def _embed_one(self, text: str) -> list[float] | None:
        if self.embedder is None:
            return None
        try:
            return self.embedder([text])[0]
        except Exception:
            return None  # embedded later, at search time, if the provider recovers

    @staticmethod
    def _view(row: dict[str, Any]) -> dict[str, Any]:
        return {k: row.get(k) for k in ("id", "kind", "key", "content", "source", "status",
                                          "run_id", "session_id", "created_at")}
