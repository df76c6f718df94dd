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
)
from .case import haskell_lower
from .geval import haskell_words
from .numbers import extract_number_string, roman_to_int

__all__ = ["GOLD_CHECKS", "check_roman_word", "normalize"]

_DIGIT = re.compile(r"[0-9]")


@per_entry
def check_roman_word(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """A lone uppercase C D I V X L M that GEval's number rule reads as a
    Roman numeral (``witamina C`` is then the number 100)."""
    for entry in gold.entries:
        for variant in entry.variants:
            if _DIGIT.search(variant):
                continue
            words = [w for w in haskell_words(variant) if roman_to_int(w) is not None]
            if words and len(words[0]) == 1:
                number = extract_number_string(variant)
                yield Finding(
                    "warning",
                    gold.name,
                    entry.line,
                    "roman-word",
                    f"{entry.id}: {variant!r}: the word {words[0]!r} is read as the Roman "
                    f"numeral {number}, so only an answer containing the number {number} "
                    "matches",
                )


def normalize(text: str, lang: str | None) -> str:
    """What the ``official`` rules compare of a variant: its number (as
    ``<number N>``) when it has one, else its GEval lowercasing."""
    number = extract_number_string(text)
    return f"<number {number}>" if number is not None else haskell_lower(text)


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
)
