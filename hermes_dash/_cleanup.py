"""The clean-up assistant: overlaps, misplaced entries, stale paths and a plan to free room.

Everything here is deterministic text heuristics (difflib ratio, token sets, regexes); no
language model, nothing executed, no network: the only look at the outside world is
``os.path.exists`` on paths named in MEMORY.md. Proposals are data; applying one goes through
:class:`~hermes_dash.MemoryStore` (one ``batch`` per file), so the agent's rules, locks and
backups apply unchanged.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from difflib import SequenceMatcher

from . import _normalize, _ops
from ._errors import FileProblem, InvalidRequest, Refusal
from ._format import DELIMITER, FILENAMES, TARGETS, percent, usage
from ._store import FileState, MemoryStore, OpResult

DEFAULT_THRESHOLD = 80
_COMPARE_CHARS = 1500
_MAX_ENTRIES = 200  # pairs grow quadratically: beyond this only the first entries are compared (a full
# 2,200-char file holds a few dozen; 200 near-identical short entries take ~5 s on 2 cores)
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")


# -- similarity -------------------------------------------------------------------------------

_STOP = frozenset("a an and are as at be by for from has have in is it its of on or that the this to was "
                  "were will with".split())


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "ly", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def tokens(text: str) -> frozenset[str]:
    """Content words, case-folded and lightly stemmed (``tests`` = ``test``, ``locally`` = ``local``)."""
    return frozenset(_stem(t) for t in _TOKEN.findall(text.casefold())
                     if t not in _STOP and (len(t) > 1 or t.isdigit()))


@dataclass(frozen=True)
class Likeness:
    ratio: float  # difflib character ratio (first _COMPARE_CHARS of each); 0 when clearly unrelated
    jaccard: float  # token-set intersection / union
    containment: float  # token-set intersection / the smaller set
    small: int = 0  # content words in the shorter entry

    @property
    def score(self) -> float:
        return round(max(self.ratio, self.jaccard, self.containment * 0.9), 3)

    @property
    def kind(self) -> str | None:
        """``duplicate``, ``overlap`` or None: when two entries say (nearly) the same thing."""
        if self.ratio >= 0.85 or self.jaccard >= 0.8:
            return "duplicate"
        if self.ratio >= 0.6 or self.jaccard >= 0.5 or (self.containment >= 0.75 and self.small >= 4):
            return "overlap"
        return None


_PREFILTER = 0.3  # below this token overlap, the character ratio is not computed (it is the costly part)


def _likeness(ta: frozenset[str], tb: frozenset[str], matcher: SequenceMatcher, fa: str) -> Likeness:
    """``matcher`` already holds the other text as seq2 (difflib caches its index there)."""
    common = len(ta & tb)
    jaccard = common / len(ta | tb) if ta or tb else 1.0
    containment = common / min(len(ta), len(tb)) if ta and tb else 0.0
    ratio = 0.0
    if containment >= _PREFILTER or jaccard >= _PREFILTER or not (ta and tb):
        matcher.set_seq1(fa)
        if matcher.real_quick_ratio() >= 0.5 and matcher.quick_ratio() >= 0.5:
            ratio = matcher.ratio()
    return Likeness(round(ratio, 3), round(jaccard, 3), round(containment, 3), min(len(ta), len(tb)))


def _fold(text: str) -> str:
    return text[:_COMPARE_CHARS].casefold()


def likeness(a: str, b: str) -> Likeness:
    matcher = SequenceMatcher(None, autojunk=False)
    matcher.set_seq2(_fold(b))
    return _likeness(tokens(a), tokens(b), matcher, _fold(a))


def _related_pairs(left: Sequence[str], right: Sequence[str], same: bool) -> list[tuple[float, int, int, str]]:
    """(score, i, j, kind) for related pairs; ``same``: left is right, compare each pair once."""
    lt = [tokens(t) for t in left]
    lf = [_fold(t) for t in left]
    rt = lt if same else [tokens(t) for t in right]
    out = []
    for j, b in enumerate(right):
        matcher = SequenceMatcher(None, autojunk=False)
        matcher.set_seq2(_fold(b))
        for i in range(j if same else len(left)):
            like = _likeness(lt[i], rt[j], matcher, lf[i])
            kind = like.kind
            if kind:
                out.append((like.score, i, j, kind))
    return out


def merge_text(a: str, b: str) -> str:
    """The longer entry, plus the sentences of the shorter one it does not already say."""
    longer, shorter = (a, b) if len(a) >= len(b) else (b, a)
    if shorter.casefold() in longer.casefold():
        return longer
    have = tokens(longer)
    extra = []
    for sentence in (s.strip() for s in _SENTENCE.split(shorter)):
        words = tokens(sentence)
        if sentence and words and len(words - have) / len(words) > 0.25:
            extra.append(sentence)
            have |= words
    if not extra:
        return longer
    joiner = "\n" if "\n" in longer else " "
    head = longer if longer.rstrip()[-1:] in ".!?;:" else longer.rstrip() + "."
    return head + joiner + " ".join(extra)


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
        return "user" if self.keep_target == "memory" else "memory"

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
class PlanStep:
    kind: str  # "merge" | "remove"
    reason: str
    operations: tuple[dict[str, str], ...]
    usage_after: int
    percent_after: int
    entries: tuple[str, ...]  # the entries this step touches (for display)


@dataclass(frozen=True)
class Plan:
    """Steps that bring ``target`` to ``threshold`` percent or below, applied as one batch."""

    target: str
    threshold: int
    limit: int
    usage_before: int
    goal: int  # the usage to reach: limit * threshold / 100, rounded down
    steps: tuple[PlanStep, ...]

    @property
    def usage_after(self) -> int:
        return self.steps[-1].usage_after if self.steps else self.usage_before

    @property
    def reaches_goal(self) -> bool:
        return self.usage_after <= self.goal

    @property
    def operations(self) -> list[dict[str, str]]:
        return [op for step in self.steps for op in step.operations]


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
    work = list(entries)[:_MAX_ENTRIES]
    scored = sorted(_related_pairs(work, work, same=True), key=lambda s: (-s[0], min(s[1], s[2]), max(s[1], s[2])))
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
    mem, usr = list(memory)[:_MAX_ENTRIES], list(user)[:_MAX_ENTRIES]
    out = []
    for score, i, j, kind in _related_pairs(mem, usr, same=False):
        merged = merge_text(mem[i], usr[j])
        out.append(CrossOverlap(mem[i], usr[j], merged, kind, score, placement_of(merged) or "memory"))
    out.sort(key=lambda c: -c.score)
    return out


# -- the plan -----------------------------------------------------------------------------------

def plan(target: str, entries: Sequence[str], limit: int, threshold: int = DEFAULT_THRESHOLD, *,
         merges: Sequence[Merge] = (), stale: Sequence[StaleFact] = (),
         elsewhere: Sequence[str] = ()) -> Plan:
    """Merges first (they lose nothing), then removals: stale entries, entries the other file
    already says, then the longest remaining ones; stop as soon as the goal is met."""
    if not 1 <= threshold <= 100:
        raise InvalidRequest(f"Threshold {threshold} is not a percentage.", hint="Use a number from 1 to 100.")
    goal = limit * threshold // 100
    work = list(entries)
    steps: list[PlanStep] = []

    def step(kind: str, reason: str, ops: list[dict[str, str]], touched: tuple[str, ...]) -> None:
        nonlocal work
        shown = _ops.project(work, _ops.Operation.batch(ops), 10**9)
        if not shown.ok:
            return  # an entry an earlier step already changed: skip, never propose a refused batch
        work = list(shown.after)
        steps.append(PlanStep(kind, reason, tuple(ops), usage(work), percent(usage(work), limit), touched))

    for merge in sorted(merges, key=lambda m: -m.freed):
        if usage(work) <= goal:
            break
        if merge.freed > 0:
            step("merge", f"merge two {merge.kind} entries (frees {merge.freed} chars)", merge.operations(),
                 (merge.keep, merge.drop))
    removals = [(s.entry, "names paths that do not exist here: " + ", ".join(s.missing)) for s in stale]
    removals += [(e, "the other file already says this") for e in elsewhere]
    removals += [(e, f"one of the longest entries ({len(e)} chars): check before removing")
                 for e in sorted(work, key=len, reverse=True)]
    done: set[str] = set()
    for entry, reason in removals:
        if usage(work) <= goal:
            break
        if entry in done or entry not in work:
            continue
        done.add(entry)
        step("remove", reason, [{"action": "remove", "old_text": entry}], (entry,))
    return Plan(target, threshold, limit, usage(entries), goal, tuple(steps))


# -- the whole report ---------------------------------------------------------------------------

def suggest(store: MemoryStore, threshold: int = DEFAULT_THRESHOLD, targets: Sequence[str] = TARGETS) -> Report:
    files = {t: store.read(t) for t in TARGETS}
    memory, user = files["memory"].entries, files["user"].entries
    merges = [m for t in targets for m in merges_in(t, files[t].entries)]
    cross = cross_overlaps(memory, user)
    placement = [h for h in placement_hints(memory, user) if h.target in targets]
    stale = stale_facts(memory) if "memory" in targets else []
    plans, notes = {}, {}
    for t in targets:
        state = files[t]
        if state.error:
            notes[t] = f"{state.filename} cannot be changed safely: {state.error}"
        elif _normalize.looks_hand_written(store, t):
            notes[t] = (f"{state.filename} is written by hand (headings or bullets, no §): the agent sees it as "
                        f"{len(state.entries)} entr{'y' if len(state.entries) == 1 else 'ies'}. Normalise it "
                        "first (hermes-dash normalize), then ask again for merges and a plan.")
        elif state.usage * 100 > state.limit * threshold:
            other_side = [c.entry(t) for c in cross if c.drop_target == t]
            plans[t] = plan(t, state.entries, state.limit, threshold,
                            merges=[m for m in merges if m.target == t],
                            stale=stale if t == "memory" else (), elsewhere=other_side)
    return Report(files, tuple(merges), tuple(cross), tuple(placement), tuple(stale), plans, notes)


# -- applying -----------------------------------------------------------------------------------

def apply_merges(store: MemoryStore, target: str, merges: Sequence[Merge], *,
                 seen: tuple[int, int, int] | None = None) -> OpResult:
    """All chosen (possibly edited) merges of one file as ONE batch: all or nothing."""
    if not merges:
        raise InvalidRequest("No merge was chosen.", hint="Tick at least one proposed merge.")
    if any(m.target != target for m in merges):
        raise InvalidRequest("A merge belongs to the other file.", hint="Apply each file's merges separately.")
    return store.batch(target, _ops.pin_full_text(op for m in merges for op in m.operations()), seen=seen)


def apply_plan(store: MemoryStore, chosen: Plan, *, seen: tuple[int, int, int] | None = None) -> OpResult:
    if not chosen.steps:
        raise InvalidRequest("The plan has no steps.", hint="The file is already under the threshold.")
    return store.batch(chosen.target, _ops.pin_full_text(chosen.operations), seen=seen)


@dataclass(frozen=True)
class TwoFileResult:
    """A change that touched both files, or (``first`` only) one already satisfied."""

    first: OpResult
    second: OpResult
    message: str


def _require_clean(state: FileState) -> None:
    if state.error:
        raise FileProblem(f"{state.filename}: {state.error}", hint="Fix the file first; nothing was changed.",
                          target=state.target)
    if state.drift:
        raise InvalidRequest(f"{state.filename} was edited by hand ({'; '.join(state.drift.reasons)}), so a "
                             "two-file change could not be undone exactly if its second half failed.",
                             hint="Normalise the file first (hermes-dash normalize), then try again.",
                             target=state.target)


def _two_file(store: MemoryStore, first: tuple[str, list[dict[str, str]], list[dict[str, str]]],
              second: tuple[str, list[dict[str, str]]], message: str) -> TwoFileResult:
    """Apply ``first`` then ``second``; if ``second`` is refused, undo ``first`` with its inverse.

    Both halves are previewed first (content scan, limit, matches), so a refusal normally comes
    before anything is written and both files stay byte-identical. Only a write that lands
    in between (the agent, another tab) can refuse the second half; then the inverse of the
    first is applied, and if even that fails the refusal says exactly what to fix by hand.
    """
    (t1, ops1, undo1), (t2, ops2) = first, second
    ops1, undo1, ops2 = _ops.pin_full_text(ops1), _ops.pin_full_text(undo1), _ops.pin_full_text(ops2)
    s1, s2 = store.read(t1), store.read(t2)
    for state in (s1, s2):
        _require_clean(state)
    _ops.project(s1.entries, _ops.Operation.batch(ops1), s1.limit).raise_refusal()
    _ops.project(s2.entries, _ops.Operation.batch(ops2), s2.limit).raise_refusal()
    done = store.batch(t1, ops1, seen=s1.fingerprint)
    try:
        other = store.batch(t2, ops2, seen=s2.fingerprint)
    except Refusal as refusal:
        if not done.changed:
            raise
        try:
            store.batch(t1, undo1)
        except Refusal as undo_failed:
            raise FileProblem(
                f"{FILENAMES[t2]} refused its half ({refusal.message}) and undoing the change to "
                f"{FILENAMES[t1]} failed too ({undo_failed.message}).",
                hint=f"{FILENAMES[t1]} was changed; its previous version is the backup "
                     f"{done.backup.name if done.backup else '(none: it was empty)'}: restore it.") from refusal
        refusal.message += f" The change to {FILENAMES[t1]} was undone."
        refusal.args = (refusal.message,)
        raise
    return TwoFileResult(done, other, message)


def move(store: MemoryStore, source: str, entry: str, destination: str) -> TwoFileResult:
    """Remove ``entry`` from ``source`` and add it to ``destination``; never only half of it.

    The add goes first (it is the half that can be refused for content or room) and is
    checked before anything is written; the remove second, undone by removing the added entry.
    """
    _ops.check_target(source), _ops.check_target(destination)
    if source == destination:
        raise InvalidRequest("Source and destination are the same file.", hint="Pick the other file.")
    entry = entry.strip()
    if entry not in store.read(source).entries:
        raise InvalidRequest(f"{FILENAMES[source]} has no entry {_ops.preview(entry)!r} (any more).",
                             hint="Reload the page: the file changed.")
    _ops.validate_add(entry)
    return _two_file(store, (destination, [{"action": "add", "content": entry}],
                             [{"action": "remove", "old_text": entry}]),
                     (source, [{"action": "remove", "old_text": entry}]),
                     f"Moved the entry from {FILENAMES[source]} to {FILENAMES[destination]}.")


def resolve_cross(store: MemoryStore, overlap: CrossOverlap, keep_target: str | None = None,
                  merged: str | None = None) -> TwoFileResult:
    """Keep one copy (``merged`` text) in ``keep_target``, remove the other file's copy."""
    keep_target = _ops.check_target(keep_target or overlap.keep_target)
    drop_target = "user" if keep_target == "memory" else "memory"
    kept, dropped = overlap.entry(keep_target), overlap.entry(drop_target)
    text = (merged if merged is not None else overlap.merged).strip()
    if not text:
        raise InvalidRequest("The merged text is empty.", hint="Type the text to keep.")
    if text == kept:
        first = (keep_target, [{"action": "add", "content": kept}], [])  # a no-op batch: add of an existing entry
    else:
        first = (keep_target, [{"action": "replace", "old_text": kept, "content": text}],
                 [{"action": "replace", "old_text": text, "content": kept}])
    return _two_file(store, first, (drop_target, [{"action": "remove", "old_text": dropped}]),
                     f"Kept one copy in {FILENAMES[keep_target]} and removed the one in {FILENAMES[drop_target]}.")
