"""The ``pending`` section: the Inbox's triage of a long queue (77 staged writes, as users report
them waiting) against listing the same 77 files (reading and parsing them, no preview); and
`pending list`'s triage and entry diffs on 77 costly writes (random ``a``/``b`` text), held to the
listing's one budget of work, against the same on that ordinary queue of 77."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

from benchmarks.core import Figure, Plan, interleaved, make_home, ratio_figures, temp_root
from hermes_dash.engine.rules.format import serialise
from tests.support.pending_support import HOSTILE_ENTRIES, stage, stage_hostile

QUEUE = 77


def _stage_queue(home, entries: list[str]) -> None:
    """Adds, patches, pinned replaces and removes, a third of them repeats or stale, as a background
    review leaves them."""
    for i in range(QUEUE):
        entry = entries[i % len(entries)]
        payload = [
            {"action": "add", "target": "memory", "content": f"Fact {i % 50} learned in a session."},
            {
                "action": "patch",
                "target": "memory",
                "old_text": entry.split()[0],
                "new_text": "Checked:",
                "matched_entry": entry,
            },
            {
                "action": "replace",
                "target": "memory",
                "old_text": entry[:12],
                "new_text": entry + " (kept)",
                "matched_entry": entry,
            },
            {"action": "remove", "target": "memory", "old_text": "a text no entry has"},
        ][i % 4]
        stage(home, f"{i:08x}", payload, age=QUEUE - i)


def _timed(call: Callable[[], object]) -> Callable[[int], int]:
    def run(_round: int) -> int:
        t0 = time.perf_counter_ns()
        call()
        return time.perf_counter_ns() - t0

    return run


def _listed(home) -> Callable[[], object]:
    """What `pending list` computes: the queue triaged, every entry diff within the listing's budget."""
    from hermes_dash.curation import pending as _pending
    from hermes_dash.engine.store import MemoryStore
    from hermes_dash.engine.views.diff import LISTING_DIFF_STEPS
    from hermes_dash.engine.views.diffwork import Work

    store = MemoryStore.open(home)

    def listing() -> list[object]:
        return [t.preview.diff for t in _pending.triage(store, budget=Work(LISTING_DIFF_STEPS))]

    return listing


def _hostile_figure(plan: Plan, normal_home) -> Figure:
    """The entry diffs of 77 costly writes (about 1.6 million steps each, 120 million in all)
    against those of the ordinary queue: the listing's budget holds the costly ones to it."""
    with temp_root("pending-hostile") as root:
        home = make_home(root / "home", serialise(HOSTILE_ENTRIES))
        stage_hostile(home, QUEUE)
        normal, hostile = interleaved(
            plan.suggest_rounds, _timed(_listed(normal_home)), _timed(_listed(home)), warmup=1
        )
    what = f"entry diffs of {QUEUE} costly staged writes vs ordinary ones"
    return ratio_figures("pending_hostile_listing_ratio", normal, hostile, None, what)


def bench_pending(plan: Plan) -> list[Figure]:
    from hermes_dash.curation import pending as _pending
    from hermes_dash.engine.store import MemoryStore

    entries = [f"Entry {i}: the build runs on runner {i} with cache {i * 7}." for i in range(30)]
    with temp_root("pending") as root:
        home = make_home(root / "home", serialise(entries))
        _stage_queue(home, entries)
        store = MemoryStore.open(home)
        marked = len(_pending.marked(_pending.triage(store)))
        listed, triaged = interleaved(
            plan.suggest_rounds * 3,
            _timed(lambda: _pending.list_pending(store)),
            _timed(lambda: _pending.triage(store)),
            warmup=1,
        )
        figure = ratio_figures(
            "pending_triage_ratio", listed, triaged, None, f"triage of {QUEUE} staged writes vs listing them"
        )
        hostile = _hostile_figure(plan, home)
    return [dataclasses.replace(figure, detail=figure.detail + f"; {marked} of {QUEUE} marked"), hostile]
