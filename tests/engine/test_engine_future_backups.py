"""Retention with backups named for a future date (clock skew, a home copied from elsewhere).

With ``backups_keep: 2`` and three backups named for 2999, a restore then an add deleted the
backup holding the pre-restore content and kept a fake one. Retention orders by what is known
to be true: a name in the future is suspect and counts as the oldest; what a reply named is
never deleted; and the reply says that names in the future were seen.
"""

from __future__ import annotations

from datetime import UTC

from hermes_dash import MemoryStore, resolve_home

FAKE = [f"MEMORY.md.bak.29990101-00000{i}" for i in range(3)]


def _future_named_backups(home, write_mem, write_config):
    write_config("dashboard:\n  backups_keep: 2\n")
    write_mem("memory", "Original entry.")
    folder = home / "memories"
    for name in FAKE:
        (folder / name).write_text("Fake future content.")
    return MemoryStore(resolve_home(home)), folder


def test_a_restore_then_an_add_keeps_the_pre_restore_backup_over_future_named_ones(home, write_mem, write_config):
    store, folder = _future_named_backups(home, write_mem, write_config)
    first = store.add("memory", "Second entry.")  # backup of "Original entry."
    assert first.backup is not None
    restored = store.restore(first.backup.name)  # backup of the two entries (pre-restore)
    assert restored.backup is not None
    pre_restore = restored.backup.name
    assert (folder / first.backup.name).exists(), "the backup a restore was made from is kept"
    store.add("memory", "Third entry.")
    names = {p.name for p in folder.iterdir()}
    assert pre_restore in names
    assert (folder / pre_restore).read_text() == "Original entry.\n§\nSecond entry."
    assert not any(n in names for n in FAKE[1:]), "the suspect future names went first"


def test_the_reply_says_that_names_are_in_the_future(home, write_mem, write_config):
    store, _ = _future_named_backups(home, write_mem, write_config)
    result = store.add("memory", "Second entry.")
    assert any("named for a future date" in note and "29990101-000000" in note for note in result.notes)
    (note,) = result.notes
    assert result.message == f"Entry added. {note}"
    assert result.to_dict()["notes"] == list(result.notes)


def test_pruning_by_hand_takes_future_names_first(home, write_mem, write_config):
    store, folder = _future_named_backups(home, write_mem, write_config)
    real = store.backup("memory")
    assert real is not None
    doomed = {b.name for b in store.prune_preview("memory", 1)}
    assert real.name not in doomed and set(FAKE) <= doomed


def test_a_future_named_backup_holding_the_same_bytes_is_not_taken_as_the_backup(home, write_mem, write_config):
    """The write's backup must be one retention keeps: a name for 2999 holding the very bytes
    being replaced is suspect (deleted first), so a fresh, truthfully named backup is made."""
    store, folder = _future_named_backups(home, write_mem, write_config)
    for name in FAKE:
        (folder / name).write_text("Original entry.")
    result = store.add("memory", "Second entry.")
    assert result.backup is not None and result.backup.name not in FAKE
    assert (folder / result.backup.name).read_text() == "Original entry."


def _named(folder, *names):
    from hermes_dash.engine.io import backups as _backups

    return [_backups.parse_name(name, folder) for name in names]


def test_the_note_names_three_and_counts_the_rest_in_one_sentence(tmp_path):
    from datetime import datetime

    from hermes_dash.engine.io import backups as _backups

    now = datetime(2026, 12, 1, 12, 0, 0, tzinfo=UTC)
    future = [f"MEMORY.md.bak.2999010{i}-000000" for i in range(1, 6)]
    listing = _named(tmp_path, *future, "MEMORY.md.bak.20261201-115959", "MEMORY.md.bak.29990101")
    assert _backups.future_note(listing, now) == (
        "5 backups are named for a future date (MEMORY.md.bak.29990101-000000, MEMORY.md.bak.29990102-000000, "
        "MEMORY.md.bak.29990103-000000 and 2 more): the clock was wrong when they were made, or they came from "
        "elsewhere. Retention counts them as the oldest, so they are deleted before any real backup."
    )
    (one,) = _named(tmp_path, future[0])
    assert _backups.future_note([one], now) == (
        "1 backup is named for a future date (MEMORY.md.bak.29990101-000000): the clock was wrong when they were "
        "made, or they came from elsewhere. Retention counts them as the oldest, so they are deleted before any "
        "real backup."
    )
    assert _backups.future_note(listing[5:], now) is None  # a real name, and a daily copy (never suspect)


def test_the_slack_is_ten_minutes_of_the_clock_given_not_of_the_machines(tmp_path):
    """Judged against the ``now`` passed in (the machine's clock only when none is): exactly
    FUTURE_SLACK_S ahead is still trusted, one second more is not."""
    from datetime import datetime

    from hermes_dash.engine.io import backups as _backups

    now = datetime(2020, 1, 1, 0, 0, 0, tzinfo=UTC)
    edge, past_edge, today = _named(
        tmp_path, "MEMORY.md.bak.20200101-001000", "MEMORY.md.bak.20200101-001001", "MEMORY.md.bak.20200101-000000"
    )
    assert not _backups.in_future(edge, now) and _backups.in_future(past_edge, now)
    assert not _backups.in_future(past_edge)  # by the machine's clock, 2020 is long past
    assert [b.name for b in _backups.retention_order([past_edge, today, edge], now)] == [
        edge.name,
        today.name,
        past_edge.name,
    ]
    assert _backups.future_note([edge, today], now) is None
    assert past_edge.name in (_backups.future_note([edge, past_edge], now) or "")


def test_suspect_names_are_ordered_by_the_files_own_time_newest_first(tmp_path):
    """Among names in the future the file's modification time decides (newest kept longest), a
    file that vanished counting as the oldest; the real names come first, newest first."""
    import os

    from hermes_dash.engine.io import backups as _backups

    names = ["MEMORY.md.bak.29990101-000000", "MEMORY.md.bak.29990102-000000", "MEMORY.md.bak.20260101-000000"]
    for name, mtime in zip(names, (2_000_000_000, 1_000_000_000, 1_500_000_000)):
        (tmp_path / name).write_text(name)
        os.utime(tmp_path / name, (mtime, mtime))
    gone, *listing = _named(tmp_path, "MEMORY.md.bak.29990103-000000", *names)
    order = [b.name for b in _backups.retention_order([gone, *listing])]
    assert order == [names[2], names[0], names[1], gone.name]


def test_the_note_at_two_three_and_four_names(tmp_path):
    from datetime import datetime

    from hermes_dash.engine.io import backups as _backups

    now = datetime(2026, 12, 1, tzinfo=UTC)
    names = [f"MEMORY.md.bak.2999010{i}-000000" for i in range(1, 5)]
    listing = _named(tmp_path, *names)
    two, three, four = (_backups.future_note(listing[:n], now) or "" for n in (2, 3, 4))
    assert two.startswith(f"2 backups are named for a future date ({names[0]}, {names[1]}): ")
    assert three.startswith(f"3 backups are named for a future date ({', '.join(names[:3])}): ")
    assert four.startswith(f"4 backups are named for a future date ({', '.join(names[:3])} and 1 more): ")
