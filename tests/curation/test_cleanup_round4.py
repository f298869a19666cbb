"""Round four of the clean-up's contradictions (docs/cleanup.md#contradictions): each rule on a
case written for it, through ``cleanup.suggest`` on a real home, or on the values read."""

from __future__ import annotations

import pytest
from test_cleanup_kinds import FILLER, home_of

from hermes_dash.curation import cleanup
from hermes_dash.curation.cleanup.rarity import of as rarity_of
from hermes_dash.curation.cleanup.values import stem, values


def contradictions(tmp_path, older: str, newer: str) -> list[tuple[str, str, int | None]]:
    report = cleanup.suggest(home_of(tmp_path, [older, *FILLER, newer], ["Name: Sam."]))
    assert not [m for m in report.merges if {m.keep, m.drop} == {older, newer}]
    return [(c.first, c.second, c.newer) for c in report.contradictions]


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("The venue takes two weddings a day.", "The venue now takes one wedding a day."),
        ("Reverse proxy is Nginx on the gateway box.", "Replaced Nginx with HAProxy 2.9 in its own container."),
        ("Deploys run on Jenkins, about 10 min each.", "Jenkins was replaced by Buildkite for the deploys."),
        ("Search runs Elasticsearch 7.17.", "Search is on Elastic 8.13 now."),
        ("Kafka: MSK 3.5.", "Both MSK clusters were upgraded to 3.6 this spring."),
        ("Her invoices are checked by Tom Reyes.", "Tom retired; invoice checks now go to Priya Shah."),
        ("The editor at Faber is Ann Lee.", "Ann is away, so the novel is now edited by Ben Ode."),
        ("The garden party is on 14 June.", "The garden party was pushed back to 12 July."),
    ],
    ids=[
        "plural-of-an-ing-noun",
        "left-behind-name-links-the-subject",
        "x-was-replaced-by-y",
        "product-name-shortened",
        "product-named-in-the-other",
        "alternative-read-in-its-clause",
        "doer-and-doing",
        "change-verb-as-cue",
    ],
)
def test_one_subject_said_other_ways_is_a_contradiction_newer_first(tmp_path, older, newer):
    assert contradictions(tmp_path, older, newer) == [(newer, older, 0)]


@pytest.mark.parametrize(
    "pair",
    [
        ("Likes a deep clean of the fryer every 2 weeks.", "Fryer deep clean: every 3 weeks."),
        ("Orders DB: MySQL 8.0.", "The orders database runs MySQL 8.4."),
        ("The allotment is 250 m².", "The allotment is 300 square metres in all."),
        ("The bar seats 30.", "There are 40 seats at the bar."),
    ],
    ids=["head-named-after-the-opening-verb", "word-and-its-short-form", "area", "seats-before-and-after"],
)
def test_uncued_one_subject_is_shown_for_the_person_to_pick(tmp_path, pair):
    [(first, second, newer)] = contradictions(tmp_path, *pair)
    assert {first, second} == set(pair) and newer is None


def test_another_day_with_another_value_names_another_occasion(tmp_path):
    assert contradictions(tmp_path, "Saturday tours: £30 a head.", "Weekday tours: £22 a head.") == []


@pytest.mark.parametrize(
    ("one", "other"),
    [("Uploads stop at 2048 MB.", "Uploads stop at 2 GB."), ("Gates shut at half past eleven at night.", "23:30")],
    ids=["binary-size", "time-at-night"],
)
def test_one_value_written_two_ways_reads_as_one(one, other):
    assert {v.value for v in values(one)} == {v.value for v in values(other)}


def test_an_ip_address_is_no_version():
    assert not [v for v in values("The resolver is Unbound on 10.0.40.2.") if v.kind.startswith("version")]


def test_a_word_many_entries_use_is_not_rare_whatever_its_stem():
    entries = [f"Yoga classes run in room {n}." for n in range(5)]
    assert rarity_of(entries).rare({stem("classes")}) == frozenset()
