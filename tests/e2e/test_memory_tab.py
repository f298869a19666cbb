"""The Memory tab inside the agent's real web dashboard, end to end.

The released agent's own `hermes dashboard` (its venv's python: HD_AGENT_PYTHON, default
/opt/hermes-agent/v0.19.0/bin/python; scripts/agent-venv makes it) serves the web files its
package ships, on loopback, over a temporary home where `hermes-dash plugin install` put the tab.
Headless Chromium opens the dashboard, finds the tab, reads the usage it shows, opens the full
hermes-dash from it (the tab's backend starts `hermes-dash serve`), and after `plugin remove` the
tab is gone. Every process started here (the dashboard and what its tab started) is stopped.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from browser_support import SHOTS
from tab_support import drive_tab, need_agent

pytestmark = pytest.mark.e2e


def test_the_memory_tab_in_hermes_dashboard(chromium) -> None:
    need_agent()
    work = Path(tempfile.mkdtemp(prefix="hd-tab-"))  # short: the tab shows the home's path
    try:
        shots = drive_tab(chromium, work, SHOTS)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    assert all(p.stat().st_size > 10_000 for p in shots)
