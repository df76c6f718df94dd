"""answermatch: multilingual QA metrics that reproduce the official scorers
(SQuAD, MLQA/XQuAD, MKQA, XOR-TyDi, CMRC 2018...), as a Hugging Face
``evaluate`` metric. The implementation lives in the installed answermatch
package (:mod:`answermatch.integrations.hf_evaluate.metric`)."""

from answermatch.integrations.hf_evaluate.metric import Answermatch  # noqa: F401
