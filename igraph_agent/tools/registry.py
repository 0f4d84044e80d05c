"""Tool specs, the dispatch pipeline and the result envelope.

A tool is a pydantic ``Args`` model, a result model (``result=``, from ``igraph_agent.results``:
the keys its ``data`` holds), a resource contract (what it reads and writes),
two flags (``requires_approval``, ``mutates``), their argument-dependent forms
(``approval_when(args)``, ``mutates_when(args)``) and a handler. Dispatch is always:
scope -> validation -> handler -> result check -> envelope. Nothing a handler raises
escapes: a :class:`ToolError` keeps its code, anything else becomes ``TOOL_FAILED``. A
handler's ``data`` that does not match the tool's result model is ``RESULT_INVALID`` where
results are strict (the test suite), and logged and kept as it is elsewhere.

Example::

    >>> class EchoArgs(BaseModel):
    ...     text: str
    >>> class EchoResult(ToolData):
    ...     text: str
    >>> @tool(reads=("graph",), result=EchoResult)
    ... def echo(ctx: ToolContext, args: EchoArgs) -> ToolOutput:
    ...     '''Repeat the text.'''
    ...     return ToolOutput(data={"text": args.text}, summary=args.text)
    >>> echo.name, echo.description, echo.contract(None)
    ('echo', 'Repeat the text.', ({'graph'}, set()))
    >>> ToolRegistry([echo]).dispatch("echo", {"text": "hi"}, ctx).envelope()["data"]
    {'text': 'hi'}
    >>> ToolRegistry([echo]).dispatch("echo", {}, ctx).error.code
    'INVALID_ARGUMENTS'
"""

from __future__ import annotations

import functools
import inspect
import json
import logging
import sys
import time
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from igraph_agent.errors import ErrorCode, ToolError
from igraph_agent.results import ToolData, strict
from igraph_agent.tools.cwarnings import capture

if TYPE_CHECKING:
    from igraph_agent.graph.session import SessionGraph
    from igraph_agent.graph.workspace import Workspace

log = logging.getLogger(__name__)

MODEL_VIEW_LIMIT = 8000
MAX_ARGUMENT_CHARS = 64_000  # one call's JSON arguments
MAX_ARGUMENT_DEPTH = 24  # nesting of objects and lists in them
SUMMARY_LIMIT = 1000  # characters of a summary kept when a result is cut for the model


class JobsClient(Protocol):
    """What a run's job manager (``runtime.jobs.RunJobs``) offers to tools; tools never import
    ``runtime/``."""

    run_cancelled: Any

    def submit(self, kind: str, work: Any, *, params: dict | None = None,
               call_id: str = "") -> str: ...

    def status(self, job_id: str, after_seq: int = -1) -> dict[str, Any]: ...

    def cancel(self, job_id: str) -> list[str]: ...

    def wait_for_change(self, timeout: float) -> None: ...


@dataclass
class ToolContext:
    """What a handler may touch: the project workspace and this session's graph."""

    workspace: Workspace
    session: SessionGraph
    run_id: str = ""
    call_id: str = ""
    read_only: bool = False
    progress: Callable[[float, str], None] = field(default=lambda fraction, message: None)
    jobs: JobsClient | None = None  # background jobs (tools/jobs.py); None outside a run
    findable: list[Any] | None = None  # the request's tools not offered (tools/offer.py)


@dataclass
class ToolOutput:
    data: dict[str, Any]
    summary: str
    revision: int | None = None
    job_id: str | None = None  # the background job that produced it (tools/jobs.py)


class ToolErrorInfo(BaseModel):
    code: str
    message: str
    hint: str | None = None
    retryable: bool = False
    details: dict[str, Any] = Field(default_factory=dict)


BOOKKEEPING = ("call_id", "job_id", "elapsed_ms", "async")


def evidence_of(envelope: dict[str, Any]) -> dict[str, Any]:
    """An envelope (as stored) without its bookkeeping fields.

        >>> evidence_of({"call_id": "c77", "elapsed_ms": 77, "data": {"n": 34}})
        {'data': {'n': 34}}
    """
    return {k: v for k, v in envelope.items() if k not in BOOKKEEPING}


class ToolResult(BaseModel):
    """The envelope every tool call returns, success or not (docs/design.md)."""

    model_config = ConfigDict(populate_by_name=True)

    success: bool
    tool: str
    call_id: str
    data: dict[str, Any] = Field(default_factory=dict)
    summary: str = ""
    error: ToolErrorInfo | None = None
    is_async: bool = Field(default=False, alias="async")
    job_id: str | None = None
    revision: int | None = None
    elapsed_ms: int = 0

    @classmethod
    def failure(
        cls,
        tool: str,
        call_id: str,
        code: ErrorCode | str,
        message: str,
        *,
        hint: str | None = None,
        retryable: bool = False,
        details: dict[str, Any] | None = None,
    ) -> ToolResult:
        return cls(
            success=False,
            tool=tool,
            call_id=call_id,
            summary=message,
            error=ToolErrorInfo(
                code=str(code), message=message, hint=hint, retryable=retryable,
                details=details or {},
            ),
        )

    def envelope(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True)

    def evidence(self) -> dict[str, Any]:
        """What the call showed about the data: the envelope without its bookkeeping (call
        and job ids, timing), whose digits must never ground a number in an answer."""
        return evidence_of(self.envelope())

    @staticmethod
    def _longest_cut(view: dict[str, Any], limit: int, full: int) -> str | None:
        """``view`` with its longest top-level data lists cut one after another (a 22-row
        mixing matrix to 20, 10, 5, then 2 rows before an 11-row list of groups is touched),
        the shorter ones whole, when that fits in ``limit``; else None."""
        whole = view.get("data")
        if not isinstance(whole, dict):
            return None
        sizes = {k: len(v) for k, v in whole.items() if isinstance(v, list) and len(v) > 2}
        lists = sorted(sizes, key=lambda k: -sizes[k])
        data: dict[str, Any] = {k: _shrink(v, 10**9, 400) for k, v in whole.items()}  # texts first
        text = _dumps({**view, "data": data, "note": f"output cut from {full} characters: "
                       "texts keep their first 400 characters"})
        if len(text) <= limit:
            return text
        kept: dict[str, int] = {}
        for name in lists:
            for keep in (20, 10, 5, 2):
                if len(data[name]) <= keep:
                    continue
                kept[name] = keep
                cut = {**view, "data": {**data, **{k: _shrink(data[k], n, 400)
                                                   for k, n in kept.items()}}}
                cut["summary"] = _clip(str(view.get("summary", "")), SUMMARY_LIMIT)
                cut["note"] = (f"output cut from {full} characters: " + ", ".join(
                    f"{k} keeps its first {n} items" for k, n in kept.items()) +
                    " (the other lists are whole); ask for fewer items (top_k, limit, a "
                    "narrower selection) to see all of it")
                text = _dumps(cut)
                if len(text) <= limit:
                    return text
        return None

    def for_model(self, limit: int = MODEL_VIEW_LIMIT) -> str:
        """Compact JSON for the model, cut to ``limit`` characters with a note saying so.

        Always one valid JSON object: lists keep fewer items and long texts (node ids,
        labels, messages) are clipped step by step; what still does not fit drops ``data``.
        """
        view: dict[str, Any] = {"success": self.success, "tool": self.tool, "summary": self.summary}
        if self.error:
            view["error"] = self.error.model_dump(exclude_defaults=True)
        else:
            view["data"] = self.data
        if self.revision is not None:
            view["revision"] = self.revision
        text = _dumps(view)
        if len(text) <= limit:
            return text
        full = len(text)
        longest = self._longest_cut(view, limit, full)
        if longest is not None:  # the long lists cut, the short ones (11 groups) kept whole
            return longest
        for keep, width in ((20, 400), (10, 200), (5, 100), (2, 40)):
            cut = {**view, "summary": _clip(self.summary, SUMMARY_LIMIT)}
            for part in ("data", "error"):
                if part in view:
                    cut[part] = _shrink(view[part], keep, width)
            cut["note"] = (
                f"output cut from {full} characters: lists keep their first {keep} items, texts "
                f"their first {width} characters; ask for fewer items (top_k, limit, a narrower "
                "selection) to see all of it"
            )
            text = _dumps(cut)
            if len(text) <= limit:
                return text
        return _dumps({"success": self.success, "tool": self.tool,
                       "summary": _clip(self.summary, limit // 4),
                       **({"error": {"code": self.error.code}} if self.error else {}),
                       "note": f"output of {full} characters does not fit in {limit}; ask for "
                               "fewer items or a narrower selection"})


@dataclass(frozen=True)
class Replan:
    """A gated call whose arguments carry a plan that another tool computed (a preview).

    When a person modifies such a call, the runtime runs ``preview`` on the modified
    arguments (``preview_args(args)``) and takes the gated call's arguments from its result
    (``plan_args(data)``): the same as the modified ones, it runs; otherwise the person is
    asked again, with the new plan (``runtime/scheduler.py``).
    """

    preview: str
    preview_args: Callable[[Any], dict[str, Any]]
    plan_args: Callable[[dict[str, Any]], dict[str, Any]]
    # ``patch(proposed, patched)``: the arguments a person's partial modification gives
    # (e.g. ``{"drop_isolates": false}`` over the proposed plan); None: ``patched`` as sent
    patch: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]] | None = None


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    args_model: type[BaseModel]
    handler: Callable[[ToolContext, Any], ToolOutput]
    # what the result's ``data`` holds (igraph_agent/results/); None: not declared
    result_model: type[ToolData] | None = None
    reads: tuple[str, ...] = ()
    writes: tuple[str, ...] = ()
    requires_approval: bool = False
    mutates: bool = False
    resources: Callable[[Any], tuple[set[str], set[str]]] | None = None
    # Argument-dependent gates: ``approval_when(args)`` pauses this call for a person,
    # ``mutates_when(args)`` makes it a write that read-only requests refuse.
    approval_when: Callable[[Any], bool] | None = None
    mutates_when: Callable[[Any], bool] | None = None
    timeout_s: float | None = None  # None: the default (runtime/timeouts.py)
    # ``splits_when(args)``: a call that splits across the Ray cluster when one is set
    # (cluster/split.py); it runs in the kernel, which drives the split, not in a worker.
    splits_when: Callable[[Any], bool] | None = None
    # Expected cost class, for dispatching a turn's calls heaviest first: 0 instant (a lookup),
    # 1 the default, 2 one pass over the whole graph, 3 superlinear (communities, betweenness);
    # a function of the arguments where they decide it.
    cost: int | Callable[[Any], int] = 1
    # a gated call whose plan is previewed again when a person modifies it (see ``Replan``)
    replan: Replan | None = None

    def expected_cost(self, args: BaseModel | None) -> int:
        """The cost class of a call with these arguments (see ``cost``).

        Example::

            >>> Tool("t", "", BaseModel, lambda ctx, a: None, cost=lambda a: 3).expected_cost(None)
            3
        """
        if callable(self.cost):
            try:
                return int(self.cost(args))
            except Exception:  # arguments it cannot read: the default
                return 1
        return self.cost

    def result_problem(self, data: dict[str, Any]) -> str | None:
        """How ``data`` differs from the declared result model, or None when it matches."""
        if self.result_model is None:
            return None
        try:
            self.result_model.model_validate(data)
        except ValidationError as exc:
            return "; ".join(f"{'.'.join(map(str, e['loc'])) or '(root)'}: {e['msg']}"
                             for e in exc.errors()[:5])
        return None

    def needs_approval(self, args: BaseModel | None) -> bool:
        """Whether a call with these arguments waits for a person's decision."""
        return self.requires_approval or bool(
            self.approval_when is not None and args is not None and self.approval_when(args))

    def writes_data(self, args: BaseModel | None) -> bool:
        """Whether a call with these arguments writes graph data, datasets or memory."""
        return self.mutates or bool(
            self.mutates_when is not None and args is not None and self.mutates_when(args))

    def json_schema(self) -> dict[str, Any]:
        """The tool as litellm (OpenAI format) expects it, in its compact model view
        (``tools/schema.py``). Built once per tool (pydantic's schema generation is the
        largest part of a run's fixed cost); callers must not change the returned dict."""
        return self._schema

    @functools.cached_property
    def _schema(self) -> dict[str, Any]:
        from igraph_agent.tools.schema import model_parameters

        return {
            "type": "function",
            "function": {"name": self.name, "description": " ".join(self.description.split()),
                         "parameters": model_parameters(self.args_model)},
        }

    def contract(self, args: BaseModel | None) -> tuple[set[str], set[str]]:
        """(reads, writes) for these arguments; templates like ``dataset:{dataset_id}`` filled."""
        if self.resources is not None and args is not None:
            return self.resources(args)
        values = args.model_dump() if args is not None else {}
        return _fill(self.reads, values), _fill(self.writes, values)


def tool(
    *,
    name: str | None = None,
    result: type[ToolData] | None = None,
    reads: Iterable[str] = (),
    writes: Iterable[str] = (),
    requires_approval: bool = False,
    mutates: bool = False,
    resources: Callable[[Any], tuple[set[str], set[str]]] | None = None,
    approval_when: Callable[[Any], bool] | None = None,
    mutates_when: Callable[[Any], bool] | None = None,
    timeout_s: float | None = None,
    splits_when: Callable[[Any], bool] | None = None,
    cost: int | Callable[[Any], int] = 1,
    replan: Replan | None = None,
) -> Callable[[Callable[..., ToolOutput]], Tool]:
    """Turn ``handler(ctx, args: ArgsModel) -> ToolOutput`` into a :class:`Tool`.

    The description is the handler's docstring; the Args model is its second parameter's type;
    ``result`` is the model of the ``data`` it returns.
    """

    caller_locals = sys._getframe(1).f_locals  # Args models defined next to a local handler

    def wrap(handler: Callable[..., ToolOutput]) -> Tool:
        params = list(inspect.signature(handler).parameters)
        written = handler.__annotations__.get(params[1])
        # a plain name is looked up, not evaluated (eval compiles: ~1 ms a tool at start-up)
        args_model = (caller_locals.get(written) or handler.__globals__.get(written)
                      if isinstance(written, str) and written.isidentifier() else None)
        if not isinstance(args_model, type):
            args_model = typing.get_type_hints(handler, localns=caller_locals)[params[1]]
        return Tool(
            name=name or handler.__name__,
            description=inspect.cleandoc(handler.__doc__ or "").split("\n\nExample")[0],
            args_model=args_model,
            handler=handler,
            result_model=result,
            reads=tuple(reads),
            writes=tuple(writes),
            requires_approval=requires_approval,
            mutates=mutates,
            resources=resources,
            approval_when=approval_when,
            mutates_when=mutates_when,
            timeout_s=timeout_s,
            splits_when=splits_when,
            cost=cost,
            replan=replan,
        )

    return wrap


class ToolRegistry:
    """The tool catalogue of an agent, and the one dispatch pipeline."""

    def __init__(self, tools: Iterable[Tool] = ()) -> None:
        self._tools: dict[str, Tool] = {}
        for t in tools:
            self.add(t)

    def add(self, t: Tool) -> None:
        if t.name in self._tools:
            raise ValueError(f"tool {t.name!r} is registered twice")
        self._tools[t.name] = t

    def get(self, name: str) -> Tool | None:
        return self._tools.get(name)

    def names(self) -> list[str]:
        return list(self._tools)

    def in_scope(self, whitelist: Iterable[str] | None) -> list[Tool]:
        if whitelist is None:
            return list(self._tools.values())
        allowed = set(whitelist)
        return [t for t in self._tools.values() if t.name in allowed]

    def parse(self, name: str, raw_args: str | dict | None, call_id: str, scope: set[str]):
        """Scope and validation: returns ``(tool, args)`` or a failed :class:`ToolResult`."""
        t = self._tools.get(name)
        if t is None or name not in scope:
            known = ", ".join(sorted(scope))
            return ToolResult.failure(
                name, call_id, ErrorCode.TOOL_NOT_IN_SCOPE,
                f"tool {name!r} is not available in this request",
                hint=f"use one of: {known}",
            )
        too_big = argument_bounds(raw_args)
        if too_big:
            return ToolResult.failure(
                name, call_id, ErrorCode.INVALID_ARGUMENTS, f"arguments for {name} {too_big}",
                hint="send a small, flat JSON object of the tool's parameters",
                retryable=True,
                details={"max_chars": MAX_ARGUMENT_CHARS, "max_depth": MAX_ARGUMENT_DEPTH},
            )
        if isinstance(raw_args, str):
            try:
                raw_args = json.loads(raw_args) if raw_args.strip() else {}
            except json.JSONDecodeError as exc:
                return ToolResult.failure(
                    name, call_id, ErrorCode.INVALID_ARGUMENTS,
                    f"arguments are not valid JSON ({exc.msg} at position {exc.pos})",
                    hint="send the arguments as one JSON object",
                    retryable=True,
                )
        if not isinstance(raw_args, dict):
            return ToolResult.failure(
                name, call_id, ErrorCode.INVALID_ARGUMENTS,
                "arguments must be a JSON object", retryable=True,
            )
        try:
            return t, t.args_model.model_validate(raw_args)
        except ValidationError as exc:
            fields = [
                {"field": ".".join(str(p) for p in e["loc"]) or "(root)", "problem": e["msg"]}
                for e in exc.errors()
            ]
            listed = "; ".join(f"{f['field']}: {f['problem']}" for f in fields)
            return ToolResult.failure(
                name, call_id, ErrorCode.INVALID_ARGUMENTS,
                f"invalid arguments for {name}: {listed}",
                hint="fix the named fields and call again",
                retryable=True,
                details={"fields": fields},
            )

    def execute(self, t: Tool, args: BaseModel, ctx: ToolContext) -> ToolResult:
        """Run the handler; every outcome becomes an envelope."""
        started = time.perf_counter()
        try:
            if ctx.read_only and t.writes_data(args):
                raise ToolError(
                    ErrorCode.READ_ONLY_MODE,
                    f"{t.name} writes data (graph, datasets or memory) with these arguments "
                    "and this request is read-only",
                    hint="ask again without read-only mode, or use a read-only preview",
                )
            with capture() as notes:  # igraph's C warnings: a note, not stderr text
                out = t.handler(ctx, args)
            _check_result(t, out.data)
            summary = out.summary + "".join(f" (note: {n})" for n in notes
                                            if n not in out.summary)
            result = ToolResult(
                success=True, tool=t.name, call_id=ctx.call_id, data=out.data,
                summary=summary, revision=out.revision, job_id=out.job_id,
            )
        except ToolError as exc:
            result = ToolResult.failure(
                t.name, ctx.call_id, exc.code, exc.message, hint=exc.hint,
                retryable=exc.retryable, details=exc.details,
            )
        except Exception as exc:  # a handler bug must not end the run
            result = ToolResult.failure(
                t.name, ctx.call_id, ErrorCode.TOOL_FAILED,
                f"{type(exc).__name__}: {exc}",
                hint="the tool failed unexpectedly; try other arguments or another tool",
            )
        result.elapsed_ms = int((time.perf_counter() - started) * 1000)
        return result

    def dispatch(self, name: str, raw_args: str | dict | None, ctx: ToolContext,
                 scope: set[str] | None = None) -> ToolResult:
        parsed = self.parse(name, raw_args, ctx.call_id, set(self._tools) if scope is None else scope)
        if isinstance(parsed, ToolResult):
            return parsed
        t, args = parsed
        return self.execute(t, args, ctx)


def _check_result(t: Tool, data: dict[str, Any]) -> None:
    problem = t.result_problem(data)
    if problem is None:
        return
    if strict():
        raise ToolError(ErrorCode.RESULT_INVALID,
                        f"{t.name} returned data that does not match its result model: {problem}",
                        hint="the tool and its result model disagree; this is a bug to report")
    log.warning("%s returned data that does not match its result model: %s", t.name, problem)


def _fill(templates: Iterable[str], values: dict[str, Any]) -> set[str]:
    out = set()
    for tpl in templates:
        try:
            out.add(tpl.format(**values))
        except (KeyError, IndexError):
            out.add(tpl.split(":")[0])
    return out


def argument_bounds(raw: str | dict | None) -> str | None:
    """What is wrong with the size or nesting of raw arguments, or None.

    Checked before parsing, without recursion, so no argument can exhaust the stack."""
    if raw is None:
        return None
    if not isinstance(raw, str):
        depth, stack = 0, [(raw, 1)]
        while stack:
            obj, level = stack.pop()
            if isinstance(obj, dict | list):
                depth = max(depth, level)
                if depth > MAX_ARGUMENT_DEPTH:
                    break
                stack.extend((v, level + 1) for v in (obj.values() if isinstance(obj, dict)
                                                      else obj))
        if depth > MAX_ARGUMENT_DEPTH:
            return f"are nested deeper than {MAX_ARGUMENT_DEPTH} levels"
        raw = _dumps(raw)
    if len(raw) > MAX_ARGUMENT_CHARS:
        return f"are {len(raw)} characters long; the limit is {MAX_ARGUMENT_CHARS}"
    depth = level = 0
    quoted = escaped = False
    for ch in raw:
        if escaped:
            escaped = False
        elif quoted:
            escaped = ch == "\\"
            quoted = ch != '"'
        elif ch == '"':
            quoted = True
        elif ch in "[{":
            level += 1
            depth = max(depth, level)
        elif ch in "]}":
            level -= 1
    if depth > MAX_ARGUMENT_DEPTH:
        return f"are nested deeper than {MAX_ARGUMENT_DEPTH} levels"
    return None


def _dumps(obj: Any) -> str:
    return json.dumps(obj, default=str, ensure_ascii=False, separators=(",", ":"))


def _shrink(obj: Any, keep: int, width: int) -> Any:
    if isinstance(obj, dict):
        return {_clip(str(k), width): _shrink(v, keep, width) for k, v in obj.items()}
    if isinstance(obj, list):
        head = [_shrink(v, keep, width) for v in obj[:keep]]
        if len(obj) > keep:
            head.append(f"… {len(obj) - keep} more of {len(obj)}")
        return head
    if isinstance(obj, str):
        return _clip(obj, width)
    return obj


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width] + "…"
