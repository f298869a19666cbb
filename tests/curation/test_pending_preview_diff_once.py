"""A preview's entry diff is computed once: `pending list` asked for it in its text and again
in its JSON, two diffs of up to 0.3 s each per staged write (half the time of a long listing)."""

from __future__ import annotations

from pathlib import Path

from pending_support import stage

from hermes_dash import MemoryStore
from hermes_dash.curation import pending as _pending
from hermes_dash.engine.views.diffwork import Work


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


def test_a_listing_budget_spent_makes_its_diffs_coarse_not_one_write_s_own(store: MemoryStore, home: Path) -> None:
    """A listing's entry diffs share one budget (``triage(budget=...)``); a preview made to
    approve one write (:func:`preview`) keeps that write's own bound, whatever a listing spent."""
    store.add("memory", "Deploy with make ship.")
    store.add("memory", "The build runs on runner 7.")
    stage(home, "0a0a0a0a", {"action": "replace", "target": "memory", "old_text": "ship", "content": "Deploy now."})
    spent = Work(0)
    [listed] = _pending.triage(store, budget=spent)
    assert listed.preview.diff.coarse and spent.short
    assert listed.preview.diff.counts == {"added": 1, "removed": 1, "changed": 0, "unchanged": 1}
    alone = _pending.preview(store, listed.staged).diff
    assert not alone.coarse and alone.counts == {"added": 0, "removed": 0, "changed": 1, "unchanged": 1}
