"""A community's member list in the answer is never shorter than the community while
reading as complete: a small community is named in full, beside its size, and a larger one's
list ends with "…". Two tables of two obvious groups (cliques joined by one edge), in other
column names; the cliques are the oracle."""

from __future__ import annotations

import itertools
import re

import pandas as pd
import pytest

from tests.test_directed_totals import _ask


def _cliques(first: list[str], second: list[str], columns: list[str]) -> pd.DataFrame:
    rows = [*itertools.combinations(first, 2), *itertools.combinations(second, 2),
            (first[0], second[0])]
    return pd.DataFrame(rows, columns=columns)


CREWS = (["Odile", "Piers", "Quinn", "Rosa", "Sven"], ["Ada", "Bo", "Cy", "Dee"])
LABS = (["lab_1", "lab_2", "lab_3", "lab_4", "lab_5", "lab_6"], ["x9", "x10", "x11"])


@pytest.mark.parametrize(("groups", "columns"), [
    (CREWS, ["member_a", "member_b"]), (LABS, ["lab_from", "lab_with"])])
def test_a_small_community_is_listed_in_full_beside_its_size(tmp_path, groups, columns):
    resp = _ask(tmp_path, _cliques(*groups, columns), "what communities are there?")
    assert resp.status == "answered", resp.answer
    listed = dict(re.findall(r"community \d+ \((\d+)\): ([^;.]+)", resp.answer))
    want = {str(len(g)): set(g) for g in groups}
    assert {k: set(v.split(", ")) for k, v in listed.items()} == want, resp.answer


def test_a_community_larger_than_the_list_ends_with_an_ellipsis(tmp_path):
    big = [f"p{i}" for i in range(12)]
    table = _cliques(big, ["q1", "q2", "q3"], ["person_a", "person_b"])
    resp = _ask(tmp_path, table, "which communities does this network have?")
    assert resp.status == "answered", resp.answer
    [(size, names)] = [m for m in re.findall(r"community \d+ \((\d+)\): ([^;]+)", resp.answer)
                       if m[0] == "12"]
    shown = names.rstrip(".").split(", ")
    assert shown[-1] == "…" and len(shown) - 1 < 12 and set(shown[:-1]) <= set(big), resp.answer
    assert int(size) == len(big), resp.answer
