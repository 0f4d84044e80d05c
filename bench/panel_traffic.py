"""What a live run panel sends to the browser: the whole state per update (before) against
only the parts that changed (now).

Runs one question with the offline planner on the bundled labelled SBM graph (a GCN
training run, so one job progress line arrives per epoch as while a model trains), folds its events into a RunWidget one
event at a time (the most updates a waiting cell can send) and counts the JSON bytes of the
parts each update changes (the traits' change notifications, which are what ipywidgets
syncs). "Before" is what the panel sent before the split, computed from the same fold: the
whole view and the compacted event list on every update. Prints both and their ratio.

Run: .venv/bin/python bench/panel_traffic.py
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

QUESTION = "Train a GCN to predict faction"


def main() -> None:
    from igraph_agent import Agent
    from igraph_agent.data.sbm import labelled_sbm
    from igraph_agent.jupyter import runview
    from igraph_agent.jupyter.widget import RunWidget

    with tempfile.TemporaryDirectory() as home:
        agent = Agent(home=home)
        handle = agent.start(QUESTION, attach=[labelled_sbm()])
        response = handle.wait().model_dump(mode="json")
        events = handle.events()

    panel = RunWidget.for_run(handle.run_id, QUESTION)
    sent: list[int] = []
    panel.observe(lambda change: sent.append(len(json.dumps(change["new"], default=str))),
                  names=list(runview.PARTS))
    before = 0
    view, log = dict(panel.view), []
    for event in events:
        view = runview.apply_event(view, event)
        log = runview.compact([*log, event])
        before += len(json.dumps(view, default=str)) + len(json.dumps(log, default=str))
        panel.apply([event])
    panel.finish(response)
    view = runview.apply_response(view, response)
    before += len(json.dumps(view, default=str)) + len(json.dumps(log, default=str))
    progress = sum(e["type"] == "job.progress" for e in events)
    now = sum(sent)
    print(f"run {handle.run_id}: {len(events)} events ({progress} job progress lines), "
          f"status {response['status']}")
    print(f"before (whole view + event list per update): {before / 1024:.1f} KiB")
    print(f"now (changed parts only):                    {now / 1024:.1f} KiB "
          f"in {len(sent)} part updates")
    print(f"ratio before/now: {before / max(now, 1):.1f}x")


if __name__ == "__main__":
    main()
