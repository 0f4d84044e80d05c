"""Skills: format, review queue, upload safety, load_skill paging, narrowing, run traces."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from igraph_agent import Agent, RunOptions
from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.model.scripted import ScriptedModel, call
from igraph_agent.skills import SkillCatalogue, builtin_dir, parse_skill
from igraph_agent.store import Store
from igraph_agent.store.skills import SkillRecords
from igraph_agent.tools import ToolContext
from igraph_agent.tools.skills import PAGE_CHARS

BROKERS = """---
name: glue-customers
description: Find the customers who connect several communities -- the glue between groups.
tools: [get_graph_info, community_detection, bridge_nodes]
triggers: [glue customers]
---

1. get_graph_info
2. bridge_nodes(min_communities=2)
"""

LEARNING_TOOLS = {"train", "infer", "training_summary"}  # tools/learning.py


def _ctx(agent: Agent, run_id: str = "") -> ToolContext:
    return ToolContext(workspace=agent.workspace, session=agent.graph(), run_id=run_id,
                       call_id="t1")


def _tool_names(model: ScriptedModel, request: int = 0) -> set[str]:
    return {t["function"]["name"] for t in model.requests[request]["tools"]}


def _zip(entries: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, text in entries.items():
            z.writestr(name, text)
    return buf.getvalue()


def test_builtin_skills_parse_and_name_real_tools(agent):
    skills = SkillCatalogue(agent.home).builtin()
    assert sorted(skills) == sorted([
        "graph-state-check", "paths-and-connectivity", "centrality-and-influence",
        "communities-and-bridges", "graph-learning", "visualization", "statistical-reporting",
        "graph-construction-and-optimization"])
    known = set(agent.registry.names())
    for skill in skills.values():
        assert skill.folder is not None and skill.folder.name == skill.name
        assert skill.triggers and skill.tools and len(skill.body) > 400
        assert set(skill.tools) - known <= LEARNING_TOOLS, skill.name
    assert (builtin_dir() / "statistical-reporting" / "report-template.md").is_file()


def test_candidate_is_not_loadable_until_approved(agent):
    agent.skills.create_from_text(BROKERS)  # default target: the review queue
    with pytest.raises(AgentError) as exc:
        SkillCatalogue(agent.home).get("glue-customers")
    assert exc.value.code == ErrorCode.SKILL_NOT_FOUND and "approve" in exc.value.hint

    model = ScriptedModel([[call("load_skill", name="glue-customers")], "done"])
    resp = agent.ask("who glues?", options=RunOptions(model=model.id))
    assert "glue-customers" not in model.requests[0]["messages"][0]["content"]
    loaded = json.loads(next(m for m in model.requests[1]["messages"] if m["role"] == "tool")["content"])
    assert loaded["success"] is False and loaded["error"]["code"] == ErrorCode.SKILL_NOT_FOUND
    assert SkillRecords(agent.store).opened(resp.run_id) == []

    approved = agent.skills.approve("glue-customers")
    assert approved["approved_at"] > 0 and approved["playbook_id"].startswith("pbk_")
    row = next(r for r in agent.skills.list() if r["name"] == "glue-customers")
    assert row["status"] == "active" and row["playbook_id"] == approved["playbook_id"]
    model = ScriptedModel([[call("load_skill", name="glue-customers")], "done"])
    agent.ask("who glues?", options=RunOptions(model=model.id))
    assert "- glue-customers: Find the customers" in model.requests[0]["messages"][0]["content"]
    loaded = json.loads(next(m for m in model.requests[1]["messages"] if m["role"] == "tool")["content"])
    assert loaded["success"] is True and "bridge_nodes(min_communities=2)" in loaded["data"]["body"]


def test_approval_conflict_keeps_both_files_intact(agent):
    agent.skills.create_from_text(BROKERS, target="active")
    candidate = BROKERS.replace("2. bridge_nodes(min_communities=2)", "2. something else")
    agent.skills.create_from_text(candidate)
    active_md = agent.home / "skills" / "active" / "glue-customers" / "SKILL.md"
    review_md = agent.home / "skills" / "review" / "glue-customers" / "SKILL.md"
    before = (active_md.read_bytes(), review_md.read_bytes())

    with pytest.raises(AgentError) as exc:
        agent.skills.approve("glue-customers")
    assert exc.value.code == ErrorCode.SKILL_CONFLICT
    assert (active_md.read_bytes(), review_md.read_bytes()) == before

    renamed = agent.skills.approve("glue-customers", rename="glue-customers-v2")
    assert renamed["name"] == "glue-customers-v2"
    assert active_md.read_bytes() == before[0] and not review_md.exists()
    moved = parse_skill((agent.home / "skills/active/glue-customers-v2/SKILL.md").read_text())
    assert moved.name == "glue-customers-v2" and "something else" in moved.body
    with pytest.raises(AgentError) as exc:  # a built-in name is taken too
        agent.skills.create_from_text(BROKERS.replace("glue-customers", "visualization"),
                                      target="active")
    assert exc.value.code == ErrorCode.SKILL_CONFLICT


@pytest.mark.parametrize("entry", ["../evil/SKILL.md", "skill/../../evil.md", "/abs/SKILL.md"])
def test_zip_with_paths_outside_the_skill_is_refused_and_nothing_is_written(agent, entry):
    data = _zip({"glue-customers/SKILL.md": BROKERS, entry: "pwned"})
    with pytest.raises(AgentError) as exc:
        agent.skills.upload(data, "glue.zip")
    assert exc.value.code == ErrorCode.SKILL_INVALID and "outside" in exc.value.message
    review = agent.home / "skills" / "review"
    assert not review.exists() or list(review.iterdir()) == []
    assert not (agent.home / "evil").exists() and not (agent.home.parent / "evil").exists()


def test_zip_upload_with_a_reference_file_lands_in_review(agent):
    data = _zip({"glue/SKILL.md": BROKERS, "glue/method.md": "Use Leiden, seed 42."})
    row = agent.skills.upload(data, "glue.zip")
    assert row["status"] == "candidate" and row["references"] == ["method.md"]
    assert "glue-customers" not in SkillCatalogue(agent.home).active()


@pytest.mark.parametrize(("upload", "filename", "says"), [
    (_zip({"notes.md": "hello"}), "x.zip", "no SKILL.md"),
    (BROKERS.replace("tools:", "auto_approve: true\ntools:").encode(), "SKILL.md", "unknown front matter"),
    (BROKERS.replace("name: glue-customers", "name: Glue_Customers").encode(), "SKILL.md", "not allowed"),
    (BROKERS.replace("---\n", "", 1).encode(), "SKILL.md", "does not start"),
    (b"not a zip", "x.zip", "not a readable zip"),
    (BROKERS.encode(), "skill.txt", "neither a .md nor a .zip"),
    (BROKERS.replace("Find the", "x" * 1100).encode(), "SKILL.md", "at most 1024"),
])
def test_bad_uploads_get_clear_errors(agent, upload, filename, says):
    with pytest.raises(AgentError) as exc:
        agent.skills.upload(upload, filename)
    assert exc.value.code == ErrorCode.SKILL_INVALID
    assert says in exc.value.message and exc.value.hint


def test_truncated_bodies_say_so_and_can_be_paged(agent):
    body = "\n".join(f"Step {i}: run the measure and check the result carefully." for i in range(250))
    agent.skills.create("long-procedure", "A long procedure.", body, tools=["get_graph_info"],
                        target="active")
    first = agent.registry.dispatch("load_skill", {"name": "long-procedure"}, _ctx(agent))
    d = first.data
    assert d["truncated"] is True and d["pages"] >= 3 and len(d["body"]) <= PAGE_CHARS
    assert "Truncated" in d["note"] and 'load_skill(name="long-procedure", page=2)' in d["note"]
    assert f"of {len(body)}" in d["note"]
    view = first.for_model()
    assert "Truncated" in view and "cut at" not in view  # the model sees the whole page and note
    pages = [agent.registry.dispatch("load_skill", {"name": "long-procedure", "page": p},
                                     _ctx(agent)).data["body"] for p in range(1, d["pages"] + 1)]
    assert "".join(pages) == body
    beyond = agent.registry.dispatch("load_skill", {"name": "long-procedure", "page": d["pages"] + 1},
                                     _ctx(agent))
    assert beyond.success is False and beyond.error.code == ErrorCode.INVALID_ARGUMENTS


def test_read_skill_reference_reads_listed_files_only(agent):
    ok = agent.registry.dispatch("read_skill_reference", {"name": "statistical-reporting",
                                                          "path": "report-template.md"}, _ctx(agent))
    assert ok.success and "## Conclusion" in ok.data["body"]
    bad = agent.registry.dispatch("read_skill_reference", {"name": "statistical-reporting",
                                                           "path": "../../agent.db"}, _ctx(agent))
    assert bad.success is False and bad.error.code == ErrorCode.INVALID_ARGUMENTS


def test_narrowing_by_skill_limits_tools(agent):
    model = ScriptedModel([[call("node_centrality", measure="pagerank")], "done"])
    resp = agent.ask("How is 0 connected to 33?",
                     options=RunOptions(model=model.id, skills=["paths-and-connectivity"]))
    declared = set(SkillCatalogue(agent.home).get("paths-and-connectivity").tools)
    assert _tool_names(model) == declared | {"load_skill", "read_skill_reference", "ask_user"}
    assert "node_centrality" not in _tool_names(model)
    assert resp.actions[0].error_code == ErrorCode.TOOL_NOT_IN_SCOPE
    system = model.requests[0]["messages"][0]["content"]
    assert "Skills named for this request" in system and "- paths-and-connectivity:" in system
    assert "- visualization:" not in system

    everything = ScriptedModel(["done"])
    agent.ask("x", options=RunOptions(model=everything.id))
    assert "node_centrality" in _tool_names(everything)


def test_naming_an_unknown_or_candidate_skill_refuses_the_request(agent):
    agent.skills.create_from_text(BROKERS)
    runs_before = agent.store.count("runs")
    for name in ("no-such-skill", "glue-customers"):
        with pytest.raises(AgentError) as exc:
            agent.ask("x", options=RunOptions(model=ScriptedModel(["x"]).id, skills=[name]))
        assert exc.value.code == ErrorCode.SKILL_NOT_FOUND
    assert agent.store.count("runs") == runs_before


def test_approving_a_skill_authorizes_no_tool(agent, karate_csv):
    text = BROKERS.replace("tools: [get_graph_info, community_detection, bridge_nodes]",
                           "tools: [get_graph_info, clear_graph]")
    agent.skills.create_from_text(text)
    agent.skills.approve("glue-customers")
    model = ScriptedModel([[call("clear_graph")], "cleared"])
    resp = agent.ask("clear it", attach=[karate_csv],
                     options=RunOptions(model=model.id, skills=["glue-customers"]))
    assert resp.status == "awaiting_approval"
    assert [p.tool for p in resp.pending] == ["clear_graph"]


def test_a_run_records_the_skills_it_opened_and_their_tool_trace(agent, karate_csv):
    resp = agent.ask("Which nodes are most central?", attach=[karate_csv])
    opened = SkillRecords(Store(agent.home / "agent.db")).opened(resp.run_id)
    assert [o["skill"] for o in opened] == ["centrality-and-influence"]
    trace = opened[0]["trace"]
    assert [t["tool"] for t in trace] == ["node_centrality", "node_centrality"]
    assert {t["args"]["measure"] for t in trace} == {"pagerank", "betweenness"}
    assert all(t["success"] and isinstance(t["elapsed_ms"], int) for t in trace)
    assert all(len(t["output"]) <= 1000 + 40 for t in trace)
    assert "followed skill `centrality-and-influence`" in resp.answer


def test_offline_planner_follows_a_user_skill_picked_by_its_trigger(agent, karate_csv):
    agent.skills.create_from_text(BROKERS, target="active")
    resp = agent.ask("Who are the glue customers?", attach=[karate_csv])
    tools = [a.tool for a in resp.actions]
    assert resp.status == "answered", resp.answer
    assert tools.index("load_skill") < tools.index("bridge_nodes")
    assert resp.actions[tools.index("load_skill")].args == {"name": "glue-customers", "page": 1}
    assert "followed skill `glue-customers`" in resp.answer


def test_delete_really_deletes_and_builtins_are_protected(agent):
    agent.skills.create_from_text(BROKERS, target="active")
    folder = agent.home / "skills" / "active" / "glue-customers"
    assert folder.is_dir()
    agent.skills.delete("glue-customers")
    assert not folder.exists()
    assert "glue-customers" not in [r["name"] for r in agent.skills.list()]
    assert SkillRecords(Store(agent.home / "agent.db")).state("user", "glue-customers") is None
    with pytest.raises(AgentError) as exc:
        agent.skills.delete("glue-customers")
    assert exc.value.code == ErrorCode.SKILL_NOT_FOUND
    with pytest.raises(AgentError) as exc:
        agent.skills.delete("graph-state-check")
    assert exc.value.code == ErrorCode.SKILL_PROTECTED
    assert (builtin_dir() / "graph-state-check" / "SKILL.md").is_file()


def test_rejected_candidates_kept_on_file_stay_inactive(agent):
    agent.skills.create_from_text(BROKERS)
    agent.skills.reject("glue-customers", keep=True, reason="too vague")
    assert (agent.home / "skills/review/glue-customers/SKILL.md").is_file()
    row = next(r for r in agent.skills.list() if r["name"] == "glue-customers")
    assert row["status"] == "rejected" and row["reason"] == "too vague"
    assert "glue-customers" not in SkillCatalogue(agent.home).active()
    agent.skills.create_from_text(BROKERS.replace("glue-customers", "other-skill"))
    agent.skills.reject("other-skill")
    assert not (agent.home / "skills/review/other-skill").exists()
    decisions = [d["content"] for d in agent.memory.decisions()]
    assert any("rejected skill candidate 'glue-customers'" in d for d in decisions)


def test_edit_changes_a_user_skill_but_not_its_name(agent):
    agent.skills.create_from_text(BROKERS, target="active")
    agent.skills.edit("glue-customers", triggers=["glue people"])
    assert SkillCatalogue(agent.home).get("glue-customers").triggers == ["glue people"]
    with pytest.raises(AgentError) as exc:
        agent.skills.edit("glue-customers", text=BROKERS.replace("glue-customers", "renamed"))
    assert exc.value.code == ErrorCode.SKILL_INVALID
    with pytest.raises(AgentError) as exc:
        agent.skills.edit("visualization", description="mine now")
    assert exc.value.code == ErrorCode.SKILL_PROTECTED


def test_cli_skills_upload_approve_show_and_delete(tmp_path, capsys):
    from igraph_agent.cli import main

    home = str(tmp_path / "proj")
    md = tmp_path / "SKILL.md"
    md.write_text(BROKERS)
    assert main(["--home", home, "skills", "upload", str(md)]) == 0
    assert main(["--home", home, "skills", "approve", "glue-customers", "--rename", "glue"]) == 0
    capsys.readouterr()
    assert main(["--home", home, "skills", "show", "glue"]) == 0
    assert "bridge_nodes(min_communities=2)" in capsys.readouterr().out
    assert main(["--home", home, "skills", "delete", "graph-state-check"]) == 1
    assert "SKILL_PROTECTED" in capsys.readouterr().err
    assert main(["--home", home, "skills", "delete", "glue"]) == 0
    assert "deleted glue" in capsys.readouterr().out
    assert main(["--home", home, "skills", "list", "--json"]) == 0
    assert "glue" not in [r["name"] for r in json.loads(capsys.readouterr().out)]


def test_builtin_skills_are_found_in_an_installed_layout(tmp_path):
    """The wheel maps skills/ to igraph_agent/_skills (pyproject force-include); the loader
    finds them there, away from any source checkout."""
    import shutil
    import subprocess
    import sys
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    project = tomllib.loads((root / "pyproject.toml").read_text())
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"] == {
        "skills": "igraph_agent/_skills"}
    site = tmp_path / "site"
    shutil.copytree(root / "igraph_agent", site / "igraph_agent",
                    ignore=shutil.ignore_patterns("__pycache__", "labextension"))
    shutil.copytree(root / "skills", site / "igraph_agent" / "_skills")
    out = subprocess.run(
        [sys.executable, "-c", "from igraph_agent.skills import SkillCatalogue, builtin_dir;"
         "print(builtin_dir()); print(len(SkillCatalogue('unused').builtin()))"],
        cwd=tmp_path, env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    where, count = out.stdout.split()
    assert where == str(site / "igraph_agent" / "_skills") and count == "8"


def test_run_record_lists_the_skills_a_run_opened(agent, karate_csv):
    resp = agent.ask("Which nodes are most central?", attach=[karate_csv])
    record = agent.run_record(resp.run_id)
    assert [s["skill"] for s in record["skills"]] == ["centrality-and-influence"]
    assert record["skills"][0]["trace"][0]["tool"] == "node_centrality"


def test_skills_panel_approves_a_candidate_and_line_commands_print(agent, capsys):
    from igraph_agent.jupyter.skills_panel import memory_command, skills_command

    agent.skills.create_from_text(BROKERS)
    panel = skills_command(agent, "")
    picker = panel.children[1].children[0]
    text = panel.children[1].children[1]
    approve, _rename, reject, delete, _upload = panel.children[2].children
    picker.value = next(o for o in picker.options if o.startswith("glue-customers"))
    assert "bridge_nodes(min_communities=2)" in text.value
    assert not approve.disabled and not reject.disabled
    approve.click()
    assert "approved glue-customers" in panel.children[3].value
    assert "glue-customers" in SkillCatalogue(agent.home).active()
    picker.value = next(o for o in picker.options if o.startswith("visualization"))
    assert approve.disabled and delete.disabled  # built-ins: nothing to approve or delete

    assert skills_command(agent, "delete graph-state-check") is None
    assert "SKILL_PROTECTED" in capsys.readouterr().err
    assert memory_command(agent, ["add", "Lead reports with conclusions and metrics"]) is None
    assert "remembered" in capsys.readouterr().out
    mem_panel = memory_command(agent, "")
    labels = [label for label, _ in mem_panel.children[2].options]
    assert "preference: Lead reports with conclusions and metrics" in labels
    assert any(label.startswith("decision: approved skill 'glue-customers'") for label in labels)


def test_a_request_naming_skills_can_load_only_those(agent):
    model = ScriptedModel([[call("load_skill", name="visualization"),
                            call("load_skill", name="paths-and-connectivity")], "done"])
    resp = agent.ask("x", options=RunOptions(model=model.id, skills=["paths-and-connectivity"]))
    other, named = _tool_results_of(model)
    assert other["success"] is False and other["error"]["code"] == ErrorCode.TOOL_NOT_IN_SCOPE
    assert named["success"] is True
    assert [o["skill"] for o in SkillRecords(agent.store).opened(resp.run_id)] == [
        "paths-and-connectivity"]


def _tool_results_of(model: ScriptedModel) -> list[dict]:
    return [json.loads(m["content"]) for m in model.requests[-1]["messages"] if m["role"] == "tool"]
