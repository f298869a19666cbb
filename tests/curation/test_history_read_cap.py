"""History reads the newest MAX_VERSIONS backups and MAX_VERSION_BYTES of them at most; the
older ones are counted and said, not read (a folder of thousands of backups read them all)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from cli_support import invoke, run

from hermes_dash import MemoryStore
from hermes_dash.curation import history as _history


def _backups(store: MemoryStore, count: int, size: int = 0) -> list[str]:
    """``count`` dated backups of MEMORY.md, a minute apart, oldest first: entry ``v<n>``."""
    start = datetime(2026, 11, 1, tzinfo=UTC)
    names = []
    for n in range(count):
        name = f"MEMORY.md.bak.{(start + timedelta(minutes=n)).strftime('%Y%m%d-%H%M%S')}"
        (store.home.memories_dir / name).write_text(f"v{n} " + "x" * size, encoding="utf-8")
        names.append(name)
    return names


def test_only_the_newest_versions_are_read(store: MemoryStore) -> None:
    store.add("memory", "live entry")
    for stray in store.home.memories_dir.glob("MEMORY.md.bak.*"):
        stray.unlink()
    names = _backups(store, _history.MAX_VERSIONS + 7)
    line = _history.timeline(store, "memory")
    assert line.not_read == 7
    assert [v.name for v in line.versions[:-1]] == names[7:]  # the newest, oldest first
    assert "7 older versions not read" in line.not_read_note
    assert [v.index for v in line.versions] == list(range(_history.MAX_VERSIONS + 1))


def test_the_versions_read_are_bounded_in_bytes(store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    store.add("memory", "live entry")
    for stray in store.home.memories_dir.glob("MEMORY.md.bak.*"):
        stray.unlink()
    names = _backups(store, 6, size=1000)
    monkeypatch.setattr(_history, "MAX_VERSION_BYTES", 3500)
    line = _history.timeline(store, "memory")
    assert line.not_read == 3 and [v.name for v in line.versions[:-1]] == names[3:]


def test_every_backup_is_read_when_they_fit(store: MemoryStore) -> None:
    store.add("memory", "one")
    store.add("memory", "two")
    line = _history.timeline(store, "memory")
    assert line.not_read == 0 and line.not_read_note == ""


@pytest.mark.timeout(180)
def test_history_command_says_what_it_did_not_read(store: MemoryStore) -> None:
    store.add("memory", "live entry")
    _backups(store, _history.MAX_VERSIONS + 2)
    code, out, err = run(store.home.root, "history", "memory")
    assert code == 0, err
    assert out["not_read"] >= 2 and len(out["versions"]) == _history.MAX_VERSIONS + 1
    text = invoke("history", "memory", home=store.home.root, timeout=120).stdout
    assert "older versions not read" in text
