"""MKQA's own gold checks (``check-gold``), beside the generic ones of
:mod:`answermatch.checks`.

The reader already refuses a line without one of the 26 languages and
warns where a language cannot be scored (an empty answer list); these
checks look at what it accepts: repeated example ids (the script keeps the
answers of the last line silently) and aliases listed twice.

>>> from answermatch.checks import GoldFile
>>> e = MkqaEntry("1", 3, ("2017", "2017"), "en",
...               groups=(("2017", ("2017",)), ("May 2017", ("2017",))))
>>> [f.code for f in check_duplicate_aliases(GoldFile("gold.jsonl", [e]), None)]
['duplicate-alias']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ...checks import Entry, Finding, GoldFile, per_entry
from ...errors import InputError
from .data import MkqaGold
from .rules import LANGUAGES

__all__ = [
    "MkqaEntry",
    "check_duplicate_aliases",
    "check_duplicate_ids",
    "check_readable",
    "entries",
]


@dataclass
class MkqaEntry(Entry):
    """An :class:`~answermatch.checks.Entry` (one example in one language)
    with its answers as ``(text, aliases)``."""

    groups: tuple[tuple[str, tuple[str, ...]], ...] = ()
    problem: str | None = None


def entries(gold: MkqaGold) -> Iterable[MkqaEntry]:
    """One entry per line and language, repeated ids included; the variants
    are the de-duplicated answers the script compares with."""
    for record in gold.records:
        for lang in LANGUAGES:
            try:
                groups = record.groups(lang)
            except InputError as exc:  # a lazily read line the script cannot read
                yield MkqaEntry(record.id, record.line, (), lang, problem=exc.message)
                continue
            texts = (t for text, aliases in groups for t in (text, *aliases))
            yield MkqaEntry(
                record.id, record.line, tuple(dict.fromkeys(texts)), lang, groups=groups
            )


@per_entry
def check_readable(gold: GoldFile, rules: Any) -> Iterator[Finding]:
    """An answer the official script cannot read, in a line whose answers
    are read language by language (the official layout): ``score`` reports
    it only when that language is scored."""
    for entry in gold.entries:
        problem = getattr(entry, "problem", None)
        if problem:
            yield Finding("error", gold.name, entry.line, "unreadable-answer", problem)


@per_entry
def check_duplicate_ids(gold: GoldFile, rules: Any) -> Iterator[Finding]:
    """An example id on two lines: the script keeps the first place and the
    answers of the last line, without a word."""
    seen: dict[str, int | None] = gold.kept("mkqa-ids")
    for entry in gold.entries:
        if entry.lang != LANGUAGES[0]:
            continue
        if entry.id in seen:
            where = f" (first on line {seen[entry.id]})" if seen[entry.id] is not None else ""
            yield Finding(
                "error",
                gold.name,
                entry.line,
                "duplicate-id",
                f"{entry.id}: example id repeated{where}: the official script scores the "
                "answers of the last line only",
            )
        else:
            seen[entry.id] = entry.line


@per_entry
def check_duplicate_aliases(gold: GoldFile, rules: Any) -> Iterator[Finding]:
    """A text listed twice among one answer's aliases, or in two answers of
    the same example (harmless for the scores: the script takes a set; an
    alias that repeats its own answer's text is the usual MKQA layout and is
    not reported)."""
    for entry in gold.entries:
        groups = getattr(entry, "groups", ())
        owner: dict[str, int] = {}
        repeated: list[str] = []
        for number, (text, aliases) in enumerate(groups):
            names = [a for a in aliases if a != text]
            if text:
                names.insert(0, text)
            for name in names:
                if name in owner and name not in repeated and name.strip():
                    repeated.append(name)
                owner.setdefault(name, number)
            counted: dict[str, int] = {}
            for alias in aliases:
                counted[alias] = counted.get(alias, 0) + 1
            repeated += [a for a, n in counted.items() if n > 1 and a not in repeated]
        if repeated:
            yield Finding(
                "info",
                gold.name,
                entry.line,
                "duplicate-alias",
                f"{entry.id} ({entry.lang}): listed twice: {', '.join(map(repr, repeated))}",
            )
