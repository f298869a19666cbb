"""Cached reads, keyed by what they read (SPEC: FileState.fingerprint = mtime_ns, size, inode).

A rerun happens on every click, so the pages re-read often; reading is cheap but the content
scan of every entry and the session list in ``state.db`` are not. Each cache key includes
the file's fingerprint, so a changed file is a new key; :func:`clear_caches` runs after every
write anyway (the brief's rule, and it frees memory).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from .. import _scan
from .._backups import Backup
from .._sessions import SessionList, read_sessions
from .._snapshot import Snapshot, from_session, load_frozen
from .._store import FileState, MemoryStore, read_file_state
from .._suggest import Suggestion, suggestions

SUGGEST_MAX_CHARS = 20_000  # beyond this, suggestions would cost seconds: the page says so instead


def stat_key(path: Path) -> tuple[int, int, int] | None:
    """(mtime_ns, size, inode) of the file ``path`` leads to (symlinks followed); None if absent."""
    try:
        st_ = os.stat(path)
    except OSError:
        return None
    return (st_.st_mtime_ns, st_.st_size, st_.st_ino)


@st.cache_data(max_entries=64, show_spinner=False)
def _read(path: str, target: str, limit: int, key: tuple[int, int, int]) -> FileState:
    return read_file_state(target, Path(path), limit)


def file_state(target: str, store: MemoryStore) -> FileState:
    """``store.read(target)``, cached while the file's fingerprint stays the same."""
    path = store.home.file_path(target)
    key = stat_key(path)
    if key is None:
        return store.read(target)
    return _read(str(path), target, store.limit(target), key)


@st.cache_data(max_entries=64, show_spinner=False)
def _findings(path: str, target: str, limit: int, key: tuple[int, int, int]) -> tuple[tuple[str, ...], ...]:
    state = read_file_state(target, Path(path), limit)
    return tuple(_scan.scan(entry) for entry in state.entries)


def entry_findings(state: FileState) -> tuple[tuple[str, ...], ...]:
    """The content scan of each entry (what the agent would block in its next prompt)."""
    if state.fingerprint is None:
        return tuple(_scan.scan(entry) for entry in state.entries)
    return _findings(str(state.path), state.target, state.limit, state.fingerprint)


@st.cache_data(max_entries=32, show_spinner=False)
def _suggestions(path: str, target: str, limit: int, key: tuple[int, int, int]) -> list[Suggestion]:
    return suggestions(read_file_state(target, Path(path), limit).entries)


def entry_suggestions(state: FileState) -> list[Suggestion] | None:
    """Shortest unique text per entry; None when the file is too large to work it out quickly."""
    if state.usage > SUGGEST_MAX_CHARS:
        return None
    if state.fingerprint is None:
        return suggestions(state.entries)
    return _suggestions(str(state.path), state.target, state.limit, state.fingerprint)


def _db_key(db: Path) -> tuple[object, ...]:
    # The agent writes state.db in WAL mode: new sessions may sit in the -wal file for a while.
    return (stat_key(db), stat_key(db.with_name(db.name + "-wal")))


@st.cache_data(max_entries=16, show_spinner=False)
def _sessions(db: str, limit: int, key: tuple[object, ...]) -> SessionList:
    return read_sessions(Path(db), limit)


def sessions(store: MemoryStore, limit: int = 50) -> SessionList:
    """Sessions recorded in the home's ``state.db``, newest first (read-only)."""
    db = store.home.state_db
    return _sessions(str(db), limit, _db_key(db))


@dataclass(frozen=True)
class SnapshotChoice:
    """A snapshot and where it came from, for labels."""

    snapshot: Snapshot
    session_id: str | None


def latest_snapshot(store: MemoryStore) -> SnapshotChoice | None:
    """What the newest agent session froze, else the snapshot frozen in the dashboard, else None."""
    found = sessions(store, limit=1)
    if found.sessions:
        return SnapshotChoice(from_session(found.sessions[0]), found.sessions[0].id)
    frozen = load_frozen(store)  # a small JSON file beside the memory files
    return SnapshotChoice(frozen, None) if frozen else None


@st.cache_data(max_entries=256, show_spinner=False)
def _backup_state(path: str, target: str, limit: int, key: tuple[int, int, int]) -> FileState:
    return read_file_state(target, Path(path), limit)


def backup_state(backup: Backup, store: MemoryStore) -> FileState | None:
    """A backup file read like a memory file (entries, size); None if it vanished."""
    key = stat_key(backup.path)
    if key is None:
        return None
    return _backup_state(str(backup.path), backup.target, store.limit(backup.target), key)


def clear_caches() -> None:
    """Forget every cached read (call after any write; ``run_op`` does)."""
    st.cache_data.clear()
