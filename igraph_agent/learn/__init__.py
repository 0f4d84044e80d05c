"""Graph learning with torch-geometric (the ``learn`` extra): features, training, metrics.

torch and torch_geometric are imported inside functions only (``import torch_geometric``
takes ~3 s): ``%load_ext igraph_agent`` stays fast. The tools are in ``tools/learning.py``.
"""
