"""Training loops: node classification and link prediction, with early stopping.

Each loop calls ``check_cancelled()`` at the start of every epoch and ``report(epoch,
metrics)`` at its end, keeps the weights of the best validation epoch and returns them
with the per-epoch history. Runs are reproducible: a fixed seed, deterministic algorithms,
and one training at a time per process (``TRAIN_LOCK``: torch's random state is global).

Example::

    >>> from igraph_agent.data.sbm import labelled_sbm
    >>> from igraph_agent.learn import features as F
    >>> g = labelled_sbm()
    >>> nodes = list(g.nodes())
    >>> labels, classes = F.labels_of(g, nodes, "faction")
    >>> x, _, _ = F.feature_matrix(g, nodes, F.feature_spec(g, "faction"))
    >>> inputs = {"x": x, "edge_index": F.edge_index_of(g, nodes), "labels": labels,
    ...           "classes": classes, "split": F.stratified_split(labels, (0.6, 0.2, 0.2), 0)}
    >>> config = {"arch": "gcn", "hidden": 16, "layers": 2, "dropout": 0.5, "heads": 4,
    ...           "lr": 0.01, "weight_decay": 5e-4, "epochs": 20, "patience": 5, "seed": 0}
    >>> fit = fit_node_classifier(inputs, config, report=lambda epoch, row: None,
    ...                           check_cancelled=lambda: None)
    >>> 1 <= fit["best_epoch"] <= fit["epochs_run"] <= 20, 0 <= fit["final"]["test_accuracy"] <= 1
    (True, True)
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from igraph_agent.learn.metrics import accuracy, macro_f1, roc_auc
from igraph_agent.learn.nets import build_net, deterministic, quiet_import

TRAIN_LOCK = threading.Lock()
Report = Callable[[int, dict[str, Any]], None]


@dataclass
class Shard:
    """One worker's part of a data-parallel training (``cluster/train.py``): every worker
    holds the whole graph and the same seed, takes the gradient of its ``rank::world``
    slice of the training nodes (or edges and their negatives), and the gradients are
    averaged (``wrap``: the net in torch DDP). Validation runs whole on every worker, so
    early stopping decides alike; ``agree`` makes sure of it."""

    rank: int
    world: int
    device: Any  # torch.device
    wrap: Callable[[Any], Any]  # net -> the DDP-wrapped net the training steps run
    agree: Callable[[bool], bool]  # True on every worker when True on any
    mean: Callable[[float], float]  # the mean of a figure over the workers

    def part(self, index: Any) -> Any:
        """This worker's slice of a (k,) index or (2, k) pair tensor."""
        return index[..., self.rank::self.world]


class _EarlyStopping:
    """Keep the best weights by a score (higher is better); stop after ``patience`` worse epochs."""

    def __init__(self, initial: Any, patience: int) -> None:
        self.score, self.state, self.epoch = initial, None, 0
        self.patience, self.stale = patience, 0

    def update(self, net: Any, score: Any, epoch: int) -> bool:
        """Record this epoch; True when training should stop."""
        if score > self.score:
            self.score, self.state, self.epoch = score, copy.deepcopy(net.state_dict()), epoch
            self.stale = 0
            return False
        self.stale += 1
        return self.stale >= self.patience


def class_metrics(y: list[int], prob: Any, n_classes: int, prefix: str) -> dict[str, Any]:
    """accuracy, macro-F1 and (two classes) ROC-AUC of probabilities ``prob`` (n, C)."""
    pred = prob.argmax(dim=1).tolist()
    out: dict[str, Any] = {f"{prefix}_accuracy": accuracy(y, pred),
                           f"{prefix}_macro_f1": macro_f1(y, pred, n_classes)}
    if n_classes == 2:
        out[f"{prefix}_roc_auc"] = roc_auc(y, prob[:, 1].tolist())
    return out


def fit_node_classifier(inputs: dict[str, Any], config: dict[str, Any], report: Report,
                        check_cancelled: Callable[[], None],
                        shard: Shard | None = None) -> dict[str, Any]:
    """Train on ``inputs`` (x, edge_index, labels, split, classes); returns the best net.
    With ``shard``, this is one worker of a data-parallel training."""
    import torch
    import torch.nn.functional as F

    quiet_import()
    n_classes = len(inputs["classes"])
    with TRAIN_LOCK, deterministic(config["seed"]):
        device = shard.device if shard else "cpu"
        x = torch.from_numpy(inputs["x"]).to(device)
        ei = torch.from_numpy(inputs["edge_index"]).to(device)
        y = torch.full((x.shape[0],), -1, dtype=torch.long)
        for i, c in inputs["labels"].items():
            y[i] = c
        y = y.to(device)
        idx = {k: torch.tensor(v, dtype=torch.long, device=device)
               for k, v in inputs["split"].items()}
        net = build_net(config["arch"], x.shape[1], config["hidden"], n_classes,
                        config["layers"], config["dropout"], config["heads"]).to(device)
        step = shard.wrap(net) if shard else net
        mine = shard.part(idx["train"]) if shard else idx["train"]
        opt = torch.optim.Adam(net.parameters(), lr=config["lr"],
                               weight_decay=config["weight_decay"])
        best = _EarlyStopping((-1.0, float("-inf")), config["patience"])
        history: list[dict[str, Any]] = []
        for epoch in range(1, config["epochs"] + 1):
            check_cancelled()
            step.train()
            opt.zero_grad()
            loss = F.cross_entropy(step(x, ei)[mine], y[mine])
            loss.backward()
            opt.step()
            net.eval()
            with torch.no_grad():
                logits = net(x, ei)
                val_loss = float(F.cross_entropy(logits[idx["val"]], y[idx["val"]]))
                prob = logits.softmax(dim=1)
            row = {"epoch": epoch, "loss": round(_mean(shard, float(loss.detach())), 6),
                   "val_loss": round(val_loss, 6),
                   **class_metrics(y[idx["train"]].tolist(), prob[idx["train"]], n_classes, "train"),
                   **class_metrics(y[idx["val"]].tolist(), prob[idx["val"]], n_classes, "val")}
            history.append(row)
            report(epoch, row)
            # higher val accuracy, then lower val loss
            if _agree(shard, best.update(net, (row["val_accuracy"], -val_loss), epoch)):
                break
        net.load_state_dict(best.state)
        net.eval()
        with torch.no_grad():
            prob = net(x, ei).softmax(dim=1)
        final = {**class_metrics(y[idx["val"]].tolist(), prob[idx["val"]], n_classes, "val"),
                 **class_metrics(y[idx["test"]].tolist(), prob[idx["test"]], n_classes, "test")}
    return {"net": net, "history": history, "best_epoch": best.epoch,
            "epochs_run": len(history), "stopped_early": len(history) < config["epochs"],
            "final": final}


def _mean(shard: Shard | None, value: float) -> float:
    return shard.mean(value) if shard else value


def _agree(shard: Shard | None, stop: bool) -> bool:
    return shard.agree(stop) if shard else stop


def link_scores(z: Any, pairs: Any) -> Any:
    """Logits of node pairs (2, k): the dot product of their embeddings."""
    return (z[pairs[0]] * z[pairs[1]]).sum(dim=-1)


def _link_eval(net: Any, d: Any, prefix: str) -> dict[str, Any]:
    import torch

    with torch.no_grad():
        z = net(d.x, d.edge_index)
        logits = link_scores(z, d.pos_edge_label_index).tolist() + \
            link_scores(z, d.neg_edge_label_index).tolist()
    truth = [1] * d.pos_edge_label_index.shape[1] + [0] * d.neg_edge_label_index.shape[1]
    return {f"{prefix}_roc_auc": roc_auc(truth, logits),
            f"{prefix}_accuracy": accuracy(truth, [int(s > 0) for s in logits])}


def fit_link_predictor(inputs: dict[str, Any], config: dict[str, Any], report: Report,
                       check_cancelled: Callable[[], None],
                       shard: Shard | None = None) -> dict[str, Any]:
    """Hold out val/test edges (with as many sampled non-edges), train an encoder whose
    embeddings' dot product scores a pair; early stopping on validation ROC-AUC. With
    ``shard``, this is one worker of a data-parallel training."""
    import torch
    import torch.nn.functional as F

    quiet_import()
    from torch_geometric.data import Data
    from torch_geometric.transforms import RandomLinkSplit
    from torch_geometric.utils import negative_sampling

    with TRAIN_LOCK, deterministic(config["seed"]):
        x = torch.from_numpy(inputs["x"])
        data = Data(x=x, edge_index=torch.from_numpy(inputs["edge_index"]))
        splitter = RandomLinkSplit(num_val=config["val_fraction"], num_test=config["test_fraction"],
                                   is_undirected=not inputs["directed"], split_labels=True,
                                   add_negative_train_samples=False)
        train_d, val_d, test_d = splitter(data)
        device = shard.device if shard else "cpu"
        train_d, val_d, test_d = train_d.to(device), val_d.to(device), test_d.to(device)
        net = build_net(config["arch"], x.shape[1], config["hidden"], config["hidden"],
                        config["layers"], config["dropout"], config["heads"]).to(device)
        step = shard.wrap(net) if shard else net
        opt = torch.optim.Adam(net.parameters(), lr=config["lr"],
                               weight_decay=config["weight_decay"])
        best = _EarlyStopping(-1.0, config["patience"])
        history: list[dict[str, Any]] = []
        pos = train_d.pos_edge_label_index
        for epoch in range(1, config["epochs"] + 1):
            check_cancelled()
            step.train()
            opt.zero_grad()
            z = step(train_d.x, train_d.edge_index)
            neg = negative_sampling(train_d.edge_index, num_nodes=x.shape[0],
                                    num_neg_samples=pos.shape[1])
            p, q = (shard.part(pos), shard.part(neg)) if shard else (pos, neg)
            logits = torch.cat([link_scores(z, p), link_scores(z, q)])
            truth = torch.cat([torch.ones(p.shape[1]), torch.zeros(q.shape[1])]).to(logits.device)
            loss = F.binary_cross_entropy_with_logits(logits, truth)
            loss.backward()
            opt.step()
            net.eval()
            row = {"epoch": epoch, "loss": round(_mean(shard, float(loss.detach())), 6),
                   **_link_eval(net, val_d, "val")}
            history.append(row)
            report(epoch, row)
            auc = row["val_roc_auc"] if row["val_roc_auc"] is not None else 0.0
            if _agree(shard, best.update(net, auc, epoch)):
                break
        net.load_state_dict(best.state)
        net.eval()
        final = {**_link_eval(net, val_d, "val"), **_link_eval(net, test_d, "test")}
        split = {"train_edges": int(pos.shape[1]),
                 "val_edges": int(val_d.pos_edge_label_index.shape[1]),
                 "test_edges": int(test_d.pos_edge_label_index.shape[1]),
                 "negatives": "one sampled non-edge per held-out edge"}
    return {"net": net, "history": history, "best_epoch": best.epoch,
            "epochs_run": len(history), "stopped_early": len(history) < config["epochs"],
            "final": final, "split_counts": split}
