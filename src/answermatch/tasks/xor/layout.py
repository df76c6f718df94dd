"""Reading XOR-TyDi gold files written in the release's own line layout, fast.

The gold files of the XOR-TyDi release (and files written the same way, by
Python's ``json.dumps`` with its default separators) hold one question per
line, always in this layout::

    {"id": "...", "question": "...", "answers": ["...", ...], "lang": "..", "split": "..."}

Decoding every line with a JSON parser builds a dict and a question string
per line only to throw them away; on the 100-fold dev set that is most of
the time an evaluation takes. When *every* line of a file has exactly this
layout, :func:`release_layout` instead picks the three fields it needs
out of the text with one regular expression, and decodes them with one JSON
call per column. The pattern only accepts what JSON accepts (string contents
without unescaped ``"`` or ``\\``, no raw control characters, only JSON's
escapes), and the captured fields are decoded by :mod:`json` itself, so the
result is what a JSON parser gives for the same lines. A file with any other
line (another key order or spacing, a blank line, CRLF endings, a byte order
mark, an answer that is not a string, ...) gets ``None``, and the caller
reads it line by line as usual.

>>> text = ('{"id": "q1", "question": "?", "answers": ["Oslo", "\\\\u00d6"], "lang": "fi", '
...         '"split": "dev"}\\n{"id": "q2", "question": "?", "answers": [], "lang": "ja", '
...         '"split": "dev"}\\n')
>>> release_layout(text)
(['q1', 'q2'], ['fi', 'ja'], [('Oslo', 'Ö'), ()])
>>> release_layout('{"answers": ["Oslo"], "id": "q1", "lang": "fi"}\\n') is None
True
"""

from __future__ import annotations

import json
import re
from operator import itemgetter

from ...sources import LEFT_TO_JSON, fast_typed_json

__all__ = ["release_layout"]

# A JSON string literal, as Python's json module (strict) accepts it.
_STRING = r'"[^"\\\x00-\x1f]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\x00-\x1f]*)*"'
_LINE = re.compile(
    rf'^\{{"id": ({_STRING}), "question": {_STRING}, '
    rf'"answers": \[((?:{_STRING}(?:, {_STRING})*)?)\], '
    rf'"lang": ({_STRING}), "split": {_STRING}\}}$',
    re.MULTILINE,
)


def release_layout(text: str) -> tuple[list[str], list[str], list[tuple[str, ...]]] | None:
    """The ids, languages and answer lists of a gold file's text whose every
    line has the release layout, in file order (line ``k`` is question
    ``k``); ``None`` if some line does not (or the text is empty)."""
    first = _LINE.match(text)
    if not first:  # not even the first line: spare the scan
        return None
    if len(text) >= LONG_LINE and first.end() >= len(text) - (text[-1] == "\n"):
        # one long line: its answers decoded where they are in the text, without
        # a copy of their literal and of the array it is joined into
        answers, _ = _ARRAY.raw_decode(text, first.start(2) - 1)
        return [json.loads(first.group(1))], [json.loads(first.group(3))], [tuple(answers)]
    found = _LINE.findall(text)
    if not found or len(found) != text.count("\n") + (not text.endswith("\n")):
        return None
    # Each column's literals joined into one JSON array, decoded by json itself
    # (the answers straight into tuples by msgspec where it is installed and
    # takes them: no list per question for the garbage collector to walk).
    ids = json.loads("[" + ",".join(map(itemgetter(0), found)) + "]")
    joined = "[[" + "],[".join(map(itemgetter(1), found)) + "]]"
    answers = fast_typed_json(joined, _answer_tuples)
    if answers is LEFT_TO_JSON:
        answers = list(map(tuple, json.loads(joined)))
    langs = json.loads("[" + ",".join(map(itemgetter(2), found)) + "]")
    return ids, langs, answers


#: A text of one line this long (characters) or longer has its answers decoded in place.
LONG_LINE = 1 << 16
_ARRAY = json.JSONDecoder()


def _answer_tuples() -> type:
    return list[tuple[str, ...]]
