"""Streamlit-side helpers for hermes-dash pages (the engine itself never imports Streamlit).

The small API a page needs (curation pages included)::

    from hermes_dash import ui

    store = ui.require_store()              # MemoryStore of the chosen home/profile; draws the
                                            # newcomer's empty state and stops when there are no files
    ui.follow(store)                        # redraw (keeping widget values) when a memory file changes
    ui.fresh_entries(state)                 # the entries the last write from outside added or changed
    state = ui.file_state("memory", store)  # FileState, cached by the file's fingerprint
    ui.remember_seen(state)                 # what this page shows: run_op notes a write to a file changed since
    ui.state_gauge(state)                   # capacity gauge of a FileState
    ui.health_lines(states)                 # one line per file at the top: its state and its fix
    ui.gauge(name, used, limit, count, projected=n, projected_count=k)   # "after saving" preview
    ui.live_count("New entry", text, filename=..., used=..., limit=..., count=...)   # under a text box:
                                            # its count and the usage after saving, moving as one types
    ui.show_entry(text, max_chars=2000)     # entry text, always plain (never markdown/HTML)
    ui.plain(text)                          # any other text that may quote entries
    st.caption(f"Saved in {ui.lit(path)}")  # a path, name or id inside our own markdown wording
    ui.cut(text)                            # text for a table cell (long text cut, with a note)
    ui.matches(text, query); ui.mark_matches(text, query)  # the search box: every word, any order, "phrases";
                                            # the entry with each match marked «like this»
    ui.entry_table(ui.entry_frame(entries, limit, flags))   # the plain-text entry table
    ui.entry_table(ui.table_for(state, key, lambda: ui.entry_frame(...)))  # the same, built once per file version
    ui.diff_table(kinds, before, after, key="x", labels=("Live file", "Backup"))   # any before/after table
    ui.entry_diff(diff.items, key="x", labels=("Live file", "Backup"))   # an entry diff: the changes as
                                            # a table, the unchanged entries folded ("N unchanged entries")
    ui.table_height(rows)                   # every row of a table up to 25, then it scrolls inside
    ui.entry_picker(frame, state, shown_texts, key="x"); ui.entry_panel(store, state)
    ui.origin_column(store, state, entries)  # where each entry came from, for a table's Origin column
        # a table whose selected row opens that entry: full text, pinned Replace / Remove / Move
    ui.run_op(lambda: store.add("memory", text), clear=("my_text_key",))
        # THE write-and-report path: refused: shows message + hint as plain text, returns None,
        # nothing changed; accepted: clears caches, queues a message (external change noted),
        # clears those widget keys, reruns the page; undoable=True puts an Undo button beside it
    ui.run_op(lambda: cleanup.move(...), title="Moved")   # a two-file result: both files reported
    ui.run_op(lambda: store.backup(t), report=lambda made: [ui.Flash("success", "Backed up", ...)],
              then=lambda made: ...)  # a write that is not an OpResult: say what it did yourself
    ui.pinned_write(call, key="k", target=t, action="replace", content=new, clear=(...))
    ui.conflict_panel(store, t, key="k")    # a pinned write refused because the entry changed
        # meanwhile: both versions side by side, apply the change to the new text or drop it
    ui.undo_write(result.undo)              # take one write back (an Undo button's on_click)
    ui.show_refusal(refusal)                # for refusals a page catches itself
    ui.show_refusal(shown.refusal, "**Saving this would be refused.**")   # a preview's refusal
    ui.refusal_text(refusal)                # message + "What to do: hint", for a message body
    ui.ask("my_flag", token, "Really?", yes="Yes", key="my", then=write, show=draw)   # the same in a
                                            # dialog over the page (where the eye is); Yes calls then()
    ui.show_word_diff(old, new)             # word-level diff of two entry texts (escaped HTML)
    ui.show_changes(before, after, key)     # the Inbox: every entry a write adds or changes, whole
    ui.parts_panel(store, staged, state)    # the Inbox: a staged batch operation by operation
    ui.staged_model_review(store, id, target, texts, fingerprint)   # the Inbox: ask the agent's model
                                            # whether a staged write repeats or contradicts an entry
    ui.cleanup_page(store)                  # the whole Cleanup page (imported when drawn)
    if ui.confirm("my_flag", token, "Really?", yes="Yes", key="my"):   # after a button set the flag
        ...                                 # every confirmation of every page is this one:
                                            # "Yes" then Cancel side by side, show=... draws the subject
    ui.flash("success", "Title", "plain body"); ui.result_text(result, filename)
    ui.run_op(..., focus=ui.label_selector("New entry"))   # focus after the write (default: its message)
    if ui.page_opened(): ui.focus_now(selector)   # focus the page's main field when it opens
    ui.page_title("History")                # the page's title; focus goes to it when the page opens
    ui.clear_caches()                       # after any write not made through run_op
    snap = ui.current_snapshot(store)       # the app's one current snapshot (picked on the Snapshot
    ui.compared_with(snap)                  # page, else the newest session); name it where you compare
    ui.since_snapshot(state, snap)          # per entry: "added" / "changed" / "unchanged" since it

Rules: entry text only through show_entry / plain / table cells; write only through the
engine (MemoryStore) and preferably run_op. Widget keys starting with ``hd_`` belong to these
helpers and the sidebar.
"""

from hermes_dash import MemoryStore

from ._cache import (
    FROZEN,
    SnapshotChoice,
    backup_state,
    choose_snapshot,
    clear_caches,
    current_snapshot,
    entry_findings,
    entry_suggestions,
    file_state,
    sessions,
    since_snapshot,
    stat_key,
    table_for,
)
from ._conflict import conflict_panel, pinned_write
from ._diffview import diff_html, entry_diff, show_word_diff
from ._drift import drift_notice
from ._entrypanel import changes_banner, entry_panel, entry_picker, open_entry
from ._focus import (
    MAIN,
    a11y_styles,
    focus_after_rerun,
    focus_count,
    focus_now,
    focus_script,
    label_selector,
    note_page,
    page_opened,
    page_title,
)
from ._frames import seal_frames
from ._gate import seal_network
from ._health import health, health_lines
from ._inbox import (
    PartsChoice,
    after_gauge,
    edit_boxes,
    parts_panel,
    parts_summary,
    show_changes,
    show_pins,
    texts_of,
)
from ._inbox_model import staged_model_review
from ._live import follow, fresh_entries
from ._livecount import live_count
from ._origins import all_origins, origin_column, origin_section, origins_key
from ._patchtab import agent_operations_caption, patch_tab
from ._plaintext import md_text
from ._search import as_you_type, mark_matches, matches
from ._session import (
    Flash,
    apply_resets,
    current_home,
    current_store,
    flash,
    remember_seen,
    result_text,
    run_op,
    set_home,
    settings_of,
    show_flashes,
    undo_write,
    written,
)
from ._sidebar import empty_state, has_memory_files, require_store, sidebar
from ._tables import CELL_CHARS, EDIT_CHARS, PAGE_ROWS, ROW_HEIGHT, brief, cut, diff_table, long_text_area, table_height
from ._where import compared_with, keep_in_url, profile_from_url, snapshot_label, where_caption
from ._widgets import (
    FULL_TEXT_CHARS,
    after_text,
    ask,
    confirm,
    entry_frame,
    entry_table,
    gauge,
    level,
    lit,
    percent_text,
    plain,
    refusal_text,
    show_entry,
    show_refusal,
    state_gauge,
    then_and_now,
    tokens,
)

__all__ = [
    "after_text",
    "then_and_now",
    "CELL_CHARS",
    "EDIT_CHARS",
    "PAGE_ROWS",
    "long_text_area",
    "FROZEN",
    "FULL_TEXT_CHARS",
    "ROW_HEIGHT",
    "SnapshotChoice",
    "choose_snapshot",
    "current_snapshot",
    "a11y_styles",
    "as_you_type",
    "ask",
    "brief",
    "percent_text",
    "health",
    "health_lines",
    "diff_html",
    "entry_diff",
    "show_word_diff",
    "staged_model_review",
    "apply_resets",
    "focus_after_rerun",
    "MAIN",
    "focus_count",
    "focus_now",
    "focus_script",
    "follow",
    "fresh_entries",
    "live_count",
    "label_selector",
    "note_page",
    "page_opened",
    "page_title",
    "backup_state",
    "clear_caches",
    "confirm",
    "changes_banner",
    "conflict_panel",
    "current_home",
    "current_store",
    "cut",
    "diff_table",
    "drift_notice",
    "entry_panel",
    "entry_picker",
    "open_entry",
    "empty_state",
    "entry_findings",
    "entry_frame",
    "entry_suggestions",
    "entry_table",
    "file_state",
    "flash",
    "gauge",
    "has_memory_files",
    "level",
    "lit",
    "since_snapshot",
    "snapshot_label",
    "plain",
    "pinned_write",
    "patch_tab",
    "agent_operations_caption",
    "remember_seen",
    "require_store",
    "result_text",
    "run_op",
    "sessions",
    "set_home",
    "settings_of",
    "show_entry",
    "show_flashes",
    "show_refusal",
    "sidebar",
    "stat_key",
    "state_gauge",
    "table_for",
    "table_height",
    "tokens",
    "md_text",
    "seal_frames",
    "seal_network",
    "mark_matches",
    "matches",
    "undo_write",
    "compared_with",
    "keep_in_url",
    "profile_from_url",
    "snapshot_label",
    "where_caption",
    "Flash",
    "refusal_text",
    "written",
    "all_origins",
    "origin_column",
    "origin_section",
    "origins_key",
    "PartsChoice",
    "after_gauge",
    "parts_panel",
    "parts_summary",
    "show_changes",
    "edit_boxes",
    "show_pins",
    "texts_of",
    "cleanup_page",
]


def cleanup_page(store: MemoryStore) -> None:
    """The Cleanup page (``_cleanup_page``), imported when drawn: no other page loads the
    clean-up's similarity model."""
    from ._cleanup_page import draw

    draw(store)
