"""The benchmark command (``python -m benchmarks``) runs and writes valid JSON. No timing is asserted here:
the benchmark measures, it never passes or fails on a figure."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from repo import ROOT as REPO

from benchmarks import bench

ISSUE_NAMES = {
    "op_add_ratio",
    "op_replace_ratio",
    "op_remove_ratio",
    "cli_show_ratio",
    "page_rerun_ms",
    "page_rerun_ratio",
    "page_backups_growth",
    "page_big_file_ratio",
    "concurrent_ops_per_s",
    "concurrent_lost",
    "crash_trials",
    "crash_bad_files",
    "browser_ready_s",
    "statedb_worst_ms",
}


def run_bench(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # HOME points into tmp_path: if the benchmark ever fell back to ~/.hermes we would see it there.
    env = dict(os.environ, HOME=str(tmp_path), HERMES_HOME=str(tmp_path / "never-used"))
    return subprocess.run(
        [sys.executable, "-m", "benchmarks", *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=300
    )


@pytest.mark.slow
def test_quick_op_section_writes_the_issue_figures_as_json(tmp_path: Path) -> None:
    out = tmp_path / "results" / "bench.json"
    done = run_bench(tmp_path, "--quick", "--only", "op", "--json", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert [f["name"] for f in figures] == [
        "op_add_ratio",
        "op_replace_ratio",
        "op_remove_ratio",
        "op_add_parts_ms",
        "locked_work_worst_ms",
    ]
    for figure in figures[:3]:
        assert set(figure) == {"name", "value", "unit", "baseline"}
        assert figure["unit"] == "x" and figure["value"] > 0 and figure["baseline"] > 0
    assert figures[3]["unit"] == "ms" and figures[3]["value"] > 0
    # The parts name every step of a write, with a time each.
    assert "lock (the agent's flock" in done.stdout and "retention (delete the oldest backup)" in done.stdout
    assert "op_add_ratio" in done.stdout  # the printed table
    assert not (tmp_path / ".hermes").exists() and not (tmp_path / "never-used").exists()


@pytest.mark.slow
def test_crash_section_finds_no_bad_files(tmp_path: Path) -> None:
    out = tmp_path / "crash.json"
    done = run_bench(tmp_path, "--quick", "--only", "crash", "--json", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    figures = {f["name"]: f for f in json.loads(out.read_text(encoding="utf-8"))}
    assert figures["crash_trials"]["value"] == bench.QUICK.crash_trials
    assert figures["crash_bad_files"]["value"] == 0


def test_every_figure_name_is_emitted() -> None:
    # The names the sections can emit, read from the module's Figure(...) calls.
    source = "".join(p.read_text(encoding="utf-8") for p in Path(bench.__file__).parent.glob("*.py"))
    emitted = {name for name in ISSUE_NAMES if f'"{name}"' in source}
    assert emitted == ISSUE_NAMES


def test_unknown_section_is_a_usage_error(tmp_path: Path) -> None:
    done = run_bench(tmp_path, "--only", "op,nonsense")
    assert done.returncode == 2 and "nonsense" in done.stderr


def test_json_leaves_baseline_out_when_there_is_none_and_table_marks_missed_goals() -> None:
    plain = bench.Figure("concurrent_lost", 1, "entries", goal=0)
    ratio = bench.Figure("op_add_ratio", 1.2, "x", baseline=0.9, goal=1.3)
    assert plain.to_json() == {"name": "concurrent_lost", "value": 1, "unit": "entries"}
    assert ratio.to_json() == {"name": "op_add_ratio", "value": 1.2, "unit": "x", "baseline": 0.9}
    lines = bench.table([plain, ratio]).splitlines()
    assert "MISSED" in lines[2] and "met" in lines[3]
    assert bench.Figure("page_big_file_ratio", 1.0, "x", goal=3, must=False).verdict == "MISSED"


def test_benchmark_lives_outside_the_runtime_package_and_the_docs_say_how_to_run_it() -> None:
    import hermes_dash

    assert not (Path(hermes_dash.__file__).parent / "bench.py").exists()
    assert "python -m benchmarks" in (REPO / "docs" / "performance.md").read_text(encoding="utf-8")


@pytest.mark.slow
def test_concurrent_section_runs_and_loses_nothing(tmp_path: Path) -> None:
    """The section that hung every run after the layout move (its writer could not import the
    agent-style add and the other writers waited at the barrier for ever)."""
    done = run_bench(tmp_path, "--quick", "--only", "concurrent")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "concurrent_lost" in done.stdout and "0 of " in done.stdout


def test_a_writer_that_dies_fails_the_section_with_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """A party that dies before the start breaks the barrier: the section fails at once and names
    the dead writer and its exit code, instead of every other party waiting for ever."""
    from benchmarks import concurrent

    def missing() -> None:
        raise ImportError("agent_like moved")

    monkeypatch.setattr(concurrent, "_agent_add", missing)  # the children are forked: they see it
    monkeypatch.setattr(concurrent, "START_TIMEOUT_S", 30.0)
    with pytest.raises(RuntimeError, match=r"agent-style writer: exit 1"):
        concurrent.bench_concurrent(bench.QUICK)
