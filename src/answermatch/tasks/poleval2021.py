"""PolEval 2021 Task 4, Question Answering Challenge (Polish): accuracy.

The task (http://2021.poleval.pl/tasks/task4) asks for short answers to
general-knowledge quiz questions (names, "tak"/"nie", numbers, completions).
Submissions were scored on gonito.net by GEval with the metric
``LenientHarden/ExtractNumber/Lower/Fuzzy/Accuracy``; this task reproduces
it line by line (the rules, with GEval's source files, are in
:mod:`answermatch.tasks.geval`).

Files
    *Gold* (``expected.tsv``): one line per question, acceptable answers
    separated by TABs (two-part answers appear in both orders as separate
    variants). *Predictions* (``out.tsv``): one answer per line, in the same
    order. Both are read as GEval reads them: UTF-8 with every invalid byte
    replaced by U+FFFD (a warning; an error with ``strict=True``), split on
    ``\\n`` only, ``\\r`` deleted, each line stripped of Haskell whitespace; a
    leading byte-order mark stays part of line 1 (a warning). The two files
    must have the same number of lines. ``.gz`` is accepted.
    Loaded objects work too: predictions as a list of strings, gold as a
    list of lines (``"4\\tcztery"``) or of variant lists (``["4", "cztery"]``,
    read as the line those variants make when joined with TABs).

Matching (per gold variant; a line scores 1 when any variant matches)
    1. Number rule, on the original case: if the variant contains a number
       (the first ``[-+]?[0-9]*\\.[0-9]+|[0-9]+``, else the value of the first
       Roman numeral word such as ``XIV``), the answer must yield the same
       number *string* (``05`` is not ``5``; ``3,5`` yields ``3``).
    2. Otherwise both are lowercased per code point and match when their
       Levenshtein distance is at most half the variant's length.
    3. An empty variant never matches (a warning names the first gold line
       that is empty or has one).

Profile ``fair``
    The same scheme with numbers read by value (:func:`fair_number`:
    ``3,5`` = ``3.5``, ``1 000`` = ``1000``, ``05`` = ``5``, signs kept,
    standard Roman numerals only and never a lone L, C, D or M) and NFKC +
    full case folding before the fuzzy comparison (:func:`fold`).

Scores and items
    ``accuracy``: the percentage of lines that match; ``n``: the number of
    lines; ``per_language`` is empty (the task is Polish only). Each item
    has ``id`` (the 1-based line number), ``score`` (0.0 or 1.0),
    ``prediction`` (the stripped answer), ``gold`` (the variants),
    ``matched_variant`` (the index of the first matching variant, else
    ``None``) and the details of ``best_variant`` (that variant, else the
    closest one): ``rule`` (``number``, ``fuzzy`` or ``empty``),
    ``similarity``, ``distance`` and ``max_distance`` (fuzzy), and
    ``gold_number`` and ``answer_number`` (number).

>>> from answermatch.diagnostics import Diagnostics
>>> gold = [["Stanów Zjednoczonych", "USA"], "czterech\\tczworo\\t4", "XIV"]
>>> pred = ["  Stany Zjednoczone", "4 osoby", "14"]
>>> r = evaluate(gold, pred, profile="official", diag=Diagnostics())
>>> r.scores, r.n
({'accuracy': 100.0}, 3)
>>> [(i["rule"], i["matched_variant"]) for i in r.items]
[('fuzzy', 0), ('number', 2), ('number', 0)]
>>> r.items[0]["distance"], r.items[0]["max_distance"]
(5, 10.0)
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Sequence
from typing import Any

from ..diagnostics import Diagnostics
from ..errors import InputError
from ..matchers import extract_number
from ..progress import progress
from ..result import Result
from ..signature import make_signature
from ..sources import is_path
from .base import TaskSpec, gc_paused
from .geval import FuzzyAccuracy, Verdict, haskell_strip, haskell_words, read_lines, roman_to_int

NAME = "poleval2021"

_ROMAN_DIGITS = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)  # fmt: skip


def _roman(value: int) -> str:
    out = []
    for step, letters in _ROMAN_DIGITS:
        count, value = divmod(value, step)
        out.append(letters * count)
    return "".join(out)


def roman_numeral(word: str) -> int | None:
    """The value of a word written as a *standard* Roman numeral, or None.

    Stricter than GEval's reading (:func:`~answermatch.tasks.geval.roman_to_int`):
    the word must be the canonical spelling of its value (``IIX`` and ``IIII``
    are not numerals) and a lone ``L``, ``C``, ``D`` or ``M`` is a letter
    (``witamina C``, ``DC`` stays a numeral), while ``I``, ``V`` and ``X``
    alone are numerals (``I wojna światowa``, ``Henryk V``, ``Pius X``).

    >>> roman_numeral("XIV"), roman_numeral("IIX"), roman_numeral("C"), roman_numeral("I")
    (14, None, None, 1)
    """
    value = roman_to_int(word)
    if value is None or _roman(value) != word or word in ("L", "C", "D", "M"):
        return None
    return value


def fair_number(text: str) -> str | None:
    """The ``fair`` profile's number rule: the first number read by value
    (:func:`answermatch.matchers.extract_number`: ``3,5`` = ``3.5``,
    ``1 000`` = ``1000``, ``05`` = ``5``, digits of any script), else the
    first standard Roman numeral word (:func:`roman_numeral`).

    >>> fair_number("ok. 3,5 mln"), fair_number("1 000 osób"), fair_number("rok 05")
    ('3.5', '1000', '5')
    >>> fair_number("Jan III Sobieski"), fair_number("witamina C") is None
    ('3', True)
    """
    number = extract_number(text)
    if number is not None:
        return number
    for word in haskell_words(text):
        value = roman_numeral(word)
        if value is not None:
            return str(value)
    return None


def fold(text: str) -> str:
    """The ``fair`` profile's case mapping: NFKC, full Unicode case folding,
    NFKC again (``ＣＯＶＩＤ`` = ``covid``, ``Straße`` = ``STRASSE``).

    >>> fold("ＣＯＶＩＤ Straße")
    'covid strasse'
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


#: Profile name -> matching scheme. ``official`` is GEval's
#: ``LenientHarden/ExtractNumber/Lower/Fuzzy/Accuracy``; ``fair`` keeps its
#: structure and threshold but reads numbers by value (:func:`fair_number`)
#: and folds case and width (:func:`fold`).
PROFILES: dict[str, FuzzyAccuracy] = {
    "official": FuzzyAccuracy(),
    "fair": FuzzyAccuracy(
        name="LenientHarden/NumberValue/CaseFoldNFKC/Fuzzy/Accuracy",
        lower=fold,
        number=fair_number,
    ),
}


def evaluate(
    gold: Any, predictions: Any, *, profile: str | FuzzyAccuracy, diag: Diagnostics, **options: Any
) -> Result:
    """Score ``predictions`` (path or list of answers) against ``gold`` (path,
    list of lines or list of variant lists); see the module documentation."""
    if options:
        raise TypeError(f"task {NAME!r} takes no options, got: {', '.join(sorted(options))}")
    # Millions of small lists and dicts, none in a cycle: with the cyclic
    # garbage collector running, collecting them would triple the run time.
    with gc_paused():
        if isinstance(profile, FuzzyAccuracy):  # a scheme built for a measurement
            return _evaluate(gold, predictions, profile, "custom", diag)
        return _evaluate(gold, predictions, PROFILES[profile], profile, diag)


def _evaluate(
    gold: Any, predictions: Any, scheme: FuzzyAccuracy, profile: str, diag: Diagnostics
) -> Result:
    gold_name, gold_lines = read_sources(gold, "<gold>", diag, variant_lists=True)
    pred_name, pred_lines = read_sources(predictions, "<predictions>", diag, variant_lists=False)
    n = len(gold_lines)
    if len(pred_lines) != n:
        which = "few" if len(pred_lines) < n else "many"
        raise InputError(
            f"too {which} lines: {len(pred_lines)} in the predictions, {n} in the gold "
            f"{gold_name} (GEval refuses to score: 'Too {which} lines in the output file')",
            path=pred_name,
        )
    if n == 0:
        raise InputError(
            "no lines to score (GEval's accuracy of zero lines is NaN)", path=gold_name
        )

    golds = [haskell_strip(line).split("\t") for line in gold_lines]
    _warn_empty_variants(golds, gold_name, diag)
    answers = [haskell_strip(line) for line in pred_lines]
    verdicts = scheme.judge_all(answers, golds)
    rows = progress(
        zip(answers, golds, verdicts, strict=True), total=n, desc=NAME, enabled=diag.progress
    )
    items = [_item(number, *row) for number, row in enumerate(rows, start=1)]
    hits = sum(1 for item in items if item["matched_variant"] is not None)
    return Result(
        task=NAME,
        profile=profile,
        scores={"accuracy": hits / n * 100},
        per_language={},
        n=n,
        signature=make_signature(
            NAME, profile, extra={"match": scheme.name, "unicode": unicodedata.unidata_version}
        ),
        items=items,
        warnings=tuple(diag.messages),
    )


def _warn_empty_variants(golds: list[list[str]], name: str, diag: Diagnostics) -> None:
    """An empty gold line or variant (e.g. a stray TAB) can never match."""
    empty = [number for number, variants in enumerate(golds, start=1) if "" in variants]
    if empty:
        diag.warn(
            f"{len(empty)} gold line(s) are empty or have an empty answer variant (a stray "
            "TAB?); GEval never matches an empty variant",
            path=name,
            line=empty[0],
        )


def _item(number: int, answer: str, variants: list[str], verdict: Verdict) -> dict[str, Any]:
    return {
        "id": number,
        "score": 1.0 if verdict.matched else 0.0,
        "prediction": answer,
        "gold": variants,
        "matched_variant": verdict.variant if verdict.matched else None,
        "best_variant": verdict.variant,
        "rule": verdict.rule,
        "similarity": verdict.similarity,
        "distance": verdict.distance,
        "max_distance": verdict.max_distance,
        "gold_number": verdict.gold_number,
        "answer_number": verdict.answer_number,
    }


def read_sources(
    source: Any, name: str, diag: Diagnostics, *, variant_lists: bool
) -> tuple[str, list[str]]:
    """``(name for messages, lines)`` of a file or of an already-loaded list."""
    if is_path(source):
        return os.fspath(source), read_lines(source, diag)
    if isinstance(source, (str, bytes)) or not isinstance(source, Sequence):
        shape = "lines or variant lists" if variant_lists else "answers"
        raise InputError(
            f"expected a path or a list of {shape}, got {type(source).__name__}", path=name
        )
    lines = []
    for number, entry in enumerate(source, start=1):
        if variant_lists and isinstance(entry, (list, tuple)):
            if not entry or not all(isinstance(v, str) and "\t" not in v for v in entry):
                raise InputError(
                    "expected a non-empty list of answer variants (strings without TAB)",
                    path=name,
                    line=number,
                )
            entry = "\t".join(entry)
        elif not isinstance(entry, str):
            raise InputError(
                f"expected a string, got {type(entry).__name__}", path=name, line=number
            )
        if "\n" in entry:
            raise InputError("a line may not contain a newline", path=name, line=number)
        lines.append(entry.replace("\r", ""))
    return name, lines


TASK = TaskSpec(
    name=NAME,
    summary="PolEval 2021 QA (Polish): GEval accuracy with number, lowercase and "
    "fuzzy matching (LenientHarden/ExtractNumber/Lower/Fuzzy)",
    evaluate=evaluate,
    primary="accuracy",
    profiles=tuple(PROFILES),
    languages=("pl",),
    options={},
)
