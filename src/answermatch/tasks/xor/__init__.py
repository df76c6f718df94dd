"""XOR-TyDi QA (Asai et al., NAACL 2021): the three tasks and what they share.

The official scripts are ``evals/eval_xor_full.py``,
``eval_xor_engspan.py`` and ``eval_xor_retrieve.py`` of
https://github.com/AkariAsai/XORQA. One module per task, one per shared part:

:mod:`~answermatch.tasks.xor.full`
    ``xor-full`` (:class:`~answermatch.tasks.xor.full.XorFull`): F1, EM and
    BLEU of answers in the question's language.
:mod:`~answermatch.tasks.xor.engspan`
    ``xor-engspan`` (:class:`~answermatch.tasks.xor.engspan.XorEngspan`):
    SQuAD-style F1 and EM of English answer spans.
:mod:`~answermatch.tasks.xor.retrieve`
    ``xor-retrieve`` (:class:`~answermatch.tasks.xor.retrieve.XorRetrieve`):
    R@2kt and R@5kt of retrieved passages; its scoring engine (NLTK tokens,
    token windows) is :mod:`~answermatch.tasks.xor.passages`.
:mod:`~answermatch.tasks.xor.task`
    the base classes: the gold reader, ``check-gold``'s entries, ``explain``
    (official profile step by step, others through the scorer).
:mod:`~answermatch.tasks.xor.data`
    the gold reader every task uses (JSON lines, columns), the prediction
    reader of XOR-Full and XOR-EnglishSpan, the SQuAD-style token overlap,
    the shared warnings; :mod:`~answermatch.tasks.xor.layout` reads release
    files fast.
:mod:`~answermatch.tasks.xor.languages`
    the seven languages, XOR-Full's slots, and what each script does with
    another language.
:mod:`~answermatch.tasks.xor.checks`
    the gold checks of ``check-gold``.
:mod:`~answermatch.tasks.xor.explain`
    the step-by-step explanations of the official profiles.
:mod:`~answermatch.tasks.xor.totals`
    the per-language sums the tasks compute while scoring.

Nothing here is imported by ``import answermatch``; the tasks are found
through :data:`answermatch.tasks.BUILTIN_TASKS`.
"""
