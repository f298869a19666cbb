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

from hermes_dash.engine.invocation import printed_command
from hermes_dash.engine.io.outside import time_from_epoch
from hermes_dash.engine.views import statedb, statedb_child
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
_FUNCTIONS = frozenset({"substr", "length", "coalesce", "max", "count"})


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


#: The state.db schema versions whose layout hermes-dash knows, newest last: 17 (hermes-agent 0.18.0),
#: 22 (0.19.0), 26 (0.20.1), 31 (0.22.2). Up to 24 a session's prompt is ``sessions.system_prompt``;
#: from 25 the agent keeps each prompt once in ``system_prompts(hash, prompt)``, sets the column to
#: NULL and points ``sessions.system_prompt_hash`` at it (both layouts are read in any version).
NEWEST_KNOWN_SCHEMA = 31


@dataclass(frozen=True)
class _Layout:
    """Where this file keeps a session's prompt: the FROM clause and the prompt's expression."""

    columns: frozenset[str]
    source: str  # FROM ...
    prompt: str | None  # None: no prompt anywhere hermes-dash knows to look


def _layout(reader: statedb.Reader) -> _Layout:
    """The agent's own reading (``hermes_state.SessionDB.get_session``): ``COALESCE(sp.prompt,
    s.system_prompt)`` through ``LEFT JOIN system_prompts sp ON sp.hash = s.system_prompt_hash``
    where the file has that table, else the column alone."""
    columns = frozenset(str(row[1]) for row in reader.rows("PRAGMA table_info(sessions)"))
    table = {str(row[1]) for row in reader.rows("PRAGMA table_info(system_prompts)")}
    own = "s.system_prompt" if "system_prompt" in columns else None
    if "system_prompt_hash" in columns and {"hash", "prompt"} <= table:
        shared = f"coalesce(sp.prompt, {own})" if own else "sp.prompt"
        return _Layout(columns, "sessions s LEFT JOIN system_prompts sp ON sp.hash = s.system_prompt_hash", shared)
    return _Layout(columns, "sessions s", own)


def _schema_version(reader: statedb.Reader) -> int | None:
    """What the file's ``schema_version`` table says (None: no such table or no number in it)."""
    if not reader.rows("SELECT name FROM sqlite_master WHERE name = 'schema_version'"):
        return None
    row = reader.one("SELECT max(version) FROM schema_version")
    return row[0] if row and isinstance(row[0], int) else None


def _unknown(db: Path, reader: statedb.Reader, layout: _Layout, count: int | None = None) -> str:
    """Why no session was read from a file laid out as no Hermes version hermes-dash knows: what
    was found there, and what to do."""
    version = _schema_version(reader)
    found = f"schema version {version}" if version is not None else "no schema_version table"
    listed = ", ".join(sorted(layout.columns)[:12]) + (", ..." if len(layout.columns) > 12 else "")
    columns = f"sessions columns: {listed}" if layout.columns else "no sessions table"
    where = (
        "in sessions.system_prompt (schema up to 24, hermes-agent 0.19 and older) or in system_prompts "
        f"through sessions.system_prompt_hash (schema 25 to {NEWEST_KNOWN_SCHEMA}, hermes-agent 0.20 to 0.22)"
    )
    held = f" It holds {count:,} sessions, none with a prompt there." if count else ""
    return (
        f"{db} is laid out as no Hermes version hermes-dash knows ({found}; {columns}), so no "
        f"session's snapshot can be read from it: hermes-dash looks for a session's prompt {where}.{held} "
        "Update hermes-dash to a release that knows this agent's state.db; meanwhile freeze a snapshot with "
        f"`{printed_command('snapshot', '--freeze')}` to compare with. The memory files are not affected."
    )


def read_sessions(db: Path, limit: int = 50, session_id: str | None = None) -> SessionList:
    """The newest ``limit`` sessions that have a system prompt, newest first (only the one with
    ``session_id`` when given), each prompt read as the agent reads it (:func:`_layout`)."""
    if (unreadable := statedb.not_readable(db)) is not None:
        return SessionList((), unreadable)
    return statedb_child.run(lambda: _read_sessions(db, limit, session_id), db, statedb.QUERY_TIMEOUT_S, _failed)


def _failed(problem: str) -> SessionList:
    return SessionList((), problem)


def _read_sessions(db: Path, limit: int, session_id: str | None) -> SessionList:
    try:
        reader = _connect(db)
    except sqlite3.Error as exc:
        return SessionList((), _problem(db, exc))
    try:
        layout = _layout(reader)
        if layout.prompt is None or "id" not in layout.columns:
            return SessionList((), _unknown(db, reader, layout))
        rows = reader.rows(*_select(layout, limit, session_id))
        if not rows and session_id is None and (_schema_version(reader) or 0) > NEWEST_KNOWN_SCHEMA:
            counted = reader.one("SELECT count(*) FROM sessions")
            return SessionList((), _unknown(db, reader, layout, int(counted[0] or 0) if counted else None))
    except sqlite3.Error as exc:
        return SessionList((), _problem(db, exc))
    finally:
        reader.close()
    return SessionList(
        tuple(Session(str(r[0]), str(r[1] or ""), _when(r[2]), _when(r[3]), _text(r[4]), _length(r[5])) for r in rows),
        f"Not every session was read: {reader.cut}." if reader.cut else None,
    )


def _select(layout: _Layout, limit: int, session_id: str | None) -> tuple[str, tuple[object, ...]]:
    """The query of :func:`read_sessions` and its parameters: only a bounded start of each prompt
    crosses into Python, and its whole length."""
    prompt = layout.prompt
    picked = [f"s.{c}" if c in layout.columns else f"NULL AS {c}" for c in _WANTED]
    picked += [f"substr({prompt}, 1, ?)", f"length({prompt})"]
    order = "s.started_at DESC" if "started_at" in layout.columns else "s.rowid DESC"
    one = "AND s.id = ? " if session_id is not None else ""
    sql = (
        f"SELECT {', '.join(picked)} FROM {layout.source} WHERE {prompt} IS NOT NULL "  # noqa: S608 - fixed names
        f"AND {prompt} != '' {one}ORDER BY {order} LIMIT ?"
    )
    return sql, (MAX_PROMPT_CHARS, session_id, limit) if session_id is not None else (MAX_PROMPT_CHARS, limit)


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
    return statedb_child.run(lambda: _oldest_prompt(db), db, statedb.QUERY_TIMEOUT_S, lambda _: "")


def _oldest_prompt(db: Path) -> str:
    try:
        with _connect(db) as reader:
            layout = _layout(reader)
            if layout.prompt is None:
                return ""
            prompt = layout.prompt
            order = "s.started_at" if "started_at" in layout.columns else "s.rowid"
            row = reader.one(
                f"SELECT substr({prompt}, 1, ?) FROM {layout.source} WHERE {prompt} IS NOT NULL "  # noqa: S608 - fixed names
                f"ORDER BY {order} LIMIT 1",
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
    return statedb_child.run(lambda: _working_folders(db), db, statedb.QUERY_TIMEOUT_S, lambda _: ())


def _working_folders(db: Path) -> tuple[str, ...]:
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
