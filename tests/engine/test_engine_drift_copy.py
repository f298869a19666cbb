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


def test_a_drift_refusal_says_when_its_copy_could_not_be_saved(home, write_mem, monkeypatch):
    import errno

    import hermes_dash.engine.io.atomic as atomic
    from hermes_dash import DriftDetected

    write_mem("user", "a\n\n§\nb")

    def no_link(src, dst):
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(atomic.os, "link", no_link)
    with pytest.raises(DriftDetected) as info:
        MemoryStore(resolve_home(home)).remove("user", "a")
    assert info.value.message.endswith("so nothing was changed. Saving a copy failed; the file itself is unchanged.")
    assert info.value.target == "user" and info.value.details.get("backup") is None


def test_two_drift_refusals_in_one_second_share_one_copy(home, write_mem, monkeypatch):
    import time

    from hermes_dash import DriftDetected

    write_mem("memory", "a\n\n§\nb")
    monkeypatch.setattr(time, "time", lambda: 1_800_000_000.5)
    names = []
    for _ in range(2):
        with pytest.raises(DriftDetected) as info:
            MemoryStore(resolve_home(home)).remove("memory", "a")
        names.append(info.value.details["backup"])
    assert names == ["MEMORY.md.bak.1800000000"] * 2
    write_mem("memory", "a\n\n§\nc")  # same second, other bytes: a dated copy
    with pytest.raises(DriftDetected) as info:
        MemoryStore(resolve_home(home)).remove("memory", "a")
    assert info.value.details["backup"].startswith("MEMORY.md.bak.2") and "-" in info.value.details["backup"]


def test_a_drifted_file_refused_again_reuses_its_drift_copy(home, write_mem, monkeypatch):
    import time

    from hermes_dash import DriftDetected

    write_mem("memory", "a\n\n§\nb")
    clock = [1_800_000_000.0]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    names = []
    for step in range(2):
        clock[0] += 10 * step
        with pytest.raises(DriftDetected) as info:
            MemoryStore(resolve_home(home)).remove("memory", "a")
        names.append(info.value.details["backup"])
    assert names == ["MEMORY.md.bak.1800000000"] * 2
    write_mem("memory", "a\n\n§\nc")
    clock[0] += 10
    with pytest.raises(DriftDetected) as info:
        MemoryStore(resolve_home(home)).remove("memory", "a")
    assert info.value.details["backup"] == "MEMORY.md.bak.1800000020"
    assert (home / "memories" / "MEMORY.md.bak.1800000020").read_bytes() == "a\n\n§\nc".encode()


def test_a_drift_copy_is_never_the_other_files_copy(home, write_mem):
    from hermes_dash import DriftDetected

    write_mem("user", "same\n\n§\nbytes")
    write_mem("memory", "same\n\n§\nbytes")
    with pytest.raises(DriftDetected) as info:
        MemoryStore(resolve_home(home)).remove("user", "same")
    assert info.value.details["backup"].startswith("USER.md.bak.")
    with pytest.raises(DriftDetected) as info:
        MemoryStore(resolve_home(home)).remove("memory", "same")
    assert info.value.details["backup"].startswith("MEMORY.md.bak.")


def test_a_drift_refusal_lists_every_reason(home, write_config, write_mem):
    from hermes_dash import DriftDetected

    write_config("memory:\n  memory_char_limit: 5\n")
    write_mem("memory", "abcdefgh\n\n§\nb")
    with pytest.raises(DriftDetected) as info:
        MemoryStore(resolve_home(home)).remove("memory", "b")
    assert (
        "§ format (hand edits, blank lines around §, or headings with no §); one entry is 8 characters, "
        "longer than the whole limit of 5. Rewriting"
    ) in info.value.message
