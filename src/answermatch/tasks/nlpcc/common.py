"""What the two NLPCC-ICCPOL 2016 tasks share.

>>> shown(10**5000)
'an integer of 5001 digits'
>>> shown("x" * 50)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"
"""

from __future__ import annotations

import math
from typing import Any

#: The language both tasks score.
LANGUAGES = ("zh",)

#: Longest text of a value quoted in a message.
SHOWN_CHARS = 40


def shown(value: Any) -> str:
    """``value`` as a message quotes it: its ``repr``, cut after
    :data:`SHOWN_CHARS` characters; a huge integer by its number of digits
    (Python refuses to print integers of more than 4,300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = math.floor(abs(value).bit_length() * math.log10(2)) + 1
        if 10 ** (digits - 1) > abs(value):  # the estimate may be one too high
            digits -= 1
        return f"an integer of {digits} digits"
    if isinstance(value, str) and len(value) > SHOWN_CHARS:
        return repr(value[:SHOWN_CHARS] + "...")
    text = repr(value)
    return text if len(text) <= SHOWN_CHARS + 2 else text[:SHOWN_CHARS] + "..."
