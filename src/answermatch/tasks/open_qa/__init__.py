"""``open-qa``: generated answers to open questions, judged against gold
aliases, in any language.

Open-domain question answering (Natural Questions-open, TriviaQA, MKQA,
XOR-TyDi's questions answered by a chat model...) has no span to extract:
a system writes an answer, often a sentence, and the gold is a few aliases.
This task reads such golds and answers and judges each answer under one of
four profiles:

``official``
    Exact match after SQuAD's normalization (lowercase, ASCII punctuation
    and English articles removed), against the best alias: the figure the
    open-domain QA literature reports (DPR, Fusion-in-Decoder, EfficientQA),
    and the one EVOUNA and Kamalloo et al. (2023) show to disagree most with
    people on generated answers.
``fair``
    Exact match after the language's own normalization
    (:func:`answermatch.normalize`: Unicode punctuation, width, casing per
    language), so that Japanese, Thai or Arabic answers are not judged by
    English rules.
``containment``
    A gold alias found as whole words of the answer, in every script
    (:func:`~answermatch.matchers.contains_match`).
``lenient``
    The lenient judge (:func:`~answermatch.matchers.judge`): the final
    answer read from the response, then exact, containment, negation and
    hedging, numbers by value, name parts and token recall, each verdict
    with the rule that decided (``explain`` shows it).

The option ``matcher=NAME`` judges with any named matcher instead (``f1``,
``numeric``, a registered one or ``module:function``), and every profile
takes ``extract=True`` as a setting (read the final answer first).

Files
    Gold: JSON Lines, ``{"id", "question", "answers": [...], "lang"}`` a
    line (``question`` and ``lang`` optional; ``-o lang=xx`` gives the
    language of rows that name none). Predictions: a JSON object
    ``{id: text}`` or JSON Lines ``{"id", "prediction"}``. A question
    without a prediction is judged incorrect (one warning counts them);
    predictions for unknown ids are ignored with a warning.

Scores
    ``accuracy``: the mean item score in percent (1 or 0 per item for
    every built-in profile; a fractional matcher such as ``f1`` counts its
    fraction), pooled, and per language with its ``count``.
"""

from .task import PROFILES, Judging, OpenQA, accuracy

__all__ = ["PROFILES", "Judging", "OpenQA", "accuracy"]
