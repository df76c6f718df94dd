"""The ``mkqa`` task: apple/ml-mkqa's ``mkqa_eval.py`` (one language) and
``mkqa_eval_all_languages.py`` (a folder of ``<lang>.jsonl`` files, with
the macro average over the languages).

>>> from answermatch.tasks.mkqa.data import LANGUAGES
>>> gold = [{"example_id": 1, "answers": {l: [{"type": "entity", "text": "Ridley Scott"}]
...                                         for l in LANGUAGES}},
...         {"example_id": 2, "answers": {l: [{"type": "unanswerable", "text": None}]
...                                         for l in LANGUAGES}}]
>>> preds = [{"example_id": 1, "prediction": "Scott", "binary_answer": None, "no_answer_prob": 0.1},
...          {"example_id": 2, "prediction": "", "binary_answer": None}]
>>> result = Mkqa().evaluate(gold, preds, lang="en")
>>> round(result.scores["best_f1"], 4), result.scores["f1"]
(83.3333, 83.33333333333333)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import partial, reduce
from operator import add
from typing import Any, ClassVar

from ...checks import (
    Entry,
    GoldChecks,
    check_normalizes_empty,
    check_unicode_punct,
    check_values,
)
from ...diagnostics import Diagnostics
from ...errors import AnswermatchError, InputError
from ...explanation import (
    Explanation,
    TextView,
    Variant,
    figures,
    joined_tokens,
    trace_pieces,
    verdict,
    view_tokens,
)
from ...items import ItemColumns
from ...normalization import steps as _steps
from ...workers import map_chunks
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
from . import checks as mkqa_checks
from .data import MkqaGold, Predictions, check_language, read_gold, read_predictions
from .figures import BEST_KEYS, KEYS, Row, best_threshold, numpy_mean, official_rounding
from .rules import (
    CHARACTER_LANGUAGES,
    CUT_CHARACTERS,
    FAIR,
    LANGUAGES,
    OFFICIAL,
    MkqaSettings,
    Rules,
)

__all__ = ["Mkqa"]

_INDEX = {lang: float(k) for k, lang in enumerate(LANGUAGES)}
_RULES: dict[tuple[MkqaSettings, str], Rules] = {}


def rules_for(settings: MkqaSettings, lang: str) -> Rules:
    """The (cached) :class:`Rules` of ``lang`` under ``settings`` (for the
    gold checks; an evaluation makes its own, whose caches go with it)."""
    key = (settings, lang)
    found = _RULES.get(key)
    if found is None:
        found = _RULES[key] = Rules(settings, lang)
    return found


def _official_normalize(text: str, lang: str | None) -> str:
    return rules_for(OFFICIAL, lang or "en").normalize(text)


def _official_parts(text: str, lang: str | None) -> Iterator[str]:
    """:func:`_official_normalize` of a long text in parts: the tokens of
    each of the rules' :meth:`~answermatch.tasks.mkqa.rules.Rules.long_pieces`
    (one after the other, the whole text's), a space between two. In a
    language of words, a text is also cut between two of
    :data:`~answermatch.tasks.mkqa.rules.CUT_CHARACTERS` (a run of Chinese
    or Thai without spaces in an English answer), inside a word: the two
    pieces' words are joined there without a space. No official rule reads
    across two such characters: lower case (a final sigma's context stops
    at either), ASCII punctuation deleted one by one, and the article
    patterns, whose words and ``\\b`` hold neither. Where the rules allow
    it (:attr:`~answermatch.tasks.mkqa.rules.Rules.cuts_letters`), a run of
    ASCII letters is cut too, as scoring cuts it, and joined the same way:
    a long word is never made whole.

    >>> text = "The 北京是中国的首都 capital." * 100
    >>> "".join(_official_parts(text, "en")) == _official_normalize(text, "en")
    True
    """
    rules = rules_for(OFFICIAL, lang or "en")
    cut = rules.long_pieces()
    if cut is None:
        yield rules.normalize(text)
        return
    in_words = rules.lang not in CHARACTER_LANGUAGES
    letters = in_words and rules.cuts_letters
    at = _steps.in_letters(_IN_WORD_CUT) if letters else _IN_WORD_CUT
    pieces = _steps.pieces(text, at) if in_words else cut(text)
    between = ""
    for piece in pieces:
        words = " ".join(rules.tokens(piece))
        if words:
            # a piece that starts with one of the characters, or inside a
            # run of letters, was cut inside a word
            inside = in_words and (
                _CUT_CHARACTER.match(piece) is not None
                or (letters and _steps.starts_in_word(piece))
            )
            yield "" if inside else between
            yield words
            between = " "


#: Where :func:`_official_parts` may cut a text of a language of words: just
#: before whitespace, or inside a word between two of ``CUT_CHARACTERS``.
_IN_WORD_CUT = re.compile(rf"(?<=[{CUT_CHARACTERS}])[{CUT_CHARACTERS}]|\s")
_CUT_CHARACTER = re.compile(f"[{CUT_CHARACTERS}]")


def _statistics(item: Mapping[str, Any]) -> Stats:
    return (
        _INDEX[item["lang"]],
        float(item["order"]),
        float(item["no_answer_prob"]),
        1.0 if item["answerable"] else 0.0,
        item["em"],
        item["f1"],
        1.0 if item["answered"] else 0.0,
    )


def _rows_by_language(rows: Iterable[Stats]) -> dict[str, list[Row]]:
    out: dict[float, list[Row]] = {}
    for s in rows:
        out.setdefault(s[0], []).append(Row(s[1], s[2], s[3] == 1.0, s[4], s[5], s[6] == 1.0))
    return {LANGUAGES[int(index)]: found for index, found in out.items()}


def _combine(totals: Totals, rows: list[Stats] | None) -> Summary:
    if rows is None:  # pragma: no cover - the aggregation keeps rows
        raise ValueError("the MKQA aggregation needs every item (rows=True)")
    from .figures import figures as language_figures

    grouped = _rows_by_language(rows)
    for lang, found in grouped.items():
        # two different rows at one file position: parts scored apart and merged
        # (Scorer.merge), whose order across the parts is lost (a resample's
        # repeated rows are the same row)
        at: dict[float, Row] = {}
        if any(at.setdefault(row.order, row) != row for row in found):
            raise AnswermatchError(
                f"the MKQA rows of {lang} come from parts scored apart: the best threshold "
                "walks a language's predictions in file order, so score each language in "
                "one part (split MKQA by language, as its files are)"
            )
    per_language: dict[str, dict[str, float]] = {}
    for lang in totals:
        found = grouped[str(lang)]
        per_language[str(lang)] = {**language_figures(found), "count": len(found)}
    scores = {key: numpy_mean([figs[key] for figs in per_language.values()]) for key in KEYS}
    return Summary(scores, per_language)


def _languages(
    settings: MkqaSettings, jobs: Sequence[tuple[str, list[str], list[tuple[str, ...]]]]
) -> list[tuple[Any, ...]]:
    """Each ``(language, predicted texts, answers)`` job scored: the
    language's tokenizer signature, and each question's EM, F1 and whether
    it is answerable, in gold order."""
    found = []
    for lang, texts, answers in jobs:
        rules = Rules(settings, lang)  # its caches live as long as this language
        ems, f1s = [], []
        for em, f1 in map(rules.match, texts, answers):
            ems.append(em)
            f1s.append(f1)
        found.append((rules.tokenizer_signature(), ems, f1s, [a != ("",) for a in answers]))
    return found


def _item(ex_id: Any, row: Stats, text: str, prob: Any) -> dict[str, Any]:
    """An item from its statistics (:func:`_statistics`), text and probability."""
    return {
        "id": ex_id,
        "lang": LANGUAGES[int(row[0])],
        "score": row[5],
        "em": row[4],
        "f1": row[5],
        "answerable": row[3] == 1.0,
        "answered": bool(text),
        "no_answer_prob": prob,
        "order": int(row[1]),
        "prediction": text,
    }


class Mkqa(Task, Explains, ChecksGold, TakesRows):
    """MKQA (apple/ml-mkqa): EM and F1 per language with the best no-answer
    threshold, and the macro average over languages; see docs/tasks/mkqa.rst."""

    name = "mkqa"
    plain_answers = (
        "its gold gives each answer a type (unanswerable, yes/no, number...) per language and "
        "its predictions a no-answer probability; score its files with answermatch.evaluate"
    )
    summary = (
        "MKQA open-domain QA in 26 languages (apple/ml-mkqa mkqa_eval.py): EM/F1 at the "
        "best no-answer threshold, macro average over languages"
    )
    primary = "best_f1"
    profiles: ClassVar[Mapping[str, Any]] = {"official": OFFICIAL, "fair": FAIR}
    languages = LANGUAGES
    options: ClassVar[Mapping[str, str]] = {
        "lang": "the language of a single prediction file or list of rows (ar, da, ..., "
        "zh_tw; default: the file name <lang>.jsonl); with a folder, score only that language",
    }
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": "a JSON Lines file (plain or .gz: the official mkqa.jsonl.gz) or a list of "
        "rows as Hugging Face datasets gives MKQA: {'example_id': ..., 'queries': {lang: "
        "...}, 'answers': {lang: [{'type': ..., 'text': str | None, 'aliases': [str, ...]}, "
        "...]}} with all 26 languages",
        "predictions": "a <lang>.jsonl file (lang from -o lang=xx or the file name), a folder "
        "of <lang>.jsonl files, a list of rows of one language (with lang=xx), or a dict "
        "{lang: rows or path}; a row is {'example_id': ..., 'prediction': str | None, "
        "'binary_answer': 'yes' | 'no' | '' | None, 'no_answer_prob': float (optional, "
        "default 0)}",
    }
    item_order = "gold"
    gold_checks = GoldChecks(
        (
            mkqa_checks.check_readable,
            mkqa_checks.check_duplicate_ids,
            check_normalizes_empty,
            mkqa_checks.check_duplicate_aliases,
            check_unicode_punct,
            check_values,
        ),
        normalize=_official_normalize,
        normal_parts=_official_parts,
    )

    # --- reading ----------------------------------------------------------------------

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> MkqaGold:
        return read_gold(source, diag)

    def read_predictions(
        self, source: Any, gold: MkqaGold, diag: Diagnostics, **options: Any
    ) -> Predictions:
        return read_predictions(source, gold, diag, options.get("lang"))

    def option_fields(self, settings: MkqaSettings, **options: Any) -> dict[str, str | None]:
        """``lang`` checked; the languages scored sign the run."""
        check_language(options.get("lang"))
        return {}

    def split_rows(
        self, rows: list[dict[str, Any]], *, key: str = "id", prediction: str = "prediction"
    ) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
        """Rows of MKQA's gold (``{"example_id", "answers": {lang: ...}, ...}``;
        ``key`` stands for ``example_id`` when that is absent), each with
        ``"lang"`` and one language's prediction fields (``prediction``,
        ``binary_answer``, ``no_answer_prob``), as the gold examples (each
        once, in first-seen order) and ``{lang: prediction rows}``.

        The official script scores every example of a language, and its
        best threshold walks a language's predictions in file order: a
        batch holds the same examples for each of its languages (partition
        by language, or by example with all its languages), and a language
        is scored in one batch (its rows are not merged across parts).

        >>> gold, preds = Mkqa().split_rows([
        ...     {"example_id": 1, "answers": {}, "lang": "en", "prediction": "x"},
        ...     {"example_id": 1, "answers": {}, "lang": "ja", "prediction": None}])
        >>> [g["example_id"] for g in gold], sorted(preds)
        ([1], ['en', 'ja'])
        """
        own = {"lang", prediction, "binary_answer", "no_answer_prob"}
        gold: dict[Any, dict[str, Any]] = {}
        by_lang: dict[str, list[dict[str, Any]]] = {}
        for number, row in enumerate(rows, start=1):
            ex_id = row.get("example_id", row.get(key))
            lang = row.get("lang")
            if ex_id is None or not isinstance(lang, str):
                raise InputError(
                    'expected a row {"example_id", "answers": {lang: ...}, "lang": xx, '
                    f'"{prediction}": text, ...}}',
                    path="<rows>",
                    line=number,
                )
            gold.setdefault(ex_id, {k: v for k, v in row.items() if k not in own})
            gold[ex_id].setdefault("example_id", ex_id)
            found = {"example_id": ex_id, "prediction": row.get(prediction)}
            found["binary_answer"] = row.get("binary_answer")
            if row.get("no_answer_prob") is not None:
                found["no_answer_prob"] = row["no_answer_prob"]
            by_lang.setdefault(lang, []).append(found)
        for lang, found in by_lang.items():
            if len(found) != len(gold):
                raise InputError(
                    f"a batch of MKQA rows has {len(found)} rows for {lang} and {len(gold)} "
                    "examples: give each batch the same examples in each of its languages "
                    "(partition the rows by language)",
                    path="<rows>",
                )
        return list(gold.values()), by_lang

    # --- scoring ----------------------------------------------------------------------

    def score(
        self, inputs: Inputs, settings: MkqaSettings, diag: Diagnostics, **options: Any
    ) -> Scored:
        gold: MkqaGold = inputs.gold
        predictions: Predictions = inputs.predictions
        langs = list(predictions.languages)
        jobs = []
        for lang in langs:
            gold.prepare(lang, diag)
            texts = predictions.languages[lang].texts
            answers = [gold.answers(lang, k) for k in range(len(gold.ids))]
            jobs.append((lang, list(map(texts.__getitem__, gold.ids)), answers))
        per_language = map_chunks(partial(_languages, settings), jobs, diag.workers)
        tokenizers: dict[str, str] = {}
        ids = gold.ids
        rows: list[Stats] = []  # what the aggregation keeps of each item, by columns
        totals: Totals = {}
        predicted: list[str] = []  # the items' columns besides the rows, languages in turn
        no_answer_probs: list[Any] = []
        for lang, (signature, ems, f1s, answerable) in zip(langs, per_language, strict=True):
            if signature:
                tokenizers[lang] = signature
            preds = predictions.languages[lang]
            position = {ex_id: k for k, ex_id in enumerate(preds.texts)}
            texts = list(map(preds.texts.__getitem__, ids))
            probs = list(map(preds.probs.__getitem__, ids))
            orders = list(map(position.__getitem__, ids))
            stats = (  # _statistics of each item
                [_INDEX[lang]] * len(ids),
                list(map(float, orders)),
                list(map(float, probs)),
                [1.0 if a else 0.0 for a in answerable],
                ems,
                f1s,
                [1.0 if text else 0.0 for text in texts],
            )
            rows.extend(zip(*stats, strict=True))
            if ids:  # summed in item order, as the aggregation adds
                totals[lang] = (len(ids), tuple(reduce(add, column, 0.0) for column in stats))
            predicted += texts
            no_answer_probs += probs
        columns = {
            "id": ids * len(langs),
            "row": rows,
            "prediction": predicted,
            "no_answer_prob": no_answer_probs,
        }

        extra = {
            "seg": "official" if settings.segmentation == "official" else "language",
            "langs": "all" if len(langs) == len(LANGUAGES) else "+".join(langs),
            "threshold": "best-f1",
        }
        signature = make_signature(
            self.name,
            self.profile_name(settings),
            norm=settings.describe("mkqa"),
            tokenizers=tokenizers,
            extra=extra,
        )
        return Scored(ItemColumns(columns, _item), signature, totals, rows)

    def aggregation(self, settings: MkqaSettings, **options: Any) -> Aggregation:
        return Aggregation(
            statistics=_statistics,
            combine=_combine,
            primary=self.primary,
            group=lambda item: item["lang"],
            rows=True,
            # language index, order, no-answer probability, answerable, EM, F1, answered
            ranges=(
                Statistic(0, len(LANGUAGES) - 1, integer=True),
                COUNT,
                ANY,
                *(FRACTION,) * 4,
            ),
            groups=LANGUAGES,
        )

    def merge_signatures(self, signatures: list[str]) -> str:
        """The signature of parts scored apart (:class:`answermatch.Scorer`):
        as :func:`~answermatch.signature.merge_signatures`, with ``langs``
        the union of the parts' languages (``all`` for the 26).

        >>> base = "task:mkqa|profile:official|langs:{}|version:1"
        >>> Mkqa().merge_signatures([base.format("en"), base.format("ar+ja")])
        'task:mkqa|profile:official|langs:ar+en+ja|version:1'
        """
        from ...signature import signature_fields

        found: set[str] = set()
        for signature in signatures:
            value = signature_fields(signature).get("langs", "")
            found |= set(LANGUAGES) if value == "all" else set(filter(None, value.split("+")))
        langs = "all" if found == set(LANGUAGES) else "+".join(c for c in LANGUAGES if c in found)
        marked = [
            "|".join("langs:*" if f.startswith("langs:") else f for f in s.split("|"))
            for s in signatures
        ]
        return super().merge_signatures(marked).replace("|langs:*|", f"|langs:{langs}|")

    # --- the official printed figures --------------------------------------------------

    @staticmethod
    def official_rounding(result: Any) -> dict[str, Any]:
        """What the official scripts print for ``result`` (a Result or its
        ``to_dict()``): ``per_language`` rounded to 2 decimals as
        ``mkqa_eval.py`` rounds them, and ``macro_average`` as
        ``mkqa_eval_all_languages.py`` computes it (the mean of the rounded
        figures, rounded)."""
        per_language = (
            result["per_language"] if isinstance(result, Mapping) else result.per_language
        )
        rounded, macro = official_rounding(per_language)
        return {"per_language": rounded, "macro_average": macro}

    def format_table(self, result: Any) -> str:
        """The CLI's table: every figure (the 11 columns of the script's
        ``-v``) with the official scripts' rounding (2 decimals, and the
        "Macro Average" row as the mean of the rounded figures, rounded),
        plainly aligned."""
        view = self.official_rounding(result)
        header = ["language", *KEYS]
        body = [
            [lang, *(f"{figs[k]:g}" for k in KEYS)] for lang, figs in view["per_language"].items()
        ]
        body.append(["Macro Average", *(f"{view['macro_average'][k]:g}" for k in KEYS)])
        widths = [max(len(row[i]) for row in [header, *body]) for i in range(len(header))]
        lines = []
        for row in [header, *body]:
            cells = [
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            ]
            lines.append("  ".join(cells))
        return "\n".join(lines)

    @classmethod
    def official_table(cls, result: Any, verbose: bool = False) -> str:
        """The table ``mkqa_eval_all_languages.py`` prints for ``result``:
        tabulate's ``psql`` table of a row per language and the "Macro
        Average" row, with the six ``best_*`` columns, or the eleven of its
        ``-v`` (``verbose``); figures rounded as the script rounds them and
        written as tabulate writes them (``format(x, "g")``, aligned on the
        decimal point).

        >>> figures = {"best_em": 50.0, "best_f1": 62.5, "best_answerable_em": 100.0,
        ...            "best_answerable_f1": 100.0, "best_unanswerable_em": 0.0,
        ...            "best_f1_threshold": 0.0}
        >>> print(Mkqa.official_table({"per_language": {"en": figures}}))
        +---------------+-----------+-----------+----------------------+----------------------+------------------------+---------------------+
        | language      |   best_em |   best_f1 |   best_answerable_em |   best_answerable_f1 |   best_unanswerable_em |   best_f1_threshold |
        |---------------+-----------+-----------+----------------------+----------------------+------------------------+---------------------|
        | en            |        50 |      62.5 |                  100 |                  100 |                      0 |                   0 |
        | Macro Average |        50 |      62.5 |                  100 |                  100 |                      0 |                   0 |
        +---------------+-----------+-----------+----------------------+----------------------+------------------------+---------------------+
        """  # noqa: E501
        view = cls.official_rounding(result)
        keys = KEYS if verbose else BEST_KEYS
        rows = [*view["per_language"].items(), ("Macro Average", view["macro_average"])]
        columns = [["language", *(name for name, _ in rows)]]
        for key in keys:
            columns.append([key, *_decimal_aligned([f"{figs[key]:g}" for _, figs in rows])])
        widths = [max(len(column[0]) + 2, *map(len, column[1:])) for column in columns]
        cells = [
            [column[0].ljust(w) if k == 0 else column[0].rjust(w)]
            + [c.ljust(w) if k == 0 else c.rjust(w) for c in column[1:]]
            for k, (column, w) in enumerate(zip(columns, widths, strict=True))
        ]
        rule = "+".join("-" * (w + 2) for w in widths)
        lines = [f"+{rule}+"]
        for r in range(len(rows) + 1):
            lines.append("| " + " | ".join(column[r] for column in cells) + " |")
            if r == 0:
                lines.append(f"|{rule}|")
        lines.append(f"+{rule}+")
        return "\n".join(lines)

    # --- explain and check-gold --------------------------------------------------------

    def explain(
        self, inputs: Inputs, settings: MkqaSettings, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        scored = self.score(inputs, settings, diag, **options)
        gold: MkqaGold = inputs.gold
        position = {ex_id: k for k, ex_id in enumerate(gold.ids)}
        thresholds: dict[str, float] = {}
        by_lang: dict[str, list[Row]] = _rows_by_language(map(_statistics, scored.items))
        for lang, rows in by_lang.items():
            thresholds[lang] = best_threshold(rows)[1]
        profile = self.profile_name(settings)
        by_language: dict[str, Rules] = {}
        for item in scored.items:
            lang = item["lang"]
            rules = by_language.get(lang) or by_language.setdefault(lang, Rules(settings, lang))
            answers = gold.answers(lang, position[item["id"]])
            variants = []
            for answer in answers:
                em, f1 = rules.match(item["prediction"], (answer,))
                variants.append(
                    Variant(
                        _view(rules, answer),
                        {"em": em, "f1": f1},
                        _rule(rules, item["prediction"], answer),
                        em == 1.0,
                    )
                )
            threshold = thresholds[lang]
            abstains = item["no_answer_prob"] > threshold
            answerable = item["answerable"]
            if abstains:
                outcome = (
                    "abstains: counts 0 (the example is answerable)"
                    if answerable
                    else "abstains: counts 1 (the example is unanswerable)"
                )
            else:
                outcome = "answers: its EM and F1 count"
            rule = (
                "EM and F1: the best over the gold answers after normalization; at the best "
                f"F1 threshold {threshold!r} the example {outcome} "
                f"(no_answer_prob {item['no_answer_prob']!r} "
                f"{'>' if abstains else '<='} {threshold!r})"
            )
            scores = figures(item)
            yield Explanation(
                self.name,
                profile,
                item["id"],
                lang,
                _view(rules, item["prediction"]),
                tuple(variants),
                rule,
                scores,
                verdict(item["f1"], item["em"]),
                {
                    "answerable": answerable,
                    "no_answer_prob": item["no_answer_prob"],
                    "best_f1_threshold": threshold,
                    "abstains": abstains,
                    "best_em": (1.0 if not answerable else 0.0) if abstains else item["em"],
                    "best_f1": _best_f1_share(answerable, abstains, item),
                },
            )

    def gold_entries(self, gold: MkqaGold) -> Iterable[Entry]:
        return mkqa_checks.entries(gold)


def _best_f1_share(answerable: bool, abstains: bool, item: Mapping[str, Any]) -> float:
    """What the example adds to best_f1's sum: an abstaining example counts
    1 if unanswerable, else 0; an answering one its F1 if answerable, else
    0 for a non-empty predicted text and 1 for an empty one."""
    if abstains:
        return 0.0 if answerable else 1.0
    if answerable:
        return item["f1"]
    return 0.0 if item["answered"] else 1.0


def _view(rules: Rules, text: str) -> TextView:
    tokens = view_tokens(rules.tokens(text))  # a long text's: its counts
    cut = rules.long_pieces()
    if len(text) > _steps.PIECE_CHARS and cut is not None:  # traced piece by piece: no copy held
        changes, _ = trace_pieces(rules.steps(), lambda: cut(text))
        return TextView(text, joined_tokens(tokens), tokens, changes)
    changed: list[str] = []
    current = text
    for name, step in rules.steps():
        after = step(current)
        if after != current:
            changed.append(name)
        current = after
    return TextView(text, joined_tokens(tokens), tokens, tuple(changed))


def _rule(rules: Rules, prediction: str, answer: str) -> str:
    pred, gold = rules.tokens(prediction), rules.tokens(answer)
    if not gold or not pred:
        return (
            "both sides have no token: EM 1, F1 1"
            if gold == pred
            else "one side has no token: F1 0"
        )
    if gold == pred:
        return "same normalized text: EM 1, F1 1"
    return "bag-of-tokens F1 (EM 0: the normalized texts differ)"


def _decimal_aligned(texts: list[str]) -> list[str]:
    """Numbers padded on the right so that their decimal points line up, as
    tabulate's ``numalign="decimal"`` does (a number without a point or an
    exponent counts as ending just before one).

    >>> _decimal_aligned(["50", "62.5", "nan", "1.25"])
    ['50   ', '62.5 ', 'nan  ', '1.25']
    """
    after = []
    for text in texts:
        point = text.rfind(".")
        if point < 0:
            point = text.lower().rfind("e")
        after.append(len(text) - point - 1 if point >= 0 else -1)
    most = max(after)
    return [text + " " * (most - n) for text, n in zip(texts, after, strict=True)]
