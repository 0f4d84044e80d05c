"""A bundled labelled graph for learning: a seeded stochastic block model.

Three communities of 100 nodes (dense inside, sparse between), every node with four
noisy numeric features whose means depend weakly on its community, and the community
label as the attribute ``faction`` (``"north"``, ``"south"``, ``"west"``) on 80 % of the
nodes; the rest are unlabelled, for inference. Features alone separate the communities poorly, the graph
structure separates them well: a graph neural network beats a per-node classifier.
The same seed always gives the same graph.

Example::

    >>> from igraph_agent.data.sbm import labelled_sbm
    >>> g = labelled_sbm()
    >>> g.number_of_nodes(), sorted(g.nodes["n000"])
    (300, ['f0', 'f1', 'f2', 'f3', 'faction'])
    >>> agent.ask("Train a model to predict faction", attach=[g]).status  # doctest: +SKIP
    'answered'
"""

from __future__ import annotations

import random

import networkx as nx

SEED = 7
COMMUNITIES = ("north", "south", "west")
SIZE = 100
P_IN, P_OUT = 0.06, 0.008
FEATURES = 4
SIGNAL = 0.6
LABELLED = 0.8


def labelled_sbm(seed: int = SEED) -> nx.Graph:
    """The labelled SBM (300 nodes, string ids ``n000``..``n299``)."""
    k = len(COMMUNITIES)
    probs = [[P_IN if i == j else P_OUT for j in range(k)] for i in range(k)]
    sbm = nx.stochastic_block_model([SIZE] * k, probs, seed=seed)
    rng = random.Random(seed)
    g = nx.Graph()
    for node in sbm.nodes():
        block = sbm.nodes[node]["block"]
        attrs: dict = {f"f{d}": round(rng.gauss(SIGNAL if d % k == block else 0.0, 1.0), 4)
                       for d in range(FEATURES)}
        if rng.random() < LABELLED:
            attrs["faction"] = COMMUNITIES[block]
        g.add_node(f"n{node:03d}", **attrs)
    g.add_edges_from((f"n{u:03d}", f"n{v:03d}") for u, v in sbm.edges())
    return g


def true_communities(seed: int = SEED) -> dict[str, str]:
    """Every node's community, the unlabelled ones included (to check predictions)."""
    k = len(COMMUNITIES)
    probs = [[P_IN if i == j else P_OUT for j in range(k)] for i in range(k)]
    sbm = nx.stochastic_block_model([SIZE] * k, probs, seed=seed)
    return {f"n{n:03d}": COMMUNITIES[sbm.nodes[n]["block"]] for n in sbm.nodes()}
