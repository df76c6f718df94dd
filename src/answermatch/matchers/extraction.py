"""The final answer of a generated response.

:func:`extract_answer` looks, in this order, for:

1. ``boxed``: the last ``\\boxed{...}`` (braces may nest);
2. ``cue``: the text after the last answer cue of the language ("Answer:",
   "The answer is", "答案是", "答えは", "정답은", "Odpowiedź:", "Ответ:"...;
   English cues are always looked for, since models often answer in English
   whatever the question's language), up to the end of its sentence or line;
3. ``bold``: the last ``**bold**`` or ``__bold__`` span of at most
   :data:`SHORT_WORDS` words;
4. ``quoted``: a response that is one quoted span (``"Paris"``, ``«Paris»``,
   ``「東京」``);
5. ``whole``: the whole text (stripped) when nothing above is found.

The cue table (:data:`CUES`) is per language and extensible
(:func:`register_cues`); every rule and its span are reported, so a judge
can say what it read.

>>> from answermatch.matchers import extract_answer
>>> extract_answer("Let me think. The capital is large. Final answer: Paris.")
Extraction(answer='Paris', rule='cue', start=50, end=55)
>>> extract_answer("答えは東京都です。", lang="ja").answer
'東京都です'
>>> extract_answer("so x = \\\\boxed{\\\\frac{1}{2}}").answer
'\\\\frac{1}{2}'
>>> extract_answer("Paris").rule
'whole'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import regex

from ..languages import optional_language
from ._inputs import check_text

__all__ = ["CUES", "SHORT_WORDS", "Extraction", "extract_answer", "register_cues"]

#: Answer cues per language, matched case-insensitively (any run of spaces
#: for a space; a final ``:`` is any colon, and bold markers may surround
#: the cue); the answer starts after the cue. A bare noun needs its colon
#: ("Answer:"), so that "the answer depends" is no cue. English (``en``)
#: cues are tried for every language.
CUES: dict[str, list[str]] = {
    "en": [
        "final answer:", "the final answer is", "the answer is", "the correct answer is",
        "the short answer is", "answer:", "short answer:", "correct answer:", "my answer is",
    ],
    "ar": ["الإجابة هي", "الإجابة:", "الجواب هو", "الجواب:", "الاجابة هي", "الاجابة:"],
    "bn": ["উত্তর হল", "উত্তর হলো", "উত্তর:"],
    "de": ["die antwort ist", "die antwort lautet", "antwort:", "endgültige antwort:"],
    "es": ["la respuesta es", "respuesta:", "respuesta final:", "la respuesta correcta es"],
    "fi": ["vastaus on", "vastaus:"],
    "fr": ["la réponse est", "réponse:", "réponse finale:", "la bonne réponse est"],
    "hi": ["उत्तर है", "उत्तर:", "जवाब है", "जवाब:"],
    "id": ["jawabannya adalah", "jawaban:", "jawabannya:", "jawabannya"],
    "it": ["la risposta è", "risposta:"],
    "ja": ["答えは", "答え:", "正解は", "解答:", "正解:"],
    "ko": ["정답은", "답은", "정답:", "답:"],
    "nl": ["het antwoord is", "antwoord:"],
    "pl": ["odpowiedź to", "odpowiedź brzmi", "odpowiedź:", "prawidłowa odpowiedź to"],
    "pt": ["a resposta é", "resposta:", "resposta final:"],
    "ru": ["ответ:", "правильный ответ:", "ответ —", "ответ -"],
    "sv": ["svaret är", "svar:"],
    "sw": ["jibu ni", "jibu:"],
    "te": ["సమాధానం:"],
    "th": ["คำตอบคือ", "คำตอบ:"],
    "tr": ["cevap:", "yanıt:", "cevap şudur"],
    "vi": ["câu trả lời là", "câu trả lời:", "đáp án là", "đáp án:", "trả lời:"],
    "zh": ["答案是", "答案:", "答案为", "答:", "回答:", "最终答案:"],
}  # fmt: skip

#: At most this many words make a bold span an answer (a longer one is emphasis).
SHORT_WORDS = 10


@dataclass(frozen=True)
class Extraction:
    """The answer found in a response: its text ``answer`` (stripped),
    the ``rule`` that found it (``boxed``, ``cue``, ``bold``, ``quoted`` or
    ``whole``) and its place ``text[start:end]`` in the response."""

    answer: str
    rule: str
    start: int
    end: int


def register_cues(lang: str, cues: Iterable[str]) -> None:
    """Add answer cues for ``lang`` (any spelling of a known language).

    >>> register_cues("pl", ["odpowiedzią jest"])
    >>> extract_answer("Odpowiedzią jest Kraków.", lang="pl").answer
    'Kraków'
    """
    from ..languages import canonical_language

    code = canonical_language(lang)
    known = CUES.setdefault(code, [])
    for cue in cues:
        cue = check_text(cue, "cue").strip()
        if cue and cue.casefold() not in (k.casefold() for k in known):
            known.append(cue)
    _cue_pattern.cache_clear()
    _cue_keys.cache_clear()


@lru_cache(maxsize=64)
def _cue_pattern(lang: str | None) -> regex.Pattern[str]:
    cues = {*CUES["en"], *CUES.get(lang or "", ())}
    # longest first, so "the answer is" wins over "answer:"; a cue starts a
    # word, and one ending in a letter of a spaced script ends one
    parts = []
    for cue in sorted(cues, key=len, reverse=True):
        colon = cue.endswith((":", "："))
        words = cue.rstrip(":：").strip()
        escaped = r"\s+".join(regex.escape(word) for word in words.split())
        if colon:
            escaped += r"\**\s*[:：]"
        elif regex.search(r"[\p{Latin}\p{Cyrillic}\p{Greek}]$", words):
            escaped += r"(?![\p{L}\p{M}])"
        parts.append(escaped)
    return regex.compile(
        rf"(?<![\p{{L}}\p{{M}}\p{{N}}])(?:{'|'.join(parts)})\**",
        regex.IGNORECASE | regex.REVERSE,
    )


# the end of an answer after a cue: a sentence end or a line break
_SENTENCE_END = regex.compile(r"[.!?。！？\n](?=\s|$)|[。！？\n]")
_BOLD = regex.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*|__(?=\S)(.+?)(?<=\S)__", regex.DOTALL)
_QUOTES = {'"': '"', "'": "'", "“": "”", "«": "»", "„": "“", "「": "」", "『": "』", "‘": "’"}
_TRIM = " \t\r\n*_\"'“”«»„「」『』‘’.,;:!?。、！？：；"


def _span(text: str, start: int, end: int, rule: str) -> Extraction | None:
    """The stripped ``text[start:end]`` as an extraction (None when empty)."""
    while start < end and text[start] in _TRIM:
        start += 1
    while end > start and text[end - 1] in _TRIM:
        end -= 1
    if start >= end:
        return None
    return Extraction(text[start:end], rule, start, end)


def _boxed(text: str) -> Extraction | None:
    start = text.rfind("\\boxed{")
    while start >= 0:
        depth, position = 1, start + 7
        while position < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[position], 0)
            position += 1
        if depth == 0:
            found = _span(text, start + 7, position - 1, "boxed")
            if found is not None:
                return found
        start = text.rfind("\\boxed{", 0, start)
    return None


@lru_cache(maxsize=64)
def _cue_keys(lang: str | None) -> tuple[str, ...]:
    """The longest word of each cue of the language, in lower case: a text
    holding none of them has no cue (a quick test before the pattern)."""
    cues = {*CUES["en"], *CUES.get(lang or "", ())}
    return tuple({max(cue.rstrip(":：").split(), key=len).lower() for cue in cues})


def _in_lowered(text: str, keys: Iterable[str]) -> bool:
    """Whether one of ``keys`` is in ``text.lower()``, for keys in lower
    case without σ or ς; a long text is lowered a window at a time (its
    windows overlap by one character less than the longest key), never
    whole. The same answer: :meth:`str.lower` maps each character on its
    own, but for Σ, whose σ or ς depends on the characters around it and
    is in no key; so a key found in the lowered text is found in the
    lowered characters it comes from, at most as many as its own, which
    one window holds, and one found in a lowered window is in the lowered
    text.

    >>> _in_lowered("The ANSWER is", ("answer",)), _in_lowered("ΑΣ", ("σ",))
    (True, False)
    """
    keys = list(keys)
    if not keys or "" in keys:
        return bool(keys)  # (the empty string is in every text)
    if len(text) <= WINDOW_CHARS or any("σ" in key or "ς" in key for key in keys):
        lowered = text.lower()
        return any(key in lowered for key in keys)
    overlap = max(map(len, keys)) - 1
    for start in range(0, len(text), WINDOW_CHARS):
        window = text[start : start + WINDOW_CHARS + overlap].lower()
        if any(key in window for key in keys):
            return True
    return False


#: the windows in which :func:`_in_lowered` looks for its keys
WINDOW_CHARS = 1 << 16


def _cue(text: str, lang: str | None) -> Extraction | None:
    if not _in_lowered(text, _cue_keys(lang)):
        return None
    for found in _cue_pattern(lang).finditer(text):
        begin = found.end()
        while begin < len(text) and text[begin] in _TRIM:  # "Answer:\n\nParis"
            begin += 1
        stop = _SENTENCE_END.search(text, begin)
        end = len(text) if stop is None else stop.start()
        # a decimal point or an abbreviation's dot inside the answer ("3.5", "U.S.")
        while stop is not None and text[stop.start()] == "." and _inside_word(text, stop.start()):
            stop = _SENTENCE_END.search(text, stop.start() + 1)
            end = len(text) if stop is None else stop.start()
        span = _span(text, begin, end, "cue")
        if span is not None:
            return span
    return None


def _inside_word(text: str, dot: int) -> bool:
    """The dot at ``dot`` is a decimal point or ends a one-letter abbreviation."""
    before = text[dot - 1] if dot else " "
    after = text[dot + 1] if dot + 1 < len(text) else " "
    if before.isdigit() and after.isdigit():
        return True
    return before.isalpha() and (dot < 2 or not text[dot - 2].isalpha()) and after != "\n"


def _bold(text: str) -> Extraction | None:
    last = None
    for found in _BOLD.finditer(text):
        last = found
    if last is None:
        return None
    group = 1 if last.group(1) is not None else 2
    if len(last.group(group).split()) > SHORT_WORDS:
        return None
    return _span(text, last.start(group), last.end(group), "bold")


def _quoted(text: str) -> Extraction | None:
    stripped = text.strip()
    if len(stripped) < 3:
        return None
    close = _QUOTES.get(stripped[0])
    if close is None or not stripped.endswith(close) or close in stripped[1:-1]:
        return None
    offset = text.index(stripped[0])
    return _span(text, offset + 1, offset + len(stripped) - 1, "quoted")


def extract_answer(
    text: str, *, lang: str | None = None, rules: Iterable[str] | None = None
) -> Extraction:
    """The final answer of the response ``text``, and the rule that found it
    (see :mod:`answermatch.matchers.extraction`): ``boxed``, ``cue``, ``bold``,
    ``quoted``, else the whole text with rule ``whole``.

    ``lang``: the language whose cues are looked for beside English's (any
    spelling of a known language). ``rules``: the rules to try, in their
    fixed order (default: all).

    >>> extract_answer("Ответ: Москва", lang="ru")
    Extraction(answer='Москва', rule='cue', start=7, end=13)
    >>> extract_answer("I think it is **Mount Everest**, the highest.").answer
    'Mount Everest'
    >>> extract_answer("The answer is 3.5 million.").answer
    '3.5 million'
    >>> extract_answer("  Warsaw  ")
    Extraction(answer='Warsaw', rule='whole', start=2, end=8)
    """
    check_text(text, "text")
    code = optional_language(lang)
    if rules is None:
        return _extract(text, code)
    chosen = tuple(rules)
    for name in chosen:
        if name not in _RULE_NAMES:
            raise ValueError(f"unknown extraction rule {name!r}; rules: {', '.join(_RULE_NAMES)}")
    return _extract(text, code, chosen)


def _extract(text: str, lang: str | None, rules: tuple[str, ...] | None = None) -> Extraction:
    """:func:`extract_answer` of a checked text and language code."""
    if rules is None or "boxed" in rules:
        found = _boxed(text) if "\\boxed{" in text else None
        if found is not None:
            return found
    if rules is None or "cue" in rules:
        found = _cue(text, lang)
        if found is not None:
            return found
    if (rules is None or "bold" in rules) and ("**" in text or "__" in text):
        found = _bold(text)
        if found is not None:
            return found
    if (rules is None or "quoted" in rules) and text.lstrip()[:1] in _QUOTES:
        found = _quoted(text)
        if found is not None:
            return found
    start, end = len(text) - len(text.lstrip()), len(text.rstrip())
    return Extraction(text[start:end], "whole", start, max(start, end))


_RULE_NAMES = ("boxed", "cue", "bold", "quoted")
