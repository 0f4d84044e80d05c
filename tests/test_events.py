"""Stored events read back through the typed union."""

from __future__ import annotations

from igraph_agent import Agent, RunOptions
from igraph_agent.model.scripted import ScriptedModel
from igraph_agent.runtime.events import typed_stored


def test_stored_events_are_read_through_the_union_and_unknown_types_are_marked(tmp_path):
    agent = Agent(home=tmp_path / "h")
    try:
        resp = agent.ask("hi", options=RunOptions(model=ScriptedModel(["hello"]).id))
        last = agent.store.last_event_index(resp.run_id)
        agent.store.add_event(resp.run_id, last + 1, 1, "tool.teleported", 2.0, {"to": "mars"})
        events = typed_stored(agent.store, resp.run_id)
    finally:
        agent.close()
    *known, unknown = events
    assert known[0]["type"] == "run.started" and known[-1]["type"] == "run.completed"
    assert not any(e.get("unrecognized") for e in known)
    assert all("type" not in e["data"] for e in known)  # the wire format, as stored
    assert unknown["unrecognized"] is True and unknown["data"] == {"to": "mars"}
