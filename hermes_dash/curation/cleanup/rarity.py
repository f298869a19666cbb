"""Evidence of one subject from the home itself (docs/cleanup.md#contradictions).

Similarity of meaning cannot tell one subject in two wordings ("the clinic's wholesaler is
Covetrus" / "switched wholesaler to MWI") from two subjects ("large mugs hold 400 ml" / "small
mugs hold 250 ml"): both read alike. The home can say more: a content word that only the two
entries of a pair use names what both are about (``wholesaler``, ``treasurer``, ``hazer``); a
word many entries use says nothing. What sets two things of one sort apart (``large`` /
``small``, ``Strongroom 1`` / ``Strongroom 2``) is read by :mod:`.subjects`, not here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from .subjects import CALENDAR, CUE, LIGHT, STOP, WORD
from .values import PREPOSITIONS, stem

RARE_AT = 2  # a word at most this many entries of the pool use is rare: only the pair itself
SHORTEST = 4  # shorter words ("day", "fee", "ok") are too common in kind to name a subject
#: Parts of the day say when, like weekdays and months: they name no subject.
WHEN = frozenset(stem(w) for w in "morning afternoon evening night lunchtime midday weekday weekend".split())


@lru_cache(maxsize=1 << 14)
def content(text: str) -> frozenset[str]:
    """The entry's content words, stemmed: no stop word, cue, number, day or month."""
    words = (stem(w) for w in WORD.findall(CUE.sub(" ", text)) if w.casefold() not in STOP and not w.isdigit())
    return frozenset(w for w in words if len(w) >= SHORTEST and w not in LIGHT and w not in CALENDAR)


@dataclass(frozen=True)
class Rarity:
    """How many entries of one pool (a file, or both files) use each content word."""

    counts: Counter[str]

    def rare(self, shared: Iterable[str]) -> frozenset[str]:
        """Those of ``shared`` (the subject words two entries share, values left out) that no
        other entry of the pool uses."""
        return frozenset(
            w
            for w in shared
            if len(w) >= SHORTEST and w not in WHEN and w not in PREPOSITIONS and self.counts[w] <= RARE_AT
        )


def of(texts: Iterable[str]) -> Rarity:
    """The rarity of each content word over ``texts`` (each entry counted once per word)."""
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(content(text))
    return Rarity(counts)
