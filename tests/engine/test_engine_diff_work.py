"""The entry diff is bounded by work: inputs that made difflib run for minutes or hours come
back within seconds with a coarser answer, and ordinary text gets exactly difflib's answer."""

from __future__ import annotations

import random
from difflib import SequenceMatcher

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hermes_dash.engine.views.diff import diff_entries
from hermes_dash.engine.views.diffwork import OutOfWork, Work, opcodes, ratio


def _ab(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("ab") for _ in range(n))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abc \n", max_size=60), st.text(alphabet="abc \n", max_size=60))
def test_counted_matching_gives_difflibs_own_answer(a: str, b: str) -> None:
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    assert ratio(a, b, Work(10**9)) == matcher.ratio()
    assert opcodes(a, b, Work(10**9)) == matcher.get_opcodes()


def test_past_its_budget_a_comparison_stops() -> None:
    rng = random.Random(1)
    with pytest.raises(OutOfWork):
        ratio(_ab(rng, 2000), _ab(rng, 2000), Work(1_000_000))  # this pair alone needs about 13 million steps


@pytest.mark.timeout(60)  # 200 x 200 such pairs: about 11 hours before the bound
def test_two_hundred_entries_of_random_a_b_each_side_come_back_coarse_and_quickly() -> None:
    rng = random.Random(2)
    old = [_ab(rng, 2000) for _ in range(200)]
    new = [_ab(rng, 2000) for _ in range(200)]
    diff = diff_entries(["Kept entry.", *old, "Last kept."], ["Kept entry.", *new, "Last kept."])
    assert diff.coarse
    # Coarse: no word detail, but every entry is accounted for, and the place rule still pairs
    # the 200 that took the place of 200 between the same unchanged neighbours.
    assert diff.counts == {"added": 0, "removed": 0, "changed": 200, "unchanged": 2}


@pytest.mark.timeout(60)  # about 25 s before the bound (a second a pair), minutes on a loaded machine
def test_five_long_look_alike_entries_each_side_come_back_quickly() -> None:
    rng = random.Random(3)
    diff = diff_entries([_ab(rng, 2000) for _ in range(5)], [_ab(rng, 2000) for _ in range(5)], in_place=False)
    assert diff.coarse and diff.counts["added"] == diff.counts["removed"] == 5


def test_every_entry_of_a_big_file_edited_still_gets_the_full_answer() -> None:
    words = "deploy staging server port config prefer small pull requests the of on".split()
    rng = random.Random(4)
    old = [f"Entry {i}: " + " ".join(rng.choice(words) for _ in range(12)) for i in range(200)]
    new = [e + " (checked)" for e in old]
    diff = diff_entries(old, new)
    assert not diff.coarse
    assert [(i.old, i.new) for i in diff.items] == list(zip(old, new))


def test_the_same_input_gives_the_same_answer_however_loaded_the_machine() -> None:
    rng = random.Random(5)
    old = [_ab(rng, 300) for _ in range(40)]
    new = [_ab(rng, 300) for _ in range(40)]
    assert diff_entries(old, new) == diff_entries(old, new)
