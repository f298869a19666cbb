"""The lock's edges: what a refused lock path says, a first write's folders, a lock file of
another user, a lock file deleted or held while we wait, and two locks held at once."""

from __future__ import annotations

import errno
import fcntl
import os
import threading
import time
from pathlib import Path

import pytest
from agent_like import agent_can_lock

from hermes_dash import FileProblem
from hermes_dash.engine.io.lock import held

NOT_OURS = (
    "Nothing was changed. Move that file away (it is not a lock file hermes-dash or the agent made: "
    "its bytes are kept as they are), then try again; the lock file is created afresh."
)


def wait_for(condition, what: str, limit: float = 20.0) -> None:
    end = time.monotonic() + limit
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"never happened: {what}")
        time.sleep(0.002)


def opened_by_us(path: Path, besides: set[int]) -> bool:
    """Whether this process has a descriptor on ``path`` other than ``besides``."""
    for name in os.listdir("/proc/self/fd"):
        with_fd = int(name)
        if with_fd in besides:
            continue
        try:
            if os.readlink(f"/proc/self/fd/{name}") == os.fspath(path):
                return True
        except OSError:
            continue
    return False


def test_a_first_write_makes_the_home_and_its_folder_and_a_private_lock_file(tmp_path):
    lock = tmp_path / "new-home" / "memories" / "MEMORY.md.lock"
    with held(lock, 1, "busy"):
        assert not agent_can_lock(lock)
    assert lock.is_file() and (lock.stat().st_mode & 0o777) == 0o600


def test_a_lock_path_that_is_a_link_is_refused_and_its_target_untouched(tmp_path):
    target = tmp_path / "MEMORY.md"
    target.write_bytes(b"entries")
    lock = tmp_path / "MEMORY.md.lock"
    lock.symlink_to(target)
    with pytest.raises(FileProblem) as info, held(lock, 0.2, "busy"):
        pass
    assert info.value.message == f"{lock} is a symbolic link, not a lock file; it was not opened."
    assert info.value.hint == NOT_OURS and target.read_bytes() == b"entries"


def test_a_looping_folder_above_the_lock_file_is_an_os_refusal_not_a_link(tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    lock = tmp_path / "a" / "MEMORY.md.lock"
    with pytest.raises(FileProblem) as info, held(lock, 0.2, "busy"):
        pass
    assert info.value.message == f"Could not write {lock}: {os.strerror(errno.ELOOP)}. Nothing was changed."
    assert info.value.details["errno"] == errno.ELOOP


def test_a_lock_file_with_another_name_says_what_locking_would_do(tmp_path):
    memory = tmp_path / "MEMORY.md"
    memory.write_bytes(b"")
    lock = tmp_path / "MEMORY.md.lock"
    os.link(memory, lock)
    with pytest.raises(FileProblem) as info, held(lock, 0.2, "busy"):
        pass
    assert info.value.message == (
        f"{lock} has 2 names (a hard link: another file, a memory file perhaps, shares its bytes), "
        "and locking would empty it; nothing was written."
    )
    assert info.value.hint == NOT_OURS and info.value.details == {"lock": str(lock)}


def test_a_lock_file_of_another_user_keeps_its_mode(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("needs root to give the lock file another owner")
    lock = tmp_path / "MEMORY.md.lock"
    lock.touch()
    os.chmod(lock, 0o644)
    os.chown(lock, 4321, 4321)  # the agent's user made it: not ours to change
    with held(lock, 1, "busy"):
        pass
    assert (lock.stat().st_mode & 0o777) == 0o644


def test_a_lock_released_while_we_wait_is_taken(tmp_path):
    lock = tmp_path / "MEMORY.md.lock"
    agent = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(agent, fcntl.LOCK_EX)
    got: list[object] = []

    def take() -> None:
        try:
            with held(lock, 20, "busy"):
                got.append(not agent_can_lock(lock))
        except FileProblem as exc:
            got.append(exc)

    worker = threading.Thread(target=take)
    worker.start()
    wait_for(lambda: opened_by_us(lock, {agent}), "the waiter opened the lock file")
    time.sleep(0.05)  # let it find the lock busy at least once (the test holds either way)
    os.close(agent)
    worker.join(30)
    assert got == [True]


def test_a_lock_file_deleted_while_we_wait_is_made_again_and_locked_by_its_name(tmp_path):
    lock = tmp_path / "MEMORY.md.lock"
    agent = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(agent, fcntl.LOCK_EX)
    got: list[object] = []

    def take() -> None:
        with held(lock, 20, "busy"):
            got.append(lock.exists() and not agent_can_lock(lock))

    worker = threading.Thread(target=take)
    worker.start()
    wait_for(lambda: opened_by_us(lock, {agent}), "the waiter opened the lock file")
    os.unlink(lock)  # the old file goes; the waiter then locks a file no name leads to
    os.close(agent)
    worker.join(30)
    assert got == [True]


def test_a_lock_that_fails_for_another_reason_is_an_os_refusal(tmp_path, monkeypatch):
    lock = tmp_path / "MEMORY.md.lock"

    def no_locks(fd, operation):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", no_locks)  # the flock filelock's lock_descriptor calls
    with pytest.raises(FileProblem) as info, held(lock, 1, "busy"):
        pass
    monkeypatch.undo()
    assert info.value.message == f"Could not write {lock}: No locks available. Nothing was changed."
    assert info.value.details["errno"] == errno.ENOLCK


def test_two_locks_held_at_once_are_two_locks(tmp_path):
    memory, user = tmp_path / "MEMORY.md.lock", tmp_path / "USER.md.lock"
    with held(memory, 1, "busy"), held(user, 1, "busy"):
        assert not agent_can_lock(memory) and not agent_can_lock(user)
    assert agent_can_lock(memory) and agent_can_lock(user)
