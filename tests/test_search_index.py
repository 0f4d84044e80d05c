"""search_node and search_edge on a large stored revision go through indexes built once per
revision, without building networkx: search_node gives exactly the answer of scoring every
text one by one (the exhaustive path); search_edge lists the same best edges with the same
scores, and counts at most the exhaustive total (a lower bound it says it is)."""

from __future__ import annotations

import random

import networkx as nx
import pandas as pd
import pytest
from tools_support import context, ok

from igraph_agent.graph.lazy import is_built
from igraph_agent.graph.session import SessionGraph
from igraph_agent.tools import ToolContext, search, search_index

FIRST = ["Maria", "John", "Aiko", "Pierre", "Olu", "Ines", "Tomasz", "Wei", "Sven", "Lena"]
LAST = ["Lopez", "Smith", "Tanaka", "Dubois", "Adeyemi", "Silva", "Nowak", "Chen", "Berg"]
TIES = ["cousin", "colleague", "neighbour", "classmate"]


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """A 60k-edge revision of named people (ids p0..), loaded from its stored tables."""
    tmp = tmp_path_factory.mktemp("people")
    rng = random.Random(5)
    n, m = 12_000, 60_000
    people = pd.DataFrame({"person": [f"p{i}" for i in range(n)],
                           "label": [f"{rng.choice(FIRST)} {rng.choice(LAST)}{i}"
                                     for i in range(n)]})
    pairs = set()
    while len(pairs) < m:
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b:
            pairs.add((min(a, b), max(a, b)))
    ties = pd.DataFrame({"knower": [f"p{a}" for a, _ in pairs],
                         "known": [f"p{b}" for _, b in pairs],
                         "tie": [rng.choice(TIES) for _ in pairs]})
    people.to_csv(tmp / "people.csv", index=False)
    ties.to_csv(tmp / "ties.csv", index=False)
    base = context(tmp, nx.Graph())
    session = SessionGraph("people")
    sids = [base.workspace.attach(tmp / f)["source_id"] for f in ("ties.csv", "people.csv")]
    session.attached_sources = sids
    ctx = ToolContext(workspace=base.workspace, session=session, call_id="c1")
    ds = ok(ctx, "construct_graph", source_ids=sids)["dataset_id"]
    ok(ctx, "load_constructed_graph", dataset_id=ds)
    assert not is_built(session.graph) and session.graph.number_of_edges() == m
    return ctx


def _one_by_one(index, query, cut, limit, exact=None):
    """Every node text scored alone (rapidfuzz's ``extract``, best first), each node kept by
    the first of its best texts, ranked by score, an id match first, then the id as text."""
    keys = [(index.ids[n], index.columns[c])
            for n, c in zip(index.node_at.tolist(), index.column_at.tolist(), strict=True)]
    best: dict = {}
    for (node, field), value, score in search._rank(query, index.raw, keys, cut):
        if node not in best or score > best[node]["score"]:
            best[node] = {"node": node, "score": score, "matched_field": field,
                          "matched_value": value}
    if exact is not None:
        best[exact] = {"node": exact, "score": 100.0, "matched_field": "id",
                       "matched_value": exact}
    ranked = sorted(best.values(), key=lambda c: (-c["score"], c["matched_field"] != "id",
                                                  str(c["node"])))
    return ranked[:limit], len(ranked)


def _both(ctx, monkeypatch, tool: str, **args) -> tuple[dict, dict]:
    indexed = ok(ctx, tool, **args)
    with monkeypatch.context() as mp:
        mp.setattr(search_index, "INDEX_MIN_EDGES", 10**12)  # every edge text scored
        # every node text processed and scored one by one; degrees counted in the tables
        mp.setattr(search_index.NodeIndex, "best", _one_by_one)
        mp.setattr(search, "stored_degrees", lambda g, wanted: None)
        exhaustive = ok(ctx, tool, **args)
    return indexed, exhaustive


@pytest.mark.slow
@pytest.mark.parametrize("query", ["Maria Lopez17", "p4242", "tanaka", "Pierre Dubos", "42"])
def test_search_node_through_the_index_gives_the_exhaustive_answer(big, monkeypatch, query):
    indexed, exhaustive = _both(big, monkeypatch, "search_node", query=query, limit=10)
    assert indexed == exhaustive and indexed["candidates"]
    assert not is_built(big.session.graph)


@pytest.mark.slow
@pytest.mark.parametrize("query", ["Maria Lopez17", "cousin", "Wei Chen neighbour",
                                   "Sven Berg Lena Silva"])
def test_search_edge_through_the_index_lists_the_exhaustive_best_edges(big, monkeypatch, query):
    indexed, exhaustive = _both(big, monkeypatch, "search_edge", query=query, limit=10)
    assert indexed["index"]["candidate_nodes"] > 0 and indexed["index"]["total_is_at_least"]
    assert indexed["edges"] == exhaustive["edges"] and len(indexed["edges"]) == 10
    assert 0 < indexed["total_matches"] <= exhaustive["total_matches"]
    assert not is_built(big.session.graph)


@pytest.mark.slow
def test_search_edge_on_ids_ranks_as_the_exhaustive_search_and_counts_at_most_its_total(
        big, monkeypatch):
    # "p17" resembles thousands of ids (p170, p1717, ...): the candidates are capped per
    # word, so weak matches between two unrelated ids are not all counted
    indexed, exhaustive = _both(big, monkeypatch, "search_edge", query="p4242 p17", limit=10)
    assert indexed["edges"] == exhaustive["edges"] and len(indexed["edges"]) == 10
    assert indexed["index"]["total_is_at_least"] is True
    assert 0 < indexed["total_matches"] <= exhaustive["total_matches"]


def test_two_concurrent_first_searches_build_the_node_index_and_degrees_once_and_agree(tmp_path,
                                                                            monkeypatch):
    """The calls of one turn run on threads: the second waits for the first's index."""
    import threading
    import time

    edges = pd.DataFrame({"source": [f"n{i}" for i in range(300)],
                          "target": [f"n{(i * 11 + 5) % 300}" for i in range(300)]})
    base = context(tmp_path, nx.Graph())
    session = SessionGraph("two")
    sid = base.workspace.attach(edges, name="ring")["source_id"]
    session.attached_sources = [sid]
    ctx = ToolContext(workspace=base.workspace, session=session, call_id="c1")
    ds = ok(ctx, "construct_graph", source_ids=[sid])["dataset_id"]
    ok(ctx, "load_constructed_graph", dataset_id=ds)
    built = []
    make = search_index.NodeIndex.of_table

    def slow_build(nodes, fields):
        built.append(fields)
        time.sleep(0.3)  # long enough for the other call to arrive meanwhile
        return make(nodes, fields)

    monkeypatch.setattr(search_index.NodeIndex, "of_table", slow_build)
    counted = []
    count = search_index._count_degrees
    monkeypatch.setattr(search_index, "_count_degrees", lambda g: counted.append(1) or count(g))
    found: dict[str, dict] = {}
    calls = [threading.Thread(target=lambda q=q: found.__setitem__(q, ok(ctx, "search_node",
                                                                          query=q)))
             for q in ("n17", "n171")]
    for t in calls:
        t.start()
    for t in calls:
        t.join()
    assert built == [[]] and counted == [1]  # one index and one degree count for both
    assert found["n17"]["candidates"][0]["node"] == "n17"
    assert found["n171"]["candidates"][0]["node"] == "n171"
    monkeypatch.setattr(search_index.NodeIndex, "of_table", make)
    search_index._NODES.pop(session.graph, None)  # built again without the lock's help
    assert ok(ctx, "search_node", query="n17") == found["n17"]
