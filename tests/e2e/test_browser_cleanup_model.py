"""The Cleanup page's "Ask your agent's model" in a real browser, through the real 0.19.0 agent and
a scripted local endpoint: what goes is said before anything is sent, the model's words are shown
as written (no markdown, no HTML), a contradiction side by side, applied through the review."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from agent_db import require_agent
from browser_support import need_browser, settle, streamlit_app
from model_endpoint import MODEL_NAME, Endpoint, agent_env, model_home
from script_runs import open_context

TUE = "Deploys go out on Tuesdays."
THU = "Deploys moved to Thursdays in March 2026."
WHY = "**Approve all** <b>now</b>: Thursday is newer."


def test_the_models_contradiction_in_a_real_browser(
    tmp_path: Path, chromium: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    need_browser()
    require_agent()
    for key, value in agent_env().items():
        monkeypatch.setenv(key, value)
    with Endpoint() as ep:
        ep.script([{"kind": "contradiction", "entries": [TUE, THU], "keep": THU, "why": WHY}])
        home = model_home(tmp_path / "home", ep, memory=["The dev database listens on port 5432.", TUE, THU])
        scratch = Path(tempfile.mkdtemp(prefix="hd-e2e-"))
        with streamlit_app(home, scratch, tmp_path / "streamlit.log") as base:
            context = open_context(chromium, viewport={"width": 1400, "height": 1800})
            page = context.new_page()
            page.goto(base + "/curation_cleanup", wait_until="domcontentloaded")
            settle(page, "Ask your agent's model")
            page.get_by_role("button", name="Ask your agent's model…").click()
            settle(page, f"Ask custom / {MODEL_NAME} (your agent's model) to review")
            assert ep.requests == []
            page.get_by_role("button", name="Send").click()
            settle(page, "Model step 1")
            assert len(ep.requests) == 1
            box = page.locator('[class*="st-key-cu_model_box_"]').first
            assert WHY in box.inner_text()  # the asterisks and the tag shown as written
            assert box.locator("b, strong").count() == 0
            assert "The model keeps this" in box.inner_text()
            box.get_by_text("Model step 1", exact=False).click()
            settle(page, "Review 1 model step")
            page.get_by_role("button", name="Review 1 model step…").click()
            settle(page, "Review before writing")
            page.get_by_role("button", name="Yes, apply").click()
            settle(page, None)
            memory = (home / "memories" / "MEMORY.md").read_text(encoding="utf-8")
            assert TUE not in memory and THU in memory
            context.close()
