"""Bridges to the tools evaluators already use: lm-evaluation-harness
(:mod:`answermatch.integrations.lm_eval`) and Hugging Face ``evaluate``
(:mod:`answermatch.integrations.hf_evaluate`). Each needs its own package
(extras ``lm-eval`` and ``hf-evaluate``) only when used."""
