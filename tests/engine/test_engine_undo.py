"""Undo of one write (MemoryStore.undo) on real files: each refusal says what is wrong and where
to go instead, names the file and the backup, and leaves every file byte-identical."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hermes_dash import FileChanged, FileProblem
from hermes_dash.engine.io.readfile import MAX_MEMORY_BYTES
from hermes_dash.engine.rules.format import serialise
from hermes_dash.engine.state import digest

PG = "Tests need Postgres 16 on port 5433."
TEA = "The user drinks green tea."


@pytest.fixture
def written(store, write_mem):
    """A write that replaced existing bytes, so its undo names the backup it made."""
    write_mem("memory", serialise([PG]))
    write_mem("user", serialise([TEA]))
    result = store.add("memory", "Deploys go through make deploy.")
    assert result.undo is not None and result.undo.backup is not None
    return result.undo


def test_an_undo_after_a_later_change_is_refused_and_names_the_backup(store, home, tree, written):
    store.add("memory", "A later fact by the agent.")
    before = tree(home)
    with pytest.raises(FileChanged) as refused:
        store.undo(written)
    assert refused.value.message == (
        "MEMORY.md changed after that write, so undoing it would throw away the later change. Nothing was changed."
    )
    assert refused.value.hint == (
        "Look at the file as it is now (and at History), and make the change you want by hand."
    )
    assert (refused.value.target, refused.value.details) == ("memory", {"backup": written.backup})
    assert tree(home) == before


def test_an_undo_whose_backup_is_gone_is_refused_with_where_to_go(store, home, tree, written):
    (home / "memories" / written.backup).unlink()
    before = tree(home)
    with pytest.raises(FileProblem) as refused:
        store.undo(written)
    assert refused.value.message == (
        f"The backup {written.backup} that this write made is gone (or is no longer a plain file), so the "
        "write cannot be undone from it. Nothing was changed."
    )
    assert refused.value.hint == "Pick an older version on the History page instead."
    assert refused.value.target == "memory"
    assert tree(home) == before


def test_an_undo_whose_backup_cannot_be_read_is_refused_as_gone(store, home, tree, written):
    # Grown past what a memory file may hold: the backup is listed, but read_backup refuses it.
    with open(home / "memories" / written.backup, "ab") as f:
        f.truncate(MAX_MEMORY_BYTES + 1)
    before = tree(home)
    with pytest.raises(FileProblem, match="is gone \\(or is no longer a plain file\\)"):
        store.undo(written)
    assert tree(home) == before


def test_an_undo_whose_backup_was_edited_is_refused_and_names_the_file(store, home, tree, written):
    (home / "memories" / written.backup).write_bytes(b"Someone edited this backup.")
    before = tree(home)
    with pytest.raises(FileChanged) as refused:
        store.undo(written)
    assert refused.value.message == (
        f"The backup {written.backup} no longer holds what MEMORY.md held before that write. Nothing was changed."
    )
    assert refused.value.hint == "Pick a version on the History page instead."
    assert (refused.value.target, refused.value.details) == ("memory", {"backup": written.backup})
    assert tree(home) == before


def test_an_undo_of_one_file_never_reads_the_other_files_backup(store, home, tree, written):
    """A token for USER.md naming MEMORY.md's backup (and that backup's digest, so every digest
    matches) must not pour MEMORY.md's old entries into USER.md."""
    memories = home / "memories"
    user_now = (memories / "USER.md").read_bytes()
    forged = replace(
        written,
        target="user",
        restores=digest((memories / written.backup).read_bytes()),
        left=digest(user_now),
    )
    before = tree(home)
    with pytest.raises(FileProblem, match="is gone"):
        store.undo(forged)
    assert tree(home) == before
