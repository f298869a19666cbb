"""Refresh docs/screenshots/: every page at 1400 px in the light and the dark theme, and the
Overview at 390 px (a phone), all on a fresh demo home. Run it with ``bash scripts/screenshots``.
Also, at 1400 px in the light theme, the states a page shows only after something happened:
the Edit page's conflict panel (the agent changed the entry between the preview and the click),
a saved write's message with its Undo button, the edit-in-place panel of a selected Overview
row, and the batch editor's confirmation. And the Inbox with a queue staged as upstream main
stages it (a patch, new_text, pins, repeats, a broken pin) at 1400 x 900 and 390 x 844, with
its confirmation dialog for the marked writes; ``--inbox DIR`` takes only those, into DIR. And
where entries came from (the Origin column and a selected entry's origin, at 1400 and 390 px);
``provenance`` takes only those. And the Overview and History of a near-full home. And the Inbox on
a 40-write queue and Cleanup on a crowded near-full home at 1400 and 390 px; ``--triage DIR`` takes
only those, into DIR.

The tests never write here (their screenshots go to a temporary folder), so running the tests
leaves the repository as it was; this command is the one way the pictures in docs/ change.
Uses Debian's Chromium through Playwright, as the browser tests do; it downloads nothing.
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from browser_support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    REPO,
    closed,
    edit_cell,
    goto_page,
    preview_replace,
    resized,
    settle,
    stable_box,
    streamlit_app,
)
from pending_support import stage
from script_runs import open_context

sys.path.insert(0, str(REPO))  # run as a script: the engine plays the agent's write below
from hermes_dash import MemoryStore  # noqa: E402
from hermes_dash.ui.app import PAGE_TABLE  # noqa: E402

OUT = REPO / "docs" / "screenshots"
PAGES = [line.title for line in PAGE_TABLE]  # every page, in the navigation's order
#: Pictures a browser test takes, copied here once by hand: a refresh keeps them.
KEPT = ("memory-tab", "cleanup-redis-vite")


def _name(title: str) -> str:
    return title.lower().replace(" ", "-")


def _session(pw, base: str, scheme: str, width: int, out: Path, pages: list[str]) -> list[Path]:
    """One fresh browser: the empty home, then the demo home's pages; returns the files written."""
    browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
    written = []
    try:
        context = open_context(browser, viewport={"width": width, "height": 900}, color_scheme=scheme)
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
            if title == "Edit":  # show the live preview that a typed entry gets
                box = page.get_by_label("New entry")
                box.fill("The staging database is reset every Sunday night; do not keep test data there.")
                box.press("Control+Enter")
                settle(page, "After saving:")
            written.append(_shot(page, out / f"{_name(title)}-{suffix}.png"))
    finally:
        browser.close()
    return written


AGENT_TEXT = (
    "Deploys go through `make deploy ENV=staging` first; production needs TWO approvals in #deploys "
    "(changed by the agent)."
)
MINE = "Deploys: staging first (`make deploy ENV=staging`), then production after an approved change ticket."


def _states(pw, base: str, scratch: Path, out: Path) -> list[Path]:
    """The states that follow an action, at 1400 px in the light theme, on a demo home of their own."""
    browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
    written = []
    try:
        page = open_context(browser, viewport={"width": 1400, "height": 900}, color_scheme="light").new_page()
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
        preview_replace(
            page,
            "port 5433",
            "Project 'orbit' is a FastAPI service; run it with `make dev` (port 8080). "
            "Tests: `pytest -q tests/`, they need a local Postgres 16 on port 5434.",
        )
        page.get_by_role("button", name="Replace entry").click()
        settle(page, "Replace this entry of MEMORY.md?")
        written.append(_shot(page, out / "edit-replace-confirm.png"))
        page.get_by_role("button", name="Cancel").click()
        closed(page)

        # History: one entry restored where it stood, asked in a dialog with its word-level diff.
        goto_page(page, "History")
        page.get_by_role("button", name=re.compile(r"^(Restore in place|Put it back where it stood)")).click()
        settle(page, "Restore this entry of MEMORY.md")
        written.append(_shot(page, out / "history-restore-entry.png"))
        page.get_by_role("button", name="Cancel").click()
        closed(page)
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


def _provenance(pw, base: str, out: Path) -> list[Path]:
    """Where entries came from (docs/provenance.md): the Overview's Origin column and a selected
    entry's panel (origin, reason, life, restore in place), at 1400 and 390 px, light theme."""
    written = []
    for width, height in ((1400, 900), (390, 844)):
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            page = open_context(browser, viewport={"width": width, "height": height}, color_scheme="light").new_page()
            page.goto(base, wait_until="domcontentloaded")
            settle(page, "No Hermes memory here yet")
            page.get_by_role("button", name="Open the demo home").first.click()
            settle(page, "1,985 / 2,200 chars")
            written.append(_shot(page, out / f"provenance-overview-{width}.png"))
            # Select the third row of MEMORY.md's table (the reworded deploy rule): its panel shows
            # the session, the reason, the earlier wording and "restore in place".
            grid = page.locator('[data-testid="stDataFrame"]').first
            if not grid.is_visible():  # the compact twin is the one shown on a phone
                grid = page.locator('[data-testid="stDataFrame"]').nth(1)
            grid.evaluate("e => e.scrollIntoView({block: 'center'})")  # a phone's table is taller than the window
            page.mouse.wheel(0, -300)
            box = stable_box(page, grid)
            page.mouse.click(box["x"] + 14, box["y"] + 36 + 72 * 2 + 36)
            settle(page, "Where this entry came from")
            page.get_by_text("Where this entry came from").first.scroll_into_view_if_needed()
            written.append(_shot(page, out / f"provenance-entry-panel-{width}.png"))
        finally:
            browser.close()
    return written


QUEUE_ENTRIES = [
    "Deploys: staging first (`make deploy ENV=staging`), then production after an approved change ticket.",
    "Tests need Postgres 16 on port 5433; run `make test-db` first.",
    "CI is GitHub Actions; the e2e job runs on PRs labelled e2e.",
    "The build server's docker compose is v2.",
]
QUEUE = [  # (id, origin, minutes ago, payload), as upstream main stages them
    (
        "5e1f0a21",
        "background_review",
        95,
        {
            "action": "patch",
            "target": "memory",
            "old_text": "Postgres 16",
            "new_text": "Postgres 17",
            "matched_entry": QUEUE_ENTRIES[1],
        },
    ),
    (
        "7c33b910",
        "foreground",
        80,
        {
            "action": "replace",
            "target": "memory",
            "old_text": "GitHub Actions",
            "new_text": "CI is GitHub Actions; e2e runs on every PR.",
            "matched_entry": QUEUE_ENTRIES[2],
        },
    ),
    ("a4d2c077", "foreground", 64, {"action": "add", "target": "memory", "content": "Lint with ruff before pushing."}),
    (
        "b81e4f3c",
        "background_review",
        41,
        {"action": "add", "target": "memory", "new_text": "Lint with ruff before pushing."},
    ),
    (
        "c9a0d5e6",
        "background_review",
        30,
        {
            "action": "remove",
            "target": "memory",
            "old_text": "build server",
            "matched_entry": "The build server runs docker-compose v1.",
        },
    ),
    ("d07e3b52", "background_review", 12, {"action": "add", "target": "memory", "content": QUEUE_ENTRIES[2]}),
    (
        "e5f6a7b8",
        "foreground",
        3,
        {
            "action": "batch",
            "target": "memory",
            "operations": [
                {
                    "action": "patch",
                    "old_text": "an approved change ticket",
                    "new_text": "two approvals in #deploys",
                    "matched_entry": QUEUE_ENTRIES[0],
                },
                {"action": "add", "new_text": "Release notes live in docs/releases/."},
            ],
        },
    ),
]


def queue_home(home: Path) -> Path:
    """A home whose Inbox holds QUEUE: every newer shape, and one of each mark."""
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text("\n§\n".join(QUEUE_ENTRIES), encoding="utf-8")
    (home / "config.yaml").write_text("memory:\n  write_approval: true\n", encoding="utf-8")
    for sid, origin, minutes, payload in QUEUE:
        summary = {
            "patch": "patch memory",
            "replace": "replace in memory",
            "add": "add to memory",
            "remove": "remove from memory",
            "batch": "apply 2 op(s) to memory",
        }[payload["action"]]
        stage(home, sid, payload, age=60 * minutes, origin=origin, summary=summary)
    return home


def _at_two_widths(pw, home: Path, scratch: Path, name: str, path: str, ready: str) -> Iterator[tuple[Any, int]]:
    """A server of its own on ``home``; its page ``path`` in a fresh light context at 1400 x 900,
    then at 390 x 844, each yielded with its width once ``ready`` shows."""
    with streamlit_app(home, scratch, scratch / f"streamlit-{name}.log") as base:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            for width, height in ((1400, 900), (390, 844)):
                context = open_context(browser, viewport={"width": width, "height": height}, color_scheme="light")
                try:
                    page = context.new_page()
                    page.goto(base + path, wait_until="domcontentloaded")
                    settle(page, ready)
                    yield page, width
                finally:
                    context.close()
        finally:
            browser.close()


def _inbox(pw, scratch: Path, out: Path) -> list[Path]:
    """The Inbox on QUEUE's home at 1400 x 900 and 390 x 844, and its dialog for the marked writes."""
    written = []
    for page, width in _at_two_widths(
        pw, queue_home(scratch / "queue-home"), scratch, "queue", "/curation_inbox", "3 marked"
    ):
        written.append(_shot(page, out / f"inbox-queue-{width}.png"))
        page.screenshot(path=str(out / f"inbox-queue-{width}-top.png"))  # the first screen only
        written.append(out / f"inbox-queue-{width}-top.png")
        page.get_by_role("button", name="Reject the 3 marked…").click()
        page.get_by_role("dialog").get_by_role("button", name="Yes, reject 3").wait_for(timeout=30_000)
        stable_box(page, page.get_by_role("dialog").first)  # drawn where it stays, not sliding in
        settle(page, None)
        page.screenshot(path=str(out / f"inbox-queue-{width}-dialog.png"))
        written.append(out / f"inbox-queue-{width}-dialog.png")
    return written


def _near_full(pw, scratch: Path, out: Path) -> list[Path]:
    """The Overview and History of a near-full home (MEMORY.md at 91 %, 16 entries, 8 backups:
    tests/support/long_homes.py) at 1400 x 900, and the Overview at 390 x 844."""
    from long_homes import near_full_home

    written = []
    home = near_full_home(scratch / "near-full-home")
    for page, width in _at_two_widths(pw, home, scratch, "near-full", "", "2,013 / 2,200 chars"):
        written.append(_shot(page, out / f"overview-near-full-{width}.png"))
        if width == 1400:
            goto_page(page, "History")
            written.append(_shot(page, out / "history-near-full-1400.png"))
    return written


def _triage(pw, scratch: Path, out: Path) -> list[Path]:
    """The Inbox on a queue of 40 staged writes (tests/support/long_homes.py) and Cleanup on a
    crowded near-full home (a near-duplicate, a port worded freely, dated facts), each at 1400 x 900
    and 390 x 844: the whole page, and the Cleanup's removal list opened."""
    from long_homes import crowded_home, queue_home

    written = []
    for name, home, path, ready in (
        ("inbox-40", queue_home(scratch / "queue-40-home"), "/curation_inbox", "40 staged writes"),
        ("cleanup-crowded", crowded_home(scratch / "crowded-home"), "/curation_cleanup", "characters still to free"),
    ):
        for page, width in _at_two_widths(pw, home, scratch, name, path, ready):
            written.append(_shot(page, out / f"{name}-{width}.png"))
            if name.startswith("cleanup"):
                page.get_by_text("with no evidence found against them", exact=False).first.click()
                settle(page, None)
                written.append(_shot(page, out / f"{name}-{width}-open.png"))
    return written


def _shot(page, path: Path) -> Path:
    """The whole page: Streamlit scrolls inside its main area, so the window is made as tall."""
    page.evaluate("document.activeElement && document.activeElement.blur()")  # no focus ring in docs
    size = page.viewport_size
    tall = page.evaluate(
        "Math.max(...[...document.querySelectorAll('[data-testid=stMain], "
        "[data-testid=stMainBlockContainer]')].map(e => e.scrollHeight))"
    )
    resized(page, {"width": size["width"], "height": max(size["height"], min(int(tall) + 40, 8000))})
    page.screenshot(path=str(path), full_page=True)
    resized(page, size)
    return path


def main() -> int:
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is not installed (apt-get install chromium); nothing was changed.", file=sys.stderr)
        return 1
    scratch = Path(tempfile.mkdtemp(prefix="hd-shots-"))
    fresh = scratch / "shots"
    fresh.mkdir()
    take = {"--inbox": _inbox, "--triage": _triage}.get(sys.argv[1] if sys.argv[1:] else "")
    if take is not None:  # only those, into the folder given (docs/ untouched unless it is given)
        target = Path(sys.argv[2]) if len(sys.argv) > 2 else fresh
        target.mkdir(parents=True, exist_ok=True)
        with sync_playwright() as pw:
            shots = take(pw, scratch, target)
        print("\n".join(str(p) for p in shots))
        return 0
    # An empty home, so the first shot is the newcomer's page; the demo copies land in scratch
    # (a short TMPDIR keeps the sidebar's path readable).
    only = sys.argv[1:] == ["provenance"]  # `scripts/screenshots provenance`: those shots only
    with streamlit_app(scratch / "empty-home", scratch, scratch / "streamlit.log") as base, sync_playwright() as pw:
        written = []
        if not only:
            for scheme in ("light", "dark"):
                written += _session(pw, base, scheme, 1400, fresh, PAGES)
                written += _session(pw, base, scheme, 390, fresh, ["Overview"])
            written += _states(pw, base, scratch, fresh)
            written += _inbox(pw, scratch, fresh)
            written += _near_full(pw, scratch, fresh)
            written += _triage(pw, scratch, fresh)
        written += _provenance(pw, base, fresh)
    # Replace the folder's pictures only once every shot was taken: a failed run changes nothing.
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("provenance-*.png" if only else "*.png"):
        if not old.name.startswith(KEPT):  # the agent dashboard's tab: bash scripts/tab-screenshots
            old.unlink()
    for path in written:
        path.replace(OUT / path.name)
    print(f"Wrote {len(written)} screenshots to {OUT.relative_to(REPO)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
