"""End to end: a real `streamlit run app.py` driven by Debian's Chromium through Playwright.

A newcomer opens the dashboard on an empty home, opens the demo home, adds an entry and sees
the gauge move, restores a backup, and visits every page. Every network request the browser
makes is recorded: none may go to the image addresses inside entry text (127.0.0.1:9), which
proves entry text is never rendered as markdown/HTML. Screenshots of each page are written to
docs/screenshots/ for the README.

Needs /usr/bin/chromium (no browser download). Locally the test skips, saying why, when it is
absent; with CI=true a missing Chromium fails the run instead.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

REPO = Path(__file__).resolve().parents[2]
SHOTS = REPO / "docs" / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
FORBIDDEN = re.compile(r"127\.0\.0\.1:9/|/x\.png|/y\.png")


def _need_browser() -> None:
    problem = None
    if not CHROMIUM.exists():
        problem = f"{CHROMIUM} is not installed (apt-get install chromium)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "the playwright Python package is not installed"
    if problem:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {problem}: the browser test must run in CI.")
        pytest.skip(f"End-to-end browser test skipped: {problem}.")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_healthy(base: str, proc: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"streamlit exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(base + "/_stcore/health", timeout=2) as reply:
                if reply.status == 200 and reply.read().strip() == b"ok":
                    return
        except OSError:
            pass
        time.sleep(0.3)
    raise AssertionError(f"streamlit not healthy after {timeout:.0f} s:\n{log.read_text()[-3000:]}")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    _need_browser()
    home = tmp_path / "empty-home"
    # The demo copy lands here (TMPDIR); a short path keeps the screenshots' sidebar readable.
    scratch = Path(tempfile.mkdtemp(prefix="hd-e2e-"))
    port = _free_port()
    log = tmp_path / "streamlit.log"
    env = {**os.environ, "HERMES_HOME": str(home), "TMPDIR": str(scratch), "PYTHONPATH": str(REPO)}
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
             "--server.headless", "true", "--server.address", "127.0.0.1",
             "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
            cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(base, proc, log)
        yield base, scratch
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(scratch, ignore_errors=True)


def _settle(page, text: str | None = None, timeout: float = 30_000) -> None:
    """Wait until the app shows ``text`` and no script run is in progress."""
    if text is not None:
        page.get_by_text(text, exact=False).first.wait_for(state="visible", timeout=timeout)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
        " || !document.querySelector('[data-testid=\"stStatusWidget\"]').innerText.includes('Running')",
        timeout=timeout)
    # Tables draw on a canvas after the script finished: wait until each one has its cells.
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=\"stDataFrame\"]')]"
        ".filter(t => t.offsetParent !== null)"
        ".every(t => t.querySelector('[role=\"gridcell\"], [role=\"columnheader\"]'))",
        timeout=timeout)
    page.wait_for_timeout(600)  # let the last delta paint


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _goto_page(page, title: str, heading: bool = True) -> None:
    page.locator('[data-testid="stSidebarNav"]').get_by_text(title, exact=True).click()
    _settle(page, None)
    if heading:
        page.get_by_role("heading", name=title).first.wait_for(timeout=30_000)
        _settle(page, None)


def _edit_cell(page, row: int, text: str, attempts: int = 3) -> None:
    """Type ``text`` over the Entry cell of ``row`` in the batch editor (a canvas grid).

    The grid draws on a canvas, so the cell is reached by position; a keystroke that lands
    while the grid is still laying out is lost, hence the bounded retry.
    """
    for _ in range(attempts):
        grid = page.locator('[data-testid="stDataFrame"]').first
        grid.scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        box = grid.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + 200, box["y"] + 38 + 72 * row + 36)  # rows are 72 px tall
        page.wait_for_timeout(400)
        page.keyboard.press("Enter")  # open the cell's editor on its current text
        page.wait_for_timeout(400)
        page.keyboard.press("Control+A")
        page.keyboard.type(text, delay=5)
        page.keyboard.press("Enter")  # commit the cell
        page.mouse.click(box["x"] - 60, box["y"] - 60)  # leave the grid so the edit is sent
        try:
            page.get_by_text("1 change(s) to apply as one batch").first.wait_for(timeout=8_000)
            return
        except Exception:  # noqa: BLE001 - playwright's TimeoutError; try again from a clean cell
            page.keyboard.press("Escape")
    raise AssertionError("the batch editor did not take the cell edit")


def test_newcomer_uses_the_demo_home_in_a_real_browser(server: tuple[str, Path], tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    base, scratch = server
    requests: list[str] = []
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
            headless=True, viewport={"width": 1400, "height": 1800})
        try:
            context.on("request", lambda request: requests.append(request.url))
            page = context.new_page()
            page.goto(base, wait_until="domcontentloaded")
            _settle(page, "No Hermes memory here yet")
            _shot(page, "empty-state")

            # Open the demo home from the newcomer's empty state.
            page.get_by_role("button", name="Open the demo home").first.click()
            _settle(page, "1,985 / 2,200 chars")
            demo = next(scratch.glob("hermes-demo-*/copy-*/home"))
            assert page.get_by_text("Getting full").first.is_visible()
            assert page.get_by_text("Over budget").first.is_visible()
            _shot(page, "overview")

            # Add an entry and watch the projection, then the gauge.
            _goto_page(page, "Edit")
            new_entry = "Browser test: the staging DB resets on Sundays."
            area = page.get_by_label("New entry")
            area.fill(new_entry)
            area.press("Control+Enter")
            _settle(page, "After saving:")
            _shot(page, "edit")
            page.get_by_role("button", name="Add entry").click()
            _settle(page, "Entry added.")
            assert new_entry in (demo / "memories" / "MEMORY.md").read_text(encoding="utf-8")

            # Batch editor: type over the second entry's cell, then apply the one-change batch.
            page.get_by_role("tab", name="Batch editor").click()
            _settle(page, "No changes yet.")
            edited = "CI is GitHub Actions; the e2e job runs on PRs labelled e2e."
            _edit_cell(page, row=1, text=edited)
            _settle(page, "1 change(s) to apply as one batch")
            _shot(page, "edit-batch")
            page.get_by_role("button", name="Apply 1 change(s) as one batch").click()
            _settle(page, "Applied 1 operation(s).")
            text = (demo / "memories" / "MEMORY.md").read_text(encoding="utf-8")
            assert edited in text and "The repo's CI is GitHub Actions" not in text
            _goto_page(page, "Overview")
            moved = f"{1985 + 3 + len(new_entry) + len(edited) - 82:,} / 2,200 chars"
            _settle(page, moved)

            _goto_page(page, "Snapshot")
            _settle(page, "What the next session will load")
            _shot(page, "snapshot")

            # Restore the hand-made USER.md backup over the hand-written markdown file.
            _goto_page(page, "Backups")
            page.get_by_role("combobox", name="Backup", exact=True).click()
            page.get_by_role("option", name="USER.md.bak.20261120").click()
            _settle(page, "compared with the live USER.md")
            page.get_by_role("button", name="Restore this backup…").click()
            _settle(page, "Replace the live USER.md")
            page.get_by_role("button", name="Yes, restore").click()
            _settle(page, "Restored USER.md from USER.md.bak.20261120.")
            memories = demo / "memories"
            assert (memories / "USER.md").read_bytes() == (memories / "USER.md.bak.20261120").read_bytes()
            _shot(page, "backups")

            _goto_page(page, "Overview")
            _settle(page, "382 / 1,375 chars")  # the restored USER.md: calm again

            for extra in sorted((REPO / "app_pages").glob("curation_*.py")):
                title = extra.stem.removeprefix("curation_").replace("_", " ").strip().capitalize()
                _goto_page(page, title, heading=False)
                page.wait_for_timeout(1500)
                _settle(page, None)
                assert page.locator('[data-testid="stException"]').count() == 0, f"{extra.name} raised"
                _shot(page, extra.stem.replace("_", "-"))
        finally:
            context.close()

    leaked = [url for url in requests if FORBIDDEN.search(url)]
    assert not leaked, f"entry text was rendered and fetched: {leaked}"
    assert all(url.startswith((base, "data:", "blob:")) for url in requests), \
        sorted({u for u in requests if not u.startswith(base)})
