"""Alike pairs judged: merges within a file, the same fact in both files, contradictions.

Candidate pairs come from :func:`.meaning.similar_pairs`; each is judged by its distinctive
tokens (:func:`.facts.verdict`). Look-alikes (another port, environment, service) are dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from . import contradictions, facts, meaning
from .model import Contradiction, CrossOverlap, Merge
from .placement import placement_of
from .rarity import Rarity
from .text import merge_text
from .values import values

Progress = Callable[[float], object]
FOLD_WORDS = 12  # an entry of at most this many words may be folded into one clause of a longer one
FOLD_AT = 0.55  # the least similarity of meaning of the short entry and that clause
FOLD_FLOOR = 0.45  # ... or this, when every word of the short entry is in the long one
_CLAUSE = re.compile(r"(?<=[.;:!?])\s+|\s*[;(),]\s*|\s+(?:and|but|so|then|with|once|unless|because)\s+")


_ASIDE = re.compile(r"\s*\(([^()]*)\)")


def _clauses(text: str) -> list[str]:
    """The clauses of an entry, an aside in brackets one of its own, and the first clause joined
    to each later one (``Dairy supplier is Trewithen Dairy``, ``... delivering Tuesday``)."""
    asides = _ASIDE.findall(text)
    parts = [c for c in _CLAUSE.split(_ASIDE.sub("", text)) if c and len(c.split()) >= 2]
    joined = [f"{parts[0]} {c}" for c in parts[1:3]] if parts else []
    return parts + joined + [a for a in asides if len(a.split()) >= 2]


#: A rule restated as a person's preference: "Dan prefers to ...", "Ana is strict that ...", "I always ...".
_FRAME = re.compile(
    r"^\s*(?:[A-Z][\w'’-]*|I|She|He|They)\s+(?:always\s+|never\s+|really\s+)?"
    r"(?:wants?|prefers?|likes?|would\s+rather|asks?\s+for|expects?|insists?\s+(?:on|that)|is\s+strict\s+that|"
    r"needs?|hates?|dislikes?|doesn't\s+want|does\s+not\s+want)\s+(?:that\s+|to\s+)?",
)
RESTATED_AT = 0.55  # the least similarity of a preference, its frame left out, and the rule it restates
RESTATED_COVERAGE = 0.4  # below the usual bar, the least share of its words the rule has


def _restated_pairs(left: Sequence[str], right: Sequence[str], same: bool, how: meaning.Method) -> set[tuple[int, int]]:
    """(i, j) where one entry is the other's rule said as what a person wants (``Dan prefers to
    touch the firewall only after school, from 4pm`` / ``Firewall changes are only made after
    16:00``): compared with the frame ("Dan prefers to") left out."""
    out: set[tuple[int, int]] = set()
    sides = [(left, right, False)] + ([] if same else [(right, left, True)])
    for framed_of, others, flipped in sides:
        framed = [(i, _FRAME.sub("", t, count=1)) for i, t in enumerate(framed_of) if _FRAME.match(t)]
        if not framed:
            continue
        found = meaning.similar_pairs([core for _i, core in framed], others, False, RESTATED_AT, how)
        for score, fi, j in found:
            i, core = framed[fi]
            if (same and i == j) or facts.verdict(core, others[j], score, RESTATED_AT, RESTATED_AT) != "same":
                continue
            if score < how.same_at and facts.coverage(core, others[j]) < RESTATED_COVERAGE:
                continue  # "George wants DNA matches kept private" is no restatement of how matches are read
            pair = (j, i) if flipped else (i, j)
            out.add((min(pair), max(pair)) if same else pair)
    return out


_MEASURED = (
    "duration",
    "size",
    "percent",
    "bitrate",
    "decibel",
    "frequency",
    "voltage",
    "current",
    "power",
    "temperature",
    "length",
    "volume",
    "mass",
    "money",
    "time",
    "date",
)
SAME_VALUES_AT = 0.35  # two entries giving the same measured values: the least similarity of meaning


def _same_values_pairs(left: Sequence[str], right: Sequence[str], same: bool) -> set[tuple[int, int]]:
    """(i, j) giving the same measured values, every one (``five millimetres`` / ``5 mm``, ``eight
    in the evening`` / ``20:00``, ``ten thousand pounds`` / ``£10k``): one fact said twice, when
    nothing else they name sets them apart and they read somewhat alike."""

    def key(text: str) -> frozenset[tuple[str, str]]:
        found = {(v.kind, v.value) for v in values(text) if not v.old}
        return frozenset(found) if any(k.startswith(_MEASURED) for k, _v in found) else frozenset()

    groups: dict[frozenset[tuple[str, str]], tuple[list[int], list[int]]] = {}
    for i, text in enumerate(left):
        if k := key(text):
            groups.setdefault(k, ([], []))[0].append(i)
    for j, text in enumerate(right if not same else ()):
        if k := key(text):
            groups.setdefault(k, ([], []))[1].append(j)
    out: set[tuple[int, int]] = set()
    for ls, rs in groups.values():
        rs = ls if same else rs
        if len(ls) * len(rs) > 100:
            continue
        for i in ls:
            for j in rs:
                if (same and j <= i) or contradictions.alike(left[i], right[j]) < SAME_VALUES_AT:
                    continue
                if facts.verdict(left[i], right[j], 1.0) == "same" and _one_subject(left[i], right[j]):
                    out.add((i, j))
    return out


def _one_subject(a: str, b: str) -> bool:
    """What the two say the values are of is one thing: words in common, or alike in meaning once
    the values are left out (``Standup is at 09:30`` is not ``The retro is at 09:30``)."""
    na, nb = facts.normal(a), facts.normal(b)
    return facts.coverage(na, nb) >= 0.3 or contradictions.subjects_alike(a, b) >= contradictions.SUBJECT_ALIKE


def _folded_pairs(left: Sequence[str], right: Sequence[str], same: bool, how: meaning.Method) -> set[tuple[int, int]]:
    """(i, j) where a short entry of one side reads like one clause of a longer entry of the other
    (``Rota is published 6 weeks ahead`` in ``The rota goes out six weeks in advance, on the first
    Monday ...``): whole, the two read little alike, the long one saying much more."""
    out: set[tuple[int, int]] = set()
    sides = [(left, right, False)] + ([] if same else [(right, left, True)])
    for shorts_of, longs_of, flipped in sides:
        shorts = [i for i, t in enumerate(shorts_of) if len(t.split()) <= FOLD_WORDS]
        owners, clauses = [], []
        for j, text in enumerate(longs_of):
            for c in _clauses(text) if len(text.split()) > 4 else ():
                owners.append(j)
                clauses.append(c)
        if not shorts or not clauses:
            continue
        for score, si, cj in meaning.similar_pairs([shorts_of[i] for i in shorts], clauses, False, FOLD_FLOOR, how):
            i, j = shorts[si], owners[cj]
            if (same and i == j) or len(longs_of[j].split()) < 1.5 * len(shorts_of[i].split()):
                continue
            whole = score < FOLD_AT  # less alike: every word of the short one must be in the long one
            if facts.folded(shorts_of[i], longs_of[j], facts.FOLDED_COVERAGE if whole else facts.FOLD_COVERAGE):
                pair = (j, i) if flipped else (i, j)
                out.add((min(pair), max(pair)) if same else pair)
    return out


def _kind(a: str, b: str) -> str:
    if " ".join(a.casefold().split()).strip(".") == " ".join(b.casefold().split()).strip("."):
        return "duplicate"
    sa, _ = facts.tokens(a)
    sb, _ = facts.tokens(b)
    if sa != sb and (sa <= sb or sb <= sa):
        return "overlap"
    return "paraphrase"


def _judged(
    left: Sequence[str],
    right: Sequence[str],
    same: bool,
    how: meaning.Method,
    progress: Progress | None,
    rarity: Rarity,
) -> list[tuple[str, float, int, int]]:
    """(verdict, similarity, i, j): a contradiction by subject and value first (two values are
    never one fact), else the verdict of the distinctive tokens."""
    out = []
    seen = set()
    for score, i, j in meaning.similar_pairs(left, right, same, how.conflict_at, how, progress):
        found = contradictions.judge(left[i], right[j], rarity)
        if found is not None and (not found.undated or score >= contradictions.UNDATED_AT):
            verdict: str | None = "conflict"
        else:
            verdict = facts.verdict(left[i], right[j], score, how.same_at, how.conflict_at)
            verdict = "different" if verdict == "conflict" else verdict  # values apart, subject not one
        if verdict in ("same", "conflict"):
            out.append((verdict, round(score, 3), i, j))
            seen.add((i, j))
    # A short entry folded into one clause of a longer one, the two too little alike whole.
    found_more = _folded_pairs(left, right, same, how) | _restated_pairs(left, right, same, how)
    for i, j in sorted((found_more | _same_values_pairs(left, right, same)) - seen):
        found = contradictions.judge(left[i], right[j], rarity)
        out.append(("conflict" if found is not None and not found.undated else "same", 0.0, i, j))
        seen.add((i, j))
    # Contradictions by value that read too little alike to be paired above.
    out += [("conflict", 0.0, i, j) for i, j in contradictions.pairs(left, right, same, rarity) if (i, j) not in seen]
    out.sort(key=lambda t: -t[1])
    return out


def _contradiction(ta: str, a: str, tb: str, b: str, score: float, rarity: Rarity) -> Contradiction:
    """The pair with the suggested keeper (the newer, when a cue says which) first."""
    found = contradictions.judge(a, b, rarity)
    only_a, only_b = facts.differing(a, b)
    if found is not None:
        only_a, only_b = (
            list(contradictions.said(a, found.kind)) or only_a,
            list(contradictions.said(b, found.kind)) or only_b,
        )
    if found is not None and found.newer == 1:
        ta, a, tb, b = tb, b, ta, a
        only_a, only_b = only_b, only_a
    newer = 0 if found is not None and found.newer is not None else None
    return Contradiction(ta, a, tb, b, score, tuple(only_a), tuple(only_b), newer)


def within(
    target: str, entries: Sequence[str], how: meaning.Method | None = None, progress: Progress | None = None
) -> tuple[list[Merge], list[Contradiction]]:
    """Merges (each entry in at most one, best first) and contradictions in one file."""
    how = how or meaning.method()
    work = list(entries)
    merges: list[Merge] = []
    conflicts: list[Contradiction] = []
    used: set[int] = set()
    rarity = contradictions.pool(work, work, True)
    for verdict, score, i, j in _judged(work, work, True, how, progress, rarity):
        a, b = work[i], work[j]
        if verdict == "conflict":
            conflicts.append(_contradiction(target, a, target, b, score, rarity))
            continue
        if i in used or j in used:
            continue
        used.update((i, j))
        merged = merge_text(a, b)
        keep, drop = (a, b) if len(a) >= len(b) else (b, a)
        merges.append(Merge(target, keep, drop, merged, _kind(a, b), score))
    return merges, conflicts


def across(
    memory: Sequence[str], user: Sequence[str], how: meaning.Method | None = None, progress: Progress | None = None
) -> tuple[list[CrossOverlap], list[Contradiction]]:
    """The same fact in both files (one copy to keep), and values that contradict across them."""
    how = how or meaning.method()
    mem, usr = list(memory), list(user)
    cross, conflicts = [], []
    rarity = contradictions.pool(mem, usr, False)
    for verdict, score, i, j in _judged(mem, usr, False, how, progress, rarity):
        if verdict == "conflict":
            conflicts.append(_contradiction("memory", mem[i], "user", usr[j], score, rarity))
            continue
        merged = merge_text(mem[i], usr[j])
        cross.append(
            CrossOverlap(
                mem[i],
                usr[j],
                merged,
                _kind(mem[i], usr[j]),
                score,
                placement_of(merged) or ("user" if placement_of(usr[j]) == "user" else "memory"),
            )
        )
    cross.sort(key=lambda c: -c.score)
    return cross, conflicts
