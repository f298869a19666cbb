"""The agent's memory calls in ``<home>/state.db``: which session added, replaced or removed an entry, and why.

See docs/provenance.md. The agent records each turn in ``messages``: the assistant's row holds
``tool_calls`` (JSON: ``[{"id", "function": {"name", "arguments"}}]`` or ``[{"name", "arguments"}]``),
the tool's JSON result is a later ``role = 'tool'`` row (its ``tool_call_id`` names the call),
and the user's message comes before. Read like :mod:`~hermes_dash.engine.views.sessions`:
read-only, time-bounded, only the columns that exist.

Finding the calls: the FTS index ``messages_fts`` (content || tool name || tool calls) gives the
rows holding the word ``memory`` without reading the whole table; rows written after the index's
newest row, or every row when there is no usable index, are read with a plain scan of
``tool_calls``. :attr:`CallScan.used_fts` says which happened.

Why a call was made, and the turn around it (:func:`call_reasons`, :func:`call_turn`): the few
messages around one call, on a connection bounded like every state.db read (statedb).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from hermes_dash.engine.io import outside
from hermes_dash.engine.io.outside import time_from_epoch as _when
from hermes_dash.engine.views import statedb, statedb_child

SCAN_TIMEOUT_S = 3.0
_RESULT_WINDOW = 64  # a call's result row is looked for among the next this many rows
_ACTIONS = ("add", "replace", "remove", "patch")


@dataclass(frozen=True)
class SessionInfo:
    """The session a call was made in (fields the schema lacks are empty)."""

    id: str
    source: str = ""
    model: str = ""
    cwd: str = ""
    started_at: datetime | None = None


@dataclass(frozen=True)
class MemoryCall:
    """One operation of one ``memory`` tool call (a batch gives one per operation)."""

    message_id: int
    session: SessionInfo
    at: datetime | None
    target: str
    action: str  # add | replace | remove | patch
    content: str | None  # the new entry text (add, replace), or a patch's new_text
    old_text: str | None
    #: What the reply says the call overwrote or removed (newer agents: replaced_entry,
    #: removed_entry, patched_entry_before); None when the reply does not say.
    matched: str | None = None
    after: str | None = None  # a patch's patched_entry_after
    batch_index: int | None = None  # position in a batch (0-based); None for a single operation
    status: str = "applied"  # applied | staged | failed | unconfirmed (no result row found)
    pending_id: str | None = None  # a staged call's id in pending/memory/
    call_id: str = ""

    @property
    def applied(self) -> bool:
        return self.status in ("applied", "unconfirmed")

    def writes(self, text: str) -> bool:
        """Whether this call left ``text`` as an entry (exactly; a patch by its reply, or by its
        new text and what it matched)."""
        if self.action in ("add", "replace"):
            return (self.content or "").strip() == text
        if self.action == "patch":
            if self.after is not None:
                return self.after.strip() == text
            return (
                bool(self.content)
                and (self.content or "") in text
                and (self.matched is None or self.matched.replace(self.old_text or "", self.content or "") == text)
            )
        return False

    def takes_away(self, text: str) -> bool:
        """Whether this call removed ``text`` or overwrote it with another text."""
        if self.action not in ("remove", "replace", "patch") or self.writes(text):
            return False
        if self.matched is not None:
            return self.matched.strip() == text
        needle = (self.old_text or "").strip()
        return bool(needle) and needle in text


@dataclass(frozen=True)
class CallScan:
    calls: tuple[MemoryCall, ...]  # oldest first
    used_fts: bool = False
    rows_read: int = 0  # message rows whose tool calls were parsed
    oldest_session: datetime | None = None
    session_count: int = 0
    problem: str | None = None  # why the list may be empty or incomplete
    seconds: float = 0.0

    def writers(self, target: str, text: str) -> list[MemoryCall]:
        """Calls that left ``text`` in ``target``'s file, oldest first (staged ones included)."""
        return [c for c in self.calls if c.target == target and c.writes(text)]

    def removers(self, target: str, text: str) -> list[MemoryCall]:
        return [c for c in self.calls if c.target == target and c.applied and c.takes_away(text)]

    def staged(self, pending_id: str) -> list[MemoryCall]:
        return [c for c in self.calls if c.pending_id == pending_id]


#: SQL functions our queries run: statedb's limits bound what a crafted view calling them may build.
_FUNCTIONS = frozenset({"substr", "length", "like", "match", "min", "max", "count"})
#: The longest ``tool_calls`` or reply parsed as JSON, and how deep it may nest (a batch is 4 deep).
MAX_CALL_JSON_CHARS = 1 << 20
MAX_CALL_JSON_DEPTH = 16


@dataclass
class _Reader:
    sql: statedb.Reader
    columns: set[str]
    session_columns: set[str]
    sessions: dict[str, SessionInfo] = field(default_factory=dict)


def _open(db: Path, timeout: float) -> tuple[_Reader | None, str | None]:
    if (unreadable := statedb.not_readable(db)) is not None:
        return None, unreadable
    try:
        sql = statedb.connect(db, _FUNCTIONS, timeout)
    except sqlite3.Error as exc:
        return None, statedb.problem(db, exc, timeout)
    try:
        columns = {str(row[1]) for row in sql.rows("PRAGMA table_info(messages)")}
        session_columns = {str(row[1]) for row in sql.rows("PRAGMA table_info(sessions)")}
    except sqlite3.Error as exc:
        sql.close()
        return None, statedb.problem(db, exc, timeout)
    if not {"id", "session_id", "tool_calls"} <= columns:
        sql.close()
        return (
            None,
            f"{db.name} has no messages table with tool calls (another Hermes version?), so no memory "
            "call can be found in it.",
        )
    return _Reader(sql, columns, session_columns), None


def _session_col(reader: _Reader, name: str) -> str:
    """A column of the sessions table, or NULL under its name where this layout has none."""
    return name if name in reader.session_columns else f"NULL AS {name}"


def _fts_usable(conn: statedb.Reader) -> bool:
    try:
        row = conn.one("SELECT sql FROM sqlite_master WHERE name = 'messages_fts'")
        return bool(row and "fts5" in str(row[0]).lower())
    except sqlite3.Error:
        return False


def _candidate_rows(reader: _Reader) -> tuple[list[tuple[object, ...]], bool]:
    """Rows that may hold a memory call or its reply: (id, session_id, role, tool_calls,
    tool_call_id, reply content, timestamp). Through the FTS index the replies come along (the
    index holds the tool name); a plain scan finds the calls only."""
    conn = reader.sql
    have = reader.columns
    role = "m.role" if "role" in have else "NULL"
    reply = "CASE WHEN m.role = 'tool' THEN m.content END" if {"role", "content"} <= have else "NULL"
    picked = (
        f"m.id, m.session_id, {role}, m.tool_calls, {'m.tool_call_id' if 'tool_call_id' in have else 'NULL'}, "
        f"{reply}, {'m.timestamp' if 'timestamp' in have else 'NULL'}"
    )
    calls_only = "m.tool_calls IS NOT NULL AND m.tool_calls LIKE '%memory%'"
    if _fts_usable(conn):
        try:
            top = conn.one("SELECT rowid FROM messages_fts ORDER BY rowid DESC LIMIT 1")
            wanted = f"(m.tool_calls IS NOT NULL OR {role} = 'tool')"
            indexed = conn.rows(
                f"SELECT {picked} FROM messages_fts f JOIN messages m ON m.id = f.rowid "  # noqa: S608 - fixed names
                f"WHERE messages_fts MATCH 'memory' AND {wanted} ORDER BY m.id"
            )
            tail = conn.rows(
                f"SELECT {picked} FROM messages m WHERE m.id > ? AND {calls_only} "  # noqa: S608
                "ORDER BY m.id",
                (top[0] if top else 0,),
            )
            return indexed + tail, bool(top and top[0])  # an empty index answered nothing: say so
        except sqlite3.OperationalError as exc:
            if getattr(exc, "sqlite_errorname", "") == "SQLITE_INTERRUPT":
                raise
            # an index this SQLite cannot read (no fts5 module): scan instead
    return conn.rows(f"SELECT {picked} FROM messages m WHERE {calls_only} ORDER BY m.id"), False  # noqa: S608


def _loads(value: object) -> object:
    if isinstance(value, str):
        try:
            return outside.loads(value, max_depth=MAX_CALL_JSON_DEPTH, max_chars=MAX_CALL_JSON_CHARS)
        except outside.OutsideValue:
            return None
    return value


def _memory_calls(raw: object) -> list[tuple[str, dict[str, object]]]:
    """(call id, arguments) of each ``memory`` call in a ``tool_calls`` value."""
    items = _loads(raw)
    if isinstance(items, dict):
        items = [items]
    if not isinstance(items, list):
        return []
    out = []
    for item in items:
        if not isinstance(item, dict):
            continue
        inner = item.get("function")
        function: dict[str, object] = inner if isinstance(inner, dict) else item
        if function.get("name") != "memory":
            continue
        args = _loads(function.get("arguments"))
        if isinstance(args, dict):
            out.append((str(item.get("id") or item.get("call_id") or ""), args))
    return out


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _ops_of(args: Mapping[str, object]) -> list[tuple[int | None, Mapping[str, object]]]:
    operations = args.get("operations")
    if isinstance(operations, list) and operations:
        return [(i, op) for i, op in enumerate(operations) if isinstance(op, dict)]
    return [(None, args)]


def _per_op(result: Mapping[str, object], index: int | None) -> Mapping[str, object]:
    """The part of a reply that speaks of operation ``index`` (newer agents reply per operation)."""
    if index is None:
        return result
    for key in ("operations", "results"):
        listed = result.get(key)
        part = listed[index] if isinstance(listed, list) and index < len(listed) else None
        if isinstance(part, dict):
            return part
    return {}


def _status(result: object) -> tuple[str, str | None]:
    if not isinstance(result, dict):
        return "unconfirmed", None
    if result.get("success") is not True:
        return "failed", None
    if result.get("staged"):
        return "staged", _text(result.get("pending_id"))
    return "applied", None


def _results(
    reader: _Reader, rows: list[tuple[int, str, str]], known: dict[str, list[tuple[int, str, object]]]
) -> dict[tuple[int, str], object]:
    """The reply to each call: the tool row whose ``tool_call_id`` names it, else the first
    unclaimed tool row after the call's row in the same session. ``known``: tool rows already
    read, per session (id, tool_call_id, content); other sessions' rows are looked up."""
    found: dict[tuple[int, str], object] = {}
    has_id = "tool_call_id" in reader.columns
    role = "role" if "role" in reader.columns else "'tool'"
    reply_col = "content" if "content" in reader.columns else "NULL"  # a layout without it: calls with no reply
    by_message: dict[int, tuple[str, list[str]]] = {}
    for message_id, session_id, key in rows:
        by_message.setdefault(message_id, (session_id, []))[1].append(key)
    for message_id, (session_id, keys) in by_message.items():
        near = [
            (rid, cid, content)
            for rid, cid, content in known.get(session_id, ())
            if message_id < rid <= message_id + _RESULT_WINDOW
        ]
        if not near or any(not k.isdigit() and k not in {c for _, c, _ in near} for k in keys):
            near = [
                (int(r[0]), str(r[1] or ""), r[2])
                for r in reader.sql.rows(
                    f"SELECT id, {'tool_call_id' if has_id else 'NULL'}, {reply_col} FROM messages "  # noqa: S608 - fixed names
                    f"WHERE id > ? AND id <= ? AND session_id = ? AND {role} = 'tool' ORDER BY id",
                    (message_id, message_id + _RESULT_WINDOW, session_id),
                )
            ]
        replies = [(cid, content) for _, cid, content in near]
        claimed: set[int] = set()
        ids = {k for k in keys if not k.isdigit()}
        for key in keys:
            n = next((i for i, (rid, _) in enumerate(replies) if rid and rid == key and i not in claimed), None)
            if n is None:  # no id to go by: the next reply that answers no other call
                n = next((i for i, (rid, _) in enumerate(replies) if i not in claimed and rid not in ids), None)
            if n is not None:
                claimed.add(n)
                found[(message_id, key)] = _loads(replies[n][1])
    return found


def _session_info(reader: _Reader, ids: Iterable[str]) -> None:
    want = [i for i in dict.fromkeys(ids) if i not in reader.sessions]
    if not want or "id" not in reader.session_columns:
        reader.sessions.update({i: SessionInfo(i) for i in want})
        return
    picked = ", ".join(_session_col(reader, c) for c in ("id", "source", "model", "cwd", "started_at"))
    for start in range(0, len(want), 500):
        chunk = want[start : start + 500]
        marks = ",".join("?" * len(chunk))
        for r in reader.sql.rows(f"SELECT {picked} FROM sessions WHERE id IN ({marks})", chunk):  # noqa: S608
            reader.sessions[str(r[0])] = SessionInfo(
                str(r[0]), str(r[1] or ""), str(r[2] or ""), str(r[3] or ""), _when(r[4])
            )
    for i in want:
        reader.sessions.setdefault(i, SessionInfo(i))


def scan_calls(db: Path, timeout: float = SCAN_TIMEOUT_S) -> CallScan:
    """Every memory call recorded in ``db``, oldest first; never raises (problems land in ``problem``).
    Read in a child process killed at the deadline (statedb_child)."""
    started = time.monotonic()
    if (unreadable := statedb.not_readable(db)) is not None:
        return CallScan((), problem=unreadable)
    return statedb_child.run(
        lambda: _scan_calls(db, timeout, started),
        db,
        timeout,
        lambda problem: CallScan((), problem=problem, seconds=time.monotonic() - started),
    )


def _row_id(value: object) -> int:
    """A message id (an INTEGER PRIMARY KEY) as ``int()`` reads a value SQLite gives."""
    if isinstance(value, int | float | str | bytes):
        return int(value)
    raise TypeError(f"a message id of type {type(value).__name__}")


def _scan_calls(db: Path, timeout: float, started: float) -> CallScan:
    reader, problem = _open(db, timeout)
    if reader is None:
        return CallScan((), problem=problem)
    calls: list[MemoryCall] = []
    rows_read = 0
    used_fts = False
    oldest, count = None, 0
    try:
        if "started_at" in reader.session_columns:
            row = reader.sql.one("SELECT min(started_at), count(*) FROM sessions")
            oldest, count = (_when(row[0]), int(row[1] or 0)) if row else (None, 0)
        rows, used_fts = _candidate_rows(reader)
        found: list[tuple[int, str, object, list[tuple[str, dict[str, object]]]]] = []
        tool_rows: dict[str, list[tuple[int, str, object]]] = {}
        for message_id, session_id, role, tool_calls, tool_call_id, reply, at in rows:
            rows_read += 1
            if role == "tool":
                tool_rows.setdefault(str(session_id), []).append((_row_id(message_id), str(tool_call_id or ""), reply))
                continue
            parsed = _memory_calls(tool_calls)
            if parsed:
                found.append((_row_id(message_id), str(session_id), at, parsed))
        keys = [(m, s, cid or str(n)) for m, s, _, parsed in found for n, (cid, _) in enumerate(parsed)]
        replies = _results(reader, keys, tool_rows)
        _session_info(reader, (s for _, s, _, _ in found))
        for message_id, session_id, at, parsed in found:
            for n, (call_id, args) in enumerate(parsed):
                reply = replies.get((message_id, call_id or str(n)))
                calls += _calls_of(message_id, reader.sessions[session_id], _when(at), call_id, args, reply)
    except sqlite3.Error as exc:
        problem = statedb.problem(db, exc, timeout, doing="Looking for memory calls")
        if getattr(exc, "sqlite_errorname", "") == "SQLITE_INTERRUPT":
            problem = (
                f"Looking for memory calls in {db} took longer than {timeout:g} s and was stopped after "
                f"{rows_read:,} candidate rows; the origins shown come from those only."
            )
    finally:
        reader.sql.close()
    if problem is None and reader.sql.cut:
        problem = f"Not every memory call was read: {reader.sql.cut}; the origins shown come from those only."
    return CallScan(tuple(replay(calls)), used_fts, rows_read, oldest, count, problem, time.monotonic() - started)


def replay(calls: list[MemoryCall]) -> list[MemoryCall]:
    """Fill in what each replace, remove or patch took away, where its reply does not say
    (agents before the replies named it), by replaying the calls in order with the memory
    tool's matching rule on the entries the calls themselves wrote. A call aimed at an entry no
    call wrote (it was in the file before, or written by hand) keeps ``matched`` None."""
    entries: dict[str, list[str]] = {}
    out = []
    for call in calls:
        work = entries.setdefault(call.target, [])
        hit = call.matched
        if call.action in ("replace", "remove", "patch") and hit is None and call.applied and call.old_text:
            needle = call.old_text.strip()
            hits = [e for e in work if needle in e]
            exact = [e for e in hits if e == needle]
            if exact or len(set(hits)) == 1:
                hit = (exact or hits)[0]
                call = replace(call, matched=hit)
        out.append(call)
        if not call.applied:
            continue
        new = (
            call.after
            or (
                hit.replace(call.old_text or "", call.content or "") if call.action == "patch" and hit else call.content
            )
            or ""
        ).strip()
        if call.action == "add" and new and new not in work:
            work.append(new)
        elif call.action in ("replace", "patch") and hit is not None and hit in work:
            work[work.index(hit)] = new
        elif call.action == "remove" and hit is not None and hit in work:
            work.remove(hit)
    return out


def _calls_of(
    message_id: int, session: SessionInfo, at: datetime | None, call_id: str, args: Mapping[str, object], reply: object
) -> list[MemoryCall]:
    status, pending = _status(reply)
    target = _text(args.get("target")) or "memory"
    result: Mapping[str, object] = reply if isinstance(reply, dict) else {}
    out = []
    for index, op in _ops_of(args):
        action = _text(op.get("action")) or ""
        if action not in _ACTIONS:
            continue
        content = _text(op.get("content"))
        if content is None:
            content = _text(op.get("new_text"))  # newer agents accept new_text for content
        part = _per_op(result, index)
        matched = next(
            (
                t
                for k in ("replaced_entry", "removed_entry", "patched_entry_before")
                if (t := _text(part.get(k))) is not None
            ),
            None,
        )
        out.append(
            MemoryCall(
                message_id,
                session,
                at,
                target,
                action,
                content,
                _text(op.get("old_text")),
                matched,
                _text(part.get("patched_entry_after")),
                index,
                status,
                pending,
                call_id,
            )
        )
    return out


__all__ = ["MemoryCall", "ORIGINS_TIMEOUT_S", "scan_calls", "SessionInfo"]


# The names the package face exports (the face renames nothing).
ORIGINS_TIMEOUT_S = SCAN_TIMEOUT_S


# Why a call was made, and the turn around it.

REASON_LINES = 4  # lines of the user's message and of the assistant's text kept as the "why"
REASON_CHARS = 400
#: How the agent stores a message made of parts (text, images): this prefix, then the parts as
#: JSON (``hermes_state.SessionDB._encode_content``; NUL cannot start a typed message).
_PARTS = "\x00json:"


@dataclass(frozen=True)
class Reason:
    """Why a call was made: the user's message and the assistant's text before it (plain text, cut)."""

    user: str = ""
    assistant: str = ""
    user_at: datetime | None = None


@dataclass(frozen=True)
class TurnMessage:
    role: str
    text: str
    at: datetime | None
    is_call: bool = False


def _plain(text: object, lines: int = REASON_LINES, chars: int = REASON_CHARS) -> str:
    """Message content as plain text, cut to a few lines."""
    value = _loads(text[len(_PARTS) :]) if isinstance(text, str) and text.startswith(_PARTS) else text
    if isinstance(value, list):  # content parts
        value = "\n".join(str(p.get("text", "")) for p in value if isinstance(p, dict))
    if not isinstance(value, str):
        return ""
    kept = [ln.rstrip() for ln in value.strip().splitlines() if ln.strip()]
    cut = "\n".join(kept[:lines])
    if len(cut) > chars:
        cut = cut[:chars].rstrip() + "…"
    elif len(kept) > lines:
        cut += "\n…"
    return "".join(ch for ch in cut if ch in "\n\t" or ch.isprintable())


def reason(db: Path, call: MemoryCall, timeout: float = 1.0) -> Reason:
    """The user's message before ``call`` and the assistant's text with it (or just before it)."""
    return reasons(db, [call], timeout).get(call.message_id, Reason())


def reasons(db: Path, calls: Iterable[MemoryCall], timeout: float = 2.0) -> dict[int, Reason]:
    """:func:`reason` of each call, by message id, on one connection."""
    wanted = {c.message_id: c for c in calls}
    if not wanted or statedb.not_readable(db) is not None:
        return {}
    return statedb_child.run(lambda: _reasons(db, wanted, timeout), db, timeout, lambda _: {})


def _reasons(db: Path, wanted: dict[int, MemoryCall], timeout: float) -> dict[int, Reason]:
    reader, _ = _open(db, timeout)
    if reader is None:
        return {}
    out: dict[int, Reason] = {}
    try:
        if {"role", "content"} <= reader.columns:
            for message_id, call in wanted.items():
                out[message_id] = _reason(reader, call)
    except sqlite3.Error:
        pass  # what was read so far is kept; the rest has no reason shown
    finally:
        reader.sql.close()
    return out


def _reason(reader: _Reader, call: MemoryCall) -> Reason:
    ts = "timestamp" if "timestamp" in reader.columns else "NULL"
    # By primary key, newest first: stops at the turn's user message instead of sorting the session.
    user = reader.sql.one(
        f"SELECT id, content, {ts} FROM messages WHERE id < ? AND session_id = ? "  # noqa: S608
        "AND role = 'user' ORDER BY id DESC LIMIT 1",
        (call.message_id, call.session.id),
    )
    own = reader.sql.one("SELECT content FROM messages WHERE id = ?", (call.message_id,))
    assistant = _plain(own[0]) if own else ""
    if not assistant:  # the assistant's text earlier in the same turn (after the user's message)
        row = reader.sql.one(
            "SELECT content FROM messages WHERE id < ? AND id > ? AND session_id = ? "
            "AND role = 'assistant' AND content IS NOT NULL AND content != '' "
            "ORDER BY id DESC LIMIT 1",
            (call.message_id, user[0] if user else -1, call.session.id),
        )
        assistant = _plain(row[0]) if row else ""
    return Reason(_plain(user[1]) if user else "", assistant, _when(user[2]) if user else None)


def turn(db: Path, call: MemoryCall, before: int = 6, after: int = 3, timeout: float = 1.0) -> list[TurnMessage]:
    """The messages around ``call`` in its session (for the dialog that shows the whole turn)."""
    if statedb.not_readable(db) is not None:
        return []
    return statedb_child.run(lambda: _turn(db, call, before, after, timeout), db, timeout, lambda _: [])


def _turn(db: Path, call: MemoryCall, before: int, after: int, timeout: float) -> list[TurnMessage]:
    reader, _ = _open(db, timeout)
    if reader is None or "role" not in reader.columns:
        return []
    ts = "timestamp" if "timestamp" in reader.columns else "NULL"
    content = "content" if "content" in reader.columns else "NULL"
    try:
        rows = reader.sql.rows(
            f"SELECT * FROM (SELECT id, role, {content}, tool_calls, {ts} FROM messages WHERE session_id = ? "  # noqa: S608
            "AND id <= ? ORDER BY id DESC LIMIT ?) UNION ALL SELECT id, role, content, tool_calls, ts FROM "
            f"(SELECT id, role, {content} AS content, tool_calls, {ts} AS ts FROM messages WHERE session_id = ? "
            "AND id > ? ORDER BY id LIMIT ?) ORDER BY id",
            (call.session.id, call.message_id, before + 1, call.session.id, call.message_id, after),
        )
    except sqlite3.Error:
        return []
    finally:
        reader.sql.close()
    out = []
    for mid, role, text, calls, at in rows:
        shown = _plain(text, lines=12, chars=1200)
        if not shown and calls:
            shown = "; ".join(f"memory({json.dumps(a, ensure_ascii=False)[:300]})" for _, a in _memory_calls(calls))
        out.append(TurnMessage(str(role), shown, _when(at), mid == call.message_id))
    return out


__all__ = ["call_reasons", "call_turn", "Reason", "TurnMessage"]


# The names the package face exports (the face renames nothing).
call_reasons = reasons
call_turn = turn
