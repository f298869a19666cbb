"""A `streamlit run app.py` of any checkout and one Chromium page on it, for the benchmarks that
drive the dashboard as a person would (``jobs``, ``page_heights``): run against another checkout,
they measure "before" with the same code as "after"."""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS, free_port, streamlit_run
from tests.support.script_runs import open_context

SCREEN = {"width": 1400, "height": 900}


@contextlib.contextmanager
def served_page(repo: Path, home: Path, root: Path) -> Iterator[object]:
    """A page on ``repo``'s app for ``home`` (demo copies land in ``root``, its TMPDIR), at 1400x900,
    its context carrying the tests' run tracker (``script_runs.open_context``); the server and the
    browser are stopped after."""
    from playwright.sync_api import sync_playwright

    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(repo), HERMES_HOME=str(home), TMPDIR=str(root))
    log_path = root / "streamlit.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            streamlit_run("app.py", port),
            cwd=repo,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(base + "/_stcore/health", timeout=2) as reply:
                    if reply.read().strip() == b"ok":
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(log_path.read_text(errors="replace")[-2000:])
            time.sleep(0.3)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
            try:
                page = open_context(browser, viewport=SCREEN).new_page()  # with the run tracker: jobs.settle
                page.goto(base, wait_until="domcontentloaded")
                yield page
            finally:
                browser.close()
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
