"""search_node and search_edge: ranked fuzzy candidates with real ids."""

from __future__ import annotations

from tools_support import GRAPHS, context, karate, ok


def test_exact_id_ranks_first_with_full_score(tmp_path):
    data = ok(context(tmp_path, GRAPHS["lesmis"]()), "search_node", query="Valjean")
    best = data["candidates"][0]
    assert best == {"node": "Valjean", "score": 100.0, "matched_field": "id",
                    "matched_value": "Valjean", "degree": 36}


def test_a_misspelt_name_finds_the_node(tmp_path):
    data = ok(context(tmp_path, GRAPHS["lesmis"]()), "search_node", query="valjan")
    assert data["candidates"][0]["node"] == "Valjean"
    scores = [c["score"] for c in data["candidates"]]
    assert scores == sorted(scores, reverse=True) and scores[0] < 100


def test_labels_and_attributes_lead_to_ids(tmp_path):
    g = karate()
    g.nodes["7"]["label"] = "Alice Martin"
    g.nodes["12"]["label"] = "Bob Stone"
    g.nodes["20"]["email"] = "carol@example.org"
    ctx = context(tmp_path, g)
    alice = ok(ctx, "search_node", query="alice")["candidates"][0]
    assert alice["node"] == "7" and alice["label"] == "Alice Martin"
    assert alice["matched_field"] == "label"
    carol = ok(ctx, "search_node", query="carol@example.org")["candidates"][0]
    assert carol["node"] == "20" and carol["matched_field"] == "email"
    only_labels = ok(ctx, "search_node", query="carol@example.org", fields=["label"])
    assert all(c["node"] != "20" or c["matched_field"] != "email"
               for c in only_labels["candidates"])


def test_candidates_are_capped_with_the_total(tmp_path):
    data = ok(context(tmp_path, GRAPHS["lesmis"]()), "search_node", query="Mme", limit=3,
              min_score=50)
    assert len(data["candidates"]) == 3
    assert data["total_matches"] > 3


def test_no_match_is_an_empty_success(tmp_path):
    data = ok(context(tmp_path, karate()), "search_node", query="zzzzqqq")
    assert data["candidates"] == [] and data["total_matches"] == 0


def test_search_edge_finds_the_edge_between_two_names(tmp_path):
    g = GRAPHS["lesmis"]()
    data = ok(context(tmp_path, g), "search_edge", query="Javert Valjean")
    best = data["edges"][0]
    assert {best["source"], best["target"]} == {"Valjean", "Javert"} and best["score"] == 100
    assert best["attributes"]["weight"] == g.edges["Valjean", "Javert"]["weight"]


def test_search_edge_matches_edge_attributes(tmp_path):
    g = karate()
    g.edges["0", "1"]["relation"] = "sparring partner"
    data = ok(context(tmp_path, g), "search_edge", query="sparring")
    assert (data["edges"][0]["source"], data["edges"][0]["target"]) == ("0", "1")
    assert data["edges"][0]["matched_field"] == "relation"
