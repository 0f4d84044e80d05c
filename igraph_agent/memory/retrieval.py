"""Hybrid retrieval over memory records: BM25, plus embeddings when a model is configured.

With ``IGRAPH_AGENT_EMBEDDING_MODEL`` set (any litellm embedding model id), results fuse
the BM25 ranking and the cosine ranking by reciprocal rank (k=60). Without one -- or when
the embedding call fails -- retrieval is lexical only and says so in ``mode``/``note``.

Example::

    >>> [i for i, _ in bm25_rank("report format", ["Lead reports with conclusions", "Use pagerank"])]
    [0]
"""

from __future__ import annotations

import math
import os
import re
from collections import Counter
from collections.abc import Callable, Sequence

Embedder = Callable[[list[str]], list[list[float]]]
EMBEDDING_ENV = "IGRAPH_AGENT_EMBEDDING_MODEL"
LEXICAL_NOTE = ("lexical retrieval (BM25) only: no embedding model is configured; set "
                f"{EMBEDDING_ENV} to a litellm embedding model for hybrid retrieval")
_TOKEN = re.compile(r"[a-z0-9]+")
_STOP = {"the", "a", "an", "and", "or", "of", "to", "in", "on", "for", "with", "is", "are",
         "be", "it", "this", "that", "by", "as", "at", "my", "me", "i", "we", "our", "you"}


def tokens(text: str) -> list[str]:
    """Lowercase word tokens without stop words, lightly stemmed (reports -> report)."""
    return [_stem(t) for t in _TOKEN.findall(text.lower()) if t not in _STOP]


def _stem(t: str) -> str:
    for suffix in ("ing", "ies", "es", "ed", "s"):
        if len(t) > len(suffix) + 2 and t.endswith(suffix) and not t.endswith("ss"):
            return t[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return t


def bm25_rank(query: str, docs: Sequence[str], k1: float = 1.5, b: float = 0.75
              ) -> list[tuple[int, float]]:
    """(doc index, score) for documents sharing a term with the query, best first.

    Example: bm25_rank("pagerank", ["use pagerank", "reports"]) -> [(0, 0.69...)]
    """
    q = tokens(query)
    toks = [tokens(d) for d in docs]
    if not q or not docs:
        return []
    n = len(docs)
    avg = sum(len(t) for t in toks) / n or 1.0
    df = Counter(term for t in toks for term in set(t))
    scores = []
    for i, t in enumerate(toks):
        tf = Counter(t)
        s = 0.0
        for term in q:
            if term not in tf:
                continue
            idf = math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
            s += idf * tf[term] * (k1 + 1) / (tf[term] + k1 * (1 - b + b * len(t) / avg))
        if s > 0:
            scores.append((i, s))
    return sorted(scores, key=lambda x: (-x[1], x[0]))


def cosine_rank(query_vec: list[float], vecs: Sequence[list[float] | None]) -> list[tuple[int, float]]:
    def cos(a: list[float], v: list[float]) -> float:
        na = math.sqrt(sum(x * x for x in a))
        nv = math.sqrt(sum(x * x for x in v))
        return sum(x * y for x, y in zip(a, v, strict=False)) / (na * nv) if na and nv else 0.0

    scored = [(i, cos(query_vec, v)) for i, v in enumerate(vecs) if v]
    return sorted(scored, key=lambda x: (-x[1], x[0]))


def fuse(*rankings: list[tuple[int, float]], k: int = 60) -> list[tuple[int, float]]:
    """Reciprocal-rank fusion of several rankings."""
    total: dict[int, float] = {}
    for ranking in rankings:
        for rank, (i, _) in enumerate(ranking):
            total[i] = total.get(i, 0.0) + 1.0 / (k + rank + 1)
    return sorted(total.items(), key=lambda x: (-x[1], x[0]))


def litellm_embedder(model: str | None = None) -> Embedder | None:
    """An embedder calling litellm with the configured model, or None when none is set."""
    model = model or os.environ.get(EMBEDDING_ENV) or None
    if not model:
        return None

    def embed(texts: list[str]) -> list[list[float]]:
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        import litellm

        resp = litellm.embedding(model=model, input=texts)
        return [list(map(float, d["embedding"])) for d in resp.data]

    return embed
