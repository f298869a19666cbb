"""The agent's drift copy (MEMORY.md.bak.<unix seconds>), saved under the lock when a write is
refused because the file was changed by hand: which copy the refusal names, and that a name
held by something that is not our plain file is never passed off as the copy."""

from __future__ import annotations

import time

import pytest

from hermes_dash import DriftDetected, MemoryStore, resolve_home

DRIFTED = "a\n\n§\nb".encode()
NOW = 1_800_000_000


@pytest.fixture
def clocked(home, write_mem, monkeypatch):
    """A drifted MEMORY.md, the clock stopped at NOW, and a later drift copy of other bytes (so
    the newest drift copy is not the one that holds these bytes)."""
    write_mem("memory", DRIFTED)
    monkeypatch.setattr(time, "time", lambda: NOW + 0.5)
    (home / "memories" / f"MEMORY.md.bak.{NOW + 100}").write_bytes(b"an older hand edit")
    return home / "memories"


def _refused_copy(home) -> str | None:
    with pytest.raises(DriftDetected) as info:
        MemoryStore(resolve_home(home)).remove("memory", "a")
    return info.value.details.get("backup")


def test_a_copy_already_saved_this_second_with_these_bytes_is_named(home, clocked, tree):
    (clocked / f"MEMORY.md.bak.{NOW}").write_bytes(DRIFTED)
    before = tree(home)
    assert _refused_copy(home) == f"MEMORY.md.bak.{NOW}"
    assert tree(home) == before


def test_a_link_at_this_seconds_name_is_not_taken_for_the_copy(home, clocked, tree):
    elsewhere = home / "elsewhere"
    elsewhere.write_bytes(DRIFTED)
    (clocked / f"MEMORY.md.bak.{NOW}").symlink_to(elsewhere)
    before = tree(home)
    with pytest.raises(DriftDetected) as info:
        MemoryStore(resolve_home(home)).remove("memory", "a")
    assert info.value.details.get("backup") is None
    assert info.value.message.endswith("Saving a copy failed; the file itself is unchanged.")
    assert tree(home) == before and (clocked / f"MEMORY.md.bak.{NOW}").is_symlink()
