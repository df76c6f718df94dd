"""Reproducibility signatures, in the spirit of sacreBLEU's.

A signature is ``key:value`` fields joined by ``|``. Two runs with the same
signature give the same numbers.

>>> make_signature("xor-full", "official", norm="xor-full",
...                tokenizers={"ja": "mecab(fugashi=1.5.2,unidic-lite=1.0.8)"},
...                version="0.1.0", unicode="14.0.0")
'task:xor-full|profile:official|norm:xor-full|unicode:14.0.0|tok.ja:mecab(fugashi=1.5.2,unidic-lite=1.0.8)|version:0.1.0'

A normalization depends on the Unicode tables of the running Python (case
folding, NFKC, character categories), so the signature names their version
(``unicodedata.unidata_version``) whenever it names a normalization.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from ._version import __version__


def make_signature(
    task: str,
    profile: str,
    *,
    norm: str | None = None,
    tokenizers: Mapping[str, str] | None = None,
    extra: Mapping[str, object] | None = None,
    version: str = __version__,
    unicode: str = unicodedata.unidata_version,
) -> str:
    """Build a signature; ``tokenizers`` maps a language to its tokenizer's
    :meth:`signature`, ``extra`` adds task-specific fields (in the given order)."""
    fields = [f"task:{task}", f"profile:{profile}"]
    if norm is not None:
        fields.append(f"norm:{norm}")
        if "unicode" not in (extra or {}):
            fields.append(f"unicode:{unicode}")
    for lang in sorted(tokenizers or {}):
        fields.append(f"tok.{lang}:{tokenizers[lang]}")  # type: ignore[index]
    for key, value in (extra or {}).items():
        fields.append(f"{key}:{value}")
    fields.append(f"version:{version}")
    return "|".join(fields)


def signature_fields(signature: str) -> dict[str, str]:
    """The ``key:value`` fields of a signature as a dict.

    >>> signature_fields("task:zalo2019|profile:official|average:micro|version:0.1.0")
    {'task': 'zalo2019', 'profile': 'official', 'average': 'micro', 'version': '0.1.0'}
    """
    fields: dict[str, str] = {}
    for part in signature.split("|"):
        key, _, value = part.partition(":")
        fields[key] = value
    return fields


def merge_signatures(signatures: list[str]) -> str:
    """One signature for results made of parts scored separately: the
    fields of every part (a part that met a language another did not adds
    its ``tok.LANG`` field); a field with two values is an error.

    >>> merge_signatures(["task:x|profile:official|tok.ja:mecab|version:1",
    ...                   "task:x|profile:official|tok.ko:words|version:1"])
    'task:x|profile:official|tok.ja:mecab|tok.ko:words|version:1'
    """
    from .errors import AnswermatchError

    if len(signatures) == 1:
        return signatures[0]
    merged: dict[str, str] = {}
    for signature in signatures:
        for key, value in signature_fields(signature).items():
            if merged.setdefault(key, value) != value:
                raise AnswermatchError(
                    f"parts scored differently cannot be merged: {key} is "
                    f"{merged[key]!r} in one and {value!r} in another"
                )
    head = [k for k in merged if not k.startswith("tok.") and k != "version"]
    position = next(
        (i for i, k in enumerate(head) if k not in ("task", "profile", "norm", "unicode")),
        len(head),
    )
    keys = head[:position] + sorted(k for k in merged if k.startswith("tok.")) + head[position:]
    if "version" in merged:
        keys.append("version")
    return "|".join(f"{k}:{merged[k]}" for k in keys)
