"""Approving some operations of a staged batch (and picked removals) as one pinned write; what
was neither approved nor dropped written back as a smaller staged record of the same id, in the
shape the agent's own ``/memory pending`` reads; and "approve all that apply", each its own write.
"""

from __future__ import annotations

import json
import os
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path

from hermes_dash import InvalidRequest, MemoryStore, Operation, Refusal
from hermes_dash.engine.io.atomic import write_file
from hermes_dash.engine.io.journal import journal_via

from .decisions import approve_one, delete_staged, inbox_lock
from .model import Decision, Staged
from .parts import PartsPreview, kind_of, preview_parts
from .previews import preview
from .reading import list_pending, read_staged, read_staged_bytes, staged_path

#: What "approve all" names each failure (the verdict of a refusal, said for a whole write).
FAILURE_WORDS = {
    "stale": "stale (its text is in no entry)",
    "ambiguous": "ambiguous (its text is in several entries)",
    "pin_changed": "its pinned entry changed",
    "over_limit": "over budget",
    "malformed": "malformed",
    "refused": "refused",
}


def _positions(ns: Sequence[int]) -> str:
    return ", ".join(str(n) for n in ns)


def _smaller(original: bytes, left: Sequence[int]) -> bytes:
    """The staged record with only the operations at ``left`` (1-based), everything else as it was."""
    doc = json.loads(original.decode("utf-8-sig"))
    payload = dict(doc["payload"])
    ops = payload["operations"]
    payload["operations"] = [ops[n - 1] for n in left]
    doc["payload"] = payload
    return json.dumps(doc, ensure_ascii=False, indent=2).encode("utf-8")


def approve_parts(
    store: MemoryStore,
    sid: str,
    keep: Collection[int] | None = None,
    drop: Collection[int] = (),
    aims: Mapping[int, str] | None = None,
    removals: Sequence[str] = (),
    shown: Operation | None = None,
) -> Decision:
    """Approve the ``keep`` operations of staged write ``sid`` (None: every one that applies and
    is not dropped) with ``removals``, as one all-or-nothing write pinned to what the preview
    showed (``shown``: the preview's :attr:`PartsPreview.operation` from the page the person
    clicked on; else previewed now); delete the ``drop`` ones. The staged file goes when every
    operation was decided; otherwise the rest is written back as a smaller record of the same id.
    A refusal leaves the memory file and the staged file byte-identical."""
    try:
        with inbox_lock(store):
            return _approve_parts(store, sid, keep, drop, aims, removals, shown)
    except Refusal as refusal:
        return Decision(sid, False, f"Not approved ({sid}): {refusal.message}", refusal=refusal)


def _approve_parts(
    store: MemoryStore,
    sid: str,
    keep: Collection[int] | None,
    drop: Collection[int],
    aims: Mapping[int, str] | None,
    removals: Sequence[str],
    shown: Operation | None,
) -> Decision:
    path = staged_path(store, sid)
    staged, original = read_staged_bytes(path)
    preview: PartsPreview = preview_parts(store, staged, keep, drop, aims, removals)
    if preview.refusal is not None:
        raise preview.refusal
    if not preview.keep and not preview.drop:
        raise InvalidRequest(
            f"Nothing of staged write {sid} was approved or dropped: no operation applies.",
            hint="Re-aim an operation at an entry, drop it, or reject the whole write.",
        )
    count, left = len(staged.ops), preview.left
    said = f"operations {_positions(preview.keep) or 'none'} of {count} approved"
    said += f"; {_positions(preview.drop)} dropped" if preview.drop else ""
    said += f"; {_positions(left)} left staged" if left else ""
    written = None
    if left:  # first, so that a failure after the memory write cannot approve these twice
        written = write_file(path, _smaller(original, left), expect=_identity_of(path))
    result = None
    try:
        if preview.keep:
            with journal_via(staged_id=staged.id, origin=staged.origin or None, staged_parts=said):
                result = store.apply(staged.target, shown if shown is not None else preview.operation)
    except Refusal as refusal:
        if written is not None:
            _put_back(path, original, written, refusal)
        raise
    if not left:
        delete_staged(path)
    return Decision(sid, True, f"Approved from {sid}: {said}" + (f". {result.message}" if result else "."), result)


def _identity_of(path: Path) -> tuple[int, int] | None:
    """The staged name's file as it is now (just read), which the smaller record may replace."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    return (st.st_dev, st.st_ino)


def _put_back(path: Path, original: bytes, written: tuple[int, int], refusal: Refusal) -> None:
    """The staged record as it was, over the smaller one this approval wrote, and only over that
    file: a name that now holds anything else (a link swapped in while the memory lock was awaited)
    is left as it is, and the refusal says both things."""
    try:
        write_file(path, original, expect=written)
    except Refusal as problem:
        refusal.message += f" The staged record could not be put back as it was: {problem.message}"
        refusal.hint = problem.hint


def approve_all(store: MemoryStore) -> list[Decision]:
    """Every staged write, oldest first, each approved on the file as the earlier approvals leave
    it, as its own pinned write (its own backup and journal line); each one that was not is named
    with its own reason (``Decision.kind``: stale, ambiguous, over_limit, pin_changed, malformed)."""
    out = []
    for staged in list_pending(store):
        if not staged.ok:
            out.append(
                Decision(
                    staged.id, False, f"Not approved ({staged.id}): malformed: {staged.problem}.", kind="malformed"
                )
            )
            continue
        try:
            with inbox_lock(store):  # pinned to the entry its preview hits on the file as it is now
                out.append(approve_one(store, staged.id, None, preview(store, staged).operation))
        except Refusal as refusal:
            kind = kind_of(refusal)
            message = f"Not approved ({staged.id}, {FAILURE_WORDS[kind]}): {refusal.message}"
            out.append(Decision(staged.id, False, message, refusal=refusal, kind=kind))
    return out


def well_formed(store: MemoryStore, sid: str) -> Staged:
    """The staged write ``sid``, refused when it is not there or malformed."""
    return read_staged(staged_path(store, sid))
