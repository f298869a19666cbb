"""Streamlit-side helpers for hermes-dash pages (the engine itself never imports Streamlit):
``from hermes_dash import ui``, then ``ui.<name>`` for each name of ``__all__`` below; each one's
own docstring says what it does. A page's body is a module of its own here (``_edit_page``,
``_history_page``, ``_inbox_page``, ``_cleanup_page``) and its script only calls it.

Rules: entry text only through show_entry / plain / table cells; write only through the
engine (MemoryStore) and preferably run_op, which refuses, reports and offers Undo in one
place. Widget keys starting with ``hd_`` belong to these helpers and the sidebar.
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
    gauge_after,
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

__all__ = [  # one name a line, sorted (tests/ui/test_ui_face.py)
    "CELL_CHARS",
    "EDIT_CHARS",
    "FROZEN",
    "FULL_TEXT_CHARS",
    "Flash",
    "MAIN",
    "PAGE_ROWS",
    "PartsChoice",
    "ROW_HEIGHT",
    "SnapshotChoice",
    "a11y_styles",
    "after_gauge",
    "after_text",
    "agent_operations_caption",
    "all_origins",
    "apply_resets",
    "as_you_type",
    "ask",
    "backup_state",
    "brief",
    "changes_banner",
    "choose_snapshot",
    "cleanup_page",
    "clear_caches",
    "compared_with",
    "confirm",
    "conflict_panel",
    "current_home",
    "current_snapshot",
    "current_store",
    "cut",
    "diff_html",
    "diff_table",
    "drift_notice",
    "edit_boxes",
    "empty_state",
    "entry_diff",
    "entry_findings",
    "entry_frame",
    "entry_panel",
    "entry_picker",
    "entry_suggestions",
    "entry_table",
    "file_state",
    "flash",
    "focus_after_rerun",
    "focus_count",
    "focus_now",
    "focus_script",
    "follow",
    "fresh_entries",
    "gauge",
    "gauge_after",
    "has_memory_files",
    "health",
    "health_lines",
    "keep_in_url",
    "label_selector",
    "level",
    "lit",
    "live_count",
    "long_text_area",
    "mark_matches",
    "matches",
    "md_text",
    "note_page",
    "open_entry",
    "origin_column",
    "origin_section",
    "origins_key",
    "page_opened",
    "page_title",
    "parts_panel",
    "parts_summary",
    "patch_tab",
    "percent_text",
    "pinned_write",
    "plain",
    "profile_from_url",
    "refusal_text",
    "remember_seen",
    "require_store",
    "result_text",
    "run_op",
    "seal_frames",
    "seal_network",
    "sessions",
    "set_home",
    "settings_of",
    "show_changes",
    "show_entry",
    "show_flashes",
    "show_pins",
    "show_refusal",
    "show_word_diff",
    "sidebar",
    "since_snapshot",
    "snapshot_label",
    "staged_model_review",
    "stat_key",
    "state_gauge",
    "table_for",
    "table_height",
    "texts_of",
    "then_and_now",
    "tokens",
    "undo_write",
    "where_caption",
    "written",
]


def cleanup_page(store: MemoryStore) -> None:
    """The Cleanup page (``_cleanup_page``), imported when drawn: no other page loads the
    clean-up's similarity model."""
    from ._cleanup_page import draw

    draw(store)
