"""One reader per file format, shared by the tasks whose files have it.

A module here reads a format (its layouts, its checks, the line of each
item) into typed items and names no task; a task adds its own quirks on
top (which keys it also accepts, what it warns about, what it scores).

* :mod:`answermatch.formats.answers`: the shapes datasets give a question's
  answers (a list, a string, TriviaQA's aliases, SQuAD's texts).
* :mod:`answermatch.formats.squad`: the SQuAD JSON layout and the Hugging
  Face ``datasets`` rows of it (SQuAD v1.1/v2.0, MLQA, XQuAD, CMRC 2018,
  DRCD, KorQuAD).
"""
