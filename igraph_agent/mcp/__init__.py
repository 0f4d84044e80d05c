"""MCP both ways: the tool catalogue served to MCP clients (``catalogue.py``, ``serve.py``).

The ``mcp`` SDK is imported only inside functions: ``%load_ext igraph_agent`` never loads it.
"""
