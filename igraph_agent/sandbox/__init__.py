"""Model-written analysis code, run in a confined worker process (docs/sandbox.md).

- :mod:`.runner` starts the worker through bubblewrap (namespaces, seccomp) with rlimits,
  and says which mechanisms were in force.
- :mod:`.worker` is the program inside: limits first, then the snippet against ``G``,
  ``g``, ``tables``; it reports ``result``, capped stdout and a trimmed traceback.
- :mod:`.outcome` turns a report into success or a coded error for the model.
- :mod:`.zones` lays out the session's Uploaded / Environment / Ephemeral / Derived folders.
- :mod:`.limits` holds the limits and the ``IGRAPH_AGENT_CODE`` policy.
"""
