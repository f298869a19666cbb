"""hermes-dash's own journal: one line per write it makes, so a later look can say "you did this".

``memories/.hermes-dash-journal.jsonl`` (beside the frozen snapshot), private (0600), one JSON
object a line: when, what (the action and the store's message), the entries taken out and put
in (as a digest and a short preview: the files stay the only source of their content), which
page or command, and for an approval the staged id and its origin. It is bounded
(:data:`MAX_BYTES`: the older half is dropped), never followed through a link, never needed to
read the files, and a failure to write it never fails the write it describes.

The store calls :func:`record` at the one point where a write has committed; callers above the
engine say through which page or command with :func:`via`.
"""

from __future__ import annotations

import contextlib
import contextvars
import fcntl
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datetime import datetime
    from pathlib import Path

# hashlib, json and datetime are imported where a line is written or read: every command loads
# this module (the write pipeline names it), and ``show`` writes and reads no journal line.

NAME = ".hermes-dash-journal.jsonl"
MAX_BYTES = 256 << 10
PREVIEW_CHARS = 120

_VIA: contextvars.ContextVar[dict[str, str] | None] = contextvars.ContextVar("hd_journal_via", default=None)


def digest(text: str) -> str:
    """How the journal names an entry: the first 16 hex digits of its text's sha256."""
    import hashlib

    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


@contextlib.contextmanager
def via(where: str | None = None, **extra: str | None) -> Iterator[None]:
    """Writes made inside are journalled as made through ``where`` (a page, a command; None keeps
    the one around it); ``extra``: ``staged_id`` and ``origin`` for an approval."""
    outer = _VIA.get() or {}
    named = {"via": where} if where is not None else {}
    token = _VIA.set({**outer, **named, **{k: v for k, v in extra.items() if v is not None}})
    try:
        yield
    finally:
        _VIA.reset(token)


@dataclass(frozen=True)
class Line:
    at: datetime
    target: str
    action: str
    message: str
    via: str
    removed: tuple[tuple[str, str], ...]  # (digest, preview) of entries taken out
    added: tuple[tuple[str, str], ...]  # (digest, preview) of entries put in
    staged_id: str | None = None
    origin: str | None = None

    def put_in(self, text: str) -> bool:
        return digest(text) in {d for d, _ in self.added}

    def took_out(self, text: str) -> bool:
        return digest(text) in {d for d, _ in self.removed}


def path_of(memories: Path) -> Path:
    return memories / NAME


#: Names the page or command when no :func:`via` is around a write (the dashboard sets one that
#: says "dashboard" inside its script runs: a button's callback runs outside the page's ``via``).
_DEFAULT: list[Callable[[], str]] = [lambda: "hermes-dash"]


def set_default_via(name: Callable[[], str]) -> None:
    _DEFAULT[0] = name


def _default_via() -> str:
    try:
        return _DEFAULT[0]() or "hermes-dash"
    except Exception:  # noqa: BLE001 - naming the writer never fails a write
        return "hermes-dash"


def record(memories: Path, target: str, action: str, message: str, before: Sequence[str], after: Sequence[str]) -> None:
    """Append one line for a write that has committed; never raises."""
    import json
    from datetime import datetime

    old, new = set(before), set(after)
    context = dict(_VIA.get() or {})
    line = {
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "target": target,
        "action": action,
        "message": message,
        "via": context.pop("via", _default_via()),
        "removed": [[digest(e), e[:PREVIEW_CHARS]] for e in before if e not in new],
        "added": [[digest(e), e[:PREVIEW_CHARS]] for e in after if e not in old],
        **context,
    }
    data = (json.dumps(line, ensure_ascii=False) + "\n").encode("utf-8", "surrogatepass")
    with contextlib.suppress(OSError, ValueError):
        _append(path_of(memories), data)


#: How long an append waits for the journal's own lock (shared to append, exclusive to rotate)
#: before it goes ahead without it: ``O_APPEND`` writes of one line do not interleave, and the
#: lock only keeps a line from landing between a rotation's read and its truncation.
ROTATE_WAIT_S = 0.05


def _append(path: Path, data: bytes) -> None:
    """Append ``data`` without ever blocking: the caller holds the agent's lock.

    Opened non-blocking and without following a link, and checked on the descriptor: a FIFO (an
    open for writing would wait for a reader), a device or a file with other names (a hard link
    to a memory file) gets nothing. The rotation (keep the newer half past :data:`MAX_BYTES`)
    reads through the same descriptor, so nothing swapped in under the name is read. No fsync:
    the journal is a note about a write that is already durable, not a second copy of it."""
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    fd = os.open(path, flags, 0o600)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
            return
        if st.st_mode & 0o077:
            os.fchmod(fd, 0o600)
        rotate = st.st_size + len(data) > MAX_BYTES
        if _lock_briefly(fd, fcntl.LOCK_EX if rotate else fcntl.LOCK_SH) and rotate:
            size = os.fstat(fd).st_size
            if size + len(data) > MAX_BYTES:
                keep = min(size, MAX_BYTES // 2)
                kept = os.pread(fd, keep, size - keep)
                kept = kept[kept.find(b"\n") + 1 :] if b"\n" in kept else b""
                os.ftruncate(fd, 0)
                os.write(fd, kept)
        os.write(fd, data)
    finally:
        os.close(fd)  # releases the flock too


def _lock_briefly(fd: int, kind: int) -> bool:
    """Take the journal's own flock (``kind``) within :data:`ROTATE_WAIT_S`; False when another
    writer holds it longer."""
    import time

    deadline = time.monotonic() + ROTATE_WAIT_S
    while True:
        try:
            fcntl.flock(fd, kind | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.002)


#: The longest journal line parsed; the lines hermes-dash writes are under 2 KB.
MAX_LINE_CHARS = 64 << 10


def read(memories: Path, target: str | None = None) -> list[Line]:
    """The journal's lines, oldest first (of one target when given); a missing or broken
    journal is an empty one, a broken line (not JSON, too deep, too long, a time out of
    bounds) is skipped."""
    from hermes_dash.engine.io import outside
    from hermes_dash.engine.io.readfile import read_regular
    from hermes_dash.engine.rules.errors import FileProblem

    try:
        raw = read_regular(path_of(memories), MAX_BYTES * 2, follow=False, start_only=True)[0]
    except (OSError, FileProblem):
        return []
    out = []
    for text in raw.decode("utf-8", "replace").splitlines():
        try:
            item = outside.loads(text, max_depth=4, max_chars=MAX_LINE_CHARS)
            if not isinstance(item, dict) or (target is not None and item.get("target") != target):
                continue
            at = outside.time_from_iso(item["at"])
            if at is None:
                continue
            out.append(
                Line(
                    at,
                    str(item["target"]),
                    str(item["action"]),
                    str(item.get("message", "")),
                    str(item.get("via", "")),
                    tuple((str(d), str(p)) for d, p in item.get("removed", ())),
                    tuple((str(d), str(p)) for d, p in item.get("added", ())),
                    _opt(item.get("staged_id")),
                    _opt(item.get("origin")),
                )
            )
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
    return out


def _opt(value: object) -> str | None:
    return None if value is None else str(value)


__all__ = [
    "journal_default",
    "journal_digest",
    "JOURNAL_NAME",
    "JOURNAL_PREVIEW_CHARS",
    "journal_via",
    "JournalLine",
    "read_journal",
]


# The names the package face exports (the face renames nothing).
journal_via = via
journal_default = set_default_via
JournalLine = Line
JOURNAL_NAME = NAME
JOURNAL_PREVIEW_CHARS = PREVIEW_CHARS
journal_digest = digest
read_journal = read
