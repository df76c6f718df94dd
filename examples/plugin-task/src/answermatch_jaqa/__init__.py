"""jaqa: a Japanese QA task built from answermatch's public pieces.

Gold: JSON Lines, one ``{"id": str, "question": str, "answers": [str, ...]}``
per line. Predictions: one JSON object ``{id: answer}``. Both may also be
given as loaded objects (a list of dicts, a dict).

Per question: exact match (after the ``unicode`` normalization) and token F1
over MeCab words (:func:`answermatch.token_f1` with ``lang="ja"``), each the
best over the answers; a question without a prediction scores 0. Scores: the
means over the questions, in percent. Profile ``characters`` counts
characters instead of MeCab words.

>>> task = JaQA()
>>> gold = [{"id": "1", "question": "日本の首都は？", "answers": ["東京都", "東京"]}]
>>> result = task.evaluate(gold, {"1": "東京都の人口"})
>>> result.scores["em"], round(result.scores["f1"], 2)
(0.0, 66.67)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from answermatch.plugin import (
    ANSWER_CHECKS,
    Aggregation,
    ChecksGold,
    Diagnostics,
    Entry,
    Explains,
    Explanation,
    GoldChecks,
    InputError,
    Inputs,
    Scored,
    Settings,
    Summary,
    Task,
    TextView,
    Totals,
    Variant,
    choice,
    exact_match,
    get_tokenizer,
    is_path,
    make_signature,
    preset_normalizer,
    read_text,
    source_name,
    token_f1,
    tokenize,
    unanswered,
    verdict,
)

__all__ = ["JaQA", "Question"]


@dataclass(frozen=True)
class Question:
    """One gold question: its id, answers and line in the file."""

    id: str
    answers: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class Profile(Settings):
    """``unit``: what F1 counts, ``"word"`` (MeCab) or ``"char"``."""

    unit: str = choice("word", "char")


def _read_gold(source: Any) -> list[Question]:
    name = source_name(source)
    if is_path(source):
        records = []
        for number, line in enumerate(read_text(source).splitlines(), start=1):
            if not line.strip():
                continue
            try:
                records.append((number, json.loads(line)))
            except json.JSONDecodeError as exc:
                raise InputError(f"not valid JSON ({exc.msg})", path=name, line=number) from None
    elif isinstance(source, list):
        records = list(enumerate(source, start=1))
    else:
        raise InputError("expected a JSON Lines file or a list of dicts", path=name)
    questions = []
    for number, record in records:
        answers = record.get("answers") if isinstance(record, dict) else None
        if (
            not isinstance(record, dict)
            or not isinstance(record.get("id"), str)
            or not isinstance(answers, list)
            or not answers
            or not all(isinstance(a, str) for a in answers)
        ):
            raise InputError(
                'expected {"id": str, "question": str, "answers": [str, ...]}',
                path=name,
                line=number,
            )
        questions.append(Question(record["id"], tuple(answers), number))
    return questions


class JaQA(Task, Explains, ChecksGold):
    """Exact match and MeCab-word F1 for Japanese questions."""

    name = "jaqa"
    summary = "Japanese QA: exact match and token F1 over MeCab words (an example plugin)"
    primary = "f1"
    profiles: ClassVar[dict[str, Profile]] = {
        "official": Profile("official"),
        "characters": Profile("characters", unit="char"),
    }
    languages = ("ja",)
    shapes: ClassVar[dict[str, str]] = {
        "gold": 'a list of {"id": str, "question": str, "answers": [str, ...]}',
        "predictions": "a dict {id: answer}",
    }
    gold_checks = GoldChecks(ANSWER_CHECKS, normalize=preset_normalizer("unicode"))

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> list[Question]:
        return _read_gold(source)

    def read_predictions(
        self, source: Any, gold: list[Question], diag: Diagnostics, **options: Any
    ) -> dict[str, str]:
        name = source_name(source)
        data = json.loads(read_text(source)) if is_path(source) else source
        if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
            raise InputError("expected a JSON object {id: answer string}", path=name)
        unknown = set(data) - {q.id for q in gold}
        if unknown:
            diag.warn(
                f"{len(unknown)} prediction(s) for ids not in the gold are ignored", path=name
            )
        return data

    def score(self, inputs: Inputs, settings: Profile, diag: Diagnostics, **options: Any) -> Scored:
        items = []
        for question in inputs.gold:
            prediction = inputs.predictions.get(question.id)
            if prediction is None:
                em = f1 = 0.0
            else:
                em = exact_match(prediction, question.answers, lang="ja")
                f1 = max(self._f1(prediction, answer, settings) for answer in question.answers)
            items.append(
                {"id": question.id, "score": f1, "em": em, "f1": f1, "prediction": prediction}
            )
        missing = sum(item["prediction"] is None for item in items)
        if missing:
            diag.warn(
                f"{missing} gold question(s) have no prediction and score 0", path=inputs.pred_name
            )
        tokenizer = get_tokenizer("ja").signature() if settings.unit == "word" else "chars"
        return Scored(
            items,
            make_signature(self.name, settings.name, norm="unicode", tokenizers={"ja": tokenizer}),
        )

    @staticmethod
    def _f1(prediction: str, answer: str, settings: Profile) -> float:
        if settings.unit == "word":
            return token_f1(prediction, answer, lang="ja")
        return token_f1(prediction, answer, lang="ja", unit="char")

    @staticmethod
    def _units(settings: Profile) -> Callable[[str], tuple[str, ...]]:
        """What the profile compares: MeCab words or characters."""
        if settings.unit == "word":
            return lambda text: tuple(tokenize(text, "ja"))
        return lambda text: tuple(text.replace(" ", ""))

    def aggregation(self, settings: Profile, **options: Any) -> Aggregation:
        def combine(totals: Totals, rows: object) -> Summary:
            count, (em, f1) = totals.get(None, (0, (0.0, 0.0)))
            return Summary(
                {"em": 100 * em / count if count else 0.0, "f1": 100 * f1 / count if count else 0.0}
            )

        return Aggregation(lambda item: (item["em"], item["f1"]), combine, primary="f1")

    def explain(
        self, inputs: Inputs, settings: Profile, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        for question, item in zip(
            inputs.gold, self.score(inputs, settings, diag).items, strict=True
        ):
            figures = {"score": item["score"], "em": item["em"], "f1": item["f1"]}
            prediction = item["prediction"]
            if prediction is None:
                yield unanswered(
                    self.name, settings.name, question.id, "ja", question.answers, figures
                )
                continue
            units = self._units(settings)
            variants = tuple(
                Variant(
                    TextView(answer, answer, units(answer)),
                    {"f1": self._f1(prediction, answer, settings)},
                    "token F1 over MeCab words" if settings.unit == "word" else "character F1",
                    0 < self._f1(prediction, answer, settings) == item["f1"],
                )
                for answer in question.answers
            )
            yield Explanation(
                self.name,
                settings.name,
                question.id,
                "ja",
                TextView(prediction, prediction, units(prediction)),
                variants,
                "the best answer counts",
                figures,
                verdict(item["f1"], item["em"]),
            )

    def item_variants(self, inputs: Inputs) -> Mapping[Any, Iterable[str]]:
        return {q.id: q.answers for q in inputs.gold}

    def gold_entries(self, gold: list[Question]) -> Iterator[Entry]:
        for question in gold:
            yield Entry(question.id, question.line, question.answers, "ja")
