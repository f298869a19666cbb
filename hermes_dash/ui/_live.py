"""Live pages: redraw when the agent writes a memory file, with no click.

The agent writes while a person looks at the page. A small fragment runs every
``EVERY_S`` seconds, stats both memory files and the staged writes' folder and compares their fingerprints
(mtime_ns, size, inode) with the ones the page was last drawn from. Only when one
differs does it ask for a full rerun of the page. Every ``SLOW_EVERY``-th check also stats
what the current snapshot is read from (see :func:`watched`): a new agent session is rarer
than a memory write, and shows within ``SLOW_EVERY`` seconds. So an idle check is three
``stat`` calls, and every fifth second one more and an ``access`` for each source that was absent.

A full rerun keeps every widget's value (text typed, a selected row, an open
confirmation live in ``st.session_state`` or in the browser's widget), so the page
follows the file without resetting what the person is doing.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from hermes_dash import MemoryStore
from hermes_dash.engine.io.readfile import Fingerprint
from hermes_dash.engine.rules.format import TARGETS
from hermes_dash.engine.views.snapshot import frozen_snapshot_path

from ._cache import db_files

EVERY_S = 1.0  # an agent write shows within about this long (plus one page run)
SLOW_EVERY = 5  # the snapshot's sources are looked at every this many checks
KEY = "hd_live"  # session key: (paths, fingerprints, [checks made]) the page was last drawn from
FRESH = "hd_fresh"  # {(path, target): frozenset of entry texts} written from outside, until the next change
MEMORY_FILES = len(TARGETS)  # watched() lists the memory files first
QUICK = MEMORY_FILES + 1  # then the staged writes' folder: looked at on every check too

Fingerprints = tuple[Fingerprint | None, ...]


def seen(path: str) -> Fingerprint | None:
    """The fingerprint the watch compares: the file's, except that an empty write-ahead log is
    none. SQLite leaves an empty ``state.db-wal`` (and ``-shm``) beside the file when the page
    itself first reads it, read-only, after the page recorded the files: without this, every first
    draw of a home was followed by a full rerun some seconds later, as if the agent had written."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    if st.st_size == 0 and path.endswith("-wal"):
        return None
    return Fingerprint.of(st)


def fingerprints(paths: Sequence[str]) -> Fingerprints:
    # In a list, as this runs every second on every open page.
    return tuple([seen(path) for path in paths])


def record(paths: tuple[str, ...]) -> tuple[tuple[str, ...], Fingerprints, list[int]]:
    """What the page is drawn from, as kept under ``KEY``: the paths, their fingerprints now, and
    a count of checks made since (a list, counted in place: one session-state read a check)."""
    return paths, fingerprints(paths), [0]


def changed(paths: tuple[str, ...], state: Mapping[Any, Any], *, full: bool = True) -> bool:
    """True when a file in ``paths`` differs from what the page was drawn from.
    ``full=False``: only the memory files are looked at."""
    drawn = state.get(KEY)
    return drawn is None or drawn[0] != paths or _differs(paths, drawn[1], full)


def check(paths: tuple[str, ...], state: Mapping[Any, Any]) -> bool:
    """One idle check of the watch: the memory files every time, all of ``paths`` every
    ``SLOW_EVERY``-th time."""
    drawn = state.get(KEY)
    if drawn is None or drawn[0] != paths:
        return True
    checks = drawn[2]
    checks[0] += 1
    return _differs(paths, drawn[1], checks[0] % SLOW_EVERY == 0)


def _differs(paths: tuple[str, ...], drawn: Fingerprints, full: bool) -> bool:
    # What seen() compares (Fingerprint.of's fields, in its order), inlined: this runs every second
    # on every open page, and a call, a Fingerprint and an exception per path cost as much again as
    # the stat calls themselves (live_poll_ratio 2.3 with Fingerprint.of here, 2.0 without).
    for i in range(len(paths) if full else QUICK):
        was = drawn[i]
        if was is None:
            # Absent when drawn (or an empty write-ahead log): access() answers without a stat
            # result or an exception, and a file that is there now is looked at in full.
            if os.access(paths[i], os.F_OK) and seen(paths[i]) is not None:
                return True
            continue
        try:
            st = os.stat(paths[i])
        except OSError:
            return True
        if (st.st_mtime_ns, st.st_size, st.st_ino) != was:
            return True
    return False


@st.fragment(run_every=EVERY_S)
def _watch(paths: tuple[str, ...]) -> None:
    if check(paths, st.session_state):
        st.session_state[KEY] = record(paths)
        st.rerun(scope="app")


def watched(store: MemoryStore) -> tuple[str, ...]:
    """What a live page is drawn from: both memory files; the staged writes' folder (a write the
    agent stages changes its time: the Inbox and the sidebar's "(N waiting)" follow it); and what
    the app's current snapshot is read from (the agent's state.db, its write-ahead log, where a new
    session lands first, and the frozen snapshot file), so a session the agent starts shows without
    a click too."""
    return (
        *(str(store.home.file_path(t)) for t in TARGETS),
        str(store.home.pending_dir),
        *map(str, db_files(store.home.state_db)),
        str(frozen_snapshot_path(store)),
    )


def follow(store: MemoryStore) -> None:
    """Redraw this page when a file it is drawn from changes on disk (call once per page).

    Records the files as they are now (the page is being drawn from them), then starts the watch.
    """
    paths = watched(store)
    st.session_state[KEY] = record(paths)
    _watch(paths)


# -- what the last write from outside changed ---------------------------------------------------


def mark_fresh(key: tuple[str, str], texts: Sequence[str]) -> None:
    """Remember the entries a write from outside this page added or changed in the file ``key``
    (``(path, target)``), so the tables can highlight them; they replace what the previous write
    from outside marked (only the last change is highlighted)."""
    st.session_state.setdefault(FRESH, {})[key] = frozenset(texts)


def clear_fresh(key: tuple[str, str]) -> None:
    """This session wrote the file: the next change ends the highlight of the last one."""
    st.session_state.get(FRESH, {}).pop(key, None)


def fresh_entries(state: Any) -> frozenset[str]:
    """The entries of ``state`` (a FileState) the last write from outside added or changed, while no
    other change came after it (an entry that changed again since is not among them)."""
    texts = st.session_state.get(FRESH, {}).get((str(state.path), state.target), frozenset())
    return texts & frozenset(state.entries) if texts else frozenset()
