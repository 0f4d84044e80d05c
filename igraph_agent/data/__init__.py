"""Bundled example datasets (shipped in the wheel).

* ``orders.csv`` -- a retail orders table (order_id, customer_id, customer_name,
  product_id, product_name, category, date, amount) made by the seeded generator
  ``make_orders.py``: five customer segments that buy from their own category, plus a
  handful of customers who buy across segments.
* ``lesmis.csv`` -- Les Misérables character co-occurrence (networkx), weighted edge list.
* ``karate.csv`` -- Zachary's karate club (networkx), weighted edge list.

Example::

    >>> import igraph_agent.data
    >>> resp = agent.ask("How big is the graph?", attach=[igraph_agent.data.path("karate.csv")])
    >>> resp.status, resp.model
    ('answered', 'offline/planner')
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

DATASETS = ("orders.csv", "lesmis.csv", "karate.csv")


def path(name: str) -> Path:
    """The file system path of a bundled dataset, e.g. ``path("orders.csv")``."""
    if name not in DATASETS:
        raise FileNotFoundError(f"no bundled dataset {name!r}; bundled: {', '.join(DATASETS)}")
    return Path(str(resources.files(__name__) / name))
