"""Graph data, independent of the agent: sources, datasets and revisions, the session graph."""
