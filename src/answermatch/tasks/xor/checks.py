"""Gold checks of the XOR-TyDi tasks (``answermatch check-gold``).

``check-gold`` reads the gold with the tasks' own reader
(:func:`~answermatch.tasks.xor.data.read_xor_gold_columns`), so a file
``score`` refuses is an ``unreadable`` error there too, then runs the checks
below on :func:`gold_entries`. Besides the generic answer checks of
:mod:`answermatch.checks` (empty, repeated or normalized-away answers, two-part
answers in one order only, non-ASCII punctuation), the XOR tasks check:

``no-answer`` (error)
    an empty ``answers`` list (the official scripts crash on it when the
    question is answered);
``bare-string-answers`` (warning)
    ``"answers"`` given as a string, which XOR-EnglishSpan and XOR-Retrieve
    iterate character by character;
``counter-deletion`` (warning, xor-full)
    年 歳 人 년 not right after a number: XOR-Full deletes them anywhere;
``unknown-language`` (error) and ``other-language`` (warning), xor-full
    a language without an official slot (the script crashes), one of its
    slots outside the seven XOR-TyDi languages (added into the total);
``left-out-language`` (warning) and ``no-scored-language`` (error), xor-engspan
    a question outside the seven languages (left out), a gold with none in them.

The language rules are those ``score`` applies
(:mod:`~answermatch.tasks.xor.languages`), with its messages.

>>> from answermatch.checks import GoldFile
>>> from answermatch.tasks.xor.data import XorGold
>>> gold = XorGold(["1", "2"], ["ja", "xx"], [("人口",), ("x",)], [False, True], [1, 2])
>>> for finding in FULL_CHECKS.run(GoldFile("gold.jsonl", gold_entries(gold))):
...     print(finding.line, finding.severity, finding.code)
1 warning counter-deletion
2 error unknown-language
2 warning bare-string-answers
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ...checks import (
    ANSWER_CHECKS,
    Entry,
    Finding,
    GoldChecks,
    GoldFile,
    check_duplicate_variant,
    check_empty_variant,
    check_ids,
    check_unicode_punct,
    normal_key,
    per_entry,
    preset_normalizer,
    preset_parts,
    quoted,
    quoted_key,
)
from .data import XorGold, shown
from .languages import LANGUAGES, SLOTS, full_unknown_language, no_scored_language

__all__ = [
    "ENGSPAN_CHECKS",
    "FULL_CHECKS",
    "RETRIEVE_CHECKS",
    "XorEntry",
    "check_bare_string",
    "check_counter_deletion",
    "check_engspan_languages",
    "check_full_languages",
    "check_no_answer",
    "gold_entries",
]


@dataclass
class XorEntry(Entry):
    """An :class:`~answermatch.checks.Entry` that also records whether the
    file gave ``answers`` as a bare string."""

    bare: bool = False


def gold_entries(gold: XorGold, answer_lang: str | None = None) -> Iterator[XorEntry]:
    """The questions of a read gold as check entries (a bare string is one
    variant), made as they are read; ``answer_lang``: the answers' language
    when it is not the question's (``"en"`` for XOR-EnglishSpan and
    XOR-Retrieve)."""
    columns = zip(gold.ids, gold.lines, gold.answers, gold.langs, gold.bare, strict=True)
    for qid, line, answers, lang, bare in columns:
        yield XorEntry(qid, line, answers, lang, answer_lang=answer_lang, bare=bare)


def _finding(gold: GoldFile, entry: Entry, severity: str, code: str, message: str) -> Finding:
    return Finding(severity, gold.name, entry.line, code, f"{entry.id}: {message}")


@per_entry
def check_no_answer(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """An empty ``answers`` list."""
    for entry in gold.entries:
        if not entry.variants:
            yield _finding(gold, entry, "error", "no-answer", "the answers list is empty")


@per_entry
def check_bare_string(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """``"answers"`` given as a string, not a list."""
    for entry in gold.entries:
        if getattr(entry, "bare", False):
            yield _finding(
                gold,
                entry,
                "warning",
                "bare-string-answers",
                '"answers" is a string, not a list (XOR-EnglishSpan and XOR-Retrieve '
                "then take each of its characters as an answer)",
            )


# a counter right after a digit or a CJK numeral (1945年, 3만 년, 24万人) is
# what the deletion is for; elsewhere (人口, 大人) it mangles a word
_COUNTERS = re.compile("(?<![0-9０-９十百千万億兆만억천백조\\s])\\s*[年歳人년]|^[年歳人년]")


@per_entry
def check_counter_deletion(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """XOR-Full deletes 年 歳 人 년 anywhere: flag one that follows no number."""
    for entry in gold.entries:
        for variant in entry.variants:
            if _COUNTERS.search(variant):
                yield _finding(
                    gold,
                    entry,
                    "warning",
                    "counter-deletion",
                    f"{quoted(variant)} becomes "
                    f"{quoted_key(normal_key(rules.normal_form(variant, entry.lang)))}: the "
                    "normalization deletes 年 歳 人 년 even inside words",
                )


@per_entry
def check_full_languages(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """A language without a slot in XOR-Full's official script (``score``
    refuses it), or a slot outside the seven languages (``score`` warns)."""
    for entry in gold.entries:
        lang = str(entry.lang)
        unknown = full_unknown_language([lang], [entry.line or 0], SLOTS)
        if unknown is not None:
            yield _finding(gold, entry, "error", "unknown-language", unknown[0])
        elif lang not in LANGUAGES:
            yield _finding(
                gold,
                entry,
                "warning",
                "other-language",
                f"language {lang!r} is outside the seven XOR-TyDi languages: as in the "
                "official script its per-language score is added into the total, which is "
                "still divided by 7",
            )


def check_engspan_languages(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """A question outside the seven languages XOR-EnglishSpan scores (left
    out), and a gold without any question in them (refused)."""
    scored = False
    for entry in gold.entries:
        if entry.lang in LANGUAGES:
            scored = True
            continue
        yield _finding(
            gold,
            entry,
            "warning",
            "left-out-language",
            f"language {entry.lang!r} is not one the official script scores "
            f"({' '.join(LANGUAGES)}): the question is left out",
        )
    if gold.entries and not scored:
        yield Finding("error", gold.name, None, "no-scored-language", no_scored_language(LANGUAGES))


def _xor_id(value: Any) -> str | None:
    if not isinstance(value, str) or not value:
        return f"the id {shown(value)} is not a non-empty string"
    return None


_AND = re.compile(r"(\s+(?:and|&)\s+)")
#: The conjunctions that join a two-part answer, per language (``*``: English).
CONJUNCTIONS: dict[str, re.Pattern[str]] = {
    "ru": re.compile(r"(\s+и\s+)"),
    "fi": re.compile(r"(\s+ja\s+)"),
    # و is written on the next word: taken as "and" before the article ال
    # or before a part of two or more words ("راسل هالس وجوزيف تيلور"), not
    # where a name starts with و ("جورج واشنطون")
    "ar": re.compile(r"(\s+و)(?=ال|\S+\s)"),
    "ko": re.compile(r"(\s+그리고\s+)"),
    "*": _AND,
}
_XOR_CHECKS = (*ANSWER_CHECKS, check_no_answer, check_bare_string)

FULL_CHECKS = GoldChecks(
    (*_XOR_CHECKS, check_counter_deletion, check_unicode_punct, check_full_languages),
    preset_normalizer("xor-full"),
    _xor_id,
    CONJUNCTIONS,
    duplicate_id_severity="warning",
    normal_parts=preset_parts("xor-full"),
)
# English answers: English conjunctions whatever the question's language
ENGSPAN_CHECKS = GoldChecks(
    (*_XOR_CHECKS, check_unicode_punct, check_engspan_languages),
    preset_normalizer("xor-engspan"),
    _xor_id,
    {"*": _AND},
    duplicate_id_severity="warning",
    normal_parts=preset_parts("xor-engspan"),
)


@per_entry
def check_retrieval_answers(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """XOR-Retrieve's own rule: an answer is a hit when it is a case-sensitive
    substring of the passages tokenized by NLTK's ``word_tokenize`` and
    rejoined with single spaces, without any other normalization. So an
    answer that the same tokenization changes (``2.8%`` -> ``2.8 %``) can
    only be found where a passage keeps it as written; an answer of one
    character is found in almost any passage; and a question whose answers
    are all ``yes`` or ``no`` is skipped by the official script."""
    for entry in gold.entries:
        answers = [a for a in entry.variants if a]
        if answers and all(a in ("yes", "no") for a in answers):
            yield _finding(
                gold, entry, "info", "yes-no-only",
                "its only answers are yes/no, which the official script drops: the question "
                "is skipped (not counted)",
            )  # fmt: skip
            continue
        for answer in dict.fromkeys(answers):  # a repeat is duplicate-variant's
            if answer in ("yes", "no"):
                continue
            if len(answer) == 1:
                yield _finding(
                    gold, entry, "warning", "found-everywhere",
                    f"the answer {quoted(answer)} is one character: as a substring it is found "
                    "in almost any passage",
                )  # fmt: skip
                continue
            if _tokenized_differs(answer):
                tokenized = quoted_key(normal_key(_tokenized_parts(answer)))
                yield _finding(
                    gold, entry, "warning", "tokenized-differs",
                    f"the answer {quoted(answer)} tokenized as the passages are reads "
                    f"{tokenized}: "
                    "the official rule finds it only where a passage's tokens keep it as "
                    "written",
                )  # fmt: skip


def _tokenized_parts(answer: str) -> Iterator[str]:
    """``" ".join(word_tokenize(answer))`` in parts, a few sentences (or a
    piece of a long one) at a time (a long answer's tokens never listed
    whole)."""
    from ...nltk_compat import token_runs

    first = True
    for tokens in token_runs(answer):
        if tokens:
            yield " ".join(tokens) if first else " " + " ".join(tokens)
            first = False


def _tokenized_differs(answer: str) -> bool:
    """Whether ``" ".join(word_tokenize(answer)) != answer``, read a part at
    a time up to the first difference.

    >>> _tokenized_differs("Jean Sibelius"), _tokenized_differs("2.8%")
    (False, True)
    """
    at = 0
    for part in _tokenized_parts(answer):
        if not answer.startswith(part, at):
            return True
        at += len(part)
    return at != len(answer)


# Retrieval matches raw answers against tokenized passages: no normalization,
# so the checks of normalized answers (and of answer order) do not apply
RETRIEVE_CHECKS = GoldChecks(
    (check_ids, check_empty_variant, check_duplicate_variant, check_no_answer,
     check_bare_string, check_retrieval_answers),
    preset_normalizer("none"),
    _xor_id,
    {},
    duplicate_id_severity="warning",
)  # fmt: skip
