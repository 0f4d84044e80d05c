"""Talking to language models: everything goes through litellm (``gateway.py``)."""
