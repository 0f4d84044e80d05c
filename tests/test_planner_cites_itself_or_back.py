"""The data's own verb done to itself or returned: "is there a paper that cites itself" asks
for self-loops, "does any paper cite a paper that cites it back" for pairs linked both ways;
each answered Yes or No first, in one verdict."""

from __future__ import annotations

import pandas as pd
import pytest
from planner_support import agents_for

BASE = {"papers": (["citing", "cited"], "paper", "cite"),
        "calls": (["caller", "callee"], "number", "call")}


def _table(name: str, loop: bool, back: bool) -> pd.DataFrame:
    cols, noun, _ = BASE[name]
    rows = [(f"{noun}{i}", f"{noun}{i + 1}") for i in range(6)] + [(f"{noun}0", f"{noun}3")]
    if loop:
        rows.append((f"{noun}2", f"{noun}2"))
    if back:
        rows.append((f"{noun}4", f"{noun}3"))
    return pd.DataFrame(rows, columns=cols)


CASES = [(name, loop, back) for name in BASE for loop, back in ((True, False), (False, True))]


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    yield from agents_for([f"{n}-{lo}-{b}" for n, lo, b in CASES], tmp_path_factory)


def _verbed(verb: str) -> str:
    return verb + "s"


@pytest.mark.parametrize("name, loop, back", CASES)
def test_a_node_doing_the_verb_to_itself_is_a_self_loop(agents, name, loop, back):
    _, noun, verb = BASE[name]
    resp = agents[f"{name}-{loop}-{back}"].ask(f"is there a {noun} that {_verbed(verb)} itself?",
                                               attach=[_table(name, loop, back)])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if loop else "**No**"), resp.answer
    assert "self-loop" in resp.answer, resp.answer


@pytest.mark.parametrize("name, loop, back", CASES)
def test_a_node_whose_partner_does_it_back_is_a_pair_linked_both_ways(agents, name, loop, back):
    _, noun, verb = BASE[name]
    resp = agents[f"{name}-{loop}-{back}"].ask(
        f"does any {noun} {verb} a {noun} that {_verbed(verb)} it back?",
        attach=[_table(name, loop, back)])
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**Yes**" if back else "**No** — no pair"), resp.answer
    assert resp.answer.count("**No**") + resp.answer.count("**None**") <= 1, resp.answer
    if back:
        assert f"{noun}3 ↔ {noun}4" in resp.answer, resp.answer
