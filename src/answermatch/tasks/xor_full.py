"""XOR-TyDi QA, XOR-Full: answers in the question's language, scored by F1, EM and BLEU.

Reproduces ``evals/eval_xor_full.py`` of the XOR-TyDi repository
(https://github.com/AkariAsai/XORQA; task page https://nlp.cs.washington.edu/xorqa/),
run with NLTK 3.10.4 and mecab-python3 with the unidic-lite dictionary.

Files
    *Gold*: the XOR-Full JSON-lines file (``xor_dev_full_v1_1.jsonl``), one
    ``{"id", "question", "answers", "lang", "split"}`` per line.
    *Predictions*: one JSON object ``{question id: answer string}``.
    Both may be gzipped, or given as loaded objects (a list of dicts, a dict).

Official rules (profile ``official``)
    * A prediction key counts by its part after the last ``_``
      (``"ja_-123"`` answers question ``"-123"``); if two keys come to the
      same id the later one wins (with a warning). A gold question without a
      prediction scores 0 on every metric and still counts (one warning says
      how many). Prediction ids absent from the gold are ignored (warning).
    * Japanese (``ja``): every answer is segmented by MeCab ``-Owakati``, the
      official string being mecab-python3's (words joined by single spaces,
      then ``" \\n"``); the prediction has ``・`` replaced by a space and
      ``、`` by ``,`` before the same segmentation. Other languages: as is.
    * Normalization (preset ``xor-full``): lowercase, ASCII punctuation
      dropped, ``年 歳 人 년`` deleted anywhere, whitespace collapsed. EM and
      token F1 take the maximum over the answers; F1 is 0 without a common
      token.
    * BLEU: NLTK sentence BLEU (:mod:`answermatch.bleu`) of the *raw*
      prediction string against the answer strings (segmented for ``ja``,
      trailing ``" \\n"`` included), so over characters.
    * Per language: mean over its gold questions. Overall: the per-language
      means of the eleven languages the script knows (te sw th fi id ja ru ar
      en bn ko) are added and divided by 7 (always 7), in percent.

Profile ``fair`` (see :mod:`answermatch.analysis`)
    The ``unicode`` normalization preset (NFKC, case folding, Unicode
    punctuation and symbols removed; no articles, as officially), F1 over the
    language's tokens (MeCab for ja, one token per character for zh, the
    word splitter for ar bn fi ko ru te, whitespace otherwise), counters
    dropped only right after a number (``人口`` stays), numbers compared by
    value, BLEU over the analysed tokens, any language accepted and the
    overall score the mean of the languages present.

Checks
    A gold language outside those eleven is an error (the official script
    crashes on it); a question in sw, th, id or en is scored as the official
    script does (its language is added into the total, still divided by 7)
    with a warning. An answered question whose ``answers`` list is empty is an
    error (the official script crashes). Repeated gold ids are each scored and
    counted, with a warning.

Items (gold order): ``id``, ``lang``, ``score`` (= ``f1``), ``f1``, ``em``,
``bleu`` (fractions), ``answered`` and ``prediction`` (``None`` if absent).

>>> from answermatch.diagnostics import Diagnostics
>>> gold = [{"id": "1", "answers": ["Helsinki"], "lang": "fi"},
...         {"id": "2", "answers": ["Москва"], "lang": "ru"}]
>>> result = evaluate(gold, {"fi_1": "helsinki!", "2": "Москва"},
...                   profile="official", diag=Diagnostics())
>>> result.per_language["fi"]  # BLEU over characters: (7/9 * 6/8 * 5/7 * 4/6) ** 0.25
{'f1': 100.0, 'em': 100.0, 'bleu': 72.59..., 'count': 1}
>>> result.scores  # the per-language means added and divided by 7
{'f1': 28.57..., 'em': 28.57..., 'bleu': 24.65...}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..bleu import BleuReferences
from ..diagnostics import Diagnostics
from ..errors import InputError, format_examples
from ..progress import progress
from ..result import Result
from ..signature import make_signature
from ..sources import source_name
from ..analysis import Analyzer, tokenizer_signature
from .base import TaskSpec, gc_paused
from .xor_data import (
    CACHE_LIMIT,
    XorQuestion,
    read_xor_gold_columns,
    read_xor_predictions,
    token_overlap,
    warn_duplicate_gold_ids,
    warn_unanswered,
    warn_unknown_predictions,
)

__all__ = ["LANGUAGES", "PROFILES", "SLOTS", "TASK", "FullProfile", "evaluate"]

#: The seven XOR-TyDi languages.
LANGUAGES = ("ar", "bn", "fi", "ja", "ko", "ru", "te")
#: The languages the official script has a slot for, in its summation order.
SLOTS = ("te", "sw", "th", "fi", "id", "ja", "ru", "ar", "en", "bn", "ko")


@dataclass(frozen=True)
class FullProfile:
    """What a profile decides: the text rules (``norm``, ``tokens``,
    ``counters``, ``numbers``: see :class:`~answermatch.analysis.Analyzer`),
    what BLEU compares (``"raw"``: the official strings; ``"tokens"``: the
    analysed tokens joined by a space, prediction and answers alike), the
    language slots in summation order (``None``: any language, sorted) and
    the divisor of the overall score (``None``: the number of languages
    present)."""

    name: str
    norm: str
    slots: tuple[str, ...] | None
    divisor: int | None
    tokens: str = "official"
    counters: str = "anywhere"
    numbers: str = "string"
    bleu: str = "raw"

    def differences(self) -> dict[str, str]:
        """The text and BLEU rules that differ from the official profile's."""
        official = PROFILES["official"]
        return {
            key: str(getattr(self, key))
            for key in ("tokens", "counters", "numbers", "bleu")
            if getattr(self, key) != getattr(official, key)
        }


PROFILES: dict[str, FullProfile] = {
    "official": FullProfile("official", norm="xor-full", slots=SLOTS, divisor=7),
    "fair": FullProfile(
        "fair",
        norm="unicode",
        slots=None,
        divisor=None,
        tokens="language",
        counters="after-number",
        numbers="value",
        bleu="tokens",
    ),
}

Scores = tuple[float, float, float]  # f1, em, bleu (fractions)


class _Scorer:
    """Scores (language, answers, prediction) triples under a profile.

    A repeated triple is scored once (a cache that starts afresh after
    :data:`~answermatch.tasks.xor_data.CACHE_LIMIT` entries); the Japanese
    tokenizer caches its own MeCab output.
    """

    def __init__(self, profile: FullProfile) -> None:
        self.profile = profile
        self._analyzers: dict[str, Analyzer] = {}
        self._scores: dict[tuple[str, tuple[str, ...], str], Scores] = {}

    def analyzer(self, lang: str) -> Analyzer:
        analyzer = self._analyzers.get(lang)
        if analyzer is None:
            p = self.profile
            norm = "official" if p.norm == "xor-full" else p.norm
            analyzer = self._analyzers[lang] = Analyzer(
                lang, norm=norm, tokens=p.tokens, counters=p.counters, numbers=p.numbers
            )
        return analyzer

    def __call__(self, lang: str, answers: tuple[str, ...], prediction: str) -> Scores:
        key = (lang, answers, prediction)
        scores = self._scores.get(key)
        if scores is None:
            if len(self._scores) >= CACHE_LIMIT:
                self._scores.clear()
            scores = self._scores[key] = self._score(lang, answers, prediction)
        return scores

    def _score(self, lang: str, answers: tuple[str, ...], prediction: str) -> Scores:
        analyze = self.analyzer(lang)
        tokens = analyze(prediction, prediction=True)
        counts = Counter(tokens), len(tokens)
        f1 = em = 0.0
        golds = []
        for answer in answers:
            gold = analyze(answer)
            golds.append(gold)
            if gold == tokens:
                em = 1.0
            f1 = max(f1, token_overlap(counts, (Counter(gold), len(gold)))[0])
        return f1, em, _BLEU[self.profile.bleu](lang, answers, prediction, golds, tokens)


def _raw_bleu(
    lang: str,
    answers: tuple[str, ...],
    prediction: str,
    golds: list[tuple[str, ...]],
    tokens: tuple[str, ...],
) -> float:
    """The official BLEU: raw prediction, answers MeCab-segmented for ``ja``."""
    if lang == "ja":
        from ..tokenizers import get_tokenizer

        wakati = get_tokenizer("ja").wakati  # type: ignore[attr-defined]
        answers = tuple(wakati(a) for a in answers)
    return BleuReferences.of(answers).score(prediction)


def _token_bleu(
    lang: str,
    answers: tuple[str, ...],
    prediction: str,
    golds: list[tuple[str, ...]],
    tokens: tuple[str, ...],
) -> float:
    """Character BLEU of the analysed tokens joined by a space, both sides."""
    return BleuReferences.of([" ".join(g) for g in golds]).score(" ".join(tokens))


_BLEU: dict[str, Callable[..., float]] = {"raw": _raw_bleu, "tokens": _token_bleu}


def _reduce_keys(predictions: dict[str, str], source: Any, diag: Diagnostics) -> dict[str, str]:
    """Keys cut to their part after the last ``_``; the later key wins."""
    reduced: dict[str, str] = {}
    clashes: list[str] = []
    for key, value in predictions.items():
        qid = key.rsplit("_", 1)[-1]
        if qid in reduced:
            clashes.append(key)
        reduced[qid] = value
    if clashes:
        diag.warn(
            f"{len(clashes)} prediction key(s) come to an id already predicted once the "
            f"part before the last '_' is dropped ({format_examples(map(repr, clashes))}); "
            "the later key wins, as in the official script",
            path=source_name(source),
        )
    return reduced


def _check_languages(
    questions: list[XorQuestion], profile: FullProfile, source: Any, diag: Diagnostics
) -> None:
    if profile.slots is None:  # any language: nothing to check
        return
    extra: dict[str, int] = {}
    for question in questions:
        if question.lang not in profile.slots:
            raise InputError(
                f"unknown language {question.lang!r} for xor-full: the official script "
                f"knows only {' '.join(profile.slots)} (and crashes on others)",
                path=source_name(source),
                line=question.line,
            )
        if question.lang not in LANGUAGES:
            extra[question.lang] = extra.get(question.lang, 0) + 1
    if extra:
        listed = ", ".join(f"{lang} ({count})" for lang, count in extra.items())
        diag.warn(
            f"gold questions in languages outside the seven XOR-TyDi ones: {listed}; as in "
            f"the official script their per-language scores are added into the total, "
            f"which is still divided by {profile.divisor}",
            path=source_name(source),
        )


@gc_paused()
def evaluate(
    gold: Any, predictions: Any, *, profile: str | FullProfile, diag: Diagnostics, **options: Any
) -> Result:
    """Score XOR-Full predictions (see the module documentation)."""
    if options:
        raise TypeError(f"xor-full takes no options, got {', '.join(sorted(options))}")
    # A FullProfile object is accepted too (the documentation measures each
    # difference with a profile built by dataclasses.replace).
    settings = profile if isinstance(profile, FullProfile) else PROFILES[profile]
    gold_columns = read_xor_gold_columns(gold, diag)
    questions = gold_columns.questions()
    _check_languages(questions, settings, gold, diag)
    warn_duplicate_gold_ids(
        gold_columns, gold, diag, "each copy is scored and counted, as in the official script"
    )
    preds = _reduce_keys(read_xor_predictions(predictions, diag), predictions, diag)
    gold_ids = {q.id for q in questions}
    warn_unknown_predictions(preds, gold_ids, predictions, diag)

    score = _Scorer(settings)
    sums: dict[str, list[float]] = {}  # lang -> [count, f1, em, bleu]
    items: list[dict[str, Any]] = []
    answered = 0
    for question in progress(
        questions, total=len(questions), desc="xor-full", enabled=diag.progress
    ):
        lang = question.lang
        totals = sums.get(lang)
        if totals is None:
            totals = sums[lang] = [0, 0, 0, 0]
        totals[0] += 1
        prediction = preds.get(question.id)
        if prediction is None:
            items.append(
                {
                    "id": question.id,
                    "lang": lang,
                    "score": 0.0,
                    "f1": 0.0,
                    "em": 0.0,
                    "bleu": 0.0,
                    "answered": False,
                    "prediction": None,
                }
            )
            continue
        if not question.answers:
            raise InputError(
                f'question {question.id!r} has an empty "answers" list (the official '
                "script cannot score an answered question without answers)",
                path=source_name(gold),
                line=question.line,
            )
        answered += 1
        try:
            f1, em, bleu = score(lang, question.answers, prediction)
        except ValueError as exc:  # MeCab's limit on text length
            raise InputError(
                f"question {question.id!r}: {exc}", path=source_name(gold), line=question.line
            ) from None
        totals[1] += f1
        totals[2] += em
        totals[3] += bleu
        items.append(
            {
                "id": question.id,
                "lang": lang,
                "score": f1,
                "f1": f1,
                "em": em,
                "bleu": bleu,
                "answered": True,
                "prediction": prediction,
            }
        )
    warn_unanswered(questions, answered, predictions, diag)

    slots = settings.slots if settings.slots is not None else tuple(sorted(sums))
    divisor = settings.divisor if settings.divisor is not None else len(sums)
    per_language: dict[str, dict[str, float]] = {}
    means: dict[str, tuple[float, float, float]] = {}
    for lang in slots:
        totals = sums.get(lang)
        if totals is None:
            continue
        count = totals[0]
        means[lang] = (totals[1] / count, totals[2] / count, totals[3] / count)
        per_language[lang] = {
            "f1": means[lang][0] * 100,
            "em": means[lang][1] * 100,
            "bleu": means[lang][2] * 100,
            "count": count,
        }
    overall = [0.0, 0.0, 0.0]
    for lang in slots:  # the official summation order
        for k, value in enumerate(means.get(lang, (0.0, 0.0, 0.0))):
            overall[k] += value
    scores = {key: overall[k] / divisor * 100 for k, key in enumerate(("f1", "em", "bleu"))}

    tokenizers = {}
    if settings.tokens == "language":
        tokenizers = {lang: tokenizer_signature(lang) for lang in sums}
    elif "ja" in sums:
        from ..tokenizers import get_tokenizer

        tokenizers["ja"] = get_tokenizer("ja").signature()
    return Result(
        task="xor-full",
        profile=settings.name,
        scores=scores,
        per_language=dict(sorted(per_language.items())),
        n=len(questions),
        signature=make_signature(
            "xor-full",
            settings.name,
            norm=settings.norm,
            tokenizers=tokenizers,
            extra={
                "bleu": "nltk-3.10.4-sentence-chars"
                + ("" if settings.bleu == "raw" else "(tokens)"),
                **{k: v for k, v in settings.differences().items() if k != "bleu"},
            },
        ),
        items=items,
        warnings=tuple(diag.messages),
    )


TASK = TaskSpec(
    name="xor-full",
    summary="XOR-TyDi QA XOR-Full: F1, EM and BLEU of target-language answers "
    "(ar bn fi ja ko ru te), as eval_xor_full.py",
    evaluate=evaluate,
    primary="f1",
    profiles=tuple(PROFILES),
    languages=LANGUAGES,
    options={},
)
