"""CMRC 2018 (and DRCD): the official ``cmrc2018_evaluate.py`` (v6) and a fair profile.

The official scorer of the CMRC 2018 Chinese machine reading comprehension
evaluation (https://github.com/ymcui/cmrc2018, ``baseline/cmrc2018_evaluate.py``,
v6, Python 3), also used for DRCD. For each gold question it takes the
prediction with the question's id (none: EM and F1 0, counted in ``SKIP``),
EM and F1 against every answer, the best of each (:mod:`.rules`), and reports

* ``F1`` = 100 x (sum of the questions' F1) / ``TOTAL``;
* ``EM`` = 100 x (number of exact matches) / ``TOTAL``;
* ``AVERAGE`` = (``EM`` + ``F1``) / 2;
* ``TOTAL`` (gold questions) and ``SKIP`` (questions without a prediction).

The script prints ``AVERAGE``, ``F1`` and ``EM`` as strings with three
decimals (``'%.3f'``); the scores here keep full precision.

``-o version=5`` gives the Python 2 script's figures (v5, ``data/`` and
``squad-style-data/``): NLTK 3.4.5's older word tokenizer (dashes and a
leading apostrophe stay attached), Python 2.7's ``lower()`` and ``strip()``
(:mod:`.py2text`), ids read as the v5 scripts read them and stripped of
surrounding spaces.

>>> gold = [{"context_id": "D0", "context_text": "……",
...          "qas": [{"query_id": "Q0", "query_text": "?", "answers": ["光荣和ω-force"]},
...                  {"query_id": "Q1", "query_text": "?", "answers": ["1990年", 1990]}]}]
>>> import warnings
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore")
...     result = Cmrc2018().evaluate(gold, {"Q0": "光荣和koei", "Q1": "1990年"})
>>> result.scores
{'AVERAGE': 68.75, 'F1': 87.5, 'EM': 50.0, 'TOTAL': 2, 'SKIP': 0}
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from typing import Any, ClassVar

from ...checks import Entry
from ...diagnostics import Diagnostics
from ...errors import InputError
from ...explanation import Explanation
from ...formats.squad import hashable
from ...result import Result
from ...signature import make_signature
from ..base import FRACTION, Aggregation, Inputs, Scored, Stats, Summary, Task, Totals
from ..parts import ChecksGold, Explains, TakesRows
from ..squad.scoring import pair_figures, pair_scorer
from .checks import GOLD_CHECKS, entries
from .data import Gold, Questions, read_gold, read_predictions
from .profiles import FAIR, OFFICIAL, PROFILES, Comparer, Settings, signature_fields
from .rules import as_text, py2_str

__all__ = ["FAIR", "OFFICIAL", "Cmrc2018", "Settings"]

_VERSIONS = {5: 5, 6: 6, "5": 5, "6": 6, "v5": 5, "v6": 6}


def _version(options: dict[str, Any]) -> int | None:
    value = options.get("version")
    if value is None:
        return None
    if value not in _VERSIONS or isinstance(value, bool):
        raise InputError(f"option version must be 5 or 6 (the script's version), not {value!r}")
    return _VERSIONS[value]


class Cmrc2018(Task, Explains, ChecksGold, TakesRows):
    """CMRC 2018 / DRCD: EM and the longest-common-run F1 over a mixed
    character/NLTK segmentation (see :mod:`answermatch.tasks.cmrc2018`)."""

    name = "cmrc2018"
    summary = (
        "CMRC 2018 / DRCD (cmrc2018_evaluate.py v6): EM and F1 of the longest common "
        "token run over Chinese characters + NLTK words"
    )
    primary = "F1"
    profiles = PROFILES
    languages = ("zh",)
    options: ClassVar[Mapping[str, str]] = {
        "version": "6 (default: the Python 3 script, NLTK 3.10.4) or 5 (the Python 2 "
        "script, NLTK 3.4.5's tokenizer, ids stripped)",
    }
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": (
            "a CMRC 2018 file (a list of passages {context_id, context_text, qas: [{query_id, "
            "query_text, answers: [text, ...]}]}), a SQuAD-format file or object ({data: "
            "[{paragraphs: [{context, qas: [{id, question, answers: [{text, answer_start}]}]}]}]}"
            ", CMRC 2018 squad-style and DRCD), or Hugging Face datasets rows ({id, context, "
            "question, answers: {text: [...], answer_start: [...]}}) as a list or a JSON Lines "
            "file"
        ),
        "predictions": (
            "{question id: answer text} (a JSON object), or a list of {id, prediction_text}"
        ),
    }
    item_order = "gold"
    gold_checks = GOLD_CHECKS

    def format_table(self, result: Result) -> str:
        """The CLI's table: AVERAGE, F1 and EM with three decimals, as the
        official script prints them, then TOTAL and SKIP."""
        scores = result.scores
        rows = [(key, f"{scores[key]:.3f}") for key in ("AVERAGE", "F1", "EM")]
        rows += [(key, str(int(scores[key]))) for key in ("TOTAL", "SKIP")]
        return "\n".join(f"{key:<8} {value}" for key, value in rows)

    # --- reading ----------------------------------------------------------------------

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> Gold:
        version = _version(options) or 6
        gold = read_gold(source, diag, version)
        if version == 5:  # Python 2: ids stripped, str() of floats
            ids = gold.questions.ids
            for k, qid in enumerate(ids):
                if not isinstance(qid, str):
                    raise InputError(
                        f"question id {qid!r} is not a string: the version 5 script calls "
                        ".strip() on every id and fails on it (AttributeError); store the id "
                        "as a string",
                        path=gold.file.name,
                        line=gold.file.line(k),
                    )
            texts = [tuple(map(py2_str, raw)) for raw in gold.file.answers]
            questions = Questions([qid.strip() for qid in ids], texts, gold.questions.stored)
            gold = replace(gold, questions=questions)
        return gold

    def read_predictions(
        self, source: Any, gold: Gold, diag: Diagnostics, **options: Any
    ) -> dict[Any, str]:
        if _version(options) == 5:  # Python 2's json fails on a byte order mark
            return read_predictions(source, gold, diag, py2_str, bom="error")
        return read_predictions(source, gold, diag, as_text)

    # --- scoring ----------------------------------------------------------------------

    def settings_for(self, settings: Settings, options: dict[str, Any]) -> Settings:
        """``settings`` with the ``version`` option applied."""
        version = _version(options)
        return settings if version is None else replace(settings, version=version)

    def score(
        self, inputs: Inputs, settings: Settings, diag: Diagnostics, **options: Any
    ) -> Scored:
        settings = self.settings_for(self.settings(settings), options)
        comparer = Comparer(settings)
        gold: Gold = inputs.gold
        predictions: dict[Any, str] = inputs.predictions
        # the columns alone: no question made, no context read
        ids, golds = gold.questions.ids, gold.questions.texts
        texts = [predictions.get(qid) if hashable(qid) else None for qid in ids]
        for k, (text, answers) in enumerate(zip(texts, golds, strict=True)):
            if text is not None and not answers:  # the script's max() of no score
                raise InputError(
                    f"question {ids[k]!r} ({gold.file.where(k)}) has no answer: the official "
                    "script fails on it (max() of no score)",
                    path=inputs.gold_name,
                    line=gold.file.line(k),
                )
        # the SQuAD family's scoring, with the script's F1 of each answer
        score = pair_scorer(comparer.analyse, f1=comparer.f1_one)
        figures = pair_figures(score, zip(texts, golds, strict=True))
        items = [
            {
                "id": qid,
                "score": f1,
                "f1": f1,
                "em": int(em),
                "answered": text is not None,
                "prediction": text,
                "gold": list(answers),
            }
            for qid, answers, text, (em, f1) in zip(ids, golds, texts, figures, strict=True)
        ]
        return Scored(items, self.signature(settings))

    def option_fields(self, settings: Settings, **options: Any) -> dict[str, str | None]:
        """``version``: the script (5 or 6) the signature names."""
        chosen = self.settings_for(self.settings(settings), options)
        return {"script": str(signature_fields(chosen)["script"])}

    def signature(self, settings: Settings) -> str:
        """The signature of a run under ``settings``."""
        tok = "nltk-3.10.4" if settings.version == 6 else "nltk-3.4.5"
        fields = signature_fields(settings)
        return make_signature(
            self.name,
            settings.name,
            norm="cmrc2018" if settings.is_official else "cmrc2018-fair",
            tokenizers={"zh": tok},
            extra=fields,
        )

    def aggregation(self, settings: Any, **options: Any) -> Aggregation:
        return Aggregation(
            statistics=_statistics,
            combine=_combine,
            primary="F1",
            ranges=(FRACTION, FRACTION, FRACTION),
        )

    # --- explain and gold checks ----------------------------------------------------

    def explain(
        self, inputs: Inputs, settings: Any, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        from .explain import explain

        settings = self.settings_for(self.settings(settings), options)
        scored = self.score(inputs, settings, diag, **options)
        return explain(self.name, inputs, settings, scored.items)

    def gold_entries(self, gold: Gold) -> Iterable[Entry]:
        return entries(gold)


def _statistics(item: dict[str, Any]) -> Stats:
    return (item["f1"], item["em"], 0.0 if item["answered"] else 1.0)


def _combine(totals: Totals, rows: list[Stats] | None) -> Summary:
    count, (f1, em, skip) = totals.get(None, (0, (0.0, 0.0, 0.0)))
    if not count:
        return Summary({"AVERAGE": 0.0, "F1": 0.0, "EM": 0.0, "TOTAL": 0, "SKIP": 0})
    f1_score = 100.0 * f1 / count
    em_score = 100.0 * em / count
    return Summary(
        {
            "AVERAGE": (em_score + f1_score) * 0.5,
            "F1": f1_score,
            "EM": em_score,
            "TOTAL": count,
            "SKIP": int(skip),
        }
    )
