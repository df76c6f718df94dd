"""The NLPCC-ICCPOL 2016 open-domain Chinese QA shared task: its two tasks.

- :mod:`.kbqa`: knowledge-base QA (``nlpcc-kbqa``), answer sets scored as the
  organisers' ``Eva.exe`` does;
- :mod:`.dbqa`: document-based QA (``nlpcc-dbqa``), answer-sentence
  selection scored by MRR and MAP (the task guideline's formulas);
- :mod:`.common`: what the two share (their language, how a settings
  object is named, how a doubtful value is quoted in a message).

Both follow the task overview: Nan Duan, *Overview of the NLPCC-ICCPOL 2016
Shared Task: Open Domain Chinese Question Answering*, NLPCC-ICCPOL 2016,
LNCS 10102 (doi:10.1007/978-3-319-50496-4_89).

The ranking metrics both use are the library's, in :mod:`answermatch.ranking`.
"""
