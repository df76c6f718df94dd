"""Check an installed answermatch (a wheel, or the sdist built on this machine).

By default the compiled n-gram counter (``answermatch._ngrams``, built from
``csrc/ngrams.c``) must be inside the installed package, load, and give the
matches and scores of the pure-Python count bit for bit: this runs the
module's doctests and the property tests of ``tests/test_bleu_compiled.py``
(a skip there is a failure here). With ``--pure`` the install must be one
without the counter (built where no C compiler was): ``accelerated()`` is
false and the doctests give the documented numbers.

Run it with the Python of the environment to check, from outside the source
tree, where pytest and hypothesis are installed too::

    python tools/check_wheel.py           # a wheel: the compiled counter runs
    python tools/check_wheel.py --pure    # an install without it

cibuildwheel runs it after building each wheel (``[tool.cibuildwheel]`` in
pyproject.toml), and so does ``tools/build_wheels.sh``.
"""

from __future__ import annotations

import argparse
import doctest
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROPERTY_TESTS = HERE.parent / "tests" / "test_bleu_compiled.py"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--pure", action="store_true", help="the install has no compiled counter (no compiler)"
    )
    pure = parser.parse_args(argv).pure

    import answermatch
    from answermatch import bleu

    package = Path(answermatch.__file__).resolve().parent
    if (HERE.parent / "src" / "answermatch") == package:
        print(
            f"answermatch is imported from the source tree {package}, not from an install: "
            "run this from outside the repository with an installed wheel",
            file=sys.stderr,
        )
        return 2
    built = sorted(path.name for path in package.glob("_ngrams.*"))
    print(
        f"answermatch {answermatch.__version__} on Python {sys.version.split()[0]} from {package}"
    )
    print(f"compiled counter: {', '.join(built) or 'none'}; accelerated() = {bleu.accelerated()}")

    failed = doctest.testmod(bleu, optionflags=doctest.ELLIPSIS).failed
    if pure:
        if built or bleu.accelerated():
            print("expected an install without the compiled counter", file=sys.stderr)
            return 1
        return 1 if failed else 0
    if not bleu.accelerated():
        print("the compiled counter is not in use: the wheel is broken", file=sys.stderr)
        return 1

    import pytest

    os.environ["CI"] = "1"  # tests/conftest.py: a skip fails, examples are derandomized
    # pythonpath= : never put the repository's src/ before the installed package
    code = pytest.main(["-q", "-p", "no:cacheprovider", "-o", "pythonpath=", str(PROPERTY_TESTS)])
    return 1 if failed or code else 0


if __name__ == "__main__":
    sys.exit(main())
