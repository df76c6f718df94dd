"""KorQuAD 1.0: the official ``evaluate-v1.0.py`` (character-level F1) and a fair profile.

KorQuAD 1.0 (https://korquad.github.io/KorQuad%201.0/) publishes its
evaluation script with the data set, adapted from SQuAD v1.1's. Its rules:

* **Normalization** of both sides: ``' " 《 》 < > 〈 〉 ( ) ‘ ’`` each become
  a space; then lower case; then every ASCII punctuation character
  (``string.punctuation``) is deleted; then whitespace runs become one
  space and the ends are stripped. No articles, no Unicode punctuation
  besides the twelve characters (``“ ” 「 」 … 、 。`` stay).
* **EM**: the normalized strings are equal.
* **F1** over *characters*: the normalized text is split on spaces and each
  word into its characters (so spaces do not count); the common characters
  are the multiset intersection; precision and recall are its size over
  each side's character count; 0 when nothing is shared.
* The best answer counts for each figure; a question without a prediction
  scores 0 (a message on stderr); ``exact_match`` and ``f1`` are
  100 x sum / number of gold questions. Extra predictions are ignored.

The script fails (a traceback) on a gold file without ``version``, a
question without answers that is predicted, and a prediction or an answer
that is not a string: here these are :class:`~answermatch.errors.InputError`\\ s
naming the question. A ``version`` other than ``KorQuAD_v1.0_*`` is a
warning, as the script prints one.

Inputs: the published layout ``{"version": "KorQuAD_v1.0_dev", "data":
[{"title", "paragraphs": [{"context", "qas": [{"id", "question", "answers":
[{"text", "answer_start"}]}]}]}]}``, or Hugging Face ``datasets`` rows ``{"id",
"context", "question", "answers": {"text": [...], "answer_start": [...]}}``
as a list or a JSON Lines file; predictions ``{id: text}`` (or a list of
``{"id", "prediction_text"}``).

KorQuAD is a task of the SQuAD family (:class:`~answermatch.tasks.squad.SpanTask`):
its reader, scoring and figures are SQuAD v1.1's; what is its own are the
rules (:data:`OFFICIAL`, :data:`FAIR`: the normalization, and characters as
F1 units),
the gold's dialect and ``version`` check, and the script's failures.

>>> gold = [{"id": "q1", "context": "서울은 대한민국의 수도이다.",
...          "answers": {"text": ["대한민국"], "answer_start": [4]}}]
>>> KorQuAD().evaluate(gold, {"q1": "대한민국의"}).scores  # 4 of 5 characters
{'exact_match': 0.0, 'f1': 88.8888888888889}
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, ClassVar

from ..checks import (
    Entry,
    GoldChecks,
    check_duplicate_variant,
    check_empty_variant,
    check_ids,
    check_normalizes_empty,
)
from ..diagnostics import Diagnostics
from ..errors import InputError
from ..explanation import (
    Explanation,
    TextView,
    Variant,
    unanswered,
    verdict,
    view_text,
    view_tokens,
)
from ..formats.squad import (
    Dialect,
    Kept,
    SquadFile,
    prediction_map,
    read,
    string_ids,
    warn_coverage,
)
from ..formats.squad import warn_repeated_ids as _warn_repeated_ids
from ..matchers.answers import JoinedKey, common_count, overlap_f1
from ..normalization.steps import (
    CASE_PIECE_CHARS,
    case_mapped,
    strip_ascii_punct,
    strip_noise,
)
from ..signature import make_signature
from ..sources import source_name
from .base import Inputs, Scored
from .squad.checks import SpanEntry, check_answer_start, check_no_answer
from .squad.reading import Predictions
from .squad.rules import (
    IN_WORD_RULES,
    LETTER_CUT_RULES,
    NUMBER_PIECES,
    PIECEWISE_RULES,
    SpanRules,
    token_characters,
)
from .squad.tasks import SpanTask

__all__ = ["FAIR", "OFFICIAL", "KorQuAD", "normalize_answer"]

EXPECTED_VERSION = "KorQuAD_v1.0"

#: The characters the script's ``remove_`` turns into spaces.
TO_SPACE = "'\"《》<>〈〉()‘’"
# a character class finds them in one C loop (str.translate looks each character up)
_TO_SPACE = re.compile(f"[{re.escape(TO_SPACE)}]").sub


def marks_to_spaces_lower(text: str) -> str:
    """The script's first two steps: :data:`TO_SPACE` to spaces, then
    ``str.lower`` (in this order: ``'`` and ``’`` next to a ``Σ`` decide
    whether it lowers to a final ``ς``).

    A long text's marks are replaced a piece at a time (``re.sub`` holds a
    string object for each stretch between two marks before it joins them)
    and it is lowered a piece at a time
    (:func:`~answermatch.normalization.steps.case_mapped`).

    >>> marks_to_spaces_lower("《토지》(ABC)")
    ' 토지  abc '
    """
    size = CASE_PIECE_CHARS
    if len(text) > size:  # each mark a space on its own: any cut will do
        text = "".join([_TO_SPACE(" ", text[at : at + size]) for at in range(0, len(text), size)])
    else:
        text = _TO_SPACE(" ", text)
    return case_mapped(text, str.lower)


def normalize_answer(text: str) -> str:
    """The script's ``normalize_answer``: twelve marks to spaces, lower case,
    ASCII punctuation deleted, whitespace collapsed.

    >>> normalize_answer("《토지》(1969)")
    '토지 1969'
    >>> normalize_answer("“서울”, 1,000명")
    '“서울” 1000명'
    """
    return " ".join(strip_ascii_punct(marks_to_spaces_lower(text)).split())


def numbers_read_alike(text: str, lang: str) -> list[tuple[bool, str]]:
    """The fair profile's numbers: each number one unit in canonical form,
    read the same in every language (:func:`answermatch.analysis.split_numbers`
    without ``lang``: ``1,000`` = ``1000``, ``3.50`` = ``3.5``)."""
    from ..analysis import split_numbers

    return split_numbers(text)


def number_pieces_alike(text: str, lang: str) -> Iterator[tuple[bool, str]]:
    """:func:`numbers_read_alike`'s pieces one at a time (a long text's
    without the list of them: a tuple and a string each)."""
    from ..analysis import number_pieces

    return number_pieces(text)


NUMBER_PIECES[numbers_read_alike] = number_pieces_alike
PIECEWISE_RULES.add(numbers_read_alike)  # split_numbers reads no further (a long answer in pieces)
# marks to spaces one by one, then str.lower, whose final sigma looks no further than a space
PIECEWISE_RULES.add(marks_to_spaces_lower)
# neither reads across two Hangul syllables or CJK ideographs, which both keep (Korean or
# Chinese written without spaces)
IN_WORD_RULES.update((numbers_read_alike, marks_to_spaces_lower))
# and both map ASCII letters to ASCII letters, reading nothing into a run of them
LETTER_CUT_RULES.update((numbers_read_alike, marks_to_spaces_lower))

# --- rules -------------------------------------------------------------------------

#: The script's rules (:class:`~answermatch.tasks.squad.SpanRules`):
#: EM compares the normalized texts, F1 their characters (spaces not counted).
OFFICIAL = SpanRules("official", case=marks_to_spaces_lower, articles=None, units="characters")
#: ``width``: NFKC; ``case`` and ``punct``: case folding, every Unicode
#: punctuation mark and symbol deleted; ``numbers``: each number one unit in
#: canonical form, so ``1,000`` = ``1000``.
FAIR = OFFICIAL.replace(
    name="fair", width="nfkc", case="casefold", punct=strip_noise, numbers=numbers_read_alike
)


def _is_official(settings: SpanRules) -> bool:
    return settings.replace(name=OFFICIAL.name) == OFFICIAL


def rule_names(settings: SpanRules) -> dict[str, str]:
    """The signature's names of the rules that make up KorQuAD's profiles:
    ``width`` (``official`` or ``nfkc``), ``punct`` (the case and punctuation
    rules: ``official`` or ``unicode``) and ``numbers`` (``string`` or
    ``value``); a rule of one's own by its name.

    >>> rule_names(FAIR)
    {'width': 'nfkc', 'punct': 'unicode', 'numbers': 'value'}
    """
    shown = settings.as_dict()
    out = {}
    for key, fields, names in (
        ("width", ("width",), ("official", "nfkc")),
        ("punct", ("case", "punct"), ("official", "unicode")),
        ("numbers", ("numbers",), ("string", "value")),
    ):
        values = [getattr(settings, f) for f in fields]
        for name, profile in zip(names, (OFFICIAL, FAIR), strict=True):
            if values == [getattr(profile, f) for f in fields]:
                out[key] = name
                break
        else:
            out[key] = "+".join(str(shown[f]) for f in fields)
    return out


# --- reading -----------------------------------------------------------------------

#: KorQuAD's files in the SQuAD format: ids may be numbers, an answer that is
#: not a string fails (the script calls string methods on it), and so does a
#: byte order mark (the script's ``json.load`` of a text file rejects it).
DIALECT = Dialect(
    id_types=(str, int), text_types=(str,), bom="error", key_check=True, layout="KorQuAD"
)


def read_gold(source: Any, diag: Diagnostics) -> SquadFile:
    """The gold questions of a KorQuAD file or object (see
    :mod:`answermatch.tasks.korquad`), read by
    :func:`answermatch.formats.squad.read`; the
    SQuAD layout must carry the ``version`` the script reads."""
    gold = read(source, diag, DIALECT)
    if gold.layout == "squad":
        _check_version(gold.version, gold.name, diag)
    _warn_repeated_ids(
        gold, gold.ids, diag, "each occurrence is scored, as the official script does"
    )
    return gold


def _check_version(version: Any, path: str, diag: Diagnostics) -> None:
    if version is None:
        raise InputError(
            "the gold has no 'version' (the official script reads it and fails without it); "
            f'expected e.g. "version": "{EXPECTED_VERSION}_dev"',
            path=path,
        )
    if not isinstance(version, str):
        raise InputError(f"'version' must be a string, found {version!r}", path=path)
    read_version = "_".join(version.split("_")[:-1])
    if read_version != EXPECTED_VERSION:
        diag.warn(
            f"the evaluation expects {EXPECTED_VERSION}, but the gold says {read_version!r} "
            f"(version {version!r}); scored anyway, as the official script does",
            path=path,
        )


def normalized_parts(text: str, lang: str | None) -> Iterable[str]:
    """``OFFICIAL.normalized(text, lang)`` in parts, for the gold checks
    (:attr:`~answermatch.checks.GoldChecks.normal_parts`): a long text's
    EM key as scoring makes it, its parts made one after the other, the
    text cut before spaces and between two Hangul syllables or CJK
    ideographs (so Chinese or Korean written without spaces is read a
    piece at a time too).

    >>> text = "《北京》是中国的首都。" * 2000
    >>> "".join(normalized_parts(text, "ko")) == OFFICIAL.normalized(text, "ko")
    True
    """
    key = OFFICIAL.analyzer(lang or "ko")(text)[0]
    return key.parts() if type(key) is JoinedKey else (key,)


GOLD_CHECKS = GoldChecks(
    (
        check_ids,
        check_no_answer,
        check_empty_variant,
        check_duplicate_variant,
        check_normalizes_empty,
        check_answer_start,
    ),
    normalize=OFFICIAL.normalized,
    normal_parts=normalized_parts,
    duplicate_id_severity="warning",
)


def _refuse_what_the_script_fails_on(
    gold: SquadFile, texts: Mapping[Any, Any], pred_name: str | None
) -> None:
    """The error for the first question, in gold order, that the script
    fails on: a prediction that is not a string (``None`` included), or a
    predicted question without gold answers (``max()`` of no score)."""
    for index, question in enumerate(gold.questions):
        qid = question.id
        if qid not in texts:
            continue  # unanswered: 0
        if type(texts[qid]) is not str:
            raise InputError(
                f"the prediction for {qid!r} is {texts[qid]!r}, not a string (the official "
                "script fails on it)",
                path=pred_name,
            )
        if not question.answers:
            raise InputError(
                f"question {qid!r} ({gold.where(index)}) has no answer: the official "
                "script fails on it (max() of no score)",
                path=gold.name,
                line=gold.line(index),
            )


# --- the task ----------------------------------------------------------------------


class KorQuAD(SpanTask):
    """KorQuAD 1.0: EM and character-level F1 (see :mod:`answermatch.tasks.korquad`)."""

    name = "korquad"
    summary = "KorQuAD 1.0 (evaluate-v1.0.py): EM and character-level F1 after normalization"
    script = "evaluate-v1.0"
    profiles: ClassVar[Mapping[str, SpanRules]] = {"official": OFFICIAL, "fair": FAIR}
    languages = ("ko",)
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": (
            "the KorQuAD 1.0 layout {version: 'KorQuAD_v1.0_dev', data: [{title, paragraphs: "
            "[{context, qas: [{id, question, answers: [{text, answer_start}]}]}]}]} (a file or "
            "the parsed object), or Hugging Face datasets rows ({id, context, question, "
            "answers: {text: [...], answer_start: [...]}}) as a list or a JSON Lines file"
        ),
        "predictions": "{question id: answer text} (a JSON object), or a list of "
        "{id, prediction_text}",
    }
    gold_checks = GOLD_CHECKS

    def lang_of(self, gold: Any, options: Mapping[str, Any]) -> str:
        return "ko"

    def label_of(self, gold: Any, options: Mapping[str, Any]) -> str | None:
        return None

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> SquadFile:
        return read_gold(source, diag)

    def read_predictions(
        self, source: Any, gold: SquadFile, diag: Diagnostics, **options: Any
    ) -> Predictions:
        """``{id: text}`` from a JSON object, a path, or a list of ``{"id",
        "prediction_text"}``; values as they are (the script fails on one
        that is not a string when it is scored)."""
        path = source_name(source)
        data = prediction_map(source, diag, bom=DIALECT.bom, keep=string_ids(gold.ids))
        warn_coverage(gold.ids, data, diag, path, "each scores 0, as in the official script")
        if isinstance(data, Kept):  # read in parts (gold ids alone): keyed by the gold's own
            # strings in the file's order, the file's let go (a gold of many short questions
            # has more in its ids than in its texts)
            own = dict(zip(gold.ids, gold.ids, strict=True))
            return Predictions({own[qid]: text for qid, text in data.items()}, path)
        return Predictions(dict(data), path)

    def score(self, inputs: Inputs, settings: Any, diag: Diagnostics, **options: Any) -> Scored:
        texts = inputs.predictions.texts
        if not all(inputs.gold.answers) or not all(  # no question built (its context read)
            type(v) is str for v in texts.values()
        ):
            _refuse_what_the_script_fails_on(inputs.gold, texts, inputs.pred_name)
        return super().score(inputs, settings, diag, **options)

    def signature(self, settings: SpanRules, lang: str, extra: dict[str, Any]) -> str:
        names = rule_names(settings)
        others = settings.changes(OFFICIAL)
        for field in ("width", "case", "punct", "numbers"):
            others.pop(field, None)
        unit = others.pop("units", None) or "token"
        if settings.units is token_characters:
            unit = "char"
        return make_signature(
            self.name,
            settings.name,
            norm="korquad" if _is_official(settings) else "korquad-fair",
            extra={**names, **others, "unit": unit},
        )

    def explain(
        self, inputs: Inputs, settings: Any, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        settings = self.settings(settings)
        analyse = settings.analyzer("ko")
        rule = (
            "EM: the normalized texts are equal (' \" 《 》 < > 〈 〉 ( ) ‘ ’ to spaces, "
            "lower case, ASCII punctuation deleted, whitespace collapsed); F1: the multiset "
            "of characters shared by the normalized texts (spaces not counted); the best "
            "answer counts"
        )
        if not _is_official(settings):
            names = rule_names(settings)
            rule = (
                f"the {settings.name} profile: width={names['width']}, "
                f"punctuation={names['punct']}, numbers={names['numbers']}; " + rule
            )
        items = self.score(inputs, settings, diag, **options).items
        for item, golds in zip(items, self.item_golds(inputs.gold), strict=True):
            figures = {"score": item["score"], "f1": item["f1"], "em": float(item["em"])}
            if not item["answered"]:
                yield unanswered(self.name, settings.name, item["id"], "ko", list(golds), figures)
                continue
            key, units = analyse(item["prediction"])
            variants = []
            for answer in golds:
                answer_key, answer_units = analyse(answer)
                same = common_count(units, answer_units)
                f1 = overlap_f1(answer_units, units)
                details: dict[str, Any] = {"common_characters": same}
                if same:
                    details["precision"] = same / len(units)
                    details["recall"] = same / len(answer_units)
                em = answer_key == key
                variants.append(
                    Variant(
                        TextView(answer, view_text(answer_key), view_tokens(answer_units)),
                        {"em": float(em), "f1": f1},
                        "equal after normalization" if em else "common characters",
                        em or (f1 == item["f1"] and f1 > 0),
                        details,
                    )
                )
            yield Explanation(
                self.name,
                settings.name,
                item["id"],
                "ko",
                TextView(item["prediction"], view_text(key), view_tokens(units)),
                tuple(variants),
                rule,
                figures,
                verdict(figures["f1"], figures["em"]),
            )

    def gold_entries(self, gold: SquadFile) -> Iterable[Entry]:
        for k, q in enumerate(gold.questions):
            yield SpanEntry(
                q.id, gold.line(k), q.answers, "ko", starts=q.starts, context=q.context,
                raw=q.answers,
            )  # fmt: skip
