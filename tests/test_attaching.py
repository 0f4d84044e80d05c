"""Attached data is read as the run's first phase (runtime/attaching.py): ``start`` returns
before it is read, the run reports how far reading got, and a cancel at any step ends the
run ``cancelled`` with nothing of the data stored."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.graph.progress import reporting, step
from igraph_agent.runtime.attaching import reading_line
from igraph_agent.status import CancelPhase, RunPhase

pytestmark = pytest.mark.slow  # writes and reads a table of a few hundred thousand rows

ROWS = 400_000


@pytest.fixture(scope="module")
def roads(tmp_path_factory):
    """A delimited file of ROWS edges with column names of its own (depot_a, depot_b, hours)."""
    rng = np.random.default_rng(7)
    path = tmp_path_factory.mktemp("data") / "freight_routes.csv"
    pd.DataFrame({"depot_a": rng.integers(0, 50_000, ROWS).astype(str),
                  "depot_b": rng.integers(0, 50_000, ROWS).astype(str),
                  "hours": rng.random(ROWS).round(3)}).to_csv(path, index=False)
    return path


def _until_reading(handle, timeout: float = 60.0) -> list[dict]:
    """The run's events up to its first reading line."""
    seen: list[dict] = []
    while not handle.done:
        for event in handle.events(seen[-1]["index"] if seen else -1, timeout=timeout):
            seen.append(event)
            if event["type"] == "data.progress":
                return seen
    return seen


def test_cancelling_while_an_attachment_is_read_ends_cancelled_and_stores_nothing(agent, roads):
    handle = agent.start("Which depots are best connected?", attach=[roads])
    assert agent.store.list_sources() == []  # start returned before anything was read
    seen = _until_reading(handle)
    assert [e["type"] for e in seen][:2] == ["run.started", "data.progress"]
    assert seen[-1]["data"]["line"].startswith("reading freight_routes.csv · ")
    status = handle.cancel(wait=60)
    resp = handle.wait(60)
    assert resp.status == "error" and resp.error.code == ErrorCode.RUN_CANCELLED
    assert resp.graph is None and resp.evidence == []  # it used no graph
    assert status.run_status == RunPhase.CANCELLED and status.cancel_status == CancelPhase.CONFIRMED
    assert status.execution_stopped and agent.can_send(handle.session_id)
    # nothing half-written: no source row, no source folder (not even a temporary one), no dataset
    assert agent.store.list_sources() == [] and agent.store.list_datasets() == []
    sources = agent.home / "sources"
    assert not sources.exists() or list(sources.iterdir()) == []
    types = [e["type"] for e in agent.events(handle.run_id)]
    assert types[-1] == "run.cancelled" and "tool.started" not in types
    # the session goes on: the next question with other data is answered
    small = roads.with_name("tiny_routes.csv")
    small.write_text("depot_a,depot_b,hours\nN1,N2,1.5\nN2,N3,2\nN1,N3,4\n")
    after = agent.ask("How many depots are there?", attach=[small])
    assert after.status == "answered" and "3 nodes" in after.answer


def test_reading_reports_rows_as_it_goes_then_the_graph_is_built(agent, roads, monkeypatch):
    from igraph_agent.runtime import attaching

    # every step shown: the read of 400,000 rows may now end within one EVERY_S interval,
    # which would leave no intermediate line to see however it was read
    monkeypatch.setattr(attaching, "EVERY_S", 0.0)
    resp = agent.ask("How many depots are there?", attach=[roads])
    assert resp.status == "answered"
    lines = [e["data"] for e in agent.events(resp.run_id) if e["type"] == "data.progress"]
    phases = [d["phase"] for d in lines]
    assert phases[0] == "reading" and phases[-2:] == ["building", "done"]
    assert phases.index("storing") < phases.index("building")
    counted = [d["line"] for d in lines if d.get("total") == ROWS]
    assert f"reading freight_routes.csv · {ROWS:,} rows" in counted
    assert any(" of " in line for line in counted)  # chunk by chunk: "100,000 of 400,000 rows"
    assert lines[-2]["line"] == "building the graph from freight_routes.csv"
    # the reading line came before the first tool card of the run
    types = [e["type"] for e in agent.events(resp.run_id)]
    assert types.index("data.progress") < types.index("tool.started")


def test_a_bad_attachment_still_ends_the_run_with_its_coded_error(agent, tmp_path, karate_csv):
    agent.ask("How many nodes?", attach=[karate_csv])  # the session has a graph before
    broken = tmp_path / "broken.csv"
    broken.write_text("a,b\n1,2,3\n")
    resp = agent.ask("How many nodes?", attach=[broken])
    assert resp.status == "error" and resp.error.code == ErrorCode.SOURCE_INVALID
    assert resp.graph is None  # the session's earlier graph is not what this run used
    assert agent.can_send()


def test_a_listener_may_stop_a_read_at_its_next_step():
    seen: list[str] = []

    def listener(phase, rows, total):
        seen.append(reading_line("x.csv", phase, rows, total))
        if rows == 2:
            raise AgentError(ErrorCode.RUN_CANCELLED, "stop")

    with pytest.raises(AgentError), reporting(listener):
        for done in range(5):
            step("reading", rows=done, total=4)
    assert seen == ["reading x.csv · 4 rows", "reading x.csv · 1 of 4 rows",
                    "reading x.csv · 2 of 4 rows"]
    step("reading", rows=3, total=4)  # the listener is gone with its block
    assert len(seen) == 3


@pytest.fixture(scope="module")
def long_roads(roads):
    """The same rows eight times over (3.2 million): a read of a few seconds, so that the
    interrupt below lands inside it even on a loaded machine. The whole run on the
    400,000 rows takes about 1.2 s, of which reading 0.35 s; a test process starved of its
    CPU for that long polled too late once and interrupted a run that had answered."""
    header, body = roads.read_bytes().split(b"\n", 1)
    path = roads.with_name("long_routes.csv")
    with open(path, "wb") as fh:
        fh.write(header + b"\n")
        for _ in range(8):
            fh.write(body)
    return path


def test_ctrl_c_while_the_cli_reads_the_data_ends_the_run_cancelled_without_a_traceback(
        tmp_path, long_roads):
    import os
    import signal
    import subprocess
    import sys
    import time

    from igraph_agent.store import Store
    from igraph_agent.store.runs import Runs

    def interrupted_while_reading(home):
        """Start the CLI on the long file, interrupt it once its run is reading; (out, err,
        return code)."""
        proc = subprocess.Popen(
            [sys.executable, "-m", "igraph_agent.cli", "--home", str(home), "ask",
             "Which depots are best connected?", "--data", str(long_roads)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ.copy())
        db = home / "agent.db"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # interrupt once the run is reading
            if db.exists():  # its reading line, not only its row: the row is written inside
                store = Store(db)  # agent.start, before the CLI waits for the run
                reading = [r for r in Runs(store).latest() if r.status == RunPhase.RUNNING
                           and any(e["type"] == "data.progress" for e in store.events(r.id))]
                store.close()
                if reading:
                    break
            time.sleep(0.02)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
        return out, err, proc.returncode

    # a test process starved of its CPU on a loaded machine may poll too late, after the run
    # has answered: that try proves nothing either way, so it is tried again (three at most)
    for attempt in range(3):
        home = tmp_path / f"cli-project-{attempt}"
        out, err, code = interrupted_while_reading(home)
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
        if code == 0 and "RUN_CANCELLED" not in out:
            continue  # answered before the interrupt landed
        break
    assert "RUN_CANCELLED" in out and code != 0, out
    store = Store(home / "agent.db")
    assert store.list_sources() == [] and store.list_datasets() == []
    store.close()


def test_attached_tables_are_built_from_memory_as_from_their_stored_files(agent, tmp_path,
                                                                          monkeypatch):
    """A run's attachments are constructed from the frames it just stored (no parquet read
    back) and the result is the graph the stored files give; nothing is kept after binding."""
    import pandas as pd

    from igraph_agent.graph import workspace as wsmod

    csv = tmp_path / "ties.csv"
    csv.write_text("source,target,weight,kind\n1,2,0.5,a\n2,3,1.5,b\n3,1,2.0,a\n1,2,1.0,c\n")
    reads = []
    real = pd.read_parquet
    monkeypatch.setattr(wsmod.pd, "read_parquet",
                        lambda p, *a, **k: reads.append(str(p)) or real(p, *a, **k))
    resp = agent.ask("How many nodes?", attach=[csv])
    assert resp.status == "answered" and "3 nodes" in resp.answer
    assert not [p for p in reads if "/sources/" in p]  # the source was never read back
    assert agent.workspace._fresh == {}
    sid = agent.graph().attached_sources[0]
    stored = {p.stem: real(p) for p in sorted((agent.workspace.sources_dir / sid).glob("*.parquet"))}
    from_files = agent.workspace.source_tables(sid)
    assert from_files.keys() == stored.keys()
    for name, df in stored.items():
        pd.testing.assert_frame_equal(from_files[name], df)
    again = agent.workspace.construct([sid], wsmod.GraphSpec(directed=False), "again")
    g, _ = agent.workspace.load(again["id"])
    bound, _ = agent.workspace.load(agent.graph().dataset_id)
    assert sorted(g.edges(data=True)) == sorted(bound.edges(data=True))


def test_only_frames_that_survive_parquet_unchanged_are_kept():
    import pandas as pd

    from igraph_agent.graph.revisions import parquet_round_trips as round_trips

    assert round_trips(pd.DataFrame({"a": [1, 2], "b": ["x", None], "w": [0.5, 1.0]}))
    assert not round_trips(pd.DataFrame({"a": [1, "x"]}))  # object: stored otherwise
    assert not round_trips(pd.DataFrame({"a": [1, 2]}, index=[5, 6]))  # index dropped
    assert not round_trips(pd.DataFrame({"t": pd.to_datetime(["2024-01-01"])}))
    assert not round_trips(pd.DataFrame({"c": pd.Categorical(["x"])}))
