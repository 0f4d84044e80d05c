"""The one request builder (runtime/request.py): a new run and a resumed generation get
the same frozen RunSpec, with the project's read-only setting applied once."""

from __future__ import annotations

import dataclasses

import pytest

from igraph_agent.options import RunOptions, Settings
from igraph_agent.runtime.request import Services, build_spec, request_options


def _spec(agent, generation: int = 1, options: RunOptions | None = None):
    services = Services(agent.workspace, agent.store, agent.gateway, None, agent.jobs)
    return build_spec(services, run_id="run_req", session_id="s", question="How many nodes?",
                      options=options or RunOptions(), model="offline/planner",
                      registry=agent.registry, tools=[], session=agent.graph("s"),
                      generation=generation)


def test_a_read_only_project_makes_every_request_read_only():
    assert request_options(RunOptions(), Settings(read_only=True)).read_only is True
    assert request_options(None, Settings(read_only=True)).read_only is True
    kept = RunOptions(max_steps=3)
    assert request_options(kept, Settings()) is kept  # nothing to apply: the same options


def test_the_run_spec_cannot_be_changed_after_it_is_built(agent):
    spec = _spec(agent)
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.control = None  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.question = "something else"  # type: ignore[misc]


def test_a_spec_carries_its_generation_and_the_control_a_cancel_reaches(agent):
    spec = _spec(agent, generation=3)
    assert spec.events.generation == 3 and spec.control.run_id == "run_req"
    assert spec.control.cancel is spec.cancel and not spec.cancel.is_set()
    assert spec.control.jobs is agent.jobs


def test_a_resumed_run_is_built_by_the_same_builder_as_a_new_one(agent, karate_csv):
    agent.settings.read_only = True
    first = agent.start("Which nodes are most central?", attach=[karate_csv])
    first.wait()
    run = agent.durable.runs.get(first.run_id)
    resumed = agent.requests.resumed_run(run, 2)
    assert resumed.options.read_only is True and resumed.events.generation == 2
    assert resumed.control.run_id == first.run_id and resumed.question == run.question


def test_a_new_run_carries_the_sessions_answered_runs_as_history(agent, karate_csv):
    first = agent.ask("Which nodes are most central?", attach=[karate_csv])
    assert first.status == "answered"
    builder = agent.requests
    options = builder.options(None)
    spec = builder.new_run(run_id="run_next", session_id=first.session_id,
                           question="And the least central?", options=options,
                           model="offline/planner", tools=builder.tools(options))
    assert spec.history == [{"role": "user", "content": "Which nodes are most central?"},
                            {"role": "assistant", "content": first.answer}]
    assert spec.session is agent.graph(first.session_id) and spec.question.startswith("And")
    other = builder.new_run(run_id="run_other", session_id="s_other", question="q",
                            options=options, model="offline/planner", tools=[])
    assert other.history == []


def test_a_request_naming_an_unknown_skill_is_refused_before_a_run_is_admitted(agent):
    from igraph_agent.errors import AgentError

    with pytest.raises(AgentError) as refused:
        agent.start("How many nodes?", options=RunOptions(skills=["no-such-skill"]))
    assert refused.value.code == "SKILL_NOT_FOUND"
    assert agent.runs() == [] and agent.can_send()


def test_a_tool_whitelist_is_the_requests_scope(agent):
    tools = agent.requests.tools(RunOptions(tools=["get_graph_info", "node_centrality"]))
    assert sorted(t.name for t in tools) == ["get_graph_info", "node_centrality"]


def test_the_session_data_state_is_stored_typed_and_restores_the_loaded_revision(agent,
                                                                                   karate_csv):
    from igraph_agent.runtime.sessions import SessionGraphs
    from igraph_agent.store.sessions import DataState, session_state

    resp = agent.ask("Which nodes are most central?", attach=[karate_csv])
    state = session_state(agent.store, resp.session_id).data_state
    assert isinstance(state, DataState) and state.loaded is True
    assert state.active_dataset_id == resp.graph.dataset_id and state.revision == 1
    assert state.construction_sources  # the attached source the dataset was built from
    fresh = SessionGraphs(agent.store, agent.workspace)  # as after a restart
    assert fresh.get(resp.session_id).loaded is False
    graph = fresh.restored(resp.session_id)
    assert graph.loaded and graph.graph.number_of_nodes() == 34
    assert (graph.dataset_id, graph.revision) == (state.active_dataset_id, 1)
    assert graph.attached_sources == state.construction_sources
