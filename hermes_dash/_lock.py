"""The lock hermes-dash shares with the agent: an exclusive ``flock`` on a ``.lock`` file (docs/rules.md#locking).

``filelock.FileLock`` takes the same ``flock`` on the same path as the agent's own
``fcntl.flock``, so the two programs exclude each other. Its default thread-local mode is
kept on purpose: Streamlit sessions are threads and must exclude each other too.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from ._atomic import PRIVATE, os_refusal
from ._errors import FileProblem


def held(lock_path: Path, timeout: float, busy: str) -> contextlib.AbstractContextManager[object]:
    """Take the lock at ``lock_path`` (created 0600) now; the ``with`` block releases it.
    :class:`FileProblem` with ``busy`` on timeout.

    A plain function returning filelock's own release-on-exit object, rather than a
    generator-based context manager: same behaviour, and a mutation tool can reach it."""
    # Imported here: filelock pulls in asyncio (~50 ms), which read-only commands never need.
    from filelock import FileLock, Timeout

    lock = FileLock(lock_path, timeout=timeout, mode=PRIVATE)
    try:
        return lock.acquire()
    except Timeout:
        raise FileProblem(busy, hint="Try again in a moment.") from None
    except OSError as exc:
        raise os_refusal(exc, lock_path) from exc
