"""Sessions recorded by the agent in ``<home>/state.db``, read strictly read-only (docs/rules.md#snapshot).

The agent writes this SQLite file (WAL mode) while we read it, so: never create it, open it
with ``mode=ro`` and a short busy timeout, take only the columns that exist (other schema
versions), and turn every failure into a message instead of an exception.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from hermes_dash.engine.io.outside import time_from_epoch
from hermes_dash.engine.views import statedb
from hermes_dash.engine.views.statedb import MAX_VALUE_BYTES as MAX_VALUE_BYTES
from hermes_dash.engine.views.statedb import QUERY_TIMEOUT_S as QUERY_TIMEOUT_S

_WANTED = ("id", "source", "started_at", "ended_at")
#: Characters of one session's system prompt that are read (the rest stays in SQLite). The
#: MEMORY and USER blocks are a few thousand characters at the default limits, and the whole
#: prompt the agent builds (identity, tool guidance, skills, context files capped at 20,000
#: characters each by default, the blocks) is tens of thousands; two million characters is
#: about half a million tokens, more than any model's context leaves room for beside a
#: conversation. A longer prompt is not a real one: its first part is read and it is said so.
MAX_PROMPT_CHARS = 2_000_000
#: The only SQL functions our queries may run (statedb bounds what any of them may build).
_FUNCTIONS = frozenset({"substr", "length"})


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
    return time_from_epoch(value)


def _connect(db: Path, timeout: float = QUERY_TIMEOUT_S) -> statedb.Reader:
    return statedb.connect(db, _FUNCTIONS, timeout)


_problem = statedb.problem


def read_sessions(db: Path, limit: int = 50, session_id: str | None = None) -> SessionList:
    """The newest ``limit`` sessions that have a system prompt, newest first (only the one with
    ``session_id`` when given)."""
    if (unreadable := statedb.not_readable(db)) is not None:
        return SessionList((), unreadable)
    try:
        reader = _connect(db)
    except sqlite3.Error as exc:
        return SessionList((), _problem(db, exc))
    try:
        columns = {row[1] for row in reader.rows("PRAGMA table_info(sessions)")}
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
        rows = reader.rows(
            f"SELECT {', '.join(picked)} FROM sessions WHERE system_prompt IS NOT NULL "  # noqa: S608 - fixed names
            f"AND system_prompt != '' {one}ORDER BY {order} LIMIT ?",
            params,
        )
    except sqlite3.Error as exc:
        return SessionList((), _problem(db, exc))
    finally:
        reader.close()
    return SessionList(
        tuple(Session(str(r[0]), str(r[1] or ""), _when(r[2]), _when(r[3]), _text(r[4]), _length(r[5])) for r in rows),
        f"Not every session was read: {reader.cut}." if reader.cut else None,
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
    if statedb.not_readable(db) is not None:
        return ""
    try:
        with _connect(db) as reader:
            row = reader.one(
                "SELECT substr(system_prompt, 1, ?) FROM sessions WHERE system_prompt IS NOT NULL "
                "ORDER BY started_at LIMIT 1",
                (MAX_PROMPT_CHARS,),
            )
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
    if statedb.not_readable(db) is not None:
        return ()
    try:
        with _connect(db) as reader:
            columns = {row[1] for row in reader.rows("PRAGMA table_info(sessions)")}
            if "cwd" not in columns:
                return ()
            order = "started_at DESC" if "started_at" in columns else "rowid DESC"
            rows = reader.rows(
                "SELECT substr(cwd, 1, ?) FROM sessions WHERE cwd IS NOT NULL AND cwd != '' "  # noqa: S608 - fixed names
                f"ORDER BY {order} LIMIT ?",
                (MAX_FOLDER_CHARS, MAX_SESSIONS),
            )
    except (sqlite3.Error, OSError, ValueError):
        return ()
    return tuple(dict.fromkeys(r[0] for r in rows if isinstance(r[0], str) and r[0].strip()))[:200]


__all__ = ["oldest_prompt", "read_sessions", "SessionList", "working_folders"]
