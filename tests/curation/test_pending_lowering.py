"""A staged ``patch`` lowered to the pinned replace the store applies (curation/pending/lowering),
and each pinned operation checked against the file now: every refusal in the store's own words,
prefixed with the operation it comes from inside a batch."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_dash import AmbiguousMatch, EntryChanged, InvalidRequest, NoMatch, Operation
from hermes_dash.curation import pending as _pending

PG = "Tests need Postgres 16 on port 5433."
PG_NOW = "Tests need Postgres 16 on port 6543."
TEA = "The user drinks green tea."
ENTRIES = [PG, TEA]


def _batch(*parts: Operation) -> Operation:
    return Operation("batch", operations=parts)


def test_a_patch_is_the_whole_entry_replaced_and_pinned():
    assert _pending.lower(ENTRIES, Operation("patch", "5434", "5433")) == Operation(
        "replace", "Tests need Postgres 16 on port 5434.", PG, PG
    )


@pytest.mark.parametrize(
    "part,message,hint",
    [
        (
            Operation("patch", "x", "   "),
            "The text to replace inside the entry is empty.",
            "Give the piece of the entry to replace (old_text).",
        ),
        (
            Operation("patch", "  ", "5433"),
            "The new text is empty.",
            "A patch puts new text in place of old text; to delete the entry, use remove.",
        ),
        (
            Operation("patch", "5434", "5999", PG),
            "The entry this patch is pinned to does not contain '5999'.",
            "Edit the text to replace so that it is a piece of that entry, or reject the patch.",
        ),
    ],
    ids=["no-old-text", "no-new-text", "pin-lacks-old-text"],
)
def test_a_patch_that_cannot_be_lowered_says_why_and_which_operation(part, message, hint):
    with pytest.raises((InvalidRequest, NoMatch)) as alone:
        _pending.lower(ENTRIES, part)
    assert (alone.value.message, alone.value.hint) == (message, hint)
    with pytest.raises((InvalidRequest, NoMatch)) as inside:
        _pending.lower(ENTRIES, _batch(Operation("add", "A new fact."), part))
    assert (inside.value.message, inside.value.hint) == (f"Operation 2 (patch): {message}", hint)


def test_a_patch_pinned_to_a_gone_entry_meets_the_stores_own_refusal():
    part = Operation("patch", "5434", "Postgres", PG)
    with pytest.raises(EntryChanged) as alone:
        _pending.lower([PG_NOW, TEA], part)
    stores = (
        f"The entry this change was aimed at is no longer in the file as it was shown: {PG!r}; it now reads "
        f"{PG_NOW!r}. Nothing was changed."
    )
    assert alone.value.message == stores
    assert (alone.value.details["expected"], alone.value.details["current"]) == (PG, PG_NOW)
    with pytest.raises(EntryChanged) as inside:
        _pending.lower([PG_NOW, TEA], _batch(part))
    assert inside.value.message == f"Operation 1 (patch): {stores}"


def test_an_unpinned_patch_that_hits_several_entries_is_refused_with_its_position():
    entries = ["Port 5433 for tests.", "Port 5433 for staging."]
    with pytest.raises(AmbiguousMatch) as inside:
        _pending.lower(entries, _batch(Operation("add", "A new fact."), Operation("patch", "5434", "5433")))
    assert inside.value.message.startswith("Operation 2 (patch): '5433' is in 2 different entries")


def test_a_batch_of_patches_only_is_lowered_too():
    lowered = _pending.lower(ENTRIES, _batch(Operation("patch", "5434", "5433"), Operation("patch", "black", "green")))
    assert lowered == _batch(
        Operation("replace", "Tests need Postgres 16 on port 5434.", PG, PG),
        Operation("replace", "The user drinks black tea.", TEA, TEA),
    )


def test_a_batch_refused_at_one_operation_keeps_the_rest_as_staged():
    """The store then refuses the batch at that operation, in its own words; what follows is not lowered."""
    later = Operation("patch", "black", "green")
    lowered = _pending.lower(
        ENTRIES, _batch(Operation("patch", "5434", "5433"), Operation("remove", old_text="nowhere"), later)
    )
    assert lowered == _batch(
        Operation("replace", "Tests need Postgres 16 on port 5434.", PG, PG),
        Operation("remove", old_text="nowhere"),
        later,
    )


def _staged(*parts: tuple[Operation, str]) -> _pending.Staged:
    return _pending.Staged(
        "aaaa0001",
        Path("aaaa0001.json"),
        action="batch",
        ops=tuple(p for p, _ in parts),
        asked=tuple(a for _, a in parts),
    )


def test_pin_states_say_kept_or_what_is_in_the_pins_place_now():
    staged = _staged(
        (Operation("add", "A new fact."), ""),
        (Operation("replace", "x", TEA, TEA), "Tests"),  # kept (its old text now hits another entry: no matter)
        (Operation("replace", "x", PG, PG), "Postgres"),  # gone; "Postgres" hits its successor
        (Operation("remove", "", PG, PG), "MySQL"),  # gone; its old text hits nothing
        (Operation("remove", "", PG, PG), ""),  # gone; nothing to look for
    )
    assert _pending.pin_states(staged, [PG_NOW, TEA]) == (
        _pending.PinState(2, TEA, TEA, True),
        _pending.PinState(3, PG, PG_NOW, False),
        _pending.PinState(4, PG, None, False),
        _pending.PinState(5, PG, None, False),
    )


def test_a_gone_pin_whose_old_text_hits_several_entries_has_nothing_in_its_place():
    staged = _staged((Operation("replace", "x", PG, PG), "Postgres"))
    entries = [PG_NOW, "Staging runs Postgres 15."]
    assert _pending.pin_states(staged, entries) == (_pending.PinState(1, PG, None, False),)
