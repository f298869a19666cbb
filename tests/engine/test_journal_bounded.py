"""hermes-dash's journal never blocks a write, never writes through another name, and a hostile
line is skipped, not a traceback (docs/safety.md#one-reader)."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
from pathlib import Path

import pytest
from cli_support import run

from hermes_dash.engine.io import journal, outside


def test_a_journal_that_is_a_fifo_neither_blocks_add_nor_keeps_the_agents_lock(home: Path):
    memories = home / "memories"
    memories.mkdir(parents=True)
    os.mkfifo(memories / journal.NAME)
    try:
        code, out, err = run(home, "add", "memory", "fact one")  # the old open for writing waited for ever
    except subprocess.TimeoutExpired:
        pytest.fail("add blocked on the journal FIFO")
    assert code == 0 and out["success"], err
    assert (memories / "MEMORY.md").read_bytes() == b"fact one"
    # the agent's lock is free: its own flock is taken at once
    fd = os.open(memories / "MEMORY.md.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    finally:
        os.close(fd)
    assert journal.read(memories) == []


def test_a_journal_hard_linked_to_a_memory_file_gets_nothing(store, home: Path, read_mem, write_mem):
    write_mem("user", "about me")
    memories = home / "memories"
    os.link(memories / "USER.md", memories / journal.NAME)
    store.add("memory", "fact")
    assert read_mem("user") == b"about me"


def test_rotation_keeps_the_newer_half_read_through_the_same_descriptor(store, home: Path):
    memories = home / "memories"
    store.add("memory", "first")
    path = memories / journal.NAME
    with path.open("ab") as handle:
        handle.write((json.dumps({"pad": "x" * 1000}) + "\n").encode() * (journal.MAX_BYTES // 1000))
    store.add("memory", "second")
    assert path.stat().st_size <= journal.MAX_BYTES
    assert [line.action for line in journal.read(memories)] == ["add"]  # the newest line; "first" was rotated out


def test_a_deep_or_huge_line_is_skipped_and_the_good_lines_read(store, home: Path):
    memories = home / "memories"
    store.add("memory", "kept")
    with (memories / journal.NAME).open("a") as handle:
        handle.write("[" * 200_000 + "\n")
        handle.write(json.dumps({"at": "9999-12-31T23:59:59+00:00", "target": "memory", "action": "add"}) + "\n")
        handle.write(
            '{"at": "2026-01-01T00:00:00+00:00", "target": "memory", "action": "add", "n": 1' + "0" * 5000 + "}\n"
        )
    lines = journal.read(memories)
    assert [line.added[0][1] for line in lines] == ["kept"]


def test_blame_and_history_read_past_a_deep_journal_line(home: Path):
    (home / "memories").mkdir(parents=True)
    code, _, err = run(home, "add", "memory", "fact one")
    assert code == 0, err
    with (home / "memories" / journal.NAME).open("a") as handle:
        handle.write("[" * 200_000 + "\n")
    for command in (["blame", "memory"], ["history", "memory"]):
        code, out, err = run(home, *command)
        assert code == 0 and "RecursionError" not in err, err


def test_values_from_outside_are_bounded_where_parsed():
    with pytest.raises(outside.OutsideValue, match="nests more than 32 levels"):
        outside.loads("[" * 200_000)
    assert outside.json_depth('[{"a": [1, "]]]"]}, []]') == 3 and outside.json_depth("[" * 50, stop_past=5) == 6
    with pytest.raises(outside.OutsideValue, match="not JSON"):  # one pass: an unterminated string is not
        outside.loads('"' + 'a\\"' * 200_000)  # rescanned from every escaped quote (quadratic)
    with pytest.raises(outside.OutsideValue, match="digits"):
        outside.loads("1" * 5000)
    assert outside.loads('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}') == {"a": "[" * 40}
    assert outside.time_from_epoch(99999999999999) is None
    assert outside.time_from_epoch("1e308") is None and outside.time_from_epoch(float("nan")) is None
    assert outside.time_from_epoch(-1) is None and outside.time_from_epoch(True) is None
    assert outside.time_from_epoch(1_700_000_000).year == 2023
    assert outside.time_from_iso("9999-12-31T23:59:59") is None
    assert outside.time_from_iso("2026-12-01T17:42:00").tzinfo is not None
    assert outside.time_from_iso("x" * 100) is None


def test_an_append_waits_at_most_briefly_for_another_writers_rotation(store, home: Path):
    import time

    memories = home / "memories"
    store.add("memory", "first")
    fd = os.open(memories / journal.NAME, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # another writer, stuck in the middle of a rotation
        start = time.monotonic()
        store.add("memory", "second")
        assert time.monotonic() - start < 5  # the 50 ms wait, then the line goes in without the lock
    finally:
        os.close(fd)
    assert [line.added[0][1] for line in journal.read(memories)] == ["first", "second"]


def test_each_committed_write_leaves_one_line_naming_its_file_action_and_reply(store, home: Path):
    store.add("memory", "Fact one.")
    store.add("user", "Name: Sam.")
    moved = store.move("memory", "Fact one.", "user")
    lines = journal.read(home / "memories")
    assert [(line.target, line.action, line.message) for line in lines] == [
        ("memory", "add", "Entry added."),
        ("user", "add", "Entry added."),
        ("user", "add", moved.first.message),
        ("memory", "remove", moved.second.message),
    ]
    assert lines[-1].took_out("Fact one.") and lines[-2].put_in("Fact one.")
