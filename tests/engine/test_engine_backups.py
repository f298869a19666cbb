"""Backups: which names are backups, how a new one is named (UTC, one second's sequence, never
an overwrite), that a link is never one, and that a write's backup is of its own file."""

from __future__ import annotations

from datetime import UTC

import pytest

from hermes_dash import MemoryStore, resolve_home


def test_only_the_two_memory_files_have_backups(tmp_path):
    from hermes_dash.engine.io.backups import parse_name

    for name in (
        "NOTES.md.bak.20261129",
        "MEMORY.md",
        "MEMORY.md.bak.",
        "MEMORY.mdbak.20261129",
        "USER.md.bak.2026112",
        "USER.md.bak.20261129-1200",
    ):
        assert parse_name(name, tmp_path) is None, name
    drift = parse_name("MEMORY.md.bak.1796000000", tmp_path)
    assert (drift.target, drift.style, drift.created.timestamp()) == ("memory", "drift", 1796000000)
    daily = parse_name("USER.md.bak.20261129", tmp_path)
    assert (daily.target, daily.style) == ("user", "daily")


def test_the_first_backup_of_a_second_has_the_plain_name_and_later_ones_sort_newer(tmp_path):
    from datetime import datetime

    from hermes_dash.engine.io.backups import create_dated, list_backups

    now = datetime(2026, 11, 29, 23, 5, 12, tzinfo=UTC)
    (tmp_path / "MEMORY.md.bak.20261129-230511-3").write_bytes(b"older second")  # another second's sequence
    first = create_dated(tmp_path, "memory", b"a", now=now)
    assert first.name == "MEMORY.md.bak.20261129-230512"
    first.path.unlink()  # retention took the plain name; "-1" is still there
    (tmp_path / "MEMORY.md.bak.20261129-230512-1").write_bytes(b"b")
    later = create_dated(tmp_path, "memory", b"c", now=now)
    assert later.name not in ("MEMORY.md.bak.20261129-230512", "MEMORY.md.bak.20261129-230512-1")
    assert list_backups(tmp_path, "memory")[0] == later and later.path.read_bytes() == b"c"


def test_backup_names_are_utc_whatever_the_local_time_zone(tmp_path, monkeypatch):
    import time
    from datetime import datetime

    from hermes_dash.engine.io.backups import create_dated

    monkeypatch.setenv("TZ", "Pacific/Kiritimati")  # UTC+14: another calendar day
    time.tzset()
    try:
        before = datetime.now(UTC).replace(microsecond=0)
        made = create_dated(tmp_path, "user", b"x")
        after = datetime.now(UTC)
    finally:
        monkeypatch.undo()
        time.tzset()
    assert before <= made.created <= after


def test_ten_thousand_backups_in_one_second_is_an_error_not_an_overwrite(tmp_path):
    from datetime import datetime

    from hermes_dash.engine.io.backups import Backup, create_dated

    now = datetime(2026, 11, 29, 23, 5, 12, tzinfo=UTC)
    last = Backup("MEMORY.md.bak.20261129-230512-9999", tmp_path, "memory", "dated", now, 9999)
    with pytest.raises(FileExistsError, match="^10,000 backups of MEMORY.md in one second$"):
        create_dated(tmp_path, "memory", b"x", now=now, existing=[last])
    assert list(tmp_path.iterdir()) == []


def test_a_backup_name_that_is_a_link_is_neither_listed_nor_read(tmp_path):
    from hermes_dash.engine.io.backups import list_backups, parse_name, read_backup

    secret = tmp_path / "elsewhere.txt"
    secret.write_bytes(b"not a backup")
    folder = tmp_path / "memories"
    folder.mkdir()
    (folder / "MEMORY.md.bak.20261129").symlink_to(secret)
    (folder / "USER.md.bak.20261129").write_bytes(b"real")
    assert [b.name for b in list_backups(folder)] == ["USER.md.bak.20261129"]
    with pytest.raises(Exception) as info:
        read_backup(parse_name("MEMORY.md.bak.20261129", folder))
    assert "link" in str(info.value).lower()
    assert read_backup(parse_name("USER.md.bak.20261129", folder)) == b"real"


def test_a_backup_now_is_of_its_own_file_even_when_the_other_has_the_same_bytes(home, write_mem):
    store = MemoryStore(resolve_home(home))
    write_mem("memory", "same")
    write_mem("user", "same")
    user_backup = store.backup("user")
    memory_backup = store.backup("memory")
    assert user_backup.target == "user" and memory_backup.target == "memory"
    assert memory_backup.name.startswith("MEMORY.md.bak.")
    assert store.backup("memory") == memory_backup  # nothing new when the newest has the bytes


def test_a_backup_that_cannot_be_written_is_a_refusal_naming_the_folder(home, write_mem, monkeypatch):
    import errno

    import hermes_dash.engine.io.atomic as atomic
    from hermes_dash import FileProblem

    write_mem("memory", "one")

    def no_link(src, dst):
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(atomic.os, "link", no_link)
    with pytest.raises(FileProblem) as info:
        MemoryStore(resolve_home(home)).add("memory", "two")
    assert info.value.message == f"Could not write {home / 'memories'}: Permission denied. Nothing was changed."


def test_a_failed_write_keeps_a_backup_that_was_already_there(home, write_mem, monkeypatch):
    import errno

    import hermes_dash.engine.io.atomic as atomic
    from hermes_dash import FileProblem

    store = MemoryStore(resolve_home(home))
    path = write_mem("memory", "one")
    kept = store.backup("memory")

    def full(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", full)
    with pytest.raises(FileProblem):
        store.add("memory", "two")
    monkeypatch.undo()
    assert kept.path.read_bytes() == b"one" and path.read_bytes() == b"one"
    assert [b.name for b in store.backups()] == [kept.name]
