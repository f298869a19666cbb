"""The Cleanup page in a real browser on the tea shop's home (tests/curation/test_cleanup_page.py):
the contradiction with the newer port first, the Vite duplicate merged in the plan, the stale
port ranked first; ticking it moves "still to free"; the plan applied keeps every live fact.
Its screenshot, copied once, is docs/screenshots/cleanup-redis-vite.png."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from agent_db import build_state_db, require_agent
from browser_support import need_browser, settle, shot, streamlit_app
from script_runs import open_context

from benchmarks import cleanup_quality
from hermes_dash.engine.rules.format import serialise, usage

HOME = next(h for h in cleanup_quality.corpus("dev").HOMES if h.name == "tea-shop")
OLD, NEW = HOME.conflict[0][1:]


def test_cleanup_on_the_redis_and_vite_home_in_a_real_browser(tmp_path: Path, chromium: Any) -> None:
    """A server of its own on this home (the shared one serves demo copies), the run's Chromium."""
    need_browser()
    require_agent()
    home = cleanup_quality.build_home(tmp_path / "lena", HOME, serialise, usage, sessions=False)
    checkout = tmp_path / "lena" / "src" / "shopfront"
    (checkout / "frontend" / "src" / "locales").mkdir(parents=True, exist_ok=True)
    build_state_db(home, [{"id": "s1", "cwd": str(checkout)}])
    scratch = Path(tempfile.mkdtemp(prefix="hd-e2e-"))
    with streamlit_app(home, scratch, tmp_path / "streamlit.log") as base:
        context = open_context(chromium, viewport={"width": 1400, "height": 1800})
        page = context.new_page()
        page.goto(base + "/curation_cleanup", wait_until="domcontentloaded")
        settle(page, "Plan to get under the threshold")
        settle(page, "characters still to free")
        first = page.get_by_text(" · frees ", exact=False).first  # the first removal box, its entry's words in it
        assert " · superseded · " in first.inner_text()
        assert page.get_by_text("Step 1 · Merge · loses nothing", exact=False).count() == 1
        page.get_by_text("Contradictions to resolve (1)", exact=False).first.click()
        settle(page, "Keep (newer)")
        box = page.locator('[class*="st-key-cu_conflict_box_"]').first
        text = box.inner_text()
        assert text.index(NEW) < text.index(OLD)
        shot(page, "cleanup-redis-vite")
        first.click()
        settle(page, None)
        page.get_by_text(" · not found here · frees", exact=False).first.click()
        settle(page, "reach the goal")
        page.get_by_role("button", name="for MEMORY.md…").first.click()
        settle(page, "Review before writing")
        page.get_by_role("button", name="Yes, apply").click()
        settle(page, None)
        memory = (home / "memories" / "MEMORY.md").read_text(encoding="utf-8")
        assert OLD not in memory and NEW in memory and all(e in memory for e in HOME.memory + HOME.remote)
        context.close()
