"""Wording shared by the command line and the pages, so both say an age the same way."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datetime import datetime

# A running agent session froze both files into its prompt when it started: a write reaches
# disk at once, but only sessions started after it see it.
NEXT_SESSION = "A running agent session does not see this change; the next session will."

_UNITS = (("day", 86400), ("hour", 3600), ("minute", 60))


def age(seconds: float | None) -> str:
    """``"3 days"``, ``"1 hour"``, ``"under a minute"``; ``""`` when unknown."""
    if seconds is None:
        return ""
    for unit, size in _UNITS:
        if seconds >= size:
            count = int(seconds // size)
            return n_of(count, unit)
    return "under a minute"


def ago(seconds: float | None) -> str:
    """``"3 days ago"``, ``"just now"``, ``"age unknown"``."""
    if seconds is None:
        return "age unknown"
    return "just now" if seconds < 60 else f"{age(seconds)} ago"


def n_entries(count: int) -> str:
    """``"1 entry"``, ``"18 entries"``."""
    return n_of(count, "entry", "entries")


def n_of(n: int, singular: str, plural: str | None = None) -> str:
    """``"1 step"``, ``"3 steps"``, ``"2 staged writes"``: a number with its noun agreeing,
    so no message falls back on "step(s)" or reads "1 entries"."""
    return f"{n:,} {agreeing(n, singular, plural or singular + 's')}"


def agreeing(n: int, one: str, many: str) -> str:
    """The word that agrees with a count of ``n``: ``agreeing(2, "holds", "hold")`` -> ``"hold"``
    (a verb or pronoun after ``n_of``, or a noun the count is not printed before)."""
    return one if n == 1 else many


def past_of(verb: str) -> str:
    """``"approve"`` -> ``"approved"``, ``"reject"`` -> ``"rejected"`` (not "rejectd")."""
    return verb + ("d" if verb.endswith("e") else "ed")


def iso_seconds(moment: datetime | None) -> str | None:
    """A moment as JSON output gives it (``2026-12-01T18:38:00+00:00``); None when unknown."""
    return moment.isoformat(timespec="seconds") if moment else None


__all__ = ["age", "ago", "iso_seconds", "n_entries", "n_of", "NEXT_SESSION", "past_of"]
