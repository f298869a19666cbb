"""Fixtures for the browser tests: a real `streamlit run app.py`, and Chromium driving it."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import CHROMIUM, CHROMIUM_ARGS, Browser, demo_copies, need_browser, settle, streamlit_app
from script_runs import open_context


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """One `streamlit run app.py` for the whole run, on an empty home that no test fills: each test's
    browser is a new Streamlit session, and opens a demo copy of its own (Browser.demo_home)."""
    need_browser()
    root = tmp_path_factory.mktemp("e2e-server")
    # The demo copies land here (TMPDIR); a short path keeps the screenshots' sidebar readable.
    scratch = Path(tempfile.mkdtemp(prefix="hd-e2e-"))
    try:
        with streamlit_app(root / "empty-home", scratch, root / "streamlit.log") as base:
            yield base, scratch
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


@pytest.fixture(scope="session")
def chromium() -> Iterator[object]:
    """One Chromium for the whole run; each test gets a fresh context of it (its own cache, cookies
    and storage, as a new profile), which is what isolates tests, at a fraction of a launch."""
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def color_scheme() -> str:
    """The browser's colour-scheme preference; the app's theme follows it. Parametrize to change."""
    return "light"


@pytest.fixture
def browser(server: tuple[str, Path], chromium, color_scheme: str) -> Iterator[Browser]:
    """A fresh browser context on the app's empty-home page, recording every request."""
    base, scratch = server
    context = open_context(chromium, viewport={"width": 1400, "height": 1800}, color_scheme=color_scheme)
    try:
        opened = Browser(context.new_page(), base, scratch, known=demo_copies(scratch))
        context.on("request", lambda request: opened.requests.append(request.url))
        opened.page.goto(base, wait_until="domcontentloaded")
        settle(opened.page, "No Hermes memory here yet")
        yield opened
    finally:
        context.close()
