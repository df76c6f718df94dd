"""The gold checks of PolEval 2021 QA (``answermatch check-gold poleval2021``).

Besides the generic checks of :mod:`answermatch.checks` (an empty variant, a
variant listed twice, variants the rules make identical, a two-part answer
``A i B`` listed without ``B i A``), :func:`check_roman_word` flags a lone
capital letter that GEval's number rule reads as a Roman numeral.

>>> normalize("Ludwik XIV", "pl"), normalize("WARSZAWA", "pl")
('<number 14>', 'warszawa')
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...checks import (
    Finding,
    GoldChecks,
    GoldFile,
    check_duplicate_variant,
    check_empty_variant,
    check_one_order_only,
    check_same_after_normalization,
    per_entry,
    quoted,
)
from ...normalization import steps
from .case import haskell_lower
from .numbers import extract_number_string, roman_words

__all__ = ["GOLD_CHECKS", "check_roman_word", "normal_parts", "normalize"]

_DIGIT = re.compile(r"[0-9]")


@per_entry
def check_roman_word(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """A lone uppercase C D I V X L M that GEval's number rule reads as a
    Roman numeral (``witamina C`` is then the number 100); a long variant
    is quoted by its first characters (:func:`~answermatch.checks.quoted`)."""
    for entry in gold.entries:
        for variant in entry.variants:
            if _DIGIT.search(variant):
                continue
            word = next(roman_words(variant), None)
            if word is not None and len(word) == 1:
                number = extract_number_string(variant)
                yield Finding(
                    "warning",
                    gold.name,
                    entry.line,
                    "roman-word",
                    f"{entry.id}: {quoted(variant)}: the word {word!r} is read as the Roman "
                    f"numeral {number}, so only an answer containing the number {number} "
                    "matches",
                )


def normalize(text: str, lang: str | None) -> str:
    """What the ``official`` rules compare of a variant: its number (as
    ``<number N>``) when it has one, else its GEval lowercasing."""
    number = extract_number_string(text)
    return f"<number {number}>" if number is not None else haskell_lower(text)


def normal_parts(text: str, lang: str | None) -> Iterator[str]:
    """:func:`normalize` of a long text in parts that make it up: its number,
    or its GEval lowercasing a piece at a time (each character is mapped
    alone), not a lower-case copy of the whole.

    >>> list(normal_parts("Ludwik XIV", "pl"))
    ['<number 14>']
    >>> "".join(normal_parts("ŁÓDŹ" * 40_000, "pl")) == "łódź" * 40_000
    True
    """
    number = extract_number_string(text)
    if number is not None:
        return iter((f"<number {number}>",))
    size = steps.CASE_PIECE_CHARS
    return (haskell_lower(text[at : at + size]) for at in range(0, len(text), size))


#: The checks ``check-gold poleval2021`` runs.
GOLD_CHECKS = GoldChecks(
    (
        check_empty_variant,
        check_duplicate_variant,
        check_same_after_normalization,
        check_one_order_only,
        check_roman_word,
    ),
    normalize,
    conjunctions={"*": re.compile(r"(\s+i\s+)")},
    order_severity="warning",
    normal_parts=normal_parts,
)
