"""Reading PolEval 2021 QA files: the gold (``expected.tsv``) and the
predictions (``out.tsv``), from paths or loaded lists, as GEval reads them.

The gold becomes a :class:`PolEvalGold` (each line's variants), the
predictions the stripped answers, one per gold line. Both are held as
:class:`~answermatch.items.TextColumn` (one UTF-8 buffer and an offset per
line, no string per line), and a file is stripped and packed part by part
as it is read. Both readers
raise :class:`~answermatch.errors.InputError` naming the file and the line,
and warn (through :class:`~answermatch.diagnostics.Diagnostics`) where GEval
accepts something doubtful: invalid UTF-8, a byte-order mark, files that
look exchanged (:func:`swap_problem`) and an empty gold variant (said once
the predictions are read).

>>> from answermatch.diagnostics import Diagnostics
>>> gold = read_gold(["Warszawa", ("czterech", "4")], Diagnostics())
>>> list(gold.variants)
[['Warszawa'], ['czterech', '4']]
>>> list(read_predictions([" warszawa ", "4"], gold, Diagnostics()))
['warszawa', '4']
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...columns import Rows
from ...diagnostics import Diagnostics
from ...errors import InputError
from ...items import AsList, TextColumn
from ...sources import is_path
from .fuzzy import LONG, FuzzyAccuracy
from .geval import haskell_strip, read_stripped_lines

__all__ = [
    "GoldLines",
    "PolEvalGold",
    "Predictions",
    "read_gold",
    "read_predictions",
    "swap_problem",
]

#: How many lines the swap check judges both ways, at most and at least
#: (fewer lines are too few to tell).
SWAP_SAMPLE = 1000
SWAP_MIN_LINES = 20


@dataclass(frozen=True)
class PolEvalGold:
    """The gold as GEval parses it: for each line (in order), its variants
    (the line stripped of Haskell whitespace, then split on TAB), and the
    name of its source for messages. ``lines`` are the stripped lines
    (computed from ``variants`` when not given)."""

    variants: Sequence[list[str]]
    name: str = "<gold>"
    lines: Sequence[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.lines and self.variants:
            object.__setattr__(self, "lines", ["\t".join(v) for v in self.variants])

    @classmethod
    def of_lines(cls, lines: Sequence[str], name: str = "<gold>") -> PolEvalGold:
        """The gold of stripped ``lines``, its variants split from them when read.

        >>> PolEvalGold.of_lines(["4\\tcztery"]).variants[0]
        ['4', 'cztery']
        """
        return cls(SplitLines(lines), name, lines)


class SplitLines(AsList, Rows[list[str]]):
    """Each of ``lines`` split on TAB, when it is read (nothing is kept); a
    line of more than :data:`~answermatch.tasks.poleval2021.fuzzy.LONG`
    bytes of a :class:`~answermatch.items.TextColumn` is split as it is
    decoded part by part (:func:`split_parts`), not decoded whole.

    >>> lines = SplitLines(TextColumn(["4\\tcztery", "a\\t" + "b" * 70_000]))
    >>> [[len(v) for v in row] for row in lines], lines[0]
    ([[1, 6], [1, 70000]], ['4', 'cztery'])
    """

    __slots__ = ("lines",)

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = lines

    def __len__(self) -> int:
        return len(self.lines)

    def row(self, k: int) -> list[str]:
        lines = self.lines
        if isinstance(lines, TextColumn) and lines.size(k) > LONG:
            return split_parts(lines.parts(k))
        return lines[k].split("\t")

    def __iter__(self) -> Iterator[list[str]]:
        lines = self.lines
        if isinstance(lines, TextColumn):
            return (
                split_parts(lines.parts(line)) if type(line) is int else line.split("\t")
                for line in lines.texts(LONG)
            )
        return (line.split("\t") for line in lines)


def split_parts(parts: Iterable[str]) -> list[str]:
    """A line given in consecutive parts (cut anywhere) split on TAB, each
    field extended in place from its parts: the line is held neither whole
    nor as the list of its parts (CPython decodes a long UTF-8 line that is
    not ASCII through a buffer of two or four bytes a byte).

    >>> split_parts(["4\\tczt", "ery\\t", "", "x"])
    ['4', 'cztery', 'x']
    """
    fields: list[str] = []
    field = ""
    for part in parts:
        *ended, rest = part.split("\t")
        for end in ended:
            field += end
            fields.append(field)
            field = ""
        del ended
        field += rest
        del rest
    fields.append(field)
    return fields


#: The gold in memory: one entry per question, the line (``"4\\tcztery"``)
#: or its variants (``["4", "cztery"]``); or an already read :class:`PolEvalGold`.
GoldLines = Sequence[str | Sequence[str]]
#: The predictions in memory: one answer per gold line, in the same order.
Predictions = Sequence[str]


def read_gold(
    source: str | os.PathLike[str] | GoldLines | PolEvalGold, diag: Diagnostics
) -> PolEvalGold:
    """The gold of ``source``: a path (``expected.tsv``, plain or ``.gz``), a
    list of lines (``"4\\tcztery"``), a list of variant lists
    (``["4", "cztery"]``), or a :class:`PolEvalGold` (returned as it is)."""
    if isinstance(source, PolEvalGold):
        return source
    name, lines = _read_source(source, "<gold>", diag, variant_lists=True)
    if not lines:
        raise InputError("no lines to score (GEval's accuracy of zero lines is NaN)", path=name)
    return PolEvalGold.of_lines(lines, name)


def read_predictions(
    source: str | os.PathLike[str] | Predictions, gold: PolEvalGold, diag: Diagnostics
) -> TextColumn:
    """The answers of ``source`` (a path to ``out.tsv`` or a list of
    strings), stripped, one per line of ``gold``."""
    name, answers = _read_source(source, "<predictions>", diag, variant_lists=False)
    n = len(gold.variants)
    swapped = swap_problem(answers, gold.variants)
    if len(answers) != n:
        which = "few" if len(answers) < n else "many"
        hint = f"; {swapped[0]}" if swapped is not None else ""
        raise InputError(
            f"too {which} lines: {len(answers)} in the predictions, {n} in the gold "
            f"{gold.name} (GEval refuses to score: 'Too {which} lines in the output "
            f"file'){hint}",
            path=name,
            swapped=swapped is not None,
        )
    if swapped is not None:
        diag.warn(swapped[0], path=name, line=swapped[1])
    _warn_empty_variants(gold, diag)
    return answers


def _warn_empty_variants(gold: PolEvalGold, diag: Diagnostics) -> None:
    """An empty gold line or variant (e.g. a stray TAB) can never match.

    Said when the predictions are read, after the check for exchanged
    files (whose gold, a prediction file, often has an empty line);
    ``check-gold`` reports each such line as ``empty-variant``."""
    empty = [number for number, line in enumerate(gold.variants, start=1) if "" in line]
    if empty:
        diag.warn(
            f"{len(empty)} gold line(s) are empty or have an empty answer variant (a stray "
            "TAB?); GEval never matches an empty variant",
            path=gold.name,
            line=empty[0],
        )


def swap_problem(answers: Sequence[str], golds: Sequence[list[str]]) -> tuple[str, int] | None:
    """``(message, line)`` when the predictions look like a gold file, i.e.
    ``--gold`` and ``--pred`` exchanged; ``None`` otherwise.

    Two signs, either is enough:

    * more prediction lines hold a TAB than gold lines have several
      variants: a prediction is one answer per line, and GEval compares a
      TAB inside it as a character, while TABs separate a gold line's
      variants;
    * of the first :data:`SWAP_SAMPLE` lines (when there are at least
      :data:`SWAP_MIN_LINES`), most match only when the two files exchange
      their roles (under the ``official`` rules; an answer of more than
      :data:`~answermatch.tasks.poleval2021.fuzzy.LONG` characters is no
      gold line, and is not judged).

    >>> swap_problem(["a\\tb", "c"], [["a"], ["c"]])[0]
    '1 prediction line(s) hold TAB-separated answers and only 0 gold line(s) do: ...'
    >>> swap_problem(["a", "c"], [["a", "b"], ["c"]]) is None
    True
    """
    if isinstance(answers, TextColumn):  # found in its bytes, no answer decoded
        tabbed = [index + 1 for index in answers.holding("\t")]
    else:
        tabbed = [number for number, answer in enumerate(answers, start=1) if "\t" in answer]
    several = sum(1 for variants in golds if len(variants) > 1) if tabbed else 0
    if len(tabbed) > several:
        return (
            f"{len(tabbed)} prediction line(s) hold TAB-separated answers and only {several} "
            "gold line(s) do: are the gold and the predictions swapped? (a prediction is one "
            "answer per line; GEval compares a TAB in it as a character)",
            tabbed[0],
        )
    sample = min(len(answers), len(golds), SWAP_SAMPLE)
    if sample < SWAP_MIN_LINES:
        return None
    scheme = FuzzyAccuracy()
    # (an answer longer than LONG would be a gold line: it is not judged, nor decoded)
    lines = [k for k in range(sample) if not _long(answers, k)]
    given = scheme.judge_all((answers[k] for k in lines), (golds[k] for k in lines))
    exchanged = scheme.judge_all(
        ("\t".join(golds[k]) for k in lines), (answers[k].split("\t") for k in lines)
    )
    only_exchanged = only_given = 0
    first = None
    for k, right, reverse in zip(lines, given, exchanged, strict=True):
        number = k + 1
        if reverse.matched and not right.matched:
            only_exchanged += 1
            first = number if first is None else first
        elif right.matched and not reverse.matched:
            only_given += 1
    if 2 * only_exchanged > sample and first is not None:
        return (
            f"{only_exchanged} of the first {sample} lines match only with the gold and the "
            f"predictions exchanged ({only_given} only as given): "
            "are the gold and the predictions swapped?",
            first,
        )
    return None


def _long(answers: Sequence[str], index: int) -> bool:
    if isinstance(answers, TextColumn):
        return answers.size(index) > LONG
    return len(answers[index]) > LONG


def _read_source(
    source: Any, name: str, diag: Diagnostics, *, variant_lists: bool
) -> tuple[str, TextColumn]:
    """``(name for messages, stripped lines)`` of a file or of an
    already-loaded list."""
    if is_path(source):
        return os.fspath(source), read_stripped_lines(source, diag)
    if isinstance(source, (str, bytes)) or not isinstance(source, Sequence):
        shape = "lines or variant lists" if variant_lists else "answers"
        raise InputError(
            f"expected a path or a list of {shape}, got {type(source).__name__}",
            path=name,
        )
    if set(map(type, source)) <= {str}:  # a list of str: checked at C speed
        text = "\n".join(source)
        if text.count("\n") == max(len(source) - 1, 0):  # else: a newline in an entry
            lines = text.replace("\r", "").split("\n") if "\r" in text else source
            del text
            return name, TextColumn(map(haskell_strip, lines))
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
    return name, TextColumn(map(haskell_strip, lines))
