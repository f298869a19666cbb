"""A lock path that locking could damage is refused before anything opens it for writing.

filelock empties the lock file once it holds it. A lock path that is a hard link to a memory
file (``ln MEMORY.md USER.md.lock``) shares that file's bytes: locking would empty MEMORY.md.
"""

from __future__ import annotations

import os
import stat

import pytest
from agent_like import agent_can_lock

from hermes_dash import FileProblem


def test_a_lock_file_hard_linked_to_memory_md_leaves_memory_md_intact(store, home, write_mem, tree):
    memory = write_mem("memory", "Precious entry.\n§\nAnother one.")
    mode = stat.S_IMODE(memory.stat().st_mode)
    os.link(memory, home / "memories" / "USER.md.lock")
    before = tree(home)
    with pytest.raises(FileProblem) as refused:
        store.add("user", "x")
    assert "2 names" in refused.value.message and "hard link" in refused.value.message
    assert "Move that file away" in refused.value.hint
    assert memory.read_bytes() == b"Precious entry.\n\xc2\xa7\nAnother one."
    assert stat.S_IMODE(memory.stat().st_mode) == mode
    assert tree(home) == before and not (home / "memories" / "USER.md").exists()


def test_a_lock_file_holding_bytes_is_refused_and_kept(store, home, write_mem):
    write_mem("memory", "First entry.")
    lock = home / "memories" / "MEMORY.md.lock"
    lock.write_text("notes someone kept here\n")
    with pytest.raises(FileProblem, match="holds 24 bytes"):
        store.add("memory", "Second entry.")
    assert lock.read_text() == "notes someone kept here\n"
    assert (home / "memories" / "MEMORY.md").read_text() == "First entry."


def test_a_lock_file_that_is_a_fifo_is_refused_without_blocking(store, home, write_mem):
    write_mem("memory", "First entry.")
    os.mkfifo(home / "memories" / "MEMORY.md.lock")
    with pytest.raises(FileProblem, match="FIFO"):
        store.add("memory", "Second entry.")


def test_an_open_lock_file_is_made_private_as_the_agent_does(store, home, write_mem):
    write_mem("memory", "First entry.")
    lock = home / "memories" / "MEMORY.md.lock"
    lock.touch()
    lock.chmod(0o666)
    store.add("memory", "Second entry.")
    assert stat.S_IMODE(lock.stat().st_mode) == 0o600
    store.add("user", "A new file.")
    assert stat.S_IMODE((home / "memories" / "USER.md.lock").stat().st_mode) == 0o600


def test_a_hard_link_swapped_in_between_the_check_and_the_lock_keeps_its_bytes(store, home, write_mem, tmp_path):
    """The lock file was checked through one descriptor and opened (truncating) through
    another; a hard link put at its name in between lost its bytes. Now the one descriptor checked
    is the one locked, and a name that no longer points at it is looked at afresh."""
    write_mem("memory", "First entry.")
    lock = home / "memories" / "MEMORY.md.lock"
    lock.touch()
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"somebody else's bytes\n")
    real_fstat = os.fstat
    swapped = []

    def fstat_then_swap(fd: int):
        result = real_fstat(fd)
        if not swapped and os.path.samestat(result, os.stat(lock)):
            swapped.append(True)  # the check has its answer; now the name changes under it
            os.unlink(lock)
            os.link(outside, lock)
        return result

    os.fstat = fstat_then_swap
    try:
        with pytest.raises(FileProblem, match="2 names"):
            store.add("memory", "Second entry.")
    finally:
        os.fstat = real_fstat
    assert swapped and outside.read_bytes() == b"somebody else's bytes\n"
    assert (home / "memories" / "MEMORY.md").read_text() == "First entry."


def test_the_lock_is_reentrant_in_a_thread_and_excludes_the_agent_until_the_outermost_release(home):
    from hermes_dash.engine.io.lock import held

    lock = home / "memories" / "MEMORY.md.lock"

    with held(lock, 1, "busy"):
        with held(lock, 0, "busy"):  # the same thread: no wait, even with no time to wait
            assert not agent_can_lock(lock)
        assert not agent_can_lock(lock)  # the inner release keeps the outer lock
    assert agent_can_lock(lock) and lock.stat().st_size == 0


def test_a_busy_lock_and_an_unusable_lock_path_are_refusals_that_say_so(tmp_path):
    import fcntl

    from hermes_dash import FileProblem
    from hermes_dash.engine.io.lock import held

    lock_path = tmp_path / "MEMORY.md.lock"
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)  # the agent holds it
    try:
        with pytest.raises(FileProblem) as info, held(lock_path, 0.2, "MEMORY.md.lock is busy."):
            pass
        assert info.value.message == "MEMORY.md.lock is busy." and info.value.hint == "Try again in a moment."
    finally:
        os.close(fd)
    with held(lock_path, 0.2, "busy"):  # free again: taken and released
        pass
    blocked = tmp_path / "a-file"
    blocked.write_text("x")
    with pytest.raises(FileProblem) as info, held(blocked / "MEMORY.md.lock", 0.2, "busy"):
        pass
    assert str(blocked / "MEMORY.md.lock") in info.value.message and info.value.details["errno"]
