"""Durability a test can see: the system calls of a real write, and a link into another file system.

Why ``strace`` rather than wrapping ``os.fsync`` & co. in-process: the property that matters
is what reaches the kernel, in which order. A wrapper sees Python calls, not the ``write(2)``
that a buffered file object issues only when it is flushed: a missing ``flush()`` before
``fsync`` leaves the data in the buffer while an in-process wrapper still sees "write, then
fsync". strace sees the real order (the write lands after the fsync, at close), does not care
which Python function the engine uses to get there (so a refactor does not break the test),
and watches the engine unmodified, in the test's own process (strace attaches to it). CI installs strace
(scripts/test); where it is missing the test skips saying so, and under CI=true that skip fails the run.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from hermes_dash import MemoryStore, resolve_home

SYSCALLS = "write,fsync,fdatasync,rename,renameat,renameat2,link,linkat,unlink,unlinkat"
_LINE = re.compile(r"^(?:\d+\s+)?(?P<call>\w+)\((?P<args>.*)\)\s+=\s+(?P<ret>-?\d+)")
_FD = re.compile(r"^-?\d+<(?P<path>[^>]*)>")
# A name, with the folder descriptor it is relative to (renameat(3</dir>, "name", ...)) when there is one.
_NAMED = re.compile(r'(?:-?\d+<(?P<dir>[^>]*)>,\s*)?"(?P<name>(?:[^"\\]|\\.)*)"')


def _trace(home: Path, action, tmp_path: Path) -> list[tuple[str, ...]]:
    """Run ``action(store)`` in this process with strace attached to it; return the file events
    in order: ("write", path, nbytes), ("fsync", path), ("rename"|"link", src, dst), ("unlink", path).

    In this process, not a child: the engine code under test is the code this test imported
    (a mutation tool's altered copy included), and a tool that maps tests to the functions
    they call sees these calls."""
    strace = shutil.which("strace")
    if strace is None:
        pytest.skip("strace is not installed (Debian package strace; scripts/test installs it)")
    store = MemoryStore(resolve_home(home))
    log = tmp_path / "strace.log"
    tracer = subprocess.Popen(
        [strace, "-f", "-y", "-s", "0", "-e", f"trace={SYSCALLS}", "-o", str(log), "-p", str(os.getpid())],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = tracer.stderr.readline()  # "strace: Process N attached"
        if "attached" not in line:
            tracer.kill()
            pytest.fail(f"strace could not attach to the test process: {line}{tracer.stderr.read()}")
        time.sleep(0.05)
        action(store)
    finally:
        tracer.send_signal(signal.SIGINT)  # detach; the traced process runs on
        tracer.wait(timeout=30)
    events: list[tuple[str, ...]] = []
    for line in log.read_text().splitlines():
        match = _LINE.match(line)
        if not match or int(match["ret"]) < 0:
            continue
        call, args = match["call"], match["args"]
        fd = _FD.match(args)
        strings = [os.path.join(m["dir"] or "", m["name"]) for m in _NAMED.finditer(args)]
        if call in ("write", "fsync", "fdatasync") and fd:
            path = fd["path"]
            events.append(("write", path, match["ret"]) if call == "write" else ("fsync", path))
        elif call.startswith("rename") and len(strings) == 2:
            events.append(("rename", *strings))
        elif call.startswith("link") and len(strings) == 2:
            events.append(("link", *strings))
        elif call.startswith("unlink") and strings:
            events.append(("unlink", strings[-1]))
    return events


def _check_durable(events: list[tuple[str, ...]], publish: tuple[str, ...], folder: Path, size: int) -> None:
    """``publish`` (a rename or link of a temp file) comes after every byte of the temp file was
    written and then fsynced, and is followed by an fsync of the folder."""
    at = events.index(publish)
    tmp = publish[1]
    assert Path(tmp).parent == folder and Path(tmp).name.startswith(".mem_") and tmp.endswith(".tmp"), publish
    writes = [i for i, e in enumerate(events) if e[0] == "write" and e[1] == tmp]
    syncs = [i for i, e in enumerate(events) if e[0] == "fsync" and e[1] == tmp]
    assert writes, f"no write(2) to {tmp}: {events}"
    assert sum(int(events[i][2]) for i in writes) == size
    assert syncs, f"the temp file is never fsynced before it is published: {events}"
    assert max(writes) < min(syncs) < at, (
        f"write(2) of {tmp} must all come before its fsync, and the fsync before the rename/link "
        f"(a write after the fsync is data still in Python's buffer: a missing flush): {events}"
    )
    folder_syncs = [i for i, e in enumerate(events) if e == ("fsync", str(folder))]
    assert any(i > at for i in folder_syncs), (
        f"no fsync of {folder} after {publish[0]} to {publish[2]}: the new name may not survive a crash. {events}"
    )


def test_a_write_and_its_backup_are_written_flushed_fsynced_renamed_and_the_folder_fsynced(home, tmp_path):
    folder = home / "memories"
    folder.mkdir()
    (folder / "MEMORY.md").write_bytes(b"first")
    old_inode = (folder / "MEMORY.md").stat().st_ino
    events = _trace(home, lambda store: store.add("memory", "second"), tmp_path)
    real = Path(os.path.realpath(folder))

    # The backup is the replaced file itself under a second name (docs/rules.md#backups): its
    # bytes are fsynced before that name appears, and the name is fsynced into the folder.
    backups = [e for e in events if e[0] == "link" and ".bak." in e[2]]
    assert len(backups) == 1 and backups[0][1] == str(real / "MEMORY.md"), events
    at = events.index(backups[0])
    assert ("fsync", str(real / "MEMORY.md")) in events[:at], events
    assert ("fsync", str(real)) in events[at:], events
    backup = Path(backups[0][2])
    assert backup.read_bytes() == b"first" and backup.stat().st_ino == old_inode and backup.stat().st_nlink == 1

    renames = [e for e in events if e[0] == "rename" and e[2] == str(real / "MEMORY.md")]
    assert len(renames) == 1, events
    _check_durable(events, renames[0], real, len("first\n§\nsecond".encode()))
    assert events.index(backups[0]) < events.index(renames[0])  # the old bytes are safe first
    # ... durably: the backup's name is fsynced into the folder before the file is replaced. A
    # file system may reorder directory changes, so one folder fsync after both could keep the
    # new file and lose the only copy of the old bytes in a crash between them.
    assert ("fsync", str(real)) in events[events.index(backups[0]) : events.index(renames[0])], events
    assert (folder / "MEMORY.md").read_bytes() == "first\n§\nsecond".encode()


def test_a_first_write_with_no_backup_is_durable_too(home, tmp_path):
    events = _trace(home, lambda store: store.add("user", "prefers tea"), tmp_path)
    real = Path(os.path.realpath(home / "memories"))
    renames = [e for e in events if e[0] == "rename" and e[2] == str(real / "USER.md")]
    assert len(renames) == 1 and not [e for e in events if e[0] == "link" and ".bak." in e[2]], events
    _check_durable(events, renames[0], real, len(b"prefers tea"))


def test_an_explicit_backup_is_durable(home, tmp_path):
    (home / "memories").mkdir()
    (home / "memories" / "USER.md").write_bytes(b"likes short answers")
    events = _trace(home, lambda store: store.backup("user"), tmp_path)
    real = Path(os.path.realpath(home / "memories"))
    links = [e for e in events if e[0] == "link" and Path(e[2]).name.startswith("USER.md.bak.")]
    assert len(links) == 1, events
    _check_durable(events, links[0], real, len(b"likes short answers"))


# -- a link into another file system ------------------------------------------------------------------------------


@pytest.fixture
def other_mount():
    """A small tmpfs mounted for this test: a different file system from the home's."""
    if os.geteuid() != 0 and os.environ.get("CI", "").lower() != "true":
        pytest.skip("needs root to mount a tmpfs (the cross-file-system link test); CI runs it as root")
    where = Path(tempfile.mkdtemp(prefix="hermes-mnt-"))
    proc = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m,mode=0755", "tmpfs", str(where)], capture_output=True, text=True
    )
    if proc.returncode != 0:
        where.rmdir()
        pytest.skip(f"cannot mount a tmpfs here: {proc.stderr.strip() or proc.returncode}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)
        where.rmdir()


def test_a_link_into_a_repo_on_another_file_system_is_written_through_and_stays_a_link(home, other_mount):
    repo = other_mount / "team-repo"
    repo.mkdir()
    target = repo / "MEMORY.md"
    target.write_bytes(b"shared convention")
    (home / "memories").mkdir()
    link = home / "memories" / "MEMORY.md"
    link.symlink_to(target)
    assert os.stat(home).st_dev != os.stat(other_mount).st_dev  # really two file systems

    store = MemoryStore(resolve_home(home))
    result = store.add("memory", "tests run with pytest -q")
    assert result.changed
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes() == "shared convention\n§\ntests run with pytest -q".encode()
    store.replace("memory", "pytest -q", "tests run with bash scripts/test")
    store.batch("memory", [{"action": "remove", "old_text": "shared"}])
    assert link.is_symlink() and target.read_bytes() == b"tests run with bash scripts/test"
    # no temp file left on either side; backups sit beside the link, in the home
    assert not list(repo.glob(".mem_*")) and not list((home / "memories").glob(".mem_*"))
    assert sorted(p.name for p in repo.iterdir()) == ["MEMORY.md"]
    assert len(store.backups("memory")) == 3


def test_the_temp_file_is_made_beside_the_links_target(home, other_mount, tmp_path):
    # The same through strace: the rename stays inside the target's folder on the other mount.
    repo = other_mount / "repo"
    repo.mkdir()
    (repo / "MEMORY.md").write_bytes(b"one")
    (home / "memories").mkdir()
    (home / "memories" / "MEMORY.md").symlink_to(repo / "MEMORY.md")
    if shutil.which("strace") is None and os.environ.get("CI", "").lower() != "true":
        pytest.skip("strace is not installed (Debian package strace; scripts/test installs it)")
    events = _trace(home, lambda store: store.add("memory", "two"), tmp_path)
    renames = [e for e in events if e[0] == "rename"]
    assert len(renames) == 1 and renames[0][2] == str(repo / "MEMORY.md"), events
    _check_durable(events, renames[0], repo, len("one\n§\ntwo".encode()))


def test_write_file_is_durable(home, tmp_path):
    from hermes_dash.engine.io.atomic import write_file

    path = home / "snap" / "frozen.json"
    events = _trace(home, lambda store: write_file(path, b"{}"), tmp_path)
    renames = [e for e in events if e[0] == "rename" and e[2] == str(path)]
    assert len(renames) == 1, events
    _check_durable(events, renames[0], path.parent, 2)
