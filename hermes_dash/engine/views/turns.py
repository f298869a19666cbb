"""Why a memory call was made, and the turn around it, read from ``<home>/state.db`` (docs/provenance.md).

The calls themselves are found by :mod:`~hermes_dash.engine.views.origins`; this reads the few
messages around one call, on a connection bounded like every state.db read (statedb).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from hermes_dash.engine.io.outside import time_from_epoch as _when
from hermes_dash.engine.views import statedb, statedb_child
from hermes_dash.engine.views.origins import MemoryCall, _loads, _memory_calls, _open, _Reader

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
