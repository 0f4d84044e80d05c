"""The fixed cost of a run: no litellm for built-in providers, schemas and skills built once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import networkx as nx

from igraph_agent import Agent, RunOptions
from igraph_agent.model.scripted import ScriptedModel, call
from igraph_agent.skills.catalogue import SkillCatalogue
from igraph_agent.tools import schema as schema_module


def test_offline_and_scripted_runs_answer_without_importing_litellm(tmp_path: Path):
    code = (
        "import sys, networkx as nx\n"
        "from igraph_agent import Agent, RunOptions\n"
        "from igraph_agent.model.scripted import ScriptedModel, call\n"
        f"a = Agent(home={str(tmp_path / 'h')!r})\n"
        "r = a.ask('How many nodes?', attach=[nx.karate_club_graph()])\n"
        "m = ScriptedModel([[call('get_graph_info')], 'It has 34 nodes.'])\n"
        "s = a.ask('size?', options=RunOptions(model=m.id))\n"
        "print(r.status, s.status, s.answer, 'litellm' in sys.modules)\n"
        "a.close()\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=os.environ.copy(), timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["answered", "answered", "It", "has", "34", "nodes.", "False"]


def test_tool_schemas_are_built_once_however_many_runs(tmp_path: Path, monkeypatch):
    built: list[str] = []
    real = schema_module.model_parameters

    def counting(args_model):
        built.append(args_model.__name__)
        return real(args_model)

    monkeypatch.setattr(schema_module, "model_parameters", counting)
    agent = Agent(home=tmp_path / "h")
    for t in agent.registry.in_scope(None):  # tools are shared: earlier tests built theirs
        t.__dict__.pop("_schema", None)
    try:
        counts = []
        for answer in ("one", "two", "three"):
            model = ScriptedModel([answer])
            assert agent.ask("hi", options=RunOptions(model=model.id)).answer == answer
            counts.append(len(built))
        offered = [t["function"]["name"] for t in model.requests[0]["tools"]]
        assert len(offered) > 5 and counts[0] >= len(offered) - 1  # all but ask_user built
        assert counts[1] == counts[2] == counts[0]  # later runs build none again
    finally:
        agent.close()


def _skill(root: Path, name: str, description: str) -> Path:
    md = root / name / "SKILL.md"
    md.parent.mkdir(parents=True, exist_ok=True)
    md.write_text(f"---\nname: {name}\ndescription: {description}\ntools: [get_graph_info]\n"
                  f"triggers: [{name}]\n---\n\n# {name}\n\nSteps.\n", encoding="utf-8")
    return md


def test_skill_catalogue_reparses_only_after_a_skill_changes(tmp_path: Path):
    builtin = tmp_path / "builtin"
    _skill(builtin, "alpha", "first words")
    first = SkillCatalogue(tmp_path / "home", builtin).builtin()["alpha"]
    again = SkillCatalogue(tmp_path / "home", builtin).builtin()["alpha"]
    assert again is first  # unchanged folder: the parsed skill is reused

    _skill(builtin, "alpha", "changed and longer words")
    _skill(builtin, "beta", "a new skill")
    (builtin / "broken").mkdir()
    (builtin / "broken" / "SKILL.md").write_text("no front matter", encoding="utf-8")
    cat = SkillCatalogue(tmp_path / "home", builtin)
    skills = cat.builtin()
    assert skills["alpha"].description == "changed and longer words"
    assert set(skills) == {"alpha", "beta"}
    assert "builtin:broken" in cat.problems
    cached = SkillCatalogue(tmp_path / "home", builtin)
    cached.builtin()
    assert "builtin:broken" in cached.problems  # problems are reported from the cache too


def test_scripted_answer_after_a_graph_call_sees_the_loaded_graph(tmp_path: Path):
    agent = Agent(home=tmp_path / "h")
    try:
        agent.ask("load", attach=[nx.karate_club_graph()])
        model = ScriptedModel([[call("get_graph_info")], "34 nodes."])
        resp = agent.ask("How many nodes?", options=RunOptions(model=model.id))
        assert resp.status == "answered" and resp.usage.model_calls == 2
        assert resp.usage.cost_usd == 0.0
        replies = [m["content"] for m in model.requests[1]["messages"] if m["role"] == "tool"]
        assert any('"nodes":34' in r for r in replies)
    finally:
        agent.close()


def test_builtin_providers_still_answer_through_litellm_when_called_there():
    from igraph_agent.model.gateway import litellm_module

    litellm = litellm_module()
    model = ScriptedModel(["through litellm"])
    reply = litellm.completion(model=model.id, messages=[{"role": "user", "content": "hi"}])
    assert reply.choices[0].message.content == "through litellm"
    offline = litellm.completion(model="offline/planner",
                                 messages=[{"role": "user", "content": "hello"}])
    assert offline.choices[0].message is not None


def _count_transactions(agent: Agent) -> list[int]:
    """Wrap the store's transaction (every write goes through ``Store.tx``) with a counter."""
    count = [0]
    real = agent.store.tx

    def counting():
        count[0] += 1
        return real()

    agent.store.tx = counting  # type: ignore[method-assign]
    return count


def test_each_tool_call_is_two_write_transactions_with_its_events_and_result(tmp_path: Path):
    agent = Agent(home=tmp_path / "h")
    try:
        agent.ask("load", attach=[nx.karate_club_graph()])
        count = _count_transactions(agent)
        written = []
        for n in (1, 4):  # the same run shape, one turn of n independent calls
            model = ScriptedModel([[call("degree_analysis", top_k=k + 1) for k in range(n)],
                                   "done"])
            before = count[0]
            resp = agent.ask("degrees", options=RunOptions(model=model.id))
            assert resp.status == "answered" and len(resp.actions) == n
            written.append(count[0] - before)
        assert written[1] - written[0] == 2 * 3  # each extra call: started + completed
        run_id = resp.run_id
        calls = agent.store.tool_calls(run_id)
        events = agent.store.events(run_id)
        assert [c["status"] for c in calls] == ["succeeded"] * 4
        assert all(c["envelope"]["success"] and c["args"]["top_k"] == i + 1
                   for i, c in enumerate(calls))
        kinds = [e["type"] for e in events]
        assert kinds.count("tool.started") == kinds.count("tool.completed") == 4
        assert [e["idx"] for e in events] == list(range(len(events)))  # contiguous
        tool_messages = [m for m in agent.store.messages(run_id) if m["role"] == "tool"]
        assert [m["content"]["tool_call_id"] for m in tool_messages] == [c["call_id"]
                                                                         for c in calls]
    finally:
        agent.close()
