"""Each operation's verdict, in process and field by field (docs/pending.md, operation by
operation): what it hits, what it leaves, what approving it applies, and the words of every
refusal of a choice the person makes (positions, aims, removals). Real files in a temporary
Hermes home, the real store; nothing is written unless approved."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from staged_batch import CI, PG, SHIP

from hermes_dash import InvalidRequest, MemoryStore, Operation, OverLimit, resolve_home
from hermes_dash.curation import pending
from hermes_dash.curation.pending import PartVerdict
from hermes_dash.engine.rules.format import serialise

NO_ACTION = "its action is JSON null or missing: aim it at an entry (it becomes a replace or remove) or drop it"
CI2 = "CI runs on GitHub. Nightly on GitLab."  # holds CI's whole text: aiming at CI must pin


def _home(home: Path, entries: list[str], limit: int = 120, target: str = "memory") -> MemoryStore:
    (home / "config.yaml").write_text(f"memory:\n  memory_char_limit: {limit}\n", encoding="utf-8")
    name = "MEMORY.md" if target == "memory" else "USER.md"
    (home / "memories").mkdir(exist_ok=True)
    (home / "memories" / name).write_text(serialise(entries), encoding="utf-8")
    return MemoryStore(resolve_home(home))


def _staged(store: MemoryStore, sid: str, ops: list[dict], target: str = "memory") -> pending.Staged:
    folder = store.home.pending_dir
    folder.mkdir(parents=True, exist_ok=True)
    doc = {
        "id": sid,
        "subsystem": "memory",
        "action": "batch",
        "created_at": time.time() - 60,
        "payload": {"action": "batch", "target": target, "operations": ops},
    }
    (folder / f"{sid}.json").write_text(json.dumps(doc), encoding="utf-8")
    return pending.well_formed(store, sid)


def _refused(call, message: str, hint: str) -> None:
    with pytest.raises(InvalidRequest) as refused:
        call()
    assert (refused.value.message, refused.value.hint) == (message, hint)


def test_every_verdict_with_what_it_hits_leaves_and_applies(home):
    store = _home(home, [PG, CI, SHIP])  # 69 of 120 characters
    ops = [
        {"action": "replace", "old_text": "Postgres 16", "content": "Tests need Postgres 17."},
        {"action": "remove", "old_text": "Jenkins"},
        {"action": "add", "content": CI},
        {"action": "patch", "old_text": "make ship", "new_text": "make deploy"},
        {"content": "CI runs on GitLab."},
        {"action": "patch", "old_text": "Jenkins", "new_text": "GitLab"},
        {"action": "add", "content": "Lint with ruff."},
        {"action": "patch", "old_text": "GitHub", "new_text": ""},
    ]
    staged = _staged(store, "d0000001", ops)
    shown = pending.preview_parts(store, staged)
    s = staged.ops
    pg17, deploy = "Tests need Postgres 17.", "Deploy with make deploy."
    assert shown.parts == (
        PartVerdict(1, s[0], "applies", "", Operation("replace", pg17, PG, PG), PG, pg17, 69),
        PartVerdict(2, s[1], "stale", "No entry contains 'Jenkins'."),
        PartVerdict(3, s[2], "no_change", "the file already says this", Operation("add", CI), None, CI, 69),
        PartVerdict(4, s[3], "applies", "", Operation("replace", deploy, SHIP, SHIP), SHIP, deploy, 71),
        PartVerdict(5, s[4], "no_action", NO_ACTION),
        PartVerdict(6, s[5], "stale", "No entry contains 'Jenkins'."),
        PartVerdict(7, s[6], "applies", "", Operation("add", "Lint with ruff."), None, "Lint with ruff.", 89),
        PartVerdict(8, s[7], "refused", "The new text is empty."),
    )
    assert [p.label for p in shown.parts][:3] == [
        "applies",
        "stale: its text is in no entry",
        "applies, changes nothing",
    ]
    assert shown.keep == (1, 3, 4, 7) and shown.refusal is None
    assert shown.after == (pg17, CI, deploy, "Lint with ruff.")


def test_aimed_operations_are_pinned_to_the_entry_they_were_aimed_at(home):
    store = _home(home, [PG, CI, SHIP, CI2])
    ops = [
        {"action": "remove", "old_text": "Jenkins"},
        {"action": "patch", "old_text": "Jenkins", "new_text": "GitLab"},
        {"content": "CI runs on GitLab."},  # no action, with text: a replace there
        {"old_text": "ship"},  # no action, no text: a remove there
        {"action": "patch", "old_text": "16", "new_text": "17"},
        {"action": "replace", "old_text": "x", "content": ""},
    ]
    staged = _staged(store, "d0000002", ops)
    gone = "Deploy steps:\n" + "run make ship, then watch the logs; " * 3
    aims = {1: gone, 2: CI, 3: CI, 4: SHIP, 5: PG, 6: CI2}
    shown = pending.preview_parts(store, staged, aims=aims)
    s, pg17, gitlab = staged.ops, "Tests need Postgres 17.", "CI runs on GitLab."
    quoted = "'Deploy steps: run make ship, then watch the logs; run make ship, then watch the…'"
    assert shown.parts == (
        PartVerdict(1, s[0], "refused", f"the entry it was aimed at is not in the file now: {quoted}", aimed=gone),
        PartVerdict(2, s[1], "stale", "The entry this patch is pinned to does not contain 'Jenkins'.", aimed=CI),
        PartVerdict(3, s[2], "applies", "", Operation("replace", gitlab, CI, CI), CI, gitlab, 109, CI),
        PartVerdict(4, s[3], "applies", "", Operation("remove", "", SHIP, SHIP), SHIP, None, 84, SHIP),
        PartVerdict(5, s[4], "applies", "", Operation("replace", pg17, PG, PG), PG, pg17, 84, PG),
        PartVerdict(6, s[5], "refused", "The new text is empty.", aimed=CI2),
    )
    assert shown.after == (pg17, gitlab, CI2)
    assert pending.approve_parts(store, "d0000002", drop=[1, 2, 6], aims=aims).ok
    assert (home / "memories/MEMORY.md").read_text() == serialise([pg17, gitlab, CI2])


def test_an_add_cannot_be_aimed(home):
    store = _home(home, [PG])
    staged = _staged(store, "d0000003", [{"action": "add", "content": "Lint with ruff."}])
    _refused(
        lambda: pending.preview_parts(store, staged, aims={1: PG}), "An add aims at no entry.", "Keep it or drop it."
    )


def test_each_choice_that_cannot_be_made_is_refused_with_what_to_do(home):
    store = _home(home, [PG, CI, SHIP])
    ops = [
        {"action": "replace", "old_text": "Postgres 16", "content": "Tests need Postgres 17."},
        {"action": "remove", "old_text": "Jenkins"},
        {"action": "add", "content": "Lint with ruff."},
    ]
    staged = _staged(store, "d0000004", ops)
    _refused(
        lambda: pending.preview_parts(store, staged, keep=[1], drop=[4]),
        "Staged write d0000004 has 3 operations; there is no operation 4.",
        "Number them 1 to 3, as `pending list d0000004` shows.",
    )
    _refused(
        lambda: pending.preview_parts(store, staged, keep=[1, 3], drop=[3, 1]),
        "Operation 1 is both kept and dropped.",
        "Keep it or drop it, not both.",
    )
    _refused(
        lambda: pending.preview_parts(store, staged, keep=[1, 2]),
        "Operation 2 cannot be approved: No entry contains 'Jenkins'.",
        "Drop it, re-aim it at an entry, or leave it staged.",
    )
    _refused(
        lambda: pending.preview_parts(store, staged, keep=[1], removals=[PG]),
        f"{PG!r} cannot be removed with this write: a kept operation changes it.",
        "Pick among the entries the write does not touch.",
    )
    hand = "Deploy steps:\n" + "run make ship, then watch the logs; " * 3
    _refused(
        lambda: pending.preview_parts(store, staged, keep=[1], removals=[hand]),
        "'Deploy steps: run make ship, then watch the logs; run make ship, then watch the…' cannot be "
        "removed with this write: it is not an entry of the file now.",
        "Pick among the entries the write does not touch.",
    )
    _refused(
        lambda: pending.preview_parts(store, staged, keep=[], drop=[2], removals=[CI]),
        "Removals go with the operations they make room for.",
        "Keep an operation too.",
    )
    # An entry only a dropped operation hits can be removed with the kept ones.
    fitted = pending.preview_parts(store, staged, keep=[3], drop=[1, 2], removals=[PG])
    assert fitted.refusal is None and fitted.removals == (PG,) and fitted.after == (CI, SHIP, "Lint with ruff.")


def test_a_malformed_write_has_no_parts_to_preview(home):
    store = _home(home, [PG])
    store.home.pending_dir.mkdir(parents=True)
    path = store.home.pending_dir / "d0000005.json"
    path.write_text("[]", encoding="utf-8")
    _refused(
        lambda: pending.preview_parts(store, pending.read_one(path)),
        "Staged write d0000005 is malformed: expected a JSON object, found list.",
        "Reject it (delete the file), or fix the JSON by hand.",
    )


def test_nothing_kept_leaves_the_file_as_it_is(home):
    store = _home(home, [PG, CI])
    staged = _staged(
        store, "d0000006", [{"action": "remove", "old_text": "Jenkins"}, {"action": "remove", "old_text": "CI"}]
    )
    shown = pending.preview_parts(store, staged, keep=[], drop=[1])
    assert shown.keep == () and shown.drop == (1,) and shown.left == (2,)
    assert shown.after == shown.before == (PG, CI) and shown.refusal is None


def test_a_batch_for_user_md_is_judged_on_user_md(home):
    store = _home(home, ["Name: Sam.", "Works remotely."], target="user")
    (home / "memories/MEMORY.md").write_text(serialise([PG]), encoding="utf-8")
    staged = _staged(store, "d0000007", [{"action": "remove", "old_text": "remotely"}], target="user")
    shown = pending.preview_parts(store, staged)
    assert shown.before == ("Name: Sam.", "Works remotely.") and shown.after == ("Name: Sam.",)
    assert shown.limit == store.limit("user")


def test_over_the_limit_is_strictly_more_than_the_limit_at_the_operation_and_at_the_end(home):
    store = _home(home, [PG, CI, SHIP])  # 69 of 120 characters
    exactly = "y" * 48  # 69 + 3 + 48 = 120
    staged = _staged(store, "d0000008", [{"action": "add", "content": exactly}, {"action": "add", "content": "z"}])
    shown = pending.preview_parts(store, staged)
    assert [(p.verdict, p.usage_after) for p in shown.parts] == [("applies", 120), ("over_limit", 124)]
    assert shown.parts[1].reason == "the file at 124 of 120 characters"
    assert isinstance(shown.refusal, OverLimit) and shown.over_by == 4
    assert shown.refusal.hint == (
        "Over by 4 characters: pick entries to remove with it (ranked on Cleanup's evidence), "
        "drop an operation, or leave it staged."
    )
    # Over the limit on the way, exactly at it in the end: nothing is over.
    back = {"action": "replace", "old_text": "Postgres 16", "content": "Tests need Postgres16."}  # 1 shorter
    staged = _staged(store, "d0000009", [{"action": "add", "content": exactly + "y"}, back])
    shown = pending.preview_parts(store, staged)
    assert [(p.verdict, p.usage_after) for p in shown.parts] == [("applies", 121), ("applies", 120)]
    assert shown.refusal is None and shown.over_by == 0
