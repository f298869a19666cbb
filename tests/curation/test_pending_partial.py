"""Approving part of a staged batch, in process (the CLI's cases run it in a subprocess): what
each decision says and carries, the journal's record of who staged it, the smaller record
written back in the agent's own layout, and "approve all" going on past a malformed write.
Real files in a temporary Hermes home, the real store."""

from __future__ import annotations

import json
import time
from pathlib import Path

from hermes_dash import InvalidRequest
from hermes_dash.curation import pending
from hermes_dash.engine.io.journal import read_journal
from hermes_dash.engine.rules.format import serialise

USER = ["Name: Sam.", "Works remotely."]


def _stage(home: Path, sid: str, ops: list[dict], target: str = "user", created: float | None = None) -> Path:
    folder = home / "pending" / "memory"
    folder.mkdir(parents=True, exist_ok=True)
    doc: dict[str, object] = {
        "id": sid,
        "subsystem": "memory",
        "action": "batch",
        "summary": "consolidate",
        "origin": "background_review",
        "payload": {"action": "batch", "target": target, "operations": ops},
    }
    if created is not None:
        doc["created_at"] = created
    path = folder / f"{sid}.json"
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


REPLACE = {"action": "replace", "old_text": "remotely", "content": "Works from Lisbon, café mornings."}
STALE = {"action": "remove", "old_text": "Jenkins"}
ADD = {"action": "add", "content": "Likes tea."}


def test_approving_some_says_what_was_approved_and_left_and_journals_who_staged_it(store, home, write_mem):
    write_mem("user", serialise(USER))
    _stage(home, "c0000001", [REPLACE, STALE, ADD], created=time.time() - 60)
    decision = pending.approve_parts(store, "c0000001", keep=[1, 3])
    assert decision.ok is True and decision.id == "c0000001"
    assert decision.result is not None and decision.result.changed
    assert decision.message == (
        f"Approved from c0000001: operations 1, 3 of 3 approved; 2 left staged. {decision.result.message}"
    )
    assert (home / "memories/USER.md").read_text() == serialise(
        ["Name: Sam.", "Works from Lisbon, café mornings.", "Likes tea."]
    )
    assert (home / "memories/MEMORY.md").exists() is False  # the batch's own file, not MEMORY.md
    [line] = read_journal(store.home.memories_dir)
    assert (line.staged_id, line.origin) == ("c0000001", "background_review")
    # The one operation left is dropped: nothing is written, the record goes.
    dropped = pending.approve_parts(store, "c0000001", drop=[1])
    assert dropped.ok is True and dropped.id == "c0000001" and dropped.result is None
    assert dropped.message == "Approved from c0000001: operations none of 1 approved; 1 dropped."
    assert not (home / "pending/memory/c0000001.json").exists()


def test_approving_all_that_apply_says_nothing_is_left(store, home, write_mem):
    write_mem("user", serialise(USER))
    _stage(home, "c0000002", [REPLACE, ADD])
    decision = pending.approve_parts(store, "c0000002")
    assert decision.ok and decision.result is not None
    assert decision.message == f"Approved from c0000002: operations 1, 2 of 2 approved. {decision.result.message}"


def test_a_batch_where_nothing_applies_is_refused_with_what_to_do(store, home, write_mem):
    write_mem("user", serialise(USER))
    path = _stage(home, "c0000003", [STALE])
    raw = path.read_bytes()
    decision = pending.approve_parts(store, "c0000003")
    assert decision.ok is False and decision.id == "c0000003"
    assert isinstance(decision.refusal, InvalidRequest)
    assert decision.message == (
        "Not approved (c0000003): Nothing of staged write c0000003 was approved or dropped: no operation applies."
    )
    assert decision.refusal.hint == "Re-aim an operation at an entry, drop it, or reject the whole write."
    assert path.read_bytes() == raw


def test_the_smaller_record_is_laid_out_as_the_agent_writes_its_own(store, home, write_mem):
    """0.19.0's write_approval writes ``json.dumps(record, ensure_ascii=False, indent=2)``: the
    record written back keeps that layout (its text unescaped), only fewer operations."""
    write_mem("user", serialise(USER))
    path = _stage(home, "c0000004", [ADD, STALE, REPLACE], created=1_700_000_000)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert pending.approve_parts(store, "c0000004", keep=[1]).ok
    doc["payload"]["operations"] = [STALE, REPLACE]
    assert path.read_bytes() == json.dumps(doc, ensure_ascii=False, indent=2).encode("utf-8")
    assert "café" in path.read_text(encoding="utf-8")


def test_approve_all_goes_on_past_a_malformed_write(store, home, write_mem):
    """Undated writes sort by id, so a malformed one can come before a good one."""
    write_mem("user", serialise(USER))
    (home / "pending/memory").mkdir(parents=True)
    (home / "pending/memory/c0000010.json").write_text("{not json", encoding="utf-8")
    _stage(home, "c0000011", [ADD])
    first, second = pending.approve_all(store)
    assert (first.id, first.ok, first.kind) == ("c0000010", False, "malformed")
    assert first.message.startswith("Not approved (c0000010): malformed: not valid JSON: ")
    assert (second.id, second.ok) == ("c0000011", True)
    assert (
        second.result is not None and second.message == f"Approved c0000011: {second.result.message}"
    )  # not "as edited"
    assert (home / "memories/USER.md").read_text() == serialise([*USER, "Likes tea."])
