"""Groups of a node table in the question's words, on a directed table with a node table
(``sender,recipient,emails`` + ``department,salary``; ``payer,payee,amount`` +
``sector,revenue``): "who in Marketing gets the most email" ranks what arrives within the
group, "average salary by department" is every group's mean, and "does Finance email Legal
more than Legal emails Finance" compares the two ways' totals and says Yes or No. Checked
against the tables themselves."""

from __future__ import annotations

import re

import pandas as pd
import pytest
from planner_support import agent_for

EMAIL = pd.DataFrame([("ana", "bo", 12), ("bo", "ana", 3), ("cy", "ana", 7), ("dee", "cy", 20),
                      ("eli", "dee", 4), ("fay", "eli", 9), ("ana", "fay", 6), ("gus", "bo", 15),
                      ("bo", "gus", 2), ("cy", "gus", 5), ("fay", "dee", 11), ("eli", "ana", 8)],
                     columns=["sender", "recipient", "emails"])
STAFF = pd.DataFrame({"id": ["ana", "bo", "cy", "dee", "eli", "fay", "gus"],
                      "department": ["Marketing", "Marketing", "Finance", "Finance", "Legal",
                                     "Legal", "Marketing"],
                      "salary": [52000, 61000, 70000, 83000, 90000, 76000, 48000]})
PAYMENTS = pd.DataFrame([("Acme", "Brill", 300), ("Brill", "Corvo", 120), ("Corvo", "Acme", 80),
                         ("Dyna", "Acme", 500), ("Acme", "Dyna", 40), ("Eos", "Brill", 60),
                         ("Corvo", "Eos", 210)], columns=["payer", "payee", "amount"])
FIRMS = pd.DataFrame({"id": ["Acme", "Brill", "Corvo", "Dyna", "Eos"],
                      "sector": ["Retail", "Energy", "Energy", "Retail", "Transport"],
                      "revenue": [12.5, 40.0, 22.0, 9.5, 31.0]})
CASES = {"email": (EMAIL, STAFF), "payments": (PAYMENTS, FIRMS)}


@pytest.fixture(scope="module")
def agent(tmp_path_factory):
    yield from agent_for("group_words", tmp_path_factory)


def _ask(agent, case: str, question: str):
    return agent.ask(question, attach=list(CASES[case]))


@pytest.mark.parametrize(("case", "group", "question"), [
    ("email", "Marketing", "who in Marketing gets the most email?"),
    ("payments", "Energy", "who in Energy receives the most money?"),
])
def test_the_most_received_within_a_named_group(agent, case, group, question):
    edges, nodes = CASES[case]
    _src, dst, val = edges.columns
    members = set(nodes.loc[nodes.iloc[:, 1] == group, "id"])
    into = edges[edges[dst].isin(members)].groupby(dst)[val].sum()
    resp = _ask(agent, case, question)
    assert resp.status == "answered", resp.answer
    assert f"**{into.idxmax()}** has the highest {val} total over its incoming edges" in \
        resp.answer and f"**{into.max()}**" in resp.answer, resp.answer


@pytest.mark.parametrize(("case", "question"), [
    ("email", "average salary by department"),
    ("email", "what is the average salary in each department?"),
    ("payments", "mean revenue per sector"),
])
def test_an_average_per_group_lists_every_groups_mean(agent, case, question):
    _edges, nodes = CASES[case]
    attr, num = nodes.columns[1], nodes.columns[2]
    means = nodes.groupby(attr)[num].mean().sort_values(ascending=False)
    resp = _ask(agent, case, question)
    assert resp.status == "answered", resp.answer
    listed = re.findall(r"\*\*(\w+)\*\* ([\d.]+) \((\d+) nodes\)", resp.answer)
    assert [g for g, _, _ in listed] == list(means.index), resp.answer
    for g, shown_mean, size in listed:
        assert float(shown_mean) == pytest.approx(means[g], rel=1e-3)
        assert int(size) == (nodes[attr] == g).sum()


@pytest.mark.parametrize(("case", "question", "a", "b", "more"), [
    ("email", "Does Finance email Legal more than Legal emails Finance?", "Finance", "Legal",
     True),
    ("email", "does Legal email Finance more than Finance emails Legal?", "Legal", "Finance",
     True),
    ("payments", "Does Retail pay Energy less than Energy pays Retail?", "Retail", "Energy",
     False),
    ("payments", "Does Energy receive more from Retail than Retail gets from Energy?", "Retail",
     "Energy", True),
])
def test_one_way_between_two_groups_against_the_other_is_yes_or_no(agent, case, question, a,
                                                                     b, more):
    edges, nodes = CASES[case]
    src, dst, val = edges.columns
    group = dict(zip(nodes["id"], nodes.iloc[:, 1], strict=True))
    sums = edges.assign(f=edges[src].map(group), t=edges[dst].map(group)).groupby(
        ["f", "t"])[val].sum()
    one, back = sums.get((a, b), 0), sums.get((b, a), 0)
    resp = _ask(agent, case, question)
    assert resp.status == "answered", resp.answer
    yes = one > back if more else one < back
    assert resp.answer.startswith(f"**{'Yes' if yes else 'No'}** — from {a} to {b}"), resp.answer
    assert f"**{one} {val}**" in resp.answer and f"**{back} {val}**" in resp.answer, resp.answer
