"""NTCIR-16 Data Search 2, QA subtask (English and Japanese): EM and macro F1.

The task page (https://ntcir.datasearch.jp/subtasks/qa/) asks a system to
extract, from a government statistics dataset, the answer to a question, and
scores the answers "as in reading comprehension tasks": exact match (EM, the
primary figure) and macro-averaged F1, where the F1 of one answer compares the
*set* of words of the generated answer (X) with the set of words of the gold
answer (Y): ``P = |X ∩ Y| / |X|``, ``R = |X ∩ Y| / |Y|``,
``F1 = 2PR / (P + R)``. Both are averaged over the questions and reported in percent. The organisers
published neither a scorer nor the gold answers, so everything below that the
page leaves open is this module's choice.

Files
    *Run* (the submission layout of the task page): line 1 is the system
    description ``<SYSDESC>...</SYSDESC>`` (the page's own example closes the
    tag with ``<SYSDESC>``; both closings are accepted, a missing line 1 is an
    error), then one ``QUESTION_ID<TAB>ANSWER`` line per question.
    *Gold*: ``QUESTION_ID<TAB>ANSWER[<TAB>ANSWER...]``, one line per question,
    several acceptable answers allowed (EM and F1 take the best of them,
    each on its own). Both files are UTF-8 (``.gz`` allowed; a BOM and CRLF
    line ends are accepted); blank lines are skipped. Already-loaded objects
    work too: gold ``{id: answer or [answers]}``, run ``{id: answer}``.

Checks
    Every gold question must be answered (an error lists the missing ids
    and their count). A run id that is not in the gold is ignored with a
    warning (an error with ``strict=True``): the scores stay those of the
    gold questions. A duplicate id in either file, a line without a TAB, a
    run line with more than two fields and an empty gold answer are errors
    naming the line.

Language
    Taken from the question id: ``-E-`` is English, ``-J-`` Japanese (the
    page's ids look like ``DS2-QA-J-1001``). An id with neither marker (or
    both) is an error naming its line unless the option ``default_lang``
    (``en`` or ``ja``) says which language unmarked ids are.

Normalization (applied to answers and gold alike; why)
    1. NFKC: Japanese statistics mix full-width and half-width digits and
       letters (``１３，５１０`` is ``13,510``).
    2. Unicode case folding, then NFKC again (folding can undo NFKC), then
       invisible characters (soft hyphens, zero-width spaces and joiners,
       direction marks) are dropped: text copied from web tables carries them.
    3. Numbers keep their meaning: a comma between digits that groups
       thousands is deleted (``13,510,000`` is ``13510000``), a decimal point
       between digits and a minus sign before a digit (``-``, or U+2212 which
       becomes ``-``) are kept, so ``-2.1`` differs from ``2.1`` and ``3.5``
       from ``35``. The answers of this task are mostly figures, and the
       SQuAD rule of deleting every punctuation mark would equate them.
    4. Every other Unicode punctuation character (category P) is deleted, as
       SQuAD deletes ASCII punctuation; symbols (``$``, ``°``) are kept.
    5. English: the articles *a, an, the* are dropped (the reading
       comprehension convention the page refers to), then whitespace is
       collapsed and the words are the whitespace-separated tokens.
       Japanese: all whitespace is deleted (Japanese does not separate words
       by spaces, so ``東京都　千代田区`` and ``東京都千代田区`` are the same
       answer), then the words are MeCab's (``answermatch.tokenize(text,
       "ja")``: fugashi with unidic-lite).

    EM compares the normalized strings. A pair of empty word sets has F1 1
    (EM is 1 too: both answers normalize to ""); one empty set gives 0. So
    EM = 1 always implies F1 = 1.

Example (the gold may list several answers; F1 is over word *sets*, so the
repeated "tokyo" counts once):

>>> gold = {"DS2-QA-E-1": ["13,510,000", "13.51 million"],
...         "DS2-QA-E-2": "Tokyo Metropolis"}
>>> run = {"DS2-QA-E-1": "13510000", "DS2-QA-E-2": "tokyo, Tokyo"}
>>> from answermatch.diagnostics import Diagnostics
>>> r = evaluate(gold, run, profile="official", diag=Diagnostics())
>>> r.scores                 # EM (1 + 0) / 2; F1 (1 + 2/3) / 2
{'em': 50.0, 'f1': 83.333...}
>>> r.items[1]["f1"], r.items[1]["gold"]
(0.6666666666666666, 'Tokyo Metropolis')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

import regex

from ..diagnostics import Diagnostics
from ..errors import InputError, format_examples
from ..normalization.steps import (
    casefold,
    collapse_whitespace,
    nfkc,
    remove_articles,
    remove_invisible,
)
from ..result import Result
from ..signature import make_signature
from ..sources import is_path, read_text, source_name
from .base import TaskSpec

Step = Callable[[str], str]

# --- normalization -----------------------------------------------------------

_MINUS_SIGN = str.maketrans({"\u2212": "-"})
# a comma between digits followed by exactly one group of three digits
_THOUSANDS_COMMA = regex.compile(r"(?<=\d),(?=\d{3}(?!\d))")
# punctuation, except a decimal point between digits and a sign before a digit
_PUNCT_OUTSIDE_NUMBERS = regex.compile(r"(?!(?<=\d)\.(?=\d))(?!(?<![\w.])-(?=\d))\p{P}")


def strip_punct_keep_numbers(text: str) -> str:
    """Delete Unicode punctuation except what gives a number its value.

    >>> strip_punct_keep_numbers("13,510,000 (−2.1%), 1990-2000, $“3.5”!")
    '13510000 -2.1 19902000 $3.5'
    """
    text = _THOUSANDS_COMMA.sub("", text.translate(_MINUS_SIGN))
    return _PUNCT_OUTSIDE_NUMBERS.sub("", text)


def delete_whitespace(text: str) -> str:
    """Delete every whitespace character (``str.split``'s notion).

    >>> delete_whitespace(" 東京都\\u3000千代田区 ")
    '東京都千代田区'
    """
    return "".join(text.split())


EN_STEPS: tuple[Step, ...] = (
    nfkc,
    casefold,
    nfkc,
    remove_invisible,
    strip_punct_keep_numbers,
    partial(remove_articles, lang="en"),
    collapse_whitespace,
)
JA_STEPS: tuple[Step, ...] = (
    nfkc,
    casefold,
    nfkc,
    remove_invisible,
    strip_punct_keep_numbers,
    delete_whitespace,
)


def _whitespace_words(text: str) -> list[str]:
    return text.split()


def _mecab_words(text: str) -> list[str]:
    from ..tokenizers import tokenize

    return tokenize(text, "ja")


def _mecab_signature() -> str:
    from ..tokenizers import get_tokenizer

    return get_tokenizer("ja").signature()


@dataclass(frozen=True)
class Language:
    """How one language's answers are normalized and split into words."""

    code: str
    marker: str  # the part of a question id that names the language
    steps: tuple[Step, ...]
    words: Callable[[str], list[str]]
    tokenizer: Callable[[], str]  # the tokenizer's signature

    def normalize(self, text: str) -> str:
        for step in self.steps:
            text = step(text)
        return text


@dataclass(frozen=True)
class Profile:
    """Everything that decides the numbers; a new profile is a new instance."""

    name: str
    norm: str  # the normalization's name in the signature
    languages: Mapping[str, Language]


LANGUAGES: dict[str, Language] = {
    "en": Language("en", "-E-", EN_STEPS, _whitespace_words, lambda: "whitespace"),
    "ja": Language("ja", "-J-", JA_STEPS, _mecab_words, _mecab_signature),
}
#: ``fair`` is an alias of ``official``: with no official scorer, the
#: ``official`` rules are already this library's own Unicode-aware choices
#: (NFKC, so width folding; case folding; numbers keep their value; MeCab
#: words for Japanese). Only the profile name in the signature differs.
PROFILES: dict[str, Profile] = {
    "official": Profile("official", "ntcir-dsqa", LANGUAGES),
    "fair": Profile("fair", "ntcir-dsqa", LANGUAGES),
}

# --- matching ----------------------------------------------------------------


def set_f1(predicted: Iterable[str], gold: Iterable[str]) -> float:
    """F1 of two *sets* of words (the task page's definition).

    Two empty sets score 1, one empty set 0.

    >>> set_f1(["a", "b", "b"], ["b", "c"])   # P = 1/2, R = 1/2
    0.5
    >>> set_f1([], []), set_f1([], ["a"])
    (1.0, 0.0)
    """
    x, y = set(predicted), set(gold)
    if not x or not y:
        return float(x == y)
    common = len(x & y)
    if common == 0:
        return 0.0
    precision, recall = common / len(x), common / len(y)
    return 2 * precision * recall / (precision + recall)


@dataclass(frozen=True)
class Question:
    """One gold question: its answers and where it was read."""

    id: str
    lang: str
    answers: tuple[str, ...]
    line: int | None


# --- reading -----------------------------------------------------------------


def _lines(source: Any) -> Iterable[tuple[int, str]]:
    text = read_text(source)
    if text.startswith("\ufeff"):
        text = text[1:]
    for number, line in enumerate(text.split("\n"), start=1):
        yield number, line.rstrip("\r")


def _language(qid: str, default: str | None, path: str, line: int | None) -> str:
    found = [code for code, lang in LANGUAGES.items() if lang.marker in qid]
    if len(found) == 1:
        return found[0]
    if not found and default is not None:
        return default
    markers = [lang.marker for lang in LANGUAGES.values()]
    what = "both {} and {}" if found else "neither {} nor {}"
    raise InputError(
        f"question id {qid!r} contains {what.format(*markers)}; "
        "pass the option default_lang=en or default_lang=ja for unmarked ids",
        path=path,
        line=line,
    )


def _seen_twice(qid: str, first: int | None, second: int | None, path: str) -> InputError:
    where = f" (lines {first} and {second})" if first is not None else ""
    return InputError(f"question id {qid!r} appears twice{where}", path=path, line=second)


def read_gold(source: Any, *, default_lang: str | None = None) -> list[Question]:
    """Gold questions in file order: a TSV path or ``{id: answer or [answers]}``."""
    path = source_name(source)
    questions: list[Question] = []
    lines: dict[str, int | None] = {}

    def add(qid: str, answers: list[str], line: int | None) -> None:
        if not qid:
            raise InputError("empty question id", path=path, line=line)
        if qid in lines:
            raise _seen_twice(qid, lines[qid], line, path)
        if not answers:
            raise InputError(f"question {qid!r} has no gold answer", path=path, line=line)
        for column, answer in enumerate(answers, start=2):
            if not isinstance(answer, str):
                raise InputError(
                    f"question {qid!r}: a gold answer must be a string, "
                    f"not {type(answer).__name__}",
                    path=path,
                    line=line,
                )
            if not answer.strip():
                raise InputError(
                    f"question {qid!r}: empty gold answer in column {column}", path=path, line=line
                )
        lines[qid] = line
        lang = _language(qid, default_lang, path, line)
        questions.append(Question(qid, lang, tuple(answers), line))

    if is_path(source):
        for number, line in _lines(source):
            if not line.strip():
                continue
            fields = line.split("\t")
            if len(fields) < 2:
                raise InputError(
                    "expected QUESTION_ID<TAB>ANSWER[<TAB>ANSWER...], found no TAB",
                    path=path,
                    line=number,
                )
            add(fields[0].strip(), fields[1:], number)
    elif isinstance(source, Mapping):
        for qid, value in source.items():
            answers = list(value) if isinstance(value, (list, tuple)) else [value]
            add(str(qid), answers, None)
    else:
        raise InputError(
            "gold must be a TSV path or a dict {question id: answer(s)}, "
            f"not {type(source).__name__}",
            path=path,
        )
    if not questions:
        raise InputError("the gold has no questions", path=path)
    return questions


_SYSDESC = regex.compile(r"\s*<SYSDESC>(.*?)</?SYSDESC>\s*")


def read_run(source: Any) -> dict[str, tuple[str, int | None]]:
    """The run's answers ``{id: (answer, line)}``: a run-file path or ``{id: answer}``."""
    path = source_name(source)
    answers: dict[str, tuple[str, int | None]] = {}
    if isinstance(source, Mapping):
        for qid, answer in source.items():
            if not isinstance(answer, str):
                raise InputError(
                    f"question {qid!r}: the answer must be a string, not {type(answer).__name__}",
                    path=path,
                )
            answers[str(qid)] = (answer, None)
        return answers
    if not is_path(source):
        raise InputError(
            "the run must be a path or a dict {question id: answer}, "
            f"not {type(source).__name__}",
            path=path,
        )
    lines = iter(_lines(source))
    first = next(lines)[1]
    if not _SYSDESC.fullmatch(first):
        raise InputError(
            f"expected the system description <SYSDESC>...</SYSDESC> on the "
            f"first line, found {first[:60]!r}",
            path=path,
            line=1,
        )
    for number, line in lines:
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) != 2:
            found = "no TAB" if len(fields) == 1 else f"{len(fields)} fields"
            raise InputError(
                f"expected QUESTION_ID<TAB>ANSWER, found {found}", path=path, line=number
            )
        qid = fields[0].strip()
        if not qid:
            raise InputError("empty question id", path=path, line=number)
        if qid in answers:
            raise _seen_twice(qid, answers[qid][1], number, path)
        answers[qid] = (fields[1], number)
    return answers


# --- scoring -----------------------------------------------------------------


def _score_question(
    question: Question, normalized_golds: tuple[str, ...], answer: str, lang: Language
) -> dict[str, Any]:
    predicted = lang.normalize(answer)
    predicted_words = lang.words(predicted)
    best: tuple[float, float, str] | None = None
    em = f1 = 0.0
    for gold, normalized in zip(question.answers, normalized_golds, strict=True):
        gold_em = float(predicted == normalized)
        gold_f1 = set_f1(predicted_words, lang.words(normalized))
        em, f1 = max(em, gold_em), max(f1, gold_f1)
        if best is None or (gold_em, gold_f1) > best[:2]:
            best = (gold_em, gold_f1, gold)
    assert best is not None
    return {
        "id": question.id,
        "lang": question.lang,
        "score": em,
        "em": em,
        "f1": f1,
        "gold": best[2],
        "prediction": answer,
    }


def _mean(values: list[float]) -> float:
    return 100.0 * sum(values) / len(values)


def evaluate(
    gold: Any,
    predictions: Any,
    *,
    profile: str,
    diag: Diagnostics,
    default_lang: str | None = None,
) -> Result:
    """Score a run against the gold; ``scores`` are ``em`` and ``f1`` in percent."""
    settings = PROFILES[profile]
    if default_lang is not None and default_lang not in settings.languages:
        raise InputError(
            f"option default_lang must be one of {', '.join(settings.languages)}, "
            f"not {default_lang!r}"
        )
    questions = read_gold(gold, default_lang=default_lang)
    run = read_run(predictions)
    pred_path = source_name(predictions)

    missing = [q.id for q in questions if q.id not in run]
    if missing:
        raise InputError(
            f"the run has no answer for {len(missing)} of the {len(questions)} "
            f"gold questions: {format_examples(missing, limit=10)}",
            path=pred_path,
        )
    gold_ids = {q.id for q in questions}
    extra = [qid for qid in run if qid not in gold_ids]
    if extra:
        diag.warn(
            f"{len(extra)} question id(s) are not in the gold and are ignored: "
            f"{format_examples(extra, limit=10)}",
            path=pred_path,
            line=run[extra[0]][1],
        )

    normalized = [
        tuple(settings.languages[q.lang].normalize(a) for a in q.answers) for q in questions
    ]
    empty = [
        (q, answer)
        for q, golds in zip(questions, normalized, strict=True)
        for answer, norm in zip(q.answers, golds, strict=True)
        if not norm
    ]
    if empty:
        diag.warn(
            f"{len(empty)} gold answer(s) are empty once normalized, so only an empty answer "
            f"matches them: {format_examples([f'{q.id} {a!r}' for q, a in empty], limit=10)}",
            path=source_name(gold),
            line=empty[0][0].line,
        )

    items = [
        _score_question(q, golds, run[q.id][0], settings.languages[q.lang])
        for q, golds in zip(questions, normalized, strict=True)
    ]
    per_language: dict[str, dict[str, float]] = {}
    for code in settings.languages:
        mine = [item for item in items if item["lang"] == code]
        if mine:
            per_language[code] = {
                "em": _mean([i["em"] for i in mine]),
                "f1": _mean([i["f1"] for i in mine]),
                "count": len(mine),
            }
    tokenizers = {code: settings.languages[code].tokenizer() for code in per_language}
    return Result(
        task=TASK.name,
        profile=profile,
        scores={"em": _mean([i["em"] for i in items]), "f1": _mean([i["f1"] for i in items])},
        per_language=per_language,
        n=len(items),
        signature=make_signature(TASK.name, profile, norm=settings.norm, tokenizers=tokenizers),
        items=items,
        warnings=tuple(diag.messages),
    )


TASK = TaskSpec(
    name="ntcir-dsqa",
    summary="NTCIR-16 Data Search QA (en, ja): exact match and macro F1 over word sets",
    evaluate=evaluate,
    primary="em",
    profiles=tuple(PROFILES),
    languages=tuple(LANGUAGES),
    options={
        "default_lang": "language (en or ja) of question ids without -E-/-J- "
        "(default: such an id is an error)"
    },
)

__all__ = [
    "LANGUAGES",
    "PROFILES",
    "TASK",
    "evaluate",
    "read_gold",
    "read_run",
    "set_f1",
    "strip_punct_keep_numbers",
]
