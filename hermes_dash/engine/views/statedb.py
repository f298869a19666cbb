"""The one way hermes-dash opens the agent's ``<home>/state.db``: bounded by SQLite's own limits.

The file is the agent's, written while we read it, and anyone who can write the home can put a
crafted one there: a 4 KB file whose ``sessions`` view builds 33 MB strings with ``||`` over
5,000 rows cost ``snapshot`` 114 s and 1.1 GB. No list of allowed functions can close that (``||``
is an operator), so every connection here bounds what SQLite may *build*, not what it may call:

* SQLite's limits (:data:`LIMITS`, ``Connection.setlimit``): no string or blob over
  :data:`MAX_VALUE_BYTES`, short SQL, shallow expressions, few compound selects, no ATTACH;
* wall time: the thread that opened the connection calls ``Connection.interrupt`` at the
  deadline (an operation that runs long between two progress-handler calls is stopped too), the
  progress handler stops any statement started after it, and an open that blocks (a FIFO put
  there after the check) is given up on after :data:`OPEN_TIMEOUT_S`;
* what crosses into Python: :meth:`Reader.rows` stops at :data:`MAX_ROWS` rows or
  :data:`MAX_READ_BYTES` bytes of values and says so;
* read-only (``mode=ro``, ``query_only``), an authorizer that lets the caller's few functions
  run, never a FIFO (SQLite would wait on one).

docs/safety.md#state-db lists every bound.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from hermes_dash.engine.io.readfile import kind_of

if TYPE_CHECKING:
    from typing import Any

    Row = tuple[Any, ...]  # a row as sqlite3 gives it: None, int, float, str or bytes per column

QUERY_TIMEOUT_S = 3.0
#: The largest string or blob SQLite may build or load on our connection (its default is 1 GB).
#: A system prompt of 2,000,000 characters (sessions.MAX_PROMPT_CHARS) is at most 8,000,000 bytes.
MAX_VALUE_BYTES = 8 << 20
#: Rows and bytes of values one connection hands to Python, over all its queries.
MAX_ROWS = 200_000
MAX_READ_BYTES = 64 << 20
#: How often (in SQLite VM steps) the progress handler looks at the clock.
PROGRESS_STEPS = 1_000
#: SQLite's own limits on every connection (name: value); SQLite's defaults in the comments.
LIMITS: dict[str, int] = {
    "SQLITE_LIMIT_LENGTH": MAX_VALUE_BYTES,  # 1,000,000,000
    "SQLITE_LIMIT_SQL_LENGTH": 100_000,  # 1,000,000,000: our statements are under 1 KB
    "SQLITE_LIMIT_COLUMN": 500,  # 2,000
    "SQLITE_LIMIT_EXPR_DEPTH": 100,  # 1,000
    "SQLITE_LIMIT_COMPOUND_SELECT": 10,  # 500
    "SQLITE_LIMIT_FUNCTION_ARG": 8,  # 127
    "SQLITE_LIMIT_ATTACHED": 0,  # 10
    "SQLITE_LIMIT_LIKE_PATTERN_LENGTH": 100,  # 50,000
    "SQLITE_LIMIT_VARIABLE_NUMBER": 1_000,  # 32,766: a session lookup binds 500 ids at most
    "SQLITE_LIMIT_TRIGGER_DEPTH": 1,  # 1,000 (read-only: no trigger fires)
    "SQLITE_LIMIT_WORKER_THREADS": 0,  # 0
}


@dataclass
class Reader:
    """One read-only connection to a state.db, with its deadline and its tally of what was read."""

    conn: sqlite3.Connection
    db: Path
    timeout: float
    watch: _Watch
    rows_read: int = 0
    bytes_read: int = 0
    cut: str | None = None  # why :meth:`rows` stopped early; None when it read everything asked

    @property
    def timed_out(self) -> bool:
        """The watching thread interrupted a statement at the deadline."""
        return self.watch.timed_out

    def rows(self, sql: str, params: Iterable[object] = ()) -> list[Row]:
        """The rows of ``sql``, stopping (and saying why in :attr:`cut`) once this connection has
        handed over :data:`MAX_ROWS` rows or :data:`MAX_READ_BYTES` bytes of strings and blobs."""
        cursor = self.conn.execute(sql, tuple(params))
        out: list[Row] = []
        try:
            while batch := cursor.fetchmany(256):
                for row in batch:
                    size = sum(len(v) for v in row if isinstance(v, (str, bytes)))
                    if self.rows_read >= MAX_ROWS or self.bytes_read + size > MAX_READ_BYTES:
                        self.cut = (
                            f"only the first {self.rows_read:,} rows ({self.bytes_read:,} bytes) of {self.db} were "
                            f"read: hermes-dash reads at most {MAX_ROWS:,} rows or {MAX_READ_BYTES:,} bytes of it"
                        )
                        return out
                    self.rows_read += 1
                    self.bytes_read += size
                    out.append(row)
        finally:
            cursor.close()
        return out

    def one(self, sql: str, params: Iterable[object] = ()) -> Row | None:
        found = self.rows(sql, params)
        return found[0] if found else None

    def close(self) -> None:
        with self.watch.lock:
            self.watch.closed.set()
            self.conn.close()

    def __enter__(self) -> Reader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


#: How long a read that hit the deadline or a limit is remembered for the same file version: a
#: command or page that reads the file twice (the snapshot, then its oldest prompt) pays once.
FAILED_TTL_S = 60.0
_FAILED: dict[tuple[object, ...], tuple[float, str]] = {}
_COSTLY = frozenset({"SQLITE_INTERRUPT", "SQLITE_TOOBIG", "SQLITE_NOMEM"})


def _version(db: Path) -> tuple[object, ...]:
    """Which version of the database this is: the file's and its WAL's (mtime, size, inode)."""
    from hermes_dash.engine.io.readfile import Fingerprint

    return (os.fspath(db), Fingerprint.at(db), Fingerprint.at(f"{db}-wal"))


def not_readable(db: Path) -> str | None:
    """Why ``db`` cannot be opened at all (absent, not a regular file), or why the same version of
    it failed a moment ago (:data:`FAILED_TTL_S`); None when it can be read."""
    try:
        mode = os.stat(db).st_mode
    except OSError:
        return f"No {db.name} in {db.parent}: no agent session has been recorded here."
    if not stat.S_ISREG(mode):  # SQLite would wait forever on a FIFO
        return f"{db} is {kind_of(mode)}, not a regular file, so no session can be read from it."
    failed = _FAILED.get(_version(db))
    if failed is not None and time.monotonic() - failed[0] < FAILED_TTL_S:
        return failed[1]
    return None


#: How long SQLite may take to open the file. It opens by name and blocks on a FIFO, so a
#: ``state.db`` swapped for one after :func:`not_readable` looked would hang the caller: the open
#: runs in a thread of its own and is given up on after this.
OPEN_TIMEOUT_S = 2.0


class OpenTimeout(sqlite3.OperationalError):
    """SQLite did not open the file within :data:`OPEN_TIMEOUT_S` (a FIFO put there meanwhile?)."""


@dataclass
class _Watch:
    """What the caller and the connection's own thread share: that thread opens the connection,
    then waits for :attr:`closed` until the deadline and interrupts the connection if it is not."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    opened: threading.Event = field(default_factory=threading.Event)
    closed: threading.Event = field(default_factory=threading.Event)
    conn: sqlite3.Connection | None = None
    error: BaseException | None = None
    timed_out: bool = False
    opened_in_time: bool = True

    def run(self, uri: str, timeout: float) -> None:
        try:
            self.conn = sqlite3.connect(uri, uri=True, timeout=0.5, check_same_thread=False)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            self.error = exc
            self.opened.set()
            return
        self.opened.set()
        if self.closed.wait(timeout):
            if self.closed.is_set() and not self.opened_in_time:
                self.conn.close()  # the caller gave up on this open
            return
        with self.lock:
            if not self.closed.is_set():
                self.timed_out = True
                self.conn.interrupt()


def connect(db: Path, functions: frozenset[str], timeout: float = QUERY_TIMEOUT_S) -> Reader:
    """A :class:`Reader` on ``db`` (check :func:`not_readable` first) whose queries may call only
    ``functions`` and stop at ``timeout`` seconds from now; ``sqlite3.Error`` when it cannot open."""
    watch = _Watch()
    uri = f"{db.resolve().as_uri()}?mode=ro"
    threading.Thread(target=watch.run, args=(uri, timeout), name="hermes-dash state.db", daemon=True).start()
    if not watch.opened.wait(OPEN_TIMEOUT_S):
        watch.opened_in_time = False
        watch.closed.set()  # when the open returns at last, its thread closes it and ends
        raise OpenTimeout(f"{db} did not open within {OPEN_TIMEOUT_S:g} s")
    if watch.error is not None:
        raise watch.error
    conn = watch.conn
    assert conn is not None  # opened without an error
    try:
        for name, value in LIMITS.items():
            conn.setlimit(getattr(sqlite3, name), value)
        deadline = time.monotonic() + timeout
        conn.set_progress_handler(lambda: time.monotonic() > deadline, PROGRESS_STEPS)
        conn.execute("PRAGMA query_only = ON")
        conn.execute("PRAGMA trusted_schema = OFF")  # a view may call only functions marked harmless

        def authorize(action: int, arg1: str | None, arg2: str | None, db: str | None, source: str | None) -> int:
            if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() not in functions:
                return sqlite3.SQLITE_DENY
            return sqlite3.SQLITE_OK

        conn.set_authorizer(authorize)
    except BaseException:
        watch.closed.set()
        conn.close()
        raise
    return Reader(conn, db, timeout, watch)


def problem(db: Path, exc: sqlite3.Error, timeout: float = QUERY_TIMEOUT_S, doing: str = "Reading sessions") -> str:
    """Why reading failed, in words that point at the real cause; a failure that cost the deadline
    or hit a limit is remembered for this version of the file (:func:`not_readable`)."""
    said = _problem(db, exc, timeout, doing)
    if getattr(exc, "sqlite_errorname", "") in _COSTLY or "too big" in str(exc):
        remember_failure(db, said)
    return said


def remember_failure(db: Path, said: str) -> str:
    """Remember that reading this version of ``db`` failed, and why (``said``, returned), for
    :data:`FAILED_TTL_S`: the next read of it says so at once instead of paying again."""
    remember({_version(db): (time.monotonic(), said)})
    return said


def remember(failures: dict[tuple[object, ...], tuple[float, str]]) -> None:
    """Keep ``failures`` (remembered by a reading child process: the monotonic clock is the
    machine's, so its times hold here)."""
    if len(_FAILED) > 64:
        _FAILED.clear()
    _FAILED.update(failures)


def _problem(db: Path, exc: sqlite3.Error, timeout: float, doing: str) -> str:
    name = getattr(exc, "sqlite_errorname", "")
    schema = "Check the file with `sqlite3 state.db .schema`."
    if isinstance(exc, OpenTimeout):
        return (
            f"{db} did not open within {OPEN_TIMEOUT_S:g} s: it was replaced by something that is not a "
            "regular file (a FIFO?) after it was looked at, or its disk does not answer. Check what is there "
            "with `ls -l`."
        )
    if name == "SQLITE_INTERRUPT":
        return (
            f"{doing} from {db} took longer than {timeout:g} s and was stopped: its tables or views never "
            f"finish (a view that recurses without end, or builds large values row after row?). {schema}"
        )
    if name in ("SQLITE_CORRUPT", "SQLITE_NOTADB") or name.startswith(("SQLITE_CORRUPT_", "SQLITE_NOTADB_")):
        return (
            f"{db} is corrupt ({exc}), so its sessions cannot be read. Restore it from a backup or move "
            "it aside; hermes-dash only reads it."
        )
    if name == "SQLITE_AUTH" or "prohibited" in str(exc) or "not authorized" in str(exc) or "unsafe use" in str(exc):
        return (
            f"The `sessions` of {db} is not the agent's table: it calls an SQL function ({exc}), which "
            f"hermes-dash does not run on a file it only reads (one call can build hundreds of megabytes). {schema}"
        )
    if name == "SQLITE_TOOBIG" or "too big" in str(exc) or "too large" in str(exc):
        return (
            f"{db} holds or builds a value larger than {MAX_VALUE_BYTES >> 20} MiB, SQLite's limit on hermes-dash's "
            "connection and far beyond any real prompt or message (a crafted file, or a view that builds one), "
            f"so nothing was read from it. {schema}"
        )
    if name == "SQLITE_NOMEM" or isinstance(exc, sqlite3.DataError):
        return f"{db} asks for more memory than hermes-dash gives a file it only reads ({exc}). {schema}"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return f"Cannot read sessions from {db} ({exc}); the agent may be busy, try again."
    if "too many" in str(exc) or "too deep" in str(exc) or "too long" in str(exc):
        return f"{db}'s tables or views go past SQLite's limits on hermes-dash's connection ({exc}). {schema}"
    return f"Cannot read sessions from {db} ({exc})."
