"""Edit in place: select a row of an entry table, and that exact entry opens for editing.

The open entry is remembered as its full text (``hd_open``), not as a row number: the agent
may add or remove entries while the panel is open, and a row number would then point at
another entry. Every write from the panel is pinned to that text (``expect_entry``), so a
replace, remove or move made after the agent changed the entry is refused, not misapplied.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, TypedDict

import pandas as pd
import streamlit as st

from hermes_dash import FileState, MemoryStore
from hermes_dash.curation import cleanup
from hermes_dash.engine.rules.format import FILENAMES
from hermes_dash.engine.rules.targets import Target
from hermes_dash.engine.text import shorten
from hermes_dash.engine.views.diff import diff_entries

from ._conflict import conflict_panel, pinned_write
from ._livecount import live_count
from ._origins import origin_section
from ._tables import PAGE_ROWS, entry_grids, row_offset
from ._widgets import FULL_TEXT_CHARS, confirm, show_entry

if TYPE_CHECKING:
    import pyarrow as pa

OPEN = "hd_open"  # an OpenEntry: the entry open in the panel
CONFLICT = "hd_open_conflict"  # a pinned write from the panel refused: the conflict panel's state
NEW_TEXT = "hd_open_new"  # the panel's text box
ASK = "hd_open_ask"  # a confirmation in progress: ("remove" | "move", target, entry)


class OpenEntry(TypedDict):
    """The entry open in the panel, kept in session state under :data:`OPEN`."""

    target: str
    entry: str
    table: str  # the table whose row opened it
    base: tuple[str, ...]  # the file's entries when it was opened


def open_entry(target: str, entry: str, entries: Sequence[str], table: str = "") -> None:
    """Open ``entry`` of ``target`` in the panel (what selecting its row does)."""
    opened: OpenEntry = {"target": target, "entry": entry, "table": table, "base": tuple(entries)}
    st.session_state[OPEN] = opened
    st.session_state[NEW_TEXT] = entry
    st.session_state.pop(ASK, None)
    st.session_state.pop(CONFLICT, None)


def _picked(table: str, target: str, shown: tuple[str, ...], entries: tuple[str, ...]) -> None:
    rows = st.session_state[table].selection.rows
    at = rows[0] + row_offset(table) if rows else None  # a long table shows one page of its rows
    if at is not None and at < len(shown):
        open_entry(target, shown[at], entries, table)
    elif (st.session_state.get(OPEN) or {}).get("table") == table:
        close()


def close() -> None:
    st.session_state.pop(OPEN, None)
    st.session_state.pop(ASK, None)
    st.session_state.pop(CONFLICT, None)


def entry_picker(
    frame: pd.DataFrame | pa.Table,
    state: FileState,
    shown: Sequence[str],
    *,
    key: str,
    highlight: Sequence[bool] | None = None,
    height: int | None = None,
) -> None:
    """An entry table whose rows open in the panel; ``shown`` is the full text of each row.

    Drawn as a full and a compact table (the one that fits is shown); a row selected in either
    opens in the panel, and so does an entry chosen in the box under the table (a grid's rows
    cannot be selected with the keyboard: Space and Enter open a cell, the selection column is
    never reached). ``highlight``: rows drawn tinted (see ``_tables.entry_grids``); ``height``:
    the table's, when it should scroll inside sooner than usual."""
    entry_grids(
        frame,
        key=key,
        height=height,
        highlight=highlight,
        on_select=partial(_picked, target=state.target, shown=tuple(shown), entries=state.entries),
    )
    _row_box(frame, state, tuple(shown), key)


def _chosen(box: str, target: str, shown: tuple[str, ...], entries: tuple[str, ...], table: str) -> None:
    at = st.session_state.get(box)
    st.session_state[box] = None  # the box is a way in, not a state: it is empty again at once
    if isinstance(at, int) and at < len(shown):
        open_entry(target, shown[at], entries, table)


def _row_box(frame: pd.DataFrame | pa.Table, state: FileState, shown: tuple[str, ...], key: str) -> None:
    """The keyboard's way to a row: a box listing the rows of the page shown ("#3 · Deploy …");
    choosing one opens it in the panel, as selecting its row does."""
    numbers = list(frame["#"]) if isinstance(frame, pd.DataFrame) else frame.column("#").to_pylist()
    start = row_offset(key)
    rows = list(range(start, min(len(shown), start + PAGE_ROWS)))
    if not rows:
        return
    box = f"{key}_open"
    st.selectbox(
        f"Open an entry of {state.filename}",
        rows,
        index=None,
        key=box,
        format_func=lambda i: f"#{numbers[i - start]} · {_short(shown[i], 90)}",
        placeholder=f"Open an entry of {state.filename} (type to find it)…",
        label_visibility="collapsed",  # the placeholder says it; a screen reader reads the label
        on_change=_chosen,
        args=(box, state.target, shown, state.entries, key),
    )


def changes_banner(base: Sequence[str], now: Sequence[str], filename: str) -> None:
    """Say which entries changed on disk since ``base`` was shown (a half-finished edit's file)."""
    diff = diff_entries(list(base), list(now))
    st.warning(
        f"**{filename} changed on disk while you were editing.** Your unsaved text is kept; writes "
        "are pinned, so an entry changed meanwhile is refused rather than overwritten."
    )
    lines = []
    for item in diff.items:
        if item.kind == "added":
            lines.append(f"+ added:   {_short(item.new)}")
        elif item.kind == "removed":
            lines.append(f"- removed: {_short(item.old)}")
        elif item.kind == "changed":
            lines.append(f"~ changed: {_short(item.old)}\n         → {_short(item.new)}")
    st.text("\n".join(lines) or "(the entries are the same; only the file's layout changed)")


def _successor(entry: str, base: Sequence[str], now: Sequence[str]) -> str | None:
    """The entry that now stands where ``entry`` stood (the agent edited it), or None."""
    if entry in now:
        return None
    return next(
        (
            item.new
            for item in diff_entries(list(base), list(now)).items
            if item.kind == "changed" and item.old == entry
        ),
        None,
    )


def _short(text: str | None, n: int = 100) -> str:
    return shorten((text or "").replace("\n", " "), n)


def entry_panel(store: MemoryStore, state: FileState) -> None:
    """The open entry (when it belongs to ``state``'s file), in a dialog over the page: where the
    eye and the focus are when a row is selected, however far down the table is. Escape or the
    close button closes it (and forgets the open entry)."""
    opened: OpenEntry | None = st.session_state.get(OPEN)  # as open_entry stored it
    if not opened or opened["target"] != state.target:
        return
    st.dialog(f"Selected entry of {state.filename}", width="large", on_dismiss=close)(
        partial(_panel, store, state, opened)
    )()


def _panel(store: MemoryStore, state: FileState, opened: OpenEntry) -> None:
    """The open entry's full text, Replace, Remove, Move (the dialog's body)."""
    entry, target = opened["entry"], state.target
    with st.container():
        if conflict_panel(store, target, key=CONFLICT):
            return  # decide the refused change first: the rest would act on the old pin
        if tuple(state.entries) != tuple(opened["base"]):
            changes_banner(opened["base"], state.entries, state.filename)
        _whole_text(state, entry)
        origin_section(store, state, entry)  # where it came from, its life, restore an earlier text
        if NEW_TEXT not in st.session_state:
            # Streamlit forgets a widget's value on a run that did not draw it (another page ran
            # in between): start again from the entry, never from an empty box.
            st.session_state[NEW_TEXT] = entry
        new = st.text_area("New text for this whole entry", key=NEW_TEXT, height=120)
        live_count(
            "New text for this whole entry",
            new,
            filename=state.filename,
            used=state.usage,
            limit=state.limit,
            count=len(state.entries),
            replaces=entry if entry in state.entries else None,
            adds=False,
        )
        _actions(store, state, opened, new)


def _whole_text(state: FileState, entry: str) -> None:
    """The entry in full (the rest as a download past the cap), or that it is gone from the file."""
    if entry not in state.entries:
        st.error(
            "**This entry is no longer in the file** (the agent or another tab changed or removed it). "
            "Replace, remove and move would be refused. Select its row again to open the new text."
        )
    show_entry(entry, max_chars=FULL_TEXT_CHARS)
    if len(entry) > FULL_TEXT_CHARS:  # the rest as a download, made only when clicked
        st.download_button(
            f"Download this entry in full ({len(entry):,} characters)",
            partial(entry.encode, "utf-8"),
            file_name=f"{state.filename}-entry.txt",
            mime="text/plain",
            key="hd_open_download",
            on_click="ignore",
        )


def _actions(store: MemoryStore, state: FileState, opened: OpenEntry, new: str) -> None:
    """Replace, Remove, Move and Done, and the questions of Remove and Move."""
    entry, target = opened["entry"], state.target
    other = Target.of(target).other.key
    replace, remove, move, shut = st.columns(4)
    if replace.button("Replace this entry", key="hd_open_replace", type="primary"):
        pinned_write(
            lambda: store.replace(target, entry, new, expect_entry=entry),
            key=CONFLICT,
            target=target,
            action="replace",
            content=new,
            clear=(OPEN, NEW_TEXT),
            successor=_successor(entry, opened["base"], state.entries),
        )
    if remove.button("Remove this entry…", key="hd_open_remove"):
        st.session_state[ASK] = ("remove", target, entry)
    if move.button(f"Move to {FILENAMES[other]}…", key="hd_open_move"):
        st.session_state[ASK] = ("move", target, entry)
    if shut.button("Done", key="hd_open_close", help="Close this entry (Escape does too)"):
        close()
        st.rerun()
    if confirm(
        ASK,
        ("remove", target, entry),
        "Remove this entry?",
        yes="Yes, remove it",
        key="hd_open_rm",
        detail="A backup of the file is kept (see History).",
    ):
        pinned_write(
            lambda: store.remove(target, entry, expect_entry=entry),
            key=CONFLICT,
            target=target,
            action="remove",
            clear=(OPEN, NEW_TEXT),
            successor=_successor(entry, opened["base"], state.entries),
        )
    if confirm(
        ASK,
        ("move", target, entry),
        f"Move this entry to {FILENAMES[other]}?",
        yes="Yes, move it",
        key="hd_open_mv",
        detail="Checked in full first: if either file refuses, neither changes.",
    ):
        _move(store, target, entry, other)


def _move(store: MemoryStore, source: str, entry: str, destination: str) -> None:
    from ._session import run_op

    run_op(lambda: cleanup.move(store, source, entry, destination), title="Moved", then=lambda _: close())
