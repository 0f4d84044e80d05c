"""Graph learning tools on the bundled labelled SBM: train, infer, training_summary, through
real jobs, a real project store and real torch-geometric models."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from igraph_agent.data.sbm import labelled_sbm, true_communities
from igraph_agent.graph.datasets import GraphSpec
from igraph_agent.graph.session import SessionGraph
from igraph_agent.graph.workspace import Workspace
from igraph_agent.runtime.jobs import JobManager
from igraph_agent.store import Store
from igraph_agent.store.jobs import JobStore
from igraph_agent.tools import ToolContext, default_registry

REGISTRY = default_registry()
FAST = {"epochs": 40, "patience": 10}
WAIT = 120  # seconds: a bound for a hung thread, never a timing assertion


class Project:
    """A project home with the SBM constructed and loaded, and a job manager."""

    def __init__(self, home: Path, graph=None) -> None:
        self.store = Store(home / "agent.db")
        self.ws = Workspace(home, self.store)
        src = self.ws.attach(labelled_sbm() if graph is None else graph, "sbm")
        self.dataset_id = self.ws.construct([src["source_id"]], GraphSpec())["id"]
        g, rev = self.ws.load(self.dataset_id)
        self.session = SessionGraph("s")
        self.session.set_graph(g, self.dataset_id, rev)
        self.jobs = JobManager(self.store)
        self.events: list[dict] = []
        self.on_event = None

    def ctx(self, call_id: str = "c1") -> ToolContext:
        def emit(event):
            data = event.wire()
            self.events.append({"type": event.type, **data})
            if self.on_event is not None:
                self.on_event(data)
        return ToolContext(workspace=self.ws, session=self.session, call_id=call_id,
                           jobs=self.jobs.for_run("run_t", emit))

    def call(self, name: str, **args) -> dict:
        return REGISTRY.dispatch(name, args, self.ctx()).envelope()


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    p = Project(tmp_path_factory.mktemp("learning"))
    yield p
    p.store.close()


@pytest.fixture(scope="module")
def gcn(project):
    env = project.call("train", target="faction", arch="gcn", seed=0, **FAST)
    assert env["success"], env["error"]
    return env


def test_train_node_classifier_states_split_metrics_and_stores_the_model(project, gcn):
    d = gcn["data"]
    assert gcn["async"] is False and gcn["job_id"] and d["job_id"] == gcn["job_id"]
    assert d["model_id"].startswith("mdl_")
    assert d["split"]["seed"] == 0 and d["split"]["fractions"] == {"train": 0.6, "val": 0.2,
                                                                  "test": 0.2}
    counts = d["split"]["counts"]
    labelled = sum(1 for _, a in labelled_sbm().nodes(data=True) if "faction" in a)
    assert counts["train"] + counts["val"] + counts["test"] == labelled
    assert d["split"]["unlabelled"] == 300 - labelled
    assert set(d["metrics"]) >= {"test_accuracy", "test_macro_f1", "val_accuracy"}
    assert d["metrics"]["test_accuracy"] > 0.6  # three classes: chance is about 0.33
    # the numeric attributes and, with them, the structural features
    assert d["features"] == ["f0", "f1", "f2", "f3", "structural:degree",
                             "structural:clustering", "structural:pagerank"]
    assert d["classes"] == ["north", "south", "west"]
    folder = project.ws.home / "models" / d["model_id"]
    assert {p.name for p in folder.iterdir()} == {"model.pt", "config.json", "metrics.json",
                                                   "nodes.json"}
    history = json.loads((folder / "metrics.json").read_text())["history"]
    assert len(history) == d["epochs_run"] and 1 <= d["best_epoch"] <= d["epochs_run"]
    model = JobStore(project.store).get_model(d["model_id"])
    assert model["status"] == "ready" and model["revision"] == 1
    # the train job handed its result to a child that stored the model
    root = project.jobs.status(gcn["job_id"])
    assert root["state"] == "done" and root["child_id"] == d["final_job_id"]
    assert project.jobs.status(d["final_job_id"])["parent_id"] == gcn["job_id"]


def test_a_classifier_is_compared_with_the_majority_class_and_chance(project, gcn):
    d = gcn["data"]
    base = d["baselines"]
    assert base["chance"] == round(1 / 3, 4) and base["majority_class"] in d["classes"]
    assert 0 < base["majority"] < d["metrics"]["test_accuracy"]
    assert d["quality"].startswith("Better than the baselines: test accuracy "
                                   f"{d['metrics']['test_accuracy']} against {base['majority']}")


def test_a_model_that_learned_nothing_is_said_to_be_no_better_than_a_baseline(tmp_path):
    import networkx as nx

    g = nx.cycle_graph(100)  # every node looks the same: nothing tells the classes apart
    for n in g:
        g.nodes[n].update(colour="red" if n % 10 < 7 else "blue", size=1.0)
    p = Project(tmp_path, g)
    try:
        env = p.call("train", target="colour", arch="gcn", seed=0, structural=False, **FAST)
        assert env["success"], env["error"]
        d = env["data"]
        assert d["baselines"]["majority_class"] == "red" and d["baselines"]["chance"] == 0.5
        assert d["metrics"]["test_accuracy"] <= d["baselines"]["majority"]
        assert d["quality"].startswith("No better than a baseline")
        assert "most common class (red)" in d["quality"]
    finally:
        p.store.close()


def test_training_progress_goes_out_as_job_progress_events_per_epoch(project, gcn):
    mine = [e for e in project.events if e["job_id"] == gcn["job_id"]]
    seqs = [e["seq"] for e in mine]
    assert seqs == list(range(len(seqs)))
    assert len(mine) == gcn["data"]["epochs_run"] + 1  # one per epoch, then "finished"
    assert all(e["type"] == "job.progress" and 0 <= e["fraction"] <= 1 for e in mine)
    assert mine[0]["message"].startswith("epoch 1/40")


def test_metrics_are_reproducible_with_a_fixed_seed(project):
    runs = [project.call("train", target="faction", arch="sage", seed=3, **FAST) for _ in range(2)]
    assert all(r["success"] for r in runs)
    a, b = (r["data"] for r in runs)
    assert a["model_id"] != b["model_id"]
    assert a["metrics"] == b["metrics"] and a["split"] == b["split"]
    assert a["best_epoch"] == b["best_epoch"] and a["last_epochs"] == b["last_epochs"]
    ha = json.loads((project.ws.home / "models" / a["model_id"] / "metrics.json").read_text())
    hb = json.loads((project.ws.home / "models" / b["model_id"] / "metrics.json").read_text())
    assert ha["history"] == hb["history"]


def test_link_prediction_is_reproducible_and_scores_candidate_links(project):
    runs = [project.call("train", task="link_prediction", arch="gcn", seed=1, **FAST)
            for _ in range(2)]
    assert all(r["success"] for r in runs), runs[0]["error"]
    a, b = (r["data"] for r in runs)
    assert a["metrics"] == b["metrics"] and a["metrics"]["test_roc_auc"] is not None
    assert a["split"]["counts"]["test_edges"] > 0
    pairs = [["n000", "n001"], ["n000", "n299"]]
    env = project.call("infer", model_id=a["model_id"], links=pairs)
    assert env["success"], env["error"]
    preds = env["data"]["predictions"]
    assert [[p["source"], p["target"]] for p in preds] == pairs
    assert all(0 <= p["score"] <= 1 for p in preds)


def test_infer_predicts_unlabelled_nodes_with_scores(project, gcn):
    env = project.call("infer", model_id=gcn["data"]["model_id"], limit=100)
    assert env["success"], env["error"]
    d = env["data"]
    unlabelled = [n for n, a in labelled_sbm().nodes(data=True) if "faction" not in a]
    assert [p["node"] for p in d["predictions"]] == unlabelled
    truth = true_communities()
    right = sum(p["prediction"] == truth[p["node"]] for p in d["predictions"])
    assert right / len(unlabelled) > 0.6
    assert all(0 < p["score"] <= 1 and "known_label" not in p for p in d["predictions"])
    named = project.call("infer", model_id=gcn["data"]["model_id"], nodes=["n000"],
                         probabilities=True)["data"]["predictions"][0]
    assert named["known_label"] == "north" and abs(sum(named["probabilities"].values()) - 1) < 1e-3


def test_infer_needs_a_real_model_id_and_known_nodes(project, gcn):
    env = project.call("infer", model_id="mdl_made_up")
    assert not env["success"] and env["error"]["code"] == "INVALID_ARGUMENTS"
    env = project.call("infer", model_id=gcn["data"]["model_id"], nodes=["nope"])
    assert not env["success"] and env["error"]["code"] == "NODE_NOT_FOUND"


def test_missing_or_too_few_labels_are_invalid_arguments(project):
    env = project.call("train", target="churned")
    assert not env["success"] and env["error"]["code"] == "INVALID_ARGUMENTS"
    assert "faction" in env["error"]["hint"]  # the hint lists the attributes there are
    g = labelled_sbm()
    for i, (_, attrs) in enumerate(g.nodes(data=True)):
        if i >= 6:
            attrs.pop("faction", None)
    few = SessionGraph("few")
    few.set_graph(g, "ds_few", 1)
    ctx = ToolContext(workspace=project.ws, session=few, call_id="c9",
                      jobs=project.jobs.for_run("r"))
    env = REGISTRY.dispatch("train", {"target": "faction"}, ctx).envelope()
    assert not env["success"] and env["error"]["code"] == "INVALID_ARGUMENTS"
    assert "at least 10" in env["error"]["message"] and env["error"]["hint"]
    env = project.call("train", task="node_classification")
    assert env["error"]["code"] == "INVALID_ARGUMENTS"  # no target named


def test_cancel_stops_training_within_one_epoch(project):
    seen: list[dict] = []

    def cancel_at_epoch_3(data):
        seen.append(data)
        if data["message"].startswith("epoch 3/"):
            project.jobs.cancel(data["job_id"])

    project.on_event = cancel_at_epoch_3
    try:
        env = project.call("train", target="faction", epochs=500, patience=500, seed=5)
    finally:
        project.on_event = None
    assert not env["success"] and env["error"]["code"] == "JOB_CANCELLED"
    root = env["error"]["details"]["job_id"]
    assert project.jobs.status(root)["state"] == "cancelled"
    assert project.jobs.descendants(root) == []  # stopped before handing off
    assert [d["message"].split(":")[0] for d in seen] == ["epoch 1/500", "epoch 2/500",
                                                           "epoch 3/500"]
    model = JobStore(project.store).get_model(project.jobs.db.get_job(root).params["model_id"])
    assert model["status"] == "cancelled" and model["metrics"]["epochs_run"] == 3


def test_infer_before_training_finishes_is_blocked(project):
    epoch_2 = threading.Event()
    resume = threading.Event()

    def hold_at_epoch_2(data):
        if data["message"].startswith("epoch 2/"):
            epoch_2.set()
            resume.wait(WAIT)  # the training thread waits here, mid-training

    project.on_event = hold_at_epoch_2
    out: dict = {}
    worker = threading.Thread(target=lambda: out.update(
        env=project.call("train", target="faction", arch="gcn", seed=2, epochs=5, patience=5)))
    worker.start()
    try:
        assert epoch_2.wait(WAIT)
        training = JobStore(project.store).models(status="training")
        assert len(training) == 1
        env = project.call("infer", model_id=training[0]["id"])
        assert not env["success"] and env["error"]["code"] == "RESULT_UNAVAILABLE"
        assert "still training" in env["error"]["message"] and env["error"]["details"]["job_id"]
    finally:
        resume.set()
        worker.join(WAIT)
        project.on_event = None
    assert out["env"]["success"]
    after = project.call("infer", model_id=training[0]["id"], nodes=["n001"])
    assert after["success"]


def test_training_summary_ranks_only_within_one_dataset_and_split(project, gcn):
    other = project.call("train", target="faction", arch="gcn", seed=9, **FAST)
    assert other["success"]
    env = project.call("training_summary", target="faction")
    assert env["success"]
    d = env["data"]
    groups = {g["split"]["seed"]: g for g in d["groups"] if g["task"] == "node_classification"}
    assert {0, 9} <= set(groups)
    assert [r["model_id"] for r in groups[9]["ranking"]] == [other["data"]["model_id"]]
    assert gcn["data"]["model_id"] in [r["model_id"] for r in groups[0]["ranking"]]
    assert d["note"] and "not comparable" in d["note"]
    for g in d["groups"]:
        values = [r[g["metric"]] for r in g["ranking"]]
        assert values == sorted(values, reverse=True)
        assert all(e["config"]["seed"] == g["split"]["seed"] for e in g["experiments"])


def test_infer_with_a_model_whose_revision_moved_is_revision_conflict(tmp_path):
    p = Project(tmp_path)
    env = p.call("train", target="faction", **FAST)
    assert env["success"]
    g = p.session.require().copy()
    g.remove_node("n299")
    p.ws.save_revision(p.dataset_id, g, 1)  # the dataset moves on to revision 2
    moved = p.call("infer", model_id=env["data"]["model_id"])
    assert not moved["success"] and moved["error"]["code"] == "REVISION_CONFLICT"
    assert moved["error"]["details"] == {"model_revision": 1, "current_revision": 2}
    p.store.close()


def test_plot_training_curve_draws_loss_and_validation_metrics(project, gcn):
    from igraph_agent.learn.plot import plot_training_curve

    fig = plot_training_curve(project.ws.home, gcn["data"]["model_id"])
    labels = [line.get_label() for ax in fig.axes for line in ax.get_lines()]
    assert {"train loss", "val accuracy", "val macro f1"} <= set(labels)
    loss = fig.axes[0].get_lines()[0]
    assert len(loss.get_xdata()) == gcn["data"]["epochs_run"]


# -- through the agent loop -----------------------------------------------------------
def _loaded_agent(agent):
    src = agent.workspace.attach(labelled_sbm(), "sbm")
    ds = agent.workspace.construct([src["source_id"]], GraphSpec())["id"]
    g, rev = agent.workspace.load(ds)
    agent.graph().set_graph(g, ds, rev)
    return ds


def test_infer_in_the_same_turn_waits_for_train_and_is_blocked_when_it_fails(agent):
    from igraph_agent import RunOptions
    from igraph_agent.model.scripted import ScriptedModel, call

    _loaded_agent(agent)
    model = ScriptedModel([[call("train", target="churned"), call("infer", model_id="mdl_x")],
                           "Training failed, so nothing was predicted."])
    resp = agent.ask("Train and predict", options=RunOptions(model=model.id))
    by_tool = {a.tool: a for a in resp.actions}
    assert by_tool["train"].error_code == "INVALID_ARGUMENTS"
    assert by_tool["infer"].error_code == "TOOL_DEPENDENCY_BLOCKED"


def test_offline_planner_trains_then_infers_with_the_real_model_id(agent):
    resp = agent.ask("Train a model to predict faction and predict faction for the unlabelled "
                     "nodes", attach=[labelled_sbm()])
    assert resp.status == "answered", (resp.answer, resp.error)
    record = agent.run_record(resp.run_id)
    calls = {c["tool"]: c for c in record["tool_calls"]}
    model_id = calls["train"]["envelope"]["data"]["model_id"]
    assert calls["train"]["envelope"]["async"] is False and calls["train"]["envelope"]["job_id"]
    assert calls["infer"]["args"]["model_id"] == model_id
    assert [c["tool"] for c in record["tool_calls"]].index("train") < \
        [c["tool"] for c in record["tool_calls"]].index("infer")
    assert model_id in resp.answer and "test accuracy" in resp.answer
    progress = [e for e in record["events"] if e["type"] == "job.progress"]
    assert progress and {"job_id", "seq", "fraction", "message"} <= set(progress[0]["data"])
    summary = agent.ask("Show the training summary")
    assert summary.status == "answered" and model_id in summary.answer


def test_planner_reads_target_architecture_and_node_ids_from_the_question():
    from igraph_agent.model.learning_intents import _arch, _nodes, _target

    assert _target("Train a GraphSAGE to predict faction") == "faction"
    assert _arch("Train a GraphSAGE to predict faction") == "sage"
    assert _arch("train a model to predict churn") == "gcn"
    assert _nodes("Predict faction for n001, n002 and n005.") == ["n001", "n002", "n005"]
    assert _nodes("Predict faction for the unlabelled nodes") == []
