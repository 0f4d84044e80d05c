"""Repeatable evaluation: run a question set against a model and score the answers.

Example::

    from igraph_agent.eval import load_questions, run_eval
    report = run_eval(load_questions(), model="offline/planner")
    print(report.to_table()); report.to_frame()
"""

from igraph_agent.eval.questions import PUBLIC_SET, QuestionSet, load_questions
from igraph_agent.eval.report import EvalReport, QuestionResult
from igraph_agent.eval.runner import run_eval

__all__ = ["PUBLIC_SET", "EvalReport", "QuestionResult", "QuestionSet", "load_questions",
           "run_eval"]
