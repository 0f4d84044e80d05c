"""Typed tool results: one pydantic model per tool for what its result's ``data`` holds.

Each tool declares its model (``@tool(result=...)`` next to its ``Args``); the models live
here, a shared leaf, so the tool that writes a result, the offline planner that answers from
it and the report recipes that recompute it read one definition. The registry validates
every handler's ``data`` against the tool's model (``tools/registry.py``); the stored and
model-facing JSON stays the handler's dict, key for key.

Table-shaped fields are declared ``Table[Row]``: :meth:`ToolData.table_fields` names them, so a
result knows which of its parts are tables.

Example::

    >>> from igraph_agent.results.centrality import DegreeAnalysisResult
    >>> sorted(DegreeAnalysisResult.table_fields())
    ['distribution', 'top']
    >>> data = {"direction": "all", "nodes": 2, "mean_degree": 1.0, "max_degree": 1,
    ...         "min_degree": 1, "isolates": 0, "top": [{"node": "a", "degree": 1}, "… 1 more of 2"],
    ...         "distribution": [{"degree": 1, "count": 2}], "distinct_degrees": 1}
    >>> result = read(DegreeAnalysisResult, data)
    >>> result.top[0].node, result.rows("top")
    ('a', [{'node': 'a', 'degree': 1}])
"""

from __future__ import annotations

import os
import re
from typing import Annotated, Any, TypeVar, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationError

__all__ = ["STRICT_ENV", "NodeId", "Number", "OpenResult", "Part", "Row", "Table", "ToolData",
           "ValidationError", "read", "strict"]

# When set to 1 (the test suite sets it), a result that does not match its tool's model is a
# failed call (RESULT_INVALID); otherwise the mismatch is logged and the result kept as is.
STRICT_ENV = "IGRAPH_AGENT_STRICT_RESULTS"

NodeId = Any  # a node id as the graph holds it (text, a number, ...)
Number = int | float  # an int stays an int: answers print what the tool computed


class _TableMark:
    """Marks a ``list[Row]`` field as one of the result's tables."""

    def __repr__(self) -> str:
        return "Table"


TABLE = _TableMark()
RowT = TypeVar("RowT", bound=BaseModel)
Table = Annotated[list[RowT], TABLE]


class Part(BaseModel):
    """A nested object of a result with fixed keys."""

    model_config = ConfigDict(extra="forbid")


class Row(Part):
    """One row of a table-shaped field."""


class ToolData(BaseModel):
    """Base of every tool's result model: exactly the keys the tool writes."""

    model_config = ConfigDict(extra="forbid")

    @classmethod
    def table_fields(cls) -> dict[str, type[BaseModel]]:
        """The table-shaped fields, by name, with their row model."""
        out: dict[str, type[BaseModel]] = {}
        for name, info in cls.model_fields.items():
            if TABLE in info.metadata:
                row = _row_model(info.annotation)
                if row is not None:
                    out[name] = row
        return out

    def rows(self, name: str) -> list[dict[str, Any]]:
        """One table's rows as plain dicts (only the keys each row has)."""
        rows = getattr(self, name) or []
        return [r.model_dump(exclude_unset=True) for r in rows]


class OpenResult(ToolData):
    """The result of a tool whose shape is not ours (a remote MCP tool): any keys."""

    model_config = ConfigDict(extra="allow")


def _row_model(annotation: Any) -> type[BaseModel] | None:
    for arg in (annotation, *get_args(annotation)):
        if get_origin(arg) is list:
            (item,) = get_args(arg)
            if isinstance(item, type) and issubclass(item, BaseModel):
                return item
        elif arg is not annotation and get_args(arg):
            found = _row_model(arg)
            if found is not None:
                return found
    return None


def strict() -> bool:
    """Whether a result that does not match its model fails the call (tests) or is kept."""
    return os.environ.get(STRICT_ENV) == "1"


M = TypeVar("M", bound=BaseModel)
_MORE = re.compile(r"^… \d+ more of \d+$")  # what the model's cut view appends to a list


def read(model: type[M], data: dict[str, Any]) -> M:
    """``data`` as ``model``; a view cut for the model (lists ending in "… N more of M")
    reads as the items it kept. Raises ``ValidationError`` on any other mismatch."""
    return model.model_validate(_uncut(data))


def _uncut(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: _uncut(v) for k, v in obj.items()}
    if isinstance(obj, list):
        if obj and isinstance(obj[-1], str) and _MORE.match(obj[-1]):
            obj = obj[:-1]
        return [_uncut(v) for v in obj]
    return obj
