"""The answermatch metrics the ready lm-evaluation-harness configs beside
this file name with ``!function`` (see :mod:`answermatch.integrations.lm_eval`)."""

from answermatch.integrations.lm_eval import Metric

BOTH = ("official", "fair")

# XQuAD: SQuAD v1.1's rule in every language, as XTREME scores it.
xquad = Metric("squad", profiles=BOTH, scores=("exact_match", "f1"))
xquad_process_results = xquad.process_results
xquad_official_exact_match = xquad.aggregation("official", "exact_match")
xquad_official_f1 = xquad.aggregation("official", "f1")
xquad_fair_exact_match = xquad.aggregation("fair", "exact_match")
xquad_fair_f1 = xquad.aggregation("fair", "f1")

# MLQA: the official script's per-language rules (-o lang=xx).
mlqa = {
    lang: Metric("mlqa", profiles=BOTH, scores=("exact_match", "f1"), lang=lang)
    for lang in ("ar", "de", "en", "es", "hi", "vi", "zh")
}
for _lang, _metric in mlqa.items():
    globals()[f"mlqa_{_lang}_process_results"] = _metric.process_results
    for _profile in BOTH:
        for _score in ("exact_match", "f1"):
            globals()[f"mlqa_{_lang}_{_profile}_{_score}"] = _metric.aggregation(_profile, _score)

# SQuAD 2.0
squad_v2 = Metric("squad-v2", profiles=BOTH, scores=("exact", "f1"))
squad_v2_process_results = squad_v2.process_results
squad_v2_official_exact = squad_v2.aggregation("official", "exact")
squad_v2_official_f1 = squad_v2.aggregation("official", "f1")
squad_v2_fair_exact = squad_v2.aggregation("fair", "exact")
squad_v2_fair_f1 = squad_v2.aggregation("fair", "f1")

# XOR-TyDi XOR-Full: answers in the question's language, per language too.
XOR_LANGUAGES = ("ar", "bn", "fi", "ja", "ko", "ru", "te")
xor_full = Metric("xor-full", profiles=BOTH, scores=("f1", "em"), languages=XOR_LANGUAGES)
xor_full_process_results = xor_full.process_results
for _profile in BOTH:
    for _score in ("f1", "em"):
        globals()[f"xor_full_{_profile}_{_score}"] = xor_full.aggregation(_profile, _score)
        for _lang in XOR_LANGUAGES:
            globals()[f"xor_full_{_profile}_{_score}_{_lang}"] = xor_full.aggregation(
                _profile, _score, _lang
            )

# MKQA: one config per language; every document is scored as that language's
# row (the official script's rules and best no-answer threshold).
MKQA_LANGUAGES = (
    "ar", "da", "de", "en", "es", "fi", "fr", "he", "hu", "it", "ja", "km", "ko",
    "ms", "nl", "no", "pl", "pt", "ru", "sv", "th", "tr", "vi", "zh_cn", "zh_hk", "zh_tw",
)  # fmt: skip
for _lang in MKQA_LANGUAGES:
    _metric = Metric(
        "mkqa", profiles=BOTH, scores=("best_em", "best_f1"), key="example_id",
        fields={"lang": _lang},
    )  # fmt: skip
    globals()[f"mkqa_{_lang}_process_results"] = _metric.process_results
    for _profile in BOTH:
        for _score in ("best_em", "best_f1"):
            globals()[f"mkqa_{_lang}_{_profile}_{_score}"] = _metric.aggregation(_profile, _score)
