"""NTCIR-16 Data Search 2, QA subtask (English and Japanese): EM and macro F1.

The task page (https://ntcir.datasearch.jp/subtasks/qa/) asks a system to
extract, from a government statistics dataset, the answer to a question, and
scores the answers "as in reading comprehension tasks": exact match (EM, the
primary figure) and macro-averaged F1, where the F1 of one answer compares the
*set* of words of the generated answer (X) with the set of words of the gold
answer (Y): ``P = |X ∩ Y| / |X|``, ``R = |X ∩ Y| / |Y|``,
``F1 = 2PR / (P + R)``. Both are averaged over the questions and reported in percent. The organisers
published neither a scorer nor the gold answers, so everything below that the
page leaves open is this package's choice. Where each part lives:
:mod:`~answermatch.tasks.ntcir_dsqa.rules` (normalization, words, profiles,
the comparison of one answer), :mod:`~answermatch.tasks.ntcir_dsqa.reading`
(the readers, their errors and warnings) and
:mod:`~answermatch.tasks.ntcir_dsqa.task` (the task :class:`NtcirDsqa`, its
aggregation :func:`~answermatch.tasks.ntcir_dsqa.task.pooled_means`, what
``explain`` and ``check-gold`` show).

Files
    *Run* (the submission layout of the task page): line 1 is the system
    description ``<SYSDESC>...</SYSDESC>`` (the page's own example closes the
    tag with ``<SYSDESC>``; both closings are accepted, a missing line 1 is an
    error), then one ``QUESTION_ID<TAB>ANSWER`` line per question.
    *Gold*: ``QUESTION_ID<TAB>ANSWER[<TAB>ANSWER...]``, one line per question,
    several acceptable answers allowed (EM and F1 take the best of them,
    each on its own). Both files are UTF-8 (``.gz`` allowed; a BOM and CRLF
    line ends are accepted); blank lines are skipped. Already-loaded objects
    work too: gold ``{id: answer or [answers]}``, run ``{id: answer}``.
    A gold file that starts with ``<SYSDESC>`` is refused as a run file
    (``--gold`` and ``--pred`` swapped), and a run without the description
    line whose first line is a gold question with several answers says so.

Checks
    Every gold question must be answered (an error lists the missing ids
    and their count). A run id that is not in the gold is ignored with a
    warning (an error with ``strict=True``): the scores stay those of the
    gold questions. A duplicate id in either file, a line without a TAB, a
    run line with more than two fields and an empty gold answer are errors
    naming the line.

Language
    Taken from the question id: ``-E-`` is English, ``-J-`` Japanese (the
    page's ids look like ``DS2-QA-J-1001``). An id with neither marker (or
    both) is an error naming its line unless the option ``default_lang``
    (``en`` or ``ja``) says which language unmarked ids are.

Normalization (applied to answers and gold alike; why)
    1. NFKC: Japanese statistics mix full-width and half-width digits and
       letters (``１３，５１０`` is ``13,510``).
    2. Unicode case folding, then NFKC again (folding can undo NFKC), then
       invisible characters (soft hyphens, zero-width spaces and joiners,
       direction marks) are dropped: text copied from web tables carries them.
    3. Numbers keep their meaning: a comma between digits that groups
       thousands is deleted (``13,510,000`` is ``13510000``), a decimal point
       between digits and a minus sign before a digit (``-``, or U+2212 which
       becomes ``-``) are kept, so ``-2.1`` differs from ``2.1`` and ``3.5``
       from ``35``. The answers of this task are mostly figures, and the
       SQuAD rule of deleting every punctuation mark would equate them.
    4. Every other Unicode punctuation character (category P) is deleted, as
       SQuAD deletes ASCII punctuation; symbols (``$``, ``°``) are kept.
    5. English: the articles *a, an, the* are dropped (the reading
       comprehension convention the page refers to), then whitespace is
       collapsed and the words are the whitespace-separated tokens.
       Japanese: all whitespace is deleted (Japanese does not separate words
       by spaces, so ``東京都　千代田区`` and ``東京都千代田区`` are the same
       answer), then the words are MeCab's (``answermatch.tokenize(text,
       "ja")``: fugashi with unidic-lite).

    EM compares the normalized strings. A pair of empty word sets has F1 1
    (EM is 1 too: both answers normalize to ""); one empty set gives 0. So
    EM = 1 always implies F1 = 1.

Scores
    ``em`` and ``f1``: means over all questions, both languages pooled;
    ``per_language``: each language's means and ``count``
    (:func:`~answermatch.tasks.ntcir_dsqa.task.pooled_means`). Each item has
    ``id``, ``lang``, ``score`` (= ``em``), ``em``, ``f1``, ``gold`` (the gold
    answer with the best EM, then F1) and ``prediction``.

Example (the gold may list several answers; F1 is over word *sets*, so the
repeated "tokyo" counts once):

>>> gold = {"DS2-QA-E-1": ["13,510,000", "13.51 million"],
...         "DS2-QA-E-2": "Tokyo Metropolis"}
>>> run = {"DS2-QA-E-1": "13510000", "DS2-QA-E-2": "tokyo, Tokyo"}
>>> r = NtcirDsqa().evaluate(gold, run, profile="official")
>>> r.scores                 # EM (1 + 0) / 2; F1 (1 + 2/3) / 2
{'em': 50.0, 'f1': 83.333...}
>>> r.items[1]["f1"], r.items[1]["gold"]
(0.6666666666666666, 'Tokyo Metropolis')
"""

from .reading import NtcirGold, Question, read_gold, read_run
from .rules import LANGUAGES, PROFILES, set_f1, strip_punct_keep_numbers
from .task import NtcirDsqa, pooled_means

__all__ = [
    "LANGUAGES",
    "PROFILES",
    "NtcirDsqa",
    "NtcirGold",
    "Question",
    "pooled_means",
    "read_gold",
    "read_run",
    "set_f1",
    "strip_punct_keep_numbers",
]
