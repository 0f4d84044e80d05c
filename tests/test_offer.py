"""One tool list per session and configuration: the same tools and system-prompt prefix on
every request (so providers cache them), find_tools for the rest, and a found tool is
callable — by a model and by the offline planner."""

from __future__ import annotations

import json
import re

import pytest

import igraph_agent.data
from igraph_agent import Agent, RunOptions
from igraph_agent.model.scripted import ScriptedModel, call
from igraph_agent.runtime.instructions import REQUEST_HEADING
from igraph_agent.tools.offer import FOUND_ON_DEMAND, findable, offered


@pytest.fixture
def agent(tmp_path):
    a = Agent(home=tmp_path / "project")
    yield a
    a.close()


def system_of(request: dict) -> str:
    return next(m["content"] for m in request["messages"] if m["role"] == "system")


def test_two_requests_of_a_session_carry_identical_tools_and_system_prefix(agent):
    model = ScriptedModel([[call("degree_analysis", top_k=1)], "Node 33 has the most ties.",
                           [call("count_triangles")], "There are 45 triangles."])
    opts = RunOptions(model=model.id)
    first = agent.ask("Which node has the highest degree?",
                      attach=[igraph_agent.data.path("karate.csv")], options=opts)
    second = agent.ask("How many triangles? Then train a model and clear the graph.",
                       session=first.session_id, options=opts)
    assert first.status == second.status == "answered", (first.error, second.error)
    requests = [model.requests[0], model.requests[2]]  # the first turn of each request
    tools = [json.dumps(r["tools"], sort_keys=False) for r in requests]
    assert tools[0] == tools[1]
    heads = [system_of(r).split(REQUEST_HEADING)[0] for r in requests]
    assert heads[0] == heads[1] and len(heads[0]) > 2000
    # what varies sits after the heading: the first request's data section is its own
    tails = [system_of(r).split(REQUEST_HEADING)[1] for r in requests]
    assert "Data of this request" in tails[0] and tails[0] != tails[1]
    # the second request called a tool that was never offered: it is in the scope
    assert second.actions[-1].tool == "count_triangles" and second.actions[-1].success


def test_find_tools_returns_a_schema_and_the_found_tool_is_then_called(agent):
    model = ScriptedModel([[call("find_tools", query="count the triangles of each node")],
                           [call("count_triangles", top_k=3)], "There are 45 triangles."])
    resp = agent.ask("How clustered is it?", attach=[igraph_agent.data.path("karate.csv")],
                     options=RunOptions(model=model.id))
    assert resp.status == "answered", resp.error
    offered_names = {t["function"]["name"] for t in model.requests[0]["tools"]}
    assert "count_triangles" not in offered_names and "find_tools" in offered_names
    found = next(a for a in resp.actions if a.tool == "find_tools")
    assert found.success
    result = next(v for v in resp.data.values() if v["tool"] == "find_tools")
    schema = result["tools"][0]
    assert schema["name"] == "count_triangles" and "top_k" in schema["parameters"]["properties"]
    counted = next(v for v in resp.data.values() if v["tool"] == "count_triangles")
    assert counted["triangles"] == 45  # networkx: sum(nx.triangles(karate).values()) / 3


def test_the_offline_planner_finds_a_tool_before_calling_it(agent):
    resp = agent.ask("How many triangles does this graph have?",
                     attach=[igraph_agent.data.path("karate.csv")])
    tools = [a.tool for a in resp.actions]
    assert resp.status == "answered", resp.error
    assert tools.index("find_tools") < tools.index("count_triangles"), tools
    assert "45" in resp.answer


def test_find_tools_says_which_tools_exist_when_nothing_matches(agent):
    model = ScriptedModel([[call("find_tools", query="zzqx")], "No such tool."])
    resp = agent.ask("Anything?", attach=[igraph_agent.data.path("karate.csv")],
                     options=RunOptions(model=model.id))
    result = next(v for v in resp.data.values() if v["tool"] == "find_tools")
    assert result["tools"] == [] and "train" in result["other_tools"]


def test_a_whitelist_or_named_skills_offer_exactly_their_own_tools(agent):
    tools = agent.registry.in_scope(["node_centrality", "train"])
    assert [t.name for t in offered(tools, RunOptions(tools=["node_centrality", "train"]))] \
        == ["node_centrality", "train"]
    everything = agent.registry.in_scope(None)
    shown = {t.name for t in offered(everything, RunOptions())}
    assert not shown & FOUND_ON_DEMAND
    assert {t.name for t in findable(everything, RunOptions())} == FOUND_ON_DEMAND


def test_no_tool_description_names_a_tool_outside_the_request(agent):
    names = set(agent.registry.names())
    everything = agent.registry.in_scope(None)
    for options in (RunOptions(), RunOptions(read_only=True)):
        scope = {t.name for t in everything}
        for t in everything:
            fn = t.json_schema()["function"]
            text = json.dumps(fn)
            named = {w for w in re.findall(r"[a-z]+(?:_[a-z]+)+", text) if w in names}
            assert named <= scope, (t.name, named - scope)
        shown = {t.name for t in offered(everything, options)}
        assert "find_tools" in shown  # every other tool named is reachable through it


def test_anthropic_requests_mark_the_stable_prefix_and_it_is_the_same_each_time(agent):
    from igraph_agent.model.caching import with_cache_hints

    model = ScriptedModel(["The graph is small.", "It has one component."])
    opts = RunOptions(model=model.id)
    first = agent.ask("How big is the graph?", attach=[igraph_agent.data.path("karate.csv")],
                      options=opts)
    agent.ask("Is it connected?", session=first.session_id, options=opts)
    hinted = [with_cache_hints("anthropic/claude-sonnet-4-5", r["messages"])[0]["content"]
              for r in model.requests]
    assert all(blocks[0]["cache_control"] == {"type": "ephemeral"} for blocks in hinted)
    assert len({blocks[0]["text"] for blocks in hinted}) == 1  # one cached prefix
    assert all("cache_control" not in blocks[1] for blocks in hinted)
    assert with_cache_hints("openai/gpt-4o-mini", model.requests[0]["messages"]) \
        is model.requests[0]["messages"]  # OpenAI caches a repeated prefix by itself


def test_cached_tokens_reported_by_litellm_reach_the_response_usage():
    from litellm.types.utils import ModelResponse, Usage

    from igraph_agent.model.gateway import _to_turn
    from igraph_agent.response import Usage as RunUsage

    openai_style = Usage(prompt_tokens=4000, completion_tokens=20,
                         prompt_tokens_details={"cached_tokens": 3584})
    anthropic_style = Usage(prompt_tokens=4100, completion_tokens=30,
                            cache_read_input_tokens=3900)
    total = RunUsage()
    for usage in (openai_style, anthropic_style):
        response = ModelResponse(choices=[{"message": {"role": "assistant", "content": "ok"}}],
                                 usage=usage)
        turn = _to_turn(response)
        total.add(turn.prompt_tokens, turn.completion_tokens, None, turn.cached_tokens)
    assert (total.prompt_tokens, total.cached_tokens) == (8100, 3584 + 3900)


def test_each_output_format_says_what_the_final_message_is():
    from igraph_agent.runtime.instructions import system_prompt

    prompts = {f: system_prompt(RunOptions(output_format=f)) for f in ("chat", "report", "json")}
    assert all("Your final message is" in p for p in prompts.values())
    assert "not JSON" in prompts["json"] and "runtime builds the JSON" in prompts["json"]
    assert "markdown report" in prompts["report"] and "markdown" in prompts["chat"]
    # one sentence per format: no format's prompt carries another's instruction
    assert "Output format: chat" not in prompts["json"] and "not JSON" not in prompts["chat"]
