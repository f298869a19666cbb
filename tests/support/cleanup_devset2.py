"""Development set 2: 24 labelled Hermes homes for the clean-up assistant.

Written on 2026-12-01 by an engineer who had not seen the method, its code, docs, benchmark, the
first corpus's data or the test set, so that it shows how other people write. It is a development
set: the method may be tuned on it.

Labelling guide, in short: ``memory``/``user`` are plain entries with no partner. ``same`` pairs
state one fact (``paraphrase``: reworded far; ``overlap``: a short entry whose content sits inside a
longer one; ``cross``: a in MEMORY.md, b in USER.md). ``differ`` pairs read alike but state
different facts, both kept. ``conflict`` pairs give two values of one kind for one subject, b the
newer with a change cue ("now", "since March", "switched to"); ``conflict_uncued`` pairs have no cue.
``remote`` entries name a path on another machine (never missing here); ``gone`` entries name a local
path that no longer exists; ``folders`` are local project folders that do exist.
"""

from __future__ import annotations

import cleanup_devset2_a
import cleanup_devset2_b
import cleanup_devset2_c
import cleanup_devset2_d
from cleanup_corpus import Home

HOMES: tuple[Home, ...] = (
    *cleanup_devset2_a.HOMES,
    *cleanup_devset2_b.HOMES,
    *cleanup_devset2_c.HOMES,
    *cleanup_devset2_d.HOMES,
)
