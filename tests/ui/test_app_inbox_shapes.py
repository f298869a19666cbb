"""Inbox page (AppTest, real files, no engine mocks): a staged `patch` and a `new_text` payload
approved, rejected and edited; a pinned write whose entry changed, shown then and now and
refused; the triage of a queue (marks, order, the marked ones rejected after one confirmation);
hostile staged files never crash the page."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from app_support import alerts, no_exception, open_app, texts
from pending_support import stage
from staged_batch import PACKED
from staged_batch import PG_5433 as PG
from staged_batch import stage_new_text as new_text
from staged_batch import stage_patch as patch
from streamlit.testing.v1 import AppTest

from hermes_dash.engine.rules.format import parse, serialise

CI = "CI is GitHub Actions."
PATCH = "0a0a0a0a"
NEW_TEXT = "0b0b0b0b"


pytestmark = pytest.mark.home(memory=[PACKED, PG, CI], config="memory:\n  write_approval: true\n")


def inbox() -> AppTest:
    at = open_app("curation_inbox")
    no_exception(at)
    return at


def diffs(at: AppTest) -> str:
    """Every word diff on the page (escaped HTML: what goes in <del>, what comes in <ins>)."""
    return "\n".join(h.value for h in at.get("html"))


def memory(home: Path) -> list[str]:
    return parse((home / "memories" / "MEMORY.md").read_text(encoding="utf-8"))


def test_patch_is_previewed_word_by_word_and_approved(home: Path) -> None:
    path = patch(home)
    at = inbox()
    said = "\n".join(texts(at))
    assert 'item B<ins style="' in diffs(at) and 'title="comes"> done</ins>; item C' in diffs(at)  # word by word
    assert "Proposed by the agent's own review after a conversation" in said
    assert memory(home) == [PACKED, PG, CI]  # a preview writes nothing
    at.button(key=f"in_approve_{PATCH}").click().run()
    no_exception(at)
    assert memory(home) == ["todo: item A; item B done; item C", PG, CI] and not path.exists()
    assert "Approved 1" in alerts(at)


def test_patch_rejected_after_asking(home: Path) -> None:
    path = patch(home)
    at = inbox()
    at.button(key=f"in_reject_{PATCH}").click().run()
    assert path.exists()  # asked first
    at.button(key=f"in_rej_{PATCH}_yes").click().run()
    no_exception(at)
    assert not path.exists() and memory(home) == [PACKED, PG, CI]


def test_patch_edited_then_approved(home: Path) -> None:
    path = patch(home)
    at = inbox()
    assert at.text_area(key=f"in_old_{PATCH}_0").value == "item B"
    at.text_area(key=f"in_text_{PATCH}_0").input("item B dropped").run()
    no_exception(at)
    assert 'title="comes"> dropped</ins>; item C' in diffs(at)
    assert at.button(key=f"in_approve_{PATCH}").label == "Approve as edited"
    at.button(key=f"in_approve_{PATCH}").click().run()
    no_exception(at)
    assert memory(home) == ["todo: item A; item B dropped; item C", PG, CI] and not path.exists()


def test_new_text_payload_approved_edited_and_rejected(home: Path) -> None:
    path = new_text(home)
    at = inbox()
    box = at.text_area(key=f"in_text_{NEW_TEXT}_0")
    assert box.value == "Tests need Postgres 17 on port 5433."  # new_text read as the content
    box.input("Tests need Postgres 18.").run()
    at.button(key=f"in_approve_{NEW_TEXT}").click().run()
    no_exception(at)
    assert memory(home) == [PACKED, "Tests need Postgres 18.", CI] and not path.exists()
    path = stage(home, "0c0c0c0c", {"action": "add", "target": "memory", "new_text": "Lint with ruff."})
    at = inbox()
    at.button(key="in_approve_0c0c0c0c").click().run()
    no_exception(at)
    assert memory(home)[-1] == "Lint with ruff." and not path.exists()
    path = stage(home, "0d0d0d0d", {"action": "add", "target": "memory", "new_text": "Lint with black."})
    at = inbox()
    at.button(key="in_reject_0d0d0d0d").click().run()
    at.button(key="in_rej_0d0d0d0d_yes").click().run()
    assert not path.exists() and "Lint with black." not in memory(home)


def test_pinned_write_whose_entry_changed_shows_then_and_now_and_stays(home: Path) -> None:
    (home / "memories" / "MEMORY.md").write_text(serialise([PACKED, "Tests need Postgres 16 on port 6543.", CI]))
    path = new_text(home)
    before = path.read_bytes()
    at = inbox()
    said = "\n".join(texts(at))
    assert PG in said and "Tests need Postgres 16 on port 6543." in said  # then, and now
    assert any("pinned to changed" in m.value for m in at.markdown)
    assert f"in_approve_{NEW_TEXT}" not in [b.key for b in at.button]  # it would be refused: no Approve offered
    assert path.read_bytes() == before
    assert memory(home) == [PACKED, "Tests need Postgres 16 on port 6543.", CI]
    at.checkbox(key=f"in_aim_{NEW_TEXT}").check().run()  # aim it at the entry in its place now
    no_exception(at)
    assert at.button(key=f"in_approve_{NEW_TEXT}").label == "Approve as edited"
    at.button(key=f"in_approve_{NEW_TEXT}").click().run()
    no_exception(at)
    assert memory(home) == [PACKED, "Tests need Postgres 17 on port 5433.", CI] and not path.exists()


def test_marked_writes_are_rejected_together_after_one_confirmation(home: Path) -> None:
    keep = stage(home, "1a1a1a1a", {"action": "add", "target": "memory", "content": "Lint with ruff."}, age=400)
    repeat = stage(home, "1b1b1b1b", {"action": "add", "target": "memory", "content": "Lint with ruff."}, age=300)
    said = stage(home, "1c1c1c1c", {"action": "add", "target": "memory", "content": CI}, age=200)
    gone = stage(home, "1d1d1d1d", {"action": "remove", "target": "memory", "old_text": "Jenkins"}, age=100)
    at = inbox()
    assert any("3 marked" in m.value for m in at.markdown)
    button = at.button(key="in_reject_marked")
    assert button.label == "Reject the 3 marked…"
    button.click().run()
    no_exception(at)
    listed = "\n".join(m.value for m in at.markdown)
    assert all(f"`{sid}`" in listed for sid in ("1b1b1b1b", "1c1c1c1c", "1d1d1d1d")) and "`1a1a1a1a` ·" in listed
    assert "the same change as 1a1a1a1a" in "\n".join(texts(at))
    assert repeat.exists() and said.exists() and gone.exists()  # nothing yet: asked first
    at.button(key="in_marked_no").click().run()
    assert repeat.exists() and "in_marked" not in at.session_state and "in_marked_yes" not in [b.key for b in at.button]
    at.button(key="in_reject_marked").click().run()
    at.button(key="in_marked_yes").click().run()
    no_exception(at)
    assert keep.exists() and not repeat.exists() and not said.exists() and not gone.exists()
    assert memory(home) == [PACKED, PG, CI] and "Rejected 3" in alerts(at)


def test_order_and_only_the_marked(home: Path) -> None:
    stage(home, "2a2a2a2a", {"action": "remove", "target": "memory", "old_text": "Jenkins"}, age=300)
    stage(home, "2b2b2b2b", {"action": "add", "target": "memory", "content": "Lint with ruff."}, age=200)
    patch(home)

    def order(at: AppTest) -> list[str]:
        # Each write's Reject… (a stale one offers no Approve).
        return [
            k.removeprefix("in_reject_")
            for b in at.button
            if (k := b.key or "").startswith("in_reject_") and k != "in_reject_marked"
        ]

    at = inbox()
    assert order(at) == ["2a2a2a2a", "2b2b2b2b", PATCH]
    at.selectbox(key="in_sort").select("newest").run()
    assert order(at) == [PATCH, "2b2b2b2b", "2a2a2a2a"]
    at.selectbox(key="in_sort").select("kind").run()
    assert order(at) == ["2b2b2b2b", PATCH, "2a2a2a2a"]
    at.toggle(key="in_only_marked").set_value(True).run()
    no_exception(at)
    assert order(at) == ["2a2a2a2a"]


def test_hostile_staged_files_are_listed_as_malformed_and_never_crash(home: Path) -> None:
    folder = home / "pending" / "memory"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "3a3a3a3a.json")
    (folder / "3b3b3b3b.json").write_bytes(b"\xff\xfe" + b"x" * 100)
    (folder / "3c3c3c3c.json").write_bytes(b'{"payload": "' + b"x" * 1_200_000 + b'"}')
    secret = home / "secret.json"
    secret.write_text("{}")
    os.symlink(secret, folder / "3d3d3d3d.json")
    stage(home, "3e3e3e3e", {"action": "patch", "target": "memory", "old_text": {"a": 1}, "new_text": 2})
    stage(home, "3f3f3f3f", {"action": "patch", "target": "memory", "pattern": "x+", "content": "y"})
    patch(home)
    before = (home / "memories" / "MEMORY.md").read_bytes()
    at = inbox()  # seven writes: each folded to one line until opened
    assert sum(":red[malformed]" in e.label for e in at.expander) == 6 and not at.error
    for sid in ("3a3a3a3a", "3b3b3b3b", "3c3c3c3c", "3d3d3d3d", "3e3e3e3e", "3f3f3f3f", PATCH):
        at.session_state[f"in_fold_{sid}"] = True
    at.run()
    malformed = [e.value for e in at.error if "malformed" in e.value]
    assert len(malformed) == 6
    shown = "\n".join(texts(at))
    for why in ("not a regular file", "not UTF-8", "symbolic link", "new_text must be text", "regex patch"):
        assert why in shown
    assert at.button(key=f"in_approve_{PATCH}")  # the good one beside them still works
    assert (home / "memories" / "MEMORY.md").read_bytes() == before and secret.read_text() == "{}"


def test_a_very_long_batch_is_approved_or_rejected_as_staged_not_edited(home: Path) -> None:
    path = stage(
        home,
        "4a4a4a4a",
        {
            "action": "batch",
            "target": "memory",
            "operations": [{"action": "add", "content": f"Fact {i}."} for i in range(60)],
        },
    )
    at = inbox()
    assert not [t for t in at.text_area if t.key and t.key.startswith("in_text_4a4a4a4a")]
    assert any("60 operations is not edited here" in c.value for c in at.caption)
    at.button(key="in_reject_4a4a4a4a").click().run()
    at.button(key="in_rej_4a4a4a4a_yes").click().run()
    no_exception(at)
    assert not path.exists()


def test_approving_applies_what_the_preview_showed_not_what_the_file_became_before_the_click(home: Path) -> None:
    path = stage(
        home,
        "5a5a5a5a",
        {"action": "replace", "target": "memory", "old_text": "Postgres", "content": "Tests need Postgres 17."},
        origin="foreground",
    )  # 0.19.0: no pin
    at = inbox()
    assert 'title="comes">17</ins>.' in diffs(at)  # the replace, word by word
    agent = "Tests need Postgres 16 on port 6543 (moved by the agent)."
    (home / "memories" / "MEMORY.md").write_text(serialise([PACKED, agent, CI]), encoding="utf-8")
    at.button(key="in_approve_5a5a5a5a").click().run()  # the preview showed the old entry being replaced
    no_exception(at)
    assert memory(home) == [PACKED, agent, CI] and path.exists() and "1 not approved" in alerts(at)
    at.button(key="in_approve_5a5a5a5a").click().run()  # now it has been shown on the new entry
    no_exception(at)
    assert memory(home) == [PACKED, "Tests need Postgres 17.", CI] and not path.exists()
