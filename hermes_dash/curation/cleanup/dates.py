"""A date that is over: an entry that says a state holds "until March 2025", or a thing happens
"by Q3 2025", is evidence once that time has passed (the freeze ended, the migration is done or
late). Only words that set an end or a deadline count: "since 2020" or "moved in 2019" date a
fact that still holds, and are not evidence against it.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date

MONTHS = {m.lower(): n for n, m in enumerate(calendar.month_name) if m} | {
    m.lower(): n for n, m in enumerate(calendar.month_abbr) if m
}
_END = r"(?:until|till|til|through|thru|by|before|due|ends?|ending|expires?|deadline:?)"
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_WHEN = re.compile(
    rf"\b{_END}\s+(?:the\s+end\s+of\s+|end\s+of\s+|early\s+|mid[- ]|late\s+)?"
    rf"(?:(?P<month>{_MONTH})\.?\s+(?:(?P<day>\d{{1,2}})(?:st|nd|rd|th)?,?\s+)?(?P<my>\d{{4}})"
    rf"|(?P<q>[QH])(?P<qn>[1-4])\s*(?P<qy>\d{{4}})"
    rf"|(?P<iso>\d{{4}})-(?P<im>\d{{2}})(?:-(?P<id>\d{{2}}))?"
    rf"|(?P<year>\d{{4}}))\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class PastDate:
    """The words that set the end ("until March 2025") and the last day they cover."""

    words: str
    ends: date


def _last_day(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def _ends(m: re.Match[str]) -> date | None:
    try:
        if m["month"]:
            year, month = int(m["my"]), MONTHS[m["month"].lower()]
            return date(year, month, int(m["day"])) if m["day"] else _last_day(year, month)
        if m["q"]:
            span = 3 if m["q"].upper() == "Q" else 6
            n = int(m["qn"])
            if m["q"].upper() == "H" and n > 2:
                return None
            return _last_day(int(m["qy"]), n * span)
        if m["iso"]:
            year, month = int(m["iso"]), int(m["im"])
            return date(year, month, int(m["id"])) if m["id"] else _last_day(year, month)
        return date(int(m["year"]), 12, 31)
    except ValueError:  # no such day or month
        return None


def past_date(entry: str, today: date | None = None) -> PastDate | None:
    """The first end or deadline in ``entry`` that is over by ``today``; None when none is."""
    today = today or date.today()
    for m in _WHEN.finditer(entry):
        ends = _ends(m)
        if ends is not None and ends.year > 1900 and ends < today:
            return PastDate(m.group(0), ends)
    return None
