"""Every read of the agent's state.db runs in a child process that is killed at its deadline.

SQLite looks at its interrupt flag (and the progress handler at the clock) only between two steps
of its VM, and one step may be one function call over one value: a ``messages`` view whose
column chained 95 ``LIKE`` calls over one 8 MB value held ``blame`` 303 s past a 3 s deadline.
No list of refused objects closes that for any file that opens (views, generated columns,
virtual tables, collations...), so the read itself is put where it can be stopped: :func:`run`
forks, the child does the read (with statedb's limits and its own interrupt as before) and sends
back the answer pickled through a pipe, and the parent kills it :data:`KILL_GRACE_S` after the
read's deadline. The child may also grow its address space by :data:`MEMORY_BYTES` at most.

A fork (not a fresh interpreter) costs a few milliseconds, imports nothing and sees the caller's
settings. Its child touches only what the read needs: SQLite (no state.db is read in the parent),
pickle, the modules already imported here. docs/safety.md#state-db states the bound.
"""

from __future__ import annotations

import gc
import os
import pickle
import resource  # imported here, not in the child: a fork may not import (another thread may hold the import lock)
import select
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar, cast

from hermes_dash.engine.io.readfile import NotReadable, read_regular
from hermes_dash.engine.views import statedb

T = TypeVar("T")

#: How long after a read's own deadline its child is killed (the child's interrupt usually ends
#: it first, with SQLite's own message; the kill is for one step that outlives the interrupt).
KILL_GRACE_S = 0.5
#: How much the child may grow its address space beyond what it had at the fork (RLIMIT_AS).
MEMORY_BYTES = 1 << 30
#: The largest answer read back: statedb hands at most MAX_READ_BYTES of values to Python, which
#: pickle as at most 4 bytes per character, and the rows' other fields.
MAX_ANSWER = 4 * statedb.MAX_READ_BYTES + (16 << 20)
_FORKING = threading.Lock()


def run(work: Callable[[], T], db: Path, timeout: float, failed: Callable[[str], T]) -> T:
    """``work()`` (a read of ``db`` whose own deadline is ``timeout`` s) in a forked child; when the
    child outlives ``timeout`` + :data:`KILL_GRACE_S`, runs out of memory or dies, it is killed,
    the reason is remembered for this version of the file (``statedb.not_readable``) and the
    answer is ``failed(reason)``."""
    with _FORKING:  # no other read's child may inherit this pipe's write end (its EOF would wait)
        read_end, write_end = os.pipe()
        try:
            pid = os.fork()
        except OSError as exc:
            os.close(read_end)
            os.close(write_end)
            return failed(f"Cannot read {db}: no process could be started to read it ({exc}).")
        if pid == 0:  # the child: never returns
            os.close(read_end)
            _serve(work, write_end)
        os.close(write_end)
    data, complete = b"", False
    try:
        data, complete = _collect(read_end, time.monotonic() + timeout + KILL_GRACE_S)
    finally:  # even when the caller is interrupted: no child outlives its read
        os.close(read_end)
        status = _reap(pid, complete)
    if complete:
        try:
            answer, failures = pickle.loads(data)  # noqa: S301 - our own child's answer, made by _serve
        except Exception:  # noqa: BLE001 - a child cut short mid-answer
            answer = failures = None
        if failures is not None:
            statedb.remember(failures)
            return cast(T, answer)  # what work returned, through pickle (which types nothing)
    return failed(statedb.remember_failure(db, _why(db, timeout, status, len(data))))


def _serve(work: Callable[[], object], fd: int) -> None:
    """In the child: bound its memory, do the read, send (answer, the failures it remembered)."""
    code = 0
    gc.disable()  # a collection would touch (and so copy) every page of the parent's heap
    try:
        _limit_memory()
        before = dict(statedb._FAILED)
        answer = work()
        learnt = {k: v for k, v in statedb._FAILED.items() if before.get(k) != v}
        data = pickle.dumps((answer, learnt), protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view[: 1 << 20]) :]
    except BaseException:  # noqa: BLE001 - the parent says why from the exit code
        code = 3
    finally:
        os._exit(code)


def _limit_memory() -> None:
    """RLIMIT_AS at the child's present size plus :data:`MEMORY_BYTES` (Linux: /proc tells the size)."""
    try:
        size = int(read_regular("/proc/self/statm", 4096)[0].split()[0]) * os.sysconf("SC_PAGE_SIZE")
        hard = resource.getrlimit(resource.RLIMIT_AS)[1]
        soft = size + MEMORY_BYTES
        resource.setrlimit(resource.RLIMIT_AS, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))
    except (OSError, ValueError, IndexError, NotReadable):  # no /proc (macOS): the deadline still holds
        pass


def _collect(fd: int, deadline: float) -> tuple[bytes, bool]:
    """What the child wrote before ``deadline``; True when it closed the pipe (its whole answer)."""
    out = bytearray()
    while len(out) <= MAX_ANSWER:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            return bytes(out), False
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            return bytes(out), True
        out += chunk
    return bytes(out), False


def _reap(pid: int, complete: bool) -> int | None:
    """Kill the child unless it finished, and collect it; its exit status (None: killed here)."""
    if not complete:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    status = os.waitpid(pid, 0)[1]
    return os.waitstatus_to_exitcode(status) if complete else None


def _why(db: Path, timeout: float, status: int | None, size: int) -> str:
    schema = "Check the file with `sqlite3 state.db .schema`."
    if status is None and size > MAX_ANSWER:
        return f"Reading {db} gave more than {MAX_ANSWER >> 20} MiB, which no real state.db gives: stopped. {schema}"
    if status is None:
        return (
            f"Reading {db} took longer than {timeout:g} s and was stopped: one of its tables or views computes "
            f"something that never finishes in time (a view that calls a function over a huge value?). {schema}"
        )
    return (
        f"Reading {db} failed (the reading process ended with code {status}: it needed more than "
        f"{MEMORY_BYTES >> 20} MiB of memory, or SQLite could not read the file). {schema}"
    )
