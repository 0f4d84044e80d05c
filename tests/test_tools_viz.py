"""visualize_subgraph: a self-contained page in reports/, coloured by community, capped."""

from __future__ import annotations

import re
from pathlib import Path

import networkx as nx
from tools_support import call, context, karate, lesmis, ok


def test_drawing_is_a_self_contained_page_in_reports(tmp_path):
    ctx = context(tmp_path, karate())
    data = ok(ctx, "visualize_subgraph")
    page = Path(data["html_path"])
    assert page.parent == (tmp_path / "reports").resolve() and page.is_file()
    html = page.read_text()
    assert "vis-network" in html and 'new vis.Network' in html
    assert not re.findall(r"<(?:script|link)[^>]*(?:src|href)=\"https?://", html)
    assert (data["nodes_shown"], data["edges_shown"], data["capped"]) == (34, 78, False)


def test_node_count_is_capped_with_a_note(tmp_path):
    ctx = context(tmp_path, lesmis())
    data = ok(ctx, "visualize_subgraph", max_nodes=20, size_by="pagerank")
    assert data["capped"] and data["nodes_shown"] == 20 and data["nodes_total"] == 77
    assert data["note"].startswith("showing 20 of 77 nodes (the largest by pagerank)")
    assert "showing 20 of 77 nodes" in Path(data["html_path"]).read_text()
    pr = nx.pagerank(lesmis())
    top = sorted(pr, key=lambda n: -pr[n])[:20]
    html = Path(data["html_path"]).read_text()
    assert all(f'"id": "{n}"' in html for n in top)


def test_seed_nodes_draw_their_neighbourhood(tmp_path):
    g = karate()
    data = ok(context(tmp_path, g), "visualize_subgraph", nodes=["0"], radius=1)
    assert data["nodes_shown"] == g.degree("0") + 1
    assert data["title"] == "Neighbourhood of 0"


def test_colours_follow_the_partition_of_community_detection(tmp_path):
    ctx = context(tmp_path, karate())
    found = ok(ctx, "community_detection", method="louvain", seed=3)
    data = ok(ctx, "visualize_subgraph")
    assert data["color_by"] == "communities from community_detection (louvain, seed 3)"
    assert data["groups"] == found["communities"]


def test_without_a_partition_communities_are_computed_for_the_drawing(tmp_path):
    data = ok(context(tmp_path, karate()), "visualize_subgraph")
    assert data["color_by"] == "Louvain communities of the drawn nodes (seed 42)"
    assert data["groups"] >= 2


def test_unknown_seed_or_attribute_fails_with_a_code_and_hint(tmp_path):
    ctx = context(tmp_path, karate())
    missing = call(ctx, "visualize_subgraph", nodes=["nope"])
    assert missing["error"]["code"] == "NODE_NOT_FOUND" and "node ids" in missing["error"]["hint"]
    attr = call(ctx, "visualize_subgraph", color_by="colour")
    assert attr["error"]["code"] == "INVALID_ARGUMENTS"
    size = call(ctx, "visualize_subgraph", size_by="nonsense")
    assert size["error"]["code"] == "INVALID_ARGUMENTS"
    assert not list((tmp_path / "reports").glob("*.html"))
