"""Similarity of meaning: entries as vectors, alike pairs found without scoring each pair by hand.

The method (chosen on the labelled corpus, docs/cleanup.md#method) is WordLlama: static word
embeddings averaged per entry, numpy only, its weights and tokenizer inside the wheel. It is
loaded from the installed package folder with downloads turned off, so nothing reaches the
network, once per process (:func:`model`; :func:`load_seconds` says what it cost). When the
package is not installed, a model-free method on character n-grams takes its place (weaker on
paraphrases, see the benchmark) and :func:`method` names it, so a page can say which it used.

Pairs come from one matrix product of unit vectors per block of rows, keeping each entry's best
``NEIGHBOURS`` above a floor: linear in pairs kept, and 20,000 entries take seconds.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

NEIGHBOURS = 8  # alike entries kept per entry at most
LARGE = 5000  # past this many entries, half as many neighbours are kept (a migrated file of look-alikes)
BLOCK = 1024  # rows per matrix product (bounds memory: BLOCK x n floats)
NGRAM_DIM = 1 << 14
EMBED_CHARS = 1500


@dataclass(frozen=True)
class Method:
    name: str
    same_at: float  # similarity at which agreeing entries state one fact (facts.verdict)
    conflict_at: float
    embed: Callable[[Sequence[str]], Any]  # texts -> unit vectors (n x d float32)


_load: dict[str, float] = {}


@lru_cache(maxsize=1)
def _wordllama() -> Any:
    """The WordLlama model, loaded offline from its own package folder (None when not installed)."""
    try:
        import wordllama
        from wordllama import WordLlama
    except ImportError:
        return None
    started = time.perf_counter()
    # The wheel keeps its tokenizer under tokenizers/ beside the weights; the default look-up
    # searches a cache folder and then the network. Pointed at the package, with downloads off,
    # it reads only the installed files.
    model = WordLlama.load(cache_dir=os.path.dirname(wordllama.__file__), disable_download=True)
    _load["wordllama"] = time.perf_counter() - started
    return model


def _embed_wordllama(texts: Sequence[str]) -> Any:
    model = _wordllama()
    if not texts:
        return np.zeros((0, 1), dtype=np.float32)
    # The start of an entry says what it is about; a hand-written megabyte need not be read whole.
    return np.asarray(model.embed([t[:EMBED_CHARS] for t in texts], norm=True), dtype=np.float32)


_GRAM = re.compile(r"\s+")


def embed_ngrams(texts: Sequence[str]) -> Any:
    """Model-free vectors: character 3- to 5-grams hashed into NGRAM_DIM buckets, weighted by
    inverse document frequency within ``texts``, unit length."""
    rows: list[dict[int, float]] = []
    df: dict[int, int] = {}
    for text in texts:
        folded = " " + _GRAM.sub(" ", text[:2000].casefold()) + " "
        counts: dict[int, float] = {}
        for n in (3, 4, 5):
            for i in range(len(folded) - n + 1):
                h = int.from_bytes(hashlib.blake2b(folded[i : i + n].encode(), digest_size=4).digest(), "little")
                counts[h % NGRAM_DIM] = counts.get(h % NGRAM_DIM, 0) + 1
        rows.append(counts)
        for h in counts:
            df[h] = df.get(h, 0) + 1
    out = np.zeros((len(texts), NGRAM_DIM), dtype=np.float32)
    total = len(texts)
    for r, counts in enumerate(rows):
        for h, c in counts.items():
            out[r, h] = (1 + np.log(c)) * (np.log((total + 1) / (df[h] + 1)) + 1)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return out / np.where(norms == 0, 1, norms)


WORDLLAMA = Method("WordLlama (l2_supercat, 256 dimensions)", 0.6, 0.45, _embed_wordllama)
NGRAMS = Method("character 3-5-grams, tf-idf cosine (no model)", 0.3, 0.25, embed_ngrams)


def method() -> Method:
    """The method in use: WordLlama when installed, else character n-grams."""
    return WORDLLAMA if _wordllama() is not None else NGRAMS


def load_seconds() -> float:
    """Seconds the model took to load in this process (0 before it is loaded, or without one)."""
    return _load.get("wordllama", 0.0)


def similar_pairs(
    left: Sequence[str],
    right: Sequence[str],
    same: bool,
    floor: float,
    how: Method | None = None,
    progress: Callable[[float], object] | None = None,
) -> list[tuple[float, int, int]]:
    """(similarity, i, j) for each left entry i and right entry j at least ``floor`` alike, each
    entry's best NEIGHBOURS only; ``same``: left is right, each pair once with i < j."""
    how = how or method()
    if not left or not right:
        return []
    lv = how.embed(left)
    rv = lv if same else how.embed(right)
    out: dict[tuple[int, int], float] = {}
    k = NEIGHBOURS if len(right) <= LARGE else NEIGHBOURS // 2
    for start in range(0, len(left), BLOCK):
        block = lv[start : start + BLOCK] @ rv.T
        if same:
            rows = np.arange(block.shape[0])
            block[rows, rows + start] = -1.0  # an entry is not its own pair
        # Each row's best k scores at or above the floor: when few pass, a sort of those; when
        # many do (thousands of look-alike entries), a partition of each row first.
        if k < block.shape[1] and np.count_nonzero(block >= floor) > 8 * k * block.shape[0]:
            cols = np.argpartition(-block, k - 1, axis=1)[:, :k]
            r = np.repeat(np.arange(block.shape[0]), k)
            c = cols.ravel()
            passed = block[r, c] >= floor
            r, c = r[passed], c[passed]
        else:
            r, c = np.nonzero(block >= floor)
        scores = block[r, c]
        order = np.lexsort((-scores, r))
        r, c, scores = r[order], c[order], scores[order]
        first = np.searchsorted(r, r, side="left")
        keep = (np.arange(len(r)) - first) < k
        for row, col, score in zip((r[keep] + start).tolist(), c[keep].tolist(), scores[keep].tolist()):
            pair = (min(row, col), max(row, col)) if same else (row, col)
            if score > out.get(pair, -1.0):
                out[pair] = score
        if progress is not None:
            progress(min(1.0, (start + BLOCK) / len(left)))
    return sorted(((s, i, j) for (i, j), s in out.items()), key=lambda t: (-t[0], t[1], t[2]))
