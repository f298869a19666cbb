"""Fixtures for the browser tests: a real `streamlit run app.py`, and Chromium driving it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from browser_support import CHROMIUM, CHROMIUM_ARGS, REPO, Browser, free_port, need_browser, settle, wait_healthy


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    need_browser()
    home = tmp_path / "empty-home"
    # The demo copy lands here (TMPDIR); a short path keeps the screenshots' sidebar readable.
    scratch = Path(tempfile.mkdtemp(prefix="hd-e2e-"))
    port = free_port()
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
        wait_healthy(base, proc, log)
        yield base, scratch
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
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
