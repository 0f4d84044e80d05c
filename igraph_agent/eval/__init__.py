"""Repeatable evaluation: run a question set against a model and score the answers.

Example::

    >>> from igraph_agent.eval import load_questions, run_eval
    >>> questions = load_questions().select(categories=["degree"], limit=2)
    >>> report = run_eval(questions, model="offline/planner", workdir=home)
    >>> report.to_table().splitlines()[0]
    'eval of offline/planner...'
    >>> 0 <= report.accuracy <= 1
    True
"""

from igraph_agent.eval.questions import PUBLIC_SET, QuestionSet, load_questions
from igraph_agent.eval.report import EvalReport, QuestionResult
from igraph_agent.eval.runner import run_eval

__all__ = ["PUBLIC_SET", "EvalReport", "QuestionResult", "QuestionSet", "load_questions",
           "run_eval"]
