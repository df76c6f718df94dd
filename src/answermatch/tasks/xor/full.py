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
    value as the question's language writes them (``1,500`` is 1500 in ko,
    1.5 in ru), BLEU over the analysed tokens, any language accepted and the
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

The package :mod:`answermatch.tasks.xor` holds what the three XOR tasks
share: the readers (:mod:`~answermatch.tasks.xor.data`), the languages
(:mod:`~answermatch.tasks.xor.languages`), the gold checks
(:mod:`~answermatch.tasks.xor.checks`) and the explanations
(:mod:`~answermatch.tasks.xor.explain`).

>>> import warnings
>>> gold = [{"id": "1", "answers": ["Helsinki"], "lang": "fi"},
...         {"id": "2", "answers": ["Москва"], "lang": "ru"}]
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     result = XorFull().evaluate(gold, {"fi_1": "helsinki!", "2": "Москва"})
>>> print(caught[0].message)  # a subset of the languages, still divided by 7
no gold question in ar, bn, ja, ko, te (5 of the seven XOR-TyDi languages); ...
>>> result.per_language["fi"]  # BLEU over characters: (7/9 * 6/8 * 5/7 * 4/6) ** 0.25
{'f1': 100.0, 'em': 100.0, 'bleu': 72.59..., 'count': 1}
>>> result.scores  # the per-language means added and divided by 7
{'f1': 28.57..., 'em': 28.57..., 'bleu': 24.65...}
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice, repeat, starmap
from operator import itemgetter
from typing import Any, ClassVar

from ...analysis import Analyzer, tokenizer_signature
from ...bleu import BleuReferences
from ...diagnostics import Diagnostics
from ...errors import InputError
from ...items import ItemColumns
from ...matchers.answers import AnswerSet, CountedTokens, best_overlap
from ...normalization.steps import PIECE_CHARS, Continued
from ...profiles import Settings, choice
from ...progress import progress
from ...result import Result
from ...signature import make_signature
from ...workers import map_chunks
from ..base import FRACTION, Aggregation, Inputs, Scored, Summary, Totals
from .checks import FULL_CHECKS
from .data import (
    CACHE_LIMIT,
    GOLD_SHAPE,
    XorGold,
    _continued,
    _one_list,
    in_gold_order,
    mecab_failure,
    prediction_tokens,
    warn_cut_clashes,
    warn_duplicate_gold_ids,
    warn_unanswered,
)
from .languages import LANGUAGES, SLOTS, full_unknown_language, outside_seven
from .task import XorAnswerTask

#: the questions :meth:`XorFull._scores` scores at a time
_BLOCK = 1 << 12

__all__ = ["LANGUAGES", "PROFILES", "SLOTS", "FullProfile", "XorFull"]


@dataclass(frozen=True)
class FullProfile(Settings):
    """What a profile decides: the text rules (``norm``, ``tokens``,
    ``counters``, ``numbers``: see :class:`~answermatch.analysis.Analyzer`),
    what BLEU compares (``"raw"``: the official strings; ``"tokens"``: the
    analysed tokens joined by a space, prediction and answers alike), the
    language slots in summation order (``None``: any language, sorted) and
    the divisor of the overall score (``None``: the number of languages
    present)."""

    norm: str
    slots: tuple[str, ...] | None
    divisor: int | None
    tokens: str = choice("official", "language")
    counters: str = choice("anywhere", "after-number", "keep")
    numbers: str = choice("string", "value")
    bleu: str = choice("raw", "tokens")


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
#: The figures of an item the aggregation sums, in this order.
FIGURES = ("f1", "em", "bleu")


class _FullSet:
    """One question's answers prepared once: their tokens
    (:class:`~answermatch.matchers.answers.AnswerSet`), BLEU references,
    the function that analyses a prediction in their language, and the
    scores of the predictions already seen."""

    __slots__ = ("analyze", "answers", "bleu", "lists", "scores")

    def __init__(
        self,
        answers: AnswerSet,
        bleu: BleuReferences,
        analyze: Callable[[str], Sequence[str]],
        lists: Callable[[str], Iterator[list[str]]] | None = None,
    ) -> None:
        self.answers = answers
        self.bleu = bleu
        self.analyze = analyze
        # a long prediction's tokens a list at a time, where BLEU reads them
        self.lists = lists
        self.scores: dict[str, Scores] = {}


class _Scorer:
    """Scores (language, answers, prediction) triples under a profile.

    Each answer set is analysed once per language (its tokens, counts and
    BLEU references; for ``ja`` its MeCab segmentation), and a prediction
    repeated for the same question is scored once (a cache that starts
    afresh after :data:`~answermatch.tasks.xor.data.CACHE_LIMIT` answer
    sets); the Japanese tokenizer caches its own MeCab output.
    """

    def __init__(self, profile: FullProfile) -> None:
        self.profile = profile
        self._analyzers: dict[str, Analyzer] = {}
        self._sets: dict[tuple[str, tuple[str, ...]], _FullSet] = {}
        self._raw = profile.bleu == "raw"

    def analyzer(self, lang: str) -> Analyzer:
        analyzer = self._analyzers.get(lang)
        if analyzer is None:
            p = self.profile
            norm = "official" if p.norm == "xor-full" else p.norm
            analyzer = self._analyzers[lang] = Analyzer(
                lang, norm=norm, tokens=p.tokens, counters=p.counters, numbers=p.numbers
            )
        return analyzer

    def gold_set(self, lang: str, answers: tuple[str, ...]) -> _FullSet:
        """The prepared answers of a question in ``lang``."""
        key = (lang, answers)
        found = self._sets.get(key)
        if found is None:
            if len(self._sets) >= CACHE_LIMIT:
                self._sets.clear()
            analyzer = self.analyzer(lang)
            golds = AnswerSet.of(analyzer.splitter(), answers)
            if not self._raw:  # the analysed tokens joined by a space
                references: Sequence[str] = [" ".join(g) for g in golds.tokens]
            elif lang == "ja":  # the official strings: MeCab-segmented answers
                from ...tokenizers import get_tokenizer

                references = list(map(get_tokenizer("ja").wakati, answers))  # type: ignore[attr-defined]
            else:
                references = answers
            analyze = prediction_tokens(analyzer)
            lists = None if self._raw else analyzer.token_lists()
            found = self._sets[key] = _FullSet(golds, BleuReferences(references), analyze, lists)
        return found

    def __call__(self, lang: str, answers: tuple[str, ...], prediction: str) -> Scores:
        golds = self.gold_set(lang, answers)
        scores = golds.scores.get(prediction)
        if scores is None:
            if golds.lists is not None and len(prediction) > PIECE_CHARS:
                scores = golds.scores[prediction] = _long_scores(golds, golds.lists, prediction)
                return scores
            tokens = golds.analyze(prediction)
            f1, em, _, _ = best_overlap(tokens, golds.answers)
            bleu = golds.bleu.score(prediction if self._raw else " ".join(tokens))
            scores = golds.scores[prediction] = f1, em, bleu
        return scores

    def many(self, jobs: Sequence[tuple[str, tuple[str, ...], str]]) -> list[Scores]:
        """The scores of each (language, answers, prediction) job, in order."""
        return list(starmap(self, jobs))

    def __reduce__(self) -> tuple[Any, ...]:
        """Sent to a worker process as its profile (not its caches)."""
        return (_Scorer, (self.profile,))


def _long_scores(
    golds: _FullSet, lists: Callable[[str], Iterator[list[str]]], prediction: str
) -> Scores:
    """F1, EM and BLEU (over the tokens joined by spaces) of a long
    prediction, read in one pass of its token lists: each list counted
    (:class:`~answermatch.matchers.answers.CountedTokens`, whose tokens are
    made again in order if an answer is as long) and joined for BLEU
    (:meth:`~answermatch.bleu.BleuReferences.score_parts`), then dropped;
    the same figures as its tuple of tokens and their joined string. A list
    that continues the token before it
    (:class:`~answermatch.normalization.steps.Continued`, a piece cut inside
    a run of letters) is joined to it without a space, and counted with it
    (:meth:`~answermatch.matchers.answers.CountedTokens.of_glued`, in a
    second pass: the token may be as long as the text, and is never made)."""

    def joined() -> Iterator[str]:
        first = True
        for found in lists(prediction):
            if not first and type(found) is not Continued:
                yield " "
            first = False
            yield " ".join(found)

    bleu = golds.bleu.score_parts(joined())
    tokens = CountedTokens.of_glued(lambda: lists(prediction), _one_list, _continued)
    f1, em, _, _ = best_overlap(tokens, golds.answers)
    return f1, em, bleu


def reduce_keys(predictions: dict[str, str], source: Any, diag: Diagnostics) -> dict[str, str]:
    """Keys cut to their part after the last ``_``; the later key wins.

    >>> reduce_keys({"ja_-12": "東京", "x_y_7": "Oulu"}, "pred.json", Diagnostics())
    {'-12': '東京', '7': 'Oulu'}
    """
    if not any(map(str.__contains__, predictions, repeat("_"))):
        return predictions  # every key is a question id already: no copy
    # key.rpartition("_")[2] is key.rsplit("_", 1)[-1], mapped at C speed
    qids = list(map(itemgetter(2), map(str.rpartition, predictions, repeat("_"))))
    reduced = dict(zip(qids, predictions.values(), strict=True))  # the later key wins
    if len(reduced) < len(predictions):
        seen: set[str] = set()
        clashes = []
        for key, qid in zip(predictions, qids, strict=True):
            if qid in seen:
                clashes.append(key)
            seen.add(qid)
        warn_cut_clashes(len(clashes), clashes, source, diag)
    return reduced


def check_languages(gold: XorGold, profile: FullProfile, source: str, diag: Diagnostics) -> None:
    """A language without an official slot is an error; one in a slot
    outside the seven XOR-TyDi languages warns (profiles with slots only)."""
    if profile.slots is None:  # any language: nothing to check
        return
    unknown = full_unknown_language(gold.langs, gold.lines, profile.slots)
    if unknown is not None:
        message, line = unknown
        raise InputError(message, path=source, line=line)
    extra = outside_seven(gold.langs)
    if extra:
        listed = ", ".join(f"{lang} ({count})" for lang, count in extra.items())
        diag.warn(
            f"gold questions in languages outside the seven XOR-TyDi ones: {listed}; as in "
            f"the official script their per-language scores are added into the total, "
            f"which is still divided by {profile.divisor}",
            path=source,
        )


def warn_missing_languages(present: Sequence[str], profile: FullProfile, diag: Diagnostics) -> None:
    """One warning when a profile with a fixed divisor scores a gold that
    lacks some of the seven languages: the overall scores are still divided
    by the divisor (so they cannot reach 100)."""
    if profile.divisor is None:
        return
    missing = [lang for lang in LANGUAGES if lang not in present]
    if missing:
        diag.warn(
            f"no gold question in {', '.join(missing)} ({len(missing)} of the seven XOR-TyDi "
            f"languages); as in the official script the overall scores still add the "
            f"per-language means and divide by {profile.divisor} (the fair profile divides "
            "by the number of languages present)"
        )


def _item(
    qid: str, lang: str, prediction: str | None, figures: tuple[float, float, float] | None
) -> dict[str, Any]:
    f1, em, bleu = (0.0, 0.0, 0.0) if figures is None else figures
    return {
        "id": qid,
        "lang": lang,
        "score": f1,
        "f1": f1,
        "em": em,
        "bleu": bleu,
        "answered": prediction is not None,
        "prediction": prediction,
    }


def no_answers_error(qid: str, source: str, line: int) -> InputError:
    """An answered question whose ``answers`` list is empty."""
    return InputError(
        f'question {qid!r} has an empty "answers" list (the official '
        "script cannot score an answered question without answers)",
        path=source,
        line=line,
    )


class XorFull(XorAnswerTask):
    """XOR-TyDi QA XOR-Full (see :mod:`answermatch.tasks.xor.full`)."""

    name = "xor-full"
    empty_gold = "eval_xor_full.py prints 0 for every figure, as answermatch does"
    summary = (
        "XOR-TyDi QA XOR-Full: F1, EM and BLEU of target-language answers "
        "(ar bn fi ja ko ru te), as eval_xor_full.py"
    )
    profiles: ClassVar[Mapping[str, Any]] = PROFILES
    answer_lang: ClassVar[str | None] = None  # answers in the question's language
    cuts_keys = True
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": GOLD_SHAPE,
        "predictions": "a JSON file (plain or .gz) or a dict {question id: answer str}; a key "
        'counts by its part after the last "_" ("ja_-123" answers "-123")',
    }
    gold_checks = FULL_CHECKS

    def question_ids(
        self, predictions: dict[str, str], source: str, diag: Diagnostics
    ) -> dict[str, str]:
        """The keys cut to their part after the last ``_`` (:func:`reduce_keys`)."""
        return reduce_keys(predictions, source, diag)

    def check(self, inputs: Inputs, settings: FullProfile, diag: Diagnostics) -> None:
        """What ``score`` and ``explain`` refuse or warn about before scoring."""
        check_languages(inputs.gold, settings, inputs.gold_name, diag)
        warn_duplicate_gold_ids(
            inputs.gold,
            inputs.gold_name,
            diag,
            "each copy is scored and counted, as in the official script",
        )

    def _scores(
        self,
        score: _Scorer,
        gold: XorGold,
        predictions: list[str | None],
        inputs: Inputs,
        diag: Diagnostics,
    ) -> list[Scores]:
        """The scores of the answered questions, in gold order, their jobs
        made and scored a block of :data:`_BLOCK` questions at a time (a
        tuple per question for the whole gold was a third of its size); in
        one block with ``workers``, which share it out. An answered
        question without answers is an error, raised after the errors of
        the questions before it."""
        size = max(len(gold), 1) if diag.workers > 1 else _BLOCK
        rows = enumerate(zip(gold.langs, gold.answers, predictions, strict=True))
        scores: list[Scores] = []
        while block := list(islice(rows, size)):
            jobs: list[tuple[str, tuple[str, ...], str]] = []
            where: list[int] = []  # the gold position of each job
            empty = None  # the first answered question without answers (an error)
            for k, (lang, answers, prediction) in block:
                if prediction is not None:
                    if not answers:
                        empty = k
                        break
                    jobs.append((lang, answers, prediction))
                    where.append(k)
            del block
            try:
                scores += map_chunks(score.many, jobs, diag.workers)
            except ValueError:  # MeCab's limit on text length, a lone surrogate: which one?
                for k, job in zip(where, jobs, strict=True):
                    try:
                        score(*job)
                    except ValueError as exc:
                        raise mecab_failure(
                            exc, gold.ids[k], job[2], job[1], inputs, gold.lines[k]
                        ) from None
                raise
            if empty is not None:
                raise no_answers_error(gold.ids[empty], inputs.gold_name, gold.lines[empty])
        return scores

    def score(
        self, inputs: Inputs, settings: FullProfile, diag: Diagnostics, **options: Any
    ) -> Scored:
        gold: XorGold = inputs.gold
        self.check(inputs, settings, diag)
        score = _Scorer(settings)
        predictions = in_gold_order(inputs.predictions, gold)  # the prediction, or None
        scores = self._scores(score, gold, predictions, inputs, diag)
        sums: dict[str, list[float]] = {}  # lang -> [count, f1, em, bleu]
        answered = 0
        figures: list[tuple[float, float, float] | None] = []  # per question, None unanswered
        found = iter(scores)
        rows = zip(gold.langs, predictions, strict=True)
        for lang, prediction in progress(
            rows, total=len(gold), desc="xor-full", enabled=diag.progress
        ):
            totals = sums.get(lang)
            if totals is None:
                totals = sums[lang] = [0, 0.0, 0.0, 0.0]
            totals[0] += 1
            if prediction is None:
                figures.append(None)
                continue
            answered += 1
            f1, em, bleu = scored = next(found)
            figures.append(scored)
            totals[1] += f1
            totals[2] += em
            totals[3] += bleu

        warn_unanswered(gold.ids, answered, inputs.pred_name, diag)
        # the aggregation's totals, summed in the loop above in gold order
        totals_by_language: Totals = {
            lang: (int(t[0]), (t[1], t[2], t[3])) for lang, t in sums.items()
        }
        columns = {
            "id": gold.ids,
            "lang": gold.langs,
            "prediction": predictions,
            "figures": figures,
        }
        items = ItemColumns(columns, _item)  # built if someone reads them
        return Scored(items, self.signature(settings, sums), totals_by_language)

    def signature(self, settings: FullProfile, languages: Sequence[str]) -> str:
        """The signature of a result scored under ``settings`` over ``languages``."""
        tokenizers = {}
        if settings.tokens == "language":
            tokenizers = {lang: tokenizer_signature(lang) for lang in languages}
        elif "ja" in languages:
            from ...tokenizers import get_tokenizer

            tokenizers["ja"] = get_tokenizer("ja").signature()
        return make_signature(
            self.name,
            settings.name,
            norm=settings.norm,
            tokenizers=tokenizers,
            extra={
                "bleu": "nltk-3.10.4-sentence-chars"
                + ("" if settings.bleu == "raw" else "(tokens)"),
                **{k: v for k, v in settings.changes().items() if k != "bleu"},
            },
        )

    def aggregation(self, settings: FullProfile, **options: Any) -> Aggregation:
        """Per language: the mean of each figure over its questions. Overall:
        the per-language means added in the profile's slot order (``official``:
        the script's eleven slots; ``None``: the languages present, sorted),
        divided by the profile's divisor (``official``: always 7; ``None``:
        the number of languages present), in percent."""
        slots, divisor = settings.slots, settings.divisor

        def combine(totals: Totals, rows: list[Any] | None) -> Summary:
            order = slots if slots is not None else sorted(totals)  # type: ignore[type-var]
            per_language: dict[str, dict[str, float]] = {}
            overall = [0.0, 0.0, 0.0]
            for lang in order:  # the official summation order
                if lang not in totals:
                    continue
                count, sums = totals[lang]
                means = [total / count for total in sums]
                per_language[lang] = {
                    **{key: mean * 100 for key, mean in zip(FIGURES, means, strict=True)},
                    "count": count,
                }
                for k, mean in enumerate(means):
                    overall[k] += mean
            over = divisor if divisor is not None else len(per_language)
            scores = {
                key: overall[k] / over * 100 if over else 0.0 for k, key in enumerate(FIGURES)
            }
            return Summary(scores, dict(sorted(per_language.items())))

        return Aggregation(
            statistics=_figures,
            combine=combine,
            primary=self.primary,
            group=_language,
            ranges=(FRACTION,) * len(FIGURES),
            groups=SLOTS,
        )

    def result(
        self, scored: Scored, profile: Any, diag: Diagnostics, options: Mapping[str, Any]
    ) -> Result:
        """The result, warning first when the overall scores divide by 7 a
        sum that lacks some of the seven languages (here, where the division
        happens: a part of the data scored alone, e.g. by an incremental
        scorer, does not warn)."""
        totals = getattr(scored, "totals", None)
        present = set(totals) if totals is not None else {item["lang"] for item in scored.items}
        warn_missing_languages(sorted(present), self.settings(profile), diag)
        return super().result(scored, profile, diag, options)

    def explain_official(
        self, inputs: Inputs, settings: FullProfile, diag: Diagnostics, **options: Any
    ) -> Iterator[Any]:
        from .explain import explain_full

        return explain_full(self, inputs, settings, diag)


def _figures(item: Mapping[str, Any]) -> Scores:
    return item["f1"], item["em"], item["bleu"]


def _language(item: Mapping[str, Any]) -> str:
    return item["lang"]
