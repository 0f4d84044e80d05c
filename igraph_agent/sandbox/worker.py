"""The program that runs a snippet inside the sandbox (started as a script, never imported).

It uses only the standard library and the analysis libraries (no igraph_agent code is
visible in the sandbox). Order matters: the resource limits are set first, before the
job's data or code is read, so everything after runs under them; the kernel enforces
them and the worker cannot raise them again (hard = soft).

Input: ``job.json`` (code, limits, zone paths), ``graph.pickle`` and ``tables.pickle``
in the read-only Environment folder. Output: one JSON object on the original stdout
(fd 1, a capped file on the host side); the snippet's own ``print`` goes to a capped buffer.
"""

import io
import json
import os
import resource
import sys
import time
import traceback

SNIPPET = "<snippet>"


def limit(kind: int, value: int) -> None:
    resource.setrlimit(kind, (value, value))


def apply_limits(lim: dict) -> None:
    limit(resource.RLIMIT_CPU, int(lim["cpu_s"]))
    limit(resource.RLIMIT_AS, int(lim["memory_mb"]) * 2**20)
    limit(resource.RLIMIT_FSIZE, int(lim["scratch_mb"]) * 2**20)
    limit(resource.RLIMIT_NOFILE, 256)
    limit(resource.RLIMIT_CORE, 0)


class Capped(io.StringIO):
    """stdout that keeps the first ``cap`` characters and counts the rest."""

    def __init__(self, cap: int) -> None:
        super().__init__()
        self.cap, self.dropped = cap, 0

    def write(self, s: str) -> int:
        room = self.cap - self.tell()
        if room > 0:
            super().write(s[:room])
        self.dropped += max(0, len(s) - max(room, 0))
        return len(s)


def names_used(code) -> set:
    found = set(code.co_names)
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            found |= names_used(const)
    return found


def namespace(job: dict, compiled) -> dict:
    import pickle

    import networkx as nx
    import pandas as pd

    env = job["environment"]
    with open(os.path.join(env, "graph.pickle"), "rb") as fh:
        G = pickle.load(fh)
    with open(os.path.join(env, "tables.pickle"), "rb") as fh:
        tables = pickle.load(fh)
    ns = {"__name__": "__snippet__", "nx": nx, "pd": pd, "G": G, "tables": tables,
          "SCRATCH": job["scratch"], "UPLOADED": job["uploaded"], "result": None}
    if "g" in names_used(compiled) or "ig" in names_used(compiled):
        import igraph as ig

        ns["ig"] = ig
        ns["g"] = ig.Graph.from_networkx(G) if G is not None else None
    return ns


def jsonable(value, rows: int):
    import numpy as np
    import pandas as pd

    if isinstance(value, pd.DataFrame):
        return {"columns": [str(c) for c in value.columns], "total_rows": len(value),
                "rows": jsonable(value.head(rows).to_dict(orient="records"), rows)}
    if isinstance(value, pd.Series):
        return jsonable(value.head(rows).to_dict(), rows)
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return jsonable(value.tolist()[:rows], rows)
    if isinstance(value, dict):
        return {str(k): jsonable(v, rows) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v, rows) for v in value]
    if isinstance(value, set | frozenset):
        return [jsonable(v, rows) for v in sorted(value, key=str)]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"result holds a {type(value).__name__}, which is not JSON: convert it "
                    "(numbers, text, lists, dicts, DataFrames)")


def failure(exc: BaseException, source: list[str]) -> dict:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == SNIPPET]
    lines = [f"line {f.lineno}: {source[f.lineno - 1].strip() if 0 < f.lineno <= len(source) else ''}"
             for f in frames]
    if isinstance(exc, SyntaxError) and exc.lineno:
        lines.append(f"line {exc.lineno}: {(exc.text or '').strip()}")
    return {"ok": False, "error": {
        "type": type(exc).__name__, "message": str(exc)[:2000],
        "errno": getattr(exc, "errno", None), "filename": str(getattr(exc, "filename", "") or ""),
        "module": getattr(exc, "name", None) if isinstance(exc, ImportError) else None,
        "trace": lines[-8:]}}


def main() -> None:
    with open(sys.argv[1]) as fh:
        job = json.load(fh)
    apply_limits(job["limits"])
    os.chdir(job["scratch"])
    started = time.monotonic()
    out = Capped(int(job["limits"]["stdout_chars"]))
    source = job["code"].splitlines()
    try:
        compiled = compile(job["code"], SNIPPET, "exec")
        ns = namespace(job, compiled)
        real = sys.stdout
        sys.stdout = out
        try:
            exec(compiled, ns)
        finally:
            sys.stdout = real
        result = jsonable(ns.get("result"), int(job["limits"]["rows"]))
        size, cap = len(json.dumps(result, default=str)), int(job["limits"]["result_chars"])
        if size > cap:
            raise ValueError(f"result is {size} characters of JSON; the limit is {cap}: return "
                             "a summary, counts or the top entries instead")
        report = {"ok": True, "result": result}
    except BaseException as exc:  # the snippet's own failure, reported, never re-raised
        sys.stdout = sys.__stdout__
        report = failure(exc, source)
    report.update(stdout=out.getvalue(), stdout_dropped=out.dropped,
                  elapsed_s=round(time.monotonic() - started, 3))
    try:
        text = json.dumps(report, allow_nan=False)
    except ValueError:
        text = json.dumps({**report, "result": None, "ok": False, "error": {
            "type": "ValueError", "message": "result holds NaN or infinity, which JSON cannot "
            "carry: replace them (e.g. with None)", "trace": []}})
    os.write(1, b"\n" + text.encode())


if __name__ == "__main__":
    main()
