"""Shared fixtures. Tests never touch the network: the offline and scripted providers only."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("OMP_NUM_THREADS", "1")
# a tool result that does not match its tool's result model fails the call (RESULT_INVALID),
# here and in every kernel, worker and subprocess the tests start
os.environ.setdefault("IGRAPH_AGENT_STRICT_RESULTS", "1")
# tests that route calls to workers do it on small graphs with a threshold of 0 edges, where
# every call would be estimated short enough to run in-process; tests/test_in_process.py sets
# the bound itself
os.environ.setdefault("IGRAPH_AGENT_IN_PROCESS_MS", "0")

DATA = Path(__file__).parent / "data"
# ``ray_cluster``: one loopback Ray cluster for the whole session, whichever modules use it
# (a module that imports the fixture itself would start its own)
pytest_plugins = ["ray_support"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The Ray cluster tests run last: the session's cluster (a head and a worker node, with
    their idle workers) then lives only while they run, not beside the timing-sensitive
    tests (kernels, browser, random kills)."""
    items.sort(key=lambda item: Path(str(item.fspath)).name.startswith("test_cluster_"))


@pytest.fixture
def karate_csv() -> Path:
    return DATA / "karate.csv"


@pytest.fixture
def agent(tmp_path):
    from igraph_agent import Agent

    a = Agent(home=tmp_path / "project")
    yield a
    a.close()


# -- the end of the test process ------------------------------------------------------------
# After the summary, the process ends at once with pytest's own status: the interpreter's
# teardown of native libraries' threads (igraph, torch) once crashed with signal 11 after
# every test had passed (docs/testing.md), and no test runs in that teardown.
_STATUS: dict[str, int] = {}


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _STATUS["exit"] = int(exitstatus)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    if "exit" in _STATUS and os.environ.get("CI"):
        import sys

        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_STATUS["exit"])
