"""The clean-up assistant: overlaps, misplaced entries, stale paths and a plan to free room.

Everything here is deterministic text heuristics (token sets, regexes, and the likeness of
:mod:`.similarity`); no language model, nothing executed, no network: the only look at the
outside world is ``os.path.exists`` on paths named in MEMORY.md. Proposals are data; applying
one goes through :class:`~hermes_dash.MemoryStore` (one ``batch`` per file, or the store's
two-file write when a change moves text to the other file), so the agent's rules, locks and
backups apply unchanged.

A plan (docs/rules.md#clean-up) first uses what loses nothing: overlapping entries merged,
entries the other file already says kept there once, entries that belong in the other file
moved, entries naming paths that no longer exist. Next it shortens wording, showing the
shorter text. Only then, if the goal is still not met, it lists candidates for removal, and
the person picks among them: the plan never removes an entry for its length.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from hermes_dash.engine.rules import ops as _ops
from . import normalize
from hermes_dash.engine.rules.errors import FileProblem, InvalidRequest
from hermes_dash.engine.rules.format import DELIMITER, FILENAMES, TARGETS, percent, usage
from hermes_dash.engine.views.humanize import count as n_of, entries as n_entries
from hermes_dash.engine.move import TwoFileResult
from hermes_dash.engine.store import FileState, MemoryStore, OpResult, drift_guard
from hermes_dash.engine.rules.targets import Target
from .similarity import BLOCK_MAX, Likeness, likeness, merge_text, related_pairs, tokens

DEFAULT_THRESHOLD = 80
SHORTEN_MIN = 3  # a shorter wording is proposed only when it saves at least this many characters


# -- findings ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Merge:
    """Two entries of one file that overlap: ``keep`` becomes ``merged``, ``drop`` goes."""

    target: str
    keep: str
    drop: str
    merged: str
    kind: str  # "duplicate" | "overlap"
    score: float

    @property
    def freed(self) -> int:
        """Characters the file loses: both entries and one delimiter, minus the merged text."""
        return len(self.keep) + len(self.drop) + len(DELIMITER) - len(self.merged)

    def edited(self, text: str) -> "Merge":
        return replace(self, merged=text.strip())

    def operations(self) -> list[dict[str, str]]:
        ops = [] if self.merged == self.keep else [{"action": "replace", "old_text": self.keep, "content": self.merged}]
        return ops + [{"action": "remove", "old_text": self.drop}]


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
        return Target.of(self.keep_target).other.key

    @property
    def freed(self) -> int:
        return len(self.memory_entry) + len(self.user_entry) + len(DELIMITER) - len(self.merged)

    def entry(self, target: str) -> str:
        return self.memory_entry if target == "memory" else self.user_entry


@dataclass(frozen=True)
class PlacementHint:
    """An entry that reads as belonging in the other file."""

    target: str  # where it is now
    entry: str
    suggested: str  # where it reads as belonging
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class StaleFact:
    """A MEMORY.md entry naming local paths that do not exist on this machine."""

    entry: str
    missing: tuple[str, ...]


@dataclass(frozen=True)
class PathCheck:
    """What the stale-path check looked at, so a clean result is not read as more than it is.

    Only absolute and ``~`` paths can be looked up on this machine; a relative path such as
    ``services/api/`` depends on a project folder hermes-dash does not know, so it is named as
    not checked rather than silently passed.
    """

    checked: tuple[str, ...] = ()  # absolute and ~ paths looked up here
    missing: int = 0  # how many of those do not exist
    relative: tuple[str, ...] = ()  # relative paths named in the file, not checked

    def summary(self) -> str:
        if self.checked:
            found = "all exist here" if not self.missing else \
                f"{self.missing:,} {'does' if self.missing == 1 else 'do'} not exist here"
            text = f"Checked {n_of(len(self.checked), 'absolute or ~ path')} named in MEMORY.md: {found}."
        else:
            text = "MEMORY.md names no absolute or ~ path on this machine, so no path was checked."
        if self.relative:
            shown = ", ".join(self.relative[:3]) + (", …" if len(self.relative) > 3 else "")
            text += (f" Not checked: {n_of(len(self.relative), 'relative path')} ({shown}), which only make sense "
                     "inside a project folder.")
        return text


@dataclass(frozen=True)
class PlanStep:
    """One proposed change to the plan's file, every text in full (nothing is cut for display)."""

    kind: str  # "merge" | "move" | "remove" (a stale path, or an entry the person picked) | "shorten"
    reason: str
    operations: tuple[dict[str, str], ...]  # on the plan's file, each addressing an entry by its full text
    usage_after: int
    percent_after: int
    entries: tuple[str, ...]  # the entries of the plan's file this step touches
    result: str | None = None  # the text that stays (merged or shortened); None when the entries go
    other: tuple[dict[str, str], ...] = ()  # on the other file: a move's add, a merge's kept copy
    picked: bool = False  # a removal the person chose; the plan itself never proposes one

    def edited(self, text: str) -> "PlanStep":
        """The step with its resulting text replaced by ``text`` (a person's edit)."""
        text = text.strip()
        if self.result is None or not text or text == self.result:
            return self

        def swap(ops: tuple[dict[str, str], ...]) -> tuple[dict[str, str], ...]:
            return tuple({**op, "content": text} if op.get("action") == "replace" and op.get("content") == self.result
                         else op for op in ops)

        return replace(self, operations=swap(self.operations), other=swap(self.other), result=text)


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
    candidates: tuple[str, ...] = ()  # entries the person may pick for removal, in file order; none picked

    @property
    def usage_after(self) -> int:
        return self.steps[-1].usage_after if self.steps else self.usage_before

    @property
    def reaches_goal(self) -> bool:
        return self.usage_after <= self.goal

    @property
    def still_to_free(self) -> int:
        """Characters still to free after every step to reach the goal (0 when it is reached)."""
        return max(0, self.usage_after - self.goal)

    @property
    def other_target(self) -> str:
        return _other(self.target)

    @property
    def operations(self) -> list[dict[str, str]]:
        return [op for step in self.steps for op in step.operations]

    @property
    def other_operations(self) -> list[dict[str, str]]:
        """What the steps do to the other file (moved entries added, merged copies kept there)."""
        return [op for step in self.steps for op in step.other]

    def choose(self, steps: Iterable[int] | None = None, *, removals: Iterable[str] = (),
               texts: Mapping[int, str] | None = None) -> "Plan":
        """The plan the person settled on: the steps at positions ``steps`` (0-based; all when
        None), with ``texts`` replacing the resulting text of a merge or shortening, then a
        removal step for each entry of ``removals`` (picked by the person, in their order).
        The usage after each step is recomputed."""
        tally = _Tally(self.entries)
        chosen = range(len(self.steps)) if steps is None else sorted(set(steps))
        out: list[PlanStep] = []
        for i in chosen:
            step = self.steps[i].edited(texts[i]) if texts and i in texts else self.steps[i]
            if tally.apply(step.operations) is not None:
                out.append(replace(step, usage_after=tally.usage, percent_after=percent(tally.usage, self.limit)))
        picked = list(dict.fromkeys(e.strip() for e in removals))
        for entry in picked:
            ops = ({"action": "remove", "old_text": entry},)
            if tally.apply(ops) is None:
                raise InvalidRequest(f"{FILENAMES[self.target]} has no entry {_ops.preview(entry)!r} left to remove "
                                     "(a chosen step already changes it).", hint="Pick among the listed candidates.")
            out.append(PlanStep("remove", "you picked it", ops, tally.usage, percent(tally.usage, self.limit),
                                (entry,), picked=True))
        return replace(self, steps=tuple(out), candidates=tuple(c for c in self.candidates if c not in picked))


def _other(target: str) -> str:
    return Target.of(target).other.key


class _Tally:
    """The usage of a file as a plan's steps change it, one step at a time in constant time per
    operation (a plan over thousands of entries stays linear). Steps address entries by full
    text, and an exact match is always the one a replace/remove hits (docs/rules.md#operations),
    so a multiset of texts gives the very usage the batch will leave, duplicates included."""

    def __init__(self, entries: Iterable[str]) -> None:
        self.count = Counter(entries)
        self.chars = sum(len(e) * n for e, n in self.count.items())
        self.n = sum(self.count.values())

    @property
    def usage(self) -> int:
        return self.chars + len(DELIMITER) * (self.n - 1) if self.n else 0

    def _put(self, text: str, k: int) -> None:
        self.count[text] += k
        self.chars += len(text) * k
        self.n += k

    def apply(self, ops: Iterable[dict[str, str]], limit: int | None = None) -> list[tuple[str, int]] | None:
        """Apply ``ops`` (replace/remove by full text, add) and return what :meth:`revert` takes
        back; None, with nothing changed, when one aims at an entry that is not there or the
        result would exceed ``limit``."""
        done: list[tuple[str, int]] = []
        ok = True
        for op in ops:
            action = op.get("action")
            if action == "add":
                if self.count[op["content"]] <= 0:
                    self._put(op["content"], 1)
                    done.append((op["content"], 1))
                continue
            old = op["old_text"]
            if self.count[old] <= 0:
                ok = False
                break
            self._put(old, -1)
            done.append((old, -1))
            if action == "replace":
                self._put(op["content"], 1)
                done.append((op["content"], 1))
        if ok and (limit is None or self.usage <= limit):
            return done
        self.revert(done)
        return None

    def revert(self, done: list[tuple[str, int]]) -> None:
        for text, k in reversed(done):
            self._put(text, -k)


@dataclass(frozen=True)
class Report:
    """Everything the assistant suggests for one home."""

    files: dict[str, FileState]
    merges: tuple[Merge, ...]
    cross: tuple[CrossOverlap, ...]
    placement: tuple[PlacementHint, ...]
    stale: tuple[StaleFact, ...]
    plans: dict[str, Plan]
    notes: dict[str, str]  # per file: why no plan was made (hand-written, unreadable)
    paths: PathCheck = PathCheck()  # what the stale-path check covered


# -- placement ----------------------------------------------------------------------------------

_PREFERENCE_CUES: tuple[tuple[str, str], ...] = (
    ("mentions the user", r"\b(?:the\s+)?user(?:'s)?\b"),
    ("a preference", r"\b(?:prefers?|preferred|preference|likes?|dislikes?|loves?|hates?|favou?rite|"
                     r"wants?|would\s+rather|doesn't\s+like|does\s+not\s+like)\b"),
    ("communication style", r"\b(?:tone|concise|verbose|brief|terse|formal|informal|friendly|emoji|"
                            r"explanations?|communicat\w*|style|wording|jargon)\b"),
    ("how to answer", r"\b(?:respond|reply|answer|address|call)\s+(?:me|him|her|them|in|with|as)\b"),
    ("personal context", r"\b(?:my\s+name|name\s+is|i\s+am|i'm|timezone|time\s+zone|pronouns?|"
                         r"lives?\s+in|works?\s+as|native\s+language|speaks?)\b"),
)
_ENVIRONMENT_CUES: tuple[tuple[str, str], ...] = (
    ("a path", r"(?:^|[\s`'\"(=:])(?:~|\.{0,2})/[\w.-]+(?:/[\w.-]+)*"),
    ("a port", r"\bport\s*:?\s*\d{2,5}\b|\b(?:localhost|127\.0\.0\.1|0\.0\.0\.0)(?::\d{2,5})?\b|:\d{4,5}\b"),
    ("a version", r"\bv?\d+\.\d+(?:\.\d+)*\b"),
    ("a command", r"`[^`\n]+`|\$\s|\b(?:npm|npx|pip|uv|git|docker|make|pytest|cargo|apt(?:-get)?|sudo|"
                  r"systemctl|kubectl|brew|poetry|yarn|pnpm|go\s+(?:build|test|run)|python3?\s+-m)\b"),
    ("a config or env setting", r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\.(?:ya?ml|toml|json|ini|env|cfg|conf)\b"),
)
_PREF_RE = tuple((why, re.compile(p, re.IGNORECASE)) for why, p in _PREFERENCE_CUES)
_ENV_RE = tuple((why, re.compile(p)) for why, p in _ENVIRONMENT_CUES)


def cues(entry: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(preference cues, environment cues) found in ``entry``."""
    return (tuple(why for why, rx in _PREF_RE if rx.search(entry)),
            tuple(why for why, rx in _ENV_RE if rx.search(entry)))


def placement_of(entry: str) -> str | None:
    """``user`` when the entry reads like a personal preference, ``memory`` when it reads like an
    environment fact, None when it is unclear. Two cues more than the other side are needed."""
    pref, env = cues(entry)
    if len(pref) >= 2 and len(pref) >= len(env) + 2:
        return "user"
    if len(env) >= 2 and len(env) >= len(pref) + 2:
        return "memory"
    return None


def placement_hints(memory: Sequence[str], user: Sequence[str]) -> list[PlacementHint]:
    hints = []
    for target, entries in (("memory", memory), ("user", user)):
        for entry in entries:
            where = placement_of(entry)
            if where and where != target:
                pref, env = cues(entry)
                hints.append(PlacementHint(target, entry, where, pref if where == "user" else env))
    return hints


# -- stale paths --------------------------------------------------------------------------------

_PATH = re.compile(r"(?<![\w:/.~-])(~/[^\s`'\"<>()\[\]{},;]*|/[^\s`'\"<>()\[\]{},;]+)")
_SKIP_PATH = re.compile(r"[*?$<>{}|]|\.\.\.")


def local_paths(entry: str) -> list[str]:
    """Absolute and ``~`` paths named in the text (URLs, globs and placeholders skipped)."""
    found = []
    for raw in _PATH.findall(entry):
        path = raw.rstrip(".,:;!?)'\"`")
        if path in ("/", "~", "~/") or path.startswith("//") or _SKIP_PATH.search(path):
            continue
        found.append(path)
    return list(dict.fromkeys(found))


def _is_local(path: str, exists: Callable[[str], bool]) -> bool:
    """A ``~`` path, or an absolute one whose first folder exists here (``/home/...``, ``/etc/...``);
    ``/api/v1`` is a URL route, not a claim about this machine."""
    if path.startswith("~"):
        return True
    first = path.split("/")[1]
    return bool(first) and path.count("/") >= 2 and exists("/" + first)


# ./x, ../x, or a/b ending in "/" or in a file name with an extension ("read/write" is no path).
_RELATIVE = re.compile(r"(?<![\w:/.~@-])(\.{1,2}/[^\s`'\"<>()\[\]{},;]*"
                       r"|[\w.-]+(?:/[\w.-]+)*/(?:[\w-]+\.[A-Za-z0-9]{1,8}\b|(?=[\s`'\"),;:]|$)))")


def relative_paths(entry: str) -> list[str]:
    """Relative paths named in the text (``services/api/``, ``./migrations/``, ``src/app.py``)."""
    found = [raw.rstrip(".,:;!?)'\"`") for raw in _RELATIVE.findall(entry)]
    return list(dict.fromkeys(p for p in found if p not in ("./", "../") and "://" not in p))


def check_paths(entries: Sequence[str], exists: Callable[[str], bool] = os.path.exists) -> PathCheck:
    """Which paths the stale check looks up (and how many are missing), and which it cannot."""
    checked = [p for e in entries for p in local_paths(e) if _is_local(p, exists)]
    checked = list(dict.fromkeys(checked))
    missing = sum(not exists(os.path.expanduser(p)) for p in checked)
    relative = list(dict.fromkeys(p for e in entries for p in relative_paths(e)))
    return PathCheck(tuple(checked), missing, tuple(relative))


def stale_facts(entries: Sequence[str], exists: Callable[[str], bool] = os.path.exists) -> list[StaleFact]:
    out = []
    for entry in entries:
        missing = tuple(p for p in local_paths(entry)
                        if _is_local(p, exists) and not exists(os.path.expanduser(p)))
        if missing:
            out.append(StaleFact(entry, missing))
    return out


# -- overlaps -----------------------------------------------------------------------------------

def merges_in(target: str, entries: Sequence[str]) -> list[Merge]:
    """Overlapping pairs in one file, each entry in at most one proposal, best first."""
    work = list(entries)
    scored = sorted(related_pairs(work, work, same=True), key=lambda s: (-s[0], min(s[1], s[2]), max(s[1], s[2])))
    used: set[int] = set()
    out = []
    for score, i, j, kind in scored:
        if i in used or j in used:
            continue
        used.update((i, j))
        a, b = work[min(i, j)], work[max(i, j)]
        merged = merge_text(a, b)
        keep, drop = (a, b) if len(a) >= len(b) else (b, a)
        out.append(Merge(target, keep, drop, merged, kind, score))
    return out


def cross_overlaps(memory: Sequence[str], user: Sequence[str]) -> list[CrossOverlap]:
    mem, usr = list(memory), list(user)
    out = []
    for score, i, j, kind in related_pairs(mem, usr, same=False):
        merged = merge_text(mem[i], usr[j])
        out.append(CrossOverlap(mem[i], usr[j], merged, kind, score, placement_of(merged) or "memory"))
    out.sort(key=lambda c: -c.score)
    return out


# -- shorter wording ----------------------------------------------------------------------------

# Phrases that add no fact: dropped (or, for "in order to", shortened). Text in `backticks` is
# never touched: commands and code keep every character.
_FILLER = re.compile(r"\b(?:it\s+is\s+(?:important|worth)\s+(?:to\s+)?(?:note|noting|remember)(?:ing)?\s+that"
                     r"|(?:please\s+)?note\s+that|keep\s+in\s+mind\s+that|basically|actually|really|very"
                     r"|simply)\s+(\w)", re.IGNORECASE)
_IN_ORDER_TO = re.compile(r"\b(i)n\s+order\s+to\b", re.IGNORECASE)
_CODE = re.compile(r"(`[^`]*`)")


def _drop_filler(match: re.Match[str]) -> str:
    # "Note that the API ..." -> "The API ...": a dropped sentence opening hands over its capital.
    first = match.group(1)
    return first.upper() if match.group(0)[0].isupper() else first


def shorten(entry: str) -> str:
    """The entry with the same facts in fewer characters: runs of spaces and blank lines
    collapsed, trailing spaces dropped, filler phrases ("note that", "basically", "very",
    "in order to") removed. Deterministic; code in backticks is left exactly as it is."""
    parts = _CODE.split(entry)
    for i in range(0, len(parts), 2):  # the even parts are outside backticks
        text = re.sub(r"[ \t]+\n", "\n", parts[i])
        text = re.sub(r"\n{3,}", "\n\n", text)
        text = re.sub(r"(?<=\S)[ \t]{2,}", " ", text)
        text = _FILLER.sub(_drop_filler, text)
        text = _IN_ORDER_TO.sub(lambda m: "T" + "o" if m.group(1) == "I" else "to", text)
        parts[i] = text
    return "".join(parts).strip()


# -- the plan -----------------------------------------------------------------------------------

def plan(target: str, entries: Sequence[str], limit: int, threshold: int = DEFAULT_THRESHOLD, *,
         merges: Sequence[Merge] = (), stale: Sequence[StaleFact] = (), moves: Sequence[PlacementHint] = (),
         cross: Sequence[CrossOverlap] = (), other_entries: Sequence[str] = (),
         other_limit: int | None = None) -> Plan:
    """Steps that lose nothing first, then shorter wording, then candidates for the person.

    In order, stopping as soon as the goal is met: merges of overlapping entries (largest gain
    first); entries the other file already says, kept there once (``cross``); entries that read
    as belonging in the other file, moved there (``moves``); entries naming paths that do not
    exist here (``stale``); shorter wordings. Steps that change the other file are proposed
    only when ``other_limit`` is given and the other file (``other_entries``) has room. If the
    goal is still not met, every entry no step touches is a candidate for removal, none picked.
    """
    if not 1 <= threshold <= 100:
        raise InvalidRequest(f"Threshold {threshold} is not a percentage.", hint="Use a number from 1 to 100.")
    target = _ops.check_target(target)
    other_file = FILENAMES[_other(target)]
    goal = limit * threshold // 100
    tally, there = _Tally(entries), _Tally(other_entries)
    used: set[str] = set()
    used_there: set[str] = set()
    steps: list[PlanStep] = []

    def step(kind: str, reason: str, ops: list[dict[str, str]], touched: tuple[str, ...], result: str | None = None,
             other: list[dict[str, str]] | None = None, touched_there: tuple[str, ...] = ()) -> None:
        if tally.usage <= goal or used.intersection(touched) or used_there.intersection(touched_there):
            return
        if other and other_limit is None:
            return  # the other file cannot take a change (unreadable, hand-written): no two-file step
        done = tally.apply(ops)
        if done is None:
            return  # never propose a step the batch would refuse
        if other and there.apply(other, other_limit) is None:
            tally.revert(done)  # no room there (or its entry is gone): no step
            return
        used.update(touched)
        used_there.update(touched_there)
        steps.append(PlanStep(kind, reason, tuple(ops), tally.usage, percent(tally.usage, limit), touched, result,
                              tuple(other or ())))

    for merge in sorted(merges, key=lambda m: -m.freed):
        if merge.freed > 0:
            step("merge", f"the two entries say nearly the same thing ({merge.kind}); the merged text keeps "
                          f"what each says (frees {merge.freed:,} chars)",
                 merge.operations(), (merge.keep, merge.drop), merge.merged)
    for overlap in sorted((c for c in cross if c.drop_target == target), key=lambda c: -c.freed):
        here, kept = overlap.entry(target), overlap.entry(overlap.keep_target)
        other_ops = [] if overlap.merged == kept else [{"action": "replace", "old_text": kept,
                                                        "content": overlap.merged}]
        step("merge", f"{other_file} already says this ({overlap.kind}); one copy is kept there "
                      f"(frees {len(here) + len(DELIMITER):,} chars here)",
             [{"action": "remove", "old_text": here}], (here,), overlap.merged, other_ops, (kept,))
    for hint in moves:
        if hint.target == target:
            step("move", f"reads like {FILENAMES[hint.suggested]} ({', '.join(hint.reasons)}): moved there, not "
                         f"lost (frees {len(hint.entry) + len(DELIMITER):,} chars here)",
                 [{"action": "remove", "old_text": hint.entry}], (hint.entry,), None,
                 [{"action": "add", "content": hint.entry}])
    for fact in stale:
        step("remove", "names paths that do not exist here: " + ", ".join(fact.missing),
             [{"action": "remove", "old_text": fact.entry}], (fact.entry,))
    if tally.usage > goal:
        for entry in entries:
            if entry in used:
                continue
            short = shorten(entry)
            if short and len(entry) - len(short) >= SHORTEN_MIN:
                step("shorten", f"the same facts in fewer words (saves {len(entry) - len(short):,} chars)",
                     [{"action": "replace", "old_text": entry, "content": short}], (entry,), short)
    candidates = () if tally.usage <= goal else tuple(e for e in dict.fromkeys(entries) if e not in used)
    return Plan(target, threshold, limit, usage(tuple(entries)), goal, tuple(steps), tuple(entries), candidates)


# -- the whole report ---------------------------------------------------------------------------

def suggest(store: MemoryStore, threshold: int = DEFAULT_THRESHOLD, targets: Sequence[str] = TARGETS,
            progress: Callable[[float, str], object] | None = None) -> Report:
    """``progress(done, what)`` (``done`` from 0 to 1) is told before each stage: on a file of
    thousands of entries the report takes seconds, and a page can show how far it got."""
    tell = progress or (lambda done, what: None)
    tell(0.0, "Reading both files")
    files = {t: store.read(t) for t in TARGETS}
    memory, user = files["memory"].entries, files["user"].entries
    merges = []
    for n, t in enumerate(targets):
        tell(0.1 + 0.25 * n, f"Looking for overlaps in {files[t].filename} ({n_entries(len(files[t].entries))})")
        merges += merges_in(t, files[t].entries)
    tell(0.6, "Comparing the two files")
    cross = cross_overlaps(memory, user)
    tell(0.75, "Looking for misplaced entries and paths that no longer exist")
    hints = placement_hints(memory, user)
    placement = [h for h in hints if h.target in targets]
    stale = stale_facts(memory) if "memory" in targets else []
    paths = check_paths(memory) if "memory" in targets else PathCheck()
    tell(0.9, "Making a plan")
    plans, notes = {}, {}
    by_hand: dict[str, bool] = {}

    def hand_written(t: str) -> bool:
        if t not in by_hand:
            by_hand[t] = normalize.looks_hand_written(store, t)
        return by_hand[t]

    for t in targets:
        state = files[t]
        if state.error:
            notes[t] = f"{state.filename} cannot be changed safely: {state.error}"
        elif hand_written(t):
            notes[t] = (f"{state.filename} is written by hand (headings or bullets, no §): the agent sees it as "
                        f"{n_entries(len(state.entries))}. Normalise it "
                        "first (hermes-dash normalize), then ask again for merges and a plan.")
        elif state.usage * 100 > state.limit * threshold:
            other = files[_other(t)]
            # A step that changes the other file is proposed only when that file can take it.
            open_there = not (other.error or other.drift or hand_written(other.target))
            plans[t] = plan(t, state.entries, state.limit, threshold,
                            merges=[m for m in merges if m.target == t],
                            stale=stale if t == "memory" else (), moves=hints,
                            cross=cross, other_entries=other.entries,
                            other_limit=other.limit if open_there else None)
    tell(1.0, "Done")
    return Report(files, tuple(merges), tuple(cross), tuple(placement), tuple(stale), plans, notes, paths)


# -- applying -----------------------------------------------------------------------------------

def apply_merges(store: MemoryStore, target: str, merges: Sequence[Merge]) -> OpResult:
    """All chosen (possibly edited) merges of one file as ONE batch: all or nothing."""
    if not merges:
        raise InvalidRequest("No merge was chosen.", hint="Tick at least one proposed merge.")
    if any(m.target != target for m in merges):
        raise InvalidRequest("A merge belongs to the other file.", hint="Apply each file's merges separately.")
    return store.batch(target, _ops.pin_full_text(op for m in merges for op in m.operations()))


def apply_plan(store: MemoryStore, chosen: Plan) -> OpResult | TwoFileResult:
    """The chosen plan as one write: one batch on its file, or, when steps move text to the
    other file, the store's two-file write (the other file first; both change or neither)."""
    if not chosen.steps:
        raise InvalidRequest("The plan has no steps.", hint="The file is already under the threshold.")
    ops = _ops.pin_full_text(chosen.operations)
    if not chosen.other_operations:
        return store.batch(chosen.target, ops)
    for state in (store.read(chosen.target), store.read(chosen.other_target)):
        _require_clean(state)
    return store.apply_both((chosen.other_target, _ops.Operation.batch(_ops.pin_full_text(chosen.other_operations))),
                            (chosen.target, _ops.Operation.batch(ops)),
                            message=f"Applied the plan to {FILENAMES[chosen.target]}; moved or kept text in "
                                    f"{FILENAMES[chosen.other_target]}.")


def _require_clean(state: FileState) -> None:
    if state.error:
        raise FileProblem(f"{state.filename}: {state.error}", hint="Fix the file first; nothing was changed.",
                          target=state.target)
    drift_guard(state)  # a two-file change could not be undone exactly if its second half failed


def move(store: MemoryStore, source: str, entry: str, destination: str) -> TwoFileResult:
    """Remove ``entry`` from ``source`` and add it to ``destination``; never only half of it
    (the store's two-file write, docs/rules.md#two-file-writes)."""
    _ops.check_target(source), _ops.check_target(destination)
    if source == destination:
        raise InvalidRequest("Source and destination are the same file.", hint="Pick the other file.")
    entry = entry.strip()
    if entry not in store.read(source).entries:
        raise InvalidRequest(f"{FILENAMES[source]} has no entry {_ops.preview(entry)!r} (any more).",
                             hint="Reload the page: the file changed.")
    for state in (store.read(source), store.read(destination)):
        _require_clean(state)
    return store.move(source, entry, destination, expect_entry=entry)


def resolve_cross(store: MemoryStore, overlap: CrossOverlap, keep_target: str | None = None,
                  merged: str | None = None) -> TwoFileResult:
    """Keep one copy (``merged`` text) in ``keep_target``, remove the other file's copy."""
    keep_target = _ops.check_target(keep_target or overlap.keep_target)
    drop_target = _other(keep_target)
    kept, dropped = overlap.entry(keep_target), overlap.entry(drop_target)
    text = (merged if merged is not None else overlap.merged).strip()
    if not text:
        raise InvalidRequest("The merged text is empty.", hint="Type the text to keep.")
    for state in (store.read(keep_target), store.read(drop_target)):
        _require_clean(state)
    first = _ops.Operation("add", kept) if text == kept else \
        _ops.Operation("replace", text, kept, expect_entry=kept)  # the add of an existing entry changes nothing
    return store.apply_both((keep_target, first),
                            (drop_target, _ops.Operation("remove", old_text=dropped, expect_entry=dropped)),
                            message=f"Kept one copy in {FILENAMES[keep_target]} and removed the one in "
                                    f"{FILENAMES[drop_target]}.")


__all__ = ["DEFAULT_THRESHOLD", "BLOCK_MAX", "CrossOverlap", "Likeness", "Merge", "PathCheck", "PlacementHint",
           "Plan", "PlanStep", "Report", "StaleFact", "TwoFileResult", "apply_merges", "apply_plan", "check_paths",
           "cross_overlaps", "cues", "likeness", "local_paths", "merge_text", "merges_in", "move", "placement_hints",
           "placement_of", "plan", "relative_paths", "resolve_cross", "shorten", "stale_facts", "suggest", "tokens"]
