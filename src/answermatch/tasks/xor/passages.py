"""XOR-Retrieve's scoring engine: passages tokenized once, token windows,
and answer matching.

For each counted prediction item (a *job*: its passages and its answers)
:func:`run_jobs` gives whether some answer occurs in the first N tokens of
the passages, for each budget N, and how many tokens were gathered. The
passages are tokenized by NLTK 3.10.4's ``word_tokenize`` as re-implemented
in :mod:`answermatch.nltk_compat` (same tokens, about 25 times faster), each
only as far as the largest budget reaches (a long passage is read only as far
as its first tokens), a repeated passage once. How
an answer is found in the window is a :class:`Match` (:data:`MATCHES`). The
windows are searched as their tokens come (:class:`Seeker`), never joined:
a passage of one long token (a run of letters or of Japanese) is searched
where it is, and folded a piece at a time under ``fair``.

>>> jobs = [(["By Jean Sibelius.", "Later text"], ("Jean Sibelius",))]
>>> list(run_jobs(jobs, (2, 4), Diagnostics()))  # "By Jean" | "By Jean Sibelius ."
[((False, True), 4)]
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial

from ...diagnostics import Diagnostics
from ...normalization import steps
from ...progress import progress
from ...workers import map_chunks

__all__ = [
    "MATCHES",
    "PASSAGE_CACHE_LIMIT",
    "Job",
    "Match",
    "Outcome",
    "PassageTokens",
    "Seeker",
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


def _token_end(joined: str, count: int) -> int:
    """Where the first ``count`` (fewer than all) of the space-joined tokens end."""
    at = -1
    for _ in range(count):
        at = joined.find(" ", at + 1)
    return at


def _fold(text: str) -> str:
    """NFKC, full case folding, NFKC (the ``unicode`` preset's first steps)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


def _folded(text: str, start: int, stop: int) -> Iterable[tuple[str, int, int]]:
    """:func:`_fold` of ``text[start:stop]``, a long one in pieces that join
    into it (:func:`~answermatch.normalization.steps.nfkc_casefold_parts`),
    each as ``(piece, 0, len(piece))``."""
    size = steps.PIECE_CHARS
    if stop - start <= size:
        folded = _fold(text[start:stop])
        return ((folded, 0, len(folded)),)
    parts = (text[at : min(at + size, stop)] for at in range(start, stop, size))
    return ((piece, 0, len(piece)) for piece in steps.nfkc_casefold_parts(parts))


@dataclass(frozen=True)
class Match:
    """How answers are found in the window of tokens: ``prepare`` turns the
    gold answers into the strings searched for (once per question); the
    window searched in is ``ends`` + the space-joined tokens, each run of
    them turned by ``parts`` (``parts(text, start, stop)``: the pieces of
    ``text[start:stop]`` turned) + ``ends``. A separating space is its own
    run, and its turn is itself."""

    prepare: Callable[[tuple[str, ...]], tuple[str, ...]]
    parts: Callable[[str, int, int], Iterable[tuple[str, int, int]]]
    ends: str = ""


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
#: not in ``1910``; an answer without a token is dropped). A space is
#: never joined to a character beside it by NFKC nor changed by folding,
#: so the window is folded a run of tokens at a time (a long token a piece
#: at a time), as it is searched.
MATCHES: dict[str, Match] = {
    "substring": Match(
        prepare=lambda answers: answers, parts=lambda text, start, stop: ((text, start, stop),)
    ),
    "tokens-folded": Match(
        prepare=_folded_answers,
        parts=_folded,
        ends=" ",
    ),
}

Job = tuple[Sequence[str], tuple[str, ...]]  # passages, answers
Outcome = tuple[tuple[bool, ...], int]  # hit per budget, tokens gathered


class Seeker:
    """Whether some of ``answers`` occurs in a text given a run at a time
    (:meth:`feed`), never held whole: each run is searched, and so is the
    seam with the end of the text before it (as many characters as the
    longest answer has, but one).

    >>> seeker = Seeker(("Jean Sibelius",))
    >>> seeker.feed("By Jean", 0, 7); seeker.found
    False
    >>> seeker.feed("Sibelius", 0, 8, lead=" "); seeker.found
    True
    """

    def __init__(self, answers: tuple[str, ...]) -> None:
        self.answers = answers
        self.keep = max(map(len, answers), default=1) - 1
        self.tail = ""
        self.found = "" in answers  # (an empty answer is in every text)

    def feed(self, text: str, start: int, stop: int, lead: str = "") -> None:
        """Add ``lead`` and ``text[start:stop]`` to the text."""
        if self.found:
            return
        keep = self.keep
        seam = self.tail + lead + text[start : min(stop, start + keep)]
        for answer in self.answers:
            if answer in seam or text.find(answer, start, stop) >= 0:
                self.found = True
                return
        if keep:
            if stop - start >= keep:
                self.tail = text[stop - keep : stop]
            else:
                self.tail = (self.tail + lead + text[start:stop])[-keep:]

    def found_with(self, end: str) -> bool:
        """Whether some answer occurs in the text followed by ``end``."""
        return self.found or any(answer in self.tail + end for answer in self.answers)


def _score_job(
    job: Job, budgets: tuple[int, ...], tokens: PassageTokens, match: str = "substring"
) -> Outcome:
    """Whether some answer is in each budget's window, and the tokens
    gathered. The windows are searched as they are read, the smaller ones
    being the start of the larger: a long token is never copied into a
    window."""
    passages, answers = job
    rule = MATCHES[match]
    seeker = Seeker(answers)
    seeker.feed(rule.ends, 0, len(rule.ends))

    def feed(text: str, start: int, stop: int, lead: str = "") -> None:
        for part, begin, end in rule.parts(text, start, stop):
            seeker.feed(part, begin, end, lead)
            lead = ""

    waiting = sorted(set(budgets))
    hit: dict[int, bool] = {}
    total = 0
    for passage in passages:
        if not waiting:
            break
        joined, count = tokens(passage)
        if not count:
            continue
        start, lead = 0, " " if total else ""  # (the space between two passages' tokens)
        while waiting and total + count >= waiting[0]:
            used = waiting[0] - total  # of this passage's tokens, at least one
            stop = len(joined) if used == count else _token_end(joined, used)
            feed(joined, start, stop, lead)
            start, lead = stop, ""
            hit[waiting.pop(0)] = seeker.found_with(rule.ends)
        if waiting:
            feed(joined, start, len(joined), lead)
        total += count
    for budget in waiting:  # the passages ran out first
        hit[budget] = seeker.found_with(rule.ends)
    return tuple(hit[budget] for budget in budgets), min(total, max(budgets))


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
