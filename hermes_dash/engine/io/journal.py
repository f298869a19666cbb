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

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a command's start-up; mypy reads it the same)
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
    from datetime import datetime, timezone

    old, new = set(before), set(after)
    context = dict(_VIA.get() or {})
    line = {
        "at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
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


def _append(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        st = os.fstat(fd)
        if st.st_mode & 0o077:
            os.fchmod(fd, 0o600)
        if st.st_size + len(data) > MAX_BYTES:
            with open(path, "rb", opener=lambda p, f: os.open(p, f | os.O_NOFOLLOW)) as old:
                kept = old.read()[-(MAX_BYTES // 2) :]
            kept = kept[kept.find(b"\n") + 1 :] if b"\n" in kept else b""
            os.ftruncate(fd, 0)
            os.write(fd, kept)
        os.write(fd, data)
    finally:
        os.close(fd)


def read(memories: Path, target: str | None = None) -> list[Line]:
    """The journal's lines, oldest first (of one target when given); a missing or broken
    journal is an empty one, a broken line is skipped."""
    import json
    from datetime import datetime

    try:
        fd = os.open(path_of(memories), os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
    except OSError:
        return []
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return []
        raw = os.read(fd, MAX_BYTES * 2)
    except OSError:
        return []
    finally:
        os.close(fd)
    out = []
    for text in raw.decode("utf-8", "replace").splitlines():
        try:
            item = json.loads(text)
            if target is not None and item.get("target") != target:
                continue
            out.append(
                Line(
                    datetime.fromisoformat(item["at"]),
                    str(item["target"]),
                    str(item["action"]),
                    str(item.get("message", "")),
                    str(item.get("via", "")),
                    tuple((str(d), str(p)) for d, p in item.get("removed", ())),
                    tuple((str(d), str(p)) for d, p in item.get("added", ())),
                    item.get("staged_id"),
                    item.get("origin"),
                )
            )
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
    return out


__all__ = ["Line", "digest", "read", "record", "via"]


# The names the package face exports (the face renames nothing).
journal_via = via
journal_default = set_default_via
JournalLine = Line
JOURNAL_NAME = NAME
read_journal = read
