"""Turn an edited copy of the entry list into one batch of operations (the batch editor).

The dashboard's table editor yields, per original row, the new text (or ``None`` when the row
was deleted) plus rows added at the end. This module turns that into the agent's own
add / replace / remove operations so the whole edit is applied by ``MemoryStore.batch``: all
or nothing, with the limit checked only on the final result. Operations address entries by
their *full* text and are pinned to it: under the agent's matching a full text that another
entry contains would be ambiguous, and the pin says which entry is meant (docs/agents.md).

Order: replaces, then removes, then adds, so room is freed before it is used (the limit is
only checked at the end anyway, but the preview reads naturally in that order).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from hermes_dash.engine.rules.ops import Operation, pin_full_text
from hermes_dash.engine.text import shorten


def plan_batch(
    original: list[str] | tuple[str, ...], edited: Mapping[int, str | None], added: Iterable[str] = ()
) -> list[Operation]:
    """Operations that turn ``original`` into the edited table.

    ``edited`` maps an original row index to its new text (``None`` or blank text: removed);
    rows that are not in ``edited`` are unchanged. ``added`` are new rows (blank ones ignored).
    """
    replaces, removes = [], []
    for index, new in sorted(edited.items()):
        old = original[index]
        text = (new or "").strip()
        if not text:
            removes.append(Operation("remove", old_text=old))
        elif text != old:
            replaces.append(Operation("replace", content=text, old_text=old))
    adds = [Operation("add", content=t) for t in (a.strip() for a in added if a) if t]
    return pin_full_text([*replaces, *removes, *adds])


def describe_batch(op: Operation, width: int = 60) -> str:
    """One line for a preview list; text cut to ``width`` characters."""

    def cut(text: str) -> str:
        return shorten(text, width, one_line=True)

    if op.action == "add":
        return f"add: {cut(op.content)}"
    if op.action == "remove":
        return f"remove: {cut(op.old_text)}"
    return f"replace: {cut(op.old_text)}  →  {cut(op.content)}"


def pin_batch(ops: Iterable[Operation | Mapping[str, object]]) -> list[Operation]:
    """The same operations, each replace/remove pinned to the full entry text it addresses.

    The table shows entries as they were when editing began; if the agent changes one of them
    before the batch is applied, the batch is then refused instead of overwriting that change.
    """
    return pin_full_text(ops)


__all__ = ["describe_batch", "pin_batch", "plan_batch"]
