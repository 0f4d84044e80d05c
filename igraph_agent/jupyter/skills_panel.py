"""``%agent skills ...`` / ``%agent memory ...`` handlers and the skills and memory panels.

The line commands take the same sub-commands and options as the CLI
(``igraph-agent skills ...``, ``igraph-agent memory ...``), run against the kernel's agent.
Without a sub-command they display a panel: skills (list, full content, .md/.zip upload,
approve / reject / delete) or memory (list, search, delete).

In a notebook cell::

    %agent skills                              # the panel
    %agent skills approve customer-brokers --rename brokers
    %agent memory search "report format"
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Sequence
from typing import Any

from igraph_agent.errors import AgentError
from igraph_agent.markup import html_text


def skills_command(agent: Any, argv: Sequence[str] | str = ()) -> Any:
    """Handle ``%agent skills ARGS``: no args -> the panel widget (returned), else a CLI verb."""
    args = shlex.split(argv) if isinstance(argv, str) else list(argv)
    if not args:
        return skills_panel(agent)
    from igraph_agent.cli_skills import skills_group

    _invoke(skills_group, agent, args)
    return None


def memory_command(agent: Any, argv: Sequence[str] | str = ()) -> Any:
    """Handle ``%agent memory ARGS``: no args -> the panel widget (returned), else a CLI verb."""
    args = shlex.split(argv) if isinstance(argv, str) else list(argv)
    if not args:
        return memory_panel(agent)
    from igraph_agent.cli_skills import memory_group

    _invoke(memory_group, agent, args)
    return None


def _invoke(group: Any, agent: Any, args: list[str]) -> None:
    import click

    try:
        group.main(args=args, prog_name=f"%agent {group.name}", obj={"agent": agent},
                   standalone_mode=False)
    except AgentError as exc:
        print(f"error {exc.code}: {exc.message}", file=sys.stderr)
        if exc.hint:
            print(f"hint: {exc.hint}", file=sys.stderr)
    except click.ClickException as exc:
        print(f"usage error: {exc.format_message()}", file=sys.stderr)
    except click.exceptions.Exit:
        pass


def skills_panel(agent: Any):
    """An ipywidgets panel: the skills, one skill's full text, upload, approve/reject/delete."""
    import ipywidgets as w

    picker = w.Select(rows=10, layout=w.Layout(width="320px"))
    text = w.Textarea(layout=w.Layout(width="100%", height="260px"), disabled=True)
    status = w.HTML()
    rename = w.Text(placeholder="new name (optional)", layout=w.Layout(width="200px"))
    approve, reject, delete = (w.Button(description=d) for d in ("Approve", "Reject", "Delete"))
    upload = w.FileUpload(accept=".md,.zip", multiple=False, description="Upload .md/.zip")

    def rows() -> dict[str, dict]:
        return {f"{r['name']}  [{r['status']}, {r['origin']}]": r for r in agent.skills.list()}

    def refresh(select: str | None = None) -> None:
        listed = rows()
        picker.options = list(listed)
        if select:
            picker.value = next((k for k, r in listed.items() if r["name"] == select), None)

    def current() -> dict | None:
        return rows().get(picker.value) if picker.value else None

    def show(_=None) -> None:
        row = current()
        if row is None:
            text.value = ""
            return
        shown = agent.skills.show(row["name"], candidate=row["origin"] == "candidate")
        text.value = shown["text"]
        is_candidate = row["origin"] == "candidate"
        approve.disabled = reject.disabled = not is_candidate
        delete.disabled = row["origin"] == "builtin"

    def act(fn, done: str) -> None:
        try:
            out = fn()
            status.value = (f"<span style='color:green'>"
                            f"{html_text(done.format(**(out or {})))}</span>")
            refresh(out.get("name") if isinstance(out, dict) else None)
        except AgentError as exc:
            status.value = (f"<span style='color:#b00'>{exc.code}: {html_text(exc.message)}"
                            f"</span>{'<br>' + html_text(exc.hint) if exc.hint else ''}")

    def on_approve(_):
        row = current()
        if row:
            act(lambda: agent.skills.approve(row["name"], rename=rename.value.strip() or None),
                "approved {name} (playbook {playbook_id})")

    def on_reject(_):
        row = current()
        if row:
            act(lambda: agent.skills.reject(row["name"], keep=False), "rejected {name}")

    def on_delete(_):
        row = current()
        if row:
            act(lambda: agent.skills.delete(row["name"], candidate=row["origin"] == "candidate"),
                "deleted {name}")

    def on_upload(change):
        files = change["new"]
        if not files:
            return
        f = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        name = f.get("name") or f.get("metadata", {}).get("name", "")
        act(lambda: agent.skills.upload(bytes(f["content"]), name),
            "uploaded {name} to the review queue")

    picker.observe(show, names="value")
    approve.on_click(on_approve)
    reject.on_click(on_reject)
    delete.on_click(on_delete)
    upload.observe(on_upload, names="value")
    refresh()
    return w.VBox([w.HTML("<b>Skills</b> — candidates guide nothing until approved; approving "
                          "authorizes no tool."),
                   w.HBox([picker, text]), w.HBox([approve, rename, reject, delete, upload]),
                   status])


def memory_panel(agent: Any):
    """An ipywidgets panel: this user's memory records, search, delete."""
    import ipywidgets as w

    query = w.Text(placeholder="search memory")
    picker = w.Select(rows=8, layout=w.Layout(width="100%"))
    note = w.HTML()
    delete = w.Button(description="Delete")

    def refresh(_=None) -> None:
        if query.value.strip():
            found = agent.memory.search(query.value)
            records, note.value = found["results"], f"<i>{html_text(found['note'])}</i>"
        else:
            records, note.value = agent.memory.list(), ""
        picker.options = [(f"{r['kind']}: {r['content']}", r["id"]) for r in records]

    def on_delete(_):
        if picker.value:
            try:
                agent.memory.delete(picker.value)
            except AgentError as exc:
                note.value = f"<span style='color:#b00'>{exc.code}: {html_text(exc.message)}</span>"
            refresh()

    query.observe(refresh, names="value")
    delete.on_click(on_delete)
    refresh()
    return w.VBox([w.HTML("<b>Memory</b> — durable preferences and confirmed facts"),
                   query, picker, delete, note])
