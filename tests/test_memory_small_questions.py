"""Memory on SQuAD-layout golds of many small questions (issue 25): a
KorQuAD gold of tiny paragraphs, each its own article, read without a
struct, title and list per article, with equal answer tuples held once,
and predictions keyed by the gold's own id strings. Each is compared with
what ``json`` reads, and its peak (``tracemalloc``) bounded where the
previous code went past the bound."""

from __future__ import annotations

import json
import tracemalloc

import pytest

import answermatch.sources as sources
from answermatch.diagnostics import Diagnostics
from answermatch.errors import AnswermatchWarning
from answermatch.tasks import get_task
from answermatch.tasks.base import Inputs
from conftest import traced_held, traced_peak

#: Two small articles as KorQuAD's dev sample has them: (title, context, [(question, answers)])
_ARTICLES = [
    ("훈민정음", "세종대왕은 1443년에 훈민정음을 창제하였다. 훈민정음은 1446년에 반포되었다.",
     [(["세종대왕"], 0), (["1443년"], 6), (["1446년"], 32)]),
    ("서울특별시", "서울특별시는 대한민국의 수도이며, 인구는 약 940만 명이다.",
     [(["서울특별시", "서울"], 0), (["약 940만 명"], 23), (["수도"], 13), (["서울"], 0)]),
]  # fmt: skip


def _tiny_gold(path, reps: int) -> dict[str, str]:
    """A KorQuAD gold of ``reps`` times the two articles (each question under
    a new id) written minified to ``path``; the predictions ``{id: first
    answer}`` of every question."""
    articles, predictions = [], {}
    for k in range(reps):
        for a, (title, context, questions) in enumerate(_ARTICLES):
            qas = []
            for q, (texts, start) in enumerate(questions):
                qid = f"65488{a}{q}-{k}"
                predictions[qid] = texts[0]
                answers = [{"text": text, "answer_start": start} for text in texts]
                qas.append({"answers": answers, "id": qid, "question": "무엇인가?"})
            articles.append({"title": title, "paragraphs": [{"context": context, "qas": qas}]})
    gold = {"version": "KorQuAD_v1.0_dev", "data": articles}
    path.write_text(json.dumps(gold, ensure_ascii=False), encoding="utf-8")
    return predictions


def test_korquad_gold_of_tiny_paragraphs_is_held_compactly(tmp_path):
    """A gold of 4,000 one-paragraph articles: the articles decoded one at a
    time (the top's struct, title and tuple of every article were held
    together), its shape packed, equal answer tuples held once (peak 2.55
    times the file before, 1.9 now; held 1.1 times, 0.7 now); the same
    questions as ``json`` reads, and the same places in messages."""
    gold = tmp_path / "dev.json"
    _tiny_gold(gold, 2_000)
    size = gold.stat().st_size
    read_gold = get_task("korquad").read_gold
    small = tmp_path / "small.json"
    _tiny_gold(small, 2)
    read_gold(small, Diagnostics())  # the readers' structs defined, not counted
    read, peak, held = traced_held(read_gold, gold, Diagnostics())
    assert peak < 2.05 * size, (peak, size)
    assert held < 0.8 * size, (held, size)
    data = json.loads(gold.read_text("utf-8"))
    places = [
        (a, qa, p["context"])
        for a, article in enumerate(data["data"])
        for p in article["paragraphs"]
        for qa in p["qas"]
    ]
    assert read.ids == [qa["id"] for _, qa, _ in places]
    assert read.answers == [tuple(x["text"] for x in qa["answers"]) for _, qa, _ in places]
    assert [q.starts for q in read.questions] == [
        tuple(x["answer_start"] for x in qa["answers"]) for _, qa, _ in places
    ]
    assert [q.context for q in read.questions] == [context for _, _, context in places]
    assert read.where(9) == "article #3, paragraph #1, question #3"
    assert read.where(len(places) - 1) == f"article #{len(data['data'])}, paragraph #1, question #4"


@pytest.mark.parametrize("parts", [False, True], ids=["whole", "in-parts"])
def test_korquad_predictions_are_keyed_by_the_gold_ids(tmp_path, monkeypatch, parts):
    """KorQuAD's predictions read in parts are keyed by the gold's own id
    strings (the file's were held beside them), for gold ids alone; read
    whole, every prediction as the file gives them; the scores those of
    the official script's rules."""
    if parts:
        monkeypatch.setattr(sources, "PART_BYTES", 1 << 14)
    gold_path, pred_path = tmp_path / "dev.json", tmp_path / "pred.json"
    predictions = _tiny_gold(gold_path, 1_000)
    predictions["not-a-gold-id"] = "서울"
    for qid in list(predictions)[:7]:
        predictions[qid] = predictions[qid] + "의"  # a few F1 below 1
    pred_path.write_text(json.dumps(predictions, ensure_ascii=False, indent=0), "utf-8")
    task = get_task("korquad")
    gold = task.read_gold(gold_path, Diagnostics())
    with pytest.warns(AnswermatchWarning, match="not in the gold"):
        preds = task.read_predictions(pred_path, gold, Diagnostics())
    if parts:  # the gold ids alone, keyed by the gold's own strings
        assert all(key is qid for key, qid in zip(preds.texts, gold.ids, strict=True))
        assert preds.texts == {qid: text for qid, text in predictions.items() if qid in gold.ids}
    else:  # read whole: every prediction, as the file gives them
        assert preds.texts == predictions
    with pytest.warns(AnswermatchWarning, match="not in the gold"):
        scores = task.evaluate(gold_path, pred_path).scores
    figures = [
        max(_script_figures(predictions[qid], answer) for answer in answers)
        for qid, answers in zip(gold.ids, gold.answers, strict=True)
    ]
    assert scores["exact_match"] == pytest.approx(100 * sum(em for em, _ in figures) / len(figures))
    assert scores["f1"] == pytest.approx(100 * sum(f1 for _, f1 in figures) / len(figures))
    assert scores["f1"] < 100


def _script_figures(prediction: str, answer: str) -> tuple[float, float]:
    """EM and F1 as KorQuAD's ``evaluate-v1.0.py`` computes them: the
    normalized texts equal; the characters of their words in common."""
    from collections import Counter

    from answermatch.tasks.korquad import normalize_answer

    mine, theirs = normalize_answer(prediction), normalize_answer(answer)
    mine_chars, their_chars = list(mine.replace(" ", "")), list(theirs.replace(" ", ""))
    same = sum((Counter(mine_chars) & Counter(their_chars)).values())
    if not same:
        return float(mine == theirs), 0.0
    precision, recall = same / len(mine_chars), same / len(their_chars)
    return float(mine == theirs), 2 * precision * recall / (precision + recall)


def test_korquad_score_makes_no_pair_per_question(tmp_path):
    """Scoring holds the distinct (prediction, answers) pairs alone, made
    as they are read (a list of one per question was made first), and
    builds no question (each read its context again from the file): its
    peak 0.43 times the gold and predictions before, 0.15 now."""
    gold_path, pred_path = tmp_path / "dev.json", tmp_path / "pred.json"
    predictions = _tiny_gold(gold_path, 2_000)
    pred_path.write_text(json.dumps(predictions, ensure_ascii=False, indent=0), "utf-8")
    task = get_task("korquad")
    gold = task.read_gold(gold_path, Diagnostics())
    preds = task.read_predictions(pred_path, gold, Diagnostics())
    inputs = Inputs(gold, preds)
    size = gold_path.stat().st_size + pred_path.stat().st_size
    peak = traced_peak(task.score, inputs, "official", Diagnostics())
    assert peak < 0.3 * size, (peak, size)
    items = list(task.score(inputs, "official", Diagnostics()).items)
    assert [item["id"] for item in items] == gold.ids
    assert {(item["em"], item["f1"]) for item in items} == {(1.0, 1.0)}


def _xor_files(tmp_path, questions: int) -> tuple:
    """An XOR-Full gold of ``questions`` short Finnish questions (ids as
    XOR-TyDi's, numbers of 19 digits) and predictions of each and of as
    many ids outside the gold; the paths."""
    gold_path, pred_path = tmp_path / "gold.jsonl", tmp_path / "pred.json"
    rows = (
        {"id": f"{-7 * 10**18 + k}", "lang": "fi", "question": "Missä?", "answers": [f"Oulu {k}"]}
        for k in range(questions)
    )
    gold_path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    predictions = {f"{-7 * 10**18 + k}": f"Oulu {k % 7}" for k in range(questions)}
    predictions.update((f"{-6 * 10**18 + k}", "Oulu") for k in range(questions))
    pred_path.write_text(json.dumps(predictions, ensure_ascii=False, indent=0), encoding="utf-8")
    return gold_path, pred_path


def test_xor_predictions_are_held_at_their_gold_places(tmp_path, monkeypatch):
    """XOR-Full's predictions read in parts are held at their ids' places in
    the gold (a list slot a question): no key string nor dict entry an
    answer, which took more than the answers themselves (held 2.6 times
    the answers' strings before, 1.16 now: they and the list); the same
    predictions, warnings and scores as the whole reading."""
    from answermatch.tasks.xor.data import PlacedAnswers, in_gold_order

    gold_path, pred_path = _xor_files(tmp_path, 20_000)
    task = get_task("xor-full")
    gold = task.read_gold(gold_path, Diagnostics())
    gold.places()  # made once for the gold, not counted
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    found, diag = [], Diagnostics()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        with pytest.warns(AnswermatchWarning, match="20000 prediction id"):
            found.append(task.read_predictions(pred_path, gold, diag))
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    preds = found[0]
    assert type(preds) is PlacedAnswers
    answers = sum(len(f"Oulu {k % 7}") + 50 for k in range(20_000))  # their str objects
    assert held < 1.4 * answers, (held, answers)
    assert in_gold_order(preds, gold) is preds.in_order()  # no copy for the score
    whole_diag = Diagnostics()
    with monkeypatch.context() as patched, pytest.warns(AnswermatchWarning):
        patched.setattr(sources, "PARTS_FROM", 1 << 40)  # read whole
        whole = task.read_predictions(pred_path, gold, whole_diag)
    assert type(whole) is dict and preds == whole and list(preds) == list(whole)
    assert diag.messages == whole_diag.messages
    official = task.settings("official")
    scored = task.score(Inputs(gold, preds), official, Diagnostics())
    expected = task.score(Inputs(gold, whole), official, Diagnostics())
    assert list(scored.items) == list(expected.items)
    assert scored.totals == expected.totals
