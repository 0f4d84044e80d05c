"""The tool registry: schemas from Args models, the envelope, the size-capped model view."""

from __future__ import annotations

import json

from pydantic import BaseModel, Field

from igraph_agent.errors import ErrorCode
from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.store import Store
from igraph_agent.tools import (
    ToolContext,
    ToolOutput,
    ToolRegistry,
    ToolResult,
    default_registry,
    tool,
)


class BigArgs(BaseModel):
    n: int = Field(default=10, ge=1, description="how many items")


@tool(reads=("dataset:{name}",), writes=("graph",))
def big(ctx: ToolContext, args: BigArgs) -> ToolOutput:
    """Return n items.

    Example: big(n=3)"""
    return ToolOutput(data={"items": [{"i": i, "pad": "x" * 50} for i in range(args.n)]},
                      summary=f"{args.n} items")


def _ctx(tmp_path) -> ToolContext:
    return ToolContext(workspace=Workspace(tmp_path, Store(tmp_path / "agent.db")),
                       session=SessionGraph("s"), call_id="c1")


def test_schema_comes_from_the_args_model_and_the_docstring():
    schema = big.json_schema()["function"]
    assert schema["name"] == "big"
    assert schema["description"] == "Return n items."
    assert schema["parameters"]["properties"]["n"]["type"] == "integer"
    # the model's view leaves bounds out; validation still enforces them
    assert "minimum" not in schema["parameters"]["properties"]["n"]
    assert BigArgs.model_json_schema()["properties"]["n"]["minimum"] == 1


def test_the_model_view_hides_internal_fields_titles_and_null_branches():
    from typing import Annotated

    from igraph_agent.tools.schema import INTERNAL, model_parameters

    class Args(BaseModel):
        top_k: int = 10
        label: str | None = None
        backend: Annotated[str, INTERNAL] = "auto"

    params = model_parameters(Args)
    assert params["properties"] == {"top_k": {"default": 10, "type": "integer"},
                                    "label": {"type": "string"}}
    assert Args.model_validate({"backend": "igraph"}).backend == "igraph"  # still accepted


def test_resource_contract_fills_templates_from_arguments():
    reads, writes = big.contract(BigArgs.model_validate({"n": 2}))
    assert writes == {"graph"}
    assert reads == {"dataset"}  # `name` is no argument: the family name stands in


def test_envelope_has_every_contract_field(tmp_path):
    registry = ToolRegistry([big])
    env = registry.dispatch("big", {"n": 2}, _ctx(tmp_path)).envelope()
    assert set(env) == {"success", "tool", "call_id", "data", "summary", "error", "async",
                        "job_id", "revision", "elapsed_ms"}
    assert env["success"] is True and env["async"] is False and env["call_id"] == "c1"


def test_validation_errors_name_each_field(tmp_path):
    result = ToolRegistry([big]).dispatch("big", {"n": 0}, _ctx(tmp_path))
    assert result.error.code == ErrorCode.INVALID_ARGUMENTS
    assert result.error.details["fields"][0]["field"] == "n"
    assert result.error.retryable is True


def test_model_view_is_capped_and_says_what_was_cut(tmp_path):
    result = ToolRegistry([big]).dispatch("big", {"n": 500}, _ctx(tmp_path))
    view = result.for_model(limit=3000)
    assert len(view) <= 3000
    parsed = json.loads(view)
    assert "output cut from" in parsed["note"]
    assert parsed["data"]["items"][-1].endswith("more of 500")
    assert len(result.envelope()["data"]["items"]) == 500  # the stored envelope is whole


def test_read_only_context_refuses_a_mutating_tool_before_it_runs(tmp_path):
    ran = []

    @tool(mutates=True)
    def wipe(ctx: ToolContext, args: BigArgs) -> ToolOutput:
        """Changes data."""
        ran.append(1)
        return ToolOutput(data={}, summary="wiped")

    ctx = _ctx(tmp_path)
    ctx.read_only = True
    result = ToolRegistry([wipe]).dispatch("wipe", {}, ctx)
    assert result.error.code == ErrorCode.READ_ONLY_MODE and ran == []


def test_registering_a_name_twice_is_refused():
    registry = ToolRegistry([big])
    try:
        registry.add(big)
        raise AssertionError("duplicate accepted")
    except ValueError as exc:
        assert "twice" in str(exc)


def test_default_catalogue_tools_all_have_descriptions_and_object_schemas():
    for t in default_registry().in_scope(None):
        fn = t.json_schema()["function"]
        assert fn["description"].strip(), t.name
        assert fn["parameters"]["type"] == "object", t.name


def test_failure_envelope_round_trips_through_json():
    r = ToolResult.failure("x", "c", ErrorCode.NODE_NOT_FOUND, "no node", hint="search")
    again = ToolResult.model_validate(json.loads(json.dumps(r.envelope())))
    assert again.error.code == "NODE_NOT_FOUND" and again.success is False


def test_model_view_stays_one_json_object_when_texts_are_huge(tmp_path):
    long_id = "n" * 12_000
    result = ToolResult(success=True, tool="big", call_id="c1", summary=f"top: {long_id}",
                        data={"top": [{"node": long_id, "score": 0.5}] * 3, long_id: 1})
    for limit in (6000, 3000, 500):
        view = result.for_model(limit=limit)
        assert len(view) <= limit
        parsed = json.loads(view)
        assert parsed["tool"] == "big" and "note" in parsed


def test_deeply_nested_arguments_are_invalid_arguments(tmp_path):
    registry = ToolRegistry([big])
    nested = '{"n": 2, "x": ' + "[" * 10_000 + "]" * 10_000 + "}"
    for raw in (nested, json.loads('{"n": 2, "x": ' + "[" * 200 + "]" * 200 + "}")):
        result = registry.dispatch("big", raw, _ctx(tmp_path))
        assert result.error.code == ErrorCode.INVALID_ARGUMENTS
        assert "nested deeper" in result.error.message


def test_oversized_arguments_are_invalid_arguments(tmp_path):
    result = ToolRegistry([big]).dispatch("big", json.dumps({"n": 2, "pad": "x" * 100_000}),
                                          _ctx(tmp_path))
    assert result.error.code == ErrorCode.INVALID_ARGUMENTS
    assert result.error.details["max_chars"] < 100_000


def test_brackets_inside_argument_texts_do_not_count_as_nesting(tmp_path):
    result = ToolRegistry([big]).dispatch("big", {"n": 2, "note": "[" * 100 + '\\"{'},
                                          _ctx(tmp_path))
    assert result.success


def test_offline_planner_answers_about_a_node_id_of_twelve_thousand_characters(tmp_path):
    import pandas as pd

    from igraph_agent import Agent

    long_id = "x" * 12_000
    df = pd.DataFrame({"source": [long_id, "b", "c"], "target": ["b", "c", long_id]})
    agent = Agent(home=tmp_path / "project")
    resp = agent.ask("Which nodes are most central?", attach=[df])
    agent.close()
    assert resp.status == "answered", resp.error
    assert resp.error is None


def test_deeply_nested_arguments_from_a_model_do_not_end_the_run(tmp_path):
    from igraph_agent import Agent, RunOptions
    from igraph_agent.model.scripted import ScriptedModel, raw_call

    nested = '{"measure": "degree", "x": ' + "[" * 10_000 + "]" * 10_000 + "}"
    model = ScriptedModel([[raw_call("node_centrality", nested)], "Nothing to report."])
    agent = Agent(home=tmp_path / "project")
    resp = agent.ask("Which nodes are most central?", attach=["tests/data/karate.csv"],
                     options=RunOptions(model=model.id))
    calls = agent.store.tool_calls(resp.run_id)
    agent.close()
    assert resp.error is None or resp.error.code != ErrorCode.TOOL_FAILED
    failed = [c for c in calls if c["tool"] == "node_centrality"]
    assert failed and "INVALID_ARGUMENTS" in json.dumps(failed[0])
    seen = [m["content"] for m in model.requests[1]["messages"] if m["role"] == "tool"]
    assert any("INVALID_ARGUMENTS" in c and "nested deeper" in c for c in seen)


def test_model_view_cuts_the_longest_list_first_and_keeps_short_ones_whole():
    groups = [{"group": f"g{i}", "size": i, "note": "x" * 150} for i in range(11)]
    mixing = [{"from": f"g{i}", "to": f"g{j}", "edges": 1, "pad": "y" * 60}
              for i in range(11) for j in range(4)]
    result = ToolResult(success=True, tool="group_analysis", call_id="c1", summary="groups",
                        data={"groups": groups, "mixing": mixing})
    parsed = json.loads(result.for_model(limit=3500))
    assert len(parsed["data"]["groups"]) == 11  # every group kept: a ranking needs them all
    assert parsed["data"]["mixing"][-1].endswith("more of 44")
    assert "mixing keeps its first" in parsed["note"] and "groups" not in parsed["note"]
