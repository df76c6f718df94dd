"""Argument checks shared by the matchers."""

from __future__ import annotations

from collections.abc import Sequence


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
    """``golds`` as a non-empty tuple of strings (a bare string is one gold).

    >>> as_golds("Warszawa")
    ('Warszawa',)
    >>> as_golds([])
    Traceback (most recent call last):
    ...
    ValueError: golds is empty: give at least one gold answer
    """
    if isinstance(golds, str):
        return (golds,)
    if not isinstance(golds, list | tuple):
        raise TypeError(f"{name} must be a str or a list/tuple of str, not {type(golds).__name__}")
    if not golds:
        raise ValueError(f"{name} is empty: give at least one gold answer")
    for i, gold in enumerate(golds):
        if not isinstance(gold, str):
            raise TypeError(f"{name}[{i}] must be a str, not {type(gold).__name__}")
    return tuple(golds)
