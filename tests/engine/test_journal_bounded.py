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


# -- what one line holds, and how a journal from outside is read (engine/io/journal.py) -------------------


def _line(**fields) -> str:
    return json.dumps({"at": "2026-12-01T10:00:00+00:00", "target": "memory", "action": "add", **fields}) + "\n"


def test_an_entry_with_a_lone_surrogate_is_named_by_its_bytes():
    import hashlib

    assert journal.digest("a\ud800b") == hashlib.sha256(b"a\xed\xa0\x80b").hexdigest()[:16]


def test_a_line_names_the_default_writer_or_hermes_dash(home: Path):
    memories = home / "memories"
    memories.mkdir(parents=True)
    before = journal._DEFAULT[0]  # the process's own default, put back after
    try:
        for name, said in (
            (lambda: "dashboard", "dashboard"),
            (lambda: "", "hermes-dash"),
            (lambda: 1 / 0, "hermes-dash"),
        ):
            journal.set_default_via(name)
            journal.record(memories, "memory", "add", "Entry added.", [], ["x"])
            assert journal.read(memories)[-1].via == said
        with journal.via("a page"):
            journal.record(memories, "memory", "add", "Entry added.", [], ["x"])
        assert journal.read(memories)[-1].via == "a page"
    finally:
        journal.set_default_via(before)
    at = json.loads((memories / journal.NAME).read_text().splitlines()[0])["at"]
    assert at.endswith("+00:00")  # an aware time in UTC, whatever the machine's zone


def test_rotation_waits_briefly_for_a_reader_and_never_rotates_under_another_writers_lock(home: Path, monkeypatch):
    import threading
    import time

    memories = home / "memories"
    memories.mkdir(parents=True)
    path = memories / journal.NAME
    monkeypatch.setattr(journal, "MAX_BYTES", 4096)
    pad = _line(message="x" * 100) * 40  # over the lowered bound: the next line rotates
    path.write_text(pad)
    # Another writer's shared lock, let go 50 ms later: the rotation waits for it, then happens.
    monkeypatch.setattr(journal, "ROTATE_WAIT_S", 10.0)
    fd = os.open(path, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_SH)
    threading.Timer(0.05, os.close, (fd,)).start()
    journal.record(memories, "memory", "add", "Entry added.", [], ["after the wait"])
    assert path.stat().st_size <= 4096 and journal.read(memories)[-1].added[0][1] == "after the wait"
    # A writer that keeps its exclusive lock: the line goes in without rotating, within the short wait.
    path.write_text(pad)
    monkeypatch.setattr(journal, "ROTATE_WAIT_S", 0.05)
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        start = time.monotonic()
        journal.record(memories, "memory", "add", "Entry added.", [], ["no rotation"])
        took = time.monotonic() - start
    finally:
        os.close(fd)
    assert path.read_text().startswith(pad) and path.read_text().count("\n") == 41
    assert took < 0.9  # one wait of 50 ms, in steps of 2 ms


def test_a_journal_that_is_a_link_is_not_read(home: Path, tmp_path: Path):
    memories = home / "memories"
    memories.mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere.jsonl"
    elsewhere.write_text(_line(message="planted"))
    (memories / journal.NAME).symlink_to(elsewhere)
    assert journal.read(memories) == []


def test_a_long_journal_is_read_up_to_twice_its_bound(home: Path):
    memories = home / "memories"
    memories.mkdir(parents=True)
    first = _line(message="first")
    pad = _line(message="p" * 1000)
    late = _line(message="late")
    count = (journal.MAX_BYTES * 2 - len(first)) // len(pad) + 10  # the late line starts past 2 x MAX_BYTES
    (memories / journal.NAME).write_text(first + pad * count + late)
    assert (memories / journal.NAME).stat().st_size < journal.MAX_BYTES * 3
    messages = [line.message for line in journal.read(memories)]
    assert messages[0] == "first" and "late" not in messages


def test_broken_lines_are_skipped_and_the_rest_read(home: Path):
    memories = home / "memories"
    memories.mkdir(parents=True)
    lines = [
        "[1]\n",
        _line(message="one"),
        _line(at="bogus"),
        _line(message="deep", extra=[[[[1]]]]),  # 5 levels: one more than a line has
        _line(message="long " + "x" * journal.MAX_LINE_CHARS),
        json.dumps({"at": "2026-12-01T10:00:00+00:00", "target": "memory", "action": "add"}) + "\n",
        _line(target="user", message="theirs"),
    ]
    (memories / journal.NAME).write_bytes(
        "".join(lines).encode()
        + b'{"at": "2026-12-01T10:00:00+00:00", "target": "memory", "action": "add", "message": "bad byte \xff"}\n'
    )
    read = journal.read(memories)
    assert [line.message for line in read] == ["one", "", "theirs", "bad byte \ufffd"]
    bare = read[1]
    assert (bare.via, bare.removed, bare.added, bare.staged_id, bare.origin) == ("", (), (), None, None)
    assert [line.message for line in journal.read(memories, "user")] == ["theirs"]
    assert [line.message for line in journal.read(memories, "memory")] == ["one", "", "bad byte \ufffd"]


def test_a_line_keeps_the_previews_of_what_it_took_out_and_put_in(store, home: Path):
    store.add("memory", "old fact")
    store.replace("memory", "old fact", "new fact")
    line = journal.read(home / "memories")[-1]
    assert line.removed == ((journal.digest("old fact"), "old fact"),)
    assert line.added == ((journal.digest("new fact"), "new fact"),)


def test_a_line_is_utf_8_as_people_read_it_and_a_lone_surrogate_does_not_fail_it(home: Path):
    memories = home / "memories"
    memories.mkdir(parents=True)
    journal.record(memories, "memory", "add", "Entry added.", [], ["café", "bad \ud800 half"])
    raw = (memories / journal.NAME).read_bytes()
    assert "café".encode() in raw and b"\\u00e9" not in raw
    assert [p for _, p in journal.read(memories)[0].added][0] == "café"


def test_recording_never_raises_whatever_the_folder(tmp_path: Path):
    journal.record(tmp_path / "no\0such", "memory", "add", "Entry added.", [], ["x"])  # the OS refuses the name
    journal.record(tmp_path / "missing", "memory", "add", "Entry added.", [], ["x"])


def test_a_journal_others_may_read_is_made_private_on_the_next_line(home: Path):
    memories = home / "memories"
    memories.mkdir(parents=True)
    path = memories / journal.NAME
    path.write_text(_line(message="old"))
    os.chmod(path, 0o644)
    journal.record(memories, "memory", "add", "Entry added.", [], ["x"])
    assert (path.stat().st_mode & 0o777) == 0o600


def _one_line_size(tmp_path: Path) -> int:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    journal.record(scratch, "memory", "add", "Entry added.", [], ["x"])
    return (scratch / journal.NAME).stat().st_size


def test_rotation_starts_one_byte_past_the_bound_and_keeps_the_newer_half_from_a_whole_line(
    home: Path, tmp_path: Path, monkeypatch
):
    memories = home / "memories"
    memories.mkdir(parents=True)
    path = memories / journal.NAME
    monkeypatch.setattr(journal, "MAX_BYTES", 4096)
    size = _one_line_size(tmp_path)
    pad = [f"{i:09d}\n".encode() for i in range(1000)]
    # Exactly at the bound with the new line: no rotation.
    old = b"".join(pad)[: 4096 - size]
    path.write_bytes(old)
    journal.record(memories, "memory", "add", "Entry added.", [], ["x"])
    assert path.stat().st_size == 4096 and path.read_bytes().startswith(old)
    # One byte more: the newer half is kept, from its first whole line, then the new line.
    old = b"".join(pad)[: 4096 - size + 1]
    path.write_bytes(old)
    journal.record(memories, "memory", "add", "Entry added.", [], ["x"])
    tail = old[len(old) - 2048 :]
    assert path.read_bytes()[:-size] == tail[tail.find(b"\n") + 1 :]
    # A last line with no newline in the half kept (a cut line): nothing of it is kept.
    path.write_bytes(b"y" * 4096)
    journal.record(memories, "memory", "add", "Entry added.", [], ["x"])
    assert path.stat().st_size == size


def test_rotation_never_happens_under_another_readers_shared_lock(home: Path, monkeypatch):
    memories = home / "memories"
    memories.mkdir(parents=True)
    path = memories / journal.NAME
    monkeypatch.setattr(journal, "MAX_BYTES", 4096)
    pad = _line(message="x" * 100) * 40
    path.write_text(pad)
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH)  # a rotation needs the journal to itself
        journal.record(memories, "memory", "add", "Entry added.", [], ["x"])
    finally:
        os.close(fd)
    assert path.read_text().startswith(pad) and path.read_text().count("\n") == 41
