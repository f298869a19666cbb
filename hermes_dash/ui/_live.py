"""Live pages: redraw when the agent writes a memory file, with no click.

The agent writes while a person looks at the page. A small fragment runs every
``EVERY_S`` seconds, stats both memory files and compares their fingerprints
(mtime_ns, size, inode) with the ones the page was last drawn from. Only when one
differs does it ask for a full rerun of the page; an idle check is five ``stat`` calls
(both files, and what the current snapshot is read from: see :func:`watched`).

A full rerun keeps every widget's value (text typed, a selected row, an open
confirmation live in ``st.session_state`` or in the browser's widget), so the page
follows the file without resetting what the person is doing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from hermes_dash import frozen_snapshot_path, TARGETS, Fingerprint, MemoryStore

from ._cache import db_files, stat_key

EVERY_S = 1.0  # an agent write shows within about this long (plus one page run)
KEY = "hd_live"  # session key: (paths, fingerprints) the page was last drawn from

Fingerprints = tuple[Fingerprint | None, ...]


def fingerprints(paths: Sequence[str]) -> Fingerprints:
    return tuple(stat_key(path) for path in paths)


def changed(paths: tuple[str, ...], state: Mapping[Any, Any]) -> bool:
    """True when a file in ``paths`` differs from what the page was drawn from (one idle check)."""
    drawn = state.get(KEY)
    now = fingerprints(paths)
    return drawn is None or drawn[0] != paths or drawn[1] != now


@st.fragment(run_every=EVERY_S)
def _watch(paths: tuple[str, ...]) -> None:
    if changed(paths, st.session_state):
        st.session_state[KEY] = (paths, fingerprints(paths))
        st.rerun(scope="app")


def watched(store: MemoryStore) -> tuple[str, ...]:
    """What a live page is drawn from: both memory files, and what the app's current snapshot is
    read from (the agent's state.db, its write-ahead log, where a new session lands first, and the
    frozen snapshot file), so a session the agent starts shows without a click too."""
    return (*(str(store.home.file_path(t)) for t in TARGETS), *map(str, db_files(store.home.state_db)),
            str(frozen_snapshot_path(store)))


def follow(store: MemoryStore) -> None:
    """Redraw this page when a file it is drawn from changes on disk (call once per page).

    Records the files as they are now (the page is being drawn from them), then starts the watch.
    """
    paths = watched(store)
    st.session_state[KEY] = (paths, fingerprints(paths))
    _watch(paths)
