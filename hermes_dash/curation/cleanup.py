"""The clean-up assistant: overlaps, misplaced entries, stale paths and a plan to free room.

Everything here is deterministic text heuristics (difflib ratio, token sets, regexes); no
language model, nothing executed, no network: the only look at the outside world is
``os.path.exists`` on paths named in MEMORY.md. Proposals are data; applying one goes through
:class:`~hermes_dash.MemoryStore` (one ``batch`` per file), so the agent's rules, locks and
backups apply unchanged.

Finding overlaps does not compare every pair (hand-written and migrated files reach tens of
thousands of entries, and all pairs grow quadratically). Two entries can only be related when
they share a content word (see :func:`_likeness`), so an inverted index from words, and from
adjacent word pairs, to entries yields the candidate pairs; only those are scored. A key shared
by more than ``_BLOCK_MAX`` entries (a word nearly every entry uses) is not used to find
candidates: it would make the work quadratic again while saying little about any two entries.
Files with at most ``_BLOCK_MAX`` entries are therefore compared exactly as all pairs would be.
"""

from __future__ import annotations

import os
import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from functools import lru_cache

from .. import _ops
from . import normalize
from .._errors import FileProblem, InvalidRequest, Refusal
from .._format import DELIMITER, FILENAMES, TARGETS, percent, usage
from .._humanize import count as n_of, entries as n_entries
from .._store import FileState, MemoryStore, OpResult

DEFAULT_THRESHOLD = 80
_COMPARE_CHARS = 1500
_BLOCK_MAX = 50  # entries a word or word pair may be shared by and still propose candidate pairs
_MAX_CANDIDATES = 10  # pairs scored per entry at most (the best by shared keys)
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


@lru_cache(maxsize=1 << 16)
def _words(text: str) -> tuple[str, ...]:
    """Cached: one report reads each entry's words several times (within a file, across files)."""
    return tuple(_stem(t) for t in _TOKEN.findall(text.casefold()) if t not in _STOP and (len(t) > 1 or t.isdigit()))


def tokens(text: str) -> frozenset[str]:
    """Content words, case-folded and lightly stemmed (``tests`` = ``test``, ``locally`` = ``local``)."""
    return frozenset(_words(text))


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
        if self.ratio >= _RELATED_RATIO or self.jaccard >= 0.5 or (self.containment >= 0.75 and self.small >= 4):
            return "overlap"
        return None


_RELATED_RATIO = 0.6  # the lowest character ratio that makes two entries overlap
_PREFILTER = 0.3  # below this token overlap, the character ratio is not computed (it is the costly part)


def _likeness(ta: frozenset[str], tb: frozenset[str], matcher: SequenceMatcher, fa: str,
              related_only: bool = False) -> Likeness:
    """``matcher`` already holds the other text as seq2 (difflib caches its index there).

    ``related_only``: the caller drops pairs whose kind is None, so when the words alone do not
    relate the two entries, the costly ratio is only computed when its upper bounds reach the
    lowest ratio that would (a pair it skips would have been dropped anyway).
    """
    common = len(ta & tb)
    jaccard = common / len(ta | tb) if ta or tb else 1.0
    containment = common / min(len(ta), len(tb)) if ta and tb else 0.0
    small = min(len(ta), len(tb))
    ratio = 0.0
    if containment >= _PREFILTER or jaccard >= _PREFILTER or not (ta and tb):
        floor = 0.5
        if related_only and Likeness(0.0, jaccard, containment, small).kind is None:
            floor = _RELATED_RATIO
        matcher.set_seq1(fa)
        if matcher.real_quick_ratio() >= floor and matcher.quick_ratio() >= floor:
            ratio = matcher.ratio()
    return Likeness(round(ratio, 3), round(jaccard, 3), round(containment, 3), small)


def _fold(text: str) -> str:
    return text[:_COMPARE_CHARS].casefold()


def likeness(a: str, b: str) -> Likeness:
    matcher = SequenceMatcher(None, autojunk=False)
    matcher.set_seq2(_fold(b))
    return _likeness(tokens(a), tokens(b), matcher, _fold(a))


def _pairs(words: Sequence[str]) -> set[str]:
    """Adjacent word pairs: two common words in a row are often rare, so they still find candidates
    in a large file where every single word is too common to."""
    return {f"{a} {b}" for a, b in zip(words, words[1:])}


def _index(keys: list[set[str]] | list[frozenset[str]]) -> dict[str, list[int]]:
    """key -> ascending entry numbers, for the keys that at most ``_BLOCK_MAX`` entries use."""
    posting: dict[str, list[int]] = {}
    for i, entry_keys in enumerate(keys):
        for key in entry_keys:
            posting.setdefault(key, []).append(i)
    return {key: ids for key, ids in posting.items() if len(ids) <= _BLOCK_MAX}


def _share_cut(size: int) -> int:
    """The fewest shared words that are ``_PREFILTER`` (3/10) of ``size``: ceil(3 * size / 10)."""
    return (3 * size + 9) // 10


def _candidates(left: list[frozenset[str]], right: list[frozenset[str]], left_pairs: list[set[str]],
                right_pairs: list[set[str]], same: bool) -> list[list[int]]:
    """Per right entry j, the left entries i (ascending; ``i < j`` when ``same``) worth scoring.

    A pair is worth scoring only when at least ``_PREFILTER`` of the smaller entry's words are
    shared (below that :func:`_likeness` relates nothing), or as large a share of its word pairs.
    Shared words are counted through the index, so in a file of more than ``_BLOCK_MAX``
    entries a word that most entries use is no evidence of likeness. When more than
    ``_MAX_CANDIDATES`` pass (thousands of look-alike entries), those sharing the most words
    are kept. Files of up to ``_BLOCK_MAX`` entries index every word and never reach the
    bound, so there exactly the pairs that all-pairs comparison would score are scored.
    """
    words, pairs = _index(left), _index(left_pairs)
    cut = [_share_cut(len(w)) for w in left]
    out = []
    for j, mine in enumerate(right):
        hits: list[int] = []
        for word in mine:
            ids = words.get(word)
            if ids:
                hits += ids[:bisect_left(ids, j)] if same else ids
        shared = Counter(hits)
        mine_cut = cut[j] if same else _share_cut(len(mine))
        keep = {i for i, n in shared.items() if n >= mine_cut or n >= cut[i]}
        hits = []
        for pair in right_pairs[j]:
            ids = pairs.get(pair)
            if ids:
                hits += ids[:bisect_left(ids, j)] if same else ids
        for i, n in Counter(hits).items():
            shared[i] += n
            if n / min(len(right_pairs[j]), len(left_pairs[i])) >= _PREFILTER:
                keep.add(i)
        if len(keep) > _MAX_CANDIDATES:
            keep = sorted(keep, key=lambda i: (-shared[i], abs(i - j)))[:_MAX_CANDIDATES]
        out.append(sorted(keep))
    return out


def _wordless(left_folded: list[str], right_folded: list[str], left_words: Sequence[Sequence[str]],
              right_words: Sequence[Sequence[str]], same: bool) -> set[tuple[int, int]]:
    """Pairs in which an entry has no content word (only stop words, punctuation): they share no
    key, yet they may be alike. Two such entries always count as alike (equal, empty word sets);
    with one, only the characters can relate them, and only entries of comparable length can
    reach that ratio (2 * shorter / (sum of both) >= 0.6), found by bisecting the lengths."""
    out: set[tuple[int, int]] = set()
    bare_left = [i for i, w in enumerate(left_words) if not w]
    bare_right = [j for j, w in enumerate(right_words) if not w]
    if not bare_left and not bare_right:
        return out
    out.update((i, j) for j in bare_right for i in bare_left if i < j or not same)

    def near(folded: list[str]) -> Callable[[str], list[int]]:
        order = sorted(range(len(folded)), key=lambda k: len(folded[k]))
        lengths = [len(folded[k]) for k in order]
        return lambda text: order[bisect_left(lengths, len(text) * 3 / 7):bisect_right(lengths, len(text) * 7 / 3)]

    near_left, near_right = near(left_folded), near(right_folded)
    out.update((i, j) for j in bare_right for i in near_left(right_folded[j])
               if left_words[i] and (i < j or not same))
    out.update((i, j) for i in bare_left for j in near_right(left_folded[i])
               if right_words[j] and (i < j or not same))
    return out


def _related_pairs(left: Sequence[str], right: Sequence[str], same: bool) -> list[tuple[float, int, int, str]]:
    """(score, i, j, kind) for related pairs; ``same``: left is right, compare each pair once."""
    lw = [_words(t) for t in left]
    rw = lw if same else [_words(t) for t in right]
    lt = [frozenset(w) for w in lw]
    rt = lt if same else [frozenset(w) for w in rw]
    lf = [_fold(t) for t in left]
    rf = lf if same else [_fold(t) for t in right]
    lp = [_pairs(w) for w in lw]
    candidates = _candidates(lt, rt, lp, lp if same else [_pairs(w) for w in rw], same)
    extra = _wordless(lf, rf, lw, rw, same)
    for i, j in extra:
        candidates[j].append(i)
    out = []
    for j, found in enumerate(candidates):
        if not found:
            continue
        matcher = SequenceMatcher(None, autojunk=False)
        matcher.set_seq2(rf[j])
        for i in sorted(set(found)) if extra else found:
            like = _likeness(lt[i], rt[j], matcher, lf[i], related_only=True)
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
            found = "all exist here" if not self.missing else f"{self.missing:,} {'does' if self.missing == 1 else 'do'} not exist here"
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
    mem, usr = list(memory), list(user)
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
    # Removing an entry by its full text always targets that very entry (an exact match wins), so
    # each removal is a dictionary delete and a running total: a hand-written file of thousands of
    # entries gets its plan in linear time, not one full batch replay per step.
    live = dict.fromkeys(work)
    chars, count = sum(map(len, live)), len(live)
    fast = count == len(work)  # else a merge left two equal entries: replay each step in full
    done: set[str] = set()
    for entry, reason in removals:
        used = (chars + len(DELIMITER) * (count - 1) if count else 0) if fast else usage(work)
        if used <= goal:
            break
        if entry in done or entry not in (live if fast else work):
            continue
        done.add(entry)
        if not fast:
            step("remove", reason, [{"action": "remove", "old_text": entry}], (entry,))
            continue
        del live[entry]
        chars, count = chars - len(entry), count - 1
        used = chars + len(DELIMITER) * (count - 1) if count else 0
        steps.append(PlanStep("remove", reason, ({"action": "remove", "old_text": entry},), used,
                              percent(used, limit), (entry,)))
    return Plan(target, threshold, limit, usage(entries), goal, tuple(steps))


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
    placement = [h for h in placement_hints(memory, user) if h.target in targets]
    stale = stale_facts(memory) if "memory" in targets else []
    paths = check_paths(memory) if "memory" in targets else PathCheck()
    tell(0.9, "Making a plan")
    plans, notes = {}, {}
    for t in targets:
        state = files[t]
        if state.error:
            notes[t] = f"{state.filename} cannot be changed safely: {state.error}"
        elif normalize.looks_hand_written(store, t):
            notes[t] = (f"{state.filename} is written by hand (headings or bullets, no §): the agent sees it as "
                        f"{n_entries(len(state.entries))}. Normalise it "
                        "first (hermes-dash normalize), then ask again for merges and a plan.")
        elif state.usage * 100 > state.limit * threshold:
            other_side = [c.entry(t) for c in cross if c.drop_target == t]
            plans[t] = plan(t, state.entries, state.limit, threshold,
                            merges=[m for m in merges if m.target == t],
                            stale=stale if t == "memory" else (), elsewhere=other_side)
    tell(1.0, "Done")
    return Report(files, tuple(merges), tuple(cross), tuple(placement), tuple(stale), plans, notes, paths)


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
