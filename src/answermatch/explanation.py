"""What ``explain`` shows for one item: raw and normalized texts, every gold
variant with its score, the rule that decided, and the verdict.

Tasks build :class:`Explanation` records in their
:meth:`~answermatch.tasks.parts.Explains.explain`; :func:`through_scorer` is the
default for a task that does not show its rule step by step: the item's
figures as the task scored them, and each gold variant scored alone.

>>> view = TextView("The Kremlin", "kremlin", ("kremlin",), ("lower", "squad_articles"))
>>> e = Explanation("xor-engspan", "official", "q1", "ru", view,
...                 (Variant(TextView("Kremlin", "kremlin"), {"em": 1.0}, "exact", True),),
...                 "exact match after normalization", {"score": 1.0, "em": 1.0},
...                 verdict(1.0, 1.0))
>>> print(e.to_text().splitlines()[0])
xor-engspan q1 (ru): exact match
"""

from __future__ import annotations

import json
import math
import re
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields, is_dataclass, replace
from itertools import islice
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostics
from .errors import AnswermatchWarning, visible
from .matchers.answers import CountedTokens, JoinedKey, _same_text
from .normalization.steps import in_letters, starts_in_word
from .outputs import sized_pieces

if TYPE_CHECKING:  # pragma: no cover
    from .tasks.base import Inputs, Task

__all__ = [
    "Explanation",
    "TextView",
    "Variant",
    "cut_in_word",
    "in_words",
    "joined_tokens",
    "through_scorer",
    "token_fragments",
    "trace",
    "trace_pieces",
    "verdict",
    "view_text",
    "view_tokens",
]

Step = Callable[[str], str]


@dataclass(frozen=True)
class TextView:
    """A text as the task sees it.

    ``raw``: as given; ``normalized``: after the task's normalization;
    ``tokens``: what the matcher compares; ``changes``: the names of the
    normalization steps that changed the text (e.g. ``remove_counters``).
    ``segmented``: the tokenizer's string where the task uses one (MeCab
    ``-Owakati`` for XOR-Full Japanese).

    A text longer than :data:`~answermatch.normalization.steps.PIECE_CHARS`
    that the task reads piece by piece keeps no copy of itself here: its
    ``normalized`` text is a :class:`~answermatch.matchers.answers.JoinedKey`
    (its length and its parts, made again from the raw text when written;
    equal to the string, ``str()`` makes it) and its ``tokens`` are
    :class:`~answermatch.matchers.answers.CountedTokens` (their counts; the
    tokens in order made again when iterated). A long ``raw`` text that
    the task holds in parts (NLPCC DBQA's sentences, encoded in a column)
    may be a :class:`~answermatch.matchers.answers.JoinedKey` too.
    :meth:`whole` gives the strings and the tuple; the output of
    ``explain`` is the same either way.
    """

    raw: str | JoinedKey
    normalized: str | JoinedKey
    tokens: Sequence[str] = ()
    changes: tuple[str, ...] = ()
    segmented: str | None = None

    def whole(self) -> TextView:
        """This view with its texts strings and its tokens a tuple (itself
        when they are already; one string where the raw text is the
        normalized one).

        >>> long = joined_tokens(CountedTokens.of_pieces(lambda: ["a b", "a"], str.split))
        >>> TextView("A b a", long, ()).whole().normalized
        'a b a'
        >>> whole = TextView(long, long).whole()
        >>> whole.raw, whole.raw is whole.normalized
        ('a b a', True)
        """
        raw, normalized = self.raw, self.normalized
        if type(raw) is str and type(normalized) is str and type(self.tokens) is tuple:
            return self
        text = str(raw)
        normalized = text if normalized is raw else str(normalized)
        return replace(self, raw=text, normalized=normalized, tokens=tuple(self.tokens))


@dataclass(frozen=True)
class Variant:
    """One gold variant (answer, candidate, sentence) and how the prediction fared on it."""

    text: TextView
    scores: dict[str, float]
    rule: str
    matched: bool
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Explanation:
    """How one item was scored.

    ``scores`` holds the item's figures with the same keys and values as the
    item of :func:`answermatch.evaluate` (``score`` is the primary one);
    ``rule`` names what decided; ``details`` the rule's numbers.
    """

    task: str
    profile: str
    id: Any
    lang: str | None
    prediction: TextView | None
    variants: tuple[Variant, ...]
    rule: str
    scores: dict[str, float]
    verdict: str
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def score(self) -> float:
        """The item's primary figure (a fraction in [0, 1])."""
        return self.scores["score"]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (a long text's normalized text and tokens made
        whole: a string and a list, see :class:`TextView`)."""
        return asdict(self.whole())

    def whole(self) -> Explanation:
        """This explanation with every :class:`TextView` made
        :meth:`~TextView.whole` (itself when they are already)."""
        views = [self.prediction, *(v.text for v in self.variants)]
        if all(v is None or v.whole() is v for v in views):
            return self
        prediction = None if self.prediction is None else self.prediction.whole()
        variants = tuple(replace(v, text=v.text.whole()) for v in self.variants)
        return replace(self, prediction=prediction, variants=variants)

    def json_ready(self) -> dict[str, Any]:
        """:meth:`to_dict` as JSON writes it (and
        :func:`~answermatch.outputs.finite` after it): a NaN or an infinity
        as ``None``, a tuple or list of strings (the tokens) not copied,
        a long text's normalized text and tokens as they are held (see
        :class:`TextView`), which
        :func:`~answermatch.outputs.json_array_chunks` writes a part at a
        time. One pass, for writing many explanations.

        >>> from answermatch.outputs import json_text
        >>> e = unanswered("squad", "official", "q1", None, ["Paris"], {"score": float("nan")})
        >>> e.json_ready()["scores"], json.dumps(e.json_ready()) == json_text(e.to_dict())
        ({'score': None}, True)
        """
        return _json_ready(self)

    def to_text(self) -> str:
        """A readable, multi-line account; characters that do not print (a
        terminal's escape sequences in an id or a token, say) are shown as
        their escapes."""
        return "".join(self.text_pieces())

    def text_pieces(self) -> Iterator[str]:
        """:meth:`to_text` in pieces, a long text (and its tokens) a part at
        a time, so that writing it out does not make the whole text.

        >>> e = unanswered("squad", "official", "q1", None, ["Paris"], {"score": 0.0})
        >>> "".join(e.text_pieces()) == e.to_text()
        True
        """
        lang = f" ({self.lang})" if self.lang else ""
        # text from the files cannot act on the terminal: every piece but the line breaks
        yield visible(f"{self.task} {self.id}{lang}: {self.verdict}")
        if self.prediction is not None:
            yield from _text_lines("prediction", self.prediction)
        for number, variant in enumerate(self.variants, start=1):
            mark = "*" if variant.matched else " "
            figures = ", ".join(f"{k}={_fmt(v)}" for k, v in variant.scores.items())
            yield from _text_lines(f"{mark}gold {number}", variant.text)
            yield "\n" + visible(
                f"      rule: {variant.rule}" + (f"; {figures}" if figures else "")
            )
            if variant.details:
                yield "\n" + visible(f"      {_details(variant.details)}")
        yield "\n" + visible(f"  rule: {self.rule}")
        if self.details:
            yield "\n" + visible(f"  {_details(self.details)}")
        scores = ", ".join(f"{k}={_fmt(v)}" for k, v in self.scores.items())
        yield "\n" + visible("  scores: " + scores)


def _json_ready(value: Any) -> Any:
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if value is None or isinstance(value, (str, int)):
        return value
    if isinstance(value, (tuple, list)):
        if all(type(v) is str for v in value):
            return value
        return [_json_ready(v) for v in value]
    if isinstance(value, dict):
        return {k: _json_ready(v) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _json_ready(getattr(value, f.name)) for f in fields(value)}
    return value  # what JSON cannot write is refused by the encoder, as after asdict


def _fmt(value: Any) -> str:
    return f"{value:.4f}" if isinstance(value, float) else json.dumps(value, ensure_ascii=False)


def _details(details: dict[str, Any]) -> str:
    return "; ".join(f"{k}: {_fmt(v)}" for k, v in details.items())


#: a text longer than this many characters (a long answer, its tokens) is
#: shown a piece of this size (or this many tokens) at a time
PIECE = 1 << 12


def _text_lines(label: str, view: TextView) -> Iterator[str]:
    """The lines showing ``view``, each after a line break, in pieces."""
    yield "\n" + visible(f"  {label}: ")
    yield from map(visible, _repr_pieces(view.raw))
    if view.segmented is not None:
        yield "\n      segmented: "
        yield from map(visible, _repr_pieces(view.segmented))
    if view.normalized != view.raw and view.normalized:
        yield "\n      normalized: "
        yield from map(visible, _repr_pieces(view.normalized))
        if view.changes:
            yield visible(f" (changed by {', '.join(view.changes)})")
    tokens = view.tokens
    if len(tokens) and not (len(tokens) == 1 and joined_tokens(tokens) == view.raw):
        yield "\n      tokens: "
        yield from map(visible, _joined(tokens, " | "))


def token_fragments(tokens: Iterable[str]) -> Iterator[tuple[bool, Sequence[str]]]:
    """``tokens`` a stretch at a time, each as ``(glued, stretch)``:
    ``glued`` when the stretch's first token continues the last token of
    the stretch before (a long text's
    :class:`~answermatch.matchers.answers.CountedTokens` with a token
    longer than :data:`~answermatch.matchers.answers.LONG_TOKEN`, given in
    the parts its pieces make, so that the token is never made whole);
    else :data:`PIECE` tokens at a time, never glued.

    >>> x = "x" * 70_000
    >>> counted = CountedTokens.of_glued(
    ...     lambda: ["a " + x, x + " b"], lambda piece: [piece.split()], lambda p: p[0] != " ")
    >>> [(glued, [len(t) for t in part]) for glued, part in token_fragments(counted)]
    [(False, [1, 70000]), (True, [70000, 1])]
    >>> list(token_fragments(("a", "bc", "d")))
    [(False, ['a', 'bc', 'd'])]
    """
    fragments = getattr(tokens, "fragments", None)
    if type(tokens) is CountedTokens and tokens.long and fragments is not None:
        yield from fragments()
        return
    taken = iter(tokens)
    while part := list(islice(taken, PIECE)):
        yield False, part


def _joined(tokens: Iterable[str], sep: str) -> Iterator[str]:
    """``sep.join(tokens)`` in parts (:func:`token_fragments`: a long token
    given in parts)."""
    first = True
    for glued, part in token_fragments(tokens):
        yield ("" if first or glued else sep) + sep.join(part)
        first = False


def _repr_pieces(text: str | JoinedKey) -> Iterator[str]:
    """``repr(text)`` in pieces (each character's escape is its own, and
    the quote is chosen as :func:`repr` does for the whole text); a
    :class:`~answermatch.matchers.answers.JoinedKey` as its string's."""
    if type(text) is str and len(text) <= PIECE:
        yield repr(text)
        return
    single = double = False
    for part in _parts(text):
        single = single or "'" in part
        double = double or '"' in part
    quote = '"' if single and not double else "'"
    # a piece after the other quote is written with the whole text's quote
    other = "'" if quote == '"' else '"'
    yield quote
    for piece in sized_pieces(_parts(text), PIECE):
        yield repr(other + piece)[2:-1]
    yield quote


def _parts(text: str | JoinedKey) -> Iterable[str]:
    return (text,) if type(text) is str else text.parts()


def view_tokens(tokens: Iterable[str]) -> Sequence[str]:
    """``tokens`` as a :class:`TextView` holds them: a tuple, or a long
    text's tokens as they are held, a sequence read in order
    (:class:`~answermatch.matchers.answers.CountedTokens`: their counts,
    not a tuple of 8 bytes a token, the tokens made again, piece by piece,
    when written; CMRC 2018's coded tokens, a code point each).

    >>> from answermatch.matchers.answers import CountedTokens
    >>> counted = CountedTokens.of_pieces(lambda: ["東 京"], str.split)
    >>> view_tokens(["東", "京"]), list(view_tokens(counted)), view_tokens(counted).in_order
    (('東', '京'), ['東', '京'], True)
    """
    if type(tokens) is CountedTokens and tokens.long and tokens.fragments is not None:
        return tokens  # a token too long to hold: made again, in parts, when written
    if type(tokens) is CountedTokens and not tokens.in_order:
        # read once, their order held as codes: written (twice) without tokenizing again
        taken = iter(tokens)
        held = CountedTokens.of_stretches(iter(lambda: list(islice(taken, PIECE)), []))
        return tokens if held is None else held
    if isinstance(tokens, Sequence) and not isinstance(tokens, (tuple, list, str)):
        return tokens
    return tuple(tokens)


def view_text(key: object) -> str | JoinedKey:
    """A normalized text (an EM key) as a :class:`TextView` holds it: a
    long text's :class:`~answermatch.matchers.answers.JoinedKey` as it is
    (its parts made again when written), anything else as its string.

    >>> view_text("kremlin"), view_text(JoinedKey(3, lambda: ["a", "b"]))
    ('kremlin', JoinedKey(3 characters))
    """
    return key if type(key) is JoinedKey else str(key)


def joined_tokens(tokens: Sequence[str]) -> str | JoinedKey:
    """``" ".join(tokens)``; for a long text's
    :class:`~answermatch.matchers.answers.CountedTokens`, that text as a
    :class:`~answermatch.matchers.answers.JoinedKey` (its length from the
    counts, its parts the tokens made again), not a string.

    >>> from answermatch.matchers.answers import CountedTokens
    >>> counted = CountedTokens.of_pieces(lambda: ["a bc", "a"], str.split)
    >>> joined = joined_tokens(counted)
    >>> len(joined), joined == "a bc a", joined_tokens(("a", "bc"))
    (6, True, 'a bc')
    """
    if type(tokens) is CountedTokens:
        length = tokens.characters() + max(len(tokens) - 1, 0)
        # a batch of tokens joined at a time (a long token in its parts)
        return JoinedKey(length, lambda: _joined(tokens, " "), sep="")
    return " ".join(tokens)


#: Kana, CJK ideographs, Thai and Khmer letters: letters without case (Lo),
#: neither cased nor case-ignorable (a final sigma's context stops at one),
#: no punctuation, in no article pattern (nor next to the ASCII letters of
#: one), deleted by no step but XOR's counters, each on its own. Lower-casing,
#: punctuation and counters deleted a character at a time and whole-word
#: articles (the SQuAD family's official rules, XOR's) read nothing across
#: a place between two of them.
IN_WORD = "\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff\u0e01-\u0e30\u1780-\u17b3"
_IN_WORD_START = re.compile(f"[{IN_WORD}]")


def in_words() -> re.Pattern[str]:
    """Where an explanation may cut a long text for such rules: just
    before whitespace, between two of :data:`IN_WORD` (a run of Japanese,
    Chinese or Thai without spaces) or inside a run of ASCII letters
    (:func:`~answermatch.normalization.steps.in_letters`). A piece cut
    inside a word (:func:`cut_in_word`) continues the token before it.

    >>> from answermatch.normalization.steps import pieces
    >>> [len(p) for p in pieces("東京" * 40_000, in_words())]
    [65536, 14464]
    """
    return in_letters(_between_in_word())


def cut_in_word(piece: str) -> bool:
    """Whether a piece of :func:`in_words` was cut inside a word (it starts
    with an ASCII letter or one of :data:`IN_WORD`: no other place it is
    cut at is just before one).

    >>> cut_in_word("京都"), cut_in_word("ab"), cut_in_word(" 東")
    (True, True, False)
    """
    return starts_in_word(piece) or _IN_WORD_START.match(piece) is not None


def _between_in_word() -> re.Pattern[str]:
    return re.compile(rf"\s|(?<=[{IN_WORD}])(?=[{IN_WORD}])")


def trace_pieces(
    steps: Sequence[tuple[str, Step]], pieces: Callable[[], Iterable[str]]
) -> tuple[tuple[str, ...], JoinedKey]:
    """:func:`trace` of a long text given as ``pieces()`` (called again as
    needed), where each of the named ``steps`` reads nothing across the
    cuts (a step of the whole text is its pieces' steps one after the
    other): the names of the steps that changed the text, and the
    normalized text as a :class:`~answermatch.matchers.answers.JoinedKey`
    (its parts each piece normalized again), no copy of the text held.

    A step changed the text when it changed a piece and the whole texts
    before and after it differ (their lengths, or else compared part by
    part).

    >>> def no_dots(text):
    ...     return text.replace(".", "")
    >>> changes, normalized = trace_pieces([("lower", str.lower), ("no_dots", no_dots)],
    ...                                    lambda: ["The ", "Kremlin"])
    >>> changes, str(normalized), trace([str.lower, no_dots], "The Kremlin")
    (('lower',), 'the kremlin', ('the kremlin', ('lower',)))
    """
    count = len(steps)
    changed = [False] * count
    lengths = [0] * (count + 1)  # the text's length before each step and after the last
    for piece in pieces():
        lengths[0] += len(piece)
        for k, (_, step) in enumerate(steps):
            after = step(piece)
            changed[k] = changed[k] or after != piece
            lengths[k + 1] += len(after)
            piece = after

    def upto(k: int) -> Callable[[], Iterator[str]]:
        def parts() -> Iterator[str]:
            for piece in pieces():
                for _, step in steps[:k]:
                    piece = step(piece)
                yield piece

        return parts

    names = tuple(
        name
        for k, (name, _) in enumerate(steps)
        if changed[k] and (lengths[k] != lengths[k + 1] or not _same_text(upto(k + 1)(), upto(k)()))
    )
    return names, JoinedKey(lengths[count], upto(count), sep="")


def _step_name(step: Step) -> str:
    inner = getattr(step, "func", step)  # functools.partial
    return getattr(inner, "__name__", type(inner).__name__)


def trace(steps: Sequence[Step], text: str) -> tuple[str, tuple[str, ...]]:
    """Apply normalization ``steps``; the result and the names of the steps
    that changed the text.

    >>> from answermatch.normalization import PRESETS
    >>> trace(PRESETS["xor-full"].build("ja"), "人口 1,000人")
    ('口 1000', ('strip_ascii_punct', 'remove_counters'))
    """
    changed: list[str] = []
    for step in steps:
        after = step(text)
        if after != text:
            changed.append(_step_name(step))
        text = after
    return text, tuple(changed)


def verdict(score: float, em: float | None = None) -> str:
    """The verdict ``explain`` shows for an item's ``score`` (and exact
    match ``em``, where the task has one).

    >>> verdict(1.0, 1.0), verdict(0.5, 0.0), verdict(0.0), verdict(1.0)
    ('exact match', 'partial match', 'no match', 'correct')
    """
    if em == 1.0 or (em is None and score == 1.0):
        return "exact match" if em is not None else "correct"
    return "partial match" if score > 0 else "no match"


# --- XOR-TyDi -----------------------------------------------------------------


_SHOWN = {"id", "lang", "prediction", "gold", "answered"}


def _is_figure(key: str, value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and key != "id"


def figures(item: Mapping[str, Any]) -> dict[str, float]:
    """The numeric figures of an item (what :attr:`Explanation.scores` holds)."""
    return {k: float(v) for k, v in item.items() if _is_figure(k, v)}


def through_scorer(
    task: Task, inputs: Inputs, settings: Any, diag: Diagnostics, options: Mapping[str, Any]
) -> Iterator[Explanation]:
    """Explanations made from the task's own scoring: the item's figures are
    those of :meth:`~answermatch.tasks.base.Task.score`, and each gold variant
    (:meth:`~answermatch.tasks.parts.Explains.item_variants`, else the item's
    ``gold``) is scored alone where the task says how
    (:meth:`~answermatch.tasks.parts.Explains.one_variant`)."""
    profile = task.profile_name(settings)
    scored = task.score(inputs, settings, diag, **options)
    variants_of = task.item_variants(inputs)
    for item in scored.items:
        scores = figures(item)
        texts = variants_of.get(item["id"], item.get("gold"))
        if isinstance(texts, str):
            texts = (texts,)
        answered = item.get("prediction") is not None and item.get("answered", True)
        variants: list[Variant] = []
        for text in texts or ():
            one = task.one_variant(item, text) if answered and text else None
            if one is None:
                variants.append(Variant(TextView(text, text), {}, "not scored alone", False))
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", AnswermatchWarning)
                alone = task.score(one, settings, Diagnostics(), **options).items[0]
            variants.append(
                Variant(
                    TextView(text, text),
                    figures(alone),
                    f"the {profile} profile's matching",
                    alone["score"] == 1.0,
                )
            )
        prediction = item.get("prediction")
        yield Explanation(
            task.name,
            profile,
            item["id"],
            item.get("lang"),
            TextView(prediction, prediction) if isinstance(prediction, str) else None,
            tuple(variants),
            f"the {profile} profile (see the task's documentation); "
            + (
                "each variant scored alone"
                if any(v.rule != "not scored alone" for v in variants)
                else "the variants are listed, not scored alone"
            ),
            scores,
            verdict(scores["score"], scores.get("em")) if answered else "unanswered",
            {k: v for k, v in item.items() if k not in scores and k not in _SHOWN},
        )


def unanswered(
    task: str,
    profile: str,
    item_id: Any,
    lang: str | None,
    variants: Sequence[str],
    scores: Mapping[str, float],
) -> Explanation:
    """The explanation of an item without a prediction."""
    return Explanation(
        task,
        profile,
        item_id,
        lang,
        None,
        tuple(Variant(TextView(v, v), {}, "not compared", False) for v in variants),
        "no prediction: every figure is 0",
        dict(scores),
        "unanswered",
    )
