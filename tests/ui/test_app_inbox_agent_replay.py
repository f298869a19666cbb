"""Inbox page on a home whose agent replays staged records pinned (0.22's rules; here the
installer's checkout declaring no version, which follows upstream main): the agent's own staged
patch is previewed and approved as one span, and a record the agent will not replay (no pin) says
why and writes nothing (AppTest; records staged by hermes-agent 0.22's own memory tool)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from agent_venvs import agent_venv
from app_support import alerts, no_exception, open_app, read, texts
from homes import make_home
from streamlit.testing.v1 import AppTest

DRIVER = Path(__file__).parent.parent / "support" / "agent_pending_driver.py"
CHECKOUT = {"hermes-agent/.git/HEAD": "e" * 40 + "\n"}


def _stage(home: Path, args: dict) -> str:
    done = subprocess.run(
        [str(agent_venv("0.22.2") / "bin" / "python"), str(DRIVER), "stage", str(home), json.dumps(args)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return str(json.loads(done.stdout.strip().splitlines()[-1])["pending_id"])


def _inbox() -> AppTest:
    at = open_app("curation_inbox")
    no_exception(at)
    return at


def test_the_agents_patch_is_approved_as_one_span_and_an_unpinned_record_is_refused(
    tmp_path: Path, monkeypatch
) -> None:
    home = make_home(tmp_path / "home", memory="concat cat\n§\nThe user drinks tea.", files=CHECKOUT)
    monkeypatch.setenv("HERMES_HOME", str(home))
    patch = _stage(home, {"action": "patch", "target": "memory", "old_text": " cat", "content": " dog"})
    old = _stage(home, {"action": "remove", "target": "memory", "old_text": "tea"})
    path = home / "pending" / "memory" / f"{old}.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    del record["payload"]["matched_entry"]  # as a record staged before entry pinning
    path.write_text(json.dumps(record), encoding="utf-8")
    at = _inbox()
    assert any("predates entry pinning" in t for t in texts(at)), texts(at)
    before = read(home, "MEMORY.md")
    at.button(key=f"in_approve_{patch}").click().run()
    no_exception(at)
    assert read(home, "MEMORY.md") != before
    assert read(home, "MEMORY.md").decode("utf-8").startswith("concat dog\n")  # not "condog dog"
    assert "Approved 1" in alerts(at)
    assert path.exists()  # the refused record stays staged
