"""What one write is made of: each file's :class:`Change` before the locks, its :class:`Half`
decided under its lock, the order the locks are taken in, and the bound on the work done while
holding them. :mod:`hermes_dash.engine.pipeline` runs them."""

from __future__ import annotations

from dataclasses import dataclass

from hermes_dash.engine.io import backups as _backups
from hermes_dash.engine.rules import ops as _ops
from hermes_dash.engine.rules.errors import InvalidRequest
from hermes_dash.engine.rules.format import FILENAMES
from hermes_dash.engine.rules.targets import Target
from hermes_dash.engine.state import FileState
from hermes_dash.engine.views.humanize import n_of

#: The most work one request may do while it holds the agent's lock, counted as the file's size
#: in bytes times the number of operations (each replace or remove looks through the whole
#: file). 2,000 replaces on a 10 MB file held the lock 84 s; at this bound the worst accepted
#: request (2,000 operations on a 25,000-byte file of the shortest entries) takes well under
#: 2 s (benchmarks: locked_work_worst_ms). A file within the agent's limits never comes near
#: it: 2,000 operations on a full 2,200-character file are 4.4 million.
MAX_LOCKED_WORK = 50_000_000


def check_work(state: FileState, operations: int) -> None:
    """Refuse (:class:`InvalidRequest`) a request that would hold the lock for too long on ``state``."""
    work = len(state.raw) * max(operations, 1)
    if work <= MAX_LOCKED_WORK:
        return
    fits = max(MAX_LOCKED_WORK // max(len(state.raw), 1), 1)
    raise InvalidRequest(
        f"{n_of(operations, 'operation')} on {state.filename} ({len(state.raw):,} bytes) would be {work:,} units of "
        f"work (bytes x operations) done while holding the lock the agent waits on; at most {MAX_LOCKED_WORK:,} are "
        "accepted in one request. Nothing was changed.",
        hint=f"Split it into batches of at most {fits:,} operations, or shorten the file first (a file within "
        "the agent's limits never comes near this bound).",
        target=state.target,
        work=work,
        max_work=MAX_LOCKED_WORK,
    )


def lock_order(*targets: str | Target) -> list[str]:
    """The targets in the order their locks are taken: by file name, each once."""
    return sorted({_ops.check_target(Target.of(t).key) for t in targets}, key=FILENAMES.__getitem__)


@dataclass(frozen=True)
class Change:
    """One file's part of a write: a prepared operation on one target, and how to report it."""

    target: Target
    prepared: _ops.Prepared
    message: str  # the reply when the file is written
    guard_drift: bool = True  # a single add skips the drift guard, as the agent's does


@dataclass
class Half:
    """What one file gets in a write, decided under its lock: the new bytes and the reply. Filled
    in by the commit: the backup it made (or reused) and the notes of retention."""

    state: FileState
    data: bytes
    after: tuple[str, ...]
    action: str
    message: str
    unchanged: str = "The file already had this content."  # the reply when nothing needs writing
    force: bool = False  # write even when the bytes are the same (an undo is a write of its own)
    #: A single-file write: a missing file is written even when the result is empty, and a file
    #: whose entries stay the same is still rewritten when its bytes differ (CRLF, duplicates,
    #: blank pieces), as the agent rewrites it in clean form after every accepted operation.
    single: bool = False
    also_protect: _backups.Backup | None = None  # a backup the reply names (a restore's source)
    kept: _backups.Backup | None = None
    fresh: bool = False
    listing: list[_backups.Backup] | None = None

    @property
    def writes(self) -> bool:
        if self.force:
            return True
        if not self.state.exists:
            return bool(self.data) or self.single
        if self.data == self.state.raw:
            return False
        return self.single or self.after != self.state.entries


__all__ = ["lock_order", "MAX_LOCKED_WORK"]
