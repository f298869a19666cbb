"""The wrong turns that changed a file, each driven in Chromium at 1400x900 on the demo home:

* restoring one entry from History (Backups and History are one page) puts it back where it stood
  (a changed entry in its place, a removed one between its old neighbours): the file is
  byte-identical to the backup, from a version picked and from the one shown first;
* Replace asks first, in a dialog in view with the focus inside, showing word by word what goes
  and what comes; nothing is written until "Yes";
* the batch editor's confirmation is a dialog in view with the focus inside, each change in full;
* selecting an Overview row opens the entry in view (a dialog), however far down the table is.

Real `streamlit run app.py`, the engine playing the agent's bad write.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import WAIT_MS, Browser, edit_cell, goto_page, preview_replace, settle, shot, stable_box, until

from hermes_dash import MemoryStore

pytestmark = pytest.mark.e2e

SCREEN = {"width": 1400, "height": 900}
# The open dialog: its box, whether the focus is inside it, and its text.
DIALOG = """() => {
  const d = [...document.querySelectorAll('[role="dialog"]')].find(e => e.getBoundingClientRect().height > 0);
  if (!d) return null;
  const r = d.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: innerHeight, focus: d.contains(document.activeElement),
          text: d.innerText, dels: d.querySelectorAll('del').length, inss: d.querySelectorAll('ins').length};
}"""


def open_demo(browser: Browser) -> tuple[Path, MemoryStore]:
    page = browser.page
    page.set_viewport_size(SCREEN)
    page.get_by_role("button", name="Open the demo home").first.click()
    settle(page, "1,985 / 2,200 chars")
    home = browser.demo_home()  # this test's copy: the shared server holds earlier tests' copies too
    return home / "memories" / "MEMORY.md", MemoryStore.open(home)


def dialog_in_view(page, wanted: str) -> dict:
    """The dialog that says ``wanted``, once drawn: it must be inside the window, focus in it."""
    page.get_by_role("dialog").get_by_text(wanted, exact=False).first.wait_for(timeout=WAIT_MS)
    stable_box(page, page.get_by_role("dialog").first)  # drawn where it stays, not sliding in
    settle(page, None)
    until(lambda: (page.evaluate(DIALOG) or {}).get("focus"), "the focus never went inside the dialog", 30_000)
    got = page.evaluate(DIALOG)
    assert got is not None, "no dialog is open"
    assert got["top"] >= 0 and got["top"] < got["height"] - 100, f"the dialog starts at y={got['top']:.0f}"
    assert got["focus"], "the focus is not inside the dialog"
    return got


def wait_bytes(path: Path, wanted: bytes, page, timeout_ms: int = 60_000) -> None:
    try:
        until(lambda: path.read_bytes() == wanted, "", timeout_ms)
    except AssertionError:
        assert path.read_bytes() == wanted, "the file is not byte-identical to the version it was restored from"


def follow_write(page, write) -> None:
    """Make ``write`` (the agent's, from outside) and wait until History shows it: a write backs the
    file up first, so the heading's count of versions changes."""
    from playwright.sync_api import expect

    heading = page.get_by_role("heading", name=re.compile(r"versions? of MEMORY\.md")).first
    before = heading.inner_text()
    write()
    expect(heading).not_to_have_text(before, timeout=WAIT_MS)
    settle(page, None)


def pick_backup(page, name: str) -> None:
    box = page.get_by_role("combobox", name="Compare the live MEMORY.md with")
    box.click()
    page.get_by_role("option", name=re.compile(re.escape(name))).click()
    settle(page, None)


def _restore_entries_in_place(browser: Browser, *, pick: bool) -> None:
    """A bad replace (as the agent would make it) undone from History by restoring that one entry
    in place, then a removed entry in the middle put back between its old neighbours: the file is
    byte for byte what it was after each. ``pick``: the version is picked in the list first;
    otherwise the one History shows first is used."""
    page = browser.page
    memory, store = open_demo(browser)
    entries = store.read("memory").entries
    good = memory.read_bytes()
    store.replace("memory", entries[1], "Wrong: CI is Jenkins now.", expect_entry=entries[1])
    goto_page(page, "History")
    if pick:
        pick_backup(page, store.backups("memory")[0].name)
    page.get_by_role("button", name="Restore in place…").click()
    got = dialog_in_view(page, "Restore this entry of MEMORY.md")
    assert got["dels"] and got["inss"], "no word-level diff in the question"
    assert memory.read_bytes() != good  # asked, not yet written
    if pick:
        shot(page, "wrong-turns-history-entry")
    page.get_by_role("button", name="Yes, restore in place").click()
    wait_bytes(memory, good, page)
    settle(page, "Restored in place")
    follow_write(page, lambda: store.remove("memory", entries[3], expect_entry=entries[3]))
    if pick:
        pick_backup(page, store.backups("memory")[0].name)
    page.get_by_role("button", name="Put it back where it stood…").click()
    got = dialog_in_view(page, "Restore this entry of MEMORY.md")
    assert "back where it stood" in got["text"]
    page.get_by_role("button", name="Yes, put it back").click()
    wait_bytes(memory, good, page)


def test_history_restores_one_entry_of_a_picked_version_where_it_stood_byte_identical(browser: Browser) -> None:
    _restore_entries_in_place(browser, pick=True)


def test_history_restores_one_entry_of_the_version_shown_first_byte_identical(browser: Browser) -> None:
    _restore_entries_in_place(browser, pick=False)


def test_replace_asks_first_in_view_with_a_word_diff(browser: Browser) -> None:
    page = browser.page
    memory, _ = open_demo(browser)
    before = memory.read_bytes()
    preview_replace(page, "make deploy ENV=staging", "Deploys go through `make deploy ENV=prod` after a change ticket.")
    page.get_by_role("button", name="Replace entry").click()
    got = dialog_in_view(page, "Replace this entry of MEMORY.md?")
    assert got["dels"] and got["inss"], got["text"]
    settle(page, None)  # the run that drew the question is over: a write in it would be on disk
    assert memory.read_bytes() == before, "Replace wrote before it asked"
    shot(page, "wrong-turns-replace")
    page.get_by_role("button", name="Yes, replace it").click()
    settle(page, "Entry replaced.")
    assert "ENV=prod" in memory.read_text(encoding="utf-8")


def test_batch_confirmation_is_in_view_with_full_texts(browser: Browser) -> None:
    page = browser.page
    memory, _ = open_demo(browser)
    before = memory.read_bytes()
    goto_page(page, "Edit")
    page.get_by_role("tab", name="Batch editor").click()
    settle(page, "No changes yet.")
    long_text = (
        "CI is GitHub Actions; the e2e job runs on pull requests labelled e2e, and the nightly job runs "
        "the full matrix against Postgres 15 and 16 with the slow tests included."
    )
    edit_cell(page, row=1, text=long_text)
    page.get_by_role("button", name="Apply 1 change as one batch").click()
    got = dialog_in_view(page, "Apply this 1 change to MEMORY.md?")
    assert "…" not in got["text"], "a text in the confirmation is cut"
    assert "the slow tests included." in got["text"]
    assert got["text"].count("1. Replace") == 1, "the list of changes is shown more than once"
    assert memory.read_bytes() == before
    page.get_by_role("button", name="Yes, apply").click()
    settle(page, "Applied 1 operation.")
    assert long_text in memory.read_text(encoding="utf-8")


def test_an_overview_row_opens_its_entry_in_view(browser: Browser) -> None:
    page = browser.page
    open_demo(browser)
    # MEMORY.md's second row: its table is 18 rows tall, so what is drawn below it is far out of view.
    grid = page.locator('[data-testid="stDataFrame"]').filter(visible=True).first
    grid.scroll_into_view_if_needed()
    box = stable_box(page, grid)
    page.mouse.click(box["x"] + 14, box["y"] + 36 + 72 * 1 + 36)
    got = dialog_in_view(page, "Selected entry of MEMORY.md")
    assert got["bottom"] <= got["height"] + 1 or got["top"] < 200, got
    shot(page, "wrong-turns-entry-panel")


def test_history_whole_file_restore_asks_in_the_dialog_and_restore_in_place_is_in_view(browser: Browser) -> None:
    """The whole-file restore confirmed inline at y=941 of a 900 px window, focus left on its
    button, and "Restore in place…" sat at y=1,017: both are in the first screen now, and the
    whole-file restore asks in the dialog every other write uses, its Yes in view, focus inside."""
    page = browser.page
    memory, _ = open_demo(browser)
    goto_page(page, "History")
    page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollTo(0, 0)")
    for name in ("Restore this version…", "Restore in place…"):
        box = stable_box(page, page.get_by_role("button", name=name))
        assert box["y"] + box["height"] <= SCREEN["height"], f'"{name}" is at y={box["y"]:.0f}, below the window'
    before = memory.read_bytes()
    page.get_by_role("button", name="Restore this version…").click()
    dialog_in_view(page, "Replace the live MEMORY.md with")
    yes = page.get_by_role("dialog").get_by_role("button", name="Yes, restore")
    box = yes.bounding_box()
    assert box is not None and box["y"] + box["height"] <= SCREEN["height"], f"Yes, restore at {box}"
    assert memory.read_bytes() == before  # asked, not yet written
    page.get_by_role("dialog").get_by_role("button", name="Cancel").click()
    page.get_by_role("dialog").wait_for(state="detached")
    assert memory.read_bytes() == before
