"""Start-request fingerprints: what makes two start requests "the same".

A start request id is idempotent only for the same content: question, attachments (by
content hash, not by name or path), options and session.

Example::

    >>> len(fingerprint("Who is central?", [], {"max_steps": 8}, "s_1"))  # sha256 hex
    64
    >>> fingerprint("Who is central?", [], {}, "s_1") == fingerprint("Who is central?", [], {}, "s_2")
    False
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any


def content_hash(obj: Any) -> str:
    """A stable hash of an attachment's content (file bytes, frame values, graph edges).

    Never raises: a path no file system takes (a NUL byte, a name too long) or a frame
    whose cells can't be hashed is hashed by what can be read of it; attaching it then
    gives the coded error."""
    h = hashlib.sha256()
    if isinstance(obj, str | Path) and _is_file(obj):
        from igraph_agent.graph.sources import MAX_SOURCE_BYTES

        stat = Path(obj).stat()  # a file over the limit is refused at attach: never read it
        if stat.st_size > MAX_SOURCE_BYTES:
            h.update(f"{stat.st_size}:{stat.st_mtime_ns}".encode())
        else:
            with open(obj, "rb") as fh:
                for chunk in iter(lambda: fh.read(1 << 20), b""):
                    h.update(chunk)
    elif type(obj).__name__ == "DataFrame":
        import pandas as pd

        h.update(json.dumps([_text(c) for c in obj.columns]).encode())
        try:
            h.update(pd.util.hash_pandas_object(obj, index=True).values.tobytes())
        except Exception:  # unhashable cells (lists, frames, objects that raise)
            h.update(str(obj.shape).encode())
            for col in obj.columns:
                h.update("\x1f".join(_text(v) for v in obj[col].tolist()).encode())
    elif hasattr(obj, "edges") and hasattr(obj, "nodes"):
        h.update(json.dumps(sorted(map(_text, obj.edges(data=True)))).encode())
        h.update(json.dumps(sorted(map(_text, obj.nodes(data=True)))).encode())
    else:
        h.update(_text(obj).encode())
    return h.hexdigest()


def _is_file(path: str | Path) -> bool:
    try:
        return Path(path).is_file()
    except (OSError, ValueError):  # errno 36 (name too long), a NUL byte
        return False


def _text(value: Any) -> str:
    """``repr(value)``, or its type's name when its repr raises."""
    try:
        return repr(value)
    except Exception:
        return f"<{type(value).__name__}>"


def fingerprint(question: str, attach: Iterable[Any], options: dict[str, Any],
                session_id: str, names: Iterable[str] | None = None) -> str:
    """What makes two start requests "the same": question, attachments, options, session."""
    body = {"question": question, "attach": [content_hash(a) for a in attach],
            "names": list(names or []), "options": options, "session": session_id}
    return hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()
