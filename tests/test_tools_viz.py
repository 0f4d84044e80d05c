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
    assert html.count("<circle ") == 34 and "<path d=\"M" in html  # positions fixed, no physics
    assert "vis" not in html.lower().replace("visual", "")  # no drawing library inlined
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
    assert all(f"<title>{n} · group" in html for n in top)


def _drawn(html: str) -> set[str]:
    return set(re.findall(r"<title>([^<]+?) · group", html))


def test_a_neighbourhood_drawing_contains_exactly_the_ego_network(tmp_path):
    g = lesmis()
    centre = "Valjean"
    for radius in (1, 2):
        data = ok(context(tmp_path, g), "visualize_subgraph", nodes=[centre], radius=radius)
        html = Path(data["html_path"]).read_text()
        ego = nx.ego_graph(g, centre, radius=radius)
        assert _drawn(html) == {str(n) for n in ego} and not data["capped"]
        assert data["edges_shown"] == ego.number_of_edges()
        assert data["title"] == f"Neighbourhood of {centre} ({radius} hop{'s' * (radius > 1)})"
        assert data["seeds"] == [centre] and data["radius"] == radius
        # the centre is ringed; it and each direct neighbour carry a label
        ringed = re.findall(r"<circle data-i=(\d+)[^>]*style=\"stroke:", html)
        assert len(ringed) == 1
        labels = set(re.findall(r"<text data-l=\d+ [^>]*>([^<]+)</text>", html))
        assert {centre, *map(str, g[centre])} <= labels


def test_an_overview_says_it_is_one_and_how_it_was_cut(tmp_path):
    whole = ok(context(tmp_path, karate()), "visualize_subgraph")
    assert whole["title"] == "Graph overview: every node"
    cut = ok(context(tmp_path, lesmis()), "visualize_subgraph", max_nodes=20)
    assert cut["title"] == "Graph overview: the 20 largest of 77 nodes by degree"


def test_labels_use_the_theme_text_colour_at_a_readable_size_inside_the_picture(tmp_path):
    data = ok(context(tmp_path, lesmis()), "visualize_subgraph")
    html = Path(data["html_path"]).read_text()
    assert "fill:var(--jp-ui-font-color0,#222)" in html and "font:24px sans-serif" in html
    box = re.search(r'viewBox="(-?\d+) (-?\d+) (\d+) (\d+)"', html)
    left, top = int(box[1]), int(box[2])
    for x, y, anchor in re.findall(r"<text data-l=\d+ x=(-?\d+) y=(-?[\d.]+)( text-anchor=\w+)?",
                                   html):
        assert float(y) - 24 >= top  # the label's top is inside the picture
        if not anchor:  # centred labels keep clear of the sides
            assert 120 < int(x) < 880 and int(x) - 120 > left


def test_colours_follow_the_partition_of_community_detection(tmp_path):
    ctx = context(tmp_path, karate())
    found = ok(ctx, "community_detection", method="louvain", seed=3)
    data = ok(ctx, "visualize_subgraph")
    assert data["color_by"] == "communities from community_detection (louvain, seed 3)"
    assert data["groups"] == found["communities"]


def test_without_a_partition_communities_are_computed_for_the_drawing(tmp_path):
    data = ok(context(tmp_path, lesmis()), "visualize_subgraph")  # no node attributes
    assert data["color_by"] == "Louvain communities of the drawn nodes (seed 42)"
    assert data["groups"] >= 2


def test_without_a_partition_the_graphs_own_grouping_colours_the_drawing(tmp_path):
    """The data's groups (karate's two clubs, a country, a department) come before any
    computed communities."""
    data = ok(context(tmp_path, karate()), "visualize_subgraph")
    assert data["color_by"] == "club" and data["groups"] == 2
    g = karate()
    nx.set_node_attributes(g, {n: ("north" if int(n) % 2 else "south") for n in g}, "region")
    two = ok(context(tmp_path / "two", g), "visualize_subgraph")  # two groupings: no guess
    assert two["color_by"].startswith("Louvain")


def test_unknown_seed_or_attribute_fails_with_a_code_and_hint(tmp_path):
    ctx = context(tmp_path, karate())
    missing = call(ctx, "visualize_subgraph", nodes=["nope"])
    assert missing["error"]["code"] == "NODE_NOT_FOUND" and "node ids" in missing["error"]["hint"]
    attr = call(ctx, "visualize_subgraph", color_by="colour")
    assert attr["error"]["code"] == "INVALID_ARGUMENTS"
    size = call(ctx, "visualize_subgraph", size_by="nonsense")
    assert size["error"]["code"] == "INVALID_ARGUMENTS"
    assert not list((tmp_path / "reports").glob("*.html"))


def test_the_same_graph_is_drawn_the_same_way_every_time(tmp_path):
    pages = [Path(ok(context(tmp_path / str(i), karate()), "visualize_subgraph")["html_path"])
             .read_text() for i in range(2)]
    assert pages[0] == pages[1]


def test_a_200_node_drawing_adds_under_60_kb_to_a_notebook(tmp_path):
    import json

    from igraph_agent.jupyter.display import drawing_html

    g = nx.relabel_nodes(nx.barabasi_albert_graph(200, 2, seed=1), str)
    data = ok(context(tmp_path, g), "visualize_subgraph", max_nodes=200)
    page = Path(data["html_path"]).read_text()
    output = {"output_type": "display_data", "metadata": {},
              "data": {"text/html": drawing_html({"title": "t", "html": page}),
                       "text/plain": "<IPython.core.display.HTML object>"}}
    added = len(json.dumps(output, indent=1))
    print(f"a {data['nodes_shown']}-node, {data['edges_shown']}-edge drawing adds {added} bytes")
    assert data["nodes_shown"] == 200 and added < 60_000
