"""The offline planner is imported on a thread when an agent on it starts (and, if it is not
imported yet, while a request's data is read), so its import is not paid after the binding,
in the first model turn."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHECK = """
import sys
from igraph_agent.model.builtin import warm
assert warm("scripted/any") is None  # only the planner is warmed
thread = warm("offline/planner")
assert thread is not None and thread.daemon
thread.join()
assert "igraph_agent.model.offline" in sys.modules
assert warm("offline/planner") is None  # imported already: nothing started
print("warmed")
"""


def test_warming_the_offline_planner_imports_it_on_a_daemon_thread():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "warmed"


AT_START = """
import sys, tempfile, threading
from igraph_agent import Agent
other = Agent(home=tempfile.mkdtemp(), model="openai/gpt-x")
assert not any(t.name == "planner-import" for t in threading.enumerate())
assert "igraph_agent.model.offline" not in sys.modules  # another provider: nothing warmed
agent = Agent(home=tempfile.mkdtemp())  # no model configured: the offline planner
for t in threading.enumerate():
    if t.name == "planner-import":
        t.join()
assert "igraph_agent.model.offline" in sys.modules
agent.close(); other.close()
print("warmed at start")
"""


def test_an_agent_on_the_offline_planner_imports_it_while_the_first_question_is_written():
    env = {k: v for k, v in os.environ.items() if k != "IGRAPH_AGENT_MODEL"}
    env["PYTHONPATH"] = str(ROOT)
    out = subprocess.run([sys.executable, "-c", AT_START], capture_output=True, text=True,
                         env=env, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "warmed at start"
