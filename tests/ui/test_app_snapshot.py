"""Snapshot page: state.db sessions or a frozen snapshot beside the live files."""

from __future__ import annotations

import json
from pathlib import Path

from app_support import no_exception, open_app, tables, texts

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.engine.views.render import sanitise


def metrics(at) -> list[tuple[str, str]]:
    return [(m.label, m.value) for m in at.metric]


def test_newest_session_is_compared_with_live_files(demo: Path) -> None:
    at = open_app("snapshot")
    no_exception(at)
    box = at.selectbox(key="snap_session")
    assert box.value == "20261129_081502_a41c9e" and len(box.options) == 4  # the demo sessions with a prompt
    # MEMORY.md: two entries written since, one reworded, one removed; USER.md rewritten by hand.
    assert metrics(at)[:4] == [("Added", "2"), ("Removed", "1"), ("Changed", "1"), ("Unchanged", "15")]
    diff = tables(at)[0].value  # what differs comes first; both sides in full fold away under it
    assert list(diff.columns) == ["Change", "Snapshot", "On disk"]
    assert list(diff["Change"][:4]) == ["added", "added", "changed", "removed"]
    assert "done by Alex only" in diff["Snapshot"][2] and "change ticket" in diff["On disk"][2]
    store = MemoryStore(resolve_home(demo))
    shown = texts(at)
    assert store.render_block("memory") in shown and store.render_block("user") in shown
    # The snapshot shows the flagged entry the way the running session has it.
    assert any("[BLOCKED: MEMORY.md entry contained threat pattern(s): hardcoded_secret." in t for t in shown)


def test_pick_an_older_session(demo: Path) -> None:
    at = open_app("snapshot")
    at.selectbox(key="snap_session").select("20261127_163011_09bd27").run()
    at.toggle(key="snap_full_memory").set_value(True).run()  # both sides in full
    no_exception(at)
    counts = dict(metrics(at)[:4])
    assert counts["Added"] != "2" or counts["Unchanged"] != "15"
    assert tables(at)[1].value.shape[0] == 9  # the older session had nine MEMORY entries


def test_without_state_db_freeze_a_snapshot_then_see_changes(demo: Path) -> None:
    (demo / "state.db").unlink()
    at = open_app("snapshot")
    no_exception(at)
    assert any("no agent session has been recorded here" in t for t in texts(at))
    assert not at.main.selectbox  # nothing to compare with yet
    at.button(key="snap_freeze").click().run()
    no_exception(at)
    frozen = json.loads((demo / "memories" / ".hermes-dash-snapshot.json").read_text())
    assert len(frozen["entries"]["memory"]) == 18
    assert at.selectbox(key="snap_session").value == "__frozen__"
    assert ("Unchanged", "18") in metrics(at)
    MemoryStore(resolve_home(demo)).add("memory", "Written after the freeze.")
    at.run()
    assert metrics(at)[:4] == [("Added", "1"), ("Removed", "0"), ("Changed", "0"), ("Unchanged", "18")]


def test_unreadable_state_db_is_explained(demo: Path) -> None:
    (demo / "state.db").write_bytes(b"this is not sqlite")
    for extra in ("state.db-wal", "state.db-shm"):
        (demo / extra).unlink(missing_ok=True)
    at = open_app("snapshot")
    no_exception(at)
    assert any("state.db" in t for t in texts(at))
    assert at.button(key="snap_freeze")


def test_without_a_state_db_the_page_says_no_session_once(demo: Path) -> None:
    for name in ("state.db", "state.db-wal", "state.db-shm"):
        (demo / name).unlink(missing_ok=True)
    at = open_app("snapshot")
    no_exception(at)
    shown = "\n".join([*texts(at), *(m.value for m in at.markdown), *(a.value for a in at.info)]).lower()
    # It said so three times: "No agent sessions…", the reason, "There is no recorded session…".
    assert shown.count("session") == 1 and "no agent session has been recorded here" in shown, shown
    assert "nothing to compare with yet" in shown and at.button(key="snap_freeze").label == "Take a snapshot now"


def test_state_db_without_sessions_offers_freezing(demo: Path) -> None:
    import sqlite3

    with sqlite3.connect(demo / "state.db") as conn:
        conn.execute("DELETE FROM sessions")
    at = open_app("snapshot")
    no_exception(at)
    shown = "\n".join([*texts(at), *(m.value for m in at.markdown), *(a.value for a in at.info)])
    assert "Nothing to compare with yet" in shown and shown.lower().count("no agent session") == 1, shown
    at.button(key="snap_freeze").click().run()
    assert at.selectbox(key="snap_session").value == "__frozen__"


def test_an_over_budget_store_is_shown_whole_with_a_warning_beside_it(demo: Path) -> None:
    # The release injects an over-budget store in full: the page must show that, not a cut prompt,
    # and say plainly that every add is refused meanwhile.
    (demo / "config.yaml").write_text("memory:\n  memory_char_limit: 300\n", encoding="utf-8")
    at = open_app("snapshot")
    no_exception(at)
    store = MemoryStore(resolve_home(demo))
    state = store.read("memory")
    assert state.usage > 300
    block = store.render_block("memory")
    injected = "\n§\n".join(sanitise(state.entries, "memory"))  # every entry, blocked ones as placeholders
    assert block.endswith(injected) and "OVER BUDGET" not in block and "truncated" not in block
    assert block in texts(at)
    warnings = [w.value for w in at.warning]
    assert any(
        w.startswith(f"MEMORY.md is over budget ({state.usage:,}/300 chars") and "refuses every add" in w
        for w in warnings
    ), warnings
    assert any(w.startswith("USER.md is over budget") for w in warnings) == store.read("user").over_budget


def test_unchanged_entries_fold_away_and_details_are_closed(demo: Path) -> None:
    """The diff lists only what differs; the 15 unchanged MEMORY.md entries are one folded line,
    and the full tables and blocks are closed expanders (the page fits in about two screens)."""
    at = open_app("snapshot")
    no_exception(at)
    diff = tables(at)[0].value
    assert list(diff["Change"]) == ["added", "added", "changed", "removed"]  # no "unchanged" rows
    folded = [e for e in at.expander if e.label == "15 unchanged entries"]
    assert len(folded) == 1
    listed = [t.value for t in folded[0].text][0].splitlines()
    assert len(listed) == 15 and all(line.startswith("· ") for line in listed)
    assert not any(e.proto.expanded for e in at.expander)  # every detail starts folded
    # One tab per file, named with what changed: the page is one file's diff tall.
    assert [t.label for t in at.tabs] == ["MEMORY.md: 4 changes", "USER.md: 7 changes"]  # short enough for a phone
    assert len(tables(at)) == 2  # the two diffs: both sides in full are behind a switch, off
    at.toggle(key="snap_full_memory").set_value(True).run()
    assert len(tables(at)) == 4 and [t.value.shape[0] for t in tables(at)[1:3]] == [17, 18]
