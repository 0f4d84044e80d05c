"""Revisions under concurrency and crashes: one writer per dataset across processes, no
debris left to block a later save, content verified on load, and a project opened by
many processes at once."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import networkx as nx
import pytest

from igraph_agent import Agent
from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store

NODES = 4_000

# saves the even or the odd half of the dataset as revision 2, once both writers are ready
_WRITER = textwrap.dedent("""
    import json, pathlib, sys
    from igraph_agent.errors import AgentError
    from igraph_agent.graph.workspace import Workspace
    from igraph_agent.store import Store

    home, ds, parity, barrier = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    ws = Workspace(home, Store(home + "/agent.db"))
    g, rev = ws.load(ds, 1)
    keep = g.subgraph([n for n in g.nodes if int(n) % 2 == parity]).copy()
    if barrier != "-":
        (pathlib.Path(barrier) / str(parity)).touch()
        while len(list(pathlib.Path(barrier).iterdir())) < 2:
            pass
    try:
        print(json.dumps({"revision": ws.save_revision(ds, keep, rev)}))
    except AgentError as exc:
        print(json.dumps({"code": str(exc.code)}))
""")


def _dataset(home: Path, n: int = NODES) -> tuple[Workspace, str]:
    ws = Workspace(home, Store(home / "agent.db"))
    g = nx.path_graph(n)
    src = ws.attach(nx.relabel_nodes(g, str))
    return ws, ws.construct([src["source_id"]], GraphSpec())["id"]


def _race(home: Path, ds: str, script: Path) -> list[dict]:
    barrier = home / "barrier"
    barrier.mkdir()
    procs = [subprocess.Popen([sys.executable, str(script), str(home), ds, str(parity),
                               str(barrier)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for parity in (0, 1)]
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0 and "Traceback" not in err, err[-2000:]
        outs.append(json.loads(out.strip().splitlines()[-1]))
    return outs


@pytest.mark.slow  # real processes race for one dataset
def test_two_processes_saving_one_dataset_at_once_never_mix_their_revisions(tmp_path):
    script = tmp_path / "writer.py"
    script.write_text(_WRITER)
    for round_ in range(4):
        home = tmp_path / f"home{round_}"
        ws, ds = _dataset(home)
        outs = _race(home, ds, script)
        assert sorted(map(str, outs)) == sorted(map(str, [{"revision": 2},
                                                          {"code": "REVISION_CONFLICT"}])), outs
        g, rev = ws.load(ds)
        parities = {int(n) % 2 for n in g.nodes}
        assert rev == 2 and len(parities) == 1 and g.number_of_nodes() == NODES // 2
        ws.store.close()


def test_a_kill_between_the_rename_and_the_store_update_does_not_block_later_saves(tmp_path):
    home = tmp_path / "home"
    ws, ds = _dataset(home, 50)
    ws.store.close()
    script = tmp_path / "writer.py"
    script.write_text(_WRITER)
    env = {**os.environ, "IGRAPH_AGENT_CRASH_AT": "revision.renamed"}
    proc = subprocess.run([sys.executable, str(script), str(home), ds, "0", "-"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == -9  # killed itself at the crash point
    assert (home / "datasets" / ds / "r2").is_dir()  # the folder is in place ...
    agent = Agent(home=home)  # ... the store says revision 1: recovery reconciles
    try:
        assert agent.recovered["revision_debris_removed"] == 1
        g, rev = agent.workspace.load(ds)
        assert rev == 1 and g.number_of_nodes() == 50
        g.remove_node("0")
        assert agent.workspace.save_revision(ds, g, 1) == 2
        assert agent.workspace.load(ds)[0].number_of_nodes() == 49
    finally:
        agent.close()


def test_a_revision_folder_the_store_does_not_list_is_replaced_by_the_next_save(tmp_path):
    ws, ds = _dataset(tmp_path / "home", 30)
    folder = ws.datasets_dir / ds
    shutil.copytree(folder / "r1", folder / "r2")  # debris of a writer that died
    (folder / ".tmp-999-deadbeef").mkdir()
    g, _ = ws.load(ds)
    g.remove_node("0")
    assert ws.save_revision(ds, g, 1) == 2
    assert ws.load(ds)[0].number_of_nodes() == 29
    assert not (folder / ".tmp-999-deadbeef").exists()


def test_a_revision_whose_files_changed_after_writing_is_refused_on_load(tmp_path):
    ws, ds = _dataset(tmp_path / "home", 30)
    other_ws, other = _dataset(tmp_path / "other", 12)
    folder = ws.datasets_dir / ds / "r1"
    shutil.copy(other_ws.datasets_dir / other / "r1" / "nodes.parquet", folder / "nodes.parquet")
    with pytest.raises(ToolError) as err:
        ws.load(ds)
    assert err.value.code == ErrorCode.RESULT_UNAVAILABLE and "damaged" in err.value.message


def test_saving_again_after_a_conflict_on_a_fresh_revision_works(tmp_path):
    ws, ds = _dataset(tmp_path / "home", 20)
    g, _ = ws.load(ds)
    assert ws.save_revision(ds, g, 1) == 2
    with pytest.raises(ToolError) as err:
        ws.save_revision(ds, g, 1)
    assert err.value.code == ErrorCode.REVISION_CONFLICT
    assert ws.save_revision(ds, g, 2) == 3
    assert [ws.load(ds, r)[1] for r in (1, 2, 3)] == [1, 2, 3]


# -- concurrent first open ----------------------------------------------------------------
_OPEN = "import sys; from igraph_agent.store import Store; Store(sys.argv[1]).close()"


@pytest.mark.slow  # fifteen real processes
def test_fifteen_processes_opening_a_new_project_at_once_all_succeed(tmp_path):
    from igraph_agent.store.schema import MIGRATIONS

    for round_ in range(2):
        db = tmp_path / f"p{round_}" / "agent.db"
        procs = [subprocess.Popen([sys.executable, "-c", _OPEN, str(db)],
                                  stderr=subprocess.PIPE, text=True) for _ in range(15)]
        errors = [p.communicate(timeout=120)[1] for p in procs]
        assert [p.returncode for p in procs] == [0] * 15, [e for e in errors if e][:1]
        store = Store(db)
        assert store.schema_version() == len(MIGRATIONS)
        store.close()


def test_a_migration_killed_midway_is_applied_whole_on_the_next_open(tmp_path):
    from igraph_agent.store.schema import MIGRATIONS

    db = tmp_path / "agent.db"
    env = {**os.environ, "IGRAPH_AGENT_CRASH_AT": "migration@2"}
    proc = subprocess.run([sys.executable, "-c", _OPEN, str(db)], env=env, timeout=60)
    assert proc.returncode == -9
    store = Store(db)
    assert store.schema_version() == len(MIGRATIONS)
    assert store.get_config("missing", "default") == "default"
    store.close()
