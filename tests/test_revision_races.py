"""Opening a project never races a writer of its revisions.

Real processes share one project home: one commits revisions and constructs datasets in a
loop while another opens ``Agent(home)`` (start-up recovery) in a loop; then several
processes open, construct, commit and SIGKILL each other. At the end every revision the
store records is loadable and its files hash to the digest recorded at write.

Durations: ``REVISION_RACE_S`` (default 20 s) and ``REVISION_KILL_S`` (default 90 s).
"""

from __future__ import annotations

import fcntl
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from igraph_agent import Agent
from igraph_agent.graph.revisions import content_digest

RACE_S = float(os.environ.get("REVISION_RACE_S", "20"))
KILL_S = float(os.environ.get("REVISION_KILL_S", "90"))
KILL_CHILDREN = 3

# commits revisions of one dataset and constructs new ones for the given seconds (counted
# once its imports are done: a loaded machine may take seconds to start a process); logs
# each commit the moment the store has it
_WRITER = textwrap.dedent("""
    import json, os, sys, time
    import networkx as nx, pandas as pd
    from igraph_agent.graph.datasets import GraphSpec
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.store import Store

    home, ds, log_path = sys.argv[1], sys.argv[2], sys.argv[3]
    until = time.time() + float(sys.argv[4])
    ws = Workspace(home, Store(home + "/agent.db"))
    log = open(log_path, "a")
    i = 0
    while time.time() < until:
        i += 1
        g, rev = ws.load(ds)
        g.add_edge(f"w{i}", "0")
        log.write(json.dumps({"dataset": ds, "revision": ws.save_revision(ds, g, rev)}) + "\\n")
        if i % 3 == 0:
            frame = pd.DataFrame({"a": [f"x{i}", f"y{i}"], "b": [f"y{i}", f"z{i}"]})
            src = ws.attach(frame, name=f"frame{i}")
            new = ws.construct([src["source_id"]], GraphSpec(source_col="a", target_col="b"))
            log.write(json.dumps({"dataset": new["id"], "revision": 1}) + "\\n")
        log.flush()
""")

_OPENER = textwrap.dedent("""
    import sys, time
    from igraph_agent import Agent

    home, until = sys.argv[1], time.time() + float(sys.argv[2])
    opens = 0
    while time.time() < until:
        Agent(home=home).close()
        opens += 1
    print(opens)
""")


def _committed(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines() if line.endswith("}")]


def _check_every_revision(home: Path) -> dict[str, int]:
    """Recorded / loadable / hash-equal counts over every ready dataset's revisions."""
    agent = Agent(home=home)
    counts = {"recorded": 0, "loadable": 0, "hash_equal": 0, "broken": []}
    try:
        for row in agent.store.list_datasets():
            if row["status"] != "ready":
                continue
            digests = (row["meta"] or {}).get("content_sha256") or {}
            for rev in range(1, row["revision"] + 1):
                counts["recorded"] += 1
                folder = agent.workspace.datasets_dir / row["id"] / f"r{rev}"
                try:
                    agent.workspace.load(row["id"], rev)
                except Exception as exc:
                    counts["broken"].append(f"{row['id']} r{rev}: {exc}")
                    continue
                counts["loadable"] += 1
                if digests.get(str(rev)) == content_digest(folder):
                    counts["hash_equal"] += 1
    finally:
        agent.close()
    return counts


def _seed_dataset(home: Path) -> str:
    import networkx as nx

    agent = Agent(home=home)
    try:
        src = agent.workspace.attach(nx.relabel_nodes(nx.path_graph(40), str))
        from igraph_agent.graph.datasets import GraphSpec

        return agent.workspace.construct([src["source_id"]], GraphSpec())["id"]
    finally:
        agent.close()


@pytest.mark.slow  # two real processes for REVISION_RACE_S seconds
@pytest.mark.timeout(300)
def test_opening_a_project_while_another_process_commits_loses_no_revision(tmp_path):
    home = tmp_path / "home"
    ds = _seed_dataset(home)
    (tmp_path / "writer.py").write_text(_WRITER)
    (tmp_path / "opener.py").write_text(_OPENER)
    log = tmp_path / "commits.log"
    writer = subprocess.Popen([sys.executable, str(tmp_path / "writer.py"), str(home), ds,
                               str(log), str(RACE_S)], stderr=subprocess.PIPE, text=True)
    opener = subprocess.Popen([sys.executable, str(tmp_path / "opener.py"), str(home),
                               str(RACE_S)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    opens, opener_err = opener.communicate(timeout=RACE_S + 120)
    _, writer_err = writer.communicate(timeout=RACE_S + 120)
    assert writer.returncode == 0, writer_err[-3000:]
    assert opener.returncode == 0, opener_err[-3000:]

    commits = _committed(log)
    counts = _check_every_revision(home)
    print(f"\nrevision race ({RACE_S:.0f} s): {len(commits)} commits by the writer, "
          f"{int(opens)} opens by the other process; revisions recorded "
          f"{counts['recorded']} / loadable {counts['loadable']} / equal to their hash "
          f"{counts['hash_equal']}")
    assert int(opens) >= 2 and len(commits) >= 5  # the two really overlapped
    assert not counts["broken"], counts["broken"][:5]
    assert counts["recorded"] == counts["loadable"] == counts["hash_equal"]
    agent = Agent(home=home)
    try:
        for c in commits:  # every commit the writer saw is still there, whole
            g, rev = agent.workspace.load(c["dataset"], c["revision"])
            assert rev == c["revision"] and g.number_of_nodes() > 0
    finally:
        agent.close()


# each child: opens the project (recovery), then constructs, commits and kills siblings at
# random until killed itself. A sibling's pid is read and signalled under the pid folder's
# lock, and the parent takes that lock to reap a child, so a signal only ever reaches one
# of these children (alive, or a zombie not yet reaped).
_KILLER = textwrap.dedent("""
    import fcntl, json, os, random, signal, sys
    import pandas as pd
    from igraph_agent import Agent
    from igraph_agent.errors import AgentError
    from igraph_agent.graph.datasets import GraphSpec

    home, pids, shared, log_path, seed = sys.argv[1:6]
    rng = random.Random(int(seed))
    log = open(log_path, "a")

    def note(rec):
        log.write(json.dumps(rec) + "\\n")
        log.flush()

    def kill_sibling():
        with open(os.path.join(pids, ".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            others = [p for p in os.listdir(pids) if p.isdigit() and int(p) != os.getpid()]
            if others:
                os.kill(int(rng.choice(others)), signal.SIGKILL)
                note({"killed": 1})

    agent = Agent(home=home)
    note({"opened": os.getpid()})
    mine = [shared]
    for i in range(100_000):
        r = rng.random()
        try:
            if r < 0.10:
                agent.close()
                agent = Agent(home=home)
                note({"opened": os.getpid()})
            elif r < 0.30:
                frame = pd.DataFrame({"s": [f"{seed}-{i}", "hub"], "t": ["hub", f"{seed}-{i}x"]})
                src = agent.workspace.attach(frame)
                ds = agent.workspace.construct([src["source_id"]],
                                               GraphSpec(source_col="s", target_col="t"))
                mine.append(ds["id"])
                note({"constructed": ds["id"]})
            elif r < 0.95:
                ds = shared if rng.random() < 0.6 else rng.choice(mine)
                g, rev = agent.workspace.load(ds)
                g.add_edge(f"{seed}-{i}", "hub")
                note({"dataset": ds, "revision": agent.workspace.save_revision(ds, g, rev)})
            else:
                kill_sibling()
        except AgentError as exc:
            note({"error": str(exc.code), "message": exc.message})
""")


def _reap(pids: Path, proc: subprocess.Popen) -> int | None:
    """Poll a child; once it has exited, forget its pid first (under the lock), then reap."""
    with open(pids / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if proc.poll() is None:
            return None
        (pids / str(proc.pid)).unlink(missing_ok=True)
        return proc.returncode


def _spawn(script: Path, home: Path, pids: Path, shared: str, logs: Path, seed: int,
           crash_at: str | None) -> subprocess.Popen:
    env = {**os.environ}
    env.pop("IGRAPH_AGENT_CRASH_AT", None)
    if crash_at:
        env["IGRAPH_AGENT_CRASH_AT"] = crash_at
    with open(pids / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        proc = subprocess.Popen([sys.executable, str(script), str(home), str(pids), shared,
                                 str(logs / f"{seed}.log"), str(seed)], env=env,
                                stdout=subprocess.DEVNULL,
                                stderr=open(logs / f"{seed}.err", "w"))
        (pids / str(proc.pid)).touch()
    return proc


@pytest.mark.slow  # KILL_CHILDREN real processes for REVISION_KILL_S seconds
@pytest.mark.timeout(600)
def test_processes_opening_committing_and_killing_each_other_keep_every_revision(tmp_path):
    rng = random.Random(20261201)
    home, pids, logs = tmp_path / "home", tmp_path / "pids", tmp_path / "logs"
    pids.mkdir()
    logs.mkdir()
    shared = _seed_dataset(home)
    script = tmp_path / "killer.py"
    script.write_text(_KILLER)
    points = [None, None, "revision.renamed@3", "revision.written@2", "revision.renamed@1"]
    seed, spawned, kills_by_parent, errors = 0, 0, 0, []
    children: list[subprocess.Popen] = []
    deadline = time.time() + KILL_S
    while time.time() < deadline:
        for proc in list(children):
            code = _reap(pids, proc)
            if code is not None:
                children.remove(proc)
                err = (logs / f"{proc.args[-1]}.err").read_text()
                if code != -signal.SIGKILL and "Traceback" in err:
                    errors.append(err[-2000:])
        while len(children) < KILL_CHILDREN:
            seed += 1
            spawned += 1
            children.append(_spawn(script, home, pids, shared, logs, seed, rng.choice(points)))
        time.sleep(rng.uniform(0.5, 3.0))
        if children and rng.random() < 0.3:
            victim = rng.choice(children)
            if victim.poll() is None:
                victim.kill()
                kills_by_parent += 1
    for proc in children:
        proc.kill()
        proc.wait(30)

    records = [json.loads(line) for p in logs.glob("*.log")
               for line in p.read_text().splitlines() if line.endswith("}")]
    commits = [r for r in records if "revision" in r]
    counts = _check_every_revision(home)
    agent = Agent(home=home)
    try:
        g, rev = agent.workspace.load(shared)  # the shared dataset still takes a commit
        assert agent.workspace.save_revision(shared, g, rev) == rev + 1
        for c in commits:  # every commit a child saw returned is stored whole
            agent.workspace.load(c["dataset"], c["revision"])
    finally:
        agent.close()
    print(f"\nrevision kill test ({KILL_S:.0f} s): {spawned} processes, "
          f"{sum('opened' in r for r in records)} opens, "
          f"{sum('constructed' in r for r in records)} constructions, {len(commits)} commits, "
          f"{kills_by_parent} kills by the test, {sum('killed' in r for r in records)} by "
          f"siblings; revisions recorded {counts['recorded']} / loadable {counts['loadable']} "
          f"/ equal to their hash {counts['hash_equal']}")
    assert not errors, errors[:2]
    assert len(commits) >= 5 and spawned > KILL_CHILDREN
    assert not counts["broken"], counts["broken"][:5]
    assert counts["recorded"] == counts["loadable"] == counts["hash_equal"]
