"""The backup a write makes is the replaced file under a second name (docs/rules.md#backups).

What must hold for that to be as safe as a copy: the backup ends up the only name of the old
file (so no later edit of anything changes it), it is 0600 like every backup, a write that
fails leaves no second name behind, and wherever a link cannot serve (a file with other names,
an explicit "back up now", bytes that are not the ones read) a copy is made instead.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from hermes_dash import FileProblem, MemoryStore, resolve_home
from hermes_dash.engine.io import atomic as _atomic


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_write_keeps_the_replaced_file_itself_as_its_only_name_and_private(store, write_mem):
    path = write_mem("memory", "first", mode=0o644)
    old = path.stat()
    result = store.add("memory", "second")
    backup = result.backup.path
    assert backup.stat().st_ino == old.st_ino  # no copy was written: the old file itself
    assert backup.stat().st_nlink == 1  # ... and no other name can change it
    assert backup.read_bytes() == b"first" and mode_of(backup) == 0o600
    assert path.stat().st_ino != old.st_ino and mode_of(path) == 0o644
    assert path.read_bytes() == "first\n§\nsecond".encode()


def test_a_file_with_another_hard_link_is_backed_up_by_a_copy(store, write_mem, home):
    path = write_mem("memory", "first")
    other = home / "team-copy.md"
    os.link(path, other)  # somebody's second name for the file
    result = store.add("memory", "second")
    backup = result.backup.path
    assert backup.stat().st_ino != other.stat().st_ino and backup.stat().st_nlink == 1
    with open(other, "r+b") as handle:  # an in-place edit through that name ...
        handle.write(b"FIRST")
    assert backup.read_bytes() == b"first"  # ... does not reach the backup


def test_back_up_now_is_a_copy_that_later_in_place_edits_do_not_reach(store, write_mem):
    path = write_mem("user", "likes tea")
    backup = store.backup("user")
    assert backup is not None and backup.path.stat().st_ino != path.stat().st_ino
    assert path.stat().st_nlink == 1
    with open(path, "r+b") as handle:
        handle.write(b"LIKES")
    assert backup.path.read_bytes() == b"likes tea"


@pytest.mark.parametrize("step", ["temp file", "rename"])
def test_a_failed_write_leaves_no_second_name_on_the_file(store, write_mem, home, monkeypatch, step):
    path = write_mem("memory", "first")
    before = path.stat()

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    if step == "temp file":
        monkeypatch.setattr(_atomic, "_write_temp", disk_full)
    else:
        monkeypatch.setattr(_atomic.os, "replace", disk_full)
    with pytest.raises(FileProblem, match="disk is full|No space"):
        store.add("memory", "second")
    after = path.stat()
    assert (after.st_ino, after.st_nlink, path.read_bytes()) == (before.st_ino, 1, b"first")
    assert sorted(p.name for p in (home / "memories").iterdir()) == ["MEMORY.md", "MEMORY.md.lock"]


def test_a_link_is_only_published_for_the_bytes_that_were_read(tmp_path):
    source = tmp_path / "MEMORY.md"
    source.write_bytes(b"what the file holds now")
    assert _atomic.link_exclusive(source, tmp_path / "b1", b"what was read earlier!!") is None
    (tmp_path / "taken").write_bytes(b"another backup")
    assert _atomic.link_exclusive(source, tmp_path / "taken", b"what the file holds now") is False
    assert _atomic.link_exclusive(source, tmp_path / "b2", b"what the file holds now") is True
    # Now the file has two names: a third is refused, so a copy would be made.
    assert _atomic.link_exclusive(source, tmp_path / "b3", b"what the file holds now") is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["MEMORY.md", "b2", "taken"]
    assert (tmp_path / "taken").read_bytes() == b"another backup"


def test_a_link_at_the_source_is_never_linked(tmp_path):
    real = tmp_path / "real.md"
    real.write_bytes(b"abc")
    link = tmp_path / "MEMORY.md"
    link.symlink_to(real)
    assert _atomic.link_exclusive(link, tmp_path / "b", b"abc") is None
    assert not (tmp_path / "b").exists() and real.stat().st_nlink == 1


def test_a_write_through_a_link_backs_up_the_links_target(home, tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "MEMORY.md").write_bytes(b"shared fact")
    (home / "memories").mkdir()
    (home / "memories" / "MEMORY.md").symlink_to(repo / "MEMORY.md")
    old = (repo / "MEMORY.md").stat().st_ino
    store = MemoryStore(resolve_home(home))
    result = store.add("memory", "new fact")
    assert (home / "memories" / "MEMORY.md").is_symlink()
    assert result.backup.path.read_bytes() == b"shared fact" and result.backup.path.stat().st_nlink == 1
    assert result.backup.path.stat().st_ino == old  # the target itself (same file system), not a copy
    assert (repo / "MEMORY.md").read_bytes() == "shared fact\n§\nnew fact".encode()


def test_a_backup_left_sharing_the_file_by_a_crash_is_reused_and_then_stands_alone(store, write_mem, home):
    """A crash between the backup's link and the rename leaves the file with two names."""
    path = write_mem("memory", "first", mode=0o644)
    leftover = home / "memories" / "MEMORY.md.bak.20261130-101010"
    os.link(path, leftover)
    result = store.add("memory", "second")
    assert result.backup is not None and result.backup.name == leftover.name
    assert leftover.read_bytes() == b"first" and leftover.stat().st_nlink == 1 and mode_of(leftover) == 0o600
    assert [b.name for b in store.backups("memory")] == [leftover.name]


def test_a_fifo_at_the_source_is_never_opened_for_long(tmp_path):
    fifo = tmp_path / "MEMORY.md"
    os.mkfifo(fifo)
    assert _atomic.link_exclusive(fifo, tmp_path / "b", b"") is None  # no writer: a blocking open would hang
    assert not (tmp_path / "b").exists()


def test_making_a_backup_private_never_follows_a_link_at_its_name(tmp_path):
    victim = tmp_path / "someone-elses.txt"
    victim.write_bytes(b"x")
    os.chmod(victim, 0o644)
    planted = tmp_path / "MEMORY.md.bak.20261130-101010"
    planted.symlink_to(victim)
    _atomic.make_private(planted)
    assert mode_of(victim) == 0o644
    real = tmp_path / "MEMORY.md.bak.20261130-101011"
    real.write_bytes(b"y")
    os.chmod(real, 0o644)
    _atomic.make_private(real)
    assert mode_of(real) == 0o600
