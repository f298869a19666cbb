"""The types of what a write reads and what it did: one file's state, one write's result and
undo, and the same for a write of two files. Plain data, no file access but the one read
routine, :func:`read_file_state`; the pipeline (``engine/pipeline.py``) and the store build on
them, and every layer above receives them.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hermes_dash.engine.invocation import printed_command
from hermes_dash.engine.io import backups as _backups
from hermes_dash.engine.io.readfile import MAX_MEMORY_BYTES, Fingerprint, NotReadable, describe_unreadable, read_regular
from hermes_dash.engine.rules.errors import DriftDetected, FileProblem
from hermes_dash.engine.rules.format import Drift, Weighed, decode, decode_lossy, detect_drift, parse
from hermes_dash.engine.rules.targets import Target


@dataclass(frozen=True)
class FileState(Weighed):
    """One memory file as read from disk at one moment."""

    target: str
    path: Path
    limit: int
    exists: bool
    entries: tuple[str, ...]
    raw: bytes = b""
    error: str | None = None  # why the file cannot be written (bad UTF-8, unreadable); entries are best-effort
    drift: Drift = field(default_factory=lambda: Drift(()))
    link_target: Path | None = None
    fingerprint: Fingerprint | None = None  # of the real file (links followed); None when it was not read
    #: The file ``path`` led to when it was read (every link resolved, once), and its (device,
    #: inode): a write goes there, and only while ``path`` still leads to that same file.
    real: Path | None = None
    identity: tuple[int, int] | None = None

    @property
    def over_budget(self) -> bool:
        return self.usage > self.limit

    @property
    def filename(self) -> str:
        return Target.of(self.target).filename


def digest(data: bytes) -> str:
    """The sha256 an :class:`Undo` pins bytes with."""
    import hashlib  # here: a read-only command (show) never needs it

    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Undo:
    """What is needed to take back one write later, as plain data (a page keeps it in its session,
    a script in JSON): the backup the write made (None when the file was empty or missing
    before), a digest of the bytes that backup must hold, and a digest of what the write left.
    """

    target: str
    backup: str | None
    restores: str  # sha256 of the bytes the write replaced
    left: str  # sha256 of the bytes the write left

    def to_dict(self) -> dict[str, object]:
        return {"target": self.target, "backup": self.backup, "restores": self.restores, "left": self.left}


@dataclass(frozen=True)
class OpResult(Weighed, counts="after"):
    """What an accepted operation did."""

    target: str
    action: str
    message: str
    changed: bool
    before: tuple[str, ...]
    after: tuple[str, ...]
    limit: int
    backup: _backups.Backup | None = None
    undo: Undo | None = None  # how to take this write back (None when nothing was written)
    #: The file as the store read it under the lock, before this operation (None: it was absent).
    #: A caller that remembers what it showed tells "changed since you looked" with :meth:`changed_since`.
    fingerprint_before: Fingerprint | None = None
    #: What the write saw that a person should know (backups named for a future date); also in ``message``.
    notes: tuple[str, ...] = ()

    def changed_since(self, seen: Fingerprint | None) -> bool:
        """Whether the file had changed between ``seen`` (what the caller last showed or read) and
        this operation; False when the caller saw nothing (``seen`` None)."""
        return seen is not None and seen != self.fingerprint_before

    def to_dict(self, seen: Fingerprint | None = None) -> dict[str, object]:
        """As JSON; ``external_change`` is :meth:`changed_since` ``seen`` (False without one)."""
        out: dict[str, object] = {
            "success": True,
            "target": self.target,
            "action": self.action,
            "message": self.message,
            "changed": self.changed,
            "usage": f"{self.usage}/{self.limit}",
            "percent": self.percent,
            "entry_count": len(self.after),
            "backup": self.backup.name if self.backup else None,
            "external_change": self.changed_since(seen),
        }
        if self.notes:  # only when there is something to say: the usual reply keeps its shape
            out["notes"] = list(self.notes)
        return out


def read_file_state(target: str, path: Path, limit: int, *, follow: bool = True) -> FileState:
    """Read and parse one file, never raising: problems land in ``error``.

    The name is resolved once (a link to the file, a link to the ``memories`` folder) and the
    file it leads to is read without following any further link: ``real`` and ``identity`` say
    which file the bytes came from, and a write is made onto that file only while ``path`` still
    leads to it (:func:`~hermes_dash.engine.io.atomic.write_resolved`).
    ``follow=False`` (backups): a symbolic link is not followed but reported as the error.
    """
    real = Path(os.path.realpath(path)) if follow else path
    link = real if follow and os.path.islink(path) else None
    try:
        raw, st = read_regular(real, MAX_MEMORY_BYTES, follow=False)
    except FileNotFoundError:
        error = f"{path.name} is a symbolic link to {link}, which does not exist." if link else None
        return FileState(target, path, limit, False, (), error=error, link_target=link, real=real)
    except NotReadable as exc:
        # Named by the path people know, with where it leads when that is elsewhere.
        where = f" (it leads to {real})" if real != path else ""
        error = f"{path}{where} {exc.details['reason']}; it was not read." if exc.details.get("reason") else exc.message
        return FileState(target, path, limit, False, (), error=error, link_target=link, real=real)
    except OSError as exc:
        return FileState(
            target, path, limit, False, (), error=describe_unreadable(exc, path), link_target=link, real=real
        )
    problem: str | None = None
    try:
        text = decode(raw)
    except FileProblem as exc:  # shown best-effort, with what is wrong (writes are refused)
        text, problem = decode_lossy(raw), str(exc)
    return FileState(
        target,
        path,
        limit,
        True,
        tuple(parse(text)),
        raw,
        problem,
        detect_drift(text, limit),
        link,
        Fingerprint.of(st),
        real,
        (st.st_dev, st.st_ino),
    )


def drift_guard(state: FileState, keep_copy: Callable[[FileState], str | None] | None = None) -> None:
    """The drift guard, the one statement of it (docs/rules.md#operations): refuse to rewrite a file
    that is not in the memory tool's own shape, since rewriting it could lose what was added by hand.

    Raises :class:`DriftDetected` when ``state`` drifted. ``keep_copy`` (the store, under its lock)
    saves the agent's drift copy first and returns its name, which the refusal names; previews and
    checks made before any write pass nothing and copy nothing.
    """
    if not state.drift:
        return
    saved, copy = "", None
    if keep_copy is not None:
        copy = keep_copy(state)
        saved = f" A copy was saved as {copy}." if copy else " Saving a copy failed; the file itself is unchanged."
    raise DriftDetected(
        f"{state.filename} was changed outside the memory tool: {'; '.join(state.drift.reasons)}. "
        f"Rewriting it could lose that content, so nothing was changed.{saved}",
        hint="Clean it up first: normalise it into § entries (the Migrate page, or "
        f"`{printed_command('normalize', state.target)}`), or add the extra content back as entries and "
        "rewrite the file; `add` still works meanwhile.",
        target=state.target,
        backup=copy,
    )


@dataclass(frozen=True)
class TwoFileUndo:
    """What takes back one two-file write: the undo of each half that changed a file."""

    first_target: str
    second_target: str
    first: Undo | None
    second: Undo | None

    @property
    def target(self) -> str:
        """The file written first (messages name it first)."""
        return self.first_target

    def to_dict(self) -> dict[str, object]:
        return {
            "first": self.first.to_dict() if self.first else {"target": self.first_target},
            "second": self.second.to_dict() if self.second else {"target": self.second_target},
        }


@dataclass(frozen=True)
class TwoFileResult:
    """A write that changed both files (or only one, when the other already held the result)."""

    first: OpResult  # the half written first (a move's destination)
    second: OpResult  # the half written second (a move's source)
    message: str

    @property
    def changed(self) -> bool:
        return self.first.changed or self.second.changed

    @property
    def undo(self) -> TwoFileUndo | None:
        """Takes back both halves at once (None when nothing was written)."""
        if not self.changed:
            return None
        return TwoFileUndo(self.first.target, self.second.target, self.first.undo, self.second.undo)

    def to_dict(self) -> dict[str, object]:
        return {
            "success": True,
            "message": self.message,
            "changed": self.changed,
            "files": [self.first.to_dict(), self.second.to_dict()],
        }


__all__ = ["drift_guard", "FileState", "OpResult", "read_file_state", "TwoFileResult", "TwoFileUndo", "Undo"]
