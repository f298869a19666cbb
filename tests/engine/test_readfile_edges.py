"""The one reader's edges: what each refusal says, links followed by default and refused on
request, a file that grows while it is read, and short reads that end one byte early."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from hermes_dash.engine.io import readfile
from hermes_dash.engine.io.readfile import MIB, Fingerprint, NotReadable


@pytest.mark.parametrize(
    "mode,name",
    [
        (stat.S_IFIFO, "a FIFO (named pipe)"),
        (stat.S_IFCHR, "a character device"),
        (stat.S_IFBLK, "a block device"),
        (stat.S_IFDIR, "a folder"),
        (stat.S_IFSOCK, "a socket"),
        (stat.S_IFLNK, "a symbolic link"),
        (stat.S_IFREG, "not a regular file"),  # only ever asked about what is not one
    ],
)
def test_each_kind_of_file_has_its_name_in_a_message(mode, name):
    assert readfile.kind_of(mode | 0o644) == name


def test_a_device_is_refused_by_its_kind_with_what_to_do(tmp_path: Path):
    with pytest.raises(NotReadable) as info:
        readfile.read_regular("/dev/null", 100)
    assert info.value.message == "/dev/null is a character device, not a regular file; it was not read."
    assert info.value.hint == "Replace it with a plain file (or remove it)."
    assert info.value.details["reason"] == "is a character device, not a regular file"


def test_links_are_followed_unless_asked_not_to(tmp_path: Path):
    target = tmp_path / "repo-MEMORY.md"
    target.write_bytes(b"entries")
    link = tmp_path / "MEMORY.md"
    link.symlink_to(target)
    assert readfile.read_regular(link, 100)[0] == b"entries"
    assert readfile.read_text(link, 100) == "entries" and readfile.read_text_or_none(link, 100) == "entries"
    with pytest.raises(NotReadable) as info:
        readfile.read_text(link, 100, follow=False)
    assert info.value.message == f"{link} is a symbolic link; it was not read."
    assert info.value.hint == "hermes-dash never creates a link there: remove it (its target is untouched)."
    assert info.value.details["reason"] == "is a symbolic link"
    assert readfile.read_text_or_none(link, 100, follow=False) is None
    assert Fingerprint.at(link) == Fingerprint.of(target.stat())
    assert Fingerprint.at(link, follow=False) == Fingerprint.of(link.lstat()) != Fingerprint.at(link)
    target.unlink()  # a dangling link, followed: the plain OSError of a missing file, not "a link"
    with pytest.raises(FileNotFoundError):
        readfile.read_regular(link, 100)


def test_text_that_is_not_utf8_says_how_to_convert_it(tmp_path: Path):
    path = tmp_path / "USER.md"
    path.write_bytes(b"caf\xe9")
    with pytest.raises(NotReadable) as info:
        readfile.read_text(path, 100)
    assert info.value.hint == "Convert it to UTF-8 (for example with iconv)."
    assert info.value.details["reason"] == "is not UTF-8 (byte 0xe9 at offset 3)"


def test_a_named_input_that_is_a_folder_says_name_a_file(tmp_path: Path):
    with pytest.raises(NotReadable) as info:
        readfile.read_named_input(str(tmp_path), 100)
    assert info.value.message == f"{tmp_path} is a folder, not a file; it was not read."
    assert info.value.hint == "Name a file." and info.value.details["reason"] == "is a folder, not a file"


def test_a_named_input_over_its_bound_shows_one_byte_more_however_many_reads_it_takes(tmp_path: Path):
    path = tmp_path / "ops.json"
    path.write_bytes(b"z" * (2 * MIB + 1))
    assert len(readfile.read_named_input(str(path), 2 * MIB)) == 2 * MIB + 1  # a MiB a read, then the byte


def test_a_file_too_large_says_its_size_the_bound_and_what_to_do(tmp_path: Path):
    path = tmp_path / "MEMORY.md"
    path.write_bytes(b"y" * 1234)
    with pytest.raises(NotReadable) as info:
        readfile.read_regular(path, 1000)
    reason = "is 1,234 bytes, more than the 1,000 bytes hermes-dash reads"
    assert info.value.message == f"{path} {reason}; it was not read." and info.value.details["reason"] == reason
    assert info.value.hint == "Move the large file away (it is not a file the agent wrote) or shorten it."


def _reads(monkeypatch, most: int | None = None, before_first=None) -> list[int]:
    """os.read recording each size asked; ``most``: short reads of at most that many bytes;
    ``before_first``: run once before the first read (another program appending)."""
    asked: list[int] = []
    real = os.read

    def read(fd: int, n: int) -> bytes:
        if not asked and before_first is not None:
            before_first()
        asked.append(n)
        return real(fd, n if most is None else min(n, most))

    monkeypatch.setattr(readfile.os, "read", read)
    return asked


def test_a_file_that_grows_past_the_bound_while_read_is_refused_as_over_it(tmp_path: Path, monkeypatch):
    path = tmp_path / "MEMORY.md"
    path.write_bytes(b"a" * 10)

    def append() -> None:
        with open(path, "ab") as out:
            out.write(b"b" * 200)

    _reads(monkeypatch, before_first=append)
    with pytest.raises(NotReadable) as info:
        readfile.read_regular(path, 100)
    monkeypatch.undo()
    reason = "is over 101 bytes, more than the 100 bytes hermes-dash reads"
    assert info.value.message == f"{path} {reason}; it was not read." and info.value.details["reason"] == reason
    assert info.value.hint == "Move the large file away (it is not a file the agent wrote) or shorten it."


def test_a_short_read_one_byte_before_the_size_reads_on(tmp_path: Path, monkeypatch):
    path = tmp_path / "MEMORY.md"
    path.write_bytes(b"c" * 1000 + b"!")
    asked = _reads(monkeypatch, most=1000)
    assert readfile.read_regular(path, readfile.MAX_MEMORY_BYTES)[0] == b"c" * 1000 + b"!"
    assert len(asked) == 2  # the short read that reaches the size is the end: no third call
    monkeypatch.undo()


def test_a_failed_read_is_one_sentence_with_the_systems_words(tmp_path: Path):
    path = tmp_path / "MEMORY.md"
    missing = FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT))
    assert readfile.describe_unreadable(missing, path) == f"Cannot read {path}: {os.strerror(errno.ENOENT)}."
    assert readfile.describe_unreadable(OSError("the mount went away"), path) == (
        f"Cannot read {path}: the mount went away."
    )


def test_a_fifo_is_refused_without_waiting_when_links_are_not_followed_either(tmp_path: Path):
    import threading

    fifo = tmp_path / "MEMORY.md.bak.20261201-120000"
    os.mkfifo(fifo)
    outcome: list[object] = []

    def read() -> None:
        try:
            readfile.read_regular(fifo, 100, follow=False)
        except NotReadable as exc:
            outcome.append(exc.details["reason"])

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(5)
    waited = reader.is_alive()
    if waited:  # it waits for a writer: give it one so the test ends, then fail
        fd = os.open(fifo, os.O_WRONLY)
        os.close(fd)
        reader.join(10)
    assert not waited and outcome == ["is a FIFO (named pipe), not a regular file"]


def test_a_large_file_is_read_a_mib_at_a_time_and_a_head_in_one_read(tmp_path: Path, monkeypatch):
    path = tmp_path / "MEMORY.md"
    path.write_bytes(b"d" * (2 * MIB + 10))
    asked = _reads(monkeypatch)
    assert len(readfile.read_regular(path, readfile.MAX_MEMORY_BYTES)[0]) == 2 * MIB + 10
    assert max(asked) == MIB  # never a buffer of the whole file at once
    asked.clear()
    assert readfile.read_regular(path, 19, start_only=True)[0] == b"d" * 19
    assert asked == [19]  # the head is all that is wanted: no read after it
    monkeypatch.undo()
