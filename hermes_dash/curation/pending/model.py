"""The inbox's data: a staged write as read, its preview, the triage's marks, a decision; and
the names (actions, marks, orders) the pages and the command line show."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path

from hermes_dash import InvalidRequest, Operation, OpResult, Refusal
from hermes_dash.engine.rules.format import FILENAMES, Weighed
from hermes_dash.engine.views.diff import EntryDiff, diff_entries
from hermes_dash.engine.views.diffwork import Work

MAX_BYTES = 1_000_000
MAX_DEPTH = 32  # a staged write is an object holding a payload holding a list of operations
#: What one operation of a staged write can be (upstream main added ``patch``).
PART_ACTIONS = ("add", "replace", "remove", "patch")
ACTIONS = (*PART_ACTIONS, "batch")
#: The operations that aim at an existing entry (and that newer agents pin to it).
AIMED = ("replace", "remove", "patch")
#: The same cap the store puts on a batch (an agent's batch is a handful of operations).
MAX_PARTS = 2_000
#: Marks the triage gives (see :func:`triage`), in the order they are shown.
MARKS = ("stale", "repeat", "no_change")
MARK_LABELS = {
    "stale": "can no longer apply",
    "repeat": "repeats another staged write",
    "no_change": "the file already says this",
}
ORIGIN_LABELS = {
    "foreground": "staged during a conversation with you",
    "background_review": "proposed by the agent's own review after a conversation",
}
#: Orders the Inbox and ``pending list`` offer.
SORTS = ("oldest", "newest", "kind")
KIND_ORDER = {a: i for i, a in enumerate(("add", "patch", "replace", "remove", "batch"))}


@dataclass(frozen=True)
class Staged:
    """One staged write; ``problem`` set means malformed (then only ``id`` and ``path`` are sure).

    ``ops`` are its operations as the agent staged them (one, or a batch's), as
    :class:`~hermes_dash.Operation` values whose action may be ``patch`` (``content`` is then the
    new text). A pinned replace/remove aims at the pinned entry's full text (``old_text`` and
    ``expect_entry`` both the pin), like any pinned edit; a pinned patch keeps its ``old_text``
    (the text to replace inside the entry) and has the pin in ``expect_entry``. ``asked`` holds
    the ``old_text`` each operation came with, to find the entry in its place when the pin broke.
    """

    id: str
    path: Path
    problem: str | None = None
    action: str = ""
    target: str = ""
    summary: str = ""
    origin: str = ""
    created: datetime | None = None
    payload: Mapping[str, object] | None = None
    matched_entry: str | None = None
    ops: tuple[Operation, ...] = ()
    asked: tuple[str, ...] = ()
    disposition: str = ""  # what a newer agent says of it (``needs_review``), as stored

    @property
    def ok(self) -> bool:
        return self.problem is None

    @property
    def filename(self) -> str:
        return FILENAMES.get(self.target, self.target)

    @property
    def origin_label(self) -> str:
        return ORIGIN_LABELS.get(self.origin, self.origin or "unknown")

    @property
    def pinned(self) -> bool:
        return any(op.expect_entry is not None for op in self.ops)

    def age(self, now: datetime | None = None) -> float | None:
        if self.created is None:
            return None
        return max(0.0, ((now or datetime.now(UTC)) - self.created).total_seconds())

    def operation(self) -> Operation:
        """The write as staged: one operation, or a batch of them (``patch`` not yet lowered;
        :func:`lower` turns it into what the store applies)."""
        assert self.ok and self.ops, "a malformed staged write has no operation"
        return Operation("batch", operations=self.ops) if self.action == "batch" else self.ops[0]

    def parts(self) -> tuple[Operation, ...]:
        """The operations approving applies, in order: one, or each of a batch's."""
        return self.ops

    def edit(self, texts: Sequence[tuple[str, str]], *, aim_now: bool = False) -> Operation:
        """The same write with other text: ``texts[i]`` is ``(content, old_text)`` for
        :meth:`parts` ``[i]`` (``content`` is a patch's new text; what an action does not use is
        ignored). A part whose old text is unchanged keeps its pin; one aimed elsewhere is
        pinned by :func:`preview` to the entry it hits there (docs/pending.md, editing).

        ``aim_now``: drop every pin, so that a write whose pinned entry changed aims at the entry
        in its place now (a replace/remove whose old text is still its pin goes back to the
        ``old_text`` the agent gave); the preview then pins it to the entry it hits now.
        """
        parts = self.parts()
        if len(texts) != len(parts):
            raise InvalidRequest(
                f"Staged write {self.id} has {len(parts)} operations, not {len(texts)}.",
                hint="Edit each operation of the staged write.",
            )
        edited = []
        for part, asked, (content, old_text) in zip(parts, self.asked or ("",) * len(parts), texts):
            content = content if part.action != "remove" else ""
            old_text = old_text if part.action != "add" else ""
            pin = part.expect_entry if old_text == part.old_text else None
            if aim_now and pin is not None:
                if part.action != "patch" and old_text == pin and asked.strip():
                    old_text = asked
                pin = None
            edited.append(Operation(part.action, content, old_text, pin))
        return Operation("batch", operations=tuple(edited)) if self.action == "batch" else edited[0]


@dataclass(frozen=True)
class PinState:
    """A pinned operation against the file now: the entry it was pinned to (``then``) and the
    entry in its place now (``now``: what its ``old_text`` hits, None when nothing or several
    entries do). ``kept``: the pinned entry is still in the file, word for word."""

    position: int  # 1-based, as "Operation N" in messages
    then: str
    now: str | None
    kept: bool


@dataclass(frozen=True)
class Preview(Weighed, counts="after"):
    """The target file if the staged write were approved now (``refusal`` set: it would be refused)."""

    staged: Staged
    before: tuple[str, ...]
    after: tuple[str, ...]
    limit: int
    refusal: Refusal | None = None
    operation: Operation | None = None  # what to approve as an edit (pinned to the entry it hits)
    pins: tuple[PinState, ...] = ()  # each pinned operation, kept or not
    patches: tuple[tuple[str, str], ...] = ()  # (entry before, entry after) of each patch that applies
    #: The work all the entry diffs of one listing share (``LISTING_DIFF_STEPS``); None: this
    #: write's own bound only (a preview before approving).
    budget: Work | None = field(default=None, compare=False, repr=False)

    @cached_property
    def diff(self) -> EntryDiff:
        """Computed once: a listing asks for it in its text and its JSON (up to 0.3 s each, and
        within the listing's ``budget``: coarse past it)."""
        return diff_entries(self.before, self.after, budget=self.budget)

    @property
    def changes_nothing(self) -> bool:
        return self.refusal is None and self.after == self.before

    @property
    def refusal_code(self) -> str:
        """The refusal's code (``over_limit``, ``no_match``...), empty when it would be approved."""
        return self.refusal.code if self.refusal is not None else ""

    @property
    def broken_pins(self) -> tuple[PinState, ...]:
        return tuple(p for p in self.pins if not p.kept)


@dataclass(frozen=True)
class Decision:
    """What approving or rejecting one id did."""

    id: str
    ok: bool
    message: str
    result: OpResult | None = None
    refusal: Refusal | None = None
    kind: str = ""  # why it was not approved, as a verdict (``approve_all``): stale, over_limit, ...

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"id": self.id, "success": self.ok, "message": self.message}
        if self.kind:
            out["kind"] = self.kind
        if self.result is not None:
            out["result"] = self.result.to_dict()
        if self.refusal is not None:
            out.update(self.refusal.to_dict())
        return out


@dataclass(frozen=True)
class Triaged:
    """One staged write with its preview and the triage's marks (``MARKS``; reasons alike)."""

    staged: Staged
    preview: Preview
    marks: tuple[str, ...] = ()
    reasons: tuple[str, ...] = ()
    repeats: str | None = None  # the id of the older staged write this one repeats

    @property
    def marked(self) -> bool:
        return bool(self.marks)
