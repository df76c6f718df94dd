"""MLQA (``mlqa_evaluation_v1.py``, github.com/facebookresearch/MLQA): SQuAD
v1.1's EM and F1 with the answer language's rules; also XQuAD files.

The rules (see :mod:`answermatch.tasks.squad.rules`): lower-case; drop every
Unicode punctuation code point (category P, from the running Python's
``unicodedata``, so the signature names its Unicode version) and ASCII
``string.punctuation``; the language's articles (Arabic: every ``ال``,
inside words too); whitespace tokens, except Chinese, where each character
of U+4E00..U+9FA5 is a token. F1 is 0 without a shared token (two empty
answers included). Missing predictions score 0 and count.

The language is the ``lang`` option (en, es, de, ar, hi, vi, zh), or the one
the gold file's name states (MLQA's ``...-context-xx-question-yy.json``:
answers are in the context's language; XQuAD's ``xquad.xx.json``).

This task reads and scores through the SQuAD package
(:mod:`answermatch.tasks.squad`): MLQA's script is SQuAD v1.1's with
language rules, and its files are in SQuAD's layout.

>>> gold = [{"id": "q1", "answers": {"text": ["北京大学"], "answer_start": [0]}}]
>>> r = Mlqa().evaluate(gold, {"q1": "北京"}, lang="zh")
>>> r.scores, r.per_language["zh"]["count"]
({'exact_match': 0.0, 'f1': 66.66666666666666}, 1)
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from ...errors import InputError, UnknownLanguageError
from .reading import SpanGold
from .rules import MLQA_LANGUAGES, SpanRules, answer_language
from .tasks import FAIR, LazyChecks, SpanTask, squad_checks

if TYPE_CHECKING:
    from ...checks import GoldChecks

__all__ = ["PROFILES", "Mlqa"]

PROFILES: dict[str, SpanRules] = {
    "official": SpanRules("official", punct="unicode", articles="mlqa", tokens="mlqa"),
    "fair": FAIR,
}


@cache
def _mlqa_checks() -> GoldChecks:
    """SQuAD's gold checks normalized by MLQA's rule, without the check of
    Unicode punctuation (MLQA's rule deletes it)."""
    from dataclasses import replace

    from ...checks import check_unicode_punct

    squad = squad_checks()
    kept = tuple(check for check in squad.checks if check is not check_unicode_punct)
    from .checks import normalized_parts

    official = PROFILES["official"]
    return replace(
        squad, checks=kept, normalize=official.normalized, normal_parts=normalized_parts(official)
    )


class Mlqa(SpanTask):
    """MLQA's official scorer, one answer language per run."""

    name = "mlqa"
    summary = (
        "MLQA (mlqa_evaluation_v1.py): SQuAD-style EM/F1 with per-language punctuation, "
        "articles and Chinese characters; also XQuAD"
    )
    script = "mlqa_evaluation_v1"
    # The script expects "1.0" (compared as str()); XQuAD files say "1.1"
    expected_version = "1.0"
    version_as_str = True
    usual_versions = ("1.1",)
    profiles: ClassVar[Mapping[str, Any]] = PROFILES
    languages = MLQA_LANGUAGES
    options: ClassVar[Mapping[str, str]] = {
        "lang": "answer language: en, es, de, ar, hi, vi or zh (default: the one the gold "
        "file's name states, e.g. xquad.de.json or dev-context-de-question-en.json)",
    }
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": "the SQuAD v1.1 layout (MLQA and XQuAD files) or Hugging Face rows "
        '{"id", "answers": {"text": [...], "answer_start": [...]}}, as for squad',
        "predictions": '{id: text}, or a list of {"id", "prediction_text"}, as objects, '
        "JSON or JSON Lines",
    }
    gold_checks = LazyChecks(_mlqa_checks)

    def lang_of(self, gold: SpanGold, options: Mapping[str, Any]) -> str:
        given = options.get("lang")
        return _mlqa_language(given or gold.file_lang, bool(given), gold.name)

    def label_of(self, gold: SpanGold, options: Mapping[str, Any]) -> str | None:
        return self.lang_of(gold, options)

    def option_fields(self, settings: Any, **options: Any) -> dict[str, str | None]:
        """``lang`` when given (else the gold file's name decides it)."""
        if not options.get("lang"):
            return {}
        return {"lang": _mlqa_language(options["lang"], True, None)}


def _mlqa_language(lang: Any, given: bool, path: str | None) -> str:
    """``lang`` as the code of one of MLQA's languages (``given``: by the
    option, else from the gold file's name at ``path``)."""
    if lang is not None and lang not in MLQA_LANGUAGES:
        with contextlib.suppress(UnknownLanguageError):
            lang = answer_language(lang)  # zh-CN, ZH, zho: zh
    if lang is None:
        raise InputError(
            "mlqa needs the answer language: -o lang=xx (one of "
            f"{', '.join(MLQA_LANGUAGES)}); the gold file's name does not state it",
            path=path,
        )
    if lang not in MLQA_LANGUAGES:
        from_name = "" if given else " (from the gold file's name)"
        raise InputError(
            f"MLQA's script has no rules for language {lang!r}{from_name}; its languages: "
            f"{', '.join(MLQA_LANGUAGES)}. Score other XQuAD languages with squad "
            "(SQuAD v1.1's rule, as XTREME does)",
            path=path,
        )
    return str(lang)
