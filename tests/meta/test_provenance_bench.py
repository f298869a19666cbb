"""benchmarks/provenance.py runs and reports its figure on a small state.db (the value itself is not
asserted: speed is measured, not tested)."""

from __future__ import annotations

from benchmarks import provenance


def test_blame_benchmark_reports_the_ratio(monkeypatch) -> None:
    monkeypatch.setattr(provenance, "ROUNDS", 1)
    figures = provenance.measure(sessions=200, per_session=20)
    assert figures["messages"] == 4000 and figures["used_fts"] is True and not figures["problems"]
    # every entry the calls left is explained by the session that wrote it
    assert figures["entries"] == figures["explained_by_a_session"] > 0
    assert figures["blame_ratio"] > 0


def test_the_worst_accepted_state_db_figure_is_reported() -> None:
    figure = provenance.statedb_worst()
    assert figure.name == "statedb_worst_ms" and figure.value > 0 and "over 5,000 rows" in figure.detail  # type: ignore[attr-defined]
