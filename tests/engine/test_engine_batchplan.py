"""The batch editor's plan (engine/rules/batchplan.py): an edited copy of the entry list becomes one
pinned batch, applied by the store all or nothing, on a real temporary home."""

from __future__ import annotations

import pytest

from hermes_dash import EntryChanged, MemoryStore, Operation
from hermes_dash.engine.rules.batchplan import describe_batch, pin_batch, plan_batch
from hermes_dash.engine.rules.format import serialise


def test_an_edited_table_is_one_pinned_batch_the_store_applies(store: MemoryStore, write_mem, read_mem) -> None:
    original = ["Postgres", "Postgres 16 on 5433", "Redis on 6379", "Old note"]
    write_mem("memory", serialise(original))
    ops = plan_batch(original, {0: "  Postgres 17  ", 1: "Postgres 16 on 5433", 3: ""}, ["New note", "   ", ""])
    assert ops == [
        Operation("replace", "Postgres 17", "Postgres", expect_entry="Postgres"),
        Operation("remove", old_text="Old note", expect_entry="Old note"),
        Operation("add", "New note"),
    ]
    assert store.batch("memory", ops).changed
    assert read_mem("memory") == serialise(["Postgres 17", "Postgres 16 on 5433", "Redis on 6379", "New note"]).encode()


def test_rows_are_planned_in_their_order_whatever_order_the_edits_came_in() -> None:
    original = ["a1", "b2", "c3", "d4"]
    ops = plan_batch(original, {3: None, 2: "c!", 0: None, 1: "b!"})
    assert [(op.action, op.old_text) for op in ops] == [
        ("replace", "b2"),
        ("replace", "c3"),
        ("remove", "a1"),
        ("remove", "d4"),
    ]


def test_a_batch_pinned_to_what_the_table_showed_is_refused_when_the_agent_changed_that_entry(
    store: MemoryStore, write_mem, read_mem
) -> None:
    write_mem("memory", serialise(["Tests need Postgres.", "Name: Sam."]))
    ops = pin_batch([{"action": "replace", "old_text": "Tests need Postgres.", "content": "Tests need Postgres 17."}])
    assert ops == [
        Operation("replace", "Tests need Postgres 17.", "Tests need Postgres.", expect_entry="Tests need Postgres.")
    ]
    write_mem("memory", serialise(["Tests need Postgres 16.", "Name: Sam."]))  # the agent, meanwhile
    with pytest.raises(EntryChanged):
        store.batch("memory", ops)
    assert read_mem("memory") == serialise(["Tests need Postgres 16.", "Name: Sam."]).encode()


@pytest.mark.parametrize(
    "op,line",
    [
        (Operation("add", "a new\nfact"), "add: a new fact"),
        (Operation("remove", old_text="old\n  fact"), "remove: old fact"),
        (Operation("replace", "new", "old"), "replace: old  →  new"),
    ],
)
def test_each_operation_is_one_preview_line(op: Operation, line: str) -> None:
    assert describe_batch(op) == line


def test_a_preview_line_cuts_each_text_to_its_width() -> None:
    long = "x" * 100
    assert describe_batch(Operation("add", long)) == "add: " + "x" * 59 + "…"
    assert (
        describe_batch(Operation("replace", long, long), width=10) == "replace: " + "x" * 9 + "…  →  " + "x" * 9 + "…"
    )
