"""Eval results: per question, per category and in total; as a table, JSON or DataFrame."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel


class QuestionResult(BaseModel):
    id: str
    category: str
    intent: str = ""
    repeat: int = 0
    split: str = "tune"
    question: str
    expected_status: str
    status: str
    correct: bool
    grounded: bool
    ungrounded_numbers: list[str] = []
    expected: str = ""
    answer: str = ""
    tool_calls: int = 0
    model_turns: int = 0
    tokens: int = 0
    cost_usd: float = 0.0
    seconds: float = 0.0


class Score(BaseModel):
    questions: int
    accuracy: float
    answered_wrong: int  # a wrong answer whose status was answered
    ungrounded: int
    clarifications_correct: str
    refusals_correct: str
    tool_calls: float
    model_turns: float
    tokens: int
    cost_usd: float
    seconds: float


def score(rows: list[QuestionResult]) -> Score:
    n = len(rows) or 1

    def ratio(kind: str) -> str:
        asked = [r for r in rows if r.expected_status == kind]
        return f"{sum(r.correct for r in asked)}/{len(asked)}"

    return Score(questions=len(rows), accuracy=round(sum(r.correct for r in rows) / n, 4),
                 answered_wrong=sum(r.status == "answered" and not r.correct for r in rows),
                 ungrounded=sum(not r.grounded for r in rows),
                 clarifications_correct=ratio("needs_clarification"),
                 refusals_correct=ratio("blocked"),
                 tool_calls=round(sum(r.tool_calls for r in rows) / n, 2),
                 model_turns=round(sum(r.model_turns for r in rows) / n, 2),
                 tokens=sum(r.tokens for r in rows),
                 cost_usd=round(sum(r.cost_usd for r in rows), 6),
                 seconds=round(sum(r.seconds for r in rows), 2))


class EvalReport(BaseModel):
    question_set: str
    model: str
    repeats: int
    seconds: float
    results: list[QuestionResult]

    @property
    def total(self) -> Score:
        return score(self.results)

    @property
    def accuracy(self) -> float:
        return self.total.accuracy

    def by_category(self) -> dict[str, Score]:
        cats: dict[str, list[QuestionResult]] = {}
        for r in self.results:
            cats.setdefault(r.category, []).append(r)
        return {c: score(rows) for c, rows in cats.items()}

    def to_dict(self) -> dict[str, Any]:
        return {"question_set": self.question_set, "model": self.model, "repeats": self.repeats,
                "seconds": self.seconds, "total": self.total.model_dump(),
                "categories": {c: s.model_dump() for c, s in self.by_category().items()},
                "questions": [r.model_dump() for r in self.results]}

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def to_frame(self):
        """One row per question and repeat (pandas DataFrame)."""
        import pandas as pd

        return pd.DataFrame([r.model_dump() for r in self.results])

    def category_frame(self):
        """One row per category, then ``total`` (pandas DataFrame)."""
        import pandas as pd

        rows = {**self.by_category(), "total": self.total}
        return pd.DataFrame([{"category": c, **s.model_dump()} for c, s in rows.items()])

    def failures(self) -> list[QuestionResult]:
        return [r for r in self.results if not r.correct or not r.grounded]

    def to_table(self) -> str:
        head = (f"{'category':<16}{'n':>5}{'accuracy':>10}{'wrong ans':>11}{'ungrounded':>12}"
                f"{'clarify':>9}"
                f"{'refuse':>8}{'tools':>7}{'turns':>7}{'tokens':>9}{'cost $':>9}{'time s':>8}")
        lines = [f"eval of {self.model} on {self.question_set} ({self.repeats} repeat(s))",
                 head, "-" * len(head)]
        splits = sorted({r.split for r in self.results})
        totals = [(f"total {sp}", score([r for r in self.results if r.split == sp]))
                  for sp in splits] if len(splits) > 1 else []
        rows = [*self.by_category().items(), *totals, ("total", self.total)]
        for i, (cat, s) in enumerate(rows):
            if i == len(rows) - 1 - len(totals):
                lines.append("-" * len(head))
            lines.append(f"{cat:<16}{s.questions:>5}{s.accuracy:>10.1%}{s.answered_wrong:>11}"
                         f"{s.ungrounded:>12}"
                         f"{s.clarifications_correct:>9}{s.refusals_correct:>8}{s.tool_calls:>7}"
                         f"{s.model_turns:>7}{s.tokens:>9}{s.cost_usd:>9.4f}{s.seconds:>8.1f}")
        return "\n".join(lines)
