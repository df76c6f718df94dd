"""NLPCC-ICCPOL 2016 KBQA (Chinese knowledge-base QA): precision, recall, F1.

The ``official`` profile reproduces the organisers' ``Eva.exe GOLD PRED``
(as measured in the project's scorer specification):

- Files are blocks of ``<question id=N>\\tQUESTION``, ``<answer id=N>\\tA1\\tA2...``
  and a separator line of ``=`` (any length). The 2016 release adds a
  ``<triple id=N>\\t...`` line between question and answer; it is read and
  ignored (``Eva`` itself rejects that layout). LF and CRLF may be mixed;
  blank lines are ignored.
- The answer fields are TAB-separated; empty fields are dropped and the rest
  form a *set*, compared exactly (case-sensitive, no trimming).
- Per question: ``P = |pred & gold| / |pred|``, ``R = |pred & gold| / |gold|``,
  ``F1 = 2PR / (P + R)`` (0 when nothing matches); an empty gold set gives
  ``P = R = F1 = 1``.
- Averages run over the questions of the *prediction* file (gold questions it
  leaves out are ignored); a predicted id that is not in the gold is an error.
  The question text of a prediction is not compared with the gold's.

The ``fair`` profile normalizes every answer with the ``unicode`` preset
before the sets are compared (width and case folding, punctuation removed),
gives an empty gold set 1 only for an empty prediction (else 0), and averages
over the gold questions (one left out of the predictions scores 0).

It also reports the task guideline's ranked-candidate metrics over the
answers in the order given: ``mrr``, ``accuracy@N`` (``ks`` option, default
1, 3, 5) and ``averaged_f1`` (the guideline's F1, which gives 0, not 1, to an
empty gold set). An answer repeated later in the list is the same candidate
and takes no rank position. Sources: the NLPCC-ICCPOL 2016 open-domain QA
task guideline and overview paper (doi:10.1007/978-3-319-50496-4_89).

Choices where ``Eva`` could not be observed: a byte-order mark (at the start
of the file or of any line) is dropped with a warning (.NET's text readers drop
a leading UTF-8 BOM, so ``Eva`` most likely accepts it; ``--strict`` rejects
it); invalid UTF-8 is replaced by U+FFFD with a warning, as .NET's decoder
does; a duplicate question id, a block out of order, an answer line whose id
differs from its question's, a missing separator and an unknown line are
errors naming the file and line (all problems of a file are listed at once).

>>> from answermatch.diagnostics import Diagnostics
>>> gold = {1: ["北京"], 2: ["李白", "杜甫"]}
>>> pred = {1: ["上海", "北京"], 2: ["李白"]}
>>> r = evaluate(gold, pred, profile="official", diag=Diagnostics())
>>> r.scores["precision"], r.scores["recall"], r.scores["mrr"]
(75.0, 75.0, 75.0)
>>> [(i["id"], i["rank"]) for i in r.items]
[(1, 2), (2, 1)]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..diagnostics import Diagnostics
from ..errors import InputError
from ..ranking import f1, first_relevant_rank, hit_at_k, precision, recall, reciprocal_rank
from ..result import Result
from ..signature import make_signature
from ..sources import is_path, read_text, source_name
from .base import TaskSpec

NAME = "nlpcc-kbqa"
MAX_LISTED_PROBLEMS = 10


@dataclass(frozen=True)
class KbqaProfile:
    """Settings of one scoring profile.

    ``empty_gold_score``: P, R and F1 of a question whose gold set is empty
    (``None``: 1 when the prediction is empty too, else 0).
    ``ks``: the default cut-offs of ``accuracy@N``.
    ``norm``: a normalization preset applied to every answer before the sets
    are compared (``None``: exact strings); answers equal after it are one.
    ``over``: the questions averaged over, those of the ``predictions``
    (Eva's rule) or of the ``gold`` (a question left out scores 0).
    """

    empty_gold_score: float | None
    ks: tuple[int, ...] = (1, 3, 5)
    norm: str | None = None
    over: str = "predictions"


PROFILES: dict[str, KbqaProfile] = {
    "official": KbqaProfile(empty_gold_score=1.0),
    "fair": KbqaProfile(empty_gold_score=None, norm="unicode", over="gold"),
}


def _keys(answers: tuple[str, ...], norm: str | None) -> tuple[str, ...]:
    """The answers as compared: normalized (preset ``norm``) and kept once,
    empty results dropped; unchanged when ``norm`` is None.

    >>> _keys(("Ｂｅｉｊｉｎｇ", "beijing", "《红楼梦》"), "unicode")
    ('beijing', '红楼梦')
    """
    if norm is None:
        return answers
    from ..normalization import normalize

    return _unique(normalize(a, "zh", norm) for a in answers)


@dataclass(frozen=True)
class Block:
    """One question of a KBQA file.

    ``answers``: the non-empty answer fields in the order given, each kept
    once (its first occurrence). ``line``: the line of ``<question ...>``.
    """

    id: int
    question: str
    answers: tuple[str, ...]
    line: int


_TAGGED = re.compile(r"<(question|triple|answer) id=([^>]*)>(.*)", re.DOTALL)
_SEPARATOR = re.compile(r"=+[ \t]*")


class _Problems:
    """Collects the parse problems of one file and raises them together."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.found: list[tuple[int, str]] = []

    def add(self, line: int, message: str) -> None:
        self.found.append((line, message))

    def raise_if_any(self) -> None:
        if not self.found:
            return
        (line, first), rest = self.found[0], self.found[1 : 1 + MAX_LISTED_PROBLEMS]
        message = first
        if rest:
            more = "; ".join(f"line {n}: {m}" for n, m in rest)
            left = len(self.found) - 1 - len(rest)
            message += f" (and {len(self.found) - 1} more: {more}"
            message += f"; {left} not shown)" if left else ")"
        raise InputError(message, path=self.name, line=line)


def _unique(fields: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(f for f in fields if f))


def parse_blocks(text: str, name: str, diag: Diagnostics) -> list[Block]:
    """Parse the text of a KBQA file (either layout) into blocks, in file order.

    >>> text = "<question id=3>\\t谁?\\r\\n<answer id=3>\\tA\\t\\tB\\tA\\n====\\n"
    >>> parse_blocks(text, "pred.txt", Diagnostics())
    [Block(id=3, question='谁?', answers=('A', 'B'), line=1)]
    >>> parse_blocks("<answer id=3>\\tA\\n", "pred.txt", Diagnostics())
    Traceback (most recent call last):
    ...
    answermatch.errors.InputError: pred.txt:1: <answer id=3> comes before any <question> line ...
    """
    problems = _Problems(name)
    blocks: list[Block] = []
    seen: dict[int, int] = {}
    # the open block: [id, question, question line, answers or None, has a problem]
    current: list[Any] | None = None

    def close() -> None:
        nonlocal current
        assert current is not None
        qid, question, qline, answers, broken = current
        if answers is None:
            if not broken:  # one problem per block is enough
                problems.add(qline, f"question {qid} has no <answer id={qid}> line")
        else:
            blocks.append(Block(qid, question, answers, qline))
        current = None

    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, start=1):
        if line.endswith("\r"):
            line = line[:-1]
        if line.startswith("\ufeff"):
            diag.warn(
                "byte-order mark (U+FEFF) at the start of the line ignored", path=name, line=number
            )
            line = line[1:]
        if not line.strip():
            continue
        if _SEPARATOR.fullmatch(line):
            if current is None:
                problems.add(number, "separator line without a question block before it")
            else:
                close()
            continue
        match = _TAGGED.match(line)
        if match is None:
            problems.add(
                number,
                "unknown line: expected <question id=N>, <triple id=N>, "
                f"<answer id=N> or a separator of '=', got {line[:40]!r}",
            )
            continue
        kind, raw_id, rest = match.groups()
        if rest and not rest.startswith("\t"):
            problems.add(number, f"expected a TAB after <{kind} id={raw_id}>")
            continue
        if not raw_id.isdigit() or not raw_id.isascii():
            problems.add(number, f"expected a numeric id in <{kind} id=...>, got {raw_id!r}")
            continue
        qid = int(raw_id)
        fields = rest.split("\t")[1:]
        if kind == "question":
            if current is not None:
                if current[3] is not None:
                    problems.add(number, f"missing separator line after question {current[0]}")
                close()
            if qid in seen:
                problems.add(
                    number, f"duplicate question id {qid} (lines {seen[qid]} and {number})"
                )
            else:
                seen[qid] = number
            current = [qid, "\t".join(fields), number, None, False]
            continue
        if current is None:
            problems.add(
                number, f"<{kind} id={qid}> comes before any <question> line (block out of order)"
            )
            continue
        if qid != current[0]:
            problems.add(
                number,
                f"<{kind} id={qid}> inside the block of question "
                f"{current[0]} (expected id={current[0]})",
            )
            current[4] = True
            continue
        if current[3] is not None:
            problems.add(
                number,
                f"<{kind} id={qid}> after the answer line of question {qid} "
                "(block out of order or missing separator)",
            )
            continue
        if kind == "answer":
            current[3] = _unique(fields)
    if current is not None:
        close()  # the last block may end without a separator
    problems.raise_if_any()
    return blocks


def _to_id(key: object, name: str) -> int:
    if isinstance(key, int) and not isinstance(key, bool):
        return key
    if isinstance(key, str) and key.isdigit() and key.isascii():
        return int(key)
    raise InputError(f"question ids must be integers, got {key!r}", path=name)


def load_blocks(source: Any, diag: Diagnostics) -> list[Block]:
    """Blocks from a path (plain or ``.gz``) or a mapping ``{id: answers}``.

    ``answers`` is a sequence of strings in candidate order, or one string
    holding TAB-separated answers as in the file.
    """
    name = source_name(source)
    if is_path(source):
        return parse_blocks(read_text(source, diag=diag, replace=True), name, diag)
    if not isinstance(source, Mapping):
        raise InputError(
            f"expected a path or a mapping {{question id: answers}}, got {type(source).__name__}",
            path=name,
        )
    blocks = []
    for index, (key, value) in enumerate(source.items(), start=1):
        fields = value.split("\t") if isinstance(value, str) else value
        if not isinstance(fields, Sequence) or not all(isinstance(f, str) for f in fields):
            raise InputError(f"answers of question {key!r} must be strings", path=name)
        blocks.append(Block(_to_id(key, name), "", _unique(fields), index))
    return blocks


def _ks(value: Any, default: tuple[int, ...]) -> tuple[int, ...]:
    """The accuracy@N cut-offs from an option value: an int, a list or ``"1,3,5"``.

    >>> _ks("5,1", (1,)), _ks([3], (1,)), _ks(None, (1, 3))
    ((1, 5), (3,), (1, 3))
    """
    if value is None:
        return default
    if isinstance(value, str):
        items: list[Any] = [v.strip() for v in value.split(",")]
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        items = [value]
    ks = set()
    for k in items:
        if isinstance(k, str) and k.isdigit() and k.isascii():
            k = int(k)
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise InputError(
                f"option ks: expected positive integers such as [1, 3, 5], got {value!r}"
            )
        ks.add(k)
    return tuple(sorted(ks))


def evaluate(
    gold: Any,
    predictions: Any,
    *,
    profile: str | KbqaProfile,
    diag: Diagnostics,
    ks: Any = None,
) -> Result:
    """Score KBQA predictions against the gold (see the module documentation)."""
    settings = profile if isinstance(profile, KbqaProfile) else PROFILES[profile]
    cutoffs = _ks(ks, settings.ks)
    gold_blocks = load_blocks(gold, diag)
    pred_blocks = load_blocks(predictions, diag)
    pred_name = source_name(predictions)
    if not pred_blocks:
        raise InputError("no questions in the prediction file", path=pred_name)
    gold_by_id = {b.id: b for b in gold_blocks}
    unknown = [b for b in pred_blocks if b.id not in gold_by_id]
    if unknown:
        listed = ", ".join(f"{b.id} (line {b.line})" for b in unknown[:MAX_LISTED_PROBLEMS])
        more = "" if len(unknown) <= MAX_LISTED_PROBLEMS else ", ..."
        raise InputError(
            f"{len(unknown)} predicted question id(s) not in the gold file "
            f"{source_name(gold)}: {listed}{more}",
            path=pred_name,
            line=unknown[0].line,
        )

    totals = dict.fromkeys(["precision", "recall", "f1", "mrr", "averaged_f1"], 0.0)
    hits = dict.fromkeys(cutoffs, 0)
    items: list[dict[str, Any]] = []
    pred_by_id = {b.id: b for b in pred_blocks}
    scored = (
        pred_blocks
        if settings.over == "predictions"
        else [pred_by_id.get(b.id, Block(b.id, b.question, (), 0)) for b in gold_blocks]
    )
    for block in scored:
        truth = set(_keys(gold_by_id[block.id].answers, settings.norm))
        candidates = _keys(block.answers, settings.norm)
        if truth:
            p, r = precision(candidates, truth), recall(candidates, truth)
            f = f1(candidates, truth)
        elif settings.empty_gold_score is None:
            p = r = f = 0.0 if candidates else 1.0
        else:
            p = r = f = settings.empty_gold_score
        labels = [c in truth for c in candidates]
        totals["precision"] += p
        totals["recall"] += r
        totals["f1"] += f
        totals["mrr"] += reciprocal_rank(labels)
        totals["averaged_f1"] += f1(candidates, truth)
        for k in cutoffs:
            hits[k] += hit_at_k(labels, k)
        items.append(
            {
                "id": block.id,
                "score": f,
                "precision": p,
                "recall": r,
                "f1": f,
                "rank": first_relevant_rank(labels),
            }
        )

    n = len(scored)
    scores = {key: 100.0 * totals[key] / n for key in ("precision", "recall", "f1", "mrr")}
    scores.update({f"accuracy@{k}": 100.0 * hits[k] / n for k in cutoffs})
    scores["averaged_f1"] = 100.0 * totals["averaged_f1"] / n
    fair = {
        "empty_gold": "match-empty" if settings.empty_gold_score is None else None,
        "over": "gold" if settings.over == "gold" else None,
    }
    signature = make_signature(
        NAME,
        settings_name(profile),
        norm=settings.norm,
        extra={
            "match": "set,exact" if settings.norm is None else "set,normalized",
            "ks": ",".join(map(str, cutoffs)),
            **{key: value for key, value in fair.items() if value is not None},
        },
    )
    return Result(
        task=NAME,
        profile=settings_name(profile),
        scores=scores,
        per_language={},
        n=n,
        signature=signature,
        items=items,
        warnings=tuple(diag.messages),
    )


def settings_name(profile: str | KbqaProfile) -> str:
    """The profile's name (a profile object built for a measurement is ``custom``)."""
    return profile if isinstance(profile, str) else "custom"


TASK = TaskSpec(
    name=NAME,
    summary="NLPCC-ICCPOL 2016 KBQA (Chinese): averaged precision, recall and F1 over "
    "answer sets as the organisers' Eva tool, plus MRR, accuracy@N, averaged F1",
    evaluate=evaluate,
    primary="f1",
    profiles=tuple(PROFILES),
    languages=("zh",),
    options={"ks": "cut-offs N of accuracy@N, e.g. [1,3,5] or 1,3,5 (default 1,3,5)"},
)
