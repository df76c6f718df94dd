"""meta-eval: agreement of a matcher with human judgments (function and command)."""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path

import pytest

from answermatch import meta_eval
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning, InputError, UnknownMatcherError
from answermatch.metaeval import Figures, read_judgments
from conftest import PARITY

ROWS = [
    {"question": "capital of France", "answers": ["Paris"], "prediction": "It is Paris.",
     "human": True, "system": "a", "lang": "en"},
    {"question": "capital of Peru", "answers": ["Lima"], "prediction": "Cusco", "human": False,
     "system": "a", "lang": "en"},
    {"question": "author of Lalka", "answers": ["Bolesław Prus"], "prediction": "Prus",
     "human": True, "system": "b", "lang": "pl"},
    {"question": "year", "answers": ["1972"], "prediction": "It was 19725, I believe so.",
     "human": False, "system": "b"},
    {"question": "capital of Japan", "answers": ["東京"], "prediction": "", "human": False,
     "system": "b", "lang": "ja"},
    {"question": "who wrote it", "answers": ["Mark Twain"], "prediction": "Not Mark Twain.",
     "human": True, "system": "a"},
]  # fmt: skip


def write(path: Path, rows: list[object]) -> Path:
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )
    return path


def test_figures_by_hand() -> None:
    result = meta_eval(ROWS, matcher="lenient", resamples=0)
    # lenient: correct, incorrect, correct (surname), incorrect, incorrect (empty), incorrect
    assert result.confusion == {"tp": 2, "fp": 0, "fn": 1, "tn": 3}
    assert result.n == 6
    assert result.agreement == pytest.approx(500 / 6)
    # kappa = (po - pe) / (1 - pe), po = 5/6, pe = (2*3 + 4*3) / 36 = 0.5
    assert result.kappa == pytest.approx((5 / 6 - 0.5) / 0.5)
    assert result.precision == 100.0
    assert result.recall == pytest.approx(200 / 3)
    assert set(result.groups["system"]) == {"a", "b"}
    assert result.groups["system"]["a"].n == 3
    assert set(result.groups["lang"]) == {"en", "pl", "ja", "-"}
    assert result.groups["length"]["<=5 words"].n == 5
    assert result.groups["length"][">5 words"].n == 1


def test_em_is_squad_exact_match() -> None:
    result = meta_eval(ROWS, matcher="em", resamples=0)
    assert result.confusion == {"tp": 0, "fp": 0, "fn": 3, "tn": 3}
    assert result.kappa == 0.0


def test_kappa_of_known_counts() -> None:
    figures = Figures.of(40, 10, 5, 45)
    assert figures.agreement == 85.0
    assert figures.kappa == pytest.approx(0.7)
    assert figures.precision == 80.0
    assert figures.recall == pytest.approx(800 / 9)
    assert Figures.of(3, 0, 0, 0).kappa is None  # one class on both sides


def test_intervals_contain_the_figure_and_are_seeded() -> None:
    rows = ROWS * 20
    first = meta_eval(rows, resamples=200, seed=7)
    again = meta_eval(rows, resamples=200, seed=7)
    low, high = first.overall.intervals["agreement"]
    assert low <= first.agreement <= high and low < high
    assert first.overall.intervals == again.overall.intervals
    assert first.groups["system"]["a"].intervals["agreement"][0] is not None
    other = meta_eval(rows, resamples=200, seed=8)
    assert other.overall.intervals != first.overall.intervals


def test_empty_predictions_are_judged_not_skipped() -> None:
    rows = [{"answers": ["Paris"], "prediction": "", "human": True}, {"answers": ["x"],
            "prediction": None, "human": False}]  # fmt: skip
    result = meta_eval(rows, resamples=0)
    assert result.n == 2
    assert result.confusion == {"tp": 0, "fp": 0, "fn": 1, "tn": 1}


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"answers": ["a"], "prediction": "a"}, 'no "human" field'),
        ({"answers": ["a"], "prediction": "a", "human": "yes"}, '"human" must be true or false'),
        ({"answers": ["a"], "prediction": "a", "human": 1}, '"human" must be true or false'),
        ({"answers": [], "prediction": "a", "human": True}, "no answers"),
        ({"prediction": "a", "human": True}, "no answers"),
        ({"answers": [3], "prediction": "a", "human": True}, "must hold strings"),
        ({"answers": ["a"], "prediction": 3, "human": True}, '"prediction" must be a string'),
        ([1, 2], "expected a JSON object"),
    ],
)
def test_bad_rows_name_file_and_line(tmp_path: Path, row: object, message: str) -> None:
    path = write(tmp_path / "j.jsonl", [ROWS[0], row])
    with pytest.raises(InputError, match=message) as info:
        read_judgments(path)
    assert str(info.value).startswith(f"{path}:2: ")


def test_bad_json_and_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.write_text(json.dumps(ROWS[0]) + "\n{oops\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"j\.jsonl:2: not valid JSON"):
        meta_eval(path)
    path.write_text("\n", encoding="utf-8")
    with pytest.raises(InputError, match="no judgments"):
        meta_eval(path)


def test_unknown_matcher_and_language() -> None:
    with pytest.raises(UnknownMatcherError):
        meta_eval(ROWS, matcher="nope")
    rows = [{"answers": ["a"], "prediction": "a", "human": True, "lang": "xx"}]
    with pytest.raises(InputError, match=r"<rows>:1: unknown language 'xx'"):
        meta_eval(rows)


def test_cli_text_json_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "j.jsonl", ROWS)
    assert main(["meta-eval", str(path), "--json", "--resamples", "50"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["n"] == 6 and data["agreement"] == pytest.approx(500 / 6)
    assert data["kappa"] == pytest.approx(2 / 3)
    assert set(data) >= {"precision", "recall", "confusion", "intervals", "by_system", "by_lang"}
    assert main(["meta-eval", str(path), "--matcher", "em", "--errors", "2"]) == 0
    out = capsys.readouterr().out
    assert "agreement" in out and "kappa" in out and "by" not in out.split("\n")[0]
    assert out.count("people say correct") == 2
    assert main(["meta-eval", str(path), "--errors", "5", "--resamples", "0"]) == 0
    out = capsys.readouterr().out
    assert "negated: a negation beside 'mark twain'" in out


def test_cli_bad_input_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "j.jsonl", [ROWS[0], {"answers": ["a"], "prediction": "a"}])
    assert main(["meta-eval", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        f'answermatch: error: {path}:2: no "human" field: give the people\'s verdict as '
        "true or false"
    )
    assert main(["meta-eval", str(tmp_path / "j.jsonl"), "--matcher", "nope"]) == 2
    assert "unknown matcher 'nope'" in capsys.readouterr().err
    assert main(["meta-eval", str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl: no such file" in capsys.readouterr().err


# beside the parity fixtures (../shared/metaeval); ANSWERMATCH_METAEVAL_DIR overrides
DEV = Path(os.environ.get("ANSWERMATCH_METAEVAL_DIR", PARITY.parent / "metaeval"))
DEV = DEV / "evouna-nq-dev.jsonl"


@pytest.mark.slow
def test_dev_file_baselines() -> None:
    """The README's lexical baselines on the development file: the
    meta-evaluation itself is right."""
    if not DEV.exists():
        pytest.skip(f"the development judgments are not at {DEV}")
    em = meta_eval(DEV, matcher="em", resamples=0)
    assert em.n == 13808
    assert round(em.agreement, 1) == 38.7 and round(em.kappa, 2) == 0.09
    squad = meta_eval(DEV, matcher="containment-squad", resamples=0)
    assert round(squad.agreement, 1) == 81.4 and round(squad.kappa, 2) == 0.61
    with warnings.catch_warnings():  # a few answers in Japanese, split at spaces as SQuAD does
        warnings.simplefilter("ignore", AnswermatchWarning)
        f1 = meta_eval(DEV, matcher="f1", resamples=0)
    assert round(f1.agreement, 1) == 41.7 and round(f1.kappa, 2) == 0.12
