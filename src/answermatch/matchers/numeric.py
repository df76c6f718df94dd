"""Numbers in answers: find the first one, compare by value.

This is the library's own rule, written for real multilingual text. It is
not the PolEval/GEval number rule (ASCII digits only, no thousands
separators, compared as strings), which the PolEval task module implements.
The full guide, with the languages and forms, is the documentation page
"Numbers and dates".

How a number is read, from its first digit:

- Digits are Unicode decimal digits of any script (Arabic-Indic ``٣``,
  Bengali ``৩``, Devanagari ``३``, Thai ``๓``, Khmer ``៣``, full-width
  ``３``...), mixed freely.
- Thousands separators: space, no-break space, narrow no-break space, thin
  space, ``'``, ``’``, Arabic ``٬``, full-width ``，``, ``,`` and ``.``, one
  kind per number,
  between groups of exactly three digits (the first group has one to three
  digits and does not start with 0); Indian grouping (``12,34,567``) too.
- Decimal marks: ``.``, ``,``, Arabic ``٫`` and full-width ``．``, different from the
  number's thousands separator: ``1,000.5`` = ``1.000,5`` = 1000.5.
- A single ``.`` or ``,`` followed by exactly three digits is ambiguous
  (``1.000``, ``1,500``). With ``lang``, the language's CLDR decimal sign
  decides: it is the decimal mark and the other sign groups thousands
  (``1.000`` is 1000 in ``de``, ``vi``, ``tr``, ``pl``..., 1 in ``en``,
  ``ja``, ``hi``...; ``1,500`` is 1.5 in ``de`` and 1500 in ``en``). Without
  ``lang``: a comma groups (``1,000`` = 1000), a dot is a decimal point
  (``1.000`` = 1) unless the number shows it groups (``1.000.000``,
  ``1.000,5``). A sign followed by one, two or four digits is a decimal
  mark in every language (``3.5 Mio.`` is 3.5 million in German too).
- Scale words after the number, from CLDR's compact forms of the language
  (long and short, every plural form: ``3,5 Millionen``, ``3,5 Mio.``,
  ``3,5 mln``, ``12 миллионов``, ``1.2 करोड़``, ``4 triệu``, ``elfu 3``)
  and its number-word table (``5 tysięcy``) multiply it; they need
  ``lang``. Short forms of one or two letters are case-sensitive and keep
  CLDR's spacing (``3K`` and ``3 M`` in French), lower-case single letters
  are not read (``5m`` is five metres as often as five million).
- Ideographic numerals, in any language: ``3.5万``, ``1億2000万``,
  ``十二億三千四百万``, ``二〇二三``, financial forms (``壹贰叁``), and the
  Korean units after a number at the end of a word (``1억 2000만``,
  ``3천원``; not ``3조각``, three pieces). An ideographic
  numeral right after another Han character is part of a word (``統一``),
  except after a few words such as ``約``, ``第`` or ``共``. A numeral is
  read to at most 64 parts (an ideographic digit, a unit or a digit run
  each count one): the longest real one,
  ``九千九百九十九兆九千九百九十九億九千九百九十九万九千九百九十九``, has
  31. A longer chain (``1万2`` repeated) reads as the value of its first
  64 parts, so no reading looks at more than 64 parts.
- Number words, when the text has no digit and ``lang`` has a table
  (:data:`NUMBER_WORD_LANGUAGES`): ``zweitausenddreihundert``,
  ``quatre-vingt-quinze``, ``dwa tysiące trzysta``, ``hai mươi mốt``,
  ``이천삼백``, ``สองพัน``.
- A sign (``+ - − － ＋ ﹣ ﹢``) counts when it stands right before the
  number and is not itself preceded by a letter or digit (``COVID-19`` is
  19, ``-5`` and ``temperatura: −5`` are -5). A leading decimal point counts
  at the start of the text or after a space or sign (``.5`` = 0.5, but
  ``No.5`` = 5).
- Percent signs (``%``, ``٪``, either side) are ignored: ``25 %`` =
  ``%25`` = 25 (not 0.25).
- Not handled: exponents, fractions (``½``), Roman numerals, decimal words
  (``三点五``), dates (``15.03.2020`` reads as 15.03; see
  :func:`~answermatch.matchers.date_match`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from decimal import Decimal
from functools import cache, lru_cache

from ._inputs import _PLAIN_GOLDS, as_golds, check_text, value_match_batch, value_texts

_DIGIT_RUN = re.compile(r"\d+")  # Unicode decimal digits, Python's own tables
_SIGNS: dict[str, bool] = {  # sign -> negative
    "+": False, "\uff0b": False, "\ufe62": False,
    "-": True, "\u2212": True, "\uff0d": True, "\ufe63": True,
}  # fmt: skip
_SPACES = " \u00a0\u202f\u2009"
_GROUP_SEPARATORS = frozenset(_SPACES + "'\u2019\u066c,.\uff0c")
_DECIMAL_MARKS = frozenset(".,\u066b\uff0e")
_LEADING_POINTS = frozenset(".\u066b")

# Ideographic numerals: digits, units below 10 000 and units from 10 000 up.
_CJK_DIGITS: dict[str, int] = {
    "〇": 0, "零": 0, "一": 1, "壹": 1, "壱": 1, "二": 2, "贰": 2, "貳": 2, "弐": 2,
    "两": 2, "兩": 2, "三": 3, "叁": 3, "參": 3, "四": 4, "肆": 4, "五": 5, "伍": 5,
    "六": 6, "陆": 6, "陸": 6, "七": 7, "柒": 7, "八": 8, "捌": 8, "九": 9, "玖": 9,
}  # fmt: skip
_CJK_SMALL: dict[str, int] = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
_CJK_LARGE: dict[str, int] = {"万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8, "兆": 10**12}
# Korean units, read only right after a number (3천, 1억 2000만)
_HANGUL_SMALL: dict[str, int] = {"십": 10, "백": 100, "천": 1000}
_HANGUL_LARGE: dict[str, int] = {"만": 10**4, "억": 10**8, "조": 10**12}
# ...and only at the end of a word: followed by no Hangul syllable, or by one
# that starts a counter or a particle (3천원, 5만에, 30만여 명, 2억달러, 3천만)
# or another unit; any other syllable makes the unit part of a word (3조각
# "3 pieces", 7천사 "7 angels", 3만큼 "as much as 3")
_HANGUL_AFTER_UNIT = frozenset(
    "이가은는을를의에와과도로으만까부보처여명개원년월일번살세권대회층위달마톤배차곳건"
    "평호주분초시인점장병잔편표킬미엔유파석채척송벌쌍통광제억천백십조"
)
# Han characters after which an ideographic numeral still starts a number
_HAN_BEFORE_NUMBER = frozenset("約约第共計计近超逾達达余餘過过為为是有至到和及或")
_START = re.compile(r"\d|[〇零一壹二贰貳两兩三叁參四肆五伍六陆陸七柒八捌九玖十拾百佰千仟]")
_IDEOGRAPHIC = re.compile("[\u3007\u4e00-\u9fff]")
# a number in ASCII text as it usually is, and what may continue it
_ASCII_NUMBER = re.compile(r"[0-9]+(?:[.,][0-9]+)?")
_MORE_NUMBER = frozenset(".,' ")
_UNITS_AFTER = frozenset([*_CJK_LARGE, *_CJK_SMALL, *_HANGUL_LARGE, *_HANGUL_SMALL])
#: The most parts (ideographic digits, units, digit runs) one ideographic
#: numeral is read to: twice the 31 of the longest real one (9999兆9999億
#: 9999万9999 in ideographic digits and units), so no real number is cut,
#: while a chain repeated through a long answer is not read to its end from
#: every digit run in it (time growing with the square of its length).
_CJK_MAX_PARTS = 64


@cache
def _ascii_digits() -> dict[int, str]:
    """str.translate table from every Unicode decimal digit to ASCII."""
    import sys

    return {
        cp: str(unicodedata.decimal(chr(cp)))
        for cp in range(0x80, sys.maxunicode + 1)
        if unicodedata.category(chr(cp)) == "Nd"
    }


def _value(digits: str) -> str:
    """ASCII digits for a run of Unicode decimal digits."""
    return digits if digits.isascii() else digits.translate(_ascii_digits())


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_" or unicodedata.category(char).startswith("M")


def _three_digits_at(text: str, pos: int) -> bool:
    """``text[pos:pos+3]`` are digits and no digit follows them."""
    group = text[pos : pos + 3]
    return (
        len(group) == 3
        and group.isdecimal()
        and not (pos + 3 < len(text) and text[pos + 3].isdecimal())
    )


class _Locale:
    """What reading a number needs to know about one language (built once)."""

    __slots__ = (
        "decimal", "groups", "native", "prefix", "scale_firsts", "scales", "suffix", "words",
    )  # fmt: skip

    def __init__(
        self,
        decimal: str | None,
        scales: dict[str, int],
        suffix: re.Pattern[str] | None,
        prefix: re.Pattern[str] | None,
        words: _Words | None,
    ) -> None:
        self.decimal = decimal  # the language's decimal sign, None: no language
        groups = set(_GROUP_SEPARATORS)
        if decimal is not None:
            groups.discard(decimal)
        self.groups = frozenset(groups)
        self.scales = scales  # scale word (lower case, no final dot) -> power of ten
        self.scale_firsts = frozenset(w[0] for w in scales) | frozenset(
            w[0].upper() for w in scales
        )
        self.suffix = suffix
        self.prefix = prefix
        self.words = words
        # (digit zero, the locale to read them with) when the language's own
        # digits have other signs than its Latin digits (Khmer, Lao)
        self.native: tuple[str, _Locale] | None = None


_GENERIC = _Locale(None, {}, None, None, None)


def _indian_end(text: str, sep: str, pos: int) -> int | None:
    """End of Indian grouping (``,67`` pairs then ``,890``) starting at ``pos``."""
    pairs = 0
    while (
        text.startswith(sep, pos)
        and text[pos + 1 : pos + 3].isdecimal()
        and len(text) > pos + 3
        and text[pos + 3] == sep
    ):
        pos += 3
        pairs += 1
    if pairs and text.startswith(sep, pos) and _three_digits_at(text, pos + 1):
        return pos + 4
    return None


def _grouped_integer(text: str, lead: str, pos: int, loc: _Locale) -> tuple[str, str | None, int]:
    """Extend the leading digit run ``lead`` (ending at ``pos``) by thousands
    groups; returns (integer digits, separator used or None, end)."""
    if not (len(lead) <= 3 and lead[0] not in "0\u0660\u06f0" and pos < len(text)):
        return lead, None, pos
    sep = text[pos]
    if sep not in _GROUP_SEPARATORS or _value(lead[0]) == "0":
        return lead, None, pos
    if sep == "," and len(lead) <= 2:
        end = _indian_end(text, sep, pos)
        if end is not None:
            digits = lead + "".join(c for c in text[pos:end] if c != sep)
            return digits, sep, end
    digits, end, groups = lead, pos, 0
    while text.startswith(sep, end) and _three_digits_at(text, end + 1):
        digits += text[end + 1 : end + 4]
        end += 4
        groups += 1
    if groups == 0 or (sep == loc.decimal and groups == 1):
        return lead, None, pos  # the language's decimal sign groups only when repeated
    if (
        loc.decimal is None
        and sep == "."
        and groups == 1
        and not (_decimal_at(text, end) and text[end] == ",")
    ):
        return lead, None, pos  # no language: a lone dot group is a decimal point
    return digits, sep, end


def _decimal_at(text: str, pos: int) -> bool:
    return pos + 1 < len(text) and text[pos] in _DECIMAL_MARKS and text[pos + 1].isdecimal()


def _canonical(negative: bool, integer: str, fraction: str) -> str:
    integer = _value(integer).lstrip("0") or "0"
    fraction = _value(fraction).rstrip("0")
    text = f"{integer}.{fraction}" if fraction else integer
    return "-" + text if negative and text != "0" else text


def _digits_number(
    text: str, match: re.Match[str], loc: _Locale, floor: int = 0
) -> tuple[str, int, int]:
    """The number whose first digit run is ``match``: (canonical text, start,
    end); ``floor``: where the text begins (nothing before it is looked at)."""
    start, lead = match.start(), match.group()
    before = text[start - 2] if start - 2 >= floor else ""
    if (
        start > floor
        and text[start - 1] in _LEADING_POINTS
        and (not before or before.isspace() or before in _SIGNS)
    ):
        integer, fraction, end = "0", lead, match.end()
        start -= 1
    else:
        integer, sep, end = _grouped_integer(text, lead, match.end(), loc)
        fraction = ""
        if _decimal_at(text, end) and text[end] != sep:
            run = _DIGIT_RUN.match(text, end + 1)
            assert run is not None
            fraction, end = run.group(), run.end()
    sign = text[start - 1] if start > floor else ""
    negative = _SIGNS.get(sign, False) and (
        start == floor + 1 or not _is_word_char(text[start - 2])
    )
    if negative:
        start -= 1
    return _canonical(negative, integer, fraction), start, end


def _scaled(number: str, exponent: int) -> str:
    """``number`` (canonical) times 10**exponent, canonical."""
    negative = number.startswith("-")
    integer, _, fraction = number.lstrip("-").partition(".")
    digits = integer + fraction.ljust(exponent, "0")
    point = len(integer) + exponent
    integer, fraction = digits[:point].lstrip("0") or "0", digits[point:].rstrip("0")
    text = f"{integer}.{fraction}" if fraction else integer
    return "-" + text if negative and text != "0" else text


def _hangul_unit_ends(text: str, pos: int) -> bool:
    """A Korean unit ending at ``pos`` ends its word (see ``_HANGUL_AFTER_UNIT``)."""
    if pos >= len(text):
        return True
    char = text[pos]
    return not "\uac00" <= char <= "\ud7a3" or char in _HANGUL_AFTER_UNIT


def _cjk_number(text: str, pos: int, first: str | None, floor: int = 0) -> tuple[str, int] | None:
    """An ideographic number from ``pos`` (``first``: the value of a number
    in digits that ends at ``pos``); None when nothing ideographic follows a
    ``first``. ``floor``: where the text begins. At most
    :data:`_CJK_MAX_PARTS` parts are read (see the module's docstring).

    >>> _cjk_number("1万2" * 100, 1, "1")  # 64 parts: 1万, 31 times 21万, 21
    ('6520021', 97)
    """
    total = Decimal(0)
    section = Decimal(0)
    number = None if first is None else Decimal(first)
    after_digit = first is not None  # the previous token was a number
    positional = False  # the previous token was an ideographic digit
    seen_unit = False
    n = len(text)
    parts = 0
    while pos < n and parts < _CJK_MAX_PARTS:
        parts += 1
        char = text[pos]
        if char in _CJK_DIGITS:
            digit = _CJK_DIGITS[char]
            # positional after another digit: 二〇二三
            number = number * 10 + digit if number is not None and positional else Decimal(digit)
            after_digit = positional = True
            pos += 1
            continue
        small = _CJK_SMALL.get(char) or (
            after_digit
            and char in _HANGUL_SMALL
            and _hangul_unit_ends(text, pos + 1)
            and _HANGUL_SMALL[char]
        )
        if small:
            section += (number if number is not None else 1) * small
            number, after_digit, positional, seen_unit = None, False, False, True
            pos += 1
            continue
        large = _CJK_LARGE.get(char) or (
            (after_digit or section)
            and char in _HANGUL_LARGE
            and _hangul_unit_ends(text, pos + 1)
            and _HANGUL_LARGE[char]
        )
        if large:
            amount = section + (number if number is not None else 0)
            total += (amount if amount else 1) * large
            section, number, seen_unit = Decimal(0), None, True
            after_digit = positional = False
            pos += 1
            # Korean writes a space between the parts: 1억 2000만
            if pos + 1 < n and text[pos] == " " and text[pos + 1].isdecimal():
                pos += 1
            continue
        if char.isdecimal() and not after_digit:
            run = _DIGIT_RUN.match(text, pos)
            assert run is not None
            digits, _, end = _digits_number(text, run, _GENERIC, floor)
            number, after_digit, positional = Decimal(digits), True, False
            pos = end
            continue
        break
    if not seen_unit and first is not None:
        return None
    value = total + section + (number if number is not None else 0)
    result = format(value, "f")
    if "." in result:
        result = result.rstrip("0").rstrip(".")
    return result, pos


# -- number words ---------------------------------------------------------------------


class _Words:
    """A language's number-word table, ready to split words into entries."""

    __slots__ = ("entries", "firsts", "lower", "probe", "unspaced")

    def __init__(self, table: str, lang: str, unspaced: bool) -> None:
        entries: dict[str, tuple[str, int]] = {}
        for item in unicodedata.normalize("NFC", table).split():
            word, _, value = item.partition("=")
            if not value:
                entries[word] = ("c", 0)
            elif value[0] == "*":
                entries[word] = ("m", int(value[1:]))
            elif value[0] == "+":
                entries[word] = ("t", int(value[1:]))
            else:
                entries[word] = ("a", int(value))
        self.entries = entries
        firsts: dict[str, list[int]] = {}
        for word in entries:
            firsts.setdefault(word[0], []).append(len(word))
        self.firsts = {c: sorted(set(ls), reverse=True) for c, ls in firsts.items()}
        self.lower = _turkish_lower if lang == "tr" else str.lower
        self.unspaced = unspaced
        # finds a word made wholly of entries (or, unspaced, any entry) fast
        alternatives = "|".join(re.escape(w) for w in sorted(entries, key=len, reverse=True))
        self.probe = re.compile(
            f"(?:{alternatives})" if unspaced else rf"(?<!\w)(?:{alternatives})+(?!\w)"
        )

    def split(self, word: str) -> list[tuple[str, int]] | None:
        """``word`` as a sequence of entries, or None when it is not wholly one."""
        memo: dict[int, list[tuple[str, int]] | None] = {}

        def at(i: int) -> list[tuple[str, int]] | None:
            if i == len(word):
                return []
            if i in memo:
                return memo[i]
            memo[i] = None
            for length in self.firsts.get(word[i], ()):
                entry = self.entries.get(word[i : i + length])
                if entry is not None and i + length <= len(word):
                    rest = at(i + length)
                    if rest is not None:
                        memo[i] = [entry, *rest]
                        break
            return memo[i]

        return at(0)

    def longest_run(self, chunk: str, i: int) -> tuple[list[tuple[str, int]], int]:
        """Entries read greedily from ``chunk[i:]`` (unspaced scripts)."""
        found: list[tuple[str, int]] = []
        while i < len(chunk):
            for length in self.firsts.get(chunk[i], ()):
                entry = self.entries.get(chunk[i : i + length])
                if entry is not None and i + length <= len(chunk):
                    found.append(entry)
                    i += length
                    break
            else:
                break
        return found, i


def _turkish_lower(text: str) -> str:
    return text.replace("I", "ı").replace("İ", "i").lower()


def _combine(parts: list[tuple[str, int]]) -> int | None:
    """The value of a sequence of number-word entries."""
    stack: list[int] = []
    said = False
    for kind, value in parts:
        if kind == "c":
            continue
        said = True
        if kind == "a":
            stack.append(value)
            continue
        limit = value if kind == "m" else 10
        popped, amount = False, 0
        while stack and stack[-1] < limit:
            amount += stack.pop()
            popped = True
        if kind == "m":
            stack.append((amount if popped else 1) * value)
        else:
            stack.append(amount + value)
    return sum(stack) if said else None


_LETTER_RUN = None  # compiled on first use (the regex module)


def _word_number(text: str, words: _Words) -> str | None:
    """The first run of number words in ``text``, as a canonical number."""
    global _LETTER_RUN
    if _LETTER_RUN is None:
        import regex

        _LETTER_RUN = regex.compile(r"[\p{L}\p{M}]+")
    lowered = words.lower(unicodedata.normalize("NFC", text))
    probe = words.probe.search(lowered)
    if probe is None:
        return None
    lowered = lowered[probe.start() :]
    if words.unspaced:
        for chunk in _LETTER_RUN.findall(lowered):
            for i in range(len(chunk)):
                if chunk[i] in words.firsts:
                    parts, end = words.longest_run(chunk, i)
                    value = _combine(parts)
                    if value is not None and (end - i >= 3 or len(parts) > 1):
                        return str(value)
        return None
    run: list[tuple[str, int]] = []
    last_end = -1
    for match in _LETTER_RUN.finditer(lowered):
        parts = words.split(match.group())
        joined = last_end >= 0 and _joins(lowered[last_end : match.start()])
        if parts is not None and (joined or not run):
            if not run and all(kind == "c" for kind, _ in parts):
                continue  # a run does not start with "and"
            run.extend(parts)
            last_end = match.end()
            continue
        if run:
            break
        if parts is not None:
            run.extend(parts)
            last_end = match.end()
    if not run:
        return None
    value = _combine(run)
    return None if value is None else str(value)


def _joins(gap: str) -> bool:
    """Two number words separated by ``gap`` belong to one number."""
    return all(c.isspace() or c in ",-\u2010\u2011\u2013" for c in gap)


# -- languages ------------------------------------------------------------------------

_LOCALES: dict[str, _Locale] = {}
_ALIASES = {"no": "nb", "nn": "nb", "iw": "he", "in": "id"}
_HANGUL_WORD = re.compile("[\uac00-\ud7a3]")
_UNSPACED_SCRIPT = re.compile(
    r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u9fff\uac00-\ud7af]"
)


def _scale_pattern(words: list[tuple[str, bool, bool]], before: bool) -> re.Pattern[str] | None:
    """A pattern for scale words (``word, short, spaced``) after or before a number."""
    alternatives = []
    for word, short, spaced in sorted(words, key=lambda w: -len(w[0])):
        body = re.escape(word.rstrip(".")).replace(r"\ ", "[ \u00a0\u202f]") + (
            r"\.?" if word.endswith(".") else ""
        )
        if not short:
            body = f"(?i:{body})"
        space = "[ \u00a0\u202f]?" if spaced or not short else ""
        if before:
            alternatives.append(f"{body}{space}")
        else:
            if _HANGUL_WORD.search(word):  # a unit ends its word (see _HANGUL_AFTER_UNIT)
                bound = f"(?![\uac00-\ud7a3](?<![{''.join(sorted(_HANGUL_AFTER_UNIT))}]))"
            else:
                bound = "" if _UNSPACED_SCRIPT.search(word) else r"(?![^\W\d_])"
            alternatives.append(f"{space}{body}{bound}")
    if not alternatives:
        return None
    joined = "|".join(alternatives)
    return re.compile(f"(?:{joined})$" if before else f"(?:{joined})")


def _build_locale(lang: str) -> _Locale:
    from . import _cldr
    from ._number_words import TABLES, UNSPACED

    decimal = _cldr.NUMBERS[lang][0]
    decimal = decimal if decimal in ".," else "."
    table = TABLES.get(lang)
    words = None if table is None else _Words(table, lang, lang in UNSPACED)
    scales: dict[str, int] = {}
    after: list[tuple[str, bool, bool]] = []
    before: list[tuple[str, bool, bool]] = []
    for word, exponent, is_prefix, spaced in _cldr.COMPACT[lang]:
        bare = word.rstrip(".")
        short = len(bare) <= 2
        if bare == "m":
            continue  # "5m": five metres as often as five million
        if _CJK_LARGE.get(word) or word in _HANGUL_LARGE or word in _HANGUL_SMALL:
            continue  # read with the ideographic numerals
        scales[bare if short else bare.lower()] = exponent
        (before if is_prefix else after).append((word, short, spaced))
    if words is not None:
        for word, (kind, value) in words.entries.items():
            if kind == "m" and value >= 100 and word not in scales and not words.unspaced:
                scales[word] = len(str(value)) - 1
                after.append((word, False, True))
    made = _Locale(
        decimal, scales, _scale_pattern(after, False), _scale_pattern(before, True), words
    )
    native = _cldr.NATIVE.get(lang)
    if native is not None and native[1] != decimal and native[1] in ".,":
        own = _Locale(native[1], scales, made.suffix, made.prefix, words)
        made.native = (native[0], own)
    return made


def _locale(lang: str | None) -> _Locale:
    if lang is None:
        return _GENERIC
    found = _LOCALES.get(lang)
    if found is not None:
        return found
    from ..languages import canonical_language
    from . import _cldr

    code = canonical_language(lang)  # the same error for an unknown language everywhere
    code = _ALIASES.get(code, code)
    found = _build_locale(code) if code in _cldr.NUMBERS else _GENERIC
    if len(_LOCALES) < 4096:
        _LOCALES[lang] = found
    return found


#: the languages with a number-word table (:mod:`answermatch.matchers._number_words`);
#: Japanese and Chinese numerals are read in every language
NUMBER_WORD_LANGUAGES = (
    "ar", "bn", "da", "de", "en", "es", "fi", "fr", "he", "hu", "id", "it", "ja", "ko", "ms",
    "nb", "nl", "pl", "pt", "ro", "ru", "sv", "te", "th", "tr", "vi", "zh",
)  # fmt: skip


def _read(text: str, loc: _Locale, floor: int = 0) -> str | None:
    """The first number of ``text[floor:]``, read as if the text began at
    ``floor`` without copying the rest (see :func:`_numbers_at`); an ASCII
    rest is read by :func:`_read_ascii`, which a caller with a ``floor``
    chooses itself."""
    if not floor and text.isascii():
        return _read_ascii(text, loc)
    search = _START.search
    match = _DIGIT_RUN.search(text, floor)
    if _IDEOGRAPHIC.search(text, floor, len(text) if match is None else match.start()):
        match = search(text, floor)
    while match is not None:
        start = match.start()
        char = text[start]
        if char.isdecimal():
            break
        previous = text[start - 1] if start > floor else ""
        if (
            previous
            and "\u3400" <= previous <= "\u9fff"
            and previous not in _HAN_BEFORE_NUMBER
            and previous not in _CJK_DIGITS
        ):
            match = search(text, start + 1)
            continue
        if char in "百佰千仟" and start + 1 < len(text):
            following = text[start + 1]
            if (
                "\u3400" <= following <= "\u9fff"
                and following not in _CJK_DIGITS
                and following not in _CJK_SMALL
                and following not in _CJK_LARGE
            ):
                match = search(text, start + 1)
                continue
        found = _cjk_number(text, start, None, floor)
        return None if found is None else found[0]
    if match is None:
        if loc.words is not None:  # (no number follows: read once, copied once)
            return _word_number(text[floor:] if floor else text, loc.words)
        return None
    run = match if match.re is _DIGIT_RUN else _DIGIT_RUN.match(text, match.start())
    assert run is not None
    if loc.native is not None:
        zero = loc.native[0]
        if zero <= text[run.start()] <= chr(ord(zero) + 9):
            loc = loc.native[1]
    number, start, end = _digits_number(text, run, loc, floor)
    return _after(text, number, start, end, loc, floor)


def _read_ascii(text: str, loc: _Locale, floor: int = 0) -> str | None:
    """:func:`_read` for ASCII text (``text[floor:]``), with a short way for
    the usual numbers (digits, at most one ``.`` or ``,`` inside, no sign)."""
    match = _ASCII_NUMBER.search(text, floor)
    if match is None:
        if loc.words is None:
            return None
        return _word_number(text[floor:] if floor else text, loc.words)
    start, end = match.span()
    if (start > floor and text[start - 1] in "+-.") or (
        text[end : end + 1] in _MORE_NUMBER and text[end + 1 : end + 2].isdigit()
    ):
        run = _DIGIT_RUN.match(text, start)
        assert run is not None
        number, start, end = _digits_number(text, run, loc, floor)
        return _after(text, number, start, end, loc, floor)
    number = match.group()
    lead, sep, right = number.partition("," if "," in number else ".")
    if sep:
        if (
            sep != loc.decimal
            and len(right) == 3
            and len(lead) <= 3
            and lead[0] != "0"
            and (sep == "," or loc.decimal is not None)
        ):
            number = lead + right  # a thousands group: 1,000 (1.000 in de)
        else:
            number = _canonical(False, lead, right)
    elif number[0] == "0":
        number = number.lstrip("0") or "0"
    if loc.suffix is None and loc.prefix is None:
        return number
    return _after(text, number, start, end, loc, floor)


def _after(text: str, number: str, start: int, end: int, loc: _Locale, floor: int = 0) -> str:
    """``number`` (read from ``text[start:end]``) with what follows or precedes
    it back to ``floor``: ideographic units, scale words."""
    if end < len(text):
        following = text[end]
        if following in _UNITS_AFTER:
            cjk = _cjk_number(text, end, number, floor)
            if cjk is not None:
                return cjk[0]
        if loc.suffix is not None and (
            following in loc.scale_firsts
            or (following in _SPACES and text[end + 1 : end + 2] in loc.scale_firsts)
        ):
            scale = loc.suffix.match(text, end)
            if scale is not None:
                word = scale.group().strip(_SPACES).rstrip(".")
                exponent = loc.scales.get(word)
                if exponent is None:
                    exponent = loc.scales.get(word.lower())
                if exponent is not None:
                    return _scaled(number, exponent)
    if loc.prefix is not None and start > floor:
        scale = loc.prefix.search(text, floor, start)
        if scale is not None:
            word = scale.group().strip(_SPACES).rstrip(".")
            exponent = loc.scales.get(word, loc.scales.get(word.lower()))
            if exponent is not None:
                return _scaled(number, exponent)
    return number


def extract_number(text: str, *, lang: str | None = None) -> str | None:
    """The first number in ``text`` as a canonical decimal string (ASCII
    digits, ``.`` as decimal point, no leading zeros or trailing decimal
    zeros, ``-`` for negatives, ``"0"`` for zero), or None. The reading rules
    are in this module's docstring; ``lang`` decides the ambiguous ``1.000``
    and adds the language's scale words and number words.

    >>> extract_number("około 1 000 osób")
    '1000'
    >>> extract_number("3,5 mln", lang="pl"), extract_number("1,000.50 USD")
    ('3500000', '1000.5')
    >>> extract_number("temperatura −5 °C"), extract_number("COVID-19")
    ('-5', '19')
    >>> extract_number("১৯৭১ সালে"), extract_number("٢٫٥"), extract_number("２０２０年")
    ('1971', '2.5', '2020')
    >>> extract_number("1,000"), extract_number("1.000"), extract_number("1.000", lang="de")
    ('1000', '1', '1000')
    >>> extract_number("1億2000万円"), extract_number("十二億三千四百万"), extract_number("3.5万")
    ('120000000', '1234000000', '35000')
    >>> extract_number("zweitausenddreihundert", lang="de"), extract_number("12,34,567")
    ('2300', '1234567')
    >>> extract_number("brak") is None
    True
    """
    check_text(text, "text")
    return _read(text, _locale(lang))


def _ascii_from(text: str) -> int:
    """Where the ASCII end of ``text`` begins: past its last character that
    is not ASCII (looked for from the end, a piece at a time).

    >>> _ascii_from("año 2000"), _ascii_from("2000"), _ascii_from("2000 ©")
    (2, 0, 6)
    """
    end = len(text)
    while end > 0 and text[max(end - 4096, 0) : end].isascii():
        end -= 4096
    for pos in range(end - 1, max(end - 4096, 0) - 1, -1):
        if not text[pos].isascii():
            return pos + 1
    return 0


def _numbers_at(text: str, starts: Iterable[int], lang: str | None) -> Iterator[str | None]:
    """``extract_number(text[start:], lang=lang)`` for each of ``starts``
    (ascending or not), without copying the rest of the text for each: the
    reader starts at ``start`` and looks at nothing before it, and the rest
    is ASCII exactly when ``start`` is past the last character that is not.

    >>> list(_numbers_at("Zahl −5 und 3,5 Mio. oder 1.000", [6, 12, 26], "de"))
    ['5', '3500000', '1000']
    """
    loc = _locale(lang)
    ascii_from = _ascii_from(text)
    for start in starts:
        yield (_read_ascii if start >= ascii_from else _read)(text, loc, start)


@lru_cache(maxsize=8192)
def _number_of(text: str, lang: str | None) -> str | None:
    """The canonical number of ``text`` (canonical texts are equal exactly
    when the values are), remembered for texts seen again (golds)."""
    loc = _GENERIC if lang is None else _LOCALES.get(lang) or _locale(lang)
    return _read_ascii(text, loc) if text.isascii() else _read(text, loc)


def _numeric(prediction: str, golds: object, lang: str | None) -> float:
    if lang is not None and lang not in _LOCALES:
        _locale(lang)  # the same error for an unknown language everywhere
    pred = (_number_of if len(prediction) <= 256 else _number_of.__wrapped__)(prediction, lang)
    if pred is None:
        for _ in as_golds(golds):  # type: ignore[arg-type]  (still check the golds)
            pass
        return 0.0
    for gold in as_golds(golds):  # type: ignore[arg-type]
        if (_number_of if len(gold) <= 256 else _number_of.__wrapped__)(gold, lang) == pred:
            return 1.0
    return 0.0


def numeric_match(
    prediction: str,
    golds: str | Sequence[str],
    *,
    lang: str | None = None,
    preset: str | None = None,
) -> float:
    """1.0 when the prediction and a gold both contain a number
    (:func:`extract_number`) and their first numbers are equal in value
    (compared as :class:`~decimal.Decimal`), else 0.0. ``golds`` is one
    string, a list/tuple of them or prepared golds (whose original texts are
    read). ``lang`` decides how ``1.000`` reads and adds the language's scale
    and number words; an unknown one raises
    :class:`~answermatch.errors.UnknownLanguageError`. The text is read as
    written unless ``preset`` names a normalization to apply first (see
    :func:`~answermatch.normalization.normalize`).

    >>> numeric_match("w 1 410 roku", "1410")
    1.0
    >>> numeric_match("3,50 zł", ["3.5", "4"]), numeric_match("5", "-5")
    (1.0, 0.0)
    >>> numeric_match("1,500", "1,000"), numeric_match("1.000", "1000", lang="de")
    (0.0, 1.0)
    >>> numeric_match("pięć", "5", lang="pl"), numeric_match("3,5 Mio.", "3.500.000", lang="de")
    (1.0, 1.0)
    """
    if preset is None and type(golds) in _PLAIN_GOLDS and type(prediction) is str:
        pass  # the usual call: the texts as written
    else:  # normalized first under a preset; prepared golds lend their lang
        lang, prediction, golds = value_texts(prediction, golds, lang, preset)
    return _numeric(prediction, golds, lang)


def numeric_match_batch(
    predictions: Sequence[str],
    golds: Sequence[str | Sequence[str]],
    *,
    lang: str | None = None,
    preset: str | None = None,
) -> list[float]:
    """:func:`numeric_match` of each prediction against its gold entry (the
    same numbers).

    >>> numeric_match_batch(["1 000", "tři"], ["1000", "3"])
    [1.0, 0.0]
    """
    return value_match_batch(predictions, golds, lang, preset, numeric_match, _numeric, _locale)


def format_number(number: str, lang: str) -> str:
    """A canonical number (as :func:`extract_number` gives it) written the
    way the language writes numbers in CLDR: its grouping sign and sizes and
    its decimal sign, Latin digits. A language without CLDR number data is
    an :class:`~answermatch.errors.UnknownLanguageError` naming it.

    >>> format_number("1234567.5", "de"), format_number("1234567", "hi")
    ('1.234.567,5', '12,34,567')
    >>> format_number("-1500", "en"), format_number("1500", "xx")
    Traceback (most recent call last):
    ...
    answermatch.errors.UnknownLanguageError: unknown language 'xx'; ...
    """
    from . import _cldr

    code = _cldr_language(lang)
    decimal, group = _cldr.NUMBERS[code]
    first, other = (*_cldr.GROUPING[code], 3)[:2]
    negative = number.startswith("-")
    integer, _, fraction = number.lstrip("-").partition(".")
    groups = []
    if len(integer) > first:
        groups.append(integer[-first:])
        integer = integer[:-first]
        while len(integer) > other:
            groups.append(integer[-other:])
            integer = integer[:-other]
    groups.append(integer)
    text = group.join(reversed(groups)) + (decimal + fraction if fraction else "")
    return "-" + text if negative else text


def _cldr_language(lang: str) -> str:
    """The key of ``lang`` in the CLDR tables, or an error naming it."""
    from ..errors import UnknownLanguageError
    from ..languages import canonical_language
    from . import _cldr

    code = canonical_language(lang)
    code = _ALIASES.get(code, code)
    if code not in _cldr.NUMBERS:
        raise UnknownLanguageError(
            f"no CLDR number and date forms for language {lang!r}; they exist for "
            f"{', '.join(sorted(_cldr.NUMBERS))}"
        )
    return code
