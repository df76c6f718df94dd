"""Gold-file checks: the records ``check-gold`` works on and the checks
any task can select.

A task names its checks in a :class:`GoldChecks` (its
:attr:`~answermatch.tasks.parts.ChecksGold.gold_checks`) and turns its parsed gold
into :class:`Entry` records (:meth:`~answermatch.tasks.parts.ChecksGold.gold_entries`);
:func:`answermatch.goldcheck.check_gold` runs them. Each :class:`Finding` has
a severity (``error``: the scorer refuses the file or an item can never be
scored as intended; ``warning``: probably a mistake; ``info``: worth
knowing), the file, the line, a stable ``code`` and a message.

>>> gold = GoldFile("gold.tsv", [Entry("q1", 1, ("Paris", "Paris", "")),
...                              Entry("q1", 2, ("Rome",))])
>>> rules = GoldChecks((check_ids, check_empty_variant, check_duplicate_variant))
>>> for finding in rules.run(gold):
...     print(finding)
gold.tsv:1: error: q1: an answer variant is empty or blank [empty-variant]
gold.tsv:1: info: q1: variant listed twice: 'Paris' [duplicate-variant]
gold.tsv:2: error: q1: id repeated (first on line 1) [duplicate-id]
"""

from __future__ import annotations

import hashlib
import re
import string
import unicodedata
from array import array
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from itertools import islice
from typing import Any, TypeVar

from .columns import Rows
from .items import AsList, TextColumn

__all__ = [
    "ANSWER_CHECKS",
    "SEVERITIES",
    "Entries",
    "Entry",
    "Finding",
    "Findings",
    "GoldChecks",
    "GoldFile",
    "LongText",
    "QuestionEntry",
    "check_duplicate_variant",
    "check_empty_variant",
    "check_ids",
    "check_no_positive",
    "check_normalizes_empty",
    "check_one_order_only",
    "check_repeated_question",
    "check_same_after_normalization",
    "check_scientific_notation",
    "check_split_question",
    "check_unicode_punct",
    "check_values",
    "normal_key",
    "per_entry",
    "preset_normalizer",
    "preset_parts",
    "quoted",
    "quoted_key",
    "suggested_variants",
    "variant_values",
]

#: Severities, most serious first.
SEVERITIES = ("error", "warning", "info")

#: A finding quotes a text of at most this many characters whole
#: (:func:`quoted`); a longer one (a paragraph given as an answer, a long
#: run of text) by its first :data:`QUOTE_HEAD` characters.
QUOTE_CHARS = 1000
#: The characters :func:`quoted` gives of a text longer than :data:`QUOTE_CHARS`.
QUOTE_HEAD = 200


def quoted(text: str) -> str:
    """``repr(text)``, as a finding quotes a text; a text longer than
    :data:`QUOTE_CHARS` characters by its first :data:`QUOTE_HEAD`, with
    where it is cut and its length: a finding on a long answer stays a
    line to read (the answer is not copied into it).

    >>> quoted("Paris")
    "'Paris'"
    >>> quoted("Paris " * 1000)[-50:]
    "aris Paris Pa'... (cut at 200 of 6,000 characters)"
    """
    if len(text) <= QUOTE_CHARS:
        return repr(text)
    return f"{text[:QUOTE_HEAD]!r}... (cut at {QUOTE_HEAD:,} of {len(text):,} characters)"


@dataclass(frozen=True)
class Finding:
    """One problem found in a gold file."""

    severity: str
    file: str
    line: int | None
    code: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.severity}: {self.message} [{self.code}]"


#: the line a :class:`Findings` holds for a finding without one
_NO_LINE = -(1 << 63)


class Findings(AsList, Rows[Finding]):
    """Findings held compactly, each :class:`Finding` made when it is read:
    the messages as one UTF-8 buffer (:class:`~answermatch.items.TextColumn`),
    the lines in an array and the (severity, file, code) of each as the
    number of one of the few kinds; about 70 bytes and the message's where
    a list of findings took about 250 and the message's (15,600 findings
    of a 7 MB PolEval gold: 4 MB). Equal to a list of the same findings.

    >>> from answermatch.checks import Finding, Findings
    >>> found = Findings([Finding("info", "g.tsv", 3, "x", "m"),
    ...                   Finding("error", "g.tsv", None, "y", "n")])
    >>> found.append(Finding("info", "g.tsv", 1, "x", "ok"))
    >>> len(found), found[1], [f.line for f in found.sorted()]
    (3, Finding(severity='error', file='g.tsv', line=None, code='y', message='n'), [None, 1, 3])
    >>> found.select(("error",)) == [Finding("error", "g.tsv", None, "y", "n")]
    True
    >>> len(found + found), len([] + found)
    (6, 3)
    """

    __slots__ = ("_index", "_kind", "_kinds", "_lines", "_messages")

    def __init__(self, findings: Iterable[Finding] = ()) -> None:
        self._kinds: list[tuple[str, str, str]] = []  # (severity, file, code)
        self._index: dict[tuple[str, str, str], int] = {}
        self._kind = array("I")
        self._lines = array("q")
        self._messages = TextColumn()
        self.extend(findings)

    def append(self, finding: Finding) -> None:
        """Add ``finding`` last."""
        self.extend((finding,))

    def extend(self, findings: Iterable[Finding]) -> None:
        """Add ``findings`` last, each held as it comes."""
        index, kinds = self._index, self._kinds
        messages: list[str] = []
        for f in findings:
            kind = (f.severity, f.file, f.code)
            k = index.get(kind)
            if k is None:
                k = index[kind] = len(kinds)
                kinds.append(kind)
            self._kind.append(k)
            self._lines.append(_NO_LINE if f.line is None else f.line)
            messages.append(f.message)
            if len(messages) >= 4096:
                self._messages.extend(messages)
                messages.clear()
        self._messages.extend(messages)

    def __len__(self) -> int:
        return len(self._kind)

    def row(self, k: int) -> Finding:
        severity, file, code = self._kinds[self._kind[k]]
        line = self._lines[k]
        message = self._messages[k]
        return Finding(severity, file, None if line == _NO_LINE else line, code, message)

    def __iter__(self) -> Iterator[Finding]:
        kinds = self._kinds
        for k, line, message in zip(self._kind, self._lines, self._messages, strict=True):
            severity, file, code = kinds[k]
            yield Finding(severity, file, None if line == _NO_LINE else line, code, message)

    def __repr__(self) -> str:
        return f"<Findings: {len(self)}>"

    def __add__(self, other: Iterable[Finding]) -> list[Finding]:
        """A list of these findings and ``other``'s, as for a list."""
        return [*self, *other]

    def __radd__(self, other: Iterable[Finding]) -> list[Finding]:
        return [*other, *self]

    def _taken(self, places: Iterable[int]) -> Findings:
        """The findings at ``places``, in that order."""
        taken = Findings()
        taken._kinds, taken._index = list(self._kinds), dict(self._index)
        places = list(places)
        taken._kind = array("I", map(self._kind.__getitem__, places))
        taken._lines = array("q", map(self._lines.__getitem__, places))
        taken._messages = TextColumn(map(self._messages.__getitem__, places))
        return taken

    def sorted(self) -> Findings:
        """The findings sorted by line (none first), those of one line by
        severity and code, each kind in the order given (a stable sort)."""
        rank = [(SEVERITIES.index(severity), code) for severity, _, code in self._kinds]
        lines, kind = self._lines, self._kind

        def key(k: int) -> tuple[int, tuple[int, str]]:
            line = lines[k]
            return (0 if line == _NO_LINE else line, rank[kind[k]])

        return self._taken(sorted(range(len(self)), key=key))

    def select(self, severities: Sequence[str]) -> Findings:
        """The findings of those ``severities``, in order."""
        wanted = [kind[0] in severities for kind in self._kinds]
        if all(wanted):
            return self
        return self._taken(k for k, kind in enumerate(self._kind) if wanted[kind])


@dataclass
class Entry:
    """One gold question: its id as written, its line, language, variants
    (answers, sentences or paragraph ids) and, for labelled candidates, their
    labels as a string of ``0``/``1``; ``answer_lang``: the language the
    answers are written in when it is not the question's (XOR-EnglishSpan's
    English spans), in which numbers and dates are read."""

    id: Any
    line: int | None
    variants: tuple[str, ...]
    lang: str | None = None
    labels: str = ""
    # keyword only, so that subclasses keep adding their fields right after labels
    answer_lang: str | None = field(default=None, kw_only=True)


class Entries:
    """A gold's check entries made again for each pass over them by
    ``make()`` (a task's :meth:`~answermatch.tasks.parts.ChecksGold.gold_entries`
    of its read gold), so that they are never all held at once: an
    :class:`Entry` per question took several times the gold's size
    (600,000 PolEval lines, 7 MB: 190 MB of entries).

    >>> entries = Entries(lambda: (Entry(k, k, ("a",)) for k in range(3)))
    >>> [e.id for e in entries], [e.id for e in entries], bool(entries)
    ([0, 1, 2], [0, 1, 2], True)
    """

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[], Iterable[Entry]]) -> None:
        self._make = make

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._make())

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None


@dataclass
class GoldFile:
    """A gold file read leniently: its entries (a list, or :class:`Entries`
    made again for each pass) and what reading it found. ``state``: where a
    check run block by block (:func:`per_entry`) keeps what it carries from
    one block to the next (``None`` when the check sees every entry at
    once)."""

    name: str
    entries: Iterable[Entry] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    state: dict[str, Any] | None = field(default=None, repr=False)

    def kept(self, key: str, kind: Callable[[], Any] = dict) -> Any:
        """What a check keeps across the entries under ``key``: carried
        from block to block in a run by blocks, new for each call otherwise.

        >>> gold = GoldFile("g", state={})
        >>> gold.kept("seen")["a"] = 1
        >>> gold.kept("seen"), GoldFile("g").kept("seen")
        ({'a': 1}, {})
        """
        if self.state is None:
            return kind()
        if key not in self.state:
            self.state[key] = kind()
        return self.state[key]

    def add(self, severity: str, line: int | None, code: str, message: str) -> None:
        self.findings.append(Finding(severity, self.name, line, code, message))


Normalizer = Callable[[str, str | None], str]
#: ``(text, lang) -> the normal form in parts`` (see :attr:`GoldChecks.normal_parts`)
NormalParts = Callable[[str, str | None], Iterable[str]]
Check = Callable[[GoldFile, "GoldChecks"], Iterator[Finding]]
C = TypeVar("C", bound=Callable[..., Any])


def per_entry(check: C) -> C:
    """Mark ``check`` as one that reads each entry on its own, carrying from
    one entry to the next only what it keeps through :meth:`GoldFile.kept`:
    :meth:`GoldChecks.run` then gives it the entries block by block, all
    such checks on one pass over them, with the same findings in the same
    order as one call on every entry. A check without the mark gets a pass
    over every entry of its own."""
    check.per_entry = True  # type: ignore[attr-defined]
    return check


#: The entries :meth:`GoldChecks.run` holds at once for the checks marked :func:`per_entry`
#: (an :class:`Entry` with its variants takes some 350 bytes: 4,096 of them were 1.4 MB)
BLOCK = 1024


def _finding(gold: GoldFile, entry: Entry, severity: str, code: str, message: str) -> Finding:
    return Finding(severity, gold.name, entry.line, code, f"{entry.id}: {message}")


@per_entry
def check_empty_variant(gold: GoldFile, task: GoldChecks) -> Iterator[Finding]:
    """An empty (or blank) variant: never matched, or matched by an empty answer."""
    for entry in gold.entries:
        if any(map(_blank_text, entry.variants)):
            yield _finding(
                gold, entry, "error", "empty-variant", "an answer variant is empty or blank"
            )


@per_entry
def check_duplicate_variant(gold: GoldFile, task: GoldChecks) -> Iterator[Finding]:
    """The same variant twice (harmless where the best variant counts, but
    often a copy error)."""
    for entry in gold.entries:
        repeated = [v for v, n in Counter(entry.variants).items() if n > 1 and not _blank_text(v)]
        if repeated:
            yield _finding(
                gold,
                entry,
                task.duplicate_variant_severity,
                "duplicate-variant",
                f"variant listed twice: {', '.join(map(quoted, repeated))}",
            )


# (around it, the whitespace that str.strip drops)
_SCIENTIFIC = re.compile(r"\s*[+-]?\d(?:\.\d+)?[eE][+-]?\d+\s*")


@per_entry
def check_scientific_notation(gold: GoldFile, task: GoldChecks) -> Iterator[Finding]:
    """A variant written in scientific notation (``9.7873E+12``): what a
    spreadsheet makes of a long number (an ISBN, a telephone number) when
    the file passes through it; the lost digits cannot be recovered, and no
    answer matches it.

    >>> gold = GoldFile("gold.txt", entries=[Entry(5, 10, ("9.7873E+12",))])
    >>> [f.code for f in check_scientific_notation(gold, None)]
    ['scientific-notation']
    """
    for entry in gold.entries:
        for variant in entry.variants:
            if _SCIENTIFIC.fullmatch(variant):
                yield _finding(
                    gold, entry, "warning", "scientific-notation",
                    f"the answer {quoted(variant)} is in scientific notation, as a spreadsheet "
                    "writes a long number (an ISBN?): its digits are lost and no answer matches it",
                )  # fmt: skip


@dataclass
class QuestionEntry(Entry):
    """A check entry with its question's text."""

    question: str = ""


@per_entry
def check_repeated_question(gold: GoldFile, task: GoldChecks) -> Iterator[Finding]:
    """The same question text asked again with other answers (each is scored
    against its own; a system can be right on only one of them), for tasks
    whose entries carry their question (:class:`QuestionEntry`).

    >>> gold = GoldFile("gold.txt", entries=[QuestionEntry(1, 2, ("30亿元",), question="资产?"),
    ...                                       QuestionEntry(7, 9, ("19亿元",), question="资产?")])
    >>> [(f.line, f.code) for f in check_repeated_question(gold, None)]
    [(9, 'repeated-question')]
    """
    first: dict[str, QuestionEntry] = gold.kept("repeated-question")
    for entry in gold.entries:
        if not isinstance(entry, QuestionEntry) or not entry.question.strip():
            continue
        earlier = first.setdefault(entry.question.strip(), entry)
        if earlier is not entry and set(earlier.variants) != set(entry.variants):
            yield Finding(
                "warning", gold.name, entry.line, "repeated-question",
                f"{entry.id}: the question of {earlier.id} (line {earlier.line}) asked again "
                f"with other answers: {', '.join(map(quoted, entry.variants))} against "
                f"{', '.join(map(quoted, earlier.variants))}",
            )  # fmt: skip


@per_entry
def check_same_after_normalization(gold: GoldFile, task: GoldChecks) -> Iterator[Finding]:
    """Distinct variants that the task's normalization makes identical
    (long normal forms compared by :func:`normal_key`, never made whole)."""
    for entry in gold.entries:
        groups: dict[str | LongText, list[str]] = defaultdict(list)
        for variant in dict.fromkeys(entry.variants):
            if not _blank_text(variant):
                groups[normal_key(task.normal_form(variant, entry.lang))].append(variant)
        for normalized, variants in groups.items():
            if len(variants) > 1 and normalized:
                yield _finding(
                    gold,
                    entry,
                    "info",
                    "same-after-normalization",
                    f"{' and '.join(map(quoted, variants))} both normalize to "
                    f"{quoted_key(normalized)}",
                )


@per_entry
def check_normalizes_empty(gold: GoldFile, task: GoldChecks) -> Iterator[Finding]:
    """A non-empty variant that normalizes to "" (all punctuation, an
    article...): a long one is normalized a part at a time, up to the first
    part that is not blank."""
    for entry in gold.entries:
        for variant in entry.variants:
            if not _blank_text(variant) and _blank(task.normal_form(variant, entry.lang)):
                yield _finding(
                    gold,
                    entry,
                    "error",
                    "normalizes-empty",
                    f"{quoted(variant)} normalizes to an empty string",
                )


def _blank_text(text: str) -> bool:
    """``not text.strip()``, without a copy of a long text."""
    return not text or text.isspace()


def _blank(parts: Iterable[str]) -> bool:
    """Whether the text ``parts`` make up is empty or blank, read up to the
    first part that is not."""
    return all(_blank_text(part) for part in parts)


@dataclass(frozen=True)
class LongText:
    """A text longer than :data:`QUOTE_CHARS` as :func:`normal_key` gives
    it: its length and digest (equal for equal texts) and, to quote it,
    its first :data:`QUOTE_HEAD` characters."""

    length: int
    digest: bytes
    head: str = field(compare=False)

    def quoted(self) -> str:
        """The text quoted as :func:`quoted` quotes it."""
        return f"{self.head!r}... (cut at {QUOTE_HEAD:,} of {self.length:,} characters)"


#: Characters of a long part :func:`normal_key` encodes at once.
_DIGEST_CHARS = 1 << 16


def normal_key(parts: Iterable[str]) -> str | LongText:
    """The text ``parts`` make up (read one after the other) as a key that
    is equal for equal texts: the text itself up to :data:`QUOTE_CHARS`
    characters, else a :class:`LongText` (its length and BLAKE2b digest),
    so that the normal form of a long answer is compared without being
    made whole.

    >>> normal_key(["paris", " ", "france"])
    'paris france'
    >>> normal_key(["ab" * 600]) == normal_key(["ab" * 300, "ab" * 300])
    True
    """
    held: list[str] = []
    size = 0
    digest = None
    head = ""
    for part in parts:
        size += len(part)
        if digest is None:
            held.append(part)
            if size <= QUOTE_CHARS:
                continue
            digest = hashlib.blake2b(digest_size=32)
            head = ("".join(held[:-1]) + part[:QUOTE_HEAD])[:QUOTE_HEAD]
            parts_now: Iterable[str] = held
        else:
            parts_now = (part,)
        for text in parts_now:
            for at in range(0, len(text), _DIGEST_CHARS):
                digest.update(text[at : at + _DIGEST_CHARS].encode("utf-8", "surrogatepass"))
        held = []
    if digest is None:
        return "".join(held)
    return LongText(size, digest.digest(), head)


def quoted_key(key: str | LongText) -> str:
    """A key of :func:`normal_key` quoted as :func:`quoted` quotes its text."""
    return quoted(key) if isinstance(key, str) else key.quoted()


_WORD = re.compile(r"\S+")


def _words(text: str) -> int:
    """``len(text.split())`` up to 5 (more is too many), without the list."""
    return sum(1 for _ in islice(_WORD.finditer(text), 5))


_LIST_OR_QUOTE = re.compile('[,;"„”“«»،、，；]')
_END_PUNCT = re.compile(r"[\s.!?。！？…]+$")


def _two_parts(variant: str, pattern: re.Pattern[str]) -> tuple[str, str, str, str] | None:
    r"""``(first, conjunction, second, end)`` where ``variant`` reads as two
    parallel parts ("A and B", "A B and C D"), else ``None``.

    Parallel means the same number of words on each side (at most four), so
    that a word shared by both parts is no part of either: "из кирпичей и
    камней" (a preposition before both), "chemical and metallurgical
    technologies" (a noun after both) and names such as "Commonwealth
    Scientific and Industrial Research Organisation" are not two parts. A
    part ending or starting with a hyphen ("opetus- ja kuulustelu...") is a
    shortened compound, and ``&`` joins a firm's name ("Blohm & Voss"); final
    punctuation (``end``) stays at the end.

    >>> and_ = re.compile(r"(\s+and\s+)")
    >>> _two_parts("India and Pakistan.", and_)
    ('India', ' and ', 'Pakistan', '.')
    >>> _two_parts("bricks and stones walls", and_) is None
    True
    """
    # the stripped variant is variant[:stop] where it starts with no
    # whitespace (a long one is read in place, not copied, up to the split)
    body = variant.strip() if variant[:1].isspace() else variant
    stop = len(body)
    while stop and body[stop - 1].isspace():
        stop -= 1
    found = _END_PUNCT.search(body, 0, stop)
    end = found.group().strip() if found else ""
    stop = found.start() if found else stop
    # the parts split would give, counted first (a long answer is not split)
    matches = sum(1 for _ in islice(pattern.finditer(body, 0, stop), 3))
    if matches + 1 + matches * pattern.groups != 3:
        return None
    parts = pattern.split(body[:stop])
    first, conjunction, second = parts[0].strip(), parts[1], parts[2].strip()
    words = _words(first)
    if not 0 < words <= 4 or _words(second) != words:
        return None  # not two short parallel parts
    if first.endswith("-") or second.startswith("-"):
        return None  # a shortened compound ("opetus- ja kuulustelutilaisuuksia")
    if conjunction.strip() == "&":
        return None  # a firm's name ("Blohm & Voss", "N.W. Ayer & Son")
    return first, conjunction, second, end


@per_entry
def check_one_order_only(gold: GoldFile, task: GoldChecks) -> Iterator[Finding]:
    """Two-part answers ("A i B": parallel parts of at most four words each,
    see :func:`_two_parts`) listed without the other order ("B i A"); not a
    list, a quoted title, or a range (digits on both sides, as in "between 10
    and 11")."""
    for entry in gold.entries:
        pattern = task.conjunctions.get(entry.lang or "", task.conjunctions.get("*"))
        if pattern is None:
            continue
        present = {normal_key(task.normal_form(v, entry.lang)) for v in entry.variants}
        for variant in dict.fromkeys(entry.variants):
            split = _two_parts(variant, pattern)
            if split is None:
                continue
            if _LIST_OR_QUOTE.search(variant):
                continue  # "A, B and C" or a quoted title: not a swappable pair
            first, conjunction, second, end = split
            if any(c.isdigit() for c in first) and any(c.isdigit() for c in second):
                continue  # numbers on both sides: a range ("between 10 and 11"), ordered
            swapped = second + conjunction + first + end
            if normal_key(task.normal_form(swapped, entry.lang)) not in present:
                yield _finding(
                    gold,
                    entry,
                    task.order_severity,
                    "one-order-only",
                    f"{quoted(variant)} is listed without the other order {quoted(swapped)}",
                )


@per_entry
def check_unicode_punct(gold: GoldFile, task: GoldChecks) -> Iterator[Finding]:
    """Non-ASCII punctuation, which the ASCII-only punctuation removal keeps."""
    for entry in gold.entries:
        for variant in entry.variants:
            marks = sorted(
                {
                    c
                    for c in variant
                    if unicodedata.category(c).startswith("P") and c not in string.punctuation
                }
            )
            if marks:
                yield _finding(
                    gold,
                    entry,
                    "info",
                    "unicode-punct",
                    f"{quoted(variant)} keeps {''.join(marks)} after normalization (only ASCII "
                    "punctuation is removed): an answer without it is no exact match",
                )


@per_entry
def check_ids(gold: GoldFile, task: GoldChecks) -> Iterator[Finding]:
    """Malformed ids (the task's rule) and ids given twice."""
    seen: dict[str, int | None] = gold.kept("ids")
    for entry in gold.entries:
        problem = task.id_problem(entry.id) if task.id_problem is not None else None
        if problem:
            yield _finding(gold, entry, "error", "malformed-id", problem)
            continue
        key = str(entry.id)
        if key in seen:
            where = f" (first on line {seen[key]})" if seen[key] is not None else ""
            yield _finding(
                gold, entry, task.duplicate_id_severity, "duplicate-id", f"id repeated{where}"
            )
        else:
            seen[key] = entry.line


@per_entry
def check_no_positive(gold: GoldFile, task: GoldChecks) -> Iterator[Finding]:
    """A question (DBQA) or test case (Zalo) without any correct candidate."""
    for entry in gold.entries:
        labels = entry.labels
        if "1" not in labels:
            yield _finding(
                gold,
                entry,
                task.no_positive_severity,
                "no-positive",
                f"none of its {len(labels)} candidate(s) is labelled correct",
            )


@per_entry
def check_split_question(gold: GoldFile, task: GoldChecks) -> Iterator[Finding]:
    """A DBQA question whose lines are not consecutive (scored as two questions)."""
    first: dict[Any, int | None] = gold.kept("split-question")
    for entry in gold.entries:
        if entry.id in first:
            yield _finding(
                gold,
                entry,
                "warning",
                "split-question",
                f"the question comes back after another one (first on line {first[entry.id]}): "
                "grouping by consecutive lines scores it as a new question",
            )
        else:
            first[entry.id] = entry.line


# two numbers in digits joined by a dash: a range, not one value (the dashes of
# a date, 2017-05-18 or 05-18-2017, come in pairs and are not matched)
_RANGE = re.compile(r"(?<![\d\-–—/.])\d+(?:[.,]\d+)?\s*[-–—~]\s*\d+(?:[.,]\d+)?(?![\d\-–—/])")
_ISO_MONTH = re.compile(r"\d{4}-(?:0[1-9]|1[0-2])")
_NUMBER_MARKS = re.compile(r"[\d\s.,'’٬٫+\-−%٪\u00a0\u202f]+")
_DIGIT = re.compile(r"\d")


def _value_language(lang: str | None) -> str | None:
    """``lang`` if the matchers know it (MKQA's ``zh_cn`` is ``zh``), else None."""
    if lang is None:
        return None
    from .errors import UnknownLanguageError
    from .languages import canonical_language

    try:
        canonical_language(lang)
    except (UnknownLanguageError, TypeError):
        return None
    return lang


def variant_values(
    variants: tuple[str, ...], lang: str | None
) -> tuple[dict[str, str], dict[str, tuple[str, str]]]:
    """The dates (variant -> ISO, when the variant states a month) and the
    numbers (variant -> (canonical number, what else it says: a unit)) of
    one question's short variants (at most six words), as
    :func:`~answermatch.matchers.extract_date` and
    :func:`~answermatch.matchers.extract_number` read them.

    >>> dates, numbers = variant_values(("18 May 2017", "2017-05-18", "five", "5 km"), "en")
    >>> dates
    {'18 May 2017': '2017-05-18', '2017-05-18': '2017-05-18'}
    >>> numbers
    {'five': ('5', ''), '5 km': ('5', 'km')}
    >>> variant_values(("in 1889", "$5"), "en")[1]   # a word before the digits is no unit
    {'in 1889': ('1889', ''), '$5': ('5', '$')}
    >>> variant_values(("1868-1874", "70-85 million", "2017-05"), "en")  # ranges: no one value
    ({'2017-05': '2017-05'}, {})
    """
    from .matchers.dates import extract_date
    from .matchers.numeric import _locale, extract_number

    lang = _value_language(lang)
    dates: dict[str, str] = {}
    numbers: dict[str, tuple[str, str]] = {}
    scales = _locale(lang).scales if lang is not None else {}
    for variant in dict.fromkeys(variants):
        if len(variant) > 60 or not variant.strip() or len(variant.split()) > 6:
            continue
        if _RANGE.search(variant) and not _ISO_MONTH.fullmatch(variant.strip()):
            continue  # "1868-1874", "5 — 17 января 1912": two values
        iso = extract_date(variant, lang=lang)
        if iso is not None and len(iso) >= 7 and iso[0] != "-":
            dates[variant] = iso
            continue
        number = extract_number(variant, lang=lang)
        if number is None:
            continue
        rest = [w for w in _NUMBER_MARKS.sub(" ", variant).lower().split()]
        rest = [w for w in rest if w.rstrip(".") not in scales and not _all_numeral(w)]
        digit = _DIGIT.search(variant)
        if digit is not None and digit.start():  # words before the digits qualify the
            # number ("in 1889", "about 300"); a unit follows it, or is a symbol ("$5")
            before = {w for w in variant[: digit.start()].lower().split() if w.isalpha()}
            rest = [w for w in rest if w not in before]
        words = lang is not None and _locale(lang).words
        if words:  # number words are the number; "and" is, in words only ("1859 و1863")
            rest = [w for w in rest if not _number_word(w, words, digit is not None)]
        numbers[variant] = (number, " ".join(rest))
    return dates, numbers


def _number_word(word: str, words: Any, has_digits: bool) -> bool:
    """``word`` is a number word (or, in a number written in words, a word
    such as "and" that joins them)."""
    parts = words.split(word)
    return parts is not None and not (has_digits and all(kind == "c" for kind, _ in parts))


def _all_numeral(word: str) -> bool:
    from .matchers.numeric import _CJK_DIGITS, _CJK_LARGE, _CJK_SMALL, _HANGUL_LARGE

    return all(
        c in _CJK_DIGITS or c in _CJK_SMALL or c in _CJK_LARGE or c in _HANGUL_LARGE for c in word
    )


@per_entry
def check_values(gold: GoldFile, task: GoldChecks) -> Iterator[Finding]:
    """Variants of one question that disagree in value: two different dates
    (``2017-05-18`` and ``18 May 2016``; a year alone that none of the dates
    has), two different numbers (``1,000`` and ``1,500``) (warnings), and a
    number given with a unit in one variant and without it in another
    (``5 km`` and ``5``: info). Values are read as
    :func:`~answermatch.matchers.date_match` and
    :func:`~answermatch.matchers.numeric_match` read them, in the entry's
    language; entries with labelled candidates are not answers and are
    skipped.

    >>> gold = GoldFile("gold.txt", entries=[Entry(1, 3, ("1,000", "1,500"), "en"),
    ...                                       Entry(2, 4, ("18 May 2017", "2016"), "en"),
    ...                                       Entry(3, 5, ("5 km", "5", "five km"), "en")])
    >>> for f in check_values(gold, None):
    ...     print(f.line, f.severity, f.code)
    3 warning value-disagreement
    4 warning date-disagreement
    5 info unit-lost
    """
    for entry in gold.entries:
        if entry.labels or len(entry.variants) < 2:
            continue
        dates, numbers = variant_values(entry.variants, entry.answer_lang or entry.lang)
        if dates:
            years = _years(numbers)
            if _dates_disagree(dates, years):
                shown = {**dates, **years}
                yield _finding(
                    gold, entry, "warning", "date-disagreement",
                    "its variants state different dates: "
                    + ", ".join(f"{v!r} ({d})" for v, d in shown.items()),
                )  # fmt: skip
            continue
        if len({n for n, _ in numbers.values()}) > 1:
            yield _finding(
                gold, entry, "warning", "value-disagreement",
                "its variants state different numbers: "
                + ", ".join(f"{v!r} ({n})" for v, (n, _) in numbers.items()),
            )  # fmt: skip
            continue
        units = {unit for _, unit in numbers.values()}
        if "" in units and len(units) > 1:
            bare = [v for v, (_, unit) in numbers.items() if not unit]
            with_unit = [v for v, (_, unit) in numbers.items() if unit]
            yield _finding(
                gold, entry, "info", "unit-lost",
                f"{', '.join(map(repr, bare))} gives the number without the unit of "
                f"{', '.join(map(repr, with_unit))}",
            )  # fmt: skip


def _years(numbers: dict[str, tuple[str, str]]) -> dict[str, str]:
    """The variants that are a bare four-digit number (a year), with it."""
    return {v: n for v, (n, unit) in numbers.items() if not unit and len(n) == 4}


def _dates_disagree(dates: dict[str, str], years: dict[str, str]) -> bool:
    """Two dates neither of which is a part of the other (``2017-05-18`` and
    ``2016-05``), or a year that no date has."""
    values = set(dates.values())
    return any(not (a.startswith(b) or b.startswith(a)) for a in values for b in values) or any(
        not any(iso.startswith(y) for iso in values) for y in years.values()
    )


def suggested_variants(entry: Entry) -> list[str]:
    """The variants a reader of another language or tool would need, that
    ``entry`` lacks: a number in plain digits and, from 10,000 or with
    decimals, in the language's own form (CLDR); a date in ISO form and in
    the language's long form; for Chinese, each variant in the other
    script (Traditional and Simplified, by OpenCC: the ``zh`` extra). A
    number given with a unit gets none, and variants that disagree in value
    (two dates, two numbers: :func:`check_values` warns) get no value
    forms: which one is right is for the gold's maker to say.

    >>> suggested_variants(Entry(1, 1, ("3,5 mln",), "pl"))
    ['3500000', '3\\xa0500\\xa0000']
    >>> suggested_variants(Entry(1, 1, ("18 maja 2017",), "pl"))
    ['2017-05-18']
    >>> suggested_variants(Entry(1, 1, ("18 maja 2017", "19 maja 2017"), "pl"))
    []
    >>> suggested_variants(Entry(1, 1, ("臺灣大學",), "zh_tw"))
    ['台湾大学']
    """
    from .languages import canonical_language
    from .matchers.dates import format_date
    from .matchers.numeric import _cldr_language, format_number

    lang = _value_language(entry.answer_lang or entry.lang)
    dates, numbers = variant_values(entry.variants, lang)
    try:
        written = lang is not None and bool(_cldr_language(lang))
    except Exception:  # a language without CLDR forms: the plain forms only
        written = False
    wanted: list[str] = []
    if dates:
        # variants stating different dates (date-disagreement) get no forms of either
        agreed = {} if _dates_disagree(dates, _years(numbers)) else dates
        for iso in dict.fromkeys(agreed.values()):
            wanted.append(iso)
            if written:
                wanted.append(format_date(iso, lang))  # type: ignore[arg-type]
    elif len({n for n, _ in numbers.values()}) == 1:  # (else value-disagreement)
        for number, unit in dict.fromkeys(numbers.values()):
            if unit:
                continue  # "5 km": the bare number would lose the unit
            wanted.append(number)
            if written and (len(number.lstrip("-").split(".")[0]) > 4 or "." in number):
                # (not 1914 as 1,914: a year or a small number is written plain)
                wanted.append(format_number(number, lang))  # type: ignore[arg-type]
    if lang is not None and canonical_language(lang) == "zh":  # the other script's forms
        from .normalization.steps import to_simplified, to_traditional

        for variant in entry.variants:
            wanted += (to_simplified(variant), to_traditional(variant))
    present = set(entry.variants)
    return [w for w in dict.fromkeys(wanted) if w not in present]


def preset_normalizer(preset: str) -> Normalizer:
    """The normalization preset ``preset`` as a check's normalizer
    (whitespace collapsed at the end)."""

    def normalize(text: str, lang: str | None) -> str:
        from .normalization import get_preset
        from .normalization.steps import collapse_whitespace

        for step in get_preset(preset).build(lang):
            text = step(text)
        return collapse_whitespace(text)

    return normalize


def preset_parts(preset: str) -> NormalParts:
    """:func:`preset_normalizer`'s normal form in parts (for
    :attr:`GoldChecks.normal_parts`): those of
    :func:`~answermatch.normalization.joined_parts_normalizer` (the text cut
    at spaces and, without them, between characters that no step reads
    across) for a preset whose steps read nothing across an ASCII space;
    the whole normal form for another.

    >>> list(preset_parts("xor-full")("Tokyo  Tower.", "ja"))
    ['tokyo tower']
    """
    normalize = preset_normalizer(preset)

    def parts(text: str, lang: str | None) -> Iterable[str]:
        from .normalization import joined_parts_normalizer

        cut = joined_parts_normalizer(preset, lang)
        return (normalize(text, lang),) if cut is None else cut(text)

    return parts


def _exact(text: str, lang: str | None) -> str:
    return text


@dataclass(frozen=True)
class GoldChecks:
    """Which checks a task runs on its gold, and their settings:
    ``normalize(text, lang)`` is the task's normalization (for the checks that
    compare variants), ``id_problem(id)`` says what is wrong with an id (or
    ``None``), ``conjunctions`` maps a language (``"*"``: any) to the pattern
    that splits a two-part answer, and the severities of the checks whose
    seriousness depends on the task."""

    checks: tuple[Check, ...]
    normalize: Normalizer = _exact
    id_problem: Callable[[Any], str | None] | None = None
    conjunctions: dict[str, re.Pattern[str]] = field(default_factory=dict)
    order_severity: str = "info"
    duplicate_variant_severity: str = "info"
    duplicate_id_severity: str = "error"
    no_positive_severity: str = "warning"
    #: ``normalize(text, lang)`` of a long text in parts that, one after
    #: the other, make it up, each made in turn (``None``: made whole)
    normal_parts: NormalParts | None = None

    def normal_form(self, text: str, lang: str | None) -> Iterable[str]:
        """``normalize(text, lang)`` in parts that make it up, one after the
        other: a text longer than
        :data:`~answermatch.normalization.steps.PIECE_CHARS` characters by
        :attr:`normal_parts` where the task gives them (a part at a time,
        for the checks that read a long answer's normal form up to its
        first word or compare it by digest), else whole, as one part.

        >>> list(GoldChecks(()).normal_form("Paris", "fr"))
        ['Paris']
        """
        from .normalization.steps import PIECE_CHARS

        if self.normal_parts is None or len(text) <= PIECE_CHARS:
            return (self.normalize(text, lang),)
        return self.normal_parts(text, lang)

    def run(self, gold: GoldFile) -> Findings:
        """The findings of every check on ``gold``, sorted by line (those of
        one line by severity and code, then in the order of the checks),
        held compactly (:class:`Findings`, equal to a list of them):
        :meth:`find`'s, sorted."""
        return self.find(gold).sorted()

    def find(self, gold: GoldFile) -> Findings:
        """The findings of every check on ``gold``, unsorted: those ``gold``
        holds already (its reader's), then each check's in the order of the
        checks, as :meth:`run` sorts them (a caller that holds the gold
        can let it go before sorting them). The checks marked
        :func:`per_entry` share one pass over the entries, :data:`BLOCK`
        entries at a time; each other check makes its own."""
        found = [Findings() for _ in self.checks]  # held as they come
        blocked = [k for k, check in enumerate(self.checks) if getattr(check, "per_entry", False)]
        if blocked:
            state: dict[str, Any] = {}
            entries = iter(gold.entries)
            while block := list(islice(entries, BLOCK)):
                part = GoldFile(gold.name, block, state=state)
                for k in blocked:
                    found[k].extend(self.checks[k](part, self))
        for k, check in enumerate(self.checks):
            if k not in blocked:
                found[k].extend(check(gold, self))
        findings = Findings(gold.findings)
        for k in range(len(found)):
            findings.extend(found[k])
            found[k] = Findings()  # each check's let go once copied
        return findings


#: The checks that suit any task whose gold lists answer variants.
ANSWER_CHECKS: tuple[Check, ...] = (
    check_ids,
    check_empty_variant,
    check_duplicate_variant,
    check_same_after_normalization,
    check_normalizes_empty,
    check_one_order_only,
    check_values,
)
