"""The ``live`` section: an idle live check against two bare ``os.stat`` calls."""

from __future__ import annotations

from benchmarks.core import Figure, Plan


def bench_live(plan: Plan) -> list[Figure]:
    """An idle live check (the pages' fragment body, on the files they watch) against two bare ``os.stat`` calls."""
    from benchmarks.live_poll import measure
    from hermes_dash.ui._live import SLOW_EVERY

    got = measure()
    return [
        Figure(
            "live_poll_ratio",
            round(got["live_poll_ratio"], 3),
            "x",
            round(got["bare_stat_s"] * 1e6, 3),
            2.0,
            f"idle live check (mean of {SLOW_EVERY}: memory files each second, the snapshot's sources every "
            f"{SLOW_EVERY}th) {got['live_check_s'] * 1e6:.2f} us vs two os.stat "
            f"{got['bare_stat_s'] * 1e6:.2f} us (baseline in us); median of alternated rounds",
        )
    ]
