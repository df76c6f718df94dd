"""Build configuration beyond pyproject.toml: the optional compiled n-gram
counter of answermatch.bleu, ``answermatch._ngrams`` (``csrc/ngrams.c``).

Wheels carry it built (``[tool.cibuildwheel]`` in pyproject.toml,
``tools/build_wheels.sh``). From the sdist it is built where a C compiler
and the Python headers are; where it cannot be built the install goes on
without it, says so, and answermatch uses its pure-Python count, which gives
the same results (``answermatch.bleu.accelerated()`` tells which one runs).
"""

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import BaseError, CCompilerError


class OptionalBuildExt(build_ext):
    """build_ext that turns a failed build of the optional counter into one
    clear message (setuptools' own for ``optional=True`` names no way out)."""

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except (BaseError, CCompilerError) as error:
            if not ext.optional:
                raise
            self.warn(
                f"answermatch: the optional compiled n-gram counter {ext.name} was not "
                f"built ({error}); answermatch is installed without it and counts "
                "BLEU n-grams in pure Python: the same results, more slowly. A C "
                "compiler and the Python headers give the compiled one."
            )


setup(
    ext_modules=[Extension("answermatch._ngrams", sources=["csrc/ngrams.c"], optional=True)],
    cmdclass={"build_ext": OptionalBuildExt},
)
