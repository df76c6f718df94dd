"""Argument checks shared by the matchers, and the one-time warning about
texts that whitespace cannot split."""

from __future__ import annotations

from collections.abc import Sequence

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
