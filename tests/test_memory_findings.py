"""Memory of ``check-gold``'s findings (issue 25): a PolEval gold with
15,600 findings (7 MB) held them as a list of :class:`Finding` objects,
about 250 bytes each and their messages' (4 MB, while the checks ran and
after); :class:`~answermatch.checks.Findings` holds a message's UTF-8
bytes and a few more, each :class:`Finding` made when read."""

from __future__ import annotations

import random
import tracemalloc
import warnings

from answermatch.checks import Finding, Findings
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning
from answermatch.goldcheck import check_gold


def _gold(path, lines=20_000, seed=25):
    """A PolEval gold whose lines mostly have findings (a Roman numeral
    read in a word, variants the rules make the same, one order only)."""
    rnd = random.Random(seed)
    words = ["Paryż", "witamina C", "w XIV\t14", "figa i mak", "Kraków", "Jan III\t3"]
    path.write_text("\n".join(rnd.choice(words) for _ in range(lines)) + "\n", encoding="utf-8")


def test_findings_held_in_about_their_messages_bytes(tmp_path):
    gold = tmp_path / "expected.tsv"
    _gold(gold, lines=100)
    with warnings.catch_warnings():  # the modules imported and their caches made first
        warnings.simplefilter("ignore", AnswermatchWarning)
        check_gold("poleval2021", gold)
    _gold(gold)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            found = check_gold("poleval2021", gold)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    text = sum(len(f.message.encode("utf-8")) for f in found)
    assert len(found) > 10_000
    # a list of Finding objects held about 250 bytes each beside their messages
    assert held < text + 60 * len(found), (held, text, len(found))


def test_findings_are_the_list_they_stand_for():
    plain = [
        Finding("info", "g.tsv", 3, "b", "zażółć"),
        Finding("error", "g.tsv", None, "a", "x"),
        Finding("warning", "other.tsv", 3, "a", ""),
        Finding("info", "g.tsv", 0, "a", "\ud800 lone"),
        Finding("info", "g.tsv", 3, "a", "m"),
    ]
    found = Findings(plain)
    assert found == plain and plain == found and list(found) == plain
    assert found[1] == plain[1] and found[-1] == plain[-1] and found[1:3] == plain[1:3]
    order = ("error", "warning", "info")
    key = lambda f: (f.line or 0, order.index(f.severity), f.code)  # noqa: E731
    assert found.sorted() == sorted(plain, key=key)
    assert found.select(("error", "warning")) == plain[1:3]
    assert found.select(("error", "warning", "info")) is found


def test_the_command_prints_what_it_printed(tmp_path, capsys):
    """The grouped text and ``--all`` of the command, read one finding at a
    time, are those of the findings' list."""
    gold = tmp_path / "expected.tsv"
    _gold(gold, lines=50)
    every = list(check_gold("poleval2021", gold))
    main(["check-gold", "poleval2021", "--gold", str(gold), "--all"])
    out = capsys.readouterr().out.splitlines()
    assert out[: len(every)] == [str(f) for f in every]
    main(["check-gold", "poleval2021", "--gold", str(gold), "--severity", "info"])
    out = capsys.readouterr().out.splitlines()
    warned = [f for f in every if f.code == "roman-word"]
    assert f"{gold}: warning: {len(warned)} findings [roman-word], e.g.:" in out
    assert f"  line {warned[0].line}: {warned[0].message}" in out
