"""Gold answers as datasets write them: one reading for every reader.

Open-domain QA datasets store a question's acceptable answers in several
shapes: a list of strings (Natural Questions-open's ``answer``), one
string, SQuAD's ``{"text": [...], "answer_start": [...]}``, TriviaQA's
``{"aliases": [...], "value": ...}``. :func:`answer_list` reads all of them
into one list, leaving each element as it is for the reader to check.

>>> answer_list(["Paris", "City of Light"])
['Paris', 'City of Light']
>>> answer_list({"aliases": ["J. K. Rowling", "Rowling"], "value": "J. K. Rowling"})
['J. K. Rowling', 'Rowling']
>>> answer_list({"text": ["1901"], "answer_start": [42]}), answer_list(1901)
(['1901'], ['1901'])
>>> answer_list({"id": 3}) is None, answer_list(None) is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["ANSWER_FIELDS", "ANSWER_KEYS", "answer_list"]

#: The fields of a row that hold its answers, in the order tried.
ANSWER_FIELDS = ("answers", "answer")
#: The keys of an answer object that hold its texts, in the order tried.
ANSWER_KEYS = ("aliases", "text", "normalized_aliases", "value")


def answer_list(value: Any) -> list[Any] | None:
    """The answers ``value`` holds as a list (a string or a number is one
    answer, written as text; an answer object gives its texts), or ``None``
    when it is none of these shapes."""
    if isinstance(value, Mapping):
        key = next((k for k in ANSWER_KEYS if k in value), None)
        return None if key is None else answer_list(value[key])
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return [str(value)]
    return None
