"""The clean-up plan's tally counts a step through the engine's one dispatcher, so what it counts
is what the batch that carries the step leaves (or refuses)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hermes_dash import Operation
from hermes_dash.curation.cleanup.model import Tally
from hermes_dash.engine.rules.format import usage
from hermes_dash.engine.rules.ops import Work, project

ENTRIES = ["port 8080 for the api", "tea, no sugar", "the repo lives in ~/src/app", "tea"]


def _batch_usage(entries: list[str], ops: list[dict[str, str]]) -> int | None:
    """The usage the engine's batch leaves, None when it refuses the batch."""
    shown = project(entries, Operation.batch(ops), 10**9)
    return None if shown.refusal is not None else usage(shown.after)


def test_the_tally_is_a_working_copy_of_the_engines_dispatcher():
    assert issubclass(Tally, Work)


def test_a_step_counts_its_text_as_the_batch_writes_it_stripped():
    ops = [{"action": "replace", "old_text": ENTRIES[1], "expect_entry": ENTRIES[1], "content": "  tea  "}]
    tally = Tally(ENTRIES)
    assert tally.apply(ops) is not None
    assert tally.usage == _batch_usage(ENTRIES, ops)


def test_a_step_the_batch_refuses_is_refused_and_changes_nothing():
    empty = [{"action": "replace", "old_text": ENTRIES[0], "expect_entry": ENTRIES[0], "content": "   "}]
    gone = [
        {"action": "remove", "old_text": ENTRIES[0], "expect_entry": ENTRIES[0]},
        {"action": "remove", "old_text": ENTRIES[0], "expect_entry": ENTRIES[0]},
    ]
    for ops in (empty, gone):
        tally = Tally(ENTRIES)
        assert _batch_usage(ENTRIES, ops) is None
        assert tally.apply(ops) is None and tally.usage == usage(ENTRIES)


def test_a_pinned_entry_inside_a_longer_one_is_hit_as_the_agent_hits_it():
    """'tea' is inside 'tea, no sugar': unpinned the agent finds two entries, pinned it takes 'tea'."""
    ops = [{"action": "remove", "old_text": "tea", "expect_entry": "tea"}]
    tally = Tally(ENTRIES)
    assert tally.apply(ops) is not None and tally.usage == _batch_usage(ENTRIES, ops)


def test_revert_takes_a_step_back_exactly():
    tally = Tally(ENTRIES)
    done = tally.apply(
        [
            {"action": "add", "content": "new fact"},
            {"action": "replace", "old_text": "tea", "expect_entry": "tea", "content": "coffee"},
        ]
    )
    assert done is not None and tally.usage != usage(ENTRIES)
    tally.revert(done)
    assert tally.usage == usage(ENTRIES) and +tally.count == +Tally(ENTRIES).count


texts = st.sampled_from(["a", "b", "a b", "ab", "b a", "c", "tea", "tea, no sugar", " c ", "a  b"])


@st.composite
def steps(draw):
    entries = ["kept: never touched"] + draw(st.lists(texts.map(str.strip), max_size=6))
    ops = []
    for _ in range(draw(st.integers(1, 4))):
        action = draw(st.sampled_from(["add", "replace", "remove"]))
        if action == "add":
            ops.append({"action": "add", "content": draw(texts)})
            continue
        aim = draw(st.sampled_from(entries[1:] or ["a"]) | texts.map(str.strip))
        op = {"action": action, "old_text": aim, "expect_entry": aim}
        if action == "replace":
            op["content"] = draw(texts | st.just("  "))
        ops.append(op)
    return entries, ops


@settings(max_examples=300, deadline=None)
@given(steps())
def test_any_pinned_step_counts_what_the_batch_leaves(case):
    entries, ops = case
    tally = Tally(entries)
    expected = _batch_usage(entries, ops)
    done = tally.apply(ops)
    assert (done is None) == (expected is None)
    assert tally.usage == (usage(entries) if expected is None else expected)
