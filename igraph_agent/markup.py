"""Text from data or from a model, made inert where it becomes markdown or HTML.

Node ids, labels, questions and model answers are shown as markdown (the answer, the
cell's fallback output, report sections and cells) and as HTML (status lines). Markdown
renderers pass raw HTML through, so outside fenced code every ``<`` that could open a tag,
a comment or an autolink becomes ``&lt;``, and links to ``javascript:``, ``vbscript:``,
``data:`` or ``file:`` lose their scheme. Markdown itself (bold, lists, tables, code) is
kept. For HTML, :func:`html_text` escapes everything.

Example::

    >>> markdown_safe('hub <img src=x onerror=alert(1)> has degree 4')
    'hub &lt;img src=x onerror=alert(1)> has degree 4'
    >>> markdown_safe('[click](javascript:alert(1)) and **bold**')
    '[click](unsafe-javascript:alert(1)) and **bold**'
    >>> html_text('<b>Valjean</b>')
    '&lt;b&gt;Valjean&lt;/b&gt;'
"""

from __future__ import annotations

import html
import re
from typing import Any

# A fenced code block as CommonMark opens and (at the latest) closes it; inside, text is
# shown as written. Inline code spans are escaped like the rest (a backslash before a
# backtick can make what looks like a span plain text, and then HTML would be live).
_FENCE = re.compile(r"(^ {0,3}```[^`\n]*\n.*?^ {0,3}```)", re.S | re.M)
_TAG_START = re.compile(r"<(?=[A-Za-z/!?])")
_SCHEME = re.compile(r"(?i)(\]\(\s*<?\s*|^\s*\[[^\]\n]*\]:\s*<?\s*)(javascript|vbscript|data|file):",
                     re.M)


def markdown_safe(text: Any) -> str:
    """Markdown with no live HTML and no script links; fenced code blocks unchanged."""
    parts = _FENCE.split(str(text))
    for i in range(0, len(parts), 2):  # even parts are outside code
        parts[i] = _SCHEME.sub(r"\1unsafe-\2:", _TAG_START.sub("&lt;", parts[i]))
    return "".join(parts)


def table_cell(value: Any) -> str:
    """One markdown table cell: no line breaks, no column separators, no live HTML."""
    return markdown_safe(" ".join(str(value).split()).replace("|", "\\|"))


def code_span(value: Any) -> str:
    """Text shown inside backticks: a backtick in it would end the span early."""
    return " ".join(str(value).split()).replace("`", "'")


def html_text(value: Any) -> str:
    """Plain text for an HTML fragment (status lines of the panels)."""
    return html.escape(str(value), quote=True)
