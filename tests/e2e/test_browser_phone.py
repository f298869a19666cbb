"""Phone and keyboard, in a real browser (real `streamlit run app.py`, Debian Chromium).

At 390 px the sidebar lies over the page: choosing a page closes it and puts focus on the page's
heading (it used to stay open over 300 of 390 px, and focus fell to the page body). Cleanup and
the Inbox with a queue, by link or from a bookmark, at 1400 and 390 px, focus their heading, not
the whole <main>. Space on an operation's "Drop" leaves focus on that choice.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from browser_support import settle, streamlit_app, until
from homes import make_home
from pending_support import batch, stage
from script_runs import open_context
from staged_batch import CI, FIVE, PG, SHIP

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1400, "height": 900}
ACTIVE = """() => { const e = document.activeElement;
  return {tag: e.tagName.toLowerCase(), text: (e.innerText || '').trim().slice(0, 80),
          testid: e.getAttribute('data-testid') || '',
          key: (e.closest('[class*="st-key-"]') || {}).className || ''}; }"""
SIDEBAR_OPEN = (
    """() => document.querySelector('[data-testid="stSidebar"]').getAttribute('data-collapsed') === 'false'"""
)


@pytest.fixture
def served(tmp_path: Path):
    home = make_home(
        tmp_path / "home", memory=[PG, CI, SHIP], config="memory:\n  write_approval: true\n  memory_char_limit: 2200\n"
    )
    stage(home, "9a9a9a9a", batch(FIVE))
    scratch = Path(tempfile.mkdtemp(prefix="hd-e2e-"))
    try:
        with streamlit_app(home, scratch, tmp_path / "streamlit.log") as base:
            yield base
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def heading_focused(page, title: str) -> None:
    until(
        lambda: (lambda a: a["tag"] == "h1" and a["text"] == title)(page.evaluate(ACTIVE)),
        f"focus on the heading {title!r}; it is on {page.evaluate(ACTIVE)}",
    )


def test_at_390_choosing_a_page_closes_the_sidebar_and_focuses_the_heading(served: str, chromium) -> None:
    context = open_context(chromium, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(served, wait_until="domcontentloaded")
        settle(page, "MEMORY.md")
        for link, title in (("Cleanup", "Cleanup assistant"), (r"Inbox", "Inbox: pending writes")):
            page.locator('[data-testid="stExpandSidebarButton"]').click()
            until(lambda: page.evaluate(SIDEBAR_OPEN), "the sidebar opened")
            page.locator('[data-testid="stSidebarNav"] a', has_text=link).first.click()
            settle(page, title)
            until(lambda: not page.evaluate(SIDEBAR_OPEN), "the sidebar closed once the page was chosen")
            heading_focused(page, title)
    finally:
        context.close()


@pytest.mark.parametrize("size", [WIDE, PHONE], ids=["1400", "390"])
def test_cleanup_and_the_inbox_from_a_bookmark_focus_their_heading(served: str, chromium, size: dict) -> None:
    context = open_context(chromium, viewport=size)
    try:
        page = context.new_page()
        for path, title in (("curation_inbox", "Inbox: pending writes"), ("curation_cleanup", "Cleanup assistant")):
            page.goto(f"{served}/{path}", wait_until="domcontentloaded")
            settle(page, title)
            heading_focused(page, title)
    finally:
        context.close()


def test_space_on_drop_keeps_focus_on_the_choice(served: str, chromium) -> None:
    context = open_context(chromium, viewport=WIDE)
    try:
        page = context.new_page()
        page.goto(f"{served}/curation_inbox", wait_until="domcontentloaded")
        settle(page, "Operation by operation")
        drop = page.locator('[class*="st-key-in_part_9a9a9a9a_2"] button', has_text="Drop")
        drop.focus()
        page.keyboard.press("Space")
        settle(page, "drops 2")

        def on_drop() -> bool:
            a = page.evaluate(ACTIVE)
            return a["tag"] == "button" and a["text"] == "Drop" and "in_part_9a9a9a9a_2" in a["key"]

        until(on_drop, f"focus stays on operation 2's Drop; it is on {page.evaluate(ACTIVE)}")
    finally:
        context.close()
