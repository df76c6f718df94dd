"""KorQuAD 1.0: the official ``evaluate-v1.0.py`` (character-level F1) and a fair profile.

KorQuAD 1.0 (https://korquad.github.io/KorQuad%201.0/) publishes its
evaluation script with the data set, adapted from SQuAD v1.1's. Its rules:

* **Normalization** of both sides: ``' " 《 》 < > 〈 〉 ( ) ‘ ’`` each become
  a space; then lower case; then every ASCII punctuation character
  (``string.punctuation``) is deleted; then whitespace runs become one
  space and the ends are stripped. No articles, no Unicode punctuation
  besides the twelve characters (``“ ” 「 」 … 、 。`` stay).
* **EM**: the normalized strings are equal.
* **F1** over *characters*: the normalized text is split on spaces and each
  word into its characters (so spaces do not count); the common characters
  are the multiset intersection; precision and recall are its size over
  each side's character count; 0 when nothing is shared.
* The best answer counts for each figure; a question without a prediction
  scores 0 (a message on stderr); ``exact_match`` and ``f1`` are
  100 x sum / number of gold questions. Extra predictions are ignored.

The script fails (a traceback) on a gold file without ``version``, a
question without answers that is predicted, and a prediction or an answer
that is not a string: here these are :class:`~answermatch.errors.InputError`\\ s
naming the question. A ``version`` other than ``KorQuAD_v1.0_*`` is a
warning, as the script prints one.

Inputs: the published layout ``{"version": "KorQuAD_v1.0_dev", "data":
[{"title", "paragraphs": [{"context", "qas": [{"id", "question", "answers":
[{"text", "answer_start"}]}]}]}]}``, or Hugging Face ``datasets`` rows ``{"id",
"context", "question", "answers": {"text": [...], "answer_start": [...]}}``
as a list or a JSON Lines file; predictions ``{id: text}`` (or a list of
``{"id", "prediction_text"}``).

>>> import warnings
>>> gold = [{"id": "q1", "context": "서울은 대한민국의 수도이다.",
...          "answers": {"text": ["대한민국"], "answer_start": [4]}}]
>>> KorQuAD().evaluate(gold, {"q1": "대한민국의"}).scores  # 4 of 5 characters
{'exact_match': 0.0, 'f1': 88.8888888888889}
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, reduce
from operator import add, itemgetter
from typing import Any, ClassVar

from ..checks import (
    Entry,
    Finding,
    GoldChecks,
    GoldFile,
    check_duplicate_variant,
    check_empty_variant,
    check_ids,
    check_normalizes_empty,
)
from ..diagnostics import Diagnostics
from ..errors import InputError
from ..explanation import Explanation, TextView, Variant, unanswered, verdict
from ..figures import pair_figures
from ..formats.squad import (
    Dialect,
    SquadFile,
    hf_answers,
    prediction_map,
    read,
    warn_coverage,
    warn_repeated_ids,
)
from ..items import DeferredItems
from ..matchers.answers import AnswerSet, answer_set, best_overlap, common_count, one_answer
from ..normalization.deletion import deleter
from ..signature import make_signature
from ..sources import source_name
from .base import FRACTION, Aggregation, Inputs, Scored, Stats, Summary, Task, Totals, check_rules
from .parts import ChecksGold, Explains, TakesRows

__all__ = ["FAIR", "OFFICIAL", "KorQuAD", "Settings", "normalize_answer"]

EXPECTED_VERSION = "KorQuAD_v1.0"

#: The characters the script's ``remove_`` turns into spaces.
TO_SPACE = "'\"《》<>〈〉()‘’"
_TO_SPACE = str.maketrans(dict.fromkeys(TO_SPACE, " "))


def normalize_answer(text: str) -> str:
    """The script's ``normalize_answer``: twelve marks to spaces, lower case,
    ASCII punctuation deleted, whitespace collapsed.

    >>> normalize_answer("《토지》(1969)")
    '토지 1969'
    >>> normalize_answer("“서울”, 1,000명")
    '“서울” 1000명'
    """
    text = text.translate(_TO_SPACE).lower()
    if text.isascii():  # through bytes: a third of str.translate's time
        text = text.encode().translate(None, _PUNCT_BYTES).decode()
    else:
        text = _delete_punctuation()(text)
    return " ".join(text.split())


_PUNCT_BYTES = string.punctuation.encode("ascii")


@cache
def _delete_punctuation() -> Callable[[str], str]:
    return deleter(string.punctuation)


def char_f1(prediction: list[str], answer: list[str]) -> float:
    """The script's F1 of two character lists (multiset overlap; SQuAD's
    arithmetic, :func:`~answermatch.matchers.answers.best_overlap`).

    >>> char_f1(list("대한민국의"), list("대한민국"))
    0.888888888888889
    """
    return best_overlap(tuple(prediction), answer_set((answer,)))[0]


# --- profiles ----------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """What decides the numbers. ``width``: ``"official"`` or ``"nfkc"``;
    ``punctuation``: ``"official"`` (the twelve marks and ASCII punctuation)
    or ``"unicode"`` (case folding, every Unicode punctuation mark and symbol
    deleted); ``numbers``: ``"string"`` (digits are characters) or ``"value"``
    (each number one unit in canonical form, so ``1,000`` = ``1000``)."""

    name: str
    width: str = "official"
    punctuation: str = "official"
    numbers: str = "string"

    def __post_init__(self) -> None:
        check_rules(self, _CHOICES)

    @property
    def is_official(self) -> bool:
        return all(getattr(self, f) == known[0] for f, known in _CHOICES.items())


_CHOICES = {
    "width": ("official", "nfkc"),
    "punctuation": ("official", "unicode"),
    "numbers": ("string", "value"),
}
OFFICIAL = Settings("official")
FAIR = Settings("fair", width="nfkc", punctuation="unicode", numbers="value")


class Analyzer:
    """``(EM key, F1 units)`` of a text under ``settings``, remembered per text."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._official = settings.is_official
        #: the analyses so far, by text (a scorer may look them up itself)
        self.known: dict[str, tuple[str, tuple[str, ...]]] = {}

    def __call__(self, text: str) -> tuple[str, tuple[str, ...]]:
        return self.known.get(text) or self.add(text)

    def add(self, text: str) -> tuple[str, tuple[str, ...]]:
        """The analysis of ``text``, remembered (at most 200,000 at a time)."""
        if len(self.known) > 200_000:
            self.known.clear()
        found = self.known[text] = self._analyse(text)
        return found

    def _normalize(self, text: str) -> str:
        if self.settings.punctuation == "unicode":
            from ..normalization.steps import casefold, strip_noise

            return " ".join(strip_noise(casefold(text)).split())
        return normalize_answer(text)

    def _analyse(self, text: str) -> tuple[str, tuple[str, ...]]:
        s = self.settings
        if self._official:
            key = normalize_answer(text)
            return key, tuple(key.replace(" ", ""))
        if s.width == "nfkc":
            from ..normalization.steps import nfkc

            text = nfkc(text)
        if s.numbers == "value":
            from ..analysis import split_numbers

            pieces = split_numbers(text)
        else:
            pieces = [(False, text)]
        parts: list[str] = []
        units: list[str] = []
        for is_number, piece in pieces:
            if is_number:
                parts.append(f" {piece} ")
                units.append(piece)
            else:
                normalized = self._normalize(piece)
                parts.append(f" {normalized} ")
                units += [c for c in normalized if c != " "]
        return " ".join("".join(parts).split()), tuple(units)


# --- reading -----------------------------------------------------------------------

#: KorQuAD's files in the SQuAD format: ids may be numbers, an answer that is
#: not a string fails (the script calls string methods on it), and so does a
#: byte order mark (the script's ``json.load`` of a text file rejects it).
DIALECT = Dialect(
    id_types=(str, int), text_types=(str,), bom="error", key_check=True, layout="KorQuAD"
)


def read_gold(source: Any, diag: Diagnostics) -> SquadFile:
    """The gold questions of a KorQuAD file or object (see
    :mod:`answermatch.tasks.korquad`), read by
    :func:`answermatch.formats.squad.read`; the
    SQuAD layout must carry the ``version`` the script reads."""
    gold = read(source, diag, DIALECT)
    if gold.layout == "squad":
        _check_version(gold.version, gold.name, diag)
    warn_repeated_ids(
        gold, gold.ids, diag, "each occurrence is scored, as the official script does"
    )
    return gold


def _check_version(version: Any, path: str, diag: Diagnostics) -> None:
    if version is None:
        raise InputError(
            "the gold has no 'version' (the official script reads it and fails without it); "
            f'expected e.g. "version": "{EXPECTED_VERSION}_dev"',
            path=path,
        )
    if not isinstance(version, str):
        raise InputError(f"'version' must be a string, found {version!r}", path=path)
    read_version = "_".join(version.split("_")[:-1])
    if read_version != EXPECTED_VERSION:
        diag.warn(
            f"the evaluation expects {EXPECTED_VERSION}, but the gold says {read_version!r} "
            f"(version {version!r}); scored anyway, as the official script does",
            path=path,
        )


def read_predictions(source: Any, gold: SquadFile, diag: Diagnostics) -> dict[Any, Any]:
    """``{id: text}`` from a JSON object, a path, or a list of ``{"id", "prediction_text"}``."""
    path = source_name(source)
    data = prediction_map(source, diag, bom=DIALECT.bom)
    warn_coverage(gold.ids, data, diag, path, "each scores 0, as in the official script")
    return dict(data)


# --- gold checks -------------------------------------------------------------------


@dataclass
class SpanEntry(Entry):
    """A check entry with the answers' offsets and the passage."""

    starts: tuple[Any, ...] = ()
    context: str | None = None


def check_answer_start(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """``answer_start`` that does not point at the answer text in the passage."""
    for entry in gold.entries:
        if not isinstance(entry, SpanEntry) or entry.context is None:
            continue
        for text, start in zip(entry.variants, entry.starts, strict=True):
            if start is None or not text.strip():
                continue
            if not isinstance(start, int) or isinstance(start, bool):
                message = f"answer_start {start!r} of {text!r} is not an integer"
            elif entry.context[start : start + len(text)] != text:
                found = entry.context.find(text)
                where = f"the text is at {found}" if found >= 0 else "the passage lacks it"
                message = f"answer_start {start} does not point at {text!r} ({where})"
            else:
                continue
            yield Finding(
                "warning", gold.name, entry.line, "answer-start", f"{entry.id}: {message}"
            )


def check_no_answer(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """A question without answers (the script fails when it is predicted)."""
    for entry in gold.entries:
        if not entry.variants:
            yield Finding(
                "error", gold.name, entry.line, "no-answer",
                f"{entry.id}: no answer: the official script fails when it is predicted",
            )  # fmt: skip


GOLD_CHECKS = GoldChecks(
    (
        check_ids,
        check_no_answer,
        check_empty_variant,
        check_duplicate_variant,
        check_normalizes_empty,
        check_answer_start,
    ),
    normalize=lambda text, lang: normalize_answer(text),
    duplicate_id_severity="warning",
)


# --- scoring -----------------------------------------------------------------------

_ANSWERS, _FIRST, _SECOND = itemgetter(1), itemgetter(0), itemgetter(1)


def _pair_scorer(analyse: Analyzer) -> Callable[[str, tuple[Any, ...]], tuple[float, float]]:
    """``(prediction, answers) -> (em, f1)``: EM 1.0 when the prediction's
    normalized text equals an answer's, F1 the best character F1 over the
    answers (:func:`~answermatch.matchers.answers.best_overlap`, the
    script's arithmetic); each text analysed once and each answer tuple
    prepared once."""
    prepared: dict[tuple[Any, ...], tuple[tuple[str, ...], AnswerSet]] = {}
    get, add = analyse.known.get, analyse.add

    def prepare(answers: tuple[Any, ...]) -> tuple[tuple[str, ...], AnswerSet]:
        if len(answers) == 1:  # most questions: the fewest steps
            key, units = get(answers[0]) or add(answers[0])
            found = prepared[answers] = ((key,), one_answer(units))
            return found
        analysed = [get(answer) or add(answer) for answer in answers]
        found = prepared[answers] = (
            tuple(key for key, _ in analysed),
            answer_set(units for _, units in analysed),
        )
        return found

    def compute(prediction: str, answers: tuple[Any, ...]) -> tuple[float, float]:
        keys, golds = prepared.get(answers) or prepare(answers)
        key, units = get(prediction) or add(prediction)
        return (1.0 if key in keys else 0.0), best_overlap(units, golds)[0]

    return compute


def _refuse_what_the_script_fails_on(
    gold: SquadFile, keys: list[tuple[Any, Any]], predictions: Mapping[Any, Any], inputs: Inputs
) -> None:
    """The error for the first question, in gold order, that the script
    fails on: a prediction that is not a string (``None`` included), or a
    predicted question without gold answers (``max()`` of no score)."""
    for index, (text, answers) in enumerate(keys):
        qid = gold.ids[index]
        if text is None and qid not in predictions:
            continue  # unanswered: 0
        if type(text) is not str:
            raise InputError(
                f"the prediction for {qid!r} is {text!r}, not a string (the official "
                "script fails on it)",
                path=inputs.pred_name,
            )
        if not answers:
            raise InputError(
                f"question {qid!r} ({gold.where(index)}) has no answer: the official "
                "script fails on it (max() of no score)",
                path=inputs.gold_name,
                line=gold.line(index),
            )


# --- the task ----------------------------------------------------------------------


def _statistics(item: Mapping[str, Any]) -> Stats:
    return (item["em"], item["f1"])


def _combine(totals: Totals, rows: list[Stats] | None) -> Summary:
    count, (em, f1) = totals.get(None, (0, (0.0, 0.0)))
    if not count:
        return Summary({"exact_match": 0.0, "f1": 0.0})
    return Summary({"exact_match": 100.0 * em / count, "f1": 100.0 * f1 / count})


class KorQuAD(Task, Explains, ChecksGold, TakesRows):
    """KorQuAD 1.0: EM and character-level F1 (see :mod:`answermatch.tasks.korquad`)."""

    name = "korquad"
    summary = "KorQuAD 1.0 (evaluate-v1.0.py): EM and character-level F1 after normalization"
    primary = "f1"
    profiles: ClassVar[Mapping[str, Settings]] = {"official": OFFICIAL, "fair": FAIR}
    languages = ("ko",)
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": (
            "the KorQuAD 1.0 layout {version: 'KorQuAD_v1.0_dev', data: [{title, paragraphs: "
            "[{context, qas: [{id, question, answers: [{text, answer_start}]}]}]}]} (a file or "
            "the parsed object), or Hugging Face datasets rows ({id, context, question, "
            "answers: {text: [...], answer_start: [...]}}) as a list or a JSON Lines file"
        ),
        "predictions": "{question id: answer text} (a JSON object), or a list of "
        "{id, prediction_text}",
    }
    gold_checks = GOLD_CHECKS

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> SquadFile:
        return read_gold(source, diag)

    def answers_field(self, answers: list[str]) -> Any:
        """Hugging Face's ``answers`` of a row, offsets unknown (-1)."""
        return hf_answers(answers)

    def read_predictions(
        self, source: Any, gold: SquadFile, diag: Diagnostics, **options: Any
    ) -> dict[Any, Any]:
        return read_predictions(source, gold, diag)

    def score(self, inputs: Inputs, settings: Any, diag: Diagnostics, **options: Any) -> Scored:
        settings = self.settings(settings)
        gold, predictions = inputs.gold, inputs.predictions
        ids = gold.ids
        texts = list(map(predictions.get, ids))  # None: unanswered (as a missing id)
        answers = list(map(_ANSWERS, gold.questions))
        keys = list(zip(texts, answers, strict=True))
        if not all(answers) or not all(type(v) is str for v in predictions.values()):
            _refuse_what_the_script_fails_on(gold, keys, predictions, inputs)
        figures = pair_figures(_pair_scorer(Analyzer(settings)), keys)
        # summed one by one in gold order, as the official script adds
        em_sum = reduce(add, map(_FIRST, figures), 0.0)
        f1_sum = reduce(add, map(_SECOND, figures), 0.0)
        totals: Totals = {None: (len(figures), (em_sum, f1_sum))}

        def build() -> list[dict[str, Any]]:
            return [
                {
                    "id": qid,
                    "score": f1,
                    "f1": f1,
                    "em": int(em),
                    "answered": text is not None,
                    "prediction": text,
                    "gold": list(golds),
                }
                for qid, (text, golds), (em, f1) in zip(ids, keys, figures, strict=True)
            ]

        return Scored(
            DeferredItems(len(figures), build),
            make_signature(
                self.name,
                settings.name,
                norm="korquad" if settings.is_official else "korquad-fair",
                extra={
                    "width": settings.width,
                    "punct": settings.punctuation,
                    "numbers": settings.numbers,
                    "unit": "char",
                },
            ),
            totals,
        )

    def aggregation(self, settings: Any, **options: Any) -> Aggregation:
        return Aggregation(
            statistics=_statistics, combine=_combine, primary="f1", ranges=(FRACTION, FRACTION)
        )

    def explain(
        self, inputs: Inputs, settings: Any, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        settings = self.settings(settings)
        analyse = Analyzer(settings)
        rule = (
            "EM: the normalized texts are equal (' \" 《 》 < > 〈 〉 ( ) ‘ ’ to spaces, "
            "lower case, ASCII punctuation deleted, whitespace collapsed); F1: the multiset "
            "of characters shared by the normalized texts (spaces not counted); the best "
            "answer counts"
        )
        if not settings.is_official:
            rule = (
                f"the {settings.name} profile: width={settings.width}, "
                f"punctuation={settings.punctuation}, numbers={settings.numbers}; " + rule
            )
        for item in self.score(inputs, settings, diag, **options).items:
            figures = {"score": item["score"], "f1": item["f1"], "em": float(item["em"])}
            if not item["answered"]:
                yield unanswered(self.name, settings.name, item["id"], "ko", item["gold"], figures)
                continue
            key, units = analyse(item["prediction"])
            variants = []
            for answer in item["gold"]:
                answer_key, answer_units = analyse(answer)
                same = common_count(units, answer_units)
                f1 = char_f1(units, answer_units)
                details: dict[str, Any] = {"common_characters": same}
                if same:
                    details["precision"] = same / len(units)
                    details["recall"] = same / len(answer_units)
                em = answer_key == key
                variants.append(
                    Variant(
                        TextView(answer, answer_key, tuple(answer_units)),
                        {"em": float(em), "f1": f1},
                        "equal after normalization" if em else "common characters",
                        em or (f1 == item["f1"] and f1 > 0),
                        details,
                    )
                )
            yield Explanation(
                self.name,
                settings.name,
                item["id"],
                "ko",
                TextView(item["prediction"], key, tuple(units)),
                tuple(variants),
                rule,
                figures,
                verdict(figures["f1"], figures["em"]),
            )

    def gold_entries(self, gold: SquadFile) -> Iterable[Entry]:
        for k, q in enumerate(gold.questions):
            yield SpanEntry(q.id, gold.line(k), q.answers, "ko", starts=q.starts, context=q.context)
