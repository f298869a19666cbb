"""Sessions recorded by the agent in ``<home>/state.db``, read strictly read-only (docs/rules.md#snapshot).

The agent writes this SQLite file (WAL mode) while we read it, so: never create it, open it
with ``mode=ro`` and a short busy timeout, take only the columns that exist (other schema
versions), and turn every failure into a message instead of an exception.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from hermes_dash.engine.io.readfile import kind_of

_WANTED = ("id", "source", "started_at", "ended_at")
QUERY_TIMEOUT_S = 3.0
#: Characters of one session's system prompt that are read (the rest stays in SQLite). The
#: MEMORY and USER blocks are a few thousand characters at the default limits, and the whole
#: prompt the agent builds (identity, tool guidance, skills, context files capped at 20,000
#: characters each by default, the blocks) is tens of thousands; two million characters is
#: about half a million tokens, more than any model's context leaves room for beside a
#: conversation. A longer prompt is not a real one: its first part is read and it is said so.
MAX_PROMPT_CHARS = 2_000_000
#: The largest single value SQLite may build or load on our connection (its default is 1 GB):
#: a ``sessions`` view that makes a 300 MB prompt out of a tiny file fails at once instead of
#: costing seconds and gigabytes.
MAX_VALUE_BYTES = 64 << 20
#: The only SQL functions our queries may run. The agent's ``sessions`` is a table; a view in
#: their place that calls others (``printf('%.*c', 300000000, 'x')`` builds 300 MB in one
#: call that no progress handler can interrupt) is refused before it runs.
_FUNCTIONS = frozenset({"substr", "length"})


def _authorize(action: int, arg1: str | None, arg2: str | None, db: str | None, source: str | None) -> int:
    if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() not in _FUNCTIONS:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


@dataclass(frozen=True)
class Session:
    id: str
    source: str
    started_at: datetime | None
    ended_at: datetime | None
    system_prompt: str  # at most MAX_PROMPT_CHARS characters of it
    prompt_length: int = -1  # the whole prompt's length in characters, as SQLite counts them (-1: not known)

    @property
    def prompt_cut(self) -> bool:
        """True when the prompt was longer than :data:`MAX_PROMPT_CHARS` and only its start was read."""
        return self.prompt_length > len(self.system_prompt)

    def prompt_note(self) -> str | None:
        """Why this session's snapshot may be incomplete; None when the whole prompt was read."""
        if not self.prompt_cut:
            return None
        return (
            f"Session {self.id}'s system prompt is {self.prompt_length:,} characters long, far longer than any "
            f"prompt the agent builds, so it is not a real one: only its first {MAX_PROMPT_CHARS:,} characters "
            "were read, and a block after them is not shown."
        )


@dataclass(frozen=True)
class SessionList:
    sessions: tuple[Session, ...]
    problem: str | None = None  # why the list may be empty or incomplete


def _when(value: object) -> datetime | None:
    try:
        return datetime.fromtimestamp(float(value), tz=timezone.utc) if value is not None else None  # type: ignore[arg-type]  # any column value: float() refusing it is caught below
    except (TypeError, ValueError, OverflowError, OSError):
        return None


def _connect(db: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True, timeout=0.5)
    # A query that runs too long is interrupted: the file is not ours, and a `sessions` that
    # is a view recursing without end (or an enormous table) must not hang a page.
    deadline = time.monotonic() + QUERY_TIMEOUT_S
    conn.set_progress_handler(lambda: time.monotonic() > deadline, 10_000)
    if hasattr(conn, "setlimit"):  # Python 3.11+: on 3.10 only the progress handler bounds it
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
    conn.execute("PRAGMA query_only = ON")
    conn.set_authorizer(_authorize)
    return conn


def _problem(db: Path, exc: sqlite3.Error) -> str:
    """Why reading failed, in words that point at the real cause."""
    name = getattr(exc, "sqlite_errorname", "")
    if name == "SQLITE_INTERRUPT":
        return (
            f"Reading sessions from {db} took longer than {QUERY_TIMEOUT_S:g} s and was stopped: its "
            "`sessions` table or view never finishes (a view that recurses without end?). Check the file "
            "with `sqlite3 state.db .schema`."
        )
    if name in ("SQLITE_CORRUPT", "SQLITE_NOTADB") or name.startswith(("SQLITE_CORRUPT_", "SQLITE_NOTADB_")):
        return (
            f"{db} is corrupt ({exc}), so its sessions cannot be read. Restore it from a backup or move "
            "it aside; hermes-dash only reads it."
        )
    if name == "SQLITE_AUTH" or "prohibited" in str(exc) or "not authorized" in str(exc):
        return (
            f"The `sessions` of {db} is not the agent's table: it calls an SQL function ({exc}), which "
            "hermes-dash does not run on a file it only reads (one call can build hundreds of megabytes). "
            "Check the file with `sqlite3 state.db .schema`."
        )
    if name == "SQLITE_TOOBIG":
        return (
            f"A session in {db} has a system prompt larger than {MAX_VALUE_BYTES >> 20} MiB, far beyond any "
            "real prompt (a crafted file, or a `sessions` view that builds one), so no session was read from it. "
            "Check the file with `sqlite3 state.db .schema`."
        )
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return f"Cannot read sessions from {db} ({exc}); the agent may be busy, try again."
    return f"Cannot read sessions from {db} ({exc})."


def read_sessions(db: Path, limit: int = 50, session_id: str | None = None) -> SessionList:
    """The newest ``limit`` sessions that have a system prompt, newest first (only the one with
    ``session_id`` when given)."""
    try:
        mode = os.stat(db).st_mode
    except OSError:
        return SessionList((), f"No {db.name} in {db.parent}: no agent session has been recorded here.")
    if not stat.S_ISREG(mode):  # SQLite would wait forever on a FIFO
        return SessionList((), f"{db} is {kind_of(mode)}, not a regular file, so no session can be read from it.")
    try:
        conn = _connect(db)
    except sqlite3.Error as exc:
        return SessionList((), _problem(db, exc))
    try:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(sessions)")}
        if not {"id", "system_prompt"} <= columns:
            return SessionList(
                (), f"{db.name} has no sessions table with a system_prompt column (another Hermes version?)."
            )
        picked = [c if c in columns else f"NULL AS {c}" for c in _WANTED]
        # Only a bounded start of the prompt crosses into Python, and its whole length.
        picked += ["substr(system_prompt, 1, ?)", "length(system_prompt)"]
        order = "started_at DESC" if "started_at" in columns else "rowid DESC"
        one = "AND id = ? " if session_id is not None else ""
        params = (MAX_PROMPT_CHARS, session_id, limit) if session_id is not None else (MAX_PROMPT_CHARS, limit)
        rows = conn.execute(
            f"SELECT {', '.join(picked)} FROM sessions WHERE system_prompt IS NOT NULL "  # noqa: S608 - fixed names
            f"AND system_prompt != '' {one}ORDER BY {order} LIMIT ?",
            params,
        ).fetchall()
    except sqlite3.Error as exc:
        return SessionList((), _problem(db, exc))
    finally:
        conn.close()
    return SessionList(
        tuple(Session(str(r[0]), str(r[1] or ""), _when(r[2]), _when(r[3]), _text(r[4]), _length(r[5])) for r in rows)
    )


def _text(value: object) -> str:
    if isinstance(value, bytes):  # a BLOB: substr counted bytes
        return value.decode("utf-8", "replace")
    return str(value)


def _length(value: object) -> int:
    return value if isinstance(value, int) else -1


def oldest_prompt(db: Path) -> str:
    """The oldest recorded session's frozen prompt (at most :data:`MAX_PROMPT_CHARS` characters,
    read like every prompt here), or "" when there is none or it cannot be read."""
    try:
        conn = _connect(db)
        try:
            row = conn.execute(
                "SELECT substr(system_prompt, 1, ?) FROM sessions WHERE system_prompt IS NOT NULL "
                "ORDER BY started_at LIMIT 1",
                (MAX_PROMPT_CHARS,),
            ).fetchone()
        finally:
            conn.close()
    except (sqlite3.Error, OSError, ValueError):  # no such table or columns, not a database: nothing known
        return ""
    value = row[0] if row else None
    return value if isinstance(value, str) else ""


MAX_SESSIONS = 2000  # the newest sessions whose working folder is read
MAX_FOLDER_CHARS = 4096  # a longer cwd is no real folder


def working_folders(db: Path) -> tuple[str, ...]:
    """The distinct working folders (``cwd``) the agent's sessions ran in, newest first: where
    the agent actually ran. () when none is recorded, the column is missing (older agents) or
    the file cannot be read: then nothing is known about where the agent runs."""
    try:
        if not stat.S_ISREG(os.stat(db).st_mode):
            return ()
        conn = _connect(db)
        try:
            columns = {row[1] for row in conn.execute("PRAGMA table_info(sessions)")}
            if "cwd" not in columns:
                return ()
            order = "started_at DESC" if "started_at" in columns else "rowid DESC"
            rows = conn.execute(
                "SELECT substr(cwd, 1, ?) FROM sessions WHERE cwd IS NOT NULL AND cwd != '' "  # noqa: S608 - fixed names
                f"ORDER BY {order} LIMIT ?",
                (MAX_FOLDER_CHARS, MAX_SESSIONS),
            ).fetchall()
        finally:
            conn.close()
    except (sqlite3.Error, OSError, ValueError):
        return ()
    return tuple(dict.fromkeys(r[0] for r in rows if isinstance(r[0], str) and r[0].strip()))[:200]
