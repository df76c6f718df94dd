"""The SQuAD family: SQuAD v1.1 and v2.0 (``squad``, ``squad-v2``), MLQA
(``mlqa``, :mod:`answermatch.tasks.squad.mlqa`: SQuAD v1.1's scorer with
per-language rules) and KorQuAD 1.0 (:mod:`answermatch.tasks.korquad`:
character F1) are one :class:`SpanTask` each with its own rules
(:class:`SpanRules`, each rule a function): one reader of the SQuAD layout
(:mod:`answermatch.formats.squad`), one scoring path
(:func:`~answermatch.tasks.squad.scoring.pair_scorer`: EM and F1 each the
maximum over the gold answers, summed in gold order), which CMRC 2018's
SQuAD-layout files share with their own F1.

See :mod:`answermatch.tasks.squad.tasks` for the SQuAD tasks,
:mod:`~answermatch.tasks.squad.rules` for the normalization rules and the
``fair`` switches, :mod:`~answermatch.tasks.squad.reading` for the input
shapes and :mod:`~answermatch.tasks.squad.v2` for SQuAD v2.0's thresholds.
"""

from .rules import SpanRules
from .tasks import PROFILES, PROFILES_V2, SpanTask, Squad, SquadV2

__all__ = ["PROFILES", "PROFILES_V2", "SpanRules", "SpanTask", "Squad", "SquadV2"]
