"""End to end for the curation pages: real `streamlit run app.py`, Debian Chromium via Playwright.

On the demo home: approve a staged write from the inbox, migrate the hand-written USER.md, then
apply the clean-up assistant's plan, each after its confirmation step, checking the files on
disk after every click. As in test_browser.py, no request may reach the image addresses that
sit inside entry text.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import Browser, assert_only_local, goto_page, settle, shot

pytestmark = pytest.mark.e2e


def _entries(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return text.split("\n§\n") if text else []


def _ask_to_approve_one(page) -> None:
    """On the demo home: select staged write 3fa91c0e in the Inbox and ask to approve it (the
    confirmation is showing; nothing is written yet)."""
    goto_page(page, "Inbox")
    settle(page, "Remember that the staging DB is reset every Sunday night.")
    page.get_by_text("Select 3fa91c0e", exact=True).click()
    settle(page, "1 selected")
    page.get_by_role("button", name="Approve selected (1)…").click()
    settle(page, "Approve 1 staged write: 3fa91c0e?")


def test_inbox_migrate_and_cleanup_in_a_real_browser(browser: Browser) -> None:
    page = browser.page
    page.get_by_role("button", name="Open the demo home").first.click()
    settle(page, "1,985 / 2,200 chars")
    demo = browser.demo_home()
    memory, user = demo / "memories" / "MEMORY.md", demo / "memories" / "USER.md"
    staged = demo / "pending" / "memory" / "3fa91c0e.json"

    # Inbox: select one staged write, approve, confirm.
    _ask_to_approve_one(page)
    assert staged.exists()
    page.get_by_role("button", name="Yes, approve").click()
    settle(page, "Approved 1")
    assert not staged.exists()
    assert any(e.startswith("The staging database is reset") for e in _entries(memory))

    # Migrate: USER.md by bullet, confirm.
    goto_page(page, "Migrate")
    page.get_by_role("radiogroup", name="File").get_by_text("USER.md").click()
    settle(page, "1 entry now")
    page.get_by_role("radiogroup", name="One entry per").get_by_text("bullet").click()
    settle(page, "Rewrite USER.md as 19 entries")
    page.get_by_role("button", name="Rewrite USER.md as 19 entries…").click()
    settle(page, "The current file is backed up first")
    page.get_by_role("button", name="Yes, rewrite").click()
    settle(page, "Rewrote USER.md as 19 entries.")
    assert len(_entries(user)) == 19

    # Clean-up assistant: MEMORY.md is now at 94%. The plan's steps lose nothing (a merge, a
    # move), which is not enough for 80%, and pick nothing to remove: the person picks the leaked
    # API key entry and the old checkout (never pre-ticked) among the candidates, then reviews the
    # combined diff in the dialog (in view as it opens) and applies the plan to get under 80%.
    goto_page(page, "Cleanup")
    settle(page, "Plan to get under the threshold")
    settle(page, "Pick entries to remove (none is picked for you)")
    key = next(e for e in _entries(memory) if e.startswith("Staging API key"))
    before = len("\n§\n".join(_entries(memory)))
    # What the plan is for comes first: its gauge and its one Review button, above the steps.
    review_button = page.get_by_role("button", name="for MEMORY.md…").first
    first_step = page.get_by_text("Step 1 ·", exact=False).first
    assert review_button.bounding_box()["y"] < first_step.bounding_box()["y"]
    assert review_button.bounding_box()["y"] < page.viewport_size["height"]  # in the first screen
    # The candidates with evidence are shown; the rest (the API key among them) fold away.
    assert not page.get_by_text(f"frees {len(key) + 3} characters", exact=False).first.is_visible()
    page.get_by_text("with no evidence found against them", exact=False).first.click()
    page.get_by_text(f"frees {len(key) + 3} characters", exact=False).first.click()
    settle(page, None)
    # The demo agent ran in /home/sam/src/orbit, elsewhere: its checkout path is not called
    # missing here, so the person picks it by its own text.
    checkout = next(e for e in _entries(memory) if e.startswith("An old checkout"))
    page.get_by_text(f"frees {len(checkout) + 3} characters", exact=False).first.click()
    settle(page, None)
    review_button.click()
    settle(page, "Review before writing")
    dialog = page.get_by_role("dialog")
    box, view = dialog.bounding_box(), page.viewport_size
    assert box and view and 0 <= box["y"] < view["height"], (box, view)  # the confirmation is in view
    assert key in dialog.inner_text() and "[-" not in dialog.inner_text()  # what goes, in red, struck through
    assert dialog.locator("del", has_text=key).count() == 1
    shot(page, "cleanup-review-dialog")
    page.get_by_role("button", name="Yes, apply").click()
    settle(page, None)
    after = len("\n§\n".join(_entries(memory)))
    assert after < before and after <= 2200 * 80 // 100

    assert_only_local(browser.requests, browser.base)


def test_confirmation_buttons_sit_together_on_the_left(browser: Browser) -> None:
    """Every confirmation is ``ui.confirm``: "Yes, …" first, Cancel right beside it on the same
    line, both starting at the question's left edge, at 1400 px and on a 390 px phone."""
    page = browser.page
    page.get_by_role("button", name="Open the demo home").first.click()
    settle(page, "1,985 / 2,200 chars")
    _ask_to_approve_one(page)
    for width in (1400, 390):
        page.set_viewport_size({"width": width, "height": 1800})
        settle(page, None)
        page.get_by_role("button", name="Yes, approve").scroll_into_view_if_needed()
        yes = page.get_by_role("button", name="Yes, approve").bounding_box()
        cancel = page.get_by_role("button", name="Cancel", exact=True).bounding_box()
        question = (
            page.locator('[data-testid="stAlert"]').filter(has_text="Approve 1 staged write: 3fa91c0e?").bounding_box()
        )
        assert yes and cancel and question, (yes, cancel, question)
        shot(page, f"confirm-{width}")
        assert abs(yes["y"] - cancel["y"]) < 2, (width, yes, cancel)  # one line
        assert 0 <= cancel["x"] - (yes["x"] + yes["width"]) <= 24, (width, yes, cancel)  # right beside it
        assert abs(yes["x"] - question["x"]) <= 2, (width, yes, question)  # left-aligned with the question
