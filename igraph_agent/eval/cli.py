"""``igraph-agent eval``: run a question set against a model and print the scores.

Exit codes: 0 done (and at or above ``--min-accuracy``), 1 below ``--min-accuracy`` or an
invalid question file, 2 bad usage.

In a shell::

    igraph-agent eval --model offline/planner
    igraph-agent eval --split test                  # the held-out splits, never used for tuning
    igraph-agent eval --split test2                 # only the one written blind to the planner
    igraph-agent eval my_questions.yaml --model openai/gpt-4o-mini --repeats 3 --format json
    igraph-agent eval --category paths --category degree --min-accuracy 0.85
    igraph-agent eval --cluster 10.0.0.5:6379      # questions as tasks on a Ray cluster
"""

from __future__ import annotations

import click

from igraph_agent.markup import echo


@click.command("eval")
@click.argument("questions", required=False, type=click.Path(dir_okay=False, exists=True))
@click.option("--split", type=click.Choice(["tune", "test", "test2", "dev", "all"]), default=None,
              help="the public set's split: tune (default), test (both held-out files, never "
                   "tuned on), test2 (the one written blind to the planner), all, or dev (the "
                   "planner developers' own questions)")
@click.option("--model", default=None, help="litellm model id (default: configured, else offline/planner)")
@click.option("--repeats", default=1, type=click.IntRange(1, 100), help="runs per question")
@click.option("--category", "categories", multiple=True, help="only this category; repeatable")
@click.option("--id", "ids", multiple=True, help="only this question id (or id prefix); repeatable")
@click.option("--limit", default=None, type=click.IntRange(1), help="at most N questions per category")
@click.option("--max-steps", default=12, type=click.IntRange(1, 100))
@click.option("--min-accuracy", default=None, type=click.FloatRange(0, 1),
              help="exit 1 when the accuracy is below this fraction")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default=None,
              help="table (default) or json: the full report as JSON, like ask --format json")
@click.option("--json", "as_json", is_flag=True, help="the same as --format json")
@click.option("--failures", is_flag=True, help="also list the questions answered wrongly")
@click.option("--cluster", default=None, metavar="ADDRESS",
              help="run the questions as tasks on this Ray cluster (default: IGRAPH_AGENT_CLUSTER)")
def eval_command(questions: str | None, split: str | None, model: str | None, repeats: int,
                 categories: tuple[str, ...], ids: tuple[str, ...], limit: int | None,
                 max_steps: int, min_accuracy: float | None, fmt: str | None, as_json: bool,
                 failures: bool, cluster: str | None) -> None:
    """Ask every question of QUESTIONS (default: the public set) and score the answers:
    accuracy against oracles, grounding, clarifications, refusals, tool calls, turns,
    tokens, cost and time, per category and in total."""
    from igraph_agent.eval import load_questions, run_eval

    if as_json and fmt == "table":
        raise click.UsageError("--json means --format json: give one of them")
    as_json = as_json or fmt == "json"
    if questions and split:
        raise click.UsageError("--split chooses a part of the public set: give no QUESTIONS file")
    qset = load_questions(questions, split).select(list(categories) or None, list(ids) or None, limit)
    if not qset.questions:
        raise click.UsageError("no question matches the --category / --id / --limit filters")
    report = run_eval(qset, model=model, repeats=repeats, max_steps=max_steps, cluster=cluster)
    echo(report.to_json() if as_json else report.to_table())
    if failures and not as_json:
        for r in report.failures():
            why = f"ungrounded {r.ungrounded_numbers}" if not r.grounded else f"expected {r.expected}"
            echo(f"\n✗ {r.id} [{r.status}] {r.question}\n  {why}; answer: "
                       f"{' '.join(r.answer.split())[:300]}")
    if min_accuracy is not None and report.accuracy < min_accuracy:
        echo(f"accuracy {report.accuracy:.1%} is below --min-accuracy {min_accuracy:.1%}",
                   err=True)
        raise click.exceptions.Exit(1)
