"""What a write returns: its action, message, before and after, backup, and whether the file
changed since the fingerprint a caller saw (``changed_since``), for every write the store offers."""

from __future__ import annotations

import os

import pytest

from hermes_dash import MemoryStore, resolve_home


def test_success_messages_and_results(home, write_mem):
    store = MemoryStore(resolve_home(home))
    write_mem("memory", "one")
    r = store.add("memory", "two")
    assert (r.action, r.message, r.changed, r.before, r.after) == (
        "add",
        "Entry added.",
        True,
        ("one",),
        ("one", "two"),
    )
    r = store.add("memory", "two")
    assert (r.action, r.message, r.changed, r.before, r.after, r.backup) == (
        "add",
        "That entry already exists; nothing was added.",
        False,
        ("one", "two"),
        ("one", "two"),
        None,
    )
    r = store.replace("memory", "two", "TWO")
    assert (r.action, r.message, r.after) == ("replace", "Entry replaced.", ("one", "TWO"))
    r = store.replace("memory", "TWO", "TWO")
    assert (r.action, r.message, r.changed, r.after, r.backup) == (
        "replace",
        "The file already had this content.",
        False,
        ("one", "TWO"),
        None,
    )
    r = store.remove("memory", "TWO")
    assert (r.action, r.message, r.after) == ("remove", "Entry removed.", ("one",))
    r = store.batch("memory", [{"action": "add", "content": "a"}, {"action": "add", "content": "b"}])
    assert (r.action, r.message, r.after) == ("batch", "Applied 2 operations.", ("one", "a", "b"))
    r = store.apply("memory", {"action": "remove", "old_text": "a"})
    assert (r.action, r.message) == ("remove", "Entry removed.")
    r = store.apply("memory", {"action": "replace", "old_text": "b", "content": "B"})
    assert (r.action, r.message, r.after) == ("replace", "Entry replaced.", ("one", "B"))


def test_apply_passes_the_fingerprint_through(home, write_mem):
    from hermes_dash import InvalidRequest

    store = MemoryStore(resolve_home(home))
    path = write_mem("memory", "one")
    for op in (
        {"action": "add", "content": "two"},
        {"action": "replace", "old_text": "two", "content": "2"},
        {"action": "remove", "old_text": "2"},
    ):
        seen = store.read("memory").fingerprint
        path.write_bytes(path.read_bytes() + b" edited")
        assert store.apply("memory", op).changed_since(seen) is True
    with pytest.raises(InvalidRequest) as info:
        store.apply("memory", 5)
    assert info.value.message == "Operation 1: expected an object, got int."


def test_restore_results_name_the_file_and_the_backup(home, write_mem):
    store = MemoryStore(resolve_home(home))
    path = write_mem("memory", "one")
    store.add("memory", "two")
    name = store.backups("memory")[0].name
    seen = store.read("memory").fingerprint
    path.write_bytes(path.read_bytes() + b" edited")
    r = store.restore(name)
    assert (r.action, r.message, r.changed, r.after, r.changed_since(seen)) == (
        "restore",
        f"Restored MEMORY.md from {name}.",
        True,
        ("one",),
        True,
    )
    seen = store.read("memory").fingerprint
    r = store.restore(name)
    assert (r.action, r.message, r.changed, r.after, r.backup, r.changed_since(seen)) == (
        "restore",
        f"MEMORY.md already equals {name}.",
        False,
        ("one",),
        None,
        False,
    )
    seen = store.read("memory").fingerprint
    os.utime(path, ns=(5, 5))
    assert store.restore(name).changed_since(seen) is True


def test_rewrite_results_say_what_happened(home, write_mem):
    from hermes_dash import FileProblem

    store = MemoryStore(resolve_home(home))
    write_mem("memory", "# Notes\n- one\n- two")
    r = store.rewrite("memory", ["one", " two ", "", "one"])
    assert (r.target, r.action, r.message, r.changed, r.after) == (
        "memory",
        "rewrite",
        "Rewrote MEMORY.md as 2 entries.",
        True,
        ("one", "two"),
    )
    assert r.before == ("# Notes\n- one\n- two",) and r.backup is not None
    assert r.backup.path.read_bytes() == b"# Notes\n- one\n- two"
    seen = store.read("memory").fingerprint
    r = store.rewrite("memory", ["one", "two"])
    assert (r.target, r.action, r.message, r.changed, r.after, r.backup, r.changed_since(seen)) == (
        "memory",
        "rewrite",
        "MEMORY.md is already in clean form.",
        False,
        ("one", "two"),
        None,
        False,
    )
    seen = store.read("memory").fingerprint
    os.utime(home / "memories" / "MEMORY.md", ns=(5, 5))
    assert store.rewrite("memory", ["one", "two"]).changed_since(seen) is True
    with pytest.raises(FileProblem) as info:
        store.rewrite("user", ["x"], expect=b"something else")
    assert info.value.target == "user"


def test_a_write_that_changes_nothing_still_reports_an_external_change(home, write_mem):
    store = MemoryStore(resolve_home(home))
    path = write_mem("memory", "alpha\n§\nbeta")
    seen = store.read("memory").fingerprint
    os.utime(path, ns=(5, 5))
    result = store.batch("memory", [{"action": "add", "content": "beta"}])
    assert result.changed is False and result.changed_since(seen) is True
