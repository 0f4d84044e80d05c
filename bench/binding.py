"""Set-up cost of a question with an attached file: tool-schema size and model turns.

A scripted model plays a diligent tool-calling model: it checks the graph state, builds
and loads the attached data when nothing is loaded, runs the one analysis the question
needs, and answers from its result. For five one-fact questions about an attached
``karate.csv`` it prints the characters and estimated tokens (characters / 4) of the tool
schemas in the first request, and the number of model turns.

Run against the working tree only, or against a baseline revision too (before/after in
one run; the baseline is checked out into a temporary git worktree):

    .venv/bin/python bench/binding.py                  # this tree
    .venv/bin/python bench/binding.py --baseline REF   # REF and this tree, side by side
    .venv/bin/python bench/binding.py --baseline auto  # the tree before lean schemas landed
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = [
    ("How many nodes does the graph have?", None),
    ("Which node has the highest degree?", ("degree_analysis", {"top_k": 1})),
    ("Which node has the highest PageRank?", ("node_centrality", {"measure": "pagerank",
                                                                   "top_k": 1})),
    ("How many communities does the graph have?", ("community_detection", {"top_k": 3})),
    ("How long is the shortest path from 0 to 33?", ("shortest_path", {"source": "0",
                                                                        "target": "33"})),
]


def policy(analysis):
    """One model turn of the scripted model: what a careful model would do next."""
    from igraph_agent.model.scripted import call

    def step(messages, tools):
        done = _results(messages)
        info = done.get("get_graph_info", {}).get("data", {})
        load = done.get("load_constructed_graph", {}).get("data", {})
        if analysis is not None and analysis[0] in done:
            return "Answer: " + done[analysis[0]].get("summary", "")
        if not (info.get("loaded") or load):
            if "get_graph_info" not in done:
                return call("get_graph_info")
            if "construct_graph" in done:
                return call("load_constructed_graph",
                            dataset_id=done["construct_graph"]["data"]["dataset_id"])
            ids = [s["source_id"] for s in info.get("attached_sources", [])]
            return call("construct_graph", source_ids=ids)
        if analysis is None:
            return f"The graph has {info.get('nodes') or load.get('nodes')} nodes."
        return call(analysis[0], **analysis[1])

    return step


def _results(messages):
    """Tool name -> its latest successful result in this run (after the last user message)."""
    last_user = max(i for i, m in enumerate(messages) if m.get("role") == "user")
    out = {}
    for m in messages[last_user + 1:]:
        if m.get("role") == "tool":
            body = json.loads(m.get("content") or "{}")
            if body.get("success"):
                out[body.get("tool") or m.get("name")] = body
    return out


def measure() -> dict:
    """Run the five questions in this interpreter's igraph_agent; return the numbers."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    from igraph_agent import Agent, RunOptions
    from igraph_agent.model.scripted import ScriptedModel

    karate = ROOT / "tests" / "data" / "karate.csv"
    rows = []
    with tempfile.TemporaryDirectory(prefix="ia-bench-binding-") as home:
        agent = Agent(home=home)
        for question, analysis in QUESTIONS:
            model = ScriptedModel([policy(analysis)] * 12)
            agent.new_session()
            resp = agent.ask(question, attach=[karate], options=RunOptions(model=model.id))
            tools = model.requests[0]["tools"]
            chars = len(json.dumps(tools))
            rows.append({"question": question, "status": resp.status,
                         "turns": len(model.requests), "tools": len(tools),
                         "schema_chars": chars, "schema_tokens": chars // 4})
        agent.close()
    return {"rows": rows}


def _baseline_ref(ref: str) -> str:
    if ref != "auto":
        return ref
    first = subprocess.run(["git", "log", "--diff-filter=A", "--format=%H", "--",
                            "igraph_agent/tools/schema.py"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    return first[-1] + "^"


def measure_at(ref: str) -> dict:
    """The same measurement on another revision, checked out into a temporary worktree."""
    tmp = Path(tempfile.mkdtemp(prefix="ia-bench-base-"))
    tree = tmp / "tree"
    subprocess.run(["git", "worktree", "add", "--detach", "-q", str(tree), _baseline_ref(ref)],
                   cwd=ROOT, check=True)
    try:
        env = {**os.environ, "PYTHONPATH": str(tree)}
        out = subprocess.run([sys.executable, __file__, "--measure"], cwd=tree, env=env,
                             check=True, capture_output=True, text=True).stdout
        return json.loads(out.strip().splitlines()[-1])
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False)


def report(after: dict, before: dict | None) -> None:
    print("Tool schemas in the first request, and model turns, per one-fact question "
          "(attached karate.csv; tokens = characters / 4)\n")
    head = f"{'question':<46} {'tools':>5} {'schema chars':>12} {'tokens':>7} {'turns':>5}  status"
    for label, data in (("before", before), ("after", after)):
        if data is None:
            continue
        print(f"[{label}]\n{head}")
        for r in data["rows"]:
            print(f"{r['question']:<46} {r['tools']:>5} {r['schema_chars']:>12} "
                  f"{r['schema_tokens']:>7} {r['turns']:>5}  {r['status']}")
        turns = [r["turns"] for r in data["rows"]]
        print(f"{'max':<46} {'':>5} {max(r['schema_chars'] for r in data['rows']):>12} "
              f"{max(r['schema_tokens'] for r in data['rows']):>7} {max(turns):>5}\n")
    if before is not None:
        b = max(r["schema_tokens"] for r in before["rows"])
        a = max(r["schema_tokens"] for r in after["rows"])
        bt = sum(r["turns"] for r in before["rows"])
        at = sum(r["turns"] for r in after["rows"])
        print(f"schema tokens after/before: {a / b:.2f}   model turns after/before: {at / bt:.2f}")
    print("targets: <= 4200 schema tokens (one list per session, cached after its first "
          "request: bench/prompt_cache.py), <= 2 model turns")


def main(argv: list[str]) -> None:
    if "--measure" in argv:
        print(json.dumps(measure()))
        return
    before = None
    if "--baseline" in argv:
        before = measure_at(argv[argv.index("--baseline") + 1])
    report(measure(), before)


if __name__ == "__main__":
    main(sys.argv[1:])
