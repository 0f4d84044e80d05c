"""Binding a request to its data before the first model turn.

Data attached to a request is what that request is about. Before the model is called:

* **attached data** replaces the session's graph: when its construction is unambiguous
  (``graph/autospec.py``) the runtime constructs it — reusing the ready dataset built from
  the same content — and loads the revision that content built (revision 1), or the latest
  revision when the question asks for it. When it is ambiguous, the session's graph is
  unloaded (never analysed in its place) and the model gets the sources with their columns.
* **without attachments** the session's own dataset is loaded again when it is not in
  memory (after a restart), or the dataset the question names (by name or id). Nothing
  else is ever loaded on the runtime's own initiative.

When something was bound (or attached), the runtime runs ``get_graph_info`` as the run's
first call, so the first request the model sees states the loaded graph — sources,
dataset, revision, nodes, edges, directed, weighted, attribute names — as a tool result it
can cite, and :func:`graph_ref` names that graph in the response.

Example::

    >>> data_section(None, attached=False)[:40]
    'No graph is loaded in this session. Load'
"""

from __future__ import annotations

import re
from typing import Any

from igraph_agent.errors import AgentError
from igraph_agent.graph.autospec import unambiguous_spec
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.heap import give_back
from igraph_agent.graph.workspace import CONSTRUCTED_REVISION
from igraph_agent.model.gateway import ToolCallRequest
from igraph_agent.runtime.state import RunSpec

BIND_CALL_ID = "bind_graph_info"
#: how to read the inferred meaning (every data section ends with it)
MEANING_NOTE = ("get_graph_info's `meaning` says whether edges are directed, each numeric edge "
                "column's role (distance: smaller is closer, like km; strength: larger is "
                "closer, like count) and the default weight, which weight-using tools apply "
                "in the sense their measure needs (inverting the other) unless you pass "
                "`weight`; groups are categorical node attributes, for group_analysis.")
_LATEST = re.compile(r"\b(latest|newest|most recent|current|optimi[sz]ed|cleaned)\b.{0,20}"
                     r"\b(revision|version|graph|data)|\brevision\s+\d+|\br\d+\b", re.IGNORECASE)
KIND_WORDS = {"dataframe": "DataFrame", "networkx": "networkx graph", "csv": "CSV",
              "txt": "edge list", "sql": "SQL dump", "sqlite": "SQLite",
              "sqlite_query": "SQL query", "graphml": "GraphML", "gexf": "GEXF", "gml": "GML",
              "pajek": "Pajek", "node_link": "node-link JSON", "parquet": "Parquet",
              "feather": "Feather"}


def bind(spec: RunSpec) -> bool:
    """Bind the request's data to the session graph; True when the model should be shown it."""
    session = spec.session
    if session.attached_sources:
        _bind_attached(spec)
        _prefetch(spec)
        return True
    if session.loaded:
        return False
    dataset_id = _named_dataset(spec) or _own_dataset(spec)
    if dataset_id is None:
        return False
    try:
        g, rev = spec.workspace.load(dataset_id, session.revision if dataset_id == session.dataset_id
                                     else None)
    except AgentError:
        return False  # get_graph_info, called by the model, says what is wrong
    session.set_graph(g, dataset_id, rev)
    _prefetch(spec)
    return True


def _prefetch(spec: RunSpec) -> None:
    """One analysis worker loads the bound revision now, while the model's first turn is
    answered (a no-op below the worker threshold, and where a one-pass call would run in
    this process: ``WorkerPool.needed_for``)."""
    from igraph_agent.graph.summary import edge_count

    session = spec.session
    if spec.workers is not None and session.loaded and session.graph is not None \
            and spec.workers.needed_for(edge_count(session.graph)):
        spec.workers.prefetch(session, workers=1)


def _bind_attached(spec: RunSpec) -> None:
    ids = list(spec.session.attached_sources)
    try:
        _construct_attached(spec, ids)
    finally:
        spec.workspace.forget_fresh(ids)  # the tables kept from attaching: built, or not to be
        give_back()  # the read's and construction's freed frames, before the workers load


def _construct_attached(spec: RunSpec, ids: list[str]) -> None:
    session, ws = spec.session, spec.workspace
    tables = {sid: ws.source_tables(sid) for sid in ids}
    directed = {sid for sid in ids if (ws.source(sid)["meta"] or {}).get("directed")}
    gspec = unambiguous_spec(tables, _orders_rule, directed)
    choices = dict(session.attach_choices)
    session.clear()  # attached data replaces the session's graph, bound or not
    if gspec is None:
        return
    count = sum(len(df) for found in tables.values() for df in found.values())
    del tables
    if spec.workers is not None and spec.workers.needed_for(count):
        spec.workers.start(1)  # its imports overlap the construction below; it loads the
        # revision (_prefetch), and more start only when calls wait for one
    rows = [ws.source(sid) for sid in ids]
    if gspec.kind == "edge_list" and any((r["meta"] or {}).get("directed") for r in rows):
        gspec = gspec.model_copy(update={"directed": True})  # a directed graph file stays so
    if choices and gspec.kind == "edge_list":  # Edges(...) / --directed / --weight win
        gspec = GraphSpec.model_validate({**gspec.model_dump(), **choices})
    names = [r["name"] for r in rows]
    try:
        row = ws.construct(ids, gspec, "+".join(names), keep=True)  # loaded from memory
        latest = bool(_LATEST.search(spec.question))
        built = row.get("built_revision", CONSTRUCTED_REVISION)
        g, rev = ws.load(row["id"], None if latest else built)
    except AgentError:
        return  # the model sees the sources and construct_graph reports the problem
    session.set_graph(g, row["id"], rev)
    session.bindings[row["id"]] = built


def _orders_rule(columns: list[str]) -> dict[str, Any] | None:
    """The offline planner's orders rule: customers projected by shared products."""
    from igraph_agent.model.offline import infer_construction

    spec = infer_construction([{"source_id": "", "tables": {"table": columns}}]).get("spec")
    return spec if spec and spec.get("kind") == "projection" else None


def _own_dataset(spec: RunSpec) -> str | None:
    """The session's own dataset, when the session had one loaded before (a restart)."""
    did = spec.session.dataset_id
    row = spec.store.get_dataset(did) if did else None
    return did if row and row["status"] == "ready" else None


def _named_dataset(spec: RunSpec) -> str | None:
    """The one ready dataset the question names by id or by name, if exactly one."""
    q = spec.question.lower()
    hits = [d["id"] for d in spec.store.list_datasets() if d["status"] == "ready"
            and (d["id"].lower() in q or _word_in(str(d["name"]).lower(), q))]
    return hits[0] if len(set(hits)) == 1 else None


def _word_in(name: str, text: str) -> bool:
    return len(name) >= 3 and re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text) is not None


def data_section(ref: dict[str, Any] | None, attached: bool) -> str:
    """The system-prompt section that says what data this request is about."""
    if ref is not None and ref["attached"]:
        return (f"Data of this request: {ref['label']} (bound by the runtime from the attached "
                "data, and loaded; its get_graph_info result follows the question). Analyse it "
                "directly; construct_graph again only to read it another way (other direction "
                "or weight choices), then load that. " + MEANING_NOTE)
    if attached:
        return ("Data of this request: the attached sources could not be built into one graph "
                "without a choice (see their columns in the get_graph_info result after the "
                "question). Call construct_graph and load_constructed_graph, or ask_user. The "
                "session's earlier graph is not this request's data. " + MEANING_NOTE)
    if ref is not None:
        return f"Data of this request: the session's graph, {ref['label']}. " + MEANING_NOTE
    return ("No graph is loaded in this session. Load only a dataset the user attached or "
            "named; when several could be meant, ask_user which one.")


def bind_call() -> ToolCallRequest:
    """The runtime's ``get_graph_info`` call that shows the model what was bound."""
    return ToolCallRequest(id=BIND_CALL_ID, name="get_graph_info", arguments="{}")


def graph_ref(spec: RunSpec) -> dict[str, Any] | None:
    """Which graph the run used: sources, dataset, revision, size, and a one-line label."""
    s = spec.session
    g = s.graph
    if g is None or s.dataset_id is None:
        return None
    row = spec.store.get_dataset(s.dataset_id) or {}
    sources = []
    for sid in row.get("source_ids") or []:
        src = spec.store.get_source(sid)
        if src:
            sources.append({"source_id": sid, "name": src["name"],
                            "kind": KIND_WORDS.get(src["kind"], src["kind"])})
    n, m = g.number_of_nodes(), g.number_of_edges()
    named = " + ".join(f"{x['name']} ({x['kind']})" for x in sources) or str(row.get("name", ""))
    line = _meaning_line(spec)
    label = f"{named} → {s.dataset_id} r{s.revision} · {n} nodes · {m} edges" + (
        f" · {line}" if line else "")
    return {"label": label, "meaning": line, "dataset_id": s.dataset_id,
            "dataset_name": row.get("name"),
            "revision": s.revision, "latest_revision": row.get("revision"),
            "sources": sources, "nodes": n, "edges": m, "directed": g.is_directed(),
            "attached": bool(s.attached_sources)}


def _meaning_line(spec: RunSpec) -> str | None:
    """The graph's meaning in one line (graph/semantics.py), for the run panel's header."""
    from types import SimpleNamespace

    from igraph_agent.tools.weights import graph_meaning

    try:
        return graph_meaning(SimpleNamespace(session=spec.session, workspace=spec.workspace))["line"]
    except Exception:  # the header loses a line, the run nothing
        return None
