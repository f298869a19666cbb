"""Sessions recorded by the agent in ``<home>/state.db``, read strictly read-only (SPEC §5).

The agent writes this SQLite file (WAL mode) while we read it, so: never create it, open it
with ``mode=ro`` and a short busy timeout, take only the columns that exist (other schema
versions), and turn every failure into a message instead of an exception.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

_WANTED = ("id", "source", "started_at", "ended_at", "system_prompt")


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
        return datetime.fromtimestamp(float(value), tz=timezone.utc) if value is not None else None  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError, OSError):
        return None


def _connect(db: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True, timeout=0.5)
    conn.execute("PRAGMA query_only = ON")
    return conn


def read_sessions(db: Path, limit: int = 50) -> SessionList:
    """The newest ``limit`` sessions that have a system prompt, newest first."""
    if not db.is_file():
        return SessionList((), f"No {db.name} in {db.parent}: no agent session has been recorded here.")
    try:
        conn = _connect(db)
    except sqlite3.Error as exc:
        return SessionList((), f"Cannot open {db}: {exc}.")
    try:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(sessions)")}
        if not {"id", "system_prompt"} <= columns:
            return SessionList((), f"{db.name} has no sessions table with a system_prompt column "
                                   "(another Hermes version?).")
        picked = [c if c in columns else f"NULL AS {c}" for c in _WANTED]
        order = "started_at DESC" if "started_at" in columns else "rowid DESC"
        rows = conn.execute(
            f"SELECT {', '.join(picked)} FROM sessions WHERE system_prompt IS NOT NULL "  # noqa: S608 - fixed names
            f"AND system_prompt != '' ORDER BY {order} LIMIT ?", (limit,)).fetchall()
    except sqlite3.Error as exc:
        return SessionList((), f"Cannot read sessions from {db} ({exc}); the agent may be busy, try again.")
    finally:
        conn.close()
    return SessionList(tuple(Session(str(r[0]), str(r[1] or ""), _when(r[2]), _when(r[3]), str(r[4]))
                             for r in rows))
