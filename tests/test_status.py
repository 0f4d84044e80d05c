"""The one status vocabulary (igraph_agent/status.py): each state set is defined once, the
enums agree with the places that store them, and the widget gets its words from Python."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import igraph_agent
from igraph_agent import status
from igraph_agent.status import (
    DECIDED,
    LIVE_STATES,
    PHASE_STATES,
    SETTLED_STATES,
    ApprovalStatus,
    BarState,
    CallOutcome,
    CancelPhase,
    CardStatus,
    Decision,
    JobState,
    ResponseStatus,
    RunPhase,
    RunState,
    labels,
)

PACKAGE = Path(igraph_agent.__file__).parent
ENUMS = (RunPhase, CancelPhase, ResponseStatus, RunState, CardStatus, BarState, JobState,
         ApprovalStatus, Decision, CallOutcome)
STATES = {str(m) for e in ENUMS for m in e}


def _strings(node: ast.AST) -> list[str] | None:
    """The string members of a literal collection (tuple, list, set, frozenset({...}), dict
    keys), or None when it is not one made only of strings."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id in ("frozenset", "set", "tuple") and len(node.args) == 1:
        node = node.args[0]
    if isinstance(node, ast.Dict):
        if any(isinstance(v, ast.Constant) and (v.value is None or isinstance(v.value, bool))
               for v in node.values):
            return None  # a record whose field names happen to be state words ("ok", "error")
        elts = [k for k in node.keys if k is not None]
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        elts = list(node.elts)
    else:
        return None
    if len(elts) < 2 or not all(isinstance(e, ast.Constant) and isinstance(e.value, str)
                                for e in elts):
        return None
    return [e.value for e in elts]  # type: ignore[attr-defined]


def _definitions() -> list[str]:
    """Every state set written outside status.py: collections, Literal[...] types and enum
    classes whose members are all state strings."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == PACKAGE / "status.py":
            continue
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            where = f"{path.relative_to(PACKAGE)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                members = _strings(node.value)
                if members and set(members) <= STATES:
                    found.append(f"{where} {members}")
            elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) \
                    and node.value.id == "Literal":
                elts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
                values = [e.value for e in elts if isinstance(e, ast.Constant)]
                if len(values) >= 2 and set(values) <= STATES:
                    found.append(f"{where} Literal{values}")
            elif isinstance(node, ast.ClassDef) and any(
                    isinstance(b, ast.Name) and b.id == "StrEnum" for b in node.bases):
                values = [s.value.value for s in node.body if isinstance(s, ast.Assign)
                          and isinstance(s.value, ast.Constant)]
                if len(values) >= 2 and set(values) <= STATES:
                    found.append(f"{where} class {node.name}")
    return found


def _script_literals() -> list[str]:
    """Every state written as a string literal in the package's JavaScript (widget.js): the
    widget gets states from ``labels()``, so none should be there."""
    words = "|".join(sorted(map(re.escape, STATES), key=len, reverse=True))
    literal = re.compile(rf"""(["'`])({words})\1""")
    found = []
    for path in sorted(PACKAGE.rglob("*.js")):
        if "labextension" in path.parts:
            continue  # the built lab extension (minified; its source is TypeScript)
        for n, line in enumerate(path.read_text().splitlines(), 1):
            found += [f"{path.relative_to(PACKAGE)}:{n} {m[0]}" for m in literal.finditer(line)]
    return found


def test_each_status_set_is_defined_once_in_the_status_module():
    assert _definitions() == []


def test_the_widget_script_writes_no_state_of_its_own():
    assert (PACKAGE / "jupyter" / "widget.js").is_file()
    assert _script_literals() == []


def test_the_script_check_finds_a_state_written_in_javascript(tmp_path, monkeypatch):
    (tmp_path / "panel.js").write_text('const LIVE = new Set(["starting", `running`]);\n'
                                       'if (x === "awaiting_approval") go("runningly");\n')
    monkeypatch.setattr(f"{__name__}.PACKAGE", tmp_path)
    assert _script_literals() == ['panel.js:1 "starting"', "panel.js:1 `running`",
                                  'panel.js:2 "awaiting_approval"']


def test_the_check_finds_a_state_set_written_elsewhere():
    node = ast.parse('LIVE = ("starting", "running")').body[0]
    assert _strings(node.value) == ["starting", "running"]  # type: ignore[attr-defined]
    assert {"starting", "running", "awaiting_approval", "queued"} <= STATES


def test_run_states_cover_every_answer_status_and_how_a_run_is_stopped():
    assert {str(s) for s in ResponseStatus} <= {str(s) for s in RunState}
    assert {RunState.CANCELLED, RunState.INTERRUPTED} <= SETTLED_STATES
    assert RunState.AWAITING_APPROVAL not in SETTLED_STATES | LIVE_STATES
    assert set(PHASE_STATES.values()) <= set(RunState)
    assert {str(DECIDED[d]) for d in Decision} <= {str(s) for s in CardStatus}


def test_the_widget_gets_every_state_and_its_words_from_python():
    sent = labels()
    assert set(sent["words"]) == {str(s) for s in (*RunState, *CardStatus)}
    assert sent["words"]["needs_clarification"] == "needs clarification"
    assert sent["live"] == sorted(str(s) for s in LIVE_STATES)
    assert status.label(CardStatus.AWAITING_APPROVAL) == "awaiting approval"
    assert sent["run"] == {"paused": RunState.AWAITING_APPROVAL, "cancelled": RunState.CANCELLED}
    assert sent["card"] == {"running": CardStatus.RUNNING, "failed": CardStatus.FAILED}
    assert sorted(sent["decision"].values()) == sorted(str(d) for d in Decision)


def test_stored_states_read_back_as_the_enums():
    from igraph_agent.store.approvals import ApprovalRecord
    from igraph_agent.store.jobs import JobRecord

    assert JobRecord.model_fields["state"].annotation is JobState
    assert ApprovalRecord.model_fields["status"].annotation is ApprovalStatus
