"""benchmarks/live_poll.py runs and reports its figure (the value itself is not asserted: speed is measured)."""

from __future__ import annotations

from benchmarks import live_poll


def test_live_poll_measure_reports_the_ratio(monkeypatch) -> None:
    monkeypatch.setattr(live_poll, "CALLS", 50)
    figures = live_poll.measure()
    assert set(figures) == {"live_check_s", "bare_stat_s", "live_poll_ratio"}
    assert figures["live_poll_ratio"] > 0
