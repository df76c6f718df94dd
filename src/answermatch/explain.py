"""Why an item scored what it scored: raw and normalized texts, every gold
variant with its score, the rule that decided, and the verdict.

:func:`explain` re-does the matching of one task item by item with the task
module's own pieces (its profile settings, normalization steps, tokenizers,
readers and matchers) and records every intermediate value. Its numbers are
those of :func:`answermatch.evaluate` for the same item (the test suite
checks that on the parity fixtures).

>>> gold = [{"id": "q1", "answers": ["the Kremlin", "Kremlin Palace"], "lang": "ru"}]
>>> [e] = explain("xor-engspan", gold, {"q1": "Kremlin"})
>>> e.verdict, e.scores["em"], e.scores["f1"]
('exact match', 1.0, 1.0)
>>> e.variants[0].text.normalized, e.variants[0].text.changes
('kremlin', ('lower', 'squad_articles', 'collapse_whitespace'))
>>> print(e.to_text().splitlines()[0])
xor-engspan q1 (ru): exact match
"""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from itertools import islice
from typing import Any

from .diagnostics import Diagnostics
from .errors import AnswermatchWarning, InputError, UnknownTaskError
from .sources import is_path, read_bytes, source_name
from .tasks import get_task

__all__ = ["EXPLAINERS", "Explanation", "TextView", "Variant", "explain"]

Step = Callable[[str], str]


@dataclass(frozen=True)
class TextView:
    """A text as the task sees it.

    ``raw``: as given; ``normalized``: after the task's normalization;
    ``tokens``: what the matcher compares; ``changes``: the names of the
    normalization steps that changed the text (e.g. ``remove_counters``).
    ``segmented``: the tokenizer's string where the task uses one (MeCab
    ``-Owakati`` for XOR-Full Japanese).
    """

    raw: str
    normalized: str
    tokens: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()
    segmented: str | None = None


@dataclass(frozen=True)
class Variant:
    """One gold variant (answer, candidate, sentence) and how the prediction fared on it."""

    text: TextView
    scores: dict[str, float]
    rule: str
    matched: bool
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Explanation:
    """How one item was scored.

    ``scores`` holds the item's figures with the same keys and values as the
    item of :func:`answermatch.evaluate` (``score`` is the primary one);
    ``rule`` names what decided; ``details`` the rule's numbers.
    """

    task: str
    profile: str
    id: Any
    lang: str | None
    prediction: TextView | None
    variants: tuple[Variant, ...]
    rule: str
    scores: dict[str, float]
    verdict: str
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def score(self) -> float:
        """The item's primary figure (a fraction in [0, 1])."""
        return self.scores["score"]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)

    def to_text(self) -> str:
        """A readable, multi-line account."""
        lang = f" ({self.lang})" if self.lang else ""
        lines = [f"{self.task} {self.id}{lang}: {self.verdict}"]
        if self.prediction is not None:
            lines += _text_lines("prediction", self.prediction)
        for number, variant in enumerate(self.variants, start=1):
            mark = "*" if variant.matched else " "
            figures = ", ".join(f"{k}={_fmt(v)}" for k, v in variant.scores.items())
            lines += _text_lines(f"{mark}gold {number}", variant.text)
            lines.append(f"      rule: {variant.rule}" + (f"; {figures}" if figures else ""))
            if variant.details:
                lines.append(f"      {_details(variant.details)}")
        lines.append(f"  rule: {self.rule}")
        if self.details:
            lines.append(f"  {_details(self.details)}")
        lines.append("  scores: " + ", ".join(f"{k}={_fmt(v)}" for k, v in self.scores.items()))
        return "\n".join(lines)


def _fmt(value: Any) -> str:
    return f"{value:.4f}" if isinstance(value, float) else json.dumps(value, ensure_ascii=False)


def _details(details: dict[str, Any]) -> str:
    return "; ".join(f"{k}: {_fmt(v)}" for k, v in details.items())


def _text_lines(label: str, view: TextView) -> list[str]:
    lines = [f"  {label}: {view.raw!r}"]
    if view.segmented is not None:
        lines.append(f"      segmented: {view.segmented!r}")
    if view.normalized != view.raw and view.normalized:
        changed = f" (changed by {', '.join(view.changes)})" if view.changes else ""
        lines.append(f"      normalized: {view.normalized!r}{changed}")
    if view.tokens and list(view.tokens) != [view.raw]:
        lines.append(f"      tokens: {' | '.join(view.tokens)}")
    return lines


def _step_name(step: Step) -> str:
    inner = getattr(step, "func", step)  # functools.partial
    return getattr(inner, "__name__", type(inner).__name__)


def trace(steps: Sequence[Step], text: str) -> tuple[str, tuple[str, ...]]:
    """Apply normalization ``steps``; the result and the names of the steps
    that changed the text.

    >>> from answermatch.normalization import PRESETS
    >>> trace(PRESETS["xor-full"].build("ja"), "人口 1,000人")
    ('口 1000', ('strip_ascii_punct', 'remove_counters'))
    """
    changed: list[str] = []
    for step in steps:
        after = step(text)
        if after != text:
            changed.append(_step_name(step))
        text = after
    return text, tuple(changed)


def _verdict(score: float, em: float | None = None) -> str:
    if em == 1.0 or (em is None and score == 1.0):
        return "exact match" if em is not None else "correct"
    return "partial match" if score > 0 else "no match"


# --- XOR-TyDi -----------------------------------------------------------------


def _xor_full(gold: Any, pred: Any, profile: str, diag: Diagnostics) -> Iterator[Explanation]:
    from .bleu import BleuReferences
    from .normalization import PRESETS
    from .tasks.xor_data import read_xor_gold, read_xor_predictions, token_counts, token_overlap
    from .tasks.xor_full import PROFILES

    settings = PROFILES[profile]
    questions = read_xor_gold(gold, diag)
    preds: dict[str, str] = {}
    for key, value in read_xor_predictions(pred, diag).items():
        preds[key.rsplit("_", 1)[-1]] = value  # the official key reduction; later wins
    wakati: Callable[[str], str] | None = None
    for question in questions:
        prediction = preds.get(question.id)
        if prediction is None:
            yield _unanswered("xor-full", profile, question, ("f1", "em", "bleu"))
            continue
        if not question.answers:
            raise InputError(
                f"question {question.id!r} has an empty answers list",
                path=source_name(gold),
                line=question.line,
            )
        steps = PRESETS[settings.norm].build(question.lang)
        answers, text, seg = question.answers, prediction, None
        if question.lang == "ja":
            if wakati is None:
                from .tokenizers import get_tokenizer

                wakati = get_tokenizer("ja").wakati  # type: ignore[attr-defined]
            answers = tuple(wakati(a) for a in question.answers)
            text = seg = wakati(prediction.replace("・", " ").replace("、", ","))
        normalized, changes = trace(steps, text)
        counts = token_counts(normalized)
        variants = []
        f1 = em = 0.0
        for raw, answer in zip(question.answers, answers, strict=True):
            gold_norm, gold_changes = trace(steps, answer)
            v_f1, v_p, v_r = token_overlap(counts, token_counts(gold_norm))
            v_em = 1.0 if gold_norm == normalized else 0.0
            f1, em = max(f1, v_f1), max(em, v_em)
            variants.append(
                Variant(
                    TextView(
                        raw,
                        gold_norm,
                        tuple(gold_norm.split()),
                        gold_changes,
                        answer if question.lang == "ja" else None,
                    ),
                    {"f1": v_f1, "em": v_em, "precision": v_p, "recall": v_r},
                    "exact match" if v_em else "token F1",
                    bool(v_em),
                )
            )
        bleu = BleuReferences.of(answers).score(prediction)
        details: dict[str, Any] = {
            "bleu": "NLTK sentence BLEU of the raw prediction over characters, "
            "against every answer" + (" as MeCab segments it" if seg is not None else ""),
        }
        counters = [v.text.raw for v in variants if "remove_counters" in v.text.changes]
        if "remove_counters" in changes or counters:
            details["counter deletion"] = "年 歳 人 년 deleted from " + ", ".join(
                (["the prediction"] if "remove_counters" in changes else []) + counters
            )
        yield Explanation(
            "xor-full",
            profile,
            question.id,
            question.lang,
            TextView(prediction, normalized, tuple(normalized.split()), changes, seg),
            tuple(variants),
            "EM and token F1: maxima over the answers; BLEU over all answers",
            {"score": f1, "f1": f1, "em": em, "bleu": bleu},
            _verdict(f1, em),
            details,
        )


def _unanswered(task: str, profile: str, question: Any, keys: Iterable[str]) -> Explanation:
    variants = tuple(Variant(TextView(a, a), {}, "not compared", False) for a in question.answers)
    return Explanation(
        task,
        profile,
        question.id,
        question.lang,
        None,
        variants,
        "no prediction: every figure is 0",
        {"score": 0.0, **dict.fromkeys(keys, 0.0)},
        "unanswered",
    )


def _xor_engspan(gold: Any, pred: Any, profile: str, diag: Diagnostics) -> Iterator[Explanation]:
    from .normalization import PRESETS
    from .tasks.xor_data import read_xor_gold, read_xor_predictions, token_counts, token_overlap
    from .tasks.xor_engspan import PROFILES

    settings = PROFILES[profile]
    steps = PRESETS[settings.norm].build("en")
    preds = read_xor_predictions(pred, diag, answer_objects=True)
    keys = ("f1", "em", "precision", "recall")
    for question in read_xor_gold(gold, diag):
        if question.lang not in settings.languages:
            continue  # left out by the official script
        prediction = preds.get(question.id)
        if prediction is None:
            yield _unanswered("xor-engspan", profile, question, keys)
            continue
        answers = tuple(question.answers[0]) if question.answers_is_str else question.answers
        if not answers:
            raise InputError(
                f"question {question.id!r} has no answer",
                path=source_name(gold),
                line=question.line,
            )
        normalized, changes = trace(steps, prediction)
        counts = token_counts(normalized)
        best = dict.fromkeys(keys, 0.0)
        variants = []
        for answer in answers:
            gold_norm, gold_changes = trace(steps, answer)
            f, p, r = token_overlap(counts, token_counts(gold_norm))
            em = 1.0 if gold_norm == normalized else 0.0
            for key, value in zip(keys, (f, em, p, r), strict=True):
                best[key] = max(best[key], value)
            variants.append(
                Variant(
                    TextView(answer, gold_norm, tuple(gold_norm.split()), gold_changes),
                    {"f1": f, "em": em, "precision": p, "recall": r},
                    "exact match" if em else "token F1",
                    bool(em),
                )
            )
        details: dict[str, Any] = {}
        articles = ["prediction"] if "squad_articles" in changes else []
        articles += [v.text.raw for v in variants if "squad_articles" in v.text.changes]
        if articles:
            details["article removal"] = "a/an/the removed from " + ", ".join(articles)
        if question.answers_is_str:
            details["bare string"] = "answers is a string: each character is an answer"
        yield Explanation(
            "xor-engspan",
            profile,
            question.id,
            question.lang,
            TextView(prediction, normalized, tuple(normalized.split()), changes),
            tuple(variants),
            "EM, F1, precision and recall: each the maximum over the answers",
            {"score": best["f1"], **best},
            _verdict(best["f1"], best["em"]),
            details,
        )


def _xor_retrieve(gold: Any, pred: Any, profile: str, diag: Diagnostics) -> Iterator[Explanation]:
    from .nltk_compat import word_tokenize
    from .tasks.xor_data import read_xor_gold
    from .tasks.xor_retrieve import PROFILES

    settings = PROFILES[profile]
    names = {budget: "hit@" + name.split("@", 1)[-1] for name, budget in settings.budgets}
    budgets = tuple(sorted(names))
    answers_of: dict[str, tuple[str, ...]] = {}
    for question in read_xor_gold(gold, diag):
        answers = tuple(question.answers[0]) if question.answers_is_str else question.answers
        answers_of[question.id] = tuple(a for a in answers if a not in settings.dropped_answers)
    items = _json_list(pred)
    for record in items:
        qid = record.get("id")
        answers = answers_of.get(qid, ())
        if not answers:
            continue  # not counted by the official script
        tokens: list[str] = []
        starts: list[int] = []
        for passage in record["ctxs"]:
            starts.append(len(tokens))
            tokens += word_tokenize(passage)
            if len(tokens) >= budgets[-1]:
                break
        scores: dict[str, float] = {}
        variants = []
        hits: dict[int, tuple[int, str] | None] = {}
        for budget in budgets:
            text = " ".join(tokens[:budget])
            found = [(text.find(a), a) for a in answers if a in text]
            hits[budget] = min(found) if found else None
            scores[names[budget]] = 1.0 if found else 0.0
        text = " ".join(tokens[: budgets[-1]])
        for answer in answers:
            at = text.find(answer)
            position = text.count(" ", 0, at) + 1 if at >= 0 else None
            passage = sum(1 for s in starts if position is not None and s < position)
            variants.append(
                Variant(
                    TextView(answer, answer),
                    {names[b]: float(answer in " ".join(tokens[:b])) for b in budgets},
                    "case-sensitive substring of the first N tokens",
                    at >= 0,
                    {"token": position, "passage": passage or None},
                )
            )
        primary = scores[names[budgets[-1]]]
        yield Explanation(
            "xor-retrieve",
            profile,
            qid,
            record.get("lang"),
            None,
            tuple(variants),
            "hit: some answer occurs in the first N NLTK tokens of the passages",
            {"score": primary, **scores},
            "hit" if primary else "miss",
            {
                "budgets": list(budgets),
                "tokens": min(len(tokens), budgets[-1]),
                "passages read": len(starts),
            },
        )


def _json_list(source: Any) -> list[dict[str, Any]]:
    if not is_path(source):
        return list(source)
    return json.loads(read_bytes(source).decode("utf-8"))


# --- PolEval 2021 ---------------------------------------------------------------

_DIGITS = re.compile(r"[0-9]")


def _poleval(gold: Any, pred: Any, profile: str, diag: Diagnostics) -> Iterator[Explanation]:
    from .tasks.geval import haskell_strip, haskell_words
    from .tasks.poleval2021 import PROFILES, read_sources

    scheme = PROFILES[profile]
    _, gold_lines = read_sources(gold, "<gold>", diag, variant_lists=True)
    _, pred_lines = read_sources(pred, "<predictions>", diag, variant_lists=False)
    if len(gold_lines) != len(pred_lines):
        raise InputError(
            f"{len(pred_lines)} prediction lines for {len(gold_lines)} gold lines",
            path=source_name(pred),
        )
    for number, (line, answer_line) in enumerate(zip(gold_lines, pred_lines, strict=True), 1):
        answer = haskell_strip(answer_line)
        variants = []
        first: int | None = None
        for index, text in enumerate(haskell_strip(line).split("\t")):
            verdict = scheme.judge(answer, [text])
            details: dict[str, Any] = {"similarity": verdict.similarity}
            if verdict.rule == "fuzzy":
                details.update(distance=verdict.distance, max_distance=verdict.max_distance)
                normalized = scheme.lower(text)
            elif verdict.rule == "number":
                details.update(gold_number=verdict.gold_number, answer_number=verdict.answer_number)
                if not _DIGITS.search(text):
                    details["roman"] = "the number is a Roman numeral word"
                normalized = verdict.gold_number or ""
            else:
                normalized = ""
            variants.append(
                Variant(
                    TextView(text, normalized, tuple(haskell_words(text))),
                    {"score": 1.0 if verdict.matched else 0.0},
                    verdict.rule,
                    verdict.matched,
                    details,
                )
            )
            if verdict.matched and first is None:
                first = index
        score = 1.0 if first is not None else 0.0
        decided = variants[first] if first is not None else None
        rule = (
            f"variant {first + 1} matched by the {decided.rule} rule"
            if decided is not None
            else "no variant matched"
        )
        yield Explanation(
            "poleval2021",
            profile,
            number,
            "pl",
            TextView(answer, scheme.lower(answer), tuple(haskell_words(answer))),
            tuple(variants),
            rule,
            {"score": score},
            "correct" if score else "wrong",
            {"threshold": scheme.threshold},
        )


# --- NLPCC 2016 ---------------------------------------------------------------


def _kbqa(gold: Any, pred: Any, profile: str, diag: Diagnostics) -> Iterator[Explanation]:
    from .tasks.nlpcc_kbqa import PROFILES, load_blocks

    settings = PROFILES[profile]
    gold_by_id = {b.id: b for b in load_blocks(gold, diag)}
    for block in load_blocks(pred, diag):
        if block.id not in gold_by_id:
            raise InputError(f"predicted question {block.id} is not in the gold", line=block.line)
        truth = gold_by_id[block.id].answers
        common = set(block.answers) & set(truth)
        if truth:
            p = len(common) / len(block.answers) if block.answers else 0.0
            r = len(common) / len(truth)
            f = 2 * p * r / (p + r) if p + r else 0.0
            rule = "set overlap: P = |pred ∩ gold| / |pred|, R = |pred ∩ gold| / |gold|"
        else:
            p = r = f = settings.empty_gold_score
            rule = "empty gold set: P = R = F1 = the profile's empty_gold_score"
        ranks = [i for i, c in enumerate(block.answers, start=1) if c in common]
        yield Explanation(
            "nlpcc-kbqa",
            profile,
            block.id,
            "zh",
            TextView("\t".join(block.answers), "", block.answers),
            tuple(Variant(TextView(a, a), {}, "exact", a in common) for a in truth),
            rule,
            {"score": f, "precision": p, "recall": r, "f1": f},
            _verdict(f),
            {"common": sorted(common), "rank": ranks[0] if ranks else None},
        )


def _dbqa(gold: Any, pred: Any, profile: str, diag: Diagnostics) -> Iterator[Explanation]:
    from .ranking import TIE_POLICIES, average_precision
    from .tasks.nlpcc_dbqa import PROFILES, iter_rows

    settings = PROFILES[profile]
    sentence = _dbqa_sentences(gold)
    groups: dict[Any, tuple[str, list[tuple[int, float, bool]]]] = {}
    previous: str | None = None
    run = 0
    for number, question, score, correct in iter_rows(gold, pred, settings, diag):
        if settings.grouping == "consecutive":
            if question != previous:
                run += 1
            key: Any = run
        else:
            key = question
        previous = question
        groups.setdefault(key, (question, []))[1].append((number, score, correct))
    sort_key = TIE_POLICIES[settings.ties]
    index = 0
    for question, rows in groups.values():
        index += 1
        ranked = sorted(rows, key=lambda row: sort_key((row[1], row[2])), reverse=True)
        labels = [row[2] for row in ranked]
        if not any(labels) and settings.skip_no_positive:
            continue
        first = next((k for k, label in enumerate(labels, start=1) if label), None)
        rr = 1.0 / first if first else 0.0
        ap = average_precision(labels, denominator=settings.ap_denominator)
        variants = tuple(
            Variant(
                TextView(sentence(line), sentence(line)),
                {"score": value},
                "correct" if correct else "incorrect",
                correct,
                {"rank": k, "line": line},
            )
            for k, (line, value, correct) in enumerate(ranked, start=1)
        )
        yield Explanation(
            "nlpcc-dbqa",
            profile,
            index,
            "zh",
            None,
            variants,
            f"sentences ranked by descending score, ties: {settings.ties}",
            {"score": rr, "ap": ap},
            f"first correct sentence at rank {first}" if first else "no correct sentence",
            {
                "question": question,
                "rank": first,
                "ties": settings.ties,
                "grouping": settings.grouping,
            },
        )


def _dbqa_sentences(gold: Any) -> Callable[[int], str]:
    """The sentence of a test-file line (1-based), read from the file or rows."""
    if is_path(gold):
        lines = read_bytes(gold).decode("utf-8", errors="replace").lstrip("\ufeff").split("\n")
        rows = [line.rstrip("\r").split("\t") for line in lines]
    else:
        rows = [list(row) for row in gold]
    return lambda line: str(rows[line - 1][1]) if len(rows[line - 1]) > 1 else ""


# --- NTCIR-16 DSQA and Zalo 2019 ----------------------------------------------------


def _ntcir(gold: Any, pred: Any, profile: str, diag: Diagnostics) -> Iterator[Explanation]:
    from .tasks.ntcir_dsqa import PROFILES, read_gold, read_run, set_f1

    settings = PROFILES[profile]
    run = read_run(pred)
    for question in read_gold(gold):
        lang = settings.languages[question.lang]
        if question.id not in run:
            raise InputError(f"the run has no answer for {question.id!r}", path=source_name(pred))
        answer = run[question.id][0]
        normalized, changes = trace(lang.steps, answer)
        words = lang.words(normalized)
        em = f1 = 0.0
        variants = []
        for text in question.answers:
            gold_norm, gold_changes = trace(lang.steps, text)
            gold_words = lang.words(gold_norm)
            v_em = float(gold_norm == normalized)
            v_f1 = set_f1(words, gold_words)
            em, f1 = max(em, v_em), max(f1, v_f1)
            variants.append(
                Variant(
                    TextView(text, gold_norm, tuple(gold_words), gold_changes),
                    {"em": v_em, "f1": v_f1},
                    "exact match" if v_em else "F1 over word sets",
                    bool(v_em),
                )
            )
        yield Explanation(
            "ntcir-dsqa",
            profile,
            question.id,
            question.lang,
            TextView(answer, normalized, tuple(words), changes),
            tuple(variants),
            "EM and set F1: maxima over the gold answers",
            {"score": em, "em": em, "f1": f1},
            _verdict(f1, em),
        )


def _zalo(gold: Any, pred: Any, profile: str, diag: Diagnostics) -> Iterator[Explanation]:
    from .tasks.zalo2019 import prf, read_gold, read_submission

    submission = read_submission(pred, diag)
    for case in read_gold(gold, diag):
        predicted = list(submission.pairs.get(case.id, {}))
        tp = len(set(predicted) & set(case.gold))
        p, r, f = prf(tp, len(predicted), len(case.gold))
        paragraphs = case.paragraphs if case.paragraphs is not None else case.gold
        yield Explanation(
            "zalo2019",
            profile,
            case.id,
            "vi",
            TextView(",".join(predicted), "", tuple(predicted)),
            tuple(
                Variant(
                    TextView(pid, pid),
                    {},
                    "correct paragraph" if pid in case.gold else "incorrect paragraph",
                    pid in case.gold and pid in predicted,
                    {"submitted": pid in predicted},
                )
                for pid in paragraphs
            ),
            "precision, recall and F1 of the submitted paragraphs of this case",
            {"score": f, "precision": p, "recall": r, "f1": f, "true_positives": tp},
            _verdict(f),
        )


# --- other profiles ------------------------------------------------------------------
#
# The explainers above re-do the official rules step by step. A profile with
# other rules (``fair``...) is explained through the task's own scorer: the
# item's figures are those of answermatch.evaluate, and each gold variant is
# scored alone by evaluating the question with that one variant.


def _xor_variants(task: str) -> Callable[[Any, Diagnostics], dict[str, tuple[str, ...]]]:
    def variants(gold: Any, diag: Diagnostics) -> dict[str, tuple[str, ...]]:
        from .tasks.xor_data import read_xor_gold

        return {q.id: q.answers for q in read_xor_gold(gold, diag)}

    return variants


def _xor_one(item: dict[str, Any], variant: str) -> tuple[Any, Any]:
    return [{"id": "q", "answers": [variant], "lang": item["lang"]}], {"q": item["prediction"]}


def _ntcir_variants(gold: Any, diag: Diagnostics) -> dict[str, tuple[str, ...]]:
    from .tasks.ntcir_dsqa import read_gold

    return {q.id: q.answers for q in read_gold(gold)}


def _ntcir_one(item: dict[str, Any], variant: str) -> tuple[Any, Any]:
    return {item["id"]: [variant]}, {item["id"]: item["prediction"]}


def _poleval_one(item: dict[str, Any], variant: str) -> tuple[Any, Any]:
    return [[variant]], [item["prediction"]]


#: task -> (gold variants per item id, or None to take the item's "gold"
#: list; the gold and predictions of one item with one variant).
_DECOMPOSE: dict[str, tuple[Any, Callable[[dict[str, Any], str], tuple[Any, Any]]]] = {
    "xor-full": (_xor_variants("xor-full"), _xor_one),
    "xor-engspan": (_xor_variants("xor-engspan"), _xor_one),
    "ntcir-dsqa": (_ntcir_variants, _ntcir_one),
    "poleval2021": (None, _poleval_one),
}


def _through_scorer(
    task: str, gold: Any, pred: Any, profile: str, diag: Diagnostics
) -> Iterator[Explanation]:
    from .tasks import evaluate

    result = evaluate(task, gold, pred, profile, strict=diag.strict)
    reader, one = _DECOMPOSE.get(task, (None, None))
    variants_of = reader(gold, diag) if reader is not None else {}
    for item in result.items:
        scores = {k: float(v) for k, v in item.items() if _is_figure(k, v)}
        variants: list[Variant] = []
        texts = variants_of.get(item["id"], item.get("gold") if one is not None else None)
        if isinstance(texts, str):
            texts = (texts,)
        answered = item.get("prediction") is not None and item.get("answered", True)
        for text in texts or ():
            if one is None or not answered or not text:
                variants.append(Variant(TextView(text, text), {}, "not scored alone", False))
                continue
            gold_one, pred_one = one(item, text)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", AnswermatchWarning)
                alone = evaluate(task, gold_one, pred_one, profile).items[0]
            figures = {k: float(v) for k, v in alone.items() if _is_figure(k, v)}
            variants.append(
                Variant(
                    TextView(text, text),
                    figures,
                    f"the {profile} profile's matching",
                    alone["score"] == 1.0,
                )
            )
        prediction = item.get("prediction")
        yield Explanation(
            task,
            profile,
            item["id"],
            item.get("lang"),
            TextView(prediction, prediction) if isinstance(prediction, str) else None,
            tuple(variants),
            f"the {profile} profile (see the task's documentation); each variant scored alone",
            scores,
            _verdict(scores["score"], scores.get("em")) if answered else "unanswered",
            {k: v for k, v in item.items() if k not in scores and k not in _SHOWN},
        )


_SHOWN = {"id", "lang", "prediction", "gold", "answered"}


def _is_figure(key: str, value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and key != "id"


Explainer = Callable[[Any, Any, str, Diagnostics], Iterator[Explanation]]

#: task name -> function yielding one :class:`Explanation` per item under the
#: ``official`` profile, in the order of the task's ``Result.items`` (other
#: profiles go through the task's scorer).
EXPLAINERS: dict[str, Explainer] = {
    "xor-full": _xor_full,
    "xor-engspan": _xor_engspan,
    "xor-retrieve": _xor_retrieve,
    "poleval2021": _poleval,
    "nlpcc-kbqa": _kbqa,
    "nlpcc-dbqa": _dbqa,
    "ntcir-dsqa": _ntcir,
    "zalo2019": _zalo,
}


def explain(
    task: str,
    gold: Any,
    pred: Any,
    ids: Sequence[Any] | None = None,
    profile: str = "official",
    *,
    limit: int | None = None,
    strict: bool = False,
) -> list[Explanation]:
    """Explanations of the items of ``task`` (all, those whose id is in
    ``ids``, or the first ``limit``), in the order of
    :func:`answermatch.evaluate`'s items.

    An id in ``ids`` that no item has is an :class:`InputError` listing it.
    Warnings about the input are those of the task's readers.
    """
    spec = get_task(task)
    if profile not in spec.profiles:
        raise UnknownTaskError(
            f"task {task!r} has no profile {profile!r}; its profiles: {', '.join(spec.profiles)}"
        )
    wanted = None if ids is None else {str(i) for i in ids}
    diag = Diagnostics(strict=strict)
    if profile == "official":
        stream = EXPLAINERS[task](gold, pred, profile, diag)
    else:
        stream = _through_scorer(task, gold, pred, profile, diag)
    chosen = (e for e in stream if wanted is None or str(e.id) in wanted)
    found = list(islice(chosen, limit) if limit is not None and wanted is None else chosen)
    if wanted is not None:
        missing = sorted(wanted - {str(e.id) for e in found})
        if missing:
            raise InputError(
                f"no item with id {', '.join(missing)} in {task}", path=source_name(gold)
            )
        if limit is not None:
            found = found[:limit]
    return found
