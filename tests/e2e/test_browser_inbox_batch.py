"""End to end for a staged batch operation by operation and a long queue: real `streamlit run
app.py`, Debian Chromium, 1400x900.

A batch of five operations, one stale and one over the limit: each operation's verdict is shown,
the over-budget one is dropped, the kept ones are approved as one write and the stale one stays
staged (the files on disk checked after the click). A queue of 40 staged writes, 18 of them
marked: the page is paged and folded (its height measured), and the "Reject 18 marked" dialog's
list scrolls inside it with its answer in view.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from pathlib import Path

import pytest
from browser_support import WAIT_MS, assert_only_local, drawn, goto_page, settle, stable_box, streamlit_app
from script_runs import open_context
from staged_batch import CI, FIVE, PG, SHIP

from benchmarks.page_heights import HEIGHT_JS

pytestmark = pytest.mark.e2e

#: The Inbox with 40 staged writes was 17,512 px tall before it was paged and folded (about 19 screens).
TWO_SCREENS = 1_800


def _stage(home: Path, sid: str, payload: dict, age: float) -> Path:
    path = home / "pending" / "memory" / f"{sid}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = {
        "id": sid,
        "subsystem": "memory",
        "action": payload["action"],
        "summary": f"{payload['action']} proposal {sid}",
        "origin": "background_review",
        "created_at": time.time() - age,
        "payload": payload,
    }
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _home(tmp_path: Path, limit: int) -> Path:
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text(f"{PG}\n§\n{CI}\n§\n{SHIP}", encoding="utf-8")
    (home / "config.yaml").write_text(
        f"memory:\n  write_approval: true\n  memory_char_limit: {limit}\n", encoding="utf-8"
    )
    return home


def _open(chromium, base: str, requests: list[str]):
    context = open_context(chromium, viewport={"width": 1400, "height": 900})
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    page.on("request", lambda request: requests.append(request.url))
    page.goto(base, wait_until="domcontentloaded")
    settle(page, "MEMORY.md")
    goto_page(page, "Inbox")
    return context, page


def test_a_batch_of_five_one_stale_one_over_the_limit_in_a_real_browser(tmp_path: Path, chromium) -> None:
    home = _home(tmp_path, 120)
    memory = home / "memories" / "MEMORY.md"
    staged = _stage(home, "9a9a9a9a", {"action": "batch", "target": "memory", "operations": FIVE}, 60)
    scratch = Path(tempfile.mkdtemp(prefix="hd-e2e-"))
    requests: list[str] = []
    try:
        with streamlit_app(home, scratch, tmp_path / "streamlit.log") as base:
            context, page = _open(chromium, base, requests)
            try:
                settle(page, "Operation by operation")
                ops = {n: page.locator(f'[class*="st-key-in_op_9a9a9a9a_{n}"]') for n in range(1, 6)}
                ops[2].get_by_text("stale: its text is in no entry").wait_for()
                ops[4].get_by_text("over the limit once the earlier ones are applied").wait_for()
                assert ops[1].get_by_text("applies", exact=True).is_visible()
                approve = page.get_by_role("button", name="Approve the kept operations (4 of 5)")
                assert approve.is_disabled()  # together they pass the limit
                ops[4].get_by_text("Drop", exact=True).click()
                settle(page, "drops 4; 2 stay staged")
                page.get_by_role("button", name="Approve the kept operations (3 of 5)").click()
                settle(page, "Approved 1")
                assert memory.read_text(encoding="utf-8") == (
                    "Tests need Postgres 17.\n§\nCI runs on GitHub.\n§\nDeploy with make deploy.\n§\nLint with ruff."
                )
                left = json.loads(staged.read_text(encoding="utf-8"))
                assert left["payload"]["operations"] == [FIVE[1]]  # the stale one, still the agent's to decide
            finally:
                context.close()
        assert_only_local(requests, base)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def test_forty_writes_fit_and_the_marked_dialog_keeps_its_answer_in_view(tmp_path: Path, chromium) -> None:
    home = _home(tmp_path, 2200)
    for n in range(40):
        payload = (
            {"action": "remove", "target": "memory", "old_text": f"Gone fact {n}"}
            if n % 20 < 9  # 18 can no longer apply
            else {"action": "add", "target": "memory", "content": f"Fact number {n} about the build."}
        )
        _stage(home, f"{n:08x}", payload, 4000 - n)
    scratch = Path(tempfile.mkdtemp(prefix="hd-e2e-"))
    requests: list[str] = []
    try:
        with streamlit_app(home, scratch, tmp_path / "streamlit.log") as base:
            context, page = _open(chromium, base, requests)
            try:
                settle(page, "18 marked")
                drawn(page)
                height = page.evaluate(HEIGHT_JS)
                print(f"\nInbox with 40 staged writes: {height:,} px at 1400x900")
                assert height <= TWO_SCREENS, f"the Inbox with 40 writes is {height:,} px tall"
                page.get_by_role("button", name="Reject the 18 marked…").click()
                dialog = page.get_by_role("dialog")
                yes = dialog.get_by_role("button", name="Yes, reject 18")
                yes.wait_for()
                box = stable_box(page, yes)  # where the dialog stays, not where it slides in from
                assert box["y"] + box["height"] <= 900, box
                yes.click()
                settle(page, "Rejected 18")
                assert len(list((home / "pending" / "memory").glob("*.json"))) == 22
            finally:
                context.close()
        assert_only_local(requests, base)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
