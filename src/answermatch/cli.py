"""The ``answermatch`` command line.

Exit status: 0 on success, 2 on bad input, bad usage or output that cannot
be written (standard output closed or on a full device; the message goes to
stderr), 1 where a check found problems (``check-gold``), 130 when
interrupted (Ctrl-C), 128 + the signal's number on SIGTERM or SIGHUP (143,
129). Output files are written whole or not at all, and an interrupted run
leaves no temporary file (:mod:`answermatch.outputs`).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import signal
import sys
import threading
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any

from ._version import __version__
from .errors import AnswermatchError, AnswermatchWarning

EXIT_OK, EXIT_FOUND, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
#: What ``--pred -`` reads: standard input, by the name messages give it.
STDIN = "/dev/stdin"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse exits 2 already; keep its message format
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (also used to generate the CLI reference)."""

    parser = _Parser(
        prog="answermatch",
        description="Score question-answering systems across languages.",
    )
    parser.add_argument("--version", action="version", version=f"answermatch {__version__}")
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_Parser
    )

    score = sub.add_parser(
        "score",
        help="score a prediction file against a gold file",
        description="Score a prediction file with a task's metric.",
    )
    add_task_and_gold(score)
    score.add_argument(
        "--pred",
        required=True,
        metavar="FILE",
        help="prediction file (.gz allowed; - for standard input)",
    )
    score.add_argument(
        "--profile",
        default="official",
        metavar="NAME[,NAME...]",
        help="scoring profile(s), comma-separated (default: official)",
    )
    score.add_argument(
        "--json",
        action="store_true",
        help="print JSON: one object, or an array for several profiles",
    )
    score.add_argument(
        "--items",
        metavar="FILE",
        help="write the per-item results as JSON lines to FILE ('-': standard output, and "
        "the scores go to standard error)",
    )
    score.add_argument(
        "--ci",
        action="store_true",
        help="add bootstrap 95%% confidence intervals of every score, computed with the "
        "task's own aggregation",
    )
    score.add_argument(
        "--resamples",
        type=count_argument,
        default=1000,
        metavar="N",
        help="bootstrap resamples for --ci (default: 1000)",
    )
    score.add_argument(
        "--seed", type=int, default=12345, metavar="S", help="seed for --ci (default: 12345)"
    )
    add_run_options(score)
    score.set_defaults(func=_cmd_score)

    norm = sub.add_parser("normalize", help="normalize text (one line per input line)")
    norm.add_argument("text", nargs="*", help="texts (default: read lines from stdin)")
    norm.add_argument(
        "--lang", default=None, help="language code (decides article removal); default: none"
    )
    norm.add_argument("--preset", default="unicode", help="normalization preset (default: unicode)")
    norm.set_defaults(func=_cmd_normalize)

    tok = sub.add_parser("tokenize", help="tokenize text (tokens joined by spaces)")
    tok.add_argument("text", nargs="*", help="texts (default: read lines from stdin)")
    tok.add_argument("--lang", required=True, help="language code, e.g. ja, zh, vi, pl, en")
    tok.add_argument(
        "--mode", default=None, help="tokenizer mode (zh: word, char, mixed; vi: word, syllable)"
    )
    tok.set_defaults(func=_cmd_tokenize)

    tasks = sub.add_parser("tasks", help="list the tasks, their profiles and options")
    tasks.add_argument(
        "--json",
        action="store_true",
        help="print every task's name, summary, profiles, options, languages and input shapes",
    )
    tasks.set_defaults(func=_cmd_tasks)

    for module in _COMMAND_MODULES:
        importlib.import_module(module).register(sub)
    return parser


# Modules that each add one sub-command through ``register(subparsers)``; the
# sub-command's ``func(args) -> int`` runs it.
_COMMAND_MODULES = (
    "answermatch.commands.explain",
    "answermatch.commands.check_gold",
    "answermatch.commands.compare",
    "answermatch.commands.report",
    "answermatch.commands.meta_eval",
    "answermatch.commands.rescore",
)


def add_task_and_gold(parser: argparse.ArgumentParser) -> None:
    """The ``TASK`` argument and ``--gold FILE``, shared by the sub-commands.

    The name is checked after parsing (:func:`check_task`): listing every
    task reads every installed package's entry points, which a run that
    names one of answermatch's own tasks need not pay; ``--help`` still
    lists them."""
    parser.add_argument("task", metavar="TASK", help=_TaskList())
    parser.add_argument("--gold", required=True, metavar="FILE", help="gold file (.gz allowed)")
    parser.set_defaults(task_parser=parser)


class _TaskList(str):
    """The ``TASK`` help text, listing the tasks only when help is shown."""

    def __new__(cls) -> _TaskList:
        # the "%" makes every argparse version format it, through __mod__
        return super().__new__(cls, "one of the tasks%(default).0s")

    def __mod__(self, params: object) -> str:  # argparse formats help with %
        from .tasks import available_tasks

        return "one of: " + ", ".join(available_tasks())


def check_task(args: argparse.Namespace) -> None:
    """argparse's own error (exit 2) for a ``TASK`` that is not registered."""
    task = getattr(args, "task", None)
    if task is None:
        return
    from .tasks import TASKS, available_tasks

    if task not in TASKS:
        tasks = ", ".join(map(repr, available_tasks()))
        args.task_parser.error(f"argument TASK: invalid choice: {task!r} (choose from {tasks})")


def add_systems(parser: argparse.ArgumentParser, help: str) -> None:
    """``--pred FILE``, given once per system (two or more for a comparison)."""
    parser.add_argument("--pred", required=True, action="append", metavar="FILE", help=help)


def add_run_options(
    parser: argparse.ArgumentParser,
    *,
    short_option: bool = True,
    workers: bool = True,
) -> None:
    """``--option`` (also ``-o`` when ``short_option``), ``--strict``,
    ``--quiet`` (:func:`add_quiet`) and, with ``workers``, ``--workers``,
    for sub-commands that score."""
    parser.add_argument(
        *(("--option", "-o") if short_option else ("--option",)),
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a task option (repeatable); see the task's documentation",
    )
    parser.add_argument(
        "--strict", action="store_true", help="turn warnings about doubtful input into errors"
    )
    add_quiet(parser)
    if workers:
        parser.add_argument(
            "--workers",
            type=workers_argument,
            default=1,
            metavar="N",
            help="score in N processes where the task can split its work, with the same "
            "numbers (default 1: no extra process)",
        )


def add_quiet(parser: argparse.ArgumentParser) -> None:
    """``--quiet``, for every sub-command that reads input files: no
    progress bar (an input over 64 MiB draws one on a terminal while it is
    read, :func:`main`) and no warnings on stderr."""
    parser.add_argument(
        "--quiet", "-q", action="store_true", help="no progress bar and no warnings on stderr"
    )


def print_json_or_text(as_json: bool, data: Callable[[], Any], text: Callable[[], str]) -> None:
    """Print ``data()`` as indented JSON (``--json``), else ``text()``."""
    from .outputs import json_text

    print(json_text(data(), indent=1) if as_json else text())


def workers_argument(value: str) -> int:
    """An argparse type: a whole number, 1 or more."""
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {value!r}")
    return number


def count_argument(value: str) -> int:
    """An argparse type: a whole number, 0 or more (a huge one is kept as is)."""
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {value!r}") from None
    if number < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, got {number}")
    return number


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """The ``-o KEY=VALUE`` pairs as keyword options (values read as JSON when they
    parse, else kept as strings; ``-`` in keys becomes ``_``)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise AnswermatchError(f"--option expects KEY=VALUE, got {pair!r}")
        try:
            options[key.replace("-", "_")] = json.loads(value)
        except json.JSONDecodeError:
            options[key.replace("-", "_")] = value
    return options


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def _overall(result, key: str) -> object:
    """The ``all`` row's figure for a column: the overall score, or for the
    per-language ``count`` column (no score of its own) the number of items
    the overall scores count, ``n`` (items without a language included).

    >>> from types import SimpleNamespace
    >>> langs = {"de": {"count": 3}, "fr": {"count": 2}}
    >>> r = SimpleNamespace(scores={"f1": 50.0}, per_language=langs, n=6)
    >>> _overall(r, "f1"), _overall(r, "count"), _overall(r, "em")
    (50.0, 6, '')
    """
    if key in result.scores:
        return result.scores[key]
    counts = [figures.get(key) for figures in result.per_language.values()]
    if key == "count" and all(type(c) is int for c in counts):
        return result.n
    return ""


def format_table(result) -> str:
    """A readable table of a :class:`~answermatch.result.Result`: the task's
    own (:meth:`~answermatch.tasks.base.Task.format_table`, in the official
    script's rounding) where it has one, else two decimals."""
    from .tasks import get_task

    own = get_task(result.task).format_table(result)
    lines = [f"{result.task} ({result.profile}), n={result.n}"]
    if own is not None:
        if result.intervals is not None:
            own += "\n" + _interval_line(result)
        return "\n".join([*lines, own, f"signature: {result.signature}"])
    keys = list(result.scores)
    if result.per_language:
        lang_keys: list[str] = []
        for figures in result.per_language.values():
            lang_keys += [k for k in figures if k not in lang_keys]
        header = ["lang", *lang_keys]
        rows = [
            [lang, *(_fmt(figs.get(k, "")) for k in lang_keys)]
            for lang, figs in result.per_language.items()
        ]
        rows.append(["all", *(_fmt(_overall(result, k)) for k in lang_keys)])
        widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
        for row in [header, *rows]:
            lines.append(
                "  ".join(
                    c.rjust(w) if i else c.ljust(w)
                    for i, (c, w) in enumerate(zip(row, widths, strict=True))
                )
            )
        extra = [k for k in keys if k not in lang_keys]
    else:
        extra = keys
    width = max((len(k) for k in extra), default=0)
    lines += [f"{k.ljust(width)}  {_fmt(result.scores[k])}" for k in extra]
    if result.intervals is not None:
        lines.append(_interval_line(result))
    lines.append(f"signature: {result.signature}")
    return "\n".join(lines)


def profile_names(value: str) -> list[str]:
    """The comma-separated profile names of ``--profile`` (none may be empty)."""
    names = [name.strip() for name in value.split(",")]
    if not all(names):
        raise AnswermatchError(
            f"--profile expects NAME[,NAME...], got {value!r}: a profile name is empty"
        )
    return names


def _interval_line(result) -> str:
    """The 95% intervals of the headline scores, saying why one has no width."""
    parts = []
    for key, (low, high) in result.intervals["scores"].items():
        if low != low:  # NaN: undefined in every resample
            parts.append(f"{key} n/a (undefined in every resample)")
            continue
        note = " (no variation: every resample scores the same)" if low == high else ""
        parts.append(f"{key} [{low:.2f}, {high:.2f}]{note}")
    return "95% CI (bootstrap, {} resamples, seed {}): {}".format(
        result.intervals["resamples"], result.intervals["seed"], "; ".join(parts)
    )


def _item_lines(results: list[Any]) -> Iterator[str]:
    """The JSON lines of the ``results``' items (each with its profile when
    there are several), one at a time: neither an item nor its line is kept
    while the next is made, so that two long answers are never held at once,
    and a long answer is written in pieces, read from where it is held
    (:func:`~answermatch.items.written`,
    :func:`~answermatch.outputs.json_line_chunks`)."""
    from .items import written
    from .outputs import json_line_chunks

    several = len(results) > 1
    for result in results:
        for item in written(result.items):
            yield from json_line_chunks({"profile": result.profile, **item} if several else item)
            del item


def _cmd_score(args: argparse.Namespace) -> int:
    from .evaluation import evaluate_profiles
    from .outputs import check_not_an_input, json_text, run_inputs, write_output

    options = parse_options(args.option)
    profiles = profile_names(args.profile)
    inputs = run_inputs(args.gold, args.pred, options=options)
    to_stdout = args.items == "-"
    if args.items is not None and not to_stdout:
        check_not_an_input(args.items, inputs, "--items")
    results = evaluate_profiles(
        args.task,
        args.gold,
        args.pred,
        profiles,
        strict=args.strict,
        progress=not args.quiet,
        workers=args.workers,
        ci=args.ci,
        resamples=args.resamples,
        seed=args.seed,
        **options,
    )
    lines = _item_lines(results)
    if to_stdout:  # the items are the output; the scores go beside them, to stderr
        sys.stdout.writelines(lines)
        sys.stdout.flush()
    elif args.items is not None:
        write_output(args.items, lines, inputs=inputs, what="--items")
    scores_out = sys.stderr if to_stdout else sys.stdout
    if args.json:
        payload: Any = [r.to_dict() for r in results]
        print(json_text(payload[0] if len(results) == 1 else payload, indent=1), file=scores_out)
    else:
        print("\n\n".join(format_table(r) for r in results), file=scores_out)
    return EXIT_OK


def _inputs(texts: list[str]) -> list[str]:
    """The texts of the command line, else the lines of standard input; text
    that is not valid UTF-8 is an error."""
    if texts:
        for number, text in enumerate(texts, start=1):
            if not _is_utf8(text):
                raise AnswermatchError(f"text argument {number} is not valid UTF-8")
        return texts
    data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise AnswermatchError(
            f"standard input, line {line}: not valid UTF-8 (byte 0x{data[exc.start]:02x})"
        ) from None
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return lines[:-1] if lines and lines[-1] == "" else lines


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # undecodable bytes of argv became lone surrogates
        return False
    return True


def _cmd_normalize(args: argparse.Namespace) -> int:
    from .normalization import normalize

    texts = _inputs(args.text)
    try:
        out = [normalize(text, lang=args.lang, preset=args.preset) for text in texts]
    except (KeyError, ValueError) as exc:
        raise AnswermatchError(_reason(exc)) from None
    if out:
        print("\n".join(out))
    return EXIT_OK


def _cmd_tokenize(args: argparse.Namespace) -> int:
    from .tokenizers import tokenize

    texts = _inputs(args.text)
    try:
        out = [" ".join(tokenize(text, args.lang, args.mode)) for text in texts]
    except (KeyError, ValueError) as exc:
        raise AnswermatchError(_reason(exc)) from None
    if out:
        print("\n".join(out))
    return EXIT_OK


def _reason(exc: BaseException) -> str:
    """An exception's message (a ``KeyError`` quotes its key)."""
    return str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)


def _cmd_tasks(args: argparse.Namespace) -> int:
    from .errors import UnknownTaskError
    from .tasks import available_tasks, get_task

    described = []
    for name in available_tasks():
        try:
            described.append(get_task(name).describe())
        except UnknownTaskError as exc:  # a broken plugin: say so, list the others
            print(f"answermatch: warning: {exc}", file=sys.stderr)
    if args.json:
        print(json.dumps(described, ensure_ascii=False, indent=1))
        return EXIT_OK
    for task in described:
        print(f"{task['name']}: {task['summary']}")
        print(f"  profiles: {', '.join(task['profiles'])}")
        for key, text in task["options"].items():
            print(f"  option {key}: {text}")
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    check_task(args)
    if sys.stdout is None:  # started with standard output closed: the results would be lost
        _error("standard output is closed: nowhere to write the results")
        return EXIT_USAGE
    pred = getattr(args, "pred", None)
    if isinstance(pred, str):  # "-": standard input (a pipe, read once)
        args.pred = STDIN if pred == "-" else pred
    elif pred is not None:  # --pred given once per system
        args.pred = [STDIN if name == "-" else name for name in pred]
    quiet = getattr(args, "quiet", False)
    with warnings.catch_warnings(), _terminated_on_signals():
        warnings.simplefilter("ignore" if quiet else "always", AnswermatchWarning)
        warnings.showwarning = _show_once()
        from .sources import holding, reading_progress

        # the one place that decides it: every command draws a bar while it
        # reads a large input (on a terminal), unless --quiet
        token = reading_progress.set(not quiet)
        try:
            with holding():  # a pipe given as an input is read once, and held for the run
                status = args.func(args)
            sys.stdout.flush()
            return status
        except AnswermatchError as exc:
            _error(str(exc))
            return EXIT_USAGE
        except KeyboardInterrupt:
            _error("interrupted", kind="")
            return EXIT_INTERRUPTED
        except _Terminated as exc:
            _error(f"terminated by {exc.name}", kind="")
            return 128 + exc.signum
        except MemoryError:
            _error(
                "out of memory: the inputs are too large for this machine (score them in parts "
                "with answermatch.Scorer, or on a machine with more memory)"
            )
            return EXIT_USAGE
        except BrokenPipeError:  # the reader stopped reading (| head): not an error
            _silence_stdout()
            return EXIT_OK
        except OSError as exc:  # standard output failed (a full device...)
            _silence_stdout()
            where = exc.filename if exc.filename is not None else "standard output"
            _error(f"cannot write to {where}: {exc.strerror or exc}")
            return EXIT_USAGE
        finally:
            reading_progress.reset(token)


def _error(message: str, kind: str = "error: ") -> None:
    if sys.stderr is not None:
        with suppress(OSError):
            print(f"answermatch: {kind}{message}", file=sys.stderr)


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's
    last flush of what could not be written does not fail again at exit."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture)
        pass


class _Terminated(BaseException):
    """SIGTERM or SIGHUP arrived: unwinds like Ctrl-C, so that an output
    file being written is removed (:func:`answermatch.outputs.write_output`)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


@contextmanager
def _terminated_on_signals() -> Iterator[None]:
    """While the command runs, SIGTERM and SIGHUP raise :class:`_Terminated`
    (set only by the command line, in the main thread; the library sets no
    signal handler)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    wanted = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    previous = {}

    def handler(signum: int, frame: object) -> None:
        raise _Terminated(signum)

    for signum in wanted:
        previous[signum] = signal.signal(signum, handler)
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)


def _show_once():
    """A ``warnings.showwarning`` printing each distinct warning once per run
    (``report`` and ``compare`` read one file under several profiles)."""
    shown: set[str] = set()

    def show(message, category, filename, lineno, file=None, line=None) -> None:
        text = str(message)
        if text not in shown:
            shown.add(text)
            print(f"answermatch: warning: {text}", file=sys.stderr)

    return show


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
