"""The model's view of a tool's arguments: the pydantic schema without what a model can't use.

Every request carries every offered tool's schema, so each character is paid on every
model turn. :func:`model_parameters` keeps names, types, enums, bounds, defaults and
descriptions, and drops the rest:

* ``title`` keys (pydantic derives them from the field names the model already sees);
* ``null`` branches of optional fields (``anyOf: [X, null]`` becomes ``X``; leaving the
  field out means "none") and ``default: null``;
* ``$defs``/``$ref`` indirection (inlined);
* fields marked internal with :data:`INTERNAL` (the runtime decides them, e.g. ``backend``,
  ``seed``); they are still accepted when given;
* numeric and length bounds (``minimum``, ``maxItems``, …): validation still enforces them
  and names the field and the bound when a call breaks one;
* the Args model's own docstring (the tool description says what the tool does).

A union of plain types (``anyOf: [string, integer, …]``) becomes ``type: [...]``.

Example::

    >>> class Args(BaseModel):
    ...     top_k: int = Field(default=10, ge=1)
    ...     backend: str = Field(default="auto", json_schema_extra={INTERNAL_KEY: True})
    >>> model_parameters(Args)
    {'properties': {'top_k': {'default': 10, 'type': 'integer'}}, 'type': 'object'}
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

#: marks a field the model does not see (``Annotated[T, INTERNAL]`` or ``Field(**INTERNAL_KW)``)
INTERNAL_KEY = "x-internal"
INTERNAL = Field(json_schema_extra={INTERNAL_KEY: True})


#: schema keys left out of the model's view (validation still applies them)
DROPPED = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems",
                     "maxItems", "minLength", "maxLength"})


def model_parameters(args_model: type[BaseModel]) -> dict[str, Any]:
    """The compact JSON schema of ``args_model`` as the model sees it."""
    raw = args_model.model_json_schema()
    defs = raw.pop("$defs", {})
    raw.pop("description", None)
    return _clean(raw, defs)


def _clean(node: Any, defs: dict[str, Any]) -> Any:
    if isinstance(node, list):
        return [_clean(v, defs) for v in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target = defs.get(node["$ref"].rsplit("/", 1)[-1], {})
        return _clean({**target, **{k: v for k, v in node.items() if k != "$ref"}}, defs)
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "title" and isinstance(value, str):
            continue
        if (key == "default" and value is None) or key in DROPPED:
            continue
        if key == "properties":
            props = {k: v for k, v in value.items() if not (isinstance(v, dict) and v.get(INTERNAL_KEY))}
            out[key] = {k: _clean(v, defs) for k, v in props.items()}
            continue
        out[key] = _clean(value, defs)
    if "required" in out and "properties" in out:
        out["required"] = [r for r in out["required"] if r in out["properties"]]
        if not out["required"]:
            del out["required"]
    branches = out.get("anyOf")
    if isinstance(branches, list):
        kept = [b for b in branches if b != {"type": "null"}]
        if len(kept) == 1 and len(kept) < len(branches):
            del out["anyOf"]
            out = {**kept[0], **out}
        elif kept and all(set(b) == {"type"} and isinstance(b["type"], str) for b in kept):
            del out["anyOf"]
            out = {"type": [b["type"] for b in kept], **out}
    return out
