"""Refusals are refusals: a run whose requested action was refused ends ``blocked``.

When a call of the run was refused — read-only mode, a rejected approval, a modified plan
whose preview failed, a tool the request does not allow — and it never succeeded later in the run, the run ends ``blocked``
with a structured :class:`~igraph_agent.response.Refusal` (code, what was refused, how to
unblock), not ``answered`` with unrelated text. When other calls produced a useful result
(an analysis, not only state checks), the answer stands and the refusal is a notice.

Example::

    >>> r = ToolResult.failure("clear_graph", "c1", ErrorCode.READ_ONLY_MODE, "read-only")
    >>> found = refusal_of([r], [Action(tool="clear_graph", call_id="c1", success=False)])
    >>> found.refusal.code, found.refusal.blocked_action, found.useful
    ('READ_ONLY_MODE', 'clear_graph {}', False)
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from igraph_agent.errors import ErrorCode
from igraph_agent.response import Action, Refusal
from igraph_agent.tools.registry import ToolResult

#: tools whose success only shows or prepares the graph state (or the change that was then
#: refused: a preview of the optimization whose commit was rejected), not an answer
STATE_TOOLS = frozenset({"get_graph_info", "construct_graph", "load_constructed_graph",
                         "load_skill", "read_skill_reference", "find_tools",
                         "preview_graph_optimization"})
UNBLOCK = {
    ErrorCode.READ_ONLY_MODE: ["ask again without read-only mode (drop --read-only, "
                               "RunOptions(read_only=False), unset IGRAPH_AGENT_READ_ONLY)"],
    ErrorCode.APPROVAL_REJECTED: ["ask again and approve the call when the run pauses",
                                  "or approve it with modified arguments (Modify)"],
    ErrorCode.TOOL_NOT_IN_SCOPE: ["ask again with the tool allowed (RunOptions.tools, or a "
                                  "skill that declares it)"],
    ErrorCode.MODIFIED_PLAN_INVALID: ["ask again and modify with options the preview accepts",
                                      "or approve the plan as previewed"],
}
ALTERNATIVE = {
    ErrorCode.READ_ONLY_MODE: "read-only tools still work: get_graph_info, the analyses, and "
                              "preview_graph_optimization (which changes nothing)",
    ErrorCode.APPROVAL_REJECTED: "the graph is unchanged; analyses of it still work",
    ErrorCode.TOOL_NOT_IN_SCOPE: "the tools this request allows still work",
    ErrorCode.MODIFIED_PLAN_INVALID: "the graph is unchanged; preview_graph_optimization "
                                     "shows what other options would do",
}


@dataclass
class Refused:
    tool: str
    refusal: Refusal
    useful: bool  # other calls produced an answer worth keeping

    def notice(self) -> str:
        r = self.refusal
        return f"{r.code}: {r.blocked_action} was refused ({r.because}); to unblock: {r.unblock[0]}"

    def answer(self) -> str:
        r = self.refusal
        return (f"Not done: `{self.tool}` was refused ({r.code}): {r.because}. "
                f"To unblock: {'; '.join(r.unblock)}.")


def refusal_of(results: list[ToolResult], actions: list[Action]) -> Refused | None:
    """The first refused call of the run that never succeeded later, if any."""
    codes = set(UNBLOCK)
    succeeded = {r.tool for r in results if r.success}
    args = {a.call_id: a.args for a in actions}
    hit = next((r for r in results if not r.success and r.error is not None
                and r.error.code in codes and r.tool not in succeeded), None)
    if hit is None or hit.error is None:
        return None
    code = ErrorCode(hit.error.code)
    call = f"{hit.tool} {json.dumps(args.get(hit.call_id, {}), sort_keys=True)}"
    refusal = Refusal(code=str(code), blocked_action=call, because=hit.error.message,
                      unblock=list(UNBLOCK[code]), lawful_alternative=ALTERNATIVE[code],
                      retryable=True, policy_final=False)
    useful = any(r.success and r.tool not in STATE_TOOLS for r in results)
    return Refused(hit.tool, refusal, useful)
