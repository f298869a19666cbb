"""Near-duplicate detection: how alike two entries read, found without comparing every pair.

Everything here is deterministic text comparison (difflib ratio, token sets); no language
model. Two entries are alike when their characters or their content words largely agree
(:class:`Likeness`), and :func:`merge_text` folds two alike entries into one text.

Finding related pairs does not compare every pair (hand-written and migrated files reach tens
of thousands of entries, and all pairs grow quadratically). Two entries can only be related
when they share a content word (see :func:`_likeness`), so an inverted index from words, and
from adjacent word pairs, to entries yields the candidate pairs; only those are scored. A key
shared by more than ``BLOCK_MAX`` entries (a word nearly every entry uses) is not used to find
candidates: it would make the work quadratic again while saying little about any two entries.
Files with at most ``BLOCK_MAX`` entries are therefore compared exactly as all pairs would be.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache

_COMPARE_CHARS = 1500
BLOCK_MAX = 50  # entries a word or word pair may be shared by and still propose candidate pairs
_MAX_CANDIDATES = 10  # pairs scored per entry at most (the best by shared keys)
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")

# -- likeness of two entries -------------------------------------------------------------------------------

_STOP = frozenset(
    "a an and are as at be by for from has have in is it its of on or that the this to was were will with".split()
)


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


def _likeness(
    ta: frozenset[str], tb: frozenset[str], matcher: SequenceMatcher[str], fa: str, related_only: bool = False
) -> Likeness:
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
    """key -> ascending entry numbers, for the keys that at most ``BLOCK_MAX`` entries use."""
    posting: dict[str, list[int]] = {}
    for i, entry_keys in enumerate(keys):
        for key in entry_keys:
            posting.setdefault(key, []).append(i)
    return {key: ids for key, ids in posting.items() if len(ids) <= BLOCK_MAX}


def _share_cut(size: int) -> int:
    """The fewest shared words that are ``_PREFILTER`` (3/10) of ``size``: ceil(3 * size / 10)."""
    return (3 * size + 9) // 10


def _candidates(
    left: list[frozenset[str]],
    right: list[frozenset[str]],
    left_pairs: list[set[str]],
    right_pairs: list[set[str]],
    same: bool,
) -> list[list[int]]:
    """Per right entry j, the left entries i (ascending; ``i < j`` when ``same``) worth scoring.

    A pair is worth scoring only when at least ``_PREFILTER`` of the smaller entry's words are
    shared (below that :func:`_likeness` relates nothing), or as large a share of its word pairs.
    Shared words are counted through the index, so in a file of more than ``BLOCK_MAX``
    entries a word that most entries use is no evidence of likeness. When more than
    ``_MAX_CANDIDATES`` pass (thousands of look-alike entries), those sharing the most words
    are kept. Files of up to ``BLOCK_MAX`` entries index every word and never reach the
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
                hits += ids[: bisect_left(ids, j)] if same else ids
        shared = Counter(hits)
        mine_cut = cut[j] if same else _share_cut(len(mine))
        keep = {i for i, n in shared.items() if n >= mine_cut or n >= cut[i]}
        hits = []
        for pair in right_pairs[j]:
            ids = pairs.get(pair)
            if ids:
                hits += ids[: bisect_left(ids, j)] if same else ids
        for i, n in Counter(hits).items():
            shared[i] += n
            if n / min(len(right_pairs[j]), len(left_pairs[i])) >= _PREFILTER:
                keep.add(i)
        if len(keep) > _MAX_CANDIDATES:
            keep = set(sorted(keep, key=lambda i: (-shared[i], abs(i - j)))[:_MAX_CANDIDATES])
        out.append(sorted(keep))
    return out


def _wordless(
    left_folded: list[str],
    right_folded: list[str],
    left_words: Sequence[Sequence[str]],
    right_words: Sequence[Sequence[str]],
    same: bool,
) -> set[tuple[int, int]]:
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
        return lambda text: order[bisect_left(lengths, len(text) * 3 / 7) : bisect_right(lengths, len(text) * 7 / 3)]

    near_left, near_right = near(left_folded), near(right_folded)
    out.update((i, j) for j in bare_right for i in near_left(right_folded[j]) if left_words[i] and (i < j or not same))
    out.update((i, j) for i in bare_left for j in near_right(left_folded[i]) if right_words[j] and (i < j or not same))
    return out


def related_pairs(left: Sequence[str], right: Sequence[str], same: bool) -> list[tuple[float, int, int, str]]:
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
