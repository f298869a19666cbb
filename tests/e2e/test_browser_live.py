"""End to end for the live view: real `streamlit run app.py`, Debian Chromium via Playwright.

The agent writes MEMORY.md the way it does (flock on MEMORY.md.lock, temp file, fsync, rename),
from this test process. The open page must show the new entry with no interaction, and must not
lose what the person is typing meanwhile. How long the entry takes to appear is printed.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from agent_like import agent_add
from browser_support import WAIT_MS, Browser, assert_only_local, goto_page, settle, wait_js

from hermes_dash.engine.rules.format import DELIMITER, parse

pytestmark = pytest.mark.e2e

NEW = "Agent note written from a shell: the CI cache lives in /var/cache/ci-live."


def open_demo(browser: Browser) -> Path:
    page = browser.page
    page.get_by_role("button", name="Open the demo home").first.click()
    settle(page, "1,985 / 2,200 chars")
    return browser.demo_home() / "memories" / "MEMORY.md"


def test_overview_shows_an_agent_write_with_no_interaction(browser: Browser) -> None:
    page = browser.page
    memory = open_demo(browser)
    settle(page, None)  # the page is idle: only the live check runs
    before = memory.read_text(encoding="utf-8")
    total = len(DELIMITER.join(parse(before) + [NEW]))
    start = time.monotonic()
    agent_add(memory, NEW)
    # The gauge is text; the table is drawn on a canvas (its cells exist only for rows in view).
    page.get_by_text(f"{total:,} / 2,200 chars", exact=False).first.wait_for(timeout=WAIT_MS)
    appeared = time.monotonic() - start
    print(f"\nlive update: an agent write appeared on the Overview {appeared:.2f} s after the rename")
    page.get_by_role("textbox", name="Search both files").fill("ci-live")
    page.keyboard.press("Enter")
    settle(page, "1 of")
    # The grid draws its cells after the page is at rest: wait for the row, not for a moment.
    page.locator("[role=gridcell]").filter(has_text="CI cache lives in").first.wait_for(state="attached")
    assert_only_local(browser.requests, browser.base)


def test_live_update_keeps_what_is_being_typed(browser: Browser) -> None:
    page = browser.page
    memory = open_demo(browser)
    goto_page(page, "Edit")
    box = page.get_by_label("New entry")
    box.click()
    box.press_sequentially("Half-typed, not committed")  # focus stays in the box: nothing sent yet
    agent_add(memory, NEW)
    total = len(DELIMITER.join(parse(memory.read_text(encoding="utf-8"))))
    page.get_by_text(f"{total:,} / 2,200 chars", exact=False).first.wait_for(timeout=WAIT_MS)
    assert box.input_value() == "Half-typed, not committed"
    assert box.evaluate("el => el === document.activeElement")


def test_select_a_row_and_replace_that_entry_in_place(browser: Browser) -> None:
    page = browser.page
    memory = open_demo(browser)
    before = parse(memory.read_text(encoding="utf-8"))
    grid = page.locator('[data-testid="stDataFrame"]').first
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    # The row's selection box sits left of the first column (the grid is a canvas: reach it by position).
    page.mouse.click(box["x"] + 14, box["y"] + 36 + 72 * 1 + 36)
    settle(page, "Selected entry of MEMORY.md")
    text = page.get_by_label("New text for this whole entry")
    assert text.input_value() == before[1]
    text.fill("Replaced in place from the Overview.")
    page.get_by_role("button", name="Replace this entry").click()
    settle(page, "Entry replaced.")
    after = parse(memory.read_text(encoding="utf-8"))
    assert after == [before[0], "Replaced in place from the Overview.", *before[2:]]
    assert_only_local(browser.requests, browser.base)


# The runs the page asked for before the press: the press's blur asks for one more, and that run
# has come back once a finished run is numbered after it (script_runs.TRACKER numbers both). The
# page's stale marks were the signal before; a run that redraws fast enough never shows one, and
# CI's loaded machine once waited 90 s for a mark that never came.
_ASKED = "() => window.__hdRuns.asked"
_BLUR_RUN_BACK = "(before) => { const r = window.__hdRuns; return r.asked > before && r.answered > r.asked; }"


def human_click(page, locator) -> None:
    """Press, hold until the rerun the blur asked for is back, release, as a person clicks: a
    layout shift in between loses the click."""
    box = locator.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    before = page.evaluate(_ASKED)
    page.mouse.down()  # the text box's blur sends its value, and the page reruns while the button is held
    wait_js(page, _BLUR_RUN_BACK, before, "pressing the button did not blur the box (no rerun came back)")
    page.mouse.up()


def test_one_click_add_while_the_text_box_still_has_focus(browser: Browser) -> None:
    page = browser.page
    memory = open_demo(browser)
    goto_page(page, "Edit")
    box = page.get_by_label("New entry")
    box.click()
    box.press_sequentially("One click is enough.")  # focus stays in the box: nothing sent yet
    human_click(page, page.get_by_role("button", name="Add entry"))
    settle(page, "Entry added.")
    assert parse(memory.read_text(encoding="utf-8"))[-1] == "One click is enough."
