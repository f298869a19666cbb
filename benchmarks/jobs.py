"""A scripted user doing the three jobs in Chromium: ``python -m benchmarks.jobs [REPO]``.

On the demo home (MEMORY.md at 90% of its limit: a realistic near-full home) at 1400x900:

1. find an entry (search for it and see it);
2. get MEMORY.md under 80% of its limit with the Cleanup page's plan;
3. make a bad replace on Edit, then restore the file from History; make it again, then restore
   only the one entry from History.

Each job records its steps (clicks, special keys such as Enter or Tab, characters typed), its
time from the first step until the file on disk is right, and whether the bytes on disk are the
ones wanted (a restore must give back the file byte for byte). The user finds everything by its
visible label: the labels are in :class:`Labels`, one place to change when a page is rebuilt.
``tests/e2e/test_jobs.py`` runs the same jobs on the test server and asserts the bytes; run
here against another checkout (``REPO``), it measures that checkout with its own server, which
is how the figures of an older version are taken. Times are wall-clock on whatever machine runs
it (a loaded machine is slower): compare the steps, and the times of one run against each other.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.page_heights import HERE
from benchmarks.served import SCREEN, served_page
from tests.support.script_runs import AT_REST, FLUSHED, LOADED, WAIT_MS

LIMIT = 2_200  # the demo MEMORY.md's limit
UNDER = LIMIT * 80 // 100


@dataclass(frozen=True)
class Labels:
    """What the scripted user looks for on the pages, by visible text."""

    demo: str = "Open the demo home"
    loaded: str = "1,985 / 2,200 chars"
    search: str = "Search both files"
    query: str = "Redis"
    found: str = "`redis-cli -n 2 FLUSHDB` on staging only"  # the entry searched for, seen in the table
    found_note: str = "1 of 18 entries matches the search"
    cleanup: str = "Cleanup"
    plan: str = "Plan to get under the threshold"
    removal: str = r"^Remove .+ · frees [\d,]+ characters? · after: "  # a removal candidate's box (its entry's words)
    short_of_goal: str = "above the goal"  # the plan's note while the chosen steps are not enough
    plan_figure: str = r"^The chosen steps (leave|bring) "  # that note: where the chosen steps bring the file
    plan_apply: str = r"^(Apply|Review) \d+ steps? (to|for) MEMORY\.md…$"
    yes_apply: str = "Yes, apply"
    edit: str = "Edit"
    replace_tab: str = "Replace"
    replace_find: str = "Text that identifies the entry"
    replace_new: str = "New text for the whole entry"
    replace_button: str = r"^Replace entry…?$"
    replace_yes: str = "Yes, replace it"  # a version that writes at once has no such question
    bad_find: str = "FLUSHDB"
    bad_text: str = "Redis is gone."
    history: str = "History"  # an older checkout: Labels(history="Backups") finds its Backups page
    restore_file: str = r"^Restore this (version|backup)…$"
    restore_file_yes: str = "Yes, restore"
    restore_entry: str = (
        r"^(Restore in place…|Put it back where it stood…|Restore this entry in place…"
        r"|Put this entry back where it stood…|Add this entry back)$"
    )
    restore_entry_yes: str = r"^Yes, (restore in place|put it back|restore it)$"


@dataclass
class Job:
    name: str
    clicks: int = 0
    keys: int = 0
    typed: int = 0
    seconds: float = 0.0
    bytes_ok: bool | None = None  # None: no file is expected to come back to given bytes
    notes: list[str] = field(default_factory=list)


class User:
    """Does things on the page and counts them into the current job."""

    def __init__(self, page: Any, labels: Labels = Labels()) -> None:
        self.page, self.labels = page, labels
        self.job = Job("")

    def click(self, locator: Any) -> None:
        locator.first.click()
        self.job.clicks += 1

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.job.keys += 1

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.job.typed += len(text)

    def button(self, name: str) -> Any:
        return self.page.get_by_role("button", name=re.compile(name) if name.startswith("^") else name)

    def has_button(self, name: str, timeout_ms: int = 20_000) -> bool:  # a loaded machine draws slowly
        try:
            self.button(name).first.wait_for(state="visible", timeout=timeout_ms)
            return True
        except Exception:  # noqa: BLE001 - playwright's TimeoutError
            return False

    def go(self, title: str) -> None:
        """Follow the sidebar link to the page ``title``, and wait until that page has run."""
        settle(self.page)
        link = self.page.locator('[data-testid="stSidebarNavLink"]').filter(has_text=re.compile(f"^{title}")).first
        path = (link.get_attribute("href") or "").split("?")[0].rstrip("/").rsplit("/", 1)[-1]
        self.click(link)
        self.page.wait_for_function(
            "p => location.pathname.replace(/\\/$/, '').endsWith(p ? '/' + p : '')", arg=path, timeout=30_000
        )  # Streamlit changes the address without loading a page
        settle(self.page)


# The page at rest (script_runs.AT_REST), every element's code loaded (LOADED), and every table
# shown has its cells.
_SETTLED = (
    "() => (" + AT_REST + ")() && (" + LOADED + ")() && [...document.querySelectorAll('[data-testid=\"stDataFrame\"]')]"
    '.filter(t => t.offsetParent !== null).every(t => t.querySelector(\'[role="gridcell"], [role="columnheader"]\'))'
)


def settle(page: Any, text: str | None = None, timeout: float = WAIT_MS) -> None:
    """Until ``text`` shows, the run the last action asked for has come back, no run is in
    progress and the tables are drawn: the tests' condition (``tests/support/script_runs.py``).

    A fixed pause and Streamlit's status widget (not drawn on this app) let a loaded machine's
    page be read before the click's rerun: the plan's loop read the note of the run before."""
    if text is not None:
        page.get_by_text(text, exact=False).first.wait_for(state="visible", timeout=timeout)
    page.evaluate(FLUSHED)  # a change not sent yet goes out first
    page.wait_for_function(_SETTLED, timeout=timeout)


def wait_for(check: Any, timeout_s: float = WAIT_MS / 1000) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return bool(check())


def usage(path: Path) -> int:
    return len(path.read_text(encoding="utf-8"))


def find_entry(user: User) -> Job:
    """Search both files for a word and see the entry: no Enter when the box filters as you type."""
    page, lab = user.page, user.labels
    user.job = job = Job("find an entry")
    start = time.monotonic()
    user.click(page.get_by_label(lab.search, exact=True))
    user.type(lab.query)
    looked = time.monotonic()
    try:
        page.get_by_text(lab.found_note).first.wait_for(state="visible", timeout=3_000)
    except Exception:  # noqa: BLE001 - it waits for Enter: a person presses it at once
        start += time.monotonic() - looked
        user.press("Enter")
        job.notes.append("needs Enter")
    settle(page, lab.found_note)
    job.seconds = time.monotonic() - start
    return job


def clean_up(user: User, memory: Path) -> Job:
    """Get MEMORY.md under 80% with the plan: its steps, plus one removal the person picks when
    the plan asks for one."""
    from playwright.sync_api import expect

    page, lab = user.page, user.labels
    user.job = job = Job("MEMORY.md under 80% (plan)")
    start = time.monotonic()
    user.go(lab.cleanup)
    settle(page, lab.plan)
    boxes = page.get_by_text(re.compile(lab.removal))
    figure = page.get_by_text(re.compile(lab.plan_figure))
    for n in range(min(5, boxes.count())):  # the plan's steps are not enough: the person picks removals,
        if n and not page.get_by_text(lab.short_of_goal).count():  # in the plan's order, until it is
            break
        before = figure.first.inner_text() if figure.count() else None
        user.click(boxes.nth(n))
        settle(page)
        if before is not None:  # each tick frees characters: the note is read once it counts this one
            expect(figure.first).not_to_have_text(before, timeout=WAIT_MS)
    user.click(user.button(lab.plan_apply))
    settle(page)
    user.click(user.button(lab.yes_apply))
    wait_for(lambda: usage(memory) <= UNDER)
    job.seconds = time.monotonic() - start
    job.bytes_ok = usage(memory) <= UNDER
    job.notes.append(f"{usage(memory):,} / {LIMIT:,} chars after")
    return job


def bad_replace(user: User, memory: Path) -> None:
    """The bad edit (not counted in a job): a whole entry replaced by a wrong text."""
    page, lab = user.page, user.labels
    before = memory.read_bytes()
    user.go(lab.edit)
    user.click(page.get_by_role("tab", name=lab.replace_tab))
    user.click(page.get_by_label(lab.replace_find, exact=True))
    page.keyboard.press("Control+A")
    user.type(lab.bad_find)
    user.press("Tab")
    settle(page)
    user.click(page.get_by_label(lab.replace_new, exact=True))
    page.keyboard.press("Control+A")
    user.type(lab.bad_text)
    user.press("Tab")
    settle(page)
    user.click(user.button(lab.replace_button))
    if user.has_button(lab.replace_yes):
        user.click(user.button(lab.replace_yes))
    assert wait_for(lambda: memory.read_bytes() != before), "the bad replace was not written"
    settle(page)


def restore_file(user: User, memory: Path) -> Job:
    page, lab = user.page, user.labels
    user.job = Job("(bad replace)")
    good = memory.read_bytes()
    bad_replace(user, memory)
    user.job = job = Job("restore the file (History)")
    start = time.monotonic()
    user.go(lab.history)  # the newest backup is chosen: the one made just before the bad replace
    user.click(user.button(lab.restore_file))
    settle(page)
    wrong = memory.read_bytes()
    user.click(user.button(lab.restore_file_yes))
    wait_for(lambda: memory.read_bytes() != wrong)
    job.seconds = time.monotonic() - start
    job.bytes_ok = wait_for(lambda: memory.read_bytes() == good, timeout_s=20)
    settle(page)
    return job


def restore_entry(user: User, memory: Path) -> Job:
    page, lab = user.page, user.labels
    user.job = Job("(bad replace)")
    good = memory.read_bytes()
    bad_replace(user, memory)
    user.job = job = Job("restore the one entry (History)")
    start = time.monotonic()
    user.go(lab.history)
    wrong = memory.read_bytes()
    user.click(user.button(lab.restore_entry))
    looked = time.monotonic()
    if user.has_button(lab.restore_entry_yes):
        user.click(user.button(lab.restore_entry_yes))
    else:  # the click wrote at once: the time spent looking for a question is not the job's
        start += time.monotonic() - looked
        job.notes.append("no question asked")
    wait_for(lambda: memory.read_bytes() != wrong)  # the write landed
    job.seconds = time.monotonic() - start
    job.bytes_ok = wait_for(lambda: memory.read_bytes() == good, timeout_s=20)
    if not job.bytes_ok:
        job.notes.append(
            "wrong file: the bad text stayed"
            if lab.bad_text.encode() in memory.read_bytes()
            else "the file did not come back"
        )
    settle(page)
    return job


def run_jobs(page: Any, home_of: Any, labels: Labels = Labels()) -> list[Job]:
    """The jobs, in order, on a fresh page showing the empty home; ``home_of()`` gives the demo
    copy once "Open the demo home" has been clicked."""
    user = User(page, labels)
    page.set_viewport_size(SCREEN)
    user.click(page.get_by_role("button", name=labels.demo))
    settle(page, labels.loaded)
    memory = home_of() / "memories" / "MEMORY.md"
    return [find_entry(user), clean_up(user, memory), restore_file(user, memory), restore_entry(user, memory)]


def table(jobs: list[Job]) -> str:
    rows = [f"{'job':<34} {'clicks':>6} {'keys':>5} {'typed':>6} {'seconds':>8}  bytes"]
    for j in jobs:
        ok = "" if j.bytes_ok is None else ("right" if j.bytes_ok else "WRONG")
        rows.append(
            f"{j.name:<34} {j.clicks:>6} {j.keys:>5} {j.typed:>6} {j.seconds:>8.1f}  {ok}"
            + (f"  ({'; '.join(j.notes)})" if j.notes else "")
        )
    return "\n".join(rows)


def measure(repo: Path = HERE) -> list[Job]:
    """The jobs against ``streamlit run app.py`` of ``repo``, on an empty home (the demo copy is
    made by the button, in a temporary folder)."""
    root = Path(tempfile.mkdtemp(prefix="hd-jobs-"))

    def home_of() -> Path:
        assert wait_for(lambda: len(list(root.glob("hermes-demo-*/copy-*/home"))) == 1)
        return next(root.glob("hermes-demo-*/copy-*/home"))

    try:
        with served_page(repo, root / "empty", root) as page:
            settle(page, "No Hermes memory here yet")
            try:
                return run_jobs(page, home_of)
            except Exception:
                shot = Path(tempfile.gettempdir()) / "hermes-dash-jobs-failed.png"
                page.screenshot(path=str(shot), full_page=True)
                print(f"failed; the page is in {shot}", file=sys.stderr)
                raise
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main(argv: list[str]) -> int:
    repo = Path(argv[0]).resolve() if argv else HERE
    jobs = measure(repo)
    print(table(jobs))
    print(json.dumps([asdict(j) for j in jobs]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
