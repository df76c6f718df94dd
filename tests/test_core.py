"""The shared plumbing: errors, diagnostics, sources, Result, signatures, task registry."""

from __future__ import annotations

import gzip
import json
import warnings

import pytest

import answermatch
from answermatch import evaluate
from answermatch.diagnostics import Diagnostics
from answermatch.errors import (
    AnswermatchWarning,
    InputError,
    MissingExtraError,
    UnknownProfileError,
    UnknownTaskError,
)
from answermatch.result import Result
from answermatch.signature import make_signature
from answermatch.sources import load_json, read_jsonl, read_text
from answermatch.tasks import available_tasks, get_task


def test_input_error_names_file_and_line():
    err = InputError("expected 3 columns, found 2", path="test.tsv", line=12)
    assert str(err) == "test.tsv:12: expected 3 columns, found 2"
    assert (err.path, err.line) == ("test.tsv", 12)
    assert isinstance(err, ValueError)


def test_missing_extra_says_what_to_install():
    err = MissingExtraError("jieba", "zh")
    assert 'pip install "answermatch[zh]"' in str(err)
    assert isinstance(err, ImportError)


def test_diagnostics_warn_records_and_strict_raises():
    diag = Diagnostics()
    with pytest.warns(AnswermatchWarning, match="pred.json:4: odd"):
        diag.warn("odd", path="pred.json", line=4)
    assert diag.messages == ["pred.json:4: odd"]
    with pytest.raises(InputError, match="--strict"):
        Diagnostics(strict=True).warn("odd", path="pred.json", line=4)


@pytest.mark.parametrize("task", ["squad", "zalo2019", "xor-full", "mkqa"])
def test_a_file_name_with_a_nul_or_a_line_break_is_one_line_error(task):
    with pytest.raises(InputError, match=r"^a\\x00b\.json: .*NUL") as caught:
        evaluate(task, "a\x00b.json", "a\x00b.json")
    assert caught.value.path == "a\x00b.json"
    with pytest.raises(InputError) as caught:
        evaluate(task, "no\nsuch.json", "no\nsuch.json")
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith("no\\nsuch.json: ")


def test_read_text_handles_gzip_and_reports_missing_files(tmp_path):
    path = tmp_path / "a.txt.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write("日本語\n")
    assert read_text(path) == "日本語\n"
    with pytest.raises(InputError, match="no such file"):
        read_text(tmp_path / "absent.json")
    (tmp_path / "bad.gz").write_bytes(b"not gzip")
    with pytest.raises(InputError, match=r"bad\.gz: cannot read file"):
        read_text(tmp_path / "bad.gz")


def test_invalid_utf8_is_an_error_with_its_line(tmp_path):
    path = tmp_path / "x.jsonl"
    path.write_bytes(b'{"id": 1}\n{"id": "\xff"}\n')
    with pytest.raises(InputError, match=r"x.jsonl:2: invalid UTF-8"):
        read_text(path)


def test_invalid_utf8_replaced_with_warning(tmp_path):
    path = tmp_path / "x.tsv"
    path.write_bytes(b"ok\nbad \xff\n")
    diag = Diagnostics()
    with pytest.warns(AnswermatchWarning, match=r"x.tsv:2: invalid UTF-8"):
        assert read_text(path, diag=diag, replace=True) == "ok\nbad \ufffd\n"


def test_load_json_warns_on_duplicate_keys_and_keeps_the_last(tmp_path):
    path = tmp_path / "pred.json"
    path.write_text('{"q1": "a", "q2": "b", "q1": "c"}', encoding="utf-8")
    with pytest.warns(AnswermatchWarning, match="duplicate key 'q1'"):
        assert load_json(path, diag=Diagnostics()) == {"q1": "c", "q2": "b"}


def test_load_json_syntax_error_has_line(tmp_path):
    path = tmp_path / "pred.json"
    path.write_text('{\n"q1": "a",\n"q2" "b"}', encoding="utf-8")
    with pytest.raises(InputError, match=r"pred.json:3: not valid JSON"):
        load_json(path)


def test_read_jsonl_skips_blank_lines_and_numbers_lines(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_text('{"id": "a"}\n\n{"id": "b"}\n', encoding="utf-8")
    assert [(n, o["id"]) for n, o in read_jsonl(path)] == [(1, "a"), (3, "b")]


def test_result_to_dict_is_json_ready_and_items_optional():
    r = Result(
        "t",
        "official",
        {"f1": 50.0, "em": 25.0},
        {"ja": {"f1": 50.0, "count": 2}},
        2,
        "task:t|profile:official|version:x",
        [{"id": "a", "score": 0.5}],
    )
    d = r.to_dict()
    assert list(d) == ["task", "profile", "signature", "n", "scores", "per_language"]
    assert json.loads(json.dumps(d)) == d
    assert r.to_dict(items=True)["items"] == [{"id": "a", "score": 0.5}]
    assert r.primary == 50.0


def test_signature_fields_are_ordered_and_versioned():
    sig = make_signature(
        "t",
        "fair",
        norm="unicode",
        tokenizers={"zh": "jieba", "ja": "mecab"},
        extra={"bleu": "chars"},
        version="9.9",
        unicode="15.0.0",
    )
    assert sig == (
        "task:t|profile:fair|norm:unicode|unicode:15.0.0|tok.ja:mecab|tok.zh:jieba"
        "|bleu:chars|version:9.9"
    )


def test_signature_names_the_unicode_tables_only_with_a_normalization():
    import unicodedata

    assert f"|unicode:{unicodedata.unidata_version}|" in make_signature("t", "p", norm="squad")
    assert "unicode:" not in make_signature("t", "p")
    # a task that records the Unicode version itself is not given it twice
    sig = make_signature("t", "p", norm="n", extra={"unicode": "x"})
    assert sig.count("unicode:") == 1


def test_unknown_task_lists_the_known_ones():
    with pytest.raises(UnknownTaskError, match=r"known tasks: .*xor-full"):
        evaluate("squad9", [], [])


def test_every_registered_task_loads_with_a_consistent_spec():
    for name in available_tasks():
        spec = get_task(name)
        assert spec.name == name
        assert next(iter(spec.profiles)) == "official"
        assert spec.primary and spec.summary


def test_evaluate_rejects_unknown_profile_and_option():
    with pytest.raises(UnknownProfileError, match="no profile 'nope'"):
        evaluate("poleval2021", ["a"], ["a"], profile="nope")
    with pytest.raises(TypeError, match="unknown option") as caught:
        evaluate("poleval2021", ["a"], ["a"], nonsense=1)
    # an AnswermatchError too, so the CLI reports it (exit 2) instead of a traceback
    assert isinstance(caught.value, answermatch.AnswermatchError)


def test_public_names_resolve_lazily():
    for name in answermatch.__all__:
        assert getattr(answermatch, name) is not None
    with pytest.raises(AttributeError):
        answermatch.no_such_name  # noqa: B018


def test_warnings_filter_turns_stray_warnings_into_errors():
    # pyproject's filterwarnings makes an unexpected AnswermatchWarning fail a test
    with pytest.raises(AnswermatchWarning), warnings.catch_warnings():
        warnings.simplefilter("error", AnswermatchWarning)
        Diagnostics().warn("x")


def test_read_jsonl_warns_on_a_duplicate_key_with_its_line(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_text('{"id": "a", "q": "time: 3:00"}\n{"id": "b", "id": "c"}\n', encoding="utf-8")
    diag = Diagnostics()
    with pytest.warns(AnswermatchWarning, match=r"g.jsonl:2: duplicate key 'id'"):
        records = read_jsonl(path, diag=diag)
    assert records == [(1, {"id": "a", "q": "time: 3:00"}), (2, {"id": "c"})]
    assert len(diag.messages) == 1  # colons inside values are not mistaken for keys


def test_read_jsonl_finds_duplicates_in_nested_objects(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_text('{"id": "a", "meta": {"x": 1, "x": 2}}\n', encoding="utf-8")
    with pytest.warns(AnswermatchWarning, match=r"g.jsonl:1: duplicate key 'x'"):
        assert read_jsonl(path, diag=Diagnostics()) == [(1, {"id": "a", "meta": {"x": 2}})]


def test_read_jsonl_accepts_crlf_and_surrounding_whitespace(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_bytes(b'{"id": "a"}\r\n  {"id": "b"}  \r\n\r\n{"id": "c"}')
    assert read_jsonl(path, diag=Diagnostics()) == [
        (1, {"id": "a"}),
        (2, {"id": "b"}),
        (4, {"id": "c"}),
    ]


def test_read_jsonl_rejects_two_values_on_one_line(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_text('{"id": "a"}\n{"id": "b"} {"id": "c"}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"g\.jsonl:2: not valid JSON \(Extra data"):
        read_jsonl(path)


def test_a_gzip_bomb_is_refused_early(tmp_path, monkeypatch):
    import answermatch.sources as sources

    monkeypatch.setattr(sources, "GZIP_FLOOR", 1 << 20)
    bomb = tmp_path / "pred.json.gz"
    with gzip.open(bomb, "wb") as fh:
        for _ in range(64):
            fh.write(b" " * (1 << 20))  # 64 MiB of spaces: about 64 KiB compressed
    with pytest.raises(InputError, match="decompression bomb"):
        read_text(bomb)
    genuine = tmp_path / "ok.json.gz"
    with gzip.open(genuine, "wb") as fh:
        fh.write(b'{"q1": "a"}' * 1000)
    assert read_text(genuine).startswith('{"q1": "a"}')


def test_json_beyond_the_decoder_s_limits_is_an_input_error(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(InputError, match="nested too deeply"):
        load_json(deep)
    lines = tmp_path / "deep.jsonl"
    lines.write_text('{"id": 1}\n' + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"deep\.jsonl:2: JSON nested too deeply"):
        read_jsonl(lines)
    huge = tmp_path / "huge.json"
    huge.write_text('{"q1": ' + "7" * 5000 + "}", encoding="utf-8")
    with pytest.raises(InputError, match="more than 4,300 digits"):
        load_json(huge)
