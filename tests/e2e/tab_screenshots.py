"""Refresh docs/screenshots/memory-tab.png and memory-tab-open.png: the Memory tab inside the
agent's real `hermes dashboard` (closed, then with hermes-dash open in it), from the same visit
as tests/e2e/test_memory_tab.py. Run it with ``bash scripts/tab-screenshots``; it needs the
agent's venv (its python: HD_AGENT_PYTHON, default /opt/hermes-agent/v0.19.0/bin/python) and Debian's Chromium.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from browser_support import CHROMIUM, CHROMIUM_ARGS, REPO
from tab_support import HERMES, drive_tab

OUT = REPO / "docs" / "screenshots"


def main() -> int:
    for need, what in (
        (CHROMIUM, "Debian's chromium (apt-get install chromium)"),
        (HERMES, "the agent's venv (the agent-venv script makes it; or set HD_AGENT_PYTHON)"),
    ):
        if not need.exists():
            print(f"{need} is not there: install {what}; nothing was changed.", file=sys.stderr)
            return 1
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="hd-tab-"))
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
            try:
                shots = drive_tab(browser, work, work / "shots")
            finally:
                browser.close()
        OUT.mkdir(parents=True, exist_ok=True)
        for path in shots:  # only once every shot was taken
            shutil.copyfile(path, OUT / path.name)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"Wrote {', '.join(p.name for p in shots)} to {OUT.relative_to(REPO)}/")
    return 0


if __name__ == "__main__":
    sys.path[:0] = [str(REPO), str(REPO / "tests" / "support")]
    sys.exit(main())
