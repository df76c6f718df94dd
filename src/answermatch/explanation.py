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
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostics
from .errors import AnswermatchWarning, visible
from .matchers.answers import CountedTokens

if TYPE_CHECKING:  # pragma: no cover
    from .tasks.base import Inputs, Task

__all__ = [
    "Explanation",
    "TextView",
    "Variant",
    "through_scorer",
    "token_tuple",
    "trace",
    "verdict",
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
    """

    raw: str
    normalized: str
    tokens: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()
    segmented: str | None = None


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
        """A JSON-ready dict."""
        return asdict(self)

    def json_ready(self) -> dict[str, Any]:
        """:meth:`to_dict` as JSON writes it (and
        :func:`~answermatch.outputs.finite` after it): a NaN or an infinity
        as ``None``, a tuple or list of strings (the tokens) not copied.
        One pass, for writing many explanations.

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
    if tokens and not (len(tokens) == 1 and next(iter(tokens)) == view.raw):
        yield "\n      tokens: "
        taken = iter(tokens)
        sep = ""
        while part := list(islice(taken, PIECE)):
            yield visible(sep + " | ".join(part))
            sep = " | "


def _repr_pieces(text: str) -> Iterator[str]:
    """``repr(text)`` in pieces (each character's escape is its own, and
    the quote is chosen as :func:`repr` does for the whole text)."""
    if len(text) <= PIECE:
        yield repr(text)
        return
    quote = '"' if "'" in text and '"' not in text else "'"
    # a piece after the other quote is written with the whole text's quote
    other = "'" if quote == '"' else '"'
    yield quote
    for at in range(0, len(text), PIECE):
        yield repr(other + text[at : at + PIECE])[2:-1]
    yield quote


def token_tuple(tokens: Iterable[str]) -> tuple[str, ...]:
    """``tokens`` as the tuple a :class:`TextView` holds; a long text's
    (:class:`~answermatch.matchers.answers.CountedTokens`, made again piece
    by piece) with its equal tokens one string, the counts' own (8 bytes a
    token, not a string object each).

    >>> from answermatch.matchers.answers import CountedTokens
    >>> held = token_tuple(CountedTokens.of_pieces(lambda: ["東 京", "東"], str.split))
    >>> held, held[0] is held[2]
    (('東', '京', '東'), True)
    """
    if type(tokens) is CountedTokens:
        same = {token: token for token in tokens.counts}
        return tuple(map(same.__getitem__, tokens))
    return tuple(tokens)


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
