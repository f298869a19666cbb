"""Applying what a person chose: every write is one engine call (docs/rules.md#two-file-writes).

One ``batch`` per file, or the store's two-file write when a change touches both files (both
change or neither). Each replace or remove is pinned to the full text the person saw, so an
entry the agent changed meanwhile is refused, never overwritten.
"""

from __future__ import annotations

from collections.abc import Sequence

from hermes_dash import FileProblem, FileState, InvalidRequest, MemoryStore, Operation, OpResult, TwoFileResult
from hermes_dash.engine.rules.batchplan import pin_batch
from hermes_dash.engine.rules.format import FILENAMES
from hermes_dash.engine.rules.targets import Target
from hermes_dash.engine.state import drift_guard
from hermes_dash.engine.text import shorten

from .model import Contradiction, CrossOverlap, Merge, Plan, other


def _require_clean(state: FileState) -> None:
    if state.error:
        raise FileProblem(
            f"{state.filename}: {state.error}", hint="Fix the file first; nothing was changed.", target=state.target
        )
    drift_guard(state)  # a two-file change could not be undone exactly if its second half failed


def apply_merges(store: MemoryStore, target: str, merges: Sequence[Merge]) -> OpResult:
    """All chosen (possibly edited) merges of one file as ONE batch: all or nothing."""
    if not merges:
        raise InvalidRequest("No merge was chosen.", hint="Tick at least one proposed merge.")
    if any(m.target != target for m in merges):
        raise InvalidRequest("A merge belongs to the other file.", hint="Apply each file's merges separately.")
    return store.batch(target, pin_batch(op for m in merges for op in m.operations()))


def apply_plan(store: MemoryStore, chosen: Plan) -> OpResult | TwoFileResult:
    """The chosen plan as one write: one batch on its file, or, when steps move text to the
    other file, the store's two-file write (the other file first; both change or neither)."""
    if not chosen.steps:
        raise InvalidRequest("The plan has no steps.", hint="The file is already under the threshold.")
    ops = pin_batch(chosen.operations)
    if not chosen.other_operations:
        return store.batch(chosen.target, ops)
    for state in (store.read(chosen.target), store.read(chosen.other_target)):
        _require_clean(state)
    return store.apply_both(
        (chosen.other_target, Operation.batch(pin_batch(chosen.other_operations))),
        (chosen.target, Operation.batch(ops)),
        message=f"Applied the plan to {FILENAMES[chosen.target]}; moved or kept text in "
        f"{FILENAMES[chosen.other_target]}.",
    )


def move(store: MemoryStore, source: str, entry: str, destination: str) -> TwoFileResult:
    """Remove ``entry`` from ``source`` and add it to ``destination``; never only half of it."""
    source, destination = Target.of(source).key, Target.of(destination).key
    if source == destination:
        raise InvalidRequest("Source and destination are the same file.", hint="Pick the other file.")
    entry = entry.strip()
    if entry not in store.read(source).entries:
        raise InvalidRequest(
            f"{FILENAMES[source]} has no entry {shorten(entry, 80)!r} (any more).",
            hint="Reload the page: the file changed.",
        )
    for state in (store.read(source), store.read(destination)):
        _require_clean(state)
    return store.move(source, entry, destination, expect_entry=entry)


def resolve_cross(
    store: MemoryStore, overlap: CrossOverlap, keep_target: str | None = None, merged: str | None = None
) -> TwoFileResult:
    """Keep one copy (``merged`` text) in ``keep_target``, remove the other file's copy."""
    keep_target = Target.of(keep_target or overlap.keep_target).key
    drop_target = other(keep_target)
    kept, dropped = overlap.entry(keep_target), overlap.entry(drop_target)
    text = (merged if merged is not None else overlap.merged).strip()
    if not text:
        raise InvalidRequest("The merged text is empty.", hint="Type the text to keep.")
    for state in (store.read(keep_target), store.read(drop_target)):
        _require_clean(state)
    first = (
        Operation("add", kept) if text == kept else Operation("replace", text, kept, expect_entry=kept)
    )  # the add of an existing entry changes nothing
    return store.apply_both(
        (keep_target, first),
        (drop_target, Operation("remove", old_text=dropped, expect_entry=dropped)),
        message=f"Kept one copy in {FILENAMES[keep_target]} and removed the one in {FILENAMES[drop_target]}.",
    )


def resolve_contradiction(
    store: MemoryStore, pair: Contradiction, keep: int, text: str | None = None
) -> OpResult | TwoFileResult:
    """Keep entry ``keep`` (0: the first, 1: the second) and remove the other; with ``text``,
    the kept entry becomes that text (the person's edit). Never keeps both values."""
    if keep not in (0, 1):
        raise InvalidRequest(f"Keep {keep!r} names neither entry.", hint="Keep 0 (the first) or 1 (the second).")
    kept_target, kept = pair.entry(keep)
    gone_target, gone = pair.entry(1 - keep)
    text = kept if text is None else text.strip()
    if not text:
        raise InvalidRequest("The text to keep is empty.", hint="Type the text to keep, or keep one entry as it is.")
    keep_ops = [] if text == kept else [Operation("replace", text, kept, expect_entry=kept)]
    drop_op = Operation("remove", old_text=gone, expect_entry=gone)
    if kept_target == gone_target:
        return store.batch(kept_target, keep_ops + [drop_op])
    for state in (store.read(kept_target), store.read(gone_target)):
        _require_clean(state)
    return store.apply_both(
        (kept_target, keep_ops[0] if keep_ops else Operation("add", kept)),
        (gone_target, drop_op),
        message=f"Kept one value in {FILENAMES[kept_target]}, removed the other from {FILENAMES[gone_target]}.",
    )
