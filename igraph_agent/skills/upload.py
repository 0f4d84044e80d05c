"""Reading an uploaded skill (.md or .zip) into a validated file set, refusing unsafe archives.

A zip must hold one skill: ``SKILL.md`` at its root or inside one top folder, plus reference
files. Refused: entries with ``..`` or an absolute path, links, more than ``MAX_FILES``
files, more than ``MAX_UPLOAD_BYTES`` unpacked, a missing or invalid SKILL.md.

Example::

    >>> text = b"---\\nname: hubs\\ndescription: Find the hubs.\\ntools: [node_centrality]\\n---\\nSteps"
    >>> skill, files = read_upload(text, "SKILL.md")
    >>> skill.name, sorted(files)
    ('hubs', ['SKILL.md'])
"""

from __future__ import annotations

import io
import stat
import zipfile
from pathlib import Path, PurePosixPath

from igraph_agent.skills.format import (
    MAX_REFERENCE_BYTES,
    MAX_SKILL_MD_BYTES,
    Skill,
    invalid,
    parse_skill,
)

MAX_UPLOAD_BYTES = 2 * 1024 * 1024
MAX_FILES = 100


def read_upload(source: str | Path | bytes, filename: str | None = None) -> tuple[Skill, dict[str, bytes]]:
    """The skill and its files (relative POSIX path -> bytes) from a .md or .zip upload."""
    if isinstance(source, bytes):
        data, name = source, filename or ""
    else:
        path = Path(source)
        if not path.is_file():
            raise invalid(f"no file {str(path)!r}", hint="give the path of a .md or .zip file")
        if path.stat().st_size > MAX_UPLOAD_BYTES:
            raise invalid(f"{path.name} is larger than {MAX_UPLOAD_BYTES // 1024 // 1024} MB")
        data, name = path.read_bytes(), filename or path.name
    lower = name.lower()
    if lower.endswith(".md"):
        files = {"SKILL.md": data}
    elif lower.endswith(".zip"):
        files = _unzip(data)
    else:
        raise invalid(f"{name or 'the upload'} is neither a .md nor a .zip file",
                      hint="upload SKILL.md itself, or a .zip of the skill folder")
    if len(files["SKILL.md"]) > MAX_SKILL_MD_BYTES:
        raise invalid(f"SKILL.md is larger than {MAX_SKILL_MD_BYTES // 1024} KB")
    try:
        text = files["SKILL.md"].decode("utf-8")
    except UnicodeDecodeError:
        raise invalid("SKILL.md is not UTF-8 text") from None
    return parse_skill(text), files


def _unzip(data: bytes) -> dict[str, bytes]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise invalid("the upload is not a readable zip archive") from None
    entries = [i for i in archive.infolist() if not i.is_dir()]
    if len(entries) > MAX_FILES:
        raise invalid(f"the archive holds {len(entries)} files (at most {MAX_FILES})")
    total = 0
    paths: dict[str, zipfile.ZipInfo] = {}
    for info in archive.infolist():
        raw = info.filename.replace("\\", "/")
        pure = PurePosixPath(raw)
        if raw.startswith("/") or ".." in pure.parts or (pure.parts and ":" in pure.parts[0]):
            raise invalid(f"the archive entry {info.filename!r} points outside the skill folder",
                          hint="zip the skill folder itself; entries may not use '..' or "
                               "absolute paths", entry=info.filename)
        if stat.S_ISLNK(info.external_attr >> 16):
            raise invalid(f"the archive entry {info.filename!r} is a link; links are not allowed",
                          entry=info.filename)
        if info.is_dir() or pure.name.startswith(".") or "__MACOSX" in pure.parts:
            continue
        total += info.file_size
        if total > MAX_UPLOAD_BYTES:
            raise invalid(f"the archive unpacks to more than {MAX_UPLOAD_BYTES // 1024 // 1024} MB")
        if info.file_size > MAX_REFERENCE_BYTES:
            raise invalid(f"{info.filename} is larger than {MAX_REFERENCE_BYTES // 1024} KB")
        paths[str(pure)] = info
    prefix = _skill_prefix(list(paths))
    files = {}
    for p, info in paths.items():
        rel = p[len(prefix):]
        with archive.open(info) as fh:
            body = fh.read(MAX_REFERENCE_BYTES + 1)
        if len(body) > MAX_REFERENCE_BYTES:  # the header lied about the size
            raise invalid(f"{info.filename} is larger than {MAX_REFERENCE_BYTES // 1024} KB")
        files[rel] = body
    return files


def _skill_prefix(paths: list[str]) -> str:
    if "SKILL.md" in paths:
        return ""
    tops = {p.split("/")[0] for p in paths}
    if len(tops) == 1:
        top = tops.pop()
        if f"{top}/SKILL.md" in paths:
            return f"{top}/"
    raise invalid("the archive has no SKILL.md at its root or in its one top folder",
                  hint="zip a folder that contains SKILL.md")
