"""Feedback from the first moment: how long ``Agent.start`` keeps the caller (a notebook
cell) waiting with a large attachment, against how long the attachment takes to read.

For a table of ROWS edges, attached once as a DataFrame and once as a CSV file, it prints
the seconds until ``start`` returned, until the first ``data.progress`` event (the panel's
reading line), until the data was read and stored (the ``building`` event), and the ratio
of the wait in ``start`` to the reading (before reading moved into the run, the caller
waited for all of it: a ratio of at least 1). Each run is then cancelled, which also
measures how long a cancel during building takes to be confirmed.

    .venv/bin/python bench/first_moment.py [ROWS]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROWS = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000


def measure(agent, attachment, names) -> dict[str, float]:
    t0 = time.perf_counter()
    handle = agent.start("Which hubs are best connected?", attach=[attachment], names=names)
    out = {"start returned": time.perf_counter() - t0}
    after = -1
    while "data read and stored" not in out:
        for event in handle.events(after, timeout=1.0):
            after = event["index"]
            if event["type"] == "data.progress":
                out.setdefault("first reading line", time.perf_counter() - t0)
                if event["data"].get("phase") == "building":
                    out["data read and stored"] = time.perf_counter() - t0
    t1 = time.perf_counter()
    handle.cancel(wait=600)
    handle.wait(600)
    out["cancel during building confirmed after"] = time.perf_counter() - t1
    return out


def main() -> None:
    import numpy as np
    import pandas as pd

    from igraph_agent import Agent

    rng = np.random.default_rng(3)
    frame = pd.DataFrame({"hub_from": rng.integers(0, ROWS // 5, ROWS).astype(str),
                          "hub_to": rng.integers(0, ROWS // 5, ROWS).astype(str),
                          "minutes": rng.integers(1, 600, ROWS)})
    with tempfile.TemporaryDirectory() as tmp:
        csv = Path(tmp) / "routes.csv"
        frame.to_csv(csv, index=False)
        for label, attachment, names in (("DataFrame", frame, ["routes"]),
                                         ("CSV file", csv, [])):
            agent = Agent(home=Path(tmp) / label.replace(" ", "_"))
            got = measure(agent, attachment, names)
            agent.close()
            print(f"{label} of {ROWS:,} rows:")
            for key, seconds in got.items():
                print(f"  {key:<42} {seconds:7.2f} s")
            print(f"  wait in start / reading: "
                  f"{got['start returned'] / got['data read and stored']:.3f}")


if __name__ == "__main__":
    main()
