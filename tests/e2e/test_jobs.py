"""The three jobs done by a scripted user in Chromium at 1400x900 on the demo home (MEMORY.md at
90%): find an entry; get MEMORY.md under 80% with the Cleanup plan; make a bad replace and restore
the file from History, then, separately, restore only the one entry. Each job's steps, time and
bytes on disk are recorded (``benchmarks/jobs.py`` holds the jobs and the labels they look for);
both restores must give back the file byte for byte. The table is printed, and written to
``hermes-dash-jobs.json`` beside the screenshots (``browser_support.SHOTS``, inside the clone)."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest
from browser_support import SHOTS, Browser

from benchmarks.jobs import UNDER, run_jobs, table

pytestmark = pytest.mark.e2e


def test_the_three_jobs_scripted(browser: Browser, capsys: pytest.CaptureFixture[str]) -> None:
    jobs = run_jobs(browser.page, browser.demo_home)
    with capsys.disabled():
        print("\n" + table(jobs))
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "hermes-dash-jobs.json").write_text(json.dumps([asdict(j) for j in jobs]))
    by_name = {j.name: j for j in jobs}
    assert by_name["MEMORY.md under 80% (plan)"].bytes_ok, f"MEMORY.md is not under {UNDER:,} characters"
    for name in ("restore the file (History)", "restore the one entry (History)"):
        assert by_name[name].bytes_ok, f"{name}: the file is not byte-identical ({by_name[name].notes})"
    # No job takes a wrong turn or a detour: each is a handful of steps.
    assert all(j.clicks + j.keys <= 4 for j in jobs), table(jobs)
