"""On a reporting table the verbs of reporting read the edges' direction whichever way the
table is written: "who reports to X" and "who does X manage" are X's people, "who does X
report to" and "who manages X" X's boss — checked against the table itself."""

from __future__ import annotations

import pandas as pd
import pytest

UP = pd.DataFrame([("ana", "rui"), ("ben", "rui"), ("cid", "rui"), ("rui", "eva"), ("dan", "eva"),
                   ("eva", "max"), ("fia", "dan"), ("gus", "dan")], columns=["staff", "manager"])
DOWN = pd.DataFrame([("Moss", "Kai"), ("Moss", "Lin"), ("Kai", "Ode"), ("Kai", "Pia"),
                     ("Lin", "Quy")], columns=["supervisor", "employee"])


def _people(table: pd.DataFrame, boss: str) -> set[str]:
    if table.columns[1] == "manager":
        return set(table.loc[table["manager"] == boss, "staff"])
    return set(table.loc[table["supervisor"] == boss, "employee"])


def _boss(table: pd.DataFrame, person: str) -> set[str]:
    if table.columns[1] == "manager":
        return set(table.loc[table["staff"] == person, "manager"])
    return set(table.loc[table["employee"] == person, "supervisor"])


@pytest.mark.parametrize("table,boss,person", [(UP, "rui", "fia"), (DOWN, "Kai", "Quy")])
def test_reporting_verbs_read_the_edges_direction_whichever_way_the_table_is_written(
        agent, table, boss, person):
    first = agent.ask(f"who reports to {boss}?", attach=[table])
    asks = {f"who reports to {boss}?": _people(table, boss),
            f"who does {boss} manage?": _people(table, boss),
            f"who does {person} report to?": _boss(table, person),
            f"who manages {person}?": _boss(table, person)}
    for question, want in asks.items():
        resp = first if question.startswith("who reports") else agent.ask(
            question, session=first.session_id)
        assert resp.status == "answered", (question, resp.answer)
        listed = resp.answer.split(": ", 1)[-1].rstrip(".")
        assert {n.strip() for n in listed.split(",")} == want, (question, resp.answer)


def test_a_clarifying_question_says_staff_not_staffs(agent):
    resp = agent.ask("will ana get promoted next year?", attach=[UP])
    assert resp.status == "needs_clarification", resp.answer
    assert " staff " in resp.answer and "staffs" not in resp.answer, resp.answer


@pytest.mark.parametrize("table,top", [(UP, "max"), (DOWN, "Moss")])
def test_who_is_at_the_top_is_the_one_nobody_is_above(agent, table, top):
    for question in ("who is at the top?", "who has no manager?"):
        resp = agent.ask(question, attach=[table])
        assert resp.status == "answered", resp.answer
        assert resp.answer.startswith("**1** of ") and resp.answer.endswith(f": {top} (0)."), \
            resp.answer
