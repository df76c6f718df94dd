"""The answermatch metrics the ready lm-evaluation-harness configs beside
this file name with ``!function`` (see :mod:`answermatch.integrations.lm_eval`)."""

from answermatch.integrations.lm_eval import Metric

BOTH = ("official", "fair")


def _export(prefix: str, metric: Metric) -> None:
    """Name, for the configs' ``!function``, ``{prefix}_process_results`` and
    one ``{prefix}_{profile}_{score}[_{language}]`` aggregation per profile,
    score and language of ``metric`` (the language-less one pools every
    document), and ``{prefix}_{profile}_signature`` per profile."""
    names = globals()
    names[f"{prefix}_process_results"] = metric.process_results
    for profile in metric.profiles:
        names[f"{prefix}_{profile}_signature"] = metric.signature(profile)
        for score in metric.scores:
            names[f"{prefix}_{profile}_{score}"] = metric.aggregation(profile, score)
            for lang in metric.languages:
                names[f"{prefix}_{profile}_{score}_{lang}"] = metric.aggregation(
                    profile, score, lang
                )


# XQuAD: SQuAD v1.1's rule in every language, as XTREME scores it.
_export("xquad", Metric("squad", profiles=BOTH, scores=("exact_match", "f1")))

# MLQA: the official script's per-language rules (-o lang=xx).
for _lang in ("ar", "de", "en", "es", "hi", "vi", "zh"):
    _export(
        f"mlqa_{_lang}",
        Metric("mlqa", profiles=BOTH, scores=("exact_match", "f1"), lang=_lang),
    )

# SQuAD 2.0
_export("squad_v2", Metric("squad-v2", profiles=BOTH, scores=("exact", "f1")))

# XOR-TyDi XOR-Full: answers in the question's language, per language too.
XOR_LANGUAGES = ("ar", "bn", "fi", "ja", "ko", "ru", "te")
_export(
    "xor_full",
    Metric("xor-full", profiles=BOTH, scores=("f1", "em"), languages=XOR_LANGUAGES),
)

# MKQA: one config per language; every document is scored as that language's
# row (the official script's rules and best no-answer threshold).
MKQA_LANGUAGES = (
    "ar", "da", "de", "en", "es", "fi", "fr", "he", "hu", "it", "ja", "km", "ko",
    "ms", "nl", "no", "pl", "pt", "ru", "sv", "th", "tr", "vi", "zh_cn", "zh_hk", "zh_tw",
)  # fmt: skip
for _lang in MKQA_LANGUAGES:
    _export(
        f"mkqa_{_lang}",
        Metric(
            "mkqa", profiles=BOTH, scores=("best_em", "best_f1"), key="example_id",
            fields={"lang": _lang},
        ),
    )  # fmt: skip

# Open QA with generated answers (answermatch's own task): SQuAD exact match,
# containment and the lenient judge side by side, per language where the
# documents name theirs (the template _open_qa_template).
_export(
    "open_qa",
    Metric("open-qa", profiles=("official", "containment", "lenient"), scores=("accuracy",)),
)
