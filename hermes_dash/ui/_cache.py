"""Cached reads, keyed by what they read: the file's :class:`~hermes_dash.Fingerprint`.

A rerun happens on every click, so the pages re-read often; reading is cheap but the content
scan of every entry and the session list in ``state.db`` are not. Each cache key includes
the file's fingerprint, so a changed file is a new key; :func:`clear_caches` runs after every
write anyway (a write shows at once on every page, and it frees memory).

What the landing page needs on every rerun (the files, their scan, the snapshot and what is new
since it) sits in :class:`Memo` dicts rather than ``st.cache_data``: hashing the arguments and
unpickling a copy of the result cost ``st.cache_data`` about a fifth of the page's rerun. A memo
may hand the same object to several sessions, so it only holds immutable values (frozen
dataclasses, tuples). Everything else (suggestions, backups, the session list) uses st.cache_data.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

import streamlit as st

from hermes_dash import FileState, MemoryStore
from hermes_dash.curation.suggestions import Suggestion, suggestions
from hermes_dash.engine.agents import agent_rules_in_effect
from hermes_dash.engine.io.backups import Backup
from hermes_dash.engine.io.readfile import Fingerprint
from hermes_dash.engine.rules.scan import scan
from hermes_dash.engine.state import read_file_state
from hermes_dash.engine.views.sessions import SessionList, read_sessions
from hermes_dash.engine.views.snapshot import (
    Snapshot,
    frozen_snapshot_path,
    load_frozen_snapshot,
    newest_snapshot,
    session_snapshot,
    snapshot_since,
)

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

SUGGEST_MAX_CHARS = 20_000  # beyond this, suggestions would cost seconds: the page says so instead

V = TypeVar("V")


class Memo(Generic[V]):
    """A bounded dict of computed values; the key must include the stat of what was read."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: dict[Hashable, V] = {}
        self._lock = threading.Lock()  # sessions are threads

    def get(self, key: Hashable, compute: Callable[[], V]) -> V:
        try:  # one look-up (another session's thread may clear the dict between two)
            return self._values[key]
        except KeyError:
            pass
        found = compute()
        with self._lock:
            if len(self._values) >= self.size:
                self._values.clear()  # keys of old file versions pile up; starting afresh is simplest
            self._values[key] = found
        return found

    def clear(self) -> None:
        with self._lock:
            self._values.clear()


_STATES: Memo[FileState] = Memo(64)
_FINDINGS: Memo[tuple[tuple[str, ...], ...]] = Memo(64)
_SNAPSHOTS: Memo[SnapshotChoice | None] = Memo(16)
_NEW: Memo[tuple[str, ...]] = Memo(64)
_TABLES: Memo[pa.Table] = Memo(32)


def stat_key(path: str | Path) -> Fingerprint | None:
    """The :class:`Fingerprint` of the file ``path`` leads to (symlinks followed), exactly as the
    engine records it in ``FileState.fingerprint``; None if absent."""
    return Fingerprint.at(path)


def file_state(target: str, store: MemoryStore) -> FileState:
    """``store.read(target)``, cached while the file's fingerprint stays the same."""
    path = store.home.file_path(target)
    key = stat_key(path)
    if key is None:
        return store.read(target)
    limit = store.limit(target)
    return _STATES.get(
        (str(path), target, limit, key, agent_rules_in_effect().version), lambda: read_file_state(target, path, limit)
    )


def _state_key(state: FileState) -> Hashable:
    # The agent version in effect is part of every key: its rules decide how a file reads (a BOM)
    # and what its scan finds, and another home in this process may follow another version.
    return (str(state.path), state.target, state.limit, state.fingerprint, agent_rules_in_effect().version)


def entry_findings(state: FileState) -> tuple[tuple[str, ...], ...]:
    """The content scan of each entry (what the agent would block in its next prompt)."""

    def scan_all() -> tuple[tuple[str, ...], ...]:
        return tuple(scan(entry) for entry in state.entries)

    return scan_all() if state.fingerprint is None else _FINDINGS.get(_state_key(state), scan_all)


@st.cache_data(max_entries=32, show_spinner=False)
def _suggestions(path: str, target: str, limit: int, key: Fingerprint) -> list[Suggestion]:
    return suggestions(read_file_state(target, Path(path), limit).entries)


def entry_suggestions(state: FileState) -> list[Suggestion] | None:
    """Shortest unique text per entry; None when the file is too large to work it out quickly."""
    if state.usage > SUGGEST_MAX_CHARS:
        return None
    if state.fingerprint is None:
        return suggestions(state.entries)
    return _suggestions(str(state.path), state.target, state.limit, state.fingerprint)


def table_for(state: FileState, key: Hashable, build: Callable[[], pd.DataFrame]) -> pa.Table | pd.DataFrame:
    """``build()`` converted to an Arrow table once per version of ``state``'s file and ``key``.

    ``key`` must name everything else the frame depends on (search text, snapshot key). Handing
    ``st.dataframe`` an Arrow table skips its pandas-to-Arrow conversion, the largest cost of
    drawing a table on every rerun; an Arrow table is immutable, so sessions may share it.
    """
    if state.fingerprint is None:
        return build()
    import pyarrow as pa

    return _TABLES.get((_state_key(state), key), lambda: pa.Table.from_pandas(build(), preserve_index=False))


def db_files(db: Path) -> tuple[Path, Path]:
    """state.db and its write-ahead log: the agent writes in WAL mode, so new sessions may sit in
    the -wal file for a while. What a session-list cache key and the live watch both stat."""
    return db, db.with_name(db.name + "-wal")


def _db_key(db: Path) -> tuple[object, ...]:
    return tuple(stat_key(path) for path in db_files(db))


@st.cache_data(max_entries=16, show_spinner=False)
def _sessions(db: str, limit: int, key: tuple[object, ...]) -> SessionList:
    return read_sessions(Path(db), limit)


def sessions(store: MemoryStore, limit: int = 50) -> SessionList:
    """Sessions recorded in the home's ``state.db``, newest first (read-only)."""
    db = store.home.state_db
    return _sessions(str(db), limit, _db_key(db))


FROZEN = "__frozen__"  # the snapshot frozen in hermes-dash, as a choice beside session ids
_CHOSEN = "hd_snapshot"  # session state: (home path, session id or FROZEN) picked on the Snapshot page


@dataclass(frozen=True)
class SnapshotChoice:
    """A snapshot, where it came from (for labels) and ``key``: the stat of what it was read from.

    Shared between sessions by the memo: treat ``snapshot`` (whose dicts could be changed) as read-only.
    """

    snapshot: Snapshot
    session_id: str | None
    key: str = ""

    @property
    def choice(self) -> str:
        """Its value among the Snapshot page's choices: the session id, or FROZEN."""
        return self.session_id if self.session_id is not None else FROZEN


def choose_snapshot(store: MemoryStore, choice: str) -> None:
    """Make ``choice`` (a session id of this home's state.db, or FROZEN) the app's current snapshot."""
    st.session_state[_CHOSEN] = (str(store.home.path), choice)


def _chosen(store: MemoryStore) -> str | None:
    saved = st.session_state.get(_CHOSEN)
    if isinstance(saved, tuple) and len(saved) == 2 and saved[0] == str(store.home.path):
        return str(saved[1])
    return None  # nothing picked for this home (a session id of another profile means nothing here)


def _load_snapshot(store: MemoryStore, wanted: str | None, key: str) -> SnapshotChoice | None:
    db = store.home.state_db
    if wanted == FROZEN:
        frozen = load_frozen_snapshot(store)
        if frozen is not None:
            return SnapshotChoice(frozen, None, key)
    elif wanted is not None:
        found = read_sessions(db, 1, wanted)
        if found.sessions:
            return SnapshotChoice(session_snapshot(found.sessions[0]), found.sessions[0].id, key)
    # Nothing picked, or what was picked is gone: the newer of the newest session and the frozen
    # snapshot, so a freeze made after the session started is what a reload or a new tab shows too.
    chosen = newest_snapshot(store)
    return SnapshotChoice(chosen[0], chosen[1], key) if chosen else None


def current_snapshot(store: MemoryStore) -> SnapshotChoice | None:
    """The app's one current snapshot (docs/rules.md#snapshot): the one picked on the Snapshot
    page (:func:`choose_snapshot`), else the newer of the newest agent session and the snapshot
    frozen in the dashboard, else None. Every page that compares with a snapshot uses this one and names
    it (``ui.compared_with``).

    Cached by the stat of state.db (and its -wal file) and of the frozen snapshot file: parsing
    the session's system prompt on every rerun cost more than drawing a table.
    """
    db, frozen = store.home.state_db, frozen_snapshot_path(store)
    wanted = _chosen(store)
    key = repr((str(db), _db_key(db), str(frozen), stat_key(frozen), wanted))
    return _SNAPSHOTS.get(key, lambda: _load_snapshot(store, wanted, key))


def since_snapshot(state: FileState, choice: SnapshotChoice | None) -> tuple[str, ...] | None:
    """Per entry of ``state``: "added", "changed" or "unchanged" since the snapshot, counted as
    the Snapshot page counts (``_snapshot.snapshot_since``); None without a snapshot. Cached by the file's
    fingerprint and the snapshot's key: it runs the content scan over both the file and the snapshot."""
    if choice is None:
        return None

    def compare() -> tuple[str, ...]:
        return snapshot_since(choice.snapshot, state.target, state.entries)

    if state.fingerprint is None or not choice.key:
        return compare()
    return _NEW.get((_state_key(state), choice.key), compare)


@st.cache_data(max_entries=256, show_spinner=False)
def _backup_state(path: str, target: str, limit: int, key: Fingerprint, rules: str) -> FileState:
    return read_file_state(target, Path(path), limit, follow=False)


def backup_state(backup: Backup, store: MemoryStore) -> FileState | None:
    """A backup file read like a memory file (entries, size); None if it vanished."""
    key = Fingerprint.at(backup.path, follow=False)  # a backup is never read through a link
    if key is None:
        return None
    return _backup_state(
        str(backup.path), backup.target, store.limit(backup.target), key, agent_rules_in_effect().version
    )


def clear_caches() -> None:
    """Forget every cached read (call after any write; ``run_op`` does)."""
    for memo in (_STATES, _FINDINGS, _SNAPSHOTS, _NEW, _TABLES):
        memo.clear()
    st.cache_data.clear()
