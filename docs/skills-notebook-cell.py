"""Cells for notebooks/02-your-own-data.ipynb: add a user skill and watch the agent use it.

For the lead to merge: ``python docs/skills-notebook-cell.py notebooks/02-your-own-data.ipynb``
appends the cells below to the notebook (once; a second run changes nothing). They run on
the offline planner: its skill step loads ``glue-characters`` because the question contains
the skill's trigger, then follows the skill's description to community and bridge tools.
"""

from __future__ import annotations

import sys

MARKER = "## 4. Your own procedure: a skill"

SKILL_CELL = '''from igraph_agent.jupyter import agent

skills = agent().skills  # the kernel's agent: the same one the magics use
SKILL = """---
name: glue-characters
description: Find the characters who connect several communities of the story -- the glue between its groups.
tools: [get_graph_info, community_detection, bridge_nodes]
triggers: [glue characters]
---

1. Check what is loaded with get_graph_info.
2. community_detection(seed=42): the story's groups (keep the seed fixed).
3. bridge_nodes(min_communities=2, centrality="betweenness") with the same seed.
4. Report each glue character with how many groups it touches and its betweenness.
"""
for row in skills.list():  # re-running the notebook: start from a clean slate
    if row["name"] == "glue-characters":
        skills.delete("glue-characters", candidate=row["origin"] == "candidate")
draft = skills.create_from_text(SKILL)  # a candidate: it guides nothing until approved
draft["status"]'''

APPROVE_CELL = '''approved = skills.approve("glue-characters")  # records approved_at and a playbook_id
approved["status"], [r["name"] for r in skills.list() if r["origin"] == "user"]'''

CELLS: list[tuple[str, str]] = [
    ("markdown", MARKER + """

A **skill** is a procedure in a `SKILL.md` file: a name, a description, the tools it uses and
trigger phrases, then the steps. Drafts wait in a review queue and guide nothing until
approved; approving a skill authorizes no tool (approvals stay per tool call). The same
actions are `%agent skills ...` here and `igraph-agent skills ...` in a terminal."""),
    ("code", SKILL_CELL),
    ("code", APPROVE_CELL),
    ("code", "%agent new"),
    ("code", "%%agent --with lesmis_csv\nWho are the glue characters?"),
    ("markdown", """The agent read the skill with `load_skill` before analysing (see the tool list
in the run above) and the answer ends with *Procedure: followed skill `glue-characters`*.
`agent().skills.show("glue-characters")` prints the full text; `skills.delete(...)` removes
it for good."""),
]


def merge(path: str) -> bool:
    """Append the cells to the notebook at ``path`` unless they are there already."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    if any(MARKER in "".join(c.source) for c in nb.cells):
        return False
    for kind, source in CELLS:
        cell = (nbformat.v4.new_markdown_cell if kind == "markdown" else nbformat.v4.new_code_cell)(source)
        nb.cells.append(cell)
    nbformat.write(nb, path)
    return True


if __name__ == "__main__":
    print("merged" if merge(sys.argv[1]) else "already there")
