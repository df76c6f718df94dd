"""Memory on large inputs (issue 25): a Zalo 2019 test.json whose paragraph
text is long. Its cases are read one by one from the text held piece by
piece; a long case was held as read and its text again as decoded, while
the text read doubled (4.2 times the file for English text). A case of
which much is held undecoded is now held with each long string replaced
by a mark (:class:`~answermatch.tasks.zalo2019.reading._Skimmer`): the
paragraph texts are never read. Checked here: the skimmed text decodes to
the text's values but the long strings, any string ``json`` would refuse
is refused, a gold read so gives what the whole reading gives (values,
lines, warnings, errors), and the peak."""

from __future__ import annotations

import json
import random
import re
import warnings
from itertools import pairwise
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch.sources as sources
from answermatch.diagnostics import Diagnostics
from answermatch.errors import AnswermatchWarning
from answermatch.evaluation import evaluate
from answermatch.explain import explain
from answermatch.goldcheck import check_gold
from answermatch.sources import NotFlat
from answermatch.tasks.zalo2019 import reading
from conftest import traced_peak
from test_memory_readers import _zalo_both, _zalo_submission

#: characters a string is made of: every escape json writes, a quote, a
#: backslash, non-ASCII, outside the BMP, a lone surrogate
_CHARACTERS = st.sampled_from(list('ab "\\/\n\t\x01\x1f\x7f\u00e9\u6771\U0001f600\ud800\udc00'))
_VALUES = st.recursive(
    st.text(_CHARACTERS, max_size=30) | st.booleans() | st.integers(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["id", "text", "label"]), inner, max_size=3)
    ),
    max_leaves=12,
)


def _written(value, ensure_ascii):
    return json.dumps(value, ensure_ascii=ensure_ascii)


def _marked(value, long, ensure_ascii):
    """``value`` with each string of at least ``long`` characters as
    written replaced by the mark (a key too: keys marked alike are one,
    with the last value, as ``json`` makes an object of a key given twice)."""
    if isinstance(value, str):
        written = len(_written(value, ensure_ascii)) - 2
        return reading._LONG_MARK if written >= long else value
    if isinstance(value, list):
        return [_marked(item, long, ensure_ascii) for item in value]
    if isinstance(value, dict):
        return {
            _marked(key, long, ensure_ascii): _marked(item, long, ensure_ascii)
            for key, item in value.items()
        }
    return value


def _skimmed(text, cuts):
    skimmer = reading._Skimmer()
    cuts = sorted({0, len(text), *(cut % (len(text) + 1) for cut in cuts)})
    out = "".join(skimmer.feed(text[a:b]) for a, b in pairwise(cuts))
    skimmer.end()
    return out


@settings(max_examples=300, deadline=None)
@given(
    value=_VALUES,
    long=st.integers(1, 12),
    ensure_ascii=st.booleans(),
    cuts=st.lists(st.integers(0, 10_000), max_size=8),
)
def test_a_skimmed_json_text_is_its_values_but_the_long_strings(value, long, ensure_ascii, cuts):
    """Fed in pieces cut anywhere (inside an escape too), the text decodes
    to its values, each string of at least ``LONG_STRING`` characters as
    written replaced by the mark and every other one as it is."""
    text = _written(value, ensure_ascii)
    with mock.patch.object(reading, "LONG_STRING", long):
        assert json.loads(_skimmed(text, cuts)) == _marked(value, long, ensure_ascii)


@settings(max_examples=300, deadline=None)
@given(
    value=_VALUES,
    ensure_ascii=st.booleans(),
    bad=st.sampled_from(["\x00", "\x1f", "\n", "\\x", "\\u12G4", "\\u00", "\\U0041"]),
    at=st.integers(0, 10_000),
    cuts=st.lists(st.integers(0, 10_000), max_size=8),
)
def test_a_string_json_would_refuse_is_refused(value, ensure_ascii, bad, at, cuts):
    """Anything ``json`` would refuse in a string (a control character, an
    escape it does not know or cut short, a string the text's end cuts),
    long or short, raises ``NotFlat``: the whole reading names it."""
    text = _written(["x", value], ensure_ascii)
    ends = [found.end() - 1 for found in re.finditer(r'"(?:[^"\\]|\\.)*"', text)]
    end = ends[at % len(ends)]  # a string's closing quote
    with pytest.raises(NotFlat):
        _skimmed(text[:end], cuts)  # unterminated
    text = text[:end] + bad + text[end:]
    with pytest.raises(ValueError):
        json.loads(text)
    for long in (1, 5, 1000):
        with mock.patch.object(reading, "LONG_STRING", long), pytest.raises(NotFlat):
            _skimmed(text, cuts)


def _long_gold(seed, texts=300):
    """A labelled test.json of 200 cases whose paragraphs have texts of up
    to ``texts`` characters (escapes of every kind, some cases' questions
    long too; the first case's of 3,000, and it has a paragraph), written
    in every way, and its cases."""
    rng = random.Random(seed)
    written, parsed = [], []
    for k in range(200):
        ascii_only = rng.random() < 0.5  # (a lone surrogate is written as an escape only)
        alphabet = 'Hà Nội "\\/\n\t\x1f東\U0001f600' + "\ud800" * ascii_only
        paragraphs = [
            {
                "id": f"p{n}",
                "text": "".join(rng.choice(alphabet) for _ in range(rng.randrange(texts))),
                "label": rng.random() < 0.3,
            }
            for n in range(1, rng.randrange(1 + (k == 0), 6))
        ]
        case = {"__id__": rng.choice([f"test_{k}", f"tést_{k}"]), "paragraphs": paragraphs}
        if k == 0 or rng.random() < 0.2:
            case = {"question": "?" * (3_000 if k == 0 else rng.randrange(texts)), **case}
        written.append(json.dumps(case, ensure_ascii=ascii_only, indent=rng.choice([None, 1])))
        parsed.append(case)
    return "[" + ",\n".join(written) + "]\n", parsed


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(
    ("edit", "in_parts"),
    [
        (None, True),
        ('"label"', True),  # a long key in a paragraph (its value not read)
        ('"label": true', True),  # a label given twice, its first after a long text: a warning
        ('"__id__"', False),  # two long keys in one object (which may differ): read whole
        ("same keys", False),  # a long key given twice: read whole, for the warning
        ('"__id__": "', False),  # a long test id: read whole
        ('"id": "p1', False),  # a long paragraph id: read whole
        ("mark", False),  # a test id holding the mark: read whole
        ("\\u12G4", False),  # a long text's bad escape: the whole reading's error
        ("\x01", False),  # a control character in a long text: the same
        ("unterminated", False),
    ],
)
def test_zalo_golds_with_long_texts_read_in_parts_are_those_read_whole(
    tmp_path, monkeypatch, seed, edit, in_parts
):
    """A gold of long texts read in small pieces, skimmed (long strings
    from 40 characters on), gives the whole reading's cases, lines,
    warnings and errors; only a long string the cases are read from (an
    id, a key twice) sends it to the whole reading. Each edit is in the
    first case, which is longer than a piece, and so skimmed."""
    gold, parsed = _long_gold(seed)
    long = "L" * 50
    if edit == '"label"':
        gold = gold.replace(edit, json.dumps(long) + ': 0, "label"', 7)
    elif edit == '"label": true':
        gold = gold.replace('"label": ', '"label": false, "label": ', 3)
    elif edit == '"__id__"':
        gold = gold.replace(edit, f'"{long}a": 1, "{long}b": 2, "__id__"', 1)
    elif edit == "same keys":
        gold = gold.replace('"__id__"', f'"{long}": 1, "{long}": 2, "__id__"', 1)
    elif edit in ('"__id__": "', '"id": "p1'):
        gold = gold.replace(edit, edit + long, 1)
    elif edit == "mark":
        gold = gold.replace('"__id__": "', '"__id__": "\\u0000answermatch: a long string', 1)
    elif edit == "unterminated":
        gold = gold[: gold.rindex('"text": "') + 9] + long
    elif edit is not None:
        at = gold.index('"question": "') + 13
        gold = gold[:at] + long + edit + long + gold[at:]
    pred = _zalo_submission(parsed, seed=seed)
    monkeypatch.setattr(reading, "LONG_STRING", 40)
    skimmed = []
    feed = reading._Skimmer.feed
    monkeypatch.setattr(
        reading._Skimmer, "feed", lambda self, t: skimmed.append(1) or feed(self, t)
    )
    parts, whole = _zalo_both(tmp_path, monkeypatch, gold, pred)
    assert parts == whole
    assert skimmed  # cases were skimmed
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        found = reading._gold_in_parts(tmp_path / "gold.json", Diagnostics())
    assert (found is not None) == in_parts
    if edit is None:
        assert whole[1] == [] and len(whole[0][0]) == 200
        assert [case.line for case in whole[0][0]][-1] > 200


EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "zalo2019"


@pytest.mark.parametrize(
    "words",
    [["Paris", "is", "the", "capital", "of", "France"], ["서울은", "대한민국의", "수도이다"]],
)
def test_a_zalo_gold_with_a_long_text_peaks_far_under_its_size(tmp_path, monkeypatch, words):
    """A test.json of about 3 MB, nearly all one paragraph's text, scored,
    explained and checked: its case was held as read and as decoded while
    the text read doubled (peaks of 3 to 4.2 times the file); now the
    text is not held (a few pieces)."""
    example = EXAMPLES / "test_labelled.json"
    gold = json.loads(example.read_text("utf-8"))
    gold[0]["paragraphs"][0]["text"] = " ".join(words[k % len(words)] for k in range(500_000))
    path = tmp_path / "gold.json"
    path.write_text(json.dumps(gold, ensure_ascii=False), encoding="utf-8")
    size = path.stat().st_size
    submission = str(EXAMPLES / "submission.csv")
    expected = {  # (what is first imported is not counted)
        "scores": evaluate("zalo2019", str(example), submission).scores,
        "explained": [e.scores for e in explain("zalo2019", str(example), submission)],
        "findings": [f.code for f in check_gold("zalo2019", str(example))],
    }
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    outcome = {}

    def run():
        outcome["scores"] = evaluate("zalo2019", str(path), submission).scores
        outcome["explained"] = [e.scores for e in explain("zalo2019", str(path), submission)]
        outcome["findings"] = [f.code for f in check_gold("zalo2019", str(path))]

    peak = traced_peak(run, quiet=True)
    assert peak < size / 4 + 24 * sources.PART_BYTES, (peak, size)
    assert reading._gold_in_parts(path) is not None  # (read in parts)
    assert outcome == expected
