"""Matchers by name, for commands and tasks that let a user choose one
(``answermatch meta-eval --matcher NAME``).

Every named matcher is called the same way::

    matcher(prediction, golds, *, lang=None, question=None) -> float

(``question`` is read by the judges that use it and ignored by the
others). The names:

- ``em``: exact match after SQuAD's normalization (``preset="squad"``), the
  leaderboard rule;
- ``exact``: exact match after the library's ``unicode`` normalization;
- ``f1``: SQuAD token F1 (a fraction; a meta-evaluation counts 0.5 or more
  as correct);
- ``containment``: a gold as whole words of the answer
  (:func:`~answermatch.matchers.contains_match`);
- ``containment-squad``: the gold's SQuAD-normalized tokens as a run of the
  answer's (the usual lexical baseline);
- ``lenient``: the lenient judge (:func:`~answermatch.matchers.lenient_match`),
  the default;
- ``numeric``: the first numbers equal in value;
- ``date``: the dates equal as calendar dates (:func:`~answermatch.matchers.date_match`).

Other packages add matchers with :func:`register_matcher` or the
entry-point group ``answermatch.matchers``; :func:`get_matcher` also takes
``module:function`` for any function of the contract.

>>> from answermatch.matchers import get_matcher
>>> get_matcher("em")("The Eiffel Tower", ["eiffel tower"])
1.0
>>> get_matcher("lenient")("It is the Eiffel Tower, in Paris.", ["Eiffel Tower"])
1.0
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..errors import UnknownMatcherError
from ..registry import Registry, load_object

__all__ = [
    "DEFAULT_MATCHER",
    "NamedMatcher",
    "available_matchers",
    "get_matcher",
    "register_matcher",
]

#: The matcher used when none is named.
DEFAULT_MATCHER = "lenient"


class NamedMatcher(Protocol):
    """What :func:`get_matcher` gives."""

    def __call__(
        self,
        prediction: str,
        golds: str | Sequence[str],
        *,
        lang: str | None = None,
        question: str | None = None,
    ) -> float: ...


def _em(prediction, golds, *, lang=None, question=None):  # type: ignore[no-untyped-def]
    from .exact import exact_match

    return exact_match(prediction, golds, lang=lang, preset="squad")


def _exact(prediction, golds, *, lang=None, question=None):  # type: ignore[no-untyped-def]
    from .exact import exact_match

    return exact_match(prediction, golds, lang=lang)


def _f1(prediction, golds, *, lang=None, question=None):  # type: ignore[no-untyped-def]
    from .overlap import token_f1

    return token_f1(prediction, golds, lang=lang, preset="squad")


def _containment(prediction, golds, *, lang=None, question=None):  # type: ignore[no-untyped-def]
    from .containment import contains_match

    return contains_match(prediction, golds, lang=lang)


def _containment_squad(prediction, golds, *, lang=None, question=None):  # type: ignore[no-untyped-def]
    from .containment import contains_match

    return contains_match(prediction, golds, lang=lang, preset="squad")


def _lenient(prediction, golds, *, lang=None, question=None):  # type: ignore[no-untyped-def]
    from .lenient import lenient_match

    return lenient_match(prediction, golds, lang=lang, question=question)


def _numeric(prediction, golds, *, lang=None, question=None):  # type: ignore[no-untyped-def]
    from .numeric import numeric_match

    return numeric_match(prediction, golds, lang=lang)


def _date(prediction, golds, *, lang=None, question=None):  # type: ignore[no-untyped-def]
    from .dates import date_match

    return date_match(prediction, golds, lang=lang)


_BUILT_IN: dict[str, NamedMatcher] = {
    "em": _em,
    "exact": _exact,
    "f1": _f1,
    "containment": _containment,
    "containment-squad": _containment_squad,
    "lenient": _lenient,
    "numeric": _numeric,
    "date": _date,
}


def _adapt(name: str, value: Any) -> NamedMatcher:
    """``value`` as a named matcher: a function taking ``question`` is used
    as it is; one that does not is called without it."""
    if not callable(value):
        raise UnknownMatcherError(f"matcher {name!r} is not a function: {value!r}")
    try:
        parameters = inspect.signature(value).parameters
    except (TypeError, ValueError):
        return value  # type: ignore[no-any-return]
    takes_question = "question" in parameters or any(
        p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()
    )
    if takes_question:
        return value  # type: ignore[no-any-return]

    def without_question(prediction, golds, *, lang=None, question=None):  # type: ignore[no-untyped-def]
        return value(prediction, golds, lang=lang)

    without_question.__name__ = getattr(value, "__name__", name)
    return without_question


#: Matchers added by other packages (entry-point group ``answermatch.matchers``).
PLUGIN_MATCHERS: Registry[NamedMatcher] = Registry(
    "matcher", "answermatch.matchers", _adapt, UnknownMatcherError
)


def register_matcher(name: str, matcher: Callable[..., float]) -> None:
    """Make ``matcher`` (``f(prediction, golds, *, lang=None[, question=None])
    -> float``) available under ``name``.

    >>> from answermatch.matchers.named import PLUGIN_MATCHERS, get_matcher, register_matcher
    >>> register_matcher("first-letter", lambda p, g, *, lang=None: float(p[:1] == g[0][:1]))
    >>> get_matcher("first-letter")("Paris", ["Prague"])
    1.0
    >>> PLUGIN_MATCHERS.remove("first-letter")
    """
    if not isinstance(name, str) or not name or ":" in name:
        raise ValueError(f"a matcher name must be a non-empty str without ':', not {name!r}")
    if name in _BUILT_IN:
        raise ValueError(f"a matcher named {name!r} already exists")
    PLUGIN_MATCHERS.add(name, _adapt(name, matcher), replace=True)


def available_matchers() -> list[str]:
    """The names :func:`get_matcher` knows (plugins' included).

    >>> {"em", "f1", "containment", "lenient"} <= set(available_matchers())
    True
    """
    return sorted({*_BUILT_IN, *PLUGIN_MATCHERS.names()})


def get_matcher(name: str | None = None) -> NamedMatcher:
    """The matcher called ``name`` (default :data:`DEFAULT_MATCHER`): a
    built-in name, a registered one, or ``module:function``; any other name
    raises :class:`~answermatch.errors.UnknownMatcherError`.

    >>> get_matcher("answermatch.matchers:numeric_match")("about 1,000", ["1000"])
    1.0
    >>> get_matcher("nope")
    Traceback (most recent call last):
    ...
    answermatch.errors.UnknownMatcherError: unknown matcher 'nope'; known matchers: ...
    """
    if name is None:
        name = DEFAULT_MATCHER
    if not isinstance(name, str):
        raise TypeError(f"matcher must be a str, not {type(name).__name__}")
    found = _BUILT_IN.get(name)
    if found is not None:
        return found
    if ":" in name:
        try:
            return _adapt(name, load_object(name))
        except (ImportError, AttributeError, ValueError) as exc:
            raise UnknownMatcherError(f"cannot load matcher {name!r}: {exc}") from None
    if name in PLUGIN_MATCHERS:
        return PLUGIN_MATCHERS.get(name)
    raise UnknownMatcherError(
        f"unknown matcher {name!r}; known matchers: {', '.join(available_matchers())}, "
        "or module:function"
    )
