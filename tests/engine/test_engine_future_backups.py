"""Retention with backups named for a future date (clock skew, a home copied from elsewhere).

With ``backups_keep: 2`` and three backups named for 2999, a restore then an add deleted the
backup holding the pre-restore content and kept a fake one. Retention orders by what is known
to be true: a name in the future is suspect and counts as the oldest; what a reply named is
never deleted; and the reply says that names in the future were seen.
"""

from __future__ import annotations

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
