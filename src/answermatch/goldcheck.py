"""Problems in gold files that silently cost points: unmatchable or duplicate
answer variants, two-part answers in one order only, words GEval reads as
numbers, golds the task's normalization empties or mangles, bad ids, labels.

:func:`check_gold` reads a task's gold file leniently (a bad record becomes a
finding, not an exception) and runs the checks registered for the task in
:data:`TASK_CHECKS`. Each :class:`Finding` has a severity (``error``: the
scorer refuses the file or an item can never be scored as intended;
``warning``: probably a mistake; ``info``: worth knowing), the file, the line,
a stable ``code`` and a message.

>>> import pathlib, tempfile
>>> gold = pathlib.Path(tempfile.mkdtemp()) / "expected.tsv"
>>> _ = gold.write_text("Paryż\\tParyż\\nC\\nfiga i mak\\nx\\t\\ty\\n", encoding="utf-8")
>>> for f in check_gold("poleval2021", gold):
...     print(f.line, f.severity, f.code)
1 info duplicate-variant
2 warning roman-word
3 warning one-order-only
4 error empty-variant
"""

from __future__ import annotations

import json
import os
import re
import string
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from .errors import UnknownTaskError
from .sources import read_bytes, source_name

__all__ = ["SEVERITIES", "TASK_CHECKS", "Entry", "Finding", "GoldFile", "TaskChecks", "check_gold"]

#: Severities, most serious first.
SEVERITIES = ("error", "warning", "info")


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


@dataclass
class Entry:
    """One gold question: its id as written, its line, language, variants
    (answers, sentences or paragraph ids) and, for labelled candidates, their
    labels as a string of ``0``/``1``."""

    id: Any
    line: int | None
    variants: tuple[str, ...]
    lang: str | None = None
    labels: str = ""


@dataclass
class GoldFile:
    """A gold file read leniently: its entries and what reading it found."""

    name: str
    entries: list[Entry] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    def add(self, severity: str, line: int | None, code: str, message: str) -> None:
        self.findings.append(Finding(severity, self.name, line, code, message))


# --- reading -------------------------------------------------------------------


def _lines(gold: GoldFile, source: Any) -> list[str]:
    data = read_bytes(source)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        gold.add("error", line, "invalid-utf8", f"invalid UTF-8 (byte 0x{data[exc.start]:02x})")
        text = data.decode("utf-8", errors="replace")
    if text.startswith("\ufeff"):
        gold.add("warning", 1, "bom", "the file starts with a byte-order mark")
        text = text[1:]
    lines = [line.rstrip("\r") for line in text.split("\n")]
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _read_xor(gold: GoldFile, source: Any) -> None:
    for number, line in enumerate(_lines(gold, source), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            gold.add("error", number, "malformed-record", f"not valid JSON ({exc.msg})")
            continue
        if not isinstance(record, dict) or not {"id", "answers", "lang"} <= set(record):
            gold.add(
                "error",
                number,
                "malformed-record",
                'expected {"id": ..., "answers": [...], "lang": ...}',
            )
            continue
        answers = record["answers"]
        if isinstance(answers, str):
            gold.add(
                "warning",
                number,
                "bare-string-answers",
                '"answers" is a string, not a list (XOR-EnglishSpan and XOR-Retrieve '
                "then take each of its characters as an answer)",
            )
            answers = [answers]
        if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
            gold.add("error", number, "malformed-record", '"answers" must be a list of strings')
            continue
        if not answers:
            gold.add("error", number, "no-answer", "the answers list is empty")
        gold.entries.append(Entry(record["id"], number, tuple(answers), str(record["lang"])))


def _read_poleval(gold: GoldFile, source: Any) -> None:
    from .tasks.geval import haskell_strip

    for number, line in enumerate(_lines(gold, source), start=1):
        gold.entries.append(Entry(number, number, tuple(haskell_strip(line).split("\t")), "pl"))


_KBQA_TAG = re.compile(r"<(question|triple|answer) id=([^>]*)>(.*)")


def _read_kbqa(gold: GoldFile, source: Any) -> None:
    for number, line in enumerate(_lines(gold, source), start=1):
        found = _KBQA_TAG.match(line)
        if found is None or found.group(1) != "answer":
            continue
        raw_id = found.group(2)
        fields = found.group(3).split("\t")
        if fields and fields[0] == "":
            fields = fields[1:]  # the TAB after the tag
        gold.entries.append(Entry(raw_id, number, tuple(fields), "zh"))


def _read_ntcir(gold: GoldFile, source: Any) -> None:
    for number, line in enumerate(_lines(gold, source), start=1):
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) < 2:
            gold.add("error", number, "malformed-record", "expected QUESTION_ID<TAB>ANSWER...")
            continue
        qid = fields[0].strip()
        lang = "ja" if "-J-" in qid else "en" if "-E-" in qid else None
        gold.entries.append(Entry(qid, number, tuple(fields[1:]), lang))


def _read_dbqa(gold: GoldFile, source: Any) -> None:
    previous: str | None = None
    for number, line in enumerate(_lines(gold, source), start=1):
        fields = line.split("\t")
        if len(fields) != 3:
            gold.add(
                "error",
                number,
                "bad-columns",
                f"expected question<TAB>sentence<TAB>label, found {len(fields)} column(s)",
            )
            continue
        question, sentence, label = fields
        if label not in ("0", "1"):
            gold.add("error", number, "bad-label", f"label {label!r} is neither 0 nor 1")
        if question != previous:
            gold.entries.append(Entry(question, number, ()))
        entry = gold.entries[-1]
        entry.variants += (sentence,)
        entry.labels += "1" if label == "1" else "0"
        previous = question


def _read_zalo(gold: GoldFile, source: Any) -> None:
    raw = read_bytes(source).decode("utf-8", errors="replace").lstrip("\ufeff")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        gold.add("error", exc.lineno, "malformed-record", f"not valid JSON ({exc.msg})")
        return
    if not isinstance(data, list):
        gold.add("error", 1, "malformed-record", "expected a JSON list of test cases")
        return
    if data and not any(
        isinstance(p, dict) and "label" in p
        for case in data
        if isinstance(case, dict)
        for p in case.get("paragraphs") or ()
    ):
        gold.add(
            "error",
            1,
            "no-labels",
            "no paragraph has a label: this is the public test.json, not a labelled gold",
        )
        return
    offset = 0
    for case in data:
        case_id = case.get("__id__") if isinstance(case, dict) else None
        line, offset = _json_line(raw, case_id, offset)
        if not isinstance(case, dict) or not isinstance(case.get("paragraphs"), list):
            gold.add("error", line, "malformed-record", 'expected {"__id__", "paragraphs": [...]}')
            continue
        labels = ""
        ids = []
        for paragraph in case["paragraphs"]:
            label = paragraph.get("label") if isinstance(paragraph, dict) else None
            if not isinstance(label, bool):
                gold.add(
                    "error",
                    line,
                    "bad-label",
                    f"case {case_id!r}: a paragraph label is {json.dumps(label)}, not true/false",
                )
            labels += "1" if label is True else "0"
            ids.append(paragraph.get("id") if isinstance(paragraph, dict) else None)
        for pid, count in Counter(map(str, ids)).items():
            if count > 1:
                gold.add(
                    "error",
                    line,
                    "duplicate-variant",
                    f"case {case_id!r}: paragraph id {pid} twice",
                )
        gold.entries.append(Entry(case_id, line, tuple(map(str, ids)), "vi", labels))


def _json_line(text: str, value: Any, start: int) -> tuple[int | None, int]:
    """The line of the next ``"__id__": value`` at or after ``start``, and
    where to search from next."""
    if not isinstance(value, str):
        return None, start
    found = re.compile(r'"__id__"\s*:\s*' + re.escape(json.dumps(value))).search(text, start)
    if found is None:
        found = re.compile(re.escape(json.dumps(value, ensure_ascii=False))).search(text, start)
    if found is None:
        return None, start
    return text.count("\n", 0, found.start()) + 1, found.end()


# --- checks --------------------------------------------------------------------

Normalizer = Callable[[str, str | None], str]
Check = Callable[[GoldFile, "TaskChecks"], Iterator[Finding]]


def _finding(gold: GoldFile, entry: Entry, severity: str, code: str, message: str) -> Finding:
    return Finding(severity, gold.name, entry.line, code, f"{entry.id}: {message}")


def check_empty_variant(gold: GoldFile, task: TaskChecks) -> Iterator[Finding]:
    """An empty (or blank) variant: never matched, or matched by an empty answer."""
    for entry in gold.entries:
        if any(not v.strip() for v in entry.variants):
            yield _finding(
                gold, entry, "error", "empty-variant", "an answer variant is empty (a stray TAB?)"
            )


def check_duplicate_variant(gold: GoldFile, task: TaskChecks) -> Iterator[Finding]:
    """The same variant twice (harmless where the best variant counts, but
    often a copy error)."""
    for entry in gold.entries:
        repeated = [v for v, n in Counter(entry.variants).items() if n > 1 and v.strip()]
        if repeated:
            yield _finding(
                gold,
                entry,
                task.duplicate_variant_severity,
                "duplicate-variant",
                f"variant listed twice: {', '.join(map(repr, repeated))}",
            )


def check_same_after_normalization(gold: GoldFile, task: TaskChecks) -> Iterator[Finding]:
    """Distinct variants that the task's normalization makes identical."""
    for entry in gold.entries:
        groups: dict[str, list[str]] = defaultdict(list)
        for variant in dict.fromkeys(entry.variants):
            if variant.strip():
                groups[task.normalize(variant, entry.lang)].append(variant)
        for normalized, variants in groups.items():
            if len(variants) > 1 and normalized:
                yield _finding(
                    gold,
                    entry,
                    "info",
                    "same-after-normalization",
                    f"{' and '.join(map(repr, variants))} both normalize to {normalized!r}",
                )


def check_normalizes_empty(gold: GoldFile, task: TaskChecks) -> Iterator[Finding]:
    """A non-empty variant that normalizes to "" (all punctuation, an article...)."""
    for entry in gold.entries:
        for variant in entry.variants:
            if variant.strip() and not task.normalize(variant, entry.lang).strip():
                yield _finding(
                    gold,
                    entry,
                    "error",
                    "normalizes-empty",
                    f"{variant!r} normalizes to an empty string",
                )


_LIST_OR_QUOTE = re.compile('[,;"„”“«»]')


def check_one_order_only(gold: GoldFile, task: TaskChecks) -> Iterator[Finding]:
    """Two-part answers ("A i B", each part at most four words) listed without
    the other order ("B i A")."""
    for entry in gold.entries:
        pattern = task.conjunctions.get(entry.lang or "", task.conjunctions.get("*"))
        if pattern is None:
            continue
        present = {task.normalize(v, entry.lang) for v in entry.variants}
        for variant in dict.fromkeys(entry.variants):
            parts = pattern.split(variant)
            if len(parts) != 3 or not all(0 < len(parts[k].split()) <= 4 for k in (0, 2)):
                continue  # not two short parts
            if _LIST_OR_QUOTE.search(variant):
                continue  # "A, B and C" or a quoted title: not a swappable pair
            swapped = parts[2].strip() + parts[1] + parts[0].strip()
            if task.normalize(swapped, entry.lang) not in present:
                yield _finding(
                    gold,
                    entry,
                    task.order_severity,
                    "one-order-only",
                    f"{variant!r} is listed without the other order {swapped!r}",
                )


def check_roman_word(gold: GoldFile, task: TaskChecks) -> Iterator[Finding]:
    """A lone uppercase C D I V X L M that GEval's number rule reads as a Roman numeral."""
    from .tasks.geval import extract_number_string, haskell_words, roman_to_int

    for entry in gold.entries:
        for variant in entry.variants:
            if re.search(r"[0-9]", variant):
                continue
            words = [w for w in haskell_words(variant) if roman_to_int(w) is not None]
            if words and len(words[0]) == 1 and len(haskell_words(variant)) >= 1:
                number = extract_number_string(variant)
                yield _finding(
                    gold,
                    entry,
                    "warning",
                    "roman-word",
                    f"{variant!r}: the word {words[0]!r} is read as the Roman numeral "
                    f"{number}, so only an answer containing the number {number} matches",
                )


# a counter right after a digit or a CJK numeral (1945年, 3만 년, 24万人) is
# what the deletion is for; elsewhere (人口, 大人) it mangles a word
_COUNTERS = re.compile("(?<![0-9０-９十百千万億兆만억천백조\\s])\\s*[年歳人년]|^[年歳人년]")


def check_counter_deletion(gold: GoldFile, task: TaskChecks) -> Iterator[Finding]:
    """XOR-Full deletes 年 歳 人 년 anywhere: flag one that follows no number."""
    for entry in gold.entries:
        for variant in entry.variants:
            if _COUNTERS.search(variant):
                yield _finding(
                    gold,
                    entry,
                    "warning",
                    "counter-deletion",
                    f"{variant!r} becomes {task.normalize(variant, entry.lang)!r}: the "
                    "normalization deletes 年 歳 人 년 even inside words",
                )


def check_unicode_punct(gold: GoldFile, task: TaskChecks) -> Iterator[Finding]:
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
                    f"{variant!r} keeps {''.join(marks)} after normalization (only ASCII "
                    "punctuation is removed): an answer without it is no exact match",
                )


def check_ids(gold: GoldFile, task: TaskChecks) -> Iterator[Finding]:
    """Malformed ids (the task's rule) and ids given twice."""
    seen: dict[str, int | None] = {}
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


def check_no_positive(gold: GoldFile, task: TaskChecks) -> Iterator[Finding]:
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


def check_split_question(gold: GoldFile, task: TaskChecks) -> Iterator[Finding]:
    """A DBQA question whose lines are not consecutive (scored as two questions)."""
    first: dict[Any, int | None] = {}
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


def _xor_id(value: Any) -> str | None:
    if not isinstance(value, str) or not value:
        return f"the id {json.dumps(value)} is not a non-empty string"
    return None


def _kbqa_id(value: Any) -> str | None:
    return None if str(value).strip().isdigit() else f"the id {value!r} is not a number"


def _ntcir_id(value: Any) -> str | None:
    markers = ("-E-" in value) + ("-J-" in value)
    if not value or markers != 1:
        return f"the id {value!r} carries neither -E- nor -J- (or both): its language is unknown"
    return None


def _zalo_id(value: Any) -> str | None:
    return None if isinstance(value, str) and value else "missing or empty __id__"


def _normalizer(preset: str) -> Normalizer:
    def normalize(text: str, lang: str | None) -> str:
        from .normalization import PRESETS
        from .normalization.steps import collapse_whitespace

        for step in PRESETS[preset].build(lang):
            text = step(text)
        return collapse_whitespace(text)

    return normalize


def _poleval_normalize(text: str, lang: str | None) -> str:
    from .tasks.geval import extract_number_string, haskell_lower

    number = extract_number_string(text)
    return f"<number {number}>" if number is not None else haskell_lower(text)


def _ntcir_normalize(text: str, lang: str | None) -> str:
    from .tasks.ntcir_dsqa import LANGUAGES

    return LANGUAGES[lang].normalize(text) if lang in LANGUAGES else text


def _exact(text: str, lang: str | None) -> str:
    return text


@dataclass(frozen=True)
class TaskChecks:
    """How one task's gold is read and checked."""

    read: Callable[[GoldFile, Any], None]
    checks: tuple[Check, ...]
    normalize: Normalizer = _exact
    id_problem: Callable[[Any], str | None] | None = None
    conjunctions: dict[str, re.Pattern[str]] = field(default_factory=dict)
    order_severity: str = "info"
    duplicate_variant_severity: str = "info"
    duplicate_id_severity: str = "error"
    no_positive_severity: str = "warning"


_ANSWER_CHECKS: tuple[Check, ...] = (
    check_ids,
    check_empty_variant,
    check_duplicate_variant,
    check_same_after_normalization,
    check_normalizes_empty,
    check_one_order_only,
)
_AND = re.compile(r"(\s+(?:and|&)\s+)")
_XOR_ENGLISH = TaskChecks(
    _read_xor,
    (*_ANSWER_CHECKS, check_unicode_punct),
    _normalizer("xor-engspan"),
    _xor_id,
    {"*": _AND},
    duplicate_id_severity="warning",
)

#: task name -> how its gold is read and which checks run.
TASK_CHECKS: dict[str, TaskChecks] = {
    "xor-full": TaskChecks(
        _read_xor,
        (*_ANSWER_CHECKS, check_counter_deletion, check_unicode_punct),
        _normalizer("xor-full"),
        _xor_id,
        {
            "ru": re.compile(r"(\s+и\s+)"),
            "fi": re.compile(r"(\s+ja\s+)"),
            "ar": re.compile(r"(\s+و)"),
            "ko": re.compile(r"(\s+그리고\s+)"),
            "*": _AND,
        },
        duplicate_id_severity="warning",
    ),
    "xor-engspan": _XOR_ENGLISH,
    "xor-retrieve": _XOR_ENGLISH,
    "poleval2021": TaskChecks(
        _read_poleval,
        (
            check_empty_variant,
            check_duplicate_variant,
            check_same_after_normalization,
            check_one_order_only,
            check_roman_word,
        ),
        _poleval_normalize,
        conjunctions={"*": re.compile(r"(\s+i\s+)")},
        order_severity="warning",
    ),
    "nlpcc-kbqa": TaskChecks(
        _read_kbqa,
        (check_ids, check_empty_variant, check_duplicate_variant),
        id_problem=_kbqa_id,
    ),
    "ntcir-dsqa": TaskChecks(
        _read_ntcir,
        _ANSWER_CHECKS,
        _ntcir_normalize,
        _ntcir_id,
        {"en": _AND},
    ),
    "nlpcc-dbqa": TaskChecks(
        _read_dbqa,
        (check_no_positive, check_split_question, check_empty_variant, check_duplicate_variant),
    ),
    "zalo2019": TaskChecks(
        _read_zalo, (check_ids, check_no_positive), id_problem=_zalo_id, no_positive_severity="info"
    ),
}


def check_gold(task: str, gold: str | os.PathLike[str]) -> list[Finding]:
    """The findings of ``task``'s checks on the gold file ``gold``, by line.

    A file that cannot be read at all raises
    :class:`~answermatch.errors.InputError`.
    """
    checks = TASK_CHECKS.get(task)
    if checks is None:
        raise UnknownTaskError(
            f"check-gold does not support {task!r}; it supports {', '.join(TASK_CHECKS)}"
        )
    gold_file = GoldFile(source_name(gold))
    checks.read(gold_file, gold)
    findings = list(gold_file.findings)
    for check in checks.checks:
        findings += check(gold_file, checks)
    return sorted(findings, key=lambda f: (f.line or 0, SEVERITIES.index(f.severity), f.code))
