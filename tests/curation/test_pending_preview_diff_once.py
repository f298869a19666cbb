"""A preview's entry diff is computed once: `pending list` asked for it in its text and again
in its JSON, two diffs of up to 0.3 s each per staged write (half the time of a long listing)."""

from __future__ import annotations

from pathlib import Path

from pending_support import stage

from hermes_dash import MemoryStore
from hermes_dash.curation import pending as _pending


def test_the_entry_diff_of_a_preview_is_computed_once(store: MemoryStore, home: Path) -> None:
    store.add("memory", "Deploy with make ship.")
    stage(
        home,
        "0a0a0a0a",
        {"action": "replace", "target": "memory", "old_text": "ship", "content": "Deploy with make deploy."},
    )
    [item] = _pending.list_pending(store)
    shown = _pending.preview(store, item)
    assert shown.diff is shown.diff
    assert shown.diff.counts["changed"] == 1
