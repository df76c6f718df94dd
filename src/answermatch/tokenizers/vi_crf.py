"""pyvi's word segmentation of a long text in a few bytes a syllable.

pyvi labels each syllable ``B_W`` (begins a word) or ``I_W`` (inside one)
with a linear-chain CRF, run by CRFsuite (python-crfsuite): every syllable's
features are copied into CRFsuite and the whole text is tagged at once,
about 225 bytes a character. Here the same model is read from its CRFsuite
file and its best label path (Viterbi) is computed syllable by syllable,
with the same arithmetic as CRFsuite's tagger, so that the labels are
CRFsuite's, bit for bit:

- a syllable's score for a label is ``0.0`` plus the weight of each of its
  attributes that the model knows, added one at a time in the order of
  pyvi's feature dict (``word2features``); every value is 1 (a string
  value becomes the attribute ``name:value``, ``True`` and ``bias`` are 1,
  ``False`` adds ``0 * weight``, which changes no sum), and CRFsuite looks
  an attribute up by its name up to the first NUL character (a C string);
- the path's score at a syllable and label is the best over the previous
  labels ``i`` (in the model's order, a later one only if strictly better)
  of ``previous[i] + transition[i][label]``, plus the syllable's score; the
  last syllable's best label (first of equals) is followed back.

Python floats are C doubles, and every addition above is done in the same
order as CRFsuite's, so every score is the same double. Each step keeps the
two syllables on either side (the features' reach) and one byte a syllable
(where each label's best predecessor came from); the labels are then read
back from the end into the same bytes, and the syllables are found again
(pyvi's pattern, :data:`SYLLABLE`) to join them into words.

>>> from answermatch.tokenizers.vi import PyviTokenizer
>>> segmenter = PyviTokenizer()._segmenter
>>> text = "Hà Nội là thủ đô"
>>> list(segmenter.labels(text)), segmenter.model.labels
([0, 1, 0, 0, 1], ('B_W', 'I_W'))
>>> list(segmenter.words(text, segmenter.labels(text)))
['Hà_Nội', 'là', 'thủ_đô']
"""

from __future__ import annotations

import re
import string
import struct
from collections.abc import Iterator
from dataclasses import dataclass

#: pyvi's syllables (``ViTokenizer.sylabelize``'s pattern, its alternatives
#: in its order: abbreviations, arrows and ellipses, a newline, web
#: addresses, e-mail addresses, numbers with separators, any other
#: non-space non-word character, words).
SYLLABLE = re.compile(
    "("
    + "|".join(
        [
            r"[A-ZĐ]+\.",
            r"Tp\.",
            r"Mr\.",
            r"Mrs\.",
            r"Ms\.",
            r"Dr\.",
            r"ThS\.",
            "==>",
            "->",
            r"\.\.\.",
            ">>",
            "\n",
            r"\w+://[^\s]+",
            r"([a-zA-Z0-9_.+-]+@([a-zA-Z0-9-]+\.)+[a-zA-Z0-9-]+)",
            r"\d+([\.,_]\d+)+",
            r"[^\w\s]",
            r"\w+",
        ]
    )
    + ")"
)


class ModelFormatError(ValueError):
    """The file is not a CRFsuite model this reader knows."""


@dataclass(frozen=True)
class Model:
    """A two-label CRFsuite model's weights: ``transitions[i]`` from label
    ``i`` to labels 0 and 1, and each attribute's state weights for labels
    0 and 1 as one complex number (real: label 0, imaginary: label 1;
    Python adds complex numbers part by part, each a double addition)."""

    labels: tuple[str, str]
    transitions: tuple[tuple[float, float], tuple[float, float]]
    attributes: dict[bytes, complex]

    def weight(self, name: str) -> complex | None:
        return self.attributes.get(name.encode())

    def values(self, prefix: str) -> dict[str, complex]:
        """The attributes ``prefix:value``, by value (decoded from UTF-8;
        a name that is not UTF-8 matches no syllable)."""
        start = (prefix + ":").encode()
        return {
            name[len(start) :].decode("utf-8", "surrogateescape"): weight
            for name, weight in self.attributes.items()
            if name.startswith(start)
        }


def read_model(data: bytes) -> Model:
    """A two-label model from the bytes of a CRFsuite (``crf1d``) model
    file, or :class:`ModelFormatError`."""
    try:
        return _read_model(memoryview(data))
    except (struct.error, IndexError, UnicodeDecodeError) as error:
        raise ModelFormatError(f"not a CRFsuite model file: {error}") from None


def _read_model(data: memoryview) -> Model:
    magic, size, kind, version = struct.unpack_from("<4sI4sI", data, 0)
    if magic != b"lCRF" or kind != b"FOMC" or version != 100 or size != len(data):
        raise ModelFormatError("not a CRFsuite crf1d model file (version 100)")
    (labels_count, attributes_count, features_at, labels_at, attributes_at) = struct.unpack_from(
        "<5I", data, 20
    )
    label_refs_at, attribute_refs_at = struct.unpack_from("<2I", data, 40)
    chunk, _, features_count = struct.unpack_from("<4sII", data, features_at)
    if chunk != b"FEAT":
        raise ModelFormatError("no feature chunk")
    if labels_count != 2:
        raise ModelFormatError(f"{labels_count} labels, not 2")

    def feature(fid: int) -> tuple[int, float]:
        if fid >= features_count:
            raise ModelFormatError(f"feature {fid} out of range")
        _, _, dst, weight = struct.unpack_from("<IIId", data, features_at + 12 + 20 * fid)
        if dst >= labels_count or weight != weight or abs(weight) == float("inf"):
            raise ModelFormatError(f"feature {fid}: label {dst}, weight {weight}")
        return dst, weight

    def features(refs_at: int, index: int) -> list[tuple[int, float]]:
        (at,) = struct.unpack_from("<I", data, refs_at + 12 + 4 * index)
        (count,) = struct.unpack_from("<I", data, at)
        return [feature(fid) for fid in struct.unpack_from(f"<{count}I", data, at + 4)]

    label_ids = _quarks(data, labels_at)
    names = {number: name for name, number in label_ids.items()}
    if sorted(names) != [0, 1]:
        raise ModelFormatError("labels are not numbered 0 and 1")
    transitions = []
    for source in range(2):
        row = [0.0, 0.0]
        for dst, weight in features(label_refs_at, source):
            row[dst] = weight  # as CRFsuite: the last one given
        transitions.append((row[0], row[1]))
    attributes = {}
    for name, number in _quarks(data, attributes_at).items():
        if number >= attributes_count:
            raise ModelFormatError(f"attribute {number} out of range")
        weights = [0.0, 0.0]  # an absent label's 0.0 changes no sum (never -0.0)
        seen = set()
        for dst, weight in features(attribute_refs_at, number):
            if dst in seen:  # two weights would be added one at a time
                raise ModelFormatError(f"attribute {number} gives label {dst} twice")
            seen.add(dst)
            weights[dst] = weight
        attributes[name] = complex(weights[0], weights[1])
    return Model(
        labels=(names[0].decode(), names[1].decode()),
        transitions=(transitions[0], transitions[1]),
        attributes=attributes,
    )


def _quarks(data: memoryview, at: int) -> dict[bytes, int]:
    """A CQDB (CRFsuite's string-to-number hash tables): every string in
    its tables, with its number. A lookup finds a string by its hash and
    compares C strings; the writer stores each string once, up to its
    first NUL, so each one stored is found; a string stored twice is
    refused (which one a lookup finds would depend on the hash)."""
    chunk, _, _, byte_order = struct.unpack_from("<4sIII", data, at)
    if chunk != b"CQDB" or byte_order != 0x62445371:
        raise ModelFormatError("no string table")
    found: dict[bytes, int] = {}
    for table in range(256):
        table_at, buckets = struct.unpack_from("<II", data, at + 24 + 8 * table)
        if not table_at:
            continue
        for bucket in range(buckets):
            _, record = struct.unpack_from("<II", data, at + table_at + 8 * bucket)
            if not record:
                continue
            number, key_size = struct.unpack_from("<II", data, at + record)
            key = bytes(data[at + record + 8 : at + record + 8 + key_size])
            key = key.split(b"\0", 1)[0]
            if key in found:
                raise ModelFormatError(f"string {key!r} stored twice")
            found[key] = number
    return found


class Segmenter:
    """pyvi's words of a text, decoded syllable by syllable from ``model``
    with pyvi's bigram and trigram sets (``ViTokenizer.bi_grams``,
    ``tri_grams``). Holds no state between calls (safe in threads)."""

    #: At most this many distinct syllables' own scores are remembered.
    CACHED = 1 << 16

    def __init__(self, model: Model, bigrams: set[str], trigrams: set[str]) -> None:
        self.model = model
        self.bigrams = bigrams
        self.trigrams = trigrams
        self.inside = model.labels.index("I_W")
        weight = model.weight
        self.bias = weight("bias")
        self.lower = model.values("word.lower()")
        self.upper = weight("word.isupper()")
        self.title = weight("word.istitle()")
        self.digit = weight("word.isdigit()")
        self.before_lower = model.values("-1:word.lower()")
        self.before_title = weight("-1:word.istitle()")
        self.before_upper = weight("-1:word.isupper()")
        self.before_bigram = weight("-1:word.bi_gram()")
        self.before_trigram = weight("-2:word.tri_gram()")
        self.after_lower = model.values("+1:word.lower()")
        self.after_title = weight("+1:word.istitle()")
        self.after_upper = weight("+1:word.isupper()")
        self.after_bigram = weight("+1:word.bi_gram()")
        self.after_trigram = weight("+2:word.tri_gram()")

    def labels(self, text: str) -> bytearray:
        """The label (0 or 1, the model's order) of each syllable of the
        NFC text ``text``, one byte each: CRFsuite's Viterbi path."""
        back = bytearray()
        states = self._states(SYLLABLE.finditer(text))
        first = next(states, None)
        if first is None:
            return back
        (t00, t01), (t10, t11) = self.model.transitions
        score0, score1 = first.real, first.imag
        back.append(0)
        append = back.append
        for state in states:
            # to label j: from label 0, or from 1 if strictly better
            a, b = score0 + t00, score1 + t10
            from0 = a < b
            best0 = b if from0 else a
            a, b = score0 + t01, score1 + t11
            from1 = a < b
            best1 = b if from1 else a
            score0 = best0 + state.real
            score1 = best1 + state.imag
            append(from0 | from1 << 1)
        label = 1 if score0 < score1 else 0
        for t in range(len(back) - 1, 0, -1):
            came_from = back[t] >> label & 1
            back[t] = label
            label = came_from
        back[0] = label
        return back

    def words(self, text: str, labels: bytearray) -> Iterator[str]:
        """The whitespace-separated parts of pyvi's output for the NFC text
        ``text`` and its syllables' ``labels``: neighbouring syllables
        joined by ``_`` where the label is ``I_W`` unless punctuation, a
        digit or a capital after a small letter stands between them (pyvi's
        rule; a substring test for punctuation), else by a space; a newline
        syllable is whitespace too."""
        punctuation = string.punctuation
        inside = self.inside
        parts: list[str] = []
        previous = None
        for match, label in zip(SYLLABLE.finditer(text), labels, strict=True):
            syllable = match.group()
            if previous is not None:
                if (
                    label == inside
                    and syllable not in punctuation
                    and previous not in punctuation
                    and not syllable[0].isdigit()
                    and not previous[0].isdigit()
                    and not (syllable[0].istitle() and not previous[0].istitle())
                ):
                    parts.append("_")
                elif parts:
                    yield "".join(parts)
                    parts = []
            if syllable != "\n":
                parts.append(syllable)
            elif parts:
                yield "".join(parts)
                parts = []
            previous = syllable
        if parts:
            yield "".join(parts)

    def _states(self, matches: Iterator[re.Match[str]]) -> Iterator[complex]:
        """Each syllable's state scores (label 0 real, label 1 imaginary):
        its attributes' weights added in pyvi's feature order."""
        bigrams, trigrams = self.bigrams, self.trigrams
        before_lower, after_lower = self.before_lower, self.after_lower
        before_title, before_upper = self.before_title, self.before_upper
        after_title, after_upper = self.after_title, self.after_upper
        before_bigram, before_trigram = self.before_bigram, self.before_trigram
        after_bigram, after_trigram = self.after_bigram, self.after_trigram
        own = self._own
        cache: dict[str, tuple[complex, str, str, bool, bool]] = {}
        cached = self.CACHED

        def syllable_of(match: re.Match[str]) -> tuple[complex, str, str, bool, bool]:
            text = match.group()
            found = cache.get(text)
            if found is None:
                found = own(text)
                if len(cache) < cached:
                    cache[text] = found
            return found

        syllables = map(syllable_of, matches)
        # the window x2 x1 [x0] y1 y2: two syllables before, two after
        x2 = x1 = None
        x0, y1, y2 = next(syllables, None), next(syllables, None), next(syllables, None)
        # whether (x1, x0) is a bigram, (x2, x1, x0) and (x1, x0, y1) trigrams
        bigram_before = trigram_before = trigram_next = False
        while x0 is not None:
            state, lower, _, _, _ = x0
            if x1 is not None:
                weight = before_lower.get(x1[2])
                if weight is not None:
                    state += weight
                if x1[3] and before_title is not None:
                    state += before_title
                if x1[4] and before_upper is not None:
                    state += before_upper
                if bigram_before and before_bigram is not None:
                    state += before_bigram
                if x2 is not None and trigram_before and before_trigram is not None:
                    state += before_trigram
            bigram_after = trigram_after = False
            if y1 is not None:
                weight = after_lower.get(y1[2])
                if weight is not None:
                    state += weight
                if y1[3] and after_title is not None:
                    state += after_title
                if y1[4] and after_upper is not None:
                    state += after_upper
                # pyvi looks up " ".join([a, b]).lower(), which is
                # a.lower() + " " + b.lower(): a space is neither cased nor
                # case-ignorable, so no final sigma changes across it
                bigram_after = lower + " " + y1[1] in bigrams
                if bigram_after and after_bigram is not None:
                    state += after_bigram
                if y2 is not None:
                    trigram_after = lower + " " + y1[1] + " " + y2[1] in trigrams
                    if trigram_after and after_trigram is not None:
                        state += after_trigram
            yield state
            x2, x1, x0, y1 = x1, x0, y1, y2
            y2 = next(syllables, None)
            bigram_before = bigram_after
            trigram_before, trigram_next = trigram_next, trigram_after

    def _own(self, syllable: str) -> tuple[complex, str, str, bool, bool]:
        """A syllable's score from its own attributes (pyvi's first five
        features, bias, lower case, upper, title, digit, added from 0 in
        that order); its lower case; the lower case up to its first NUL
        (CRFsuite reads an attribute's name as a C string); whether it is
        title and upper case."""
        lower = syllable.lower()
        key = lower.split("\0", 1)[0] if "\0" in lower else lower
        title, upper = syllable.istitle(), syllable.isupper()
        state = 0j
        if self.bias is not None:
            state += self.bias
        weight = self.lower.get(key)
        if weight is not None:
            state += weight
        if upper and self.upper is not None:
            state += self.upper
        if title and self.title is not None:
            state += self.title
        if syllable.isdigit() and self.digit is not None:
            state += self.digit
        return state, lower, key, title, upper
