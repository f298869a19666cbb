"""The test run itself: under CI=true a skip fails the run, in one process and across
pytest-xdist's workers alike (tests/support/ci_skips.py; `bash scripts/test` runs in workers)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from repo import ROOT
from streamlit.testing.v1 import AppTest

TESTS = """
import pytest

def test_runs():
    assert True

def test_skips():
    pytest.skip("no such tool here")

def test_skips_for_an_allowed_reason():
    pytest.skip("set HD_INSTALL_TESTS=1 to run it")
"""


def _pytest(tmp_path: Path, *args: str, ci: str) -> subprocess.CompletedProcess:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_sample.py").write_text(TESTS)
    env = dict(os.environ, CI=ci, PYTHONPATH=str(ROOT / "tests" / "support"))
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "ci_skips", "-p", "no:cacheprovider", "-rA", *args, "test_sample.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["one process", "two xdist workers"])
def test_under_ci_a_skip_fails_the_run_and_an_allowed_one_does_not(tmp_path: Path, workers: tuple[str, ...]) -> None:
    run = _pytest(tmp_path, *workers, ci="true")
    out = run.stdout + run.stderr
    assert run.returncode == 1, out
    assert "1 failed, 1 passed, 1 skipped" in out, out
    failed = "FAILED test_sample.py::test_skips - test_sample.py::test_skips skipped under CI=true: Skipped: no such"
    assert failed in out, out
    assert "SKIPPED [1] test_sample.py:11: set HD_INSTALL_TESTS=1 to run it" in out, out
    if workers:
        assert "created: 2/2 workers" in out, out


def test_outside_ci_a_skip_is_a_skip(tmp_path: Path) -> None:
    run = _pytest(tmp_path, ci="")
    out = run.stdout + run.stderr
    assert run.returncode == 0 and "1 passed, 2 skipped" in out, out


def test_the_apptests_of_a_process_share_one_component_registry() -> None:
    """A registry scan per AppTest cost about a second each (tests/support/apptest_registry.py)."""

    def page() -> None:
        import streamlit as st

        st.write("hello")

    first, second = AppTest.from_function(page).run(), AppTest.from_function(page)
    assert not first.exception and first.markdown[0].value == "hello"
    assert second._bidi_component_manager is first._bidi_component_manager is not None
    second.run()
    assert not second.exception and second.markdown[0].value == "hello"
