"""Python 2.7's ``unicode.lower()``, ``strip()`` and ``split()``, as the v5
CMRC 2018 script (Python 2) applies them.

Python 2.7.18 lower-cases one code point at a time with the *simple*
lower-case mappings of Unicode 5.2.0: ``"İ"`` becomes ``"i"`` (Python 3:
``"i̇"``), ``"Σ"`` is always ``"σ"`` (Python 3 writes a final ``"ς"`` at
the end of a word), and characters that got a lower case after Unicode 5.2
(Georgian Mtavruli U+1C90..U+1CBF, U+037F, U+A7xx letters, ...) keep theirs.
Its whitespace also holds U+180E (MONGOLIAN VOWEL SEPARATOR), which Python 3
no longer counts. Its regular expressions' ``\\w`` and ``\\d`` and its
``isupper()`` / ``islower()`` see Unicode 5.2.0 too (:func:`py2_chars`,
:func:`py2_class`): Cherokee ``Ꭰ`` is a letter without case, ``ⓐ`` is
neither lower case nor a word character, ``𖹀`` and ``𞤀`` (assigned later)
are no word characters. The mapping, the whitespace and the properties come
from CPython 2.7.18 itself (:mod:`.py2_case_data`, written by
``tools/gen_py2_case.py``), so they do not depend on the Unicode version of
the Python 3 running this.

Text in which Python 3's ``str.lower()`` gives the same result (ASCII,
Latin-1, CJK, kana, full-width forms) takes ``str.lower()`` directly; other
text goes through the Python 2 table.

>>> py2_lower("ΟΔΟΣ"), "ΟΔΟΣ".lower()
('οδοσ', 'οδος')
>>> py2_lower("İstanbul"), py2_lower("\\u1c90")
('istanbul', 'Ა')
>>> py2_strip(" \\u180eabc\\u180e "), py2_split("x\\u180ey z")
('abc', ['x', 'y', 'z'])
"""

from __future__ import annotations

import re

from ...normalization.steps import case_mapped
from . import py2_case_data
from .py2_case_data import LOWER_RUNS, SPACE

__all__ = [
    "SPACE",
    "lower_table",
    "py2_chars",
    "py2_class",
    "py2_lower",
    "py2_lower_strip",
    "py2_split",
    "py2_strip",
]


def lower_table() -> dict[int, int]:
    """Python 2.7's lower-case mapping: ``{code point: lower code point}``
    for every code point that is not its own lower case.

    >>> table = lower_table()
    >>> len(table), chr(table[0x130]), 0x1C90 in table
    (1029, 'i', False)
    """
    return {
        first + k * step: first + k * step + delta
        for first, count, step, delta in LOWER_RUNS
        for k in range(count)
    }


_TABLE = lower_table()


def _runs(prop: str) -> list[tuple[int, int, int]]:
    """The packed runs of ``prop`` in :mod:`.py2_case_data` as ``(first,
    count, step)``."""
    out = []
    for run in getattr(py2_case_data, "IS_" + prop.upper()).split():
        first, count, step = (int(part, 16) for part in (run + ":1").split(":")[:3])
        out.append((first, count, step))
    return out


def py2_chars(prop: str) -> frozenset[str]:
    """The characters with Python 2.7's property ``prop``: ``"word"``
    (``\\w`` of ``re.UNICODE``), ``"digit"`` (``\\d``), ``"upper"``
    (``isupper()``) or ``"lower"`` (``islower()``).

    >>> upper = py2_chars("upper")
    >>> "A" in upper, "Ꭰ" in upper, "Ⓐ" in upper, "Ⓐ".isupper()
    (True, False, False, True)
    """
    out: set[str] = set()
    for first, count, step in _runs(prop):
        out.update(map(chr, range(first, first + count * step, step)))
    return frozenset(out)


def py2_class(prop: str) -> str:
    """A regular-expression character class of :func:`py2_chars`, the same on
    every Python 3.

    >>> import re
    >>> word = re.compile(py2_class("word"))
    >>> [bool(word.match(c)) for c in "a_1Ꭰ𖹀"]
    [True, True, True, True, False]
    """
    parts: list[str] = []
    for first, count, step in _runs(prop):
        if step == 1:
            last = first + count - 1
            parts.append(f"\\U{first:08x}" + (f"-\\U{last:08x}" if count > 1 else ""))
        else:
            parts.extend(f"\\U{cp:08x}" for cp in range(first, first + count * step, step))
    return "[" + "".join(parts) + "]"


#: Characters where Python 3's per-text ``str.lower()`` can differ from
#: Python 2's: everything outside ranges whose case mappings are the same in
#: Unicode 5.2 and every later version (Latin-1; general punctuation; CJK
#: radicals, punctuation, kana, bopomofo, ideographs, Yi; CJK compatibility
#: and full-width forms). ``tests/test_cmrc2018.py`` checks those ranges
#: against the table on the running Python.
SAFE_RANGES = (
    (0x0000, 0x00FF),
    (0x2000, 0x206F),
    (0x2E80, 0xA4CF),
    (0xF900, 0xFAFF),
    (0xFE30, 0xFE4F),
    (0xFF00, 0xFFEF),
)
_UNSAFE = re.compile("[^" + "".join(f"\\U{a:08x}-\\U{b:08x}" for a, b in SAFE_RANGES) + "]")


_ASCII_UPPER = re.compile("[A-Z]")
#: A text longer than this is given back itself where its lower case is
#: the same (``str.lower`` and ``str.translate`` copy it).
_LONG = 4096
_CASED: re.Pattern[str] | None = None


def _cased() -> re.Pattern[str]:
    """A character class of every character Python 2.7 lower-cases."""
    global _CASED
    if _CASED is None:
        _CASED = re.compile("[" + "".join(f"\\U{cp:08x}" for cp in sorted(_TABLE)) + "]")
    return _CASED


def py2_lower(text: str) -> str:
    """``unicode.lower()`` of Python 2.7.18 (simple mappings, Unicode 5.2);
    a long text that has no capital, the text itself.

    >>> py2_lower("ABC 北京"), py2_lower("ΣΑΣ")
    ('abc 北京', 'σασ')
    >>> thai = "ไทย" * 2000
    >>> py2_lower(thai) is thai
    True
    """
    long = len(text) > _LONG
    if text.isascii():
        return text if long and _ASCII_UPPER.search(text) is None else text.lower()
    if _UNSAFE.search(text) is None:
        return case_mapped(text, str.lower)
    if long and _cased().search(text) is None:
        return text
    return text.translate(_TABLE)


def py2_strip(text: str) -> str:
    """``unicode.strip()`` of Python 2.7 (U+180E is whitespace).

    >>> py2_strip("\\u3000北京\\u180e")
    '北京'
    """
    return text.strip(SPACE)


def py2_rstrip(text: str) -> str:
    """``unicode.rstrip()`` of Python 2.7.

    >>> py2_rstrip(" a \\u180e")
    ' a'
    """
    return text.rstrip(SPACE)


def py2_split(text: str) -> list[str]:
    """``unicode.split()`` of Python 2.7: Python 3's whitespace plus U+180E.

    >>> py2_split(" a\\u180eb ")
    ['a', 'b']
    """
    if "\u180e" in text:
        text = text.replace("\u180e", " ")
    return text.split()


def py2_lower_strip(text: str) -> str:
    """The v5 script's ``.lower().strip()`` (in that order).

    >>> py2_lower_strip(" İ\\u180e")
    'i'
    """
    return py2_lower(text).strip(SPACE)
