"""The lock hermes-dash shares with the agent: an exclusive ``flock`` on a ``.lock`` file (docs/rules.md#locking).

The agent takes ``fcntl.flock(LOCK_EX)`` on ``memories/<FILE>.lock``; so does this module, through
filelock's ``lock_descriptor`` (the same flock filelock's own locks take), on a descriptor it
opened itself, so the two programs exclude each other. Each acquire opens the file
anew, so two threads of one process (two Streamlit sessions) exclude each other too; one thread
taking a lock it already holds counts up instead of waiting on itself.

The lock file is opened **once** and everything is decided on that descriptor: opened without
following a link, without blocking and without truncating (``O_RDWR | O_CREAT | O_NOFOLLOW |
O_NONBLOCK``), then checked with ``fstat``: anything but an empty regular file with one name (a
FIFO, a hard link to a memory file, a file holding bytes) is refused before anything is written.
Once locked, the path must still name the very file locked (same device and inode): a lock file
replaced in between is locked again, by its new name. Nothing truncates it (filelock's
``O_TRUNC`` on a second open is what let a hard link swapped in between check and open lose its
bytes). A lock file of ours is made 0600, as the agent's newer code does.
"""

from __future__ import annotations

import contextlib
import os
import stat
import threading
import time
from pathlib import Path

from hermes_dash.engine.io.atomic import PRIVATE, os_refusal
from hermes_dash.engine.rules.errors import FileProblem

_NOT_OURS = (
    "Nothing was changed. Move that file away (it is not a lock file hermes-dash or the agent made: "
    "its bytes are kept as they are), then try again; the lock file is created afresh."
)
#: How often a waiting acquire tries the lock again.
POLL_S = 0.005
_FLAGS = os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC

#: Locks this thread holds: path -> [descriptor, depth].
_HELD = threading.local()
# A forked child holds none of them in its own right.
os.register_at_fork(after_in_child=lambda: _HELD.__dict__.pop("locks", None))


def _open_checked(lock_path: Path) -> tuple[int, tuple[int, int]]:
    """The lock file's descriptor, opened once and checked on that descriptor, and the (device,
    inode) that check saw; :class:`FileProblem` (nothing written, the descriptor closed) when
    locking it could damage a file."""
    try:
        try:
            fd = os.open(lock_path, _FLAGS, PRIVATE)
        except FileNotFoundError:  # a home's first write: its folder is made here, as filelock did
            lock_path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock_path, _FLAGS, PRIVATE)
    except OSError as exc:
        # The name itself a link (O_NOFOLLOW's ELOOP); an ELOOP from a looping folder above it is
        # an OS refusal like any other, not "the lock file is a link".
        if os.path.islink(lock_path):
            raise FileProblem(
                f"{lock_path} is a symbolic link, not a lock file; it was not opened.", hint=_NOT_OURS
            ) from None
        raise os_refusal(exc, lock_path) from exc
    try:
        st = os.fstat(fd)
        problem = None
        if not stat.S_ISREG(st.st_mode):
            from hermes_dash.engine.io.readfile import kind_of

            problem = f"is {kind_of(st.st_mode)}, not a regular file"
        elif st.st_nlink != 1:
            problem = (
                f"has {st.st_nlink} names (a hard link: another file, a memory file perhaps, shares its bytes), "
                "and locking would empty it"
            )
        elif st.st_size:
            problem = f"holds {st.st_size:,} bytes (a lock file is always empty), and locking would empty it"
        if problem:
            raise FileProblem(f"{lock_path} {problem}; nothing was written.", hint=_NOT_OURS, lock=str(lock_path))
        if stat.S_IMODE(st.st_mode) != PRIVATE and st.st_uid == os.geteuid():
            with contextlib.suppress(OSError):
                os.fchmod(fd, PRIVATE)
    except BaseException:
        os.close(fd)
        raise
    return fd, (st.st_dev, st.st_ino)


def _same_file(ours: tuple[int, int], lock_path: Path) -> bool:
    """Whether ``lock_path`` still names the file of ``ours`` (the descriptor's own fstat: a
    descriptor's device and inode never change, so it is not asked again)."""
    try:
        now = os.lstat(lock_path)
    except OSError:
        return False
    return (now.st_dev, now.st_ino) == ours


def _acquire(lock_path: Path, timeout: float, busy: str) -> int:
    # filelock's descriptor lock is its own flock, taken on the descriptor checked above; its path
    # lock (FileLock) would open the file a second time, with O_TRUNC. Imported here, not at the
    # top: `import filelock` costs 50-80 ms here (it loads asyncio), which a command that writes
    # pays and `show`, which never locks, does not.
    from filelock import lock_descriptor

    deadline = time.monotonic() + timeout
    while True:
        fd, identity = _open_checked(lock_path)
        try:
            while True:
                try:
                    if lock_descriptor(fd, blocking=False):
                        break
                except OSError as exc:
                    raise os_refusal(exc, lock_path) from exc
                if time.monotonic() >= deadline:
                    raise FileProblem(busy, hint="Try again in a moment.") from None
                time.sleep(POLL_S)
            if _same_file(identity, lock_path):
                return fd
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # the name now points at another file: lock that one


class _Held:
    """The ``with`` block of a held lock: the outermost one closes the descriptor (releasing the
    ``flock``), an inner one of the same thread only counts down. A plain class rather than a
    generator-based context manager, so a mutation tool reaches it (docs/mutation.md)."""

    def __init__(self, key: str, fd: int | None) -> None:
        self.key = key
        self.fd = fd  # None: this thread holds the lock already

    def __enter__(self) -> _Held:
        locks: dict[str, list[int]] = _HELD.__dict__.setdefault("locks", {})
        if self.fd is not None:
            locks[self.key] = [self.fd, 0]
        self.entry = locks[self.key]
        self.entry[1] += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self.entry[1] -= 1
        if self.entry[1] == 0:
            del _HELD.locks[self.key]
            os.close(self.entry[0])  # releases the flock


def held(lock_path: Path, timeout: float, busy: str) -> contextlib.AbstractContextManager[object]:
    """Take the lock at ``lock_path`` (created 0600) now; the ``with`` block releases it.
    :class:`FileProblem` with ``busy`` on timeout, or when the lock file is not one (see the module)."""
    key = os.fspath(lock_path)
    if key in _HELD.__dict__.get("locks", {}):  # this thread holds it already
        return _Held(key, None)
    return _Held(key, _acquire(lock_path, timeout, busy))


__all__ = ["held"]
