"""The ``pending`` section: the Inbox's triage of a long queue (77 staged writes, as users report
them waiting) against listing the same 77 files (reading and parsing them, no preview)."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

from benchmarks.core import Figure, Plan, interleaved, make_home, ratio_figures, temp_root
from hermes_dash.engine.rules.format import serialise
from tests.support.pending_support import stage

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


def bench_pending(plan: Plan) -> list[Figure]:
    from hermes_dash.curation import pending as _pending
    from hermes_dash.engine.store import MemoryStore

    entries = [f"Entry {i}: the build runs on runner {i} with cache {i * 7}." for i in range(30)]
    with temp_root("pending") as root:
        home = make_home(root / "home", serialise(entries))
        _stage_queue(home, entries)
        store = MemoryStore.open(home)

        def timed(call: Callable[[], object]) -> Callable[[int], int]:
            def run(_round: int) -> int:
                t0 = time.perf_counter_ns()
                call()
                return time.perf_counter_ns() - t0

            return run

        marked = len(_pending.marked(_pending.triage(store)))
        listed, triaged = interleaved(
            plan.suggest_rounds * 3,
            timed(lambda: _pending.list_pending(store)),
            timed(lambda: _pending.triage(store)),
            warmup=1,
        )
        figure = ratio_figures(
            "pending_triage_ratio", listed, triaged, None, f"triage of {QUEUE} staged writes vs listing them"
        )
    return [dataclasses.replace(figure, detail=figure.detail + f"; {marked} of {QUEUE} marked")]
