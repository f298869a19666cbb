"""Refresh docs/screenshots/: every page at 1400 px in the light and the dark theme, and the
Overview at 390 px (a phone), all on a fresh demo home. Run it with ``bash scripts/screenshots``.
Also, at 1400 px in the light theme, the states a page shows only after something happened:
the Edit page's conflict panel (the agent changed the entry between the preview and the click),
a saved write's message with its Undo button, the edit-in-place panel of a selected Overview
row, and the batch editor's confirmation.

The tests never write here (their screenshots go to a temporary folder), so running the tests
leaves the repository as it was; this command is the one way the pictures in docs/ change.
Uses Debian's Chromium through Playwright, as the browser tests do; it downloads nothing.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from browser_support import CHROMIUM, CHROMIUM_ARGS, REPO, edit_cell, goto_page, preview_replace, settle, streamlit_app

sys.path.insert(0, str(REPO))  # run as a script: the engine plays the agent's write below
from hermes_dash import MemoryStore  # noqa: E402

OUT = REPO / "docs" / "screenshots"
PAGES = ["Overview", "Snapshot", "Edit", "Backups"] + [
    p.stem.removeprefix("curation_").replace("_", " ").strip().capitalize()
    for p in sorted((REPO / "hermes_dash" / "ui" / "pages").glob("curation_*.py"))]


def _name(title: str) -> str:
    return title.lower().replace(" ", "-")


def _session(pw, base: str, scheme: str, width: int, out: Path, pages: list[str]) -> list[Path]:
    """One fresh browser: the empty home, then the demo home's pages; returns the files written."""
    browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
    written = []
    try:
        context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
        page = context.new_page()
        page.goto(base, wait_until="domcontentloaded")
        settle(page, "No Hermes memory here yet")
        suffix = f"{scheme}" if width == 1400 else f"{width}-{scheme}"
        if width == 1400:
            written.append(_shot(page, out / f"empty-home-{suffix}.png"))
        page.get_by_role("button", name="Open the demo home").first.click()
        settle(page, "1,985 / 2,200 chars")
        for title in pages:
            if width >= 700:  # on a phone the sidebar is collapsed: the Overview keeps its message
                goto_page(page, title, heading=False)  # for the Overview too: drops the "Opened" message
                page.wait_for_timeout(800)
                settle(page, None)
            if title == "Edit":  # show the live preview that a typed entry gets
                box = page.get_by_label("New entry")
                box.fill("The staging database is reset every Sunday night; do not keep test data there.")
                box.press("Control+Enter")
                settle(page, "After saving:")
            written.append(_shot(page, out / f"{_name(title)}-{suffix}.png"))
    finally:
        browser.close()
    return written


AGENT_TEXT = ("Deploys go through `make deploy ENV=staging` first; production needs TWO approvals in #deploys "
              "(changed by the agent).")
MINE = "Deploys: staging first (`make deploy ENV=staging`), then production after an approved change ticket."


def _states(pw, base: str, scratch: Path, out: Path) -> list[Path]:
    """The states that follow an action, at 1400 px in the light theme, on a demo home of their own."""
    browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
    written = []
    try:
        page = browser.new_context(viewport={"width": 1400, "height": 900}, color_scheme="light").new_page()
        page.goto(base, wait_until="domcontentloaded")
        settle(page, "No Hermes memory here yet")
        page.get_by_role("button", name="Open the demo home").first.click()
        settle(page, "1,985 / 2,200 chars")
        demo = max(scratch.glob("hermes-demo-*/copy-*/home"), key=lambda p: p.stat().st_mtime)

        # Overview: select the second row of MEMORY.md's table (a canvas: its selection box by position).
        grid = page.locator('[data-testid="stDataFrame"]').first
        grid.scroll_into_view_if_needed()
        box = grid.bounding_box()
        page.mouse.click(box["x"] + 14, box["y"] + 36 + 72 * 1 + 36)
        settle(page, "Selected entry of MEMORY.md")
        written.append(_shot(page, out / "overview-entry-panel.png"))
        page.get_by_role("button", name="Done").click()  # the open entry would follow to the Edit page
        page.get_by_text("Selected entry of MEMORY.md").first.wait_for(state="detached", timeout=10_000)

        # Edit: a replace previewed, then the agent changes that entry before the click.
        preview_replace(page, "make deploy ENV=staging", MINE)
        MemoryStore.open(demo).replace("memory", "make deploy ENV=staging", AGENT_TEXT)
        page.get_by_role("button", name="Replace entry").click()
        settle(page, "changed on disk before your change was saved")
        written.append(_shot(page, out / "edit-conflict.png"))
        page.get_by_role("button", name="Replace the new text with mine").click()
        settle(page, "Entry replaced.")
        page.get_by_role("button", name="Undo").first.wait_for(timeout=10_000)
        written.append(_shot(page, out / "edit-undo.png"))

        # Replace asks first: the word-level diff of what goes and what comes, in a dialog.
        preview_replace(page, "port 5433", "Project 'orbit' is a FastAPI service; run it with `make dev` (port 8080). "
                        "Tests: `pytest -q tests/`, they need a local Postgres 16 on port 5434.")
        page.get_by_role("button", name="Replace entry").click()
        settle(page, "Replace this entry of MEMORY.md?")
        written.append(_shot(page, out / "edit-replace-confirm.png"))
        page.get_by_role("button", name="Cancel").click()
        page.wait_for_timeout(800)

        # Backups: one entry restored where it stood, asked in a dialog with its word-level diff.
        goto_page(page, "Backups")
        page.get_by_role("button", name=re.compile(r"^(Restore this entry in place|Put this entry back)")).click()
        settle(page, "Restore this entry of MEMORY.md")
        written.append(_shot(page, out / "backups-restore-entry.png"))
        page.get_by_role("button", name="Cancel").click()
        page.wait_for_timeout(800)
        goto_page(page, "Edit")

        # The batch editor: one cell changed, then the confirmation before anything is written.
        page.get_by_role("tab", name="Batch editor").click()
        settle(page, "No changes yet.")
        edit_cell(page, row=1, text="CI is GitHub Actions; the e2e job runs on PRs labelled e2e.")
        page.get_by_role("button", name="Apply 1 change as one batch").click()
        settle(page, "Apply this 1 change to MEMORY.md?")
        written.append(_shot(page, out / "edit-batch-confirm.png"))
    finally:
        browser.close()
    return written


def _shot(page, path: Path) -> Path:
    """The whole page: Streamlit scrolls inside its main area, so the window is made as tall."""
    page.evaluate("document.activeElement && document.activeElement.blur()")  # no focus ring in docs
    size = page.viewport_size
    tall = page.evaluate("Math.max(...[...document.querySelectorAll('[data-testid=stMain], "
                         "[data-testid=stMainBlockContainer]')].map(e => e.scrollHeight))")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], min(int(tall) + 40, 8000))})
    page.wait_for_timeout(800)
    settle(page, None)
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size(size)
    page.wait_for_timeout(300)
    return path


def main() -> int:
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is not installed (apt-get install chromium); nothing was changed.", file=sys.stderr)
        return 1
    scratch = Path(tempfile.mkdtemp(prefix="hd-shots-"))
    fresh = scratch / "shots"
    fresh.mkdir()
    # An empty home, so the first shot is the newcomer's page; the demo copies land in scratch
    # (a short TMPDIR keeps the sidebar's path readable).
    with streamlit_app(scratch / "empty-home", scratch, scratch / "streamlit.log") as base, \
            sync_playwright() as pw:
        written = []
        for scheme in ("light", "dark"):
            written += _session(pw, base, scheme, 1400, fresh, PAGES)
            written += _session(pw, base, scheme, 390, fresh, ["Overview"])
        written += _states(pw, base, scratch, fresh)
    # Replace the folder's pictures only once every shot was taken: a failed run changes nothing.
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.png"):
        old.unlink()
    for path in written:
        path.replace(OUT / path.name)
    print(f"Wrote {len(written)} screenshots to {OUT.relative_to(REPO)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
