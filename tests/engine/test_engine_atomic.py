"""The atomic writes under every memory file and snapshot: an OS error as a refusal with the
matching hint, exclusive creation without hard links, private files that replace a link's name,
and a failed rename or owner hand-back."""

from __future__ import annotations

import os

import pytest


@pytest.mark.parametrize(
    "code,hint",
    [
        ("EACCES", f"Check the permissions of the file and its folder (the dashboard runs as user {os.getuid()})."),
        ("EPERM", "The file or its folder does not allow this change (permissions or an immutable flag)."),
        ("EROFS", "The file system is mounted read-only."),
        ("ENOSPC", "The disk is full: free some space and try again."),
        ("EDQUOT", "The disk quota is used up: free some space and try again."),
        ("ENOTDIR", "A part of the path is a file where a folder is expected (is `memories` a file?)."),
        ("EISDIR", "The path is a folder where a file is expected."),
        ("EIO", "Check the path and try again."),
    ],
)
def test_an_os_error_becomes_a_refusal_with_the_matching_hint(code, hint, tmp_path):
    import errno

    from hermes_dash.engine.io.atomic import os_refusal

    number = getattr(errno, code)
    refusal = os_refusal(OSError(number, os.strerror(number)), tmp_path / "MEMORY.md")
    assert refusal.message == f"Could not write {tmp_path / 'MEMORY.md'}: {os.strerror(number)}. Nothing was changed."
    assert refusal.hint == hint and refusal.details["errno"] == number


def test_an_os_error_without_a_number_still_says_what_happened(tmp_path):
    from hermes_dash.engine.io.atomic import os_refusal

    refusal = os_refusal(OSError("the mount went away"), tmp_path)
    assert refusal.message == f"Could not write {tmp_path}: the mount went away. Nothing was changed."
    assert refusal.hint == "Check the path and try again." and "errno" not in refusal.to_dict()


def test_write_atomic_creates_missing_folders(tmp_path):
    from hermes_dash.engine.io.atomic import write_atomic

    path = tmp_path / "a" / "b" / "memories" / "USER.md"
    write_atomic(path, b"hello")
    assert path.read_bytes() == b"hello" and (path.stat().st_mode & 0o777) == 0o600


def test_exclusive_creation_without_hard_links_never_overwrites(tmp_path, monkeypatch):
    import errno

    import hermes_dash.engine.io.atomic as atomic

    def no_links(src, dst):
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(atomic.os, "link", no_links)
    path = tmp_path / "MEMORY.md.bak.20261129-230512"
    assert atomic.create_exclusive(path, b"first") is True
    assert atomic.create_exclusive(path, b"second") is False
    assert path.read_bytes() == b"first" and sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_exclusive_creation_without_hard_links_leaves_nothing_when_the_write_fails(tmp_path, monkeypatch):
    import errno

    import hermes_dash.engine.io.atomic as atomic

    def no_links(src, dst):
        raise OSError(errno.ENOTSUP, "Operation not supported")

    calls = []
    real_fsync = os.fsync

    def full_on_second(fd):
        calls.append(fd)
        if len(calls) == 2:  # the direct write, after the temp file's
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_fsync(fd)

    monkeypatch.setattr(atomic.os, "link", no_links)
    monkeypatch.setattr(atomic.os, "fsync", full_on_second)
    with pytest.raises(OSError):
        atomic.create_exclusive(tmp_path / "USER.md.bak.20261129-230512", b"data")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


def test_write_private_replaces_the_name_itself_never_a_links_target(tmp_path, monkeypatch):
    import errno

    import hermes_dash.engine.io.atomic as atomic
    from hermes_dash import FileProblem

    target = tmp_path / "elsewhere.json"
    target.write_bytes(b"keep me")
    os.chmod(target, 0o644)
    path = tmp_path / "a" / "b" / "frozen.json"
    atomic.write_private(path, b"first")
    assert path.read_bytes() == b"first" and (path.stat().st_mode & 0o777) == 0o600
    path.unlink()
    path.symlink_to(target)
    atomic.write_private(path, b"second")
    assert not path.is_symlink() and path.read_bytes() == b"second" and (path.stat().st_mode & 0o777) == 0o600
    assert target.read_bytes() == b"keep me"
    atomic.write_private(path, b"third")  # an existing name is replaced too
    assert path.read_bytes() == b"third"

    def full(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", full)
    with pytest.raises(FileProblem) as info:
        atomic.write_private(path, b"fourth")
    monkeypatch.undo()
    assert info.value.message == f"Could not write {path}: No space left on device. Nothing was changed."
    assert path.read_bytes() == b"third" and sorted(p.name for p in path.parent.iterdir()) == ["frozen.json"]


def test_a_failed_rename_names_the_real_file_and_leaves_no_temp(tmp_path, monkeypatch):
    import errno

    import hermes_dash.engine.io.atomic as atomic
    from hermes_dash import FileProblem

    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "MEMORY.md").write_bytes(b"old")
    link = tmp_path / "MEMORY.md"
    link.symlink_to(repo / "MEMORY.md")

    def full(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", full)
    with pytest.raises(FileProblem) as info:
        atomic.write_atomic(link, b"new")
    monkeypatch.undo()
    assert info.value.message == f"Could not write {repo / 'MEMORY.md'}: No space left on device. Nothing was changed."
    assert sorted(p.name for p in repo.iterdir()) == ["MEMORY.md"] and (repo / "MEMORY.md").read_bytes() == b"old"


def test_a_write_goes_on_when_the_owner_cannot_be_handed_back(tmp_path, monkeypatch):
    import errno

    import hermes_dash.engine.io.atomic as atomic

    path = tmp_path / "USER.md"
    path.write_bytes(b"old")
    os.chmod(path, 0o640)
    st = path.stat()
    monkeypatch.setattr(atomic.os, "geteuid", lambda: st.st_uid + 1)  # as if another user wrote it

    def refuse(fd, uid, gid):
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(atomic.os, "fchown", refuse)
    atomic.write_atomic(path, b"new")
    monkeypatch.undo()
    assert path.read_bytes() == b"new" and (path.stat().st_mode & 0o777) == 0o640
