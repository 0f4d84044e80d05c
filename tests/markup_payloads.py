"""Hostile markup and terminal payloads, one per family, and a checker that finds what a
browser or a terminal would bring to life from them."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

REMOTE = "http://127.0.0.1:9"

# (family, payload): tags, event handlers, entity-encoded and escaped schemes, data URIs,
# remote images, reference links, fence tricks, terminal escapes.
PAYLOADS: list[tuple[str, str]] = [
    ("script tag", "<script>alert(1)</script>"),
    ("img onerror", "<img src=x onerror=alert(2)>"),
    ("svg onload", "<svg onload=alert(3)>"),
    ("iframe javascript", '<iframe src="javascript:alert(4)"></iframe>'),
    ("raw anchor javascript", '<a href="javascript:alert(5)">x</a>'),
    ("details ontoggle", "<details open ontoggle=alert(6)>"),
    ("comment breakout", "<!--><img src=x onerror=alert(7)>-->"),
    ("style import", f"<style>@import '{REMOTE}/x.css';</style>"),
    ("meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(8)">'),
    ("form action", "<form action=javascript:alert(9)><button>go</button></form>"),
    ("link javascript", "[a](javascript:alert(11))"),
    ("link &#58;", "[a](javascript&#58;alert(12))"),
    ("link &colon;", "[a](javascript&colon;alert(13))"),
    ("link &#106;", "[a](&#106;avascript:alert(14))"),
    ("link &#x6A;", "[a](&#x6A;avascript:alert(15))"),
    ("link data&#58;", "[a](data&#58;text/html,&lt;script&gt;alert(16)&lt;/script&gt;)"),
    ("link data URI", "[a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxNyk8L3NjcmlwdD4=)"),
    ("link mixed case", "[a](JaVaScRiPt:alert(18))"),
    ("link &Tab; inside", "[a](java&Tab;script:alert(19))"),
    ("link backslash colon", "[a](javascript\\:alert(20))"),
    ("link pointy with tab", "[a](<java\tscript:alert(21)>)"),
    ("link vbscript", "[a](vbscript:msgbox(22))"),
    ("link file", "[a](file:///etc/passwd)"),
    ("autolink javascript", "<javascript:alert(23)>"),
    ("reference definition", "[r]: javascript:alert(24)\n\nclick [here][r]"),
    ("remote image", f"![b]({REMOTE}/x.png)"),
    ("protocol-relative image", "![b](//127.0.0.1:9/y.png)"),
    ("reference image", f"![pic][im]\n\n[im]: {REMOTE}/z.png"),
    ("image javascript", "![b](javascript:alert(25))"),
    ("fence in a list item", "- item\n   ```\n<img src=x onerror=alert(26)>\n```"),
    ("tilde fence hides a backtick fence", "~~~\n```\n~~~\n<img src=x onerror=alert(27)>\n```"),
    ("terminal OSC 52 clipboard", "copy\x1b]52;c;aGVsbG8=\x07me"),
    ("terminal CSI and C1", "\x1b[2J\x1b[31mred\x1b[0m \x9b2J \x1bP1$r\x1b\\ \rover"),
]
assert len(PAYLOADS) >= 32

# payloads that are one line: usable as node names and in a CSV
ONE_LINE = [p for _, p in PAYLOADS if "\n" not in p and "\r" not in p]

_URL_ATTRS = {"href", "src", "action", "formaction", "data", "srcset", "poster", "background",
              "xlink:href", "content"}
_LIVE_TAGS = {"script", "iframe", "object", "embed", "svg", "math", "style", "link", "meta",
              "base", "form", "frame", "frameset", "details", "template", "video", "audio"}
_DROPPED = re.compile(r"[\x00-\x20\x7f]+")


def _scheme(url: str) -> str | None:
    url = _DROPPED.sub("", html.unescape(url)).lower()
    m = re.match(r"([a-z][a-z0-9+.\-]*):", url)
    return m.group(1) if m else None


class _Live(HTMLParser):
    def __init__(self, only_class: str | None, remote_images: bool, allow: set[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.only_class, self.remote_images, self.allow = only_class, remote_images, allow
        self.depth = 0 if only_class else 1  # > 0: inside the part that is checked
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if self.depth:
            self.depth += 1
        elif self.only_class in classes:
            self.depth = 1
            return
        if not self.depth:
            return
        if tag in _LIVE_TAGS - self.allow:
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            value = value or ""
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}>")
            elif name in _URL_ATTRS:
                scheme = _scheme(value)
                remote = scheme in {"http", "https"} or value.strip().startswith("//")
                if tag == "img" and remote and not self.remote_images:
                    self.found.append(f"remote image {value}")
                elif scheme not in {None, "http", "https", "mailto"}:
                    self.found.append(f"<{tag} {name}={value}>")

    def handle_startendtag(self, tag, attrs):
        depth = self.depth
        self.handle_starttag(tag, attrs)
        if self.depth > depth:
            self.depth -= 1

    def handle_endtag(self, tag):
        if self.depth:
            self.depth -= 1


def live_markup(page: str, only_class: str | None = None, remote_images: bool = False,
                allow: frozenset[str] = frozenset()) -> list[str]:
    """What would be live in ``page``: script-capable tags, event handlers, links and
    sources with a scheme other than http(s)/mailto, remote images (unless allowed).
    ``only_class``: check only inside elements of that class (a full nbconvert page has
    its own scripts). ``allow``: tags the surface itself uses (a panel's ``details``)."""
    parser = _Live(only_class, remote_images, set(allow))
    parser.feed(page)
    parser.close()
    return parser.found


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def terminal_controls(text: str) -> list[str]:
    """Control characters a terminal would act on (newline and tab are text)."""
    return [repr(c) for c in _CONTROL.findall(text)]
