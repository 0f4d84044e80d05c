"""Learning tools: ``train`` a graph neural network, ``infer`` with it, ``training_summary``.

``train`` checks its inputs at once (labels, features, split: INVALID_ARGUMENTS with a
hint), then runs as a background job whose progress is one record per epoch; the job
hands its result to a child job that stores the model. The tool call completes with the
stored model's real ``model_id`` and test metrics (tools/jobs.py). ``infer`` refuses a
model that is still training, failed or was cancelled, and a model whose dataset
revision has moved since (REVISION_CONFLICT). ``training_summary`` ranks experiments only
within groups that share dataset, revision, task, target and split.

Example::

    >>> from igraph_agent.data.sbm import labelled_sbm
    >>> from igraph_agent.runtime.jobs import JobManager
    >>> ctx.session.set_graph(labelled_sbm(), "ds_sbm", 1)
    >>> ctx.jobs = JobManager(store).for_run("run_1")
    >>> trained = registry.dispatch("train", {"target": "faction", "arch": "gcn", "seed": 0,
    ...                                       "epochs": 30}, ctx)
    >>> model_id = trained.data["model_id"]
    >>> model_id[:4], 0 <= trained.data["metrics"]["test_accuracy"] <= 1
    ('mdl_', True)
    >>> registry.dispatch("infer", {"model_id": model_id, "nodes": ["n001"]}, ctx).success
    True
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Literal

import networkx as nx
from pydantic import BaseModel, Field, model_validator

from igraph_agent.errors import AgentError, ErrorCode, ToolError
from igraph_agent.results.learning import InferResult, TrainingSummaryResult, TrainResult
from igraph_agent.store import new_id
from igraph_agent.store.jobs import JobStore
from igraph_agent.tools.jobs import await_job, require_jobs
from igraph_agent.tools.registry import ToolContext, ToolOutput, tool

Task = Literal["node_classification", "link_prediction"]
PRIMARY = {"node_classification": "test_accuracy", "link_prediction": "test_roc_auc"}
MIN_EDGES = 20


class TrainArgs(BaseModel):
    task: Task = "node_classification"
    target: str | None = Field(default=None, description="node_classification: the node "
                               "attribute to predict (nodes without it are unlabelled)")
    arch: Literal["gcn", "sage", "gat"] = Field(default="gcn", description="GCN, GraphSAGE or GAT")
    features: list[str] | None = Field(default=None, description="numeric node attributes to "
                                       "use; default: all of them")
    structural: bool | None = Field(default=None, description="degree, clustering and "
                                    "pagerank features beside the numeric attributes; "
                                    "default: on; false leaves them out")
    train_fraction: float = Field(default=0.6, gt=0, lt=1)
    val_fraction: float = Field(default=0.2, gt=0, lt=1)
    test_fraction: float = Field(default=0.2, gt=0, lt=1)
    seed: int = 0
    epochs: int = Field(default=200, ge=1, le=5000, description="at most this many epochs")
    patience: int = Field(default=20, ge=1, description="stop after this many epochs without "
                          "a better validation score")
    hidden: int = Field(default=32, ge=2, le=1024)
    layers: int = Field(default=2, ge=1, le=6)
    dropout: float = Field(default=0.5, ge=0, lt=1)
    lr: float = Field(default=0.01, gt=0, le=1)
    weight_decay: float = Field(default=5e-4, ge=0)
    heads: int = Field(default=4, ge=1, le=16, description="GAT attention heads")
    workers: int = Field(default=1, ge=1, le=16, description="with a Ray cluster: train "
                         "data-parallel on this many workers")

    @model_validator(mode="after")
    def _check(self) -> TrainArgs:
        total = self.train_fraction + self.val_fraction + self.test_fraction
        if abs(total - 1.0) > 1e-6:
            raise ValueError(f"train/val/test fractions must add up to 1, not {total:.3f}")
        if self.task == "node_classification" and not self.target:
            raise ValueError("node_classification needs target: the node attribute to predict")
        if self.arch == "gat" and self.hidden % self.heads:
            raise ValueError(f"hidden ({self.hidden}) must be a multiple of heads ({self.heads})")
        return self


@tool(result=TrainResult, reads=("graph",), writes=("model",), mutates=True)
def train(ctx: ToolContext, args: TrainArgs) -> ToolOutput:
    """Train a graph neural network (GCN, GraphSAGE or GAT) on the loaded graph as a
    background job: node_classification predicts a node attribute (target) from node
    features and the graph; link_prediction learns which node pairs are linked (held-out
    edges against sampled non-edges). States the split (fractions, seed, counts), stops
    early on the validation score, reports metrics per epoch and final test metrics, and
    stores the model: use the returned model_id with infer.

    Example: train(target="faction", arch="gcn") -> {"model_id": "mdl_…", "metrics": {"test_accuracy": 0.93, "test_macro_f1": 0.93}}
    """
    from igraph_agent.learn.features import (
        edge_index_of,
        feature_matrix,
        feature_spec,
        labels_of,
        stratified_split,
    )
    from igraph_agent.learn.nets import require_learning

    g = ctx.session.require()
    jobs = require_jobs(ctx)
    require_learning()
    nodes = [str(n) for n in g.nodes()]
    fractions = (args.train_fraction, args.val_fraction, args.test_fraction)
    spec = feature_spec(g, args.target, args.features, args.structural)
    inputs: dict[str, Any] = {"edge_index": edge_index_of(g, nodes), "directed": g.is_directed()}
    split: dict[str, Any] = {"fractions": {"train": fractions[0], "val": fractions[1],
                                           "test": fractions[2]}, "seed": args.seed}
    if args.task == "node_classification":
        assert args.target is not None
        labels, classes = labels_of(g, nodes, args.target)
        parts = stratified_split(labels, fractions, args.seed)
        inputs.update(labels=labels, classes=classes, split=parts)
        split.update(kind="stratified by class over labelled nodes",
                     counts={k: len(v) for k, v in parts.items()},
                     unlabelled=len(nodes) - len(labels))
    else:
        classes = []
        if g.number_of_edges() < MIN_EDGES:
            raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                            f"link prediction needs at least {MIN_EDGES} edges to hold some "
                            f"out; the graph has {g.number_of_edges()}",
                            hint="load a larger graph")
        split.update(kind="held-out edges with as many sampled non-edges")
    x, names, norm = feature_matrix(g, nodes, spec)
    inputs["x"] = x
    cluster = _distributed(args, split)
    model_id = new_id("mdl")
    folder = Path(ctx.workspace.home) / "models" / model_id
    config = {"task": args.task, "arch": args.arch, "target": args.target,
              "feature_spec": spec, "feature_names": names, "norm": norm, "classes": classes,
              "hidden": args.hidden, "layers": args.layers, "dropout": args.dropout,
              "heads": args.heads, "lr": args.lr, "weight_decay": args.weight_decay,
              "epochs": args.epochs, "patience": args.patience, "seed": args.seed,
              "val_fraction": args.val_fraction, "test_fraction": args.test_fraction,
              "dataset_id": ctx.session.dataset_id, "revision": ctx.session.revision,
              "workers": args.workers, "cluster": cluster}
    records = JobStore(ctx.workspace.store)
    records.add_model(model_id, job_id="", task=args.task, arch=args.arch, target=args.target,
                      dataset_id=ctx.session.dataset_id, revision=ctx.session.revision,
                      path=str(folder), config=config)
    work = _TrainingWork(records, model_id, folder, config, inputs, split, nodes)
    try:
        job_id = jobs.submit("train", work, params={"model_id": model_id, "task": args.task,
                                                    "arch": args.arch, "target": args.target},
                             call_id=ctx.call_id)
    except AgentError as exc:  # e.g. CLUSTER_UNAVAILABLE: the model record ends failed, not "training"
        records.update_model(model_id, status="failed", metrics={"epochs_run": 0,
                                                                 "error": exc.message})
        raise ToolError(exc.code, exc.message, hint=exc.hint, retryable=exc.retryable,
                        details=exc.details) from None
    records.update_model(model_id, job_id=job_id)
    final_job, result = await_job(ctx, job_id)
    m = result["metrics"]
    key = PRIMARY[args.task]
    summary = (f"trained {args.arch} {args.task} model {model_id} on {ctx.session.dataset_id} "
               f"r{ctx.session.revision}: {key.replace('_', ' ')} {m.get(key)} "
               f"({result['epochs_run']} epochs, best {result['best_epoch']}"
               + (f"; data-parallel on {args.workers} Ray workers" if args.workers > 1 else "")
               + ")")
    return ToolOutput(data={**result, "job_id": job_id, "final_job_id": final_job},
                      summary=summary, revision=ctx.session.revision, job_id=job_id)


def _distributed(args: TrainArgs, split: dict[str, Any]) -> str | None:
    """The cluster a ``workers`` > 1 training runs on (cluster/train.py), None for one
    worker; INVALID_ARGUMENTS without a cluster or with fewer training nodes than workers."""
    if args.workers == 1:
        return None
    from igraph_agent.cluster.split import configured_address

    address = configured_address()
    if address is None:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"workers={args.workers} needs a Ray cluster, and none is set",
                        hint="omit workers to train here, or set IGRAPH_AGENT_CLUSTER "
                             "(docs/cluster.md)")
    train = split.get("counts", {}).get("train")
    if train is not None and train < args.workers:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"{train} training node(s) cannot be shared by {args.workers} workers",
                        hint="use fewer workers or a larger train_fraction")
    return address


class _TrainingWork:
    """The training job (one progress record per epoch), handing off to a save job.

    It travels to a Ray actor when jobs run on a cluster: pickled, it carries its inputs
    (numpy arrays) and the project's database path instead of the open store, which the
    remote side opens again on first use (the project home must be reachable there).
    """

    def __init__(self, records: JobStore, model_id: str, folder: Path, config: dict[str, Any],
                 inputs: dict[str, Any], split: dict[str, Any], nodes: list[str]) -> None:
        self._records: JobStore | None = records
        self.db_path = records.store.path
        self.model_id, self.folder = model_id, folder
        self.config, self.inputs, self.split, self.nodes = config, inputs, split, nodes
        self.epochs_seen = 0

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_records": None}

    @property
    def records(self) -> JobStore:
        if self._records is None:
            from igraph_agent.store import Store

            self._records = JobStore(Store(self.db_path))
        return self._records

    @property
    def cluster_cpus(self) -> float | None:
        """A distributed training's job only drives its Ray Train workers: it holds no CPU
        of the cluster (cluster/jobs.py); None: the executor's default."""
        return 0.0 if self.config.get("cluster") else None

    def __call__(self, job: Any) -> None:
        from igraph_agent.learn.training import fit_link_predictor, fit_node_classifier

        fit_fn = (fit_node_classifier if self.config["task"] == "node_classification"
                  else fit_link_predictor)
        total = self.config["epochs"]

        def report(epoch: int, row: dict[str, Any]) -> None:
            self.epochs_seen = epoch
            score = row.get("val_accuracy") if "val_macro_f1" in row else row.get("val_roc_auc")
            name = "val accuracy" if "val_macro_f1" in row else "val ROC-AUC"
            job.progress(epoch / total, f"epoch {epoch}/{total}: loss {row['loss']:.4f}, "
                         f"{name} {score}", **row)

        try:
            if self.config.get("cluster"):
                from igraph_agent.cluster.train import fit_distributed

                fit = fit_distributed(self.inputs, self.config, report, job.check_cancelled,
                                      address=self.config["cluster"],
                                      workers=self.config["workers"])
            else:
                fit = fit_fn(self.inputs, self.config, report, job.check_cancelled)
        except BaseException as exc:
            self._ended(exc)
            raise
        ran = (f"stopped early at epoch {fit['epochs_run']} of {total}" if fit["stopped_early"]
               else f"training finished after {fit['epochs_run']} epochs")
        job.progress(1.0, f"{ran} (best epoch {fit['best_epoch']}); storing the model")
        job.hand_off("save_model", lambda child: self.save(child, fit),
                     params={"model_id": self.model_id})

    def _quality(self, fit: dict[str, Any]) -> dict[str, Any]:
        """A classifier's test accuracy next to the majority-class and chance baselines,
        and one sentence saying whether it beats them."""
        if self.config["task"] != "node_classification":
            return {}
        from igraph_agent.learn.metrics import class_baselines, quality_statement

        classes = self.config["classes"]
        base = class_baselines(self.inputs["labels"], self.inputs["split"], len(classes))
        majority = str(classes[base["majority_class"]]) if classes else ""
        base = {**base, "majority_class": majority}
        return {"baselines": base,
                "quality": quality_statement(fit["final"].get("test_accuracy"), base, majority)}

    def _ended(self, exc: BaseException) -> None:
        from igraph_agent.errors import JobCancelled

        status = "cancelled" if isinstance(exc, JobCancelled) else "failed"
        self.records.update_model(self.model_id, status=status,
                                  metrics={"epochs_run": self.epochs_seen,
                                           "error": f"{type(exc).__name__}: {exc}"})

    def save(self, job: Any, fit: dict[str, Any]) -> dict[str, Any]:
        try:
            job.check_cancelled()
            split = {**self.split, **({"counts": fit["split_counts"]} if "split_counts" in fit
                                      else {})}
            metrics = {"task": self.config["task"], "arch": self.config["arch"],
                       "final": fit["final"], "best_epoch": fit["best_epoch"],
                       "epochs_run": fit["epochs_run"], "stopped_early": fit["stopped_early"],
                       "history": fit["history"],
                       **({"distributed": fit["distributed"]} if "distributed" in fit else {})}
            from igraph_agent.learn.models import save_model

            save_model(self.folder, fit["net"], {**self.config, "split": split}, metrics,
                       self.nodes)
            summary = {**fit["final"], "best_epoch": fit["best_epoch"],
                       "epochs_run": fit["epochs_run"]}
            self.records.update_model(self.model_id, status="ready", metrics=summary)
            c = self.config
            row = self.records.get_model(self.model_id) or {}
            self.records.add_experiment(
                new_id("exp"), model_id=self.model_id, job_id=row.get("job_id", ""),
                task=c["task"], arch=c["arch"], target=c["target"], dataset_id=c["dataset_id"],
                revision=c["revision"], config=_public_config(c), split=split,
                metrics=summary, state="done")
        except BaseException as exc:
            self._ended(exc)
            raise
        job.progress(1.0, f"model {self.model_id} stored")
        return {**self._quality(fit), "model_id": self.model_id, "task": self.config["task"],
                "arch": self.config["arch"], "target": self.config["target"],
                "dataset_id": self.config["dataset_id"], "revision": self.config["revision"],
                "split": split, "metrics": fit["final"], "best_epoch": fit["best_epoch"],
                "epochs_run": fit["epochs_run"], "stopped_early": fit["stopped_early"],
                "features": self.config["feature_names"], "classes": self.config["classes"],
                "last_epochs": fit["history"][-3:],
                **({"distributed": fit["distributed"]} if "distributed" in fit else {})}


def _public_config(c: dict[str, Any]) -> dict[str, Any]:
    keep = ("arch", "hidden", "layers", "dropout", "heads", "lr", "weight_decay", "epochs",
            "patience", "seed", "feature_names")
    return {k: c[k] for k in keep}


# -- infer ------------------------------------------------------------------------------
class InferArgs(BaseModel):
    model_id: str = Field(description="a model_id from a train result or training_summary")
    nodes: list[str] = Field(default_factory=list, description="node_classification: node ids "
                             "to predict; default: the unlabelled nodes")
    links: list[tuple[str, str]] = Field(default_factory=list, description="link_prediction: "
                                         "candidate node pairs to score")
    limit: int = Field(default=100, ge=1, le=5000, description="at most this many predictions")
    probabilities: bool = Field(default=False, description="node_classification: also list "
                                "every class's probability")


def _ready_model(ctx: ToolContext, model_id: str) -> dict[str, Any]:
    row = JobStore(ctx.workspace.store).get_model(model_id)
    if row is None:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"no model {model_id!r} in this project",
                        hint="use a model_id from a train result or from training_summary; "
                             "never guess ids")
    if row["status"] == "training":
        raise ToolError(ErrorCode.RESULT_UNAVAILABLE,
                        f"model {model_id} is still training (job {row['job_id']})",
                        hint="wait for the train call to complete (get_job_status), then infer",
                        details={"job_id": row["job_id"], "model_status": "training"})
    if row["status"] != "ready":
        raise ToolError(ErrorCode.RESULT_UNAVAILABLE,
                        f"model {model_id} has no trained weights: its training {row['status']}",
                        hint="train again", details={"model_status": row["status"]})
    return row


def _model_graph(ctx: ToolContext, row: dict[str, Any]) -> nx.Graph:
    """The graph of the model's dataset revision; REVISION_CONFLICT if that has moved."""
    ds, rev = row["dataset_id"], row["revision"]
    stored = ctx.workspace.store.get_dataset(ds) if ds else None
    current = stored["revision"] if stored else (
        ctx.session.revision if ctx.session.dataset_id == ds else None)
    if current is not None and current != rev:
        raise ToolError(ErrorCode.REVISION_CONFLICT,
                        f"model {row['id']} was trained on {ds} revision {rev}; the dataset is "
                        f"now at revision {current}",
                        hint="train again on the current revision, then infer with the new model",
                        details={"model_revision": rev, "current_revision": current})
    if ctx.session.loaded and ctx.session.dataset_id == ds and ctx.session.revision == rev:
        return ctx.session.require()
    if stored is None:
        raise ToolError(ErrorCode.GRAPH_NOT_LOADED,
                        f"model {row['id']} needs dataset {ds} revision {rev}, which is not "
                        "loaded and not stored in this project",
                        hint="load that dataset, or train a model on the loaded graph")
    g, _ = ctx.workspace.load(ds, rev)
    return g


@tool(result=InferResult, reads=("graph", "model:{model_id}"))
def infer(ctx: ToolContext, args: InferArgs) -> ToolOutput:
    """Predict with a trained model: node_classification models give each node's predicted
    class with its probability (default: the unlabelled nodes); link_prediction models
    score candidate node pairs (probability that they are linked). Needs a model_id from
    train; a model whose dataset revision has moved is refused.

    Example: infer(model_id="mdl_…", nodes=["n007"]) -> {"predictions": [{"node": "n007", "prediction": "north", "score": 0.97}]}
    """
    from igraph_agent.learn.nets import require_learning

    require_learning()
    row = _ready_model(ctx, args.model_id)
    g = _model_graph(ctx, row)
    from igraph_agent.learn.features import edge_index_of, feature_matrix
    from igraph_agent.learn.models import load_model

    net, config, nodes = load_model(Path(row["path"]))
    if set(nodes) != {str(n) for n in g.nodes()}:
        raise ToolError(ErrorCode.REVISION_CONFLICT,
                        f"the graph of {row['dataset_id']} r{row['revision']} no longer has the "
                        f"nodes model {args.model_id} was trained on",
                        hint="train again on the loaded graph")
    import torch

    x, _, _ = feature_matrix(g, nodes, config["feature_spec"], config["norm"])
    ei = torch.from_numpy(edge_index_of(g, nodes))
    pos = {n: i for i, n in enumerate(nodes)}
    with torch.no_grad():
        out = net(torch.from_numpy(x), ei)
    if config["task"] == "node_classification":
        data = _node_predictions(g, args, config, nodes, pos, out.softmax(dim=1))
        shown = ", ".join(f"{p['node']}: {p['prediction']} ({p['score']})"
                          for p in data["predictions"][:3])
        summary = f"{len(data['predictions'])} prediction(s) with {args.model_id}: {shown}"
    else:
        data = _link_predictions(g, args, pos, out)
        shown = ", ".join(f"{p['source']}-{p['target']} ({p['score']})"
                          for p in data["predictions"][:3])
        summary = f"{len(data['predictions'])} scored pair(s) with {args.model_id}: {shown}"
    data.update(model_id=args.model_id, task=config["task"], dataset_id=row["dataset_id"],
                revision=row["revision"])
    return ToolOutput(data=data, summary=summary, revision=row["revision"])


def _missing(g: nx.Graph, ids: list[str]) -> None:
    absent = [n for n in ids if n not in g]
    if absent:
        raise ToolError(ErrorCode.NODE_NOT_FOUND,
                        f"node id(s) not in the model's graph: {', '.join(map(repr, absent[:10]))}",
                        hint="node arguments take ids, not names: find them with search_node",
                        details={"missing": absent[:50]})


def _node_predictions(g: nx.Graph, args: InferArgs, config: dict[str, Any], nodes: list[str],
                      pos: dict[str, int], prob: Any) -> dict[str, Any]:
    if args.links:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS, f"{args.model_id} classifies nodes; it "
                        "does not score links", hint="pass nodes, or train a link_prediction model")
    target = config["target"]
    unlabelled = [n for n in nodes if target not in g.nodes[n]]
    chosen = args.nodes or unlabelled
    _missing(g, chosen)
    preds = []
    for n in chosen[: args.limit]:
        p = prob[pos[n]]
        k = int(p.argmax())
        item: dict[str, Any] = {"node": n, "prediction": config["classes"][k],
                                "score": round(float(p[k]), 4)}
        if args.probabilities:
            item["probabilities"] = {c: round(float(p[i]), 4)
                                     for i, c in enumerate(config["classes"])}
        if target in g.nodes[n]:
            item["known_label"] = str(g.nodes[n][target])
        preds.append(item)
    return {"target": target, "predictions": preds, "requested": len(chosen),
            "truncated": len(chosen) > args.limit,
            "default_selection": "unlabelled nodes" if not args.nodes else None,
            "unlabelled_nodes": len(unlabelled)}


def _link_predictions(g: nx.Graph, args: InferArgs, pos: dict[str, int], z: Any) -> dict[str, Any]:
    if not args.links:
        raise ToolError(ErrorCode.INVALID_ARGUMENTS,
                        f"{args.model_id} predicts links: pass candidate pairs in links",
                        hint='e.g. links=[["a", "b"], ["a", "c"]]')
    _missing(g, [n for pair in args.links for n in pair])
    preds = []
    for u, v in args.links[: args.limit]:
        logit = float((z[pos[u]] * z[pos[v]]).sum())
        score = 1 / (1 + math.exp(-logit))
        preds.append({"source": u, "target": v, "score": round(score, 4),
                      "predicted_link": score >= 0.5, "existing_edge": g.has_edge(u, v)})
    return {"predictions": preds, "requested": len(args.links),
            "truncated": len(args.links) > args.limit}


# -- training_summary ------------------------------------------------------------------
class SummaryArgs(BaseModel):
    task: Task | None = None
    target: str | None = None
    dataset_id: str | None = None


@tool(result=TrainingSummaryResult, reads=("model",))
def training_summary(ctx: ToolContext, args: SummaryArgs) -> ToolOutput:
    """The project's training experiments (model_id, architecture, config, dataset,
    revision, split, metrics). Experiments are ranked only within a group that shares
    dataset, revision, task, target and split; different groups are listed apart and
    never ranked together.

    Example: training_summary(target="faction") -> {"groups": [{"ranking": [{"model_id": "mdl_…", "test_accuracy": 0.93}, ...]}]}
    """
    rows = JobStore(ctx.workspace.store).experiments(limit=1000)
    rows = [r for r in rows
            if (args.task is None or r["task"] == args.task)
            and (args.target is None or r["target"] == args.target)
            and (args.dataset_id is None or r["dataset_id"] == args.dataset_id)]
    groups: dict[str, dict[str, Any]] = {}
    for r in rows:
        split = r["split"] or {}
        key = "|".join(map(str, (r["dataset_id"], r["revision"], r["task"], r["target"],
                                 split.get("fractions"), split.get("seed"))))
        grp = groups.setdefault(key, {
            "dataset_id": r["dataset_id"], "revision": r["revision"], "task": r["task"],
            "target": r["target"], "split": {"fractions": split.get("fractions"),
                                             "seed": split.get("seed"),
                                             "counts": split.get("counts")},
            "metric": PRIMARY[r["task"]], "experiments": []})
        grp["experiments"].append({
            "model_id": r["model_id"], "experiment_id": r["id"], "arch": r["arch"],
            "metrics": r["metrics"], "config": r["config"]})
    out = []
    for grp in groups.values():
        metric = grp["metric"]
        ranked = sorted(grp["experiments"],
                        key=lambda e: -(e["metrics"].get(metric) or 0.0))
        grp["ranking"] = [{"rank": i + 1, "model_id": e["model_id"], "arch": e["arch"],
                           metric: e["metrics"].get(metric)} for i, e in enumerate(ranked)]
        out.append(grp)
    note = None
    if len(out) > 1:
        note = (f"{len(out)} groups with different datasets, revisions, targets or splits: "
                "each is ranked on its own; their metrics are not comparable with each other")
    if not out:
        summary = "no training experiments in this project yet"
    else:
        lead = "; ".join(f"{g['ranking'][0]['model_id']} ({g['ranking'][0]['arch']}) best by "
                         f"{g['metric']} {g['ranking'][0][g['metric']]} of {len(g['ranking'])} on "
                         f"{g['dataset_id']} r{g['revision']}" for g in out)
        summary = lead + (f" ({note})" if note else "")
    return ToolOutput(data={"groups": out, "experiments": len(rows), "note": note},
                      summary=summary)
