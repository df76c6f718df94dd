"""What the three XOR task classes share.

:class:`XorTask`: the gold reader (every XOR task reads the same JSON-lines
gold, :func:`~answermatch.tasks.xor.data.read_xor_gold_columns`), its
entries for ``check-gold``, the per-language sums taken while scoring
(totals summed while scoring: :mod:`answermatch.tasks.xor.totals`), and ``explain``: the
official profile shown step by step by the task's :meth:`~XorTask.explain_official`,
any other profile through the task's scorer.
:class:`XorAnswerTask` adds, for the tasks that compare answer strings
(XOR-Full, XOR-EnglishSpan), each gold answer scored alone under another
profile.

>>> one_question("fi", "Helsinki").questions()
[XorQuestion(id='q', lang='fi', answers=('Helsinki',), answers_is_str=False, line=1)]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, MutableMapping
from itertools import repeat
from typing import TYPE_CHECKING, Any, ClassVar

from ...diagnostics import Diagnostics
from ...items import Places
from ...sources import (
    NotFlat,
    Part,
    duplicate_key_message,
    is_path,
    kept_entries,
    source_name,
    starts_with_bom,
    string_object_parts,
)
from ..base import Inputs, Task
from ..parts import ChecksGold, Explains, TakesRows
from .checks import XorEntry, gold_entries
from .data import (
    PlacedAnswers,
    XorGold,
    bom_refused,
    read_xor_gold_columns,
    read_xor_predictions,
    refuse_null,
    warn_cut_clashes,
    warn_unknown_count,
    warn_unknown_predictions,
)
from .languages import LANGUAGES

if TYPE_CHECKING:
    from ...explanation import Explanation

__all__ = ["GoldIds", "XorAnswerTask", "XorTask", "one_question"]


class GoldIds(dict[str, int]):
    """Gold ids and their places (:meth:`~answermatch.items.Places.among`)
    among some prediction keys: what a reader keeps of them, asked as a
    set is asked.

    >>> from answermatch.items import Places
    >>> known = GoldIds(Places(["q1", "q2"]).among(["q2", "x"]))
    >>> "q2" in known, known.issuperset(["q2"]), known.issuperset(["q2", "x"])
    (True, True, False)
    """

    def issuperset(self, keys: Iterable[str]) -> bool:
        """Whether every one of ``keys`` is here."""
        return all(map(self.__contains__, keys))


class XorTask(Task, Explains, ChecksGold, TakesRows):
    """Base class of the XOR-TyDi tasks (see :mod:`answermatch.tasks.xor.task`)."""

    languages = LANGUAGES
    options: ClassVar[Mapping[str, str]] = {}
    item_order = "gold"

    #: what the official script does with a gold without questions, when it
    #: scores one (``None``: it fails, and so does reading)
    empty_gold: ClassVar[str | None] = None
    #: the language the gold answers are written in (``None``: the question's);
    #: check-gold reads their numbers and dates in it
    answer_lang: ClassVar[str | None] = "en"

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> XorGold:
        return read_xor_gold_columns(source, diag, empty=self.empty_gold)

    def gold_entries(self, gold: XorGold) -> Iterator[XorEntry]:
        return gold_entries(gold, self.answer_lang)

    def explain(
        self, inputs: Inputs, settings: Any, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        if settings != self.profiles["official"]:
            return super().explain(inputs, settings, diag, **options)
        return self.explain_official(inputs, settings, diag, **options)

    def explain_official(
        self, inputs: Inputs, settings: Any, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        """The official rule, step by step (:mod:`answermatch.tasks.xor.explain`)."""
        raise NotImplementedError


class XorAnswerTask(XorTask):
    """An XOR task that compares answer strings: it reads a JSON object
    ``{question id: answer}`` (:func:`~answermatch.tasks.xor.data.read_xor_predictions`;
    ``{"answer": str}`` values too where ``answer_objects`` is set), turns
    the keys into question ids by :meth:`question_ids`, and warns once
    about ids absent from the gold. Under a profile other than ``official``,
    ``explain`` scores each gold answer alone."""

    primary = "f1"
    #: whether an answer may also be given as ``{"answer": str}``
    answer_objects: ClassVar[bool] = False
    #: whether a key counts by its part after the last ``_`` (``"ja_-12"``
    #: answers ``"-12"``), as :meth:`question_ids` cuts it
    cuts_keys: ClassVar[bool] = False

    def read_predictions(
        self, source: Any, gold: XorGold, diag: Diagnostics, **options: Any
    ) -> MutableMapping[str, str]:
        """The answers of the gold's questions, by question id; a file of
        string answers is read part by part, keeping only those
        (:meth:`_read_parts`), anything else whole. Other ids count only
        for the warning about them. The gold's ids are found by their
        :meth:`~answermatch.tasks.xor.data.XorGold.places` (8 bytes an id;
        a set of them took about 100 bytes an id, more than a large gold's
        file)."""
        name = source_name(source)
        places = gold.places()
        kept = self._read_parts(source, gold, diag) if is_path(source) else None
        if kept is not None:
            return kept
        found = read_xor_predictions(source, diag, answer_objects=self.answer_objects)
        preds = self.question_ids(found, name, diag)
        del found
        known = GoldIds(places.among(preds))
        warn_unknown_predictions(preds, known, name, diag)
        if len(known) == len(preds):
            return preds
        return {qid: text for qid, text in preds.items() if qid in known}

    def _read_parts(
        self, source: Any, gold: XorGold, diag: Diagnostics
    ) -> MutableMapping[str, str] | None:
        """The predictions of gold questions in a file ``{id: answer
        string}``, read in parts (:func:`~answermatch.sources.kept_entries`
        of :func:`~answermatch.sources.string_object_parts`) so that the
        answers of other ids are dropped as soon as they are read, the gold
        ids of each part found at once (:class:`GoldIds`) and each answer
        kept at its id's place in the gold (:class:`~answermatch.tasks.xor.data.PlacedAnswers`:
        no key string nor dict entry an answer; answer objects, where the
        task takes them, read as their answers: :func:`answer_parts`); ``None``
        for a file that must be read whole for its value, error or warnings
        (another shape). A key given again warns as read whole, the last
        value winning; where keys are cut (:attr:`cuts_keys`) and two
        entries come to one id, which wins depends on the whole object
        (:func:`_cut_again`). A file that starts with a byte order mark is
        refused (:func:`~answermatch.tasks.xor.data.bom_refused`). A
        ``null``, which XOR refuses once the whole file is decoded, stops
        this reading; any file left to the whole reading is first read in
        parts once more, nothing kept, for the error of a ``null``
        (:func:`~answermatch.tasks.xor.data.refuse_null`)."""
        name = source_name(source)
        if starts_with_bom(source):
            error = bom_refused(source, answer_objects=self.answer_objects)
            if error is None:
                return None
            raise error
        places = gold.places()
        keep = GoldIds()  # the gold ids of the part being read
        cut = _CutParts(self.cuts_keys)

        def parts(path: Any) -> Iterator[dict[str, str] | None]:
            for part in answer_parts(path, self.answer_objects):
                if None in part.values():
                    yield None  # refused, once the file is read
                    return
                entries = cut(part)
                keep.clear()
                keep.update(places.among(entries))
                yield entries

        answers = PlacedAnswers(gold, keep)  # each part's places known as it is read
        kept = kept_entries(source, parts, keep, repeats=True, into=answers)
        answers.hint = {}
        if kept is None:
            del answers  # what the parts gave (a long answer) let go before the next reading
            refuse_null(source, diag, answer_objects=self.answer_objects)
            return None
        if cut.changed and (kept.repeated or cut.again):
            again = cut.again.union(kept.repeated)
            return _cut_again(source, places, again, kept.others, kept.examples, diag)
        if kept.repeated:
            diag.warn_each(duplicate_key_message, kept.repeated, path=name)
        warn_unknown_count(kept.others, kept.examples, name, diag)
        return answers

    def question_ids(
        self, predictions: dict[str, str], source: str, diag: Diagnostics
    ) -> dict[str, str]:
        """The predictions by question id (here: keys used as written)."""
        return predictions

    def item_variants(self, inputs: Inputs) -> dict[str, tuple[str, ...]]:
        gold: XorGold = inputs.gold
        return dict(zip(gold.ids, gold.answers, strict=True))

    def one_variant(self, item: Mapping[str, Any], variant: str) -> Inputs:
        return Inputs(one_question(item["lang"], variant), {"q": item["prediction"]})


def one_question(lang: str, answer: str) -> XorGold:
    """A gold of one question ``"q"`` with one answer (to score a variant alone)."""
    return XorGold(["q"], [lang], [(answer,)], [False], [1])


def answer_parts(path: Any, answer_objects: bool) -> Iterator[dict[str, Any]]:
    """The parts of a prediction file ``{id: answer}``
    (:func:`~answermatch.sources.string_object_parts`, ``null`` allowed),
    with ``answer_objects`` a value ``{"answer": ...}`` read as its answer,
    as :func:`~answermatch.tasks.xor.data.read_xor_predictions` reads it
    (XOR-EnglishSpan's script reads ``value["answer"]``): such a file is
    read in parts too, not whole. A part holding any other value that is
    not a string raises :class:`~answermatch.sources.NotFlat`, the whole
    reading's to tell (as does a key given twice inside an object).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "pred.json"
    >>> _ = path.write_text('{"q1": "Paris", "q2": {"answer": "Oulu", "p": 0.5}}')
    >>> [dict(part) for part in answer_parts(path, True)]
    [{'q1': 'Paris', 'q2': 'Oulu'}]
    """
    if not answer_objects:
        yield from string_object_parts(path, nulls=True)
        return
    for part in string_object_parts(path, nulls=True, odd=True):
        if all(type(value) is str or value is None for value in part.values()):
            yield part
            continue
        answers: dict[str, Any] = {}
        for key, value in part.items():
            if type(value) is dict and "answer" in value:
                value = value["answer"]
            if value is not None and type(value) is not str:
                raise NotFlat
            answers[key] = value
        order = getattr(part, "order", None)
        del part
        yield answers if order is None else Part(answers, order)


def _cut(key: str) -> str:
    return key.rpartition("_")[2]


class _CutParts:
    """The entries of a part by question id: the keys as written, or (with
    ``cuts``) cut after their last ``_``, the last of two keys of the part
    that come to one id winning for now. Notes whether some key changed,
    and the ids given twice within a part once cut (:attr:`again`): the
    reading must then find which key wins in the whole object."""

    def __init__(self, cuts: bool) -> None:
        self.cuts = cuts
        self.changed = False
        self.again: set[str] = set()

    def __call__(self, part: dict[str, str]) -> dict[str, str]:
        if not self.cuts or not any(map(str.__contains__, part, repeat("_"))):
            return part
        self.changed = True
        keys = getattr(part, "order", part)  # a key given again in the part: each entry's
        qids = list(map(_cut, keys))
        entries = dict(zip(map(_cut, part), part.values(), strict=True))
        if len(qids) != len(entries):
            seen: set[str] = set()
            for qid in qids:
                if qid in seen:
                    self.again.add(qid)
                seen.add(qid)
        return entries


def _cut_again(
    source: Any,
    places: Places,
    again: set[str],
    others: int,
    examples: list[str],
    diag: Diagnostics,
) -> dict[str, str] | None:
    """The predictions of a file whose keys are cut after their last ``_``
    where two entries come to one id (``again``: those ids), read in parts
    as ``json`` and then the official script read it whole: the keys as
    written first (``json``: the last value of a key given again wins, at
    the place of its first entry; each such entry warns), then cut, the
    key whose first entry comes last winning each id (one warning, with
    the first keys that lost and how many). ``others`` and ``examples``:
    the ids outside the gold once cut (their warning comes last). Only
    the keys whose id is in the gold, and those of ``again``, are held.
    ``None`` where the parts are refused this time (the file read whole
    gives its value)."""
    name = source_name(source)
    keep = GoldIds()  # the keys of the part being read whose id is a gold id

    def parts(path: Any) -> Iterator[dict[str, str] | None]:
        for part in string_object_parts(path, nulls=True):
            qids = list(map(_cut, part))
            found = places.among(qids)
            keep.clear()
            keep.update((key, 0) for key, qid in zip(part, qids, strict=True) if qid in found)
            yield part

    raw = kept_entries(source, parts, keep, repeats=True)
    if raw is None:  # read in parts once already: only a file changed meanwhile
        return None
    if raw.repeated:
        diag.warn_each(duplicate_key_message, raw.repeated, path=name)
    entries = dict(zip(map(_cut, raw.entries), raw.entries.values(), strict=True))
    count = len(raw.entries) + raw.others - len(entries) - others  # keys less ids
    lost: list[str] = []
    if count:  # the first keys that lost, in the order of their first entries
        seen_keys: set[str] = set()
        seen_ids: set[str] = set()
        for part in string_object_parts(source, nulls=True):
            for key in getattr(part, "order", part):
                qid = _cut(key)
                if qid not in again or key in seen_keys:
                    continue
                seen_keys.add(key)
                if qid in seen_ids:
                    lost.append(key)
                seen_ids.add(qid)
            if len(lost) >= 3:
                break
    warn_cut_clashes(count, lost[:3], name, diag)
    warn_unknown_count(others, examples, name, diag)
    return entries
