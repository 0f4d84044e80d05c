"""Crash test: real processes run the agent on the offline planner and are killed
with SIGKILL at random points; a restart must find every run settled, every completed tool
result readable, no mutation applied twice and an intact database."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections import Counter
from pathlib import Path

import pytest

from igraph_agent import Agent
from igraph_agent.errors import AgentError

MIN_RUNS = 200
PAIR = 2  # two processes on one home at a time: neither may recover the other's runs
MUTATIONS = ("commit_graph_optimization", "subgraph_extraction")

_CHILD = textwrap.dedent("""
    import json, random, sys
    from igraph_agent import Agent

    home, csv, log_path, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    rng = random.Random(seed)
    log = open(log_path, "a", buffering=1)
    QUESTIONS = [
        "how many nodes and edges?",
        "which nodes are most central?",
        "optimize the graph, dropping edges under weight 2",
        "optimize the graph, dropping edges under weight 4",
        "extract the subgraph around node 1 with radius 2 and save it as a new version",
        "extract the subgraph around node 2 with radius 2 and save it as a new version",
        "clear the graph",
    ]
    agent = Agent(home=home)
    for i in range(1000):
        question = QUESTIONS[0] if i == 0 else rng.choice(QUESTIONS)
        request = f"{seed}-{i}"
        handle = agent.start(question, attach=[csv], start_request_id=request)
        log.write(json.dumps({"start": handle.run_id, "request": request}) + "\\n")
        resp = handle.wait()
        if resp.status == "awaiting_approval":
            if question.startswith("clear"):
                agent.cancel(run_id=resp.run_id)
            else:
                for p in resp.pending:
                    resp = agent.continue_run(p.run_id, p.tool_call_id, "approve")
        again = agent.start(question, attach=[csv], start_request_id=request)
        calls = [a.call_id for a in resp.actions if a.success]
        log.write(json.dumps({"done": resp.run_id, "status": resp.status, "calls": calls,
                              "replay_same": again.run_id == resp.run_id}) + "\\n")
        if i == 0:
            log.write("READY\\n")
""")


def _weighted_csv(path: Path, karate: Path) -> Path:
    rng = random.Random(7)
    rows = ["source,target,weight"]
    for line in karate.read_text().split()[1:]:
        s, t = line.split(",")
        rows.append(f"{s},{t},{rng.choice([1, 3, 5])}")
    rows.append("5,5,4")  # a self-loop: something to optimize
    path.write_text("\n".join(rows) + "\n")
    return path


def _spawn(script: Path, home: Path, csv: Path, logs: Path, seed: int):
    log = logs / f"child-{seed}.log"
    proc = subprocess.Popen([sys.executable, str(script), str(home), str(csv), str(log),
                             str(seed)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return proc, log


def _ready(log: Path) -> bool:
    return log.exists() and "READY" in log.read_text()


def _runs(home: Path) -> int:
    with sqlite3.connect(home / "agent.db", timeout=30) as db:
        return db.execute("SELECT COUNT(*) FROM runs").fetchone()[0]


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_sigkill_at_random_points_loses_nothing_and_repeats_no_mutation(tmp_path, karate_csv):
    rng = random.Random(20261129)
    home, logs = tmp_path / "home", tmp_path / "logs"
    logs.mkdir()
    csv = _weighted_csv(tmp_path / "weighted.csv", karate_csv)
    script = tmp_path / "child.py"
    script.write_text(_CHILD)
    Agent(home=home).close()  # create the database before the children race for it
    seed, kills, processes = 0, 0, 0
    while _runs(home) < MIN_RUNS:
        pair = []
        for _ in range(PAIR):
            seed += 1
            pair.append(_spawn(script, home, csv, logs, seed))
        processes += PAIR
        deadline = time.monotonic() + 120
        while not all(_ready(log) for _, log in pair) and time.monotonic() < deadline:
            time.sleep(0.05)
        for proc, _ in rng.sample(pair, len(pair)):
            time.sleep(rng.uniform(0.0, 1.5))  # a random point in the child's runs
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGKILL)
                kills += 1
            proc.wait(30)

    agent = Agent(home=home)  # the restart: recovery runs here
    recovered = agent.recovered
    runs = agent.store._query("SELECT * FROM runs")
    statuses = Counter(r["status"] for r in runs)

    # every run is settled: terminal, paused or interrupted, and its state verified
    assert set(statuses) <= {"completed", "error", "cancelled", "interrupted", "paused"}, statuses
    assert all(r["terminal_persisted"] == 1 and r["execution_stopped"] == 1 for r in runs)
    assert not list((home / "spool").glob("run_*.json"))  # every spooled state was saved

    # every completed tool result a child saw is still readable; every event log replays
    seen, replays_ok = 0, 0
    for log in logs.glob("*.log"):
        for line in log.read_text().splitlines():
            if not line.startswith("{"):
                continue
            rec = json.loads(line)
            if "done" in rec:
                cards = {c["call_id"]: c for c in agent.run_record(rec["done"])["tool_cards"]}
                for call_id in rec["calls"]:
                    assert cards[call_id]["success"] is True, (rec, cards.get(call_id))
                    seen += 1
                assert rec["replay_same"], rec
                replays_ok += 1
    completed_calls = 0
    for r in runs:
        for c in agent.store.tool_calls(r["id"]):
            if c["status"] == "succeeded":
                assert c["envelope"]["success"] is True and c["envelope"]["call_id"] == c["call_id"]
                completed_calls += 1
        events = agent.events(r["id"], after=-1)
        assert [e["index"] for e in events] == list(range(len(events)))

    # approving the paused runs after the restart runs each gated call once, never twice
    approved = 0
    for r in runs:
        if r["status"] != "paused":
            continue
        for p in agent.pending(r["id"]):
            agent.continue_run(r["id"], p.tool_call_id, "approve")
            twice = agent.continue_run(r["id"], p.tool_call_id, "approve")
            assert twice.error is not None and twice.error.code == "APPROVAL_CONFLICT"
            approved += 1

    # no mutation applied twice: each stored revision comes from one mutation call
    rows = agent.store._query("SELECT * FROM tool_calls WHERE tool IN (?, ?)", MUTATIONS)
    mutation_calls = Counter(f"{r['tool']}:{r['status']}" for r in rows)
    for ds in agent.store.list_datasets():
        claimed, unknown = [], 0
        for r in rows:
            env = r["envelope"] if isinstance(r["envelope"], dict) else None
            data = (env or {}).get("data") or {}
            if r["status"] == "succeeded" and data.get("dataset_id") == ds["id"] and (
                    r["tool"] == "commit_graph_optimization" or data.get("create_version")):
                claimed.append(env["revision"])
            elif r["status"] == "interrupted" and (r["tool"] == "commit_graph_optimization"
                                                   or (r["args"] or {}).get("create_version")):
                unknown += 1  # it may or may not have landed before the kill
        assert len(claimed) == len(set(claimed)), f"a revision claimed twice: {sorted(claimed)}"
        assert all(2 <= rev <= ds["revision"] for rev in claimed)
        assert len(claimed) <= ds["revision"] - 1 <= len(claimed) + unknown, (
            ds["revision"], len(claimed), unknown)
        for rev in range(1, ds["revision"] + 1):
            agent.workspace.load(ds["id"], rev)  # every revision is stored and readable

    integrity = agent.runctl.integrity_check()
    assert integrity == "ok"
    with pytest.raises(AgentError):
        agent.events(runs[0]["id"], after=10_000)
    print(f"\ncrash test: {processes} processes, {kills} SIGKILLs, {len(runs)} runs "
          f"{dict(statuses)}; recovered at restart {recovered}; "
          f"{completed_calls} completed tool results readable ({seen} seen by the children, "
          f"{replays_ok} idempotent replays); mutation calls {dict(mutation_calls)}; "
          f"{approved} paused approvals decided after restart; integrity_check {integrity}")
    agent.close()


# -- kills at chosen points -----------------------------------------------------------------
_POINT_CHILD = textwrap.dedent("""
    import json, os, sys
    from igraph_agent import Agent

    home, csv, log_path = sys.argv[1], sys.argv[2], sys.argv[3]
    log = open(log_path, "a")

    def note(rec):  # durable before the next step: the kill may come at any moment
        log.write(json.dumps(rec) + "\\n")
        log.flush()
        os.fsync(log.fileno())

    agent = Agent(home=home)
    for i in range(3):
        resp = agent.ask("which nodes are most central?", attach=[csv])
        note({"run": resp.run_id, "calls": [a.call_id for a in resp.actions if a.success]})
        ds = agent.store.list_datasets()[0]["id"]
        g, rev = agent.workspace.load(ds)
        g.remove_node(sorted(g.nodes)[0])
        note({"saved": agent.workspace.save_revision(ds, g, rev), "dataset": ds})
""")

POINTS = ("revision.written", "revision.renamed", "terminal.spooled", "migration")


@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.parametrize("point", POINTS)
def test_kill_at_a_chosen_point_loses_no_result_and_every_dataset_saves_again(tmp_path,
                                                                              karate_csv, point):
    home, log = tmp_path / "home", tmp_path / "child.log"
    script = tmp_path / "child.py"
    script.write_text(_POINT_CHILD)
    env = {**os.environ, "IGRAPH_AGENT_CRASH_AT": point if point == "migration" else f"{point}@2"}
    proc = subprocess.run([sys.executable, str(script), str(home), str(karate_csv), str(log)],
                          env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          timeout=300)
    assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]

    agent = Agent(home=home)  # the restart: recovery runs here
    try:
        records = [json.loads(x) for x in log.read_text().splitlines()] if log.exists() else []
        checked = 0
        for rec in records:
            if "run" in rec:
                cards = {c["call_id"]: c for c in agent.run_record(rec["run"])["tool_cards"]}
                for call_id in rec["calls"]:
                    assert cards[call_id]["success"] is True, (point, rec)
                    checked += 1
        runs = agent.store._query("SELECT * FROM runs")
        assert all(r["terminal_persisted"] == 1 for r in runs)
        assert not list((home / "spool").glob("run_*.json"))
        saved = [rec["saved"] for rec in records if "saved" in rec]
        for ds in agent.store.list_datasets():  # every revision loads; saving again works
            assert ds["revision"] in (len(saved) + 1, len(saved) + 2)
            for rev in range(1, ds["revision"] + 1):
                agent.workspace.load(ds["id"], rev)
            g, rev = agent.workspace.load(ds["id"])
            assert agent.workspace.save_revision(ds["id"], g, rev) == rev + 1
        assert agent.runctl.integrity_check() == "ok"
        print(f"\n{point}: killed; {len(runs)} runs, {checked} logged results checked, "
              f"0 lost; recovered {agent.recovered}")
    finally:
        agent.close()
