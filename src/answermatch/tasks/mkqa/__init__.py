"""MKQA (apple/ml-mkqa): the ``mkqa`` task.

Everything about it lives here: :mod:`.rules` (normalization and tokens,
the profiles' switches), :mod:`.data` (the readers), :mod:`.figures` (the
per-language figures, the best threshold and the official rounding),
:mod:`.checks` (gold checks) and :mod:`.task` (the task itself).
"""

from __future__ import annotations

from .task import Mkqa

__all__ = ["Mkqa"]
