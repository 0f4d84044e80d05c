"""A ranking that leaves named nodes out, asked in one step ("Apart from Valjean, who has the
largest total co-appearance weight?", "Besides Valjean, who's the biggest broker by
betweenness?", "which yard ships the most tonnes, other than Quarrow and Teal?"): the
ranking planned without the exclusion's words (``split``), then its top among the nodes
left (``answer``). ``offline.py`` takes it where the rest of the question is a ranking.

Example::

    >>> split("Apart from Valjean, who has the largest total co-appearance weight?")
    ('Who has the largest total co-appearance weight?', ('Valjean',))
    >>> split("In Mr. Hi's club, not counting node 0, who's the best-connected member?")
    ("In Mr. Hi's club, who's the best-connected member?", ('0',))
"""

from __future__ import annotations

import re

#: a name as a question writes it: capitalised words, or a lower-case id with a digit
_NAME = (r"(?:(?-i:[A-Z][\w'.-]*(?:\s+(?-i:[A-Z][\w'.-]*))*)|[a-z]+\d+|"
         r"(?:(?:node|member|vertex|user|number)\s+)?\d+)")  # "not counting node 0"
_NAMES = rf"(?P<names>{_NAME}(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s+or\s+){_NAME})*)"
_WORDS = (r"(?:other than|apart from|aside from|besides|beside|except(?:\s+for)?|excluding|"
          r"not counting|leaving out|leaving aside|setting aside|ignoring|bar|barring)")
#: at the start ("Apart from Valjean, who …"), set off inside ("who, besides Valjean, has …")
#: or at the end ("who has the most ties, other than Valjean?"); "leaving Valjean out"
_LEFT_OUT = [re.compile(p, re.IGNORECASE) for p in (
    rf"^\s*{_WORDS}\s+(?:the\s+)?{_NAMES}\s*,\s*",
    rf"\s*,\s*{_WORDS}\s+(?:the\s+)?{_NAMES}\s*,\s*",
    rf"\s*,?\s*\b{_WORDS}\s+(?:the\s+)?{_NAMES}(?=\s*[?.!]*\s*$)",
    rf"^\s*(?:leaving|leave|with|taking)\s+{_NAMES}\s+(?:out|aside|away)\s*,\s*",
    rf"\s*,\s*(?:leaving|with|taking)\s+{_NAMES}\s+(?:out|aside|away)\s*(?:,\s*|(?=\s*[?.!]*\s*$))")]


def split(question: str) -> tuple[str, tuple[str, ...]] | None:
    """The question without its exclusion, and the nodes it leaves out; None where it
    leaves none out by name."""
    for pattern in _LEFT_OUT:
        m = pattern.search(question)
        if m is None:
            continue
        names = tuple(re.sub(r"^(?:node|member|vertex|user|number)\s+(?=\d)", "", n.strip(),
                             flags=re.IGNORECASE)
                      for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s+or\s+",
                                        m.group("names")) if n.strip())
        if any(n.lower() in ("the", "i", "me", "us") for n in names):
            return None
        # "In Mr. Hi's club, not counting node 0, who's …": the leading clause keeps its comma
        joiner = ", " if re.match(r"\s*(?:in|within|among|amongst|of|for|inside)\b",
                                  question[:m.start()], re.IGNORECASE) and \
            m.group(0).rstrip().endswith(",") else " "
        rest = re.sub(r"\s+([?.!,])", r"\1", f"{question[:m.start()]}{joiner}{question[m.end():]}")
        rest = re.sub(r"\s{2,}", " ", rest).strip(" ,")
        rest = rest[:1].upper() + rest[1:]
        return (rest if rest.endswith(("?", ".", "!")) else rest + "?"), names
    return None


def answer(rows: list[tuple[object, object]], names: tuple[str, ...], top: list[str],
           count: int = 1) -> str | None:
    """The top once ``names`` are left out (every node tied there: ``top``), first, in bold,
    with its value and the next ones from ``rows``; with ``count`` above 1 ("the top 3"),
    that many in bold (and every node tied with the last); None where nothing is left."""
    if not top:
        return None
    out = {n.lower() for n in names}
    left = [(str(n), v) for n, v in rows if str(n).lower() not in out]
    said = f"Leaving out {' and '.join(names)}, the top"
    if count > 1 and len(left) > count:
        cut = left[count - 1][1]
        head = [(n, v) for i, (n, v) in enumerate(left) if i < count or v == cut]
        if len(head) == len(left):
            return None  # the ranking shown may stop inside a tie
        return (f"{said} {count} are " + ", ".join(f"**{n}** ({v})" for n, v in head) +
                (f"; next {', '.join(f'{n} ({v})' for n, v in left[len(head):len(head) + 3])}"
                 if left[len(head):] else "") + ".")
    head_names = " and ".join(f"**{n}**" for n in top)
    if not left or sorted(n for n, v in left if v == left[0][1]) != sorted(top):
        return f"{said} is {head_names}{' (the rankings disagree)' if len(top) > 1 else ''}."
    after = ", ".join(f"{n} ({v})" for n, v in left[len(top):len(top) + 4])
    return (f"{said} is {head_names}{' (tied)' if len(top) > 1 else ''} with **{left[0][1]}**" +
            (f"; next {after}" if after else "") + ".")
