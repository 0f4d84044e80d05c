"""The system instructions of a request, built from its options.

Everything that is the same for every request of a session and configuration comes
first — the rules, the stages, read-only, the output format, the skill catalogue — and
everything that varies per request after ``REQUEST_HEADING``: this question's memory, the
data of this request, the plan. Model providers cache an unchanged request prefix (tools,
then system prompt), so only the part after the heading is billed in full each time.

Example::

    >>> from igraph_agent.options import RunOptions
    >>> a = system_prompt(RunOptions(), request=["Data of this request: karate"])
    >>> b = system_prompt(RunOptions(), request=["Data of this request: lesmis"])
    >>> a.split(REQUEST_HEADING)[0] == b.split(REQUEST_HEADING)[0]
    True
"""

from __future__ import annotations

import json
from typing import Any

from igraph_agent.model.caching import REQUEST_HEADING
from igraph_agent.options import RunOptions

DOMAIN = """You are igraph-agent, a graph data analyst working inside a Jupyter notebook.
Rules:
- Check uncertain graph state with get_graph_info before analysing. An active dataset id
  alone does not mean a graph is loaded; a failed load is not a loaded graph.
- Take ids (source_id, dataset_id, node ids) only from tool results; never infer them from
  file names or labels. Use search tools to turn names into node ids first.
- Prefer classic graph algorithms that fit the question; call independent tools together
  in one turn.
- Every number in your answer must come from a tool result of this run. Say which tool
  showed it. If the tools cannot answer, say so.
- Report figures rounded sensibly for the question (scores to 2-3 significant digits,
  counts whole, percentages to one decimal), with the exact tool value in parentheses
  where precision matters, e.g. "PageRank 0.14 (0.139037)". Numbers written in words are
  checked like digits.
- Data attached to the request is what the request is about. Never load a dataset the
  user did not attach or name; when several could be meant, call ask_user.
- If the question is ambiguous or needs data that is not attached, call ask_user."""

STAGED = """Work in stages: (1) list the evidence the question needs and the prerequisites
of each tool (loaded graph, node ids, labels); (2) gather it; (3) check every claim against
a tool result before answering."""

#: what the final message is, per output format (the only place that says it)
FORMATS = {
    "chat": "Output format: chat. Your final message is the answer itself, in concise "
            "markdown.",
    "report": "Output format: report. Your final message is a markdown report with the "
              "sections Question, Data, Method, Findings (with numbers), Evidence, "
              "Limitations, Next steps.",
    "json": "Output format: json. Your final message is the answer as plain sentences: not "
            "JSON, and no markdown syntax. The runtime builds the JSON response (status, "
            "answer, data, evidence) around your text.",
}


CLARIFY_TOOL: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": "ask_user",
        "description": "Ask the user a clarifying question instead of answering; ends the run "
                       "with status needs_clarification.",
        "parameters": {"type": "object", "properties": {
            "question": {"type": "string"},
            "suggestions": {"type": "array", "description": "optional: 2-3 analyses you can "
                            "run instead, each a label and the question that runs it",
                            "items": {"type": "object", "properties": {
                                "label": {"type": "string"}, "question": {"type": "string"}},
                                "required": ["question"]}}},
                       "required": ["question"]},
    },
}


def system_prompt(options: RunOptions, plan: dict[str, Any] | None = None,
                  extra: list[str] | None = None, request: list[str] | None = None) -> str:
    """``extra``: sections shared by the session's requests (the skill catalogue);
    ``request``: sections of this request only (memory, its data), put after the plan."""
    parts = [DOMAIN]
    if options.reasoning_mode == "staged" or options.planning_mode == "always":
        parts.append(STAGED)
    if options.read_only:
        parts.append("Read-only: tools that change data are refused.")
    parts.append(FORMATS[options.output_format])
    parts.extend(extra or [])
    varying = list(request or [])
    if plan:
        varying.append("Current plan (kept in session state):\n" + json.dumps(plan, indent=1))
    if varying:
        parts.append("\n\n".join([REQUEST_HEADING, *varying]))
    return "\n\n".join(parts)
