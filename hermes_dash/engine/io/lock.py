"""The lock hermes-dash shares with the agent: an exclusive ``flock`` on a ``.lock`` file (docs/rules.md#locking).

``filelock.FileLock`` takes the same ``flock`` on the same path as the agent's own
``fcntl.flock``, so the two programs exclude each other. Its default thread-local mode is
kept on purpose: Streamlit sessions are threads and must exclude each other too.

filelock opens the lock file for writing and truncates it once it holds the lock. A lock path
that is a hard link to a memory file (``ln MEMORY.md USER.md.lock``), a file of another user,
or a file that holds bytes would lose them, so :func:`check_lock_file` looks at the path first,
through a descriptor opened read-only without following links, and refuses anything but an
empty regular file of ours with one name. The lock file is made 0600 as the agent's newer code
does (docs/rules.md#locking).
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from hermes_dash.engine.io.atomic import PRIVATE, os_refusal
from hermes_dash.engine.rules.errors import FileProblem

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a command's start-up; mypy reads it the same)
if TYPE_CHECKING:
    from filelock import FileLock

#: One ``FileLock`` per lock file, made once and reused. Building one cost about as much as
#: taking it (filelock 3.32 resolves the path and registers the instance: 0.09 ms of a write's
#: 0.22 ms for the lock). Reuse keeps every guarantee: the instance's state is thread-local, so
#: each thread still takes its own ``flock`` on its own descriptor, and each acquire opens the
#: file again (a lock file replaced by a link is still refused). Capped: a test run makes
#: thousands of homes.
_LOCKS: dict[str, FileLock] = {}
_LOCKS_MAX = 64
# A forked child starts with none: filelock refuses an instance made in the parent process.
os.register_at_fork(after_in_child=_LOCKS.clear)


_NOT_OURS = (
    "Nothing was changed. Move that file away (it is not a lock file hermes-dash or the agent made: "
    "its bytes are kept as they are), then try again; the lock file is created afresh."
)


def check_lock_file(lock_path: Path) -> None:
    """Refuse (:class:`FileProblem`) a lock path that locking could damage, before anything opens
    it for writing: not a regular file, a file with other names (a hard link to a memory file),
    or one that holds bytes (a lock file is always empty: those bytes are not ours to empty).
    Absent is fine (filelock creates it, 0600). An existing one is made 0600 when it is ours
    (another user's empty lock file is left to the permission check of the open)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(lock_path, flags)
    except FileNotFoundError:
        return
    except OSError as exc:
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
        if stat.S_IMODE(st.st_mode) != PRIVATE:
            with contextlib.suppress(OSError):
                os.fchmod(fd, PRIVATE)
    finally:
        os.close(fd)


def held(lock_path: Path, timeout: float, busy: str) -> contextlib.AbstractContextManager[object]:
    """Take the lock at ``lock_path`` (created 0600) now; the ``with`` block releases it.
    :class:`FileProblem` with ``busy`` on timeout.

    A plain function returning filelock's own release-on-exit object, rather than a
    generator-based context manager: same behaviour, and a mutation tool can reach it."""
    # Imported here: filelock pulls in asyncio (~50 ms), which read-only commands never need.
    from filelock import FileLock, Timeout

    check_lock_file(lock_path)
    key = os.fspath(lock_path)
    lock = _LOCKS.get(key)
    if lock is None:
        if len(_LOCKS) >= _LOCKS_MAX:
            _LOCKS.clear()  # a holder keeps its own instance until it releases
        lock = _LOCKS[key] = FileLock(key, mode=PRIVATE)
    try:
        return lock.acquire(timeout=timeout)
    except Timeout:
        raise FileProblem(busy, hint="Try again in a moment.") from None
    except OSError as exc:
        raise os_refusal(exc, lock_path) from exc
