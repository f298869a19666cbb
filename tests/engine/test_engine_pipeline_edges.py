"""The write pipeline's edges: a backup that cannot be made refuses the write and names the
folder, and leaves the file as it was."""

from __future__ import annotations

import errno
import os

import pytest

from hermes_dash import FileProblem
from hermes_dash.engine.io import atomic as _atomic


def test_a_backup_that_cannot_be_made_refuses_the_write_naming_the_folder(store, write_mem, home, monkeypatch):
    path = write_mem("memory", "first")
    os.link(path, home / "team-copy.md")  # another name: the backup must be a copy, not a link
    real_fsync = os.fsync

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(_atomic.os, "fsync", full)
    with pytest.raises(FileProblem) as info:
        store.add("memory", "second")
    monkeypatch.setattr(_atomic.os, "fsync", real_fsync)
    memories = home / "memories"
    assert info.value.message == f"Could not write {memories}: No space left on device. Nothing was changed."
    assert info.value.details["errno"] == errno.ENOSPC
    assert path.read_bytes() == b"first" and sorted(p.name for p in memories.iterdir() if ".bak." in p.name) == []


def test_a_file_that_cannot_be_rewritten_is_refused_with_its_target_and_what_to_do(store, write_mem):
    path = write_mem("user", b"caf\xe9")
    with pytest.raises(FileProblem) as info:
        store.add("user", "x")
    assert info.value.message.startswith("USER.md: Not valid UTF-8: byte 0xe9 at offset 3")
    assert info.value.hint == "Nothing was changed. Fix the file (or restore a backup) first."
    assert info.value.target == "user" and path.read_bytes() == b"caf\xe9"


def test_a_writes_result_holds_the_entries_and_the_version_it_replaced(store, write_mem):
    from hermes_dash.engine.io.readfile import Fingerprint

    path = write_mem("memory", "first\n§\nsecond")
    before = Fingerprint.of(path.stat())
    result = store.add("memory", "third")
    assert result.before == ("first", "second") and result.after == ("first", "second", "third")
    assert result.fingerprint_before == before != Fingerprint.of(path.stat())


def test_each_file_has_its_own_limit(store):
    assert store.limit("memory") != store.limit("user")
    assert store.limit("user") == store.read("user").limit and store.limit("memory") == store.read("memory").limit


def test_a_single_write_that_keeps_the_entries_still_rewrites_the_file_in_clean_form(store, write_mem):
    path = write_mem("memory", b"first\r\n\xc2\xa7\r\nsecond")  # CRLF: the same entries, other bytes
    result = store.replace("memory", "first", "first")
    assert result.changed and result.message == "Entry replaced."
    assert path.read_bytes() == "first\n§\nsecond".encode()  # as the agent rewrites it after a write
