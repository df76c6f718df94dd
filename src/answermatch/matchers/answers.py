"""Gold answers as tokens, prepared once, and a prediction's best token
overlap with them: the one implementation of SQuAD's token F1 in answermatch.

Every token-overlap figure of the library comes from here: the
:func:`~answermatch.matchers.token_f1` matcher, and the official and fair
scorers of SQuAD, MLQA, XOR-TyDi, MKQA, CMRC 2018 and KorQuAD, each calling
it with the tokens its own rules make. An :class:`AnswerSet` keeps each
answer's tokens, their set and (only where a token repeats) their counts;
:func:`best_overlap` compares a prediction's tokens with every answer and
gives F1, exact match, precision and recall, each the maximum over the
answers.

The arithmetic is SQuAD v1.1's ``f1_score``, operation for operation (so
the figures are the official scripts' to the bit)::

    precision = 1.0 * common / len(prediction)
    recall = 1.0 * common / len(answer)
    f1 = (2 * precision * recall) / (precision + recall)

and 0 without a common token. ``common`` is the size of the multiset
intersection (``Counter(prediction) & Counter(answer)``). When either side
has each of its tokens once, that is the size of the sets' intersection,
which is how it is counted then; token counts are built only when both
sides repeat a token.

>>> from answermatch.matchers.answers import (
...     AnswerSet, answer_set, best_overlap, common_count, one_answer)
>>> answers = AnswerSet.of(str.split, ["New York City", "NYC"])
>>> best_overlap(("New", "York"), answers)  # F1, EM, precision, recall
(0.8, 0.0, 1.0, 0.6666666666666666)
>>> best_overlap(("NYC",), answers)
(1.0, 1.0, 1.0, 1.0)
>>> common_count(["a", "a", "b"], ["a", "b", "b", "a"])
3
"""

from __future__ import annotations

from array import array
from collections import _count_elements  # type: ignore[attr-defined]
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from hashlib import blake2b
from itertools import chain
from operator import eq
from typing import Any

__all__ = [
    "LONG_TOKEN",
    "AnswerSet",
    "CountedTokens",
    "Entry",
    "JoinedKey",
    "Tokens",
    "answer_set",
    "best_overlap",
    "common_count",
    "joined_stretches",
    "one_answer",
    "overlap_f1",
    "shared_counts",
]

#: A text's tokens, in order.
Tokens = tuple[str, ...]


def _counts(tokens: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    _count_elements(counts, tokens)
    return counts


#: One answer as :func:`best_overlap` reads it: its tokens, their set, and
#: their counts (``None`` when its tokens are distinct).
Entry = tuple[Tokens, frozenset[str], "dict[str, int] | None"]


class AnswerSet(tuple[Entry, ...]):
    """One question's answers, prepared: a tuple of one ``(tokens, distinct
    tokens, counts)`` entry per answer, the counts only when some token of
    the answer repeats (else ``None``). Build one with :func:`answer_set`,
    :func:`one_answer` or :meth:`of`."""

    __slots__ = ()

    @classmethod
    def of(cls, analyze: Callable[[str], Sequence[str]], answers: Iterable[str]) -> AnswerSet:
        """The ``answers`` (texts) tokenized by ``analyze`` (text -> tokens).

        >>> AnswerSet.of(str.split, ["a b a", "c"]).counts
        ({'a': 2, 'b': 1}, None)
        """
        return answer_set(analyze(answer) for answer in answers)

    @property
    def tokens(self) -> tuple[Tokens, ...]:
        """Each answer's tokens."""
        return tuple(entry[0] for entry in self)

    @property
    def counts(self) -> tuple[dict[str, int] | None, ...]:
        """Each answer's token counts, ``None`` where its tokens are distinct."""
        return tuple(entry[2] for entry in self)

    @property
    def has_empty(self) -> bool:
        """Whether some answer has no tokens.

        >>> answer_set([["x"], []]).has_empty
        True
        """
        return any(not entry[0] for entry in self)


def answer_set(answers: Iterable[Sequence[str]]) -> AnswerSet:
    """The :class:`AnswerSet` of answers already tokenized (one token
    sequence per answer, in order; repeats are kept).

    >>> prepared = answer_set([["x", "y", "x"], []])
    >>> prepared.tokens, prepared.counts
    ((('x', 'y', 'x'), ()), ({'x': 2, 'y': 1}, None))
    """
    return _new(AnswerSet, [_entry(_units(answer)) for answer in answers])


def _units(answer: Sequence[str]) -> Sequence[str]:
    """An answer's units as :func:`best_overlap` compares them: a tuple, or
    a string, whose units are its characters (character F1)."""
    return answer if type(answer) is str or type(answer) is tuple else tuple(answer)


def one_answer(tokens: Tokens) -> AnswerSet:
    """:func:`answer_set` of a single answer given as a token tuple (what a
    comparison of two texts needs, built with the fewest steps).

    >>> one_answer(("b", "c")) == answer_set([["b", "c"]])
    True
    """
    unique = frozenset(tokens)
    return _new(
        AnswerSet, ((tokens, unique, None if len(unique) == len(tokens) else _counts(tokens)),)
    )


def _entry(gold: Tokens) -> Entry:
    unique = frozenset(gold)
    return gold, unique, (None if len(unique) == len(gold) else _counts(gold))


_new = tuple.__new__


def shared_counts(first: Mapping[str, int], second: Mapping[str, int]) -> int:
    """The size of the multiset intersection of two token counts:
    ``sum((Counter(first) & Counter(second)).values())``.

    >>> shared_counts({"a": 2, "b": 1}, {"a": 1, "b": 3, "c": 1})
    2
    """
    if len(second) < len(first):
        first, second = second, first
    get = second.get
    common = 0
    for token, count in first.items():
        other = get(token)
        if other:
            common += count if count < other else other
    return common


def common_count(prediction: Sequence[str], answer: Sequence[str]) -> int:
    """The number of tokens two token sequences share, as a multiset
    (what :func:`best_overlap` counts for one answer; either may be
    :class:`CountedTokens`)."""
    first, second = _counts_of(prediction), _counts_of(answer)
    lengths = {n for side in (prediction, answer) for n in getattr(side, "long", {}).values()}
    if lengths:  # a side counts its long tokens by their keys: the other's as long too
        first, second = _keyed_counts(first, lengths), _keyed_counts(second, lengths)
    return shared_counts(first, second)


def _counts_of(tokens: Sequence[str]) -> Mapping[str, int]:
    return tokens.counts if type(tokens) is CountedTokens else _counts(tokens)


def _keyed_counts(counts: Mapping[str, int], lengths: set[int]) -> Mapping[str, int]:
    """``counts`` with each token of one of ``lengths`` counted by its key
    (:meth:`CountedTokens.of_glued`; a key is shorter than any long token)."""
    if not any([len(token) in lengths for token in counts]):
        return counts
    return {(_long_key((t,)) if len(t) in lengths else t): n for t, n in counts.items()}


def _keyed_answers(answers: Iterable[Entry], tokens: CountedTokens) -> list[Entry]:
    """``answers`` with each token as long as one of ``tokens``' long ones
    by its key, as ``tokens`` counts it."""
    lengths = set(tokens.long.values())
    out: list[Entry] = []
    for gold, theirs, counts in answers:
        if any([len(token) in lengths for token in theirs]):
            theirs = frozenset(map(tokens.keyed, theirs))
            counts = None if counts is None else dict(_keyed_counts(counts, lengths))
        out.append((gold, theirs, counts))
    return out


class CountedTokens(Sequence[str]):
    """A long text's tokens (or F1 units) held as their counts: what
    :func:`overlap_f1` needs (the multiset and its size), in a dictionary
    of the distinct tokens rather than a tuple of 8 bytes a token. The
    tokens themselves, in order, are made again from the text when asked
    for (iteration, equality), one piece at a time.

    Equal to a sequence of equal tokens in the same order (a tuple, a
    list, another :class:`CountedTokens`, or a string whose units are its
    characters), compared token by token once the sizes and counts agree
    (not at all when there is one distinct token: the counts say it), so
    the EM key of a long text compares as its tuple would. Build
    one with :meth:`of_pieces`.

    >>> counted = CountedTokens.of_pieces(lambda: ["a b", "a"], str.split)
    >>> len(counted), counted.counts, counted == ("a", "b", "a"), list(counted)
    (3, {'a': 2, 'b': 1}, True, ['a', 'b', 'a'])
    >>> overlap_f1(counted, ("a", "c")) == overlap_f1(("a", "b", "a"), ("a", "c"))
    True
    """

    __slots__ = ("_remake", "_size", "counts", "fragments", "in_order", "long")

    def __init__(
        self, counts: dict[str, int], size: int, remake: Callable[[], Iterable[str]]
    ) -> None:
        self.counts = counts
        self._size = size
        self._remake = remake
        #: whether the tokens' order is held (:meth:`of_stretches`): iterating reads it
        self.in_order = False
        #: the keys counted for tokens longer than :data:`LONG_TOKEN`
        #: (:meth:`of_glued`), each with the length of its token
        self.long: dict[str, int] = {}
        #: where a token may be glued from parts (:meth:`of_glued`): the
        #: tokens again as ``(glued, tokens)`` pairs, in order, ``glued``
        #: when the first of ``tokens`` continues the last token before it,
        #: so that a long token is written from its parts, never made
        self.fragments: Callable[[], Iterator[tuple[bool, Sequence[str]]]] | None = None

    @classmethod
    def of_pieces(
        cls, pieces: Callable[[], Iterable[str]], tokens: Callable[[str], Iterable[str]]
    ) -> CountedTokens:
        """The counts of ``tokens(piece)`` (a sequence, or an iterator of
        them) over the ``pieces()`` of a text, each piece's tokens counted
        and dropped (``pieces`` is called again to make the tokens again)."""
        counts: dict[str, int] = {}
        size = 0
        for piece in pieces():
            found = tokens(piece)
            if isinstance(found, Iterator):  # given one at a time: counted as they come
                known = sum(counts.values())
                _count_elements(counts, found)
                size += sum(counts.values()) - known
                continue
            size += len(found)
            _count_elements(counts, found)

        def remake() -> Iterable[str]:
            return chain.from_iterable(map(tokens, pieces()))

        return cls(counts, size, remake)

    @classmethod
    def of_stretches(
        cls,
        stretches: Iterable[Sequence[str]],
        continues: Callable[[Sequence[str]], bool] | None = None,
    ) -> CountedTokens | None:
        """The tokens of ``stretches`` (sequences of tokens, one after the
        other) counted, their order held as one array of codes: each
        distinct token a number (its *code*), 1 byte a token while there
        are at most 256 distinct ones, 2 up to 65,536, then 4, so that
        iterating reads that array rather than making the tokens again.
        The array grows as the stretches come (never joined from a list
        of parts: that held the codes twice). ``None`` past 1,114,112
        distinct tokens (the code points, which the codes once were).
        ``continues(stretch)``: the stretch's first token continues the
        last token of the stretch before (they are one token); ``None``
        too when a token so joined, or given, is longer than
        :data:`LONG_TOKEN` (it is not made: :meth:`of_glued` counts it).

        >>> held = CountedTokens.of_stretches([["a", "b"], ["a"]])
        >>> held.in_order, held.counts, list(held), held == ("a", "b", "a")
        (True, {'a': 2, 'b': 1}, ['a', 'b', 'a'], True)
        >>> list(CountedTokens.of_stretches([["a", "b"], ["c", "d"]], lambda s: s[0] == "c"))
        ['a', 'bc', 'd']
        """
        long: dict[str, int] = {}
        if continues is not None:
            stretches = _glued(stretches, _alone, continues, long)  # type: ignore[arg-type]
        codes: dict[str, int] = {}
        coded = array("B")
        for found in stretches:
            if long:  # a token too long to hold (given by its key)
                return None
            new = set(found).difference(codes)
            if new:
                if len(codes) + len(new) > _CODE_POINTS:
                    return None
                for token in sorted(new):  # sorted: the same codes on every run
                    codes[token] = len(codes)
                width = "B" if len(codes) <= 1 << 8 else "H" if len(codes) <= 1 << 16 else "I"
                if width != coded.typecode:
                    coded = array(width, coded)
            coded.extend(map(codes.__getitem__, found))
        if long:
            return None
        code_counts: dict[int, int] = {}
        _count_elements(code_counts, coded)
        tokens = list(codes)  # code k is tokens[k]
        del codes
        counts = {tokens[code]: n for code, n in code_counts.items()}
        held = cls(counts, len(coded), lambda: map(tokens.__getitem__, coded))
        held.in_order = True
        return held

    @classmethod
    def of_glued(
        cls,
        pieces: Callable[[], Iterable[str]],
        tokens: Callable[[str], Iterable[Sequence[str]]],
        continues: Callable[[str], bool],
    ) -> CountedTokens:
        """The counts of the tokens of a text's ``pieces()`` (``tokens(piece)``:
        the piece's, as sequences one after the other), where a piece for
        which ``continues(piece)`` holds was cut inside a word: its first
        token and the last token of the piece before are one token. A token
        longer than :data:`LONG_TOKEN` characters is counted under a key of
        its own, its length and BLAKE2b digest (:attr:`long`: the keys and
        the lengths), so that a token as long as the text is never made;
        iterating makes the tokens themselves again. For tokens without
        whitespace (such a key holds spaces, so no token equals it).

        >>> counted = CountedTokens.of_glued(
        ...     lambda: ["a bc", "d e"], lambda piece: [piece.split()], lambda p: p[0] != " ")
        >>> counted.counts, list(counted), counted == ("a", "bcd", "e")
        ({'a': 1, 'bcd': 1, 'e': 1}, ['a', 'bcd', 'e'], True)
        """
        counts: dict[str, int] = {}
        long: dict[str, int] = {}
        size = 0
        for found in _glued(pieces(), tokens, continues, long):
            size += len(found)
            _count_elements(counts, found)

        def remake() -> Iterable[str]:
            return chain.from_iterable(_glued(pieces(), tokens, continues, None))

        held = cls(counts, size, remake)
        held.long = long
        held.fragments = lambda: _fragments(pieces(), tokens, continues)
        return held

    def characters(self) -> int:
        """The number of characters of all the tokens.

        >>> CountedTokens.of_pieces(lambda: ["ab c", "ab"], str.split).characters()
        5
        """
        total = sum([len(token) * n for token, n in self.counts.items()])
        for key, length in self.long.items():
            total += (length - len(key)) * self.counts[key]
        return total

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[str]:
        return iter(self._remake())

    def __getitem__(self, index: object) -> str:  # type: ignore[override]
        raise TypeError("CountedTokens is read in order (iterate), not by index")

    def __contains__(self, token: object) -> bool:
        if self.long and isinstance(token, str):
            token = self.keyed(token)
        return token in self.counts

    def keyed(self, token: str) -> str:
        """``token`` as counted here: by its key where a token of its
        length is (:attr:`long`), else itself.

        >>> CountedTokens.of_pieces(lambda: ["a"], str.split).keyed("a")
        'a'
        """
        return _long_key((token,)) if len(token) in self.long.values() else token

    def __eq__(self, other: object) -> bool:
        if type(other) is CountedTokens:
            if other._size != self._size or other.counts != self.counts:
                return False
        elif isinstance(other, (tuple, list, str)):  # a string: units that are characters
            if len(other) != self._size:
                return False
            theirs = other if not self.long else map(self.keyed, other)  # long ones by their keys
            if _counts(theirs) != self.counts:
                return False
        else:
            return NotImplemented
        if len(self.counts) <= 1:  # the same counts of one token: the same tokens
            return True
        return all(map(eq, self, other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"CountedTokens({self._size} tokens, {len(self.counts)} distinct)"


_CODE_POINTS = 0x110000

#: A token longer than this many characters is counted under a key that
#: stands for it (:meth:`CountedTokens.of_glued`). No smaller than
#: :data:`~answermatch.normalization.steps.PIECE_CHARS`: a text short
#: enough to be tokenized whole has no token this long, so its tuple of
#: tokens and a long text's counts hold each token the same way.
LONG_TOKEN = 1 << 16


def joined_stretches(
    stretches: Iterable[Sequence[str]], continues: Callable[[Sequence[str]], bool]
) -> Iterator[Sequence[str]]:
    """``stretches`` with the first token of one that ``continues`` joined
    to the last token before it (each stretch's last token given with the
    next, once it is known whether that continues it).

    >>> list(joined_stretches([["a", "b"], ["c"], ["d", "e"]], lambda s: s[0] != "d"))
    [['a'], ['bc', 'd'], ['e']]
    """
    return _glued(stretches, _alone, continues, None)  # type: ignore[arg-type]


def _alone(stretch: Sequence[str]) -> tuple[Sequence[str]]:
    return (stretch,)


def _long_key(parts: Iterable[str]) -> str:
    """The key counted for the token made of ``parts`` (longer than
    :data:`LONG_TOKEN` characters): its length and the BLAKE2b digest of
    its UTF-8."""
    digest = blake2b(digest_size=16)
    length = 0
    for part in parts:
        length += len(part)
        _feed(digest, part)
    return _key_of(length, digest)


def _feed(digest: Any, part: str) -> None:
    """``digest`` updated with ``part``'s UTF-8, :data:`LONG_TOKEN`
    characters at a time (the UTF-8 of a text is its parts' one after the
    other, a lone surrogate included)."""
    for at in range(0, len(part), LONG_TOKEN):
        digest.update(part[at : at + LONG_TOKEN].encode("utf-8", "surrogatepass"))


def _key_of(length: int, digest: Any) -> str:
    return f"<a token of {length} characters, BLAKE2b {digest.hexdigest()}>"


def _fragments(
    pieces: Iterable[str],
    tokens: Callable[[str], Iterable[Sequence[str]]],
    continues: Callable[[str], bool],
) -> Iterator[tuple[bool, Sequence[str]]]:
    """The tokens of :meth:`CountedTokens.of_glued` as its pieces give
    them, a non-empty sequence at a time, each with whether its first token
    continues the last one before it (as :func:`_glued` joins them).

    >>> list(_fragments(["a b", "c", " d"], lambda p: [p.split()], lambda p: p[0] != " "))
    [(False, ['a', 'b']), (True, ['c']), (False, ['d'])]
    """
    last = 0  # the length of the last token so far (0: none yet)
    for piece in pieces:
        glue = bool(last) and continues(piece)  # only the piece's first token can continue
        for found in tokens(piece):
            if not found:
                continue
            if glue and len(found) == 1:
                last += len(found[0])
            else:
                last = len(found[-1])
            yield glue, found
            glue = False


def _glued(
    pieces: Iterable[str],
    tokens: Callable[[str], Iterable[Sequence[str]]],
    continues: Callable[[str], bool],
    long: dict[str, int] | None,
) -> Iterator[list[str]]:
    """The tokens of :meth:`CountedTokens.of_glued`, a list a piece (the
    last token of a piece given with the next piece's, once it is known
    whether that continues it); ``long``: a token longer than
    :data:`LONG_TOKEN` given as its key, recorded there with its length
    (``None``: the tokens themselves)."""
    held: list[str] = []  # the parts of the last token so far, until it is long
    length = 0
    digest: Any = None  # then the digest of its parts

    def hold(part: str) -> None:
        nonlocal length, digest
        length += len(part)
        if digest is not None:
            _feed(digest, part)
            return
        held.append(part)
        if long is not None and length > LONG_TOKEN:
            digest = blake2b(digest_size=16)
            for before in held:
                _feed(digest, before)
            held.clear()

    def made() -> str:
        nonlocal length, digest
        if digest is None:
            token = "".join(held)
        else:
            token = _key_of(length, digest)
            long[token] = length  # type: ignore[index]
        held.clear()
        length, digest = 0, None
        return token

    def key(token: str) -> str:
        if len(token) <= LONG_TOKEN:
            return token
        found = _long_key((token,))
        long[found] = len(token)  # type: ignore[index]
        return found

    for piece in pieces:
        glue = bool(length) and continues(piece)  # only the piece's first token can continue
        for found in tokens(piece):  # a sequence at a time, as the piece's are made
            if not found:
                continue
            first = 0
            if glue:
                glue = False
                hold(found[0])
                first = 1
                if len(found) == 1:
                    continue
            out = [made()] if length else []
            if long is not None and max(map(len, found)) > LONG_TOKEN:  # a long token
                out.extend(map(key, found[first:-1]))
            else:
                out.extend(found[first:-1])
            hold(found[-1])
            yield out
    if length:
        yield [made()]


class JoinedKey:
    """The EM key of a long text whose key is its tokens joined by spaces
    (KorQuAD's normalized text; a long answer's normalized text for
    :func:`~answermatch.matchers.exact_match`), held as its length and a way to make its
    parts again (``keys()``: the non-empty keys of its pieces, in order),
    not as a string as long as the text. Equal to a string, or another
    :class:`JoinedKey`, exactly when the joined text would be, compared
    part by part once the lengths agree; ``str()`` makes the whole string.
    ``sep``: what joins the parts (CMRC 2018's keys are joined by nothing).

    >>> key = JoinedKey(6, lambda: iter(["ab c", "d"]))
    >>> key == "ab c d", key == "ab c e", "ab c d" == key, str(key)
    (True, False, True, 'ab c d')
    >>> str(JoinedKey(3, lambda: iter(["ab", "c"]), sep=""))
    'abc'
    """

    __slots__ = ("_keys", "_length", "_sep")

    def __init__(self, length: int, keys: Callable[[], Iterable[str]], sep: str = " ") -> None:
        self._length = length
        self._keys = keys
        self._sep = sep

    def __len__(self) -> int:
        return self._length

    def parts(self) -> Iterator[str]:
        """The joined text in parts, in order: each piece's key, ``sep``
        between (what :mod:`answermatch.explanation` writes a part at a
        time).

        >>> list(JoinedKey(4, lambda: iter(["ab", "c"])).parts())
        ['ab', ' ', 'c']
        """
        if not self._sep:
            yield from self._keys()
            return
        first = True
        for key in self._keys():
            if not first:
                yield self._sep
            first = False
            yield key

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            if len(other) != self._length:
                return False
            at = 0
            for part in self.parts():
                if not other.startswith(part, at):
                    return False
                at += len(part)
            return at == len(other)
        if type(other) is JoinedKey:
            if other._length != self._length:
                return False
            return _same_text(self.parts(), other.parts())
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return "".join(self.parts())

    def __repr__(self) -> str:
        return f"JoinedKey({self._length} characters)"


def _same_text(first: Iterable[str], second: Iterable[str]) -> bool:
    """Whether two texts given in parts are equal (the parts may be cut
    in different places), compared :data:`LONG_TOKEN` characters at most at
    a time: neither text is joined, nor a long part copied whole.

    >>> _same_text(["ab", "", "cde"], ["a", "bcd", "e", ""]), _same_text(["ab"], ["abc"])
    (True, False)
    """
    rest = iter(second)
    other, at = "", 0  # the part of ``second`` being compared, and where
    for part in first:
        start = 0
        while start < len(part):
            if at == len(other):
                more = next(rest, None)
                if more is None:
                    return False
                other, at = more, 0
                continue
            size = min(len(part) - start, len(other) - at, LONG_TOKEN)
            if part[start : start + size] != other[at : at + size]:
                return False
            start += size
            at += size
    return at == len(other) and not any(rest)


def _counted_f1(tokens: Sequence[str], gold: Sequence[str]) -> float:
    """:func:`overlap_f1` where a side is :class:`CountedTokens` (and the
    sides are not equal): the same integers, so the same floats."""
    common = common_count(tokens, gold)
    if not common:
        return 0.0
    p = 1.0 * common / len(tokens)
    r = 1.0 * common / len(gold)
    return (2 * p * r) / (p + r)


def best_overlap(tokens: Tokens, answers: AnswerSet) -> tuple[float, float, float, float]:
    """``(f1, em, precision, recall)`` of a prediction's ``tokens`` (a
    tuple, or a string whose units are its characters, as the answers'),
    each the maximum over ``answers``: 0 for an answer without a
    common token, EM 1 when the token tuples are equal. A prediction
    without tokens shares none (F1, precision and recall 0); its EM is 1
    when an answer has no tokens either. What two empty sides score under
    F1 is each scorer's own rule, decided before calling this.

    >>> best_overlap(("the", "the", "cat"), answer_set([["the", "cat"]]))
    (0.8, 0.0, 0.6666666666666666, 1.0)
    >>> best_overlap((), answer_set([[], ["x"]]))
    (0.0, 1.0, 0.0, 0.0)
    """
    n = len(tokens)
    if not n:
        return 0.0, (1.0 if answers.has_empty else 0.0), 0.0, 0.0
    repeated: bool | None = None  # whether a token of the prediction repeats
    counts: dict[str, int] | None = None
    distinct: Iterable[str] = tokens
    if type(tokens) is CountedTokens:  # a long text's: its distinct tokens and counts at hand
        distinct = counts = tokens.counts
        repeated = len(counts) != n
        if tokens.long:  # the answers' tokens as long (if any) by their keys
            answers = _keyed_answers(answers, tokens)  # type: ignore[assignment]
    f1 = precision = recall = 0.0
    for gold, theirs, gold_counts in answers:
        if gold == tokens:  # an exact match: nothing scores higher on any figure
            return _EXACT
        shared = theirs.intersection(distinct)
        if not shared:
            continue
        if gold_counts is None:  # the answer's tokens are distinct
            common = len(shared)
        else:
            if repeated is None:
                repeated = len(set(tokens)) != n
            if repeated:  # both sides repeat a token: count
                if counts is None:
                    counts = _counts(tokens)
                common = shared_counts(counts, gold_counts)
            else:
                common = len(shared)
        p = 1.0 * common / n
        r = 1.0 * common / len(gold)
        f = (2 * p * r) / (p + r)
        if f > f1:
            f1 = f
        if p > precision:
            precision = p
        if r > recall:
            recall = r
    return f1, 0.0, precision, recall


_EXACT = (1.0, 1.0, 1.0, 1.0)


def overlap_f1(tokens: Sequence[str], gold: Sequence[str]) -> float:
    """The F1 of a prediction's ``tokens`` against one answer's (sequences
    of units: tuples, or strings of characters), as :func:`best_overlap`
    gives it, bit for bit, without preparing the answer (for a pair
    compared once): 0 when either side has no unit. Symmetric, bit for
    bit (``2 * p * r`` doubles exactly).

    >>> overlap_f1(("the", "the", "cat"), ("the", "cat")), overlap_f1("대한민국의", "대한민국")
    (0.8, 0.888888888888889)
    """
    if tokens == gold:
        return 1.0 if tokens else 0.0
    if type(tokens) is CountedTokens or type(gold) is CountedTokens:  # a long text's counts
        return _counted_f1(tokens, gold)
    theirs = set(gold)
    shared = theirs.intersection(tokens)
    if not shared:
        return 0.0
    n = len(tokens)
    if len(theirs) == len(gold) or len(set(tokens)) == n:  # a side without repeats
        common = len(shared)
    else:
        common = shared_counts(_counts(tokens), _counts(gold))
    p = 1.0 * common / n
    r = 1.0 * common / len(gold)
    return (2 * p * r) / (p + r)
