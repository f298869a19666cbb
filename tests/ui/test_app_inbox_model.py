"""The Inbox's optional question to the agent's own model (real 0.19.0 agent, scripted endpoint):
does this staged write repeat or contradict an entry? Nothing sent until Send; an answer naming
text that is neither the write nor an entry is dropped and counted; the write stays staged."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_db import require_agent
from app_support import open_app, texts
from model_endpoint import MODEL_NAME, Endpoint, agent_env, model_home
from pending_support import stage

TUE = "Deploys go out on Tuesdays."
NEW = "Deploys go out on Thursdays now."


def test_the_inbox_asks_whether_a_staged_write_contradicts_an_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None
) -> None:
    require_agent()
    with Endpoint() as ep:
        home = model_home(tmp_path / "home", ep, memory=["The dev database listens on port 5432.", TUE])
        stage(home, "a1b2c3d4", {"action": "add", "target": "memory", "content": NEW})
        monkeypatch.setenv("HERMES_HOME", str(home))
        for key, value in agent_env().items():
            monkeypatch.setenv(key, value)
        ep.script(
            [
                {"kind": "contradiction", "entries": [NEW, TUE], "keep": NEW, "why": "Thursday is newer."},
                {"kind": "duplicate", "entries": [NEW, "Deploys happen daily."], "why": "?"},
            ]
        )
        at = open_app("curation_inbox", timeout=120)
        assert not at.exception, [e.value for e in at.exception]
        at.button(key="in_model_prepare_a1b2c3d4").click().run()
        shown = texts(at)
        assert any(
            t.startswith(f"Ask custom / {MODEL_NAME} (your agent's model) to review whether this staged write")
            for t in shown
        ), shown
        assert ep.requests == []
        at.button(key="in_model_send_a1b2c3d4").click().run()
        assert not at.exception, [e.value for e in at.exception]
        shown = texts(at)
        assert "The staged text contradicts this entry (it keeps the staged text)." in shown
        assert "1 finding named text not in the file or the write: dropped." in shown
        assert NEW.encode() in ep.requests[0].raw
        assert (home / "pending" / "memory" / "a1b2c3d4.json").exists()  # advice only: still staged
