"""The three jobs with the keyboard alone, in a real browser: key presses only, no mouse.

1. Browse and read an entry: search, then read the entry in the table's focused cell.
2. Restore a bad edit: add and replace on Edit, then restore the backup made before the replace.
3. Clean up a near-full file: pick an entry to remove, apply the clean-up plan and confirm.

Between key presses the test only reads where focus is. After every write, focus must land
where the next step is (never on the page body), and focus on the sidebar's links is visible.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from browser_support import Browser, keys_ready, settle, until

pytestmark = pytest.mark.e2e

FOCUSED = """() => {
  const e = document.activeElement;
  const style = getComputedStyle(e);
  return {tag: e.tagName.toLowerCase(), role: e.getAttribute('role') || '', testid: e.getAttribute('data-testid') || '',
          label: e.getAttribute('aria-label') || '', text: (e.innerText || e.value || '').trim().slice(0, 400),
          around: ((e.closest('label') || {}).innerText || '').trim(),
          in_flash: !!e.closest('.st-key-hd_flash_box'), outline: style.outlineStyle + ' ' + style.outlineWidth,
          grid: [...document.querySelectorAll('[data-testid="stDataFrame"]')].filter(t => t.offsetParent !== null)
            .indexOf(e.closest('[data-testid="stDataFrame"]'))};
}"""


def focused(page) -> dict:
    return page.evaluate(FOCUSED)


def tab_to(page, want: Callable[[dict], bool], what: str, key: str = "Tab", limit: int = 80) -> dict:
    """Press ``key`` until the focused element is ``what``; fail after ``limit`` presses."""
    for _ in range(limit):
        page.keyboard.press(key)
        now = focused(page)
        if want(now):
            return now
    raise AssertionError(f"{what} never got focus after {limit} x {key}; focus is on {focused(page)}")


def focus_lands(page, want: Callable[[dict], bool], what: str, timeout_ms: int = 30_000) -> dict:
    """Wait (no key press) until focus is ``what``: the app moves it by a script that runs once the
    page has been drawn again, later on a loaded machine than a fixed pause allows for."""

    def landed() -> dict | None:
        now = focused(page)
        return now if want(now) else None

    try:
        return until(landed, f"after {what}", timeout_ms)
    except AssertionError as never:
        raise AssertionError(f"{never}, focus is on {focused(page)}") from None


def in_flash(f: dict) -> bool:
    return f["in_flash"]


def button(name: str) -> Callable[[dict], bool]:
    return lambda f: f["tag"] == "button" and f["text"] == name


def link(name: str) -> Callable[[dict], bool]:
    return lambda f: f["testid"] == "stSidebarNavLink" and f["text"] == name


def field(label: str) -> Callable[[dict], bool]:
    return lambda f: f["tag"] in ("input", "textarea") and f["label"] == label


def press_and_settle(page, key: str, text: str) -> None:
    page.keyboard.press(key)
    settle(page, text)


def test_the_three_jobs_with_the_keyboard_only(browser: Browser) -> None:
    page = browser.page
    tab_to(page, button("Open the demo home"), "the empty state's demo button")
    press_and_settle(page, "Enter", "1,985 / 2,200 chars")
    memory = browser.demo_home() / "memories" / "MEMORY.md"

    # 1. Browse and read: search both files, then move into the table and onto the entry's cell.
    tab_to(page, field("Search both files"), "the search box")
    page.keyboard.type("Redis")
    press_and_settle(page, "Enter", "1 of 18 entries matches the search")
    keys_ready(page)  # the filtered table's grid drawn: before it is, Tab passes it by
    # The table has focus on its canvas or, a moment later, on the selected cell's stand-in (the
    # grid moves it there itself): either is MEMORY.md's table, the first on the page. Waiting for
    # the canvas alone, a loaded machine's grid had moved focus on before it was read, the next
    # Tab left the table, and the arrow keys went to USER.md's, with no row matching.
    tab_to(page, lambda f: f["grid"] == 0, "the MEMORY.md table")
    # The first row, then its Entry cell: one step right past the position column of the full
    # table; the compact table (shown when the full one does not fit) starts with the entry.
    entry_cell = lambda f: "-cli -n 2 FLUSHDB` on staging only" in f["text"]  # noqa: E731 (the match is marked «redis»)
    page.keyboard.press("ArrowDown")
    now = focus_lands(
        page, lambda f: f["role"] == "gridcell" and f["grid"] == 0, "ArrowDown on the table (a cell has focus)"
    )
    if not entry_cell(now):
        page.keyboard.press("ArrowRight")
    focus_lands(page, entry_cell, "the arrow keys on the table")

    # 2. Restore a bad edit. The page links show focus with a real outline, not a faint tint.
    edit_link = tab_to(page, link("Edit"), "the Edit page link", key="Shift+Tab")
    assert edit_link["outline"].startswith("solid") and not edit_link["outline"].endswith(" 0px"), edit_link
    press_and_settle(page, "Enter", "New entry")
    focus_lands(page, field("New entry"), "opening Edit (focus belongs in the New entry box)")
    added = "Keyboard test: the build server has 16 cores."
    page.keyboard.type(added)
    page.keyboard.press("Tab")  # the text commits as the box loses focus: the button must take focus
    focus_lands(page, button("Add entry"), "Tab after typing (it must land on Add entry)")
    press_and_settle(page, "Enter", "Saved")
    focus_lands(page, lambda f: field("New entry")(f) and f["text"] == "", "Add (the empty New entry box)")
    assert added in memory.read_text(encoding="utf-8")
    good = memory.read_bytes()

    # Each tab is a Tab stop of its own (no arrow keys needed); Enter opens it.
    tab_to(page, lambda f: f["role"] == "tab" and f["text"] == "Replace", "the Replace tab", key="Shift+Tab")
    page.keyboard.press("Enter")
    tab_to(page, field("Text that identifies the entry"), "Replace's search box")
    page.keyboard.type("FLUSHDB")
    tab_to(page, field("New text for the whole entry"), "Replace's new text")
    page.keyboard.type("Redis is gone.")  # the bad edit
    tab_to(page, button("Replace entry…"), "the Replace button")
    press_and_settle(page, "Enter", "Replace this entry of MEMORY.md?")  # it asks first, focus inside
    tab_to(page, button("Yes, replace it"), "the confirmation", limit=10)
    press_and_settle(page, "Enter", "Saved")
    focus_lands(page, in_flash, "Replace (the message should have it)")
    assert "FLUSHDB" not in memory.read_text(encoding="utf-8")

    tab_to(page, link("History"), "the History page link", key="Shift+Tab")
    press_and_settle(page, "Enter", "Restoring this version would bring back")  # the newest: before the replace
    tab_to(page, button("Restore this version…"), "the restore button")
    press_and_settle(page, "Enter", "Replace the live MEMORY.md")
    tab_to(page, button("Yes, restore"), "the confirmation")
    press_and_settle(page, "Enter", "Restored MEMORY.md from")
    focus_lands(page, in_flash, "the restore")
    assert memory.read_bytes() == good

    # 3. Clean up the near-full MEMORY.md. The plan's steps lose nothing and are not enough for
    # 80%; it picks no removal itself, so the person ticks candidates (Space) until the plan says
    # it reaches the goal, then reviews the plan and confirms in the dialog.
    before = len(memory.read_text(encoding="utf-8"))
    tab_to(page, link("Cleanup"), "the Cleanup page link", key="Shift+Tab")
    press_and_settle(page, "Enter", "Plan to get under the threshold")
    settle(page, "Pick entries to remove (none is picked for you)")
    for _ in range(5):  # the next candidate, until the chosen steps reach the goal
        tab_to(
            page,
            lambda f: f["tag"] == "input" and f["around"].startswith("Remove ") and " · frees " in f["around"],
            "a removal candidate's box",
            limit=200,
        )
        page.keyboard.press(" ")
        settle(page, None)
        if not page.get_by_text("above the goal").count():
            break
    # The plan's Review button is above its steps (what the page is for comes first): back up to it.
    tab_to(
        page,
        lambda f: f["tag"] == "button" and f["text"].endswith("for MEMORY.md…"),
        "the plan's review button",
        key="Shift+Tab",
    )
    press_and_settle(page, "Enter", "as one batch?")
    tab_to(page, button("Yes, apply"), "the confirmation")
    press_and_settle(page, "Enter", "Saved")
    focus_lands(page, in_flash, "the clean-up")
    after = len(memory.read_text(encoding="utf-8"))
    assert after < before and after <= 2200 * 80 // 100
