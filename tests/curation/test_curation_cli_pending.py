"""`pending list / approve / reject` and approve-with-edit on the newer agents' staged shapes
(a `patch`, a `new_text` payload), the triage's marks and `reject --marked`, as a real process."""

from __future__ import annotations

from cli_support import run
from pending_support import stage
from staged_batch import PACKED
from staged_batch import PG_5433 as PG
from staged_batch import stage_new_text as new_text
from staged_batch import stage_patch as patch

from hermes_dash.engine.rules.format import serialise


def test_list_shows_a_patch_with_its_word_diff_and_a_new_text_payload(home, write_mem):
    write_mem("memory", serialise([PACKED, PG]))
    patch(home)
    new_text(home)
    code, data, _ = run(home, "pending", "list")
    assert code == 0 and data["marked"] == []
    items = {p["id"]: p for p in data["pending"]}
    assert items["0a0a0a0a"]["operations"] == [
        {"action": "patch", "old_text": "item B", "new_text": "item B done", "matched_entry": PACKED}
    ]
    [patched] = items["0a0a0a0a"]["preview"]["patched"]
    assert patched == {
        "patched_entry_before": PACKED,
        "patched_entry_after": "todo: item A; item B done; item C",
        "word_diff": "todo: item A; item B{+ done+}; item C",
    }
    assert items["0b0b0b0b"]["operations"][0]["content"] == "Tests need Postgres 17 on port 5433."
    assert items["0b0b0b0b"]["origin"] == "background_review"
    code, text, _ = run(home, "pending", "list", json_out=False)
    assert code == 0 and "patch: todo: item A; item B{+ done+}; item C" in text


def test_patch_approved_rejected_and_edited_from_the_command_line(home, write_mem, read_mem):
    write_mem("memory", serialise([PACKED, PG]))
    path = patch(home)
    code, data, _ = run(home, "pending", "approve", "0a0a0a0a")
    assert code == 0 and data["success"] and not path.exists()
    assert read_mem("memory") == serialise(["todo: item A; item B done; item C", PG]).encode()

    write_mem("memory", serialise([PACKED, PG]))
    path = patch(home, "0c0c0c0c")
    code, data, _ = run(home, "pending", "reject", "0c0c0c0c")
    assert code == 0 and not path.exists() and read_mem("memory") == serialise([PACKED, PG]).encode()

    path = patch(home, "0d0d0d0d")
    code, text, _ = run(home, "pending", "approve", "0d0d0d0d", "--new-text", "item B dropped", json_out=False)
    assert code == 0 and "as edited" in text and "patched" in text and not path.exists()
    assert read_mem("memory") == serialise(["todo: item A; item B dropped; item C", PG]).encode()


def test_new_text_payload_approved_rejected_and_edited_from_the_command_line(home, write_mem, read_mem):
    write_mem("memory", serialise([PACKED, PG]))
    path = new_text(home)
    code, data, _ = run(home, "pending", "reject", "0b0b0b0b")
    assert code == 0 and not path.exists() and read_mem("memory") == serialise([PACKED, PG]).encode()
    path = new_text(home, "0e0e0e0e")
    code, data, _ = run(home, "pending", "approve", "0e0e0e0e", "--content", "Tests need Postgres 18.")
    assert code == 0 and data["decisions"][0]["message"].startswith("Approved 0e0e0e0e as edited")
    assert read_mem("memory") == serialise([PACKED, "Tests need Postgres 18."]).encode() and not path.exists()
    path = new_text(home, "0f0f0f0f")  # its pinned entry is gone now: refused, kept, both texts named
    before = read_mem("memory")
    code, data, _ = run(home, "pending", "approve", "0f0f0f0f")
    assert code == 1 and data["decisions"][0]["code"] == "entry_changed" and path.exists()
    assert read_mem("memory") == before
    code, text, _ = run(home, "pending", "list", json_out=False)
    assert f"then: {PG}" in text and "now:  Tests need Postgres 18." in text


def test_reject_marked_rejects_only_what_the_triage_marks(home, write_mem, read_mem):
    write_mem("memory", serialise([PACKED, PG]))
    keep = stage(home, "1a1a1a1a", {"action": "add", "target": "memory", "content": "Lint with ruff."}, age=300)
    repeat = stage(home, "1b1b1b1b", {"action": "add", "target": "memory", "content": "Lint with ruff."}, age=200)
    said = stage(home, "1c1c1c1c", {"action": "add", "target": "memory", "content": PG}, age=100)
    gone = stage(home, "1d1d1d1d", {"action": "patch", "target": "memory", "old_text": "item Z", "new_text": "y"})
    code, data, _ = run(home, "pending", "list", "--sort", "kind")
    assert data["marked"] == ["1b1b1b1b", "1c1c1c1c", "1d1d1d1d"]
    assert [p["id"] for p in data["pending"]] == ["1a1a1a1a", "1b1b1b1b", "1c1c1c1c", "1d1d1d1d"]
    before = read_mem("memory")
    code, text, _ = run(home, "pending", "reject", "--marked", json_out=False)
    assert code == 0 and "Rejected 1b1b1b1b" in text and "the same change as 1a1a1a1a" in text
    assert keep.exists() and not repeat.exists() and not said.exists() and not gone.exists()
    assert read_mem("memory") == before
    code, text, _ = run(home, "pending", "reject", "--marked", json_out=False)
    assert code == 0 and "nothing was rejected" in text
    assert run(home, "pending", "approve", "--marked")[0] == 2 and keep.exists()


def test_aim_now_approves_a_write_whose_pin_broke_on_the_entry_in_its_place(home, write_mem, read_mem):
    write_mem("memory", serialise([PACKED, "Tests need Postgres 16 on port 6543."]))
    path = new_text(home)
    assert run(home, "pending", "approve", "0b0b0b0b")[0] == 1 and path.exists()
    code, data, _ = run(home, "pending", "approve", "0b0b0b0b", "--aim-now")
    assert code == 0 and data["success"] and not path.exists()
    assert read_mem("memory") == serialise([PACKED, "Tests need Postgres 17 on port 5433."]).encode()
