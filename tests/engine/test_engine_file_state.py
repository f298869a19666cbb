"""What reading a memory file reports (FileState): its entries, bytes, error, drift, link
target and fingerprint, for every kind of file a home can hold, and the refusal to write one
that cannot be read."""

from __future__ import annotations

import pytest
from test_engine_format import UTF8_HINT

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.engine.io.readfile import Fingerprint


def test_file_state_of_a_file_that_is_not_utf8(home, write_mem):
    path = write_mem("memory", b"caf\xe9\n\xc2\xa7\n\nfine")
    state = MemoryStore(resolve_home(home)).read("memory")
    assert (state.target, state.path, state.limit, state.exists) == ("memory", path, 2200, True)
    assert state.entries == ("caf\ufffd", "fine") and state.raw == b"caf\xe9\n\xc2\xa7\n\nfine"
    assert state.error == "Not valid UTF-8: byte 0xe9 at offset 3 (line 1, column 4). " + UTF8_HINT
    assert state.drift and "round-trip" in state.drift.reasons[0]
    assert state.link_target is None
    st = path.stat()
    assert state.fingerprint == Fingerprint(st.st_mtime_ns, st.st_size, st.st_ino)


def test_file_state_of_a_valid_linked_file(home, tmp_path):
    target = tmp_path / "repo" / "MEMORY.md"
    target.parent.mkdir()
    target.write_bytes("a\n§\nb\n\n§\nc".encode())
    (home / "memories").mkdir()
    link = home / "memories" / "MEMORY.md"
    link.symlink_to(target)
    state = MemoryStore(resolve_home(home)).read("memory")
    assert (state.target, state.path, state.limit, state.exists, state.error) == ("memory", link, 2200, True, None)
    assert state.entries == ("a", "b", "c") and state.raw == target.read_bytes()
    assert state.drift and state.link_target == target
    st = target.stat()
    assert state.fingerprint == Fingerprint(st.st_mtime_ns, st.st_size, st.st_ino)


def test_file_state_of_a_dangling_link_and_of_an_unreadable_path(home, tmp_path):
    (home / "memories").mkdir()
    link = home / "memories" / "MEMORY.md"
    gone = tmp_path / "gone" / "MEMORY.md"
    link.symlink_to(gone)
    state = MemoryStore(resolve_home(home)).read("memory")
    assert (state.target, state.path, state.limit, state.exists, state.entries) == ("memory", link, 2200, False, ())
    assert state.error == f"MEMORY.md is a symbolic link to {gone}, which does not exist." and state.link_target == gone
    (home / "memories" / "USER.md").mkdir()  # a folder where the file should be
    state = MemoryStore(resolve_home(home)).read("user")
    assert (state.target, state.path, state.limit, state.exists, state.entries, state.link_target) == (
        "user",
        home / "memories" / "USER.md",
        1375,
        False,
        (),
        None,
    )
    assert state.error == f"{home / 'memories' / 'USER.md'} is a folder, not a regular file; it was not read."


def test_file_state_keeps_the_link_target_on_every_path(home, tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "MEMORY.md").write_bytes(b"bad \xff")
    (repo / "USER.md").mkdir()
    (home / "memories").mkdir()
    (home / "memories" / "MEMORY.md").symlink_to(repo / "MEMORY.md")
    (home / "memories" / "USER.md").symlink_to(repo / "USER.md")
    store = MemoryStore(resolve_home(home))
    bad = store.read("memory")
    assert bad.link_target == repo / "MEMORY.md" and bad.error.startswith("Not valid UTF-8")
    folder = store.read("user")
    assert folder.link_target == repo / "USER.md" and not folder.exists
    assert str(home / "memories" / "USER.md") in folder.error


def test_a_file_that_cannot_be_written_is_refused_naming_its_target(home, write_mem):
    from hermes_dash import FileProblem

    write_mem("user", b"bad \xff byte")
    with pytest.raises(FileProblem) as info:
        MemoryStore(resolve_home(home)).add("user", "x")
    assert info.value.target == "user"
    assert info.value.message == "USER.md: Not valid UTF-8: byte 0xff at offset 4 (line 1, column 5). " + UTF8_HINT
    assert info.value.hint == "Nothing was changed. Fix the file (or restore a backup) first."
