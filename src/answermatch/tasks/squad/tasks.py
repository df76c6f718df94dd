"""The ``squad`` (SQuAD v1.1) and ``squad-v2`` (SQuAD v2.0) tasks, and the
base class they share with ``mlqa``.

>>> gold = [{"id": "q1", "answers": {"text": ["Denver Broncos"], "answer_start": [0]}},
...         {"id": "q2", "answers": {"text": ["Santa Clara"], "answer_start": [0]}}]
>>> r = Squad().evaluate(gold, {"q1": "the Denver Broncos", "q2": "Clara, California"})
>>> r.scores
{'exact_match': 50.0, 'f1': 75.0}
>>> gold2 = gold + [{"id": "q3", "answers": {"text": [], "answer_start": []}}]
>>> r = SquadV2().evaluate(gold2, {"q1": "Denver Broncos", "q2": "", "q3": ""})
>>> r.scores["exact"], r.scores["HasAns_exact"], r.scores["NoAns_exact"]
(66.66666666666667, 50.0, 100.0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache, reduce
from itertools import count
from operator import add, itemgetter
from typing import TYPE_CHECKING, Any, ClassVar

from ...diagnostics import Diagnostics
from ...errors import InputError, format_examples
from ...formats.squad import hf_answers
from ...items import ItemColumns
from ..base import (
    ANY,
    COUNT,
    FRACTION,
    Aggregation,
    Inputs,
    Scored,
    Statistic,
    Stats,
    Summary,
    Task,
    Totals,
    make_signature,
)
from ..parts import ChecksGold, Explains, TakesRows
from .reading import (
    Predictions,
    SpanGold,
    read_gold,
    read_na_probs,
    read_predictions,
)
from .rules import SpanRules, answer_language
from .scoring import check_numbers, pair_figures, pair_scorer, report_coverage, score_v1
from .v2 import ANSWERED, HAS, HAS_PROB, na_ranks, v2_summary

if TYPE_CHECKING:  # loaded by explain() and check-gold only
    from ...checks import GoldChecks
    from ...explanation import Explanation
    from .checks import SpanEntry

__all__ = ["PROFILES", "PROFILES_V2", "SpanTask", "Squad", "SquadV2"]

#: ``fair``: Unicode punctuation, NFKC width folding, the language's
#: articles as whole words, its word tokenizer (zh, ja), numbers by value,
#: and F1 = 1 when both answers have no token.
FAIR = SpanRules(
    "fair",
    punct="unicode",
    width="nfkc",
    articles="words",
    tokens="language",
    numbers="value",
    empty_f1=1.0,
)
PROFILES: dict[str, SpanRules] = {"official": SpanRules("official"), "fair": FAIR}
PROFILES_V2: dict[str, SpanRules] = {
    "official": SpanRules("official", empty_f1=1.0),
    "fair": FAIR,
}

_GOLD_SHAPES = (
    'the official layout {"version", "data": [{"title", "paragraphs": [{"context", "qas": '
    '[{"id", "question", "answers": [{"text", "answer_start"}]}]}]}]} (or its "data" list); '
    'or rows as Hugging Face datasets gives them, {"id", "answers": {"text": [...], '
    '"answer_start": [...]}} with optional "context", "question", "title", as a list, '
    "a JSON list, JSON Lines or Parquet (with pyarrow installed)"
)


class LazyChecks:
    """A task's ``gold_checks`` built by ``build`` when first read: the
    checks import :mod:`answermatch.checks`, which scoring does not need
    (about 1% of an MLQA run)."""

    def __init__(self, build: Callable[[], GoldChecks]) -> None:
        self.build = build

    def __get__(self, instance: Any, owner: Any) -> GoldChecks:
        return self.build()


@cache
def squad_checks() -> GoldChecks:
    """SQuAD v1.1's gold checks (MLQA's are built from them)."""
    from ...checks import GoldChecks, check_ids, check_unicode_punct, check_values
    from .checks import (
        check_answer_start,
        check_no_answer,
        check_number_answer,
        normalized_parts,
        normalizes_empty_check,
    )

    return GoldChecks(
        (
            check_ids,
            check_number_answer,
            check_no_answer,
            check_answer_start,
            check_unicode_punct,
            normalizes_empty_check(SpanTask.empty_consequence),
            check_values,
        ),
        normalize=PROFILES["official"].normalized,
        normal_parts=normalized_parts(PROFILES["official"]),
        duplicate_id_severity="warning",
    )


@cache
def _squad_v2_checks() -> GoldChecks:
    from ...checks import GoldChecks, check_ids, check_unicode_punct
    from .checks import (
        check_answer_start,
        check_number_answer,
        normalized_parts,
        normalizes_empty_check,
    )

    return GoldChecks(
        (
            check_ids,
            check_number_answer,
            check_answer_start,
            check_unicode_punct,
            normalizes_empty_check(SquadV2.empty_consequence),
        ),
        normalize=PROFILES_V2["official"].normalized,
        normal_parts=normalized_parts(PROFILES_V2["official"]),
        duplicate_id_severity="warning",
    )


class SpanTask(Task, Explains, ChecksGold, TakesRows):
    """The base of the SQuAD family (SQuAD v1.1 and v2.0, MLQA, KorQuAD):
    SQuAD-format readers, gold checks, per-item EM and F1 under the
    profile's rules (a :class:`~answermatch.tasks.squad.SpanRules`), their
    sums and explanation. A subclass gives ``name``, ``summary``,
    ``script`` (the official script's name) and ``profiles``."""

    primary = "f1"
    item_order = "gold"
    #: the official script, for messages and signatures
    script: ClassVar[str]
    #: what becomes of a gold answer that normalizes to nothing
    empty_consequence: ClassVar[str] = (
        "no prediction can match it (EM needs an empty prediction, and F1 of two empty "
        "answers is 0)"
    )

    def answers_field(self, answers: list[str]) -> Any:
        """Hugging Face's ``answers`` of a row, offsets unknown (-1)."""
        return hf_answers(answers)

    # --- language -------------------------------------------------------------------

    def lang_of(self, gold: SpanGold, options: Mapping[str, Any]) -> str:
        """The language whose rules apply (:func:`~.rules.answer_language`)."""
        return answer_language(options.get("lang") or "en")

    def label_of(self, gold: SpanGold, options: Mapping[str, Any]) -> str | None:
        """The language put in the items (per-language figures), or ``None``."""
        return None if options.get("lang") is None else answer_language(options["lang"])

    def option_fields(self, settings: Any, **options: Any) -> dict[str, str | None]:
        """``lang``: the language the signature names (none without it)."""
        lang = options.get("lang")
        return {"lang": None if lang is None else answer_language(lang)}

    # --- reading --------------------------------------------------------------------

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> SpanGold:
        gold = read_gold(source, diag)
        self.check_version(gold, diag)
        gold.lang = self.lang_of(gold, options)  # an unknown language fails here
        return gold

    #: the ``version`` the official script expects (``None``: it reads none)
    expected_version: ClassVar[str | None] = None
    #: whether the script compares ``str(version)`` (else the raw value)
    version_as_str: ClassVar[bool] = False
    #: other versions the task's files carry, not worth a warning
    usual_versions: ClassVar[tuple[str, ...]] = ()

    def check_version(self, gold: SpanGold, diag: Diagnostics) -> None:
        """Warn about the gold's ``version`` where the official script does,
        and where it stops on it: its warning joins the raw value to a
        string, so a value that is not a string and differs from the
        expected one ends in a TypeError, and a missing one in a KeyError.
        answermatch scores the file either way."""
        expected, version = self.expected_version, gold.version
        if expected is None or gold.layout != "squad":
            return
        script = f"{self.script}.py"
        compared = str(version) if self.version_as_str else version
        if version is None:
            diag.warn(
                f"the gold has no 'version' ({script} stops on that with a KeyError, or a "
                "TypeError when it is null; answermatch scores it)",
                path=gold.name,
            )
        elif compared == expected or version in self.usual_versions:
            return
        elif not isinstance(version, str):
            diag.warn(
                f"the gold's version {version!r} is not a string ({script} stops on it with "
                "a TypeError in its version warning; answermatch scores it)",
                path=gold.name,
            )
        else:
            diag.warn(
                f"evaluation expects v-{expected}, but the gold says version {version!r} "
                f"({script} prints the same warning and scores it)",
                path=gold.name,
            )

    def warn_duplicates(self, gold: SpanGold, diag: Diagnostics, ids: set[str]) -> None:
        """Warn about repeated question ids (``ids``: the set of them) when
        scoring; check-gold reports them as ``duplicate-id``."""
        if len(ids) == len(gold.ids):
            return
        seen: set[str] = set()
        repeated = [k for k in gold.ids if k in seen or seen.add(k)]  # type: ignore[func-returns-value]
        if repeated:
            diag.warn(
                f"{len(repeated)} question id(s) are given more than once "
                f"({format_examples(map(repr, dict.fromkeys(repeated)))}); {self.duplicate_rule}",
                path=gold.name,
            )

    duplicate_rule: ClassVar[str] = (
        "each occurrence is scored and counted, with the same prediction, as the official "
        "script does"
    )

    def read_predictions(
        self, source: Any, gold: SpanGold, diag: Diagnostics, **options: Any
    ) -> Predictions:
        ids = set(gold.ids)
        preds = read_predictions(source, diag, keep=ids)
        self.warn_duplicates(gold, diag, ids)
        report_coverage(gold, preds, diag, missing_is_error=False, ids=ids)
        return preds

    # --- scoring --------------------------------------------------------------------

    def norm_name(self, settings: SpanRules, lang: str) -> str:
        for name, profile in self.profiles.items():
            if dataclasses.replace(profile, name=settings.name) == settings:
                return f"{self.script}" if name == "official" else name
        return settings.describe(self.script, self.profiles["official"])

    def signature(self, settings: SpanRules, lang: str, extra: dict[str, Any]) -> str:
        tokenizer = settings.tokenizer_signature(lang)
        return make_signature(
            self.name,
            self.profile_name(settings),
            norm=self.norm_name(settings, lang),
            tokenizers={lang: tokenizer} if tokenizer else None,
            extra=extra,
        )

    def score(self, inputs: Inputs, settings: Any, diag: Diagnostics, **options: Any) -> Scored:
        settings = self.settings(settings)
        gold, preds = inputs.gold, inputs.predictions
        lang = self.lang_of(gold, options)
        label = self.label_of(gold, options)
        items, totals = score_v1(gold, preds.texts, settings, lang, label)
        extra = {"lang": label} if label else {}
        return Scored(items, self.signature(settings, lang, extra), totals)

    def aggregation(self, settings: Any, **options: Any) -> Aggregation:
        return Aggregation(
            statistics=_em_f1,
            combine=_combine_v1,
            primary="f1",
            group=_lang,
            ranges=(FRACTION, FRACTION),
            groups=_known_label,
        )

    # --- explain and check-gold -------------------------------------------------------

    def explain(
        self, inputs: Inputs, settings: Any, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        from .explaining import explain_items

        rules = self.settings(settings)
        scored = self.score(inputs, rules, diag, **options)
        golds = self.item_golds(inputs.gold)
        return explain_items(
            self.name,
            self.profile_name(settings),
            scored.items,
            golds,
            rules,
            self.lang_of(inputs.gold, options),
            v2=isinstance(self, SquadV2),
        )

    def item_golds(self, gold: SpanGold) -> list[tuple[Any, ...]]:
        """The gold answers of each item, in item order."""
        return [q.answers for q in gold.questions]

    def gold_entries(self, gold: SpanGold) -> Iterable[SpanEntry]:
        from .checks import SpanEntry

        lang = gold.lang or "en"
        for index, q in enumerate(gold.questions):
            yield SpanEntry(
                q.id,
                gold.line(index),
                tuple(dict.fromkeys(a if isinstance(a, str) else str(a) for a in q.answers)),
                lang,
                starts=q.starts,
                context=q.context,
                raw=q.answers,
            )


def _em_f1(item: Mapping[str, Any]) -> Stats:
    return (item["em"], item["f1"])


def _lang(item: Mapping[str, Any]) -> Any:
    return item.get("lang")


def _known_label(label: Any) -> bool:
    """Whether ``label`` is one :meth:`label_of` can give."""
    return label is None or answer_language(label) == label


def _combine_v1(totals: Totals, rows: list[Stats] | None) -> Summary:
    """``exact_match`` and ``f1``: 100 x the sums over every question
    (unanswered ones count 0) / the number of questions."""
    if not totals:
        return Summary({"exact_match": 0.0, "f1": 0.0})
    if len(totals) == 1:
        [(count, (em, f1))] = totals.values()
    else:
        count = sum(c for c, _ in totals.values())
        em = f1 = 0.0
        for _, (e, f) in totals.values():
            em, f1 = em + e, f1 + f
    per_language = {
        lang: {"exact_match": 100.0 * e / c, "f1": 100.0 * f / c, "count": c}
        for lang, (c, (e, f)) in totals.items()
        if lang is not None
    }
    return Summary({"exact_match": 100.0 * em / count, "f1": 100.0 * f1 / count}, per_language)


class Squad(SpanTask):
    """SQuAD v1.1 (``evaluate-v1.1.py``); also XQuAD files, per language."""

    name = "squad"
    summary = "SQuAD v1.1 (evaluate-v1.1.py): exact match and token F1, max over the gold answers"
    script = "evaluate-v1.1"
    expected_version = "1.1"
    profiles: ClassVar[Mapping[str, Any]] = PROFILES
    options: ClassVar[Mapping[str, str]] = {
        "lang": "language of the answers (default en): names the per-language figures and "
        "chooses the fair profile's articles and tokenizer; the official rule ignores it",
    }
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": _GOLD_SHAPES,
        "predictions": '{id: text} (the official layout), or a list of {"id", '
        '"prediction_text"} (Hugging Face metric style), as objects, JSON or JSON Lines',
    }
    gold_checks = LazyChecks(squad_checks)


class SquadV2(SpanTask):
    """SQuAD v2.0 (``evaluate-v2.0.py``), with the no-answer threshold, the
    best thresholds and (``pr_curves``) the precision-recall APs."""

    name = "squad-v2"
    summary = (
        "SQuAD v2.0 (evaluate-v2.0.py): EM/F1 with unanswerable questions, no-answer "
        "threshold, best thresholds"
    )
    script = "evaluate-v2.0"
    profiles: ClassVar[Mapping[str, Any]] = PROFILES_V2
    options: ClassVar[Mapping[str, str]] = {
        "na_prob": "no-answer probabilities {id: p}: a JSON file (--na-prob-file) or a dict; "
        "adds best_exact/best_f1 and their thresholds",
        "na_prob_thresh": "a question abstains when its probability is > this (default 1.0)",
        "pr_curves": "true: add pr_exact_ap, pr_f1_ap, pr_oracle_ap (as --out-image-dir "
        "does; needs probabilities)",
        "lang": "language of the answers (default en): the fair profile's articles and "
        "tokenizer; the official rule ignores it",
    }
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": _GOLD_SHAPES + "; a question without answers is unanswerable",
        "predictions": '{id: text} ("" predicts no answer), or a list of {"id", '
        '"prediction_text", "no_answer_probability"} (Hugging Face metric style), as '
        "objects, JSON or JSON Lines; probabilities also as na_prob {id: p}",
    }
    empty_consequence = (
        "evaluate-v2.0.py drops it silently; a question whose answers all normalize to "
        "nothing keeps counting as answerable but its only gold becomes '' (an empty "
        "prediction then scores 1)"
    )
    duplicate_rule: ClassVar[str] = (
        "the official script keeps one question per id (its first place, the last "
        "occurrence's answers); so does answermatch"
    )
    gold_checks = LazyChecks(_squad_v2_checks)

    def read_predictions(
        self, source: Any, gold: SpanGold, diag: Diagnostics, **options: Any
    ) -> Predictions:
        ids = set(gold.ids)
        preds = read_predictions(source, diag, probabilities=True, keep=ids)
        self.warn_duplicates(gold, diag, ids)
        report_coverage(gold, preds, diag, missing_is_error=True, ids=ids)
        if options.get("na_prob") is not None:
            if preds.probs is not None:
                diag.warn(
                    "the predictions carry no_answer_probability and the na_prob option is "
                    "given: the na_prob option is used",
                    path=preds.name,
                )
            preds.probs = read_na_probs(options["na_prob"], diag)
        if preds.probs is not None:
            where = "na_prob" if options.get("na_prob") is not None else preds.name
            probs = preds.probs
            lacking = (
                []
                if probs.keys() >= ids
                else list(dict.fromkeys(k for k in gold.ids if k not in probs))
            )
            if lacking:
                raise InputError(
                    f"{len(lacking)} question(s) have no no-answer probability: "
                    f"{format_examples(map(repr, lacking))}; the official script stops on "
                    "that (KeyError)",
                    path=where if isinstance(where, str) else None,
                )
            if _flag(options.get("pr_curves")):
                extra = [k for k in preds.probs if k not in ids]
                if extra:
                    raise InputError(
                        f"{len(extra)} no-answer probabilities are for ids not in the gold "
                        f"({format_examples(map(repr, extra))}); the official script's "
                        "precision-recall analysis stops on them (KeyError)",
                        path=where if isinstance(where, str) else None,
                    )
        return preds

    def option_fields(self, settings: Any, **options: Any) -> dict[str, str | None]:
        """``lang`` as for SQuAD, the threshold, the precision-recall
        curves, and ``na_prob`` when that option gives the probabilities
        (without it, the predictions may carry them)."""
        fields = super().option_fields(settings, **options)
        fields["na_prob_thresh"] = str(_threshold(options.get("na_prob_thresh", 1.0)))
        fields["pr_curves"] = "yes" if _flag(options.get("pr_curves")) else None
        if options.get("na_prob") is not None:
            fields["na_prob"] = "given"
        return fields

    def _unique(self, gold: SpanGold) -> tuple[list[Any], list[tuple[Any, ...]]]:
        """The ids and answers of one question per id: the first place, the
        last occurrence's answers. Taken from the gold's columns, so no
        question object is made (the usual gold, without a repeated id, gives
        its own columns back)."""
        ids, answers = gold.ids, gold.answers
        last = dict(zip(ids, count()))  # each id at its first place -> its last index
        if len(last) == len(ids):
            return ids, answers
        return list(last), list(map(answers.__getitem__, last.values()))

    def item_golds(self, gold: SpanGold) -> list[tuple[Any, ...]]:
        return self._unique(gold)[1]

    def score(self, inputs: Inputs, settings: Any, diag: Diagnostics, **options: Any) -> Scored:
        rules = self.settings(settings)
        gold, preds = inputs.gold, inputs.predictions
        threshold = _threshold(options.get("na_prob_thresh", 1.0))
        check_numbers(gold)
        lang = self.lang_of(gold, options)
        score = pair_scorer(rules.analyzer(lang), rules.empty_f1, drop_empty=True)
        texts = preds.texts
        probs = preds.probs
        rank = na_ranks(probs) if probs is not None else {}
        # column by column, as score_v1: the items are built only when read
        ids, golds = self._unique(gold)
        predictions = list(map(texts.__getitem__, ids))
        # (exact, f1) per question
        figures = pair_figures(score, zip(predictions, golds, strict=True))
        na_probs = [probs[qid] for qid in ids] if probs is not None else [None] * len(ids)
        ranks = [rank[qid] for qid in ids] if probs is not None else [0] * len(ids)
        rows: list[Stats] = []
        append = rows.append
        for (exact, f1), answers, prediction, prob, place in zip(
            figures, golds, predictions, na_probs, ranks, strict=True
        ):
            if (0.0 if prob is None else prob) > threshold:  # abstained
                exact_t = f1_t = 0.0 if answers else 1.0
            else:
                exact_t, f1_t = exact, f1
            flags = (HAS if answers else 0) | (ANSWERED if prediction else 0)
            append(
                (
                    exact_t,
                    f1_t,
                    exact,
                    f1,
                    0.0 if prob is None else prob,
                    float(place),
                    float(flags if prob is None else flags | HAS_PROB),
                )
            )
        # summed one by one in item order, as Aggregation.accumulate sums
        totals: Totals = {
            None: (len(rows), tuple(reduce(add, map(itemgetter(k), rows), 0.0) for k in range(7)))
        }

        def item(
            qid: str, row: Stats, answers: Any, prediction: str, prob: float | None, place: int
        ) -> dict[str, Any]:
            return {
                "id": qid,
                "score": row[1],
                "exact": row[2],
                "f1": row[3],
                "exact_thresh": row[0],
                "f1_thresh": row[1],
                "has_ans": bool(answers),
                "na_prob": prob,
                "abstained": (0.0 if prob is None else prob) > threshold,
                "prediction": prediction,
                "na_rank": place,
            }

        columns = {
            "id": ids,
            "row": rows,
            "answers": golds,
            "prediction": predictions,
            "na_prob": na_probs,
            "na_rank": ranks,
        }
        label = self.label_of(gold, options)  # the fair rules depend on it: signed
        extra = {
            **({"lang": label} if label else {}),
            "na_prob": "given" if probs is not None else "none",
            "na_prob_thresh": threshold,
        }
        if _flag(options.get("pr_curves")):
            extra["pr_curves"] = "yes"
            if probs is None:
                diag.warn(
                    "pr_curves needs no-answer probabilities (na_prob, or "
                    "no_answer_probability in the predictions); without them the official "
                    "script computes no precision-recall figures either"
                )
        signature = self.signature(rules, lang, extra)
        return Scored(ItemColumns(columns, item), signature, totals, rows)

    def aggregation(self, settings: Any, **options: Any) -> Aggregation:
        pr_curves = _flag(options.get("pr_curves"))
        return Aggregation(
            statistics=_v2_stats,
            combine=lambda totals, rows: v2_summary(totals, rows, pr_curves=pr_curves),
            primary="f1",
            rows=True,
            # exact and F1 at the threshold and at 0, the no-answer probability,
            # its rank, and the HAS/ANSWERED/HAS_PROB flags
            ranges=(*(FRACTION,) * 4, ANY, COUNT, Statistic(0, 7, integer=True)),
        )


def _v2_stats(item: Mapping[str, Any]) -> Stats:
    prob = item["na_prob"]
    flags = (HAS if item["has_ans"] else 0) | (ANSWERED if item["prediction"] else 0)
    return (
        item["exact_thresh"],
        item["f1_thresh"],
        item["exact"],
        item["f1"],
        0.0 if prob is None else prob,
        float(item["na_rank"]),
        float(flags if prob is None else flags | HAS_PROB),
    )


def _threshold(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise InputError(f"na_prob_thresh must be a number, not {value!r}")
    try:
        return float(value)
    except ValueError:
        raise InputError(f"na_prob_thresh must be a number, not {value!r}") from None


def _flag(value: Any) -> bool:
    if value in (None, False, "false", "False", "no", "0", 0):
        return False
    if value in (True, "true", "True", "yes", "1", 1):
        return True
    raise InputError(f"pr_curves must be true or false, not {value!r}")
