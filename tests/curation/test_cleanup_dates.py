"""A date that is over is evidence against an entry, when it sets an end or a deadline (Cleanup's
ranking, docs/cleanup.md#plan): "until March 2025", "by Q3 2025", "due 2026-11-30"; never a date
that starts a fact ("since 2020", "moved in 2019") or one still to come."""

from __future__ import annotations

from datetime import date

import pytest

from hermes_dash.curation.cleanup import past_date
from hermes_dash.curation.cleanup.planner import rank

TODAY = date(2026, 12, 4)


@pytest.mark.parametrize(
    ("entry", "words", "ends"),
    [
        ("Staging freeze until March 2025: no deploys.", "until March 2025", date(2025, 3, 31)),
        ("We are migrating by Q3 2025.", "by Q3 2025", date(2025, 9, 30)),
        ("Release due 2026-11-30.", "due 2026-11-30", date(2026, 11, 30)),
        ("Drop Python 3.9 by the end of 2025.", "by the end of 2025", date(2025, 12, 31)),
        ("Pinned until Nov 3, 2026 for the audit.", "until Nov 3, 2026", date(2026, 11, 3)),
    ],
)
def test_an_end_or_a_deadline_that_is_over(entry: str, words: str, ends: date) -> None:
    found = past_date(entry, TODAY)
    assert found is not None and (found.words, found.ends) == (words, ends)


@pytest.mark.parametrize(
    "entry",
    [
        "Since 2020 we deploy with make ship.",
        "Moved to Lisbon in 2019.",
        "Freeze until 2027.",
        "Pinned until Dec 15, 2026.",
        "Ship by H2 2026.",
        "Redis on port 6380 by default.",
    ],
)
def test_a_start_a_date_to_come_or_no_date_is_no_evidence(entry: str) -> None:
    assert past_date(entry, TODAY) is None


def test_a_dated_entry_ranks_before_the_entries_with_no_evidence() -> None:
    entries = ["Monorepo layout: services/ and libs/.", "Staging freeze until March 2025.", "Lint with ruff."]
    ranked = rank(entries, "memory", (), (), ())
    assert [c.entry for c in ranked][0] == "Staging freeze until March 2025."
    assert ranked[0].evidence == "dated in the past" and ranked[1].evidence == "no evidence"
