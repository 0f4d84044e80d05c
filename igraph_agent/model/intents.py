"""The offline planner's intent table: question patterns -> tool calls -> a grounded answer.

Each :class:`Intent` says which calls it still needs given this run's results (several
intents' calls go out together in one turn) and renders its findings only from tool data.
Later tool families add their intents here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from igraph_agent.model.planstate import Call, Observed, PlanState


@dataclass
class Intent:
    name: str
    pattern: re.Pattern[str]
    calls: Callable[[PlanState], list[Call]]
    render: Callable[[PlanState, list[Observed]], str]
    method: str

    def matches(self, question: str) -> bool:
        return bool(self.pattern.search(question))


def _rx(*words: str) -> re.Pattern[str]:
    return re.compile("|".join(words), re.IGNORECASE)


def _fmt(x: float) -> str:
    return f"{x:.4f}" if isinstance(x, float) else str(x)


# -- graph overview ---------------------------------------------------------------------
def _overview_render(st: PlanState, obs: list[Observed]) -> str:
    info = st.last_ok("get_graph_info")
    if info is None:
        return "I could not read the graph state."
    d = info.data
    kind = "directed" if d.get("directed") else "undirected"
    w = "weighted" if d.get("weighted") else "unweighted"
    attrs = ", ".join(d.get("node_attributes") or []) or "none"
    return (f"The loaded graph ({d.get('dataset_id')}, revision {d.get('revision')}) has "
            f"**{d.get('nodes')} nodes** and **{d.get('edges')} edges**; it is {kind} and {w}, "
            f"with {d.get('components')} connected component(s) and density {d.get('density')}. "
            f"Node attributes: {attrs}.")


# -- degree -----------------------------------------------------------------------------
def _degree_calls(st: PlanState) -> list[Call]:
    return [Call("degree_analysis", {"top_k": 10})]


def _degree_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].data
    top = ", ".join(f"{t['node']} ({t['degree']})" for t in d["top"][:5])
    return (f"Mean degree is **{d['mean_degree']}** (max {d['max_degree']}, min "
            f"{d['min_degree']}, {d['isolates']} isolated node(s)). Highest degree: {top}.")


# -- centrality -------------------------------------------------------------------------
_MEASURES = {"betweenness": "betweenness", "broker": "betweenness", "closeness": "closeness",
             "pagerank": "pagerank", "page rank": "pagerank", "eigenvector": "eigenvector",
             "degree centrality": "degree"}


def _centrality_calls(st: PlanState) -> list[Call]:
    q = st.question.lower()
    named = [m for word, m in _MEASURES.items() if word in q]
    measures = list(dict.fromkeys(named)) or ["pagerank", "betweenness"]
    return [Call("node_centrality", {"measure": m, "top_k": 10}) for m in measures]


def _centrality_render(st: PlanState, obs: list[Observed]) -> str:
    parts = []
    for o in obs:
        d = o.data
        top = ", ".join(f"{t['node']} ({_fmt(t['score'])})" for t in d["top"][:5])
        approx = f" (approximate, k={d['sample_k']} samples)" if d.get("approximate") else ""
        parts.append(f"By **{d['measure']}**{approx}, the most central nodes are {top}.")
    tops = [set(t["node"] for t in o.data["top"][:5]) for o in obs]
    if len(tops) > 1:
        both = sorted(set.intersection(*tops))
        if both:
            parts.append(f"Nodes in the top 5 of every measure: {', '.join(both)}.")
    return " ".join(parts)


INTENTS: list[Intent] = [
    Intent("centrality", _rx(r"central", r"important", r"influen", r"pagerank", r"page rank",
                             r"betweenness", r"closeness", r"eigenvector", r"key (node|player)"),
           _centrality_calls, _centrality_render, "node centrality (networkx / python-igraph)"),
    Intent("degree", _rx(r"degree", r"most connected", r"hubs?\b", r"neighbou?rs? count"),
           _degree_calls, _degree_render, "degree analysis"),
]

# -- the analysis tool families: search, communities, paths, local, subgraph, statistics --
from igraph_agent.model.graph_intents import ANALYSIS_INTENTS  # noqa: E402

INTENTS += [Intent(*row) for row in ANALYSIS_INTENTS]


# -- clearing and optimizing the graph (approval-gated; runtime/approvals.py) -------------
_WEIGHT_FLOOR = re.compile(r"(?:under|below|less than|lighter than)\s+(?:a\s+)?(?:weight\s+(?:of\s+)?)?"
                           r"(\d+(?:\.\d+)?)", re.IGNORECASE)


def _clear_calls(st: PlanState) -> list[Call]:
    return [Call("clear_graph", {})]


def _clear_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].data
    what = (f"{d.get('dataset_id')} (revision {d.get('revision')})" if d.get("was_loaded")
            else "nothing was loaded")
    return (f"The session graph was cleared ({what}). The stored dataset and its revisions are "
            "kept; load_constructed_graph loads it again.")


def _optimize_options(st: PlanState) -> dict:
    info = st.last_ok("get_graph_info")
    attrs = (info.data.get("node_attributes") or []) if info else []
    opts: dict = {"drop_self_loops": True, "drop_isolates": True}
    if "label" in attrs:
        opts["merge_duplicates_by"] = "label"
    floor = _WEIGHT_FLOOR.search(st.question)
    if floor:
        opts["min_edge_weight"] = float(floor.group(1))
    return opts


def _optimize_calls(st: PlanState) -> list[Call]:
    preview = st.last("preview_graph_optimization")
    if preview is None:
        return [Call("preview_graph_optimization", _optimize_options(st))]
    if not preview.ok or not preview.data.get("operations"):
        return []
    return [Call("commit_graph_optimization", preview.data["commit_args"])]


def _optimize_render(st: PlanState, obs: list[Observed]) -> str:
    preview = st.last_ok("preview_graph_optimization")
    if preview is None:
        return "The optimization could not be previewed."
    p = preview.data
    counts = ", ".join(f"{v} × {k.replace('_', ' ')}" for k, v in p["operation_counts"].items())
    text = (f"Optimization plan {p['plan_id']} for {p['dataset_id']} (revision "
            f"{p['base_revision']}): {counts or 'no changes needed'}; "
            f"{p['before']['nodes']} → {p['after']['nodes']} nodes, "
            f"{p['before']['edges']} → {p['after']['edges']} edges.")
    commit = st.last_ok("commit_graph_optimization")
    if commit is None:
        return text + " Nothing was committed."
    info = st.last_ok("get_graph_info")
    verified = ""
    if info is not None and st.index(info) > st.index(commit):
        verified = (f" get_graph_info confirms revision {info.data.get('revision')} is loaded: "
                    f"{info.data.get('nodes')} nodes, {info.data.get('edges')} edges.")
    return text + f" Committed as revision {commit.data['revision']} and loaded." + verified


INTENTS += [
    Intent("clear", _rx(r"\bclear (the |this |my )?(session )?graph", r"\bunload (the )?graph"),
           _clear_calls, _clear_render, "clear the session graph (approval required)"),
    Intent("optimize", _rx(r"\boptimi[sz]e (the |this |my )?graph", r"\bclean (up )?(the |this |my )?graph",
                           r"merge duplicate", r"\bdeduplicate"),
           _optimize_calls, _optimize_render,
           "graph optimization: preview, then commit after approval"),
]

OVERVIEW = Intent("overview", _rx(r"describe", r"overview", r"how (big|large|many)", r"summar",
                                  r"what (graph|data)", r"size", r"nodes and edges", r"loaded"),
                  lambda st: [], _overview_render, "graph state check (get_graph_info)")


def match(question: str) -> list[Intent]:
    found = [i for i in INTENTS if i.matches(question)]
    if not found and OVERVIEW.matches(question):
        found = [OVERVIEW]
    return found


# -- drawing (model/viz_intent.py) ------------------------------------------------------
from igraph_agent.model.viz_intent import PATTERN as _VIZ  # noqa: E402
from igraph_agent.model.viz_intent import viz_calls, viz_render  # noqa: E402

INTENTS.append(Intent("visualize", _VIZ, viz_calls, viz_render, "interactive drawing (pyvis)"))


# -- analysis reports (tools/report.py) ---------------------------------------------------
_REPORT = _rx(r"\b(write|make|create|produce|generate|prepare|give me|draft)\b.{0,30}\breport\b",
              r"\breport on\b", r"\bas a report\b", r"\bin a report\b")


def _report_calls(st: PlanState) -> list[Call]:
    """After every other matched intent's calls ran: one report naming their results."""
    others = [i for i in match(st.question) if i.name != "report"]
    calls = [c for i in others for c in i.calls(st)]
    done = [st.done(c) for c in calls]
    if any(o is None for o in done):
        return []  # the analysis first; the report follows in a later turn
    info = st.last_ok("get_graph_info")
    used = [o for o in [info, *done] if o is not None]  # failed ones become limitations
    refs = list({o.call_id: {"tool": o.tool, "call_id": o.call_id} for o in used}.values())
    return [Call("create_analysis_report", {"source_results": refs})] if refs else []


def _report_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].data
    return (f"The report **{d['title']}** has {d['findings']} finding(s) and "
            f"{d['reproducible_cells']} code cell(s) that recompute them from dataset "
            f"{d['dataset_id']} revision {d['revision']}; it is saved as `{d['report_path']}` "
            f"(`%agent save-report {d['run_id']}` writes it as a notebook).")


REPORT = Intent("report", _REPORT, _report_calls, _report_render,
                "analysis report (create_analysis_report)")
INTENTS.append(REPORT)


def for_state(st: PlanState) -> list[Intent]:
    """The intents of this question, plus the report when the output format is ``report``."""
    found = match(st.question)
    if st.output_format == "report" and found and REPORT not in found \
            and "create_analysis_report" in st.tools:
        found = [*found, REPORT]
    return found


# -- graph learning (model/learning_intents.py): train, predict, compare models ----
from igraph_agent.model.learning_intents import LEARNING_INTENTS  # noqa: E402

INTENTS += [Intent(*row) for row in LEARNING_INTENTS]
