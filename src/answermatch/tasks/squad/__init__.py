"""The SQuAD family: SQuAD v1.1 and v2.0 (``squad``, ``squad-v2``) and MLQA
(``mlqa``, :mod:`answermatch.tasks.squad.mlqa`: SQuAD v1.1's scorer with
per-language rules), which share the SQuAD-format reading, rules and scoring.

See :mod:`answermatch.tasks.squad.tasks` for the SQuAD tasks,
:mod:`~answermatch.tasks.squad.rules` for the normalization rules and the
``fair`` switches, :mod:`~answermatch.tasks.squad.reading` for the input
shapes and :mod:`~answermatch.tasks.squad.v2` for SQuAD v2.0's thresholds.
"""

from .tasks import PROFILES, PROFILES_V2, SpanTask, Squad, SquadV2

__all__ = ["PROFILES", "PROFILES_V2", "SpanTask", "Squad", "SquadV2"]
