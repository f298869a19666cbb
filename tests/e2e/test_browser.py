"""End to end: a real `streamlit run app.py` driven by Debian's Chromium through Playwright.

A newcomer opens the dashboard on an empty home, opens the demo home, adds an entry and sees
the gauge move, restores a backup, and visits every page. Every network request the browser
makes is recorded: none may go to the image addresses inside entry text (127.0.0.1:9), which
proves entry text is never rendered as markdown/HTML. Screenshots of each page go to a temporary
folder (browser_support.SHOTS) to look at after a failure; docs/screenshots/ is refreshed by
`bash scripts/screenshots`, never by a test.

Needs /usr/bin/chromium (no browser download). Locally the test skips, saying why, when it is
absent; with CI=true a missing Chromium fails the run instead.
"""

from __future__ import annotations

import pytest
from browser_support import (
    REPO,
    WAIT_MS,
    Browser,
    ask_to_restore,
    assert_only_local,
    edit_cell,
    goto_page,
    settle,
    shot,
)

pytestmark = pytest.mark.e2e


# A word diff's new side: the dialog's text without the words that go (<del>), spaces folded.
NEW_SIDE = """d => { const c = d.cloneNode(true); c.querySelectorAll('del').forEach(e => e.remove());
  return c.innerText.replace(/\\s+/g, ' '); }"""


def test_newcomer_uses_the_demo_home_in_a_real_browser(browser: Browser) -> None:
    page = browser.page
    shot(page, "empty-state")

    # Open the demo home from the newcomer's empty state.
    page.get_by_role("button", name="Open the demo home").first.click()
    settle(page, "1,985 / 2,200 chars")
    demo = browser.demo_home()
    assert page.get_by_text("Getting full").first.is_visible()
    assert page.get_by_text("108%, over by 111").first.is_visible()  # the real share, over the limit
    shot(page, "overview")

    # Add an entry and watch the projection, then the gauge.
    goto_page(page, "Edit")
    new_entry = "Browser test: the staging DB resets on Sundays."
    area = page.get_by_label("New entry")
    area.fill(new_entry)
    area.press("Control+Enter")
    settle(page, "After saving:")
    shot(page, "edit")
    page.get_by_role("button", name="Add entry").click()
    settle(page, "Entry added.")
    assert new_entry in (demo / "memories" / "MEMORY.md").read_text(encoding="utf-8")

    # Batch editor: type over the second entry's cell, then apply the one-change batch.
    page.get_by_role("tab", name="Batch editor").click()
    settle(page, "No changes yet.")
    edited = "CI is GitHub Actions; the e2e job runs on PRs labelled e2e."
    edit_cell(page, row=1, text=edited)
    settle(page, "1 change to apply as one batch")
    shot(page, "edit-batch")
    page.get_by_role("button", name="Apply 1 change as one batch").click()
    settle(page, "Apply this 1 change to MEMORY.md?")
    # The confirmation lists the change in full (the grid is a canvas): it must be the entry meant, row 1.
    dialog = page.get_by_role("dialog")
    dialog.get_by_text("1. Replace").first.wait_for(timeout=WAIT_MS)
    # What is applied is what the person is shown: the old entry, and word by word the new text in full.
    assert "The repo's CI is GitHub Actions" in dialog.inner_text()
    assert edited in dialog.evaluate(NEW_SIDE), "the confirmation does not show the text typed in the cell"
    page.get_by_role("button", name="Yes, apply").click()
    settle(page, "Applied 1 operation.")
    text = (demo / "memories" / "MEMORY.md").read_text(encoding="utf-8")
    assert edited in text and "The repo's CI is GitHub Actions" not in text
    goto_page(page, "Overview")
    moved = f"{1985 + 3 + len(new_entry) + len(edited) - 82:,} / 2,200 chars"
    settle(page, moved)

    goto_page(page, "Snapshot")
    settle(page, "What the next session will load")
    shot(page, "snapshot")

    # Restore the hand-made USER.md backup over the hand-written markdown file (History).
    ask_to_restore(page, "USER.md", "USER.md.bak.20261120")
    page.get_by_role("button", name="Yes, restore").click()
    settle(page, "Restored USER.md from USER.md.bak.20261120.")
    memories = demo / "memories"
    assert (memories / "USER.md").read_bytes() == (memories / "USER.md.bak.20261120").read_bytes()
    shot(page, "history")

    goto_page(page, "Overview")
    settle(page, "382 / 1,375 chars")  # the restored USER.md: calm again

    for extra in sorted((REPO / "hermes_dash" / "ui" / "screens").glob("curation_*.py")):
        title = extra.stem.removeprefix("curation_").replace("_", " ").strip().capitalize()
        goto_page(page, title, heading=False)
        assert page.locator('[data-testid="stException"]').count() == 0, f"{extra.name} raised"
        shot(page, extra.stem.replace("_", "-"))

    assert_only_local(browser.requests, browser.base)
