"""The top-k of a ranking cut by numpy first is exactly heapq's: highest score first, ties
by the node's text, in the input's order after that -- with ties at the cut, integer and
float scores, NaN and values that are not numbers."""

from __future__ import annotations

import heapq
import random

import pytest

from igraph_agent.tools.common import top_scored


def _heapq(pairs, k):
    return heapq.nsmallest(k, pairs, key=lambda kv: (-kv[1], str(kv[0])))


@pytest.mark.parametrize("seed", range(40))
def test_top_scored_is_heapqs_top_k_on_large_rankings_with_ties(seed):
    rng = random.Random(seed)
    n, k = rng.choice([300, 2_000, 20_000]), rng.choice([1, 5, 10, 50])
    scores = {(f"n{i}" if rng.random() < 0.8 else i):
              rng.choice([rng.random(), float(rng.randint(0, 5)), rng.randint(0, 3)])
              for i in range(n)}
    assert top_scored(scores, k) == _heapq(scores.items(), k)
    assert top_scored(list(scores.items()), k) == _heapq(scores.items(), k)


def test_nan_and_non_numeric_scores_rank_as_python_compares_them():
    with_nan = {f"n{i}": float("nan") if i % 97 == 0 else i % 13 for i in range(5_000)}
    assert top_scored(with_nan, 7) == _heapq(with_nan.items(), 7)
    texts = {f"n{i}": (i % 5, i) for i in range(5_000)}  # tuples: not numbers
    with pytest.raises(TypeError):  # as heapq: a tuple cannot be negated
        _heapq(texts.items(), 3)
    with pytest.raises(TypeError):
        top_scored(texts, 3)


def test_huge_integer_scores_keep_their_exact_order():
    big = 2**60
    scores = {f"n{i}": big + i for i in range(3_000)}  # equal as floats, not as integers
    assert top_scored(scores, 5) == _heapq(scores.items(), 5)
    assert [n for n, _ in top_scored(scores, 3)] == ["n2999", "n2998", "n2997"]
