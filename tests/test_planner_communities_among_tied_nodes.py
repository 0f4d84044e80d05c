"""A community count asked among the nodes that have ties ("among the people who actually
have coauthors", "ignoring isolated nodes") leaves out the nodes alone in their community:
each isolated node from the node table is a singleton community of its own, which that
question does not count. Two tables of two obvious groups (cliques joined by one edge) with
isolated nodes only in the node table, in other column names; the cliques are the oracle."""

from __future__ import annotations

import itertools
import re

import pandas as pd
import pytest

from tests.planner_support import ask_as_csv_files


def _tables(groups, alone, columns, id_column):
    first, second = groups
    rows = [*itertools.combinations(first, 2), *itertools.combinations(second, 2),
            (first[0], second[0])]
    ids = [*first, *second, *alone]
    nodes = pd.DataFrame({id_column: ids, "since": [2000 + i for i in range(len(ids))]})
    return pd.DataFrame(rows, columns=columns), nodes


CASES = [
    ((["Alma", "Bela", "Cyd", "Dina", "Ezra"], ["Hiro", "Ilse", "Jul", "Kai"]), ["Uma"],
     ["author", "coauthor"], "author", "How many research communities are there among the "
     "people who actually have coauthors?"),
    ((["d1", "d2", "d3", "d4", "d5", "d6"], ["d7", "d8", "d9", "d10"]), ["d11", "d12"],
     ["depot_a", "depot_b"], "depot", "how many clusters of depots are there, ignoring "
     "isolated depots?"),
]


@pytest.mark.parametrize(("groups", "alone", "columns", "id_column", "question"), CASES)
def test_a_community_count_among_tied_nodes_leaves_out_the_singletons(
        tmp_path, groups, alone, columns, id_column, question):
    edges, nodes = _tables(groups, alone, columns, id_column)
    resp = ask_as_csv_files(tmp_path, edges, nodes, question)
    assert resp.status == "answered", resp.answer
    assert re.match(r"\*\*2 communities\*\* with more than one member", resp.answer), resp.answer
    assert f"counting {len(alone)} singleton" in resp.answer, resp.answer


def test_a_plain_community_count_still_counts_every_community(tmp_path):
    edges, nodes = _tables(CASES[0][0], ["Uma"], ["author", "coauthor"], "author")
    resp = ask_as_csv_files(tmp_path, edges, nodes, "How many communities are there?")
    assert resp.status == "answered", resp.answer
    assert resp.answer.startswith("**3 communities**"), resp.answer
