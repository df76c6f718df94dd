"""Argument checks shared by the matchers, and the one-time warning about
texts that whitespace cannot split."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import regex

from ..errors import AnswermatchWarning, warn


def check_text(value: object, name: str) -> str:
    """``value`` if it is a ``str``, else a :class:`TypeError` naming ``name``.

    >>> check_text(3, "prediction")
    Traceback (most recent call last):
    ...
    TypeError: prediction must be a str, not int
    """
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    return value


def as_golds(golds: str | Sequence[str], name: str = "golds") -> tuple[str, ...]:
    """``golds`` as a non-empty tuple of strings (a bare string is one gold;
    any sequence of strings but ``bytes`` is accepted).

    >>> as_golds("Warszawa")
    ('Warszawa',)
    >>> as_golds([])
    Traceback (most recent call last):
    ...
    ValueError: golds is empty: give at least one gold answer
    """
    if isinstance(golds, str):
        return (golds,)
    if type(golds) is not tuple:
        if not isinstance(golds, Sequence) or isinstance(golds, bytes | bytearray):
            raise TypeError(
                f"{name} must be a str or a list/tuple of str, not {type(golds).__name__}"
            )
        golds = tuple(golds)
    if not golds:
        raise ValueError(f"{name} is empty: give at least one gold answer")
    for i, gold in enumerate(golds):
        if type(gold) is not str and not isinstance(gold, str):
            raise TypeError(f"{name}[{i}] must be a str, not {type(gold).__name__}")
    return golds


def golds_language(golds: object, lang: str | None) -> str | None:
    """The ``lang`` of a call on ``golds``: that of prepared golds when the
    call gives none (another one is a :class:`ValueError`), else the call's
    (not checked here). For matchers whose own reading of the text does not
    use the golds' normalized texts (containment, the lenient judge), so
    that prepared golds still give the plain call's numbers.

    >>> from answermatch.matchers import prepare_golds
    >>> golds_language(prepare_golds("Tokyo", lang="ja-JP"), None), golds_language("x", "en")
    ('ja', 'en')
    """
    from .analysis import PreparedGolds

    if type(golds) is not PreparedGolds:
        return lang
    return golds.analyzer(lang, None, "word", "bag", 1.0).lang


# gold entries a value matcher reads as they are (anything else, prepared
# golds included, goes through value_texts)
_PLAIN_GOLDS = frozenset({str, list, tuple})


def value_texts(
    prediction: str, golds: object, lang: str | None, preset: str | None
) -> tuple[str | None, str, tuple[str, ...]]:
    """The matcher contract for matchers that read a value (a number, a
    date) from the text: ``(lang, prediction, golds)`` as the matcher should
    read them, checked. ``lang`` comes back canonical (an unknown one raises
    :class:`~answermatch.errors.UnknownLanguageError`; prepared golds lend
    theirs when the call gives none). With ``preset=None`` the texts are
    read as written (the language's reading rules are the default
    normalization of such a matcher; prepared golds give their original
    texts); with a preset, both are normalized under it first (prepared
    golds give their normalized texts, and must have been prepared under
    that preset). So prepared golds give exactly the plain call's texts.

    >>> value_texts("Ｎ° 5", ["5", "５"], "en-US", None)
    ('en', 'Ｎ° 5', ('5', '５'))
    >>> value_texts("Ｎ° 5", ["5", "５"], None, "unicode")
    (None, 'n 5', ('5', '5'))
    """
    from .analysis import PreparedGolds, analyzer

    check_text(prediction, "prediction")
    if type(golds) is PreparedGolds:
        # checks the call's lang (and preset) against the golds' own
        an = golds.analyzer(lang, preset, "word", "bag", 1.0)
        if preset is None:
            return an.lang, prediction, golds.texts
        return an.lang, an.normalize(prediction), golds.normalized
    texts = as_golds(golds)  # type: ignore[arg-type]
    if preset is None:
        from ..languages import optional_language

        return optional_language(lang), prediction, texts
    an = analyzer(lang, preset)
    return an.lang, an.normalize(prediction), tuple(map(an.normalize_gold, texts))


def check_batch(predictions: object, golds: object) -> None:
    """Both arguments of a batch form are sequences of the same length.

    >>> check_batch(["a"], ["a", "b"])
    Traceback (most recent call last):
    ...
    ValueError: predictions and golds differ in length (1 and 2): give one gold entry per prediction
    """
    for name, value in (("predictions", predictions), ("golds", golds)):
        if not isinstance(value, Sequence) or isinstance(value, str | bytes | bytearray):
            raise TypeError(f"{name} must be a list or tuple, not {type(value).__name__}")
    if len(predictions) != len(golds):  # type: ignore[arg-type]
        raise ValueError(
            f"predictions and golds differ in length ({len(predictions)} and "  # type: ignore[arg-type]
            f"{len(golds)}): give one gold entry per prediction"  # type: ignore[arg-type]
        )


def value_match_batch(
    predictions: Sequence[str],
    golds: Sequence[str | Sequence[str]],
    lang: str | None,
    preset: str | None,
    match: Callable[..., float],
    plain: Callable[[str, object, str | None], float],
    check_lang: Callable[[str | None], object],
) -> list[float]:
    """The batch form of a value matcher (numbers, dates): ``match`` (the
    public matcher) on each pair when a ``preset`` is given, else
    ``check_lang(lang)`` once (an unknown language raises before any pair)
    and ``plain(prediction, entry, lang)`` on each checked prediction.

    >>> value_match_batch(["a", "b"], ["a", "c"], None, None, None,
    ...                   lambda p, g, lang: float(p == g), lambda lang: None)
    [1.0, 0.0]
    """
    check_batch(predictions, golds)
    if preset is not None:
        return [
            match(p, g, lang=lang, preset=preset) for p, g in zip(predictions, golds, strict=True)
        ]
    check_lang(lang)
    results: list[float] = []
    for i, (prediction, entry) in enumerate(zip(predictions, golds, strict=True)):
        check_text(prediction, f"predictions[{i}]")
        results.append(plain(prediction, entry, lang))
    return results


# Scripts written without spaces between words: whitespace splitting sees a
# whole phrase as one token.
_UNSPACED = regex.compile(r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}]")
_warned_unspaced = False


def warn_unspaced(text: str) -> None:
    """Warn once per process (an :class:`~answermatch.errors.AnswermatchWarning`)
    when ``text``, split into words with no language given, is written in a
    script without spaces (Chinese, Japanese, Thai...)."""
    global _warned_unspaced
    if _warned_unspaced or text.isascii() or _UNSPACED.search(text) is None:
        return
    _warned_unspaced = True
    warn(
        AnswermatchWarning(
            f"{text[:20]!r} is in a script written without spaces, but no lang was "
            "given: splitting at whitespace sees whole phrases as single tokens, so "
            'token F1 is all or nothing; pass lang= (e.g. "ja", "zh") or unit="char" '
            "(this warning is shown once)"
        )
    )
