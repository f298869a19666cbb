"""Writes that change both memory files together: a move, a merge across the files, their undo.

See docs/rules.md#two-file-writes. Each is the pipeline's N-file write with N=2
(``engine/pipeline.py``): validated and scanned before any lock, both locks taken in file-name
order, both files re-read, drift-guarded and projected under their locks, then committed
together, both or neither. Only a failure of the second write itself (disk full, permissions)
comes after the first write; the first file's old bytes are then put back and its fresh backup
taken away.
"""

from __future__ import annotations

from collections.abc import Mapping

from hermes_dash.engine.change import Change, Half
from hermes_dash.engine.pipeline import Files
from hermes_dash.engine.rules import ops as _ops
from hermes_dash.engine.rules.errors import InvalidRequest
from hermes_dash.engine.rules.format import FILENAMES, decode_lossy, parse
from hermes_dash.engine.rules.targets import Target
from hermes_dash.engine.state import TwoFileResult, TwoFileUndo
from hermes_dash.engine.views.humanize import n_of

ChangeSpec = tuple[str, "_ops.Operation | Mapping[str, object]"]


def write_both(files: Files, first: ChangeSpec, second: ChangeSpec, message: str) -> TwoFileResult:
    """Apply ``first`` then ``second`` (each an operation on one target) as one change."""
    (t1, op1), (t2, op2) = first, second
    _ops.check_target(t1), _ops.check_target(t2)
    if t1 == t2:
        raise InvalidRequest("A two-file change needs both files.", hint="Use one batch for changes to one file.")
    changes = []
    for target, op in ((t1, op1), (t2, op2)):
        prepared = _ops.prepare(op)
        spec = Target.of(target)
        changes.append(Change(spec, prepared, f"{spec.filename}: {_describe(prepared.op)}"))
    results = files._apply(changes)
    return TwoFileResult(results[0], results[1], message)


def _describe(op: _ops.Operation) -> str:
    if op.action == "batch":
        return f"applied {n_of(len(op.operations), 'operation')}."
    return {"add": "entry added.", "replace": "entry replaced.", "remove": "entry removed."}.get(op.action, "changed.")


def move(files: Files, source: str, entry: str, destination: str, *, expect_entry: str | None = None) -> TwoFileResult:
    """Take the entry ``entry`` hits (the agent's matching rule) out of ``source`` and add it
    to ``destination``. ``expect_entry`` pins it to the text the caller saw."""
    _ops.check_target(source), _ops.check_target(destination)
    if source == destination:
        raise InvalidRequest("Source and destination are the same file.", hint="Pick the other file.")
    state = files.read(source)
    hit = _ops.project(
        state.entries, _ops.Operation("remove", old_text=entry, expect_entry=expect_entry), state.limit
    ).raise_refusal()
    text = hit.matched or entry.strip()
    return write_both(
        files,
        (destination, _ops.Operation("add", text)),
        (source, _ops.Operation("remove", old_text=text, expect_entry=text)),
        f"Moved the entry from {FILENAMES[source]} to {FILENAMES[destination]}.",
    )


def undo_both(files: Files, token: TwoFileUndo) -> TwoFileResult:
    """Take back a two-file write: both files get their old bytes again, or neither does.

    Refused (:class:`FileChanged`, see docs/rules.md#backups) when either file no longer holds
    exactly what that write left. The second half is put back first, so undoing a move never
    passes through a state where the entry is in neither file.
    """
    if token.first is None and token.second is None:
        raise InvalidRequest(
            "That change wrote nothing, so there is nothing to undo.",
            hint="Undo applies to a write that changed a file.",
        )
    with files._locked([token.first_target, token.second_target]):
        halves = []
        for target, part in ((token.second_target, token.second), (token.first_target, token.first)):
            state = files._read_writable(target)
            if part is None:
                halves.append(Half(state, state.raw, state.entries, "undo", ""))
                continue
            data = files._undo_checked(state, part)
            halves.append(
                Half(
                    state, data, tuple(parse(decode_lossy(data))), "undo", f"Undid the last write to {state.filename}."
                )
            )
        second, first = files._commit(halves)
    return TwoFileResult(first, second, "Undid the change to both files.")
