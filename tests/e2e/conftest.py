"""Fixtures for the browser tests: a real `streamlit run app.py`, and Chromium driving it."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from browser_support import CHROMIUM, CHROMIUM_ARGS, Browser, need_browser, settle, streamlit_app


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    need_browser()
    home = tmp_path / "empty-home"
    # The demo copy lands here (TMPDIR); a short path keeps the screenshots' sidebar readable.
    scratch = Path(tempfile.mkdtemp(prefix="hd-e2e-"))
    try:
        with streamlit_app(home, scratch, tmp_path / "streamlit.log") as base:
            yield base, scratch
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


@pytest.fixture
def color_scheme() -> str:
    """The browser's colour-scheme preference; the app's theme follows it. Parametrize to change."""
    return "light"


@pytest.fixture
def browser(server: tuple[str, Path], tmp_path: Path, color_scheme: str) -> Iterator[Browser]:
    """Chromium (fresh profile) on the app's empty-home page, recording every request."""
    from playwright.sync_api import sync_playwright

    base, scratch = server
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
            headless=True, viewport={"width": 1400, "height": 1800}, color_scheme=color_scheme)
        try:
            opened = Browser(context.new_page(), base, scratch)
            context.on("request", lambda request: opened.requests.append(request.url))
            opened.page.goto(base, wait_until="domcontentloaded")
            settle(opened.page, "No Hermes memory here yet")
            yield opened
        finally:
            context.close()
