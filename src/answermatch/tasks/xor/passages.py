"""XOR-Retrieve's scoring engine: passages tokenized once, token windows,
and answer matching.

For each counted prediction item (a *job*: its passages and its answers)
:func:`run_jobs` gives whether some answer occurs in the first N tokens of
the passages, for each budget N, and how many tokens were gathered. The
passages are tokenized by NLTK 3.10.4's ``word_tokenize`` as re-implemented
in :mod:`answermatch.nltk_compat` (same tokens, about 25 times faster), each
only as far as the largest budget reaches (a long passage is read only as far
as its first tokens), a repeated passage once. How
an answer is found in the window is a :class:`Match` (:data:`MATCHES`).

>>> jobs = [(["By Jean Sibelius.", "Later text"], ("Jean Sibelius",))]
>>> list(run_jobs(jobs, (2, 4), Diagnostics()))  # "By Jean" | "By Jean Sibelius ."
[((False, True), 4)]
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial

from ...diagnostics import Diagnostics
from ...progress import progress
from ...workers import map_chunks

__all__ = [
    "MATCHES",
    "PASSAGE_CACHE_LIMIT",
    "Job",
    "Match",
    "Outcome",
    "PassageTokens",
    "first_tokens",
    "run_jobs",
]

#: Passages whose tokens are remembered.
PASSAGE_CACHE_LIMIT = 100_000


class PassageTokens:
    """Tokenizes passages with NLTK's ``word_tokenize`` (re-implemented),
    remembering each passage's tokens as (space-joined, count): those of
    its sentences up to the one that brings the count to ``limit`` (the
    largest budget) or more, all that a window of at most ``limit`` tokens
    reads (a long passage is not tokenized whole)."""

    def __init__(self, limit: int) -> None:
        from ...nltk_compat import word_tokenize

        self._tokenize = partial(word_tokenize, limit=limit)
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


def first_tokens(pieces: list[tuple[str, int]], budget: int) -> str:
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
    from ...nltk_compat import word_tokenize

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

Job = tuple[Sequence[str], tuple[str, ...]]  # passages, answers
Outcome = tuple[tuple[bool, ...], int]  # hit per budget, tokens gathered


def _score_job(
    job: Job, budgets: tuple[int, ...], tokens: PassageTokens, match: str = "substring"
) -> Outcome:
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
        text = MATCHES[match].text(first_tokens(pieces, budget))
        hits.append(any(answer in text for answer in answers))
    return tuple(hits), min(total, largest)


def run_jobs(
    jobs: list[Job],
    budgets: tuple[int, ...],
    diag: Diagnostics,
    match: str = "substring",
) -> Iterator[Outcome]:
    """The outcome of each job, in order (over ``diag.workers`` processes:
    :func:`~answermatch.workers.map_chunks`)."""
    if diag.workers > 1:
        yield from map_chunks(partial(_score_jobs, budgets, match), jobs, diag.workers)
        return
    tokens = PassageTokens(max(budgets))
    for job in progress(jobs, total=len(jobs), desc="xor-retrieve", enabled=diag.progress):
        yield _score_job(job, budgets, tokens, match)


def _score_jobs(budgets: tuple[int, ...], match: str, jobs: Sequence[Job]) -> list[Outcome]:
    """The outcome of each job (one tokenizer and cache for them)."""
    tokens = PassageTokens(max(budgets))
    return [_score_job(job, budgets, tokens, match) for job in jobs]
