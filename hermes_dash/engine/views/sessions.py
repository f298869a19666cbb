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

_WANTED = ("id", "source", "started_at", "ended_at", "system_prompt")
QUERY_TIMEOUT_S = 3.0


@dataclass(frozen=True)
class Session:
    id: str
    source: str
    started_at: datetime | None
    ended_at: datetime | None
    system_prompt: str


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
    conn.execute("PRAGMA query_only = ON")
    return conn


def _problem(db: Path, exc: sqlite3.Error) -> str:
    """Why reading failed, in words that point at the real cause."""
    name = getattr(exc, "sqlite_errorname", "")
    if name == "SQLITE_INTERRUPT":
        return (f"Reading sessions from {db} took longer than {QUERY_TIMEOUT_S:g} s and was stopped: its "
                "`sessions` table or view never finishes (a view that recurses without end?). Check the file "
                "with `sqlite3 state.db .schema`.")
    if name in ("SQLITE_CORRUPT", "SQLITE_NOTADB") or name.startswith(("SQLITE_CORRUPT_", "SQLITE_NOTADB_")):
        return (f"{db} is corrupt ({exc}), so its sessions cannot be read. Restore it from a backup or move "
                "it aside; hermes-dash only reads it.")
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
            return SessionList((), f"{db.name} has no sessions table with a system_prompt column "
                                   "(another Hermes version?).")
        picked = [c if c in columns else f"NULL AS {c}" for c in _WANTED]
        order = "started_at DESC" if "started_at" in columns else "rowid DESC"
        one = "AND id = ? " if session_id is not None else ""
        params = (session_id, limit) if session_id is not None else (limit,)
        rows = conn.execute(
            f"SELECT {', '.join(picked)} FROM sessions WHERE system_prompt IS NOT NULL "  # noqa: S608 - fixed names
            f"AND system_prompt != '' {one}ORDER BY {order} LIMIT ?", params).fetchall()
    except sqlite3.Error as exc:
        return SessionList((), _problem(db, exc))
    finally:
        conn.close()
    return SessionList(tuple(Session(str(r[0]), str(r[1] or ""), _when(r[2]), _when(r[3]), str(r[4]))
                             for r in rows))
