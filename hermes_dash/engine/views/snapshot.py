"""The frozen snapshot a running session uses, and how it differs from the live files.

A snapshot comes from the newest (or a chosen) session in ``state.db`` or, where there is
none, from one the user froze in the dashboard: ``memories/.hermes-dash-snapshot.json``
(written by :mod:`hermes_dash.engine.freeze`: a view writes nothing).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from hermes_dash.engine.invocation import printed_command
from hermes_dash.engine.io import outside
from hermes_dash.engine.io.readfile import NotReadable, read_regular
from hermes_dash.engine.rules.errors import InvalidRequest
from hermes_dash.engine.rules.format import TARGETS
from hermes_dash.engine.views.diff import EntryDiff, diff_entries
from hermes_dash.engine.views.render import parse_prompt, sanitise
from hermes_dash.engine.views.sessions import Session, read_sessions

if TYPE_CHECKING:  # a view reads through the store; it never imports the writing modules
    from hermes_dash.engine.store import MemoryStore

FROZEN_NAME = ".hermes-dash-snapshot.json"
MAX_FROZEN_BYTES = 64 << 20  # two rendered blocks and their entries; far below this


@dataclass(frozen=True)
class Snapshot:
    """What a session sees: per target, the injected block text and its entries."""

    source: str  # human description: "session 20261129_x (cli)" or "frozen in hermes-dash"
    taken_at: datetime | None
    blocks: dict[str, str]
    entries: dict[str, tuple[str, ...]]
    truncated: dict[str, bool]
    #: why the snapshot may be incomplete (a system prompt too long to be real); None when it is whole
    note: str | None = None


def session_snapshot(session: Session) -> Snapshot:
    """The blocks found in the session's prompt, of which at most ``MAX_PROMPT_CHARS`` characters
    were read (``sessions.MAX_PROMPT_CHARS``; ``note`` says when a prompt was longer)."""
    parsed = parse_prompt(session.system_prompt)
    return Snapshot(
        source=f"session {session.id}" + (f" ({session.source})" if session.source else ""),
        taken_at=session.started_at,
        blocks={t: parsed[t].text if t in parsed else "" for t in TARGETS},
        entries={t: parsed[t].entries if t in parsed else () for t in TARGETS},
        truncated={t: parsed[t].truncated if t in parsed else False for t in TARGETS},
        note=session.prompt_note(),
    )


def frozen_snapshot_path(store: MemoryStore) -> Path:
    return store.home.memories_dir / FROZEN_NAME


def load_frozen_snapshot(store: MemoryStore) -> Snapshot | None:
    try:
        raw = read_regular(frozen_snapshot_path(store), MAX_FROZEN_BYTES, follow=False)[0]
        record = outside.loads(raw, max_depth=4, max_chars=MAX_FROZEN_BYTES)
        if not isinstance(record, dict):
            return None
        taken = outside.time_from_iso(record["taken_at"])
        blocks = {t: str(record["blocks"].get(t, "")) for t in TARGETS}
        entries = {t: tuple(str(e) for e in record["entries"].get(t, [])) for t in TARGETS}
    except (OSError, NotReadable, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None
    return Snapshot("frozen in hermes-dash", taken, blocks, entries, {t: False for t in TARGETS})


def compare_snapshot(snapshot: Snapshot, target: str, entries: list[str] | tuple[str, ...]) -> EntryDiff:
    """The snapshot against ``entries`` (the live file's), entry by entry, with the one pairing
    rule (docs/rules.md#diff). Compared as injected: an entry the content scan blocks counts as
    its ``[BLOCKED: ...]`` note, which is what a session's snapshot holds."""
    return diff_entries(sanitise(snapshot.entries.get(target, ()), target), sanitise(entries, target))


def snapshot_since(snapshot: Snapshot, target: str, entries: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Per entry of ``entries``: ``"unchanged"``, ``"changed"`` or ``"added"`` since the snapshot,
    exactly as :func:`compare` counts it (so every page gives the same numbers)."""
    kinds = {item.new: item.kind for item in compare_snapshot(snapshot, target, entries).items if item.new is not None}
    return tuple(kinds[injected] for injected in sanitise(entries, target))


def diff_live(store: MemoryStore, snapshot: Snapshot, target: str) -> EntryDiff:
    """The snapshot against the live file (see :func:`compare`)."""
    return compare_snapshot(snapshot, target, store.read(target).entries)


def newest_snapshot(store: MemoryStore) -> tuple[Snapshot, str | None] | None:
    """The snapshot compared with when none is asked for (docs/rules.md#snapshot): the newer of
    the newest session's and the one frozen here, with its session id (None: the frozen one);
    None when there is neither. A freeze made after the session started is the newer."""
    found = read_sessions(store.home.state_db, 1)
    session = (session_snapshot(found.sessions[0]), found.sessions[0].id) if found.sessions else None
    frozen = load_frozen_snapshot(store)
    if frozen is None:
        return session
    if session is None or (frozen.taken_at and session[0].taken_at and frozen.taken_at > session[0].taken_at):
        return frozen, None
    return session


def choose_snapshot(store: MemoryStore, session_id: str | None = None) -> tuple[Snapshot, str | None]:
    """The snapshot to compare with, and its session id (None: the one frozen here).

    ``session_id``: that session from ``state.db``. Otherwise :func:`newest`; a refusal that
    says why when there is none.
    """
    db = store.home.state_db
    if session_id is not None:
        found = read_sessions(db, 1, session_id)
        if found.sessions:
            return session_snapshot(found.sessions[0]), found.sessions[0].id
        raise InvalidRequest(
            f"There is no session {session_id!r} with a system prompt in {db}."
            + (f" {found.problem}" if found.problem else ""),
            hint="Leave out --session for the newest session.",
        )
    chosen = newest_snapshot(store)
    if chosen is None:
        problem = read_sessions(db, 1).problem
        raise InvalidRequest(
            f"There is no snapshot to compare with. {problem or ''}".strip(),
            hint=f"Freeze one now with `{printed_command('snapshot', '--freeze')}`, then run "
            f"`{printed_command('snapshot')}` later.",
        )
    return chosen


__all__ = [
    "choose_snapshot",
    "compare_snapshot",
    "diff_live",
    "frozen_snapshot_path",
    "load_frozen_snapshot",
    "newest_snapshot",
    "session_snapshot",
    "Snapshot",
    "snapshot_since",
]
