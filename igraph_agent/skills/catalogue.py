"""Where skills live and which are active.

* built-in: the top-level ``skills/`` of a source checkout, shipped in the wheel as
  ``igraph_agent/_skills``;
* active user skills: ``<home>/skills/active/<name>/SKILL.md``;
* candidates: ``<home>/skills/review/<name>/SKILL.md`` -- never loaded as skills.

A folder whose SKILL.md is invalid is left out of the catalogue and reported in
``problems`` (it never breaks a run).

Example::

    >>> cat = SkillCatalogue(home)
    >>> cat.active()["graph-state-check"].name
    'graph-state-check'
    >>> print(cat.prompt_block())   # the name + description list for the system prompt
    Skills ...graph-state-check...
"""

from __future__ import annotations

from pathlib import Path

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.skills.format import Skill, parse_skill

PACKAGE_DIR = Path(__file__).resolve().parent.parent


def builtin_dir() -> Path:
    """The built-in skills: the wheel's ``igraph_agent/_skills``, else the checkout's ``skills/``."""
    installed = PACKAGE_DIR / "_skills"
    if installed.is_dir():
        return installed
    return PACKAGE_DIR.parent / "skills"


class SkillCatalogue:
    def __init__(self, home: str | Path, builtin: Path | None = None) -> None:
        self.home = Path(home)
        self.builtin_root = builtin or builtin_dir()
        self.active_root = self.home / "skills" / "active"
        self.review_root = self.home / "skills" / "review"
        self.problems: dict[str, str] = {}

    def root(self, origin: str) -> Path:
        return {"builtin": self.builtin_root, "user": self.active_root,
                "candidate": self.review_root}[origin]

    def _scan(self, origin: str) -> dict[str, Skill]:
        """The valid skills of one origin; parsed again only when a folder or SKILL.md
        changed (the key is every SKILL.md's path, size, modification time and inode)."""
        root = self.root(origin)
        files = _skill_files(root)
        key = (root, files)
        cached = _PARSED.get(key)
        if cached is None:
            cached = _PARSED[key] = _parse_all(origin, [root / name / "SKILL.md"
                                                        for name, *_ in files])
            for old in [k for k in _PARSED if k[0] == root and k != key]:
                del _PARSED[old]
        found, problems = cached
        self.problems.update(problems)
        return dict(found)

    def builtin(self) -> dict[str, Skill]:
        return self._scan("builtin")

    def user(self) -> dict[str, Skill]:
        return self._scan("user")

    def candidates(self) -> dict[str, Skill]:
        return self._scan("candidate")

    def active(self) -> dict[str, Skill]:
        """Built-in and approved user skills, by name (a built-in name cannot be shadowed)."""
        skills = self.builtin()
        for name, skill in self.user().items():
            if name in skills:
                self.problems[f"user:{name}"] = "a built-in skill has this name; it is ignored"
                continue
            skills[name] = skill
        return skills

    def get(self, name: str) -> Skill:
        """An active skill; a candidate is refused with the way to approve it."""
        skill = self.active().get(name)
        if skill is not None:
            return skill
        if name in self.candidates():
            raise AgentError(ErrorCode.SKILL_NOT_FOUND,
                             f"skill {name!r} is a candidate waiting for review, not an active skill",
                             hint=f"approve it first: igraph-agent skills approve {name}")
        raise AgentError(ErrorCode.SKILL_NOT_FOUND, f"no active skill named {name!r}",
                         hint="list the active skills with `igraph-agent skills list` or "
                              "%agent skills")

    def prompt_block(self, names: list[str] | None = None) -> str:
        """The catalogue for the system prompt: one line per active skill (or the named ones)."""
        skills = self.active()
        chosen = [skills[n] for n in names if n in skills] if names else list(skills.values())
        if not chosen:
            return ""
        head = ("Skills named for this request (read each with load_skill(name) before you "
                "start; a skill is guidance, not permission -- tool approvals still apply):"
                if names else
                "Skills (procedures you can read with load_skill(name) when one applies; a "
                "skill is guidance, not permission -- tool approvals still apply):")
        lines = [head]
        for s in chosen:
            trig = f" [triggers: {', '.join(s.triggers)}]" if s.triggers else ""
            lines.append(f"- {s.name}: {s.description}{trig}")
        return "\n".join(lines)


# (root, its SKILL.md stats) -> (skills, problems); one entry per root
_PARSED: dict[tuple, tuple[dict[str, Skill], dict[str, str]]] = {}


def _skill_files(root: Path) -> tuple[tuple[str, int, int, int], ...]:
    """(folder name, size, mtime_ns, inode) of every ``<root>/<folder>/SKILL.md``, sorted."""
    if not root.is_dir():
        return ()
    out = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        try:
            st = (folder / "SKILL.md").stat()
        except OSError:
            continue
        out.append((folder.name, st.st_size, st.st_mtime_ns, st.st_ino))
    return tuple(out)


def _parse_all(origin: str, paths: list[Path]) -> tuple[dict[str, Skill], dict[str, str]]:
    found: dict[str, Skill] = {}
    problems: dict[str, str] = {}
    for md in paths:
        folder = md.parent
        try:
            skill = parse_skill(md.read_text(encoding="utf-8"), origin=origin, folder=folder)
        except (AgentError, UnicodeDecodeError, OSError) as exc:
            problems[f"{origin}:{folder.name}"] = getattr(exc, "message", str(exc))
            continue
        if skill.name != folder.name:
            problems[f"{origin}:{folder.name}"] = (
                f"folder {folder.name!r} holds skill {skill.name!r}; they must match")
            continue
        found[skill.name] = skill
    return found, problems
