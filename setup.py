"""Build configuration beyond pyproject.toml: the optional compiled parts,
the n-gram counter of answermatch.bleu, the JSON readers of
answermatch.formats.squad and answermatch.sources and the character deletion of
answermatch.normalization.deletion. ``optional=True``: where they cannot be built (no
C compiler, no Python headers) the install goes on without them and
answermatch uses its pure-Python paths, which give the same results."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("_answermatch_ngrams", sources=["csrc/ngrams.c"], optional=True),
        Extension("_answermatch_json", sources=["csrc/json_readers.c"], optional=True),
        Extension("_answermatch_text", sources=["csrc/text.c"], optional=True),
    ]
)
