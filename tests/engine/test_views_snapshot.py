"""The snapshot a running session uses (its own, or one frozen here) and how it is compared
with the live files (docs/rules.md#snapshot): real state.db files, real frozen files."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from hermes_dash.engine.invocation import printed_command
from hermes_dash.engine.rules.errors import InvalidRequest
from hermes_dash.engine.store import MemoryStore
from hermes_dash.engine.views.render import RULE, render_block
from hermes_dash.engine.views.sessions import Session, read_sessions
from hermes_dash.engine.views.snapshot import (
    FROZEN_NAME,
    Snapshot,
    choose_snapshot,
    compare_snapshot,
    diff_live,
    frozen_snapshot_path,
    load_frozen_snapshot,
    newest_snapshot,
    session_snapshot,
    snapshot_since,
)

BLOCKED = "cat .env"  # a text the content scan blocks: injected as its [BLOCKED: ...] note
STARTED = datetime(2026, 11, 29, 8, 15, tzinfo=UTC)


def prompt(memory: list[str], user: list[str] | None = None) -> str:
    blocks = [render_block("memory", memory, 2200)] + ([render_block("user", user, 1375)] if user else [])
    return "You are Hermes.\n\n" + "\n\n".join(b for b in blocks if b) + "\n\n# Tools\n..."


def make_db(path: Path, rows: list[tuple[str, str, float | None, str]]) -> None:
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT, started_at REAL, ended_at REAL, system_prompt TEXT)"
    )
    conn.executemany("INSERT INTO sessions (id, source, started_at, system_prompt) VALUES (?,?,?,?)", rows)
    conn.commit()
    conn.close()


def write_frozen(store: MemoryStore, record: object) -> Path:
    path = frozen_snapshot_path(store)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record), "utf-8")
    return path


def frozen_record(taken_at: str = "2026-12-01T10:00:00+00:00", memory: list[str] | None = None) -> dict[str, object]:
    return {
        "taken_at": taken_at,
        "blocks": {"memory": "m", "user": "u"},
        "entries": {"memory": memory or ["frozen fact"], "user": []},
    }


# -- a session's snapshot ------------------------------------------------------------------------


def test_a_sessions_snapshot_holds_its_blocks_and_leaves_an_absent_one_empty() -> None:
    session = Session("s1", "cli", STARTED, None, prompt(["alpha", "beta"]))
    assert session_snapshot(session) == Snapshot(
        source="session s1 (cli)",
        taken_at=STARTED,
        blocks={"memory": "alpha\n§\nbeta", "user": ""},
        entries={"memory": ("alpha", "beta"), "user": ()},
        truncated={"memory": False, "user": False},
        note=None,
    )
    assert session_snapshot(Session("s2", "", None, None, prompt(["a"], ["b"]))).source == "session s2"


def test_a_sessions_snapshot_says_which_block_was_cut_and_why_a_long_prompt_may_miss_one() -> None:
    entries = [f"entry {i:03d} " + "z" * 90 for i in range(60)]
    content = "\n§\n".join(entries)
    used, head, tail = (
        len(content),
        3080,
        880,
    )  # 70 % and 20 % of max(2 x 2,200, 4,000): a block as the unreleased commit cut it
    note = (
        f"\n\n[... {used - head - tail:,} chars truncated — memory over budget ({used:,}/2,200); "
        "consolidate via memory(action=remove/replace) ...]\n\n"
    )
    header = f"MEMORY (your personal notes) [100% — {used:,}/2,200 chars ⚠ OVER BUDGET]"
    cut = f"{RULE}\n{header}\n{RULE}\n" + content[:head] + note + content[-tail:]
    text = "You are Hermes.\n\n" + cut + "\n\n" + render_block("user", ["u"], 1375)
    snap = session_snapshot(Session("s1", "cli", STARTED, None, text, prompt_length=len(text)))
    assert snap.truncated == {"memory": True, "user": False} and snap.note is None
    long = Session("s1", "cli", STARTED, None, text, prompt_length=len(text) + 1)
    assert session_snapshot(long).note == long.prompt_note() and "not a real one" in str(long.prompt_note())


# -- a snapshot frozen here ------------------------------------------------------------------------


def test_the_frozen_snapshot_lives_beside_the_memory_files(store: MemoryStore) -> None:
    assert frozen_snapshot_path(store) == store.home.memories_dir / FROZEN_NAME
    assert FROZEN_NAME == ".hermes-dash-snapshot.json"


def test_a_frozen_record_is_read_with_missing_parts_empty_and_every_entry_as_text(store: MemoryStore) -> None:
    write_frozen(
        store, {"taken_at": "2026-12-01T10:00:00+00:00", "blocks": {"memory": "m"}, "entries": {"memory": ["a", 5]}}
    )
    assert load_frozen_snapshot(store) == Snapshot(
        "frozen in hermes-dash",
        datetime(2026, 12, 1, 10, tzinfo=UTC),
        {"memory": "m", "user": ""},
        {"memory": ("a", "5"), "user": ()},
        {"memory": False, "user": False},
    )
    write_frozen(store, frozen_record(taken_at="yesterday"))
    loaded = load_frozen_snapshot(store)
    assert loaded is not None and loaded.taken_at is None and loaded.entries["memory"] == ("frozen fact",)


@pytest.mark.parametrize(
    "record",
    [
        ["not", "a", "record"],
        {"blocks": {}, "entries": {}},  # no time
        {"taken_at": "2026-12-01T10:00:00", "entries": {}},  # no blocks
        {"taken_at": "2026-12-01T10:00:00", "blocks": {}},  # no entries
        {"taken_at": "2026-12-01T10:00:00", "blocks": ["m"], "entries": {}},
        {"taken_at": "2026-12-01T10:00:00", "blocks": {}, "entries": {"memory": 5}},
        {"taken_at": "2026-12-01T10:00:00", "blocks": {}, "entries": {"memory": [[["five deep"]]]}},
    ],
)
def test_a_frozen_file_of_another_shape_is_no_snapshot(store: MemoryStore, record: object) -> None:
    write_frozen(store, record)
    assert load_frozen_snapshot(store) is None


def test_a_frozen_record_four_levels_deep_is_still_read(store: MemoryStore) -> None:
    write_frozen(store, {"taken_at": "2026-12-01T10:00:00", "blocks": {}, "entries": {"memory": [["four deep"]]}})
    assert load_frozen_snapshot(store).entries["memory"] == ("['four deep']",)  # type: ignore[union-attr]


def test_a_frozen_file_that_is_not_json_or_is_a_link_is_no_snapshot(store: MemoryStore, tmp_path: Path) -> None:
    path = write_frozen(store, frozen_record())
    assert load_frozen_snapshot(store) is not None
    path.write_bytes(b"{not json")
    assert load_frozen_snapshot(store) is None
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text(json.dumps(frozen_record()), "utf-8")
    path.unlink()
    path.symlink_to(elsewhere)
    assert load_frozen_snapshot(store) is None


def test_a_large_frozen_file_is_read_whole_up_to_its_own_cap(store: MemoryStore) -> None:
    """Past the JSON reader's default 4 MiB: the snapshot's cap is its own (64 MiB)."""
    big = ["x" * 1000 + str(i) for i in range(5000)]
    write_frozen(store, frozen_record(memory=big))
    assert frozen_snapshot_path(store).stat().st_size > 5_000_000
    assert load_frozen_snapshot(store).entries["memory"] == tuple(big)  # type: ignore[union-attr]


# -- comparing ------------------------------------------------------------------------------------


def frozen(entries: list[str]) -> Snapshot:
    return Snapshot("frozen in hermes-dash", STARTED, {}, {"memory": tuple(entries)}, {})


def test_a_blocked_entry_is_compared_as_the_note_a_session_holds() -> None:
    session = session_snapshot(Session("s1", "cli", STARTED, None, prompt(["kept", BLOCKED])))
    assert session.entries["memory"][1].startswith("[BLOCKED:")
    diff = compare_snapshot(session, "memory", ["kept", BLOCKED])
    assert diff.identical and diff.counts["unchanged"] == 2
    assert snapshot_since(session, "memory", ["kept", BLOCKED, "fresh"]) == ("unchanged", "unchanged", "added")


def test_since_the_snapshot_each_live_entry_is_unchanged_changed_or_added() -> None:
    snap = frozen(["Deploys go out on Fridays.", "server runs on port 8080 behind nginx", "gone entirely"])
    live = ["server runs on port 8081 behind nginx", "Deploys go out on Fridays.", "Likes green tea."]
    assert snapshot_since(snap, "memory", live) == ("changed", "unchanged", "added")
    assert [i.kind for i in compare_snapshot(snap, "memory", live).items] == [
        "changed",
        "unchanged",
        "added",
        "removed",
    ]


def test_a_target_the_snapshot_does_not_hold_is_all_added() -> None:
    assert compare_snapshot(frozen(["a"]), "user", ["Name: Sam"]).counts == {
        "added": 1,
        "removed": 0,
        "changed": 0,
        "unchanged": 0,
    }


def test_the_live_comparison_reads_the_target_asked_for(store: MemoryStore) -> None:
    store.add("memory", "memory fact")
    store.add("user", "Name: Sam")
    snap = Snapshot("frozen in hermes-dash", STARTED, {}, {"memory": ("memory fact",), "user": ()}, {})
    assert diff_live(store, snap, "memory").identical
    assert [(i.kind, i.new) for i in diff_live(store, snap, "user").items] == [("added", "Name: Sam")]


# -- which snapshot -------------------------------------------------------------------------------


def test_with_neither_a_session_nor_a_freeze_there_is_no_snapshot_and_the_refusal_says_why(store: MemoryStore) -> None:
    assert newest_snapshot(store) is None
    with pytest.raises(InvalidRequest) as refused:
        choose_snapshot(store)
    problem = read_sessions(store.home.state_db, 1).problem
    assert problem and refused.value.message == f"There is no snapshot to compare with. {problem}"
    assert refused.value.hint == (
        f"Freeze one now with `{printed_command('snapshot', '--freeze')}`, "
        f"then run `{printed_command('snapshot')}` later."
    )
    make_db(store.home.state_db, [])  # a database that reads fine, with no session in it: no problem to tell
    with pytest.raises(InvalidRequest) as refused:
        choose_snapshot(store)
    assert refused.value.message == "There is no snapshot to compare with."


def test_the_newest_session_is_the_snapshot_when_nothing_was_frozen(store: MemoryStore) -> None:
    make_db(
        store.home.state_db,
        [
            ("old", "cli", STARTED.timestamp() - 60, prompt(["older"])),
            ("new", "cli", STARTED.timestamp(), prompt(["newer"])),
        ],
    )
    snap, session_id = newest_snapshot(store)  # type: ignore[misc]
    assert session_id == "new" and snap.entries["memory"] == ("newer",)
    assert choose_snapshot(store)[1] == "new"


def test_a_freeze_is_the_snapshot_when_there_is_no_session(store: MemoryStore) -> None:
    write_frozen(store, frozen_record())
    snap, session_id = newest_snapshot(store)  # type: ignore[misc]
    assert session_id is None and snap.entries["memory"] == ("frozen fact",)


@pytest.mark.parametrize(
    ("taken_at", "chosen"),
    [
        ("2026-11-29T08:15:01+00:00", None),  # frozen after the session started: the freeze
        ("2026-11-29T08:15:00+00:00", "s1"),  # at the same moment: the session
        ("2026-11-29T08:14:59+00:00", "s1"),
        ("not a time", "s1"),  # a freeze of unknown age: the session
    ],
)
def test_the_newer_of_the_session_and_the_freeze_is_compared_with(
    store: MemoryStore, taken_at: str, chosen: str | None
) -> None:
    make_db(store.home.state_db, [("s1", "cli", STARTED.timestamp(), prompt(["session fact"]))])
    write_frozen(store, frozen_record(taken_at=taken_at))
    snap, session_id = newest_snapshot(store)  # type: ignore[misc]
    assert session_id == chosen
    assert snap.entries["memory"] == (("frozen fact",) if chosen is None else ("session fact",))


def test_a_session_of_unknown_start_is_kept_over_a_freeze(store: MemoryStore) -> None:
    make_db(store.home.state_db, [("s1", "cli", None, prompt(["session fact"]))])
    write_frozen(store, frozen_record())
    assert newest_snapshot(store)[1] == "s1"  # type: ignore[index]


def test_a_session_asked_for_by_id_is_that_one_or_a_refusal_naming_it(store: MemoryStore) -> None:
    make_db(
        store.home.state_db,
        [
            ("old", "cli", STARTED.timestamp() - 60, prompt(["older"])),
            ("new", "cli", STARTED.timestamp(), prompt(["newer"])),
        ],
    )
    write_frozen(store, frozen_record(taken_at="2027-01-01T00:00:00+00:00"))
    snap, session_id = choose_snapshot(store, "old")
    assert session_id == "old" and snap.entries["memory"] == ("older",) and snap.source == "session old (cli)"
    with pytest.raises(InvalidRequest) as refused:
        choose_snapshot(store, "nope")
    assert refused.value.message == f"There is no session 'nope' with a system prompt in {store.home.state_db}."
    assert refused.value.hint == "Leave out --session for the newest session."


def test_a_refused_session_says_why_the_database_could_not_be_read(store: MemoryStore) -> None:
    store.home.state_db.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(InvalidRequest) as refused:
        choose_snapshot(store, "s1")
    head = f"There is no session 's1' with a system prompt in {store.home.state_db}. "
    assert refused.value.message.startswith(head) and len(refused.value.message) > len(head)
    with pytest.raises(InvalidRequest) as none:
        choose_snapshot(store)
    assert none.value.message.startswith("There is no snapshot to compare with. ") and none.value.message.endswith(
        refused.value.message[len(head) :]
    )


def test_a_blocked_user_entry_is_compared_as_the_user_files_note() -> None:
    session = session_snapshot(Session("s1", "cli", STARTED, None, prompt(["m"], ["Name: Sam", BLOCKED])))
    assert session.entries["user"][1].startswith("[BLOCKED: USER.md entry")
    assert compare_snapshot(session, "user", ["Name: Sam", BLOCKED]).identical
    assert snapshot_since(session, "user", ["Name: Sam", BLOCKED]) == ("unchanged", "unchanged")
    # A frozen snapshot holds the entries as written: both sides are blocked as the user file's.
    held = Snapshot("frozen in hermes-dash", STARTED, {}, {"user": ("Name: Sam", BLOCKED)}, {})
    assert compare_snapshot(held, "user", ["Name: Sam", BLOCKED]).identical


# -- freezing one ---------------------------------------------------------------------------------


def test_a_freeze_records_both_files_blocks_and_entries_at_a_utc_moment(store: MemoryStore) -> None:
    from hermes_dash.engine.freeze import freeze_snapshot

    store.add("memory", "memory fact")
    store.add("user", "Name: Sam")
    snap = freeze_snapshot(store)
    assert snap.entries == {"memory": ("memory fact",), "user": ("Name: Sam",)}
    assert snap.blocks == {"memory": store.render_block("memory"), "user": store.render_block("user")}
    record = json.loads(frozen_snapshot_path(store).read_text("utf-8"))
    assert (
        record["taken_at"].endswith("+00:00")
        and snap.taken_at is not None
        and snap.taken_at.utcoffset().total_seconds() == 0
    )  # type: ignore[union-attr]


def test_the_frozen_file_is_readable_utf_8_indented_by_one_space(store: MemoryStore) -> None:
    """A file beside the memory files that people open: text as it is (no \\u escapes), one
    key a line."""
    from hermes_dash.engine.freeze import freeze_snapshot

    store.add("user", "Café ☕ at nine")
    freeze_snapshot(store)
    raw = frozen_snapshot_path(store).read_bytes()
    assert "Café ☕ at nine".encode() in raw and b"\\u" not in raw
    assert raw.startswith(b'{\n "taken_at": ') and b'\n  "memory": ' in raw
