"""Deleting a set of characters from texts.

:func:`deleter` gives the function for one set: ``str.translate`` with a
table mapping each character to ``None``, or, where the optional compiled
deletion was built (``csrc/text.c``; :func:`accelerated`), a bitmap of the
set's code points tested per character, which avoids ``str.translate``'s
int object and dictionary lookup per character. Both give the same str.

>>> from answermatch.normalization.deletion import deleter
>>> delete = deleter("-,!")
>>> delete("a-b, c!"), delete("no change")
('ab c', 'no change')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

try:  # the optional compiled deletion (built from csrc/text.c where a compiler was)
    from _answermatch_text import API as _API
    from _answermatch_text import delete as _compiled_delete
except ImportError:  # not built here: str.translate, same result
    _API, _compiled_delete = 0, None
if _API != 1:  # a build of another version of the interface: not used
    _compiled_delete = None

__all__ = ["accelerated", "deleter"]

_CODE_POINTS = 0x110000


def deleter(characters: Iterable[str | int]) -> Callable[[str], str]:
    """``text -> text`` without ``characters`` (characters or code points).

    >>> deleter([ord("a"), "b"])("abcab")
    'c'
    """
    codes = {c if isinstance(c, int) else ord(c) for c in characters}
    for code in codes:
        if not 0 <= code < _CODE_POINTS:
            raise ValueError(f"not a code point: {code}")
    if _compiled_delete is None:
        return _translator(codes)
    bitmap = bytearray(_CODE_POINTS // 8)
    for code in codes:
        bitmap[code >> 3] |= 1 << (code & 7)
    return partial(_compiled_delete, bytes(bitmap))


def _translator(codes: set[int]) -> Callable[[str], str]:
    table = dict.fromkeys(codes)

    def delete(text: str) -> str:
        return text.translate(table)

    return delete


def accelerated() -> bool:
    """Whether the compiled deletion was built and is in use (the results
    are the same either way; only the speed differs).

    >>> accelerated() in (True, False)
    True
    """
    return _compiled_delete is not None
