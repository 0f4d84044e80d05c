"""Text from data or from a model, made inert wherever it is shown.

One function per kind of surface, and every surface calls it:

* :func:`markdown_safe` — markdown shown by a renderer (the answer's ``to_markdown``, the
  cell's fallback output, report sections and cells, saved reports, nbconvert HTML).
  Outside top-level fenced code every ``<`` that could open a tag, a comment or an
  autolink becomes ``&lt;``; every link destination is decoded as a renderer and a browser
  would decode it (entities, backslash escapes, tabs and newlines dropped) and kept only
  when it is ``http``, ``https``, ``mailto`` or an in-notebook anchor (``#…``); images are
  turned into plain text unless remote images are allowed (``IGRAPH_AGENT_REMOTE_IMAGES=1``,
  or ``remote_images=True``), and even then only ``http``/``https`` ones stay.
  Markdown itself (bold, lists, tables, code) is kept.
* :func:`markdown_html` — the same markdown as an HTML fragment (for HTML renditions).
* :func:`html_text` — plain text inside an HTML fragment (status lines of the panels).
* :func:`terminal_safe` / :func:`echo` — text for a terminal: escape sequences (CSI, OSC,
  DCS …), other C0 and C1 controls and bidirectional overrides removed; newlines and tabs
  kept.

Example::

    >>> markdown_safe('hub <img src=x onerror=alert(1)> has degree 4')
    'hub &lt;img src=x onerror=alert(1)> has degree 4'
    >>> markdown_safe('[click](javascript&#58;alert(1)) and **bold**')
    '[click]\\\\(javascript&#58;alert(1)) and **bold**'
    >>> html_text('<b>Valjean</b>')
    '&lt;b&gt;Valjean&lt;/b&gt;'
    >>> terminal_safe('Valjean\\x1b]52;c;aGk=\\x07 wins')
    'Valjean wins'
"""

from __future__ import annotations

import html
import os
import re
from typing import Any
from urllib.parse import unquote

REMOTE_IMAGES_ENV = "IGRAPH_AGENT_REMOTE_IMAGES"
LINK_SCHEMES = frozenset({"http", "https", "mailto"})

# A top-level fence opener: at the start of a line with no indentation (an indented one
# could belong to a list item or quote that ends before the renderer's fence does).
_OPEN = re.compile(r"(`{3,}|~{3,})(.*)")
_TAG_START = re.compile(r"<(?=[A-Za-z/!?])")
# Where a link destination starts: an inline link or image ``](``, or a reference
# definition ``]:``. Whitespace before the destination may hold one line break.
_DEST_START = re.compile(r"\]([ \t]*)([(:])")
_DEST = re.compile(r"[ \t]*\n?[ \t]*(<[^>\n]*>?|\S*)")
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
_DROPPED = re.compile(r"[\x00-\x20\x7f]+")
_SCHEME = re.compile(r"([a-z][a-z0-9+.\-]*):")


def remote_images_allowed() -> bool:
    return os.environ.get(REMOTE_IMAGES_ENV, "").strip().lower() in {"1", "true", "yes", "on"}


def link_allowed(destination: str, *, image: bool = False, remote_images: bool = False) -> bool:
    """Whether a link (or image) destination, as written in markdown or HTML, is safe.

    Decoded the way a renderer and a browser decode it before the scheme is read:
    character references (repeatedly), backslash escapes, percent escapes, and the tabs,
    newlines and other controls a browser drops."""
    text = destination.strip()
    if text.startswith("<") and text.endswith(">"):
        text = text[1:-1]
    for _ in range(5):
        decoded = unquote(_ESCAPED.sub(r"\1", html.unescape(text)))
        if decoded == text:
            break
        text = decoded
    text = _DROPPED.sub("", text).lower()
    if not text:
        return not image
    scheme = _SCHEME.match(text)
    if image:
        remote = (scheme is not None and scheme.group(1) in {"http", "https"}) or \
            text.startswith(("//", "\\\\", "/\\", "\\/"))
        return remote_images and remote
    if scheme is None:
        return text.startswith("#")
    return scheme.group(1) in LINK_SCHEMES


def _inert_links(text: str, remote_images: bool) -> str:
    """Every link destination that is not allowed loses its link: ``](`` becomes ``]\\(``
    and ``]:`` becomes ``]\\:``, which renderers show as the characters themselves."""
    out: list[str] = []
    pos = 0
    for m in _DEST_START.finditer(text):
        dest = _DEST.match(text, m.end()).group(1)
        image = m.group(2) == "(" and _opened_by_image(text, m.start())
        if not link_allowed(dest, image=image, remote_images=remote_images):
            out.append(text[pos:m.start(2)] + "\\")
            pos = m.start(2)
    out.append(text[pos:])
    return "".join(out)


def _opened_by_image(text: str, close: int) -> bool:
    """Whether the ``]`` at ``close`` ends an image's ``![`` (brackets counted back)."""
    depth = 0
    for i in range(close - 1, -1, -1):
        c = text[i]
        if i > 0 and text[i - 1] == "\\":
            continue
        if c == "]":
            depth += 1
        elif c == "[":
            if depth == 0:
                return i > 0 and text[i - 1] == "!"
            depth -= 1
    return False


def _inert(text: str, remote_images: bool) -> str:
    text = _inert_links(text, remote_images)
    if not remote_images:  # no image can form: ``![`` is shown as text
        text = text.replace("![", "!\\[")
    return _TAG_START.sub("&lt;", text)


def _split_fences(text: str) -> list[tuple[bool, str]]:
    """(is code, text) pieces: top-level fenced code blocks that are closed, and the rest."""
    lines = text.splitlines(keepends=True)
    pieces: list[tuple[bool, str]] = []
    plain: list[str] = []
    i = 0
    while i < len(lines):
        m = _OPEN.match(lines[i])
        if m and not (m.group(1)[0] == "`" and "`" in m.group(2)):
            fence = m.group(1)
            close = re.compile(r" {0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*\r?\n?$")
            end = next((j for j in range(i + 1, len(lines)) if close.match(lines[j])), None)
            if end is not None:
                pieces.append((False, "".join(plain)))
                plain = []
                pieces.append((True, "".join(lines[i:end + 1])))
                i = end + 1
                continue
        plain.append(lines[i])
        i += 1
    pieces.append((False, "".join(plain)))
    return pieces


def markdown_safe(text: Any, *, remote_images: bool | None = None) -> str:
    """Markdown with no live HTML, no links but http(s), mailto and ``#`` anchors, and no
    images unless remote images are allowed; closed top-level fenced code unchanged."""
    allow = remote_images_allowed() if remote_images is None else remote_images
    return "".join(piece if code else _inert(piece, allow)
                   for code, piece in _split_fences(str(text)))


def markdown_html(text: Any, *, remote_images: bool | None = None) -> str:
    """:func:`markdown_safe` markdown as an HTML fragment, for pages that show a run
    outside the notebook (mistune, which also refuses script links itself; its
    ``escape=True`` would show ``&lt;`` as written, so the tags are inert already)."""
    import mistune

    render = mistune.create_markdown(escape=False, plugins=["table", "strikethrough"])
    return str(render(markdown_safe(text, remote_images=remote_images)))


def table_cell(value: Any) -> str:
    """One markdown table cell: no line breaks, no column separators, no live HTML."""
    return markdown_safe(" ".join(str(value).split()).replace("|", "\\|"))


def code_span(value: Any) -> str:
    """Text shown inside backticks: a backtick in it would end the span early."""
    return " ".join(str(value).split()).replace("`", "'")


def html_text(value: Any) -> str:
    """Plain text for an HTML fragment (status lines of the panels)."""
    return html.escape(str(value), quote=True)


# ESC sequences: CSI (ESC [ … final), OSC / DCS / SOS / PM / APC (ESC ] P X ^ _ … up to
# BEL or ST), and two-character ones; their 8-bit C1 forms; then any other control but
# newline and tab, and the bidirectional overrides that reorder what a terminal shows.
_TERMINAL = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def terminal_safe(value: Any) -> str:
    """Text for a terminal with no control sequence in it: escapes, C0/C1 controls (but
    newline and tab) and bidirectional overrides removed."""
    return _TERMINAL.sub("", str(value))


def echo(value: Any = "", err: bool = False) -> None:
    """What the command line prints: :func:`terminal_safe` text through click."""
    import click

    click.echo(terminal_safe(value), err=err)
