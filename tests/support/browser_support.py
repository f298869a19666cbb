"""What both browser tests share: Chromium's flags, waiting for Streamlit, page helpers.

The fixtures that start the app and the browser are in conftest.py beside this file.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from chromium import CHROMIUM, CHROMIUM_ARGS, PortTaken, check_ours, free_port, stop, streamlit_run  # noqa: F401
from repo import ROOT as REPO
from script_runs import ANSWERED, AT_REST, FLUSHED, LOADED, WAIT_MS, open_context  # noqa: F401

# Screenshots a test takes (to look at after a failure) go to a git-ignored folder of the clone: a
# test run writes inside the clone only and never changes a tracked file. The pictures in
# docs/screenshots/ come from `bash scripts/screenshots`.
SHOTS = REPO / ".test-screenshots"
FORBIDDEN = re.compile(r"127\.0\.0\.1:9/|/x\.png|/y\.png")


def need_browser() -> None:
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


@contextlib.contextmanager
def streamlit_app(home: Path, scratch: Path, log: Path) -> Iterator[str]:
    """A real `streamlit run app.py` on a free loopback port for ``home`` (demo copies land in
    ``scratch``, its TMPDIR); yields the base URL once healthy and stops the server after.

    Test runs in parallel (pytest-xdist) start servers at the same time: a port another one took
    between free_port() and the bind makes Streamlit exit, and a new port is tried."""
    env = {**os.environ, "HERMES_HOME": str(home), "TMPDIR": str(scratch), "PYTHONPATH": str(REPO)}
    for attempt in range(3):
        port = free_port()
        with open(log, "wb") as out:
            proc = subprocess.Popen(
                streamlit_run("app.py", port),
                cwd=REPO,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        base = f"http://127.0.0.1:{port}"
        try:
            try:
                wait_healthy(base, proc, log)
            except PortTaken:
                if attempt == 2:
                    raise
                continue
            yield base
            return
        finally:
            stop(proc)


@contextlib.contextmanager
def own_inbox(chromium, home: Path, tmp_path: Path) -> Iterator[Any]:  # a Playwright page
    """The Inbox of a server of its own on ``home`` (a queue the shared server's empty home has
    not), in a fresh context; on leaving, every request it made was to the local server."""
    scratch = Path(tempfile.mkdtemp(prefix="hd-e2e-"))
    requests: list[str] = []
    try:
        with streamlit_app(home, scratch, tmp_path / "streamlit.log") as base:
            context = open_context(chromium, viewport={"width": 1400, "height": 900})
            try:
                page = context.new_page()
                page.on("request", lambda request: requests.append(request.url))
                page.goto(base, wait_until="domcontentloaded")
                settle(page, "MEMORY.md")
                goto_page(page, "Inbox")
                yield page
            finally:
                context.close()
        assert_only_local(requests, base)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def wait_healthy(base: str, proc: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    """Until ``base`` answers its health check and the answer is this process's (check_ours)."""
    port = int(base.rsplit(":", 1)[1])
    started = time.monotonic()
    healthy_at = None
    while time.monotonic() < started + timeout:
        if proc.poll() is not None:
            check_ours(log, port, False, 0)  # a port taken first is PortTaken: the caller tries another
            raise AssertionError(f"streamlit exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        if healthy_at is None:
            try:
                with urllib.request.urlopen(base + "/_stcore/health", timeout=2) as reply:
                    if reply.status == 200 and reply.read().strip() == b"ok":
                        healthy_at = time.monotonic()
            except OSError:
                pass
        if healthy_at is not None and check_ours(log, port, True, time.monotonic() - healthy_at):
            return
        time.sleep(0.3)
    raise AssertionError(f"streamlit not healthy after {timeout:.0f} s:\n{log.read_text()[-3000:]}")


# What AT_REST reads, each part on its own: which one never held when the page never came to rest.
REST_PARTS = """() => ({runs: window.__hdRuns || null,
  state: document.querySelector('[data-testid="stApp"]')?.dataset.testScriptState ?? null,
  stale: [...document.querySelectorAll('[data-stale="true"]')].map(e => (e.getAttribute('data-testid') || e.tagName)
    + ': ' + (e.innerText || '').trim().slice(0, 60)).slice(0, 8)})"""


def settle(page, text: str | None = None, timeout: float = WAIT_MS, *, still: bool = True) -> None:
    """Wait until the app shows ``text``, the last run the page asked for has come back, no run
    is in progress, and every element shown has loaded its code and drawn (tables: their cells).
    ``still`` False: without the last 200 ms of no change (:func:`quiet`), for a caller that
    waits for more and ends with its own quiet."""
    if text is not None:
        page.get_by_text(text, exact=False).first.wait_for(state="visible", timeout=timeout)
    page.evaluate(FLUSHED)  # a change the page has not sent yet goes out first (script_runs.FLUSHED)
    try:
        wait_js(page, AT_REST, None, "the page never came to rest after its last run", timeout)
    except AssertionError as never:
        raise AssertionError(f"{never}; at the end: {page.evaluate(REST_PARTS)}") from None
    wait_js(page, LOADED, None, "an element's code never loaded (its grey stand-in stayed)", timeout)
    # Tables draw on a canvas after the script finished: wait until each one has its cells.
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=\"stDataFrame\"]')]"
        ".filter(t => t.offsetParent !== null)"
        '.every(t => t.querySelector(\'[role="gridcell"], [role="columnheader"]\'))',
        timeout=timeout,
    )
    if still:
        quiet(page)


# Resolves once the page has made no DOM change for ``ms`` (at most ``cap`` ms in all): the last
# delta of a script run has been drawn. A condition, not a fixed pause: it returns as soon as the
# page is still, and waits longer on a loaded machine.
_QUIET = """([ms, cap]) => new Promise(resolve => {
  let timer;
  const done = () => { observer.disconnect(); clearTimeout(stop); resolve(true); };
  const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, ms); });
  observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  timer = setTimeout(done, ms);
  const stop = setTimeout(done, cap);
})"""


def quiet(page, ms: int = 200, cap: int = 5_000) -> None:
    """Wait until nothing on the page has changed for ``ms``."""
    page.evaluate(_QUIET, [ms, cap])


# Every table shown has drawn its grid on its canvas, at a width of its own, with its header row
# in the grid's table for screen readers (until then it has no cells to see or click, Tab passes
# it, and a table shown a moment ago in a hidden box of zero width is still being laid out).
_GRIDS_DRAWN = """() => [...document.querySelectorAll('[data-testid="stDataFrame"]')]
  .filter(t => t.offsetParent !== null).every(t => t.querySelector('canvas[data-testid="data-grid-canvas"]')
    && t.getBoundingClientRect().width > 0 && t.querySelector('[role="columnheader"]'))"""


def drawn(page, timeout: float = WAIT_MS, *, still: bool = True) -> None:
    """Wait until the page is at rest and every table shown has drawn its grid (``still``: as settle's)."""
    settle(page, None, timeout, still=False)  # one quiet, at the end: a second in between adds only its 200 ms
    wait_js(page, _GRIDS_DRAWN, None, "a table shown never drew its grid", timeout)
    if still:
        quiet(page)


def keys_ready(page, timeout: float = WAIT_MS) -> None:
    """Wait until Tab meets every control of the page: the keyboard script is installed and every
    grid drawn (a canvas is a table's one Tab stop), the page at rest."""
    drawn(page, timeout, still=False)
    wait_js(page, "() => window.__hdKeys === true", None, "the keyboard script was never installed", timeout)
    quiet(page)


def wait_js(page, js: str, arg: object, what: str, timeout: float = WAIT_MS) -> None:
    """``page.wait_for_function`` that fails saying ``what`` never came, not only how long it took."""
    try:
        page.wait_for_function(js, arg=arg, timeout=timeout)
    except Exception as timed_out:  # noqa: BLE001 - playwright's TimeoutError
        raise AssertionError(f"{what} (waited {timeout / 1000:.0f} s): {timed_out}") from None


def until(check, what: str, timeout_ms: float = WAIT_MS):
    """Poll ``check()`` (a Python condition: a file's bytes, a value read from the page) until it
    returns something true, and return it; fail saying ``what`` when it never does."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} (waited {timeout_ms / 1000:.0f} s)")
        time.sleep(0.05)


def resized(page, size: dict) -> None:
    """Set the window's size and wait until the page has laid itself out for it."""
    page.set_viewport_size(size)
    wait_js(
        page,
        "([w, h]) => innerWidth === w && innerHeight === h",
        [size["width"], size["height"]],
        f"the window never became {size['width']}x{size['height']}",
    )
    drawn(page)


def closed(page) -> None:
    """Wait until no dialog is shown and the run its closing started is over."""
    wait_js(
        page,
        "() => ![...document.querySelectorAll('[role=\"dialog\"]')].some(d => d.getClientRects().length)",
        None,
        "the dialog never closed",
    )
    settle(page, None)


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def click_until(target, arrived: Callable[[int], object], failure: str) -> None:
    """Click ``target`` until ``arrived(timeout_ms)`` returns, within WAIT_MS in all. A click that
    lands while the page is still rerunning can be dropped by the browser side (seen on a loaded
    machine, load 20-27: a link clicked and the page never changed, a dialog's Cancel clicked and
    the dialog left open), so each 15 s without the result clicks again; then ``failure``."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        target.click()
        try:
            arrived(15_000)
            return
        except Exception:  # noqa: BLE001 - playwright's TimeoutError
            if time.monotonic() > deadline:
                raise AssertionError(failure) from None


def goto_page(page, title: str, heading: bool = True) -> None:
    """Follow the sidebar link ``title`` and wait until its page has been run and drawn: the
    address is the link's (the server has started the page) and no element of the page before is
    left (settle), and with ``heading``, the page's heading named ``title`` is shown."""
    # The Inbox's link carries how many writes wait: "Inbox (4 waiting)".
    label = re.compile(rf"^{re.escape(title)}( \(\d+ waiting\))?$")
    link = page.locator('[data-testid="stSidebarNav"]').get_by_text(label)
    href = link.locator("xpath=ancestor-or-self::a[1]").get_attribute("href", timeout=30_000)
    path = urllib.parse.urlsplit(href or "/").path
    at = "([p]) => location.pathname === p"
    click_until(
        link,
        lambda ms: page.wait_for_function(at, arg=[path], timeout=ms),
        f"the {title} link was clicked, the address never became {path}",
    )
    settle(page, None, still=not heading)  # no element of the page before is left: its headings are gone
    if heading:
        page.get_by_role("heading", name=title).first.wait_for()
        settle(page, None)


def cancel_question(page, question: str) -> None:
    """Click Cancel under ``question`` (a confirmation on the page or in a dialog) and wait until
    the question is gone, clicked again while it stays (:func:`click_until`; a dropped click left a
    dialog open and the page behind it inert). Cancel changes nothing, so a second click is safe."""
    asked = page.get_by_text(question).first
    click_until(
        page.get_by_role("button", name="Cancel"),
        lambda ms: asked.wait_for(state="detached", timeout=ms),
        f"Cancel was clicked, {question!r} was still asked",
    )
    settle(page, None)


def ask_to_restore(page, filename: str, backup: str) -> None:
    """On History: the version ``backup`` of ``filename`` compared with the live file, then
    "Restore this version…" clicked, up to the confirmation it asks for."""
    goto_page(page, "History")
    page.get_by_role("radiogroup", name="File").get_by_text(filename).click()
    settle(page, f"versions of {filename}")
    page.get_by_role("combobox", name=f"Compare the live {filename} with", exact=True).click()
    page.get_by_role("option", name=re.compile(re.escape(backup))).click()
    settle(page, "Restoring this version would bring back")
    page.get_by_role("button", name="Restore this version…").click()
    settle(page, f"Replace the live {filename}")


def preview_replace(page, find: str, new: str) -> None:
    """On Edit, the Replace tab filled in (the entry ``find`` hits, to become ``new``) and its
    preview shown; nothing saved yet."""
    goto_page(page, "Edit")
    page.get_by_role("tab", name="Replace").click()
    page.get_by_label("Text that identifies the entry").first.fill(find)
    page.keyboard.press("Tab")
    settle(page, "Matches exactly one entry")
    page.get_by_label("New text for the whole entry").fill(new)
    page.keyboard.press("Tab")
    settle(page, "After saving")


def assert_only_local(requests: list[str], base: str) -> None:
    """No request reached an address inside entry text, and none left the local server."""
    leaked = [url for url in requests if FORBIDDEN.search(url)]
    assert not leaked, f"entry text was rendered and fetched: {leaked}"
    assert all(url.startswith((base, "data:", "blob:")) for url in requests), sorted(
        {u for u in requests if not u.startswith(base)}
    )


def demo_copies(scratch: Path) -> set[Path]:
    return set(scratch.glob("hermes-demo-*/copy-*/home"))


@dataclass
class Browser:
    """A page on the running app, and every URL the browser requested."""

    page: object
    base: str
    scratch: Path
    requests: list[str] = field(default_factory=list)
    known: set[Path] = field(default_factory=set)  # demo copies made before this test's browser opened

    def demo_home(self, timeout_s: float = 30) -> Path:
        """The demo copy this test's session opened (the server is shared, so earlier tests' copies
        sit beside it)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            new = demo_copies(self.scratch) - self.known
            if len(new) == 1:
                return new.pop()
            assert len(new) < 2, f"more than one new demo copy: {sorted(new)}"
            time.sleep(0.1)
        raise AssertionError("no demo copy appeared: was 'Open the demo home' clicked?")


# True once the element's box has been the same for ``ms`` (the state is kept on the element, as
# wait_for_function calls this again on every animation frame).
_STILL = """([e, ms]) => {
  const r = e.getBoundingClientRect(), key = [r.x, r.y, r.width, r.height].join(), now = performance.now();
  if (e.__hdBox !== key) { e.__hdBox = key; e.__hdSince = now; return false; }
  return now - e.__hdSince >= ms;
}"""


def stable_box(page, locator, still_ms: int = 800, timeout_ms: int = WAIT_MS) -> dict:
    """The element's box once it has not moved for ``still_ms``.

    A canvas grid is reached by position, so a click must wait until nothing above it is still
    appearing or going (a message box leaving after a rerun moved the grid by two rows and the
    edit landed on the wrong entry).
    """
    handle = locator.element_handle()
    wait_js(page, _STILL, [handle, still_ms], f"the element kept moving for {timeout_ms / 1000:.0f} s", timeout_ms)
    box = locator.bounding_box()
    assert box is not None, "the element is not shown"
    return box


# The batch editor's cell editor (a text box the grid opens over the cell), once it has the focus.
_CELL_EDITOR = "() => document.activeElement && document.activeElement.matches('textarea.gdg-input')"
# The grid has the focus: its canvas, or (seen on a loaded machine) the selected cell's stand-in in it.
_GRID_FOCUSED = "() => !!document.activeElement?.closest('[data-testid=\"stDataFrame\"]')"


def edit_cell(page, row: int, text: str, attempts: int = 3) -> None:
    """Type ``text`` over the Entry cell of ``row`` in the batch editor (a canvas grid).

    The grid draws on a canvas, so the cell is reached by position; each key waits for what it
    acts on (the grid focused, the cell's editor open with the cell's text, the editor holding
    exactly ``text``): on a loaded machine keys sent sooner went to the grid instead of the editor,
    and the batch replaced the entry with other text than the one meant.
    """
    for _ in range(attempts):
        grid = page.locator('[data-testid="stDataFrame"]').first
        grid.scroll_into_view_if_needed()
        drawn(page)
        box = stable_box(page, grid)
        page.mouse.click(box["x"] + 200, box["y"] + 38 + 72 * row + 36)  # rows are 72 px tall
        wait_js(page, _GRID_FOCUSED, None, "the click on the cell did not focus the grid", 15_000)
        page.keyboard.press("Enter")  # open the cell's editor on its current text
        wait_js(page, _CELL_EDITOR, None, "Enter on the cell did not open its editor", 15_000)
        page.locator("textarea.gdg-input").first.fill(text)
        wait_js(page, "([t]) => document.activeElement.value === t", [text], "the cell's editor lost the text", 15_000)
        page.keyboard.press("Enter")  # commit the cell
        wait_js(page, f"() => !({_CELL_EDITOR[6:]})", None, "Enter did not close the cell's editor", 15_000)
        page.mouse.click(box["x"] - 60, box["y"] - 60)  # leave the grid so the edit is sent
        try:
            settle(page, "1 change to apply as one batch", timeout=30_000)
            return
        except Exception:  # noqa: BLE001 - playwright's TimeoutError; try again from a clean cell
            page.keyboard.press("Escape")
    raise AssertionError("the batch editor did not take the cell edit")
