"""Skill management: list, show, create, edit, delete, upload, approve, reject.

Writes go to a hidden temporary folder that is renamed into place, so a failed write
leaves nothing behind and an existing skill is never overwritten (SKILL_CONFLICT).
Built-in skills are read-only (SKILL_PROTECTED). Approving a candidate makes it an
instruction source for later runs; it authorizes no tool -- approvals stay per tool call.

Example::

    >>> skills = SkillManager(home, store)
    >>> created = skills.create("customer-brokers", "Find customers linking communities.",
    ...                         "1. community_detection ...",
    ...                         tools=["community_detection", "bridge_nodes"], target="review")
    >>> approved = skills.approve("customer-brokers")
    >>> approved["name"], approved["status"]
    ('customer-brokers', 'active')
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any, Literal

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.skills.catalogue import SkillCatalogue
from igraph_agent.skills.format import Skill, check_name, invalid, parse_skill, render_skill
from igraph_agent.skills.upload import read_upload
from igraph_agent.store import Store, new_id
from igraph_agent.store.skills import SkillRecords

Target = Literal["active", "review"]
_LOCATION = {"active": "user", "review": "candidate"}


class SkillManager:
    def __init__(self, home: str | Path, store: Store, builtin: Path | None = None,
                 known_tools: list[str] | None = None) -> None:
        self.catalogue = SkillCatalogue(home, builtin)
        self.records = SkillRecords(store)
        self.known_tools = known_tools

    # -- reading ----------------------------------------------------------------------
    def list(self, include_candidates: bool = True) -> list[dict[str, Any]]:
        """Every skill with its origin and status (active, candidate, rejected)."""
        rows = [self._row(s, "active") for s in self.catalogue.active().values()]
        if include_candidates:
            for s in self.catalogue.candidates().values():
                state = self.records.state("candidate", s.name) or {}
                rows.append(self._row(s, "rejected" if state.get("status") == "rejected"
                                      else "candidate"))
        return rows

    def show(self, name: str, candidate: bool = False) -> dict[str, Any]:
        """The full SKILL.md text, its fields, reference files and review state."""
        skill = self._find(name, candidate)
        assert skill.folder is not None
        row = self._row(skill, "candidate" if candidate else "active")
        row["text"] = (skill.folder / "SKILL.md").read_text(encoding="utf-8")
        row["body"] = skill.body
        return row

    def problems(self) -> dict[str, str]:
        self.catalogue.active()
        self.catalogue.candidates()
        return dict(self.catalogue.problems)

    # -- writing ----------------------------------------------------------------------
    def create(self, name: str, description: str, body: str, tools: list[str] | None = None,
               triggers: list[str] | None = None, target: Target = "review") -> dict[str, Any]:
        """A new user skill (``target="active"``) or candidate (``"review"``, the default)."""
        check_name(name)
        text = render_skill(name, description, body, tools, triggers)
        return self._install(parse_skill(text), {"SKILL.md": text.encode()}, target)

    def create_from_text(self, text: str, target: Target = "review") -> dict[str, Any]:
        skill = parse_skill(text)
        return self._install(skill, {"SKILL.md": text.encode()}, target)

    def upload(self, source: str | Path | bytes, filename: str | None = None,
               target: Target = "review") -> dict[str, Any]:
        """Install an uploaded .md or .zip (validated first; candidates by default)."""
        skill, files = read_upload(source, filename)
        return self._install(skill, files, target)

    def edit(self, name: str, *, candidate: bool = False, description: str | None = None,
             body: str | None = None, tools: list[str] | None = None,
             triggers: list[str] | None = None, text: str | None = None) -> dict[str, Any]:
        """Change a user skill or a candidate: given fields, or the whole SKILL.md ``text``.

        The name stays (rename by approving with ``rename=`` or by creating a new skill).
        """
        skill = self._find(name, candidate, writable=True)
        assert skill.folder is not None
        if text is None:
            text = render_skill(name, description if description is not None else skill.description,
                                body if body is not None else skill.body,
                                tools if tools is not None else skill.tools,
                                triggers if triggers is not None else skill.triggers)
        new = parse_skill(text)
        if new.name != name:
            raise invalid(f"editing cannot rename {name!r} to {new.name!r}",
                          hint="keep the name; approve with a new name or create a new skill")
        tmp = skill.folder / ".SKILL.md.tmp"
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(skill.folder / "SKILL.md")
        new.origin, new.folder = skill.origin, skill.folder
        return self._row(new, "candidate" if candidate else "active")

    def delete(self, name: str, candidate: bool = False) -> dict[str, Any]:
        """Remove a user skill or a candidate: its files and its review record."""
        skill = self._find(name, candidate, writable=True)
        assert skill.folder is not None
        shutil.rmtree(skill.folder)
        self.records.forget(skill.origin, name)
        return {"name": name, "deleted": True, "origin": skill.origin}

    def approve(self, name: str, rename: str | None = None) -> dict[str, Any]:
        """Move a candidate into the active skills; an existing target is a conflict."""
        skill = self._find(name, candidate=True)
        assert skill.folder is not None
        target = check_name(rename) if rename else name
        self._check_free(target, "active")
        dest = self.catalogue.active_root / target
        dest.parent.mkdir(parents=True, exist_ok=True)
        if rename and rename != name:
            md = skill.folder / "SKILL.md"
            text = render_skill(target, skill.description, skill.body, skill.tools, skill.triggers)
            tmp = skill.folder / ".SKILL.md.tmp"
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(md)
        skill.folder.rename(dest)
        approved_at, playbook_id = time.time(), new_id("pbk")
        self.records.forget("candidate", name)
        self.records.set_state("user", target, "active", approved_at=approved_at,
                               playbook_id=playbook_id)
        self._log(f"approved skill {target!r} (from candidate {name!r}, playbook {playbook_id})")
        return {"name": target, "from_candidate": name, "approved_at": approved_at,
                "playbook_id": playbook_id, "status": "active"}

    def reject(self, name: str, keep: bool = False, reason: str = "") -> dict[str, Any]:
        """Reject a candidate: delete its files, or keep them with a rejection record.

        A kept, rejected candidate stays in review and is never loaded as a skill.
        """
        skill = self._find(name, candidate=True)
        assert skill.folder is not None
        if not keep:
            shutil.rmtree(skill.folder)
        self.records.set_state("candidate", name, "rejected", rejected_at=time.time(),
                               reason=reason)
        self._log(f"rejected skill candidate {name!r}" + (f" ({reason})" if reason else ""))
        return {"name": name, "status": "rejected", "files_kept": keep, "reason": reason}

    # -- helpers ----------------------------------------------------------------------
    def _log(self, text: str) -> None:
        """A decision-log entry in memory (review decisions are significant decisions)."""
        from igraph_agent.memory import Memory

        try:
            Memory(self.records.store, self.catalogue.home).log_decision(text, source="skills")
        except Exception:  # the decision log never undoes a completed review action
            pass

    def _find(self, name: str, candidate: bool, writable: bool = False) -> Skill:
        if candidate:
            skill = self.catalogue.candidates().get(name)
            if skill is None:
                raise AgentError(ErrorCode.SKILL_NOT_FOUND, f"no candidate skill named {name!r}",
                                 hint="list candidates with `igraph-agent skills list`")
            return skill
        skill = self.catalogue.get(name)
        if writable and skill.origin == "builtin":
            raise AgentError(ErrorCode.SKILL_PROTECTED,
                             f"{name!r} is a built-in skill and cannot be changed or deleted",
                             hint=f"create a user skill from its text instead (igraph-agent skills "
                                  f"show {name})")
        return skill

    def _check_free(self, name: str, target: Target) -> None:
        taken = (name in self.catalogue.builtin() or (self.catalogue.active_root / name).exists()) \
            if target == "active" else (self.catalogue.review_root / name).exists()
        if taken:
            where = "active skills" if target == "active" else "review queue"
            raise AgentError(ErrorCode.SKILL_CONFLICT,
                             f"a skill named {name!r} already exists in the {where}; nothing was "
                             "overwritten",
                             hint="choose another name (approve with rename=...), or delete the "
                                  "existing one first")

    def _install(self, skill: Skill, files: dict[str, bytes], target: Target) -> dict[str, Any]:
        if target not in _LOCATION:
            raise AgentError(ErrorCode.INVALID_ARGUMENTS, f"unknown target {target!r}",
                             hint="use 'active' or 'review'")
        self._check_free(skill.name, target)
        root = self.catalogue.active_root if target == "active" else self.catalogue.review_root
        root.mkdir(parents=True, exist_ok=True)
        tmp = root / f".{skill.name}.{new_id('tmp')}"
        try:
            for rel, data in files.items():
                path = tmp / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
            tmp.rename(root / skill.name)
        except OSError as exc:
            shutil.rmtree(tmp, ignore_errors=True)
            raise invalid(f"could not write skill {skill.name!r}: {exc}",
                          hint="check the project folder is writable") from None
        location = _LOCATION[target]
        self.records.set_state(location, skill.name, "active" if target == "active" else "candidate")
        skill.folder, skill.origin = root / skill.name, location
        return self._row(skill, "active" if target == "active" else "candidate")

    def _row(self, skill: Skill, status: str) -> dict[str, Any]:
        row = skill.summary()
        row["status"] = status
        state = self.records.state(skill.origin, skill.name) if skill.origin != "builtin" else None
        if state:
            for key in ("approved_at", "playbook_id", "rejected_at", "reason"):
                if state.get(key):
                    row[key] = state[key]
        if self.known_tools is not None:
            row["unknown_tools"] = [t for t in skill.tools if t not in self.known_tools]
        return row
