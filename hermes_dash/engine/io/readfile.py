"""The one way the engine reads a file: only regular files, never blocking, never without limit.

Every file hermes-dash reads sits in a folder that other programs (or people) write to, so
any name there may turn out to be a FIFO (an ``open`` for reading waits forever for a
writer), a link to ``/dev/zero`` (endless data), a folder, or a link planted to make us
read a private file. So a read here:

* opens with ``O_NONBLOCK`` (a FIFO opens at once instead of waiting) and decides on the
  *opened* file with ``fstat`` (no check-then-open race): anything but a regular file is
  refused without reading a byte;
* with ``follow=False`` opens with ``O_NOFOLLOW``, so a symbolic link is refused at the open
  itself, not only at a listing made earlier (files we create ourselves, such as backups and
  the frozen snapshot, are never links; a link there was planted);
* reads at most ``max_bytes`` (plus one byte, to tell "exactly the cap" from "larger") and
  refuses a larger file with its size and the cap.

Errors other than these (missing file, permission denied) are the plain ``OSError`` the
caller already knows how to word.

This module is the only place in hermes_dash that opens a file to read it (tests/meta/
test_one_reader.py checks the source). Each kind of file has its bound below; a caller that
only wants to know "what does it say, if anything" uses :func:`read_text_or_none`.
"""

from __future__ import annotations

import errno
import os
import stat
from collections import namedtuple
from pathlib import Path
from typing import TYPE_CHECKING

from hermes_dash.engine.rules.errors import FileProblem

MIB = 1 << 20
#: Memory files and their backups. The agent's limits are a few thousand characters; a
#: hand-written file may be far longer and must still be shown, but not a runaway one.
MAX_MEMORY_BYTES = 16 * MIB
#: Version metadata of an installed agent: a ``pyproject.toml`` or a dist-info ``METADATA``
#: (the agent's is about 10 KB; a long description makes it larger, never a megabyte).
MAX_METADATA_BYTES = 1 * MIB
#: One git ref file or ``HEAD``: a 40- or 64-digit id or ``ref: refs/heads/<name>``.
MAX_REF_BYTES = 4 << 10
#: A ``packed-refs`` file: about 100 bytes a ref, so some 40,000 refs.
MAX_PACKED_REFS_BYTES = 4 * MIB
#: The first line of a launcher script that is read for its ``#!`` interpreter.
MAX_SHEBANG_BYTES = 512
#: Files hermes-dash ships itself (the plugin's assets, the demo's schema).
MAX_PACKAGE_FILE_BYTES = 1 * MIB


if TYPE_CHECKING:
    from typing import NamedTuple

    class _Fields(NamedTuple):
        mtime_ns: int
        size: int
        inode: int
else:
    _Fields = namedtuple("_Fields", "mtime_ns size inode")


class Fingerprint(_Fields):
    """Which version of a file this is: its (mtime in ns, size, inode), from one ``stat``.

    The engine records it with every read (``FileState.fingerprint``, and ``OpResult.fingerprint_before``
    for the file a write replaced); the dashboard keys its caches by it and compares it to tell
    "the file changed since you looked". Both get it from :meth:`of`, so they cannot drift apart.
    The mtime is kept to the nanosecond: an in-place edit in the same second, same size and same
    inode, is still a new version. A named tuple rather than a frozen dataclass: the live pages
    make several every second, and a tuple is built in a fraction of the time.
    """

    __slots__ = ()

    @classmethod
    def of(cls, st: os.stat_result) -> Fingerprint:
        """The fingerprint of a ``stat``/``fstat``/``lstat`` result: the one constructor."""
        return cls(st.st_mtime_ns, st.st_size, st.st_ino)

    @classmethod
    def at(cls, path: str | os.PathLike[str], *, follow: bool = True) -> Fingerprint | None:
        """The fingerprint of the file at ``path`` (``follow=False``: of a link itself); None when
        it cannot be stat'ed (absent, no permission)."""
        try:
            return cls.of(os.stat(path, follow_symlinks=follow))
        except OSError:
            return None


class NotReadable(FileProblem):
    """The path is not a regular file (FIFO, device, folder, a link where none may be) or is too large.

    ``details["reason"]``: the same without the path ("is a FIFO (named pipe), not a regular file"),
    for callers that put the path in front themselves.
    """


def kind_of(mode: int) -> str:
    """What a file type is called in a message."""
    for test, name in (
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISLNK, "a symbolic link"),
    ):
        if test(mode):
            return name
    return "not a regular file"


def read_regular(
    path: Path | str, max_bytes: int, *, follow: bool = True, start_only: bool = False
) -> tuple[bytes, os.stat_result]:
    """The bytes of the regular file at ``path`` and its ``fstat``; :class:`NotReadable` when it is
    not a regular file (or, with ``follow=False``, a symbolic link) or holds more than ``max_bytes``.
    ``start_only``: the first ``max_bytes`` of a longer file instead (a script's ``#!`` line)."""
    path = Path(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC
    if not follow:
        flags |= os.O_NOFOLLOW
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if not follow and exc.errno == errno.ELOOP and os.path.islink(path):
            raise NotReadable(
                f"{path} is a symbolic link; it was not read.",
                hint="hermes-dash never creates a link there: remove it (its target is untouched).",
                reason="is a symbolic link",
            ) from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            reason = f"is {kind_of(st.st_mode)}, not a regular file"
            raise NotReadable(
                f"{path} {reason}; it was not read.", hint="Replace it with a plain file (or remove it).", reason=reason
            )
        if st.st_size > max_bytes and not start_only:
            raise too_large(path, st.st_size, max_bytes)
        data = _read_at_most(fd, max_bytes + (0 if start_only else 1), size=st.st_size)
        if len(data) > max_bytes:  # it grew while we read it
            raise too_large(path, len(data), max_bytes, more=True)
        return data, st
    finally:
        os.close(fd)


def read_text(path: Path | str, max_bytes: int, *, follow: bool = True) -> str:
    """:func:`read_regular` decoded as UTF-8 (:class:`NotReadable` when it is not UTF-8)."""
    data = read_regular(path, max_bytes, follow=follow)[0]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        reason = f"is not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})"
        raise NotReadable(
            f"{path} {reason}; it was not read.", hint="Convert it to UTF-8 (for example with iconv).", reason=reason
        ) from None


def read_text_or_none(path: Path | str, max_bytes: int, *, follow: bool = True) -> str | None:
    """What :func:`read_text` reads, or None whatever kept it from being read (absent, a FIFO,
    too large, not UTF-8, no permission): for facts that are only "unknown" when unreadable."""
    try:
        return read_text(path, max_bytes, follow=follow)
    except (OSError, ValueError, FileProblem):  # ValueError: a NUL in the name
        return None


def read_named_input(path: str, max_bytes: int) -> bytes:
    """At most ``max_bytes`` + 1 bytes of a file the person named on the command line. A FIFO is
    meant here (``--file <(make-ops)``), so it is read, blocking as the shell expects; a device or
    folder is refused. Never a file under a home: those go through :func:`read_regular`."""
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        st = os.fstat(fd)
        if not (stat.S_ISREG(st.st_mode) or stat.S_ISFIFO(st.st_mode)):
            reason = f"is {kind_of(st.st_mode)}, not a file"
            raise NotReadable(f"{path} {reason}; it was not read.", hint="Name a file.", reason=reason)
        return _read_at_most(fd, max_bytes + 1)
    finally:
        os.close(fd)


def _read_at_most(fd: int, count: int, *, size: int | None = None) -> bytes:
    """Up to ``count`` bytes of ``fd``, a MiB at a time, ending early at the end of the file: one
    byte past a limit is enough to know a file is over it, however large it is.

    ``size``: what fstat gave. The first read then asks for that plus one byte, so a file that did
    not grow is read in one call (a short read that has reached that size is its end), into a
    buffer of its size rather than a MiB's; a short read before that size reads on.
    """
    chunks = []
    left, got = count, 0
    want = min(left, MIB if size is None else size + 1, MIB)
    while left > 0:
        chunk = os.read(fd, want)
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
        left -= len(chunk)
        if size is not None and len(chunk) < want and got >= size:
            break
        want = min(left, MIB)
    return b"".join(chunks)


def too_large(path: Path, size: int, max_bytes: int, more: bool = False) -> NotReadable:
    reason = f"is {'over ' if more else ''}{size:,} bytes, more than the {max_bytes:,} bytes hermes-dash reads"
    return NotReadable(
        f"{path} {reason}; it was not read.",
        hint="Move the large file away (it is not a file the agent wrote) or shorten it.",
        reason=reason,
    )


def describe_unreadable(exc: OSError | FileProblem, path: Path) -> str:
    """One sentence for a failed read, for callers that report rather than refuse."""
    if isinstance(exc, FileProblem):
        return exc.message
    return f"Cannot read {path}: {exc.strerror or exc}."


__all__ = [
    "describe_unreadable",
    "Fingerprint",
    "MAX_MEMORY_BYTES",
    "MAX_PACKAGE_FILE_BYTES",
    "NotReadable",
    "read_named_input",
    "read_regular",
]
