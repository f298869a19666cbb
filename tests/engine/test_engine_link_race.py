"""Link races: a write goes only to the file that was read under the lock.

A team keeps MEMORY.md (or the whole ``memories`` folder) as a symbolic link. If the link is
re-pointed (A -> B) between the locked read and the write, or a regular MEMORY.md is swapped
for a link to a file outside, writing A's entries plus the new one onto what the name leads to
*now* would lose B's entries or overwrite the outside file. The name is resolved once under the
lock, and the write is refused (nothing changed anywhere) unless it still leads there.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from hermes_dash import FileChanged, MemoryStore, resolve_home


def _after_locked_read(store: MemoryStore, monkeypatch: pytest.MonkeyPatch, swap) -> None:
    """Run ``swap()`` right after the store's locked read, before it writes."""
    original = store._read_writable

    def read_then_swap(spec):
        state = original(spec)
        swap()
        return state

    monkeypatch.setattr(store, "_read_writable", read_then_swap)


def _repoint(link: Path, to: Path) -> None:
    tmp = link.with_name(link.name + ".new")
    tmp.symlink_to(to)
    os.replace(tmp, link)


@pytest.fixture
def two_repos(tmp_path: Path) -> tuple[Path, Path]:
    a, b = tmp_path / "repo-a", tmp_path / "repo-b"
    for repo, text in ((a, "A's entry."), (b, "B's entry, nowhere else.")):
        repo.mkdir()
        (repo / "MEMORY.md").write_text(text)
    return a, b


def test_a_link_re_pointed_between_read_and_write_is_refused_and_b_keeps_its_entry(home, two_repos, monkeypatch):
    a, b = two_repos
    (home / "memories").mkdir()
    link = home / "memories" / "MEMORY.md"
    link.symlink_to(a / "MEMORY.md")
    store = MemoryStore(resolve_home(home))
    _after_locked_read(store, monkeypatch, lambda: _repoint(link, b / "MEMORY.md"))
    with pytest.raises(FileChanged) as refused:
        store.add("memory", "New entry.")
    assert "now leads to" in refused.value.message and str(b / "MEMORY.md") in refused.value.message
    assert "Nothing was changed" in refused.value.message
    assert (b / "MEMORY.md").read_text() == "B's entry, nowhere else."
    assert (a / "MEMORY.md").read_text() == "A's entry."
    assert link.is_symlink()


def test_a_regular_file_swapped_for_a_link_outside_is_not_overwritten(store, home, write_mem, tmp_path, monkeypatch):
    memory = write_mem("memory", "Real entry.")
    outside = tmp_path / "outside-secret.txt"
    outside.write_text("not a memory file\n")

    def swap():
        memory.unlink()
        memory.symlink_to(outside)

    _after_locked_read(store, monkeypatch, swap)
    with pytest.raises(FileChanged, match="now leads to"):
        store.replace("memory", "Real", "Replaced entry.")
    assert outside.read_text() == "not a memory file\n"


def test_a_memories_folder_link_re_pointed_is_refused(home, two_repos, monkeypatch):
    a, b = two_repos
    folder = home / "memories"
    folder.symlink_to(a)
    store = MemoryStore(resolve_home(home))
    _after_locked_read(store, monkeypatch, lambda: _repoint(folder, b))
    with pytest.raises(FileChanged):
        store.add("memory", "New entry.")
    assert (b / "MEMORY.md").read_text() == "B's entry, nowhere else."
    assert (a / "MEMORY.md").read_text() == "A's entry."


def test_a_file_replaced_in_place_of_the_one_read_is_refused(store, home, write_mem, monkeypatch):
    memory = write_mem("memory", "Read entry.")

    def replace_file():
        fresh = memory.with_name("fresh")
        fresh.write_text("Written without the lock.")
        os.replace(fresh, memory)

    _after_locked_read(store, monkeypatch, replace_file)
    with pytest.raises(FileChanged, match="no longer the file that was read"):
        store.add("memory", "New entry.")
    assert memory.read_text() == "Written without the lock."


def test_writes_while_a_link_flips_between_two_files_lose_nothing(home, two_repos):
    """Real threads: one re-points the link A <-> B as fast as it can while writes go on. Each
    write lands in the file it read, or is refused: neither file ever loses an entry it had."""
    a, b = two_repos
    (home / "memories").mkdir()
    link = home / "memories" / "MEMORY.md"
    link.symlink_to(a / "MEMORY.md")
    store = MemoryStore(resolve_home(home))
    stop = threading.Event()

    def flip():
        targets = [b / "MEMORY.md", a / "MEMORY.md"]
        i = 0
        while not stop.is_set():
            _repoint(link, targets[i % 2])
            i += 1

    flipper = threading.Thread(target=flip)
    flipper.start()
    accepted = []
    try:
        for n in range(60):
            try:
                store.add("memory", f"Entry {n}.")
                accepted.append(f"Entry {n}.")
            except FileChanged:
                pass
    finally:
        stop.set()
        flipper.join()
    text_a, text_b = (a / "MEMORY.md").read_text(), (b / "MEMORY.md").read_text()
    assert "A's entry." in text_a and "B's entry, nowhere else." in text_b
    for entry in accepted:  # each accepted entry is in exactly the file it was added to
        assert (entry in text_a) != (entry in text_b), entry
    assert "B's entry" not in text_a and "A's entry" not in text_b
