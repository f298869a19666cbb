"""End to end, a real triage of a 40-write queue: real `streamlit run app.py`, Debian Chromium,
at 1400 and at 390 px wide.

The sequence that once raised a TypeError in every triage run: on the last page, a batch
rescued operation by operation, then the marked writes rejected together, which shortens the
queue under the page shown, then the page picker used again. No traceback, the right page, the
right bytes. And a selection made on page 1 and page 2 still holds on page 1, and "Approve
selected (2)…" asks, showing each write's text, and writes both.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from browser_support import click_until, closed, own_inbox, resized, settle
from homes import make_home
from pending_support import stage
from staged_batch import CI, PG, SHIP

pytestmark = pytest.mark.e2e

WIDTHS = {"wide": {"width": 1400, "height": 900}, "phone": {"width": 390, "height": 844}}
RESCUE = "2f92608e"
RESCUE_OPS = [
    {"action": "add", "content": "Lint with ruff."},
    {"action": "remove", "old_text": "Jenkins"},
    {"action": "replace", "old_text": "make ship", "content": "Deploy with make deploy."},
    {"action": "remove", "old_text": "Travis"},
]


def queue(tmp_path: Path) -> Path:
    """39 single writes (10 can no longer apply) and, newest, a batch of 4 with 2 stale: 40 in all."""
    home = make_home(
        tmp_path / "home", memory=[PG, CI, SHIP], config="memory:\n  write_approval: true\n  memory_char_limit: 2200\n"
    )
    for n in range(39):
        payload = (
            {"action": "remove", "target": "memory", "old_text": f"Gone fact {n}"}
            if n % 4 == 1
            else {"action": "add", "target": "memory", "content": f"Fact number {n} about the build."}
        )
        stage(home, f"{n:08x}", payload, age=4000 - n)
    stage(home, RESCUE, {"action": "batch", "target": "memory", "operations": RESCUE_OPS}, age=10)
    return home


def no_traceback(page) -> None:
    errors = page.locator('[data-testid="stException"]')
    assert errors.count() == 0, errors.first.inner_text()
    assert page.get_by_text("Traceback").count() == 0 and page.get_by_text("TypeError").count() == 0


def pick(page, n: int):
    return page.get_by_role("checkbox", name=re.compile(rf"Select\W+{n:08x}"))


def tick(page, n: int) -> None:
    """Tick write ``n``'s box as a person does: on its drawn box (the input itself lies under it)."""
    page.locator(f'[class*="st-key-in_pick_{n:08x}"] label').first.click()


def to_page(page, label: str) -> None:
    """Pick ``label`` in the page picker (opened again while a rerun swallowed the click)."""
    option = page.get_by_role("option", name=label, exact=True)
    click_until(
        page.get_by_role("combobox", name="Page"),
        lambda ms: option.wait_for(timeout=ms),
        f"the page picker never offered {label!r}",
    )
    option.click()
    settle(page, None)


@pytest.mark.parametrize("size", list(WIDTHS))
def test_rescue_then_reject_the_marked_on_the_last_page(tmp_path: Path, chromium, size: str) -> None:
    home = queue(tmp_path)
    with own_inbox(chromium, home, tmp_path) as page:
        resized(page, WIDTHS[size])
        settle(page, "11 marked")
        page.get_by_role("button", name="Reject the 11 marked…").click()
        # The batch that still holds good operations is named, with the way to it.
        page.get_by_role("dialog").get_by_role("button", name="2 of 4 operations still apply: open it").click()
        closed(page)
        settle(page, "Writes 31–40 of 40")  # its page, and the batch open on it
        page.get_by_role("button", name="Approve the kept operations (2 of 4)").click()
        settle(page, "Approved 1")
        no_traceback(page)
        page.get_by_role("button", name="Reject the 11 marked…").click()
        page.get_by_role("dialog").get_by_role("button", name="Yes, reject 11").click()
        closed(page)
        settle(page, "Rejected 11")
        no_traceback(page)
        settle(page, "Writes 21–29 of 29")  # the queue got shorter under page 4: its last page now
        to_page(page, "Page 2 of 3")  # the picker sent back after the queue shrank: the TypeError's run
        settle(page, "Writes 11–20 of 29")
        no_traceback(page)
    text = (home / "memories" / "MEMORY.md").read_text(encoding="utf-8")
    assert text == f"{PG}\n§\n{CI}\n§\nDeploy with make deploy.\n§\nLint with ruff."
    assert len(list((home / "pending" / "memory").glob("*.json"))) == 29


@pytest.mark.parametrize("size", list(WIDTHS))
def test_a_selection_holds_across_pages_and_is_approved_after_one_question(tmp_path: Path, chromium, size: str) -> None:
    home = queue(tmp_path)
    with own_inbox(chromium, home, tmp_path) as page:
        resized(page, WIDTHS[size])
        settle(page, "11 marked")
        tick(page, 0)
        settle(page, "1 selected")
        to_page(page, "Page 2 of 4")
        tick(page, 12)
        settle(page, "2 selected")
        to_page(page, "Page 1 of 4")
        assert pick(page, 0).is_checked()
        page.get_by_role("button", name="Approve selected (2)…").click()
        settle(page, "Fact number 12 about the build.")  # the question shows each write's text
        page.get_by_text("MEMORY.md after:").first.wait_for()
        page.get_by_role("button", name="Yes, approve").click()
        settle(page, "Approved 2")
        no_traceback(page)
    text = (home / "memories" / "MEMORY.md").read_text(encoding="utf-8")
    assert text.endswith("Fact number 0 about the build.\n§\nFact number 12 about the build.")
    left = {p.stem for p in (home / "pending" / "memory").glob("*.json")}
    assert f"{0:08x}" not in left and f"{12:08x}" not in left and len(left) == 38
    assert json.loads((home / "pending" / "memory" / f"{RESCUE}.json").read_text())["id"] == RESCUE


def test_a_write_the_agent_stages_shows_with_no_click(tmp_path: Path, chromium) -> None:
    """The Inbox and the sidebar's "(N waiting)" follow the staged writes' folder, as the Overview
    follows the memory files: a write staged while the page is open shows within seconds."""
    home = queue(tmp_path)
    with own_inbox(chromium, home, tmp_path) as page:
        settle(page, "40 staged writes")
        page.locator('[data-testid="stSidebarNav"]').get_by_text("Inbox (40 waiting)").wait_for()
        stage(home, "5e5e5e5e", {"action": "add", "target": "memory", "content": "Staged while you look."}, age=1)
        page.get_by_text("41 staged writes").wait_for(timeout=30_000)
        page.locator('[data-testid="stSidebarNav"]').get_by_text("Inbox (41 waiting)").wait_for(timeout=30_000)
        no_traceback(page)
