"""The shortest piece of text that picks out each entry for replace / remove.

Typing the whole entry is error-prone and typing too little hits several entries, so the
dashboard suggests, per entry, the shortest run of whole words that no other entry contains
(the agent's matching, ``find``, then targets exactly that entry). Whole words read
better than arbitrary character runs, and a run shorter than ``MIN_CHARS`` (``"go"``, ``"-q"``)
is unique today but is the first to stop being unique when the agent adds an entry, so runs
are at least ``MIN_CHARS`` long (or the whole entry, when that is shorter); punctuation at
either end is trimmed. When every run of words also occurs elsewhere (the
entry is part of a longer one) only the entry's full text is unambiguous: an exact match wins.

Plain Python, bounded work: only the first ``MAX_WORDS`` words of an entry and runs of up to
``MAX_RUN`` words are tried, and the costly uniqueness count only runs for a candidate shorter
than the best so far, so a hand-written megabyte file cannot stall a page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hermes_dash.engine.rules.matching import find

MAX_WORDS = 300
MAX_RUN = 8
MIN_CHARS = 10
_TRIM = " \t\n'\"`()[]{}<>,.;:!?"
_WORD = re.compile(r"\S+")
_SEP = "\x00"


@dataclass(frozen=True)
class Suggestion:
    """``text`` targets entry ``index`` alone; ``whole`` when it is the full entry text.

    ``alone`` is False when no text picks the entry out under the agent's matching in effect:
    it lies inside a longer entry, and the released agent lets no exact match win (then only a
    write pinned to its full text, as the pages make, reaches it)."""

    index: int
    text: str
    whole: bool
    alone: bool = True


def _unique(piece: str, own: str, joined: str) -> bool:
    # Every occurrence in the joined text lies inside this entry: no other entry contains it.
    return joined.count(piece) == own.count(piece)


def shortest_unique(entries: list[str] | tuple[str, ...], index: int) -> Suggestion:
    """The shortest run of whole words that only ``entries[index]`` contains."""
    entries = list(entries)
    own = entries[index]
    joined = _SEP.join(entries)
    words = [m.span() for m in _WORD.finditer(own)][:MAX_WORDS]
    best: str | None = None
    if len(own.strip(_TRIM)) < MIN_CHARS:
        return Suggestion(index, own, True, find(entries, own).target == index)
    for run in range(1, MAX_RUN + 1):
        for start in range(0, len(words) - run + 1):
            piece = own[words[start][0] : words[start + run - 1][1]].strip(_TRIM)
            if len(piece) < MIN_CHARS or (best is not None and len(piece) >= len(best)):
                continue
            if _SEP not in piece and _unique(piece, own, joined):
                best = piece
    if best is not None and find(entries, best).target == index:
        return Suggestion(index, best, best == own)
    return Suggestion(index, own, True, find(entries, own).target == index)


def suggestions(entries: list[str] | tuple[str, ...]) -> list[Suggestion]:
    """:func:`shortest_unique` for every entry, in order."""
    return [shortest_unique(entries, i) for i in range(len(entries))]
