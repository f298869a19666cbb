"""The lock hermes-dash shares with the agent: an exclusive ``flock`` on a ``.lock`` file (docs/rules.md#locking).

``filelock.FileLock`` takes the same ``flock`` on the same path as the agent's own
``fcntl.flock``, so the two programs exclude each other. Its default thread-local mode is
kept on purpose: Streamlit sessions are threads and must exclude each other too.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from hermes_dash.engine.io.atomic import PRIVATE, os_refusal
from hermes_dash.engine.rules.errors import FileProblem

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


def held(lock_path: Path, timeout: float, busy: str) -> contextlib.AbstractContextManager[object]:
    """Take the lock at ``lock_path`` (created 0600) now; the ``with`` block releases it.
    :class:`FileProblem` with ``busy`` on timeout.

    A plain function returning filelock's own release-on-exit object, rather than a
    generator-based context manager: same behaviour, and a mutation tool can reach it."""
    # Imported here: filelock pulls in asyncio (~50 ms), which read-only commands never need.
    from filelock import FileLock, Timeout

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
