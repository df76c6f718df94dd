"""Peak memory of whole ``answermatch score`` processes on large inputs.

Each case is one ``answermatch score`` command line in a fresh process; its
peak resident memory is read with ``resource.getrusage(RUSAGE_CHILDREN)``
in a fresh parent (one per case, so that no other child counts). Cases:

``xor66``
    XOR-Full's dev gold (``--parity``) and a generated prediction file of
    1,500,000 entries (about 66 MB): the dev predictions of
    ``full_pred_1.json`` and ids absent from the gold, with answers drawn
    from the dev predictions.
``xor1g``
    The same, about 1 GB (23,000,000 entries).
``xor1g-gold``
    A prediction file of about 1 GB whose ids are all gold ids (a gold of
    2,000,000 questions, generated too, answers of about 500 bytes).
``squad75``
    SQuAD v1.1's dev gold and a prediction file of 1,500,000 entries
    (about 75 MB) made the same way from ``pred_v1_seed1.json``.
``xor66-repeat``, ``squad75-repeat``
    ``xor66`` and ``squad75`` with a gold id and a made-up id given again
    at the end (the last value wins, with a warning each).
``xor66-cut-repeat``
    ``xor66-repeat`` with every key written ``ja_<id>`` (XOR-Full cuts it
    after its last ``_``) and one more entry at the end, ``ko_<first dev
    id>``, another key that comes to that id (read whole before: which
    key wins depends on the whole object).
``xor66-allrepeat``
    ``xor66`` with each made-up id given twice in a row (1,500,000 entries,
    748,000 warnings).
``squad75-null``
    ``squad75`` with every tenth made-up answer ``null`` (ignored with the
    other unknown ids, as by the official script).
``xor66-null``, ``squad75-null-repeat``
    ``xor66`` with every tenth made-up answer ``null`` (refused by XOR once
    the file is read), ``squad75-null`` with two ids given again at the end
    (the last value decides what is null).
``openqa100-rows-twice``
    ``openqa100-rows`` with its last row given again (an error).
``mkqa100-notjson``, ``ntcir100-twice``
    ``mkqa100`` with a last line that is not JSON, ``ntcir100`` with its
    last answer line given again (errors).
``squad75-bom``, ``xor66-bom``, ``openqa100-bom``
    ``squad75``, ``xor66`` and ``openqa100`` starting with a UTF-8 byte
    order mark, which these readers refuse (as their official scripts'
    ``json.load`` of a text file does).
``cmrc75-bom``
    CMRC 2018's dev gold and a prediction file of 1,500,000 entries (about
    75 MB) made from ``cmrc2018/pred_seed1.json``, starting with a UTF-8
    byte order mark, which CMRC 2018 (version 6, ``json.load`` of the
    file's bytes) skips.
``squad100m``
    SQuAD v1.1: one question whose prediction is 100,000,000 characters
    of generated words.
``squad100m-fair``
    The same under ``--profile fair``.
``squad<N>m-escaped``, ``squad<N>m-escaped-fair``
    A prediction file ``{id: text}`` whose first answer is ``N`` million
    characters of the outside audit's words (:data:`WORDS_ESCAPED`, as
    ``mkqa50m-escaped``), written with ``\\u`` escapes beyond ASCII, and
    ten short ones (ids not in the gold): a long part of the file.
``korquad100m``, ``korquad100m-fair``
    KorQuAD 1.0: one question whose prediction is 100,000,000 characters
    (``--mb``) of Korean words, numbers and marks (``official``, ``fair``).
``squad100m-ja-fair``
    SQuAD v1.1 under ``--profile fair -o lang=ja``: one question whose
    prediction is 100,000,000 characters (``--mb``) of Japanese sentences
    (MeCab's words).
``levenshtein100m``
    Not the CLI: ``levenshtein_distance`` and ``levenshtein_ratio``
    (``preset="none"``) of a text of 100,000,000 characters (``--mb``,
    read from a file) against a 160-character gold, in one process.
``ntcir100``
    NTCIR-16 Data Search QA: the example gold (``examples/ntcir-dsqa``) and
    a run of about 100 MB: its answers and made-up ids (``-E-`` and ``-J-``)
    with answers drawn from it (ignored with a warning).
``ntcir100m-en``, ``ntcir100m-ja``
    NTCIR-16: one question whose answer is 100,000,000 characters (English
    words; Japanese text with punctuation, cut into MeCab's words: the
    ``fair`` profile is the same rules).
``kbqa100``
    NLPCC 2016 KBQA: the parity gold (7,631 questions) and
    ``topK_results.txt`` with made-up candidates (gold answers) added to
    each answer line, about 100 MB (a prediction may not name a question
    outside the gold).
``kbqa100-badutf8``
    ``kbqa100`` with an invalid UTF-8 byte on its first answer line
    (replaced by U+FFFD, with a warning).
``kbqa100m``, ``kbqa100m-fair``
    NLPCC 2016 KBQA: one question whose answer line is 100,000,000
    characters of candidates (``official``, and ``fair``: normalized).
``zalo100``
    Zalo 2019: a labelled gold of the private test's cases repeated under
    new ids and a submission of about 100 MB choosing their paragraphs
    (the input: both files).
``zalo100-warn``
    ``zalo100`` with its first pair repeated at the end (a warning).
``poleval100``, ``poleval100-fair``
    PolEval 2021: the dev gold and the mT5 outputs, repeated to about
    100 MB of outputs (the input: both files).
``poleval100-badutf8``
    ``poleval100`` with an invalid UTF-8 byte at the start of its outputs
    (one U+FFFD a byte, with a warning, as GEval reads it).
``poleval100m``, ``poleval100m-fair``
    PolEval 2021: one question whose answer is 100,000,000 characters.
``poleval50m-items``, ``poleval50m-items-fair``
    PolEval 2021 ``score --items --json``: the example outputs
    (``examples/poleval2021``) with the first answer replaced by
    50,000,000 characters of Polish words and numbers (the outside
    audit's file); the floor is the same command on the example files.
``poleval33-items-fair``
    ``score --profile fair --items`` of the outside audit's files: the dev
    gold 600 times (7 MB) and the mT5 outputs (26 MB), each line with a few
    words added, the first three 3,000,000 characters of words each.
``explain-poleval33``, ``explain-poleval33-json``
    ``explain`` (text, or ``--json`` under ``--profile fair``) of those files.
``pipe``
    ``yes | answermatch score squad --pred /dev/stdin``: a pipe that never
    ends, refused at ``answermatch.sources.MAX_INPUT_BYTES`` (4 GiB).
``xor66-pipe``, ``squad75-pipe``
    ``xor66`` and ``squad75`` given through a pipe (``cat pred.json |
    answermatch score ... --pred -``), copied once into a temporary file
    and then read in parts as the file is.
``mkqa<N>m-escaped-pipe``, ``mkqa<N>m-escaped-fair-pipe``
    ``mkqa50m-escaped``'s ``en.jsonl`` with ``N`` million characters,
    given to ``score`` through a pipe (``-o lang=en``).
``mkqa40-pipe``
    ``explain-mkqa60``'s ``en.jsonl`` (five answers of 8,000,000
    characters) given to ``score`` through a pipe (``-o lang=en``).
``gzbomb``
    ``--pred`` a ``.gz`` file of about 19 MB that inflates to 4.4 GB (two
    entries and spaces between them, ``gzip -1``): refused past
    ``answermatch.sources.MAX_INPUT_BYTES`` while its inflated size is
    counted, before a reader holds its bytes (the input: the file on disk).
``mkqa100``
    MKQA's test fixture (``mkqa/mkqa_test6.jsonl.gz``) and an ``en.jsonl``
    of about 106 MB: the seed-1 rows (``mkqa/pred_seed1/en.jsonl``) and
    800,000 rows of made-up ids with the seed-1 predictions of every
    language; refused, as by the official script, for the unknown ids.
``mkqa100-gold``
    An MKQA gold of about 100 MB (17,000 examples: the fixture's lines
    under new ids) and an ``en.jsonl`` predicting each; the input is both.
``mkqa100-gold-warn``
    The same with the first example given again at the end of both files,
    its second prediction with a NaN ``no_answer_prob`` (three warnings).
``mkqa100-rowerror``
    ``mkqa100`` with a last row whose ``binary_answer`` is not yes, no,
    empty or null (an error, the first the reading meets).
``mkqa50m``, ``mkqa50m-fair``, ``mkqa50m-ja``, ``mkqa50m-ja-fair``
    MKQA's test fixture and an ``en.jsonl`` (``ja.jsonl``) predicting its
    six examples, the first with 50,000,000 characters (``--mb`` halved)
    of English words (of Japanese sentences), the others ``yes``, under
    each profile.
``mkqa50m-escaped``, ``mkqa50m-escaped-fair``
    ``mkqa50m`` with the outside audit's words (some CJK, Cyrillic,
    Vietnamese), written as ``json.dumps`` writes them by default: every
    character beyond ASCII a ``\\u`` escape. ``mkqa<N>m-...``: the same
    with ``N`` million characters.
``openqa100``
    open-qa: the example gold (``examples/open-qa``) and a prediction
    file ``{id: text}`` of 1,300,000 entries (about 100 MB), the example's
    predictions and made-up ids (warned about and ignored).
``openqa100-rows``
    The same as JSON Lines rows ``{"id", "prediction"}``.
``openqa100-null``
    ``openqa100`` with every tenth made-up answer ``null`` (no answer) and
    two ids given again, as in ``xor66-repeat``.
``openqa100-gold``
    An open-qa gold of about 100 MB (500,000 rows of XOR-Full's dev
    questions under new ids) and predictions ``{id: text}`` of each; the
    input is both.
``openqa100-gold-warn``
    The same with a key repeated in the gold's last row (a warning).
``openqa50m``, ``openqa50m-fair``, ``openqa50m-containment``, ``openqa50m-lenient``
    open-qa: the example gold and predictions (``examples/open-qa``), the
    first answer (English) replaced by 50,000,000 characters of English
    words, under each profile; ``openqa50m-f1``: ``official`` with ``-o
    matcher=f1``. ``openqa5m-``, ``openqa20m-`` with a profile alone
    (``openqa5m-containment``...): 5,000,000 (20,000,000) characters.
``openqa5m-ja``, ``openqa5m-ja-fair``, ``openqa5m-th``, ``openqa20m-letters``
    The same with the Japanese answer replaced by 5,000,000 characters of
    Japanese sentences (no space), the Thai one by 5,000,000 characters of
    Thai, or the first by one run of 20,000,000 ASCII letters
    (``openqa5m-letters``: 5,000,000).
``openqa5m-zh``
    The Japanese answer replaced by 5,000,000 characters of Chinese
    sentences (ideographs, digits, full-width punctuation; no space).
    ``openqa5m-zhq`` (``openqa20m-zhq``): the gold with one more question,
    in Chinese (``lang`` ``zh``: jieba's words), answered by 5,000,000
    (20,000,000) characters of Chinese sentences (``_ZH_SENTENCES``); its
    floor is the same gold and the example predictions with a short answer.
    ``openqa20m-ja``, ``openqa20m-zh`` and ``openqa20m-th`` are the same
    with 20,000,000 characters (what grows with the input, beside what
    does not: MeCab's lattice of one piece).
    These four with ``-containment``, ``-lenient`` or ``-f1`` appended: that
    profile (``-o matcher=f1`` for ``-f1``). Every ``openqa50m``,
    ``openqa5m-`` and ``openqa20m-`` case's floor is the same command on
    the example predictions.
``squad75-number``, ``squad75-list``
    ``squad75`` with one more entry at the end whose value is not a
    string: ``42`` for a made-up id (ignored with the others), ``["a",
    "b"]`` for a gold id (refused, as by the official script).
``ntcir100-nodesc``
    ``ntcir100`` without its first line, the system description (refused).
``zalo100-gold-warn``
    ``zalo100`` whose gold gives its first label twice (a warning; the
    last wins).
``kbqa20m-fair-bars``
    NLPCC 2016 KBQA under ``--profile fair``: one answer line of
    20,000,000 characters of candidates joined by ``|||`` (one field, not
    cut at a TAB). ``kbqa<N>m-bars`` and ``kbqa<N>m-fair-bars``: the same
    with ``N`` million characters (``official``, ``fair``).
``explain-squad75-json``, ``explain-squad75-fair``
    ``answermatch explain`` of every item of ``squad75`` whose first three
    dev answers are 2,000,000 characters of words each (as the outside
    audit's files): ``--json``, and the text under ``--profile fair``.
``explain-xor66``
    ``explain`` (text) of every item of ``xor66`` with three such answers.
``explain-mkqa60``
    ``explain`` (text) of MKQA's test fixture and an ``en.jsonl`` whose
    first five predictions are 8,000,000 characters of English words each
    (the outside audit's ``mkqa-long``); its floor predicts ``yes`` for
    each example.
``explain-ntcir``, ``explain-ntcir-json``
    ``explain ntcir-dsqa`` (text, or ``--json``) of the example gold and
    run (``examples/ntcir-dsqa``) with two long answers, each ``--mb`` / 20
    million characters (5,000,000 by default): ``DS2-QA-E-0001``'s of
    English words and numbers, ``DS2-QA-J-0001``'s of Japanese sentences
    without spaces; the floor is the same command on the example files.
``explain-korquad75-json``
    ``explain --json`` of KorQuAD's example gold (``examples/korquad``) and
    1,500,000 predictions: "서울" for each gold id, the first one 2,000,000
    characters of Korean words, and made-up ids.
``cmrc20m``, ``cmrc20m-v5``, ``cmrc20m-fair``
    CMRC 2018's dev gold and its seed-1 predictions with the first answer
    replaced by 20,000,000 characters (a fifth of ``--mb``) of Chinese
    words and numbers, space-separated (as the outside audit's file):
    ``official`` (v6), ``-o version=5`` and ``fair``.
``cmrc20m-sentences``
    The same with Chinese sentences without spaces (punctuation and
    numbers between the characters), ``official``.
``korquad20m``, ``korquad20m-fair``
    KorQuAD's example gold, "서울" for each of its ids, the first answer
    20,000,000 characters of Korean words and numbers, space-separated.
``mlqa20m-zh``, ``mlqa20m-zh-fair``
    MLQA's XQuAD zh gold and its seed-1 predictions with the first answer
    replaced by the Chinese words of ``cmrc20m`` (jieba's words under
    ``fair``).
``mlqa20m-zh-sentences``, ``mlqa20m-zh-sentences-fair``
    The same with the sentences of ``cmrc20m-sentences``, ``official`` and
    ``fair`` (jieba's words, numbers by value).
``mlqa20m-zh-nodigits-fair``, ``mlqa20m-zh-hanonly-fair``
    The same under ``fair`` with Chinese sentences without a digit or a
    space: with Chinese punctuation (which ``fair`` deletes before jieba
    runs), and Han characters only (jieba's words over one run of
    20,000,000 characters).

``xor20m-ja-fair``, ``xor20m-ja-fair-sentences``, ``xor20m-ja-fair-nodigits``
    XOR-Full's dev gold and ``full_pred_1.json`` with the first Japanese
    question's answer replaced by 20,000,000 characters (a fifth of
    ``--mb``) under ``--profile fair``: the outside audit's Japanese words
    and numbers, space-separated; Japanese sentences with numbers
    (``_ja_text``'s); sentences without a digit or a space (MeCab parses
    the whole text, 50,000 characters at a time).

``explain-mlqa20m-zh``, ``explain-mlqa20m-zh-json``
    ``answermatch explain --limit 3`` (text, or ``--json``) of the files of
    ``mlqa20m-zh``: the first item's explanation is that of the long answer.
``explain-korquad20m``, ``explain-cmrc20m-json``
    The same of ``korquad20m``'s files (text) and ``cmrc20m``'s (``--json``).

``gold-squad45``
    ``score squad`` of a gold of about 45 MB, SQuAD v1.1's dev articles 30
    times under new question ids, and a prediction (the first answer) for
    each; the input is both files.
``gold-xor66``
    ``score xor-full`` of a gold of about 51 MB, XOR-Full's dev questions
    70 times under new ids, and the first answer of each as its
    prediction (66 MB in all).
``checkgold-squad45``, ``checkgold-xor51``
    ``check-gold`` of those two golds.
``checkgold-openqa67``
    ``check-gold open-qa`` of XOR-Full's dev questions 100 times under new
    ids as open-qa rows (about 67 MB).
``checkgold-mkqa56``
    ``check-gold mkqa`` of 9,700 examples, MKQA's test fixture's lines
    under new example ids (about 56 MB).
``checkgold-poleval7``
    ``check-gold poleval2021`` of PolEval 2021's dev gold 600 times (about
    7 MB, 600,000 lines, 15,600 findings).
``gold-ntcir101``, ``checkgold-ntcir52``
    NTCIR-16 Data Search QA: the example gold's 7 lines 200,000 times under
    new ids (1,400,000 short questions, about 52 MB), scored with a run
    that answers each with the first gold answer (about 101 MB in all), and
    checked (``check-gold``).
``gold-squadv2-41``, ``gold-xquad18``, ``gold-drcd39``
    ``score`` of the other SQuAD-layout golds made as ``gold-squad45``'s:
    squad-v2 of SQuAD v2.0's dev subset 18 times (41 MB), mlqa of XQuAD's
    German 40 times (18 MB, named ``xquad.de.json``), cmrc2018 of DRCD's
    dev 18 times (39 MB); the prediction of a question without answers is
    ``""``.
``checkgold-squadv2-41``, ``checkgold-xquad18``, ``checkgold-drcd39``
    ``check-gold`` of those golds.
``gold-kbqa88``, ``checkgold-kbqa44``
    ``score nlpcc-kbqa`` with NLPCC 2016 KBQA's parity gold 40 times
    under new question ids (305,240 questions, 44 MB) as the gold and as
    the predictions (88 MB in all), and ``check-gold`` of that gold.
``gold-cmrc39``, ``checkgold-cmrc39``
    ``score cmrc2018`` and ``check-gold cmrc2018`` of a gold in CMRC 2018's
    original layout (a list of passages with ``query_id``), its dev's
    passages 20 times under new context and question ids, written in UTF-8
    (39 MB), and the first answer of each question (its ``str()``) as its
    prediction.
``gold-korquad27``, ``checkgold-korquad27``
    ``score korquad`` and ``check-gold korquad`` of a gold of tiny
    paragraphs, KorQuAD's example (``examples/korquad/dev_sample.json``,
    two one-paragraph articles, seven questions) 20,000 times under new
    question ids (27 MB, 140,000 questions), and the first answer of each
    question as its prediction (5 MB).

``rescore-rows``, ``rescore-one``
    ``answermatch rescore --matcher exact`` of lm-evaluation-harness
    ``--log_samples`` files (TriviaQA-like samples, as the second
    re-audit's): 150,000 samples of ten-character responses (about 46 MB),
    and ten samples whose first response is 25,000,000 characters (a
    quarter of ``--mb``), in ``resps`` and ``filtered_resps`` (about 50
    MB); the floor is the same command on 20 samples of 100 characters.
    ``rescore-one-lenient``: ``rescore-one`` under ``--matcher lenient``;
    ``rescore-one-json``: that with ``--json``.

A ``cmrc20m``, ``korquad20m``, ``mlqa20m`` or ``xor20m`` case's floor is the same
command on the dev predictions alone (``--parity``'s, or the example's);
an ``explain-`` case's is the same command on the task's small example
files (``examples/``); a ``checkgold-`` case's the same command on the
dev gold (or the example's), a ``gold-`` case's on the example's gold and
predictions. All are printed with the case.

``metaeval-rows``, ``metaeval50m``, ``metaeval50m-lenient``
    Not ``score``: ``meta-eval --resamples 0`` of a judgments file (rows of
    ``../shared/metaeval/evouna-nq-dev.jsonl``, beside ``--parity``):
    160,000 rows (about 51 MB; 1,600 rows a MB of ``--mb``) under
    ``--matcher exact``, and ten rows after one whose prediction is
    50,000,000 characters (half of ``--mb``; an English sentence with an
    ``ö``, again and again) under ``exact`` and the lenient judge; the
    floor is the same command on the file's first 20 rows.

Generated files go to ``--tmp`` and are deleted after each case. Run::

    python benchmarks/bench_memory.py --parity ../shared/parity [CASE ...]

The figures (MB = 10**6 bytes): input size, peak RSS, peak minus the
process's floor (the same command on the dev fixture alone), and the ratio
of that to the input size (the target: at most about 2).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CLI = [sys.executable, "-m", "answermatch"]
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def peak_of(command: str) -> tuple[float, float, str]:
    """Peak RSS (MB) and wall seconds of a shell ``command`` run in a fresh
    parent, and the last line of its standard error."""
    probe = (
        "import resource, subprocess, sys, time\n"
        "t = time.perf_counter()\n"
        "p = subprocess.run(sys.argv[1], shell=True, capture_output=True, text=True)\n"
        "t = time.perf_counter() - t\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024 / 1e6\n"
        "last = (p.stderr.strip().splitlines() or [''])[-1]\n"
        "print(peak, t, p.returncode, last[:200], sep='\\t')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, command], capture_output=True, text=True, check=True
    ).stdout
    peak, wall, code, last = out.rstrip("\n").split("\t", 3)
    return float(peak), float(wall), f"exit {code}: {last}"


def xor_predictions(
    parity: Path,
    path: Path,
    entries: int,
    seed: int = 7,
    base: str | Path = "xor/full_pred_1.json",
    *,
    repeat: bool = False,
    nulls: bool = False,
    bom: bool = False,
    twice: bool = False,
    long: int = 0,
    prefix: str = "",
) -> int:
    """A prediction file of the dev predictions (``base``, under ``parity``,
    or an absolute path) plus made-up ids; its size. ``repeat``: the first
    dev id and the first made-up id given again at the end (the ``-repeat``
    cases); ``nulls``: every tenth made-up answer ``null``; ``bom``: a
    UTF-8 byte order mark first; ``twice``: each made-up id given twice in
    a row (``entries`` entries in all; the ``-allrepeat`` cases, a warning
    each); ``long``: so many of the first dev answers made 2,000,000
    characters of words (the ``explain-`` cases); ``prefix``: written
    before every key (``"ja_"``: keys XOR-Full cuts after their last
    ``_``)."""
    dev = json.loads((parity / base).read_text(encoding="utf-8"))
    dev = {prefix + key: value for key, value in dev.items()}
    answers = list(dev.values())
    for key in list(dev)[:long]:
        dev[key] = _words_text(2_000_000, WORDS_EN)
    rng = random.Random(seed)
    first = None
    with path.open("w", encoding="utf-8") as out:
        out.write("\ufeff{" if bom else "{")
        out.write(json.dumps(dev, ensure_ascii=False)[1:-1])
        batch = []
        for k in range((entries - len(dev)) // (2 if twice else 1)):
            qid = prefix + str(rng.getrandbits(63) - (1 << 62))
            first = first or qid
            answer = None if nulls and k % 10 == 3 else rng.choice(answers)
            batch.append(f', "{qid}": {json.dumps(answer, ensure_ascii=False)}')
            if twice:
                batch.append(f', "{qid}": {json.dumps(rng.choice(answers), ensure_ascii=False)}')
            if len(batch) >= 100_000:
                out.write("".join(batch))
                batch.clear()
        out.write("".join(batch))
        if repeat:
            out.write(f', {json.dumps(next(iter(dev)))}: "again", "{first}": "again"')
        out.write("}\n")
    return path.stat().st_size


def xor_gold_and_predictions(
    parity: Path, gold: Path, pred: Path, questions: int, seed: int = 7
) -> int:
    """A gold of ``questions`` generated questions (languages and answers of
    the dev gold) and predictions of about 500 bytes for each; the
    prediction file's size."""
    rows = [
        json.loads(line)
        for line in (parity / "xor" / "xor_dev_full_v1_1.jsonl").read_text("utf-8").splitlines()
    ]
    rng = random.Random(seed)
    with gold.open("w", encoding="utf-8") as g, pred.open("w", encoding="utf-8") as p:
        p.write("{")
        for k in range(questions):
            row = rows[k % len(rows)]
            qid = f"{k}"
            g.write(json.dumps({"id": qid, "answers": row["answers"], "lang": row["lang"]}) + "\n")
            words = " ".join(rng.choice(row["answers"]) for _ in range(20))[:250]
            p.write(("" if k == 0 else ", ") + f'"{qid}": ' + json.dumps(words))
        p.write("}\n")
    return pred.stat().st_size


def squad_long(gold: Path, pred: Path, chars: int, seed: int = 7, *, escaped: bool = False) -> int:
    """A one-question SQuAD v1.1 gold and a prediction of ``chars``
    characters (``escaped``: of :data:`WORDS_ESCAPED`, written with ``\\u``
    escapes beyond ASCII, and the example's ids with short answers)."""
    context = "The tower was finished in 1889 in Paris."
    gold.write_text(
        json.dumps(
            {
                "version": "1.1",
                "data": [
                    {
                        "title": "t",
                        "paragraphs": [
                            {
                                "context": context,
                                "qas": [
                                    {
                                        "id": "q1",
                                        "question": "When?",
                                        "answers": [{"text": "1889", "answer_start": 26}],
                                    }
                                ],
                            }
                        ],
                    }
                ],
            }
        ),
        encoding="utf-8",
    )
    rng = random.Random(seed)
    words = ["Tower", "the", "of", "1889", "Paris", "iron", "finished", "a", "in", "built,"]
    block = " ".join(rng.choice(words) for _ in range(200_000))
    text = (block + " ") * (chars // (len(block) + 1) + 1)
    if escaped:
        entries = {"q1": _words_text(chars, WORDS_ESCAPED)}
        entries.update({f"x{k}": "Paris" for k in range(10)})
        pred.write_text(json.dumps(entries), encoding="utf-8")
        return pred.stat().st_size
    pred.write_text(json.dumps({"q1": text[:chars]}), encoding="utf-8")
    return pred.stat().st_size


WORDS_EN = ["Tower", "the", "of", "1889", "Paris", "iron", "finished", "a", "in", "built,"]
#: The outside audit's words for an answer written with ``\\u`` escapes.
WORDS_ESCAPED = ["the", "of", "and", "in", "to", "a", "was", "is", "for", "on", "as", "by", "with",
                 "he", "at", "from", "his", "an", "were", "are", "which", "Paris", "1914",
                 "Tolstoy", "Andes", "yen", "Helsinki", "曹雪芹", "周树人", "東京", "москва",
                 "Kraków", "Hà", "Nội"]  # fmt: skip
_KO_WORDS = ["서울은", "대한민국의", "수도이다.", "1,000명", "《토지》", "1969년", "KBS", "(서울)"]


def korquad_long(gold: Path, pred: Path, chars: int) -> int:
    """A one-question KorQuAD 1.0 gold and a prediction of ``chars``
    characters of Korean words (:data:`_KO_WORDS`)."""
    context = "서울은 대한민국의 수도이다."
    question = {"id": "q1", "question": "?", "answers": [{"text": "서울", "answer_start": 0}]}
    paragraphs = [{"context": context, "qas": [question]}]
    data = {"version": "KorQuAD_v1.0_dev", "data": [{"title": "t", "paragraphs": paragraphs}]}
    gold.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    pred.write_text(
        json.dumps({"q1": _words_text(chars, _KO_WORDS)}, ensure_ascii=False), encoding="utf-8"
    )
    return pred.stat().st_size


def mkqa_predictions(parity: Path, path: Path, rows: int, seed: int = 7) -> int:
    """The seed-1 English rows and ``rows`` rows of made-up ids whose
    predictions are drawn from the seed-1 rows of every language; its size."""
    folder = parity / "mkqa" / "pred_seed1"
    seed_rows = [json.loads(line) for f in sorted(folder.glob("*.jsonl")) for line in f.open()]
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        out.write((folder / "en.jsonl").read_text(encoding="utf-8"))
        for _ in range(rows):
            row = dict(rng.choice(seed_rows), example_id=rng.getrandbits(63))
            row["no_answer_prob"] = rng.uniform(-3, 3)
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    return path.stat().st_size


def mkqa_gold_and_predictions(
    parity: Path, gold: Path, pred: Path, examples: int, *, warn: bool = False
) -> int:
    """A gold of ``examples`` examples (the fixture's lines under new ids,
    written as the official file is) and an ``en.jsonl`` predicting each
    (the gold's first English answer, or none); the size of both.
    ``warn``: the first example given again at the end of both, its second
    prediction with a NaN ``no_answer_prob`` (three warnings)."""
    import gzip

    with gzip.open(parity / "mkqa" / "mkqa_test6.jsonl.gz", "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    with gold.open("w", encoding="utf-8") as g, pred.open("w", encoding="utf-8") as p:
        for k in range(examples):
            row = dict(rows[k % len(rows)], example_id=k)
            g.write(json.dumps(row) + "\n")
            text = row["answers"]["en"][0]["text"] if k % 3 else None
            p.write(json.dumps({"example_id": k, "prediction": text, "binary_answer": None,
                                "no_answer_prob": (k % 7) / 7}) + "\n")  # fmt: skip
        if warn:
            g.write(json.dumps(dict(rows[0], example_id=0)) + "\n")
            p.write('{"example_id": 0, "prediction": "again", "binary_answer": null, '
                    '"no_answer_prob": NaN}\n')  # fmt: skip
    return gold.stat().st_size + pred.stat().st_size


def mkqa_long(
    parity: Path, pred: Path, chars: int, *, lang: str = "en", long: int = 1, escaped: bool = False
) -> int:
    """An ``<lang>.jsonl`` predicting the fixture's examples: the first
    ``long`` predictions ``chars`` characters of English words (Japanese
    sentences for ``ja``; with ``escaped``, the outside audit's words,
    :data:`WORDS_ESCAPED`, written with ``\\u`` escapes beyond ASCII), the
    others ``yes``; its size."""
    import gzip

    with gzip.open(parity / "mkqa" / "mkqa_test6.jsonl.gz", "rt", encoding="utf-8") as fh:
        ids = [json.loads(line)["example_id"] for line in fh if line.strip()]
    text = _ja_text(chars) if lang == "ja" else _words_text(chars, WORDS_EN)
    if escaped:
        text = _words_text(chars, WORDS_ESCAPED)
    with pred.open("w", encoding="utf-8") as out:
        for k, ex_id in enumerate(ids):
            row = {"example_id": ex_id, "prediction": text if k < long else "yes",
                   "binary_answer": None, "no_answer_prob": 0.1}  # fmt: skip
            out.write(json.dumps(row, ensure_ascii=escaped) + "\n")
    return pred.stat().st_size


def rows_of(mapping_file: Path, rows_file: Path) -> int:
    """The predictions ``{id: text}`` of ``mapping_file`` as JSON Lines rows
    ``{"id", "prediction"}``; their size."""
    entries = json.loads(mapping_file.read_text(encoding="utf-8"))
    with rows_file.open("w", encoding="utf-8") as out:
        for qid, text in entries.items():
            out.write(json.dumps({"id": qid, "prediction": text}, ensure_ascii=False) + "\n")
    return rows_file.stat().st_size


def open_qa_gold_and_predictions(
    parity: Path, gold: Path, pred: Path, questions: int, *, warn: bool = False
) -> int:
    """An open-qa gold of ``questions`` rows (XOR-Full's dev questions,
    answers and languages under new ids) and predictions ``{id: text}`` of
    each (one of its answers, or a made-up sentence); the size of both.
    ``warn``: the gold's last row names its question twice (a warning)."""
    rows = [
        json.loads(line)
        for line in (parity / "xor" / "xor_dev_full_v1_1.jsonl").read_text("utf-8").splitlines()
    ]
    rng = random.Random(7)
    with gold.open("w", encoding="utf-8") as g, pred.open("w", encoding="utf-8") as p:
        p.write("{")
        for k in range(questions):
            row = rows[k % len(rows)]
            qid = f"q{k}"
            fields = {"id": qid, "question": row["question"], "answers": row["answers"]}
            line = json.dumps({**fields, "lang": row["lang"]}, ensure_ascii=False)
            if warn and k == questions - 1:
                line = line[:-1] + ', "question": "again?"}'
            g.write(line + "\n")
            text = rng.choice(row["answers"]) if k % 2 else "It is " + row["answers"][0] + "."
            p.write(("" if k == 0 else ", ") + f'"{qid}": ' + json.dumps(text, ensure_ascii=False))
        p.write("}\n")
    return gold.stat().st_size + pred.stat().st_size


ROOT = Path(__file__).resolve().parent.parent
HUNDRED_MB = 100_000_000


def _words_text(chars: int, words: list[str], seed: int = 7) -> str:
    """``chars`` characters of ``words`` drawn at random, space-separated."""
    rng = random.Random(seed)
    block = " ".join(rng.choice(words) for _ in range(200_000))
    return ((block + " ") * (chars // (len(block) + 1) + 1))[:chars]


_JA_TEXT = "東京都の人口は約1351万人で、日本の首都です。タワーは1958年に完成した。"


#: Chinese sentences for ``openqa5m-zh`` (ideographs, digits, full-width punctuation)
_ZH_TEXT = "北京市的人口约为2189万人，是中国的首都。长城始建于公元前7世纪。故宫有九千多间房屋。"


def _ja_text(chars: int, seed: int = 7, sentences: str = _JA_TEXT) -> str:
    """``chars`` characters of Japanese sentences (no spaces), shuffled
    (or of other ``sentences`` ending in 。)."""
    rng = random.Random(seed)
    sentences = [s + "。" for s in sentences.split("。") if s]
    block = "".join(rng.choice(sentences) for _ in range(20_000))
    return (block * (chars // len(block) + 1))[:chars]


def _zh_question(work: Path) -> tuple[Path, Path]:
    """The example open-qa gold with a Chinese question (``zh-1``, its
    language ``zh``) and the example predictions with its answer, in ``work``."""
    row = {"id": "zh-1", "question": "红楼梦的作者是谁", "answers": ["曹雪芹"], "lang": "zh"}
    gold, example = work / "gold-zh.jsonl", work / "small-zh.json"
    lines = (EXAMPLES / "open-qa" / "gold.jsonl").read_text("utf-8").rstrip("\n")
    gold.write_text(f"{lines}\n{json.dumps(row, ensure_ascii=False)}\n", encoding="utf-8")
    answers = json.loads((EXAMPLES / "open-qa" / "pred.json").read_text("utf-8"))
    answers["zh-1"] = "作者是曹雪芹。"
    example.write_text(json.dumps(answers, ensure_ascii=False), encoding="utf-8")
    return gold, example


def ntcir_run(path: Path, size: int, seed: int = 7) -> int:
    """The example run and made-up ids until ``size`` bytes."""
    lines = (ROOT / "examples" / "ntcir-dsqa" / "run.tsv").read_text("utf-8").splitlines()
    answers = [line.split("\t", 1)[1] for line in lines[1:] if "\t" in line]
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
        written, batch, k = 0, [], 0
        while written < size:
            marker = "E" if k % 2 else "J"
            batch.append(f"DS2-QA-{marker}-X{k:09d}\t{rng.choice(answers)}\n")
            k += 1
            if len(batch) == 100_000:
                text = "".join(batch)
                written += len(text.encode("utf-8"))
                out.write(text)
                batch.clear()
        out.write("".join(batch))
    return path.stat().st_size


def ntcir_long(gold: Path, pred: Path, lang: str, chars: int) -> int:
    qid = "DS2-QA-E-0001" if lang == "en" else "DS2-QA-J-0001"
    gold.write_text(f"{qid}\t13,510,000\t東京都\n", encoding="utf-8")
    words = ["Tokyo", "the", "13,510,000", "of", "(-2.1%)", "million", "a", "in", "Metropolis,"]
    text = _words_text(chars, words) if lang == "en" else _ja_text(chars)
    pred.write_text(f"<SYSDESC>long</SYSDESC>\n{qid}\t{text}\n", encoding="utf-8")
    return pred.stat().st_size + gold.stat().st_size


def ntcir_long_answers(pred: Path, chars: int) -> int:
    """The example run with its first English and first Japanese answers
    ``chars`` characters long (English words and numbers; Japanese
    sentences without spaces); the run's size."""
    lines = (EXAMPLES / "ntcir-dsqa" / "run.tsv").read_text("utf-8").splitlines()
    words = ["Tokyo", "the", "13,510,000", "of", "(-2.1%)", "million", "a", "in", "Metropolis,"]
    long = {"DS2-QA-E-0001": _words_text(chars, words), "DS2-QA-J-0001": _ja_text(chars)}
    with pred.open("w", encoding="utf-8") as out:
        for line in lines:
            qid = line.split("\t", 1)[0]
            out.write(f"{qid}\t{long[qid]}\n" if qid in long else line + "\n")
    return pred.stat().st_size


def kbqa_predictions(
    parity: Path, pred: Path, size: int, seed: int = 7, *, invalid: bool = False
) -> int:
    """``topK_results.txt`` (a real system's answers to the parity gold's
    questions) with made-up candidates (the gold's answers) added to each
    answer line, until the file reaches ``size`` bytes; ``invalid``: a byte
    0xFF after the first answer line's own candidates."""
    folder = parity / "nlpcc2016" / "kbqa"
    gold_lines = (folder / "kbqa_gold_lowcase.txt").read_text("utf-8").splitlines()
    answers = [line.split("\t", 1)[1] for line in gold_lines if line.startswith("<answer")]
    lines = (folder / "topK_results.txt").read_text("utf-8").splitlines()
    blocks = sum(line.startswith("<answer") for line in lines)
    rng = random.Random(seed)
    per_block = size // (blocks * 12)  # about 12 bytes a candidate
    with pred.open("w", encoding="utf-8", errors="surrogateescape") as out:
        for line in lines:
            if line.startswith("<answer"):
                if invalid:  # the byte 0xFF after the line's own candidates
                    line, invalid = line + "\udcff", False
                line += "\t" + "\t".join(rng.choices(answers, k=per_block))
            out.write(line + "\n")
    return pred.stat().st_size


def kbqa_long(gold: Path, pred: Path, chars: int) -> int:
    gold.write_text("<question id=1>\t谁?\n<answer id=1>\t梅とら\n=====\n", encoding="utf-8")
    text = _words_text(chars, ["梅とら", "2013年", "仙草", "ＡＢＣ", "docker", "李白"])
    text = text.replace(" ", "\t")
    pred.write_text(f"<question id=1>\t谁?\n<answer id=1>\t{text}\n=====\n", encoding="utf-8")
    return pred.stat().st_size + gold.stat().st_size


def zalo_files(parity: Path, gold: Path, pred: Path, size: int, seed: int = 7) -> int:
    """A labelled gold of the private test's cases (paragraph ids and labels)
    under new ids, and a submission of some of their paragraphs, until it
    reaches ``size`` bytes."""
    cases = json.loads(
        (parity / "zalo2019" / "ZaloQA_private_test_with_labels_unverified.json").read_text("utf-8")
    )
    rng = random.Random(seed)
    with gold.open("w", encoding="utf-8") as g, pred.open("w", encoding="utf-8") as p:
        g.write("[")
        p.write("test_id,answer\n")
        written, k = 0, 0
        while written < size:
            case = cases[k % len(cases)]
            paragraphs = [{"id": x["id"], "label": x["label"]} for x in case["paragraphs"]]
            g.write(
                ("" if k == 0 else ",\n")
                + json.dumps({"__id__": f"t{k}", "paragraphs": paragraphs})
            )
            rows = "".join(f"t{k},{x['id']}\n" for x in paragraphs if rng.random() < 0.5)
            written += len(rows)
            p.write(rows)
            k += 1
        g.write("]\n")
    return gold.stat().st_size + pred.stat().st_size


def poleval_files(parity: Path, gold: Path, pred: Path, size: int, *, invalid: bool = False) -> int:
    """The dev gold and the mT5 outputs, repeated until ``size`` bytes of
    outputs; ``invalid``: the outputs start with the byte 0xFF."""
    expected = (parity / "poleval2021" / "dev-0" / "expected.tsv").read_bytes()
    out = (parity / "poleval2021" / "outputs" / "filipggg-mt5.dev-0.out.tsv").read_bytes()
    times = size // len(out) + 1
    gold.write_bytes(expected * times)
    with pred.open("wb") as p:
        p.write(b"\xff" if invalid else b"")
        for _ in range(times):
            p.write(out)
    return gold.stat().st_size + pred.stat().st_size


def poleval_long(gold: Path, pred: Path, chars: int) -> int:
    gold.write_text("Warszawa\tw Warszawie\n", encoding="utf-8")
    words = ["Warszawa", "w", "XIV", "wieku", "czterech", "1410", "Kraków,", "zażółć"]
    pred.write_text(_words_text(chars, words) + "\n", encoding="utf-8")
    return pred.stat().st_size + gold.stat().st_size


def poleval_audit_files(parity: Path, gold: Path, pred: Path, chars: int = 3_000_000) -> int:
    """The outside audit's PolEval 2021 files: the dev gold 600 times, the
    mT5 outputs each with one to five words added, the first three
    answers ``chars`` characters of words each."""
    expected = (parity / "poleval2021" / "dev-0" / "expected.tsv").read_text("utf-8")
    outs = (parity / "poleval2021" / "outputs" / "filipggg-mt5.dev-0.out.tsv").read_text("utf-8")
    expected_lines, out_lines = expected.splitlines(), outs.splitlines()
    rng = random.Random(25)
    words = ["the", "of", "and", "in", "to", "a", "was", "is", "for", "on", "as", "by"]
    words += ["with", "Paris", "1914", "Tolstoy", "曹雪芹", "東京", "Kraków"]
    long = _words_text(chars, words)
    with gold.open("w", encoding="utf-8") as g, pred.open("w", encoding="utf-8") as p:
        for rep in range(600):
            g.write("\n".join(expected_lines) + "\n")
            for k, out in enumerate(out_lines):
                if rep == 0 and k < 3:
                    p.write(long + "\n")
                else:
                    added = " ".join(rng.choice(words) for _ in range(rng.randint(1, 5)))
                    p.write(f"{out} {added}\n")
    return gold.stat().st_size + pred.stat().st_size


def poleval_case(case: str, parity: Path, work: Path) -> tuple[int, str, str] | None:
    """The size, command and floor command of a case of PolEval 2021's
    ``--items`` and ``explain`` (the floor: the same command on the
    example files), or ``None``."""
    example = EXAMPLES / "poleval2021"
    small = f"--gold {example / 'expected.tsv'} --pred {example / 'out.tsv'}"
    gold, pred, items = work / "expected.tsv", work / "out.tsv", work / "items.jsonl"
    fair = " --profile fair" if "-fair" in case else ""
    if case.startswith("poleval50m-items"):
        lines = (example / "out.tsv").read_text("utf-8").splitlines()
        phrase = "Mieszko I był księciem w roku 966 alfa "
        lines[0] = (phrase * (50_000_000 // len(phrase) + 1))[:50_000_000]
        pred.write_text("\n".join(lines) + "\n", encoding="utf-8")
        size = pred.stat().st_size
        gold = example / "expected.tsv"
        run = f"{' '.join(CLI)} score poleval2021 {{}} -q --json --items {items}{fair}"
    elif case in ("poleval33-items-fair", "explain-poleval33", "explain-poleval33-json"):
        size = poleval_audit_files(parity, gold, pred)
        if case.startswith("explain-"):
            last = " --json --profile fair" if case.endswith("-json") else ""
            run = f"{' '.join(CLI)} explain poleval2021 {{}} -q{last}"
        else:
            run = f"{' '.join(CLI)} score poleval2021 {{}} -q --items {items}{fair}"
    else:
        return None
    return size, run.format(f"--gold {gold} --pred {pred}"), run.format(small)


def again_at_the_end(path: Path, line: str | None = None) -> int:
    """Append ``line`` (by default the file's last line again) to the file;
    the bytes added."""
    with path.open("rb+") as f:
        f.seek(max(0, f.seek(0, 2) - 4096))
        tail = f.read()
        last = tail.rstrip(b"\n").rsplit(b"\n", 1)[-1]
        added = (line.encode("utf-8") if line is not None else last) + b"\n"
        if not tail.endswith(b"\n"):
            added = b"\n" + added
        f.write(added)
    return len(added)


def pipes_case(case: str, parity: Path, work: Path, base: str) -> tuple[int, str] | None:
    """The size and command line of a case of predictions through a pipe,
    or of a ``.gz`` bomb; ``None`` for another case."""
    pred = work / "pred.json"
    if case in ("xor66-pipe", "squad75-pipe"):
        if case == "xor66-pipe":
            size = xor_predictions(parity, pred, 1_500_000)
            gold = parity / "xor" / "xor_dev_full_v1_1.jsonl"
            task = "xor-full"
        else:
            size = xor_predictions(parity, pred, 1_500_000, base="squad/pred_v1_seed1.json")
            gold = parity / "squad" / "dev-v1.1.from-v2-answerable.json"
            task = "squad"
        return size, f"cat {pred} | {base} {task} --gold {gold} --pred - -q"
    escaped = re.fullmatch(r"mkqa(\d+)m-escaped(-fair)?-pipe", case)
    if escaped:
        pred = work / "en.jsonl"
        size = mkqa_long(parity, pred, int(escaped[1]) * 1_000_000, escaped=True)
        gold = parity / "mkqa" / "mkqa_test6.jsonl.gz"
        profile = " --profile fair" if escaped[2] else ""
        return size, f"cat {pred} | {base} mkqa --gold {gold} --pred - -o lang=en -q{profile}"
    if case == "mkqa40-pipe":
        pred = work / "en.jsonl"
        size = mkqa_long(parity, pred, 8_000_000, long=5)
        gold = parity / "mkqa" / "mkqa_test6.jsonl.gz"
        return size, f"cat {pred} | {base} mkqa --gold {gold} --pred - -o lang=en -q"
    if case == "gzbomb":
        bomb = work / "pred.json.gz"
        with gzip.open(bomb, "wb", compresslevel=1) as out:
            out.write(b'{"u1": "a",')
            spaces = b" " * (1 << 20)
            for _ in range(4_400_000_000 // len(spaces)):
                out.write(spaces)
            out.write(b'"u2": "b"}\n')
        gold = parity / "squad" / "dev-v1.1.from-v2-answerable.json"
        return bomb.stat().st_size, f"{base} squad --gold {gold} --pred {bomb} -q"
    return None


def explain_case(case: str, parity: Path, work: Path) -> tuple[int, str, str] | None:
    """The size, command and floor command of an ``explain-`` case (the
    same command on the task's small example files, ``examples/``; for
    MKQA, on the seed-1 rows alone), or ``None``."""
    base = f"{' '.join(CLI)} explain"
    pred = work / "pred.json"
    small = {
        "squad": ("squad/dev.json", "squad/pred.json"),
        "xor-full": ("xor-full/gold.jsonl", "xor-full/pred.json"),
        "korquad": ("korquad/dev_sample.json", "korquad/predictions.json"),
        "ntcir-dsqa": ("ntcir-dsqa/gold.tsv", "ntcir-dsqa/run.tsv"),
    }
    if case in ("explain-squad75-json", "explain-squad75-fair"):
        task, last = "squad", (" --json" if case.endswith("-json") else " --profile fair")
        size = xor_predictions(parity, pred, 1_500_000, base="squad/pred_v1_seed1.json", long=3)
        gold = parity / "squad" / "dev-v1.1.from-v2-answerable.json"
    elif case == "explain-xor66":
        task, last = "xor-full", ""
        size = xor_predictions(parity, pred, 1_500_000, long=3)
        gold = parity / "xor" / "xor_dev_full_v1_1.jsonl"
    elif case == "explain-korquad75-json":
        task, last = "korquad", " --json"
        gold = EXAMPLES / "korquad" / "dev_sample.json"
        data = json.loads(gold.read_text(encoding="utf-8"))["data"]
        ids = [q["id"] for a in data for p in a["paragraphs"] for q in p["qas"]]
        dev = work / "dev.json"
        dev.write_text(json.dumps(dict.fromkeys(ids, "서울"), ensure_ascii=False), "utf-8")
        size = xor_predictions(parity, pred, 1_500_000, base=dev, long=1)
    elif case in ("explain-ntcir", "explain-ntcir-json"):
        task, last = "ntcir-dsqa", (" --json" if case.endswith("-json") else "")
        gold = EXAMPLES / "ntcir-dsqa" / "gold.tsv"
        pred = work / "run.tsv"
        size = ntcir_long_answers(pred, HUNDRED_MB // 20)
    elif case == "explain-mkqa60":
        task, last = "mkqa", " -o lang=en"
        pred, dev = work / "pred.jsonl", work / "dev.jsonl"
        size = mkqa_long(parity, pred, 8_000_000, long=5)
        mkqa_long(parity, dev, 0, long=0)
        gold = parity / "mkqa" / "mkqa_test6.jsonl.gz"
        small[task] = (gold, dev)
    else:
        return None
    small_gold, small_pred = (EXAMPLES / name for name in small[task])
    return (
        size,
        f"{base} {task} --gold {gold} --pred {pred} -q{last}",
        f"{base} {task} --gold {small_gold} --pred {small_pred} -q{last}",
    )


def entry_at_the_end(path: Path, entry: str) -> int:
    """Add ``entry`` (``"key": value``) last in the object ``{...}`` of a
    file written by :func:`xor_predictions`; the bytes added."""
    with path.open("rb+") as f:
        f.seek(-2, 2)
        assert f.read() == b"}\n"
        f.seek(-2, 2)
        added = f", {entry}}}\n".encode()
        f.write(added)
    return len(added) - 2


def shapes_case(case: str, parity: Path, work: Path, base: str) -> tuple[int, str] | None:
    """The size and command of a case of odd shapes (a value that is not a
    string, a run without its system description, a gold that warns, a
    line of candidates not cut at a TAB), or ``None``."""
    pred = work / "pred.json"
    if case in ("squad75-number", "squad75-list"):
        dev = parity / "squad" / "pred_v1_seed1.json"
        size = xor_predictions(parity, pred, 1_500_000, base=dev)
        first = next(iter(json.loads(dev.read_text(encoding="utf-8"))))
        entry = '"u-extra": 42' if case.endswith("-number") else f'"{first}": ["a", "b"]'
        size += entry_at_the_end(pred, entry)
        gold = parity / "squad" / "dev-v1.1.from-v2-answerable.json"
        return size, f"{base} squad --gold {gold} --pred {pred} -q"
    if case == "ntcir100-nodesc":
        gold = ROOT / "examples" / "ntcir-dsqa" / "gold.tsv"
        ntcir_run(work / "run.tsv", HUNDRED_MB)
        with (work / "run.tsv").open("rb") as run, (work / "pred").open("wb") as out:
            run.readline()  # the system description
            while piece := run.read(1 << 20):
                out.write(piece)
        (work / "run.tsv").unlink()
        pred = work / "pred"
        return pred.stat().st_size, f"{base} ntcir-dsqa --gold {gold} --pred {pred} -q"
    if case == "zalo100-gold-warn":
        gold, pred = work / "gold.json", work / "pred"
        size = zalo_files(parity, gold, pred, HUNDRED_MB)
        with gold.open("r+b") as g:  # the first label given twice: a warning
            head = g.read(4096)
            at = head.index(b'"label": ')
            rest = head[at:] + g.read()
            g.seek(at)
            g.write(b'"label": false, ' + rest)
        size += len(b'"label": false, ')
        return size, f"{base} zalo2019 --gold {gold} --pred {pred} -q"
    bars = re.fullmatch(r"kbqa(\d+)m(-fair)?-bars", case)
    if bars:
        chars = int(bars[1]) * 1_000_000
        gold, pred = work / "gold", work / "pred"
        gold.write_text("<question id=1>\t谁?\n<answer id=1>\t周树人\n=====\n", encoding="utf-8")
        text = ("曹雪芹 ||| 周树人 ||| 候选答案 ||| " * (chars // 24 + 1))[:chars]
        pred.write_text(f"<question id=1>\t谁?\n<answer id=1>\t{text}\n=====\n", "utf-8")
        profile = " --profile fair" if bars[2] else ""
        return (
            pred.stat().st_size,
            f"{base} nlpcc-kbqa --gold {gold} --pred {pred} -q{profile}",
        )
    return None


def squad_big_gold(parity: Path, gold: Path, pred: Path, reps: int) -> int:
    """SQuAD v1.1's dev articles ``reps`` times, each question's id suffixed
    with the repetition, and ``{id: first answer}`` for every question."""
    squad_family_gold(parity / "squad" / "dev-v1.1.from-v2-answerable.json", gold, pred, reps)
    return gold.stat().st_size + pred.stat().st_size


def squad_family_gold(source: Path, gold: Path, pred: Path, reps: int) -> int:
    """A SQuAD-layout gold's articles ``reps`` times, each question's id
    suffixed with the repetition, and ``{id: first answer}`` for every
    question (``""`` for a question without answers); the gold's size."""
    dev = json.loads(source.read_text("utf-8"))
    articles, answers = [], {}
    for k in range(reps):
        for article in dev["data"]:
            paragraphs = []
            for paragraph in article["paragraphs"]:
                qas = [dict(qa, id=f"{qa['id']}-{k}") for qa in paragraph["qas"]]
                answers.update(
                    (qa["id"], qa["answers"][0]["text"] if qa["answers"] else "") for qa in qas
                )
                paragraphs.append(dict(paragraph, qas=qas))
            articles.append(dict(article, paragraphs=paragraphs))
    gold.write_text(json.dumps(dict(dev, data=articles), ensure_ascii=False), encoding="utf-8")
    pred.write_text(json.dumps(answers, ensure_ascii=False, indent=0), encoding="utf-8")
    return gold.stat().st_size


#: The ``gold-`` and ``checkgold-`` cases of the other SQuAD-layout tasks:
#: the task, its dev file in ``--parity``, the name of the gold written, the
#: repetitions, and the example's gold and predictions (the ``score`` floor)
SQUAD_FAMILY = {
    "squadv2-41": (
        "squad-v2", "squad/dev-v2.0.cs224n-subset.json", "gold.json", 18,
        "squad-v2/dev.json", "squad-v2/pred.json",
    ),
    "xquad18": (
        "mlqa", "mlqa/xquad.de.json", "xquad.de.json", 40, "mlqa/dev.de.json", "mlqa/pred.de.json"
    ),
    "drcd39": (
        "cmrc2018", "cmrc2018/DRCD_dev.json", "gold.json", 18,
        "cmrc2018/dev.json", "cmrc2018/pred.json",
    ),
}  # fmt: skip


def cmrc_original_gold(source: Path, gold: Path, pred: Path, reps: int) -> int:
    """A gold in CMRC 2018's original layout: ``source``'s passages ``reps``
    times, each context and question id suffixed with the repetition,
    written in UTF-8; ``{query_id: str() of the first answer}`` for every
    question; the gold's size."""
    dev = json.loads(source.read_text("utf-8"))
    passages, answers = [], {}
    for k in range(reps):
        for passage in dev:
            qas = [dict(qa, query_id=f"{qa['query_id']}-{k}") for qa in passage["qas"]]
            answers.update((qa["query_id"], str(qa["answers"][0])) for qa in qas)
            passages.append(dict(passage, context_id=f"{passage['context_id']}-{k}", qas=qas))
    gold.write_text(json.dumps(passages, ensure_ascii=False), encoding="utf-8")
    pred.write_text(json.dumps(answers, ensure_ascii=False, indent=0), encoding="utf-8")
    return gold.stat().st_size


def xor_big_gold(parity: Path, gold: Path, pred: Path | None, reps: int, rows: bool = False) -> int:
    """XOR-Full's dev questions ``reps`` times under new ids (as open-qa rows
    ``{id, question, answers, lang}`` with ``rows``), and the first answer
    of each as its prediction (when ``pred`` is given)."""
    lines = (parity / "xor" / "xor_dev_full_v1_1.jsonl").read_text("utf-8").splitlines()
    dev = [json.loads(line) for line in lines if line.strip()]
    answers = {}
    with gold.open("w", encoding="utf-8") as out:
        for k in range(reps):
            for row in dev:
                row = dict(row, id=f"{row['id']}-{k}")
                if rows:
                    row = {key: row[key] for key in ("id", "question", "answers", "lang")}
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
                answers[row["id"]] = row["answers"][0]
    if pred is None:
        return gold.stat().st_size
    pred.write_text(json.dumps(answers, ensure_ascii=False, indent=0), encoding="utf-8")
    return gold.stat().st_size + pred.stat().st_size


def kbqa_big_gold(dev: Path, gold: Path, reps: int) -> int:
    """A KBQA gold: the blocks of ``dev`` ``reps`` times, numbered anew
    from 1 (blank lines left out); its size."""
    lines = [line for line in dev.read_text("utf-8").split("\n") if line.strip()]
    n = 0
    with gold.open("w", encoding="utf-8") as out:
        for _ in range(reps):
            for line in lines:
                if line.startswith("<question id="):
                    n += 1
                    line = f"<question id={n}>" + line[line.index(">") + 1 :]
                elif line.startswith("<answer id="):
                    line = f"<answer id={n}>" + line[line.index(">") + 1 :]
                out.write(line + "\n")
    return gold.stat().st_size


def ntcir_big_gold(gold: Path, run: Path, reps: int) -> int:
    """The example NTCIR-16 gold's lines ``reps`` times under new ids (the
    outside audit's ``gen_new.py ntcirgold``) and a run answering each with
    its first gold answer; the two files' size."""
    lines = (EXAMPLES / "ntcir-dsqa" / "gold.tsv").read_text("utf-8").split("\n")
    fields = [line.split("\t") for line in lines if line.strip()]
    with gold.open("w", encoding="utf-8") as g, run.open("w", encoding="utf-8") as r:
        r.write("<SYSDESC>bench_memory</SYSDESC>\n")
        for k in range(reps):
            for qid, *answers in fields:
                g.write("\t".join([f"{qid}{k:07d}", *answers]) + "\n")
                r.write(f"{qid}{k:07d}\t{answers[0]}\n")
    return gold.stat().st_size + run.stat().st_size


def gold_case(case: str, parity: Path, work: Path) -> tuple[int, str, str] | None:
    """The size, command and floor command (the same on the dev fixture)
    of a ``gold-`` or ``checkgold-`` case, or ``None``."""
    score, check = f"{' '.join(CLI)} score", f"{' '.join(CLI)} check-gold"
    gold, pred = work / "gold.jsonl", work / "pred.json"
    squad_dev = parity / "squad" / "dev-v1.1.from-v2-answerable.json"
    xor_dev = parity / "xor" / "xor_dev_full_v1_1.jsonl"
    if case == "gold-squad45":
        gold = work / "gold.json"
        size = squad_big_gold(parity, gold, pred, 30)
        command = f"{score} squad --gold {{}} --pred {{}} -q"
        small = EXAMPLES / "squad"
        return (
            size,
            command.format(gold, pred),
            command.format(small / "dev.json", small / "pred.json"),
        )
    if case == "gold-xor66":
        size = xor_big_gold(parity, gold, pred, 70)
        command = f"{score} xor-full --gold {{}} --pred {{}} -q"
        small = EXAMPLES / "xor-full"
        return (
            size,
            command.format(gold, pred),
            command.format(small / "gold.jsonl", small / "pred.json"),
        )
    if case == "checkgold-squad45":
        gold = work / "gold.json"
        size = squad_big_gold(parity, gold, pred, 30) - pred.stat().st_size
        return size, f"{check} squad --gold {gold}", f"{check} squad --gold {squad_dev}"
    for name, (task, dev, written, reps, small_gold, small_pred) in SQUAD_FAMILY.items():
        if case in (f"gold-{name}", f"checkgold-{name}"):
            gold = work / written
            size = squad_family_gold(parity / dev, gold, pred, reps)
            if case.startswith("checkgold-"):
                return (
                    size,
                    f"{check} {task} --gold {gold}",
                    f"{check} {task} --gold {parity / dev}",
                )
            command = f"{score} {task} --gold {{}} --pred {{}} -q"
            return (
                size + pred.stat().st_size,
                command.format(gold, pred),
                command.format(EXAMPLES / small_gold, EXAMPLES / small_pred),
            )
    if case in ("gold-cmrc39", "checkgold-cmrc39"):
        dev, gold = parity / "cmrc2018" / "cmrc2018_dev.json", work / "gold.json"
        size = cmrc_original_gold(dev, gold, pred, 20)
        if case == "checkgold-cmrc39":
            return size, f"{check} cmrc2018 --gold {gold}", f"{check} cmrc2018 --gold {dev}"
        command = f"{score} cmrc2018 --gold {{}} --pred {{}} -q"
        small = EXAMPLES / "cmrc2018"
        return (
            size + pred.stat().st_size,
            command.format(gold, pred),
            command.format(small / "dev.json", small / "pred.json"),
        )
    if case in ("gold-korquad27", "checkgold-korquad27"):
        small = EXAMPLES / "korquad"
        gold = work / "gold.json"
        size = squad_family_gold(small / "dev_sample.json", gold, pred, 20_000)
        if case == "checkgold-korquad27":
            return (
                size,
                f"{check} korquad --gold {gold}",
                f"{check} korquad --gold {small / 'dev_sample.json'}",
            )
        command = f"{score} korquad --gold {{}} --pred {{}} -q"
        return (
            size + pred.stat().st_size,
            command.format(gold, pred),
            command.format(small / "dev_sample.json", small / "predictions.json"),
        )
    if case == "checkgold-xor51":
        size = xor_big_gold(parity, gold, None, 70)
        return size, f"{check} xor-full --gold {gold}", f"{check} xor-full --gold {xor_dev}"
    if case == "checkgold-openqa67":
        size = xor_big_gold(parity, gold, None, 100, rows=True)
        small = EXAMPLES / "open-qa" / "gold.jsonl"
        return size, f"{check} open-qa --gold {gold}", f"{check} open-qa --gold {small}"
    if case == "checkgold-mkqa56":
        size = mkqa_gold_and_predictions(parity, gold, work / "en.jsonl", 9_700)
        size -= (work / "en.jsonl").stat().st_size
        small = parity / "mkqa" / "mkqa_test6.jsonl.gz"
        return size, f"{check} mkqa --gold {gold}", f"{check} mkqa --gold {small}"
    if case in ("gold-kbqa88", "checkgold-kbqa44"):
        dev, gold = parity / "nlpcc2016" / "kbqa" / "kbqa_gold_lowcase.txt", work / "gold.txt"
        size = kbqa_big_gold(dev, gold, 40)
        if case == "checkgold-kbqa44":
            return size, f"{check} nlpcc-kbqa --gold {gold}", f"{check} nlpcc-kbqa --gold {dev}"
        command = f"{score} nlpcc-kbqa --gold {{}} --pred {{}} -q"
        small = EXAMPLES / "nlpcc-kbqa"
        return (
            2 * size,
            command.format(gold, gold),
            command.format(small / "gold.txt", small / "pred.txt"),
        )
    if case in ("gold-ntcir101", "checkgold-ntcir52"):
        gold, run = work / "gold.tsv", work / "run.tsv"
        size = ntcir_big_gold(gold, run, 200_000)
        small = EXAMPLES / "ntcir-dsqa"
        if case == "checkgold-ntcir52":
            return (
                gold.stat().st_size,
                f"{check} ntcir-dsqa --gold {gold}",
                f"{check} ntcir-dsqa --gold {small / 'gold.tsv'}",
            )
        command = f"{score} ntcir-dsqa --gold {{}} --pred {{}} -q"
        return (
            size,
            command.format(gold, run),
            command.format(small / "gold.tsv", small / "run.tsv"),
        )
    if case == "checkgold-poleval7":
        dev = parity / "poleval2021" / "dev-0" / "expected.tsv"
        gold = work / "expected.tsv"
        gold.write_text(dev.read_text("utf-8") * 600, encoding="utf-8")
        size = gold.stat().st_size
        return size, f"{check} poleval2021 --gold {gold}", f"{check} poleval2021 --gold {dev}"
    return None


#: The outside audit's Chinese and Korean words (``gen_one_long.py``).
_ZH_WORDS = "曹雪芹 是 清代 作家 长江 全长 6397 公里 "
_KO_AUDIT_WORDS = "서울 은 대한민국 의 수도 이다 1914 년 "
_ZH_SENTENCES = "曹雪芹是清代作家，著有《红楼梦》。长江全长6397公里，流经11个省级行政区。"
#: Chinese without a digit or a space: with punctuation (which ``fair`` deletes), and without.
_ZH_NO_DIGITS = "曹雪芹是清代作家，著有《红楼梦》。长江全长六千多公里，流经十一个省级行政区。"
_ZH_HAN_ONLY = "曹雪芹是清代作家著有红楼梦长江全长六千多公里流经十一个省级行政区"
_JA_AUDIT_WORDS = "東京 は 日本 の 首都 です 1914 年 "
_JA_NO_DIGITS = "東京都は日本の首都です。タワーは高い塔である。人口は多い。"


def cjk_case(case: str, parity: Path, work: Path) -> tuple[int, str, str] | None:
    """The size, command and floor command (the same on the dev
    predictions alone) of a ``cmrc20m``, ``korquad20m`` or ``mlqa20m``
    case (one answer of a fifth of ``--mb`` characters), or ``None``; an
    ``explain-`` one (``-json``: with ``--json``) explains the first three
    items instead of scoring."""
    base = f"{' '.join(CLI)} score"
    more = ""
    if case.startswith("explain-"):
        base = f"{' '.join(CLI)} explain"
        more = " --limit 3" + (" --json" if case.endswith("-json") else "")
        case = case.removeprefix("explain-").removesuffix("-json")
    pred = work / "pred.json"
    chars = HUNDRED_MB // 5
    words = _ZH_WORDS
    key = None  # the answer replaced (None: the first)
    if case.startswith("cmrc20m"):
        dev = parity / "cmrc2018" / "pred_seed1.json"
        gold = parity / "cmrc2018" / "cmrc2018_dev.json"
        last = {"-v5": " -o version=5", "-fair": " --profile fair"}.get(case[7:], "")
        if case == "cmrc20m-sentences":
            words, last = _ZH_SENTENCES, ""
        command = f"{base} cmrc2018 --gold {gold} --pred {{}} -q{last}"
    elif case in ("korquad20m", "korquad20m-fair"):
        gold = EXAMPLES / "korquad" / "dev_sample.json"
        data = json.loads(gold.read_text(encoding="utf-8"))["data"]
        ids = [q["id"] for a in data for p in a["paragraphs"] for q in p["qas"]]
        dev = work / "dev.json"
        dev.write_text(json.dumps(dict.fromkeys(ids, "서울"), ensure_ascii=False), "utf-8")
        words = _KO_AUDIT_WORDS
        last = " --profile fair" if case.endswith("-fair") else ""
        command = f"{base} korquad --gold {gold} --pred {{}} -q{last}"
    elif case in (
        "mlqa20m-zh",
        "mlqa20m-zh-fair",
        "mlqa20m-zh-sentences",
        "mlqa20m-zh-sentences-fair",
        "mlqa20m-zh-nodigits-fair",
        "mlqa20m-zh-hanonly-fair",
    ):
        dev = parity / "mlqa" / "pred_zh_seed1.json"
        gold = parity / "mlqa" / "xquad.zh.json"
        last = " --profile fair" if case.endswith("-fair") else ""
        if "-sentences" in case:
            words = _ZH_SENTENCES
        elif "-nodigits" in case:
            words = _ZH_NO_DIGITS
        elif "-hanonly" in case:
            words = _ZH_HAN_ONLY
        command = f"{base} mlqa --gold {gold} --pred {{}} -q{last}"
    elif case in ("xor20m-ja-fair", "xor20m-ja-fair-sentences", "xor20m-ja-fair-nodigits"):
        dev = parity / "xor" / "full_pred_1.json"
        gold = parity / "xor" / "xor_dev_full_v1_1.jsonl"
        rows = (json.loads(line) for line in gold.read_text("utf-8").splitlines())
        key = next(row["id"] for row in rows if row["lang"] == "ja")
        words = {"": _JA_AUDIT_WORDS, "-sentences": _JA_TEXT, "-nodigits": _JA_NO_DIGITS}[
            case.removeprefix("xor20m-ja-fair")
        ]
        command = f"{base} xor-full --gold {gold} --pred {{}} -q --profile fair"
    else:
        return None
    answers = json.loads(dev.read_text(encoding="utf-8"))
    answers[key or next(iter(answers))] = (words * (chars // len(words) + 1))[:chars]
    pred.write_text(json.dumps(answers, ensure_ascii=False), encoding="utf-8")
    del answers
    return pred.stat().st_size, command.format(pred) + more, command.format(dev) + more


def readers_case(case: str, parity: Path, work: Path, base: str) -> tuple[int, str] | None:
    """The size and command of a case of the seed readers (NTCIR-16, NLPCC
    2016 KBQA, Zalo 2019, PolEval 2021), or ``None``."""
    gold, pred = work / "gold", work / "pred"
    profile = " --profile fair" if case.endswith("-fair") else ""
    name = case.removesuffix("-fair")
    if name in ("ntcir100", "ntcir100-twice"):
        gold = ROOT / "examples" / "ntcir-dsqa" / "gold.tsv"
        size = ntcir_run(pred, HUNDRED_MB)
        if name.endswith("-twice"):
            size += again_at_the_end(pred)
        return size, f"{base} ntcir-dsqa --gold {gold} --pred {pred} -q{profile}"
    if name in ("ntcir100m-en", "ntcir100m-ja"):
        size = ntcir_long(gold, pred, name[-2:], HUNDRED_MB)
        return size, f"{base} ntcir-dsqa --gold {gold} --pred {pred} -q{profile}"
    if name in ("kbqa100", "kbqa100-badutf8"):
        gold = parity / "nlpcc2016" / "kbqa" / "kbqa_gold_lowcase.txt"
        size = kbqa_predictions(parity, pred, HUNDRED_MB, invalid=name.endswith("-badutf8"))
        return size, f"{base} nlpcc-kbqa --gold {gold} --pred {pred} -q{profile}"
    if name == "kbqa100m":
        size = kbqa_long(gold, pred, HUNDRED_MB)
        return size, f"{base} nlpcc-kbqa --gold {gold} --pred {pred} -q{profile}"
    if name in ("zalo100", "zalo100-warn"):
        gold = work / "gold.json"
        size = zalo_files(parity, gold, pred, HUNDRED_MB)
        if name == "zalo100-warn":  # the first pair again at the end: a warning
            with pred.open("r+", encoding="utf-8") as p:
                p.readline()
                first = p.readline()
                p.seek(0, 2)
                p.write(first)
            size += len(first.encode("utf-8"))
        return size, f"{base} zalo2019 --gold {gold} --pred {pred} -q{profile}"
    if name in ("poleval100", "poleval100-badutf8"):
        size = poleval_files(parity, gold, pred, HUNDRED_MB, invalid=name.endswith("-badutf8"))
        return size, f"{base} poleval2021 --gold {gold} --pred {pred} -q{profile}"
    if name == "poleval100m":
        size = poleval_long(gold, pred, HUNDRED_MB)
        return size, f"{base} poleval2021 --gold {gold} --pred {pred} -q{profile}"
    return None


def lm_eval_samples(path: Path, rows: int, chars: int) -> int:
    """An lm-evaluation-harness samples file of ``rows`` TriviaQA-like
    samples, the first one's response ``chars`` characters long (in
    ``resps`` and ``filtered_resps``), the others ``Lima`` or ``Cusco``
    (the harness's verdict right for every other one); its size."""

    def sample(doc_id: int, response: str, value: float) -> str:
        return json.dumps({
            "doc_id": doc_id,
            "doc": {"question": "Capital of Peru?", "answer": {"aliases": ["Lima"]}},
            "target": "Lima",
            "arguments": {"gen_args_0": {"arg_0": "Q: ...", "arg_1": {"until": ["\n"]}}},
            "resps": [[response]], "filtered_resps": [response], "filter": "none",
            "metrics": ["exact_match"], "exact_match": value,
        })  # fmt: skip

    first = ("The capital of Peru is Lima. " * (chars // 29 + 1))[:chars]
    with path.open("w", encoding="utf-8") as out:
        out.write(sample(0, first, 0.0) + "\n")
        for doc_id in range(1, rows):
            out.write(sample(doc_id, "Lima" if doc_id % 2 else "Cusco", float(doc_id % 2)) + "\n")
    return path.stat().st_size


def rescore_case(case: str, work: Path) -> tuple[int, str, str] | None:
    """The size, command and floor command (20 samples of 100 characters)
    of a ``rescore-`` case, or ``None``."""
    if case not in ("rescore-rows", "rescore-one", "rescore-one-lenient", "rescore-one-json"):
        return None
    path = work / "samples_triviaqa_2026-11-27T10-00-00.jsonl"
    small = work / "samples_small_2026-11-27T10-00-00.jsonl"
    if case == "rescore-rows":
        size = lm_eval_samples(path, 150_000, 10)
    else:
        size = lm_eval_samples(path, 10, HUNDRED_MB // 4)
    lm_eval_samples(small, 20, 100)
    base = f"{' '.join(CLI)} rescore"
    matcher = "lenient" if case.endswith(("-lenient", "-json")) else "exact"
    options = f"--matcher {matcher} -q" + (" --json" if case.endswith("-json") else "")
    return size, f"{base} {path} {options}", f"{base} {small} {options}"


def metaeval_case(case: str, parity: Path, work: Path) -> tuple[int, str, str] | None:
    """The size, command and floor command (the same on 20 rows) of a
    ``metaeval-`` case, or ``None``."""
    if case not in ("metaeval-rows", "metaeval50m", "metaeval50m-lenient"):
        return None
    dev = parity.parent / "metaeval" / "evouna-nq-dev.jsonl"
    rows = dev.read_text(encoding="utf-8").splitlines()
    small, path = work / "small.jsonl", work / "judgments.jsonl"
    small.write_text("".join(line + "\n" for line in rows[:20]), encoding="utf-8")
    with path.open("w", encoding="utf-8") as out:
        if case == "metaeval-rows":
            count = HUNDRED_MB // 625
        else:
            count, chars = 10, HUNDRED_MB // 2
            sentence = "the first Nobel Prize in Physics went to Röntgen "
            first = json.loads(rows[0])
            first["prediction"] = (sentence * (chars // len(sentence) + 1))[:chars]
            out.write(json.dumps(first, ensure_ascii=False) + "\n")
            del first
        for i in range(count):
            out.write(rows[i % len(rows)] + "\n")
    matcher = "" if case.endswith("-lenient") else " --matcher exact"
    command = f"{' '.join(CLI)} meta-eval {{}}{matcher} --resamples 0 -q"
    return path.stat().st_size, command.format(path), command.format(small)


#: the cases measured above their own floor (``floor_command``), not XOR-Full's
OWN_FLOORS = ("explain-", "cmrc20m", "korquad20m", "mlqa20m", "xor20m", "gold-", "checkgold-")
OWN_FLOORS += ("openqa50m", "openqa5m-", "openqa20m-", "metaeval")
OWN_FLOORS += ("poleval50m-items", "poleval33-items")
OWN_FLOORS += ("rescore-",)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    cases = ["xor66", "squad75", "squad100m", "pipe", "xor1g"]
    cases += [
        "ntcir100", "ntcir100m-en", "ntcir100m-ja", "kbqa100", "kbqa100m", "kbqa100m-fair",
        "zalo100", "zalo100-warn", "poleval100", "poleval100-fair", "poleval100m",
        "poleval100m-fair",
    ]  # fmt: skip
    cases += ["mkqa100", "mkqa100-gold", "openqa100", "openqa100-rows", "openqa100-gold"]
    cases += ["xor66-repeat", "squad75-repeat", "openqa100-null", "mkqa100-gold-warn"]
    cases += ["xor66-cut-repeat"]
    cases += ["openqa100-gold-warn", "squad75-null", "xor66-allrepeat"]
    cases += ["xor66-null", "squad75-null-repeat", "openqa100-rows-twice", "mkqa100-notjson"]
    cases += ["ntcir100-twice"]
    cases += ["squad75-bom", "xor66-bom", "openqa100-bom", "cmrc75-bom"]
    cases += ["kbqa100-badutf8", "poleval100-badutf8"]
    cases += ["squad100m-fair", "korquad100m", "korquad100m-fair", "levenshtein100m"]
    cases += ["squad100m-ja-fair", "xor66-pipe", "squad75-pipe", "mkqa40-pipe", "gzbomb"]
    cases += ["openqa50m", "openqa50m-fair", "openqa50m-containment", "openqa50m-lenient"]
    cases += ["openqa50m-f1", "openqa5m-ja", "openqa5m-ja-fair", "openqa5m-th", "openqa20m-letters"]
    cases += [
        f"{text}-{profile}"
        for text in (
            "openqa5m-ja",
            "openqa5m-zh",
            "openqa5m-zhq",
            "openqa5m-th",
            "openqa20m-letters",
        )
        for profile in ("containment", "lenient", "f1")
    ]
    cases += ["explain-squad75-json", "explain-squad75-fair", "explain-xor66"]
    cases += ["explain-korquad75-json", "explain-ntcir", "explain-ntcir-json"]
    cases += ["gold-squad45", "gold-xor66", "checkgold-squad45", "checkgold-xor51"]
    cases += ["checkgold-openqa67", "checkgold-mkqa56", "checkgold-poleval7"]
    cases += ["gold-ntcir101", "checkgold-ntcir52"]
    cases += [f"{kind}-{name}" for name in SQUAD_FAMILY for kind in ("gold", "checkgold")]
    cases += ["gold-cmrc39", "checkgold-cmrc39", "gold-korquad27", "checkgold-korquad27"]
    cases += ["gold-kbqa88", "checkgold-kbqa44"]
    cases += ["squad75-number", "squad75-list", "ntcir100-nodesc", "zalo100-gold-warn"]
    cases += ["kbqa20m-fair-bars"]
    cases += ["cmrc20m", "cmrc20m-v5", "cmrc20m-fair", "cmrc20m-sentences"]
    cases += ["korquad20m", "korquad20m-fair", "mlqa20m-zh", "mlqa20m-zh-fair"]
    cases += ["mlqa20m-zh-sentences", "mlqa20m-zh-sentences-fair"]
    cases += ["mlqa20m-zh-nodigits-fair", "mlqa20m-zh-hanonly-fair"]
    cases += ["mkqa100-rowerror", "mkqa50m", "mkqa50m-fair", "mkqa50m-ja", "mkqa50m-ja-fair"]
    cases += ["mkqa50m-escaped", "mkqa50m-escaped-fair"]
    cases += ["explain-mkqa60"]
    cases += ["explain-mlqa20m-zh", "explain-mlqa20m-zh-json", "explain-korquad20m"]
    cases += ["explain-cmrc20m-json"]
    cases += ["xor20m-ja-fair", "xor20m-ja-fair-sentences", "xor20m-ja-fair-nodigits"]
    cases += ["metaeval-rows", "metaeval50m", "metaeval50m-lenient"]
    cases += ["poleval50m-items", "poleval50m-items-fair", "poleval33-items-fair"]
    cases += ["explain-poleval33", "explain-poleval33-json"]
    cases += ["rescore-rows", "rescore-one", "rescore-one-lenient", "rescore-one-json"]
    parser.add_argument("cases", nargs="*", default=cases)
    parser.add_argument("--parity", default="../shared/parity")
    parser.add_argument("--tmp", default=tempfile.gettempdir())
    parser.add_argument(
        "--mb", type=float, default=100, help="the size of the seed readers' cases (MB)"
    )
    args = parser.parse_args()
    global HUNDRED_MB
    HUNDRED_MB = int(args.mb * 1e6)
    parity = Path(args.parity)
    xor_gold = parity / "xor" / "xor_dev_full_v1_1.jsonl"
    base = f"{' '.join(CLI)} score"
    floor, _, _ = peak_of(
        f"{base} xor-full --gold {xor_gold} --pred {parity / 'xor' / 'full_pred_1.json'} -q"
    )
    print(f"floor (xor-full on the dev fixture): {floor:.0f} MB", flush=True)
    print("| case | input | peak RSS | peak - floor | (peak - floor) / input | wall | outcome |")
    print("|---|---|---|---|---|---|---|")
    work = Path(tempfile.mkdtemp(prefix="bench_memory.", dir=args.tmp))
    try:
        for case in args.cases:
            gold, pred = work / "gold", work / "pred.json"
            if case in (
                "xor66",
                "xor1g",
                "xor66-repeat",
                "xor66-allrepeat",
                "xor66-null",
                "xor66-bom",
                "xor66-cut-repeat",
            ):
                count = 23_000_000 if case == "xor1g" else 1_500_000
                size = xor_predictions(
                    parity,
                    pred,
                    count,
                    repeat=case.endswith("-repeat"),
                    bom=case.endswith("-bom"),
                    twice=case.endswith("-allrepeat"),
                    nulls=case.endswith("-null"),
                    prefix="ja_" if case == "xor66-cut-repeat" else "",
                )
                if case == "xor66-cut-repeat":
                    dev = json.loads((parity / "xor" / "full_pred_1.json").read_text("utf-8"))
                    dev_first = next(iter(dev))
                    size += entry_at_the_end(pred, f'"ko_{dev_first}": "again"')
                command = f"{base} xor-full --gold {xor_gold} --pred {pred} -q"
            elif case == "xor1g-gold":
                gold = work / "gold.jsonl"
                size = xor_gold_and_predictions(parity, gold, pred, 2_000_000)
                command = f"{base} xor-full --gold {gold} --pred {pred} -q"
            elif case in (
                "squad75",
                "squad75-repeat",
                "squad75-null",
                "squad75-null-repeat",
                "squad75-bom",
            ):
                size = xor_predictions(
                    parity,
                    pred,
                    1_500_000,
                    base="squad/pred_v1_seed1.json",
                    repeat=case.endswith("-repeat"),
                    nulls="-null" in case,
                    bom=case.endswith("-bom"),
                )
                squad_gold = parity / "squad" / "dev-v1.1.from-v2-answerable.json"
                command = f"{base} squad --gold {squad_gold} --pred {pred} -q"
            elif case == "cmrc75-bom":
                size = xor_predictions(
                    parity, pred, 1_500_000, base="cmrc2018/pred_seed1.json", bom=True
                )
                cmrc_gold = parity / "cmrc2018" / "cmrc2018_dev.json"
                command = f"{base} cmrc2018 --gold {cmrc_gold} --pred {pred} -q"
            elif case.startswith("squad") and case.removesuffix("-fair").endswith("m-escaped"):
                chars = int(case[len("squad") :].split("m-", 1)[0]) * 1_000_000
                size = squad_long(gold, pred, chars, escaped=True)
                profile = " --profile fair" if case.endswith("-fair") else ""
                command = f"{base} squad --gold {gold} --pred {pred} -q{profile}"
            elif case in ("squad100m", "squad100m-fair"):
                size = squad_long(gold, pred, 100_000_000)
                profile = " --profile fair" if case.endswith("-fair") else ""
                command = f"{base} squad --gold {gold} --pred {pred} -q{profile}"
            elif case in ("korquad100m", "korquad100m-fair"):
                size = korquad_long(gold, pred, HUNDRED_MB)
                profile = " --profile fair" if case.endswith("-fair") else ""
                command = f"{base} korquad --gold {gold} --pred {pred} -q{profile}"
            elif case == "pipe":
                squad_long(gold, pred, 10)
                size = 4 << 30
                command = f"yes | {base} squad --gold {gold} --pred /dev/stdin -q"
            elif case in ("mkqa100", "mkqa100-notjson", "mkqa100-rowerror"):
                pred = work / "en.jsonl"
                size = mkqa_predictions(parity, pred, 800_000)
                if case.endswith("-notjson"):
                    size += again_at_the_end(pred, '{"example_id": 1, "prediction": }')
                if case.endswith("-rowerror"):
                    bad = '{"example_id": 1, "prediction": "x", "binary_answer": "maybe"}'
                    size += again_at_the_end(pred, bad)
                mkqa_gold = parity / "mkqa" / "mkqa_test6.jsonl.gz"
                command = f"{base} mkqa --gold {mkqa_gold} --pred {pred} -q"
            elif re.fullmatch(r"mkqa\d+m(-ja)?(-escaped)?(-fair)?", case):
                lang = "ja" if "-ja" in case else "en"
                pred = work / f"{lang}.jsonl"
                escaped = "-escaped" in case
                chars = HUNDRED_MB // 2  # mkqa50m: half of --mb; another N: N million
                if not case.startswith("mkqa50m"):
                    chars = int(case[len("mkqa") :].split("m", 1)[0]) * 1_000_000
                size = mkqa_long(parity, pred, chars, lang=lang, escaped=escaped)
                mkqa_gold = parity / "mkqa" / "mkqa_test6.jsonl.gz"
                profile = " --profile fair" if case.endswith("-fair") else ""
                command = f"{base} mkqa --gold {mkqa_gold} --pred {pred} -q{profile}"
            elif case in ("mkqa100-gold", "mkqa100-gold-warn"):
                gold, pred = work / "gold.jsonl", work / "en.jsonl"
                size = mkqa_gold_and_predictions(parity, gold, pred, 17_000, warn="warn" in case)
                command = f"{base} mkqa --gold {gold} --pred {pred} -q"
            elif case in (
                "openqa100",
                "openqa100-rows",
                "openqa100-null",
                "openqa100-rows-twice",
                "openqa100-bom",
            ):
                size = xor_predictions(
                    parity,
                    pred,
                    1_300_000,
                    base=EXAMPLES / "open-qa/pred.json",
                    repeat=case == "openqa100-null",
                    nulls=case == "openqa100-null",
                    bom=case == "openqa100-bom",
                )
                if case.startswith("openqa100-rows"):
                    rows = work / "pred.jsonl"
                    size = rows_of(pred, rows)
                    pred.unlink()
                    pred = rows
                    if case.endswith("-twice"):
                        size += again_at_the_end(pred)
                gold = EXAMPLES / "open-qa" / "gold.jsonl"
                command = f"{base} open-qa --gold {gold} --pred {pred} -q"
            elif case in ("openqa100-gold", "openqa100-gold-warn"):
                gold = work / "gold.jsonl"
                warn = case.endswith("-warn")
                size = open_qa_gold_and_predictions(parity, gold, pred, 500_000, warn=warn)
                command = f"{base} open-qa --gold {gold} --pred {pred} -q"
            elif case.startswith(("openqa50m", "openqa5m-", "openqa20m-")):
                answers = json.loads((EXAMPLES / "open-qa" / "pred.json").read_text("utf-8"))
                chars = int(case[len("openqa") :].split("m-", 1)[0]) * 1_000_000
                gold = EXAMPLES / "open-qa" / "gold.jsonl"
                example = EXAMPLES / "open-qa" / "pred.json"
                if case.startswith(("openqa5m-zhq", "openqa20m-zhq")):
                    gold, example = _zh_question(work)
                    answers = json.loads(example.read_text("utf-8"))
                    answers["zh-1"] = (_ZH_SENTENCES * (chars // len(_ZH_SENTENCES) + 1))[:chars]
                elif case.startswith(("openqa5m-ja", "openqa20m-ja")):
                    answers["ja-1"] = _ja_text(chars)
                elif case.startswith(("openqa5m-zh", "openqa20m-zh")):
                    answers["ja-1"] = _ja_text(chars, sentences=_ZH_TEXT)
                elif case.startswith(("openqa5m-th", "openqa20m-th")):
                    thai = "เมืองหลวงของประเทศไทยคือกรุงเทพมหานคร"
                    answers["th-1"] = (thai * (chars // len(thai) + 1))[:chars]
                elif case.startswith(("openqa5m-letters", "openqa20m-letters")):
                    answers[next(iter(answers))] = ("wilhelmroentgen" * (chars // 15 + 1))[:chars]
                else:
                    answers[next(iter(answers))] = _words_text(chars, WORDS_EN)
                pred.write_text(json.dumps(answers, ensure_ascii=False), encoding="utf-8")
                size = pred.stat().st_size
                profile = case.rsplit("-", 1)[-1]
                if profile not in ("fair", "containment", "lenient", "f1"):
                    profile = "official"
                options = "-o matcher=f1" if profile == "f1" else f"--profile {profile}"
                command = f"{base} open-qa --gold {gold} --pred {pred} -q {options}"
                floor_command = f"{base} open-qa --gold {gold} --pred {example} -q {options}"
            elif case == "squad100m-ja-fair":
                squad_long(gold, pred, 10)
                pred.write_text(
                    json.dumps({"q1": _ja_text(HUNDRED_MB)}, ensure_ascii=False), encoding="utf-8"
                )
                size = pred.stat().st_size
                command = f"{base} squad --gold {gold} --pred {pred} -q --profile fair -o lang=ja"
            elif case == "levenshtein100m":
                pred.write_text(_words_text(HUNDRED_MB, WORDS_EN), encoding="utf-8")
                size = pred.stat().st_size
                code = (
                    "import sys; from answermatch.matchers import levenshtein_distance, "
                    "levenshtein_ratio; t = open(sys.argv[1], encoding='utf-8').read(); "
                    "g = 'the iron tower of Paris ' * 7; "
                    "print(levenshtein_distance(t, g), levenshtein_ratio(t, g, preset='none'))"
                )
                command = f'{sys.executable} -c "{code}" {pred}'
            elif (
                found := shapes_case(case, parity, work, base)
                or pipes_case(case, parity, work, base)
                or readers_case(case, parity, work, base)
            ) is not None:
                size, command = found
            elif (
                explained := explain_case(case, parity, work)
                or poleval_case(case, parity, work)
                or cjk_case(case, parity, work)
                or gold_case(case, parity, work)
                or metaeval_case(case, parity, work)
                or rescore_case(case, work)
            ) is not None:
                size, command, floor_command = explained
            else:
                raise SystemExit(f"unknown case {case!r}")
            started = time.perf_counter()
            peak, wall, outcome = peak_of(command)
            below = floor
            if case.startswith(OWN_FLOORS):
                below, _, _ = peak_of(floor_command)
                outcome += f" (floor: {below:.0f} MB)"
            ratio = (peak - below) / (size / 1e6)
            print(
                f"| {case} | {size / 1e6:,.0f} MB | {peak:,.0f} MB | {peak - below:,.0f} MB | "
                f"{ratio:.2f} | {wall:.1f} s | {outcome} |",
                flush=True,
            )
            for path in work.iterdir():
                path.unlink()
            del started
    finally:
        for path in work.iterdir():
            path.unlink()
        os.rmdir(work)


if __name__ == "__main__":
    main()
