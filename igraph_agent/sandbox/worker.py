"""The program that runs a session's snippets inside the sandbox (started as a script,
never imported).

It uses only the standard library and the analysis libraries (no igraph_agent code is
visible in the sandbox). Order matters: the resource limits are set first, before any
data or code is read, so everything after runs under them; the kernel enforces them and
the worker cannot raise them again (hard = soft). ``RLIMIT_CPU`` is the worker's budget
over all the snippets it serves; each snippet is stopped at its own wall-clock limit by
the host.

Input: ``start.json`` (limits, zone paths) named on the command line, then one job per
line on stdin (``{"code", "limits", "nonce"}``). The view of the revision lies in the
read-only Environment folder (``view.json`` says its format) and is read only when a
snippet first names ``G``, ``g`` or ``tables``; what was read, and every name a snippet
defines, is kept for the session's next snippets. Output: per job one line on the
original stdout (fd 1), ``REPORT_MARK`` + the job's nonce + a JSON object; the snippet's
own ``print`` goes to a capped buffer.
"""

import gc
import io
import json
import os
import resource
import sys
import time
import traceback

SNIPPET = "<snippet>"
REPORT_MARK = b"\x1eigraph-agent-report "
HELD = ("G", "g", "tables", "nx", "pd", "ig", "SCRATCH", "UPLOADED")


def limit(kind: int, value: int) -> None:
    resource.setrlimit(kind, (value, value))


def apply_limits(lim: dict) -> None:
    limit(resource.RLIMIT_CPU, int(lim["cpu_budget_s"]))
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


class View:
    """The revision's ``G``, ``g`` and ``tables``, each read from the Environment when a
    snippet first names it, then held for the session's later snippets."""

    def __init__(self, env: str) -> None:
        self.env, self.held = env, {}
        self._meta: dict | None = None
        self.builds = {"G": 0, "g": 0, "tables": 0}

    @property
    def meta(self) -> dict:
        """``view.json``, read when a snippet first needs the view: the host may start this
        worker before it has written the view (its start then overlaps the writing)."""
        if self._meta is None:
            with open(os.path.join(self.env, "view.json")) as fh:
                self._meta = json.load(fh)
        return self._meta

    def _load(self, name: str):
        import pickle

        with open(os.path.join(self.env, name), "rb") as fh:
            return pickle.load(fh)

    def get(self, name: str):
        if name not in self.held:
            self.builds[name] += 1
            self.held[name] = getattr(self, "_" + name)()
        return self.held[name]

    def drop(self, name: str) -> None:
        self.held.pop(name, None)

    def _tables(self):
        return self._load("tables.pickle")

    def _G(self):
        import networkx as nx

        if self.meta["format"] == "pickle":
            G = self._load("graph.pickle")
        else:  # the stored tables: one row per node and per distinct edge
            nodes, edges = self._load("nodes.pickle"), self._load("edges.pickle")
            G = nx.DiGraph() if self.meta["directed"] else nx.Graph()
            ids = nodes["id"].astype(str).tolist()
            G.add_nodes_from(zip(ids, attr_dicts(nodes, [c for c in nodes.columns if c != "id"]),
                                 strict=True))
            if self.meta.get("endpoints_coded"):  # the node ids at the edges' codes
                import numpy as np

                codes = np.load(os.path.join(self.env, "codes.npy"))
                held = np.asarray(ids, dtype=object)
                source, target = held[codes[:, 0]].tolist(), held[codes[:, 1]].tolist()
            else:
                source, target = edges["source"].tolist(), edges["target"].tolist()
            G.add_edges_from(zip(source, target,
                                 attr_dicts(edges, [c for c in edges.columns
                                                    if c not in ("source", "target")]),
                                 strict=True))
        return None if G is None else nx.freeze(G)

    def _g(self):
        import igraph as ig

        if self.meta["format"] == "pickle":
            G = self.get("G")
            return None if G is None else ig.Graph.from_networkx(G)
        import numpy as np

        codes = np.load(os.path.join(self.env, "codes.npy"))
        with open(os.path.join(self.env, "ids.json")) as fh:
            ids = json.load(fh)  # the node ids' texts: no pandas for a view without attributes
        h = ig.Graph(n=len(ids), directed=self.meta["directed"])
        collecting = gc.isenabled()
        gc.disable()  # the id and attribute lists: none in a cycle, nothing to collect
        try:  # one int32 array, no Python object per edge (graph/summary.py's view does so)
            h.add_edges(np.ascontiguousarray(codes, dtype=np.int32))
            h.vs["_nx_name"] = ids
        finally:
            if collecting:
                gc.enable()
        parts = []
        if self.meta.get("node_attributes", True):  # the node table only for its attributes
            parts.append((self._load("nodes.pickle"), h.vs, ("id",)))
        if self.meta.get("edge_attributes", True):  # the edge table only for its attributes
            parts.append((self._load("edges.pickle"), h.es, ("source", "target")))
        for table, seq, skip in parts:
            for col in table.columns:
                if col not in skip:
                    seq[col] = [v if present(v) else None for v in table[col].tolist()]
        return h


def present(value) -> bool:
    import pandas as pd

    try:
        return not bool(pd.isna(value))
    except (TypeError, ValueError):
        return True


def attr_dicts(df, cols: list) -> list:
    """One attribute dict per row, missing values left out (as the agent stores them)."""
    if not cols:
        return [{} for _ in range(len(df))]
    rows = [dict(zip(cols, values, strict=True))
            for values in zip(*(df[c].tolist() for c in cols), strict=True)]
    if df[cols].isna().to_numpy().any():
        return [{k: v for k, v in r.items() if present(v)} for r in rows]
    return rows


def lazy_module(name: str):
    """``name`` as a module that is imported when first used (``importlib.util.LazyLoader``):
    a snippet that names only ``g`` pays neither pandas' nor networkx's import (about 0.5 s
    of a fresh worker's start), one that uses ``pd`` or ``nx`` gets the real module."""
    import importlib.util

    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ImportError(f"no module named {name!r}", name=name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def preload(names: list) -> None:
    """Import the libraries the first snippet names while the host still writes the view
    (their import then overlaps the writing instead of following it); a failure is left
    for the snippet's own import to report."""
    import importlib

    for name in names:
        try:
            importlib.import_module(name)
        except Exception:
            pass


def base_names(start: dict) -> dict:
    return {"__name__": "__snippet__", "nx": lazy_module("networkx"),
            "pd": lazy_module("pandas"), "SCRATCH": start["scratch"],
            "UPLOADED": start["uploaded"]}


def bind(ns: dict, base: dict, view: View, compiled) -> None:
    """Before a snippet: the fixed names again (a snippet that rebound ``G`` gets it back),
    and the parts of the view it names, read on first use."""
    used = names_used(compiled)
    ns.update(base)
    ns["result"] = None
    for name in ("G", "tables"):
        if name in used:
            ns[name] = view.get(name)
        else:
            ns.pop(name, None)
    if "g" in used or "ig" in used:
        import igraph as ig

        ns["ig"] = ig
        ns["g"] = view.get("g")
    else:
        ns.pop("g", None)


def settle(view: View) -> None:
    """After a snippet: an igraph view whose size it changed is read again next time (G is
    frozen and cannot change)."""
    g = view.held.get("g")
    if g is not None and (g.vcount(), g.ecount()) != tuple(view.meta["size"]):
        view.drop("g")


def _from(value, library: str) -> bool:
    """Whether ``value``'s type (or a base of it) comes from ``library``: pandas and numpy
    are imported to convert a value only when it can be theirs."""
    return any(t.__module__.partition(".")[0] == library for t in type(value).__mro__)


def jsonable(value, rows: int):
    if _from(value, "pandas"):
        import pandas as pd

        if isinstance(value, pd.DataFrame):
            return {"columns": [str(c) for c in value.columns], "total_rows": len(value),
                    "rows": jsonable(value.head(rows).to_dict(orient="records"), rows)}
        if isinstance(value, pd.Series):
            return jsonable(value.head(rows).to_dict(), rows)
    if _from(value, "numpy"):
        import numpy as np

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


def run_job(job: dict, ns: dict, base: dict, view: View) -> dict:
    started = time.monotonic()
    out = Capped(int(job["limits"]["stdout_chars"]))
    source = job["code"].splitlines()
    real_in = sys.stdin
    try:
        compiled = compile(job["code"], SNIPPET, "exec")
        bind(ns, base, view, compiled)
        real = sys.stdout
        sys.stdout, sys.stdin = out, io.StringIO("")
        try:
            exec(compiled, ns)
        finally:
            sys.stdout, sys.stdin = real, real_in
        result = jsonable(ns.get("result"), int(job["limits"]["rows"]))
        size, cap = len(json.dumps(result, default=str)), int(job["limits"]["result_chars"])
        if size > cap:
            raise ValueError(f"result is {size} characters of JSON; the limit is {cap}: return "
                             "a summary, counts or the top entries instead")
        report = {"ok": True, "result": result}
    except BaseException as exc:  # the snippet's own failure, reported, never re-raised
        sys.stdout, sys.stdin = sys.__stdout__, real_in
        report = failure(exc, source)
    settle(view)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    report.update(stdout=out.getvalue(), stdout_dropped=out.dropped,
                  elapsed_s=round(time.monotonic() - started, 3),
                  cpu_used_s=round(usage.ru_utime + usage.ru_stime, 3),
                  builds=dict(view.builds), peak_mb=usage.ru_maxrss // 1024)
    return report


def send(nonce: str, report: dict) -> None:
    try:
        text = json.dumps(report, allow_nan=False)
    except ValueError:
        text = json.dumps({**report, "result": None, "ok": False, "error": {
            "type": "ValueError", "message": "result holds NaN or infinity, which JSON cannot "
            "carry: replace them (e.g. with None)", "trace": []}})
    data = b"\n" + REPORT_MARK + nonce.encode() + b" " + text.encode() + b"\n"
    while data:
        data = data[os.write(1, data):]


def main() -> None:
    with open(sys.argv[1]) as fh:
        start = json.load(fh)
    apply_limits(start["limits"])
    preload(start.get("preload", []))
    os.chdir(start["scratch"])
    jobs = sys.stdin.buffer
    base, ns = base_names(start), {}
    view = View(start["environment"])
    while True:
        line = jobs.readline()
        if not line:
            return  # the host closed the channel: the session is over
        job = json.loads(line)
        send(job["nonce"], run_job(job, ns, base, view))


if __name__ == "__main__":
    main()
