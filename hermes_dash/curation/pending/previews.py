"""The file after approval, with the same checks approving makes (nothing is written); an edit of
a staged write previewed the same way."""

from __future__ import annotations

from dataclasses import replace

from hermes_dash import FileState, InvalidRequest, MemoryStore, Operation, Refusal
from hermes_dash.engine.rules.format import TARGETS
from hermes_dash.engine.views.diffwork import Work

from .lowering import lower, pin_states
from .model import AIMED, Preview, Staged
from .reading import read_staged, staged_path
from .replay import replay_refusal


def check_edit(staged: Staged, operation: Operation) -> None:
    """An edit changes the text of a staged write, never what kind of write it is."""
    if operation.action != staged.action:
        raise InvalidRequest(
            f"Staged write {staged.id} is a {staged.action}; an edit of it cannot be a {operation.action}.",
            hint="Edit the text only, or reject it and make the change by hand.",
        )
    if operation.action == "batch" and [p.action for p in operation.operations] != [p.action for p in staged.ops]:
        raise InvalidRequest(
            f"Staged write {staged.id}: an edit keeps each of its operations and their kinds.",
            hint="Edit the text only, or reject it and make the change by hand.",
        )


def _pinned(operation: Operation, hit: str | None) -> Operation:
    """A single replace/remove/patch with no pin, pinned to the entry the preview showed it hits."""
    if hit is None or operation.expect_entry is not None or operation.action not in AIMED:
        return operation
    return replace(operation, expect_entry=hit)


def _patches(staged_op: Operation, lowered: Operation) -> tuple[tuple[str, str], ...]:
    """Each patch as (the entry it hits, that entry patched): the word diffs the pages show."""
    staged_parts = staged_op.operations if staged_op.action == "batch" else (staged_op,)
    lowered_parts = lowered.operations if lowered.action == "batch" else (lowered,)
    return tuple(
        (low.old_text, low.content)
        for part, low in zip(staged_parts, lowered_parts)
        if part.action == "patch" and low.action == "replace"
    )


def preview_staged(
    store: MemoryStore, staged: Staged, operation: Operation | None, state: FileState, budget: Work | None = None
) -> Preview:
    """The preview of ``staged`` on ``state``; ``budget``: its entry diff's share of a listing's."""
    before = state.entries
    if not staged.ok:
        return Preview(
            staged,
            before,
            before,
            state.limit,
            InvalidRequest(
                f"Staged write {staged.id} is malformed: {staged.problem}.",
                hint="Reject it (delete the file), or fix the JSON by hand.",
            ),
        )
    pins = pin_states(staged, before)
    if operation is None:
        if (refused := replay_refusal(staged)) is not None:
            return Preview(staged, before, before, state.limit, refused, pins=pins)
        operation = staged.operation()
    else:
        try:
            check_edit(staged, operation)
        except InvalidRequest as wrong_kind:
            return Preview(staged, before, before, state.limit, wrong_kind, pins=pins)
    try:
        lowered = lower(before, operation)
    except Refusal as not_lowered:
        return Preview(staged, before, before, state.limit, not_lowered, operation, pins)
    projection = store.preview(state, lowered).projection  # the store's own checks, as approving meets them
    hit = lowered.expect_entry if operation.action == "patch" else projection.matched
    operation = _pinned(operation, hit)
    refusal = projection.refusal
    if refusal is not None:
        return Preview(staged, before, before, state.limit, refusal, operation, pins)
    patches = _patches(operation, lowered)
    return Preview(staged, before, projection.after, state.limit, None, operation, pins, patches, budget)


def preview(store: MemoryStore, staged: Staged, operation: Operation | None = None) -> Preview:
    """The file after approval, with the same checks approving makes (nothing is written).

    ``operation``: preview an edit of the staged write (see :meth:`Staged.edit`) instead; the
    preview's ``operation`` is then what to pass to :func:`approve` as the edit.
    """
    target = staged.target if staged.target in TARGETS else "memory"
    return preview_staged(store, staged, operation, store.read(target))


def preview_edit(
    store: MemoryStore, sid: str, content: str | None = None, old_text: str | None = None, *, aim_now: bool = False
) -> Preview:
    """The preview of staged write ``sid`` with its text changed (what is not given stays as
    staged; ``content`` is a patch's new text; ``aim_now`` as for :meth:`Staged.edit`); its
    ``operation`` is the edit to pass to :func:`approve`. For one operation: a staged batch is
    edited part by part (:meth:`Staged.edit`, as the dashboard's Inbox does)."""
    staged = read_staged(staged_path(store, sid))
    if staged.action == "batch":
        raise InvalidRequest(
            f"Staged write {sid} is a batch of {len(staged.parts())} operations; its text cannot "
            "be given in one --content.",
            hint="Edit it in the dashboard's Inbox, or approve or reject it as staged.",
        )
    part = staged.parts()[0]
    texts = (part.content if content is None else content, part.old_text if old_text is None else old_text)
    return preview(store, staged, staged.edit([texts], aim_now=aim_now))
