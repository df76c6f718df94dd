"""The languages of XOR-TyDi QA and what each official script does with a
question in another one.

One rule per task, used both when scoring and by ``check-gold`` (so the two
give the same verdict on the same gold):

* XOR-Full (``eval_xor_full.py``) has a slot for eleven languages; a question
  in any other language crashes it (:func:`full_unknown_language`), and one
  in a slot outside the seven XOR-TyDi languages is scored and added into the
  total (:func:`outside_seven`).
* XOR-EnglishSpan (``eval_xor_engspan.py``) scores the seven languages and
  leaves every other question out (:func:`outside_seven`); a gold without a
  question in the seven divides by zero (:func:`no_scored_language`).

>>> message, line = full_unknown_language(["fi", "xx"], [1, 2], SLOTS)
>>> line, message[:36]
(2, "unknown language 'xx' for xor-full: ")
>>> outside_seven(["fi", "sw", "en", "sw"])
{'sw': 2, 'en': 1}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = [
    "LANGUAGES",
    "SLOTS",
    "full_unknown_language",
    "no_scored_language",
    "outside_seven",
]

#: The seven XOR-TyDi languages (XOR-EnglishSpan's averaging order).
LANGUAGES = ("ar", "bn", "fi", "ja", "ko", "ru", "te")
#: The languages XOR-Full's official script has a slot for, in its summation order.
SLOTS = ("te", "sw", "th", "fi", "id", "ja", "ru", "ar", "en", "bn", "ko")


def full_unknown_language(
    langs: Sequence[str], lines: Sequence[int], slots: Sequence[str]
) -> tuple[str, int] | None:
    """The message and line of the first question whose language has no
    slot in ``slots`` (XOR-Full's official script crashes on it), or ``None``."""
    known = set(slots)
    if known.issuperset(langs):
        return None
    for lang, line in zip(langs, lines, strict=True):
        if lang not in known:
            return (
                f"unknown language {lang!r} for xor-full: the official script "
                f"knows only {' '.join(slots)} (and crashes on others)",
                line,
            )
    return None  # pragma: no cover - the superset test above said otherwise


def outside_seven(langs: Iterable[str], languages: Sequence[str] = LANGUAGES) -> dict[str, int]:
    """How many questions each language outside ``languages`` has, in
    first-seen order."""
    known = set(languages)
    counts: dict[str, int] = {}
    for lang in langs:
        if lang not in known:
            counts[lang] = counts.get(lang, 0) + 1
    return counts


def no_scored_language(languages: Sequence[str]) -> str:
    """XOR-EnglishSpan's message for a gold without a question in ``languages``."""
    return f"no gold question in the languages xor-engspan scores ({' '.join(languages)})"
