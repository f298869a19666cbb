"""While an entry is typed, its character count and the file's usage after saving move with every
key press, before the box loses focus (Streamlit sends a box's value only then): Edit's add and
replace boxes and the entry panel's replace box, in Chromium at 1400x900 on the demo home."""

from __future__ import annotations

import pytest
from browser_support import Browser, goto_page, settle, stable_box, until

from hermes_dash import MemoryStore

pytestmark = pytest.mark.e2e

USAGE = 1_985  # the demo MEMORY.md
LIVE = """(label) => {
  const box = [...document.querySelectorAll('[data-hd-live]')].find(b => JSON.parse(b.dataset.hdLive).label === label);
  return box ? {text: box.innerText.trim(), used: Number(box.dataset.used || -1),
                focus: (document.activeElement.getAttribute('aria-label') || '')} : null;
}"""


def live(page, label: str) -> dict:
    got = page.evaluate(LIVE, label)
    assert got is not None, f"no counter under {label!r}"
    return got


def wait_live(page, label: str, wanted: str) -> dict:

    def says() -> dict | None:
        got = live(page, label)
        return got if wanted in got["text"] else None

    try:
        return until(says, f"the counter under {label!r} never said {wanted!r}", 30_000)
    except AssertionError:
        raise AssertionError(
            f"the counter under {label!r} says {live(page, label)['text']!r}, not {wanted!r}"
        ) from None


def type_keeping_focus(page, label: str, text: str) -> None:
    """Type ``text`` key by key into the focused box; nothing may blur it meanwhile."""
    page.keyboard.type(text, delay=20)
    assert live(page, label)["focus"] == label, "typing lost the focus (the box was blurred)"


def open_row(page, row: int, attempts: int = 3) -> None:
    """Select a row of the first visible entry table (a canvas: by position, once it is still)."""
    for _ in range(attempts):
        grid = page.locator('[data-testid="stDataFrame"]').filter(visible=True).first
        grid.scroll_into_view_if_needed()
        box = stable_box(page, grid)
        page.mouse.click(box["x"] + 14, box["y"] + 36 + 72 * row + 36)
        try:
            page.get_by_role("dialog").get_by_text("Selected entry of MEMORY.md").first.wait_for(timeout=8_000)
            return
        except Exception:  # noqa: BLE001 - playwright's TimeoutError: the grid was still being laid out
            settle(page, None)
    raise AssertionError("selecting a row did not open the entry")


def test_the_counter_and_the_projected_usage_move_while_typing(browser: Browser) -> None:
    page = browser.page
    page.set_viewport_size({"width": 1400, "height": 900})
    page.get_by_role("button", name="Open the demo home").first.click()
    settle(page, "1,985 / 2,200 chars")
    store = MemoryStore.open(browser.demo_home())
    entries = store.read("memory").entries

    # Add: the count, and the usage after saving (the entry plus its delimiter), with each key.
    goto_page(page, "Edit")
    page.get_by_label("New entry").click()
    assert wait_live(page, "New entry", "0 characters")
    type_keeping_focus(page, "New entry", "Abc")
    got = wait_live(page, "New entry", "3 characters")
    assert got["used"] == USAGE + 3 + 3 and f"{USAGE + 6:,} / 2,200" in got["text"], got
    type_keeping_focus(page, "New entry", " def ghi")
    got = wait_live(page, "New entry", "11 characters")
    assert got["used"] == USAGE + 3 + 11, got
    # Nothing was sent: the server's own preview (drawn on blur) is not there yet.
    assert page.locator(".st-key-ed_gauge_add").count() == 0
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    got = wait_live(page, "New entry", "0 characters")
    assert got["used"] == USAGE

    # Replace: once the entry is picked (on blur of its box), the usage changes by the difference.
    page.get_by_role("tab", name="Replace").click()
    page.get_by_label("Text that identifies the entry").first.fill("FLUSHDB")
    page.keyboard.press("Tab")
    settle(page, "Matches exactly one entry")
    old = next(e for e in entries if "FLUSHDB" in e)
    page.get_by_label("New text for the whole entry").click()
    type_keeping_focus(page, "New text for the whole entry", "Redis is gone.")
    got = wait_live(page, "New text for the whole entry", "14 characters")
    assert got["used"] == USAGE - len(old) + 14, got
    assert f"−{len(old) - 14:,}" in got["text"], got

    # The entry panel's replace box starts as the entry: the count is its length, plus what is typed.
    page.keyboard.press("Tab")  # the typed text is sent (a rerun) before the page is left
    settle(page, None)
    goto_page(page, "Overview", heading=False)
    page.wait_for_function("() => !location.pathname.startsWith('/edit')", timeout=30_000)
    settle(page, "1,985 / 2,200 chars")
    open_row(page, 1)
    settle(page, None)
    label = "New text for this whole entry"
    field = page.get_by_label(label)
    opened = field.input_value()
    assert opened in entries
    field.click()
    page.keyboard.press("Control+End")
    type_keeping_focus(page, label, " (checked)")
    got = wait_live(page, label, f"{len(opened) + 10:,} characters")
    assert got["used"] == USAGE + 10, got


def test_the_counter_follows_its_box_after_a_save_and_when_an_entry_opens(browser: Browser) -> None:
    """After a save the box is empty and so is its counter (it said "32 characters" on); a panel
    opened on an entry counts that entry (a 136-character box once showed 0)."""
    page = browser.page
    page.set_viewport_size({"width": 1400, "height": 900})
    page.get_by_role("button", name="Open the demo home").first.click()
    settle(page, "1,985 / 2,200 chars")
    goto_page(page, "Edit")
    added = "The build server has 16 cores now."
    page.get_by_label("New entry").click()
    type_keeping_focus(page, "New entry", added)
    wait_live(page, "New entry", f"{len(added)} characters")
    page.keyboard.press("Tab")
    settle(page, None)
    page.get_by_role("button", name="Add entry").click()
    settle(page, "Saved")
    assert page.get_by_label("New entry").input_value() == ""
    wait_live(page, "New entry", "0 characters")  # the counter follows the emptied box

    goto_page(page, "Overview", heading=False)
    page.wait_for_function("() => !location.pathname.startsWith('/edit')", timeout=30_000)
    settle(page, "2,200 chars")
    for row in (1, 2):  # one entry, then another: each time the counter is the box's length
        page.keyboard.press("Escape")
        page.get_by_role("dialog").wait_for(state="detached")
        open_row(page, row)
        settle(page, None)
        label = "New text for this whole entry"
        opened = page.get_by_label(label).input_value()
        wait_live(page, label, f"{len(opened):,} character")
