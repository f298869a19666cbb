"""The wording of ages, counts and past tenses that the pages and the command line share."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from hermes_dash.engine.views import humanize


def test_an_age_is_worded_in_its_largest_whole_unit_from_its_first_second() -> None:
    cases = {
        0: "under a minute",
        59.9: "under a minute",
        60: "1 minute",
        119.9: "1 minute",
        120: "2 minutes",
        3599: "59 minutes",
        3600: "1 hour",
        7199: "1 hour",
        86399: "23 hours",
        86400: "1 day",
        86400 * 2 - 1: "1 day",
        86400 * 40: "40 days",
    }
    assert {s: humanize.age(s) for s in cases} == cases
    assert humanize.age(None) == ""


def test_ago_is_just_now_below_a_minute_and_the_age_from_it() -> None:
    assert [humanize.ago(s) for s in (None, 0, 59.9, 60, 61, 7200)] == [
        "age unknown",
        "just now",
        "just now",
        "1 minute ago",
        "1 minute ago",
        "2 hours ago",
    ]


def test_counts_agree_with_their_noun_and_group_thousands() -> None:
    assert [humanize.n_entries(n) for n in (0, 1, 2, 1200)] == ["0 entries", "1 entry", "2 entries", "1,200 entries"]
    assert [humanize.n_of(n, "step") for n in (0, 1, 2, 1000)] == ["0 steps", "1 step", "2 steps", "1,000 steps"]
    assert [humanize.n_of(n, "entry", "entries") for n in (1, 3)] == ["1 entry", "3 entries"]


def test_past_tense_adds_d_after_an_e_else_ed() -> None:
    assert [humanize.past_of(v) for v in ("approve", "reject", "see", "add")] == [
        "approved",
        "rejected",
        "seed",
        "added",
    ]


def test_a_moment_is_given_to_the_second_with_its_offset() -> None:
    moment = datetime(2026, 12, 1, 18, 38, 0, 123456, tzinfo=timezone(timedelta(hours=1)))
    assert humanize.iso_seconds(moment) == "2026-12-01T18:38:00+01:00"
    assert humanize.iso_seconds(None) is None


def test_a_word_agrees_with_a_count_it_does_not_print() -> None:
    assert [humanize.agreeing(n, "holds", "hold") for n in (0, 1, 2, 1000)] == ["hold", "holds", "hold", "hold"]
    assert humanize.n_of(1, "stretch", "stretches") + " " + humanize.agreeing(1, "goes", "go") == "1 stretch goes"
