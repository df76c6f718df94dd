"""Text normalization: composable steps and named presets.

A preset is a named list of steps (:mod:`answermatch.normalization.steps`),
built for a language (article lists differ by language).

>>> normalize("Ｔｈｅ  Beatles!"), normalize("The Beatles!", lang="en")
('the beatles', 'beatles')
>>> normalize("人口1000人", preset="xor-full")
'口1000'
>>> available_presets()
['none', 'squad', 'unicode', 'unicode-hans', 'xor-engspan', 'xor-full']

Presets:

``unicode`` (the default)
    The library's own: NFKC, full case folding, NFKC again; French's elided
    article (``l'``, ``l’``) with its apostrophe; then drop Unicode
    punctuation *and* symbols (a superset of ASCII ``string.punctuation``,
    so at least what SQuAD drops), default-ignorable characters (soft
    hyphen, zero-width joiners, BOM...), Arabic diacritics and tatweel,
    Hebrew niqqud and cantillation; recompose (NFC: a deleted character
    may have separated a base from its combining mark) and put back Thai and
    Lao sara am (``ำ``, which NFKC splits); drop the language's articles;
    collapse whitespace. Combining marks that are letters (Devanagari,
    Bengali, Thai vowel signs, Vietnamese tones...) are kept. By language:
    Turkish and Azerbaijani (``tr``, ``az``) lower ``İ`` to ``i`` and ``I``
    to ``ı`` (``DİYARBAKIR`` = ``Diyarbakır``); Greek (``el``) drops the
    accents and breathings of Greek letters but the diaeresis (``ΟΔΟΣ`` =
    ``οδός``; case folding already makes final ``ς`` a ``σ``, and German
    ``ß`` an ``ss``, in every language). The steps are repeated until the
    text no longer changes, so the preset is idempotent by construction:
    ``normalize(normalize(t)) == normalize(t)`` for every string (one extra
    pass verifies a non-ASCII result; for an ASCII input a single pass
    provably suffices).
``unicode-hans``
    ``unicode``, then Chinese Traditional characters folded to Simplified
    (OpenCC's ``t2s``, characters and phrases in context; needs the
    ``opencc`` package of the ``zh`` extra), so that ``臺灣大學`` equals
    ``台湾大学``: for comparing answers across ``zh-Hant`` and ``zh-Hans``
    (MKQA's ``zh_tw``/``zh_hk`` against ``zh_cn``). Opt-in: the official
    rules never fold scripts. Idempotent.
``squad`` / ``xor-engspan``
    SQuAD v1.1's ``normalize_answer``: ``str.lower``, ASCII punctuation
    removal, English ``a|an|the`` (Python ``re`` word boundaries, whatever
    ``lang`` says), whitespace collapse. Idempotent.
``xor-full``
    XOR-TyDi Full: ``str.lower``, ASCII punctuation removal, deletion of
    ``年 歳 人 년`` anywhere, whitespace collapse. No articles. Idempotent.
``none``
    The text unchanged.

Differences between ``unicode`` and ``squad`` matter: ``unicode`` folds
full-width forms and case (``Straße`` = ``STRASSE``), removes ``«»„“、。``
and other non-ASCII punctuation, which the official scorers keep.

What ``unicode`` deliberately does not do: unify Arabic letter variants
(``أ إ آ`` / ``ا``, ``ى`` / ``ي``, ``ة`` / ``ه``) or Vietnamese tone-mark
placement (``hòa`` / ``hoà``), which are spelling decisions; undo case
folding's ``İ`` -> ``i̇`` outside Turkish and Azerbaijani (i + combining
dot, so without ``lang="tr"`` ``İstanbul`` differs from ``Istanbul``).
Punctuation is deleted, not replaced by a space, as in SQuAD:
``ジョン・スミス`` becomes ``ジョンスミス``. The character tables are those
of the running Python (``unicodedata``: NFKC, case folding) and of the
``regex`` package (punctuation, symbols, default-ignorables), so characters
newer than those tables may be treated differently across versions.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache, partial

from ..languages import optional_language
from ..registry import Registry
from . import steps
from .steps import (
    _TURKIC_LOWER,
    ELIDED_ARTICLES,
    TURKIC_LANGUAGES,
    case_mapped,
    casefold,
    collapse_whitespace,
    compose_sara_am,
    lower,
    nfc,
    nfkc,
    remove_articles,
    remove_counters,
    remove_elided_articles,
    squad_article_split,
    squad_articles,
    strip_ascii_punct,
    strip_greek_accents,
    strip_noise,
    to_simplified,
    turkic_lower_i,
)

Step = Callable[[str], str]

# A non-converging pipeline would be a bug; the tests show two passes suffice
# in practice (the second one only confirms the first).
_MAX_PASSES = 8


@dataclass(frozen=True)
class Preset:
    """A named normalization.

    ``build(lang)`` gives the steps for a language. With ``until_stable``
    the steps are applied again until the text stops changing, which makes
    the preset idempotent whatever the interplay of its steps.
    """

    name: str
    description: str
    build: Callable[[str | None], tuple[Step, ...]]
    until_stable: bool = False
    #: optional: ``fused(lang)`` is one function giving what the steps give
    #: (repeated until stable if ``until_stable``), written for speed; the
    #: tests check it against the steps
    fused: Callable[[str | None], Step] | None = None
    #: the steps read nothing across an ASCII space, which they keep and
    #: split at: a text cut just before its ASCII spaces normalizes, piece
    #: by piece, to the pieces of its normal form (:func:`parts_normalizer`;
    #: the tests check it)
    local_to_spaces: bool = False


def _unicode_steps(lang: str | None) -> tuple[Step, ...]:
    elided = (partial(remove_elided_articles, lang=lang),) if lang in ELIDED_ARTICLES else ()
    return (
        nfkc,
        *((turkic_lower_i,) if lang in TURKIC_LANGUAGES else ()),
        casefold,
        nfkc,
        *((strip_greek_accents,) if lang == "el" else ()),
        *elided,
        strip_noise,
        nfc,
        compose_sara_am,
        partial(remove_articles, lang=lang),
        collapse_whitespace,
    )


_ASCII_DELETIONS = str.maketrans("", "", string.punctuation)


# The only characters that are letters or digits for str.isalnum and yet
# deleted by strip_noise: tatweel and the Hangul fillers (default-ignorable
# letters); the tests check this over every code point of the running tables.
_ALNUM_NOISE = frozenset("\u0640\u115f\u1160\u3164\uffa0")
# Those of them that NFKC keeps (it maps U+3164 and U+FFA0 to U+1160): the
# ones an NFKC-normalized text can hold (tested).
_TATWEEL, _CHOSEONG_FILLER, _JUNGSEONG_FILLER = "\u0640\u115f\u1160"


def _alnum_clean(text: str) -> bool:
    """``text`` is letters and digits only, none deleted as noise (it is
    NFKC-normalized: the caller checked)."""
    return (
        text.isalnum()
        and _TATWEEL not in text
        and _CHOSEONG_FILLER not in text
        and _JUNGSEONG_FILLER not in text
    )


# Punctuation often found around an answer (after NFKC, which has made
# full-width marks ASCII); every one is deleted by strip_noise (the tests
# check), so stripping them from the ends of a text that is otherwise letters,
# digits and spaces is what the noise step does to it.
_EDGE_NOISE = string.punctuation + "、。「」『』【】〈〉《》〔〕・〜«»“”„‘’‚–—•·"
# What may surround an answer *before* normalization and vanish in it: the
# above, their full-width forms, whitespace, zero-width space and BOM. For
# every character here (the tests check each): NFKC, case folding and NFKC
# again give only noise or whitespace, through characters that combine with
# nothing (canonical class 0, second of no composition). So around a core that
# no step changes (letters and digits, NFKC-normalized, case-folded, no
# tatweel or Hangul filler) they cannot touch the core, the noise step deletes
# them and the whitespace step drops what is left: the result is the core.
_EDGE = (
    _EDGE_NOISE
    + "".join(chr(0xFEE0 + ord(c)) for c in string.punctuation)
    + "｡｢｣､･"
    + " \t\n\r\u3000\u200b\ufeff"
)


def _ascii_articles(lang: str | None) -> Step | None:
    """What :func:`~.steps.remove_articles` does to lower-case ASCII text:
    only the language's ASCII articles can match there, and on ASCII the
    ``regex`` word test equals ``re``'s."""
    words = [w for w in steps.ARTICLES.get(lang or "", ()) if w.isascii()]
    if not words:
        return None
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(words) + r")(?!\w)")
    return partial(pattern.sub, " ")


def _unicode_fused(lang: str | None) -> Step:
    """The ``unicode`` preset as one function. On ASCII text NFKC, NFC and
    case folding are ``str.lower``, the deleted punctuation and symbols are
    exactly ``string.punctuation``, and one pass is stable. Without articles,
    a text of letters and digits that NFKC and case folding keep, between
    ``_EDGE`` characters only (punctuation, spaces), normalizes to those
    letters and digits, found by C-level string tests (the common case of
    Chinese and Japanese answers). Other text takes a second pass unless
    the first one left it unchanged, or left only letters, digits and single
    spaces that NFKC and case folding keep (which no step changes, when the
    language has no articles)."""
    to_normal = unicodedata.normalize
    is_normalized = unicodedata.is_normalized
    has_articles = lang in steps.ARTICLES or lang == "ar"
    articles = partial(remove_articles, lang=lang) if has_articles else None
    ascii_articles = _ascii_articles(lang)
    noise_sub = steps._NOISE.sub  # compiled now, on first use: not at import
    elided = partial(remove_elided_articles, lang=lang) if lang in ELIDED_ARTICLES else None
    turkic = lang in TURKIC_LANGUAGES  # I and İ lower the Turkish way
    greek = lang == "el"  # accents go: an unchanged core is not the result

    def one_pass(text: str) -> str:
        text = to_normal("NFKC", text)
        if turkic:
            text = text.translate(_TURKIC_LOWER)
        text = to_normal("NFKC", case_mapped(text, str.casefold))
        if greek:
            text = strip_greek_accents(text)
        if elided is not None:
            text = elided(text)
        if not _alnum_clean(text):
            core = text.strip(_EDGE_NOISE)
            if _alnum_clean(core.replace(" ", "")):
                text = core  # only punctuation around letters, digits and spaces
            else:
                text = to_normal("NFC", noise_sub("", text))
        # else: letters and digits only, no noise to delete (and NFKC text is NFC)
        text = compose_sara_am(text)
        if articles is not None:
            text = articles(text)
        return " ".join(text.split())

    def unicode_preset(text: str) -> str:
        if text.isascii() and not (turkic and "I" in text):
            text = text.lower()
            if elided is not None:
                text = elided(text)
            text = text.translate(_ASCII_DELETIONS)
            if ascii_articles is not None:
                text = ascii_articles(text)
            return " ".join(text.split())
        if not has_articles and not greek:
            if text.isalnum():
                core = text
            else:
                core = text.strip(_EDGE)
                if not core.isalnum():
                    core = ""
            if (
                core
                and is_normalized("NFKC", core)
                and _TATWEEL not in core
                and _CHOSEONG_FILLER not in core
                and _JUNGSEONG_FILLER not in core
                and case_mapped(core, str.casefold) == core
            ):
                return core  # no step changes the core; the edges vanish (see _EDGE)
        result = one_pass(text)
        if result == text:
            return result
        if (
            not has_articles
            and not greek
            and is_normalized("NFKC", result)
            and _alnum_clean(result.replace(" ", ""))
            and case_mapped(result, str.casefold) == result
        ):
            return result
        for _ in range(_MAX_PASSES):
            again = one_pass(result)
            if again == result:
                return result
            result = again
        raise RuntimeError(f"normalization preset 'unicode' did not converge on {result!r}")

    return unicode_preset


def _squad_steps(lang: str | None) -> tuple[Step, ...]:
    return (lower, strip_ascii_punct, squad_articles, collapse_whitespace)


_ASCII_PUNCT_BYTES = string.punctuation.encode("ascii")
#: ASCII upper case to lower case, a byte for a byte (``bytes.translate``'s table)
_ASCII_LOWER_BYTES = bytes.maketrans(
    string.ascii_uppercase.encode(), string.ascii_lowercase.encode()
)


def _squad_fused(lang: str | None) -> Step:
    """The ``squad`` preset as one function (SQuAD's ``normalize_answer``,
    the rule of the SQuAD tasks): ASCII text is lowered and loses its
    punctuation in one pass over its bytes (one C loop, no lookup per
    character, one copy of a long text at a time beside it), other text is
    lowered a piece at a time (:func:`~.steps.case_mapped`), and the
    articles are dropped from the whitespace tokens
    (:func:`~.steps.without_articles`)."""

    def squad(text: str) -> str:
        if text.isascii():  # lowered and rid of punctuation in one pass over its bytes
            text = text.encode().translate(_ASCII_LOWER_BYTES, _ASCII_PUNCT_BYTES).decode()
        else:
            text = case_mapped(text, str.lower).translate(_ASCII_DELETIONS)
        return " ".join(squad_article_split(text))

    return squad


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "unicode",
            "the library default: NFKC, case folding, removal of Unicode punctuation, "
            "symbols, invisible characters and Arabic diacritics (other combining marks "
            "kept), articles of the language, whitespace collapse; idempotent",
            _unicode_steps,
            until_stable=True,
            fused=_unicode_fused,
            local_to_spaces=True,
        ),
        Preset(
            "unicode-hans",
            "unicode, then Chinese Traditional characters to Simplified (OpenCC t2s, "
            "the zh extra): 臺灣 = 台湾; idempotent",
            lambda lang: (*_unicode_steps(lang), to_simplified),
            until_stable=True,
        ),
        Preset(
            "squad",
            "SQuAD v1.1: lower, ASCII punctuation removal, English articles, whitespace",
            _squad_steps,
            fused=_squad_fused,
            local_to_spaces=True,
        ),
        Preset(
            "xor-engspan",
            "XOR-TyDi EnglishSpan (same as squad)",
            _squad_steps,
            local_to_spaces=True,
        ),
        Preset(
            "xor-full",
            "XOR-TyDi Full: lower, ASCII punctuation removal, counter deletion "
            "(年 歳 人 년 anywhere), whitespace collapse",
            lambda lang: (lower, strip_ascii_punct, remove_counters, collapse_whitespace),
            local_to_spaces=True,
        ),
        Preset("none", "leave the text as it is", lambda lang: ()),
    )
}


def _check_preset(name: str, value: object) -> Preset:
    preset = value() if callable(value) and not isinstance(value, Preset) else value
    if not isinstance(preset, Preset) or preset.name != name:
        raise ValueError(f"the entry point for preset {name!r} gives {value!r}, not its Preset")
    return preset


#: Every preset: the built-ins (:data:`PRESETS`), and those other packages add
#: through the entry-point group ``answermatch.presets`` (name -> a
#: :class:`Preset`) or :func:`register_preset`.
PRESET_REGISTRY: Registry[Preset] = Registry(
    "normalization preset", "answermatch.presets", _check_preset, ValueError, builtins=PRESETS
)


def register_preset(preset: Preset) -> None:
    """Add ``preset`` under its name (a name already taken is an error)."""
    if PRESET_REGISTRY.builtin(preset.name):
        raise ValueError(f"a normalization preset named {preset.name!r} already exists")
    PRESET_REGISTRY.add(preset.name, preset)


def get_preset(name: str) -> Preset:
    """The preset called ``name``: answermatch's own, or one a plugin adds."""
    if isinstance(name, str) and (PRESET_REGISTRY.builtin(name) or name in PRESET_REGISTRY):
        return PRESET_REGISTRY.get(name)
    raise ValueError(
        f"unknown normalization preset {name!r}; presets: {', '.join(available_presets())}"
    )


def available_presets() -> list[str]:
    """Names of the normalization presets (plugins' included).

    >>> "unicode" in available_presets()
    True
    """
    return PRESET_REGISTRY.names()


@lru_cache(maxsize=1024)  # bounded: one entry per preset and language
def _pipeline(preset: str, lang: str | None) -> tuple[tuple[Step, ...], bool]:
    spec = get_preset(preset)
    return spec.build(lang), spec.until_stable


def _apply(steps_: tuple[Step, ...], text: str) -> str:
    for step in steps_:
        text = step(text)
    return text


@lru_cache(maxsize=1024)
def normalizer(preset: str = "unicode", lang: str | None = None) -> Callable[[str], str]:
    """The function ``text -> normalize(text, lang, preset)``, with the preset
    and language looked up once: for callers that normalize many strings
    (it does not check that ``text`` is a ``str``).

    >>> norm = normalizer("unicode", "EN")
    >>> norm("The Beatles!") == normalize("The Beatles!", lang="en")
    True
    """
    if not isinstance(preset, str):
        raise TypeError(f"preset must be a str, not {type(preset).__name__}")
    lang = optional_language(lang)
    steps_, until_stable = _pipeline(preset, lang)
    fused = get_preset(preset).fused
    if fused is not None:
        return fused(lang)
    if not steps_:
        return str  # the text itself (a str subclass becomes a plain str)
    if len(steps_) == 1:
        (single,) = steps_
        if not until_stable:
            return single
    if not until_stable:
        return partial(_apply, steps_)

    def run(text: str) -> str:
        result = _apply(steps_, text)
        # On ASCII the unicode steps are lower-casing, deletions, a projection
        # (articles) and whitespace collapse: one pass is already stable. A
        # text the steps left unchanged is stable by definition.
        if result == text or text.isascii():
            return result
        for _ in range(_MAX_PASSES):
            again = _apply(steps_, result)
            if again == result:
                return result
            result = again
        raise RuntimeError(f"normalization preset {preset!r} did not converge on {result!r}")

    return run


@lru_cache(maxsize=1024)
def parts_normalizer(
    preset: str = "unicode", lang: str | None = None
) -> Callable[[str], Iterator[str]] | None:
    """For a preset whose steps read nothing across an ASCII space
    (:attr:`Preset.local_to_spaces`: ``squad``, ``xor-engspan``,
    ``xor-full`` and ``unicode``), the function ``text -> its normal form
    in parts``: the text cut just before ASCII spaces into pieces of about
    :data:`~.steps.PIECE_CHARS` characters (:func:`~.steps.pieces`), each
    normalized, the empty ones left out. Joined by single spaces, they are
    ``normalize(text, lang, preset)``: what a long text needs to be compared
    or searched without a list of its words. ``None`` for other presets.

    Why a cut before an ASCII space changes nothing: the space is a starter
    that composes with nothing and that no step deletes or changes, so NFKC
    and NFC have a boundary on both of its sides; case folding and
    ``str.lower`` (whose final sigma looks no further than a space, which is
    neither cased nor case-ignorable) read one character; punctuation,
    symbols, invisible characters and diacritics are deleted one by one;
    Greek accents are dropped after a Greek letter, articles are whole
    words and Arabic's prefix needs letters after it (a space is none of
    these); whitespace is split and joined by single spaces.

    >>> parts = parts_normalizer("squad")
    >>> list(parts("The cat, the hat."))
    ['cat hat']
    >>> parts_normalizer("none") is None
    True
    """
    lang = optional_language(lang)
    if not get_preset(preset).local_to_spaces:
        return None
    normalize = normalizer(preset, lang)

    def part(piece: str) -> str:
        if len(piece) <= 2 * steps.PIECE_CHARS:
            return normalize(piece)
        # a long stretch without an ASCII space (Thai, Japanese, a run of
        # letters): its normal form made from that of its pieces, extended
        # in place, without each step's copy of the whole stretch
        whole = ""
        for joined in joined_parts(piece, normalize):
            whole += joined
        return whole

    def parts(text: str) -> Iterator[str]:
        return filter(None, map(part, steps.pieces(text, steps.ASCII_SPACE)))

    return parts


#: Characters that every step of a preset that reads nothing across an
#: ASCII space keeps as they are, each alone (CJK ideographs but the
#: counters 年 歳 人, kana, Thai consonants, Hangul syllables but 년):
#: word characters, starters that compose with nothing before them,
#: neither Σ nor case-ignorable, without case, in no article. The tests
#: check each. A text may be cut between two of them.
FIRM_CHARACTERS = (
    "\u0e01-\u0e2e\u3041-\u3096\u30a1-\u30fa\u4e00-\u4eb9\u4ebb-\u5e73"
    "\u5e75-\u6b72\u6b74-\u9fff\uac00-\ub143\ub145-\ud7a3"
)
#: ... and between two runs of this many of them or ASCII letters and
#: digits (which are in articles of fewer letters).
FIRM_RUN = 8
_FIRM_OR_ASCII = f"[0-9A-Za-z{FIRM_CHARACTERS}]{{{FIRM_RUN}}}"
_FIRM_CUT = f" |(?<=[{FIRM_CHARACTERS}])(?=[{FIRM_CHARACTERS}])"
_FIRM_CUTS = re.compile(_FIRM_CUT)
_JOINED_CUTS = re.compile(f"{_FIRM_CUT}|(?<={_FIRM_OR_ASCII})(?={_FIRM_OR_ASCII})")


@lru_cache(maxsize=1024)
def joined_parts_normalizer(
    preset: str = "unicode", lang: str | None = None
) -> Callable[[str], Iterator[str]] | None:
    """For a preset whose steps read nothing across an ASCII space
    (:attr:`Preset.local_to_spaces`), the function ``text -> its normal
    form in parts`` whose join by nothing is ``normalize(text, lang,
    preset)``: the text cut into pieces of about
    :data:`~.steps.PIECE_CHARS` characters, just before an ASCII space
    (then the parts are separated by one space, as by
    :func:`parts_normalizer`), between two :data:`FIRM_CHARACTERS`, or
    between two runs of :data:`FIRM_RUN` of them or ASCII letters and
    digits (then by nothing), each piece normalized: a text without spaces
    (Japanese, Chinese, Thai, a long run of letters) is cut too. ``None``
    for other presets.

    Why those cuts change nothing: each step maps these characters, each
    alone, to one character of the same kind (ASCII letters to lower case,
    Turkish ``I`` to ``ı``; the others are kept), so they stay on both
    sides of the cut in every pass; each is a starter that composes with
    nothing before it, so NFKC, NFC and NFD have a boundary there; none is
    Σ nor case-ignorable, so no final sigma looks across; deletions go
    character by character; an article (a word between non-word
    characters, or whitespace, of at most :data:`FIRM_RUN` - 1 letters,
    none of them a firm character) can neither end at such a cut nor
    start at one (the pieces, of :data:`~.steps.PIECE_CHARS` characters at
    least, hold the runs on both sides), and an elided one needs an
    apostrophe; Arabic's prefix, Greek accents and Thai's SARA AM concern
    none of these characters.

    >>> from answermatch.normalization import joined_parts_normalizer
    >>> parts = joined_parts_normalizer("squad")
    >>> list(parts("The cat, the hat."))
    ['cat hat']
    """
    lang = optional_language(lang)
    if not get_preset(preset).local_to_spaces:
        return None
    return partial(joined_parts, normalize=normalizer(preset, lang))


def joined_parts(text: str, normalize: Callable[[str], str]) -> Iterator[str]:
    """``normalize(text)`` in parts whose join by nothing is the whole
    text's, for a ``normalize`` that reads nothing across the cuts of
    :func:`joined_parts_normalizer` and collapses whitespace (what its
    docstring shows for the presets; containment's preparation is another):
    the text cut into pieces, each normalized, the empty ones left out, a
    part ``" "`` before one cut at a space.

    >>> from answermatch.normalization import joined_parts
    >>> list(joined_parts("東京 タワー" * 2, str.strip))
    ['東京 タワー東京 タワー']
    """
    given = False  # a part was given: a space before the next after a space
    # (between runs only where the pieces hold them: pieces of FIRM_RUN at least)
    cuts = _JOINED_CUTS if steps.PIECE_CHARS >= FIRM_RUN else _FIRM_CUTS
    for piece in steps.pieces(text, cuts):
        part = normalize(piece)
        if not part:
            continue
        if given and piece[0] == " ":
            yield " "
        yield part
        given = True


def normalize(text: str, lang: str | None = None, preset: str = "unicode") -> str:
    """Normalize ``text`` with the steps of ``preset`` for language ``lang``.

    ``lang`` only selects the article list (see
    :data:`~answermatch.normalization.steps.ARTICLES`); ``None`` removes no
    articles. Any spelling :func:`~answermatch.languages.canonical_language`
    accepts will do (``en-US``, ``eng``); an unknown language raises
    :class:`~answermatch.errors.UnknownLanguageError`.

    >>> normalize("  ＳＴＲＡßＥ,  «Berlin»\\u200b ")
    'strasse berlin'
    >>> normalize("Los Ángeles", lang="es")
    'ángeles'
    >>> normalize("The Who", preset="squad")
    'who'
    >>> normalize("The Who", lang="EN") == normalize("The Who", lang="en")
    True
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    try:
        run = normalizer(preset, lang)
    except TypeError:
        if not isinstance(lang, str | None):
            raise TypeError(f"lang must be a str or None, not {type(lang).__name__}") from None
        raise
    return run(text)


__all__ = [
    "PRESETS",
    "Preset",
    "Step",
    "available_presets",
    "joined_parts",
    "joined_parts_normalizer",
    "normalize",
    "normalizer",
    "parts_normalizer",
    "steps",
]
