"""Explanations of the XOR tasks' ``official`` profiles, step by step.

Each function re-does the official rule of one task for every item, in the
order of the task's items, and records the intermediate values: the
normalization steps that changed each text (:func:`~answermatch.explanation.trace`),
MeCab's segmentation for XOR-Full Japanese, each answer's EM, F1, precision
and recall, the token window and the hit position for XOR-Retrieve. The
figures are those of :meth:`score` for the same item (the tests check it on
the parity fixtures). The inputs are checked and warned about as ``score``
does (through the task's ``check``/``count``). Other profiles are explained
through the task's scorer (:func:`~answermatch.explanation.through_scorer`).

>>> from answermatch.diagnostics import Diagnostics
>>> from answermatch.tasks.xor.engspan import PROFILES, XorEngspan
>>> task = XorEngspan()
>>> gold = [{"id": "q1", "answers": ["the Kremlin", "Kremlin Palace"], "lang": "ru"}]
>>> inputs = task.read(gold, {"q1": "Kremlin"}, Diagnostics())
>>> [e] = explain_engspan(task, inputs, PROFILES["official"], Diagnostics())
>>> e.variants[0].text.normalized, e.variants[0].text.changes
('kremlin', ('lower', 'squad_articles', 'collapse_whitespace'))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ...diagnostics import Diagnostics
from ...explanation import (
    Explanation,
    TextView,
    Variant,
    _step_name,
    cut_in_word,
    in_words,
    joined_tokens,
    trace,
    trace_pieces,
    unanswered,
    verdict,
)
from ...matchers import overlap_prf
from ...matchers.answers import CountedTokens, JoinedKey, _same_text
from ...normalization import steps as _steps
from ...normalization.steps import tokens_by_pieces
from ..base import Inputs
from .data import XorGold, in_gold_order, mecab_failure, token_counts, warn_unanswered

if TYPE_CHECKING:  # pragma: no cover
    from .engspan import EngspanProfile, XorEngspan
    from .full import FullProfile, XorFull
    from .retrieve import RetrieveProfile, XorRetrieve

__all__ = ["explain_engspan", "explain_full", "explain_retrieve"]


#: The official steps that read nothing across whitespace (a text cut just
#: before it is each piece's steps, one after the other): lower-case (a final
#: sigma looks no further than whitespace), characters deleted one by one
#: (never whitespace), SQuAD's articles as whole words (``\\b`` holds at a
#: piece's end as before the whitespace after it). Nor inside a run of
#: ASCII letters, 16 of them on each side of a cut
#: (:func:`~answermatch.normalization.steps.in_letters`): each maps them to
#: ASCII letters, and an article is at most three; nor between two kana, CJK
#: ideographs or Thai letters (:func:`~answermatch.explanation.in_words`:
#: a counter is deleted where it stands). ``collapse_whitespace``,
#: last, joins the words of the whole text.
_PIECEWISE = frozenset({"lower", "strip_ascii_punct", "squad_articles", "remove_counters"})


def _normalized(
    steps: Sequence[Callable[[str], str]], text: str
) -> tuple[str | JoinedKey, tuple[str, ...], Sequence[str]]:
    """``(normalized text, the steps that changed it, its tokens)`` of a
    prediction. A text longer than
    :data:`~answermatch.normalization.steps.PIECE_CHARS` under steps that
    read nothing across whitespace, then ``collapse_whitespace``, is read
    piece by piece (:func:`~answermatch.explanation.trace_pieces`, cut just
    before whitespace or inside a word): its tokens counted with
    their order as codes (a token longer than
    :data:`~answermatch.matchers.answers.LONG_TOKEN`, glued from the pieces
    of a run of letters, by its key: made again in parts when written), its
    normalized text their join, no copy of it held."""
    named = [(_step_name(step), step) for step in steps]
    if (
        len(text) > _steps.PIECE_CHARS
        and named
        and named[-1][0] == "collapse_whitespace"
        and all(name in _PIECEWISE for name, _ in named[:-1])
    ):
        cut = in_words()
        changes, before = trace_pieces(named[:-1], lambda: _steps.pieces(text, cut))

        def parts() -> Iterator[tuple[str, bool]]:
            return _marked(zip(_steps.pieces(text, cut), before.parts(), strict=True))

        tokens = CountedTokens.of_stretches(map(_split_part, parts()), _continued)
        if tokens is None:  # a token too long to hold (or too many distinct ones): counted
            tokens = CountedTokens.of_glued(parts, _split_one, itemgetter(1))
        if tokens is not None:
            normalized = joined_tokens(tokens)
            if len(normalized) != len(before) or not _same_text(
                normalized.parts(),  # type: ignore[union-attr]
                before.parts(),
            ):
                changes += ("collapse_whitespace",)
            return normalized, changes, tokens
    whole, changes = trace(steps, text)
    return whole, changes, tokens_by_pieces(whole, str.split)


def _marked(pairs: Iterator[tuple[str, str]]) -> Iterator[tuple[str, bool]]:
    """The normalized parts of a text's pieces (``pairs``: each piece and
    its part), each with whether it continues the word before it: its piece
    was cut inside a word (:func:`~answermatch.explanation.cut_in_word`)
    and no whitespace stands between (the steps insert none, but the
    counters they delete may have stood next to some, at the end of the
    part before or the start of this one)."""
    last = ""  # the last part that is not empty
    for piece, part in pairs:
        glued = (
            bool(last) and cut_in_word(piece) and not part[:1].isspace() and not last[-1:].isspace()
        )
        last = part or last
        yield part, glued


def _split_part(pair: tuple[str, bool]) -> list[str]:
    """The words of a normalized part; those of one that continues the word
    before it a :class:`~answermatch.normalization.steps.Continued`."""
    found = pair[0].split()
    return _steps.Continued(found) if pair[1] else found


def _continued(found: Sequence[str]) -> bool:
    return type(found) is _steps.Continued


def _split_one(pair: tuple[str, bool]) -> tuple[list[str]]:
    return (pair[0].split(),)


def _empty_answers_first(gold: XorGold, predictions: Sequence[str | None]) -> int | None:
    """The index of the first answered question without an answer (``score``
    refuses the input for it before scoring anything), or ``None``
    (``predictions``: each question's, ``None`` where unanswered)."""
    if all(map(len, gold.answers)):
        return None
    for k, (answers, prediction) in enumerate(zip(gold.answers, predictions, strict=True)):
        if not answers and prediction is not None:
            return k
    return None


def explain_full(
    task: XorFull, inputs: Inputs, settings: FullProfile, diag: Diagnostics
) -> Iterator[Explanation]:
    """XOR-Full's official rule: MeCab for Japanese, the ``xor-full``
    normalization, EM and token F1 maxima over the answers, character BLEU."""
    from ...bleu import BleuReferences
    from ...normalization import PRESETS
    from .full import no_answers_error

    gold: XorGold = inputs.gold
    task.check(inputs, settings, diag)
    predictions = in_gold_order(inputs.predictions, gold)
    empty = _empty_answers_first(gold, predictions)
    if empty is not None:
        raise no_answers_error(gold.ids[empty], inputs.gold_name, gold.lines[empty])
    profile = settings.name
    wakati: Callable[[str], str] | None = None
    answered = 0
    rows = zip(gold.ids, gold.langs, gold.answers, gold.lines, predictions, strict=True)
    for qid, lang, raw_answers, line, prediction in rows:
        if prediction is None:
            scores = {"score": 0.0, "f1": 0.0, "em": 0.0, "bleu": 0.0}
            yield unanswered(task.name, profile, qid, lang, raw_answers, scores)
            continue
        answered += 1
        steps = PRESETS[settings.norm].build(lang)
        answers, text, seg = raw_answers, prediction, None
        if lang == "ja":
            if wakati is None:
                from ...tokenizers import get_tokenizer

                wakati = get_tokenizer("ja").wakati  # type: ignore[attr-defined]
            try:
                answers = tuple(wakati(a) for a in raw_answers)
                text = seg = wakati(prediction.replace("・", " ").replace("、", ","))
            except ValueError as exc:  # MeCab's limit on text length, as in score
                raise mecab_failure(exc, qid, prediction, raw_answers, inputs, line) from None
        normalized, changes, tokens = _normalized(steps, text)
        counts = _counts(tokens)
        variants = []
        f1 = em = 0.0
        for raw, answer in zip(raw_answers, answers, strict=True):
            gold_norm, gold_changes = trace(steps, answer)
            v_f1, v_p, v_r = overlap_prf(counts, token_counts(gold_norm), both_empty=0.0)
            v_em = 1.0 if gold_norm == normalized else 0.0
            f1, em = max(f1, v_f1), max(em, v_em)
            variants.append(
                Variant(
                    TextView(
                        raw,
                        gold_norm,
                        tuple(gold_norm.split()),
                        gold_changes,
                        answer if lang == "ja" else None,
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
            task.name,
            profile,
            qid,
            lang,
            TextView(prediction, normalized, tokens, changes, seg),
            tuple(variants),
            "EM and token F1: maxima over the answers; BLEU over all answers",
            {"score": f1, "f1": f1, "em": em, "bleu": bleu},
            verdict(f1, em),
            details,
        )
    warn_unanswered(gold.ids, answered, inputs.pred_name, diag)


def _counts(tokens: Sequence[str]) -> tuple[Counter[str], int]:
    """The counts and the number of ``tokens`` (a long text's from its
    :class:`~answermatch.matchers.answers.CountedTokens`)."""
    if type(tokens) is CountedTokens:
        return Counter(tokens.counts), len(tokens)
    return Counter(tokens), len(tokens)


def explain_engspan(
    task: XorEngspan, inputs: Inputs, settings: EngspanProfile, diag: Diagnostics
) -> Iterator[Explanation]:
    """XOR-EnglishSpan's official rule: SQuAD's normalization, EM, F1,
    precision and recall each the maximum over the answers."""
    from ...normalization import PRESETS
    from .engspan import answer_lists

    questions = task.check(inputs, settings, diag)
    answered = in_gold_order(inputs.predictions, questions)
    answer_sets = answer_lists(questions, answered, settings, inputs.gold_name)
    steps = PRESETS[settings.norm].build("en")
    profile = settings.name
    keys = ("f1", "em", "precision", "recall")
    rows = zip(questions.ids, questions.langs, questions.answers, questions.bare, strict=True)
    for (qid, lang, raw_answers, bare), prediction, answers in zip(
        rows, answered, answer_sets, strict=True
    ):
        if prediction is None:
            scores = {"score": 0.0, **dict.fromkeys(keys, 0.0)}
            yield unanswered(task.name, profile, qid, lang, raw_answers, scores)
            continue
        normalized, changes, tokens = _normalized(steps, prediction)
        counts = _counts(tokens)
        best = dict.fromkeys(keys, 0.0)
        variants = []
        for answer in answers:
            gold_norm, gold_changes = trace(steps, answer)
            f, p, r = overlap_prf(counts, token_counts(gold_norm), both_empty=0.0)
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
        if bare:
            details["bare string"] = "answers is a string: each character is an answer"
        yield Explanation(
            task.name,
            profile,
            qid,
            lang,
            TextView(prediction, normalized, tokens, changes),
            tuple(variants),
            "EM, F1, precision and recall: each the maximum over the answers",
            {"score": best["f1"], **best},
            verdict(best["f1"], best["em"]),
            details,
        )
    warn_unanswered(questions, len(answered) - answered.count(None), inputs.pred_name, diag)


def explain_retrieve(
    task: XorRetrieve, inputs: Inputs, settings: RetrieveProfile, diag: Diagnostics
) -> Iterator[Explanation]:
    """XOR-Retrieve's official rule: the first N NLTK tokens of the
    passages, a hit when some answer is a case-sensitive substring."""
    from ...nltk_compat import word_tokenize
    from .retrieve import hit_key

    plan = task.count(inputs, settings, diag)
    names = {budget: hit_key(name) for name, budget in settings.budgets}
    budgets = tuple(sorted(names))
    for item, (passages, answers) in zip(plan.counted, plan.jobs, strict=True):
        tokens: list[str] = []
        starts: list[int] = []
        for passage in passages:
            starts.append(len(tokens))
            tokens += word_tokenize(passage, limit=budgets[-1] - len(tokens))
            if len(tokens) >= budgets[-1]:
                break
        window = tokens[: budgets[-1]]
        ends = _window_ends(window)
        found = {answer: _first_in_window(window, answer) for answer in answers}
        # an answer is in the window of a budget where its first place ends within it
        within = {
            answer: {b: at >= 0 and at + len(answer) <= ends[min(b, len(window))] for b in budgets}
            for answer, (at, _) in found.items()
        }
        scores = {names[b]: 1.0 if any(within[a][b] for a in answers) else 0.0 for b in budgets}
        variants = []
        for answer in answers:
            at, position = found[answer]
            passage_number = sum(1 for s in starts if position is not None and s < position)
            variants.append(
                Variant(
                    TextView(answer, answer),
                    {names[b]: float(within[answer][b]) for b in budgets},
                    "case-sensitive substring of the first N tokens",
                    at >= 0,
                    {"token": position, "passage": passage_number or None},
                )
            )
        primary = scores[hit_key(settings.primary)]
        yield Explanation(
            task.name,
            settings.name,
            item.id,
            item.lang,
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


def _window_ends(tokens: Sequence[str]) -> list[int]:
    """``ends[n]``: the length of the first ``n`` tokens joined by spaces."""
    ends = [0]
    for k, token in enumerate(tokens):
        ends.append(ends[-1] + len(token) + (1 if k else 0))
    return ends


def _first_in_window(tokens: Sequence[str], answer: str) -> tuple[int, int | None]:
    """Where ``answer`` first occurs in ``" ".join(tokens)`` and the number
    (from 1) of the token it starts in, as ``text.find(answer)`` and the
    spaces before it plus one (``-1, None``: nowhere), found without
    joining them: each token is searched, and so is its seam with the text
    before it (as many characters as the answer has, but one), so a long
    token (a passage of one run of letters) is never copied.

    >>> _first_in_window(["By", "Jean", "Sibelius"], "Jean Sib"), _first_in_window(["a"], "b")
    ((3, 2), (-1, None))
    """
    if not answer:
        return 0, 1  # (in every text, at its start)
    keep = len(answer) - 1
    tail = ""  # the last ``keep`` characters of the text so far
    at = 0  # where the current token starts
    for k, token in enumerate(tokens):
        lead = " " if k else ""
        seam = tail + lead + token[:keep]
        found = seam.find(answer)
        if found >= 0:  # it starts before this token (in the seam's first part)
            start = at - len(tail) + found
            return start, _token_number(tokens, start)
        found = token.find(answer)
        if found >= 0:
            return at + len(lead) + found, k + 1
        at += len(lead) + len(token)
        if keep:
            if len(token) >= keep:
                tail = token[len(token) - keep :]
            else:
                tail = (tail + lead + token)[-keep:]
    return -1, None


def _token_number(tokens: Sequence[str], start: int) -> int:
    """The spaces of ``" ".join(tokens)`` before ``start``, plus one."""
    spaces = 0
    at = 0
    for k, token in enumerate(tokens):
        at += len(token)
        if k == len(tokens) - 1 or at >= start:
            break
        spaces += 1  # the space after this token is before ``start``
        at += 1
    return spaces + 1
