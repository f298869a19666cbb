"""Wording shared by the command line and the pages, so both say an age the same way."""

from __future__ import annotations

_UNITS = (("day", 86400), ("hour", 3600), ("minute", 60))


def age(seconds: float | None) -> str:
    """``"3 days"``, ``"1 hour"``, ``"under a minute"``; ``""`` when unknown."""
    if seconds is None:
        return ""
    for unit, size in _UNITS:
        if seconds >= size:
            count = int(seconds // size)
            return f"{count} {unit}{'' if count == 1 else 's'}"
    return "under a minute"


def ago(seconds: float | None) -> str:
    """``"3 days ago"``, ``"just now"``, ``"age unknown"``."""
    if seconds is None:
        return "age unknown"
    return "just now" if seconds < 60 else f"{age(seconds)} ago"


def entries(count: int) -> str:
    """``"1 entry"``, ``"18 entries"``."""
    return f"{count:,} entr{'y' if count == 1 else 'ies'}"
