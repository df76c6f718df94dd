"""PolEval 2021 Task 4, Question Answering Challenge (Polish): accuracy.

The task (http://2021.poleval.pl/tasks/task4) asks for short answers to
general-knowledge quiz questions (names, "tak"/"nie", numbers, completions).
Submissions were scored on gonito.net by GEval with the metric
``LenientHarden/ExtractNumber/Lower/Fuzzy/Accuracy``; this task reproduces
it line by line. Where each rule lives:

* :mod:`~answermatch.tasks.poleval2021.geval`: how GEval reads the files
  (decoding, lines, stripping);
* :mod:`~answermatch.tasks.poleval2021.numbers`: the number rules (GEval's
  ``ExtractNumber``, Roman numerals, the ``fair`` reading by value);
* :mod:`~answermatch.tasks.poleval2021.case`: the case mappings;
* :mod:`~answermatch.tasks.poleval2021.fuzzy`: the matching scheme
  (:class:`FuzzyAccuracy`), whose edit distance is the library's
  :func:`answermatch.matchers.levenshtein_distance`;
* :mod:`~answermatch.tasks.poleval2021.profiles`: ``official`` and ``fair``;
* :mod:`~answermatch.tasks.poleval2021.reading`: the readers, with their
  errors and warnings (files that look swapped included);
* :mod:`~answermatch.tasks.poleval2021.explain` and
  :mod:`~answermatch.tasks.poleval2021.goldchecks`: what ``explain`` and
  ``check-gold`` show;
* :mod:`~answermatch.tasks.poleval2021.task`: the task (:class:`PolEval2021`)
  and its aggregation (:func:`~answermatch.tasks.poleval2021.task.accuracy`).

Files
    *Gold* (``expected.tsv``): one line per question, acceptable answers
    separated by TABs (two-part answers appear in both orders as separate
    variants). *Predictions* (``out.tsv``): one answer per line, in the same
    order. Both are read as GEval reads them: UTF-8 with every invalid byte
    replaced by U+FFFD (a warning; an error with ``strict=True``), split on
    ``\\n`` only, ``\\r`` deleted, each line stripped of Haskell whitespace; a
    leading byte-order mark stays part of line 1 (a warning). The two files
    must have the same number of lines. ``.gz`` is accepted.
    Loaded objects work too: predictions as a list of strings, gold as a
    list of lines (``"4\\tcztery"``) or of variant lists (``["4", "cztery"]``,
    read as the line those variants make when joined with TABs).
    Predictions that look like a gold file (more lines with TABs than the
    gold has lines with several variants, or most lines matching only
    with the two files exchanged) are warned about: ``--gold`` and
    ``--pred`` were probably swapped (an error with ``strict=True``).

Matching (per gold variant; a line scores 1 when any variant matches)
    1. Number rule, on the original case: if the variant contains a number
       (the first ``[-+]?[0-9]*\\.[0-9]+|[0-9]+``, else the value of the first
       Roman numeral word such as ``XIV``), the answer must yield the same
       number *string* (``05`` is not ``5``; ``3,5`` yields ``3``).
    2. Otherwise both are lowercased per code point and match when their
       Levenshtein distance is at most half the variant's length.
    3. An empty variant never matches (a warning names the first gold line
       that is empty or has one).

Profile ``fair``
    The same scheme with numbers read by value (:func:`fair_number`:
    ``3,5`` = ``3.5``, ``1 000`` = ``1000``, ``05`` = ``5``, signs kept,
    standard Roman numerals only and never a lone L, C, D or M) and NFKC +
    full case folding before the fuzzy comparison (:func:`fold`).

Scores and items
    ``accuracy``: the percentage of lines that match (the mean of the items'
    ``score``, :func:`~answermatch.tasks.poleval2021.task.accuracy`); ``n``: the number of
    lines; ``per_language`` is empty (the task is Polish only). Each item
    has ``id`` (the 1-based line number), ``score`` (0.0 or 1.0),
    ``prediction`` (the stripped answer), ``gold`` (the variants),
    ``matched_variant`` (the index of the first matching variant, else
    ``None``) and the details of ``best_variant`` (that variant, else the
    closest one): ``rule`` (``number``, ``fuzzy`` or ``empty``),
    ``similarity``, ``distance`` and ``max_distance`` (fuzzy), and
    ``gold_number`` and ``answer_number`` (number).

>>> gold = [["Stanów Zjednoczonych", "USA"], "czterech\\tczworo\\t4", "XIV"]
>>> pred = ["  Stany Zjednoczone", "4 osoby", "14"]
>>> r = PolEval2021().evaluate(gold, pred, profile="official")
>>> r.scores, r.n
({'accuracy': 100.0}, 3)
>>> [(i["rule"], i["matched_variant"]) for i in r.items]
[('fuzzy', 0), ('number', 2), ('number', 0)]
>>> r.items[0]["distance"], r.items[0]["max_distance"]
(5, 10.0)
"""

from .case import fold, haskell_lower
from .fuzzy import FuzzyAccuracy, Verdict
from .numbers import extract_number_string, fair_number, roman_numeral, roman_to_int
from .profiles import PROFILES
from .reading import PolEvalGold
from .task import PolEval2021, accuracy

__all__ = [
    "PROFILES",
    "FuzzyAccuracy",
    "PolEval2021",
    "PolEvalGold",
    "Verdict",
    "accuracy",
    "extract_number_string",
    "fair_number",
    "fold",
    "haskell_lower",
    "roman_numeral",
    "roman_to_int",
]
