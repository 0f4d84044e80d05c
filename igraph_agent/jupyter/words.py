"""Tool calls in plain words: a card's one-line arguments, and what an approval will change
(the approval box shows it; the JSON is under Modify).

Example::

    >>> args_words({"measure": "pagerank", "top_k": 10, "normalized": True, "seed": None})
    'pagerank, top 10, normalized'
    >>> describe("node_centrality", {"measure": "pagerank", "top_k": 3}, cards=[])
    'run node_centrality with pagerank, top 3'
    >>> describe("clear_graph", {}, cards=[])
    'unload the graph from this session; the stored datasets and their revisions stay, ...'
"""

from __future__ import annotations

import re
from typing import Any

ALREADY_DONE = "; construction already did (not in this plan): "  # tools/optimize.py
DROPS = {"drop_self_loop": ("self-loop", "self-loops"),
         "drop_edge": ("edge", "edges"),
         "drop_isolate": ("isolated node", "isolated nodes")}
OTHERS = {"merge_nodes": "merge {n} duplicate node(s)",
          "set_node_attribute": "set {n} node attribute value(s)"}
SIZES = re.compile(r"(\d+)->(\d+) nodes, (\d+)->(\d+) edges")
COUNTS = re.compile(r"(\d+) (\w+)")

WORDS_CHARS = 90


def args_words(args: dict[str, Any]) -> str:
    """A tool call's arguments in plain words: ``{"measure": "pagerank", "top_k": 10}`` →
    ``pagerank, top 10``; empty and default-looking values are left out."""
    words = []
    for key, value in args.items():
        if value is None or value is False or value == "" or value == [] or value == {}:
            continue
        name = key.replace("_", " ")
        if key in ("top_k", "k", "limit", "top_n"):
            words.append(f"top {value}")
        elif value is True:
            words.append(name)
        elif isinstance(value, str):
            words.append(value)
        elif isinstance(value, list):
            shown = ", ".join(str(x) for x in value[:3]) + (" …" if len(value) > 3 else "")
            words.append(f"{name} {shown}")
        elif isinstance(value, dict):
            words.append(f"{name} {{…}}")
        else:
            words.append(f"{name} {value}")
    text = ", ".join(words)
    return text if len(text) <= WORDS_CHARS else text[: WORDS_CHARS - 1] + "…"


def describe(tool: str, args: dict[str, Any], cards: list[dict[str, Any]]) -> str:
    """One sentence saying what approving ``tool(args)`` does, using the run's earlier cards."""
    if tool == "clear_graph":
        return ("unload the graph from this session; the stored datasets and their revisions "
                "stay, and load_constructed_graph loads one again")
    if tool == "commit_graph_optimization":
        return _commit(args, cards)
    words = args_words(args)
    return f"run {tool}" + (f" with {words}" if words else "")


def _commit(args: dict[str, Any], cards: list[dict[str, Any]]) -> str:
    options = args.get("options") or {}
    where = f"{args.get('dataset_id', '?')} r{args.get('base_revision', '?')}"
    preview = next((c.get("summary") or "" for c in reversed(cards)
                    if c.get("tool") == "preview_graph_optimization"
                    and str(args.get("plan_id")) in (c.get("summary") or "")), "")
    changes = _changes(preview, options)
    sizes = SIZES.search(preview)
    size = (f": {sizes[1]} → {sizes[2]} nodes, {sizes[3]} → {sizes[4]} edges"
            if sizes else "")
    done = preview.split(ALREADY_DONE, 1)[1] if ALREADY_DONE in preview else ""
    merged = f". Already done when the graph was built, not part of this plan: {done}" \
        if done else ""
    return f"{changes}{size} on {where} (saved as a new revision){merged}"


def _changes(preview: str, options: dict[str, Any]) -> str:
    listed = preview.split(":", 1)[1].split(";", 1)[0] if ":" in preview else ""
    counts = {op: int(n) for n, op in COUNTS.findall(listed)}
    drops = []
    for op, (one, many) in DROPS.items():
        n = counts.get(op, 0)
        if n:
            drops.append(f"{n} {one if n == 1 else many}")
            limit = options.get("min_edge_weight")
            if op == "drop_edge" and isinstance(limit, int | float):
                drops[-1] += f" with weight < {limit:g}"
    parts = [f"drop {_join(drops)}"] if drops else []
    parts += [text.format(n=counts[op]) for op, text in OTHERS.items() if counts.get(op)]
    if parts:
        return "; ".join(parts)
    return "no changes" if preview else "apply the previewed clean-up"


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
