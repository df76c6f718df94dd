"""``explain ntcir-dsqa`` of long answers (issue 25): an answer longer than
the pieces is traced and split into words piece by piece, as it is scored,
and its explanation holds neither its normalized text nor a list of its
words; the text and ``--json`` written are those of the whole-text
explanation, to the byte."""

from __future__ import annotations

import io
import os
import random
import sys

import pytest

import answermatch.normalization.steps as steps
from answermatch import explanation, outputs
from answermatch.commands.explain import write
from answermatch.explain import explanations
from answermatch.matchers import answers
from answermatch.matchers.answers import CountedTokens, JoinedKey
from answermatch.tasks.ntcir_dsqa import rules
from answermatch.tasks.ntcir_dsqa.explain import explain_question
from answermatch.tasks.ntcir_dsqa.reading import Question
from answermatch.tokenizers import ja
from conftest import traced_held, traced_peak

#: words and what sits between them: articles, numbers whose punctuation is
#: kept or not, what NFKC and case folding change (or compose across a cut,
#: were it made elsewhere), invisible characters, kana and ideographs (where
#: a Japanese text is cut), quotes, control characters and a lone surrogate
_WORDS = [
    "the", "A", "an", "Tokyo", "13,510,000", "1,000.5", "-2.1%", "\u22123", "(", "),", "“x”",
    "ﬁ", "①", "Ａ", "\u00a8", "\u200b", "東京都", "１，３５１万人", "1990-2000", "$3.5", ".5", "-",
    "ΣΑΣ", "İ", "\u0301", "x\u0301", "ｶﾞ", "か\u3099", "カ\u309a", "ゟ", "・", "ー", "一,000",
    "3,五", "\u3099", "ﾞ", "〇", "it's", '"q"', "\\", "\x01", "\x7f", "\u202e", "😀", "\ud800",
]  # fmt: skip
_SPACES = [" ", "  ", "\n", "\t", "\u3000", "\xa0", "\r\n", "\u2028", "\x1c", ""]


def _text(rng: random.Random, words: int) -> str:
    return "".join(rng.choice(_WORDS) + rng.choice(_SPACES) for _ in range(words))


def _written(found) -> tuple[str, str]:
    """What ``explain`` writes of ``found``: its text and its JSON."""
    texts = []
    for as_json in (False, True):
        out = io.StringIO()
        write(iter(found), out, as_json=as_json)
        texts.append(out.getvalue())
    return texts[0], texts[1]


def _explained(questions, answers_, piece: int):
    """The explanations of ``questions`` answered by ``answers_``, texts
    longer than ``piece`` characters read piece by piece, their views made
    whole, and what is written of them (pieces of a few characters, a long
    string's JSON too)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(steps, "PIECE_CHARS", piece)
        patch.setattr(rules, "PIECE_CHARS", piece)
        patch.setattr(ja, "MAX_CHARS", 7)  # MeCab's pieces cut too, as scoring cuts them
        patch.setattr(explanation, "PIECE", 5)
        patch.setattr(outputs, "LONG_CHARS", 9)
        found = [
            explain_question(q, a, rules.LANGUAGES[q.lang], "official")
            for q, a in zip(questions, answers_, strict=True)
        ]
        return found, [e.whole() for e in found], _written(found)


def _questions(rng: random.Random, lang: str) -> tuple[list[Question], list[str]]:
    marker = "E" if lang == "en" else "J"
    questions, given = [], []
    for k in range(12):
        answer = _text(rng, rng.randrange(30))
        golds = [_text(rng, rng.randrange(1, 6)) or "x", rng.choice(_WORDS)]
        if k % 3 == 0:  # the answer itself (a long gold), or it changed
            golds.append(answer + rng.choice(["", " x", "\u3000"]))
        questions.append(Question(f"DS2-QA-{marker}-{k}", lang, tuple(golds), k + 1))
        given.append(answer)
    return questions, given


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("piece", [1, 3, 8])
def test_a_long_answers_explanation_is_the_whole_texts(lang, piece):
    """Answers and gold answers longer than the pieces print the text and
    the JSON of their whole texts' explanations, and are held as their
    parts and counts (the whole texts' normalized strings and tuples of
    words before)."""
    rng = random.Random(piece * 10 + (lang == "ja"))
    questions, given = _questions(rng, lang)
    _, whole, written = _explained(questions, given, 1 << 40)
    found, made_whole, pieces_written = _explained(questions, given, piece)
    assert pieces_written == written
    assert made_whole == whole
    for e, answer in zip(found, given, strict=True):
        if len(answer) > piece:
            assert type(e.prediction.normalized) is JoinedKey, e.id
            assert type(e.prediction.tokens) is CountedTokens, e.id


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_words_too_many_to_code_are_made_again(monkeypatch, lang):
    """Past the distinct words that can be coded (patched to 3 here), a
    long text's words are counted and made again when written: the same
    output."""
    rng = random.Random(5)
    questions, given = _questions(rng, lang)
    _, whole, written = _explained(questions, given, 1 << 40)
    monkeypatch.setattr(answers, "_CODE_POINTS", 3)
    found, made_whole, pieces_written = _explained(questions, given, 4)
    assert pieces_written == written
    assert made_whole == whole
    assert any(type(e.prediction.tokens) is CountedTokens and not e.prediction.tokens.in_order
               for e in found)  # fmt: skip


_JA = "東京都の人口は約1351万人で、日本の首都です。タワーは1958年に完成した。"
_LONG = {
    "en": ("DS2-QA-E-0001", "Tokyo the 13,510,000 of (-2.1%) million a in Metropolis, ", 600_000),
    "ja": ("DS2-QA-J-0001", _JA, 200_000),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_long_answers_explanation_holds_no_copy_of_it(tmp_path, lang):
    """One long answer's explanation, made and written from files: it held
    the normalized text and a tuple of the words beside the answer
    (bytes a character held: English 2.8, Japanese 8.4; English peaked at
    8.9); now the answer itself and a code a word (1.1 and 2.6; 4.9),
    the normalization a piece at a time (the Japanese peak is mostly
    MeCab's pieces of 50,000 characters)."""
    qid, sentence, chars = _LONG[lang]
    text = (sentence * (chars // len(sentence) + 1))[:chars]
    gold, run = tmp_path / "gold.tsv", tmp_path / "run.tsv"
    gold.write_text(f"{qid}\t13,510,000\tTokyo\t東京都\n", encoding="utf-8")
    run.write_text(f"<SYSDESC>long</SYSDESC>\n{qid}\t{sentence * 3_000}\n", encoding="utf-8")
    list(explanations("ntcir-dsqa", gold, run))  # MeCab and the modules loaded
    run.write_text(f"<SYSDESC>long</SYSDESC>\n{qid}\t{text}\n", encoding="utf-8")

    found, peak, held = traced_held(lambda: list(explanations("ntcir-dsqa", gold, run)))
    answer = found[0].prediction.raw
    assert len(answer) == chars
    # the answer (as its reading left it) and its words' codes, at most a byte for two characters
    assert held < sys.getsizeof(answer) + chars // 2 + (1 << 18), held / chars

    def write_out() -> None:
        with open(os.devnull, "w", encoding="utf-8") as null:
            write(found, null, as_json=False)
            write(found, null, as_json=True)

    assert traced_peak(write_out) < (4 << 20)  # a piece at a time, whatever the length
    if lang == "en":
        assert peak < 6 * chars, peak / chars
    else:  # MeCab's pieces (its lattice: about 6 MB) beside the answer
        assert peak < 2 * chars + (8 << 20), peak / chars


def test_answers_long_one_after_the_other_are_explained_one_at_a_time(tmp_path):
    """Making and writing the explanations of three long answers in a row
    peaks as for one: each is let go before the next is made (the
    generators and the writer's loop held the one before, a long answer's
    text more at the peak: 3.3 times the answer instead of 2.2)."""
    sentence, chars = _LONG["en"][1], 400_000
    text = (sentence * (chars // len(sentence) + 1))[:chars]
    lines = ["<SYSDESC>long</SYSDESC>"] + [f"DS2-QA-E-{k}\tTokyo" for k in range(5)]
    gold = tmp_path / "gold.tsv"
    gold.write_text("".join(f"DS2-QA-E-{k}\tTokyo\n" for k in range(5)), encoding="utf-8")
    peaks = []
    for long in (1, 3):
        run = tmp_path / f"run{long}.tsv"
        given = [line.replace("\tTokyo", f"\t{text}") if 0 < k <= long else line
                 for k, line in enumerate(lines)]  # fmt: skip
        run.write_text("\n".join(given) + "\n", encoding="utf-8")
        for as_json in (False, True):
            found = explanations("ntcir-dsqa", gold, run)  # the files read here

            def write_out(found=found, as_json=as_json) -> None:
                with open(os.devnull, "w", encoding="utf-8") as null:
                    write(found, null, as_json=as_json)

            peaks.append(traced_peak(write_out))
    one, one_json, three, three_json = peaks
    assert three < one + chars // 2, (one / chars, three / chars)
    assert three_json < one_json + chars // 2, (one_json / chars, three_json / chars)
