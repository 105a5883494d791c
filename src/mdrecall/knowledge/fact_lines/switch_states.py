"""Is a thing switched on or off on a line ("Feature flag `dark_mode`: ON", "the heating is switched off",
"disabled the nightly export", "turned the porch light off")? Two lines naming one thing in opposite
states tell a change of it, though the later one says no word of change: read by
:func:`mdrecall.knowledge.changes.change_rules.pair_change`. Pure, English.
"""

from __future__ import annotations

import functools
import re

__all__ = ["switch_state", "switched"]

#: A thing put in use: "ON" written in capitals (a setting's value, not the preposition), "enabled",
#: "switched on", "turned on" (not "turned on to" a thing: taken with it).
_ON = re.compile(
    r"(?-i:\bON\b)|\b(?:re-?)?enabled?\b|\b(?:switched|turned|flipped)\s+(?:\S+\s+){0,3}?on\b(?!\s+to\b)",
    re.I,
)
#: A thing taken out of use: "OFF" in capitals, "disabled", "switched / turned / flipped (it) off".
_OFF = re.compile(
    r"(?-i:\bOFF\b)|\bdisabled?\b|\b(?:switched|turned|flipped)\s+(?:\S+\s+){0,3}?off\b",
    re.I,
)


@functools.lru_cache(maxsize=4096)
def switch_state(words: str) -> str | None:
    """``"on"`` or ``"off"`` where a line puts one thing in or out of use, None where it says neither or
    both ("enabled X, disabled Y": two things). Kept: a line is asked again for each line it is weighed
    against."""
    on, off = _ON.search(words) is not None, _OFF.search(words) is not None
    if on == off:
        return None
    return "on" if on else "off"


def switched(old: str, new: str) -> bool:
    """Does the later line ``new`` put in the opposite state what the older ``old`` states on or off
    ("Feature flag `beta_export`: ON" … "turned the beta_export flag off for everyone")? The lines' shared
    thing is the caller's to check."""
    a = switch_state(old)
    return a is not None and switch_state(new) not in (None, a)
