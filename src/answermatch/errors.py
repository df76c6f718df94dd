"""Exceptions and warnings raised by answermatch.

Every problem with a user's input is an :class:`InputError` that names the
file, the line (when there is one) and what was expected:

>>> str(InputError("expected a JSON object", path="gold.jsonl", line=3))
'gold.jsonl:3: expected a JSON object'
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterable


class AnswermatchError(Exception):
    """Base class of every error answermatch raises on purpose."""


class InputError(AnswermatchError, ValueError):
    """Bad input data: a malformed file, line or object.

    ``path`` and ``line`` (1-based) locate the problem when known.
    ``swapped``: the message already asks whether the gold and the
    predictions were given the other way round (a reader that recognised
    the other kind of file), so no caller adds that hint again.

    >>> InputError("not a gold file: swapped?", path="run.txt", line=1, swapped=True).swapped
    True
    """

    def __init__(
        self,
        message: str,
        *,
        path: str | os.PathLike[str] | None = None,
        line: int | None = None,
        swapped: bool = False,
    ) -> None:
        self.message = message
        self.path = None if path is None else os.fspath(path)
        self.line = line
        self.swapped = swapped
        super().__init__(format_location(message, path=self.path, line=line))


class UnknownLanguageError(AnswermatchError, ValueError):
    """A language code no tokenizer or normalizer is registered for."""


class UnknownTaskError(AnswermatchError, ValueError):
    """A task name that is not registered."""


class UnknownMatcherError(AnswermatchError, ValueError):
    """A matcher name that is neither registered nor a ``module:function``."""


class UnknownProfileError(AnswermatchError, ValueError):
    """A profile name the task does not have."""


class UnknownOptionError(AnswermatchError, TypeError):
    """A keyword option the task does not take (a ``TypeError``, as for any
    unexpected keyword argument)."""


class MissingExtraError(AnswermatchError, ImportError):
    """An optional dependency is not installed; the message names the extra.

    >>> print(MissingExtraError("fugashi", "ja"))
    fugashi is not installed; install it with: pip install "answermatch[ja]"
    """

    def __init__(self, package: str, extra: str) -> None:
        self.package = package
        self.extra = extra
        super().__init__(
            f'{package} is not installed; install it with: pip install "answermatch[{extra}]"'
        )


class AnswermatchWarning(UserWarning):
    """Something doubtful in the input that the official scorer accepts.

    The ``official`` profile goes on (to give the official number) and warns;
    ``strict=True`` (``--strict``) turns the warning into an :class:`InputError`.
    """


class SmallSampleWarning(UserWarning):
    """Too few items for a statistic (an interval, a p-value) to mean much.
    Unlike :class:`AnswermatchWarning` it says nothing about the input's
    validity, so ``--strict`` does not turn it into an error."""


def format_examples(values: Iterable[str], limit: int = 3, *, total: int | None = None) -> str:
    """The first ``limit`` values joined by commas, then how many more there
    are (of ``total``, where ``values`` are only the first of that many).

    Values are shown as given: quote them (``map(repr, ids)``) where that helps.

    >>> format_examples(["'a'", "'b'", "'c'", "'d'", "'e'"])
    "'a', 'b', 'c' and 2 more"
    >>> format_examples(["q1"], limit=10), format_examples(["q1", "q2", "q3"], total=9)
    ('q1', 'q1, q2, q3 and 6 more')
    """
    values = list(values)
    total = len(values) if total is None else total
    shown = ", ".join(values[:limit])
    return shown + (f" and {total - limit} more" if total > limit else "")


def visible(text: str) -> str:
    r"""``text`` with every character that does not print (control
    characters such as the ESC of terminal escape sequences, bidirectional
    overrides, line breaks) written as its Python escape, so that text from
    a file cannot act on the terminal it is printed to.

    >>> print(visible("q1\x1b[31m\u202eab\nc"))
    q1\x1b[31m\u202eab\nc
    >>> visible("東京 Zürich")
    '東京 Zürich'
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def format_location(message: str, *, path: str | None = None, line: int | None = None) -> str:
    r"""Prefix ``message`` with ``path:line:`` where known.

    >>> format_location("bad label", path="scores.txt", line=7)
    'scores.txt:7: bad label'
    >>> format_location("bad label")
    'bad label'

    A file name's control characters are shown as escapes, so the message
    stays one line whatever the name holds:

    >>> print(format_location("no such file", path="run\n1.json"))
    run\n1.json: no such file
    """
    if path is None:
        return message if line is None else f"line {line}: {message}"
    path = visible(path)
    return f"{path}:{line}: {message}" if line is not None else f"{path}: {message}"


#: where answermatch's own files are: warnings are attributed to the first
#: frame outside them (the caller's line, not the library's)
_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def warn(message: str | Warning, category: type[Warning] = AnswermatchWarning) -> None:
    """Emit a warning attributed to the caller of answermatch: the first
    frame of the stack outside the package (``skip_file_prefixes`` on Python
    3.12+, the same stack level computed on 3.10 and 3.11), so that the
    file and line a warning names are the user's, not the library's.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warn("doubtful")
    >>> caught[0].filename.startswith(_PACKAGE), str(caught[0].message)
    (False, 'doubtful')
    """
    if sys.version_info >= (3, 12):
        warnings.warn(message, category, skip_file_prefixes=(_PACKAGE,))
        return
    level, frame = 2, sys._getframe(1)
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        level, frame = level + 1, frame.f_back
    warnings.warn(message, category, stacklevel=level)
