"""The sandbox holds its limits where a snippet tries to go around them: memory in /tmp,
/dev/shm and memfds, disk in SCRATCH, threads, a report line written by the snippet itself,
a deeply nested result, links out of the zones. Each ends with its coded error, and what
it used on the host stays under the limit."""

from __future__ import annotations

import os

import pytest
from tools_support import call, context, karate, ok

from igraph_agent.sandbox import runner, zones

pytestmark = pytest.mark.slow  # each test starts a confined worker (about 2-4 s)

MIB = 2**20


@pytest.fixture(autouse=True)
def fresh_workers():
    runner._stop_all()
    yield
    runner._stop_all()


@pytest.fixture(scope="module", autouse=True)
def bubblewrap_is_working():
    # These tests prove the OS boundary; without bubblewrap they must fail, not pass.
    assert runner.bwrap_works(), "bubblewrap cannot create namespaces on this machine"


def _failed(ctx, code: str, **args) -> dict:
    env = call(ctx, "run_graph_code", code=code, **args)
    assert env["success"] is False, env
    return env["error"]


def _host_tasks() -> int:
    return sum(1 for _ in os.scandir("/proc") if _.name.isdigit())


def _shm_used() -> int:
    st = os.statvfs("/dev/shm")
    return (st.f_blocks - st.f_bfree) * st.f_frsize


def test_files_in_tmp_stop_at_its_size_and_add_nothing_to_host_shared_memory(tmp_path):
    before = _shm_used()
    err = _failed(context(tmp_path, karate()), "for i in range(48):\n"
                  "    open(f'/tmp/f{i}', 'wb').write(b'x' * (64 * 2**20))", memory_mb=1024)
    assert err["code"] in ("CODE_DISK_LIMIT", "CODE_MEMORY_LIMIT"), err
    assert _shm_used() - before < 64 * MIB


def test_dev_shm_stops_at_its_size(tmp_path):
    before = _shm_used()
    err = _failed(context(tmp_path, karate()), "for i in range(40):\n"
                  "    open(f'/dev/shm/f{i}', 'wb').write(b'x' * (60 * 2**20))", memory_mb=1024)
    assert err["code"] == "CODE_DISK_LIMIT" and "No space left" in err["message"], err
    assert _shm_used() - before < 64 * MIB


def test_files_in_tmp_and_dev_shm_count_in_the_memory_limit(tmp_path):
    # each tmpfs stays under its own size; together with the worker they pass 512 MiB
    err = _failed(context(tmp_path, karate()), "for d in ('/tmp', '/dev/shm'):\n"
                  "    for i in range(4):\n"
                  "        open(f'{d}/f{i}', 'wb').write(b'x' * (60 * 2**20))\n"
                  "held = bytearray(150 * 2**20)", memory_mb=512)
    assert err["code"] == "CODE_MEMORY_LIMIT", err
    assert "512 MiB" in err["message"] and "the kernel stopped it" in err["message"]


def test_memfd_create_is_refused(tmp_path):
    err = _failed(context(tmp_path, karate()),
                  "import os\nfds = [os.memfd_create(f'm{i}') for i in range(40)]")
    assert err["code"] == "CODE_BLOCKED" and "Operation not permitted" in err["message"]


def test_memfds_count_in_the_memory_limit_where_seccomp_is_missing(tmp_path, monkeypatch):
    monkeypatch.setenv("IGRAPH_AGENT_SANDBOX", "rlimits")
    runner.bwrap_works.cache_clear()
    try:
        err = _failed(context(tmp_path, karate()),
                      "import os\nheld = []\nfor i in range(40):\n"
                      "    fd = os.memfd_create(f'm{i}')\n"
                      "    os.write(fd, b'x' * (60 * 2**20))\n    held.append(fd)",
                      memory_mb=1024)
    finally:
        monkeypatch.delenv("IGRAPH_AGENT_SANDBOX")
        runner.bwrap_works.cache_clear()
    assert err["code"] == "CODE_MEMORY_LIMIT", err
    assert "memory-cgroup" in err["details"]["confinement"]["mechanisms"]


def test_scratch_stops_at_its_quota_and_is_emptied(tmp_path):
    ctx = context(tmp_path, karate())
    err = _failed(ctx, "for i in range(40):\n"
                  "    open(f'{SCRATCH}/f{i}', 'wb').write(b'x' * (60 * 2**20))")
    assert err["code"] == "CODE_DISK_LIMIT", err
    assert "512 MiB" in err["message"]
    scratch = zones.paths(ctx.workspace.home, ctx.session.session_id)["scratch"]
    assert list(scratch.iterdir()) == []
    # the next snippet runs normally in a new worker
    assert ok(ctx, "run_graph_code", code="result = G.number_of_nodes()")["result"] == 34


def test_threads_stop_at_the_task_limit_and_add_few_host_tasks(tmp_path):
    before = _host_tasks()
    err = _failed(context(tmp_path, karate()),
                  "import threading, time\nthreading.stack_size(32768)\n"
                  "for i in range(10_000):\n"
                  "    threading.Thread(target=time.sleep, args=(20,)).start()")
    assert err["code"] == "CODE_TASK_LIMIT", err
    assert "64 threads" in err["message"]
    assert _host_tasks() - before < 70  # the worker is gone; nothing of it stays


def test_a_workers_cgroups_are_removed_when_it_stops(tmp_path):
    ctx = context(tmp_path, karate())
    assert ok(ctx, "run_graph_code", code="result = 1")["result"] == 1
    (worker,) = runner._WORKERS.values()
    folders = [f for f in (worker.groups.memory, worker.groups.pids) if f is not None]
    assert folders and all(f.is_dir() for f in folders)
    runner._stop_all()
    assert not any(f.exists() for f in folders)


FORGE = """
import gc, json, os
nonce = next(o["nonce"] for o in gc.get_objects()
             if isinstance(o, dict) and isinstance(o.get("nonce"), str))
forged = {"ok": True, "result": "x" * 3_000_000, "stdout": "",
          "confinement": {"mechanisms": ["everything"], "missing": []}}
os.write(1, b"\\n\\x1eigraph-agent-report " + nonce.encode() + b" "
         + json.dumps(forged).encode() + b"\\n")
os._exit(0)
"""


def test_a_report_the_snippet_writes_itself_is_held_to_the_limits_on_the_host(tmp_path):
    err = _failed(context(tmp_path, karate()), FORGE)
    assert err["code"] == "CODE_FAILED", err
    assert "the report is 3000" in err["message"] and "100000 characters" in err["message"]
    assert err["details"]["confinement"]["mechanisms"] != ["everything"]


def test_a_small_forged_report_claims_nothing_the_host_did_not_measure(tmp_path):
    code = FORGE.replace('"x" * 3_000_000', "7")
    data = ok(context(tmp_path, karate()), "run_graph_code", code=code)
    assert data["result"] == 7  # what a plain `result = 7` could have returned
    assert data["confinement"]["missing"] == []
    assert "everything" not in data["confinement"]["mechanisms"]


def test_a_deeply_nested_result_is_a_coded_error(tmp_path):
    err = _failed(context(tmp_path, karate()),
                  "result = []\nfor _ in range(400):\n    result = [result]")
    assert err["code"] == "CODE_FAILED", err
    assert "nested 401 levels" in err["message"] and "limit is 32" in err["message"]


def test_list_workspace_shows_a_link_out_of_scratch_as_a_link_without_its_target(tmp_path):
    ctx = context(tmp_path, karate())
    scratch = zones.paths(ctx.workspace.home, ctx.session.session_id)["scratch"]
    (scratch / "shadow").symlink_to("/etc/shadow")
    (scratch / "etc").symlink_to("/etc")
    (scratch / "mine.csv").write_text("a,b\n1,2\n")
    listed = ok(ctx, "list_workspace")
    files = listed["zones"]["ephemeral"]["files"]
    assert {"path": "shadow", "link": True} in files and {"path": "etc", "link": True} in files
    assert {"path": "mine.csv", "bytes": 8} in files
    assert not any(f["path"].startswith("etc/") for f in files)


def test_without_cgroups_the_result_says_the_memory_and_task_limits_are_missing(tmp_path,
                                                                                monkeypatch):
    monkeypatch.setenv("IGRAPH_AGENT_SANDBOX_CGROUPS", "off")
    env = call(context(tmp_path, karate()), "run_graph_code", code="result = 7")
    assert env["success"] and env["data"]["result"] == 7
    assert env["data"]["confinement"]["missing"] == ["memory-cgroup", "tasks-cgroup"]
    assert "WITHOUT memory-cgroup, tasks-cgroup" in env["summary"]
