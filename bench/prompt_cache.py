"""How much of a session's requests a provider can cache: the characters identical across
every request of one session, and the prompt tokens billed with and without caching.

A scripted model plays a tool-calling model through one session of six questions about
an attached ``karate.csv`` — the first binds the data, the others follow up, two of them
needing a tool found with ``find_tools``. Every model request of the session is recorded
as the provider receives it: tool schemas, then the system prompt (then the conversation).
Printed, from that one run:

* the characters of the tool list and of the system prompt in the first request, and how
  many of them are byte-identical in every request of the session (the cacheable prefix);
* prompt tokens (characters / 4) summed over the session, billed without caching and with
  a cache that reads the identical prefix at Anthropic's price for cache reads (0.1x the
  input price) after the first request writes it (1.25x) — OpenAI's automatic caching
  bills cached tokens at 0.5x or less; the ratio is printed for both.

    .venv/bin/python bench/prompt_cache.py
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
QUESTIONS = [
    ("Which node has the highest degree?", ("degree_analysis", {"top_k": 1})),
    ("And the highest PageRank?", ("node_centrality", {"measure": "pagerank", "top_k": 1})),
    ("How many communities are there?", ("community_detection", {"top_k": 3})),
    ("How many triangles are in the graph?", ("count_triangles", {"top_k": 3})),
    ("Is it bipartite?", ("bipartite_check", {})),
    ("How long is the shortest path from 0 to 33?", ("shortest_path", {"source": "0",
                                                                        "target": "33"})),
]


def policy(analysis):
    from igraph_agent.model.scripted import call

    def step(messages, tools):
        offered = {t["function"]["name"] for t in tools or []}
        done = _results(messages)
        name, args = analysis
        if name in done:
            return "Answer: " + done[name].get("summary", "")
        if name not in offered and "find_tools" not in done:
            return call("find_tools", query=name.replace("_", " "))
        return call(name, **args)

    return step


def _results(messages):
    last_user = max(i for i, m in enumerate(messages) if m.get("role") == "user")
    out = {}
    for m in messages[last_user + 1:]:
        if m.get("role") == "tool":
            body = json.loads(m.get("content") or "{}")
            out[body.get("tool") or m.get("name")] = body
    return out


def common_prefix(texts: list[str]) -> int:
    """Characters at the start that every text shares."""
    first = texts[0]
    n = len(first)
    for t in texts[1:]:
        n = min(n, len(t))
        while n and t[:n] != first[:n]:
            n = next((i for i in range(n) if t[i] != first[i]), n)
    return n


def main() -> None:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    from igraph_agent import Agent, RunOptions
    from igraph_agent.model.scripted import ScriptedModel

    karate = ROOT / "tests" / "data" / "karate.csv"
    requests = []
    with tempfile.TemporaryDirectory(prefix="ia-bench-cache-") as home:
        agent = Agent(home=home)
        session = None
        for i, (question, analysis) in enumerate(QUESTIONS):
            model = ScriptedModel([policy(analysis)] * 8)
            resp = agent.ask(question, attach=[karate] if i == 0 else (), session=session,
                             options=RunOptions(model=model.id))
            session = resp.session_id
            print(f"{resp.status:>9}  {len(model.requests)} requests  {question}")
            requests += model.requests
        agent.close()
    tools = [json.dumps(r["tools"]) for r in requests]
    systems = [r["messages"][0]["content"] for r in requests]
    whole = [json.dumps(r["tools"]) + s + json.dumps(r["messages"][1:])
             for r, s in zip(requests, systems, strict=True)]
    same_tools = len(set(tools)) == 1
    prefix = (len(tools[0]) + common_prefix(systems)) if same_tools else common_prefix(whole)
    print(f"\n{len(requests)} model requests in one session")
    print(f"tool list: {len(tools[0])} characters; identical in every request: {same_tools}")
    print(f"system prompt: {len(systems[0])} characters in the first request, "
          f"{common_prefix(systems)} identical in every request")
    print(f"cacheable prefix: {prefix} characters (~{prefix // 4} tokens) per request")
    total = sum(len(w) for w in whole) // 4
    cached = prefix // 4
    rest = total - cached * len(requests)
    anthropic = rest + cached * 1.25 + cached * 0.1 * (len(requests) - 1)
    openai = rest + cached + cached * 0.5 * (len(requests) - 1)
    print(f"prompt tokens over the session: {total} billed without caching")
    print(f"  with Anthropic cache_control (write 1.25x once, read 0.1x): {anthropic:.0f} "
          f"({anthropic / total:.2f} of uncached)")
    print(f"  with OpenAI automatic caching (cached 0.5x): {openai:.0f} "
          f"({openai / total:.2f} of uncached)")


if __name__ == "__main__":
    main()
