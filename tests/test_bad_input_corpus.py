"""The generated bad-input corpus (tests/badinput.py): over 300 inputs a user could
attach — SQL bombs, generated and virtual tables, bad SQLSource limits, long and NUL
paths, unhashable and unprintable DataFrame cells, ids that print alike, directed and
multi graphs, reserved attribute names, overflowing weights, deep JSON — each run in its
own forked process with its peak RSS and time measured, and each a coded error with a
hint or an accepted input that kept its meaning."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import badinput

RUNNERS = 4  # forked-case runners side by side (most cases wait on a SQLite child)


@pytest.mark.slow  # 300+ cases, each in its own process
@pytest.mark.timeout(600)
def test_every_bad_input_is_coded_or_kept_within_its_memory_and_time(tmp_path):
    cases = badinput.cases()
    assert len(cases) >= 300
    assert len({c.id for c in cases}) == len(cases)
    script = Path(badinput.__file__)
    procs = [subprocess.Popen([sys.executable, str(script), str(tmp_path / f"w{r}"),
                               *map(str, range(r, len(cases), RUNNERS))],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for r in range(RUNNERS)]
    results = []
    for p in procs:
        out, err = p.communicate(timeout=580)
        assert p.returncode == 0, err[-3000:]
        results += [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    by_id = {r["id"]: r for r in results}
    assert set(by_id) == {c.id for c in cases}, "a case gave no result"
    wrong = []
    for case in cases:
        r = by_id[case.id]
        why = badinput.judge(case, r)
        if r["peak_bytes"] >= badinput.MAX_RSS_BYTES:
            why = f"peak RSS {r['peak_bytes'] >> 20} MiB"
        if r["seconds"] >= badinput.MAX_SECONDS:
            why = f"took {r['seconds']} s"
        if why:
            wrong.append(f"{case.id}: {why}")
    coded = sum(r["outcome"] == "coded" for r in results)
    peak = max(results, key=lambda r: r["peak_bytes"])
    slow = max(results, key=lambda r: r["seconds"])
    print(f"\nbad-input corpus: {len(cases)} cases, {coded} coded errors, "
          f"{len(cases) - coded} accepted; peak RSS {peak['peak_bytes'] >> 20} MiB "
          f"({peak['id']}), longest {slow['seconds']:.1f} s ({slow['id']})")
    assert not wrong, "\n".join(wrong[:40])
