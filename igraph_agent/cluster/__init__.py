"""Running background jobs and analyses that split on a Ray cluster (docs/cluster.md).

Only used when ``IGRAPH_AGENT_CLUSTER`` is set; Ray is the optional ``cluster`` extra and
is imported inside functions, never at import time.
"""
