"""The clean-up assistant's findings and plan, as plain data (docs/cleanup.md).

A finding is a proposal, never a write: applying one goes through :mod:`.apply`, which writes
through :class:`~hermes_dash.MemoryStore`. Texts are kept in full; nothing is cut for display.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from hermes_dash import EntryChanged, FileState, InvalidRequest, Operation, Refusal
from hermes_dash.engine.rules.format import DELIMITER, FILENAMES, percent
from hermes_dash.engine.rules.ops import step
from hermes_dash.engine.rules.targets import Target
from hermes_dash.engine.text import shorten
from hermes_dash.engine.views.humanize import agreeing, n_of


def other(target: str) -> str:
    return Target.of(target).other.key


@dataclass(frozen=True)
class Merge:
    """Two entries of one file that state one fact: ``keep`` becomes ``merged``, ``drop`` goes."""

    target: str
    keep: str
    drop: str
    merged: str
    kind: str  # "duplicate" | "paraphrase" | "overlap" (one says what the other says, and more)
    score: float

    @property
    def freed(self) -> int:
        """Characters the file loses: both entries and one delimiter, minus the merged text."""
        return len(self.keep) + len(self.drop) + len(DELIMITER) - len(self.merged)

    def edited(self, text: str) -> Merge:
        return replace(self, merged=text.strip())

    def operations(self) -> list[dict[str, str]]:
        """Each pinned to the entry's full text: under the released agent's matching an entry
        inside a longer one is reached only by its pin (docs/rules.md#operations)."""
        ops = (
            []
            if self.merged == self.keep
            else [{"action": "replace", "old_text": self.keep, "expect_entry": self.keep, "content": self.merged}]
        )
        return ops + [{"action": "remove", "old_text": self.drop, "expect_entry": self.drop}]


@dataclass(frozen=True)
class CrossOverlap:
    """The same fact in MEMORY.md and USER.md; ``keep_target`` is where it reads as belonging."""

    memory_entry: str
    user_entry: str
    merged: str
    kind: str
    score: float
    keep_target: str

    @property
    def drop_target(self) -> str:
        return other(self.keep_target)

    @property
    def freed(self) -> int:
        return len(self.memory_entry) + len(self.user_entry) + len(DELIMITER) - len(self.merged)

    def entry(self, target: str) -> str:
        return self.memory_entry if target == "memory" else self.user_entry


@dataclass(frozen=True)
class Contradiction:
    """One subject, two values (``port 8080`` / ``moved to 9090``): a person keeps one or edits.

    Never merged: a merge would keep both values and the agent would read both as true."""

    first_target: str
    first: str
    second_target: str
    second: str
    score: float
    first_only: tuple[str, ...]  # the values only the first names
    second_only: tuple[str, ...]
    newer: int | None = None  # which reads as newer (a change cue): 0 or 1; None when nothing says

    @property
    def keeper(self) -> int:
        """The entry suggested to keep: the newer one, else the first (the person picks)."""
        return self.newer if self.newer is not None else 0

    @property
    def older(self) -> tuple[str, str] | None:
        """(file, text) of the superseded entry, when a cue says which one is newer."""
        return None if self.newer is None else self.entry(1 - self.newer)

    def entry(self, which: int) -> tuple[str, str]:
        return (self.first_target, self.first) if which == 0 else (self.second_target, self.second)


@dataclass(frozen=True)
class PlacementHint:
    """An entry that reads as belonging in the other file."""

    target: str  # where it is now
    entry: str
    suggested: str  # where it reads as belonging
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class StaleHint:
    """A MEMORY.md entry naming paths not found on this machine: a hint, never a removal by
    itself. ``checked`` is what was looked up (the full path tried for each)."""

    entry: str
    missing: tuple[str, ...]
    checked: tuple[str, ...]

    def summary(self) -> str:
        return "Not found on this machine: " + "; ".join(self.checked)


StaleFact = StaleHint  # the earlier name


@dataclass(frozen=True)
class PathCheck:
    """What the stale-path check looked at, so a clean result is not read as more than it is."""

    checked: tuple[str, ...] = ()  # absolute, ~ and project-relative paths looked up here
    missing: int = 0  # how many of those do not exist
    relative: tuple[str, ...] = ()  # relative paths not checked (no project folder named, or not here)
    elsewhere: tuple[str, ...] = ()  # paths the memory places on another machine, not checked
    project: str | None = None  # the project folder the memory names, if any
    not_here: str = ""  # why nothing was looked up: the agent does not run on this machine

    def summary(self) -> str:
        if self.not_here:
            text = self.not_here
        elif self.checked:
            found = (
                "all exist here"
                if not self.missing
                else f"{self.missing:,} {agreeing(self.missing, 'is', 'are')} not found on this machine"
            )
            text = f"Checked {n_of(len(self.checked), 'path')} named in MEMORY.md: {found}."
        else:
            text = "MEMORY.md names no path on this machine that could be checked, so no path was checked."
        if self.elsewhere:
            text += (
                f" Not checked: {len(self.elsewhere):,} placed on another machine (staging, a server, the NAS, a URL)."
            )
        if self.relative:
            shown = ", ".join(self.relative[:3]) + (", …" if len(self.relative) > 3 else "")
            where = (
                f"the project folder {self.project} is not on this machine"
                if self.project
                else "MEMORY.md names no project folder"
            )
            text += f" Not checked: {len(self.relative):,} relative ({shown}), as {where}."
        return text


LOSES_NOTHING = ("merge", "move")  # step kinds that keep every fact where it was or in the other file


@dataclass(frozen=True)
class PlanStep:
    """One proposed change to the plan's file, every text in full (nothing is cut for display)."""

    kind: str  # "merge" | "move" | "shorten" | "remove" (picked by the person only)
    reason: str
    operations: tuple[dict[str, str], ...]  # on the plan's file, each addressing an entry by its full text
    usage_after: int
    percent_after: int
    entries: tuple[str, ...]  # the entries of the plan's file this step touches
    result: str | None = None  # the text that stays (merged or shortened); None when the entries go
    other: tuple[dict[str, str], ...] = ()  # on the other file: a move's add, a merge's kept copy
    picked: bool = False  # a removal the person chose; the plan itself never proposes one

    @property
    def loses_nothing(self) -> bool:
        return self.kind in LOSES_NOTHING

    def edited(self, text: str) -> PlanStep:
        """The step with its resulting text replaced by ``text`` (a person's edit)."""
        text = text.strip()
        if self.result is None or not text or text == self.result:
            return self

        def swap(ops: tuple[dict[str, str], ...]) -> tuple[dict[str, str], ...]:
            return tuple(
                {**op, "content": text} if op.get("action") == "replace" and op.get("content") == self.result else op
                for op in ops
            )

        return replace(self, operations=swap(self.operations), other=swap(self.other), result=text)


@dataclass(frozen=True)
class Candidate:
    """An entry the person may pick for removal, with why it is listed and what it frees."""

    entry: str
    evidence: str  # one of EVIDENCE_ORDER
    why: str
    freed: int  # characters its removal frees (the entry and one delimiter)


EVIDENCE_ORDER = (
    "superseded",
    "duplicate",
    "contradicted",
    "not found here",
    "dated in the past",
    "no evidence",
    "newer value",
)
AGAINST = EVIDENCE_ORDER[:5]  # evidence against an entry (the rest is none, or evidence for it)


@dataclass(frozen=True)
class Plan:
    """Steps that bring ``target`` to ``threshold`` percent or below, applied as one write, and
    the entries the person may pick for removal when those steps are not enough."""

    target: str
    threshold: int
    limit: int
    usage_before: int
    goal: int  # the usage to reach: limit * threshold / 100, rounded down
    steps: tuple[PlanStep, ...]
    entries: tuple[str, ...] = ()  # the file the plan was made from
    ranked: tuple[Candidate, ...] = ()  # removal candidates, by evidence; none picked
    lossless_usage: int | None = None  # the usage after the steps that lose nothing alone

    @property
    def candidates(self) -> tuple[str, ...]:
        return tuple(c.entry for c in self.ranked)

    @property
    def usage_after(self) -> int:
        return self.steps[-1].usage_after if self.steps else self.usage_before

    @property
    def reaches_goal(self) -> bool:
        return self.usage_after <= self.goal

    @property
    def lossless_reaches_goal(self) -> bool:
        return (self.usage_before if self.lossless_usage is None else self.lossless_usage) <= self.goal

    @property
    def still_to_free(self) -> int:
        """Characters still to free after every step to reach the goal (0 when it is reached)."""
        return max(0, self.usage_after - self.goal)

    @property
    def other_target(self) -> str:
        return other(self.target)

    @property
    def operations(self) -> list[dict[str, str]]:
        return [op for step in self.steps for op in step.operations]

    @property
    def other_operations(self) -> list[dict[str, str]]:
        """What the steps do to the other file (moved entries added, merged copies kept there)."""
        return [op for step in self.steps for op in step.other]

    def choose(
        self,
        steps: Iterable[int] | None = None,
        *,
        removals: Iterable[str] = (),
        texts: Mapping[int, str] | None = None,
    ) -> Plan:
        """The plan the person settled on: the steps at positions ``steps`` (0-based; all when
        None), with ``texts`` replacing the resulting text of a merge or shortening, then a
        removal step for each entry of ``removals`` (picked by the person, in their order).
        The usage after each step is recomputed."""
        tally = Tally(self.entries)
        chosen = range(len(self.steps)) if steps is None else sorted(set(steps))
        out: list[PlanStep] = []
        for i in chosen:
            step = self.steps[i].edited(texts[i]) if texts and i in texts else self.steps[i]
            if tally.apply(step.operations) is not None:
                out.append(replace(step, usage_after=tally.usage, percent_after=percent(tally.usage, self.limit)))
        picked = list(dict.fromkeys(e.strip() for e in removals))
        for entry in picked:
            ops = ({"action": "remove", "old_text": entry, "expect_entry": entry},)
            if tally.apply(ops) is None:
                raise InvalidRequest(
                    f"{FILENAMES[self.target]} has no entry {shorten(entry, 80)!r} left to remove "
                    "(a chosen step already changes it).",
                    hint="Pick among the listed candidates.",
                )
            out.append(
                PlanStep(
                    "remove", "you picked it", ops, tally.usage, percent(tally.usage, self.limit), (entry,), picked=True
                )
            )
        return replace(self, steps=tuple(out), ranked=tuple(c for c in self.ranked if c.entry not in picked))


class Tally:
    """The usage of a file as a plan's steps change it, in constant time per operation. Each
    operation goes through the engine's one dispatcher (:func:`hermes_dash.step`), which lands
    here on a multiset of texts instead of a list: steps address entries by their full text,
    pinned to it, and a pinned full text hits exactly when that text is an entry
    (docs/rules.md#operations), so the multiset gives the very usage the batch leaves."""

    def __init__(self, entries: Iterable[str]) -> None:
        self.count = Counter(entries)
        self.chars = sum(len(e) * n for e, n in self.count.items())
        self.n = sum(self.count.values())
        self._aimed: list[str] = []  # a position, for replace and remove: an index here
        self._done: list[tuple[str, int]] = []

    @property
    def usage(self) -> int:
        return self.chars + len(DELIMITER) * (self.n - 1) if self.n else 0

    def _put(self, text: str, k: int) -> None:
        self.count[text] += k
        self.chars += len(text) * k
        self.n += k
        self._done.append((text, k))

    # -- where the dispatcher lands (Work's four effects, on the multiset) ----------------------

    def has(self, text: str) -> bool:
        return self.count[text] > 0

    def add(self, text: str) -> None:
        self._put(text, 1)

    def hit(self, old_text: str, expect_entry: str | None, where: str = "") -> int:
        aimed = old_text if expect_entry is None else expect_entry
        if self.count[aimed] <= 0:
            raise EntryChanged(f"{where}The entry {aimed[:80]!r} is not in the file.", expected=aimed, current=None)
        self._aimed.append(aimed)
        return len(self._aimed) - 1

    def replace(self, position: int, text: str) -> None:
        self._put(self._aimed[position], -1)
        self._put(text, 1)

    def remove(self, position: int) -> None:
        self._put(self._aimed[position], -1)

    # -- a step of the plan ------------------------------------------------------------------------

    def apply(self, ops: Iterable[Mapping[str, str]], limit: int | None = None) -> list[tuple[str, int]] | None:
        """Apply ``ops`` (a step's operations, as the batch will carry them) and return what
        :meth:`revert` takes back; None, with nothing changed, when the batch would refuse one
        (an entry that is not there) or the result would exceed ``limit``."""
        self._done, self._aimed = [], []
        try:
            for op in ops:
                step(
                    self,
                    Operation(
                        op.get("action", ""), op.get("content", ""), op.get("old_text", ""), op.get("expect_entry")
                    ),
                )
        except Refusal:
            self.revert(self._done)
            return None
        done = self._done
        if limit is not None and self.usage > limit:
            self.revert(done)
            return None
        return done

    def revert(self, done: list[tuple[str, int]]) -> None:
        for text, k in reversed(done):
            self.count[text] -= k
            self.chars -= len(text) * k
            self.n -= k


@dataclass(frozen=True)
class Report:
    """Everything the assistant suggests for one home."""

    files: dict[str, FileState]
    merges: tuple[Merge, ...]
    cross: tuple[CrossOverlap, ...]
    placement: tuple[PlacementHint, ...]
    stale: tuple[StaleHint, ...]
    plans: dict[str, Plan]
    notes: dict[str, str]  # per file: why no plan was made (hand-written, unreadable)
    paths: PathCheck = PathCheck()  # what the stale-path check covered
    contradictions: tuple[Contradiction, ...] = ()
    method: str = ""  # the similarity method used (meaning.method().name)
    timings: dict[str, float] = field(default_factory=dict)  # seconds per stage
