"""Build configuration beyond pyproject.toml: the optional compiled n-gram
counter of answermatch.bleu. ``optional=True``: where it cannot be built (no
C compiler, no Python headers) the install goes on without it and
answermatch uses its pure-Python path, which gives the same results."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("_answermatch_ngrams", sources=["csrc/ngrams.c"], optional=True),
    ]
)
