"""The ``%%agent`` / ``%agent`` option parsers, without a kernel: typed objects or short errors.

The kernel tests (test_magics.py) check that a magic prints these errors and the kernel
lives; here the whole matrix of lines runs against the parsers themselves.
"""

from __future__ import annotations

import pytest

from igraph_agent.jupyter.parsing import (
    CellArgs,
    HelpShown,
    LineCommand,
    UsageProblem,
    help_text,
    parse_cell_line,
    parse_line_command,
)


def test_cell_options_become_typed_cell_args():
    args = parse_cell_line("--model openai/gpt-4o-mini -s ses_1 --with orders,people "
                           "--format report --reasoning staged --planning always --read-only "
                           "--no-wait")
    assert args == CellArgs(model="openai/gpt-4o-mini", session="ses_1",
                            with_vars=["orders", "people"], output_format="report",
                            reasoning="staged", planning="always", read_only=True, no_wait=True)


def test_output_option_names_the_variable_for_the_response():
    assert parse_cell_line("-o res --with karate").out_var == "res"
    assert parse_cell_line("--output ranking_2").out_var == "ranking_2"
    assert parse_cell_line("").out_var is None


def test_with_splits_names_on_commas_and_drops_blanks():
    assert parse_cell_line("--with 'orders, people,,'").with_vars == ["orders", "people"]


def test_an_empty_cell_line_takes_every_default_from_the_project():
    assert parse_cell_line("") == CellArgs()


@pytest.mark.parametrize("line, expected", [
    ("config model=openai/gpt-4o-mini format=report",
     LineCommand(name="config", settings={"model": "openai/gpt-4o-mini", "format": "report"})),
    ("config read-only=true", LineCommand(name="config", settings={"read_only": "true"})),
    ("approve run_1 call_1", LineCommand(name="approve", run_id="run_1", tool_call_id="call_1")),
    ("reject run_1 call_1", LineCommand(name="reject", run_id="run_1", tool_call_id="call_1")),
    ('modify run_1 call_1 {"top_k": 3, "measure": "pagerank"}',
     LineCommand(name="modify", run_id="run_1", tool_call_id="call_1",
                 patched_args={"top_k": 3, "measure": "pagerank"})),
    ("history -n 3", LineCommand(name="history", limit=3)),
    ("history --all", LineCommand(name="history", limit=100_000)),
    ("cancel", LineCommand(name="cancel")),
    ("show run_9", LineCommand(name="show", run_id="run_9")),
    ("jobs job_1 --cancel", LineCommand(name="jobs", run_id="job_1", rest=["--cancel"])),
    ("skills show --help", LineCommand(name="skills", rest=["show", "--help"])),
    ("save-report run_1 out.ipynb", LineCommand(name="save_report", rest=["run_1", "out.ipynb"])),
    ("", LineCommand(name="help")),
])
def test_line_commands_become_typed_line_commands(line, expected):
    assert parse_line_command(line) == expected


@pytest.mark.parametrize("line, message", [
    ("--bogus", "No such option '--bogus'"),
    ("--format xml", "'xml' is not one of 'chat', 'report', 'json'"),
    ("--model", "Option '--model' requires an argument"),
    ("--session 'unclosed", "cannot read the options"),
    ("-o 2res", "-o 2res: not a Python variable name"),
    ("-o class", "not a Python variable name"),
    ("-o res --no-wait", "drop --no-wait"),
])
def test_bad_cell_options_are_a_short_usage_problem(line, message):
    with pytest.raises(UsageProblem) as problem:
        parse_cell_line(line)
    text = str(problem.value)
    assert message in text
    assert "Traceback" not in text and len(text.splitlines()) <= 4


@pytest.mark.parametrize("line, message", [
    ("frobnicate", "No such command 'frobnicate'"),
    ("config colour=blue", "expected KEY=VALUE with KEY one of"),
    ("config format=xml", "format must be one of chat, report, json"),
    ("modify run_1 call_1 {not json", "not valid JSON"),
    ("modify run_1 call_1 [1, 2]", "must be a JSON object"),
    ("approve run_1", "Missing argument 'TOOL_CALL_ID'"),
    ("history --limit 0", "0 is not in the range"),
])
def test_bad_line_commands_are_a_short_usage_problem(line, message):
    with pytest.raises(UsageProblem) as problem:
        parse_line_command(line)
    text = str(problem.value)
    assert message in text
    assert "Traceback" not in text and len(text.splitlines()) <= 4


def test_help_flag_shows_the_cell_usage_instead_of_exiting():
    with pytest.raises(HelpShown) as shown:
        parse_cell_line("--help")
    assert "Usage: %%agent" in str(shown.value) and "--no-wait" in str(shown.value)


def test_help_text_lists_every_line_command_and_cell_option():
    text = help_text()
    for name in ("config", "models", "status", "sessions", "new", "approve", "reject", "modify",
                 "cancel", "history", "show", "skills", "memory", "save-report", "jobs",
                 "--with", "--no-wait", "--format"):
        assert name in text


@pytest.mark.parametrize("line, choices", [
    ("--with roads --weight km:distance --directed", {"directed": True, "weight": "km",
                                                      "means": "distance"}),
    ("--with mail --weight count --undirected", {"directed": False, "weight": "count"}),
    ("--with roads --weight 'travel time:Strength'", {"weight": "travel time", "means": "strength"}),
    ("--with roads", {}),
])
def test_direction_and_weight_flags_become_the_reading_of_the_attached_data(line, choices):
    assert parse_cell_line(line).choices() == choices


@pytest.mark.parametrize("line", ["--weight km:far", "--weight :distance"])
def test_a_weight_flag_with_a_bad_meaning_is_a_short_usage_problem(line):
    with pytest.raises(UsageProblem, match=r"weight|distance"):
        parse_cell_line(line)
