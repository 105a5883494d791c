"""A saint's name and the place named after the saint: "St Oswald" written where the workspace names "St
Oswald's" (the church, school or hospital) is that place ("the St Oswald's tower open evening" read as "St
Oswald" before a noun). Pure; linear in the names."""

from __future__ import annotations

__all__ = ["fold_saints"]

#: How a saint's name opens (entity keys are case-folded).
_SAINT = ("st ", "st. ", "saint ")


def fold_saints(out: dict[str, str]) -> None:
    """Fold into ``out`` each saint's name alone ("st oswald") into the one possessive the workspace names as
    an entity ("st oswald's"), where it names no other entity of its own."""
    for key in [
        k for k, v in out.items() if v == k and k.startswith(_SAINT) and not k.endswith(("'s", "’s"))
    ]:
        owners = {out[p] for p in (f"{key}'s", f"{key}’s") if p in out}
        if len(owners) == 1:
            out[key] = owners.pop()
