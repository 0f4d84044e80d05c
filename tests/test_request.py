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
    resumed = agent._resume_spec(run, 2)
    assert resumed.options.read_only is True and resumed.events.generation == 2
    assert resumed.control.run_id == first.run_id and resumed.question == run.question
