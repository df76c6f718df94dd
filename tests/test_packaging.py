"""What the package ships and how it builds, checked on a copy of the
repository with setuptools' own build backend (offline, no build isolation):
the sdist holds the package's sources and the optional compiled counter
``csrc/ngrams.c`` but no tests; the wheel built from that sdist holds the
package, with the counter ``answermatch._ngrams`` exactly where it is built
in this environment; with no C compiler the build still succeeds, says why,
and the wheel runs pure Python with the same numbers.

Every platform's wheels are built and checked by cibuildwheel
(``.github/workflows/wheels.yml``); ``tools/build_wheels.sh`` does it here.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

import answermatch
from answermatch import bleu

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "src" / "answermatch"
COUNTER = "answermatch/_ngrams" + sysconfig.get_config_var("EXT_SUFFIX")
NO_COMPILER_MESSAGE = "answermatch: the optional compiled n-gram counter answermatch._ngrams"
# what the repository holds beside the package and must not ship
NOT_SHIPPED = ("tests/", "examples/", "docs/", "benchmarks/", "tools/", ".ci/", ".github/")
IGNORED = shutil.ignore_patterns(
    ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", "*.so", "*.pyd",
    ".hypothesis", ".pytest_cache", ".ruff_cache", ".tox", "_build",
)  # fmt: skip


def backend(hook: str, source: Path, out: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run setuptools' PEP 517 hook ``build_sdist``/``build_wheel`` in
    ``source`` (in a child process: setuptools changes its process' state)."""
    code = f"from setuptools import build_meta; print(build_meta.{hook}({str(out)!r}))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=source,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done


@pytest.fixture(scope="module")
def sdist(tmp_path_factory) -> Path:
    """The sdist of a copy of the repository, unpacked."""
    tmp = tmp_path_factory.mktemp("packaging")
    shutil.copytree(REPO, tmp / "repo", ignore=IGNORED)
    built = backend("build_sdist", tmp / "repo", tmp / "dist").stdout.split()[-1]
    with tarfile.open(tmp / "dist" / built) as archive:
        archive.extractall(tmp / "unpacked", filter="data")
    (unpacked,) = (tmp / "unpacked").iterdir()
    return unpacked


def wheel_from(sdist: Path, out: Path, **env: str) -> tuple[list[str], str]:
    """The names in the wheel built from (a copy of) the unpacked sdist, and
    the build's output."""
    source = out / "source"
    shutil.copytree(sdist, source)
    done = backend("build_wheel", source, out, **env)
    with zipfile.ZipFile(out / done.stdout.split()[-1]) as archive:
        return archive.namelist(), done.stdout + done.stderr


def package_sources() -> set[str]:
    """The package's files in the repository, relative to src/."""
    return {
        path.relative_to(REPO / "src").as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".so", ".pyd")
    }


def test_accelerated_says_whether_the_counter_in_the_package_runs():
    spec = importlib.util.find_spec("answermatch._ngrams")
    if spec is None:
        assert not bleu.accelerated()
    else:  # built: it sits in the package and is used unless its interface differs
        # (the package's folder, or the install's when the tests run from src/:
        # see conftest.py)
        assert str(Path(spec.origin).parent) in answermatch.__path__
        module = importlib.import_module("answermatch._ngrams")
        assert bleu.accelerated() == (module.API == 2)
        assert bleu.accelerated() == (bleu._compiled_statistics is module.statistics)


def test_the_sdist_ships_the_package_and_the_counter_source_and_no_tests(sdist):
    names = {path.relative_to(sdist).as_posix() for path in sdist.rglob("*") if path.is_file()}
    assert {"csrc/ngrams.c", "setup.py", "pyproject.toml", "MANIFEST.in", "README.md"} <= names
    assert "LICENSE" in names
    assert {f"src/{name}" for name in package_sources()} <= names
    assert not [name for name in names if name.startswith(NOT_SHIPPED)]
    assert not [name for name in names if name.endswith((".so", ".pyd", ".pyc"))]
    assert "conftest.py" not in names


def test_the_wheel_from_the_sdist_holds_the_package_and_the_counter_built_here(sdist, tmp_path):
    names, _ = wheel_from(sdist, tmp_path)
    package = {n for n in names if not n.startswith("answermatch-") and not n.endswith("/")}
    counters = {name for name in package if name.startswith("answermatch/_ngrams")}
    # this environment built its counter as this wheel does (same compiler)
    assert counters == ({COUNTER} if bleu.accelerated() else set()), (
        f"the wheel built here holds {counters or 'no counter'} but the answermatch under "
        f"test has {'one' if bleu.accelerated() else 'none'}: an install older than the "
        "counter's move into the package, or built without a compiler? Reinstall it "
        "(pip install --no-deps --no-build-isolation -e .)"
    )
    assert package - counters == package_sources()  # nothing else: no csrc/, tests/, top level
    assert [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]


def test_without_a_compiler_the_build_succeeds_and_runs_pure_python(sdist, tmp_path):
    names, output = wheel_from(sdist, tmp_path, CC="false")
    assert not [name for name in names if name.startswith("answermatch/_ngrams")]
    assert NO_COMPILER_MESSAGE in output and "in pure Python: the same results" in output
    with zipfile.ZipFile(next(tmp_path.glob("answermatch-*.whl"))) as archive:
        archive.extractall(tmp_path / "pure")
    cases = [
        (["the cat sat on the mat"], "the cat sat on a mat"),
        (["東京都", "東京"], "東京都。"),
        (["abcd" * 40 + "é", "xyz"], "abcd" * 45),  # past the counter's stack buffers
        (["\U0001f600a\U0010ffff"], "\U0001f600a"),
    ]
    code = (
        "import json, sys, answermatch.bleu as b; cases = json.loads(sys.argv[1]); "
        "print(json.dumps([b.__file__, b.accelerated(), "
        "[b.sentence_bleu(r, h).hex() for r, h in cases]]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(cases)],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path / "pure")},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    where, accelerated, scores = json.loads(done.stdout)
    assert Path(where).is_relative_to(tmp_path / "pure") and accelerated is False
    assert scores == [bleu.sentence_bleu(r, h).hex() for r, h in cases]
