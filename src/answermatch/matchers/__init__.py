"""Answer matchers: pure functions that score a prediction against gold
answers, each a fraction in [0, 1].

>>> from answermatch.matchers import exact_match, token_f1, levenshtein_ratio
>>> exact_match("Warszawa!", ["warszawa", "Warsaw"])
1.0
>>> round(token_f1("Adam Bernard Mickiewicz", "Adam Mickiewicz"), 3)
0.8
>>> levenshtein_ratio("Kraków", "Krakow")
0.833...

- :func:`exact_match`, :func:`token_f1`: after normalization
  (:mod:`answermatch.normalization`); ``golds`` is one string or a list of
  them and the best gold counts.
- :func:`levenshtein_distance`, :func:`levenshtein_ratio`: edit distance over
  code points, raw text.
- :func:`extract_number`, :func:`numeric_match`: numbers in any script.
- :func:`best_match`: which gold wins under any matcher;
  :func:`unordered_match`: parts of an answer in any order.
"""

from .combine import Match, Matcher, best_match
from .edit import levenshtein_distance, levenshtein_ratio
from .exact import exact_match
from .numeric import extract_number, numeric_match
from .overlap import token_f1, words
from .unordered import split_parts, unordered_match

__all__ = [
    "Match",
    "Matcher",
    "best_match",
    "exact_match",
    "extract_number",
    "levenshtein_distance",
    "levenshtein_ratio",
    "numeric_match",
    "split_parts",
    "token_f1",
    "unordered_match",
    "words",
]
