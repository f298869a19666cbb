"""The atomic writes under every memory file and every other file: an OS error as a refusal with
the matching hint, exclusive creation without hard links, the one writer refusing a link at the
name (never writing through it), and a failed rename or owner hand-back."""

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


def test_write_file_creates_missing_folders(tmp_path):
    from hermes_dash.engine.io.atomic import write_file

    path = tmp_path / "a" / "b" / "memories" / "USER.md"
    write_file(path, b"hello")
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
    assert (path.stat().st_mode & 0o777) == 0o600


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


def test_write_file_refuses_a_link_at_the_name_and_leaves_link_and_target_as_they_were(tmp_path, monkeypatch):
    """The one writer never writes through a link at the final component, nor
    replaces one (write_private replaced it, write_atomic wrote through it)."""
    import errno

    import hermes_dash.engine.io.atomic as atomic
    from hermes_dash import FileProblem

    target = tmp_path / "elsewhere.json"
    target.write_bytes(b"keep me")
    os.chmod(target, 0o644)
    path = tmp_path / "a" / "b" / "frozen.json"
    atomic.write_file(path, b"first", mode=0o600)
    assert path.read_bytes() == b"first" and (path.stat().st_mode & 0o777) == 0o600
    path.unlink()
    path.symlink_to(target)
    with pytest.raises(FileProblem) as info:
        atomic.write_file(path, b"second", mode=0o600)
    assert info.value.message == (
        f"{path} is a symbolic link to {target}; hermes-dash never writes through a link to a file of its own, "
        "nor replaces one. Nothing was changed."
    )
    assert path.is_symlink() and os.readlink(path) == str(target) and target.read_bytes() == b"keep me"
    assert sorted(p.name for p in path.parent.iterdir()) == ["frozen.json"]  # no temp file left
    path.unlink()
    path.write_bytes(b"second")
    os.chmod(path, 0o644)
    atomic.write_file(path, b"third", mode=0o600)  # an existing name is replaced, with the bits asked for
    assert path.read_bytes() == b"third" and (path.stat().st_mode & 0o777) == 0o600
    real_replace = os.replace

    def full(src, dst, **kw):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", full)
    with pytest.raises(FileProblem) as info:
        atomic.write_file(path, b"fourth")
    monkeypatch.undo()
    assert os.replace is real_replace
    assert info.value.message == f"Could not write {path}: No space left on device. Nothing was changed."
    assert path.read_bytes() == b"third" and sorted(p.name for p in path.parent.iterdir()) == ["frozen.json"]


def test_write_file_refuses_what_is_not_a_regular_file_and_a_file_it_did_not_read(tmp_path):
    from hermes_dash import FileChanged, FileProblem
    from hermes_dash.engine.io.atomic import write_file

    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    with pytest.raises(FileProblem) as info:
        write_file(fifo, b"x")
    assert info.value.message == f"{fifo} is a FIFO (named pipe), not a regular file. Nothing was changed."
    path = tmp_path / "staged.json"
    made = write_file(path, b"mine", expect=None)  # absent, as the caller saw it
    with pytest.raises(FileChanged, match="appeared after hermes-dash read it"):
        write_file(path, b"again", expect=None)
    other = tmp_path / "other.json"
    other.write_bytes(b"someone else's")  # made while the first is alive: another inode
    os.replace(other, path)
    with pytest.raises(FileChanged, match="was replaced by another file after hermes-dash read it"):
        write_file(path, b"again", expect=made)
    path.unlink()
    with pytest.raises(FileChanged, match="was removed after hermes-dash read it"):
        write_file(path, b"again", expect=made)
    assert not path.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["fifo.json"]
    assert write_file(path, b"new") == (path.stat().st_dev, path.stat().st_ino)


def test_a_link_swapped_in_between_the_check_and_the_rename_is_refused_and_its_target_kept(tmp_path, monkeypatch):
    """The name is checked again on the folder's descriptor after the temp file is written."""
    import hermes_dash.engine.io.atomic as atomic
    from hermes_dash import FileProblem

    target = tmp_path / "bashrc"
    target.write_bytes(b"keep me")
    path = tmp_path / "c0ffee01.json"
    path.write_bytes(b"{}")
    real_fsync = os.fsync

    def swap_then_fsync(fd):
        real_fsync(fd)
        if not path.is_symlink():
            path.unlink()
            path.symlink_to(target)

    monkeypatch.setattr(atomic.os, "fsync", swap_then_fsync)
    with pytest.raises(FileProblem, match="is a symbolic link"):
        atomic.write_file(path, b'{"evil": 1}')
    monkeypatch.undo()
    assert target.read_bytes() == b"keep me" and path.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bashrc", "c0ffee01.json"]


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
    st = (repo / "MEMORY.md").stat()
    with pytest.raises(FileProblem) as info:
        atomic.write_resolved(link, repo / "MEMORY.md", (st.st_dev, st.st_ino), b"new")
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
    atomic.write_file(path, b"new")
    monkeypatch.undo()
    assert path.read_bytes() == b"new" and (path.stat().st_mode & 0o777) == 0o640


def test_real_path_leads_through_a_link_to_its_target_and_leaves_a_file_alone(tmp_path):
    from hermes_dash.engine.io.atomic import real_path

    target = tmp_path / "repo" / "MEMORY.md"
    target.parent.mkdir()
    target.write_bytes(b"x")
    link = tmp_path / "MEMORY.md"
    link.symlink_to(target)
    assert real_path(link) == target and real_path(target) == target
    assert real_path(tmp_path / "absent.md") == tmp_path / "absent.md"
    linked_folder = tmp_path / "memories"
    linked_folder.symlink_to(target.parent)  # only a link at the name itself is followed
    assert real_path(linked_folder / "MEMORY.md") == linked_folder / "MEMORY.md"


def _names(values):
    """An ``os.urandom`` stand-in giving these 6-byte values in turn (the temp file's name)."""
    it = iter(values)
    calls = []

    def urandom(n):
        calls.append(n)
        return next(it)

    return urandom, calls


def test_a_temp_name_already_taken_is_skipped_and_that_file_left_as_it_was(tmp_path, monkeypatch):
    import hermes_dash.engine.io.atomic as atomic

    path = tmp_path / "MEMORY.md"
    path.write_bytes(b"old")
    stray = tmp_path / f".mem_{'00' * 6}.tmp"  # another writer's temp file, still being written
    stray.write_bytes(b"the agent's half-written temp file")
    urandom, _ = _names([b"\0" * 6, b"\1" * 6])
    monkeypatch.setattr(atomic.os, "urandom", urandom)
    atomic.write_file(path, b"new")
    monkeypatch.undo()
    assert path.read_bytes() == b"new" and stray.read_bytes() == b"the agent's half-written temp file"
    assert sorted(p.name for p in tmp_path.iterdir()) == [stray.name, "MEMORY.md"]


def test_when_every_temp_name_is_taken_the_write_is_refused_after_a_hundred(tmp_path, monkeypatch):
    import errno

    import hermes_dash.engine.io.atomic as atomic
    from hermes_dash import FileProblem

    path = tmp_path / "MEMORY.md"
    path.write_bytes(b"old")
    (tmp_path / f".mem_{'00' * 6}.tmp").write_bytes(b"")
    urandom, calls = _names([b"\0" * 6] * 200)
    monkeypatch.setattr(atomic.os, "urandom", urandom)
    with pytest.raises(FileProblem) as info:
        atomic.write_file(path, b"new")
    monkeypatch.undo()
    assert len(calls) == 100 and path.read_bytes() == b"old"
    assert info.value.message == f"Could not write {path}: no free temp file name. Nothing was changed."
    assert info.value.details["errno"] == errno.EEXIST


def test_the_temp_file_is_private_before_its_first_byte(tmp_path, monkeypatch):
    import stat

    import hermes_dash.engine.io.atomic as atomic

    path = tmp_path / "USER.md"
    path.write_bytes(b"old")
    os.chmod(path, 0o644)
    modes = []
    real_write = os.write

    def write(fd, data):
        modes.append(stat.S_IMODE(os.fstat(fd).st_mode))
        return real_write(fd, data)

    monkeypatch.setattr(atomic.os, "write", write)
    atomic.write_file(path, b"private words")
    monkeypatch.undo()
    assert modes and set(modes) == {0o600}  # nobody else could read the bytes while they were written
    assert path.read_bytes() == b"private words" and (path.stat().st_mode & 0o777) == 0o644


def test_a_replaced_file_keeps_its_owner(tmp_path):
    from hermes_dash.engine.io.atomic import write_file

    path = tmp_path / "USER.md"
    path.write_bytes(b"old")
    if os.geteuid() == 0:
        owner = (4321, 4322)  # run as root (sudo): the agent's user must keep its file
    else:
        others = [g for g in os.getgroups() if g != os.getegid()]
        if not others:
            pytest.skip("needs root or a second group to give the file another owner")
        owner = (os.geteuid(), others[0])
    os.chown(path, *owner)
    write_file(path, b"new")
    st = path.stat()
    assert path.read_bytes() == b"new" and (st.st_uid, st.st_gid) == owner


def _identity(path):
    st = os.stat(path)
    return st.st_dev, st.st_ino


def test_putting_back_onto_a_file_that_became_a_link_is_refused_and_writes_nowhere(tmp_path):
    from hermes_dash import FileChanged
    from hermes_dash.engine.io.atomic import write_resolved

    real = tmp_path / "MEMORY.md"
    real.write_bytes(b"read")
    identity = _identity(real)
    elsewhere = tmp_path / "elsewhere.md"
    elsewhere.write_bytes(b"keep")
    real.unlink()
    real.symlink_to(elsewhere)
    with pytest.raises(FileChanged) as info:
        write_resolved(real, real, identity, b"new", check=False)
    assert info.value.message == f"{real} became a symbolic link after MEMORY.md was read from it. Nothing was changed."
    assert info.value.hint == "Check what replaced it, then try again."
    assert elsewhere.read_bytes() == b"keep" and real.is_symlink()


def test_a_link_re_pointed_through_a_new_link_is_refused_naming_both_files(tmp_path):
    from hermes_dash import FileChanged
    from hermes_dash.engine.io.atomic import write_resolved

    real = tmp_path / "repo" / "MEMORY.md"
    real.parent.mkdir()
    real.write_bytes(b"read")
    name = tmp_path / "MEMORY.md"
    name.symlink_to(real)
    identity = _identity(real)
    other = tmp_path / "other.md"
    other.write_bytes(b"keep")
    real.unlink()
    real.symlink_to(other)  # the file that was read is now itself a link to another file
    with pytest.raises(FileChanged) as info:
        write_resolved(name, real, identity, b"new")
    assert info.value.message.startswith(f"MEMORY.md now leads to {other}, not to {real}, the file that was read")
    assert info.value.details == {"path": str(name), "now": str(other), "read": str(real)}
    assert other.read_bytes() == b"keep"


def test_a_file_that_appeared_after_it_was_read_absent_is_not_overwritten(tmp_path):
    from hermes_dash import FileChanged
    from hermes_dash.engine.io.atomic import write_resolved

    real = tmp_path / "MEMORY.md"
    real.write_bytes(b"written by the agent meanwhile")
    with pytest.raises(FileChanged) as info:
        write_resolved(real, real, None, b"new")
    assert info.value.message == (
        f"{real} appeared after MEMORY.md was read (it was absent): a link was re-pointed, or the file replaced, "
        "while the write was made. Writing now could overwrite a file that was never read. Nothing was changed."
    )
    assert info.value.hint == (
        f"Check where {real} should lead, then try again: the change is then made against the file it leads to."
    )
    assert info.value.details == {"path": str(real), "now": str(real), "read": str(real)}
    assert real.read_bytes() == b"written by the agent meanwhile"
    assert [p.name for p in tmp_path.iterdir()] == ["MEMORY.md"]


def test_an_os_error_of_a_resolved_write_names_the_real_file(tmp_path):
    from hermes_dash import FileProblem
    from hermes_dash.engine.io.atomic import write_resolved

    folder = tmp_path / "memories"
    folder.write_bytes(b"a file where the folder should be")
    real = folder / "MEMORY.md"
    with pytest.raises(FileProblem) as info:
        write_resolved(real, real, None, b"new")
    assert info.value.message == f"Could not write {real}: Not a directory. Nothing was changed."


def test_making_private_leaves_a_folder_or_fifo_at_the_name_as_it_was(tmp_path):
    from hermes_dash.engine.io.atomic import make_private

    folder = tmp_path / "MEMORY.md.bak.20261201-120000"
    folder.mkdir(mode=0o755)
    fifo = tmp_path / "USER.md.bak.20261201-120000"
    os.mkfifo(fifo, 0o644)
    os.chmod(folder, 0o755)
    os.chmod(fifo, 0o644)
    make_private(folder)
    make_private(fifo)
    assert (folder.stat().st_mode & 0o777) == 0o755 and (fifo.stat().st_mode & 0o777) == 0o644


def test_a_link_whose_name_cannot_be_checked_is_taken_back(tmp_path, monkeypatch):
    import hermes_dash.engine.io.atomic as atomic

    source = tmp_path / "MEMORY.md"
    source.write_bytes(b"data")
    backup = tmp_path / "MEMORY.md.bak.20261201-120000"
    real_lstat = os.lstat

    def lstat(path, *args, **kwargs):
        if os.fspath(path) == os.fspath(backup):
            raise PermissionError(13, "Permission denied")
        return real_lstat(path, *args, **kwargs)

    monkeypatch.setattr(atomic.os, "lstat", lstat)
    result = atomic.link_exclusive(source, backup, b"data")
    monkeypatch.undo()
    assert result is None and not backup.exists() and source.stat().st_nlink == 1


def test_a_file_replaced_by_a_looping_link_is_no_longer_the_file_that_was_read(tmp_path):
    from hermes_dash import FileChanged
    from hermes_dash.engine.io.atomic import write_resolved

    real = tmp_path / "MEMORY.md"
    real.write_bytes(b"read")
    identity = _identity(real)
    real.unlink()
    real.symlink_to("MEMORY.md")  # a link to itself: it leads nowhere, and nothing can be written through it
    with pytest.raises(FileChanged) as info:
        write_resolved(real, real, identity, b"new")
    assert info.value.message.startswith(f"{real} is no longer the file that was read under the lock")
    assert real.is_symlink() and [p.name for p in tmp_path.iterdir()] == ["MEMORY.md"]


def test_a_temp_file_that_gained_a_second_name_is_not_published(tmp_path, monkeypatch):
    """The temp file is checked on its own descriptor before a byte is written: a hard link made
    to it in the meantime (which would keep a second name to the new bytes) stops the write."""
    import hermes_dash.engine.io.atomic as atomic
    from hermes_dash import FileProblem

    path = tmp_path / "config.yaml"
    path.write_bytes(b"old")
    real_fstat = os.fstat

    def link_then_fstat(fd):
        for temp in tmp_path.glob(".mem_*.tmp"):
            os.link(temp, tmp_path / "second-name")
        return real_fstat(fd)

    monkeypatch.setattr(atomic.os, "fstat", link_then_fstat)
    with pytest.raises(FileProblem, match="the new temp file is not a new regular file"):
        atomic.write_file(path, b"secret: new")
    monkeypatch.undo()
    assert path.read_bytes() == b"old" and (tmp_path / "second-name").read_bytes() == b""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.yaml", "second-name"]
