"""Offline-planner intents for graph learning (appended to ``model/intents.py``'s INTENTS).

* "train a model to predict X" -> ``train(target=X)`` (architecture named in the
  question: GCN, GraphSAGE/SAGE, GAT; default GCN);
* "predict X for n1, n2" / "... for the unlabelled nodes" -> ``infer`` with the model_id
  read from this run's ``train`` result; without one, the best ready model for X from
  ``training_summary``; without that, ``train`` first and ``infer`` in the next turn;
* "compare the models" / "training summary" -> ``training_summary``.

Rows are ``(name, pattern, calls, render, method)`` as ``Intent`` takes them.

Example::

    >>> _target("Train a GAT to predict faction")
    'faction'
    >>> _nodes("Predict faction for n001, n002 and n003")
    ['n001', 'n002', 'n003']
"""

from __future__ import annotations

import re
from typing import Any

from igraph_agent.model.planstate import Call, Observed, PlanState
from igraph_agent.results.learning import InferResult, TrainingSummaryResult, TrainResult

_TRAIN = re.compile(r"\btrain\w*\b.*\b(model|classifier|gnn|gcn|gat|sage|graphsage|network|"
                    r"predict)", re.IGNORECASE)
_PREDICT = re.compile(r"\bpredict\w*\s+(?:the\s+)?[\w-]+\s+(?:for|of)\b|\binfer\b|"
                      r"\bclassify\b.*\bnodes?\b", re.IGNORECASE)
_SUMMARY = re.compile(r"training summary|compare\b.*\bmodels|which model (is|was) best|"
                      r"\bexperiments\b", re.IGNORECASE)
_TARGET = re.compile(r"\bpredict\w*\s+(?:the\s+)?(?:node\s+)?([A-Za-z_][\w-]*)", re.IGNORECASE)
_NODES = re.compile(r"\bfor\s+(?:the\s+)?(?:these\s+|following\s+)?(?:nodes?\s*:?\s*)?(.+)$",
                    re.IGNORECASE)
_ARCH_NAMES = {"gcn": "GCN", "sage": "GraphSAGE", "gat": "GAT"}
_ARCHS = (("graphsage", "sage"), ("sage", "sage"), ("gat", "gat"), ("gcn", "gcn"))


def _target(question: str) -> str | None:
    m = _TARGET.search(question)
    return m.group(1) if m else None


def _arch(question: str) -> str:
    q = question.lower()
    return next((a for word, a in _ARCHS if re.search(rf"\b{word}\b", q)), "gcn")


def _nodes(question: str) -> list[str]:
    """Node ids listed after "for"; [] for "the unlabelled nodes" or none."""
    m = _NODES.search(question)
    if not m or re.search(r"unlabel|all\b|every|remaining|other", m.group(1), re.IGNORECASE):
        return []
    words = re.split(r"\s*(?:,|\band\b|\s)\s*", m.group(1).strip().rstrip(".?!"))
    return [w.strip("'\"`") for w in words if w.strip("'\"`")]


def _train_call(st: PlanState) -> Call | None:
    target = _target(st.question)
    return Call("train", {"target": target, "arch": _arch(st.question)}) if target else None


def _train_calls(st: PlanState) -> list[Call]:
    call = _train_call(st)
    return [call] if call else []


def _best_model(summary: Observed, target: str) -> str | None:
    for grp in summary.typed(TrainingSummaryResult).groups:
        if grp.target == target and grp.ranking:
            return grp.ranking[0]["model_id"]
    return None


def _infer_calls(st: PlanState) -> list[Call]:
    target = _target(st.question)
    if not target:
        return []
    nodes = _nodes(st.question)
    trained = st.last_ok("train")
    if trained is not None:
        return [Call("infer", {"model_id": trained.typed(TrainResult).model_id, "nodes": nodes})]
    if _TRAIN.search(st.question):
        return []  # the train intent runs first; infer follows with its model_id
    summary = st.last_ok("training_summary")
    if summary is None:
        return [Call("training_summary", {"target": target})]
    model = _best_model(summary, target)
    if model is not None:
        return [Call("infer", {"model_id": model, "nodes": nodes})]
    call = _train_call(st)
    return [call] if call else []


def _train_render(st: PlanState, obs: list[Observed]) -> str:
    parts = []
    for o in obs:
        d = o.typed(TrainResult)
        m = d.metrics
        split = d.split
        counts = split.get("counts") or {}
        fr = split.get("fractions") or {}
        if d.task == "node_classification":
            scores = (f"test accuracy **{m.get('test_accuracy')}**, macro-F1 "
                      f"{m.get('test_macro_f1')} on {counts.get('test')} held-out labelled nodes")
        else:
            scores = (f"test ROC-AUC **{m.get('test_roc_auc')}** on {counts.get('test_edges')} "
                      "held-out edges against as many sampled non-edges")
        parts.append(
            f"Trained a **{_ARCH_NAMES.get(d.arch, d.arch)}** "
            f"{d.task.replace('_', ' ')} "
            f"model `{d.model_id}` for `{d.target}` on dataset {d.dataset_id} "
            f"revision {d.revision}: {scores}. Split: train/val/test "
            f"{fr.get('train')}/{fr.get('val')}/{fr.get('test')} with seed {split.get('seed')}; "
            f"early stopping kept epoch {d.best_epoch} of {d.epochs_run}."
            + (f" {d.quality}" if d.quality else ""))
    return " ".join(parts)


def _infer_render(st: PlanState, obs: list[Observed]) -> str:
    inferred = [o for o in obs if o.tool == "infer"]
    if not inferred:
        trained = [o for o in obs if o.tool == "train"]
        return _train_render(st, trained) if trained else "No model could be found or trained."
    d = inferred[-1].typed(InferResult)
    preds = d.predictions
    shown = ", ".join(f"`{p.node}` → **{p.prediction}** ({p.score})" for p in preds[:10])
    which = "the unlabelled nodes" if d.default_selection else "the requested nodes"
    total = d.requested or len(preds)
    more = f" (showing {min(10, len(preds))} of {total})" if total > 10 else ""
    return (f"Predicted `{d.target}` for {which} with model `{d.model_id}` "
            f"(dataset {d.dataset_id} revision {d.revision}){more}: {shown}. "
            "Scores are the model's class probabilities, not certainties.")


def _summary_calls(st: PlanState) -> list[Call]:
    return [Call("training_summary", {})]


def _summary_render(st: PlanState, obs: list[Observed]) -> str:
    d = obs[0].typed(TrainingSummaryResult)
    if not d.groups:
        return "No models have been trained in this project yet."
    parts = []
    for g in d.groups:
        ranking = ", ".join(f"{r['rank']}. `{r['model_id']}` ({r['arch']}, {g.metric} "
                            f"{r[g.metric]})" for r in g.ranking)
        parts.append(f"On {g.dataset_id} revision {g.revision} predicting "
                     f"`{g.target}` (same split, seed {g.split['seed']}): {ranking}.")
    if d.note:
        parts.append(f"Note: {d.note}.")
    return " ".join(parts)


LEARNING_INTENTS: list[tuple[str, Any, Any, Any, str]] = [
    ("train_model", _TRAIN, _train_calls, _train_render,
     "graph neural network training (torch-geometric), evaluated on a held-out test split"),
    ("predict", _PREDICT, _infer_calls, _infer_render, "inference with a trained model (infer)"),
    ("training_summary", _SUMMARY, _summary_calls, _summary_render,
     "experiment comparison (training_summary)"),
]
