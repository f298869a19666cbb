"""A lock file planted as a symbolic link must never truncate or change the file it points to.

The agent's lock is ``memories/<FILE>.lock``. If someone plants it as a link to another file
(a private file of the user, say), opening it to lock must not follow the link and truncate
the target: older filelock versions did exactly that (CVE-2025-68146), which is why
pyproject.toml's floor is the first version that refuses. The write is refused instead, with
every file as it was.
"""

from __future__ import annotations

import pytest

from hermes_dash import Refusal


def test_a_lock_file_that_is_a_link_is_refused_and_its_target_kept(store, home, write_mem, tree):
    write_mem("memory", "First entry.")
    victim = home.parent / "private.txt"
    victim.write_text("precious bytes\n")
    (home / "memories" / "MEMORY.md.lock").symlink_to(victim)
    before = tree(home)
    with pytest.raises(Refusal):
        store.add("memory", "Second entry.")
    assert victim.read_text() == "precious bytes\n"
    assert (home / "memories" / "MEMORY.md.lock").is_symlink()
    assert tree(home) == before


def test_a_lock_file_replaced_by_a_link_after_use_is_refused_too(store, home, write_mem, tree):
    """The lock object is made once per lock file and reused: every acquire opens the file again."""
    write_mem("memory", "First entry.")
    store.add("memory", "Second entry.")  # the lock file exists and was used
    victim = home.parent / "private.txt"
    victim.write_text("precious bytes\n")
    lock = home / "memories" / "MEMORY.md.lock"
    lock.unlink()
    lock.symlink_to(victim)
    before = tree(home)
    with pytest.raises(Refusal):
        store.add("memory", "Third entry.")
    assert victim.read_text() == "precious bytes\n" and tree(home) == before
