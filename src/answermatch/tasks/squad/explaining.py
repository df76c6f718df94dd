"""What ``explain`` shows for SQuAD-format tasks: each text normalized step
by step, its tokens, every gold variant with its EM and F1, the deciding
rule and the item's figures (the very numbers the scorer gave the item).

>>> from answermatch.tasks.squad.rules import SpanRules
>>> view = text_view(SpanRules("official"), "en", "The Beatles!")
>>> view.normalized, view.tokens, view.changes
('beatles', ('beatles',), ('lower', 'strip_ascii_punct', 'remove_articles'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ...explanation import (
    Explanation,
    TextView,
    Variant,
    cut_in_word,
    figures,
    in_words,
    joined_tokens,
    trace_pieces,
    unanswered,
    verdict,
    view_tokens,
)
from ...matchers.answers import CountedTokens, JoinedKey, _same_text
from ...normalization import steps as _steps
from ...normalization.steps import Continued, starts_in_word
from .rules import _MLQA, _SQUAD, SpanRules, f1_of

__all__ = ["explain_items", "text_view"]


def text_view(rules: SpanRules, lang: str, text: Any) -> TextView:
    """``text`` as the rules see it: normalized, its tokens, the steps that
    changed it. A text longer than
    :data:`~answermatch.normalization.steps.PIECE_CHARS` that the rules
    read piece by piece (:meth:`~.rules.SpanRules.long_pieces`) is traced
    piece by piece too (:func:`~answermatch.explanation.trace_pieces`), its
    tokens held as their counts and its normalized text as its parts: no
    copy of it is held."""
    raw = text if isinstance(text, str) else str(text)
    cut, continues = _long_pieces(rules, lang) if len(raw) > _steps.PIECE_CHARS else (None, None)
    tokens: Sequence[str]
    if cut is None:
        tokens = view_tokens(rules.counted_tokenizer(lang)(raw))
    else:
        tokenize = rules.tokenizer(lang)
        stretches = (
            Continued(tokenize(piece)) if continues(piece) else tokenize(piece)
            for piece in cut(raw)
        )
        held = CountedTokens.of_stretches(stretches, _continued)
        if held is None:  # a token too long to hold (or too many): counted, a long one by its key
            held = CountedTokens.of_glued(
                lambda: cut(raw), lambda piece: (tokenize(piece),), continues
            )
        tokens = held
    split = rules.split(lang)
    if cut is None:
        changes: list[str] = []
        current = raw
        for name, step in rules.steps(lang):
            after = step(current)
            if after != current:
                changes.append(name)
            current = after
        if rules.numbers is not None and tokens != tuple(split(current)):
            changes.append("numbers_by_value")
        return TextView(raw, joined_tokens(tokens), tokens, tuple(changes))
    traced, normalized = trace_pieces(rules.steps(lang), lambda: cut(raw))
    joined = joined_tokens(tokens)
    if rules.numbers is not None:
        # the tokens (without whitespace) differ where their texts joined by spaces do
        mine = joined.parts() if type(joined) is JoinedKey else iter((joined,))
        if not _same_text(mine, _split_text(split, normalized.parts())):
            traced += ("numbers_by_value",)
    return TextView(raw, joined, tokens, traced)


def _long_pieces(
    rules: SpanRules, lang: str
) -> tuple[Callable[[str], Iterator[str]] | None, Callable[[str], bool]]:
    """The pieces a long text is explained in and whether a piece continues
    the token before it: the rules' own
    (:meth:`~.rules.SpanRules.long_pieces`), for SQuAD's and MLQA's official
    rules (but MLQA's Chinese, which reads ideographs one by one) also cut
    between two characters of a run of Japanese, Chinese or Thai
    (:func:`~answermatch.explanation.in_words`), where none of their rules
    reads across: the token so cut is counted whole, a long one by its key."""
    cut = rules.long_pieces(lang)
    chosen = (rules.width, rules.case, rules.punct, rules.articles, rules.tokens, rules.numbers)
    if cut is not None and (chosen == _SQUAD or (chosen == _MLQA and lang != "zh")):
        at = in_words()
        return (lambda text: _steps.pieces(text, at)), cut_in_word
    return cut, starts_in_word


def _continued(tokens: Sequence[str]) -> bool:
    return type(tokens) is Continued


def _split_text(split: Any, parts: Iterator[str]) -> Iterator[str]:
    """The tokens of the normalized parts of a text's pieces joined by
    spaces, in parts: a token cut between two parts (an ASCII letter ends
    one part and begins the next: only a cut inside a run of letters puts
    one there) joined without one, never made whole."""
    before = ""
    first = True
    for part in parts:
        if not part:
            continue
        found = split(part)
        inside = _letter(before[-1:]) and _letter(part[:1])
        before = part
        if found:
            yield ("" if first or inside else " ") + " ".join(found)
            first = False


def _letter(char: str) -> bool:
    return char.isascii() and char.isalpha()


def explain_items(
    task: str,
    profile: str,
    items: Sequence[dict[str, Any]],
    golds: Sequence[Sequence[Any]],
    rules: SpanRules,
    lang: str,
    *,
    v2: bool = False,
) -> Iterator[Explanation]:
    """One explanation per item; ``golds[k]`` are item ``k``'s gold answers."""
    how = (
        "EM: 1 when the normalized texts are equal; F1: bag-of-tokens overlap "
        f"(0 without a shared token; {rules.empty_f1:g} when both have no token); each is "
        "the max over the gold answers"
    )
    for item, answers in zip(items, golds, strict=True):
        scores = figures(item)
        if item.get("prediction") is None:
            yield unanswered(
                task, profile, item["id"], item.get("lang"), [str(a) for a in answers], scores
            )
            continue
        pred = text_view(rules, lang, item["prediction"])
        views = [text_view(rules, lang, a) for a in answers]
        kept = [v for v in views if v.tokens] if v2 else views
        variants: list[Variant] = []
        if v2:
            variants += [
                Variant(v, {}, "dropped: normalizes to nothing (evaluate-v2.0.py)", False)
                for v in views
                if not v.tokens
            ]
            if not kept:
                kept = [TextView("", "", (), ())]
        for view in kept:
            em = 1.0 if view.tokens == pred.tokens else 0.0
            f1 = f1_of(pred.tokens, view.tokens, rules.empty_f1)
            label = (
                "no answer (the only gold of an unanswerable question)"
                if not view.raw
                else ("compared")
            )
            key = "exact" if v2 else "em"
            variants.append(Variant(view, {key: em, "f1": f1}, label, em == 1.0))
        rule = how
        details: dict[str, Any] = {}
        if v2:
            details = {
                "has_ans": item["has_ans"],
                "na_prob": item["na_prob"],
                "abstained": item["abstained"],
            }
            if item["abstained"]:
                rule = (
                    "the no-answer probability exceeds the threshold: the question counts as "
                    f"abstained (1 if it has no answer, else 0); raw scores: {how}"
                )
            em_key = "exact_thresh"
        else:
            em_key = "em"
        yield Explanation(
            task,
            profile,
            item["id"],
            item.get("lang"),
            pred,
            tuple(variants),
            rule,
            scores,
            verdict(scores["score"], scores[em_key]),
            details,
        )
