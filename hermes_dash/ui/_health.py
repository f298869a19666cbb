"""What a page says at a glance: one health line per file, and what changed while it was open.

* :func:`health_lines`: at the top of a page, one line per memory file with its state and, when
  something is wrong, its fix (over the limit, not UTF-8 or unreadable, edited by hand, nearly
  full). A file that cannot be written is never shown as fine.
* :func:`announce_outside_writes`: when a file changed on disk while the page was open (the
  agent wrote), a toast names it ("1 entry added to MEMORY.md") and who wrote it, from the
  records the Origin column reads (the app passes ``_origins.writers`` to :func:`show_toasts`).
* :func:`receipt_watch`: when such a write makes the last "Saved" message's Undo impossible,
  the page says so once and points to History, instead of the message just vanishing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable

import streamlit as st

from hermes_dash import FileState, HermesHome, Refusal
from hermes_dash.curation.hints import hand_written
from hermes_dash.engine.io.readfile import MAX_MEMORY_BYTES, read_regular
from hermes_dash.engine.rules.format import ALARM_AT, WARN_AT, percent
from hermes_dash.engine.views.diff import diff_entries
from hermes_dash.engine.views.humanize import n_entries

from ._live import clear_fresh, mark_fresh
from ._plaintext import md_text
from ._widgets import share

_SEEN = "hd_seen_entries"  # {(path, target): entries} as this session last drew them
_RECEIPT = "hd_receipt"  # (path, target, filename, digest the write left) of the last undoable write
_TOASTS = "hd_toasts"  # messages for writes made outside the page, shown after the page


def health(state: FileState) -> tuple[str, str]:
    """``(colour, line)`` for one file: red when writes are refused, orange when they soon will be
    or only some work, green when all is well. Our own wording: markdown is safe."""
    name = f"**{state.filename}**"
    if state.error:
        return "red", (
            f"{name} cannot be written: {state.error.rstrip('.')}. Every write is refused until it is "
            "fixed. Fix: restore a good version on the History page, or save the file as UTF-8 text."
        )
    pct = percent(state.usage, state.limit)
    if state.usage > state.limit:
        return "red", (
            f"{name} is over its limit by {state.usage - state.limit:,} characters "
            f"({state.usage:,} / {state.limit:,}, {share(state.usage, state.limit)}%): the agent refuses every add. "
            "Fix: free room on the Cleanup page."
        )
    if state.drift:
        return "orange", (
            f"{name} was edited by hand (not in the form the memory tool writes): add works, "
            "replace and remove are refused. Fix: tidy it up on the Migrate page."
        )
    if hand_written(state):
        return "orange", (
            f"{name} is written by hand as one block, so the agent reads it as one entry. "
            "Fix: split it into entries on the Migrate page."
        )
    if pct >= ALARM_AT:
        return "red", f"{name} is nearly full ({pct}%): the next add may be refused. Fix: free room on Cleanup."
    if pct >= WARN_AT:
        return "orange", f"{name} is getting full ({pct}%). Cleanup can free room."
    if not state.exists:
        return "gray", f"{name} does not exist yet; the first add creates it."
    return "green", f"{name} is fine: {pct}% full, {n_entries(len(state.entries))}."


def health_lines(states: Iterable[FileState], reword: Callable[[str], str] | None = None) -> None:
    """One line per file, at the top of the page (one element for all of them: each costs time);
    ``reword`` changes a line's words where the page says them otherwise (Cleanup: its fix is below)."""
    lines = []
    for state in states:
        colour, line = health(state)
        mark = {"red": "✖", "orange": "▲", "green": "✔", "gray": "○"}[colour]
        lines.append(f":{colour}[{mark}] {reword(line) if reword else line}")
    st.markdown("  \n".join(lines))


def announce_outside_writes(states: Iterable[FileState]) -> None:
    """A toast for each file whose entries changed since this session last drew them, when the
    change was not made from this session (its own writes update the record in :func:`note_own_write`)."""
    seen = st.session_state.setdefault(_SEEN, {})
    for state in states:
        key = (str(state.path), state.target)
        before = seen.get(key)
        seen[key] = state.entries
        if before is None or tuple(before) == tuple(state.entries):
            continue
        diff = diff_entries(list(before), list(state.entries))
        c = diff.counts
        # Those rows are highlighted in the tables until the next change (see _live.fresh_entries).
        mark_fresh(key, [i.new for i in diff.items if i.kind in ("added", "changed") and i.new is not None])
        said = [
            f"{n_entries(c[k])} {word}"
            for k, word in (("added", "added"), ("changed", "changed"), ("removed", "removed"))
            if c[k]
        ]
        if said:  # shown at the end of the run (after any dialog): see show_toasts
            fresh = [i.new for i in diff.items if i.kind in ("added", "changed") and i.new is not None]
            st.session_state.setdefault(_TOASTS, []).append(
                (state.target, fresh, f"{', '.join(said)} in {state.filename}")
            )


def show_toasts(writers: Callable[[str, list[str]], str] | None = None) -> None:
    """The toasts :func:`announce_outside_writes` queued this run (called by the app after the
    page); ``writers(target, texts)`` names who wrote those texts, as the Origin column does."""
    for target, fresh, what in st.session_state.pop(_TOASTS, []):
        by = writers(target, fresh) if writers is not None and fresh else ""
        # In History's words ("Made by"): a session, you (the page or command), the Inbox, a hand edit.
        made_by = f" Made by {md_text(by)}." if by else ""  # a git author is outside text
        st.toast(f"Written from outside this page: {md_text(what)}.{made_by}", icon=":material/sync:")


def note_own_write(result: object, undoable: bool, home: HermesHome) -> None:
    """After this session's own write (an OpResult, a two-file result with ``first`` and
    ``second``, or the Inbox's decisions, each with its ``result``): no "written from outside"
    toast for it, and its receipt watched when Undo was offered."""
    from hermes_dash import OpResult
    from hermes_dash.engine.rules.format import FILENAMES

    if isinstance(result, OpResult):
        parts = [result]
    elif isinstance(result, (list, tuple)):  # the Inbox: one result for each write it approved
        parts = [r for r in (getattr(d, "result", None) for d in result) if isinstance(r, OpResult)]
    else:
        parts = [
            r for r in (getattr(result, "first", None), getattr(result, "second", None)) if isinstance(r, OpResult)
        ]
    for part in parts:
        path = str(home.file_path(part.target))
        st.session_state.setdefault(_SEEN, {})[(path, part.target)] = part.after
        clear_fresh((path, part.target))  # this write is the next change: the last one's highlight ends
        if undoable and part.undo is not None and len(parts) == 1:
            st.session_state[_RECEIPT] = (path, part.target, FILENAMES.get(part.target, part.target), part.undo.left)


def receipt_watch(shown_now: bool) -> None:
    """Say once when the last undoable write cannot be undone any more (the file changed after it).

    ``shown_now``: this run shows the receipt itself (the write just happened): nothing to check.
    """
    receipt = st.session_state.get(_RECEIPT)
    if receipt is None or shown_now:
        return
    path, _, filename, left = receipt
    try:
        now = hashlib.sha256(read_regular(path, MAX_MEMORY_BYTES)[0]).hexdigest()
    except (OSError, Refusal):
        now = None
    if now == left:
        return
    del st.session_state[_RECEIPT]
    st.warning(
        f"**Your last change to {filename} can no longer be undone here:** the file changed after it "
        "(the agent or another tab wrote). Every earlier version is on the History page, where one entry "
        "or the whole file can be restored."
    )
    from pathlib import Path

    from streamlit.errors import StreamlitAPIException

    try:  # the page named is one click away
        history = Path(__file__).with_name("screens") / "history.py"
        st.page_link(history, label="Open History", icon=":material/history:")
    except StreamlitAPIException:  # not registered (a page run on its own): its name above says where
        pass


def forget_receipt() -> None:
    st.session_state.pop(_RECEIPT, None)
