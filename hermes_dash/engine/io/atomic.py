"""The one writer: every file hermes-dash writes goes through this module (tests/meta/test_one_writer.py).

A temp file beside the real file, fsync, rename, fsync the folder: a reader sees the old file or
the new one, never half (modelled on python-atomicwrites). Two kinds of name:

* :func:`write_file`, for every file that is not a memory file (staged records, config.yaml,
  .gitattributes, the snapshot, the plugin's files, the merge driver's result): it creates or
  replaces the name itself and never follows a link there. The temp file is made with
  ``O_EXCL | O_NOFOLLOW`` in the folder's descriptor and checked on its own descriptor; a name that
  is a symbolic link (or not a regular file) is refused, never written through and never replaced,
  checked again just before the rename, which itself replaces a name and never writes through one.
* :func:`write_resolved`, for a memory file only: the documented MEMORY.md link is followed (the
  temp file lives beside the *target*, so the link stays a link; docs/rules.md#locking), the target
  resolved once under the lock and checked to be the file that was read.

A new file must not be readable by others (USER.md is private): temp files are created 0600
(:func:`_open_temp`, as ``mkstemp`` makes them); an existing file's permission bits are copied
onto the replacement.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from hermes_dash.engine.io.readfile import kind_of
from hermes_dash.engine.rules.errors import FileChanged, FileProblem

TEMP_PREFIX = ".mem_"  # the agent's own prefix, so both programs' strays look alike
TEMP_SUFFIX = ".tmp"
PRIVATE = 0o600
# An existing file opened to be checked, linked or chmod'ed: never through a link, never blocking
# on a FIFO, not inherited by a child (a module constant: mutmut leaves it alone, and
# tests/engine/test_engine_backup_link.py pins each flag's effect).
_HOLD = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC
_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC

#: A file's identity, (device, inode): what :func:`write_file` returns and checks with ``expect``.
Identity = tuple[int, int]


def real_path(path: Path) -> Path:
    """Where writes to ``path`` must land: its final target when it is a symlink."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable; best effort. It runs after the rename, when the new
    file is already in place and fsynced: some file systems refuse to fsync a folder, and that
    must not turn a finished write into a "nothing was changed" refusal."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _open_temp(folder: Path, dir_fd: int | None = None) -> tuple[int, str]:
    """A new temp file in ``folder`` (or, given ``dir_fd``, in that folder's descriptor, named
    relative to it), as ``tempfile.mkstemp`` makes one (0600, exclusive, not through a link,
    close-on-exec) under a random name, without its name generator and path clean-ups: one
    ``getrandom`` and one ``open`` a write."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    base = "" if dir_fd is not None else os.fspath(folder)
    for _ in range(100):
        tmp = os.path.join(base, f"{TEMP_PREFIX}{os.urandom(6).hex()}{TEMP_SUFFIX}")
        try:
            return os.open(tmp, flags, PRIVATE, dir_fd=dir_fd), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temp file name", os.fspath(folder))


def _write_temp(folder: Path, data: bytes, mode: int, owner: tuple[int, int] | None = None) -> str:
    return _write_temp_checked(folder, data, mode, owner, None)[0]


def _write_temp_checked(
    folder: Path, data: bytes, mode: int, owner: tuple[int, int] | None, dir_fd: int | None
) -> tuple[str, Identity]:
    """The finished temp file's name and identity, checked on the descriptor written: a new
    regular file with this one name (O_EXCL and O_NOFOLLOW already promise it; this says so)."""
    fd, tmp = _open_temp(folder, dir_fd)
    try:
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or st.st_nlink > 1:
                raise OSError(errno.EEXIST, "the new temp file is not a new regular file", tmp)
            # Plain os.write on the descriptor, no buffered file object: nothing can be left in a
            # buffer at the fsync, and no fstat/ioctl/lseek that a file object makes on opening.
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            if owner is not None and owner != (os.geteuid(), os.getegid()):
                # Run as root (sudo), the replacement would otherwise become root's 0600 file
                # and the agent, running as its user, could no longer read its own memory.
                with contextlib.suppress(OSError):
                    os.fchown(fd, *owner)
            os.fchmod(fd, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=dir_fd)
        raise
    return tmp, (st.st_dev, st.st_ino)


def write_file(
    path: Path, data: bytes, *, mode: int | None = None, expect: Identity | None | Literal["any"] = "any"
) -> Identity:
    """Create or replace the name ``path`` itself with ``data``, atomically; the new file's identity.

    For every file hermes-dash writes except a memory file (:func:`write_resolved`). A name that
    is a symbolic link is refused, never followed and never replaced: a link the user made (a
    config.yaml kept in a dotfiles repository) is theirs to keep, and one an attacker swapped in
    gets nothing. The check is made on the folder's descriptor before the temp file is written and
    again just before the rename; a link swapped in after that is replaced by the rename, never
    written through. ``mode``: the new file's bits (None: an existing file's bits and owner kept,
    a new file 0600). ``expect``: the identity of the file the caller read (None: it was absent);
    a name that holds anything else is refused with :class:`FileChanged`. Missing folders are made.
    """
    try:
        try:
            folder = os.open(path.parent, _FOLDER)
        except FileNotFoundError:  # no folder yet (a first write): create it, then try once more
            path.parent.mkdir(parents=True, exist_ok=True)
            folder = os.open(path.parent, _FOLDER)
        try:
            return _write_in(folder, path, data, mode, expect)
        finally:
            os.close(folder)
    except OSError as exc:
        raise os_refusal(exc, path) from exc


def _write_in(folder: int, path: Path, data: bytes, mode: int | None, expect: Identity | None | str) -> Identity:
    now = _name_now(folder, path)
    _check_name(path, now, expect)
    keep = now is not None and mode is None
    bits = stat.S_IMODE(now.st_mode) if keep and now is not None else PRIVATE if mode is None else mode
    owner = (now.st_uid, now.st_gid) if keep and now is not None else None
    tmp, made = _write_temp_checked(path.parent, data, bits, owner, folder)
    try:
        again = _name_now(folder, path)
        _check_name(path, again, "any")  # a link or a folder that took the name since the first check
        if _identity(again) != _identity(now):
            raise FileChanged(
                f"{path} was replaced while hermes-dash was writing it. Nothing was changed.",
                hint="Check what replaced it, then try again.",
                path=str(path),
            )
        os.replace(tmp, path.name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=folder)
        raise
    with contextlib.suppress(OSError):  # best effort, as fsync_dir: the new file is in place
        os.fsync(folder)
    return made


def _name_now(folder: int, path: Path) -> os.stat_result | None:
    try:
        return os.stat(path.name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        return None


def _identity(st: os.stat_result | None) -> Identity | None:
    return None if st is None else (st.st_dev, st.st_ino)


def _check_name(path: Path, st: os.stat_result | None, expect: Identity | None | str) -> None:
    """Refuse a name that is not a regular file (or absent), or not the file the caller read."""
    if st is not None and stat.S_ISLNK(st.st_mode):
        try:
            leads = f" to {os.readlink(path)}"
        except OSError:
            leads = ""
        raise FileProblem(
            f"{path} is a symbolic link{leads}; hermes-dash never writes "
            "through a link to a file of its own, nor replaces one. Nothing was changed.",
            hint="If you made that link, make the change in the file it leads to yourself; otherwise "
            "remove the link (its target is untouched) and try again.",
            path=str(path),
        )
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise FileProblem(
            f"{path} is {kind_of(st.st_mode)}, not a regular file. Nothing was changed.",
            hint="Move it away, then try again.",
            path=str(path),
        )
    if expect != "any" and _identity(st) != expect:
        what = "appeared" if expect is None else "was removed" if st is None else "was replaced by another file"
        raise FileChanged(
            f"{path} {what} after hermes-dash read it: writing now would overwrite a file that was never "
            "read. Nothing was changed.",
            hint="Look at it again, then try again.",
            path=str(path),
        )


def write_resolved(
    name: Path,
    real: Path,
    identity: tuple[int, int] | None,
    data: bytes,
    *,
    check: bool = True,
    before_rename: Callable[[], None] | None = None,
) -> None:
    """Replace the file ``real`` (``name`` resolved once, under the lock) with ``data``, only while
    ``name`` still leads to that file: to ``real``, and to the file of ``identity`` (device, inode)
    that was read, or to nothing when ``identity`` is None (the file was absent).

    Otherwise :class:`FileChanged`, nothing written: a link re-pointed from A to B since the read
    (writing A's entries onto B would lose B's), or a regular file swapped for a link to a file
    outside (it would be overwritten). ``real`` is never resolved again, so a link that changes
    after this check still cannot send the bytes anywhere but the file that was read; the check
    is made last, just before the rename.
    ``check=False``: putting back bytes this routine wrote (a two-file write's undo of its first half).
    ``before_rename``: called once the new bytes are synced in their temp file, before the check
    and the rename: the pipeline fsyncs the folder of the backup it linked just before this call
    (:func:`link_exclusive` leaves that to it). On ext4 the temp file's fsync has then
    committed the one journal transaction that holds both new names, and that folder fsync finds
    it committed: one journal commit fewer a write. On every file system the backup's name is
    still fsynced before the rename.
    """
    try:
        try:
            st = os.lstat(real)
            if stat.S_ISLNK(st.st_mode):
                if check:
                    _check_still_leads(name, real, identity)  # says where the name leads now
                raise FileChanged(
                    f"{real} became a symbolic link after {name.name} was read from it. Nothing was changed.",
                    hint="Check what replaced it, then try again.",
                )
            mode, owner = stat.S_IMODE(st.st_mode), (st.st_uid, st.st_gid)
        except FileNotFoundError:
            mode, owner = PRIVATE, None
        _replace_with_temp(real, data, mode, owner, before_rename, (name, identity) if check else None)
    except OSError as exc:
        raise os_refusal(exc, real) from exc
    fsync_dir(real.parent)


def _check_still_leads(name: Path, real: Path, identity: tuple[int, int] | None) -> None:
    now = Path(os.path.realpath(name))
    try:
        st = os.stat(now)
        found: tuple[int, int] | None = (st.st_dev, st.st_ino)
    except OSError:
        found = None
    if now == real and found == identity:
        return
    if now != real:
        what = f"{name.name} now leads to {now}, not to {real}, the file that was read under the lock"
    elif identity is None:
        what = f"{real} appeared after {name.name} was read (it was absent)"
    else:
        what = f"{real} is no longer the file that was read under the lock (it was replaced or removed)"
    raise FileChanged(
        f"{what}: a link was re-pointed, or the file replaced, while the write was made. Writing now "
        f"could overwrite a file that was never read. Nothing was changed.",
        hint=f"Check where {name} should lead, then try again: the change is then made against the file it leads to.",
        path=str(name),
        now=str(now),
        read=str(real),
    )


def _replace_with_temp(
    dest: Path,
    data: bytes,
    mode: int,
    owner: tuple[int, int] | None = None,
    before_rename: Callable[[], None] | None = None,
    leads: tuple[Path, tuple[int, int] | None] | None = None,
) -> None:
    """A finished, fsynced temp file in ``dest``'s folder renamed onto ``dest``; no stray temp on
    failure. ``before_rename`` runs, and ``leads`` (the name and identity of
    :func:`write_resolved`'s check) is checked, between the temp file's fsync and the rename."""
    try:
        tmp = _write_temp(dest.parent, data, mode, owner)
    except FileNotFoundError:  # no folder yet (a first write): create it, then try once more
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = _write_temp(dest.parent, data, mode, owner)
    try:
        if before_rename is not None:
            before_rename()
        if leads is not None:
            _check_still_leads(leads[0], dest, leads[1])
        os.replace(tmp, dest)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def create_exclusive(path: Path, data: bytes) -> bool:
    """Write a new file at ``path`` (0600) atomically, never overwriting: False if it exists.

    ``os.link`` of a finished temp file is both atomic and refuses an existing name, so two
    writers racing for the same backup name cannot clobber each other. The file's bytes are
    always fsynced before its name appears, and the name before this returns (the folder
    fsynced): a backup is durable before the write it protects (docs/rules.md#backups).
    """
    tmp = _write_temp(path.parent, data, PRIVATE)
    try:
        os.link(tmp, path)
    except FileExistsError:
        return False
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            raise
        # No hard links on this file system (some FUSE / network mounts): O_EXCL still never
        # overwrites; only the "whole file or nothing" property is weaker for this one copy.
        return _create_excl_direct(path, data)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    fsync_dir(path.parent)
    return True


def link_exclusive(source: Path, path: Path, data: bytes) -> bool | None:
    """Give the file at ``source`` the new name ``path`` too (a hard link), when it holds exactly
    ``data``: True when published, False when ``path`` exists, None when a link cannot serve (the
    caller then copies: another file system, no hard links, a file with other names, other bytes).

    For the backup a write makes of the file it is about to replace (docs/rules.md#backups): the
    rename that follows gives ``source``'s name a new file, and the old one, never written again,
    stays under ``path`` alone. So the backup costs no new file and no data write; creating a file
    is the dearest step of a write on ext4. Only for that: a link kept beside the live file would
    change with any in-place edit of it. The bytes are synced to disk before the name appears, as
    :func:`create_exclusive`'s; the folder is not fsynced here: the caller does it before anything
    relies on the name (the write pipeline, just before its rename: :func:`write_resolved`'s
    ``before_rename``), after its temp file's fsync has committed the name on ext4.
    """
    try:
        fd = os.open(source, _HOLD)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        # A file with other names (a hard link somebody made) must not gain one more that an
        # in-place edit through those names would change.
        if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1 or st.st_size != len(data):
            return None
        # The bytes on disk before a second name points at them: the agent may not have fsynced
        # its write. fdatasync, not fsync: reading the file just now updated its access time, and
        # fsync would commit that to the journal (about 1 ms); the data of a file at rest needs nothing.
        os.fdatasync(fd)
        try:
            os.link(source, path)  # Linux's link(2) never follows a link at ``source``: the check below sees one
        except FileExistsError:
            return False
        except OSError:
            return None
        try:
            # The name now points at the file we hold open, and that file holds ``data``: nothing
            # swapped ``source`` between the open and the link.
            linked = os.lstat(path)
            same = (linked.st_ino, linked.st_dev) == (st.st_ino, st.st_dev) and os.pread(fd, len(data) + 1, 0) == data
        except OSError:
            same = False
        if not same:
            with contextlib.suppress(OSError):
                os.unlink(path)
            return None
    finally:
        os.close(fd)
    return True


def make_private(path: Path) -> None:
    """Set the regular file ``path`` (never a link) to mode 0600; best effort. A backup made by
    :func:`link_exclusive` keeps the replaced file's mode until it is the only name left."""
    try:
        fd = os.open(path, _HOLD)
    except OSError:
        return
    try:
        st = os.fstat(fd)
        if stat.S_ISREG(st.st_mode) and stat.S_IMODE(st.st_mode) != PRIVATE:
            os.fchmod(fd, PRIVATE)
    except OSError:
        pass
    finally:
        os.close(fd)


def _create_excl_direct(path: Path, data: bytes) -> bool:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE)
    except FileExistsError:
        return False
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(path)
        raise
    fsync_dir(path.parent)
    return True


def os_refusal(exc: OSError, path: Path) -> FileProblem:
    """An OSError as a refusal that says what happened and what to do."""
    hints = {
        errno.EACCES: f"Check the permissions of the file and its folder (the dashboard runs as user {os.getuid()}).",
        errno.EPERM: "The file or its folder does not allow this change (permissions or an immutable flag).",
        errno.EROFS: "The file system is mounted read-only.",
        errno.ENOSPC: "The disk is full: free some space and try again.",
        errno.EDQUOT: "The disk quota is used up: free some space and try again.",
        errno.ENOTDIR: "A part of the path is a file where a folder is expected (is `memories` a file?).",
        errno.EISDIR: "The path is a folder where a file is expected.",
    }
    reason = exc.strerror or str(exc)
    return FileProblem(
        f"Could not write {path}: {reason}. Nothing was changed.",
        hint=hints.get(exc.errno or 0, "Check the path and try again."),
        errno=exc.errno,
    )


__all__ = ["write_file"]
