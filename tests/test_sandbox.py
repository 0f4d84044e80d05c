"""Model-written code in the sandbox: escapes are stopped by the operating system with the
coded error the model sees; a well-behaved snippet runs and grounds its number."""

from __future__ import annotations

import networkx as nx
import pytest
from tools_support import REGISTRY, call, context, karate, ok

from igraph_agent.runtime.guards import ungrounded_numbers
from igraph_agent.sandbox import runner, zones
from igraph_agent.tools import default_registry

pytestmark = pytest.mark.slow  # each snippet starts a confined Python (about 2-4 s here)


@pytest.fixture(scope="module", autouse=True)
def bubblewrap_is_working():
    # These tests prove the OS boundary; without bubblewrap they must fail, not pass.
    assert runner.bwrap_works(), "bubblewrap cannot create namespaces on this machine"


def _blocked(tmp_path, code: str, **limits) -> dict:
    env = call(context(tmp_path, karate()), "run_graph_code", code=code, **limits)
    assert env["success"] is False
    return env["error"]


def test_snippet_runs_confined_and_its_result_and_printed_number_ground_the_answer(tmp_path):
    data = ok(context(tmp_path, karate()), "run_graph_code",
              code="t = sum(nx.triangles(G).values()) // 3\nprint('closed triples', 3 * t)\n"
                   "result = {'triangles': t}")
    assert data["result"] == {"triangles": 45}
    assert data["stdout"] == "closed triples 135\n"
    assert data["confinement"]["missing"] == []
    assert {"namespaces", "seccomp", "rlimits", "network"} <= set(
        data["confinement"]["mechanisms"])
    envelope = {"data": data}
    assert ungrounded_numbers("Karate has 45 triangles (135 closed triples).", [envelope]) == []
    assert ungrounded_numbers("Karate has 46 triangles.", [envelope]) == ["46"]


def test_opening_a_socket_is_blocked(tmp_path):
    err = _blocked(tmp_path, "import socket\nsocket.create_connection(('93.184.216.34', 80), 3)")
    assert err["code"] == "CODE_BLOCKED" and "unreachable" in err["message"]


def test_writing_outside_scratch_is_blocked_and_nothing_is_written(tmp_path):
    target = tmp_path / "escaped.txt"
    err = _blocked(tmp_path, f"open({str(target)!r}, 'w').write('x')")
    assert err["code"] == "CODE_BLOCKED" and not target.exists()
    err = _blocked(tmp_path, "open('/usr/escaped.txt', 'w').write('x')")
    assert err["code"] == "CODE_BLOCKED" and "Read-only file system" in err["message"]


def test_reading_the_projects_sqlite_file_is_blocked(tmp_path):
    ctx = context(tmp_path, karate())
    db = tmp_path / "agent.db"
    assert db.is_file()
    env = call(ctx, "run_graph_code", code=f"result = len(open({str(db)!r}, 'rb').read())")
    assert env["error"]["code"] == "CODE_BLOCKED"
    assert "No such file" in env["error"]["message"]


@pytest.mark.parametrize("code", ["import subprocess\nsubprocess.run(['/bin/echo', 'hi'])",
                                  "import os\nos.fork()"])
def test_starting_a_process_is_blocked(tmp_path, code):
    err = _blocked(tmp_path, code)
    assert err["code"] == "CODE_BLOCKED" and "Operation not permitted" in err["message"]


def test_allocating_ten_gigabytes_hits_the_memory_limit(tmp_path):
    err = _blocked(tmp_path, "block = bytearray(10 * 2**30)")
    assert err["code"] == "CODE_MEMORY_LIMIT" and err["retryable"] is True
    assert "2048 MiB" in err["message"]


def test_an_endless_loop_is_stopped_at_its_time_limit(tmp_path):
    err = _blocked(tmp_path, "while True:\n    pass", wall_s=4)
    assert err["code"] == "CODE_TIMEOUT" and err["details"]["limits"]["wall_s"] == 4


def test_a_file_past_the_size_limit_is_not_written(tmp_path):
    err = _blocked(tmp_path, "open(SCRATCH + '/big.bin', 'wb').write(b'x' * (70 * 2**20))")
    assert err["code"] == "CODE_FAILED" and "File too large" in err["message"]


def test_poking_memory_with_ctypes_only_kills_the_worker(tmp_path):
    err = _blocked(tmp_path, "import ctypes\nctypes.string_at(8)")
    assert err["code"] == "CODE_FAILED" and "SIGSEGV" in err["message"]
    # ctypes cannot reach around the filter either: libc's fork() is refused
    data = ok(context(tmp_path, karate()), "run_graph_code",
              code="import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n"
                   "result = [libc.fork(), ctypes.get_errno()]")
    assert data["result"] == [-1, 1]  # EPERM


def test_failing_snippet_returns_its_own_traceback_lines_as_a_retry_prompt(tmp_path):
    err = _blocked(tmp_path, "hubs = [n for n in G if G.degree(n) > 10]\n"
                             "result = G.nodes['no such node']")
    assert err["code"] == "CODE_FAILED" and err["retryable"] is True
    assert "KeyError" in err["message"]
    assert "line 2: result = G.nodes['no such node']" in err["message"]
    assert "worker.py" not in err["message"] and "Traceback" not in err["message"]


def test_a_result_too_large_to_read_is_refused_with_what_to_return(tmp_path):
    err = _blocked(tmp_path, "result = list(range(3_000_000))")
    assert err["code"] == "CODE_FAILED" and "the limit is 100000" in err["message"]


def test_result_that_is_not_json_is_explained(tmp_path):
    err = _blocked(tmp_path, "result = G")
    assert err["code"] == "CODE_FAILED" and "not JSON" in err["message"]


def test_dataframe_results_come_back_as_tables_and_files_are_published_as_versions(tmp_path):
    ctx = context(tmp_path, karate())
    code = ("df = pd.DataFrame({'node': list(G), 'degree': [d for _, d in G.degree()]})\n"
            "df.sort_values('degree', ascending=False).to_csv(SCRATCH + '/degrees.csv')\n"
            "result = df.nlargest(2, 'degree')")
    first = ok(ctx, "run_graph_code", code=code, publish=["degrees.csv"])
    second = ok(ctx, "run_graph_code", code=code, publish=["degrees.csv"])
    assert first["result"]["columns"] == ["node", "degree"]
    assert first["result"]["rows"] == [{"node": "33", "degree": 17}, {"node": "0", "degree": 16}]
    assert [first["derived"][0]["version"], second["derived"][0]["version"]] == [1, 2]
    listed = ok(ctx, "list_workspace")
    derived = [f["path"] for f in listed["zones"]["derived"]["files"]]
    assert [p.rsplit("/", 1)[-1] for p in derived] == ["degrees.v1.csv", "degrees.v2.csv"]
    assert listed["zones"]["ephemeral"]["files"] == [{"path": "degrees.csv",
                                                      "bytes": first["derived"][0]["bytes"]}]
    zones.clear(tmp_path, ctx.session.session_id)
    after = ok(ctx, "list_workspace")
    assert after["zones"]["ephemeral"]["files"] == [] and len(
        after["zones"]["derived"]["files"]) == 2


def test_publishing_a_file_the_snippet_did_not_write_is_refused(tmp_path):
    env = call(context(tmp_path, karate()), "run_graph_code", code="result = 1",
               publish=["../agent.db"])
    assert env["error"]["code"] == "INVALID_ARGUMENTS"


def test_igraph_view_g_is_built_for_snippets_that_use_it(tmp_path):
    data = ok(context(tmp_path, nx.relabel_nodes(nx.les_miserables_graph(), str)),
              "run_graph_code", code="result = [g.vcount(), len(g.list_triangles())]")
    g = nx.les_miserables_graph()
    assert data["result"] == [g.number_of_nodes(), sum(nx.triangles(g).values()) // 3]


def test_without_bubblewrap_the_result_says_what_was_missing(tmp_path, monkeypatch):
    monkeypatch.setenv("IGRAPH_AGENT_SANDBOX", "rlimits")
    runner.bwrap_works.cache_clear()
    try:
        env = call(context(tmp_path, karate()), "run_graph_code", code="result = 7")
    finally:
        monkeypatch.delenv("IGRAPH_AGENT_SANDBOX")
        runner.bwrap_works.cache_clear()
    assert env["success"] and env["data"]["result"] == 7
    assert env["data"]["confinement"]["missing"] == ["namespaces", "filesystem", "network",
                                                     "seccomp"]
    assert "WITHOUT namespaces, filesystem, network, seccomp" in env["summary"]


def test_code_policy_off_removes_the_tool_and_refuses_it(tmp_path, monkeypatch):
    monkeypatch.setenv("IGRAPH_AGENT_CODE", "off")
    assert "run_graph_code" not in default_registry().names()
    env = REGISTRY.dispatch("run_graph_code", {"code": "result = 1"},
                            context(tmp_path, karate())).envelope()
    assert env["error"]["code"] == "CODE_DISABLED"


def test_code_policy_ask_makes_each_snippet_need_approval(monkeypatch):
    assert REGISTRY.get("run_graph_code").requires_approval is False
    monkeypatch.setenv("IGRAPH_AGENT_CODE", "ask")
    assert default_registry().get("run_graph_code").requires_approval is True


def test_code_runs_in_read_only_requests(tmp_path):
    data = ok(context(tmp_path, karate(), read_only=True), "run_graph_code",
              code="result = G.number_of_edges()")
    assert data["result"] == 78


def test_attached_tables_are_dataframes_and_read_only_csv_files(tmp_path):
    import pandas as pd

    ctx = context(tmp_path, karate())
    people = pd.DataFrame({"source": ["a", "b", "c"], "target": ["b", "c", "a"],
                           "weight": [1.0, 2.0, 3.0]})
    ctx.session.attached_sources.append(ctx.workspace.attach(people, "people")["source_id"])
    data = ok(ctx, "run_graph_code", code=(
        "df = tables['people']\n"
        "result = [sorted(tables), float(df['weight'].sum()), "
        "open(UPLOADED + '/people.csv').readline().strip()]"))
    assert data["result"] == [["people"], 6.0, "source,target,weight"]
    assert data["tables"] == ["people"]
    err = _blocked_in(ctx, "open(UPLOADED + '/people.csv', 'a').write('d,e,1')")
    assert err["code"] == "CODE_BLOCKED" and "Read-only file system" in err["message"]


def _blocked_in(ctx, code: str) -> dict:
    env = call(ctx, "run_graph_code", code=code)
    assert env["success"] is False
    return env["error"]


def test_starting_a_new_session_clears_the_old_sessions_scratch_but_keeps_derived(tmp_path):
    from igraph_agent import Agent

    agent = Agent(home=tmp_path / "h")
    try:
        old = agent.session_id
        zone = zones.paths(agent.home, old)
        (zone["scratch"] / "tmp.csv").write_text("a,b\n")
        (zone["derived"] / "keep.v1.csv").write_text("a,b\n")
        agent.new_session()
        assert not (zone["scratch"] / "tmp.csv").exists()
        assert (zone["derived"] / "keep.v1.csv").exists()
    finally:
        agent.close()


def test_uploaded_csvs_read_back_as_the_attached_tables(tmp_path):
    """Integer and text tables are written by Arrow, others by pandas; either way a CSV
    reader gets the table back (separators, quotes, newlines, missing text, accents)."""
    import pandas as pd

    from igraph_agent.sandbox.zones import write_table_csv

    tables = {
        "ints_and_text": pd.DataFrame({"station": pd.array(["Zoë", 'say "hi"', "a,b", "x\ny",
                                                            None], dtype="str"),
                                       "line": [3, 1, 4, 1, 5]}),
        "floats_and_bools": pd.DataFrame({"km": [100.0, 0.1, 2.5], "open": [True, False, True]}),
    }
    for name, df in tables.items():
        path = tmp_path / f"{name}.csv"
        write_table_csv(df, path)
        back = pd.read_csv(path, keep_default_na=False, na_values=[""])
        pd.testing.assert_frame_equal(back, df, check_dtype=False)
