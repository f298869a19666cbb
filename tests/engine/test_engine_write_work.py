"""Work a write leaves out (docs/performance.md, the op rows): retention orders nothing while the
dated backups are within the limit, and a file is read in one call when it did not grow; each
with the case where the work is still done, so the shortcut cannot hide a missing step."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hermes_dash.engine.io import backups as _backups
from hermes_dash.engine.io import readfile
from hermes_dash.engine.store import MemoryStore

OLD = ["MEMORY.md.bak.20261101-000000", "MEMORY.md.bak.20261101-000001"]  # oldest first


@pytest.fixture
def keep_two(home: Path, write_mem, write_config) -> MemoryStore:
    write_config("dashboard:\n  backups_keep: 2\n")
    write_mem("memory", "live fact")
    return MemoryStore.open(home)


def _dated(home: Path) -> list[str]:
    return sorted(p.name for p in (home / "memories").iterdir() if p.name.startswith("MEMORY.md.bak.2"))


def test_a_write_within_the_limit_orders_no_backups_and_deletes_none(keep_two, home, write_mem, monkeypatch):
    write_mem(OLD[0], "older fact")
    ordered: list[int] = []
    real = _backups.retention_order
    monkeypatch.setattr(_backups, "retention_order", lambda listing, now=None: ordered.append(1) or real(listing, now))
    result = keep_two.add("memory", "second fact")
    assert ordered == []  # one old backup and the write's own: two, the limit
    assert _dated(home) == [OLD[0], result.backup.name]


def test_a_write_past_the_limit_orders_them_and_deletes_the_oldest(keep_two, home, write_mem, monkeypatch):
    for name in OLD:
        write_mem(name, f"fact of {name}")
    ordered: list[int] = []
    real = _backups.retention_order
    monkeypatch.setattr(_backups, "retention_order", lambda listing, now=None: ordered.append(1) or real(listing, now))
    result = keep_two.add("memory", "second fact")
    assert ordered == [1]
    assert _dated(home) == [OLD[1], result.backup.name]


def test_protected_backups_count_towards_the_limit_before_the_shortcut(home, write_mem, write_config):
    """keep 1: the write's own backup fills it, so the one old backup goes (nothing is skipped)."""
    write_config("dashboard:\n  backups_keep: 1\n")
    write_mem("memory", "live fact")
    write_mem(OLD[0], "older fact")
    result = MemoryStore.open(home).add("memory", "second fact")
    assert _dated(home) == [result.backup.name]


def _counting_reads(monkeypatch, most: int | None = None) -> list[int]:
    """os.read, recording each size asked for; ``most``: give at most that many bytes a call (a
    file system that answers with short reads)."""
    asked: list[int] = []
    real = os.read

    def read(fd: int, n: int) -> bytes:
        asked.append(n)
        return real(fd, n if most is None else min(n, most))

    monkeypatch.setattr(readfile.os, "read", read)
    return asked


def test_a_file_that_did_not_grow_is_read_in_one_call_of_its_size(tmp_path, monkeypatch):
    path = tmp_path / "MEMORY.md"
    path.write_bytes(b"x" * 5000)
    asked = _counting_reads(monkeypatch)
    assert readfile.read_regular(path, readfile.MAX_MEMORY_BYTES)[0] == b"x" * 5000
    assert asked == [5001]  # its size and one byte more: the short read is the end
    path.write_bytes(b"")
    asked.clear()
    assert readfile.read_regular(path, readfile.MAX_MEMORY_BYTES)[0] == b""
    assert asked == [1]


def test_short_reads_before_the_size_read_on_to_the_end(tmp_path, monkeypatch):
    path = tmp_path / "MEMORY.md"
    path.write_bytes(bytes(range(256)) * 20)
    asked = _counting_reads(monkeypatch, most=1000)
    assert readfile.read_regular(path, readfile.MAX_MEMORY_BYTES)[0] == bytes(range(256)) * 20
    assert len(asked) >= 6  # 5,120 bytes at most 1,000 a call: never taken as the end early


def test_a_file_past_the_bound_is_still_refused_when_read_in_one_call(tmp_path):
    path = tmp_path / "MEMORY.md"
    path.write_bytes(b"y" * 101)
    with pytest.raises(readfile.NotReadable, match="more than the 100 bytes"):
        readfile.read_regular(path, 100)
    assert readfile.read_regular(path, 100, start_only=True)[0] == b"y" * 100
