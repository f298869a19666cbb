"""Pruning dated backups by hand (docs/rules.md#backups): preview, keep N, refusals, what is never touched."""

from __future__ import annotations

import os
import shutil
import tempfile
from datetime import UTC
from pathlib import Path

import pytest
from unprivileged import run_unprivileged

from hermes_dash import FileChanged, FileProblem, InvalidRequest, MemoryStore, Settings, resolve_home

DATED = [f"MEMORY.md.bak.20261101-0000{i:02d}" for i in range(6)]  # oldest first
USER_DATED = ["USER.md.bak.20261102-000000", "USER.md.bak.20261102-000001"]
OTHERS = [
    "MEMORY.md.bak.20200101",
    "MEMORY.md.bak.1600000000",
    "USER.md.bak.20200102",
    "MEMORY.md.bak.notadate",
    "NOTES.md.bak.20261101-000000",
]


@pytest.fixture
def folder(home: Path, write_mem) -> Path:
    write_mem("memory", "live fact")
    write_mem("user", "live preference")
    for name in [*DATED, *USER_DATED, *OTHERS]:
        write_mem(name, name)
    return home / "memories"


def names(backups) -> list[str]:
    return [b.name for b in backups]


def present(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def test_preview_lists_the_oldest_dated_backups_beyond_keep_and_deletes_nothing(
    store: MemoryStore, folder: Path, tree
) -> None:
    before = tree(folder)
    assert names(store.prune_preview("memory", 2)) == DATED[3::-1]
    assert names(store.prune_preview(None, 1)) == [*DATED[4::-1], USER_DATED[0]]
    assert tree(folder) == before


def test_prune_keeps_the_newest_n_dated_and_only_touches_dated_backups(store: MemoryStore, folder: Path) -> None:
    removed = store.prune_backups("memory", 2)
    assert names(removed) == DATED[3::-1]
    left = present(folder)
    assert not left & set(DATED[:4])
    assert set(DATED[4:]) <= left and set(USER_DATED) <= left and set(OTHERS) <= left
    assert (folder / "MEMORY.md").read_text() == "live fact"
    assert store.prune_backups("memory", 2) == []  # nothing more to do


def test_prune_both_files_with_the_previewed_names(store: MemoryStore, folder: Path) -> None:
    shown = names(store.prune_preview(None, 1))
    assert names(store.prune_backups(None, 1, expect=shown)) == shown
    left = present(folder)
    assert DATED[-1] in left and USER_DATED[-1] in left and not left & set(shown)
    assert set(OTHERS) <= left


def test_preview_mismatch_is_refused_and_nothing_is_deleted(store: MemoryStore, folder: Path, tree) -> None:
    shown = names(store.prune_preview("memory", 3))
    store.add("memory", "a write meanwhile")  # makes a new dated backup: one more would go now
    before = tree(folder)
    with pytest.raises(FileChanged) as refused:
        store.prune_backups("memory", 3, expect=shown)
    assert "changed since the preview" in refused.value.message and "Nothing was deleted" in refused.value.message
    assert tree(folder) == before
    # A name that would no longer go is refused too (someone deleted a backup by hand).
    shown = names(store.prune_preview("memory", 3))
    (folder / shown[0]).unlink()
    before = tree(folder)
    with pytest.raises(FileChanged):
        store.prune_backups("memory", 3, expect=shown)
    assert tree(folder) == before


@pytest.mark.parametrize("keep", [0, -1, -(10**9), True, 2.5, "3", None])
def test_bad_keep_is_refused_clearly(store: MemoryStore, folder: Path, tree, keep) -> None:
    before = tree(folder)
    for call in (lambda: store.prune_preview("memory", keep), lambda: store.prune_backups("memory", keep)):
        with pytest.raises(InvalidRequest) as refused:
            call()
        assert "Nothing was deleted" in refused.value.message and refused.value.hint
    assert tree(folder) == before


def test_keep_one_never_deletes_the_newest_and_a_huge_keep_deletes_nothing(
    store: MemoryStore, folder: Path, tree
) -> None:
    before = tree(folder)
    assert store.prune_backups(None, 10**12) == [] and store.prune_preview(None, 10**12) == []
    assert tree(folder) == before
    store.prune_backups("memory", 1)
    assert [n for n in present(folder) if n in DATED] == [DATED[-1]]


def test_links_with_backup_names_are_never_followed_nor_deleted(
    store: MemoryStore, home: Path, folder: Path, tmp_path: Path
) -> None:
    private = tmp_path / "private.txt"
    private.write_text("not a backup")
    link = folder / "MEMORY.md.bak.20200101-000000"  # would sort as the oldest dated backup
    link.symlink_to(private)
    assert link.name not in names(store.prune_preview("memory", 1))
    store.prune_backups("memory", 1)
    assert link.is_symlink() and private.read_text() == "not a backup"


def test_a_backup_swapped_for_a_link_after_the_listing_is_left_alone(
    store: MemoryStore, folder: Path, tmp_path: Path, monkeypatch
) -> None:
    """Between listing and deleting, a backup's name may come to be a link: it is not a backup then."""
    private = tmp_path / "private.txt"
    private.write_text("keep me")
    real_backups = MemoryStore.backups

    def listing_then_swap(self, target=None):
        listed = real_backups(self, target)
        victim = folder / DATED[0]
        if victim.exists() and not victim.is_symlink():
            victim.unlink()
            victim.symlink_to(private)
        return listed

    monkeypatch.setattr(MemoryStore, "backups", listing_then_swap)
    removed = store.prune_backups("memory", 2)
    assert DATED[0] not in names(removed)
    assert (folder / DATED[0]).is_symlink() and private.read_text() == "keep me"


def test_prune_without_memories_folder_creates_nothing(store: MemoryStore, home: Path) -> None:
    assert store.prune_backups(None, 1, expect=[]) == []
    assert list(home.iterdir()) == []


def test_a_folder_that_refuses_deletion_is_reported_and_nothing_is_deleted(tmp_path: Path, tree) -> None:
    """Root ignores folder modes, so the store runs as uid 65534 (tests/support/unprivileged.py)."""
    base = Path(tempfile.mkdtemp(prefix="hermes-prune-", dir="/tmp"))
    try:
        os.chmod(base, 0o755)
        folder = base / "hermes" / "memories"
        folder.mkdir(parents=True)
        for name in DATED:
            (folder / name).write_text(name)
        if os.geteuid() == 0:
            for path in (folder.parent, folder, *folder.iterdir()):
                os.chown(path, 65534, 65534)
        (folder / "MEMORY.md.lock").touch(mode=0o666)  # the lock can be taken; only deleting fails
        os.chmod(folder / "MEMORY.md.lock", 0o666)
        before = tree(folder)
        folder.chmod(0o555)

        def prune() -> str:
            try:
                MemoryStore(resolve_home(folder.parent)).prune_backups("memory", 2)
            except FileProblem as refused:
                return f"{refused.message} | {refused.hint}"
            return "deleted"

        said = run_unprivileged(prune)
        folder.chmod(0o755)
        assert "Could not delete" in said and "Nothing was deleted." in said and "permissions" in said, said
        assert tree(folder) == before
    finally:
        shutil.rmtree(base)


# -- retention after a write (the pipeline's _prune): what it counts and what it never deletes ------------


def _dated_names(store: MemoryStore) -> list[str]:
    return [b.name for b in store.backups("memory") if b.style == "dated"]


def test_a_restore_never_prunes_the_backup_it_was_made_from(home: Path, write_mem, write_config) -> None:
    """Restoring the oldest dated backup at the retention limit: the write's own new backup and
    the restore's source both stay, whatever their age."""
    write_config("dashboard:\n  backups_keep: 3\n")
    store = MemoryStore(resolve_home(home))
    write_mem("memory", "version 0")
    for n in range(1, 5):
        store.add("memory", f"version {n}")
    oldest = store.backups("memory")[-1]
    assert oldest.style == "dated" and len(_dated_names(store)) == 3
    result = store.restore(oldest.name)
    assert result.changed
    assert oldest.path.is_file(), "retention deleted the backup the restore was made from"
    assert result.backup is not None and result.backup.path.is_file()
    assert len(_dated_names(store)) == 3  # the source counts towards the number kept


def test_a_protected_daily_or_drift_copy_does_not_count_towards_the_dated_ones_kept(home: Path, write_mem) -> None:
    """Only dated backups are counted by retention: restoring from a person's daily copy (or the
    agent's drift copy) must not make retention keep one dated backup fewer."""
    store = MemoryStore(resolve_home(home))
    write_mem("memory", "from the daily copy")
    daily = write_mem("MEMORY.md.bak.20200101", "from the daily copy, restored")
    drift = write_mem("MEMORY.md.bak.1600000000", "the agent's drift copy")
    write_mem("memory", "version 0")
    keep = store.settings.backups_keep
    for n in range(1, keep + 3):
        store.add("memory", f"version {n}")
    assert len(_dated_names(store)) == keep
    store.restore(daily.name)
    assert len(_dated_names(store)) == keep, "the protected daily copy was counted as a dated one"
    store.restore(drift.name)
    assert len(_dated_names(store)) == keep, "the protected drift copy was counted as a dated one"
    assert daily.is_file() and drift.is_file()


def test_retention_never_deletes_the_backup_a_write_just_relied_on(home, write_mem):
    store = MemoryStore(resolve_home(home), Settings(backups_keep=1))
    write_mem("memory", "one")
    kept = store.backup("memory")
    result = store.add("memory", "two")
    assert result.backup == kept and kept.path.read_bytes() == b"one"
    assert [b.name for b in store.backups("memory")] == [kept.name]
    store.add("memory", "three")
    store.add("memory", "four")
    left = store.backups("memory")
    assert len(left) == 1 and left[0].path.read_bytes() == "one\n§\ntwo\n§\nthree".encode()


def test_a_write_succeeds_when_pruning_old_backups_fails(home, write_mem, monkeypatch):
    import errno

    store = MemoryStore(resolve_home(home), Settings(backups_keep=0))
    path = write_mem("memory", "one")
    real_unlink = os.unlink

    def refuse_backups(p, *a, **k):
        if ".bak." in str(p):
            raise OSError(errno.EPERM, "Operation not permitted")
        return real_unlink(p, *a, **k)

    monkeypatch.setattr(os, "unlink", refuse_backups)
    import pathlib

    monkeypatch.setattr(pathlib.Path, "unlink", lambda self, missing_ok=False: refuse_backups(self))
    result = store.add("memory", "two")
    monkeypatch.undo()
    assert result.changed and path.read_bytes() == "one\n§\ntwo".encode()


def test_prune_without_a_listing_reads_the_folder(tmp_path):
    from datetime import datetime, timedelta

    from hermes_dash.engine.io.backups import create_dated, list_backups, prune

    start = datetime(2026, 11, 29, tzinfo=UTC)
    made = [create_dated(tmp_path, "memory", bytes([i]), now=start + timedelta(minutes=i)) for i in range(4)]
    (tmp_path / "MEMORY.md.bak.20261101").write_bytes(b"daily")
    create_dated(tmp_path, "user", b"u", now=start)
    removed = prune(tmp_path, "memory", 2)
    assert sorted(b.name for b in removed) == sorted(b.name for b in made[:2])
    assert [b.name for b in list_backups(tmp_path, "memory")] == [made[3].name, made[2].name, "MEMORY.md.bak.20261101"]
    assert len(list_backups(tmp_path, "user")) == 1


def test_prune_skips_a_backup_someone_else_already_deleted(tmp_path):
    from datetime import datetime, timedelta

    from hermes_dash.engine.io.backups import create_dated, list_backups, prune

    start = datetime(2026, 11, 29, tzinfo=UTC)
    made = [create_dated(tmp_path, "memory", bytes([i]), now=start + timedelta(minutes=i)) for i in range(3)]
    listing = list_backups(tmp_path, "memory")
    made[0].path.unlink()
    removed = prune(tmp_path, "memory", 1, listing)
    assert [b.name for b in removed] == [made[1].name]
    assert [b.name for b in list_backups(tmp_path, "memory")] == [made[2].name]


def test_retention_with_keep_0_keeps_only_the_backup_the_write_names(home, write_mem, monkeypatch):
    import errno
    import pathlib

    store = MemoryStore(resolve_home(home), Settings(backups_keep=0))
    write_mem("memory", "one")
    first = store.add("memory", "two").backup
    second = store.add("memory", "three").backup
    assert [b.name for b in store.backups("memory")] == [second.name] and not first.path.exists()
    real_unlink = pathlib.Path.unlink

    def refuse(self, missing_ok=False):
        if ".bak." in self.name:
            raise OSError(errno.EPERM, "Operation not permitted")
        return real_unlink(self, missing_ok)

    monkeypatch.setattr(pathlib.Path, "unlink", refuse)
    third = store.add("memory", "four")  # pruning `second` fails: still saved
    monkeypatch.undo()
    assert third.changed and third.backup.path.exists() and second.path.exists()


# -- the refusals' words, one file at a time, and the races between listing and deleting ---------------


def test_a_preview_mismatch_says_what_would_go_now_and_names_its_file(store: MemoryStore, folder: Path) -> None:
    with pytest.raises(FileChanged) as refused:
        store.prune_backups("memory", 4, expect=["MEMORY.md.bak.20261101-000005"])
    assert refused.value.message == (
        "The backups changed since the preview, so it no longer shows what would be "
        f"deleted (now: {DATED[1]}, {DATED[0]}). Nothing was deleted."
    )
    assert refused.value.hint == "Look at the new preview and confirm again."
    assert refused.value.target == "memory"
    with pytest.raises(FileChanged) as refused:
        store.prune_backups("memory", 10, expect=[DATED[0]])
    assert "(now: none)." in refused.value.message


def test_one_previewed_name_may_be_given_as_a_string(store: MemoryStore, folder: Path) -> None:
    assert names(store.prune_backups("memory", 5, expect=DATED[0])) == [DATED[0]]


def test_pruning_one_file_leaves_the_other_files_backups_alone(store: MemoryStore, folder: Path) -> None:
    assert names(store.prune_preview("user", 1)) == [USER_DATED[0]]
    assert names(store.prune_backups("user", 1)) == [USER_DATED[0]]
    assert set(DATED) <= present(folder)


def test_bad_keep_refusals_say_what_to_give(store: MemoryStore, folder: Path) -> None:
    with pytest.raises(InvalidRequest) as refused:
        store.prune_backups("memory", "3")
    assert refused.value.hint == "Give a number of 1 or more, for example 10."
    with pytest.raises(InvalidRequest) as refused:
        store.prune_backups("memory", 0)
    assert refused.value.hint == (
        "Keep at least 1: the newest backup may be the only copy of what the last write replaced."
    )


def test_pruning_waits_on_the_files_own_lock(home: Path, write_mem) -> None:
    """Dated backups alone (no daily copy beside them) are pruned under that file's lock, the
    lock writers prune under; the other file's lock is neither taken nor created."""
    import fcntl

    write_mem("memory", "live fact")
    path = write_mem("user", "live preference")
    for name in USER_DATED:
        write_mem(name, name)
    impatient = MemoryStore(resolve_home(home), lock_timeout=0.2)
    with open(str(path) + ".lock", "a+") as fd:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with pytest.raises(FileProblem) as refused:
            impatient.prune_backups("user", 1)
    assert "USER.md.lock" in refused.value.message
    assert set(USER_DATED) <= present(home / "memories")
    assert names(impatient.prune_backups(None, 1)) == [USER_DATED[0]]
    assert not (home / "memories" / "MEMORY.md.lock").exists()


def _after_the_listing(monkeypatch, folder: Path, change) -> None:
    """Run ``change`` on the newest doomed backup right after prune has listed what to delete
    (its second listing: the first decides which locks to take)."""
    real_backups = MemoryStore.backups
    calls = []

    def listing(self, target=None):
        listed = real_backups(self, target)
        calls.append(target)
        if len(calls) == 2:
            change(folder / DATED[3])
        return listed

    monkeypatch.setattr(MemoryStore, "backups", listing)


def test_a_backup_swapped_for_a_link_after_the_listing_is_skipped_and_the_rest_go(
    store: MemoryStore, folder: Path, tmp_path: Path, monkeypatch
) -> None:
    private = tmp_path / "private.txt"
    private.write_text("keep me")

    def swap(path: Path) -> None:
        path.unlink()
        path.symlink_to(private)

    _after_the_listing(monkeypatch, folder, swap)
    assert names(store.prune_backups("memory", 2)) == DATED[2::-1]
    assert (folder / DATED[3]).is_symlink() and private.read_text() == "keep me"


def test_a_backup_deleted_by_someone_else_after_the_listing_is_skipped_and_the_rest_go(
    store: MemoryStore, folder: Path, monkeypatch
) -> None:
    _after_the_listing(monkeypatch, folder, Path.unlink)
    assert names(store.prune_backups("memory", 2)) == DATED[2::-1]
    assert not present(folder) & set(DATED[:4])


@pytest.mark.parametrize("fails_at", [0, 2])
def test_a_backup_that_cannot_be_deleted_names_what_was_deleted_before_it(
    store: MemoryStore, folder: Path, monkeypatch, fails_at: int
) -> None:
    import errno
    import pathlib

    doomed = DATED[3::-1]
    real_unlink = pathlib.Path.unlink

    def refuse(self, missing_ok=False):
        if self.name == doomed[fails_at]:
            raise OSError(errno.EPERM, "Operation not permitted")
        return real_unlink(self, missing_ok)

    monkeypatch.setattr(pathlib.Path, "unlink", refuse)
    with pytest.raises(FileProblem) as refused:
        store.prune_backups("memory", 2)
    done = f"Deleted before it: {doomed[0]}, {doomed[1]}." if fails_at else "Nothing was deleted."
    assert refused.value.message == f"Could not delete {doomed[fails_at]}: Operation not permitted. {done}"
    assert refused.value.hint == "Check the permissions of the memories folder."
    assert refused.value.target == "memory" and refused.value.details["deleted"] == doomed[:fails_at]
