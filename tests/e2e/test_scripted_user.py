"""A scripted user in Chromium does the three jobs on the demo home (MEMORY.md 90% full), at
1400x900, and records for each its steps (clicks and keystroke runs), its time and the bytes on
disk afterwards (printed, and written as JSON beside the test screenshots):

1. find an entry (search as you type);
2. get MEMORY.md under 80% with the Cleanup plan (the plan's buttons are matched by their
   label's start, "Apply … to MEMORY.md…", and its confirmation by "Yes": easy to adapt when the
   Cleanup page changes);
3. make a bad replace and restore the whole file from Backups; separately, restore the one entry
   from History. Both leave MEMORY.md byte-identical to before the bad replace.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from browser_support import SHOTS, Browser, goto_page, preview_replace, settle
from hermes_dash import MemoryStore

pytestmark = pytest.mark.e2e

BAD = "Deploys: whatever, just push to main."


class Job:
    """Steps and time of one job; ``step`` counts one user action (a click, a field filled)."""

    def __init__(self, name: str, memory: Path) -> None:
        self.name, self.memory, self.steps, self.t0 = name, memory, 0, time.monotonic()

    def step(self, n: int = 1) -> None:
        self.steps += n

    def done(self, **extra: object) -> dict:
        return {"job": self.name, "steps": self.steps, "seconds": round(time.monotonic() - self.t0, 1),
                "memory_bytes": self.memory.stat().st_size, **extra}


def test_three_jobs_steps_time_and_bytes(browser: Browser) -> None:
    page = browser.page
    page.set_viewport_size({"width": 1400, "height": 900})
    page.get_by_role("button", name="Open the demo home").first.click()
    settle(page, "1,985 / 2,200 chars")
    home = next(browser.scratch.glob("hermes-demo-*/copy-*/home"))
    memory, store = home / "memories" / "MEMORY.md", MemoryStore.open(home)
    results = []

    # 1. Find an entry: type part of it; the tables filter as you type (no Enter).
    job = Job("find an entry", memory)
    page.get_by_role("textbox", name="Search both files").press_sequentially("ArgoCD", delay=30)
    job.step()
    settle(page, "of 18 entries")
    results.append(job.done())

    # 2. MEMORY.md under 80% with the Cleanup plan.
    job = Job("MEMORY.md under 80% with the plan", memory)
    goto_page(page, "Cleanup", heading=False)
    job.step()
    settle(page, None)
    apply = page.get_by_role("button", name=re.compile(r"^Apply \d+ steps? to MEMORY\.md"))
    apply.first.click()
    job.step()
    page.get_by_role("button", name=re.compile(r"^Yes")).first.click()
    job.step()
    settle(page, None)
    state = store.read("memory")
    results.append(job.done(percent=state.percent, under_80=state.usage * 100 < 80 * state.limit))
    assert state.usage * 100 < 80 * state.limit, f"MEMORY.md is at {state.percent}% after the plan"

    # 3a. A bad replace, then the whole file back from Backups.
    good = memory.read_bytes()
    job = Job("bad replace, restore the file from Backups", memory)
    preview_replace(page, "make deploy ENV=staging", BAD)
    job.step(3)  # the tab, the two fields
    page.get_by_role("button", name="Replace entry").click()
    page.get_by_role("button", name="Yes, replace it").click()
    job.step(2)
    settle(page, "Entry replaced.")
    assert memory.read_bytes() != good
    goto_page(page, "Backups")
    job.step()
    page.get_by_role("button", name="Restore this backup…").click()
    page.get_by_role("button", name="Yes, restore").click()
    job.step(2)
    settle(page, "Restored")
    assert memory.read_bytes() == good, "the file restored from Backups is not the one before the bad replace"
    results.append(job.done(byte_identical=True))

    # 3b. The same bad replace, then only that entry back from History.
    job = Job("bad replace, restore the one entry from History", memory)
    preview_replace(page, "make deploy ENV=staging", BAD)
    job.step(3)
    page.get_by_role("button", name="Replace entry").click()
    page.get_by_role("button", name="Yes, replace it").click()
    job.step(2)
    settle(page, "Entry replaced.")
    goto_page(page, "History")
    job.step()
    page.get_by_role("button", name="Restore in place…").click()
    page.get_by_role("button", name="Yes, restore in place").click()
    job.step(2)
    settle(page, "Entry replaced.")
    assert memory.read_bytes() == good, "the entry restored from History did not give back the same file"
    results.append(job.done(byte_identical=True))

    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "scripted-user.json").write_text(json.dumps(results, indent=1), encoding="utf-8")
    print("\n" + "\n".join(f"{r['job']}: {r['steps']} steps, {r['seconds']} s, MEMORY.md {r['memory_bytes']:,} bytes"
                           for r in results))
