"""Approving (through the store; the staged file deleted only after that write succeeded) and
rejecting (the staged file deleted), one decision at a time."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from hermes_dash import EntryChanged, FileProblem, MemoryStore, Operation, Refusal
from hermes_dash.engine.agents import agent_rules_in_effect
from hermes_dash.engine.io.journal import journal_via
from hermes_dash.engine.io.lock import held

from .lowering import lower
from .model import AIMED, Decision, Staged
from .previews import check_edit
from .reading import read_staged, staged_path
from .replay import replay_refusal


@contextlib.contextmanager
def inbox_lock(store: MemoryStore) -> Iterator[None]:
    """One decision at a time (two tabs must not approve the same write twice)."""
    with held(store.home.pending_dir / ".inbox.lock", 10, "Another approval is in progress."):
        yield


def delete_staged(path: Path) -> None:
    try:
        os.unlink(path)  # unlink never follows a symlink: only the staged name goes
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise FileProblem(
            f"Could not delete {path}: {exc.strerror or exc}.", hint="Check the permissions of the pending folder."
        ) from None


def approve_one(
    store: MemoryStore, sid: str, edit: Operation | None = None, shown: Operation | None = None
) -> Decision:
    path = staged_path(store, sid)
    staged = read_staged(path)
    if edit is not None:
        check_edit(staged, edit)
    elif (refused := replay_refusal(staged)) is not None:
        raise refused
    operation = staged.operation() if edit is None else edit
    if edit is None and shown is not None and _as_shown(staged, shown):
        operation = shown  # the staged write pinned to the entry its preview showed
    # A patch is lowered on the file as read now into a replace pinned to the entry it hits; the
    # pins are checked by the store under its lock, where the file cannot change.
    try:
        # hermes-dash's journal records the approval with the staged id and who staged it.
        with journal_via(staged_id=staged.id, origin=staged.origin or None):
            result = store.apply(staged.target, lower(store.read(staged.target).entries, operation))
    except EntryChanged as changed:
        changed.hint = (
            "The file changed since the agent staged this write: reject it, or edit it to aim at the "
            "entry as it is now."
            if edit is None
            else "The entry changed since the preview was shown: check the edit again."
        )
        raise
    delete_staged(path)
    done = (
        f"Entry patched ({'one span' if agent_rules_in_effect().pinned_replay else 'every occurrence'} inside it; "
        "the rest kept)."
        if staged.action == "patch" and result.changed
        else result.message
    )
    return Decision(sid, True, f"Approved {sid}{' as edited' if edit is not None else ''}: {done}", result)


def _as_shown(staged: Staged, shown: Operation) -> bool:
    """Whether ``shown`` is the staged write itself, only pinned where the preview pinned it."""
    staged_op = staged.operation()
    if staged_op.action != shown.action or staged_op.action not in AIMED:
        return False
    return (staged_op.content, staged_op.old_text) == (shown.content, shown.old_text) and staged_op.expect_entry in (
        None,
        shown.expect_entry,
    )


def approve(
    store: MemoryStore,
    ids: Iterable[str],
    edited: Mapping[str, Operation] | None = None,
    shown: Mapping[str, Operation] | None = None,
) -> list[Decision]:
    """Apply each staged write through the store; a refused one stays pending, with the reason.

    Each id is its own decision (a refusal of one does not hold back the others). ``edited``
    maps an id to the operation to apply instead of the staged one (the same action, other text:
    see :meth:`Staged.edit` and :func:`preview`); the staged file is deleted only after that
    write succeeded, exactly as for an unedited approval. ``shown`` maps an id to its preview's
    ``operation``: a replace, remove or patch that the agent did not pin is then applied pinned
    to the entry the person saw it hit, and refused if that entry changed before the click.
    """
    edited = edited or {}
    shown = shown or {}
    decisions = []
    for sid in ids:
        try:
            with inbox_lock(store):
                decisions.append(approve_one(store, sid, edited.get(sid), shown.get(sid)))
        except Refusal as refusal:
            decisions.append(Decision(sid, False, f"Not approved ({sid}): {refusal.message}", refusal=refusal))
    return decisions


def reject(store: MemoryStore, ids: Iterable[str]) -> list[Decision]:
    """Delete each staged file (malformed ones too); the memory files are not touched."""
    decisions = []
    for sid in ids:
        try:
            with inbox_lock(store):
                delete_staged(staged_path(store, sid))
            decisions.append(Decision(sid, True, f"Rejected {sid}: the staged write was deleted."))
        except Refusal as refusal:
            decisions.append(Decision(sid, False, f"Not rejected ({sid}): {refusal.message}", refusal=refusal))
    return decisions
