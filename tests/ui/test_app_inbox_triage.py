"""Inbox triage on a long queue (AppTest, real staged files, no engine mocks): a queue that gets
shorter while a later page is shown; selections that hold across pages and orders until acted
on; the marked writes' rejection naming the batches that still hold good operations, with the
way to them; a batch that would be refused offers no Approve and says why once; no control that
can do nothing ("Reject the 0 marked…")."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import alerts, no_exception, open_app, texts
from pending_support import batch, stage
from staged_batch import CI, FIVE, PG, SHIP
from streamlit.testing.v1 import AppTest

from hermes_dash.engine.rules.format import parse

pytestmark = pytest.mark.home(
    memory=[PG, CI, SHIP], config="memory:\n  write_approval: true\n  memory_char_limit: 2200\n"
)


def forty(home: Path) -> None:
    for n in range(40):
        stage(home, f"{n:08x}", {"target": "memory", "action": "add", "content": f"Fact number {n}."}, age=1000 - n)


def inbox() -> AppTest:
    at = open_app("curation_inbox")
    no_exception(at)
    return at


def folds(at: AppTest) -> list[str]:
    return [e.label.split("`")[1] for e in at.expander if e.label.startswith("`0000")]


def memory(home: Path) -> list[str]:
    return parse((home / "memories" / "MEMORY.md").read_text(encoding="utf-8"))


def said(at: AppTest) -> str:
    return "\n".join([*texts(at), *(m.value for m in at.markdown), *(c.value for c in at.caption), alerts(at)])


def page_picker(at: AppTest):
    return next(s for s in at.selectbox if (s.key or "").startswith("in_page"))


def test_a_queue_that_gets_shorter_on_its_last_page_stays_there(home: Path) -> None:
    forty(home)
    at = inbox()
    page_picker(at).set_value(3).run()
    no_exception(at)
    assert folds(at)[0] == f"{30:08x}"
    (home / "pending" / "memory" / f"{39:08x}.json").unlink()  # approved elsewhere: 39 left, still 4 pages
    for _ in range(3):  # each run sends back what the picker showed on the one before
        at.run()
        no_exception(at)
    assert folds(at) == [f"{n:08x}" for n in range(30, 39)]
    assert "Writes 31–39 of 39" in said(at)
    for path in sorted((home / "pending" / "memory").glob("*.json"))[25:]:
        path.unlink()  # 25 left: 3 pages, and the person was on the 4th
    for _ in range(2):
        at.run()
        no_exception(at)
    assert folds(at) == [f"{n:08x}" for n in range(20, 25)] and page_picker(at).value == 2


def test_selections_hold_across_pages_and_orders_until_acted_on(home: Path) -> None:
    forty(home)
    at = inbox()
    at.checkbox(key=f"in_pick_{1:08x}").check().run()
    page_picker(at).set_value(1).run()
    at.checkbox(key=f"in_pick_{12:08x}").check().run()
    assert "**2 selected**" in said(at)
    page_picker(at).set_value(0).run()
    assert at.checkbox(key=f"in_pick_{1:08x}").value  # still ticked after a visit to page 2
    at.selectbox(key="in_sort").select("newest").run()
    assert "**2 selected**" in said(at)
    at.button(key="in_approve").click().run()
    no_exception(at)
    shown = said(at)
    assert "Fact number 1." in shown and "Fact number 12." in shown  # each write's text, not only its id
    assert "MEMORY.md after:" in shown
    at.button(key="in_confirm_yes").click().run()
    no_exception(at)
    assert memory(home) == [PG, CI, SHIP, "Fact number 1.", "Fact number 12."]
    assert "**0 selected**" in said(at)


def test_rejecting_the_marked_names_a_batch_that_still_holds_good_operations(home: Path) -> None:
    stage(home, "9a9a9a9a", batch(FIVE), age=100)
    stage(home, "9b9b9b9b", {"target": "memory", "action": "remove", "old_text": "Jenkins"}, age=50)
    at = inbox()
    at.button(key="in_reject_marked").click().run()
    shown = said(at)
    assert "1 marked batch still holds operations that apply" in shown
    open_it = at.button(key="in_marked_open_9a9a9a9a")
    assert open_it.label == "4 of 5 operations still apply: open it"
    assert "in_marked_open_9b9b9b9b" not in [b.key for b in at.button]
    open_it.click().run()
    no_exception(at)
    assert "in_marked_yes" not in [b.key for b in at.button]  # the dialog is closed, nothing deleted
    assert (home / "pending" / "memory" / "9a9a9a9a.json").exists()
    assert at.button(key="in_parts_9a9a9a9a").label == "Approve the kept operations (4 of 5)"


def test_a_batch_that_would_be_refused_offers_no_approve_and_says_why_once(home: Path) -> None:
    stage(home, "9a9a9a9a", batch(FIVE))
    at = inbox()
    assert "in_approve_9a9a9a9a" not in [b.key for b in at.button]
    shown = said(at)
    assert shown.count("No entry contains 'Jenkins'. No operation of the batch was applied.") == 1
    assert "4 of 5 operations still apply: keep them in **Operation by operation** below" in shown
    assert "a piece of the exact text" not in shown


def test_nothing_marked_draws_no_reject_the_marked(home: Path) -> None:
    stage(home, "1a1a1a1a", {"action": "add", "target": "memory", "content": "Lint with ruff."})
    at = inbox()
    keys = [b.key for b in at.button]
    assert "in_reject_marked" not in keys and "in_only_marked" not in [t.key for t in at.toggle]
    assert "Reject the 0 marked" not in said(at)


def test_your_own_approval_is_not_announced_as_written_from_outside(home: Path) -> None:
    stage(home, "1a1a1a1a", {"action": "add", "target": "memory", "content": "Lint with ruff."})
    stage(home, "1b1b1b1b", {"action": "add", "target": "memory", "content": "Ship on Fridays."})
    at = inbox()
    at.button(key="in_approve_1a1a1a1a").click().run()
    no_exception(at)
    assert "Approved 1" in alerts(at) and memory(home)[-1] == "Lint with ruff."
    assert not [t.value for t in at.toast if "outside" in t.value]
    at.run()  # the run after too: where a change on disk not made here would be announced
    assert not [t.value for t in at.toast if "outside" in t.value]


def test_approve_all_and_reject_the_marked_show_each_writes_text(home: Path) -> None:
    stage(home, "1a1a1a1a", {"action": "add", "target": "memory", "content": "Lint with ruff."}, age=30)
    stage(home, "1b1b1b1b", {"target": "memory", "action": "remove", "old_text": "Jenkins"}, age=20)
    at = inbox()
    at.button(key="in_apply_all").click().run()
    shown = said(at)
    assert "add: Lint with ruff." in shown and "remove: Jenkins" in shown
    assert "MEMORY.md after: " in shown  # the usage once every write that applies is approved
    at.button(key="in_all_no").click().run()
    at.button(key="in_reject_marked").click().run()
    assert "remove: Jenkins" in said(at)
