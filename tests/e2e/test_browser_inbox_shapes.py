"""End to end for the newer agents' staged writes: real `streamlit run app.py`, Debian Chromium.

A home with a queue staged as upstream main stages it: a pinned `patch`, a repeat of an add, a
write whose pinned entry is gone. In the browser: the patch's word diff is shown (in colour, as
Edit shows one), the marked writes are rejected together from the one confirmation dialog, then
the patch is approved; the files on disk are checked after every click.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from pathlib import Path

import pytest
from browser_support import WAIT_MS, assert_only_local, goto_page, settle, shot, streamlit_app
from script_runs import open_context

pytestmark = pytest.mark.e2e

PACKED = "todo: item A; item B; item C"
PG = "Tests need Postgres 16 on port 5433."


def _stage(home: Path, sid: str, payload: dict, age: float) -> Path:
    path = home / "pending" / "memory" / f"{sid}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps(
            {
                "id": sid,
                "subsystem": "memory",
                "action": payload["action"],
                "summary": f"{payload['action']} proposal",
                "origin": "background_review",
                "created_at": time.time() - age,
                "payload": payload,
            }
        ),
        encoding="utf-8",
    )
    return path


def test_patch_and_marked_writes_in_a_real_browser(tmp_path: Path, chromium) -> None:
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    memory = home / "memories" / "MEMORY.md"
    memory.write_text(f"{PACKED}\n§\n{PG}", encoding="utf-8")
    patch = _stage(
        home,
        "0a0a0a0a",
        {
            "action": "patch",
            "target": "memory",
            "old_text": "item B",
            "new_text": "item B done",
            "matched_entry": PACKED,
        },
        300,
    )
    first = _stage(home, "0b0b0b0b", {"action": "add", "target": "memory", "new_text": "Lint with ruff."}, 200)
    repeat = _stage(home, "0c0c0c0c", {"action": "add", "target": "memory", "content": "Lint with ruff."}, 100)
    gone = _stage(
        home,
        "0d0d0d0d",
        {"action": "remove", "target": "memory", "old_text": "Jenkins", "matched_entry": "CI is Jenkins."},
        50,
    )
    scratch = Path(tempfile.mkdtemp(prefix="hd-e2e-"))
    requests: list[str] = []
    try:
        # A server of its own: the shared one serves an empty home, this one the queue's home.
        with streamlit_app(home, scratch, tmp_path / "streamlit.log") as base:
            context = open_context(chromium, viewport={"width": 1400, "height": 900})
            try:
                page = context.new_page()
                page.on("request", lambda request: requests.append(request.url))
                page.goto(base, wait_until="domcontentloaded")
                settle(page, "MEMORY.md")
                goto_page(page, "Inbox")
                settle(page, "2 marked")
                diff = page.locator('[class*="st-key-in_changes_0a0a0a0a"] .hd-word-diff').first
                assert diff.is_visible() and diff.locator("ins").inner_text() == " done"  # word by word, in colour
                shot(page, "inbox-shapes")

                page.get_by_role("button", name="Reject the 2 marked…").click()
                dialog = page.get_by_role("dialog")
                dialog.get_by_text("the same change as 0b0b0b0b").wait_for(timeout=WAIT_MS)
                assert repeat.exists() and gone.exists()  # asked first
                dialog.get_by_role("button", name="Yes, reject 2").click()
                settle(page, "Rejected 2")
                assert not repeat.exists() and not gone.exists() and first.exists() and patch.exists()
                assert memory.read_text(encoding="utf-8") == f"{PACKED}\n§\n{PG}"

                box = page.locator('[class*="st-key-in_box_0a0a0a0a"]')
                box.get_by_role("button", name="Approve", exact=True).click()
                settle(page, "Approved 1")
                assert not patch.exists()
                assert memory.read_text(encoding="utf-8") == f"todo: item A; item B done; item C\n§\n{PG}"
            finally:
                context.close()
        assert_only_local(requests, base)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
