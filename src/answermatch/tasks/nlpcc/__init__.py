"""The NLPCC-ICCPOL 2016 open-domain Chinese QA shared task: its two tasks.

- :mod:`.kbqa`: knowledge-base QA (``nlpcc-kbqa``), answer sets scored as the
  organisers' ``Eva.exe`` does;
- :mod:`.dbqa`: document-based QA (``nlpcc-dbqa``), answer-sentence
  selection scored by MRR and MAP (the task guideline's formulas);
- :mod:`.common`: what the two share (how a profile object is named, how a
  doubtful value is shown in a message, the task's sources).

The ranking metrics both use are the library's, in :mod:`answermatch.ranking`.
"""
