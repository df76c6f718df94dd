"""Profile settings: the one base of every task's settings objects.

A task's profiles (``official``, ``fair``...) are instances of one frozen
dataclass that derives from :class:`Settings`. Each field says what it
accepts:

* :func:`choice` -- one of a few values, the first being the default (the
  official rule);
* :func:`rule` -- a function (any callable with the rule's signature), some
  of them known by a name, which a string may give (``-o`` options, JSON);
* a plain field -- any value (a threshold, a tuple of languages).

A value a field does not accept is refused when the object is built, with
one error (:class:`~answermatch.errors.UnknownProfileError`, a
``ValueError``) naming the settings, the field, the value and the accepted
ones. :meth:`Settings.replace` changes fields (a measurement of one rule
alone, a task option that overrides its profile), :meth:`Settings.changes`
and :meth:`Settings.describe` say how a profile differs from the official
rules (for signatures) and :meth:`Settings.as_dict` gives it as plain data.

>>> from collections.abc import Callable
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Rules(Settings):
...     width: str = choice("keep", "nfkc")
...     lower: Callable[[str], str] = rule(str.lower, casefold=str.casefold)
...     threshold: float = 0.5
>>> official = Rules("official")
>>> fair = official.replace(name="fair", width="nfkc", lower="casefold")
>>> fair.lower is str.casefold, fair.changes()
(True, {'width': 'nfkc', 'lower': 'casefold'})
>>> fair.describe("rules"), official.describe("rules")
('rules(width=nfkc,lower=casefold)', 'rules')
>>> Rules("official", width="wide")
Traceback (most recent call last):
...
answermatch.errors.UnknownProfileError: Rules 'official': width 'wide' is not one of keep, nfkc
>>> try:
...     official.replace(colour="red")
... except ValueError as exc:
...     print(exc)
Rules has no setting 'colour'; its settings: width, lower, threshold
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from .errors import UnknownProfileError

__all__ = ["Settings", "choice", "rule"]

S = TypeVar("S", bound="Settings")

_CHOICES = "answermatch.choices"
_RULES = "answermatch.rules"


def choice(*values: Any) -> Any:
    """A settings field that takes one of ``values``; the first is its
    default (the official rule). A ``bool`` choice takes only booleans.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Ties(Settings):
    ...     ties: str = choice("input", "pessimistic")
    ...     skip: bool = choice(False, True)
    >>> Ties("official").ties, Ties("fair", ties="pessimistic").ties
    ('input', 'pessimistic')
    >>> Ties("x", skip=1)
    Traceback (most recent call last):
    ...
    answermatch.errors.UnknownProfileError: Ties 'x': skip 1 is not one of False, True
    """
    if not values:
        raise TypeError("choice() needs at least one value")
    return dataclasses.field(default=values[0], metadata={_CHOICES: tuple(values)})


def rule(default: Callable[..., Any] | None, /, **named: Callable[..., Any] | None) -> Any:
    """A settings field that takes a function: ``default`` unless told
    otherwise, any callable, or one of the ``named`` ones by its name (a
    string, as ``-o`` options and JSON give it). Signatures show a function
    by its name here, else by its ``__name__``. ``None`` may be named (a
    rule that is off).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Case(Settings):
    ...     fold: Callable[[str], str] | None = rule(str.lower, casefold=str.casefold, keep=None)
    >>> Case("x", fold="keep").fold is None, Case("x", fold=str.upper).changes()
    (True, {'fold': 'upper'})
    >>> try:
    ...     Case("x", fold="upper")
    ... except ValueError as exc:
    ...     print(exc)
    Case 'x': fold 'upper' is not a function nor one of casefold, keep
    """
    return dataclasses.field(default=default, metadata={_RULES: dict(named)})


def _shown(value: Any, names: Mapping[str, Any] | None = None) -> Any:
    """``value`` as plain data: a named or plain function by its name."""
    if names is not None:
        for name, known in names.items():
            if known is value:
                return name
    if callable(value) and not isinstance(value, type):
        return getattr(value, "__name__", repr(value))
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [_shown(v) for v in value]
        return sorted(items, key=str) if isinstance(value, (set, frozenset)) else items
    if isinstance(value, Mapping):
        return {str(k): _shown(v) for k, v in value.items()}
    return value


def _same(value: Any, known: Any) -> bool:
    return value == known and isinstance(value, bool) == isinstance(known, bool)


@dataclasses.dataclass(frozen=True)
class Settings:
    """The base of a task's profile settings: a frozen dataclass whose
    first field is the profile's ``name``; see :mod:`answermatch.profiles`.

    A subclass that checks more than one field's value alone extends
    ``__post_init__`` (calling ``super().__post_init__()`` first)."""

    name: str

    def __post_init__(self) -> None:
        kind = type(self).__name__
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            known = f.metadata.get(_CHOICES)
            if known is not None and not any(_same(value, k) for k in known):
                raise UnknownProfileError(
                    f"{kind} {self.name!r}: {f.name} {value!r} is not one of "
                    f"{', '.join(map(str, known))}"
                )
            named = f.metadata.get(_RULES)
            if named is None:
                continue
            if isinstance(value, str):
                if value not in named:
                    raise UnknownProfileError(
                        f"{kind} {self.name!r}: {f.name} {value!r} is not a function nor one of "
                        f"{', '.join(named)}"
                    )
                object.__setattr__(self, f.name, named[value])
            elif value is not None and not callable(value):
                raise UnknownProfileError(
                    f"{kind} {self.name!r}: {f.name} {value!r} is not a function nor one of "
                    f"{', '.join(named)}"
                )

    @classmethod
    def settings_names(cls) -> list[str]:
        """The fields besides ``name``, in order."""
        return [f.name for f in dataclasses.fields(cls) if f.name != "name"]

    @classmethod
    def choices(cls, field_name: str) -> tuple[Any, ...]:
        """The values a :func:`choice` field takes (the default first)."""
        for f in dataclasses.fields(cls):
            if f.name == field_name and _CHOICES in f.metadata:
                return f.metadata[_CHOICES]
        raise KeyError(f"{cls.__name__} has no choice field {field_name!r}")

    def replace(self: S, **changes: Any) -> S:
        """A copy with ``changes`` (checked like a new object; a rule may be
        given by its name). An unknown field is an error naming the known.
        """
        known = {f.name for f in dataclasses.fields(self)}
        unknown = [key for key in changes if key not in known]
        if unknown:
            raise UnknownProfileError(
                f"{type(self).__name__} has no setting {unknown[0]!r}; "
                f"its settings: {', '.join(self.settings_names())}"
            )
        return dataclasses.replace(self, **changes)

    def as_dict(self) -> dict[str, Any]:
        """Every field as plain data (a function by its name), ``name`` first."""
        return {
            f.name: _shown(getattr(self, f.name), f.metadata.get(_RULES))
            for f in dataclasses.fields(self)
        }

    def changes(self, base: Settings | None = None) -> dict[str, Any]:
        """The fields (as plain data) whose values differ from ``base``'s
        (default: from each field's default, the official rule; a field
        without a default is left out), in field order."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name == "name":
                continue
            if base is not None:
                reference = getattr(base, f.name)
            elif f.default is not dataclasses.MISSING:
                reference = f.default
            elif f.default_factory is not dataclasses.MISSING:
                reference = f.default_factory()
            else:
                continue
            value = getattr(self, f.name)
            if not _same(value, reference):
                out[f.name] = _shown(value, f.metadata.get(_RULES))
        return out

    @property
    def is_default(self) -> bool:
        """True when every field with a default has it (the official rules)."""
        return not self.changes()

    def describe(self, prefix: str, base: Settings | None = None) -> str:
        """``prefix`` followed by the :meth:`changes` as ``(key=value,...)``,
        or ``prefix`` alone when nothing differs (a signature's ``norm``)."""
        changed = self.changes(base)
        if not changed:
            return prefix
        return f"{prefix}({','.join(f'{k}={v}' for k, v in changed.items())})"
